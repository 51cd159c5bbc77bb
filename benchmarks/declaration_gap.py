"""How far a declaration's value falls below the best value of the decision right
after it (issue 31 item 1), through the TEP ``analyze`` request with one seed:
declarations before a lead in seeded random habanero rounds, the declaration
valued at its decision and the seat's next decision (the lead) valued after it.

    python benchmarks/declaration_gap.py                  # 12 declarations, 100 deals
    python benchmarks/declaration_gap.py --count 30 --iterations 200

A declaration is worth its best continuation, so the gap should be 0 (the same
seed draws the same deals for both decisions).
"""

from __future__ import annotations

import argparse
import random

from tute_desktop.engine import find_variant, new_game
from tute_desktop.engine.actions import SING
from tute_desktop.engine.state import ASK_NONE, PLAYING
from tute_desktop.tep.players import analyze_request


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--count", type=int, default=12, help="declarations to measure")
    p.add_argument("--iterations", type=int, default=100, help="sampled deals")
    p.add_argument("--variant", default="habanero")
    args = p.parse_args()
    req = {"cmd": "analyze", "seed": 1, "iterations": args.iterations}
    gaps: list[float] = []
    seed = 0
    while len(gaps) < args.count:
        seed += 1
        rng = random.Random(seed)
        st = new_game(find_variant(args.variant), seed=seed)
        while st.phase is PLAYING and len(gaps) < args.count:
            actions = st.legal_actions()
            sings = [a for a in actions if a.kind is SING]
            if sings and not st.trick_cards and st.ask is ASK_NONE:
                values = {r["action"]: r["value"] for r in analyze_request(st, req)}
                w = st.clone()
                w.apply(sings[0])
                if w.phase is PLAYING and w.to_act == st.to_act:
                    best_next = max(r["value"] for r in analyze_request(w, req))
                    gaps.append(best_next - values[str(sings[0])])
                    print(f"seed {seed} {sings[0]}: {values[str(sings[0])]:.1f}, "
                          f"best next {best_next:.1f}, gap {gaps[-1]:.1f}", flush=True)
            st.apply(rng.choice(actions))
    print(f"gap over {len(gaps)} declarations: mean {sum(gaps) / len(gaps):.2f}, "
          f"max {max(gaps):.2f}")


if __name__ == "__main__":
    main()
