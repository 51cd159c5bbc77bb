"""A Tute match in progress: the rules of RULES.md applied action by action.

``State`` is the referee's view of everything: hands as 40-bit masks, the stock,
the trick, scores. ``legal_actions()`` lists exactly what the seat to act may do;
``apply(action)`` does it and returns the events (for animation and logs), or
raises ``IllegalActionError`` naming the broken rule and leaves the state as it
was. ``clone()`` copies a state in microseconds for search.

Spanish terms used throughout:
- *mano*: the seat after the dealer, who leads the first trick.
- *cante*: a declaration (20, 40, tute; RULES §4); its *window* is the moment
  right after a side wins a trick, before the next lead.
- *arrastre*: the obligation to answer a trump lead with a trump (RULES §3).
- *asistir / montar / fallar / contrafallar*: follow suit / beat / trump / over-trump.
- *cambio*: exchanging the trump 7 (or 2) for the face-up trump card (RULES §5).
- *la vuelta*: the second deal of a game to 101 when nobody reached it (§10.1).
- *capote*: the announcement to win every remaining trick (§7.1).
- *piedras*: lost rounds in ``tres`` (§8).
"""

from __future__ import annotations

import random
from typing import Any, Final

from .actions import (
    CAPOTE,
    CAPOTE_ACTION,
    CLAIM,
    CLAIM_ACTION,
    PASS,
    PASS_ACTION,
    PLAY,
    PLAY_ACTIONS,
    SING,
    SING20_ACTIONS,
    SING40,
    SING_TUTE,
    SWAP,
    SWAP_ACTIONS,
    THROW,
    THROW_ACTION,
    Action,
)
from .cards import (
    CABALLO,
    CARD_POINTS,
    CARDS,
    DOS,
    REY,
    SIETE,
    SOTA,
    SUIT_MASKS,
    SUIT_NAMES_ES,
    card_name,
    mask_points,
)
from .deal import Deal, deal_cards
from .errors import IllegalActionError, TuteError
from .rules import ARRASTRE, FREE, STRICT, Rules
from .tricks import ABOVE, strict_mask, trick_winner

PLAYING: Final = "play"
ROUND_OVER: Final = "round_over"
MATCH_OVER: Final = "match_over"

# Who is being asked what, besides playing a card (``State.ask``).
ASK_NONE: Final = 0
ASK_EXCHANGE: Final = 1  # 2 players, before the first trick: the dealer may exchange (§6)
ASK_PARTNER: Final = 2  # parejas: the trick winner's partner may declare (§9)
ASK_THROW: Final = 3  # option throw_in: a weak hand may be thrown in (§11)

# Bits of ``State.sung`` besides the four suit bits (a suit's 20 or 40).
TUTE_REYES_BIT: Final = 1 << 4
TUTE_CABALLOS_BIT: Final = 1 << 5

# The 7 takes these face-up cards, the 2 takes these (RULES §5).
_SEVEN_TAKES: Final = frozenset({9, 8, REY, CABALLO, SOTA})
_TWO_TAKES: Final = frozenset({SIETE, SIETE - 1, SIETE - 2, SIETE - 3})


# Per suit, per 10-bit chunk of a hand: the play actions of those cards.
_CHUNK_PLAYS: Final = tuple(
    tuple(
        tuple(PLAY_ACTIONS[s * 10 + i] for i in range(10) if m >> i & 1) for m in range(1024)
    )
    for s in range(4)
)

_KING_MASK: Final = sum(1 << (s * 10 + REY) for s in range(4))
_KNIGHT_MASK: Final = sum(1 << (s * 10 + CABALLO) for s in range(4))


class _Discard(list[dict[str, Any]]):
    """Events nobody records (searches): appending does nothing."""

    def append(self, item: dict[str, Any]) -> None:
        pass


_DISCARD: Final = _Discard()


def _high(m: int) -> int:
    """The highest card id in a non-empty mask."""
    return m.bit_length() - 1


