"""Issue 27, point 14: what players reported seeing on screen, through the
window's own intents and keys: Esc on the round's summary, Enter after a hint
that is not a card, quitting from the title, the partnerships on New game, and
the entry the title highlights."""

from __future__ import annotations

from window_helpers import new_table, play_to_summary, tick

from tute_desktop.app import App
from tute_desktop.ui import intents as I
from tute_desktop.ui.pause import PauseScene
from tute_desktop.ui.scenes import SummaryScene


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
    assert isinstance(app.top, type(table)) and len(table.match.rounds) == rounds + 1
    assert not isinstance(app.top, SummaryScene)
