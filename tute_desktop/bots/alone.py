"""Exact play of the last tricks where every seat plays alone for itself
(``cuatro``, ``tres``: RULES §8, §13): each seat picks the card best for its
own value, not the one worst for the searcher (``solver.Standings`` is
"paranoid": the others play as one side against it, which with two or three
opponents is far from how they play).

A "max^n" search (``Each``): a position's value is one number per seat, each
seat's value of the round's end (winning it, plus a small share of its point
margin over the best other seat: the leaf value, a parameter), and the seat to
play keeps the card whose result is best for itself (among equals, the first,
high cards first, or the worst for the searcher: the tie rule, a parameter).
There is no alpha-beta (the values are not zero-sum), so positions at trick
boundaries are memoized by hands, leader, declarations made and the standings
so far. The expert solves ``cuatro`` with it (``EACH_FOR_ITSELF``,
``SolvingPolicy``); ``Rivals`` is its configuration for issue 30's ``tres``
candidate (``SearchBot.rivals``, off in every level).

Its walk through a trick is ``solver.Endgame``'s (the trick's last card
answered against the card winning it so far, worked out once), written with
the standings passed down as tuples rather than kept on the solver as
``Standings`` keeps them: ``Rivals`` costs 16% fewer instructions than in its
copy of that walk, before it became a configuration of ``Each``
(docs/benchmarks.md; tests/test_alone.py pins both configurations' values).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from ..engine import State
from ..engine.cards import CARD_POINTS, KINGS_MASK, KINGS_OF_SUITS, REY
from ..engine.rules import DeclareUntil
from ..engine.state import PLAYING
from ..engine.tricks import BEATING, strict_mask, trick_result
from .base import POINT_SHARE, terminal_value
from .policy import Policy
from .solver import _order

Values = tuple[float, ...]
"""A value for each seat (every seat is a side of its own)."""

Leaf = Callable[[list[int], list[int]], Values]
"""Every seat's value of the round's end, from every seat's points and the
number of its latest trick won (``Each(leaf=...)``)."""

FIRST_OF_EQUALS: Final = -1
"""``Each(against=...)``: among cards equal for the seat to play, the first
(high cards first)."""


def margin_leaf(points: list[int], last: list[int]) -> Values:
    """Winning the round (most points, a tie to the later trick: §8), plus a
    quarter of the seat's margin over the best other seat, of 130 (the value of
    ``terminal_value``, its share of the margin scaled once: ``Each``'s default,
    the expert's in ``cuatro``)."""
    top = max(points)
    winner = max((s for s, p in enumerate(points) if p == top), key=last.__getitem__)
    ranked = sorted(points, reverse=True)
    first, second = ranked[0], ranked[1]
    scale = POINT_SHARE / 130.0
    return tuple((s == winner) + scale * (p - (second if p == first else first))
                 for s, p in enumerate(points))


def terminal_leaf(points: list[int], last: list[int]) -> Values:
    """``margin_leaf``'s value rounded as ``base.terminal_value`` rounds it (the
    share of each seat's own margin worked out whole: ``Rivals``'; the two
    differ in the last bits only, never in which is larger)."""
    first, second = sorted(points, reverse=True)[:2]
    winner = max((s for s, p in enumerate(points) if p == first), key=last.__getitem__)
    return tuple((s == winner) + POINT_SHARE * (p - (second if p == first else first)) / 130.0
                 for s, p in enumerate(points))


EACH_FOR_ITSELF: Final = frozenset({"cuatro"})
"""Rule sets (by name) whose worlds near the end the expert solves with
``Each`` rather than ``solver.Standings`` (``search.solve_world``): a bot's
tuning, not a rule. Against hard in ``cuatro`` it did better on the same
duplicate deals than the paranoid solve (issue 32, docs/benchmarks.md);
``tres`` keeps ``Standings`` (its recorded choices, untested there)."""


