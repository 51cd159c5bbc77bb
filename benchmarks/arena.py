"""The arena: bots play duplicate deals against each other and the results are
measured (issue 3).

    python benchmarks/arena.py --variant habanero --a expert --b medium --deals 1000 --jobs 2

Every deal is played in every seating, A taking the seats of each side in turn
(2 players: seats swapped; ``tres``: A in each of the three seats against two
B's; ``parejas``: A's team on either side; ``cuatro``: A in each of the four
seats against three B's; ``subastado``: six seatings, below), so luck of the
cards cancels out. For player A it
prints the deals won with a Wilson 95% interval, the points per deal, and the
time per move; ``--matches N`` plays whole matches instead. Deals run in parallel processes.
``--sprt-stop`` ends the run as soon as the SPRT (50% against 53%) decides, over
the deals finished in seed order: the smallest run that answers "is A better?".

``cheater`` is a player that sees every card. It exists here only, as the upper
bound of what hidden information costs the fair bots; ``tute_desktop.bots``
never offers it. ``expert-base`` is the expert as it was before issue 30 (its
worlds played out by the rule-based player, ``Policy(0.0)``, and its best mean
played however slight its lead; with 3 and 4 players, where neither of those
acts, the endgame solved with the others against it, ``solver.Standings``, and
rollouts played to the end), to measure the expert against it from one
checkout. ``expert-lead-prior`` is the expert of stop 57, whose rule-based
default held for leads only (``SearchBot.prior_follows`` off; the expert's
since stop 58 holds for following too while a 2-player stock lasts).
``expert-rivals`` and ``expert-finish`` are the expert with one of
issue 30's candidates for 3 and 4 players on (``SearchBot.rivals``: the ``tres``
endgame with each seat for itself; ``SearchBot.finish``: ``parejas`` rollouts
ending in an exact solve); no level uses them (docs/benchmarks.md).
``expert-follow2`` is the expert with the follow prior's margin at two standard
errors instead of one (a candidate of stop 58).

subastado (RULES §12) decides its sides each round by an auction, so a
duplicate deal is played in six seatings: A at one seat (three seatings) and A
at two seats (three), so that every seat's hand is held by A three times and by
B three times, and A both bids alone and plays in la contra, with B's as well
as with itself as partner. Every seat has its own bot and its own random stream,
the same whoever holds it (``seat_rng``). The deal is scored hand by hand
(``by_hand``); the summary adds the bidders' statistics (``bidder_stats``).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from tute_desktop.bots import LEVELS, Bot, Budget, make_bot
from tute_desktop.bots.levels import EXPERT_SOLVE_CARDS, SearchBot
from tute_desktop.bots.policy import Policy
from tute_desktop.bots.search import (
    PERFECT,
    WORLDS,
    exact_mode,
    rollout,
    solve_perfect,
    solve_world,
)
from tute_desktop.bots.solver import wins_every_trick
from tute_desktop.engine import Action, State, find_variant, new_game, view
from tute_desktop.engine.actions import CAPOTE, CLAIM_ACTION
from tute_desktop.engine.seeds import SEED_MAX, SeedError, parse_seed
from tute_desktop.engine.state import MATCH_OVER, PLAYING

PLAYERS = (*LEVELS, "cheater", "expert-base", "expert-lead-prior", "expert-rivals",
           "expert-finish", "expert-follow2")

Chooser = Callable[[State, random.Random], Action]


class Cheater:
    """Sees the whole state: the expert's search on the one true world (with
    randomized rollouts, since a single world gives no variety by itself)."""

    level = "cheater"

    def __init__(self) -> None:
        self.policy = Policy(0.1)

    def choose_full(self, st: State, rng: random.Random, budget: Budget) -> Action:
        actions = st.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = st.to_act
        assert seat is not None
        side = st.side_of(seat)
        if CLAIM_ACTION in actions:
            if st.claim_is_true(seat):
                return CLAIM_ACTION
            actions = [a for a in actions if a != CLAIM_ACTION]
        mode = exact_mode(st, actions, EXPERT_SOLVE_CARDS.get(st.rules.name, 0))
        if mode == PERFECT:
            return solve_perfect(view(st, seat), actions, rng)  # the same as full knowledge
        if mode == WORLDS:
            values = solve_world(st, seat)
            return max(actions, key=lambda a: values[int(a.card)])  # type: ignore[arg-type]
        if any(a.kind == CAPOTE for a in actions) and not wins_every_trick(st, seat):
            actions = [a for a in actions if a.kind != CAPOTE]
        totals = [0.0] * len(actions)
        deadline = budget.deadline(1000.0)
        rounds = 0
        while True:
            seed = rng.getrandbits(32)
            for j, a in enumerate(actions):
                w = st.clone()
                w.apply(a, record=False)
                totals[j] += rollout(w, self.policy, random.Random(seed), st, side)
            rounds += 1
            if budget.iterations is not None:
                if rounds >= budget.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
        return actions[max(range(len(actions)), key=lambda j: totals[j])]


def baseline_expert() -> Bot:
    """The expert before issue 30: its rollouts by the rule-based player, to the
    end of the round; its endgames paranoid (``Standings``)."""
    bot = make_bot("expert")
    assert isinstance(bot, SearchBot)
    bot.policy = Policy(0.0)
    bot.prior = 0.0
    bot.rivals = {}
    bot.finish = {}
    bot.level = "expert-base"
    return bot


def lead_prior_expert() -> Bot:
    """The expert of stop 57: its rule-based default for leads only
    (``SearchBot.prior_follows`` off), to measure the follow prior against."""
    bot = make_bot("expert")
    assert isinstance(bot, SearchBot)
    bot.prior_follows = 0.0
    bot.level = "expert-lead-prior"
    return bot


CANDIDATES: Final[dict[str, tuple[str, Any]]] = {
    "expert-rivals": ("rivals", {"tres": 5}),
    "expert-finish": ("finish", {"parejas": 3}),
    "expert-follow2": ("prior_follows", 2.0)}
"""Issue 30's candidates: the ``SearchBot`` field each sets, and its value. For
3 and 4 players, cards a hand by rule set; ``expert-follow2``, 2 players: the
follow prior's margin at two standard errors (the expert's: one)."""


def candidate_expert(name: str) -> Bot:
    """The expert with one of ``CANDIDATES`` on."""
    bot = make_bot("expert")
    assert isinstance(bot, SearchBot)
    field_name, value = CANDIDATES[name]
    setattr(bot, field_name, dict(value) if isinstance(value, dict) else value)
    bot.level = name
    return bot


def make_player(name: str, budget: Budget) -> Chooser:
    """A function from the full state to an action: fair bots get only the view."""
    if name == "cheater":
        cheater = Cheater()
        return lambda st, rng: cheater.choose_full(st, rng, budget)
    bot = baseline_expert() if name == "expert-base" \
        else lead_prior_expert() if name == "expert-lead-prior" \
        else candidate_expert(name) if name in CANDIDATES else make_bot(name)

    def choose(st: State, rng: random.Random) -> Action:
        seat = st.to_act
        assert seat is not None
        return bot.choose(view(st, seat), rng, budget)

    return choose


def seatings(side_map: tuple[int, ...]) -> list[tuple[bool, ...]]:
    """For each seating, which seats player A takes (True) in a duplicate deal:
    every seat of one side (``Rules.side_map``), each side in turn."""
    return [tuple(s == side for s in side_map) for side in range(max(side_map) + 1)]


@dataclass
class GameResult:
    a_won: bool
    a_points: float
    """A's round points (subastado: the mean change of A's seats' totals)."""
    b_points: float
    """The B sides' round points, their mean where there are several (tres,
    cuatro), as ``analyze`` values a side against the others."""
    a_times: list[float] = field(default_factory=list)
    changes: list[int] | None = None
    """subastado: each seat's change of total in this game (seat order)."""
    a_seats: list[bool] | None = None
    """subastado: the seats A held (the seating)."""
    contracts: list[list[int]] | None = None
    """subastado: each round's contract, ``[bidder, bid, points, made]`` (the
    bidder's points when the round ended; made 1 or 0), or ``[-1, 0, 0, 0]``
    when all passed."""


