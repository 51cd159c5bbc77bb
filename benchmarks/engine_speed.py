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
process, since absolute speeds on shared machines move by a third from hour to
hour (and, on a virtual machine, from one second to the next). The two are
interleaved: slices of ``--slice`` seconds of the variant's rounds alternate with
slices of bare rollouts until the variant has had its time, so each ratio
compares rates measured over the same moments. Targets (issue 21): habanero at
least 0.25 of the bare rollout, every variant at least 0.2.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from bare_rollout import rollout

from tute_desktop.engine import find_variant, new_game, variant_names

TARGET_HABANERO_RATIO = 0.25
TARGET_VARIANT_RATIO = 0.2


def measure(variant: str, seconds: float, seed: int,
            slice_s: float = 0.05) -> tuple[int, int, float, int, float]:
    """Random rounds of ``variant`` for about ``seconds``, in slices of ``slice_s``
    seconds, each followed by as long a slice of bare rollouts: (rounds, actions,
    elapsed, bare rounds, bare elapsed)."""
    rules = find_variant(variant)
    rng = random.Random(seed)
    choice = rng.choice
    bare_rng = random.Random(1)
    rounds = actions = bare_rounds = 0
    elapsed = bare_elapsed = 0.0
    clock = time.perf_counter
    while elapsed < seconds:
        start = clock()
        deadline = start + slice_s
        while True:
            state = new_game(rules, rng=rng)
            while state.phase == "play":
                state.apply(choice(state.legal_actions()))
                actions += 1
            rounds += 1
            now = clock()
            if now >= deadline:
                elapsed += now - start
                break
        start = clock()
        deadline = start + slice_s
        while True:
            rollout(bare_rng)
            bare_rounds += 1
            now = clock()
            if now >= deadline:
                bare_elapsed += now - start
                break
    return rounds, actions, elapsed, bare_rounds, bare_elapsed


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=3.0, help="time per variant (default 3)")
    p.add_argument("--short", action="store_true", help="about 0.5 s per variant (CI)")
    p.add_argument("--variants", nargs="+", default=variant_names(), choices=variant_names())
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--slice", type=float, default=0.05,
                   help="seconds of each interleaved slice (default 0.05)")
    args = p.parse_args(argv)
    seconds = 0.5 if args.short else args.seconds
    if seconds <= 0:
        p.error("--seconds must be positive")

    if args.slice <= 0:
        p.error("--slice must be positive")

    print(f"Python {platform.python_version()} on {platform.machine()}, one process;"
          f" {seconds:g} s per variant (and as long of bare rollouts, interleaved in"
          f" {args.slice:g} s slices), seed {args.seed}")
    print()
    print("| variant | rounds | rounds/s | µs/action | actions/round | bare rounds/s | ÷ bare |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    ratios = {}
    for variant in args.variants:
        rounds, actions, elapsed, bare_rounds, bare_elapsed = measure(
            variant, seconds, args.seed, args.slice)
        rate = rounds / elapsed
        bare = bare_rounds / bare_elapsed
        ratios[variant] = rate / bare
        print(f"| {variant} | {rounds} | {rate:,.0f} | {elapsed / actions * 1e6:.1f}"
              f" | {actions / rounds:.1f} | {bare:,.0f} | {rate / bare:.3f} |", flush=True)
    print()
    for variant, ratio in ratios.items():
        target = TARGET_HABANERO_RATIO if variant == "habanero" else TARGET_VARIANT_RATIO
        verdict = "met" if ratio >= target else "NOT met"
        print(f"{variant}: {ratio:.3f} of the bare rollout, target {target}: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