class Each:
    """A perfect-information position near a round's end, every seat its own
    side (``Rules.partners`` none), ready to solve for every seat at once.

    ``me_seat``: the seat whose values ``root_values`` gives (the seat to act
    at the root if None). ``leaf``: the value of the round's end for every
    seat. ``against``: the tie rule, ``FIRST_OF_EQUALS`` or a seat: among cards
    equal for the seat to play, the one worst for that seat."""

    __slots__ = ("n", "trump", "undertrump", "can_sing", "lost", "memo", "nodes", "me", "leaf",
                 "against")

    def __init__(self, st: State, me_seat: int | None = None, leaf: Leaf = margin_leaf,
                 against: int = FIRST_OF_EQUALS) -> None:
        if st.rules.sides != st.n:
            raise ValueError("Each: every seat must be a side of its own (cuatro, tres)")
        self.me = me_seat
        self.leaf = leaf
        self.against = against
        self.n = st.n
        self.trump = st.trump
        self.undertrump = st.rules.undertrump
        # Declarations stay open to the end of the round where every card is dealt (§4).
        self.can_sing = st.rules.declare_until is DeclareUntil.ROUND
        self.lost = tuple(st.lost_right)
        self.memo: dict[tuple[int, ...], Values] = {}
        self.nodes = 0

    def root_values(self, st: State) -> dict[int, float]:
        """Each legal card's value for ``me_seat``, every seat then playing for
        itself."""
        seat = st.to_act
        assert seat is not None
        hands = list(st.hands)
        cards = list(st.trick_cards)
        seats = list(st.trick_seats)
        hand = hands[seat]
        points = tuple(st.points)
        last = tuple(st.last_win)
        me = seat if self.me is None else self.me
        out = {}
        for c in _order(strict_mask(hand, cards, self.trump, self.undertrump)):
            hands[seat] = hand ^ (1 << c)
            out[c] = self._after_card(hands, [*cards, c], [*seats, seat], st.sung, points,
                                      last, st.tricks_played)[me]
        hands[seat] = hand
        return out

    def values(self, st: State) -> Values:
        """The position's value for every seat (``st.to_act`` to play, at a lead
        or within a trick): a leaf of a rollout that ends in an exact solve."""
        seat = st.to_act
        assert seat is not None
        return self._choose(list(st.hands), list(st.trick_cards), list(st.trick_seats), st.sung,
                            tuple(st.points), tuple(st.last_win), st.tricks_played, seat)

    def _after_card(self, hands: list[int], cards: list[int], seats: list[int], sung: int,
                    points: tuple[int, ...], last: tuple[int, ...], tricks: int) -> Values:
        n = self.n
        if len(cards) < n:
            return self._choose(hands, cards, seats, sung, points, last, tricks,
                                (seats[-1] + 1) % n)
        wi, pts = trick_result(cards, self.trump)
        return self._after_trick(hands, seats[wi], pts, sung, points, last, tricks)

    def _after_trick(self, hands: list[int], winner: int, pts: int, sung: int,
                     points: tuple[int, ...], last: tuple[int, ...], tricks: int) -> Values:
        end = not hands[winner]
        if end:
            pts += 10  # las diez de últimas (§8)
        elif self.can_sing and not self.lost[winner]:
            h = hands[winner]
            if h & (h << 1) & KINGS_MASK:  # a Rey and its Caballo held: a cante, maybe
                extra, sung = self._declare(h, sung)
                pts += extra
        tricks += 1
        pl = list(points)
        pl[winner] += pts
        ll = list(last)
        ll[winner] = tricks
        if end:
            return self.leaf(pl, ll)
        return self._trick_start(hands, winner, sung, tuple(pl), tuple(ll), tricks)

    def _declare(self, hand: int, sung: int) -> tuple[int, int]:
        """The biggest cante the trick's winner holds, made at once (as
        ``Endgame._declare``, without partners)."""
        kings = hand & (hand << 1) & KINGS_MASK & ~KINGS_OF_SUITS[sung & 15]
        if not kings:
            return 0, sung
        if kings >> (self.trump * 10 + REY) & 1:
            return 40, sung | 1 << self.trump
        best = ((kings & -kings).bit_length() - 1) // 10
        return 20, sung | 1 << best

    def _choose(self, hands: list[int], cards: list[int], seats: list[int], sung: int,
                points: tuple[int, ...], last: tuple[int, ...], tricks: int,
                seat: int) -> Values:
        """``seat`` plays the card best for itself (among equals, by the tie
        rule: ``against``). ``cards`` and ``seats`` are the trick so far,
        restored on return."""
        hand = hands[seat]
        mask = strict_mask(hand, cards, self.trump, self.undertrump) if cards else hand
        n = self.n
        against = self.against
        best: Values = ()  # none yet
        if len(cards) == n - 1:  # the trick's last card: its result worked out once
            wi, base = trick_result(cards, self.trump)
            top = seats[wi]
            beats = BEATING[self.trump][cards[wi]]
            for c in _order(mask):
                hands[seat] = hand ^ (1 << c)
                v = self._after_trick(hands, seat if beats >> c & 1 else top,
                                      base + CARD_POINTS[c], sung, points, last, tricks)
                if not best or v[seat] > best[seat] or (
                        against >= 0 and v[seat] == best[seat] and v[against] < best[against]):
                    best = v
        else:
            nxt = (seat + 1) % n
            cards.append(-1)
            seats.append(seat)
            for c in _order(mask):
                hands[seat] = hand ^ (1 << c)
                cards[-1] = c
                v = self._choose(hands, cards, seats, sung, points, last, tricks, nxt)
                if not best or v[seat] > best[seat] or (
                        against >= 0 and v[seat] == best[seat] and v[against] < best[against]):
                    best = v
            cards.pop()
            seats.pop()
        hands[seat] = hand
        assert best
        return best

    def _trick_start(self, hands: list[int], leader: int, sung: int,
                     points: tuple[int, ...], last: tuple[int, ...], tricks: int) -> Values:
        key = (*hands, leader, sung, *points, *last)
        v = self.memo.get(key)
        if v is None:
            self.nodes += 1
            v = self._choose(hands, [], [], sung, points, last, tricks, leader)
            self.memo[key] = v
        return v


