"""Fixed engine work for counting instructions (issue 16: typed events at most 5%
slower). The same seeds every run, so under ``valgrind --tool=callgrind`` the
count repeats whatever else the machine is doing; subtract the count of
``... api 0`` (start-up only) from each.

    valgrind --tool=callgrind .venv/bin/python benchmarks/engine_work.py api 300
    valgrind --tool=callgrind .venv/bin/python benchmarks/engine_work.py roll 300
    valgrind --tool=callgrind .venv/bin/python benchmarks/engine_work.py view 60
    VARIANTS=habanero valgrind ... engine_work.py api 600

``api``: random public-API rounds (events built). ``roll``: rounds played by the
rollout policy with ``apply(record=False)``, the bots' hot path. ``view``: random
rounds with a view and a resample every seventh action.
"""

from __future__ import annotations

import os
import random
import sys

from tute_desktop.bots.policy import Policy
from tute_desktop.engine import find_variant, new_game, resample, view


def api_rounds(variant: str, n: int, seed: int) -> None:
    rules = find_variant(variant)
    rng = random.Random(seed)
    for _ in range(n):
        st = new_game(rules, rng=rng)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))


def rollouts(variant: str, n: int, seed: int) -> None:
    rules = find_variant(variant)
    rng = random.Random(seed)
    policy = Policy(0.0)
    for _ in range(n):
        st = new_game(rules, rng=rng)
        while not st.is_terminal():
            st.apply(policy.act(st, rng), record=False)


def views(variant: str, n: int, seed: int) -> None:
    rules = find_variant(variant)
    rng = random.Random(seed)
    for _ in range(n):
        st = new_game(rules, rng=rng)
        k = 0
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
            k += 1
            if k % 7 == 0 and st.to_act is not None:
                resample(view(st, st.to_act), rng)


WORK = {"api": api_rounds, "roll": rollouts, "view": views}


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in WORK:
        print(__doc__, file=sys.stderr)
        return 2
    variants = os.environ.get("VARIANTS", "habanero corriente boricua tres parejas").split()
    for v in variants:
        WORK[argv[0]](v, int(argv[1]), 5)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