BY_SEAT_FIELDS: Final = ("changes", "a_seats", "contracts")
"""The ``GameResult`` fields only subastado fills, logged only when set."""


@dataclass
class Task:
    variant: str
    options: dict[str, Any] | None
    a: str
    b: str
    a_budget: Budget
    b_budget: Budget
    seed: int
    matches: bool


def _play(task: Task, seating: tuple[bool, ...], k: int) -> GameResult:
    rules = find_variant(task.variant, task.options)
    a = make_player(task.a, task.a_budget)
    b = make_player(task.b, task.b_budget)
    rng_a = random.Random(f"a/{task.seed}/{k}")
    rng_b = random.Random(f"b/{task.seed}/{k}")
    st = new_game(rules, seed=task.seed)
    deal_rng = random.Random(f"deals/{task.seed}")
    times: list[float] = []
    a_side = st.side_of(seating.index(True))
    b_sides = sorted({st.side_of(s) for s, is_a in enumerate(seating) if not is_a})
    a_pts = 0
    b_pts = 0.0
    while True:
        while st.phase is PLAYING:
            seat = st.to_act
            assert seat is not None
            if seating[seat]:
                t = time.perf_counter()
                action = a(st, rng_a)
                times.append(time.perf_counter() - t)
            else:
                action = b(st, rng_b)
            st.apply(action)
        a_pts += st.points[a_side]
        b_pts += sum(st.points[s] for s in b_sides) / len(b_sides)
        if not task.matches:
            return GameResult(st.round_winner == a_side, a_pts, b_pts, times)
        if st.phase is MATCH_OVER:
            return GameResult(st.winner == a_side, a_pts, b_pts, times)
        st.start_next_round(rng=deal_rng)


