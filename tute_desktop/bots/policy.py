"""A rule-based player: the ``medium`` level, and the rollout policy of the searches.

It reads only the acting seat's hand and public information (cards played, the
trick, the trump, the stock count), so it may run on a seat's view or inside a
determinized world without learning anything it should not. The rules of thumb,
in the order a Tute player learns them:

- declare (cantar) the biggest cante at the first chance; exchange the trump 7/2;
- while the stock lasts, lead blanks (cartas blancas, worth nothing) and keep
  trumps, aces, treses and the pieces of an undeclared marriage;
- take a trick worth points cheaply, with a trump only when it pays (points on
  the table, or a cante to declare after winning);
- once the stock is out (or with 3 and 4 players), draw trumps when the top ones
  are in hand, cash cards nobody can beat, and count the trumps played;
- with a partner winning the trick, add points to it (cargar).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from ..engine import Action, State
from ..engine.actions import (
    CAPOTE,
    CLAIM_ACTION,
    PASS_ACTION,
    PLAY,
    PLAY_ACTIONS,
    SING,
    SWAP,
    THROW,
)
from ..engine.cards import (
    CARD_POINTS,
    EXCHANGER_MASKS,
    KINGS_MASK,
    KINGS_OF_SUITS,
    KNIGHTS_MASK,
    SUIT_MASKS,
    bits,
    mask_points,
)
from ..engine.events import Cante
from ..engine.rules import DeclareUntil
from ..engine.state import ASK_BID, ASK_NONE, ASK_TRUMP
from ..engine.tricks import ABOVE, BEATING, trick_result
from .bidding import auction_action

_ROUND: Final = DeclareUntil.ROUND
"""Declarations last the round (3 and 4 players, §4), not just the stock."""

_SING_RANK: Final = {Cante.TUTE: 3, Cante.FORTY: 2, Cante.TWENTY: 1}


def best_sing(actions: list[Action]) -> Action | None:
    sings = [a for a in actions if a.kind == SING]
    if not sings:
        return None
    return max(sings, key=_sing_key)


def _sing_key(a: Action) -> tuple[int, int]:
    """The bigger declaration first; between twenties, the lowest suit."""
    return _SING_RANK[a.cante or Cante.TWENTY], -(a.suit or 0)


def special_action(st: State, actions: list[Action]) -> Action | None:
    """Declarations, exchanges, claims and the questions asked outside a lead:
    the obvious choice, or None to play a card (capote is left to the caller)."""
    seat = st.to_act
    assert seat is not None
    if st.ask is ASK_BID or st.ask is ASK_TRUMP:  # subastado's auction (§12)
        return auction_action(st)
    # One look at each action that is not a card (the rollouts ask at every
    # lead with something to declare or exchange).
    claim = False
    sings: list[Action] = []
    swap = throw = None
    for a in actions:
        kind = a.kind
        if kind == PLAY:
            continue
        if a is CLAIM_ACTION:
            claim = True
        elif kind == SING:
            sings.append(a)
        elif kind == SWAP:
            if swap is None:
                swap = a
        elif kind == THROW and throw is None:
            throw = a
    if claim and st.claim_is_true(seat):
        return CLAIM_ACTION  # manual 101 claims: only a true one (totals are public)
    if sings:
        return max(sings, key=_sing_key)  # best_sing
    if swap is not None:
        return swap
    if throw is not None:
        hand = st.hands[seat]
        weak = mask_points(hand) <= 6 and (hand & SUIT_MASKS[st.trump]).bit_count() <= 1
        return throw if weak else PASS_ACTION
    if st.ask != ASK_NONE:
        return PASS_ACTION
    return None


def _plain_lead(st: State, seat: int) -> bool:
    """A lead with nothing to decide but the card (the rollouts' common case): no
    cante to declare, no 7/2 to exchange, no capote to announce. A cheap test
    that may say False when only cards are legal (the slow path is then exact
    anyway), never True when something else is."""
    hand = st.hands[seat]
    rules = st.rules
    # stock_in_play(), written out (twice below)
    stock_left = st.faceup >= 0 or st.pending_card >= 0 or bool(st.stock)
    if st.window and (rules.declare_until is _ROUND or stock_left):
        # A Rey wherever the hand holds a pair of a suit not yet declared.
        if hand & (hand << 1) & KINGS_MASK & ~KINGS_OF_SUITS[st.sung & 15]:
            return False
        if rules.tute != "none" and (
                hand & KINGS_MASK == KINGS_MASK or hand & KNIGHTS_MASK == KNIGHTS_MASK):
            return False
    if not rules.has_stock:
        return True  # no face-up card to take, no capote (§5, §7.1)
    if st.faceup >= 0 and hand & EXCHANGER_MASKS[st.trump]:
        return False
    return not (rules.capote and not stock_left
                and hand.bit_count() == rules.hand_size)


class Policy:
    """The heuristic chooser. ``act`` works on any state whose acting seat holds
    its real hand; it reads nothing but that hand and public information."""

    __slots__ = ("eps", "take_points")

    def __init__(self, eps: float = 0.0, take_points: bool = False) -> None:
        self.eps = eps
        """Share of uniformly random card plays (the easy level's mistakes)."""
        self.take_points = take_points
        """Take an As or a Tres led in the stock phase whenever something but a
        marriage piece can (``choose_card``): the expert's rollouts (issue 30)."""

    def act(self, st: State, rng: random.Random) -> Action:
        c = self.plain_card(st, rng)
        if c >= 0:
            return PLAY_ACTIONS[c]
        seat = st.to_act
        assert seat is not None
        actions = st.legal_actions()
        special = special_action(st, actions)
        if special is not None:
            return special
        mask = 0
        for a in actions:
            if a.kind == PLAY:
                assert a.card is not None
                mask |= 1 << a.card
        if not mask:  # only capote or pass left
            return next(a for a in actions if a.kind != CAPOTE)
        return PLAY_ACTIONS[self.card(st, seat, mask, rng)]

    def plain_card(self, st: State, rng: random.Random) -> int:
        """The card to play when only a card is to be chosen (a follow, or a lead
        with nothing to declare, exchange or claim), from ``legal_play_mask()``;
        -1 when something else may be decided (then ``act`` decides)."""
        seat = st.to_act
        if st.ask is not ASK_NONE or st.rules.claim == "manual" or not (
                st.trick_cards or _plain_lead(st, seat)):  # type: ignore[arg-type]
            return -1
        mask = st.legal_play_mask()
        if not mask & (mask - 1):
            return mask.bit_length() - 1
        if self.eps and rng.random() < self.eps:
            return rng.choice(bits(mask))
        assert seat is not None
        return choose_card(st, seat, mask, self.take_points)

    def card(self, st: State, seat: int, mask: int, rng: random.Random) -> int:
        if not mask & (mask - 1):
            return mask.bit_length() - 1
        if self.eps and rng.random() < self.eps:
            return rng.choice(bits(mask))
        return choose_card(st, seat, mask, self.take_points)


def choose_card(st: State, seat: int, mask: int, take_points: bool = False) -> int:
    """The rule-of-thumb card among ``mask`` (legal plays, at least two).

    ``take_points`` (the expert's rollouts): where 101 reached in play wins
    the game, a card sure to reach it in this trick (``_reach_101``); and
    answering an As or a Tres led while the stock lasts, take
    it with the cheapest card that wins it, unless that card is a piece of a
    marriage still to declare. The plain rule weighs a trump spent before the
    stock is out so dearly that it lets an As pass unless it holds the 2, 4 or
    5 of trumps (a Tres: the 2 or 4), and the Tres of trumps pass even
    holding their As: in rollouts a lead of either then looks nearly free,
    where a player, the expert itself included, takes it with whatever trump
    it has (issue 30, docs/benchmarks.md: the expert's leads of them were
    taken 0.62 times a round in habanero)."""
    n = st.n  # the seats: the size of a trick
    trump = st.trump
    tmask = SUIT_MASKS[trump]
    hand = st.hands[seat]
    trick = st.trick_cards
    # st.played_mask() and out_mask(), written out: this runs for most cards of
    # every rollout.
    played = 0
    for c in st.collected:
        played |= c
    for c in trick:
        played |= 1 << c
    if st.dead_card >= 0:
        played |= 1 << st.dead_card
    out = st.rules.deck & ~played & ~hand  # the cards in play: no 2s in subastado (§12)
    # stock_in_play(), written out: never where every card is dealt.
    stock_phase = st.faceup >= 0 or st.pending_card >= 0 or bool(st.stock)
    # Declarations can still be made: to the end of the round with 3 and 4
    # players, while the stock lasts with 2 (§4).
    may_declare = st.rules.declare_until is _ROUND or stock_phase
    my_side = st.side_of(seat)
    # Pieces of marriages that can still be declared are worth keeping: both
    # pieces in hand (neither out nor played), the suit not declared.
    keep_pairs = 0
    if may_declare and not st.lost_right[my_side]:
        free = hand & ~played
        kings = free & (free << 1) & KINGS_MASK & ~KINGS_OF_SUITS[st.sung & 15]
        keep_pairs = kings | kings >> 1  # each Rey and the Caballo just below it
    keep: Callable[[int], float]
    lead_key: Callable[[int], float]
    cost: Callable[[int], float]
    if keep_pairs:
        base = _KEEP[trump]

        def keep(c: int) -> float:
            """What a card is worth keeping (lower: discard or lead it first)."""
            v = base[c]
            if keep_pairs >> c & 1:
                v += 10.0 + (20.0 if c // 10 == trump else 0.0)
            return v

        def lead_key(c: int) -> float:
            return keep(c) + CARD_POINTS[c] * 0.5

        def cost(c: int) -> float:
            return _cost(c, trump, stock_phase, keep_pairs)
    else:  # the common case: the same values from tables, no Python call per card
        keep = _KEEP[trump].__getitem__
        lead_key = _LEAD_KEY[trump].__getitem__
        cost = _COST[trump][stock_phase].__getitem__

    if take_points and n == 2 and st.carries_points():
        c = _reach_101(st, seat, mask, out, tmask, trump, keep)
        if c >= 0:
            return c
    if not trick:
        if stock_phase:
            # Lead a blank; leading a point card invites a cheap trump (_lead).
            return min(bits(mask), key=lead_key)
        return _lead(st, seat, bits(mask), hand, out, tmask, trump, stock_phase, lead_key)
    led = trick[0] // 10
    if len(trick) == 1:  # trick_result of the lead alone
        wi = 0
        best = trick[0]
        on_table = CARD_POINTS[best]
    else:
        wi, on_table = trick_result(trick, trump)
        best = trick[wi]
    last = len(trick) == n - 1
    if st.side_of(st.trick_seats[wi]) == my_side:  # the partner is winning the trick
        cards = bits(mask)
        safe = not out & ABOVE[best] and (best // 10 == trump or not out & tmask)
        if last or safe or (best // 10 == trump and best % 10 >= 8):
            # cargar: give the partner points, but not trumps or needed cards
            return max(cards, key=lambda c: CARD_POINTS[c] * 1.5 - keep(c) + CARD_POINTS[c])
        return min(cards, key=keep)
    win_mask = mask & BEATING[trump][best]  # beating_mask
    winners = bits(win_mask)
    losers = bits(mask & ~win_mask)
    if winners:
        can_sing = may_declare \
            and bool(hand & (hand << 1) & KINGS_MASK & ~KINGS_OF_SUITS[st.sung & 15]) \
            and not st.lost_right[my_side]
        if last:
            c = min(winners, key=cost)
            if take_points and stock_phase and on_table >= 10 and not keep_pairs >> c & 1:
                return c
            gain = on_table + CARD_POINTS[c] + (15.0 if can_sing else 0.0)
            if not stock_phase:
                gain += 3.0  # after the stock every trick also shapes the last one
            if gain >= cost(c) + CARD_POINTS[c] or not losers:
                return c
            return min(losers, key=keep)
        # Not last (3 and 4 players): take only with a card nobody left can beat.
        secure = [c for c in winners if not out & ABOVE[c]
                  and (c // 10 == trump or c // 10 != led or not out & tmask
                       or (out & SUIT_MASKS[led]).bit_count() >= 2 * (n - 1 - len(trick)))]
        if secure and (on_table >= 2 or can_sing or not losers):
            return min(secure, key=keep)
        if losers:
            return min(losers, key=keep)
        return min(winners, key=keep)
    return min(losers, key=keep)  # nothing wins: every legal card is a loser


def _reach_101(st: State, seat: int, mask: int, out: int, tmask: int, trump: int,
               keep: Callable[[int], float]) -> int:
    """Where 101 reached in play wins the game at once (la vuelta, boricua: 2
    players), a card that takes the seat there in this trick whatever the other
    holds (``_sure_101``), the one least worth keeping; else -1. The rule player
    plays for points only: a strong player's cold play saw the review value
    winning a trick on 97 as the game lost in most deals (the rollout then led
    no card that took it to 101)."""
    won = _sure_101(st, seat, mask, out, tmask, trump)
    return min(won, key=keep) if won else -1


def _sure_101(st: State, seat: int, mask: int, out: int, tmask: int, trump: int) -> list[int]:
    """The cards of ``mask`` that take ``seat``'s side to 101 in this trick
    whatever the other seat holds (2 players): following, one that wins the
    trick with enough points in it; leading, one nothing unseen (``out``) can
    beat (a trump with no higher one out, or any card with no trump out)
    worth enough alone."""
    need = 101 - st.round_total(st.side_of(seat))
    if need <= 0 or need > 22:  # (a trick's two cards: 11 + 11 at most; with a choice
        return []  # of cards, never the last trick and its diez)
    trick = st.trick_cards
    if trick:
        led = trick[0]
        return [c for c in bits(mask & BEATING[trump][led])
                if CARD_POINTS[led] + CARD_POINTS[c] >= need]
    return [c for c in bits(mask) if CARD_POINTS[c] >= need and not out & ABOVE[c]
            and (c // 10 == trump or not out & tmask)]


def lost_101(st: State, seat: int) -> bool:
    """Whether, whatever ``seat`` (to act, last to play in a 2-player trick)
    plays, the other player takes the trick and reaches 101 with it, where
    101 reached in play wins the game (la vuelta, boricua)."""
    answers = _answers_101(st, seat)
    return answers is not None and not answers[0]


def holds_101(st: State, seat: int) -> list[int]:
    """The cards ``seat`` (to act, last to play in a 2-player trick) may play
    after which the other player does not reach 101 with this trick, where
    101 reached in play wins the game (la vuelta, boricua), when some other
    legal card would let them; else []. The mirror of ``lost_101``: a village
    player on the brink was told only "most likely lost whatever you play",
    where every card but the rey de espadas lost the game at once (cold play
    nc75)."""
    answers = _answers_101(st, seat)
    if answers is None:
        return []
    safe, cards = answers
    return safe if 0 < len(safe) < len(cards) else []


def _answers_101(st: State, seat: int) -> tuple[list[int], list[int]] | None:
    """``seat`` last to play in a 2-player trick where 101 reached in play wins
    the game: the legal cards after which the other player does not take the
    trick to 101 (they beat the card led, or the two cards' points fall short
    of what that player lacks), and every legal card; else None."""
    if st.n != 2 or st.to_act != seat or len(st.trick_cards) != 1 or not st.carries_points():
        return None
    led = st.trick_cards[0]
    need = 101 - st.round_total(st.side_of(1 - seat))
    beats = BEATING[st.trump][led]
    cards = bits(st.legal_play_mask())
    return [c for c in cards if beats >> c & 1 or CARD_POINTS[led] + CARD_POINTS[c] < need], cards


def sure_101(st: State, seat: int) -> list[int]:
    """The cards ``seat`` (to act) may play that reach 101 in this trick
    whatever the other player holds, where 101 reached in play wins the game
    (la vuelta, boricua; 2 players): from its hand and public information."""
    if st.n != 2 or st.to_act != seat or not st.carries_points():
        return []
    played = st.played_mask()
    out = st.rules.deck & ~played & ~st.hands[seat]
    return _sure_101(st, seat, st.legal_play_mask(), out, SUIT_MASKS[st.trump], st.trump)


def wins_at_once(st: State, actions: list[Action]) -> list[int]:
    """The indices of ``actions`` that win the game for certain now, where 101
    reached in play wins it (la vuelta, boricua; 2 players, the seat to act):
    a 20 or the 40 that takes the side to 101 (§4, §10.1), or a card of
    ``sure_101``. Nothing after a game won counts: habanero's and corriente's
    matches count games, boricua's ends there. A cold play's hint said the 4
    de bastos (more round points later) over the As of trumps that won at 99,
    and the review called the As a mistake (nc71)."""
    seat = st.to_act
    if seat is None or st.n != 2 or not st.carries_points():
        return []
    sure = sure_101(st, seat)
    return [j for j, a in enumerate(actions)
            if declared_101(st, seat, a) or (a.kind is PLAY and a.card is not None
                                             and int(a.card) in sure)]


def declared_101(st: State, seat: int, action: Action) -> int:
    """Where 101 ends the game in play (la vuelta, boricua; 2 players): the
    running total that ``action``, a 20 or the 40 (§4), takes ``seat``'s side
    to when it reaches 101 from below; else 0."""
    if action.kind is not SING or action.cante is Cante.TUTE or st.n != 2 \
            or not st.carries_points():
        return 0
    before = st.round_total(st.side_of(seat))
    total = before + (40 if action.cante is Cante.FORTY else 20)
    return total if before < 101 <= total else 0


def _keep_value(c: int, trump: int) -> float:
    """What a card is worth keeping (lower: discard or lead it first), before the
    bonus of a marriage piece still to declare."""
    v = CARD_POINTS[c] * 1.0 + (c % 10) * 0.3
    if c // 10 == trump:
        v += 12.0 + (c % 10)
    return v


def _cost(c: int, trump: int, stock_phase: bool, keep_pairs: int) -> float:
    """What winning the trick with ``c`` as its last card costs."""
    if c // 10 == trump:
        t = 4.0 + (c % 10) * 1.2
        if stock_phase:
            t += 4.0
        if keep_pairs >> c & 1:
            t += 25.0
        return t - CARD_POINTS[c] * 0.5
    return (15.0 if keep_pairs >> c & 1 else 0.0) - CARD_POINTS[c]


_KEEP: Final = tuple(tuple(_keep_value(c, t) for c in range(40)) for t in range(4))
"""``_keep_value`` by trump suit and card."""
_LEAD_KEY: Final = tuple(tuple(_KEEP[t][c] + CARD_POINTS[c] * 0.5 for c in range(40))
                         for t in range(4))
"""How much a card is worth not leading, by trump suit and card (no marriage piece)."""
_COST: Final = tuple(tuple(tuple(_cost(c, t, phase, 0) for c in range(40))
                           for phase in (False, True)) for t in range(4))
"""``_cost`` by trump suit, stock phase and card (no marriage piece)."""


_MASTER_KEY: Final = tuple(CARD_POINTS[c] * 2 + (c % 10) for c in range(40))
"""Which of the cards nobody can beat to lead first: points, then strength."""


def _lead(
    st: State, seat: int, cards: list[int], hand: int, out: int, tmask: int, trump: int,
    stock_phase: bool, lead_key: Callable[[int], float],
) -> int:
    if stock_phase:
        # Lead a blank; leading a point card invites a cheap trump.
        return min(cards, key=lead_key)
    n = st.n  # the seats: the size of a trick, so how many answer a lead
    my_trumps = hand & tmask
    out_trumps = out & tmask
    if my_trumps and out_trumps:
        top = my_trumps.bit_length() - 1
        if not out_trumps & ABOVE[top] and (
            my_trumps.bit_count() >= out_trumps.bit_count() or n > 2
        ):
            return top  # draw trumps (arrastrar) with the master trump
    masters = []
    for c in cards:
        if c // 10 == trump:
            continue
        suit_out = out & SUIT_MASKS[c // 10]
        if out & ABOVE[c]:
            continue
        if not out_trumps or (n == 2 and suit_out) or suit_out.bit_count() >= 2 * (n - 1):
            masters.append(c)
    if masters:
        return max(masters, key=_MASTER_KEY.__getitem__)
    if not out_trumps and my_trumps:
        return my_trumps.bit_length() - 1
    return min(cards, key=lead_key)
