"""What every bot level shares: the budget, the bot interface, and what a seat
may count from public information (cards played, cards still out).

A bot decides from ``view(state, seat)`` alone (STYLE "a bot that reads the full
state" is the anti-pattern): nothing in this package takes a ``State`` that holds
another seat's hidden cards, except the searches, which run on worlds dealt by
``resample`` from the view.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..engine import Action, State, View
from ..engine.cards import SUIT_MASKS
from ..engine.events import Reason
from ..engine.rules import Scoring
from ..engine.state import MATCH_OVER


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a bot may think: ``ms`` of wall time, or a fixed number of
    ``iterations`` (determinized worlds for the search levels), which makes a
    choice repeatable for a given seed. Neither given: the level's default."""

    ms: float | None = None
    iterations: int | None = None

    def deadline(self, default_ms: float) -> float:
        """The ``time.perf_counter()`` by which a time-budgeted search stops."""
        ms = self.ms if self.ms is not None else default_ms
        return time.perf_counter() + ms / 1000.0


class Bot(Protocol):
    """A bot level: picks one legal action for ``view.seat`` from the view alone."""

    level: str

    def choose(self, view: View, rng: random.Random, budget: Budget | None = None) -> Action:
        ...


def out_mask(st: State, seat: int, played: int | None = None) -> int:
    """Cards still out for ``seat``: not yet played and not in its hand (the
    others' hands and the stock, the face-up card included). ``played``:
    ``st.played_mask()`` when the caller has it already."""
    if played is None:
        played = st.played_mask()
    return st.rules.deck & ~played & ~st.hands[seat]


def suit_mask(card: int) -> int:
    return SUIT_MASKS[card // 10]


def logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


_TO_101 = frozenset({Scoring.GAMES_101, Scoring.RUNNING_101})
"""Match scorings of points to 101 (2 players, §10), where a round's end is
valued by the race to 101 rather than by who won the round."""

POINT_SHARE = 0.25
"""Weight of the round's point difference (of 130) next to winning (0..1)."""


def game_won(totals: Sequence[int], end: State, side: int) -> int:
    """In a game to 101 (2 players, RULES §10.1, §10.3), whether the round from
    a position whose match totals were ``totals`` to ``end`` won ``side`` the
    game or the match (1), won it the other side (-1), or decided neither (0)."""
    opp = 1 - side
    if end.totals[side] > totals[side] or end.winner == side:
        return 1
    if end.totals[opp] > totals[opp] or end.winner == opp:
        return -1
    return 0


def racing(st: State) -> bool:
    """A round in which 101 is reached in play and ends the game there (la
    vuelta, boricua's running total; ``State.carries_points``), 2 players."""
    return st.rules.scoring in _TO_101 and st.n == 2 and st.carries_points()


def terminal_value(root: State, end: State, side: int) -> float:
    """How good the end of a round (``end``, reached from ``root``) is for ``side``:
    winning what the round decides counts most (a game to 101, the round, the
    match), plus a small share of the point difference."""
    rules = end.rules
    pts = end.points
    if rules.scoring in _TO_101:
        opp = 1 - side
        diff = pts[side] - pts[opp]
        game = game_won(root.totals, end, side)
        if game:
            win = 1.0 if game > 0 else 0.0
        elif rules.scoring is Scoring.RUNNING_101:
            # boricua: the round's winner, and how far ahead the running totals are.
            lead = end.carry[side] - end.carry[opp]
            win = 0.5 * (end.round_winner == side) + 0.5 * logistic(lead / 25.0)
        else:
            # A first deal without 101: la vuelta follows with these points carried.
            lead = end.carry[side] - end.carry[opp]
            win = 0.5 * (end.round_winner == side) + 0.5 * logistic(lead / 20.0)
        return win + POINT_SHARE * diff / 130.0
    if end.reason is Reason.THROW_IN:
        return 1.0 / rules.sides  # dealt again (§11): an even chance, no points
    if end.winner is not None and end.phase is MATCH_OVER:
        win = 1.0 if end.winner == side else 0.0
    else:
        win = 1.0 if end.round_winner == side else 0.0
        if end.reason is Reason.TUTE:
            win = 1.3 if end.round_winner == side else -0.3
    others = [pts[s] for s in range(len(pts)) if s != side]
    diff = pts[side] - max(others)
    return win + POINT_SHARE * diff / 130.0