def by_seat_seatings(players: int) -> list[tuple[bool, ...]]:
    """subastado's seatings of a duplicate deal (module doc): A at each seat
    alone, then A at every seat but one, the one left out in turn. Each seat is
    A's in ``players`` of them and B's in as many."""
    one = [tuple(s == k for s in range(players)) for k in range(players)]
    two = [tuple(s != k for s in range(players)) for k in range(players)]
    return one + two


def seat_rng(seed: int, seat: int) -> random.Random:
    """The random stream of the bot at ``seat`` in the deal ``seed`` (subastado),
    whoever holds the seat: in a mirror match every seating plays alike."""
    return random.Random(f"seat/{seed}/{seat}")


def _contract(st: State) -> list[int]:
    """The round just over as ``GameResult.contracts`` records it."""
    auction = st.auction
    if auction is None or auction.bidder < 0:
        return [-1, 0, 0, 0]
    return [auction.bidder, auction.bid, st.points[0], int(st.round_winner == 0)]


def _play_by_seat(task: Task, seating: tuple[bool, ...]) -> GameResult:
    """One subastado game (a round, or a match with ``task.matches``) in one
    seating: a bot of its own and a random stream of its own at every seat."""
    rules = find_variant(task.variant, task.options)
    players = [make_player(task.a, task.a_budget) if is_a else make_player(task.b, task.b_budget)
               for is_a in seating]
    rngs = [seat_rng(task.seed, s) for s in range(rules.players)]
    st = new_game(rules, seed=task.seed)
    deal_rng = random.Random(f"deals/{task.seed}")
    times: list[float] = []
    contracts: list[list[int]] = []
    while True:
        while st.phase is PLAYING:
            seat = st.to_act
            assert seat is not None
            if seating[seat]:
                t = time.perf_counter()
                action = players[seat](st, rngs[seat])
                times.append(time.perf_counter() - t)
            else:
                action = players[seat](st, rngs[seat])
            st.apply(action)
        contracts.append(_contract(st))
        if not task.matches or st.phase is MATCH_OVER:
            break
        st.start_next_round(rng=deal_rng)
    changes = st.totals[:]  # every total starts at 0
    a_seats = [s for s in range(rules.players) if seating[s]]
    b_seats = [s for s in range(rules.players) if not seating[s]]
    a_mean = sum(changes[s] for s in a_seats) / len(a_seats)
    b_mean = sum(changes[s] for s in b_seats) / len(b_seats)
    won = st.winner in a_seats if task.matches else a_mean > b_mean
    return GameResult(won, a_mean, b_mean, times, changes, list(seating), contracts)


