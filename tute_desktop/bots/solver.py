"""Exact play of the last tricks when every card is known: the 2-player game once
the stock is exhausted, and the last few tricks of a determinized 3- or
4-player round.

Every remaining trick is played under the strict obligations (RULES §3), so the
search works on bare hand masks. Its value is additive (the points still to be
won), so positions at trick boundaries are memoized exactly: for two players
with 8 cards each there are only a few ten thousand of them. The maximizing side
counts its future points minus the others' (for ``tres``, minus half of both
opponents': they are treated as allies against the searcher, the "paranoid"
assumption). Declarations still possible with 3 and 4 players (RULES §4: until
the end of the round) are made greedily, the biggest one after each trick won.
"""

from __future__ import annotations

from typing import Final

from ..engine import State
from ..engine.cards import CABALLO, CARD_POINTS, REY
from ..engine.tricks import beats, strict_mask

INF: Final = float("inf")
_PAIRS: Final = tuple((1 << (s * 10 + REY)) | (1 << (s * 10 + CABALLO)) for s in range(4))


def _order(mask: int) -> list[int]:
    """Cards of a mask, high cards first (better move ordering for the memo)."""
    out = []
    while mask:
        top = mask.bit_length() - 1
        out.append(top)
        mask ^= 1 << top
    return out


class Endgame:
    """A perfect-information position at the end of a round, ready to solve."""

    __slots__ = ("n", "trump", "undertrump", "sides", "me", "memo", "can_sing", "lost",
                 "weights", "nodes")

    def __init__(self, st: State, me_seat: int) -> None:
        self.n = st.n
        self.trump = st.trump
        self.undertrump = st.rules.undertrump
        self.sides = [st.side_of(s) for s in range(st.n)]
        self.me = st.side_of(me_seat)
        self.memo: dict[tuple[int, ...], tuple[float, float]] = {}
        # Declarations stay open to the end with 3 and 4 players (§4).
        self.can_sing = st.n > 2
        self.lost = tuple(st.lost_right)
        nsides = st.rules.sides
        self.weights = [1.0 if s == self.me else (-0.5 if nsides == 3 else -1.0)
                        for s in range(nsides)]
        self.nodes = 0

    def root_values(self, st: State) -> dict[int, float]:
        """The exact value of each legal card for the seat to act (points still
        to be won by the searcher's side, minus the others')."""
        seat = st.to_act
        assert seat is not None
        hands = list(st.hands)
        cards = list(st.trick_cards)
        seats = list(st.trick_seats)
        mask = strict_mask(hands[seat], cards, self.trump, self.undertrump)
        out = {}
        for c in _order(mask):
            hands[seat] ^= 1 << c
            cards.append(c)
            seats.append(seat)
            out[c] = self._after_play(hands, cards, seats, st.sung, -INF, INF)
            cards.pop()
            seats.pop()
            hands[seat] ^= 1 << c
        return out

    def _after_play(self, hands: list[int], cards: list[int], seats: list[int], sung: int,
                    alpha: float, beta: float) -> float:
        """The value after the last card of ``cards`` (alpha-beta, fail-soft: a
        result <= alpha is an upper bound, >= beta a lower bound)."""
        n = self.n
        if len(cards) < n:
            seat = (seats[-1] + 1) % n
            return self._choose(hands, cards, seats, sung, seat, alpha, beta)
        # The trick is complete.
        trump = self.trump
        wi = 0
        for i in range(1, n):
            if beats(cards[i], cards[wi], trump):
                wi = i
        winner = seats[wi]
        side = self.sides[winner]
        pts = 0
        for c in cards:
            pts += CARD_POINTS[c]
        if not hands[winner]:
            return (pts + 10) * self.weights[side]
        if self.can_sing and not self.lost[side]:
            best_pair = -1
            partners = (winner, (winner + 2) % 4) if n == 4 else (winner,)
            for s in range(4):
                if sung >> s & 1:
                    continue
                p = _PAIRS[s]
                if any(hands[x] & p == p for x in partners):
                    if s == trump:
                        best_pair = s
                        break
                    if best_pair < 0:
                        best_pair = s
            if best_pair >= 0:
                pts += 40 if best_pair == trump else 20
                sung |= 1 << best_pair
        now = pts * self.weights[side]
        return now + self._trick_start(hands, winner, sung, alpha - now, beta - now)

    def _choose(self, hands: list[int], cards: list[int], seats: list[int], sung: int,
                seat: int, alpha: float, beta: float) -> float:
        """``seat`` picks its card: the best for its side within the window."""
        mask = strict_mask(hands[seat], cards, self.trump, self.undertrump) if cards \
            else hands[seat]
        maximize = self.sides[seat] == self.me
        best = -INF if maximize else INF
        for c in _order(mask):
            hands[seat] ^= 1 << c
            cards.append(c)
            seats.append(seat)
            v = self._after_play(hands, cards, seats, sung, alpha, beta)
            cards.pop()
            seats.pop()
            hands[seat] ^= 1 << c
            if maximize:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best

    def _trick_start(self, hands: list[int], leader: int, sung: int,
                     alpha: float, beta: float) -> float:
        """The value of the rest of the round from a lead, memoized as bounds."""
        key = (*hands, leader, sung)
        bounds = self.memo.get(key)
        if bounds is not None:
            lo, hi = bounds
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo, hi = -INF, INF
        self.nodes += 1
        v = self._choose(hands, [], [], sung, leader, alpha, beta)
        if v <= alpha:
            hi = v
        elif v >= beta:
            lo = v
        else:
            lo = hi = v
        self.memo[key] = (lo, hi)
        return v


def wins_every_trick(st: State, seat: int) -> bool:
    """Whether ``seat`` can win every remaining trick whatever the others play
    (capote, RULES §7.1). Perfect information: ``st`` holds every hand."""
    trump = st.trump
    und = st.rules.undertrump
    n = st.n
    memo: dict[tuple[int, ...], bool] = {}

    def after(hands: list[int], cards: list[int], seats: list[int]) -> bool:
        if len(cards) < n:
            s = (seats[-1] + 1) % n
            mask = strict_mask(hands[s], cards, trump, und)
            mine = s == seat
            for c in _order(mask):
                hands[s] ^= 1 << c
                cards.append(c)
                seats.append(s)
                ok = after(hands, cards, seats)
                cards.pop()
                seats.pop()
                hands[s] ^= 1 << c
                if mine and ok:
                    return True
                if not mine and not ok:
                    return False
            return not mine
        wi = 0
        for i in range(1, n):
            if beats(cards[i], cards[wi], trump):
                wi = i
        if seats[wi] != seat:
            return False
        if not hands[seat]:
            return True
        key = tuple(hands)
        r = memo.get(key)
        if r is None:
            r = start(hands)
            memo[key] = r
        return r

    def start(hands: list[int]) -> bool:
        for c in _order(hands[seat]):
            hands[seat] ^= 1 << c
            ok = after(hands, [c], [seat])
            hands[seat] ^= 1 << c
            if ok:
                return True
        return False

    hands = list(st.hands)
    if st.trick_cards:
        return False
    return start(hands)
