"""Exact play of the last tricks when every card is known: the 2-player game once
the stock is exhausted, and the last few tricks of a determinized 3- or
4-player round.

Every remaining trick is played under the strict obligations (RULES §3), so the
search works on bare hand masks, with alpha-beta pruning inside each trick.
``Endgame``'s value is additive (the points still to be won), so positions at
trick boundaries are memoized (as bounds) by hands, leader and declarations
alone. ``Race`` (2 players: the game or match to 101) and ``Standings`` (3 and 4
players: winning the round) value the round's end as the searches' rollouts do,
which depends on the points won so far, so their memo keys carry those too.
In ``Endgame`` the maximizing side
counts its future points minus the mean of the other sides' (the one other side
with 2 players and in ``parejas``; half of each opponent's in ``tres``, a third in
``cuatro``), the others treated as allies against the searcher (the "paranoid"
assumption). Declarations still possible where they last the round (RULES §4:
3 and 4 players) are made greedily, the biggest one after each trick won, from
the winner's hand or its partner's (``Rules.partners``).
"""

from __future__ import annotations

from typing import Final, cast

from ..engine import State
from ..engine.cards import CARD_POINTS, KINGS_MASK, KINGS_OF_SUITS, REY
from ..engine.rules import DeclareUntil, Scoring
from ..engine.tricks import BEATING, strict_mask, trick_result
from .base import POINT_SHARE, logistic

INF: Final = float("inf")


def _desc_chunks(suit: int) -> tuple[tuple[int, ...], ...]:
    """Per 10-bit chunk of one suit, its card ids, highest first: each chunk's
    highest card before the chunk without it (cheap at import)."""
    table: list[tuple[int, ...]] = [()]
    for m in range(1, 1024):
        high = m.bit_length() - 1
        table.append((suit * 10 + high,) + table[m ^ (1 << high)])
    return tuple(table)


_DESC0, _DESC1, _DESC2, _DESC3 = (_desc_chunks(s) for s in range(4))


def _order(mask: int) -> list[int]:
    """Cards of a mask, high cards first (better move ordering for the memo):
    ``bits(mask)`` reversed, from tables."""
    return [*_DESC3[mask >> 30], *_DESC2[mask >> 20 & 1023], *_DESC1[mask >> 10 & 1023],
            *_DESC0[mask & 1023]]