def by_hand(games: list[GameResult]) -> tuple[float, float]:
    """A subastado duplicate deal's score for A and its points difference.

    Each seat's hand is judged against itself: A's mean change of total holding
    it (over the seatings where A held it) against B's mean change holding it,
    scoring 1 if A's is higher, 1/2 if equal, 0 if lower (as matchpoints do in
    duplicate bridge), and the deal's score is the mean over the seats. The
    luck of the cards is in both means alike, and the change of a hand's total
    holds everything that seat did: as the bidder, its bid and its play; in la
    contra, nothing directly (the contra's totals do not change, §12), but
    its defence is in the bidder's change of the same deal, and A defends against
    B's bids more often than B does (and B against A's). Relabelling A as B
    turns every seat's 1 into 0, so a player equal to the other scores 50% in
    expectation, and a player against itself exactly 50%. The points difference
    is the mean over seats of A's mean change minus B's."""
    first = games[0]
    assert first.changes is not None
    score = diff = 0.0
    for s in range(len(first.changes)):
        a = [g.changes[s] for g in games if g.a_seats and g.a_seats[s] and g.changes]
        b = [g.changes[s] for g in games if g.a_seats and not g.a_seats[s] and g.changes]
        lead = sum(a) * len(b) - sum(b) * len(a)  # exact: integers
        score += 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
        diff += sum(a) / len(a) - sum(b) / len(b)
    n = len(first.changes)
    return score / n, diff / n


def bidder_stats(games: list[GameResult]) -> dict[str, dict[str, float]]:
    """subastado: for A and for B, over every round each played: the hands
    held, the auctions won, the contracts made and failed (and made as a share
    of won), the average bid, the bidder's average points when its round ended
    (the early end of §12 stops a made contract near its bid), its average
    change of total as the bidder, and the hands it held in rounds where all
    three passed."""
    out: dict[str, dict[str, float]] = {}
    for who, mine in (("A", True), ("B", False)):
        hands = won = made = bids = points = gained = passed = 0
        for g in games:
            if g.a_seats is None or g.contracts is None:
                continue
            held = sum(1 for x in g.a_seats if x == mine)
            for bidder, bid, pts, ok in g.contracts:
                hands += held
                if bidder < 0:
                    passed += held
                elif g.a_seats[bidder] == mine:
                    won += 1
                    made += ok
                    bids += bid
                    points += pts
                    gained += bid if ok else -bid
        out[who] = {
            "hands": hands, "won": won, "made": made, "failed": won - made,
            "made_share": made / won if won else 0.0,
            "avg_bid": bids / won if won else 0.0,
            "avg_points": points / won if won else 0.0,
            "avg_change": gained / won if won else 0.0,
            "all_passed_hands": passed,
        }
    rounds = [c for g in games for c in (g.contracts or [])]
    out["rounds"] = {"rounds": len(rounds), "all_passed": sum(c[0] < 0 for c in rounds)}
    return out


def run_task(task: Task) -> list[GameResult]:
    rules = find_variant(task.variant, task.options)
    side_map = rules.side_map
    if side_map is None:  # sides decided each round (subastado): six seatings
        return [_play_by_seat(task, s) for s in by_seat_seatings(rules.players)]
    return [_play(task, s, k) for k, s in enumerate(seatings(side_map))]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def _progress(done: int, total: int, start: float) -> None:
    width = 30
    filled = width * done // max(total, 1)
    elapsed = time.perf_counter() - start
    eta = elapsed / done * (total - done) if done else 0.0
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"
                     f"  {elapsed:.0f}s elapsed, ~{eta:.0f}s left ")
    sys.stderr.flush()


