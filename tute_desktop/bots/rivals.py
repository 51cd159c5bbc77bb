"""The last tricks of a ``tres`` round solved with each seat playing for itself
(issue 30): "max-n" rather than ``solver.Standings``' "paranoid" search.

``Standings`` has both opponents play against the searcher, as one side. In a
round of three each plays for its own win, and where one opponent is ahead the
other does not feed it points to keep the searcher down: the paranoid value of a
card can then be far too low. Here every seat picks the card best for itself
(winning the round, plus a small share of its point difference to the best
other seat, as ``base.terminal_value`` scores it); among cards equal for it, the
one worse for the searcher (a cautious tie-break). Without a shared bound there
is no alpha-beta, so the solve costs more (about four times ``Standings``' from
five cards a hand). No level uses it (``SearchBot.rivals``): against the expert
with ``Standings``, at equal worlds, no gain was shown (issue 30,
docs/benchmarks.md).
"""

from __future__ import annotations

from ..engine import State
from ..engine.cards import CARD_POINTS
from ..engine.tricks import BEATING, strict_mask, trick_result
from .base import POINT_SHARE
from .solver import Standings, _order

Values = tuple[float, ...]
"""A value for each side (here each seat: every seat is a side in ``tres``)."""


class Rivals(Standings):
    """Max-n: every side maximizes its own value (``Standings.leaf`` from its
    own seat). Values are memoized at trick starts by hands, leader,
    declarations and every side's points and latest trick (``Standings.got``)."""

    __slots__ = ("vmemo",)

    def __init__(self, st: State, me_seat: int) -> None:
        super().__init__(st, me_seat)
        self.vmemo: dict[tuple[object, ...], Values] = {}

    def root_values(self, st: State) -> dict[int, float]:
        """Each legal card's value for the searcher, every seat playing for itself."""
        seat = st.to_act
        assert seat is not None
        hands = list(st.hands)
        cards = list(st.trick_cards)
        seats = list(st.trick_seats)
        hand = hands[seat]
        mask = strict_mask(hand, cards, self.trump, self.undertrump)
        out = {}
        for c in _order(mask):
            hands[seat] = hand ^ (1 << c)
            out[c] = self._vplay(hands, [*cards, c], [*seats, seat], st.sung)[self.me]
        hands[seat] = hand
        return out

    def _vplay(self, hands: list[int], cards: list[int], seats: list[int], sung: int) -> Values:
        """The values after the last card of ``cards``."""
        n = self.n
        if len(cards) < n:
            return self._vchoose(hands, cards, seats, sung, (seats[-1] + 1) % n)
        wi, pts = trick_result(cards, self.trump)
        return self._vtrick(hands, seats[wi], pts, sung)

    def _vchoose(self, hands: list[int], cards: list[int], seats: list[int], sung: int,
                 seat: int) -> Values:
        """``seat`` picks the card best for its own side (ties: worst for the
        searcher). ``cards`` and ``seats`` are the trick so far, restored on return."""
        hand = hands[seat]
        mask = strict_mask(hand, cards, self.trump, self.undertrump) if cards else hand
        side = self.sides[seat]
        me = self.me
        best: Values | None = None
        last = len(cards) == self.n - 1
        if last:
            wi, base = trick_result(cards, self.trump)
            top_seat = seats[wi]
            beats = BEATING[self.trump][cards[wi]]
        else:
            nxt = (seat + 1) % self.n
            cards.append(-1)
            seats.append(seat)
        for c in _order(mask):
            hands[seat] = hand ^ (1 << c)
            if last:
                v = self._vtrick(hands, seat if beats >> c & 1 else top_seat,
                                 base + CARD_POINTS[c], sung)
            else:
                cards[-1] = c
                v = self._vchoose(hands, cards, seats, sung, nxt)
            if best is None or v[side] > best[side] or (v[side] == best[side] and v[me] < best[me]):
                best = v
        if not last:
            cards.pop()
            seats.pop()
        hands[seat] = hand
        assert best is not None
        return best

    def _vtrick(self, hands: list[int], winner: int, pts: int, sung: int) -> Values:
        """The values once a trick is complete (``Standings._after_trick``)."""
        side = self.sides[winner]
        last = not hands[winner]
        if last:
            pts += 10
        elif self.can_sing and not self.lost[side]:
            extra, sung = self._declare(hands, winner, sung)
            pts += extra
        saved = self.base, self.last, self.tricks, self.got
        self.base = points = saved[0][:]
        points[side] += pts
        self.tricks += 1
        self.last = latest = saved[1][:]
        latest[side] = self.tricks
        if last:
            v = self.leaves()
        else:
            self.got = (*points, *latest)
            key = (*hands, winner, sung, self.got)
            memo = self.vmemo.get(key)
            if memo is None:
                self.nodes += 1
                memo = self.vmemo[key] = self._vchoose(hands, [], [], sung, winner)
            v = memo
        self.base, self.last, self.tricks, self.got = saved
        return v

    def leaves(self) -> Values:
        """Every side's value of the round's end (``Standings.leaf`` from each)."""
        points = self.base
        top = max(points)
        winner = max((s for s, p in enumerate(points) if p == top), key=lambda s: self.last[s])
        out = []
        for s, p in enumerate(points):
            others = max(q for t, q in enumerate(points) if t != s)
            out.append((winner == s) + POINT_SHARE * (p - others) / 130.0)
        return tuple(out)
