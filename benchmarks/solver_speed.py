"""How long the exact endgame solvers take (issue 3): the expert solves every
world exactly from ``EXPERT_SOLVE_CARDS`` cards a hand with 3 and 4 players,
and the whole 2-player game once the stock is out, so a solve must stay far
below its one-second move.

    python benchmarks/solver_speed.py            # 100 positions a row
    python benchmarks/solver_speed.py --short    # 20 positions a row (CI)

Positions come from rounds played by the rule-based player (seeded), taken at
the first moment when every hand holds at most the given number of cards and
only card plays are left (2 players: the first lead after the stock).
``Each`` (every seat for itself) is the expert's ``cuatro`` solve from four
cards a hand, and its rollouts' from three; ``Rivals`` is the same solver
configured as ``tres``' candidate (``alone``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from tute_desktop.bots.alone import Each, Rivals
from tute_desktop.bots.policy import Policy
from tute_desktop.bots.search import solve_world
from tute_desktop.bots.solver import Endgame, Race, Standings
from tute_desktop.engine import State, find_variant, new_game
from tute_desktop.engine.actions import PLAY

ROWS = [("habanero", 8, Race), ("corriente", 6, Race), ("boricua", 7, Race),
        ("tres", 4, Standings), ("tres", 5, Standings), ("tres", 5, Endgame),
        ("tres", 4, Rivals), ("tres", 5, Rivals),
        ("parejas", 4, Endgame), ("parejas", 5, Endgame), ("parejas", 5, Standings),
        ("cuatro", 4, Standings), ("cuatro", 5, Standings), ("cuatro", 5, Endgame),
        ("cuatro", 3, Each), ("cuatro", 4, Each)]


class Contract:
    """subastado's solve (``search.solve_world``: the bidder's points, la contra
    against it, valued for the contract) in the shape of the solvers above."""

    def __init__(self, st: State, seat: int) -> None:
        self.seat = seat

    def root_values(self, st: State) -> dict[int, float]:
        return solve_world(st, self.seat)


ROWS += [("subastado", 4, Contract), ("subastado", 5, Contract), ("subastado", 6, Contract)]


def position(variant: str, cards: int, seed: int) -> State | None:
    rng = random.Random(seed)
    st = new_game(find_variant(variant), seed=seed)
    policy = Policy(0.0)
    while st.phase == "play":
        if (st.ask == 0 and (st.n > 2 or (st.stock_exhausted() and st.capote_seat < 0))
                and max(h.bit_count() for h in st.hands) <= cards
                and all(a.kind == PLAY for a in st.legal_actions())):
            return st
        st.apply(policy.act(st, rng), record=False)
    return None


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--positions", type=int, default=100)
    p.add_argument("--short", action="store_true", help="20 positions a row")
    p.add_argument("--variant", action="append", help="only these rule sets' rows")
    p.add_argument("--cpu", action="store_true",
                   help="CPU time of this process (time.process_time), not wall time:"
                        " less moved by other work on the machine")
    args = p.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    count = 20 if args.short else args.positions
    print("| variant | cards a hand | solver | positions | mean ms | median ms | max ms |")
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: |")
    for variant, cards, solver in ROWS:
        if args.variant and variant not in args.variant:
            continue
        times: list[float] = []
        seed = 0
        while len(times) < count:
            seed += 1
            st = position(variant, cards, seed)
            if st is None:
                continue
            seat = st.to_act
            assert seat is not None
            start = clock()
            solver(st, seat).root_values(st)
            times.append(1000 * (clock() - start))
        print(f"| {variant} | {cards} | {solver.__name__} | {count} | "
              f"{statistics.mean(times):.1f} | {statistics.median(times):.1f} | {max(times):.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