def run(tasks: list[Task], jobs: int, progress: bool = True,
        on_done: Callable[[Task, list[GameResult]], None] | None = None,
        stop: Callable[[], bool] | None = None) -> list[list[GameResult]]:
    """Every task's games, in task order, ``jobs`` processes at a time;
    ``on_done`` hears of each task as it finishes (in any order); ``stop``,
    asked after each, ends the run early when true (the tasks not finished
    are dropped)."""
    start = time.perf_counter()
    results: list[list[GameResult] | None] = [None] * len(tasks)

    def collect(it: Iterator[tuple[int, list[GameResult]]]) -> None:
        for done, (i, r) in enumerate(it, 1):
            results[i] = r
            if on_done is not None:
                on_done(tasks[i], r)
            if progress:
                _progress(done, len(tasks), start)
            if stop is not None and stop():
                return

    if jobs <= 1:
        collect((i, run_task(t)) for i, t in enumerate(tasks))
    else:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(jobs) as pool:
            collect(pool.imap_unordered(_indexed, list(enumerate(tasks))))
    if progress:
        sys.stderr.write("\n")
    return [r for r in results if r is not None]


def _indexed(item: tuple[int, Task]) -> tuple[int, list[GameResult]]:
    return item[0], run_task(item[1])


def pairwise(rate: float, sides: int) -> float:
    """A's share of head-to-head comparisons with the B's, where an equal player
    scores 50% (``sides``: ``Rules.sides``, A being one of them). With two sides
    (2 players, ``parejas``) that is the win rate. With each seat alone against
    k = sides - 1 B's (``tres``, ``cuatro``) each game compares A with every B:
    A's win beats them all (1); a B's win beats A in that pair (0) and ties the
    other k - 1 pairs (1/2 each), worth (k - 1) / (2k). So the score is
    rate + (1 - rate)(k - 1)/(2k): in ``tres`` 1/4 + 3/4 of the win rate (an
    equal player wins 1/3: 50%), in ``cuatro`` 1/3 + 2/3 of it (an equal
    player wins 1/4: 50%)."""
    k = sides - 1
    return rate + (1.0 - rate) * (k - 1) / (2 * k)


SPRT_H0: Final = 0.50
SPRT_H1: Final = 0.53
"""The SPRT's hypotheses about A's score per duplicate deal: equal (H0), or
three points better (H1); accepted at 5% error either way."""


def paired(values: list[float]) -> tuple[float, float, float]:
    """Mean of per-duplicate values and its normal 95% interval. A duplicate
    deal's seatings share the cards, so its games are not independent: scoring
    each duplicate as one value keeps the luck of the deal out of the interval
    (usually narrower than Wilson's over games, and the honest one)."""
    k = len(values)
    if k == 0:
        return 0.0, 0.0, 0.0
    mean = statistics.fmean(values)
    if k < 2:
        return mean, -math.inf, math.inf
    half = 1.96 * statistics.stdev(values) / math.sqrt(k)
    return mean, mean - half, mean + half


SPRT_FIRST: Final = 30
"""Duplicates played before the SPRT may stop: its normal approximation needs a
variance, which a handful of deals cannot give."""


def sprt(scores: list[float], h0: float = SPRT_H0, h1: float = SPRT_H1,
         alpha: float = 0.05, beta: float = 0.05) -> tuple[float, str, int]:
    """A sequential probability ratio test of A's per-duplicate scores (normal
    approximation, as chess engine testing does), run as a sequential test
    must be: after each duplicate in the order given (seeds), from the
    ``SPRT_FIRST``-th, the log-likelihood ratio of mean ``h1`` against ``h0``
    is compared with the bounds, and the first crossing decides. Returns that
    ratio, "H1" or "H0" (or "continue" if no crossing yet, with the last
    ratio), and how many duplicates it took."""
    lower = math.log(beta / (1 - alpha))
    upper = math.log((1 - beta) / alpha)
    total = squares = llr = 0.0
    for k, x in enumerate(scores, 1):
        total += x
        squares += x * x
        if k < SPRT_FIRST:
            continue
        mean = total / k
        var = max((squares - k * mean * mean) / (k - 1), 0.01)
        llr = k * (mean - (h0 + h1) / 2) * (h1 - h0) / var
        if llr >= upper:
            return llr, "H1", k
        if llr <= lower:
            return llr, "H0", k
    return llr, "continue", len(scores)