class Endgame:
    """A perfect-information position at the end of a round, ready to solve."""

    __slots__ = ("n", "trump", "undertrump", "sides", "me", "memo", "can_sing", "lost",
                 "weights", "nodes", "got", "capote", "partners")

    def __init__(self, st: State, me_seat: int) -> None:
        self.n = st.n
        self.trump = st.trump
        self.undertrump = st.rules.undertrump
        self.sides = [st.side_of(s) for s in range(st.n)]
        self.me = st.side_of(me_seat)
        self.memo: dict[tuple[object, ...], tuple[float, float]] = {}
        rules = st.rules
        # Declarations stay open to the end of the round with 3 and 4 players (§4).
        self.can_sing = rules.declare_until is DeclareUntil.ROUND
        self.partners = rules.partners
        """Per seat, the other seat of its side, whose pairs it may declare (§9)."""
        # Only the bidder declares in subastado (§12): la contra (side 1) never does.
        self.lost = tuple(lost or (rules.only_bidder_declares and s != 0)
                          for s, lost in enumerate(st.lost_right))
        nsides = rules.sides
        # The searcher's points against the mean of the other sides' (PROTOCOL
        # ``analyze``): -1 with one other side, -1/2 in tres, -1/3 in cuatro.
        self.weights = [1.0 if s == self.me else -1.0 / (nsides - 1) for s in range(nsides)]
        self.nodes = 0
        self.capote = st.capote_seat
        """An announced capote (§7.1): the round stops when that seat loses a trick."""
        self.got: object = 0
        """What of the path since the root matters (``Race``, ``Standings``)."""

    def root_values(self, st: State) -> dict[int, float]:
        """The exact value of each legal card for the seat to act (points still
        to be won by the searcher's side, minus the mean of the other sides')."""
        seat = st.to_act
        assert seat is not None
        hands = list(st.hands)
        cards = list(st.trick_cards)
        seats = list(st.trick_seats)
        hand = hands[seat]
        mask = strict_mask(hand, cards, self.trump, self.undertrump)
        out = {}
        cards.append(-1)
        seats.append(seat)
        for c in _order(mask):
            hands[seat] = hand ^ (1 << c)
            cards[-1] = c
            out[c] = self._after_play(hands, cards, seats, st.sung, -INF, INF)
        hands[seat] = hand
        return out

    def _after_play(self, hands: list[int], cards: list[int], seats: list[int], sung: int,
                    alpha: float, beta: float) -> float:
        """The value after the last card of ``cards`` (alpha-beta, fail-soft: a
        result <= alpha is an upper bound, >= beta a lower bound)."""
        n = self.n
        if len(cards) < n:
            seat = (seats[-1] + 1) % n
            return self._choose(hands, cards, seats, sung, seat, alpha, beta)
        wi, pts = trick_result(cards, self.trump)  # self._trick, written out
        return self._after_trick(hands, seats[wi], pts, sung, alpha, beta)

    def _after_trick(self, hands: list[int], winner: int, pts: int, sung: int,
                     alpha: float, beta: float) -> float:
        """The value once a trick is complete: ``winner`` took it, with ``pts``
        card points (``_after_play``'s second half; ``_choose`` comes here
        directly after the trick's last card)."""
        side = self.sides[winner]
        if not hands[winner]:
            return (pts + 10) * self.weights[side]
        if self.capote >= 0 and winner != self.capote:
            return pts * self.weights[side]  # the capote failed: the round ends here
        if self.can_sing and not self.lost[side]:
            extra, sung = self._declare(hands, winner, sung)
            pts += extra
        now = pts * self.weights[side]
        return now + self._trick_start(hands, winner, sung, alpha - now, beta - now)

    def _declare(self, hands: list[int], winner: int, sung: int) -> tuple[int, int]:
        """The biggest cante the trick winner's side can declare now, made at
        once (points, and the suits declared after it): the forty if the side
        (the winner, or its partner: §9) holds it, else the twenty of the lowest
        suit it holds."""
        h = hands[winner]
        kings = h & (h << 1)  # a Rey wherever the Rey and the Caballo are held
        partners = self.partners
        if partners and partners[winner] >= 0:
            h = hands[partners[winner]]
            kings |= h & (h << 1)
        kings &= KINGS_MASK & ~KINGS_OF_SUITS[sung & 15]
        if not kings:
            return 0, sung
        trump = self.trump
        if kings >> (trump * 10 + REY) & 1:
            return 40, sung | 1 << trump
        best = ((kings & -kings).bit_length() - 1) // 10
        return 20, sung | 1 << best

    def _choose(self, hands: list[int], cards: list[int], seats: list[int], sung: int,
                seat: int, alpha: float, beta: float) -> float:
        """``seat`` picks its card: the best for its side within the window."""
        hand = hands[seat]
        mask = strict_mask(hand, cards, self.trump, self.undertrump) if cards else hand
        maximize = self.sides[seat] == self.me
        best = -INF if maximize else INF
        # _after_play, written out. The trick's last card completes it against
        # the card winning it so far (trick_result, worked out once for every
        # answer); before that the next seat chooses, with the card played at
        # the end of ``cards`` (the answers restore everything they change).
        n = self.n
        last = len(cards) == n - 1
        if last:
            wi, base = trick_result(cards, self.trump)
            top_seat = seats[wi]
            beats = BEATING[self.trump][cards[wi]]
        else:
            nxt = (seat + 1) % n
            cards.append(-1)
            seats.append(seat)
        for c in [*_DESC3[mask >> 30], *_DESC2[mask >> 20 & 1023],
                  *_DESC1[mask >> 10 & 1023], *_DESC0[mask & 1023]]:  # _order(mask)
            hands[seat] = hand ^ (1 << c)
            if last:
                v = self._after_trick(hands, seat if beats >> c & 1 else top_seat,
                                      base + CARD_POINTS[c], sung, alpha, beta)
            else:
                cards[-1] = c
                v = self._choose(hands, cards, seats, sung, nxt, alpha, beta)
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
        if not last:
            cards.pop()
            seats.pop()
        hands[seat] = hand
        return best

    def _trick_start(self, hands: list[int], leader: int, sung: int,
                     alpha: float, beta: float) -> float:
        """The value of the rest of the round from a lead, memoized as bounds."""
        key = (*hands, leader, sung, self.got)
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


