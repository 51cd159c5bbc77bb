"""Rollouts that end in an exact solve (issue 30): the rule-based player plays a
world until every hand holds a few cards, then the last tricks are played
perfectly (``solver.Endgame``) rather than by the rules of thumb.

A world's value then counts its end played well: what the search learns about
a card from the rollouts after it is less blurred by the rule-based player's
mistakes in the last tricks. A solve from three cards a hand costs about three
rollouts (``parejas``), so it pays only where the value per world matters more
than their number. No level uses it (``SearchBot.finish``): against the expert
without it, at equal worlds, no gain was shown (issue 30, docs/benchmarks.md).
"""

from __future__ import annotations

import random

from ..engine import State
from ..engine.state import ASK_NONE, PLAYING
from .base import terminal_value
from .policy import Policy, _plain_lead
from .solver import Endgame


def finished_rollout(world: State, policy: Policy, rng: random.Random, root: State, side: int,
                     cards: int) -> float:
    """``search.rollout``'s value of ``world`` for ``side``, except that once a
    trick is to be led with at most ``cards`` cards in every hand and nothing to
    decide but the card (``policy._plain_lead``), the rest is solved exactly for
    the point difference (two sides: ``parejas``) and valued as ``team_value``."""
    plain, act = policy.plain_card, policy.act
    while world.phase is PLAYING:
        if not world.trick_cards and world.ask is ASK_NONE \
                and max(h.bit_count() for h in world.hands) <= cards:
            seat = world.to_act
            assert seat is not None
            if _plain_lead(world, seat):
                return _solved(world, seat, side)
        c = plain(world, rng)
        if c >= 0:
            world.play_known(c)
        else:
            world.apply(act(world, rng), record=False)
    return terminal_value(root, world, side)


def _solved(world: State, seat: int, side: int) -> float:
    """The exact value for ``side`` of the rest of ``world`` from ``seat``'s lead
    (two sides: the points difference, each side playing its best)."""
    from .search import team_value  # search rolls out with this module: no cycle at import

    values = Endgame(world, seat).root_values(world).values()
    mine = world.side_of(seat) == side
    best = max(values) if mine else -max(values)
    base = world.points[side] - world.points[1 - side]
    return team_value(base + best)
