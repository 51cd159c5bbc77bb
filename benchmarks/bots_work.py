"""Fixed bot work for counting instructions (issue 21): rounds in which the expert
(even seats) plays the hard level (odd seats), each at a fixed number of worlds a
move, so that under ``valgrind --tool=callgrind`` the count repeats whatever else
the machine does. Subtract the count of a run with 0 rounds (start-up only).

    valgrind --tool=callgrind .venv/bin/python benchmarks/bots_work.py habanero 1 6
    valgrind --tool=callgrind .venv/bin/python benchmarks/bots_work.py habanero 0 6

Arguments: variants (comma-separated), rounds per variant (seeds 0 upwards),
worlds per move.
"""

from __future__ import annotations

import random
import sys

from tute_desktop.bots import Budget, make_bot
from tute_desktop.engine import find_variant, new_game, view


def run(variants: tuple[str, ...], rounds: int, iterations: int) -> None:
    for variant in variants:
        for seed in range(rounds):
            st = new_game(find_variant(variant), seed=seed)
            expert, hard = make_bot("expert"), make_bot("hard")
            k = 0
            while not st.is_terminal():
                seat = st.to_act
                assert seat is not None
                bot = expert if seat % 2 == 0 else hard
                budget = Budget(iterations=iterations)
                st.apply(bot.choose(view(st, seat), random.Random(k), budget))
                k += 1


if __name__ == "__main__":
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    run(tuple(sys.argv[1].split(",")), int(sys.argv[2]), int(sys.argv[3]))
