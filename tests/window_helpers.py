"""Helpers for tests that look at what the window draws."""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import replace

import pygame
import pytest

from tute_desktop.app import App, parse_args
from tute_desktop.bots import Budget
from tute_desktop.engine.rules import OPTIONS, VARIANTS
from tute_desktop.game.match import Match, Seat
from tute_desktop.ui import intents as I
from tute_desktop.ui.gfx import Canvas, TextLike
from tute_desktop.ui.menus import DECIDED_ENTER_AFTER
from tute_desktop.ui.scene import Scene
from tute_desktop.ui.scenes import NewGameScene, SummaryScene, TitleScene
from tute_desktop.ui.services import Thinking
from tute_desktop.ui.table import InlineExecutor, TableScene, picture
from tute_desktop.ui.table.describe import Box, Words
from tute_desktop.ui.table.picture import Shapes


def inline_app(*argv: str, bot_budget: Budget | None = None) -> App:
    """A game window (headless) whose bots and hints think on the calling
    thread, at fixed numbers of worlds (``bot_budget``: the levels' own when
    None), and whose card faces are made ahead on it too, so a test that plays
    frames never waits on another process's or thread's speed.
    Every App a test plays with comes from here (the ``app`` fixture too)."""
    a = App(parse_args(["--speed", "4", *argv]))
    a.thinking = Thinking(executor=InlineExecutor, hint_budget=Budget(iterations=40),
                          bot_budget=bot_budget or Budget())
    a.resources.ahead = None  # card faces made ahead at once, frame by frame
    return a


def sized(app: App, size: tuple[int, int], lang: str = "en",
          text_size: str = "normal") -> None:
    """The window at ``size``, in ``lang`` and ``text_size``, as a player's resize
    leaves it."""
    app.set_settings(replace(app.settings, language=lang, text_size=text_size))
    app.set_window_size(size)
    app.dispatch(I.Intent(I.RESIZE, size=size))


def named_seats(app: App, n: int, level: str = "medium") -> list[Seat]:
    """The seats as New match names them: "You" and the bots by level."""
    return [Seat(app.tr("you"))] + [
        Seat(app.tr("bot_seat", n=i, level=app.tr(f"level_{level}")), level)
        for i in range(1, n)]


def each_option_row(app: App, lang: str) -> Iterator[tuple[NewGameScene, str]]:
    """New match in ``lang``, each rule set in turn (the first row's arrow), each
    house-rule row focused: the scene and the option's name."""
    app.settings = app.settings.with_(language=lang)
    on_title(app)
    app.nav.push("new_game")
    scene = app.top
    assert isinstance(scene, NewGameScene)
    for _ in VARIANTS:
        first = 1 + scene._players()
        for k, name in enumerate(OPTIONS[scene.variant]):
            scene.focus = first + k
            yield scene, name
        scene.focus = 0
        app.dispatch(I.Intent(I.RIGHT))


def on_title(app: App) -> TitleScene:
    """Start the window over at the title screen and return it."""
    title = TitleScene(app)
    app.reset_to(title)
    return title


def opened_from_title(app: App, lang: str, name: str) -> Scene:
    """The scene ``name`` opened over the title, the game in ``lang``."""
    app.set_settings(app.settings.with_(language=lang))
    on_title(app)
    app.nav.push(name)
    top = app.top
    assert top is not None
    return top


def press(app: App, key: str) -> None:
    """Press the letter the catalog gives ``key.<key>`` in the player's language."""
    app.dispatch(I.Intent(I.KEY, char=app.tr(f"key.{key}")))


