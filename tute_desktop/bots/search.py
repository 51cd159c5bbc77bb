"""Determinized search (Perfect Information Monte Carlo): deal the cards the
seat cannot see in many ways consistent with its view (``resample``), and score
every legal action in each of those worlds, by a heuristic rollout to the end of
the round or, near the end, by the exact solver. The action with the best
average wins.

The searches see whole worlds, but only worlds made from the view: what the
seat cannot know is always a fresh random guess.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..engine import Action, State, View, resample
from ..engine.actions import CAPOTE, PLAY, PLAY_ACTIONS
from ..engine.cards import bits
from .base import Budget, terminal_value
from .policy import Policy, choose_card
from .solver import Endgame, Race, Standings, wins_every_trick


def rollout(world: State, policy: Policy, rng: random.Random, root: State, side: int) -> float:
    """Play ``world`` to the end of the round with ``policy`` for every seat."""
    act = policy.act
    while world.phase == "play":
        world.apply(act(world, rng), record=False)
    return terminal_value(root, world, side)


@dataclass(slots=True)
class SearchStats:
    worlds: int = 0
    rollouts: int = 0


def endgame_ready(st: State, solve_cards: int) -> bool:
    """Whether the exact solver can take over from here: every card known in a
    world (2 players: the stock is out; 3-4 players: few cards left)."""
    if st.phase != "play" or st.ask != 0:
        return False
    if st.n == 2:
        return st.stock_exhausted() and st.capote_seat < 0
    # A lead right after a won trick has its declaration window open: the
    # caller solves only when every action is a card (nothing to declare now).
    return max(h.bit_count() for h in st.hands) <= solve_cards


def pimc(
    view: View,
    actions: list[Action],
    rng: random.Random,
    budget: Budget,
    default_ms: float,
    policy: Policy,
    solve_cards: int = 0,
    stats: SearchStats | None = None,
    min_worlds: int = 1,
    early_stop: bool = False,
    weigh: bool = False,
) -> Action:
    """The action with the best mean value over determinized worlds; with
    ``weigh``, each world counts as much as it explains the opponents' plays in
    the trick being played (``plausibility``)."""
    st = view.state
    seat = view.seat
    side = st.side_of(seat)
    start = time.perf_counter()
    deadline = budget.deadline(default_ms)
    limit = budget.iterations
    k = len(actions)
    totals = [0.0] * k
    use_solver = solve_cards > 0 and endgame_ready(st, solve_cards) and all(
        a.kind == PLAY for a in actions)
    worlds = 0
    per_world: list[list[float]] = []
    observed = _observed(st, seat) if weigh else []
    while True:
        world = resample(view, rng)
        weight = plausibility(world, observed, policy) if observed else 1.0
        if use_solver:
            # tres: solved for winning the round, which points alone misjudge
            # (feeding the trailing opponent, not the leader); parejas has two
            # sides, where the most points is winning.
            solver = Standings(world, seat) if st.n == 3 else Endgame(world, seat)
            values = solver.root_values(world)
            row = [values[int(a.card)] for a in actions]  # type: ignore[arg-type]
        else:
            seed = rng.getrandbits(32)
            row = []
            for a in actions:
                w = world.clone()
                w.apply(a, record=False)
                row.append(rollout(w, policy, random.Random(seed), world, side))
            if stats is not None:
                stats.rollouts += k
        if weight != 1.0:
            row = [x * weight for x in row]
        for j in range(k):
            totals[j] += row[j]
        worlds += 1
        if limit is not None:
            if worlds >= limit:
                break
            continue
        now = time.perf_counter()
        # Stop when one more world would likely end past the deadline, so the
        # budget is a ceiling rather than a target overshot by the last world.
        # An exact solve can take a tenth of a second: two worlds are enough then.
        if worlds >= (2 if use_solver else min_worlds) and now + (now - start) / worlds >= deadline:
            break
        if early_stop:
            per_world.append(row)
            if worlds >= 24 and worlds % 8 == 0 and _clear(per_world, totals):
                break
    if stats is not None:
        stats.worlds += worlds
    best = 0
    for j in range(1, k):
        if totals[j] > totals[best]:
            best = j
    return actions[best]


UNLIKELY = 0.25
"""Weight of a world in which the rule-based player would not have made an
observed play (1 when it would have): a soft model, since real opponents are
not that player."""


def _observed(st: State, seat: int) -> list[int]:
    """Indexes into the trick being played of the opponents' plays worth
    explaining: each had a choice and was made with no draw since (so the hand
    it came from is the world's hand plus the cards played after it)."""
    side = st.side_of(seat)
    return [i for i, s in enumerate(st.trick_seats) if st.side_of(s) != side]


def plausibility(world: State, observed: list[int], policy: Policy) -> float:
    """How well ``world`` explains the observed plays: the product, over them,
    of 1 if the rule-based policy would have played that card from the world's
    hand, else ``UNLIKELY``. Reads only the world (made from the view), so a
    choice stays a function of the view and the seed."""
    weight = 1.0
    cards = world.trick_cards
    seats = world.trick_seats
    for i in observed:
        before = world.clone()
        for j in range(i, len(cards)):
            before.hands[seats[j]] |= 1 << cards[j]
        before.trick_cards = cards[:i]
        before.trick_seats = seats[:i]
        before.to_act = seats[i]
        before.window = False
        mask = before.legal_play_mask()
        if mask & (mask - 1) and choose_card(before, seats[i], mask) != cards[i]:
            weight *= UNLIKELY
    return weight


def _clear(per_world: list[list[float]], totals: list[float]) -> bool:
    """Whether the best action leads the second by over four standard errors of
    their paired difference: more worlds would not change the choice."""
    order = sorted(range(len(totals)), key=lambda j: -totals[j])
    a, b = order[0], order[1]
    diffs = [row[a] - row[b] for row in per_world]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return bool(mean > 4.0 * (var / n) ** 0.5 + 1e-9)


def solve_perfect(view: View, actions: list[Action], rng: random.Random) -> Action:
    """2 players after the stock: every card is known, one exact solve decides,
    for the round's stake (``Race``: a game or match to 101), not just points."""
    st = view.state
    seat = view.seat
    world = resample(view, rng)  # the only deal consistent with the view
    if any(a.kind == CAPOTE for a in actions) and wins_every_trick(world, seat):
        return next(a for a in actions if a.kind == CAPOTE)
    plays = [a for a in actions if a.kind == PLAY]
    if st.capote_seat >= 0:
        # A capote is on: the announcer must win every trick, the other one trick.
        for a in plays:
            w = world.clone()
            w.apply(a, record=False)
            ok = _capote_holds(w, st.capote_seat)
            if ok == (st.capote_seat == seat):
                return a
    values = Race(world, seat).root_values(world)
    return max(plays, key=lambda a: values[int(a.card)])  # type: ignore[arg-type]


def _capote_holds(w: State, announcer: int) -> bool:
    """After a play: can the announcer still win every trick against any defence?"""
    if w.phase != "play":
        return w.round_winner == announcer
    if not w.trick_cards:
        return w.to_act == announcer and wins_every_trick(w, announcer)
    # Mid-trick: the other seat answers; the announcer's card must beat every answer.
    other = w.to_act
    assert other is not None
    for c in bits(w.legal_play_mask()):
        x = w.clone()
        x.apply(PLAY_ACTIONS[c], record=False)
        if x.phase != "play":
            if x.round_winner != announcer:
                return False
            continue
        if x.to_act != announcer or not wins_every_trick(x, announcer):
            return False
    return True