class Rivals(Each):
    """Issue 30's candidate for ``tres`` (``SearchBot.rivals``; the arena's
    ``expert-rivals``): ``Each`` for ``me_seat``, the round's end valued as
    ``terminal_value`` rounds it (``terminal_leaf``) and, among cards equal for
    the seat to play, the one worse for ``me_seat`` (a cautious tie rule). In a
    round of three, where one opponent is ahead the other does not feed it
    points to keep the searcher down: the paranoid ``Standings`` can value a
    card far too low. No level uses it: against the expert with ``Standings``,
    at equal worlds, no gain was shown (issue 30, docs/benchmarks.md)."""

    __slots__ = ()

    def __init__(self, st: State, me_seat: int) -> None:
        super().__init__(st, me_seat, terminal_leaf, against=me_seat)


LEAF_CARDS: Final = 3
"""In the rule sets of ``EACH_FOR_ITSELF``, the hand size from which the
expert's rollouts end in an exact solve (``SolvingPolicy``): a solve from
three cards costs about 2 ms, a tenth of a world of ten cards' rollouts."""


class SolvingPolicy(Policy):
    """The expert's rollouts (``levels.EXPERT_POLICY``): the rule-based player,
    except that in the rule sets of ``EACH_FOR_ITSELF`` (``cuatro``) a rollout
    that reaches a trick of the last ``LEAF_CARDS`` once its lead is played is
    valued by ``Each``, every seat then playing the rest for itself as well as
    it can, instead of by the rule-based player's play of it (``search.rollout``).
    The lead is left to the rule-based player, so that a declaration at it is
    made as a rollout makes it (``Each`` declares after each trick won). Against
    hard it did better on the same duplicate deals (issue 32, docs/benchmarks.md).
    Elsewhere it plays exactly as ``Policy``."""

    __slots__ = ()

    def rollout(self, world: State, rng: random.Random, root: State, side: int) -> float:
        """Play ``world`` to its end (or to the solve) and value it for ``side``
        as ``base.terminal_value`` does."""
        solve = world.rules.name in EACH_FOR_ITSELF
        plain, act = self.plain_card, self.act
        while world.phase is PLAYING:
            if solve and len(world.trick_cards) == 1 \
                    and max(h.bit_count() for h in world.hands) <= LEAF_CARDS:
                return Each(world).values(world)[side]
            c = plain(world, rng)
            if c >= 0:
                world.play_known(c)  # from legal_play_mask(): no check needed
            else:
                world.apply(act(world, rng), record=False)
        return terminal_value(root, world, side)
