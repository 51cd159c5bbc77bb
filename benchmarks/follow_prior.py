"""A candidate for issue 30 (stop 57), measured only by ``blind_spots.py``'s
counts: the expert's prior for leads (``search.rule_lead``: while a 2-player
stock lasts, the rule-based card unless the search finds one clearly better)
carried over to following. Runs ``blind_spots.py`` with it, same arguments:

    cd benchmarks && ../.venv/bin/python follow_prior.py --no-judge --variant habanero \
        --variant corriente --level expert --rounds 12 --iterations 80

and against today's expert in duplicate deals (``arena.py``, one process: the
default is switched on only while ``expert-follow`` chooses):

    cd benchmarks && ../.venv/bin/python follow_prior.py arena --variant habanero \
        --a expert-follow --b expert --a-iterations 80 --b-iterations 80 --deals 200 --jobs 1

Not the expert's: the A/B decides.
"""

from __future__ import annotations

import random
import sys

import blind_spots

from tute_desktop.bots import Budget, search
from tute_desktop.bots.policy import Policy
from tute_desktop.engine import Action, State

original_rule_lead = search.rule_lead
"""The expert's own default (leads only), kept before it is switched."""


def rule_card(st: State, actions: list[Action], policy: Policy) -> Action | None:
    """``search.rule_lead``, also for a card following with 2 players."""
    return original_rule_lead(st, actions, policy, following=True)


def arena_main(argv: list[str]) -> int:
    """``arena.py`` with one more player, ``expert-follow``: the expert with
    ``rule_card`` as its default while it chooses (``--jobs 1``: the switch is
    this process's)."""
    import arena

    plain = arena.make_player

    def make_player(name: str, budget: Budget) -> arena.Chooser:
        if name != "expert-follow":
            return plain(name, budget)
        choose = plain("expert", budget)

        def follow(st: State, rng: random.Random) -> Action:
            search.rule_lead = rule_card
            try:
                return choose(st, rng)
            finally:
                search.rule_lead = original_rule_lead

        return follow

    arena.PLAYERS = (*arena.PLAYERS, "expert-follow")
    arena.make_player = make_player
    if "--jobs" not in argv:
        argv = [*argv, "--jobs", "1"]
    return arena.main(argv)


if __name__ == "__main__":
    if sys.argv[1:2] == ["arena"]:
        sys.exit(arena_main(sys.argv[2:]))
    search.rule_lead = rule_card
    sys.exit(blind_spots.main(sys.argv[1:]))
