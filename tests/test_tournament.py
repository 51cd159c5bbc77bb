"""Tournaments (RULES §10.4): the draw, byes, results moving through the
bracket, saving; and in the window a whole bot tournament watched with every
hand face down, and a tournament saved and continued halfway."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from window_helpers import enter_ready, inline_app, on_title, press, show_hand

from tute_desktop.app import App
from tute_desktop.game.match import Match
from tute_desktop.game.tournament import (
    KIND,
    Participant,
    Tournament,
    bracket_size,
    load_tournament,
    save_tournament,
    tournament_path,
    tournament_saved,
)
from tute_desktop.ui import intents as I
from tute_desktop.ui.scenes import PrivacyScene, SummaryScene, TitleScene
from tute_desktop.ui.table import TableScene
from tute_desktop.ui.tournament import BracketScene, TournamentSetupScene


def people(n: int, level: str | None = "random") -> list[Participant]:
    return [Participant(f"P{i}", level) for i in range(n)]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_the_draw_seats_everyone_once_with_byes_where_needed_10_4(n: int) -> None:
    for seed in range(20):
        t = Tournament.draw(people(n), seed)
        size = bracket_size(n)
        first = t.rounds[0]
        assert len(first) == size // 2
        seated = [i for p in first for i in p.players]
        assert sorted(seated) == list(range(n))
        byes = [k for k in range(len(first)) if t.is_bye(0, k)]
        assert len(byes) == size - n
        assert all(first[k].winner == first[k].a for k in byes)  # a bye goes through
        assert all(len(p.players) >= 1 for p in first)  # never two byes together
        assert len(t.rounds) == size.bit_length() - 1


def test_the_draw_is_random_but_fixed_by_its_seed() -> None:
    orders = {tuple(i for p in Tournament.draw(people(6), s).rounds[0] for i in p.players)
              for s in range(30)}
    assert len(orders) > 10
    a, b = Tournament.draw(people(5), 42), Tournament.draw(people(5), 42)
    assert a.to_json() == b.to_json()


def test_winners_move_on_until_a_champion() -> None:
    t = Tournament.draw(people(5), 3)
    played = []
    while (nxt := t.next_match()) is not None:
        r, k = nxt
        p = t.rounds[r][k]
        with pytest.raises(ValueError):
            t.record(r, k, 99, (101, 40))
        t.record(r, k, p.b, (60, 101))
        played.append(nxt)
        with pytest.raises(ValueError):
            t.record(r, k, p.b, (60, 101))
    assert t.is_over and t.champion is not None
    assert t.played() == 4 == len(played)  # 5 players: 4 matches decide it
    final = t.rounds[-1][0]
    assert final.winner == final.b and final.score == (60, 101)


def test_participants_are_2_to_6_with_names_of_their_own() -> None:
    for bad in (people(1), people(7), [Participant("Ana"), Participant("ana", "easy")],
                [Participant(" "), Participant("Luis")]):
        with pytest.raises(ValueError):
            Tournament.draw(bad, 1)


def test_a_match_is_boricua_one_against_one_from_the_pairing() -> None:
    t = Tournament.draw([Participant("Ana"), Participant("Bot", "easy")], 5)
    m = t.new_match(0, 0)
    assert m.variant == "boricua"
    p = t.rounds[0][0]
    assert [s.name for s in m.seats] == [t.name(p.a), t.name(p.b)]
    assert t.new_match(0, 0).seed == m.seed  # the same match for the same tournament


def test_a_tournament_round_trips_through_its_file(tmp_path: Path) -> None:
    t = Tournament.draw(people(6, None), 8, speed=4.0)
    r, k = t.next_match()  # type: ignore[misc]
    t.record(r, k, t.rounds[r][k].a, (101, 77))  # type: ignore[arg-type]
    t.current = t.new_match(*t.next_match()).to_json()  # type: ignore[misc]
    path = tmp_path / "t.json"
    save_tournament(t, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["kind"] == KIND and data["schema"] == 1
    again, problem = load_tournament(path)
    assert problem is None and again is not None
    assert again.to_json() == t.to_json()
    assert Match.from_json(again.current).seed == Match.from_json(t.current).seed


def test_a_broken_tournament_file_is_reported_and_moved_aside(tmp_path: Path) -> None:
    t = Tournament.draw(people(3), 1)
    data = t.to_json()
    data["rounds"][0][0]["winner"] = 5
    path = tmp_path / "t.json"
    from tute_desktop.game.persist import dump_versioned, write_json_atomic

    write_json_atomic(path, dump_versioned(KIND, 1, data))
    again, problem = load_tournament(path)
    assert again is None and problem and not path.exists()


# ---------------------------------------------------------------------- the window


def no_hand_face_up(app: App) -> None:
    """Spectators see every hand face down (declared cards excepted)."""
    for scene in app.stack:
        if isinstance(scene, TableScene) and scene.spectate:
            for s in scene.sprites.values():
                if s.face_up and s.target is not None and s.card not in scene.board.raised:
                    assert not any(s.card in h for h in scene.board.hands)


def run(app: App, until, limit: int = 20000) -> int:  # type: ignore[no-untyped-def]
    """Frames of 0.1 s, each checked and drawn, until ``until()`` holds."""
    for frame in range(limit):
        if until():
            return frame
        top = app.top
        assert top is not None
        if isinstance(top, PrivacyScene):
            show_hand(app)
            continue
        if isinstance(top, SummaryScene) and top.table.match.humans():
            enter_ready(app)  # (Enter waits a second on a summary)
            app.dispatch(I.Intent(I.CONFIRM))
            continue
        if isinstance(top, TableScene) and top.human_turn():
            top.act(top.match.state.legal_actions()[0])
        top.update(0.1)
        no_hand_face_up(app)
        app.draw_frame()
    raise AssertionError("never got there")


def setup_bots(app: App, count: int) -> TournamentSetupScene:
    """Through the title screen and the setup, by keyboard: ``count`` random bots."""
    on_title(app)
    press(app, "tournament")
    setup = app.top
    assert isinstance(setup, TournamentSetupScene)
    while setup.count > count:
        app.dispatch(I.Intent(I.LEFT))
    while setup.count < count:
        app.dispatch(I.Intent(I.RIGHT))
    for i in range(count):
        app.dispatch(I.Intent(I.DOWN))
        while setup.levels[i] != "random":
            app.dispatch(I.Intent(I.RIGHT))
    app.dispatch(I.Intent(I.DOWN))  # speed: ×2 → ×8
    app.dispatch(I.Intent(I.RIGHT))
    app.dispatch(I.Intent(I.RIGHT))
    assert setup.speed == 8.0
    app.draw_frame()
    return setup


def test_a_whole_three_bot_tournament_runs_by_itself(app: App) -> None:
    setup_bots(app, 3)
    app.dispatch(I.Intent(I.CONFIRM))
    bracket = app.top
    assert isinstance(bracket, BracketScene)
    t = bracket.t
    assert len(t.participants) == 3 and tournament_path().is_file()
    watched: list[TableScene] = []

    def over() -> bool:
        top = app.top
        if isinstance(top, TableScene) and top not in watched:
            assert top.spectate and not top.face_up_seats and top.speed == 8.0
            watched.append(top)
        return isinstance(top, BracketScene) and top.t.is_over

    run(app, over)
    assert len(watched) == 2 and t.played() == 2
    for r, ps in enumerate(t.rounds):
        for k, p in enumerate(ps):
            if not t.is_bye(r, k):
                assert p.score is not None and max(p.score) >= 101
    assert not tournament_path().is_file()  # a finished tournament is no longer offered
    app.dispatch(I.Intent(I.CONFIRM))  # Play again: the same players, drawn again
    again = app.top
    assert isinstance(again, BracketScene) and again.t is not t and not again.t.is_over
    assert again.t.participants == t.participants and again.t.speed == t.speed
    assert tournament_path().is_file()
    menu = again.buttons.buttons[-1]
    assert menu.caption() == "Menu  [Esc]"  # as the summary and the match's end say it
    app.dispatch(I.Intent(I.KEY, char=app.tr("key.menu")))  # its letter works too
    assert isinstance(app.top, TitleScene)


def test_a_tournament_saved_halfway_continues_from_the_title(app: App) -> None:
    setup_bots(app, 4)
    app.dispatch(I.Intent(I.CONFIRM))
    t = app.top.t  # type: ignore[union-attr]
    # Play the first match and a few tricks of the second, then leave.
    run(app, lambda: t.played() == 1 and isinstance(app.top, TableScene)
        and app.top.match.state.tricks_played >= 3)
    table = app.top
    assert isinstance(table, TableScene)
    app.dispatch(I.Intent(I.BACK))  # the in-game menu, then quit: the tournament is saved
    press(app, "quit_match")
    assert isinstance(app.top, TitleScene)
    saved, _ = load_tournament()
    assert saved is not None and saved.played() == 1 and saved.current is not None
    progress = saved.current["rounds"]
    # A new run of the game: the title offers to continue it.
    again = inline_app()  # its bots think inline too: no frame count hinges on a process
    try:
        again.push(TitleScene(again))
        again.dispatch(I.Intent(I.KEY, char=again.tr("key.tournament")))
        bracket = again.top
        assert isinstance(bracket, BracketScene)
        assert bracket.t.to_json() == saved.to_json()
        again.dispatch(I.Intent(I.CONFIRM))  # continue the match in progress
        resumed = again.top
        assert isinstance(resumed, TableScene)
        assert resumed.match.to_json()["rounds"] == progress
        run(again, lambda: isinstance(again.top, BracketScene) and again.top.t.is_over)
        final = again.top.t  # type: ignore[union-attr]
        assert final.played() == 3
        for before, after in zip(saved.rounds[0], final.rounds[0], strict=True):
            if before.winner is not None:  # the first result is kept as it was
                assert (after.winner, after.score) == (before.winner, before.score)
    finally:
        again.nav.close_all()


def test_people_in_a_tournament_play_and_their_results_count(app: App) -> None:
    t = Tournament.draw([Participant("Ana"), Participant("Luis")], 2, speed=8.0)
    save_tournament(t)
    on_title(app)
    press(app, "tournament")
    app.dispatch(I.Intent(I.CONFIRM))
    table = app.top
    assert isinstance(table, TableScene) and table.hot_seat and not table.spectate
    run(app, lambda: isinstance(app.top, BracketScene))
    assert app.top.t.is_over  # type: ignore[union-attr]
    champion = app.top.t.name(app.top.t.champion)  # type: ignore[union-attr]
    for name in ("Ana", "Luis"):
        p = app.stats.players[name]
        assert p.tournaments.played == 1 and p.tournaments.won == (name == champion)
        assert p.matches["boricua"].to_json() == [1, int(name == champion)]


def test_setup_names_people_and_limits_the_count(app: App,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from window_helpers import drawn_texts

    on_title(app)
    press(app, "tournament")
    setup = app.top
    assert isinstance(setup, TournamentSetupScene)
    for _ in range(10):
        app.dispatch(I.Intent(I.RIGHT))
    assert setup.count == 6
    for _ in range(10):
        app.dispatch(I.Intent(I.LEFT))
    assert setup.count == 2
    app.dispatch(I.Intent(I.DOWN))  # player 1, a person: letters write the name
    # so no button says a letter there (nc106 pressed E for "Empezar [E]")
    drawn = drawn_texts(app, monkeypatch)
    assert all(b.label in drawn and b.caption() not in drawn for b in setup.buttons.buttons)
    for _ in range(8):
        app.dispatch(I.Intent(I.ERASE))
    for ch in "Rosa":
        app.dispatch(I.Intent(I.TEXT, char=ch))
    app.draw_frame()
    assert [p.name for p in setup.participants()][0] == "Rosa"
    app.dispatch(I.Intent(I.BACK))
    assert isinstance(app.top, TitleScene)


@pytest.mark.parametrize(("n", "labels"), [
    (4, ["Semi-finals", "Final"]),
    (5, ["First round", "Semi-finals", "Final"]),
    (6, ["First round", "Semi-finals", "Final"]),
    (3, ["First round", "Final"]),
])
def test_bracket_rounds_with_byes_are_called_first_round(app: App, n: int,
                                                         labels: list[str]) -> None:
    app.settings = app.settings.with_(language="en")
    setup_bots(app, n)
    app.dispatch(I.Intent(I.CONFIRM))
    bracket = app.top
    assert isinstance(bracket, BracketScene)
    assert [bracket.round_label(r) for r in range(len(bracket.t.rounds))] == labels


@pytest.mark.parametrize("lang", ["en", "es"])
def test_with_a_person_in_it_the_bracket_waits_for_enter_and_says_a_bye_in_words(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before a match between bots the bracket waited 4 s (2 at speed ×2) and a
    newcomer, the computer busy, never saw it; a bye was one word in an empty
    slot. With a person taking part, the bracket stays, however long, until
    Enter, with no countdown; each bye is said in a sentence under the title
    while the first round is played; a tournament of bots alone still runs by
    itself."""
    from window_helpers import drawn_texts

    app.settings = app.settings.with_(language=lang)
    for seed in range(40):  # a draw whose first match is between bots
        t = Tournament.draw([Participant("Ana", None), *people(4)], seed=seed)
        nxt = t.next_match()
        assert nxt is not None
        if not any(t.participants[i].is_human for i in t.rounds[nxt[0]][nxt[1]].players):
            break
    else:
        raise AssertionError("no draw of 5 begins with a match between bots")
    bracket = BracketScene(app, t)
    app.reset_to(bracket)
    assert not bracket.busy()
    for _ in range(600):  # a minute
        bracket.update(0.1)
    assert app.top is bracket and t.current is None
    texts = drawn_texts(app, monkeypatch)
    assert not any(app.tr("starts_in", s="|").split("|")[0] in text for text in texts)
    # 5 players: three byes, each name in one sentence
    byes = [t.name(i) for i in bracket.byes()]
    assert len(byes) == 3
    line = bracket.bye_line()
    assert line in texts and all(name in line for name in byes)
    assert line.startswith(app.tr("bye_many", names="|").split("|")[0]) or lang == "es"
    words = {"en": "have a bye this round", "es": "pasan esta eliminatoria sin jugar"}[lang]
    assert words in line
    one = Tournament.draw([Participant("Ana", None), *people(2)], seed=1)
    said = BracketScene(app, one)
    bye = said.byes()
    assert len(bye) == 1 and said.bye_line() == app.tr("bye_one", name=said.said(bye[0]))
    for seed in range(20):  # the person called "You" with the bye: "Pasas", not "Tú pasa"
        mine = BracketScene(app, Tournament.draw([Participant("You", None), *people(2)],
                                                 seed=seed))
        if mine.byes() == [0]:
            assert mine.bye_line() == app.tr("bye_one_you")
            break
    else:
        raise AssertionError("no draw of 3 gives the person the bye")
    app.dispatch(I.Intent(I.CONFIRM))
    assert isinstance(app.top, TableScene) and app.top.spectate
    # bots alone: the show goes on by itself
    bots = BracketScene(app, Tournament.draw(people(4), seed=1))
    app.reset_to(bots)
    assert bots.busy()
    for _ in range(40):
        if app.top is not bots:
            break
        bots.update(0.1)
    assert isinstance(app.top, TableScene)


