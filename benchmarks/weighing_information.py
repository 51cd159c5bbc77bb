"""What the expert's likelihood weighting learns and what it costs, by cards
left in hand (issue 3).

    python benchmarks/weighing_information.py --variant parejas --deals 8
    python benchmarks/weighing_information.py --variant tres --deals 8

Rounds are played by ``hard`` (10 worlds a move). At every decision of every
seat, 50 worlds are dealt from its view and weighed (``plausibility``, with
the plays ``_observed`` picks for that variant, or every play of the round
with ``--whole-round``). Printed per hand size: the **information**, the true
deal's weight over the mean weight of the random worlds (1: the plays tell
nothing; the mean of that ratio), and the **effective sample**, (sum w)^2 /
sum w^2 of the 50 worlds (50: no world is discounted).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys

from play_model import LearnedWeigher, load

from tute_desktop.bots import Budget, make_bot, search
from tute_desktop.bots.policy import Policy
from tute_desktop.engine import find_variant, new_game, resample, variant_names, view

WORLDS = 50


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", default="parejas", choices=variant_names(engine=True))
    p.add_argument("--deals", type=int, default=8, help="rounds (seeds 0 upwards)")
    p.add_argument("--whole-round", action="store_true",
                   help="explain every play of the round (3 and 4 players)")
    p.add_argument("--graded", type=float, default=0.0,
                   help="graded likelihoods (search.Weigher's graded): the model's error rate")
    p.add_argument("--model", default=None,
                   help="weigh by a learned model of the plays (play_model.py's JSON)")
    p.add_argument("--both", action="store_true",
                   help="with --model: its chance times the rule-based weight")
    p.add_argument("--unlikely", type=float, default=None,
                   help="the weight of a play off the model (search.UNLIKELY) for this run")
    args = p.parse_args()
    if args.unlikely is not None:
        search.UNLIKELY = args.unlikely
    if args.whole_round and find_variant(args.variant).players == 2:
        p.error("--whole-round is for 3 and 4 players (2 players draw after every trick)")
    whole = True if args.whole_round else None
    policy = Policy(0.0)
    weights = None if args.model is None else load(args.model)
    bot = make_bot("hard")
    rows: dict[int, list[tuple[float, float]]] = {}
    for seed in range(args.deals):
        st = new_game(find_variant(args.variant), seed=seed)
        rng = random.Random(seed)
        while st.phase == "play":
            seat = st.to_act
            assert seat is not None
            v = view(st, seat)
            if st.ask == 0:
                observed = search._observed(v.state, seat, whole)
                weigher = search.Weigher(v.state, observed, policy, args.graded) \
                    if weights is None else LearnedWeigher(v.state, observed, policy, weights,
                                                           args.both)
                ws = [weigher(resample(v, rng)) for _ in range(WORLDS)]
                ess = sum(ws) ** 2 / sum(w * w for w in ws)
                truth = weigher(st)
                rows.setdefault(st.hands[seat].bit_count(), []).append(
                    (truth / statistics.fmean(ws), ess))
            st.apply(bot.choose(v, rng, Budget(iterations=10)))
    print(f"{args.variant}{' (whole round)' if args.whole_round else ''}"
          f"{f', graded {args.graded}' if args.graded else ''}"
          f"{f', unlikely {args.unlikely}' if args.unlikely is not None else ''}"
          f"{f', model {args.model}' if args.model else ''},"
          f" {args.deals} rounds by hard, {WORLDS} worlds a decision")
    print("| cards in hand | decisions | information (true / mean weight) | its mean log"
          " | effective sample |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    for k in sorted(rows, reverse=True):
        r = rows[k]
        print(f"| {k} | {len(r)} | {statistics.fmean(x for x, _ in r):.1f}"
              f" | {statistics.fmean(math.log(x) for x, _ in r):+.2f}"
              f" | {statistics.fmean(e for _, e in r):.0f} |")
    every = [x for r in rows.values() for x, _ in r]
    print(f"all decisions: mean log information {statistics.fmean(math.log(x) for x in every):+.3f}"
          f" over {len(every)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