class Race(Endgame):
    """The 2-player endgame solved for what the round decides rather than for
    points: a game or match to 101 (RULES §10.1, §10.3). With points carried
    over, 95 needing 6 should take the next 6 points, not the most points; a
    first deal that nobody can bring to 101 still counts the lead carried into
    la vuelta. Values are those of ``terminal_value`` (winning, plus a small
    share of the round's point difference), so they are not additive: the memo
    keys also carry the points won so far."""

    __slots__ = ("base", "carry", "scoring", "midround", "gone")

    def __init__(self, st: State, me_seat: int) -> None:
        super().__init__(st, me_seat)
        self.can_sing = False  # after the stock nothing is declared with 2 players (§4)
        opp = 1 - self.me
        self.base = (st.points[self.me], st.points[opp])
        self.carry = (st.carry[self.me], st.carry[opp])
        rules = st.rules
        self.scoring = rules.scoring
        # A total of 101 ends the round the moment it is reached: boricua, and
        # la vuelta (a manual claim is made at the claimer's next turn; the
        # bots claim at once, so the solver counts it as made at once).
        self.midround = st.carries_points()
        self.got = 0  # points the searcher's side has won since the root
        self.gone = 0
        """Points the other side has won since the root."""

    def _after_trick(self, hands: list[int], winner: int, pts: int, sung: int,
                     alpha: float, beta: float) -> float:
        side = self.sides[winner]
        last = not hands[winner]
        if last:
            pts += 10
        got, gone = cast(int, self.got), self.gone
        if side == self.me:
            got += pts
            total = self.carry[0] + self.base[0] + got
        else:
            gone += pts
            total = self.carry[1] + self.base[1] + gone
        if self.midround and total >= 101:
            return self.leaf(got, gone, side, side)  # the last trick's 101 included
        if last:
            return self.leaf(got, gone, None, side)
        saved = self.got, self.gone
        self.got, self.gone = got, gone
        v = self._trick_start(hands, winner, sung, alpha, beta)
        self.got, self.gone = saved
        return v

    def leaf(self, got: int, gone: int, at_101: int | None, last_side: int) -> float:
        """The value of the round's end: ``at_101`` is the side that reached 101
        during it, ``last_side`` the side that won the last trick played."""
        mine = self.base[0] + got
        theirs = self.base[1] + gone
        diff = POINT_SHARE * (mine - theirs) / 130.0
        if at_101 is not None:
            return (1.0 if at_101 == self.me else 0.0) + diff
        lead = self.carry[0] + mine - (self.carry[1] + theirs)
        if self.scoring is Scoring.GAMES_101 \
                and max(self.carry[0] + mine, self.carry[1] + theirs) >= 101:
            won = lead > 0 or (lead == 0 and last_side == self.me)
            return (1.0 if won else 0.0) + diff
        best = mine > theirs or (mine == theirs and last_side == self.me)
        scale = 25.0 if self.scoring is Scoring.RUNNING_101 else 20.0
        return 0.5 * best + 0.5 * logistic(lead / scale) + diff


class RacePoints(Race):
    """``Race``'s round valued as the round review and the hint value a
    sampled one where 101 ends the game in play (``analysis.analyze_samples``'s
    ``race``): the round points difference at the end, plus ``game`` for the
    game won (less as much for the game lost). Values are whole round
    differences, not points still to be won."""

    __slots__ = ("game",)

    def __init__(self, st: State, me_seat: int, game: float) -> None:
        super().__init__(st, me_seat)
        self.game = game

    def leaf(self, got: int, gone: int, at_101: int | None, last_side: int) -> float:
        diff = float(self.base[0] + got - self.base[1] - gone)
        if at_101 is None:  # nobody reached 101: no game decided (boricua's round;
            return diff  # used only where 101 ends the game in play, ``Race.midround``)
        return diff + (self.game if at_101 == self.me else -self.game)


class Standings(Endgame):
    """The last tricks of a 3- or 4-player round solved for winning the round
    (RULES §8, §9: most points; a tie to the side that won the later trick), as
    ``terminal_value`` scores it, rather than for points. "Paranoid": the other
    sides all play against the searcher. The memo keys carry every side's
    points and latest trick won so far, since the round's winner depends on them."""

    __slots__ = ("base", "last", "tricks")

    def __init__(self, st: State, me_seat: int) -> None:
        super().__init__(st, me_seat)
        self.base = list(st.points)
        self.last = list(st.last_win)
        self.tricks = st.tricks_played
        self.got = (*self.base, *self.last)

    def _after_trick(self, hands: list[int], winner: int, pts: int, sung: int,
                     alpha: float, beta: float) -> float:
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
            v = self.leaf()
        else:
            self.got = (*points, *latest)
            v = self._trick_start(hands, winner, sung, alpha, beta)
        self.base, self.last, self.tricks, self.got = saved
        return v

    def leaf(self) -> float:
        """The searcher's value of the round's end: winning it, plus a small share
        of the point difference to the best other side."""
        points = self.base
        top = max(points)
        winner = max((s for s, p in enumerate(points) if p == top), key=lambda s: self.last[s])
        me = self.me
        others = max(p for s, p in enumerate(points) if s != me)
        return (winner == me) + POINT_SHARE * (points[me] - others) / 130.0


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
        if seats[trick_result(cards, trump)[0]] != seat:
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