def drawn_texts(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Draw a frame and return every text drawn in it: the words drawn on their
    own, and those painted inside a picture of a plate, panel or button (kept
    as a texture, so rendered only when first made: read from what is painted)."""
    seen: list[str] = []
    real = app.text.draw
    real_group = picture.paint_group

    def spy(target: pygame.Surface, text: str, *args: object, **kwargs: object) -> pygame.Rect:
        seen.append(text)
        return real(target, text, *args, **kwargs)  # type: ignore[arg-type]

    def group_spy(canvas: Canvas, text: TextLike, key: Hashable, box: Box, shapes: Shapes,
                  words: Sequence[Words] = ()) -> None:
        seen.extend(w.words for w in words if w.words)
        real_group(canvas, text, key, box, shapes, words)

    monkeypatch.setattr(app.text, "draw", spy)
    monkeypatch.setattr(picture, "paint_group", group_spy)
    app.draw_frame()
    monkeypatch.setattr(app.text, "draw", real)
    monkeypatch.setattr(picture, "paint_group", real_group)
    return seen


def words_with_places(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, pygame.Rect]]:
    """From now on, every text drawn on its own (``Text.draw``) and where: a
    list that fills as frames are drawn (clear it between them)."""
    from tute_desktop.ui.widgets import Text

    drawn: list[tuple[str, pygame.Rect]] = []
    real = Text.draw

    def record(self: Text, target: object, text: str, *args: object, **kw: object) -> pygame.Rect:
        rect = real(self, target, text, *args, **kw)  # type: ignore[arg-type]
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(Text, "draw", record)
    return drawn


def play_to_summary(app: App, table: TableScene) -> SummaryScene:
    """The person at ``table`` plays its first legal action whenever it is their
    turn, a tenth of a second a frame, until the round's summary shows."""
    for _ in range(3000):
        if isinstance(app.top, SummaryScene):
            return app.top
        if table.human_turn():
            table.act(table.match.state.legal_actions()[0])
        app.top.update(0.1)
        app.draw_frame()
    raise AssertionError("the round never reached its summary")


def enter_ready(app: App) -> None:
    """Let the top scene show as long as a round's summary or a match's end
    waits before Enter acts (``menus.ENTER_AFTER``; ``DECIDED_ENTER_AFTER``
    where a game was won), or a privacy screen waits in quiet
    (``scenes.PRIVACY_QUIET``)."""
    from tute_desktop.ui.scenes import PRIVACY_QUIET, PrivacyScene

    top = app.top
    assert top is not None
    top.update(PRIVACY_QUIET if isinstance(top, PrivacyScene) else DECIDED_ENTER_AFTER)


def show_hand(app: App) -> None:
    """On a privacy screen, a quiet moment, then its own key (not Enter, which
    plays cards at the table and does not show a hand there: nc81)."""
    from tute_desktop.ui.scenes import PrivacyScene

    assert isinstance(app.top, PrivacyScene)
    enter_ready(app)
    app.dispatch(I.Intent(I.KEY, char=app.tr("key.privacy_show")))


def tick(app: App, n: int = 1, dt: float = 0.1) -> None:
    """Advance the top scene by ``n`` frames of ``dt`` seconds and draw each."""
    for _ in range(n):
        top = app.top
        assert top is not None
        top.update(dt)
        app.draw_frame()


def play_first(app: App, table: TableScene) -> None:
    """One frame of 0.05 s after the person, if it is their turn, plays their
    first legal card (or does their first legal action)."""
    if table.human_turn():
        st = table.match.state
        table.act(next((a for a in st.legal_actions() if a.kind == "play"),
                       st.legal_actions()[0]))
    tick(app, 1, 0.05)


def settle(app: App, table: TableScene, limit: int = 400) -> None:
    """Run frames until the person must act or the round is over."""
    for _ in range(limit):
        if app.top is not table or table.human_turn():
            return
        tick(app)
    raise AssertionError("the table never settled")


def new_table(app: App, variant: str, seed: int = 1, level: str = "random") -> TableScene:
    n = VARIANTS[variant].players
    seats = [Seat("Ana")] + [Seat(f"Bot {i}", level) for i in range(1, n)]
    table = TableScene(app, Match(variant, seats, seed=seed))
    app.reset_to(table)
    return table


def visible_point(table: TableScene, card: int) -> tuple[int, int]:
    """A point of ``card`` that no neighbour in the hand covers (its left edge)."""
    s = table.sprites[card]
    return (int(s.x - table.geo.card_w * 0.42), int(s.y))


def subastado_in_play(bidder: int, names: Sequence[str] = ("Ana", "B1", "B2"),
                      seed: int = 3) -> Match:
    """A subastado round just after trump (coins) is named: ``bidder`` bid the
    lowest bid, the others passed (RULES §12); the first seat a person, the
    others random bots."""
    match = Match("subastado", [Seat(names[0]), Seat(names[1], "random"),
                                Seat(names[2], "random")], seed=seed)
    bid_by(match, bidder)
    return match


def bid_by(match: Match, bidder: int, bid: int | None = None) -> None:
    """subastado's auction (§12) played so that ``bidder`` bids ``bid`` (None:
    the lowest allowed), the others pass, and coins are named trump."""
    from tute_desktop.engine import Action
    from tute_desktop.engine.events import Ask

    st = match.state
    while st.auction is not None and st.auction.trump < 0:
        if st.ask is Ask.TRUMP:
            match.apply(Action.parse("trump o"))
        elif st.to_act == bidder:
            match.apply(Action.parse(f"bid {bid or st.auction.lowest_bid(st.rules)}"))
        else:
            match.apply(Action.parse("pass"))
