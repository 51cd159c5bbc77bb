"""A candidate for issue 30 (stop 57), measured only by ``blind_spots.py``'s
counts: the expert's prior for leads (``search.rule_lead``: while a 2-player
stock lasts, the rule-based card unless the search finds one clearly better)
carried over to following. Runs ``blind_spots.py`` with it, same arguments:

    cd benchmarks && ../.venv/bin/python follow_prior.py --no-judge --variant habanero \
        --variant corriente --level expert --rounds 12 --iterations 80

Not the expert's: an A/B against today's expert (``arena.py``) would decide.
"""

from __future__ import annotations

import sys

import blind_spots

from tute_desktop.bots import search
from tute_desktop.bots.policy import Policy, choose_card
from tute_desktop.engine import Action, State
from tute_desktop.engine.actions import PLAY


def rule_card(st: State, actions: list[Action], policy: Policy) -> Action | None:
    """``search.rule_lead``, also for a card following with 2 players."""
    if not st.stock_in_play() or st.to_act is None or any(a.kind is not PLAY for a in actions):
        return None
    if st.trick_cards and st.n != 2:
        return None
    mask = 0
    for a in actions:
        mask |= 1 << int(a.card)  # type: ignore[arg-type]
    c = choose_card(st, st.to_act, mask, policy.take_points)
    return next(a for a in actions if a.card == c)


if __name__ == "__main__":
    search.rule_lead = rule_card
    sys.exit(blind_spots.main(sys.argv[1:]))
