"""Hot-seat play: several people at one screen. Every frame drawn is checked:
no face-up card may lie in a hand other than the confirmed person's (declared
cards raised for everyone to see excepted), and a privacy screen stands between
two different people's turns."""

from __future__ import annotations

import monkey  # benchmarks/monkey.py
import pytest
from window_helpers import press

from tute_desktop.app import App
from tute_desktop.match import Match, Seat
from tute_desktop.ui import intents as I
from tute_desktop.ui.menus import seat_names
from tute_desktop.ui.scenes import NewGameScene, PrivacyScene, SummaryScene
from tute_desktop.ui.table import TableScene


def hidden_cards_shown(table: TableScene) -> list[tuple[int, int]]:
    """(seat, card) for every card drawn face up in a hand that is not the
    confirmed person's; declared cards, raised for all to see, and parejas'
    turned-up trump are public (the monkey's own check)."""
    leaks = monkey.hand_leaks(table)
    if table.hint_card is not None:
        assert table.hint_card in table.board.hands[table.confirmed or 0]
    return leaks


def watch_every_frame(app: App, table: TableScene, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Check the table before every frame is drawn; returns the frame counter."""
    frames = [0]
    draw = app.draw_frame

    def checked_draw() -> None:
        frames[0] += 1
        assert hidden_cards_shown(table) == [], f"frame {frames[0]}"
        if isinstance(app.top, PrivacyScene):
            assert table.confirmed is None and not table.face_up_seats
        draw()

    monkeypatch.setattr(app, "draw_frame", checked_draw)
    return frames


def tick(app: App, dt: float = 0.1) -> None:
    assert app.top is not None
    app.top.update(dt)
    app.draw_frame()


def play_round(app: App, table: TableScene, *, hints: bool = False) -> tuple[int, list[int]]:
    """Play until the round's summary: people confirm the privacy screen and play
    their first legal card (or press the last special button). Returns how many
    privacy screens were shown and who acted, in order."""
    screens = 0
    actors: list[int] = []
    for _ in range(6000):
        top = app.top
        if isinstance(top, SummaryScene):
            return screens, actors
        if isinstance(top, PrivacyScene):
            assert top.seat == table.match.to_act
            screens += 1
            tick(app)
            app.dispatch(I.Intent(I.CONFIRM))
            assert table.confirmed == top.seat
            continue
        if top is table and table.human_turn():
            seat = table.match.to_act
            assert seat == table.confirmed == table.perspective
            actors.append(seat)
            if hints and len(actors) % 3 == 0:
                press(app, "hint")
                tick(app)
            acts = table.match.state.legal_actions()
            plays = [a for a in acts if a.kind == "play"]
            if plays:
                mask = table.match.state.legal_play_mask()
                index = next(i for i, c in enumerate(table.my_hand()) if mask >> c & 1)
                app.dispatch(I.Intent(I.NUMBER, value=index + 1))
            else:
                keyed = [b for b in table.actions.buttons if b.key]  # not the "?"
                app.dispatch(I.Intent(I.KEY, char=keyed[-1].key))
        tick(app)
    raise AssertionError("the round never ended")


HOT_SEATS = {
    "habanero": [Seat("Ana"), Seat("Luis")],
    "corriente": [Seat("Ana"), Seat("Luis")],
    "boricua": [Seat("Ana"), Seat("Luis")],
    "tres": [Seat("Ana"), Seat("Bot", "random"), Seat("Luis")],
    # Partners Ana and Carmen, opponents Luis and a bot.
    "parejas": [Seat("Ana"), Seat("Luis"), Seat("Carmen"), Seat("Bot", "random")],
}


@pytest.mark.parametrize("variant", list(HOT_SEATS))
def test_hot_seat_round_never_shows_a_hand_to_the_wrong_person(
        app: App, variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    table = TableScene(app, Match(variant, HOT_SEATS[variant], seed=7))
    app.reset_to(table)
    frames = watch_every_frame(app, table, monkeypatch)
    screens, actors = play_round(app, table, hints=True)
    assert frames[0] > 50
    # Every change of person went through the privacy screen, and only then.
    changes = 1 + sum(1 for a, b in zip(actors, actors[1:], strict=False) if a != b)
    assert screens == changes
    # The summary is for everyone: no hand is left face up behind it.
    assert table.confirmed is None
    tick(app)
    app.dispatch(I.Intent(I.CONFIRM))
    if table.match.state.phase == "play":  # the next deal starts hidden too
        for _ in range(30):
            tick(app)
            if isinstance(app.top, PrivacyScene):
                break
        assert table.confirmed is None or table.match.to_act == table.confirmed


def test_partners_never_see_each_others_hands(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    seats = [Seat("Ana"), Seat("Bot 1", "random"), Seat("Carmen"), Seat("Bot 2", "random")]
    table = TableScene(app, Match("parejas", seats, seed=3))
    app.reset_to(table)
    watch_every_frame(app, table, monkeypatch)
    screens, actors = play_round(app, table)
    assert set(actors) == {0, 2} and screens >= 2


def test_one_person_sees_no_privacy_screen(app: App) -> None:
    table = TableScene(app, Match("tres", [Seat("Ana"), Seat("B1", "random"),
                                           Seat("B2", "random")], seed=2))
    app.reset_to(table)
    screens, actors = play_round(app, table)
    assert screens == 0 and set(actors) == {0}
    assert table.face_up_seats == {0}


def test_privacy_screen_hides_hands_and_esc_leaves_with_a_save(app: App) -> None:
    table = TableScene(app, Match("habanero", [Seat("Ana"), Seat("Luis")], seed=4))
    app.reset_to(table)
    for _ in range(40):
        tick(app)
        if isinstance(app.top, PrivacyScene):
            break
    scene = app.top
    assert isinstance(scene, PrivacyScene)
    assert scene.name in ("Ana", "Luis")
    assert not any(s.face_up for c, s in table.sprites.items()
                   if any(c in h for h in table.board.hands))
    app.dispatch(I.Intent(I.BACK))
    assert app.save_slot.exists()


def test_a_click_anywhere_on_the_privacy_screen_shows_that_persons_hand(app: App) -> None:
    table = TableScene(app, Match("corriente", [Seat("Ana"), Seat("Luis")], seed=9))
    app.reset_to(table)
    for _ in range(40):
        tick(app)
        if isinstance(app.top, PrivacyScene):
            break
    seat = app.top.seat  # type: ignore[union-attr]
    app.dispatch(I.Intent(I.PRESS, pos=(5, 5)))
    app.dispatch(I.Intent(I.RELEASE, pos=(5, 5)))
    assert app.top is table and table.confirmed == seat == table.perspective
    assert table.face_up_seats == {seat}


def test_new_game_names_each_person_by_keyboard(app: App) -> None:
    scene = NewGameScene(app)
    app.reset_to(scene)
    app.dispatch(I.Intent(I.DOWN))  # seat 1: a person; letters write the name
    for _ in range(10):
        app.dispatch(I.Intent(I.ERASE))
    for ch in "Eva":
        app.dispatch(I.Intent(I.KEY, char=ch.lower()))  # shortcuts do nothing here
        app.dispatch(I.Intent(I.TEXT, char=ch))
    app.dispatch(I.Intent(I.DOWN))  # seat 2: a bot; ← ← ← makes it a person
    for _ in range(3):
        app.dispatch(I.Intent(I.LEFT))
    assert scene.levels[1] is None
    app.dispatch(I.Intent(I.ERASE))
    app.dispatch(I.Intent(I.TEXT, char="x"))
    app.draw_frame()
    app.dispatch(I.Intent(I.CONFIRM))
    table = app.top
    assert isinstance(table, TableScene)
    assert [s.name for s in table.match.seats] == ["Eva", "Luix"]
    assert table.hot_seat and table.confirmed is None


def test_person_names_are_never_blank_or_shared() -> None:
    def names(typed: list[str], people: list[bool], generic: str = "") -> list[str]:
        levels = [None if p else "easy" for p in people]
        return seat_names(typed, levels, generic, lambda level, n: f"Bot {n}").names

    assert names(["Ana", " ", "Eva", ""], [True, True, True, False]) == [
        "Ana", "Luis", "Eva", "Bot 4"]
    # "You" names nobody once two people share the screen.
    assert names(["You", "Eva"], [True, True], "You") == ["Ana", "Eva"]
    assert names(["You", ""], [True, False], "You") == ["You", "Bot 2"]


def test_the_seat_rows_say_the_names_the_table_will_use(app: App) -> None:
    """With two people "You" gives way to a name: the row says it before Start."""
    scene = NewGameScene(app)
    app.reset_to(scene)
    scene.levels = [None, None, "medium", "medium"]
    scene.layout(app.size)
    shown = [label for label, _, _ in scene.rows[1:3]]
    scene.start()
    table = app.top
    assert isinstance(table, TableScene)
    for label, seat in zip(shown, table.match.seats, strict=True):
        assert label.endswith(seat.name)