def summarize(results: list[list[GameResult]], matches: bool,
              sides: int = 2) -> dict[str, Any]:
    """For A: games won (Wilson interval over games), the score per duplicate
    (paired interval, SPRT), points, and time per move; in subastado the score
    and points hand by hand (``by_hand``) and the bidders' statistics."""
    games = [g for r in results for g in r]
    n = len(games)
    wins = sum(g.a_won for g in games)
    lo, hi = wilson(wins, n)
    times = sorted(t for g in games for t in g.a_times)
    by_seat = any(g.changes is not None for g in games)
    if by_seat:  # subastado: hand by hand
        hands = [by_hand(r) for r in results if r]
        per_dup = [x for x, _ in hands]
        diffs = [d for _, d in hands]
    else:
        per_dup = [pairwise(sum(g.a_won for g in r) / len(r), sides) for r in results if r]
        diffs = [sum(g.a_points - g.b_points for g in r) / len(r) for r in results if r]
    score, plo, phi = paired(per_dup)
    diff, dlo, dhi = paired(diffs)
    llr, verdict, after = sprt(per_dup)

    def pct(q: float) -> float:
        return times[min(len(times) - 1, int(q * len(times)))] if times else 0.0

    out: dict[str, Any] = {
        "unit": "matches" if matches else "deals",
        "games": n,
        "a_won": wins,
        "a_rate": wins / n if n else 0.0,
        "wilson95": [lo, hi],
        "score": pairwise(wins / n if n else 0.0, sides),
        "score95": [pairwise(lo, sides), pairwise(hi, sides)],
        "paired_score": score,
        "paired95": [plo, phi],
        "points_diff": diff,
        "points_diff95": [dlo, dhi],
        "sprt": {"h0": SPRT_H0, "h1": SPRT_H1, "llr": llr, "verdict": verdict,
                 "after": after},
        "a_points": sum(g.a_points for g in games) / n if n else 0.0,
        "b_points": sum(g.b_points for g in games) / n if n else 0.0,
        "moves": len(times),
        "time_median_ms": 1000 * statistics.median(times) if times else 0.0,
        "time_p95_ms": 1000 * pct(0.95),
        "time_max_ms": 1000 * times[-1] if times else 0.0,
    }
    if by_seat:
        out["bidders"] = bidder_stats(games)
    return out


def _budget(ms: float | None, iterations: int | None) -> Budget:
    return Budget(ms=ms, iterations=iterations)


