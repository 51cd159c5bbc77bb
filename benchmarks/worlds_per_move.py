"""How many determinized worlds ``hard`` and ``expert`` search per move at
their budgets, by variant (issue 3): what ten times the time buys the expert.

    python benchmarks/worlds_per_move.py --variant corriente --rounds 4
    python benchmarks/worlds_per_move.py --variant tres --rounds 4 --expert-ms 250 --hard-ms 25

Rounds (seeds 0 upwards) are played with the seats alternating between the
two levels (expert in even seats). At every move a level searches (more than
one choice, nothing decided without a search), the worlds it went through are
counted. Printed per level: searched moves, and worlds per move (median, 10th
and 90th percentiles). A perfect-information 2-player endgame is one exact
solve, not a sample of worlds, and is not counted; a 3- or 4-player endgame
is (each world solved exactly).

Wall-time budgets: on a busy machine both levels see fewer worlds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys

from tute_desktop.bots import Budget, make_bot
from tute_desktop.bots.levels import SearchBot
from tute_desktop.engine import find_variant, new_game, variant_names, view

LEVELS = ("expert", "hard")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", default="habanero", choices=variant_names())
    p.add_argument("--rounds", type=int, default=4, help="rounds (seeds 0 upwards)")
    p.add_argument("--expert-ms", type=float, default=None, help="expert's budget (its default)")
    p.add_argument("--hard-ms", type=float, default=None, help="hard's budget (its default)")
    args = p.parse_args()
    bots = {lv: make_bot(lv) for lv in LEVELS}
    budgets = {"expert": Budget(ms=args.expert_ms), "hard": Budget(ms=args.hard_ms)}
    worlds: dict[str, list[int]] = {lv: [] for lv in LEVELS}
    for seed in range(args.rounds):
        st = new_game(find_variant(args.variant), seed=seed)
        rng = random.Random(seed)
        while st.phase == "play":
            seat = st.to_act
            assert seat is not None
            level = LEVELS[seat % 2]
            bot = bots[level]
            assert isinstance(bot, SearchBot)
            before = bot.stats.worlds
            st.apply(bot.choose(view(st, seat), rng, budgets[level]))
            searched = bot.stats.worlds - before
            if searched:
                worlds[level].append(searched)
    print(f"{args.variant}, {args.rounds} rounds; expert {args.expert_ms or 'default'} ms,"
          f" hard {args.hard_ms or 'default'} ms")
    print("| level | searched moves | worlds per move: median | 10th percentile | 90th |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for lv in LEVELS:
        w = sorted(worlds[lv])
        if not w:
            print(f"| {lv} | 0 | | | |")
            continue
        dec = statistics.quantiles(w, n=10) if len(w) > 1 else [w[0]] * 9
        print(f"| {lv} | {len(w)} | {statistics.median(w):.0f} | {dec[0]:.0f} | {dec[-1]:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
