"""Two logged arena runs compared on the deals both played (issue 3).

    python benchmarks/compare_logs.py benchmarks/results/corriente-expert250-vs-hard25.jsonl \\
        benchmarks/results/corriente-expert-vs-hard.jsonl

For A/B tests of a bot (the same seeds played before and after a change) and
for the same pairing at other budgets. Each log's duplicate deal scores A's
share of its seatings' wins (pairwise in ``tres``; hand by hand in
``subastado``, ``arena.by_hand``) and A's points minus B's;
on the seeds in both logs, printed: each log's mean score and points, and the
second minus the first with a normal 95% interval of that difference paired
by seed (the deal's luck cancels out, so it is narrower than comparing the two
logs' own intervals).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from arena import GameResult, by_hand, paired, pairwise, read_log

from tute_desktop.engine import find_variant


def per_seed(path: Path) -> tuple[dict[str, Any], dict[int, tuple[float, float]]]:
    """A log's header, and by seed: A's score and A's points minus B's."""
    head, done = read_log(path)
    if head is None:
        raise SystemExit(f"{path}: no such log, or an empty one")
    sides = find_variant(head["variant"], head["options"]).sides

    def values(games: list[GameResult]) -> tuple[float, float]:
        if games[0].changes is not None:  # subastado: hand by hand
            return by_hand(games)
        won = sum(g.a_won for g in games) / len(games)
        diff = sum(g.a_points - g.b_points for g in games) / len(games)
        return pairwise(won, sides), diff

    return head, {seed: values(games) for seed, games in done.items() if games}


def compare(first: Path, second: Path) -> dict[str, Any]:
    """The two logs on their common seeds (see the module's text)."""
    head1, one = per_seed(first)
    head2, two = per_seed(second)
    if (head1["variant"], head1["options"]) != (head2["variant"], head2["options"]):
        raise SystemExit(f"{first.name} and {second.name} are not the same rules")
    seeds = sorted(set(one) & set(two))
    if not seeds:
        raise SystemExit(f"{first.name} and {second.name} have no deal in common")
    out: dict[str, Any] = {"deals": len(seeds), "first_seed": seeds[0], "last_seed": seeds[-1]}
    for k, name in ((0, "score"), (1, "points")):
        a = [one[s][k] for s in seeds]
        b = [two[s][k] for s in seeds]
        out[name] = (paired(a)[0], paired(b)[0])
        out[name + "_diff95"] = paired([y - x for x, y in zip(a, b, strict=True)])
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("first", type=Path)
    p.add_argument("second", type=Path)
    args = p.parse_args(argv)
    c = compare(args.first, args.second)
    print(f"{c['deals']} deals in both (seeds {c['first_seed']} to {c['last_seed']})")
    for name, unit, scale in (("score", "%", 100.0), ("points", "", 1.0)):
        x, y = c[name]
        d, lo, hi = c[name + "_diff95"]
        print(f"  A's {name} per deal: {args.first.name} {scale * x:.1f}{unit},"
              f" {args.second.name} {scale * y:.1f}{unit};"
              f" second - first {scale * d:+.1f}{unit}"
              f" (95%: {scale * lo:+.1f} to {scale * hi:+.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
