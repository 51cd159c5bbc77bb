"""The arena (issue 3): duplicate seatings, the Wilson interval, and a short
smoke run in which the expert must clearly beat the random player."""

from __future__ import annotations

import pytest
from arena import Task, main, run, seatings, summarize, wilson

from tute_desktop.bots import Budget


def test_every_deal_is_played_in_every_seating():
    """A takes every seat of one side (``Rules.side_map``), each side in turn."""
    from tute_desktop.engine import find_variant

    def of(variant: str) -> list[tuple[bool, ...]]:
        side_map = find_variant(variant).side_map
        assert side_map is not None
        return seatings(side_map)

    assert of("habanero") == [(True, False), (False, True)]
    assert sorted(of("tres")) == sorted({(True, False, False), (False, True, False),
                                         (False, False, True)})
    assert of("parejas") == [(True, False, True, False), (False, True, False, True)]
    # §13 cuatro: four seats alone, A in each of them against three B's.
    assert of("cuatro") == [(True, False, False, False), (False, True, False, False),
                            (False, False, True, False), (False, False, False, True)]


def test_wilson_interval_matches_the_textbook_values():
    lo, hi = wilson(90, 100)
    assert lo == pytest.approx(0.8256, abs=1e-3) and hi == pytest.approx(0.9448, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_paired_interval_scores_each_duplicate_deal_once():
    """Two seatings of one deal share its cards: a deal each side won once is
    one 50% observation, not a win and a loss, so a run of such deals is
    exactly level, with a narrower interval than Wilson's over games."""
    from arena import GameResult, paired

    split = [GameResult(True, 70, 60), GameResult(False, 60, 70)]
    swept = [GameResult(True, 80, 50), GameResult(True, 75, 55)]
    s = summarize([split] * 30 + [swept] * 10, matches=False)
    assert s["paired_score"] == pytest.approx(0.625)
    lo, hi = s["paired95"]
    sd = ((30 * 0.125 ** 2 + 10 * 0.375 ** 2) / 39) ** 0.5  # of 30 halves and 10 ones
    half = 1.96 * sd / 40 ** 0.5
    assert (lo, hi) == pytest.approx((0.625 - half, 0.625 + half))
    wlo, whi = s["wilson95"]
    assert hi - lo < whi - wlo
    assert s["points_diff"] == pytest.approx((30 * 0 + 10 * 25) / 40)
    assert paired([]) == (0.0, 0.0, 0.0)


def test_sprt_accepts_a_clear_edge_rejects_none_and_waits_when_unsure():
    from arena import SPRT_FIRST, sprt

    llr, verdict, after = sprt([1.0, 0.5] * 100)  # 75% a deal
    assert verdict == "H1" and llr >= 2.944 and SPRT_FIRST <= after < 200
    assert sprt([0.0, 1.0] * 300 + [0.5] * 600)[1] == "H0"  # exactly level, 1,200 deals
    llr, verdict, after = sprt([0.5, 1.0, 0.0, 0.5, 0.5, 1.0] * 3)  # too few to stop
    assert (llr, verdict, after) == (0.0, "continue", 18)
    # By hand at the end, where no bound was crossed before:
    # n (mean - (h0 + h1)/2) (h1 - h0) / variance.
    xs = [1.0, 0.5, 0.5, 0.0, 1.0, 1.0, 0.5, 0.5] * 4
    mean = sum(xs) / 32
    var = sum((x - mean) ** 2 for x in xs) / 31
    llr, verdict, after = sprt(xs)
    assert verdict == "continue" and after == 32
    assert llr == pytest.approx(32 * (mean - 0.515) * 0.03 / var)


def test_sprt_is_decided_by_the_first_crossing_not_the_last_look():
    """A sequential test stops at the first bound crossed: a run that looked
    level long enough to accept H0 stays decided, whatever follows."""
    from arena import sprt

    level = [0.0, 1.0] * 300 + [0.5] * 600
    llr, verdict, after = sprt(level + [1.0] * 2000)
    assert verdict == "H0" and after <= len(level)
    assert sprt([1.0] * 2000)[1] == "H1"


def test_smoke_expert_clearly_beats_random():
    tasks = [Task("habanero", None, "expert", "random", Budget(iterations=4), Budget(), seed,
                  False) for seed in range(1, 21)]
    results = run(tasks, jobs=2, progress=False)
    s = summarize(results, matches=False)
    assert s["games"] == 40
    assert s["a_rate"] >= 0.75, s


def test_s13_cuatro_duplicate_deal_seats_a_alone_in_each_seat():
    """§13, each seat for itself: a duplicate deal is four games, A in each seat
    against three B's; B's points are the three B seats' mean (as ``analyze``
    values a seat against the others), and the deal scores pairwise."""
    from arena import pairwise, run_task

    games = run_task(Task("cuatro", None, "medium", "random", Budget(), Budget(), 5, False))
    assert len(games) == 4
    for g in games:
        # Every card point and the diez de últimas went to some seat (130), and
        # declarations on top: A's points and three times the B's mean add up.
        assert g.a_points + 3 * g.b_points >= 130
    s = summarize([games], matches=False, sides=4)
    assert s["paired_score"] == pytest.approx(pairwise(sum(g.a_won for g in games) / 4, 4))


def test_command_line_prints_the_summary(capsys):
    main(["--variant", "tres", "--a", "medium", "--b", "random", "--deals", "3", "--jobs", "1",
          "--quiet"])
    out = capsys.readouterr().out
    assert "A won" in out and "Wilson 95%" in out and "p95" in out
    assert "score per duplicate deal" in out and "SPRT" in out


def test_the_sprt_stop_ends_a_run_once_it_decides(tmp_path, capsys):
    """``--sprt-stop``: the run ends at the deal where the SPRT decides (the
    smallest measurement that answers), not at ``--deals``; with a log, a run
    already decided plays nothing more."""
    import json

    from arena import SPRT_FIRST, sprt_decided

    log = tmp_path / "run.jsonl"
    base = ["--a", "medium", "--b", "random", "--deals", "400", "--jobs", "1", "--quiet",
            "--json", "--sprt-stop", "--log", str(log)]
    main(base)
    s = json.loads(capsys.readouterr().out)
    assert s["sprt"]["verdict"] == "H1" and SPRT_FIRST <= s["duplicate"] < 400
    assert s["sprt"]["after"] == s["duplicate"]  # (stopped at the deal that decided)
    main(base)
    again = json.loads(capsys.readouterr().out)
    assert again["duplicate"] == s["duplicate"]
    assert not sprt_decided({}, 1, 400, False, 2)


def test_pairwise_score_puts_an_equal_player_at_one_half():
    from arena import pairwise

    assert pairwise(0.6, 2) == 0.6  # two sides: 2 players, parejas
    assert pairwise(1 / 3, 3) == pytest.approx(0.5)
    assert pairwise(1.0, 3) == 1.0 and pairwise(0.0, 3) == 0.25
    # cuatro (§13), A against three B's: a B's win loses that pair and ties two.
    assert pairwise(1 / 4, 4) == pytest.approx(0.5)
    assert pairwise(1.0, 4) == 1.0 and pairwise(0.0, 4) == pytest.approx(1 / 3)


def test_a_logged_run_continues_where_it_stopped_and_refuses_another_pairing(tmp_path, capsys):
    import json

    log = tmp_path / "run.jsonl"
    base = ["--a", "medium", "--b", "random", "--jobs", "1", "--quiet", "--json",
            "--log", str(log)]
    main([*base, "--deals", "3"])
    first = json.loads(capsys.readouterr().out)
    main([*base, "--deals", "5"])  # plays only seeds 4 and 5, sums all five
    both = json.loads(capsys.readouterr().out)
    lines = log.read_text().splitlines()
    assert [json.loads(x)["seed"] for x in lines[1:]] == [1, 2, 3, 4, 5]
    assert first["games"] == 6 and both["games"] == 10
    assert both["a_won"] >= first["a_won"]
    with pytest.raises(SystemExit, match="different run"):
        main(["--a", "easy", "--b", "random", "--deals", "1", "--log", str(log)])
    assert len(log.read_text().splitlines()) == 6  # nothing lost or added


def _benchmark(name: str):
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_results_table_reads_a_logged_run(tmp_path):
    log = tmp_path / "run.jsonl"
    main(["--variant", "tres", "--a", "medium", "--b", "random", "--deals", "2", "--jobs", "1",
          "--quiet", "--log", str(log)])
    line = _benchmark("results_table").row(log)
    cells = [c.strip() for c in line.strip("|").split("|")]
    assert cells[0] == "tres" and cells[1] == "medium (default)" and cells[2] == "random (default)"
    assert cells[3].startswith("2 deals (6 games), seeds 1-2")
    assert cells[6].endswith("%)")  # the pairwise score of tres
    assert cells[7].endswith("%")  # the interval of the score per duplicate deal
    assert cells[8].split(": ")[1] in ("better", "not better", "undecided")  # the SPRT


def test_results_table_writes_over_the_old_table_and_keeps_the_rest(tmp_path):
    module = _benchmark("results_table")
    log = tmp_path / "run.jsonl"
    main(["--a", "easy", "--b", "random", "--deals", "1", "--jobs", "1", "--quiet",
          "--log", str(log)])
    doc = tmp_path / "benchmarks.md"
    doc.write_text("# Before\n\n" + module.HEADER + "\n| --- |\n| stale | row |\n"
                   "\nAfter the table.\n", encoding="utf-8")
    assert module.main(["--write", str(doc), str(log)]) == 0
    lines = doc.read_text(encoding="utf-8").split("\n")
    assert lines[:2] == ["# Before", ""] and lines[-3:] == ["", "After the table.", ""]
    rows = [x for x in lines if x.startswith("|")]
    assert rows[0] == module.HEADER and len(rows) == 3
    assert rows[2].startswith("| habanero | easy (default) | random (default) | 1 deals")
    assert "stale" not in doc.read_text(encoding="utf-8")

    other = tmp_path / "other.md"
    other.write_text("no table here\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="no results table"):
        module.main(["--write", str(other), str(log)])
    assert other.read_text(encoding="utf-8") == "no table here\n"  # untouched


def _write_log(path, variant, wins_by_seed):
    """A hand-made arena log: per seed, A's win (or not) in each seating, A 10
    points up in a won game and 10 down in a lost one."""
    import json

    head = {"variant": variant, "options": None, "a": "expert", "b": "hard", "a_ms": None,
            "a_iterations": None, "b_ms": None, "b_iterations": None, "matches": False}
    lines = [json.dumps(head)]
    for seed, wins in wins_by_seed.items():
        games = [{"a_won": w, "a_points": 70 if w else 60, "b_points": 60 if w else 70,
                  "a_times": [0.1]} for w in wins]
        lines.append(json.dumps({"seed": seed, "games": games}))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_compare_logs_pairs_the_deals_both_played(tmp_path, capsys):
    module = _benchmark("compare_logs")
    before, after = tmp_path / "before.jsonl", tmp_path / "after.jsonl"
    _write_log(before, "habanero", {1: [True, False], 2: [False, False], 3: [True, True]})
    _write_log(after, "habanero", {2: [True, False], 3: [True, True], 4: [False, False]})
    c = module.compare(before, after)
    assert (c["deals"], c["first_seed"], c["last_seed"]) == (2, 2, 3)  # seeds 1 and 4 left out
    assert c["score"] == (0.5, 0.75)  # seed 2: 0 then 1/2; seed 3: 1 and 1
    assert c["score_diff95"][0] == 0.25
    assert c["points"] == (0.0, 5.0) and c["points_diff95"][0] == 5.0
    assert module.main([str(before), str(after)]) == 0
    assert "second - first +25.0%" in capsys.readouterr().out

    tres = tmp_path / "tres.jsonl"
    _write_log(tres, "tres", {2: [True, False, False]})
    assert module.compare(tres, tres)["score"][0] == 0.5  # pairwise: 1/4 + 3/4 * 1/3
    with pytest.raises(SystemExit, match="not the same rules"):
        module.compare(before, tres)
    other = tmp_path / "other.jsonl"
    _write_log(other, "habanero", {9: [True, True]})
    with pytest.raises(SystemExit, match="no deal in common"):
        module.compare(before, other)


def test_s12_subastado_seats_a_alone_and_in_pairs_each_hand_as_often_for_a_and_b():
    """§12, sides decided by the auction each round: a duplicate deal is six
    games, A at each seat alone and A at each pair of seats, so every seat's
    hand is A's three times and B's three times."""
    from arena import by_seat_seatings, run_task

    from tute_desktop.engine import find_variant

    six = by_seat_seatings(find_variant("subastado").players)
    assert six == [(True, False, False), (False, True, False), (False, False, True),
                   (False, True, True), (True, False, True), (True, True, False)]
    for seat in range(3):
        assert sum(s[seat] for s in six) == 3

    games = run_task(Task("subastado", None, "medium", "random", Budget(), Budget(), 7, False))
    assert [tuple(g.a_seats or ()) for g in games] == six
    for g in games:
        assert g.changes is not None and g.contracts is not None and len(g.contracts) == 1
        bidder, bid, _, made = g.contracts[0]
        # Only the bidder's total changes (§12), by its bid either way.
        assert g.changes == [(bid if made else -bid) if s == bidder else 0 for s in range(3)]
        a = [c for c, mine in zip(g.changes, g.a_seats or (), strict=True) if mine]
        assert g.a_points == sum(a) / len(a)


def _hand(changes, a_seats, contracts=None):
    from arena import GameResult

    return GameResult(False, 0.0, 0.0, [], changes, a_seats, contracts or [[-1, 0, 0, 0]])


def test_subastado_scores_each_hand_against_itself():
    """A deal's score is the mean over seats of 1, 1/2 or 0 as A's mean change
    holding that hand beats, ties or trails B's; points, A's mean minus B's."""
    from arena import by_hand, by_seat_seatings

    six = by_seat_seatings(3)
    # Seat 0 bids 70 every time: made when A holds it, failed when B does.
    games = [_hand([70 if s[0] else -70, 0, 0], list(s)) for s in six]
    assert by_hand(games) == (pytest.approx(4 / 6), pytest.approx(140 / 3))
    # Made twice of three by A, three of three by B: B's hand.
    made = [False, True, True, True, True, True]  # the first seating A's failure
    games = [_hand([70 if ok else -70, 0, 0], list(s)) for s, ok in zip(six, made, strict=True)]
    score, diff = by_hand(games)
    assert score == pytest.approx((0 + 0.5 + 0.5) / 3)
    assert diff == pytest.approx((70 / 3 - 70) / 3)


def test_subastado_mirror_scores_exactly_one_half_every_deal():
    """The same player as A and as B: every seat has its own bot and random
    stream whoever holds it, so all six seatings play alike and every deal
    scores exactly 50%, even for the random player."""
    from arena import by_hand, run_task

    for a in ("medium", "random"):
        for seed in (1, 2, 3):
            games = run_task(Task("subastado", None, a, a, Budget(), Budget(), seed, False))
            assert len({tuple(g.changes or ()) for g in games}) == 1
            assert by_hand(games) == (0.5, 0.0)
    s = summarize([run_task(Task("subastado", None, "hard", "hard", Budget(iterations=2),
                                 Budget(iterations=2), 4, False))], matches=False)
    assert (s["paired_score"], s["points_diff"]) == (0.5, 0.0)
    assert s["bidders"]["A"] == s["bidders"]["B"]


def test_subastado_bidder_statistics_for_a_and_b():
    from arena import bidder_stats, by_seat_seatings

    six = [list(s) for s in by_seat_seatings(3)]
    games = [
        _hand([80, 0, 0], six[0], [[0, 80, 84, 1]]),  # A bid 80 and made it
        _hand([0, -70, 0], six[1], [[1, 70, 52, 0]]),  # A bid 70 and failed
        _hand([0, 0, 0], six[2], [[-1, 0, 0, 0]]),  # all passed: A one hand, B two
        _hand([0, 60, 0], six[3], [[1, 60, 61, 1]]),  # A (seats 1 and 2) bid 60, made
        _hand([-90, 0, 0], six[3], [[0, 90, 40, 0]]),  # B (seat 0) bid 90, failed
    ]
    b = bidder_stats(games)
    assert b["A"] == {"hands": 7, "won": 3, "made": 2, "failed": 1, "made_share": 2 / 3,
                      "avg_bid": 70.0, "avg_points": (84 + 52 + 61) / 3,
                      "avg_change": (80 - 70 + 60) / 3, "all_passed_hands": 1}
    assert b["B"]["hands"] == 8 and b["B"]["won"] == 1 and b["B"]["failed"] == 1
    assert b["B"]["avg_change"] == -90.0 and b["B"]["all_passed_hands"] == 2
    assert b["rounds"] == {"rounds": 5, "all_passed": 1}


def test_subastado_command_line_logs_and_reads_back_its_hands(tmp_path, capsys):
    import json

    log = tmp_path / "sub.jsonl"
    argv = ["--variant", "subastado", "--a", "medium", "--b", "random", "--deals", "3",
            "--jobs", "1", "--quiet", "--log", str(log)]
    main(argv)
    out = capsys.readouterr().out
    assert "hand by hand" in out and "as the bidder" in out and "A: won" in out
    main([*argv, "--json"])  # nothing left to play: the summary from the log
    s = json.loads(capsys.readouterr().out)
    assert s["games"] == 18 and s["duplicate"] == 3
    assert s["bidders"]["rounds"]["rounds"] == 18
    assert s["paired_score"] > 0.5  # medium bids what it can make, random does not
    line = json.loads(log.read_text().splitlines()[1])
    assert set(line["games"][0]) == {"a_won", "a_points", "b_points", "a_times", "changes",
                                     "a_seats", "contracts"}


def test_logs_of_the_other_rule_sets_keep_their_lines():
    """Outside subastado a logged game has the four fields it always had, so
    the logs in benchmarks/results read and compare as before."""
    from pathlib import Path

    from arena import _game_line, read_log

    games = run([Task("tres", None, "medium", "random", Budget(), Budget(), 3, False)], jobs=1,
                progress=False)[0]
    assert all(set(_game_line(g)) == {"a_won", "a_points", "b_points", "a_times"}
               for g in games)
    results = Path(__file__).resolve().parent.parent / "benchmarks" / "results"
    head, done = read_log(results / "tres-expert-vs-hard.jsonl")
    assert head is not None and done
    assert "bidders" not in summarize(list(done.values()), matches=False, sides=3)


def test_compare_logs_scores_subastado_hand_by_hand(tmp_path):
    module = _benchmark("compare_logs")
    log = tmp_path / "sub.jsonl"
    main(["--variant", "subastado", "--a", "medium", "--b", "random", "--deals", "2",
          "--jobs", "1", "--quiet", "--log", str(log)])
    from arena import by_hand, read_log

    _, done = read_log(log)
    c = module.compare(log, log)
    assert c["deals"] == 2
    assert c["score"][0] == pytest.approx((by_hand(done[1])[0] + by_hand(done[2])[0]) / 2)
