"""How good the expert's endgame choices are with 3 and 4 players, measured
choice by choice rather than by whole games (issue 3).

    python benchmarks/endgame_choices.py --variant parejas --deals 200 --compare objective
    python benchmarks/endgame_choices.py --variant tres --deals 60 --compare weigh

Rounds are played by ``--players`` bots (``hard`` at a fixed 10 worlds by
default, so the plays to explain come from a searcher, not from the model the
weighting assumes). At every decision with at most five cards a hand where
only cards may be played, the seat to act picks a card the expert's way (the
mean over ``--worlds`` worlds dealt from its view, each solved exactly) in two
ways, A and B:

- ``objective``: averaging the points solver's raw values (A: the expert
  before session 3) or the round's value mapped from them (B: ``team_value``,
  parejas only);
- ``weigh``: every world counted alike (A) or weighted by how well it explains
  the other seats' plays of the round (B: ``plausibility``).

Each choice is then judged in the true deal by its exact value for winning
the round (``Standings``: every hand known, both sides playing their best),
next to the best card there. Printed: how often A and B differ, their mean
true values, and B - A with its standard error (paired by position).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from tute_desktop.bots import Budget, make_bot
from tute_desktop.bots.policy import Policy
from tute_desktop.bots.search import Weigher, _observed, solve_world, team_value
from tute_desktop.bots.solver import Endgame, Standings
from tute_desktop.engine import State, find_variant, new_game, resample, view
from tute_desktop.engine.actions import PLAY

CARDS = 5


def positions(variant: str, players: str, seed: int) -> list[State]:
    """Every endgame decision of one round played by ``players`` bots."""
    st = new_game(find_variant(variant), seed=seed)
    bot = make_bot(players)
    rng = random.Random(seed)
    out = []
    while st.phase == "play":
        acts = st.legal_actions()
        if (st.ask == 0 and len(acts) > 1 and all(a.kind == PLAY for a in acts)
                and max(h.bit_count() for h in st.hands) <= CARDS):
            out.append(st.clone())
        seat = st.to_act
        assert seat is not None
        st.apply(bot.choose(view(st, seat), rng, Budget(iterations=10)))
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", default="parejas", choices=["tres", "parejas"])
    p.add_argument("--deals", type=int, default=60, help="rounds (seeds 0 upwards)")
    p.add_argument("--worlds", type=int, default=20, help="worlds per choice")
    p.add_argument("--players", default="hard", help="the bot level that plays the rounds")
    p.add_argument("--compare", default="weigh", choices=["objective", "weigh"])
    args = p.parse_args()
    if args.compare == "objective" and args.variant != "parejas":
        p.error("--compare objective is about parejas (tres solves for the round already)")
    policy = Policy(0.0)
    start = time.perf_counter()
    a_vals: list[float] = []
    b_vals: list[float] = []
    best: list[float] = []
    differ = 0
    for seed in range(args.deals):
        for st in positions(args.variant, args.players, seed):
            seat = st.to_act
            assert seat is not None
            v = view(st, seat)
            rng = random.Random(seed * 1000 + len(best))
            cards = [int(a.card) for a in st.legal_actions()]  # type: ignore[arg-type]
            observed = _observed(v.state, seat)
            weigher = Weigher(v.state, observed, policy)
            side = st.side_of(seat)
            base = st.points[side] - st.points[1 - side] if st.n == 4 else 0
            ta = dict.fromkeys(cards, 0.0)
            tb = dict.fromkeys(cards, 0.0)
            for _ in range(args.worlds):
                w = resample(v, rng)
                if args.compare == "objective":
                    raw = Endgame(w, seat).root_values(w)
                    for c in cards:
                        ta[c] += raw[c]
                        tb[c] += team_value(base + raw[c])
                else:
                    vals = solve_world(w, seat)
                    weight = weigher(w)
                    for c in cards:
                        ta[c] += vals[c]
                        tb[c] += weight * vals[c]
            true = Standings(st, seat).root_values(st)
            ca, cb = max(cards, key=ta.__getitem__), max(cards, key=tb.__getitem__)
            differ += ca != cb
            a_vals.append(true[ca])
            b_vals.append(true[cb])
            best.append(max(true.values()))
    n = len(best)
    diffs = [b - a for a, b in zip(a_vals, b_vals, strict=True)]
    se = statistics.stdev(diffs) / n ** 0.5 if n > 1 else 0.0
    print(f"{args.variant}, --compare {args.compare}, rounds by {args.players}, "
          f"{args.worlds} worlds a choice: {n} positions, {time.perf_counter() - start:.0f} s")
    print(f"  true value of the choice (round won + share of points):"
          f" A {statistics.fmean(a_vals):.4f}  B {statistics.fmean(b_vals):.4f}"
          f"  best card {statistics.fmean(best):.4f}")
    print(f"  B - A: {statistics.fmean(diffs):+.4f} ± {se:.4f} (standard error);"
          f" the choices differ at {differ} positions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
