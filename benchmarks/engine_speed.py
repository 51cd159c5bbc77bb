"""Engine speed benchmark (issue 2): random full rounds through the public API.

    python benchmarks/engine_speed.py              # 3 s per variant
    python benchmarks/engine_speed.py --short      # about 0.5 s per variant, for CI
    python benchmarks/engine_speed.py --seconds 10 --variants habanero tres

Each round is ``new_game`` (a fresh seeded deal) and then, until the round is
over, ``legal_actions()`` and ``apply()`` of a ``random.Random`` choice: the
inner loop of a random playout. One process, so one core. Prints a Markdown
table: rounds per second, microseconds per action (dealing included) and
actions per round. The target is 3,000 random habanero rounds per second.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from tute_desktop.engine import find_variant, new_game, variant_names

TARGET_HABANERO_ROUNDS_PER_S = 3000


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
    print()
    print("| variant | rounds | rounds/s | µs/action | actions/round |")
    print("| --- | ---: | ---: | ---: | ---: |")
    results = {}
    for variant in args.variants:
        rounds, actions, elapsed = measure(variant, seconds, args.seed)
        rate = rounds / elapsed
        results[variant] = rate
        print(f"| {variant} | {rounds} | {rate:,.0f} | {elapsed / actions * 1e6:.1f}"
              f" | {actions / rounds:.1f} |", flush=True)
    if "habanero" in results:
        rate = results["habanero"]
        verdict = "met" if rate >= TARGET_HABANERO_ROUNDS_PER_S else "NOT met"
        print()
        print(f"Target {TARGET_HABANERO_ROUNDS_PER_S:,} habanero rounds/s: {verdict}"
              f" ({rate:,.0f}).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
