"""Statistics: what a finished round counts for each person, kept once, in a
versioned file that survives an upgrade; and the statistics scene."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path

import pytest
from window_helpers import on_title, play_to_summary, press

from tute_desktop import app as app_module
from tute_desktop.app import App
from tute_desktop.engine.actions import Action
from tute_desktop.engine.rules import VARIANTS
from tute_desktop.game import persist
from tute_desktop.game import stats as stats_module
from tute_desktop.game.match import Match, Seat
from tute_desktop.game.persist import dump_versioned
from tute_desktop.game.stats import (
    COUNTED_PEOPLE,
    FILE_BYTES,
    KEPT_BYTES,
    KEPT_PEOPLE,
    KEPT_ROUNDS,
    KIND,
    RECENT,
    PersonResult,
    RoundResult,
    Stats,
    load_stats,
    migrate,
    round_result,
    save_stats,
)
from tute_desktop.ui import intents as I
from tute_desktop.ui.scenes import TitleScene
from tute_desktop.ui.statistics import StatisticsScene
from tute_desktop.ui.table import TableScene


def result(key: str, variant: str = "habanero", *people: PersonResult) -> RoundResult:
    return RoundResult(key, variant, people)


def ana(won_game: bool | None = True, won_match: bool | None = None, points: int = 70,
        opponents: tuple[str, ...] = ("medium",), **kw: object) -> PersonResult:
    return PersonResult("Ana", points, opponents, won_game, won_match, **kw)  # type: ignore[arg-type]


def test_a_round_counts_games_matches_levels_bests_and_declarations() -> None:
    s = Stats()
    assert s.record_round(result("1/1", "habanero", ana(True, None, 80, declarations=("20",))))
    assert s.record_round(result("1/2", "habanero", ana(False, False, 60, ("hard",),
                                                        capote=False)))
    assert s.record_round(result("2/1", "tres", ana(True, True, 50, ("easy", "medium"),
                                                    declarations=("40", "20"), capote=True)))
    p = s.players["Ana"]
    assert p.games["habanero"].to_json() == [2, 1]
    assert p.matches["habanero"].to_json() == [1, 0]
    assert p.matches["tres"].to_json() == [1, 1]
    assert p.games_vs["medium"].to_json() == [2, 2]
    assert p.games_vs["hard"].to_json() == [1, 0]
    assert p.matches_vs["easy"].to_json() == [1, 1]
    assert p.best == {"habanero": 80, "tres": 50}
    assert p.declarations == {"20": 2, "40": 1}
    assert p.capotes == 1
    assert p.recent == [("habanero", True), ("habanero", False), ("tres", True)]
    assert p.total("games").to_json() == [3, 2]


def test_a_round_is_counted_once_and_a_deal_without_a_game_only_sets_bests() -> None:
    s = Stats()
    assert s.record_round(result("9/1", "corriente", ana(None, None, 90)))
    assert not s.record_round(result("9/1", "corriente", ana(None, None, 90)))
    p = s.players["Ana"]
    assert p.games == {} and p.best == {"corriente": 90}
    assert not s.record_round(result("9/2", "corriente"))  # nobody is a person


def test_recent_form_keeps_the_last_games_only() -> None:
    s = Stats()
    for i in range(RECENT + 7):
        s.record_round(result(f"r/{i}", "boricua", ana(i % 2 == 0)))
    p = s.players["Ana"]
    assert len(p.recent) == RECENT and p.games["boricua"].played == RECENT + 7


def play_round(match: Match, rng: random.Random) -> None:
    while match.state.phase == "play":
        match.apply(rng.choice(match.state.legal_actions()))


@pytest.mark.parametrize("variant", ["habanero", "corriente", "boricua", "tres", "parejas",
                                     "cuatro"])
def test_round_result_reads_the_finished_round(variant: str) -> None:
    n = VARIANTS[variant].players
    seats = [Seat("Ana")] + [Seat(f"B{i}", ("easy", "hard", "easy")[i - 1])
                             for i in range(1, n)]
    if n == 4:
        seats[2] = Seat("Eva")  # Ana's partner in parejas (a person too); alone in cuatro
    partners = VARIANTS[variant].partners
    match = Match(variant, seats, seed=5)
    rng = random.Random(3)
    for _ in range(6):
        play_round(match, rng)
        r = round_result(match)
        st = match.state
        assert r.key == f"5/{len(match.rounds)}"
        names = [p.name for p in r.people]
        assert names == (["Ana", "Eva"] if n == 4 else ["Ana"])
        me = r.people[0]
        assert me.points == st.points[0]
        assert me.opponents == (("easy", "hard") if n == 3 else ("easy",) if partners
                                else ("easy", "person") if n == 4 else ("easy",))
        if n == 4 and not partners:  # RULES §13: Eva is one of Ana's opponents, alone too
            assert r.people[1].points == st.points[2]
            assert r.people[1].opponents == ("easy", "person")
        decided = st.round_winner is not None and not (
            match.rules.scoring == "games101" and st.deal_no == 2)
        assert (me.won_game is None) == (not decided)
        if decided:
            assert me.won_game == (st.round_winner == 0)
        assert (me.won_match is None) == (st.phase != "match_over")
        if st.phase == "match_over":
            break
        match.next_round()


def test_stats_round_trip_through_an_atomic_file(tmp_path: Path) -> None:
    s = Stats()
    s.record_round(result("1/1", "tres", ana(True, True, 77, ("person",),
                                             declarations=("tute",))))
    s.record_tournament(["Ana", "Luis"], "Ana")
    path = tmp_path / "statistics.json"
    save_stats(s, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["schema"] == stats_module.SCHEMA and data["kind"] == KIND
    again, problem = load_stats(path)
    assert problem is None
    assert again.to_json() == s.to_json()
    assert again.players["Luis"].tournaments.to_json() == [1, 0]
    assert not list(tmp_path.glob(".*.tmp"))


def test_unknown_and_broken_fields_are_ignored_not_fatal(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    payload = {"players": {"Ana": {"games": {"habanero": [3, 2], "tres": [1, 5]},
                                   "capotes": -1, "future_counter": 12,
                                   "recent": [["tres", 1], "junk"]},
                           "Luis": "nonsense"},
               "recorded": ["a"], "added_later": True}
    path.write_text(json.dumps(dump_versioned(KIND, 1, payload)), encoding="utf-8")
    s, problem = load_stats(path)
    p = s.players["Ana"]
    assert p.games["habanero"].to_json() == [3, 2]
    assert "tres" not in p.games  # won more than played: not believed
    assert p.capotes == 0 and p.recent == [("tres", True)]
    assert "Luis" not in s.players and s.recorded == ["a"]
    # Issue 17, point 3: what was left out is reported, the file as it was kept aside.
    assert problem is not None and problem.key == "notice.kept.stats"
    assert problem.fields["fields"] == (
        "players/Ana/games/tres, players/Ana/capotes, players/Ana/recent/1 and 1 more")
    assert list(tmp_path.glob("statistics.corrupt-*.json"))


def test_an_older_schema_is_migrated_step_by_step() -> None:
    steps = {1: lambda d: {**d, "players": {n.title(): p for n, p in d["players"].items()}},
             2: lambda d: {**d, "recorded": []}}
    out = migrate({"players": {"ana": {}}, "recorded": ["x"]}, 1, steps, schema=3)
    assert out == {"players": {"Ana": {}}, "recorded": []}
    with pytest.raises(ValueError):
        migrate({}, 1, {}, schema=2)


def test_a_corrupt_or_newer_file_is_moved_aside_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    path.write_text(json.dumps(dump_versioned(KIND, 99, {"players": {}})), encoding="utf-8")
    s, problem = load_stats(path)
    assert s.players == {} and problem and "newer" in problem
    assert not path.exists() and list(tmp_path.glob("statistics.corrupt-*"))


# ---------------------------------------------------------------------- the window


def test_the_table_records_a_finished_round_and_the_scene_shows_it(app: App) -> None:
    table = TableScene(app, Match("boricua", [Seat("Ana"), Seat("Bot", "random")], seed=2))
    app.reset_to(table)
    play_to_summary(app, table)
    p = app.stats.players["Ana"]
    assert p.games["boricua"].played == 1
    assert p.games_vs["random"].played == 1
    # Written on the writer's thread (quitting waits for it), read back by the next run.
    app.finish_writes()
    again, _ = load_stats()
    assert again.players["Ana"].games["boricua"].played == 1
    # Leaving the summary and coming back to it does not count the round twice.
    table.controller.count_round()
    assert app.stats.players["Ana"].games["boricua"].played == 1

    app.stats.record_round(result("x/1", "tres", PersonResult("Luis", 40, ("person",), False,
                                                              None)))
    on_title(app)
    press(app, "statistics")
    scene = app.top
    assert isinstance(scene, StatisticsScene)
    assert scene.name == "Ana"
    app.draw_frame()
    app.dispatch(I.Intent(I.RIGHT))
    assert scene.name == "Luis"
    app.draw_frame()
    app.dispatch(I.Intent(I.BACK))
    assert isinstance(app.top, TitleScene)


def test_the_statistics_scene_with_nobody_yet(app: App) -> None:
    on_title(app)
    press(app, "statistics")
    assert isinstance(app.top, StatisticsScene) and app.top.name is None
    app.draw_frame()
    app.dispatch(I.Intent(I.RIGHT))
    app.dispatch(I.Intent(I.CONFIRM))
    assert isinstance(app.top, TitleScene)


# ---------------------------------------------------------------------- issue 27, point 8


def long_log(seed: int = 11) -> dict[str, object]:
    """A whole habanero match to 8 games, played at random: a long kept round."""
    match = Match("habanero", [Seat("Ana"), Seat("Bot", "easy")], options={"target": 8},
                  seed=seed)
    rng = random.Random(seed)
    while True:
        play_round(match, rng)
        if match.state.phase == "match_over":
            return match.to_json()
        match.next_round()


def person(name: str, seat: int = 0) -> PersonResult:
    return PersonResult(name, 60, ("easy",), True, None, seat=seat)


def test_kept_rounds_are_bounded_by_people_rounds_and_bytes(tmp_path: Path) -> None:
    # README: "Statistics keep your last 20 rounds to review"; issue 27 found
    # 20 whole match logs kept per name, forever (100 names: 31 MB).
    log = long_log()
    s = Stats()
    names = [f"P{i}" for i in range(KEPT_PEOPLE + 10)]
    for n in range(KEPT_ROUNDS + 5):
        for name in names[10:] if n else names:  # ten people come once, at first
            s.record_round(RoundResult(f"{name}/{n}", "habanero", (person(name),), log))
    kept = {name: len(p.kept) for name, p in s.players.items() if p.kept}
    assert set(kept) == set(names[-KEPT_PEOPLE:])  # the most recently seen
    assert all(k <= KEPT_ROUNDS for k in kept.values())
    # 400 logs of 16 KB would be 6.6 MB: the least recently seen lose their oldest first.
    size = len(json.dumps(log, separators=(",", ":")))
    assert KEPT_BYTES - size < sum(k.size for p in s.players.values() for k in p.kept) \
        <= KEPT_BYTES
    assert kept[names[-1]] == max(kept.values())
    # Every counter kept: only the logs are bounded.
    assert [s.players[name].games["habanero"].played for name in names] \
        == [1] * 10 + [KEPT_ROUNDS + 5] * KEPT_PEOPLE
    path = tmp_path / "statistics.json"
    save_stats(s, path)
    assert path.stat().st_size < FILE_BYTES


def test_a_person_seen_again_is_the_most_recent_and_counters_are_bounded_too() -> None:
    s = Stats()
    s.record_round(RoundResult("a/1", "tres", (person("Ana"),), {"x": 1}))
    for i in range(KEPT_PEOPLE - 1):
        s.record_round(RoundResult(f"{i}/1", "tres", (person(f"P{i}"),), {"x": 1}))
    s.record_tournament(["Ana"], "Ana")  # seen again: no longer the least recent
    s.record_round(RoundResult("b/1", "tres", (person("Luis"),), {"x": 1}))
    assert s.players["Ana"].kept and not s.players["P0"].kept
    assert list(s.players)[-2:] == ["Ana", "Luis"]
    for i in range(COUNTED_PEOPLE):
        s.record_round(RoundResult(f"c/{i}", "tres", (person(f"Q{i}"),)))
    assert len(s.players) == COUNTED_PEOPLE and "Ana" not in s.players


def test_an_older_file_beyond_the_bounds_is_bounded_and_says_so(tmp_path: Path) -> None:
    log = round_result_log()
    players = {f"P{i}": {"kept": [{"key": f"{i}/{n}", "seat": 0, "save": 1, "match": log}
                                  for n in range(2)]}
               for i in range(KEPT_PEOPLE + 3)}
    path = tmp_path / "statistics.json"
    path.write_text(json.dumps(dump_versioned(KIND, 1, {"players": players})), encoding="utf-8")
    s, problem = load_stats(path)
    assert problem is not None and "players/P0/kept" in problem
    assert [name for name, p in s.players.items() if p.kept] == list(players)[3:]
    assert load_stats(path)[1] is None  # the bounded file was written back


def round_result_log() -> dict[str, object]:
    match = Match("boricua", [Seat("Ana"), Seat("Bot", "easy")], seed=4)
    play_round(match, random.Random(4))
    return match.to_json()


class HeldWrites:
    """Stands in for the statistics' file write: notes the thread of each write
    and what it wrote, and holds the first until ``release`` is set."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.threads: list[threading.Thread] = []
        self.written: list[list[str]] = []
        self.started = threading.Event()

    def __call__(self, path: Path, fmt: object, payload: dict[str, object],
                 **kw: object) -> None:
        self.started.set()
        assert self.release.wait(60), "never released"  # a guard, not a measure
        self.threads.append(threading.current_thread())
        self.written.append(list(payload["recorded"]))  # type: ignore[call-overload]