class State:
    """A match: the round being played plus the match score. See the module doc."""

    __slots__ = (
        "rules", "n", "hands", "stock", "faceup", "pending_seat", "pending_card", "dead_card",
        "trump", "dealer", "leader", "to_act", "ask", "trick_seats", "trick_cards",
        "last_trick", "phase", "window", "window_sings", "partner_passed", "points",
        "tricks_won", "last_win", "sung", "declarations", "capote_seat", "tricks_played",
        "last_winner", "carry", "deal_no", "totals", "round_winner", "winner", "reason",
        "game_dealer", "next_dealer", "lost_right", "history", "round_no", "throw_queue",
        "collected",
    )

    rules: Rules
    n: int
    hands: list[int]
    stock: list[int]
    faceup: int
    pending_seat: int
    pending_card: int
    dead_card: int
    trump: int
    dealer: int
    leader: int
    to_act: int | None
    ask: int
    trick_seats: list[int]
    trick_cards: list[int]
    last_trick: list[tuple[int, int]]
    phase: str
    window: bool
    window_sings: int
    partner_passed: bool
    points: list[int]
    tricks_won: list[int]
    last_win: list[int]
    sung: int
    declarations: list[tuple[int, str, int, int]]
    capote_seat: int
    tricks_played: int
    last_winner: int
    carry: list[int]
    deal_no: int
    totals: list[int]
    round_winner: int | None
    winner: int | None
    reason: str | None
    game_dealer: int
    next_dealer: int
    lost_right: list[bool]
    history: list[tuple[Any, ...]]
    round_no: int
    throw_queue: list[int]
    collected: list[int]

    # ------------------------------------------------------------------ setup

    @classmethod
    def new(
        cls,
        rules: Rules,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        deal: Deal | None = None,
        events: list[dict[str, Any]] | None = None,
    ) -> State:
        """A new match. Deals from ``deal``, else from ``rng``, else from ``seed``
        (the same seed and variant always deal the same cards, RULES §11)."""
        self = cls.__new__(cls)
        self.rules = rules
        self.n = rules.players
        sides = rules.sides
        self.totals = [0] * sides
        self.carry = [0] * sides
        self.round_no = 0
        self.deal_no = 1
        self.winner = None
        if deal is None:
            rng = rng if rng is not None else random.Random(seed)
            dealer = rng.randrange(self.n)
            deal = deal_cards(rules, dealer, rng)
        self.game_dealer = deal.dealer
        self._start_round(deal, events if events is not None else [])
        return self

    def start_next_round(
        self,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        deal: Deal | None = None,
    ) -> list[dict[str, Any]]:
        """Deal the next round once this one is over; returns the events."""
        if self.phase != ROUND_OVER:
            raise IllegalActionError(
                "the next round starts only when this one is over"
                if self.phase == PLAYING else "the match is over", "next")
        if deal is None:
            rng = rng if rng is not None else random.Random(seed)
            deal = deal_cards(self.rules, self.next_dealer, rng)
        elif deal.dealer != self.next_dealer:
            raise IllegalActionError(
                f"seat {self.next_dealer} deals the next round, not seat {deal.dealer}", "dealer")
        events: list[dict[str, Any]] = []
        self._start_round(deal, events)
        return events

    def _start_round(self, deal: Deal, events: list[dict[str, Any]]) -> None:
        rules, n = self.rules, self.n
        sides = rules.sides
        self.round_no += 1
        if rules.scoring == "games101" and self.deal_no == 1:
            self.carry = [0, 0]  # a new game to 101
        self.dealer = deal.dealer
        self.next_dealer = deal.dealer
        self.hands = [0] * n
        for seat, h in enumerate(deal.hands):
            for c in h:
                self.hands[seat] |= 1 << c
        self.stock = [int(c) for c in reversed(deal.stock)]  # top of the stock at the end
        self.faceup = int(deal.trump)
        self.trump = deal.trump // 10
        self.pending_seat = -1
        self.pending_card = -1
        self.dead_card = -1
        self.trick_seats = []
        self.trick_cards = []
        self.last_trick = []
        self.phase = PLAYING
        self.window = False
        self.window_sings = 0
        self.partner_passed = False
        self.points = [0] * sides
        self.tricks_won = [0] * sides
        self.last_win = [-1] * sides
        self.collected = [0] * sides
        self.sung = 0
        self.declarations = []
        self.capote_seat = -1
        self.tricks_played = 0
        self.last_winner = -1
        self.round_winner = None
        self.reason = None
        self.lost_right = [False] * sides
        self.throw_queue = []
        mano = (deal.dealer + 1) % n
        self.leader = mano
        self.to_act = mano
        self.ask = ASK_NONE
        self.history = [("h", s, rules.hand_size) for s in range(n)]
        events.append({"type": "deal", "dealer": deal.dealer, "trump": card_name(deal.trump),
                       "round": self.round_no})
        if n == 2:
            self._ask_dealer_exchange()
        elif n == 3:
            self.dead_card = self.faceup
            self.faceup = -1
            self._compulsory_exchanges(events)
        else:
            # parejas: the dealer's shown card stays in hand, known to all (§9).
            self.faceup = -1
            self.history.append(("k", deal.dealer, int(deal.trump)))
        if rules.throw_in and n > 2:
            self.throw_queue = [
                (mano + i) % n for i in range(n)
                if mask_points(self.hands[(mano + i) % n]) <= 10
            ]
            if self.throw_queue:
                self.ask = ASK_THROW
                self.to_act = self.throw_queue[0]

    def _ask_dealer_exchange(self) -> bool:
        """Before the first trick the dealer is asked, when able, to exchange (§6).
        Being asked shows everyone that the dealer holds that 7 or 2, so the public
        record says so (views and resample() then agree with the question)."""
        options = self._swap_options(self.dealer)
        if not options:
            return False
        self.ask = ASK_EXCHANGE
        self.to_act = self.dealer
        for c in options:
            self.history.append(("k", self.dealer, c))
        return True

    def _compulsory_exchanges(self, events: list[dict[str, Any]]) -> None:
        """tres: the trump 7 takes a high face-up card, then the 2 takes a 7, 6 or 5 (§8)."""
        t = self.trump * 10
        for giver, takes in ((t + SIETE, _SEVEN_TAKES), (t + DOS, frozenset(range(2, 5)))):
            if self.dead_card % 10 not in takes:
                continue
            for seat in range(self.n):
                if self.hands[seat] >> giver & 1:
                    took = self.dead_card
                    self.hands[seat] ^= (1 << giver) | (1 << took)
                    self.dead_card = giver
                    self.history.append(("x", seat, giver, took))
                    events.append({"type": "swap", "seat": seat, "gave": card_name(giver),
                                   "took": card_name(took)})

    # ------------------------------------------------------------------ copies

    def clone(self) -> State:
        """A copy that shares nothing mutable with this one."""
        c = State.__new__(State)
        c.rules = self.rules
        c.n = self.n
        c.hands = self.hands[:]
        c.stock = self.stock[:]
        c.faceup = self.faceup
        c.pending_seat = self.pending_seat
        c.pending_card = self.pending_card
        c.dead_card = self.dead_card
        c.trump = self.trump
        c.dealer = self.dealer
        c.leader = self.leader
        c.to_act = self.to_act
        c.ask = self.ask
        c.trick_seats = self.trick_seats[:]
        c.trick_cards = self.trick_cards[:]
        c.last_trick = self.last_trick
        c.phase = self.phase
        c.window = self.window
        c.window_sings = self.window_sings
        c.partner_passed = self.partner_passed
        c.points = self.points[:]
        c.tricks_won = self.tricks_won[:]
        c.last_win = self.last_win[:]
        c.collected = self.collected[:]
        c.sung = self.sung
        c.declarations = self.declarations[:]
        c.capote_seat = self.capote_seat
        c.tricks_played = self.tricks_played
        c.last_winner = self.last_winner
        c.carry = self.carry[:]
        c.deal_no = self.deal_no
        c.totals = self.totals[:]
        c.round_winner = self.round_winner
        c.winner = self.winner
        c.reason = self.reason
        c.game_dealer = self.game_dealer
        c.next_dealer = self.next_dealer
        c.lost_right = self.lost_right[:]
        c.history = self.history[:]
        c.round_no = self.round_no
        c.throw_queue = self.throw_queue[:]
        return c

    # ------------------------------------------------------------------ queries

    def side_of(self, seat: int) -> int:
        """The scoring side of a seat: itself, or its team (seat % 2) in parejas."""
        return seat & 1 if self.n == 4 else seat

    @property
    def stock_count(self) -> int:
        """Cards left in the stock, the face-up card included (PROTOCOL ``stock_count``)."""
        return len(self.stock) + (self.faceup >= 0) + (self.pending_card >= 0)

    def stock_exhausted(self) -> bool:
        return not self.stock and self.faceup < 0 and self.pending_card < 0

    def is_terminal(self) -> bool:
        """True once the round is over (or the match): nobody acts."""
        return self.phase != PLAYING

    def round_total(self, side: int) -> int:
        """A side's running total where points carry over (boricua, la vuelta): what
        earlier deals carried plus this round's points while it is being played."""
        if self.phase == PLAYING:
            return self.carry[side] + self.points[side]
        return self.carry[side]

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now, and nothing else."""
        if self.phase != PLAYING:
            return []
        seat = self.to_act
        assert seat is not None
        ask = self.ask
        if ask == ASK_EXCHANGE:
            return [SWAP_ACTIONS[c] for c in self._swap_options(seat)] + [PASS_ACTION]
        if ask == ASK_PARTNER:
            return self._sing_options(seat) + [PASS_ACTION]
        if ask == ASK_THROW:
            return [THROW_ACTION, PASS_ACTION]
        m = self._legal_play_mask(seat)
        acts: list[Action] = []
        for s in range(4):
            chunk = (m >> (10 * s)) & 1023
            if chunk:
                acts.extend(_CHUNK_PLAYS[s][chunk])
        if not self.trick_cards:
            if self.window:
                acts.extend(self._sing_options(seat))
            if self.n == 2:
                acts.extend(SWAP_ACTIONS[c] for c in self._swap_options(seat))
                if self._capote_allowed(seat):
                    acts.append(CAPOTE_ACTION)
        if self._claim_allowed():
            acts.append(CLAIM_ACTION)
        return acts

    def legal_play_mask(self) -> int:
        """The cards the seat to act may play now, as a mask (0 if it is not playing)."""
        if self.phase != PLAYING or self.ask != ASK_NONE or self.to_act is None:
            return 0
        return self._legal_play_mask(self.to_act)

    def _mode(self) -> str:
        if self.n == 2 and not self.stock_exhausted():
            return self.rules.stock_rules
        return STRICT

    def _legal_play_mask(self, seat: int) -> int:
        hand = self.hands[seat]
        cards = self.trick_cards
        if not cards:
            return hand
        mode = self._mode()
        if mode == FREE:
            return hand
        trump = self.trump
        if mode == ARRASTRE:
            tmask = SUIT_MASKS[trump]
            if cards[0] // 10 == trump and hand & tmask:
                return hand & tmask
            return hand
        return strict_mask(hand, cards, trump, self.rules.undertrump)

    def _swap_options(self, seat: int) -> list[int]:
        """The trump 7 or 2 this seat may exchange now (RULES §5, §7.2, §7.3)."""
        rules = self.rules
        if rules.exchange in ("none", "compulsory") or self.faceup < 0 or self.n != 2:
            return []
        if self.pending_card >= 0:
            return []  # only one deferred exchange at a time (§7.2)
        hand = self.hands[seat]
        t = self.trump * 10
        up = self.faceup % 10
        out = []
        if up in _SEVEN_TAKES and hand >> (t + SIETE) & 1:
            out.append(t + SIETE)
        if rules.exchange_two and up in _TWO_TAKES and hand >> (t + DOS) & 1:
            out.append(t + DOS)
        return out

    def _sing_options(self, seat: int) -> list[Action]:
        """The declarations this seat may make now, its side's window being open."""
        rules = self.rules
        side = self.side_of(seat)
        if self.lost_right[side]:
            return []
        if rules.cantes_per_trick == 1 and self.window_sings:
            return []
        if self.n == 2:
            count = self.stock_count
            if count == 0 or (rules.declare_until == "stock_gt_2" and count <= 2):
                return []
        hand = self.hands[seat]
        sung = self.sung
        out: list[Action] = []
        if rules.tute != "none":
            if hand & _KING_MASK == _KING_MASK and not sung & TUTE_REYES_BIT:
                out.append(SING_TUTE[12])
            if hand & _KNIGHT_MASK == _KNIGHT_MASK and not sung & TUTE_CABALLOS_BIT:
                out.append(SING_TUTE[11])
        if out and rules.cantes_per_trick == "all":
            return out  # highest first (§4)
        trump = self.trump
        forty = False
        if not sung >> trump & 1:
            pair = (1 << (trump * 10 + REY)) | (1 << (trump * 10 + CABALLO))
            if hand & pair == pair:
                forty = True
                out.append(SING40)
        if forty and (rules.forty_first or rules.cantes_per_trick == "all"):
            return out
        for s in range(4):
            if s == trump or sung >> s & 1:
                continue
            pair = (1 << (s * 10 + REY)) | (1 << (s * 10 + CABALLO))
            if hand & pair == pair:
                out.append(SING20_ACTIONS[s])
        return out

    def _capote_allowed(self, seat: int) -> bool:
        return (
            self.rules.capote
            and self.capote_seat < 0
            and self.stock_exhausted()
            and self.hands[seat].bit_count() == self.rules.hand_size
        )

    def _claim_allowed(self) -> bool:
        return self.rules.claim == "manual" and self.deal_no == 2 and self.n == 2

    # ------------------------------------------------------------------ acting

    def apply(self, action: Action, record: bool = True) -> list[dict[str, Any]]:
        """Do ``action`` for the seat to act; returns what happened (PROTOCOL "Events").
        Raises IllegalActionError naming the rule, with the state unchanged.
        ``record=False`` skips building the events (searches play thousands of
        moves and read none of them) and returns an empty list."""
        events: list[dict[str, Any]] = [] if record else _DISCARD
        if (
            action.kind == PLAY
            and self.ask == ASK_NONE
            and self.phase == PLAYING
            and self.to_act is not None
            and action.card is not None
            and self._legal_play_mask(self.to_act) >> action.card & 1
        ):
            self._play(self.to_act, action.card, events)
            return events if record else []
        if action not in self.legal_actions():
            raise IllegalActionError(*self.explain_illegal(action))
        seat = self.to_act
        assert seat is not None
        kind = action.kind
        if kind == SING:
            self._sing(seat, action, events)
        elif kind == SWAP:
            assert action.card is not None
            self._swap(seat, int(action.card), events)
        elif kind == PASS:
            self._pass(seat, events)
        elif kind == CAPOTE:
            self.capote_seat = seat
            events.append({"type": "capote", "seat": seat})
        elif kind == CLAIM:
            self._claim(seat, events)
        elif kind == THROW:
            events.append({"type": "throw_in", "seat": seat})
            self._end_round(None, "throw_in", events)
        else:  # pragma: no cover - every legal kind is handled above
            raise TuteError(f"unhandled action {action}")
        return events if record else []

    def _play(self, seat: int, card: int, events: list[dict[str, Any]]) -> None:
        cards = self.trick_cards
        excl = self._inference(seat, card) if cards else 0
        if not cards and self.window:
            self._close_window(seat)
        self.hands[seat] ^= 1 << card
        cards.append(card)
        self.trick_seats.append(seat)
        self.history.append(("p", seat, card, excl))
        if events is not _DISCARD:
            events.append({"type": "play", "seat": seat, "card": card_name(card)})
        if len(cards) == self.n:
            self._finish_trick(events)
        else:
            self.to_act = (seat + 1) % self.n

    def _inference(self, seat: int, card: int) -> int:
        """Cards this play proves ``seat`` does not hold (voids, cannot beat), from
        public information only; resample() uses it (RULES §3 read backwards)."""
        mode = self._mode()
        if mode == FREE:
            return 0
        cards = self.trick_cards
        led = cards[0] // 10
        trump = self.trump
        suit = card // 10
        if mode == ARRASTRE:
            return SUIT_MASKS[trump] if led == trump and suit != trump else 0
        trumps_on_table = 0
        for c in cards:
            if c // 10 == trump:
                trumps_on_table |= 1 << c
        if suit == led:
            if trumps_on_table and led != trump:
                return 0
            high = max(c for c in cards if c // 10 == led)
            return 0 if card > high else ABOVE[high]
        excl = SUIT_MASKS[led]
        if suit == trump:
            if trumps_on_table and card < _high(trumps_on_table):
                excl |= ABOVE[_high(trumps_on_table)]
            return excl
        if not trumps_on_table or self.rules.undertrump:
            return excl | SUIT_MASKS[trump]
        return excl | ABOVE[_high(trumps_on_table)]

    def _close_window(self, seat: int) -> None:
        """The lead ends a declaration window; a side's first one may cost its right (§4)."""
        side = self.side_of(seat)
        if (
            self.rules.use_or_lose
            and self.tricks_won[side] == 1
            and not self.window_sings
            and (self.partner_passed or self._sing_options(seat))
        ):
            self.lost_right[side] = True
        self.window = False

    def _finish_trick(self, events: list[dict[str, Any]]) -> None:
        cards, seats = self.trick_cards, self.trick_seats
        winner = seats[trick_winner(cards, self.trump)]
        side = self.side_of(winner)
        pts = 0
        for c in cards:
            pts += CARD_POINTS[c]
        self.tricks_played += 1
        self.last_winner = winner
        self.tricks_won[side] += 1
        self.last_win[side] = self.tricks_played
        self.last_trick = list(zip(seats, cards, strict=True))
        for c in cards:
            self.collected[side] |= 1 << c
        self.trick_cards = []
        self.trick_seats = []
        last = not self.hands[winner]
        if last:
            pts += 10  # diez de últimas (§1)
        self.points[side] += pts
        if events is not _DISCARD:
            events.append({"type": "trick", "winner": winner, "points": pts,
                           "cards": [card_name(c) for c in cards]})
        if self.capote_seat >= 0 and winner != self.capote_seat:
            self._end_game(side, "capote_failed", events)
            return
        if self.n == 2:
            if self.pending_seat == winner:
                self._complete_deferred(events)
            if self.stock or self.faceup >= 0:
                self._draw(winner, events)
                self._draw(1 - winner, events)
        if self._check_101(side, events):
            return
        if last:
            self._round_finished(events)
            return
        self.leader = winner
        self.to_act = winner
        self.window = True
        self.window_sings = 0
        self.partner_passed = False
        if self.n == 4:
            partner = (winner + 2) % 4
            if self._sing_options(partner):
                self.ask = ASK_PARTNER
                self.to_act = partner

    def _draw(self, seat: int, events: list[dict[str, Any]]) -> None:
        if self.stock:
            c = self.stock.pop()
            self.hands[seat] |= 1 << c
            self.history.append(("d", seat, -1))
            if events is not _DISCARD:
                events.append({"type": "draw", "seat": seat, "card": card_name(c)})
            return
        # The face-up card goes last, with a deferred 7/2 under it (§6, §7.2).
        for c in (self.faceup, self.pending_card):
            if c >= 0:
                self.hands[seat] |= 1 << c
                self.history.append(("d", seat, c))
                events.append({"type": "draw", "seat": seat, "card": card_name(c),
                               "public": True})
        self.faceup = -1
        self.pending_card = -1
        self.pending_seat = -1

    def _complete_deferred(self, events: list[dict[str, Any]]) -> None:
        """corriente: after a trick win the exchanger takes the face-up card (§7.2)."""
        seat, gave, took = self.pending_seat, self.pending_card, self.faceup
        self.hands[seat] |= 1 << took
        self.faceup = gave
        self.pending_seat = -1
        self.pending_card = -1
        self.history.append(("d", seat, took))
        events.append({"type": "swap_done", "seat": seat, "gave": card_name(gave),
                       "took": card_name(took)})

    def _sing(self, seat: int, action: Action, events: list[dict[str, Any]]) -> None:
        side = self.side_of(seat)
        self.window_sings += 1
        if action.cante == "tute":
            rank_bit = TUTE_REYES_BIT if action.rank == 12 else TUTE_CABALLOS_BIT
            self.sung |= rank_bit
            strength = REY if action.rank == 12 else CABALLO
            shown = sum(1 << (s * 10 + strength) for s in range(4))
            self.declarations.append((seat, "tute", action.rank or 12, 0))
            self.history.append(("s", seat, shown))
            events.append({"type": "sing", "seat": seat, "kind": "tute", "rank": action.rank,
                           "points": 0})
            if self.rules.tute == "game":
                self._end_game(side, "tute", events)
            else:
                self._end_round(side, "tute", events)
            return
        suit = self.trump if action.cante == "40" else action.suit
        assert suit is not None
        pts = 40 if action.cante == "40" else 20
        self.sung |= 1 << suit
        self.points[side] += pts
        self.declarations.append((seat, action.cante or "20", suit, pts))
        self.history.append(("s", seat, (1 << (suit * 10 + REY)) | (1 << (suit * 10 + CABALLO))))
        event: dict[str, Any] = {"type": "sing", "seat": seat, "kind": action.cante,
                                 "suit": "oceb"[suit], "points": pts}
        events.append(event)
        if self._check_101(side, events):
            return
        if self.ask == ASK_PARTNER and not self._sing_options(seat):
            self.ask = ASK_NONE
            self.to_act = self.leader

    def _swap(self, seat: int, card: int, events: list[dict[str, Any]]) -> None:
        if self.rules.exchange == "deferred":
            self.hands[seat] ^= 1 << card
            self.pending_seat = seat
            self.pending_card = card
            self.history.append(("g", seat, card))
            events.append({"type": "swap", "seat": seat, "gave": card_name(card),
                           "deferred": True})
        else:
            took = self.faceup
            self.hands[seat] ^= (1 << card) | (1 << took)
            self.faceup = card
            self.history.append(("x", seat, card, took))
            events.append({"type": "swap", "seat": seat, "gave": card_name(card),
                           "took": card_name(took)})
        if self.ask == ASK_EXCHANGE and not self._ask_dealer_exchange():
            self.ask = ASK_NONE
            self.to_act = self.leader

    def _pass(self, seat: int, events: list[dict[str, Any]]) -> None:
        events.append({"type": "pass", "seat": seat})
        if self.ask == ASK_THROW:
            self.throw_queue.pop(0)
            if self.throw_queue:
                self.to_act = self.throw_queue[0]
                return
        elif self.ask == ASK_PARTNER:
            self.partner_passed = True
        self.ask = ASK_NONE
        self.to_act = self.leader

    def _claim(self, seat: int, events: list[dict[str, Any]]) -> None:
        """claim = manual: a true 101 claim wins the game, a false one loses it (§10.1)."""
        valid = self.round_total(seat) >= 101
        events.append({"type": "claim", "seat": seat, "valid": valid,
                       "total": self.round_total(seat)})
        self._end_game(seat if valid else 1 - seat, "claim" if valid else "false_claim", events)

    # ------------------------------------------------------------------ scoring

    def _check_101(self, side: int, events: list[dict[str, Any]]) -> bool:
        """Wins at 101 the moment they happen: boricua, and la vuelta with automatic
        claims (§10.1, §10.3). Returns True when the round ended."""
        scoring = self.rules.scoring
        if scoring == "running101":
            if self.round_total(side) >= 101:
                self._end_round(side, "101", events)
                return True
        elif scoring == "games101" and self.deal_no == 2 and self.rules.claim == "auto":
            if self.round_total(side) >= 101:
                self._end_game(side, "101", events)
                return True
        return False

    def _round_finished(self, events: list[dict[str, Any]]) -> None:
        """Every trick played: decide the round by the variant's scoring."""
        scoring = self.rules.scoring
        if self.capote_seat >= 0:
            self._end_game(self.capote_seat, "capote", events)
            return
        if scoring == "games101":
            totals = [self.round_total(s) for s in range(2)]
            if max(totals) >= 101:
                if totals[0] != totals[1]:
                    w = 0 if totals[0] > totals[1] else 1
                else:
                    w = self.last_winner
                self._end_game(w, "101", events)
                return
        self._end_round(self._best_side(), "points", events)

    def _best_side(self) -> int:
        """Most round points; a tie goes to the side that won the later trick (§8, §9)."""
        best = max(self.points)
        tied = [s for s, p in enumerate(self.points) if p == best]
        return max(tied, key=lambda s: self.last_win[s])

    def _end_game(self, side: int, reason: str, events: list[dict[str, Any]]) -> None:
        """2 players to 101: a game is decided (§10.1)."""
        self.totals[side] += 1
        self.deal_no = 1
        self.game_dealer = 1 - self.game_dealer
        self.next_dealer = self.game_dealer
        events.append({"type": "game_over", "winner": side, "reason": reason})
        self._finish(side, reason, events, match_won=self.totals[side] >= self.rules.target)

    def _end_round(self, side: int | None, reason: str, events: list[dict[str, Any]]) -> None:
        rules = self.rules
        scoring = rules.scoring
        match_winner: int | None = None
        if side is None:  # thrown in: the same dealer deals again (§11)
            self.next_dealer = self.dealer
        elif scoring == "games101":
            # First deal without 101: la vuelta, dealt by the diez de últimas winner.
            self.deal_no = 2
            self.next_dealer = self.last_winner
        elif scoring == "running101":
            self.next_dealer = self.dealer
            if reason == "101":
                match_winner = side
        elif scoring == "lost_rounds":
            self.next_dealer = (self.dealer + 1) % self.n
            stones = 2 if reason == "tute" else 1
            for s in range(self.n):
                if s != side:
                    self.totals[s] += stones
            if reason == "tute" and rules.tute == "match":
                match_winner = side
            elif max(self.totals) >= rules.target:
                fewest = min(self.totals)
                tied = [s for s in range(self.n) if self.totals[s] == fewest]
                match_winner = side if side in tied else tied[0]
        else:  # won_rounds
            self.next_dealer = (self.dealer + 1) % self.n
            self.totals[side] += 2 if reason == "tute" else 1
            if reason == "tute" and rules.tute == "match":
                match_winner = side
            elif self.totals[side] >= rules.target:
                match_winner = side
        if match_winner is not None:
            self.winner = match_winner
        self._finish(side, reason, events, match_won=match_winner is not None)

    def _finish(
        self, side: int | None, reason: str, events: list[dict[str, Any]], match_won: bool
    ) -> None:
        if self.rules.scoring in ("games101", "running101"):
            self.carry = [self.carry[s] + self.points[s] for s in range(2)]
        self.round_winner = side
        self.reason = reason
        self.to_act = None
        self.ask = ASK_NONE
        self.window = False
        events.append({"type": "round_over", "winner": side, "reason": reason,
                       "points": self.points[:]})
        if match_won:
            self.phase = MATCH_OVER
            self.winner = side if self.winner is None else self.winner
            events.append({"type": "match_over", "winner": self.winner})
        else:
            self.phase = ROUND_OVER

    # ------------------------------------------------------------------ errors

    def explain_illegal(self, action: Action) -> tuple[str, str]:
        """Why ``action`` is not legal now: (message for a player, rule name)."""
        if self.phase != PLAYING:
            return ("the round is over: nobody acts until the next deal"
                    if self.phase == ROUND_OVER else "the match is over", "turn")
        seat = self.to_act
        assert seat is not None
        kind = action.kind
        ask = self.ask
        if ask == ASK_EXCHANGE and kind != SWAP:
            return ("before the first trick the dealer may only exchange the trump card or pass"
                    " (§6)", "cambio")
        if ask == ASK_PARTNER and kind != SING:
            return ("your partner won the trick: declare or pass (§9)", "cante")
        if ask == ASK_THROW:
            return ("throw in your hand or pass (§11)", "throw_in")
        if kind == PLAY:
            assert action.card is not None
            return self._explain_play(seat, int(action.card))
        if kind == SING:
            return self._explain_sing(seat, action)
        if kind == SWAP:
            return self._explain_swap(seat, action)
        if kind == CAPOTE:
            if not self.rules.capote:
                return (f"{self.rules.name} has no capote (§7)", "capote")
            return ("capote is announced only by the leader of the first of the last eight"
                    " tricks, once the stock is exhausted (§7.1)", "capote")
        if kind == CLAIM:
            if self.rules.claim != "manual":
                return ("101 is counted automatically; there is nothing to claim (§10.1)",
                        "claim")
            return ("101 is claimed only during la vuelta, the second deal (§10.1)", "claim")
        if kind == PASS:
            return ("nothing is being asked: play a card (§6)", "pass")
        if kind == THROW:
            return ("a hand may be thrown in only before the first trick, when the option is"
                    " on and it is worth 10 points or less (§11)", "throw_in")
        return (f"{action} is not allowed now", "turn")

    def _explain_play(self, seat: int, card: int) -> tuple[str, str]:
        name = card_name(card)
        hand = self.hands[seat]
        if not hand >> card & 1:
            return (f"no tienes el {name} (you do not hold {name})", "hand")
        cards = self.trick_cards
        led = cards[0] // 10
        trump = self.trump
        tname = SUIT_NAMES_ES[trump]
        mode = self._mode()
        if mode == ARRASTRE:
            return (f"debes arrastrar: salió triunfo ({tname}) y tienes triunfo"
                    " (a trump was led and you hold a trump; §3 arrastre)", "arrastrar")
        lname = SUIT_NAMES_ES[led]
        suit = card // 10
        if hand & SUIT_MASKS[led]:
            if suit != led:
                return (f"debes asistir a {lname}: tienes {lname}"
                        f" (you must follow suit, {lname}; §3)", "asistir")
            return (f"debes montar: tienes {lname} que gana a la mesa"
                    " (you must beat the highest card of the suit led; §3)", "montar")
        on_table = any(c // 10 == trump for c in cards)
        if not on_table:
            return (f"debes fallar: no tienes {lname} y tienes triunfo ({tname})"
                    " (void in the suit led, you must trump; §3)", "fallar")
        if hand & ABOVE[max(c for c in cards if c // 10 == trump)]:
            return ("debes contrafallar: tienes un triunfo que gana al de la mesa"
                    " (you must over-trump; §3)", "contrafallar")
        return ("debes fallar: con la opción undertrump hay que echar triunfo"
                " (house rule undertrump: you must still trump; §3)", "fallar")

    def _explain_sing(self, seat: int, action: Action) -> tuple[str, str]:
        rules = self.rules
        if action.cante == "tute" and rules.tute == "none":
            return (f"{rules.name} has no tute: four Reyes or Caballos score nothing (§7)", "tute")
        if self.trick_cards or not (self.window or self.ask == ASK_PARTNER):
            return ("se canta solo justo después de ganar una baza, antes de salir"
                    " (declare only right after winning a trick, before leading; §4)", "cante")
        side = self.side_of(seat)
        if self.lost_right[side]:
            return ("your side lost the right to declare this round: it declared nothing after"
                    " its first trick although it could (§4)", "use_or_lose")
        if rules.cantes_per_trick == 1 and self.window_sings:
            return ("one declaration per trick won (§4)", "cante")
        if self.n == 2 and self.stock_count == 0:
            return ("declarations end when the stock is exhausted (§4)", "cante")
        if self.n == 2 and rules.declare_until == "stock_gt_2" and self.stock_count <= 2:
            return ("declarations end when the last two cards of the stock remain (§4)", "cante")
        hand = self.hands[seat]
        if action.cante == "tute":
            strength = REY if action.rank == 12 else CABALLO
            if not all(hand >> (s * 10 + strength) & 1 for s in range(4)):
                return ("a tute needs all four Reyes or all four Caballos in hand (§4)", "tute")
            return ("that tute was already declared (§4)", "tute")
        suit = self.trump if action.cante == "40" else action.suit
        assert suit is not None
        if action.cante == "20" and suit == self.trump:
            return ("the Rey and Caballo of trumps are the forty, not a twenty (§4)", "cante")
        pair = (1 << (suit * 10 + REY)) | (1 << (suit * 10 + CABALLO))
        if hand & pair != pair:
            return (f"no tienes el Rey y el Caballo de {SUIT_NAMES_ES[suit]}"
                    " (you need both in hand; §4)", "cante")
        if self.sung >> suit & 1:
            return ("each marriage is declared once per round (§4)", "cante")
        return ("the forty must be declared before any twenty (§4)", "cante")

    def _explain_swap(self, seat: int, action: Action) -> tuple[str, str]:
        rules = self.rules
        if rules.exchange in ("none", "compulsory"):
            return (f"{rules.name} has no exchange at a player's choice (§8, §9)", "cambio")
        if self.faceup < 0:
            return ("the face-up trump card is gone: nothing to exchange (§5)", "cambio")
        if self.pending_card >= 0:
            return ("an exchange is already waiting under the trump card (§7.2)", "cambio")
        if self.trick_cards or not (self.ask == ASK_EXCHANGE or seat == self.leader):
            return ("exchange only before leading (§6)", "cambio")
        assert action.card is not None
        card = int(action.card)
        if not self.hands[seat] >> card & 1:
            return (f"no tienes el {card_name(card)} (§5)", "cambio")
        if card // 10 != self.trump or card % 10 not in (SIETE, DOS):
            return ("only the trump 7 or 2 exchange for the face-up card (§5)", "cambio")
        if card % 10 == DOS and not rules.exchange_two:
            return (f"in {rules.name} only the 7 exchanges (§7.3)", "cambio")
        if card % 10 == SIETE:
            return ("the 7 takes only a face-up As, Tres, Rey, Caballo or Sota (§5)", "cambio")
        return ("the 2 takes only a face-up 7, 6, 5 or 4 (§5)", "cambio")


def new_game(
    rules: Rules, *, seed: int | None = None, rng: random.Random | None = None,
    deal: Deal | None = None,
) -> State:
    """A new match of ``rules``; see ``State.new``."""
    return State.new(rules, seed=seed, rng=rng, deal=deal)


__all__ = ["State", "new_game", "Deal", "deal_cards", "CARDS"]
