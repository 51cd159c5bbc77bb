"""Engine speed benchmark (issue 2): random full rounds through the public API.

    python benchmarks/engine_speed.py              # 3 s per variant
    python benchmarks/engine_speed.py --short      # about 0.5 s per variant, for CI
    python benchmarks/engine_speed.py --seconds 10 --variants habanero tres

Each round is ``new_game`` (a fresh seeded deal) and then, until the round is
over, ``legal_actions()`` and ``apply()`` of a ``random.Random`` choice: the
inner loop of a random playout. One process, so one core. Prints a Markdown
table: rounds per second, microseconds per action (dealing included), actions
per round, and the ratio to the bare rollout (``bare_rollout.py``, a copy of
``../shared/bench/bare_rollout.py``: plain ints, no API), measured in the same
process before and after the variants, since absolute speeds on shared machines
move by a third from hour to hour. Targets (issue 21): habanero at least 0.25 of
the bare rollout, every variant at least 0.2.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from bare_rollout import rounds_per_second

from tute_desktop.engine import find_variant, new_game, variant_names

TARGET_HABANERO_RATIO = 0.25
TARGET_VARIANT_RATIO = 0.2


def measure(variant: str, seconds: float, seed: int) -> tuple[int, int, float]:
    """Random rounds of ``variant`` for about ``seconds``: (rounds, actions, elapsed)."""
    rules = find_variant(variant)
    rng = random.Random(seed)
    choice = rng.choice
    rounds = actions = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while True:
        state = new_game(rules, rng=rng)
        while state.phase == "play":
            state.apply(choice(state.legal_actions()))
            actions += 1
        rounds += 1
        now = clock()
        if now >= deadline:
            return rounds, actions, now - start


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=3.0, help="time per variant (default 3)")
    p.add_argument("--short", action="store_true", help="about 0.5 s per variant (CI)")
    p.add_argument("--variants", nargs="+", default=variant_names(), choices=variant_names())
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    seconds = 0.5 if args.short else args.seconds
    if seconds <= 0:
        p.error("--seconds must be positive")

    print(f"Python {platform.python_version()} on {platform.machine()}, one process;"
          f" {seconds:g} s per variant, seed {args.seed}")
    before = rounds_per_second(seconds)
    results = {}
    rows = []
    for variant in args.variants:
        rounds, actions, elapsed = measure(variant, seconds, args.seed)
        results[variant] = rounds / elapsed
        rows.append((variant, rounds, elapsed, actions))
    after = rounds_per_second(seconds)
    bare = (before + after) / 2
    print(f"bare rollout: {before:,.0f} rounds/s before, {after:,.0f} after")
    print()
    print("| variant | rounds | rounds/s | µs/action | actions/round | ÷ bare |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for variant, rounds, elapsed, actions in rows:
        rate = results[variant]
        print(f"| {variant} | {rounds} | {rate:,.0f} | {elapsed / actions * 1e6:.1f}"
              f" | {actions / rounds:.1f} | {rate / bare:.3f} |", flush=True)
    print()
    for variant, rate in results.items():
        target = TARGET_HABANERO_RATIO if variant == "habanero" else TARGET_VARIANT_RATIO
        verdict = "met" if rate / bare >= target else "NOT met"
        print(f"{variant}: {rate / bare:.3f} of the bare rollout, target {target}: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
