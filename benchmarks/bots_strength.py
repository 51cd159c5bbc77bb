"""Bot strength benchmark (issue 3): arena pairings written as a Markdown table.

    python benchmarks/bots_strength.py --deals 100 --scale 0.25 --jobs 2
    python benchmarks/bots_strength.py --pairs expert:medium --variants tres parejas

``--scale`` multiplies the default thinking time of the searching levels (hard
0.1 s, expert 1 s a move), so a shorter run keeps the 1:10 ratio between them.
Every row is a separate arena run of duplicate deals (see benchmarks/arena.py).
"""

from __future__ import annotations

import argparse
import sys
import time

from arena import Task, check_seeds, run, seed_argument, summarize

from tute_desktop.bots import Budget
from tute_desktop.engine import find_variant

DEFAULT_MS = {"hard": 100.0, "expert": 1000.0, "cheater": 1000.0}
"""Default thinking time a move; ``--scale`` multiplies it, ``--ms LEVEL=MS`` overrides."""
DEFAULT_PAIRS = ["expert:random", "expert:medium", "expert:hard", "hard:medium", "medium:easy",
                 "easy:random", "cheater:medium"]


def budget(level: str, scale: float, fixed: dict[str, float] | None = None) -> Budget:
    if fixed and level in fixed:
        return Budget(ms=fixed[level])
    ms = DEFAULT_MS.get(level)
    return Budget(ms=ms * scale) if ms is not None else Budget()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variants", nargs="+", default=["habanero"])
    p.add_argument("--pairs", nargs="+", default=DEFAULT_PAIRS, help="A:B arena pairings")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--scale", type=float, default=1.0)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=seed_argument, default=1000)
    p.add_argument("--ms", nargs="*", default=[], metavar="LEVEL=MS",
                   help="a level's time per move, overriding --scale (e.g. hard=100)")
    args = p.parse_args()
    check_seeds(p, args.seed, args.deals)
    fixed = {k: float(v) for k, v in (item.split("=") for item in args.ms)}
    print("| variant | A | B | A ms | B ms | duplicate deals (games) | A won | Wilson 95%"
          " | score vs equal 50% (95%) | points A:B | A ms/move median / p95 / max | wall s |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for variant in args.variants:
        for pair in args.pairs:
            a, b = pair.split(":")
            ba, bb = budget(a, args.scale, fixed), budget(b, args.scale, fixed)
            tasks = [Task(variant, None, a, b, ba, bb, args.seed + i, False)
                     for i in range(args.deals)]
            start = time.perf_counter()
            sides = find_variant(variant).sides
            s = summarize(run(tasks, args.jobs), matches=False, sides=sides)
            wall = time.perf_counter() - start
            lo, hi = s["wilson95"]
            slo, shi = s["score95"]
            print(f"| {variant} | {a} | {b} | {ba.ms or '-'} | {bb.ms or '-'} |"
                  f" {args.deals} ({s['games']}) |"
                  f" {100 * s['a_rate']:.1f}% | {100 * lo:.1f}-{100 * hi:.1f}% |"
                  f" {100 * s['score']:.1f}% ({100 * slo:.1f}-{100 * shi:.1f}%) |"
                  f" {s['a_points']:.1f}:{s['b_points']:.1f} |"
                  f" {s['time_median_ms']:.0f} / {s['time_p95_ms']:.0f} /"
                  f" {s['time_max_ms']:.0f} | {wall:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