def read_log(path: str | Path) -> tuple[dict[str, Any] | None, dict[int, list[GameResult]]]:
    """A ``ResultLog`` file's first line (None if there is no file or it is
    empty) and its finished duplicates by seed."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = [json.loads(line) for line in f if line.strip()]
    except FileNotFoundError:
        return None, {}
    if not lines:
        return None, {}
    done = {line["seed"]: [GameResult(**g) for g in line["games"]] for line in lines[1:]}
    return lines[0], done


class ResultLog:
    """A JSON-lines file of finished duplicate deals (or matches), one line each,
    so that a long run survives being stopped and can be continued later with
    the same command, or pooled with other runs of the same pairing.

    The first line describes the run (pairing, budgets, unit, the code's commit
    when known); a later run on the same file must describe the same run."""

    def __init__(self, path: str, header: dict[str, Any]) -> None:
        self.path = path
        found, self.done = read_log(path)
        if found is not None:
            old = {k: v for k, v in found.items() if k != "commit"}
            new = {k: v for k, v in header.items() if k != "commit"}
            if old != new:
                raise SystemExit(f"{path} holds a different run: {found}")
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(json.dumps(header) + "\n")

    def add(self, task: Task, games: list[GameResult]) -> None:
        self.done[task.seed] = games
        line = {"seed": task.seed, "games": [_game_line(g) for g in games]}
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(json.dumps(line) + "\n")


def _game_line(g: GameResult) -> dict[str, Any]:
    """One game as a log holds it (subastado's fields only where set)."""
    line: dict[str, Any] = {"a_won": g.a_won, "a_points": g.a_points, "b_points": g.b_points,
                            "a_times": [round(t, 5) for t in g.a_times]}
    for name in BY_SEAT_FIELDS:
        value = getattr(g, name)
        if value is not None:
            line[name] = value
    return line


def _commit() -> str | None:
    """The checkout's commit, for a log's header (None outside a git checkout)."""
    import subprocess
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, timeout=5, cwd=Path(__file__).resolve().parent.parent)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def sprt_decided(done: dict[int, list[GameResult]], first: int, count: int, matches: bool,
                 sides: int) -> bool:
    """Whether the SPRT has decided over the duplicates ``done`` from seed
    ``first`` on, up to the first not yet finished (a sequential test reads
    them in order: with several processes they finish out of it)."""
    prefix = []
    for seed in range(first, first + count):
        if seed not in done:
            break
        prefix.append(done[seed])
    return bool(prefix) and summarize(prefix, matches, sides)["sprt"]["verdict"] != "continue"


def seed_argument(text: str) -> int:
    """An argparse type: a deal seed, in the engine's one range (0 to SEED_MAX)."""
    try:
        return parse_seed(text)
    except SeedError as e:
        raise argparse.ArgumentTypeError(f"{e}, not {text[:40]!r}") from None


