"""The logged arena runs in benchmarks/results/ as a Markdown table (issue 3).

    python benchmarks/results_table.py                      # every log there
    python benchmarks/results_table.py benchmarks/results/habanero-*.jsonl
    python benchmarks/results_table.py --write docs/benchmarks.md   # update the doc

Each log is a `python benchmarks/arena.py ... --log FILE` run: its first line
names the pairing, the budgets and the commit it started from, every other line
is one finished duplicate deal (or match). Running the same arena command again
continues a log; this script only reads them. Besides Wilson's interval over
games it prints the interval of the score per duplicate deal (the deal's luck
paired out) and the SPRT of that score, 50% against 53% (see the arena).
With --write FILE the table replaces the one already in that Markdown file
(the block of `|` lines under the same header line); the rest of it is kept.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from arena import read_log, summarize

from tute_desktop.engine import find_variant

RESULTS = Path(__file__).resolve().parent / "results"


def row(path: Path) -> str:
    head, done = read_log(path)
    if head is None:
        raise SystemExit(f"{path}: an empty log")
    seeds = sorted(done)  # the SPRT's order
    results = [done[k] for k in seeds]
    sides = find_variant(head["variant"], head["options"]).sides
    s = summarize(results, head["matches"], sides)
    lo, hi = s["wilson95"]
    slo, shi = s["score95"]

    def budget(who: str) -> str:
        ms, it = head[f"{who}_ms"], head[f"{who}_iterations"]
        return f"{ms:g} ms" if ms is not None else (f"{it} worlds" if it else "default")

    score = f"{100 * s['score']:.1f}% ({100 * slo:.1f}-{100 * shi:.1f}%)" if sides > 2 \
        else "same"
    plo, phi = s["paired95"]
    dlo, dhi = s["points_diff95"]
    t = s["sprt"]
    verdict = {"H1": f"better after {t['after']}", "H0": f"not better after {t['after']}",
               "continue": "undecided"}[t["verdict"]]
    return (f"| {head['variant']} | {head['a']} ({budget('a')}) | {head['b']} ({budget('b')})"
            f" | {len(done)} {s['unit']} ({s['games']} games), seeds {seeds[0]}-{seeds[-1]}"
            f" | {100 * s['a_rate']:.1f}% | {100 * lo:.1f}-{100 * hi:.1f}% | {score}"
            f" | {100 * plo:.1f}-{100 * phi:.1f}% | {t['llr']:.1f}: {verdict}"
            f" | {s['a_points']:.1f}:{s['b_points']:.1f} ({dlo:+.1f} to {dhi:+.1f})"
            f" | {s['time_median_ms']:.0f} / {s['time_p95_ms']:.0f} / {s['time_max_ms']:.0f}"
            f" | {head.get('commit') or '?'} | {path.name} |")


HEADER = ("| variant | A | B | played | A won | Wilson 95% | tres score (95%)"
          " | score per duplicate, 95% | SPRT 50/53%: LLR, verdict | points A:B (A-B 95%)"
          " | A ms/move median / p95 / max | from commit | log |")


def table(logs: list[Path]) -> list[str]:
    rule = "| --- | --- | --- | --- | ---: | --- | --- | --- | --- | --- | --- | --- | --- |"
    return [HEADER, rule, *(row(path) for path in logs)]


def replace_table(text: str, lines: list[str]) -> str:
    """`text` with the table that starts at HEADER swapped for `lines`."""
    old = text.split("\n")
    if HEADER not in old:
        raise SystemExit("no results table to replace (its header line is not in the file)")
    start = old.index(HEADER)
    end = start
    while end < len(old) and old[end].startswith("|"):
        end += 1
    return "\n".join(old[:start] + lines + old[end:])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("logs", nargs="*", type=Path)
    p.add_argument("--write", type=Path, metavar="FILE",
                   help="replace the results table in this Markdown file")
    args = p.parse_args(argv)
    lines = table(args.logs or sorted(RESULTS.glob("*.jsonl")))
    if args.write is None:
        print("\n".join(lines))
        return 0
    text = replace_table(args.write.read_text(encoding="utf-8"), lines)
    tmp = args.write.with_name(args.write.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(args.write)
    print(f"{args.write}: {len(lines) - 2} rows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
