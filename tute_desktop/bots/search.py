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
from ..engine.actions import CAPOTE, PLAY, PLAY_ACTIONS, SING, SWAP
from ..engine.cards import bits
from ..engine.state import ASK_NONE
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


def solve_world(world: State, seat: int) -> dict[int, float]:
    """Every legal card's exact value in a 3- or 4-player world near its end:
    in ``tres`` for winning the round, which points alone misjudge (feeding the
    trailing opponent, not the leader); ``parejas`` has two sides, where the
    most points is winning, and the points solver is faster."""
    solver = Standings(world, seat) if world.n == 3 else Endgame(world, seat)
    return solver.root_values(world)


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
    follow: bool = False,
) -> Action:
    """The action with the best mean value over determinized worlds; with
    ``weigh``, each world counts as much as it explains the opponents' plays in
    the trick being played (``plausibility``); with ``follow``, a declaration or
    an exchange is scored together with each card that may follow it
    (``_sequences``)."""
    st = view.state
    seat = view.seat
    side = st.side_of(seat)
    start = time.perf_counter()
    deadline = budget.deadline(default_ms)
    limit = budget.iterations
    seqs: list[tuple[Action, ...]] = (
        _sequences(st, seat, actions) if follow else [(a,) for a in actions])
    k = len(seqs)
    specials = [j for j, q in enumerate(seqs) if q[0].kind in SPECIALS]
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
            values = solve_world(world, seat)
            row = [values[int(a.card)] for a in actions]  # type: ignore[arg-type]
        else:
            seed = rng.getrandbits(32)
            row = []
            for seq in seqs:
                w = world.clone()
                for a in seq:
                    w.apply(a, record=False)
                row.append(rollout(w, policy, random.Random(seed), world, side))
            if stats is not None:
                stats.rollouts += k
        if weight != 1.0:
            row = [x * weight for x in row]
        for j in range(k):
            totals[j] += row[j]
        if early_stop or specials:
            per_world.append(row)
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
        if early_stop and worlds >= 24 and worlds % 8 == 0 \
                and _choice(seqs, specials, totals, per_world)[1]:
            break
    if stats is not None:
        stats.worlds += worlds
    return seqs[_choice(seqs, specials, totals, per_world)[0]][0]


def _choice(seqs: list[tuple[Action, ...]], specials: list[int], totals: list[float],
            per_world: list[list[float]]) -> tuple[int, bool]:
    """The sequence to follow, and whether more worlds would not change it.

    The best mean wins; the choice is clear when it leads the best sequence
    that starts differently by over four standard errors of their paired
    difference. A declaration or an exchange (``specials``: the sequences that
    start with one) is kept unless not making it scores better by over two
    standard errors: made later, it scores the same as now in every world where
    the seat leads again in time (the rollouts make it then), so a near tie
    means make it now, while the chance lasts."""
    k = len(seqs)
    best = max(range(k), key=totals.__getitem__)
    if specials:
        others = [j for j in range(k) if j not in specials]
        js = max(specials, key=totals.__getitem__)
        if not others:
            return js, True
        jo = max(others, key=totals.__getitem__)
        lead = _lead(per_world, jo, js)
        if lead > 2.0:
            return jo, lead > 6.0
        return js, lead < -2.0 or _same(per_world, jo, js)
    rival = [j for j in range(k) if seqs[j][0] != seqs[best][0]]
    if not rival or len(per_world) < 2:
        return best, not rival
    second = max(rival, key=totals.__getitem__)
    return best, _lead(per_world, best, second) > 4.0


def _lead(per_world: list[list[float]], a: int, b: int) -> float:
    """How many standard errors sequence ``a`` leads ``b`` by (paired by world)."""
    diffs = [row[a] - row[b] for row in per_world]
    n = len(diffs)
    if n < 2:
        return 0.0
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var <= 1e-18:
        return 0.0 if abs(mean) <= 1e-12 else (1e9 if mean > 0 else -1e9)
    return float(mean / (var / n) ** 0.5)


def _same(per_world: list[list[float]], a: int, b: int) -> bool:
    """Whether ``a`` and ``b`` scored the same in every world so far (24 or more)."""
    return len(per_world) >= 24 and all(abs(row[a] - row[b]) <= 1e-12 for row in per_world)


SPECIALS = (SWAP, SING)
"""The decisions besides a card that a lead may offer: exchanging (§5) and
declaring (§4)."""


def _sequences(st: State, seat: int, actions: list[Action]) -> list[tuple[Action, ...]]:
    """What to score: each action alone, except a declaration or an exchange at
    a lead, which is scored followed by each card it allows, so that making it
    is compared with not making it as the player will really follow it (the
    best card after it, not the rollout policy's card); the search of the next
    decision then picks that card again. Own hand, the face-up card and the
    declarations are known, so the sequences are the same in every world."""
    if not any(a.kind in SPECIALS for a in actions) or not any(a.kind == PLAY for a in actions):
        return [(a,) for a in actions]
    out: list[tuple[Action, ...]] = []
    for a in actions:
        if a.kind not in SPECIALS:
            continue
        w = st.clone()
        w.apply(a, record=False)
        after = [b for b in w.legal_actions() if b.kind == PLAY] \
            if w.to_act == seat and w.ask == ASK_NONE else []
        out.extend([(a, b) for b in after] or [(a,)])
    out.extend((a,) for a in actions if a.kind not in SPECIALS)
    return out


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


