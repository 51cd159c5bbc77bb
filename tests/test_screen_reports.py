"""Issue 27, point 14: what players reported seeing on screen, through the
window's own intents and keys: Esc on the round's summary, Enter after a hint
that is not a card, quitting from the title, the partnerships on New game, and
the entry the title highlights."""

from __future__ import annotations

import pygame
from window_helpers import new_table, on_title, play_to_summary, tick

from tute_desktop.app import App
from tute_desktop.ui import intents as I
from tute_desktop.ui.pause import PauseScene
from tute_desktop.ui.scenes import SummaryScene, TitleScene
from tute_desktop.ui.table import TableScene


# ---------------------------------------------------------------------- a. the summary's Esc
def test_esc_on_the_summary_opens_the_menu_and_deals_nothing(app: App) -> None:
    table = new_table(app, "habanero", seed=4)
    summary = play_to_summary(app, table)
    rounds = len(table.match.rounds)
    app.dispatch(I.Intent(I.BACK))
    menu = app.top
    assert isinstance(menu, PauseScene) and menu.table is table
    assert app.stack == [table, summary, menu]
    tick(app, 50)  # five seconds under the menu: nothing is dealt
    assert len(table.match.rounds) == rounds
    app.dispatch(I.Intent(I.BACK))  # the menu's Continue: back on the summary
    assert app.top is summary and len(table.match.rounds) == rounds
    app.dispatch(I.Intent(I.CONFIRM))  # Enter deals on
    assert isinstance(app.top, TableScene) and len(table.match.rounds) == rounds + 1
    assert not isinstance(app.top, SummaryScene)


# ---------------------------------------------------------------------- e. the title's highlight
def _highlighted(title: TitleScene) -> list[str]:
    """The labels of the title's buttons drawn highlighted (focused or under the pointer)."""
    return [b.label for i, b in enumerate(title.buttons.buttons) if b.hot or i == title.focus]


def _motion(pos: tuple[int, int], rel: tuple[int, int]) -> list[I.Intent]:
    return I.to_intents(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel,
                                           buttons=(0, 0, 0), touch=False))


def test_a_restart_with_a_saved_match_highlights_continue(app: App) -> None:
    """The window opens under a pointer resting on "Learn to play": SDL reports
    the pointer's place as a motion of (0, 0), which is not the player pointing;
    Continue stays the highlighted entry. A real move still points."""
    new_table(app, "habanero", seed=4)  # a saved match
    app.nav.close_all()
    assert app.save_slot.exists()
    title = on_title(app)
    assert _highlighted(title) == [app.tr("continue")]
    learn = next(b for b in title.buttons.buttons if b.label == app.tr("learn"))
    for intent in _motion(learn.rect.center, (0, 0)):
        app.dispatch(intent)
    assert _highlighted(title) == [app.tr("continue")]
    app.dispatch(I.Intent(I.CONFIRM))  # Enter does what is highlighted
    assert isinstance(app.top, TableScene)
    title = on_title(app)
    for intent in _motion(learn.rect.center, (3, -2)):
        app.dispatch(intent)
    assert _highlighted(title) == [app.tr("learn")]