def test_statistics_are_written_off_the_frame_loop_newest_first_and_quitting_waits(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    held = HeldWrites()
    monkeypatch.setattr(stats_module, "write_payload", held)
    app.record_round(result("1/1", "tres", ana()))
    # The loop goes on while the write is held: it is not on this thread.
    assert held.started.wait(60)
    app.record_round(result("1/2", "tres", ana()))
    app.record_round(result("1/3", "tres", ana()))  # the newest wins over 1/2, still waiting
    assert held.written == []
    held.release.set()
    app.writer.close()  # as quitting does: returns once every write has ended
    assert held.written == [["1/1"], ["1/1", "1/2", "1/3"]]
    assert all(t is not threading.main_thread() for t in held.threads)
    assert app.heard_writes() and not app.saving_failed


def test_quitting_waits_for_the_statistics_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    closed: list[bool] = []
    real = persist.Writer.close
    monkeypatch.setattr(persist.Writer, "close", lambda self: closed.append(True) or real(self))
    assert app_module.main(["--exit-after", "0.01"]) == 0
    assert closed


def _subastado_round(match: Match, bidder: int | None, rng: random.Random) -> None:
    """A round of subastado: ``bidder`` bids the minimum and the others pass
    (None: all pass); trumps coins; then random cards to the end (§12)."""
    st = match.state
    while st.auction is not None and st.auction.trump < 0 and st.outcome is None:
        seat = st.to_act
        if st.auction.bidder == seat and st.auction.passed.bit_count() == 2:
            match.apply(Action.parse("trump o"))
        elif seat == bidder and st.auction.bid == 0:
            match.apply(Action.parse("bid 60"))
        else:
            match.apply(Action.parse("pass"))
    while st.outcome is None:
        match.apply(rng.choice(st.legal_actions()))


def test_subastado_counts_the_persons_contracts_made_failed_and_their_averages() -> None:
    """RULES §12: a contract is counted for the person who held it (the bid,
    the points made as bidder, made or failed); not when la contra, nor when
    all passed."""
    match = Match("subastado", [Seat("Ana"), Seat("B1", "easy"), Seat("B2", "hard")], seed=7)
    rng = random.Random(2)
    s = Stats()
    held: list[tuple[int, int, bool]] = []
    for bidder in (0, 1, None, 0, 0):
        _subastado_round(match, bidder, rng)
        r = round_result(match)
        me = r.people[0]
        st = match.state
        outcome = st.outcome
        assert outcome is not None
        if bidder == 0:
            assert me.contract == (60, outcome.sides[0].points, outcome.winner == 0)
            assert me.contract[2] == (outcome.sides[0].points >= 60)
            held.append(me.contract)
        else:
            assert me.contract is None
        s.record_round(r)
        if st.phase == "match_over":
            break
        match.next_round()
    c = s.players["Ana"].contracts
    assert c.played == len(held) == 3
    assert c.made == sum(made for _, _, made in held) and c.failed == c.played - c.made
    assert c.average_bid == 60
    assert c.average_points == sum(points for _, points, _ in held) / 3


def test_a_statistics_file_of_schema_1_gets_contracts_and_is_written_as_schema_2(
        tmp_path: Path) -> None:
    """The file's format 2 (issue 33) adds subastado's contracts: a file of
    format 1 loads whole, every player with none, and is written back in 2."""
    path = tmp_path / "statistics.json"
    old = {"players": {"Ana": {"games": {"tres": [4, 1]}, "capotes": 2}, "Luis": {}},
           "recorded": ["1/1"]}
    path.write_text(json.dumps(dump_versioned(KIND, 1, old)), encoding="utf-8")
    s, problem = load_stats(path)
    assert problem is None
    assert s.players["Ana"].games["tres"].to_json() == [4, 1] and s.players["Ana"].capotes == 2
    assert s.players["Ana"].contracts.to_json() == {"played": 0, "made": 0, "bids": 0,
                                                   "points": 0}
    assert stats_module.migrate(old, 1)["players"]["Luis"]["contracts"]["played"] == 0
    s.players["Ana"].contracts.add(70, 82, True)
    save_stats(s, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["schema"] == 2
    assert data["players"]["Ana"]["contracts"] == {"played": 1, "made": 1, "bids": 70,
                                                   "points": 82}
    again, problem = load_stats(path)
    assert problem is None and again.to_json() == s.to_json()


def test_contracts_made_more_often_than_held_are_not_believed(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    payload = {"players": {"Ana": {"contracts": {"played": 1, "made": 3, "bids": 60,
                                                 "points": 70}, "capotes": 1}}}
    path.write_text(json.dumps(dump_versioned(KIND, 2, payload)), encoding="utf-8")
    s, problem = load_stats(path)
    assert s.players["Ana"].contracts.played == 0 and s.players["Ana"].capotes == 1
    assert problem is not None and "players/Ana/contracts" in problem.fields["fields"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_statistics_scene_shows_the_contracts_and_their_averages(
        app: App, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    from window_helpers import drawn_texts

    app.settings = app.settings.with_(language=lang)
    app.stats = Stats()
    app.stats.record_round(result("1/1", "tres", ana(True)))
    app.reset_to(StatisticsScene(app))
    texts = " ".join(drawn_texts(app, monkeypatch))
    assert app.tr("stats_contracts", made=0, failed=0, n=0)[:10] not in texts  # none held
    for key, contract in (("2/1", (60, 72, True)), ("2/2", (75, 61, False))):
        app.stats.record_round(result(key, "subastado", ana(True, contract=contract)))
    texts = " ".join(drawn_texts(app, monkeypatch))
    assert app.tr("stats_contracts", made=1, failed=1, n=2) in texts
    decimal = "." if lang == "en" else ","
    assert app.tr("stats_contracts_average", bid=f"67{decimal}5",
                  result=f"66{decimal}5") in texts


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_recent_form_says_what_its_squares_and_letters_mean(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A newcomer saw "Forma reciente: T T" and could not tell what the letters
    and colours said: a line under the squares says it, with the rule sets
    among them by their letters."""
    from window_helpers import drawn_texts

    from tute_desktop.i18n.rules_text import VARIANT_TITLES
    from tute_desktop.ui.statistics import StatisticsScene, form_mark

    app.settings = app.settings.with_(language=lang)
    s = Stats()
    for i, variant in enumerate(["tres", "tres", "corriente", "cuatro"]):
        s.record_round(result(f"r/{i}", variant, ana(i % 2 == 0)))
    app.stats = s
    on_title(app)
    app.nav.push("statistics")
    assert isinstance(app.top, StatisticsScene)
    said = drawn_texts(app, monkeypatch)
    titles = VARIANT_TITLES[lang]
    legend = [t for t in said if all(f"{form_mark(v)} {titles[v]}" in t
                                     for v in ("tres", "corriente", "cuatro"))]
    assert len(legend) == 1 and titles["habanero"] not in legend[0]
    assert app.tr("stats_form_legend", marks="") in legend[0]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_best_round_says_a_team_total_and_one_player_has_no_arrows(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A newcomer read "Mejor mano: 93 (Parejas)" as their own points (it is
    the team's) and "Arrows: another player" with only themselves recorded
    (the arrows did nothing): the best round says most points and, in
    parejas, with the partner; with one player the keys line is Esc alone."""
    from window_helpers import drawn_texts

    from tute_desktop.i18n.rules_text import VARIANT_TITLES
    from tute_desktop.ui.statistics import StatisticsScene

    app.settings = app.settings.with_(language=lang)
    s = Stats()
    s.record_round(result("r/1", "tres", ana(True, points=61)))
    s.record_round(result("r/2", "parejas", ana(True, points=93)))
    app.stats = s
    on_title(app)
    app.nav.push("statistics")
    assert isinstance(app.top, StatisticsScene)
    said = " ".join(drawn_texts(app, monkeypatch))
    team = app.tr("stats_best_team", variant=VARIANT_TITLES[lang]["parejas"])
    assert f"{app.tr('stats_best')}: 93 ({team})" in said
    assert app.tr("stats_one_keys") in said and app.tr("stats_keys") not in said
    s.record_round(result("r/3", "tres", PersonResult("Bea", 50, ("medium",), True, None)))
    app.nav.push("statistics")
    said = " ".join(drawn_texts(app, monkeypatch))
    assert app.tr("stats_keys") in said


@pytest.mark.parametrize("lang", ["en", "es"])
def test_recent_form_before_anything_is_decided_says_so(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A round that ended in la vuelta decides no game: the recent form is
    empty, and says why in words (a newcomer saw a lone "—" there)."""
    from dataclasses import replace

    from window_helpers import drawn_texts

    from tute_desktop.i18n import tr

    app.set_settings(replace(app.settings, language=lang))
    app.stats.record_round(result("9/1", "habanero", ana(None, None, 77)))
    on_title(app)
    press(app, "statistics")
    assert isinstance(app.top, StatisticsScene) and app.top.name == "Ana"
    texts = drawn_texts(app, monkeypatch)
    assert tr(lang, "stats_form_none") in texts  # whole, not cut


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_bar_of_rounds_not_won_is_red_and_its_heading_says_so(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A newcomer with one tres round lost read its full-width grey bar as
    100%: the part of a bar not won is red (the recent form's colour for a
    loss), the won part gold, and the heading says which is which."""
    from dataclasses import replace

    from window_helpers import drawn_texts

    from tute_desktop.i18n import tr
    from tute_desktop.ui import gfx
    from tute_desktop.ui.statistics import LOST, WON

    app.set_settings(replace(app.settings, language=lang))
    app.stats.record_round(result("9/1", "tres", ana(False, None, 30)))
    on_title(app)
    press(app, "statistics")
    colours: list[tuple[int, ...]] = []
    real = gfx.Canvas.rect

    def spy(self: gfx.Canvas, colour: tuple[int, ...], *args: object, **kw: object) -> None:
        colours.append(tuple(colour))
        real(self, colour, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(gfx.Canvas, "rect", spy)
    texts = drawn_texts(app, monkeypatch)
    assert colours.count(tuple(LOST)) == 2  # the tres bar and the bar against medium
    assert tuple(WON) not in colours
    assert tr(lang, "stats_by_variant") in texts
    assert ("red" if lang == "en" else "rojo") in tr(lang, "stats_by_variant")
    assert any(t.startswith(tr(lang, "stats_games") + ": 0/1") for t in texts)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_statistics_count_only_what_the_rule_sets_played_have(
        app: App, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """RULES §7.3: boricua has no tute and no capote, and no round is won (the
    totals run on to 101, §10.3). nc85 played only boricua and read "tute ×0",
    "Capotes: 0" and "rounds 2/4": neither shows until a rule set that has them
    is played, and boricua's rounds say what they count."""
    from window_helpers import drawn_texts

    from tute_desktop.i18n import in_variant

    app.settings = app.settings.with_(language=lang)
    app.stats = Stats()
    app.stats.record_round(result("b/1", "boricua", ana(True)))
    app.reset_to(StatisticsScene(app))
    said = " ".join(drawn_texts(app, monkeypatch))
    assert "tute ×" not in said and app.tr("stats_capotes") not in said
    assert "20 ×0" in said and "40 ×0" in said
    assert f"{app.tr(in_variant('boricua', 'stats_rounds_short'))} 1/1" in said
    assert app.tr(in_variant("boricua", "stats_rounds_short")) != app.tr("stats_rounds_short")
    app.stats.record_round(result("h/1", "habanero", ana(True)))  # tute? no; capote: yes
    said = " ".join(drawn_texts(app, monkeypatch))
    assert "tute ×" not in said and f"{app.tr('stats_capotes')}: 0" in said
    app.stats.record_round(result("t/1", "tres", ana(True)))
    assert "tute ×0" in " ".join(drawn_texts(app, monkeypatch))


def test_a_round_played_with_an_undo_counts_only_as_such_and_is_kept_for_review(
        tmp_path: Path) -> None:
    """An undo deals the cards the person has not seen again, so a round could
    be played over until it was won (nc87, nc90: "cheating"): a round with an
    undo counts none of its results, only among the rounds with an undo; its
    log is kept for the review all the same, and the count survives the file."""
    s = Stats()
    undone = RoundResult("1/1", "habanero", (ana(True, True, 90, declarations=("40",),
                                                 seat=0),), {"x": 1}, undone=2)
    assert s.record_round(undone)
    p = s.players["Ana"]
    assert p.undone == 1 and p.games == {} and p.matches == {} and p.best == {}
    # (the match it ended is not counted either, and the page says so: nc109 lost
    # two matches and read "matches 0/1")
    from tute_desktop.i18n import tr
    assert "match" in tr("en", "stats_undone", n=1) and "partida" in tr("es", "stats_undone", n=1)
    assert p.declarations == {} and p.recent == [] and p.games_vs == {}
    assert [k.key for k in p.kept] == ["1/1"]
    assert not s.record_round(undone)  # (once)
    assert s.record_round(result("1/2", "habanero", ana(False)))
    assert p.games["habanero"].to_json() == [1, 0] and p.undone == 1
    path = tmp_path / "statistics.json"
    save_stats(s, path)
    again, _ = load_stats(path)
    assert again.players["Ana"].undone == 1


def test_an_undo_in_the_round_is_said_on_its_summary_and_the_statistics_page(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The person is told at the round's end, and the statistics page says how
    many rounds were left out and why."""
    from window_helpers import drawn_texts, settle, tick

    table = TableScene(app, Match("habanero", [Seat("Ana"), Seat("Bot", "random")], seed=2))
    app.reset_to(table)
    settle(app, table)
    table.act(next(a for a in table.match.state.legal_actions() if a.kind == "play"))
    tick(app, 40)
    settle(app, table)
    press(app, "undo")
    assert table.match.rounds[-1].redeals
    summary = play_to_summary(app, table)
    assert app.tr("summary_undone") in summary.lines()
    p = app.stats.players["Ana"]
    assert p.undone == 1 and p.total("games").played == 0
    on_title(app)
    press(app, "statistics")
    assert app.tr("stats_undone", n=1) in drawn_texts(app, monkeypatch)


def test_a_subastado_defender_sets_no_best_round() -> None:
    """§12: a defender's round points are la contra's, two players' (nc93 read
    "Best round: 71" when her own best as bidder was 70): only the bidder's
    round sets a best in subastado; elsewhere every round does."""
    s = Stats()
    s.record_round(result("1/1", "subastado", ana(True, None, 71)))
    s.record_round(result("1/2", "subastado", ana(True, None, 70, contract=(60, 70, True))))
    s.record_round(result("2/1", "tres", ana(True, None, 50)))
    assert s.players["Ana"].best == {"subastado": 70, "tres": 50}



@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_heading_over_the_opponents_names_no_bots(lang: str) -> None:
    # A person played in hot-seat is listed under it too: "Contra los bots:
    # Persona 1/1" called a grandson a bot (nc95).
    from tute_desktop.i18n import tr

    heading = tr(lang, "stats_vs").lower()
    assert "bot" not in heading and heading.endswith(":")