def check_seeds(p: argparse.ArgumentParser, first: int, count: int) -> None:
    """Deals are seeded ``first`` to ``first + count - 1``: all must be seeds."""
    if count > 0 and first + count - 1 > SEED_MAX:
        p.error(f"--seed {first} with {count} deals goes past the largest seed, {SEED_MAX}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python benchmarks/arena.py", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", default="habanero")
    p.add_argument("--options", default=None, help="house rules as JSON, e.g. '{\"target\": 1}'")
    p.add_argument("--a", default="expert", choices=PLAYERS)
    p.add_argument("--b", default="medium", choices=PLAYERS)
    p.add_argument("--deals", type=int, default=100, help="duplicate deals to play")
    p.add_argument("--matches", type=int, default=0,
                   help="play this many duplicate matches (to match_over) instead of deals")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=seed_argument, default=1,
                   help=f"first deal's seed (seeds are 0 to {SEED_MAX})")
    for who in ("a", "b"):
        p.add_argument(f"--{who}-ms", type=float, default=None,
                       help=f"{who.upper()}'s time per move (default: the level's)")
        p.add_argument(f"--{who}-iterations", type=int, default=None,
                       help=f"{who.upper()}'s fixed search size (worlds per move)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--sprt-stop", action="store_true",
                   help="stop once the SPRT decides (over the deals finished, in seed order)")
    p.add_argument("--log", default=None, metavar="FILE",
                   help="append each finished deal to this JSON-lines file; deals already in"
                        " it are not played again, and the summary covers the whole file")
    args = p.parse_args(argv)
    options = json.loads(args.options) if args.options else None
    find_variant(args.variant, options)
    count = args.matches or args.deals
    check_seeds(p, args.seed, count)
    tasks = [
        Task(args.variant, options, args.a, args.b,
             _budget(args.a_ms, args.a_iterations), _budget(args.b_ms, args.b_iterations),
             args.seed + i, bool(args.matches))
        for i in range(count)
    ]
    start = time.perf_counter()
    log = None
    if args.log:
        log = ResultLog(args.log, {
            "variant": args.variant, "options": options, "a": args.a, "b": args.b,
            "a_ms": args.a_ms, "a_iterations": args.a_iterations, "b_ms": args.b_ms,
            "b_iterations": args.b_iterations, "matches": bool(args.matches),
            "commit": _commit()})
        tasks = [t for t in tasks if t.seed not in log.done]
    sides = find_variant(args.variant, options).sides
    done: dict[int, list[GameResult]] = dict(log.done) if log else {}

    def finished(task: Task, games: list[GameResult]) -> None:
        done[task.seed] = games
        if log is not None:
            log.add(task, games)

    def decided() -> bool:
        return sprt_decided(done, args.seed, count, bool(args.matches), sides)

    if args.sprt_stop and decided():
        tasks = []
    results = run(tasks, args.jobs, progress=not args.quiet, on_done=finished,
                  stop=decided if args.sprt_stop else None)
    if log is not None or args.sprt_stop:
        results = [done[k] for k in sorted(done)]
        count = len(results)
    s = summarize(results, bool(args.matches), sides)
    s.update(variant=args.variant, a=args.a, b=args.b, duplicate=count,
             seconds=round(time.perf_counter() - start, 1))
    if args.json:
        print(json.dumps(s))
        return 0
    lo, hi = s["wilson95"]
    one = "match" if args.matches else "deal"  # a game: one deal (or match) in one seating
    games = "matches" if args.matches else "games"
    print(f"{args.variant}: A={args.a} vs B={args.b}, {count} duplicate {s['unit']}"
          f" ({s['games']} {games}), {s['seconds']}s")
    won = (" (the mean change of A's totals above B's)" if "bidders" in s and not args.matches
           else "")
    print(f"  A won {s['a_won']}/{s['games']} {games} = {100 * s['a_rate']:.1f}%"
          f"  (Wilson 95%: {100 * lo:.1f}% .. {100 * hi:.1f}%){won}")
    if sides > 2:
        slo, shi = s["score95"]
        print(f"  pairwise score against each B (equal: 50%): {100 * s['score']:.1f}%"
              f"  (95%: {100 * slo:.1f}% .. {100 * shi:.1f}%)")
    plo, phi = s["paired95"]
    how = "hand by hand, " if "bidders" in s else ""
    print(f"  score per duplicate {one} ({how}luck of the cards paired out): "
          f"{100 * s['paired_score']:.1f}%  (95%: {100 * plo:.1f}% .. {100 * phi:.1f}%)")
    t = s["sprt"]
    print(f"  SPRT, score {100 * t['h0']:.0f}% (H0) against {100 * t['h1']:.0f}% (H1), 5% errors:"
          f" LLR {t['llr']:.2f}, bounds -2.94 and 2.94: "
          + {"H1": "H1 accepted (A is better)", "H0": "H0 accepted (no better)",
             "continue": "no decision yet"}[t["verdict"]]
          + f" after {t['after']} {s['unit']}")
    dlo, dhi = s["points_diff95"]
    print(f"  points per {one}: A {s['a_points']:.1f}, B {s['b_points']:.1f};"
          f" A - B {s['points_diff']:+.1f} (95%: {dlo:+.1f} .. {dhi:+.1f})")
    print(f"  A time per move over {s['moves']} moves: median {s['time_median_ms']:.1f} ms,"
          f" p95 {s['time_p95_ms']:.1f} ms, max {s['time_max_ms']:.1f} ms")
    if "bidders" in s:
        print_bidders(s["bidders"])
    return 0


def print_bidders(b: dict[str, dict[str, float]]) -> None:
    """subastado's bidder statistics (``bidder_stats``) for A and B."""
    r = b["rounds"]
    print(f"  as the bidder ({r['rounds']} rounds, {r['all_passed']} all passed):")
    for who in ("A", "B"):
        x = b[who]
        print(f"    {who}: won {x['won']:.0f} auctions of {x['hands']:.0f} hands held,"
              f" made {x['made']:.0f}, failed {x['failed']:.0f}"
              f" ({100 * x['made_share']:.1f}% made); average bid {x['avg_bid']:.1f},"
              f" points {x['avg_points']:.1f}, change {x['avg_change']:+.1f};"
              f" {x['all_passed_hands']:.0f} hands in all-passed rounds")


if __name__ == "__main__":
    sys.exit(main())