def test_a_new_tournament_asks_before_replacing_one_not_over_and_starts_from_its_players(
        app: App) -> None:
    """From the bracket, New tournament dropped a tournament in play without a
    word, and its setup went back to four players at x2 (a newcomer had three
    at x8): while one is not over it asks first (Back keeps it, saved as it
    was), and the setup starts from its players, levels and speed."""
    from tute_desktop.ui.scenes import ConfirmScene

    t = Tournament.draw([Participant("Ana", None), *people(2, "hard")], seed=3, speed=8.0)
    save_tournament(t)
    bracket = BracketScene(app, t)
    app.reset_to(bracket)
    app.dispatch(I.Intent(I.KEY, char=app.tr("key.new_tournament")))
    ask = app.top
    assert isinstance(ask, ConfirmScene)
    assert ask.title == app.tr("tournament_replace_title")
    app.dispatch(I.Intent(I.BACK))  # Back: the bracket, and the saved one, as they were
    assert app.top is bracket and tournament_saved()
    app.dispatch(I.Intent(I.KEY, char=app.tr("key.new_tournament")))
    app.dispatch(I.Intent(I.KEY, char=app.tr("key.new_tournament")))  # yes
    setup = app.top
    assert isinstance(setup, TournamentSetupScene)
    assert setup.count == 3 and setup.speed == 8.0
    assert setup.levels[:3] == [p.level for p in t.participants]
    assert setup.names[0] == "Ana"
