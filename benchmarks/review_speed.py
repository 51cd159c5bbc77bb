"""How long the round review takes (issue 19): per variant, the time to analyse
one decision (median, p95) with the review's fixed budget (``review.ITERATIONS``)
and the time to a whole round's review for one seat, analysed one decision
after another in a single process (the game runs them on a worker process).

    python benchmarks/review_speed.py             # 4 rounds a variant
    python benchmarks/review_speed.py --short     # 1 round a variant (CI)
    python benchmarks/review_speed.py --iterations 30 --variant tres

Rounds are the first deal of seeded matches between rule-based (easy) bots; seat
0's decisions are reviewed. Aims: about 0.5 s a decision at the median, and a
round's review within 20 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from tute_desktop import review
from tute_desktop.bots import Budget, make_bot
from tute_desktop.engine.rules import VARIANTS
from tute_desktop.engine.state import PLAYING
from tute_desktop.match import Match, Seat


def played_round(variant: str, seed: int) -> dict[str, object]:
    """A first deal played out by easy bots, as a saved payload."""
    rules_players = {"tres": 3, "parejas": 4}.get(variant, 2)
    match = Match(variant, [Seat(f"b{i}", "easy") for i in range(rules_players)], seed=seed)
    bot = make_bot("easy")
    while match.state.phase is PLAYING:
        seat = match.to_act
        assert seat is not None
        match.apply(bot.choose(match.view(seat), match.bot_rng(), Budget(iterations=8)))
    return review.match_prefix(match.to_json(), 0)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--short", action="store_true", help="one round a variant")
    p.add_argument("--rounds", type=int, default=4)
    p.add_argument("--variant", action="append", choices=VARIANTS)
    p.add_argument("--iterations", type=int, default=None,
                   help="sampled deals a decision (default: review.ITERATIONS)")
    args = p.parse_args(argv)
    rounds = 1 if args.short else args.rounds
    print("| variant | deals a decision | decisions | median s | p95 s | round review s (max) |")
    print("|---|---:|---:|---:|---:|---:|")
    for variant in args.variant or VARIANTS:
        n = args.iterations or review.ITERATIONS[variant]
        times: list[float] = []
        totals: list[float] = []
        for r in range(rounds):
            match = played_round(variant, 1000 + r)
            total = 0.0
            for task in review.tasks(match, 0, n, seed=r):
                start = time.perf_counter()
                review.analyse(task)
                took = time.perf_counter() - start
                times.append(took)
                total += took
            totals.append(total)
        times.sort()
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))] if times else 0.0
        med = statistics.median(times) if times else 0.0
        print(f"| {variant} | {n} | {len(times)} | {med:.2f} | {p95:.2f} | "
              f"{statistics.median(totals):.1f} ({max(totals):.1f}) |", flush=True)
    return 0


if __name__ == "__main__":
    random.seed(0)
    sys.exit(main())
