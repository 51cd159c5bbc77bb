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
from collections.abc import Callable
from typing import Final, NamedTuple

from .actions import (
    BID,
    BID_ACTIONS,
    BID_STEP,
    CAPOTE,
    CAPOTE_ACTION,
    CLAIM,
    CLAIM_ACTION,
    MAX_BID,
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
    TRUMP,
    TRUMP_ACTIONS,
    Action,
    Kind,
)
from .auction import Bidding, most_declarations, points_in_play
from .cards import (
    ALL_CARDS_MASK,
    CARD_POINTS,
    CARDS,
    DOS,
    EXCHANGER_MASKS,
    KINGS_MASK,
    KINGS_OF_SUITS,
    KNIGHTS_MASK,
    PAIR_MASKS,
    SEVEN_TAKES,
    SIETE,
    SUIT_MASKS,
    SUITS,
    Card,
    mask_points,
)
from .deal import Deal, deal_cards
from .errors import IllegalActionError
from .events import (
    Ask,
    BidMade,
    Cante,
    CapoteAnnounced,
    Claimed,
    Dealt,
    Declared,
    DrawRecord,
    Drew,
    Event,
    ExchangeCompleted,
    Exchanged,
    ExchangeDeferred,
    GameWon,
    GaveRecord,
    HandRecord,
    KnownRecord,
    MatchOver,
    Next,
    Outcome,
    Passed,
    Phase,
    Played,
    PlayRecord,
    Reason,
    Record,
    RoundOver,
    ShowRecord,
    SideResult,
    SwapRecord,
    ThrownIn,
    TrickWon,
    TrumpNamed,
)
from .obligations import Obligation, obligation
from .rules import (
    ARRASTRE,
    FREE,
    STRICT,
    CantesPerTrick,
    Claim,
    DealerRule,
    Exchange,
    Mode,
    RoundScoring,
    Rules,
    Scoring,
    TrumpFrom,
    Tute,
)
from .seeds import check_seed
from .tricks import BEATING, strict_mask, strict_play, trick_result

PLAYING: Final = Phase.PLAY
ROUND_OVER: Final = Phase.ROUND_OVER
MATCH_OVER: Final = Phase.MATCH_OVER

# Who is being asked what, besides playing a card (``State.ask``).
ASK_NONE: Final = Ask.NONE
ASK_EXCHANGE: Final = Ask.EXCHANGE
ASK_PARTNER: Final = Ask.PARTNER
ASK_THROW: Final = Ask.THROW
ASK_BID: Final = Ask.BID
ASK_TRUMP: Final = Ask.TRUMP

# Enum members as module constants: on Python 3.11 ``Scoring.GAMES_101`` is a
# slow class attribute lookup, and these are read on every trick.
_GAMES_101: Final = Scoring.GAMES_101
_RUNNING_101: Final = Scoring.RUNNING_101
_LOST_ROUNDS: Final = Scoring.LOST_ROUNDS
_CONTRACT: Final = Scoring.CONTRACT
_ONE_CANTE: Final = CantesPerTrick.ONE
_NO_TUTE: Final = Tute.NONE
_NO_EXCHANGE: Final = Exchange.NONE
_COMPULSORY: Final = Exchange.COMPULSORY
_DEFERRED: Final = Exchange.DEFERRED
_POINTS: Final = Reason.POINTS
_REACHED_101: Final = Reason.REACHED_101
_TUTE: Final = Reason.TUTE
_NEXT_ROUND: Final = Next.ROUND
_NEXT_VUELTA: Final = Next.VUELTA
_NEXT_NEW_GAME: Final = Next.NEW_GAME
_NEXT_REDEAL: Final = Next.REDEAL
_NEXT_MATCH_OVER: Final = Next.MATCH_OVER

# Bits of ``State.sung`` besides the four suit bits (a suit's 20 or 40).
TUTE_REYES_BIT: Final = 1 << 4
TUTE_CABALLOS_BIT: Final = 1 << 5

# The 7 takes these face-up cards, the 2 takes these (RULES §5).
_SEVEN_TAKES: Final = SEVEN_TAKES
_TWO_TAKES: Final = frozenset({SIETE, SIETE - 1, SIETE - 2, SIETE - 3})


def _chunk_plays(suit: int) -> tuple[tuple[Action, ...], ...]:
    """Per 10-bit chunk of one suit's cards, the play actions of those cards,
    lowest first: each chunk's is its lowest card's before the chunk's without
    that card (one tuple a chunk: cheap at import, which the window waits for)."""
    table: list[tuple[Action, ...]] = [()]
    for m in range(1, 1024):
        table.append((PLAY_ACTIONS[suit * 10 + (m & -m).bit_length() - 1],) + table[m & (m - 1)])
    return tuple(table)


# Per suit, per 10-bit chunk of a hand: the play actions of those cards.
_CHUNK_PLAYS: Final = tuple(_chunk_plays(s) for s in range(4))
_PLAYS0, _PLAYS1, _PLAYS2, _PLAYS3 = _CHUNK_PLAYS

_new: Final = tuple.__new__
"""Builds a record without the named tuple's Python-level constructor: a record
is made for every card played, in every rollout of every search."""

# The commonest records and events, made once: they are immutable, so every
# round may share them (a play that proves nothing, a face-down draw, a play and
# a draw as events).
_PLAIN_PLAYS: Final = tuple(tuple(PlayRecord(s, c, 0) for c in range(40)) for s in range(4))
_HIDDEN_DRAWS: Final = tuple(DrawRecord(s, -1) for s in range(4))
_HIDDEN_DRAW_PAIRS: Final = ((_HIDDEN_DRAWS[0], _HIDDEN_DRAWS[1]),
                             (_HIDDEN_DRAWS[1], _HIDDEN_DRAWS[0]))
"""2 players: the trick winner's face-down draw, then the other's."""
_PLAYED: Final = tuple(tuple(Played(s, CARDS[c]) for c in range(40)) for s in range(4))
_DREW: Final = tuple(tuple(Drew(s, CARDS[c], False) for c in range(40)) for s in range(4))
_CARD_PAIRS: Final = tuple(tuple((CARDS[a], CARDS[b]) for b in range(40)) for a in range(40))
"""A two-card trick's cards as its event shows them."""
_SEAT_PAIRS: Final = ((0, 1), (1, 0))
"""A two-card trick's seats in play order, by the leader."""


_BIT: Final = tuple(1 << c for c in range(40))


def _shuffled(rules: Rules, dealer: int, rng: random.Random) -> tuple[list[int], int, list[int]]:
    """``deal_cards(rules, dealer, rng)`` as ``_start_round`` takes it: the same
    shuffle (it draws by the deck's length alone) and the same cards, as hand
    masks, the trump card and the stock (top at the end), with no ``Card`` or
    ``Deal`` built on the way (every search's ``new_game`` deals)."""
    deck = _shuffled_deck(rng)
    n, k = rules.players, rules.hand_size
    bit = _BIT.__getitem__
    if rules.deck != ALL_CARDS_MASK:  # subastado: the same shuffle, the 2s left out (§12)
        in_play = rules.deck
        deck = [c for c in deck if in_play >> c & 1]
    hands = [0] * n
    for i in range(n):  # dealt from the seat after the dealer
        hands[(dealer + 1 + i) % n] = sum(map(bit, deck[i * k:(i + 1) * k]))
    if rules.trump_from is TrumpFrom.AUCTION:  # no card turned (§12)
        return hands, -1, []
    if rules.has_stock:  # the turned card is the stock's last (§6)
        stock = deck[n * k:-1]
        stock.reverse()
        return hands, deck[-1], stock
    if rules.trump_from is TrumpFrom.TURNED_CARD:  # tres: the card after the hands
        return hands, deck[n * k], []
    return hands, deck[n * k - 1], []  # the dealer's last card, shown (§9, §13)


_SHUFFLE_STEPS: Final = tuple((i, i + 1, (i + 1).bit_length()) for i in range(39, 0, -1))
"""``random.shuffle`` of 40 cards, step by step: the position, how many cards
it chooses among, and the bits drawn for that choice."""


def _shuffle_steps(rng: random.Random) -> list[int]:
    """``rng.shuffle(list(range(40)))``, with ``Random._randbelow`` written out
    (the same draws, in the same order: a deal costs one call per draw less)."""
    deck = list(range(40))
    getrandbits = rng.getrandbits
    for i, n, k in _SHUFFLE_STEPS:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _same_shuffle() -> bool:
    """Whether ``_shuffle_steps`` shuffles as this Python's ``random.shuffle``
    does (checked once, at import, on a few seeds)."""
    for seed in range(8):
        theirs, mine = random.Random(seed), random.Random(seed)
        deck = list(range(40))
        theirs.shuffle(deck)
        if _shuffle_steps(mine) != deck or mine.random() != theirs.random():
            return False  # pragma: no cover - another Python's shuffle
    return True


_FAST_SHUFFLE: Final = _same_shuffle()


def _shuffled_deck(rng: random.Random) -> list[int]:
    """The card ids 0..39 as ``rng.shuffle`` orders them: the deal's shuffle.
    A plain ``random.Random`` (whose draws are known) is shuffled step by step
    (``_shuffle_steps``), anything else by its own ``shuffle``."""
    if _FAST_SHUFFLE and type(rng) is random.Random:
        return _shuffle_steps(rng)
    deck = list(range(40))
    rng.shuffle(deck)
    return deck


_HAND_RECORDS: Final[dict[tuple[int, int], tuple[HandRecord, ...]]] = {}


def _hand_records(n: int, size: int) -> tuple[HandRecord, ...]:
    """The records a round's public history starts with: every seat's hand size."""
    records = _HAND_RECORDS.get((n, size))
    if records is None:
        records = _HAND_RECORDS[n, size] = tuple(HandRecord(s, size) for s in range(n))
    return records


class State:
    """A match: the round being played plus the match score. See the module doc."""

    __slots__ = (
        "rules", "n", "hands", "stock", "faceup", "pending_seat", "pending_card", "dead_card",
        "trump", "dealer", "leader", "to_act", "ask", "trick_seats", "trick_cards",
        "last_seats", "last_cards", "phase", "window", "window_sings", "partner_passed", "points",
        "tricks_won", "last_win", "sung", "declarations", "capote_seat", "tricks_played",
        "last_winner", "carry", "deal_no", "totals", "round_winner", "winner", "reason",
        "game_dealer", "next_dealer", "lost_right", "silent_first", "history", "round_no",
        "throw_queue",
        "collected", "diez_side", "ending", "round_won", "side_map", "auction",
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
    ask: Ask
    trick_seats: list[int]
    trick_cards: list[int]
    last_seats: list[int]
    last_cards: list[int]
    """The last completed trick of the round: who played, and what (``last_trick``)."""
    phase: Phase
    window: bool
    window_sings: int
    partner_passed: bool
    points: list[int]
    tricks_won: list[int]
    last_win: list[int]
    sung: int
    declarations: list[Declared]
    capote_seat: int
    tricks_played: int
    last_winner: int
    carry: list[int]
    deal_no: int
    totals: list[int]
    round_winner: int | None
    winner: int | None
    reason: Reason | None
    game_dealer: int
    next_dealer: int
    lost_right: list[bool]
    silent_first: list[tuple[int, int, bool] | None]
    """Per side, where its first won trick's window closed with nothing declared
    (§4 use_or_lose): the length of ``history`` then (its next record is the
    lead that closed it), the suits declared by then (``sung``), and whether the
    partner was asked and passed (§9); None before, or where it declared. What a
    redeal needs to tell again whether the side could have declared there
    (``view.apply_redeal``)."""
    history: list[Record]
    """The public record of the round: what every seat saw happen (``view``)."""
    round_no: int
    throw_queue: list[int]
    collected: list[int]
    diez_side: int
    """The side that won the diez de últimas (the last trick), or -1."""
    side_map: tuple[int, ...]
    """The side of each seat this round: ``Rules.side_map``, where it is fixed;
    in subastado side 0 is the bidder and 1 la contra, decided when trump is
    named (every seat 1 during the auction; §12)."""
    auction: Bidding | None
    """subastado: this round's auction, bids, contract and named trump (§12);
    None in the other rule sets. Replaced, never changed in place."""
    round_won: list[int]
    """Lost-rounds scoring: per side, the number of the last round it won (0 for
    none), for the tie at the match's end (§13). Replaced, never changed in place."""
    ending: tuple[int | None, Reason, list[int] | None, Next] | None
    """Once the round is over: its winner, why, the points carried into it
    (None where points do not carry over) and what follows; ``outcome`` is
    built from it when asked, so rollouts never build one."""

    # ------------------------------------------------------------------ setup

    @classmethod
    def new(
        cls,
        rules: Rules,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        deal: Deal | None = None,
        events: list[Event] | None = None,
    ) -> State:
        """A new match. Deals from ``deal``, else from ``rng``, else from ``seed``
        (the same seed and variant always deal the same cards, RULES §11; a seed
        outside 0..``SEED_MAX`` raises ``SeedError``)."""
        self = cls.__new__(cls)
        self.rules = rules
        self.n = rules.players
        sides = rules.sides
        self.totals = [0] * (self.n if rules.totals_by_seat else sides)
        self.carry = [0] * sides
        self.round_won = [0] * sides
        self.round_no = 0
        self.deal_no = 1
        self.winner = None
        if events is None:
            events = []
        if deal is None:
            rng = rng if rng is not None else random.Random(_seed(seed))
            dealer = rng.randrange(self.n)
            self.game_dealer = dealer
            self._start_round(dealer, *_shuffled(rules, dealer, rng), events)
        else:
            self.game_dealer = deal.dealer
            self._start_dealt(deal, events)
        return self

    def start_next_round(
        self,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        deal: Deal | None = None,
    ) -> list[Event]:
        """Deal the next round once this one is over; returns the events."""
        if self.phase is not ROUND_OVER:
            raise IllegalActionError(
                "next_round_not_yet" if self.phase is PLAYING else "match_over")
        events: list[Event] = []
        if deal is None:
            rng = rng if rng is not None else random.Random(_seed(seed))
            dealer = self.next_dealer
            self._start_round(dealer, *_shuffled(self.rules, dealer, rng), events)
        elif deal.dealer != self.next_dealer:
            raise IllegalActionError("wrong_dealer", dealer=self.next_dealer, given=deal.dealer)
        else:
            self._start_dealt(deal, events)
        return events

    def _start_dealt(self, deal: Deal, events: list[Event]) -> None:
        """Start a round from an explicit ``Deal``."""
        trump = int(deal.trump) if deal.trump is not None else -1
        self._start_round(deal.dealer, [sum(map(_BIT.__getitem__, h)) for h in deal.hands],
                          trump, list(map(int, reversed(deal.stock))), events)

    def _start_round(self, dealer: int, hands: list[int], trump: int, stock: list[int],
                     events: list[Event]) -> None:
        """Start a round: ``hands`` as masks, ``trump`` the card that marks trumps
        (``Deal.trump``; -1 where the auction names trump), ``stock`` top at the
        end; both lists become the state's."""
        rules, n = self.rules, self.n
        sides = rules.sides
        self.round_no += 1
        auction = rules.trump_from is TrumpFrom.AUCTION
        # Where the sides are decided each round, nobody is the bidder until
        # trump is named (§12).
        self.side_map = rules.side_map if rules.side_map is not None else (1,) * n
        self.auction = Bidding() if auction else None
        if rules.scoring is _GAMES_101 and self.deal_no == 1:
            self.carry = [0, 0]  # a new game to 101
        self.dealer = dealer
        self.next_dealer = dealer
        self.hands = hands
        self.stock = stock
        self.faceup = trump
        self.trump = trump // 10
        self.pending_seat = -1
        self.pending_card = -1
        self.dead_card = -1
        self.trick_seats = []
        self.trick_cards = []
        self.last_seats = []
        self.last_cards = []
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
        self.diez_side = -1
        self.ending = None
        self.lost_right = [False] * sides
        self.silent_first = [None] * sides
        self.throw_queue = []
        mano = (dealer + 1) % n
        self.leader = mano
        self.to_act = mano
        self.ask = ASK_NONE
        self.history = list(_hand_records(n, rules.hand_size))
        events.append(_new(Dealt, (dealer, CARDS[trump] if trump >= 0 else None,
                                   self.round_no)))
        if auction:  # subastado: the auction first, from the mano (§12)
            self.ask = ASK_BID
            return
        if rules.has_stock:
            self._ask_dealer_exchange()
        elif rules.trump_from is TrumpFrom.TURNED_CARD:
            # tres: the turned card marks trump and is out of play (§8).
            self.dead_card = self.faceup
            self.faceup = -1
            if rules.exchange is _COMPULSORY:
                self._compulsory_exchanges(events)
        else:
            # The dealer's shown card stays in hand, known to all (§9, §13).
            self.faceup = -1
            self.history.append(KnownRecord(dealer, trump))
        if rules.throw_in:  # an option of 3 and 4 players only (§11)
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
            self.history.append(KnownRecord(self.dealer, c))
        return True

    def _compulsory_exchanges(self, events: list[Event]) -> None:
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
                    self.history.append(SwapRecord(seat, giver, took))
                    events.append(Exchanged(seat, CARDS[giver], CARDS[took]))

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
        c.last_seats = self.last_seats  # never changed in place: replaced by the next trick
        c.last_cards = self.last_cards
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
        c.silent_first = self.silent_first[:]
        c.history = self.history[:]
        c.round_no = self.round_no
        c.throw_queue = self.throw_queue[:]
        c.diez_side = self.diez_side
        c.ending = self.ending
        c.round_won = self.round_won  # replaced, never changed in place
        c.side_map = self.side_map
        c.auction = self.auction  # replaced, never changed in place
        return c

    # ------------------------------------------------------------------ queries

    def side_of(self, seat: int) -> int:
        """The scoring side of a seat: itself, or its team (seat % 2) in parejas
        (``Rules.side_map``, or the round's where sides change each round)."""
        return self.side_map[seat]

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
        if self.phase is PLAYING:
            return self.carry[side] + self.points[side]
        return self.carry[side]

    @property
    def last_trick(self) -> list[tuple[int, int]]:
        """The last completed trick of the round as (seat, card), in play order."""
        return list(zip(self.last_seats, self.last_cards, strict=True))

    def carries_points(self) -> bool:
        """Whether round points add up across deals: boricua's running total
        (§10.3), and la vuelta, the second deal of a game to 101 (§10.1)."""
        scoring = self.rules.scoring
        return scoring is _RUNNING_101 or (
            scoring is _GAMES_101 and self.deal_no == 2)

    def match_totals(self) -> list[int]:
        """The match score per side (PROTOCOL ``totals``): games won (2 players to
        101, parejas), lost rounds (tres), the running total (boricua)."""
        if self.rules.scoring is _RUNNING_101:
            return [self.round_total(s) for s in range(self.rules.sides)]
        return self.totals[:]

    def played_mask(self) -> int:
        """Cards out of play for everyone: won in tricks, on the table, and tres'
        dead card. Public knowledge."""
        m = 0
        for c in self.collected:
            m |= c
        for c in self.trick_cards:
            m |= 1 << c
        if self.dead_card >= 0:
            m |= 1 << self.dead_card
        return m

    def claim_is_true(self, seat: int) -> bool:
        """Whether a 101 claim by ``seat`` now would be true (§10.1): its side's
        total is public, so every seat can tell."""
        return self.round_total(self.side_of(seat)) >= 101

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now, and nothing else: the cards
        (by suit, lowest first), then declarations, exchanges, capote, a claim."""
        if self.phase is not PLAYING:
            return []
        seat = self.to_act
        assert seat is not None
        ask = self.ask
        if ask is not ASK_NONE:
            return _QUESTIONS[ask].legal(self, seat)
        hand = self.hands[seat]
        cards = self.trick_cards
        if cards:
            # _follow_mask, written out: the mode, then its mask.
            if self.stock or self.faceup >= 0 or self.pending_card >= 0:
                mode = self.rules.stock_rules
                if mode is ARRASTRE:
                    tmask = SUIT_MASKS[self.trump]
                    m = hand & tmask if cards[0] // 10 == self.trump and hand & tmask \
                        else hand
                elif mode is FREE:
                    m = hand
                else:
                    m = strict_mask(hand, cards, self.trump, self.rules.undertrump)
            else:
                m = strict_mask(hand, cards, self.trump, self.rules.undertrump)
            acts = [*_PLAYS0[m & 1023], *_PLAYS1[m >> 10 & 1023], *_PLAYS2[m >> 20 & 1023],
                    *_PLAYS3[m >> 30]]
        else:
            acts = [*_PLAYS0[hand & 1023], *_PLAYS1[hand >> 10 & 1023],
                    *_PLAYS2[hand >> 20 & 1023], *_PLAYS3[hand >> 30]]
            # Cheap tests first: most leads have nothing to declare or exchange
            # (_may_sing, written out).
            if self.window and (
                    hand & (hand << 1) & KINGS_MASK & ~KINGS_OF_SUITS[self.sung & 15] or (
                        self.rules.tute is not _NO_TUTE
                        and (hand & KINGS_MASK == KINGS_MASK
                             or hand & KNIGHTS_MASK == KNIGHTS_MASK))):
                acts.extend(self._sing_options(seat))
            if self.faceup >= 0:
                if hand & EXCHANGER_MASKS[self.trump]:
                    acts.extend(SWAP_ACTIONS[c] for c in self._swap_options(seat))
            elif (self.rules.capote and not self.stock and self.pending_card < 0
                  and self.capote_seat < 0
                  and hand.bit_count() == self.rules.hand_size):
                acts.append(CAPOTE_ACTION)  # _capote_allowed, written out
        if self.deal_no == 2 and self._claim_allowed():
            acts.append(CLAIM_ACTION)
        return acts

    def legal_play_mask(self) -> int:
        """The cards the seat to act may play now, as a mask (0 if it is not playing)."""
        seat = self.to_act
        if self.phase is not PLAYING or self.ask is not ASK_NONE or seat is None:
            return 0
        cards = self.trick_cards
        hand = self.hands[seat]
        if not cards:
            return hand
        if self.stock or self.faceup >= 0 or self.pending_card >= 0:
            return self._follow_mask(hand, cards)  # the stock's mode (§6)
        return strict_mask(hand, cards, self.trump, self.rules.undertrump)

    def obligation(self) -> Obligation | None:
        """The rule binding the seat to act if it is to play a card now (RULES §3),
        else None: the duty, the suit it must play, the card it must beat. Reads
        only what that seat may know (the trick, the trump, whether the stock
        lasts, its own hand). ``allowed(hand)`` is ``legal_play_mask()``."""
        seat = self.to_act
        if self.phase is not PLAYING or self.ask is not ASK_NONE or seat is None:
            return None
        partners = self.rules.partners
        return obligation(self._mode(), self.hands[seat], self.trick_cards, self.trick_seats,
                          self.trump, self.rules.undertrump,
                          partners[seat] if partners else self._round_partner(seat))

    def partner_of(self, seat: int) -> int:
        """``seat``'s partner this round, or -1: parejas' fixed partner (§9); in
        subastado la contra's other seat once trump is named, none for the
        bidder, nor for anyone during the auction (§12); none where each plays
        for themselves."""
        partners = self.rules.partners
        if partners:
            return partners[seat]
        auction = self.auction
        return self._round_partner(seat) if auction is not None and auction.trump >= 0 else -1

    def _round_partner(self, seat: int) -> int:
        """The other seat of ``seat``'s side this round where the sides are
        decided each round (la contra, §12), else -1."""
        if self.auction is None:
            return -1
        side_map = self.side_map
        return next((o for o in range(self.n)
                     if o != seat and side_map[o] == side_map[seat]), -1)

    @property
    def protocol_phase(self) -> Phase:
        """``phase`` as the protocol writes it (PROTOCOL 1.2): ``auction`` while
        subastado's auction or the naming of trump is on, else ``phase``."""
        ask = self.ask
        if self.phase is PLAYING and (ask is ASK_BID or ask is ASK_TRUMP):
            return Phase.AUCTION
        return self.phase

    @property
    def contract(self) -> tuple[int, int] | None:
        """subastado once trump is named: ``(bidder, bid)``; else None (§12)."""
        a = self.auction
        if a is None or a.trump < 0:
            return None
        return a.bidder, a.bid

    def stock_in_play(self) -> bool:
        """Whether the stock (or the face-up card, or a deferred exchange's card)
        is still to be drawn: its phase's obligations hold (§6). Never where every
        card is dealt. (The hot paths write this test out.)"""
        return bool(self.stock) or self.faceup >= 0 or self.pending_card >= 0

    def _mode(self) -> Mode:
        """The obligation mode now (§3, §6): the stock's while it lasts, else strict."""
        if self.stock_in_play():
            return self.rules.stock_rules
        return STRICT

    def _follow_mask(self, hand: int, cards: list[int]) -> int:
        """The cards of ``hand`` playable on the trick ``cards`` (not empty; §3)."""
        # _mode(), written out: this runs for every card that follows a lead.
        if self.stock or self.faceup >= 0 or self.pending_card >= 0:
            mode = self.rules.stock_rules
            if mode is FREE:
                return hand
            if mode is ARRASTRE:
                trump = self.trump
                tmask = SUIT_MASKS[trump]
                if cards[0] // 10 == trump and hand & tmask:
                    return hand & tmask
                return hand
        return strict_mask(hand, cards, self.trump, self.rules.undertrump)

    def _follow_play(self, hand: int, cards: list[int], card: int) -> int:
        """Whether ``card``, held in ``hand``, may follow the trick ``cards`` (not
        empty; §3), and if so what the play proves the hand does not hold (voids,
        cannot beat: RULES §3 read backwards, from public information only;
        ``view`` and ``resample`` use it): that mask, or -1 when not allowed."""
        if self.stock or self.faceup >= 0 or self.pending_card >= 0:
            mode = self.rules.stock_rules
            if mode is FREE:
                return 0
            if mode is ARRASTRE:
                trump = self.trump
                if cards[0] // 10 == trump and card // 10 != trump:
                    tmask = SUIT_MASKS[trump]
                    return -1 if hand & tmask else tmask
                return 0
        return strict_play(hand, cards, card, self.trump, self.rules.undertrump)

    def _swap_options(self, seat: int) -> list[int]:
        """The trump 7 or 2 this seat may exchange now (RULES §5, §7.2, §7.3)."""
        rules = self.rules
        exchange = rules.exchange
        if exchange is _NO_EXCHANGE or exchange is _COMPULSORY or self.faceup < 0:
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

    def _may_sing(self, hand: int) -> bool:
        """A cheap test before ``_sing_options``: False when ``hand`` holds no pair
        of a suit not yet declared and no four Reyes or Caballos for a tute
        (then nothing can be declared), True when it might."""
        return bool(hand & (hand << 1) & KINGS_MASK & ~KINGS_OF_SUITS[self.sung & 15]) or (
            self.rules.tute is not _NO_TUTE
            and (hand & KINGS_MASK == KINGS_MASK or hand & KNIGHTS_MASK == KNIGHTS_MASK))

    def _sing_options(self, seat: int) -> list[Action]:
        """The declarations this seat may make now, its side's window being open."""
        rules = self.rules
        side = self.side_of(seat)
        if self.lost_right[side] or (side and rules.only_bidder_declares):
            return []  # la contra never declares (§12)
        if rules.cantes_per_trick is _ONE_CANTE and self.window_sings:
            return []
        if not rules.declaring_with(self.stock_count):  # while the stock lasts (§4)
            return []
        hand = self.hands[seat]
        sung = self.sung
        out: list[Action] = []
        if rules.tute is not _NO_TUTE:
            if hand & KINGS_MASK == KINGS_MASK and not sung & TUTE_REYES_BIT:
                out.append(SING_TUTE[12])
            if hand & KNIGHTS_MASK == KNIGHTS_MASK and not sung & TUTE_CABALLOS_BIT:
                out.append(SING_TUTE[11])
        if out and rules.cantes_per_trick is not _ONE_CANTE:
            return out  # highest first (§4)
        trump = self.trump
        forty = False
        if not sung >> trump & 1:
            pair = PAIR_MASKS[trump]
            if hand & pair == pair:
                forty = True
                out.append(SING40)
        if forty and (rules.forty_first or rules.cantes_per_trick is not _ONE_CANTE):
            return out
        for s in range(4):
            if s == trump or sung >> s & 1:
                continue
            pair = PAIR_MASKS[s]
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
        return self.rules.claim is Claim.MANUAL and self.deal_no == 2

    # ------------------------------------------------------------------ acting

    def apply(self, action: Action, record: bool = True) -> list[Event]:
        """Do ``action`` for the seat to act; returns what happened (PROTOCOL "Events").
        Raises IllegalActionError naming the rule, with the state unchanged.
        ``record=False`` builds no event (searches play thousands of moves and read
        none of them) and returns an empty list; the public record is kept either way."""
        card = action.card
        if (
            action.kind is PLAY
            and self.ask is ASK_NONE
            and self.phase is PLAYING
            and card is not None
        ):
            # The common case, checked without listing the legal actions, and
            # played as play_known plays (written out: every card of the API).
            seat = self.to_act
            if seat is not None:
                hands = self.hands
                hand = hands[seat]
                if hand & _BIT[card]:
                    cards = self.trick_cards
                    if cards:
                        # _follow_play, written out: the mode, then the check
                        # and what the play proves.
                        trump = self.trump
                        if self.stock or self.faceup >= 0 or self.pending_card >= 0:
                            mode = self.rules.stock_rules
                            if mode is ARRASTRE:
                                excl = 0
                                if cards[0] // 10 == trump and card // 10 != trump:
                                    excl = SUIT_MASKS[trump]
                                    if hand & excl:
                                        raise self.illegal(action)
                            elif mode is FREE:
                                excl = 0
                            else:
                                excl = strict_play(hand, cards, card, trump,
                                                   self.rules.undertrump)
                        else:
                            excl = strict_play(hand, cards, card, trump, self.rules.undertrump)
                        if excl < 0:
                            raise self.illegal(action)
                    else:
                        excl = 0
                        if self.window:
                            if self.rules.use_or_lose:
                                self._close_window(seat)
                            else:
                                self.window = False
                    hands[seat] = hand ^ _BIT[card]
                    cards.append(card)
                    self.trick_seats.append(seat)
                    self.history.append(_new(PlayRecord, (seat, card, excl)) if excl
                                        else _PLAIN_PLAYS[seat][card])
                    if len(cards) == self.n:
                        events: list[Event] | None = [_PLAYED[seat][card]] if record else None
                        self._finish_trick(events)
                        return events if events is not None else []
                    self.to_act = (seat + 1) % self.n
                    return [_PLAYED[seat][card]] if record else []
        events = [] if record else None
        legal = self.legal_actions()
        for a in legal:  # the engine's own (shared) actions: found by identity
            if a is action:
                break
        else:
            if action not in legal:  # an equal action built elsewhere
                raise self.illegal(action)
        seat = self.to_act
        assert seat is not None
        _ACT[action.kind](self, seat, action, events)
        return events if events is not None else []

    def play_known(self, card: int) -> None:
        """Play ``card``, one of ``legal_play_mask()``, for the seat to act, with no
        check and no event: for the searches' rollouts, which pick from that mask
        and play thousands of cards a decision. Anything else goes through
        ``apply``, which refuses an illegal action. (The play is written out as
        in ``apply``: no call but what a trick needs.)"""
        seat = self.to_act
        assert seat is not None
        hands = self.hands
        hand = hands[seat]
        cards = self.trick_cards
        if cards:
            # Strict once the stock is gone, and throughout with no stock (§3, §6).
            if self.stock or self.faceup >= 0 or self.pending_card >= 0:
                excl = self._follow_play(hand, cards, card)
            else:
                excl = strict_play(hand, cards, card, self.trump, self.rules.undertrump)
        else:
            excl = 0
            if self.window:
                if self.rules.use_or_lose:
                    self._close_window(seat)
                else:
                    self.window = False
        hands[seat] = hand ^ _BIT[card]
        cards.append(card)
        self.trick_seats.append(seat)
        self.history.append(_new(PlayRecord, (seat, card, excl)) if excl
                            else _PLAIN_PLAYS[seat][card])
        if len(cards) == self.n:
            self._finish_trick(None)
        else:
            self.to_act = (seat + 1) % self.n

    def _close_window(self, seat: int) -> None:
        """The lead ends a declaration window; a side's first one may cost its right (§4)."""
        side = self.side_of(seat)
        if self.rules.use_or_lose and self.tricks_won[side] == 1 and not self.window_sings:
            self.silent_first[side] = (len(self.history), self.sung, self.partner_passed)
            if self.partner_passed or self._sing_options(seat):
                self.lost_right[side] = True
        self.window = False

    def could_have_declared(self, side: int) -> bool:
        """Whether ``side`` could have declared at its first won trick's window,
        closed with nothing declared (``silent_first``): its partner was asked
        and passed (§9), or the seat that led then held what it could have
        declared, its hand as it is now and the cards it has played since (3
        and 4 players: no card comes into a hand after the deal). False where
        that window has not closed so, or the rules have no use_or_lose (§4)."""
        silent = self.silent_first[side]
        if silent is None:
            return False
        at, sung, partner_passed = silent
        if partner_passed:
            return True
        lead = self.history[at]
        assert type(lead) is PlayRecord
        seat = lead.seat
        probe = self.clone()
        probe.sung, probe.window_sings, probe.lost_right[side] = sung, 0, False
        probe.hands[seat] = self.hands[seat] | sum(
            _BIT[r.card] for r in self.history[at:] if type(r) is PlayRecord and r.seat == seat)
        return bool(probe._sing_options(seat))

    def questions_put(self) -> tuple[int, ...] | None:
        """parejas: the questions the round has put so far as these hands imply
        them, replayed from the deal they imply (each hand as it is now and the
        cards it has played since; all are dealt, none drawn): each seat asked at
        the deal to throw in (§11: 10 points or less), then, window by window,
        the trick count at which the winner's partner was asked to declare (§9:
        a partner asked holds a declaration, one not asked holds none). A pass
        is not in the record; a question the record shows answered otherwise is
        taken as passed. None where these hands could not have played the round
        as it went (a play or a declaration the rules refuse), and () for the
        other rule sets (no partner is asked). A redeal must keep them
        (``view.apply_redeal``)."""
        rules = self.rules
        if not rules.partners or rules.has_stock:
            return ()
        history = self.history
        hands = list(self.hands)
        for r in history:
            if type(r) is PlayRecord:
                hands[r.seat] |= _BIT[r.card]
        shown = next((r.card for r in history if type(r) is KnownRecord), -1)
        probe = self.clone()
        probe.round_no -= 1  # (the same round, dealt again)
        probe._start_round(self.dealer, hands, shown, [], [])
        start = len(probe.history)
        asked: list[int] = []

        def answer(until: int) -> None:
            """Pass the questions put before ``until``'s record, but a partner's
            that the record answers with a declaration."""
            while probe.phase is PLAYING and probe.ask in (ASK_THROW, ASK_PARTNER):
                seat = probe.to_act
                assert seat is not None
                if probe.ask is ASK_THROW:
                    asked.append(-1 - seat)
                else:
                    asked.append(probe.tricks_played)
                    nxt = history[until] if until < len(history) else None
                    if type(nxt) is ShowRecord and nxt.seat == seat:
                        return  # it declared
                probe.apply(PASS_ACTION, record=False)

        try:
            for i in range(start, len(history)):
                r = history[i]
                answer(i)
                if type(r) is PlayRecord:
                    if probe.to_act != r.seat:
                        return None
                    probe.apply(PLAY_ACTIONS[r.card], record=False)
                elif type(r) is ShowRecord:
                    if probe.to_act != r.seat:
                        return None
                    if r.mask in (KINGS_MASK, KNIGHTS_MASK):
                        sing = SING_TUTE[12 if r.mask == KINGS_MASK else 11]
                    else:
                        suit = PAIR_MASKS.index(r.mask)
                        sing = SING40 if suit == probe.trump else SING20_ACTIONS[suit]
                    probe.apply(sing, record=False)
        except IllegalActionError:
            return None
        if probe.phase is PLAYING and probe.ask in (ASK_THROW, ASK_PARTNER):
            assert probe.to_act is not None  # the question open now
            asked.append(-1 - probe.to_act if probe.ask is ASK_THROW else probe.tricks_played)
        return tuple(asked)

    def _finish_trick(self, events: list[Event] | None) -> None:
        cards, seats = self.trick_cards, self.trick_seats
        n = self.n
        rules = self.rules
        two = n == 2  # a trick of two cards: the player count as the trick's size
        if two:  # trick_result and the cards won, written out for two cards
            a, b = cards
            pts = CARD_POINTS[a] + CARD_POINTS[b]
            winner = seats[1] if BEATING[self.trump][a] >> b & 1 else seats[0]
            side = winner
            won = _BIT[a] | _BIT[b]
        else:
            wi, pts = trick_result(cards, self.trump)
            winner = seats[wi]
            side = self.side_map[winner]  # side_of, on every trick of every search
            won = 0
            for c in cards:
                won |= 1 << c
        played = self.tricks_played + 1
        self.tricks_played = played
        self.last_winner = winner
        self.tricks_won[side] += 1
        self.last_win[side] = played
        self.last_seats = seats  # the lists of the trick just finished, kept as they are
        self.last_cards = cards
        self.collected[side] |= won
        self.trick_cards = []
        self.trick_seats = []
        hands = self.hands
        last = not hands[winner]
        if last:
            pts += 10  # diez de últimas (§1)
            self.diez_side = side
        self.points[side] += pts
        if events is not None:
            shown: tuple[Card, ...]
            order: tuple[int, ...]
            if two:
                shown, order = _CARD_PAIRS[cards[0]][cards[1]], _SEAT_PAIRS[seats[0]]
            else:
                shown, order = tuple(map(CARDS.__getitem__, cards)), tuple(seats)
            events.append(_new(TrickWon, (winner, pts, shown, order, last)))
        if self.capote_seat >= 0 and winner != self.capote_seat:
            self._end_game(side, Reason.CAPOTE_FAILED, events)
            return
        if rules.has_stock:
            # 101 wins at once only in boricua and in la vuelta (§10.1, §10.3):
            # at that moment, before the trick's draws (a player saw cards
            # drawn after the trick that won the game, cold play nc75).
            scoring = rules.scoring
            if (scoring is _RUNNING_101 or (scoring is _GAMES_101 and self.deal_no == 2)) \
                    and self._check_101(side, events):
                return
            if self.pending_seat == winner:
                self._complete_deferred(events)
            stock = self.stock
            if len(stock) >= 2:  # the common case: two face-down cards (§6)
                loser = 1 - winner
                c = stock.pop()
                hands[winner] |= _BIT[c]
                d = stock.pop()
                hands[loser] |= _BIT[d]
                self.history += _HIDDEN_DRAW_PAIRS[winner]
                if events is not None:
                    events += (_DREW[winner][c], _DREW[loser][d])
            elif stock or self.faceup >= 0:
                self._draw(winner, events)
                self._draw(1 - winner, events)
        if last:
            self._round_finished(events)
            return
        self.leader = winner
        self.to_act = winner
        self.window = True
        self.window_sings = 0
        self.partner_passed = False
        partners = rules.partners
        if partners:  # the winner's partner is asked first (§9)
            partner = partners[winner]
            if self._may_sing(hands[partner]) and self._sing_options(partner):
                self.ask = ASK_PARTNER
                self.to_act = partner
        if rules.stop_when_decided:  # the window set: what the bidder may still declare
            self._contract_decided(events)

    def _draw(self, seat: int, events: list[Event] | None) -> None:
        if self.stock:
            c = self.stock.pop()
            self.hands[seat] |= 1 << c
            self.history.append(_HIDDEN_DRAWS[seat])
            if events is not None:
                events.append(_DREW[seat][c])
            return
        # The face-up card goes last, with a deferred 7/2 under it (§6, §7.2).
        for c in (self.faceup, self.pending_card):
            if c >= 0:
                self.hands[seat] |= 1 << c
                self.history.append(DrawRecord(seat, c))
                if events is not None:
                    events.append(Drew(seat, CARDS[c], True))
        self.faceup = -1
        self.pending_card = -1
        self.pending_seat = -1

    def _complete_deferred(self, events: list[Event] | None) -> None:
        """corriente: after a trick win the exchanger takes the face-up card (§7.2)."""
        seat, gave, took = self.pending_seat, self.pending_card, self.faceup
        self.hands[seat] |= 1 << took
        self.faceup = gave
        self.pending_seat = -1
        self.pending_card = -1
        self.history.append(DrawRecord(seat, took))
        if events is not None:
            events.append(ExchangeCompleted(seat, CARDS[gave], CARDS[took]))

    def _sing(self, seat: int, action: Action, events: list[Event] | None) -> None:
        side = self.side_of(seat)
        self.window_sings += 1
        if action.cante is Cante.TUTE:
            rank = action.rank or 12
            self.sung |= TUTE_REYES_BIT if rank == 12 else TUTE_CABALLOS_BIT
            shown = KINGS_MASK if rank == 12 else KNIGHTS_MASK
            declared = Declared(seat, Cante.TUTE, None, rank, 0)
            self.declarations.append(declared)
            self.history.append(ShowRecord(seat, shown))
            if events is not None:
                events.append(declared)
            if self.rules.tute is Tute.GAME:
                self._end_game(side, Reason.TUTE, events)
            else:
                self._end_round(side, Reason.TUTE, events)
            return
        forty = action.cante is Cante.FORTY
        suit = self.trump if forty else action.suit
        assert suit is not None
        pts = 40 if forty else 20
        self.sung |= 1 << suit
        self.points[side] += pts
        declared = Declared(seat, Cante.FORTY if forty else Cante.TWENTY, suit, None, pts)
        self.declarations.append(declared)
        self.history.append(ShowRecord(seat, PAIR_MASKS[suit]))
        if events is not None:
            events.append(declared)
        if self._check_101(side, events):
            return
        if self.rules.stop_when_decided and self._contract_decided(events):
            return
        if self.ask is ASK_PARTNER and not self._sing_options(seat):
            self.ask = ASK_NONE
            self.to_act = self.leader

    def _swap(self, seat: int, action: Action, events: list[Event] | None) -> None:
        assert action.card is not None
        card = int(action.card)
        if self.rules.exchange is _DEFERRED:
            self.hands[seat] ^= 1 << card
            self.pending_seat = seat
            self.pending_card = card
            self.history.append(GaveRecord(seat, card))
            if events is not None:
                events.append(ExchangeDeferred(seat, CARDS[card]))
        else:
            took = self.faceup
            self.hands[seat] ^= (1 << card) | (1 << took)
            self.faceup = card
            self.history.append(SwapRecord(seat, card, took))
            if events is not None:
                events.append(Exchanged(seat, CARDS[card], CARDS[took]))
        if self.ask is ASK_EXCHANGE and not self._ask_dealer_exchange():
            self.ask = ASK_NONE
            self.to_act = self.leader

    def _pass(self, seat: int, action: Action, events: list[Event] | None) -> None:
        if self.ask is ASK_BID:  # in the auction a pass is a bid of nothing (PROTOCOL 1.2)
            self._speak(seat, None, events)
            return
        if events is not None:
            events.append(Passed(seat))
        if self.ask is ASK_THROW:
            self.throw_queue.pop(0)
            if self.throw_queue:
                self.to_act = self.throw_queue[0]
                return
        elif self.ask is ASK_PARTNER:
            self.partner_passed = True
        self.ask = ASK_NONE
        self.to_act = self.leader

    def _bid(self, seat: int, action: Action, events: list[Event] | None) -> None:
        self._speak(seat, action.bid, events)

    def _speak(self, seat: int, bid: int | None, events: list[Event] | None) -> None:
        """subastado: ``seat`` bids ``bid`` or passes (None); then the next seat
        speaks, or the auction is over: the bidder names trump, or nobody bid
        and the round is thrown in (§12)."""
        assert self.auction is not None
        auction = self.auction = self.auction.spoken(seat, bid)
        if events is not None:
            events.append(_new(BidMade, (seat, bid)))
        nxt = auction.next_speaker(self.rules, seat)
        if nxt is not None:
            self.to_act = nxt
        elif auction.bidder < 0:
            self._end_round(None, Reason.ALL_PASSED, events)
        else:
            self.ask = ASK_TRUMP
            self.to_act = auction.bidder

    def _name_trump(self, seat: int, action: Action, events: list[Event] | None) -> None:
        """subastado: the bidder names trump; the sides are set for the round,
        the bidder side 0 and la contra side 1, and the mano leads (§12)."""
        suit = action.suit
        assert suit is not None and self.auction is not None
        self.auction = self.auction._replace(trump=suit)
        self.trump = suit
        self.side_map = tuple(0 if s == seat else 1 for s in range(self.n))
        self.ask = ASK_NONE
        self.to_act = self.leader
        if events is not None:
            events.append(_new(TrumpNamed, (seat, suit)))

    def _contract_decided(self, events: list[Event] | None) -> bool:
        """Option stop_when_decided, after a trick or a declaration: end the
        round at once when the bidder has reached the bid, or cannot reach it
        even with every card still in play, the diez de últimas and every
        declaration it may still make (§12). Returns True when it ended."""
        auction = self.auction
        assert auction is not None
        bid = auction.bid
        made = self.points[0]
        if made >= bid:
            self._end_round(0, Reason.MADE_EARLY, events)
            return True
        bidder = auction.bidder
        hand = self.hands[bidder]
        windows = 0
        if not self.lost_right[0]:
            left = hand.bit_count()
            # A window open now for the bidder, unused, and one after each
            # trick it may still win holding two cards after it.
            open_now = (self.window and self.leader == bidder and not self.trick_cards
                        and (self.rules.cantes_per_trick is not _ONE_CANTE
                             or not self.window_sings))
            windows = int(open_now) + max(0, left - 2)
        most = (made + points_in_play(self.hands, self.trick_cards)
                + (10 if self.diez_side < 0 else 0)
                + most_declarations(self.rules, hand, self.sung, self.trump, windows))
        if most < bid:
            self._end_round(1, Reason.FAILED_EARLY, events)
            return True
        return False

    def _capote(self, seat: int, action: Action, events: list[Event] | None) -> None:
        """habanero: capote announced (§7.1)."""
        self.capote_seat = seat
        if events is not None:
            events.append(CapoteAnnounced(seat))

    def _throw(self, seat: int, action: Action, events: list[Event] | None) -> None:
        """A weak hand thrown in: the round ends with no winner (§11)."""
        if events is not None:
            events.append(ThrownIn(seat))
        self._end_round(None, Reason.THROW_IN, events)

    def _claim(self, seat: int, action: Action, events: list[Event] | None) -> None:
        """claim = manual: a true 101 claim wins the game, a false one loses it (§10.1)."""
        valid = self.claim_is_true(seat)
        if events is not None:
            events.append(Claimed(seat, valid, self.round_total(seat)))
        self._end_game(seat if valid else 1 - seat,
                       Reason.CLAIM if valid else Reason.FALSE_CLAIM, events)

    # ------------------------------------------------------------------ scoring

    def _check_101(self, side: int, events: list[Event] | None) -> bool:
        """Wins at 101 the moment they happen: boricua, and la vuelta with automatic
        claims (§10.1, §10.3). Returns True when the round ended."""
        scoring = self.rules.scoring
        if scoring is _RUNNING_101:
            if self.round_total(side) >= 101:
                self._end_round(side, Reason.REACHED_101, events)
                return True
        elif scoring is _GAMES_101 and self.deal_no == 2 and self.rules.claim is Claim.AUTO:
            if self.round_total(side) >= 101:
                self._end_game(side, Reason.REACHED_101, events)
                return True
        return False

    def _round_finished(self, events: list[Event] | None) -> None:
        """Every trick played: decide the round by the variant's scoring."""
        scoring = self.rules.scoring
        if scoring is _CONTRACT:  # the contract made or failed (§12)
            assert self.auction is not None
            if self.points[0] >= self.auction.bid:
                self._end_round(0, Reason.MADE, events)
            else:
                self._end_round(1, Reason.FAILED, events)
            return
        if self.capote_seat >= 0:
            self._end_game(self.capote_seat, Reason.CAPOTE, events)
            return
        if scoring is _GAMES_101:
            # round_total of each side, the round being played
            carry, points = self.carry, self.points
            t0, t1 = carry[0] + points[0], carry[1] + points[1]
            if t0 >= 101 or t1 >= 101:
                if t0 != t1:
                    w = 0 if t0 > t1 else 1
                else:
                    w = self.last_winner
                self._end_game(w, _REACHED_101, events)
                return
        self._end_round(_ROUND_WINNER[self.rules.round_scoring](self), _POINTS, events)

    def _best_side(self) -> int:
        """Most round points; a tie goes to the side that won the later trick (§8, §9)."""
        points = self.points
        best = max(points)
        if points.count(best) == 1:
            return points.index(best)
        last_win = self.last_win
        tied = [s for s, p in enumerate(points) if p == best]
        return max(tied, key=last_win.__getitem__)

    def _end_game(self, side: int, reason: Reason, events: list[Event] | None) -> None:
        """2 players to 101: a game is decided (§10.1)."""
        self.totals[side] += 1
        self.deal_no = 1
        self.game_dealer = 1 - self.game_dealer
        self.next_dealer = self.game_dealer
        if events is not None:
            events.append(_new(GameWon, (side, reason)))
        won = self.totals[side] >= self.rules.target
        self._finish(side, reason, events, side if won else None,
                     _NEXT_MATCH_OVER if won else _NEXT_NEW_GAME)

    def _end_round(self, side: int | None, reason: Reason, events: list[Event] | None) -> None:
        rules = self.rules
        scoring = rules.scoring
        match_winner: int | None = None
        nxt = _NEXT_ROUND
        if scoring is _CONTRACT:
            match_winner = self._score_contract(side)
            nxt = _NEXT_MATCH_OVER if match_winner is not None else _NEXT_ROUND
        elif side is None:  # thrown in: the same dealer deals again (§11)
            self.next_dealer = self.dealer
            nxt = _NEXT_REDEAL
        elif scoring is _GAMES_101:
            # First deal without 101: la vuelta, dealt by the diez de últimas winner.
            self.deal_no = 2
            self.next_dealer = self.last_winner
            nxt = _NEXT_VUELTA
        else:
            if rules.dealer_rule is DealerRule.FIXED:  # boricua (§7.3)
                self.next_dealer = self.dealer
            else:  # the seat after the last dealer (§8, §9, §13)
                self.next_dealer = (self.dealer + 1) % self.n
            totals = self.totals
            if scoring is _RUNNING_101:
                if reason is _REACHED_101:
                    match_winner = side
            elif scoring is _LOST_ROUNDS:
                stones = 2 if reason is _TUTE else 1
                for s in range(len(totals)):
                    if s != side:
                        totals[s] += stones
                won = self.round_won[:]  # replaced, never changed in place: clones share it
                won[side] = self.round_no
                self.round_won = won
                if reason is _TUTE and rules.tute is Tute.MATCH:
                    match_winner = side
                elif max(totals) >= rules.target:
                    match_winner = self._fewest_stones()
            else:  # won_rounds
                totals[side] += 2 if reason is _TUTE else 1
                if reason is _TUTE and rules.tute is Tute.MATCH:
                    match_winner = side
                elif totals[side] >= rules.target:
                    match_winner = side
        self._finish(side, reason, events, match_winner,
                     _NEXT_MATCH_OVER if match_winner is not None else nxt)

    def _score_contract(self, side: int | None) -> int | None:
        """subastado's round scored (§12): the bid added to the bidder's total
        when made (side 0 won), taken from it when failed; nothing when all
        passed (``side`` None). The seat after the dealer deals next. Returns the
        match's winner: once a total reached the target, the single highest
        total; a shared highest plays on."""
        self.next_dealer = (self.dealer + 1) % self.n
        totals = self.totals
        auction = self.auction
        if side is not None and auction is not None:
            totals[auction.bidder] += auction.bid if side == 0 else -auction.bid
        best = max(totals)
        if best >= self.rules.target and totals.count(best) == 1:
            return totals.index(best)
        return None

    def _fewest_stones(self) -> int | None:
        """The match's winner by lost rounds once a player reached the target (§8,
        §13): the fewest piedras; a tie goes to the tied player who won the most
        recent round among them, and if none of them has won one, None: another
        round is played (§13; in tres the last round's winner is always among
        them, §8)."""
        totals = self.totals
        fewest = min(totals)
        won = self.round_won
        tied = [s for s in range(len(totals)) if totals[s] == fewest and won[s]]
        if not tied:
            return None
        return max(tied, key=won.__getitem__)

    def _finish(self, side: int | None, reason: Reason, events: list[Event] | None,
                match_winner: int | None, nxt: Next) -> None:
        carried = self.carry
        scoring = self.rules.scoring
        carries = scoring is _GAMES_101 or scoring is _RUNNING_101
        if carries:
            points = self.points
            self.carry = [carried[0] + points[0], carried[1] + points[1]]
        self.round_winner = side
        self.reason = reason
        self.to_act = None
        self.ask = ASK_NONE
        self.window = False
        if match_winner is not None:
            self.winner = match_winner
            self.phase = MATCH_OVER
        else:
            self.phase = ROUND_OVER
        self.ending = (side, reason, carried if carries else None, nxt)
        if events is not None:
            outcome = self.outcome
            assert outcome is not None
            events.append(_new(RoundOver, (outcome,)))
            if match_winner is not None:
                events.append(_new(MatchOver, (match_winner,)))

    @property
    def outcome(self) -> Outcome | None:
        """How the round ended, by source: None while it is being played."""
        if self.ending is None:
            return None
        side, reason, carried, nxt = self.ending
        nsides = self.rules.sides
        decl = [0] * nsides
        side_map = self.side_map
        for d in self.declarations:
            decl[side_map[d.seat]] += d.points
        collected, points, diez_side = self.collected, self.points, self.diez_side
        sides = []
        for s in range(nsides):
            pts = points[s]
            before = carried[s] if carried is not None else 0
            sides.append(_new(SideResult, (mask_points(collected[s]), 10 if diez_side == s else 0,
                                           decl[s], pts, before, before + pts)))
        game_winner = None if nxt is _NEXT_VUELTA or nxt is _NEXT_REDEAL else side
        return _new(Outcome, (side, reason, tuple(sides), tuple(self.match_totals()), game_winner,
                              self.winner if self.phase is MATCH_OVER else None, nxt))

    # ------------------------------------------------------------------ errors

    def illegal(self, action: Action, seat: int | None = None) -> IllegalActionError:
        """Why ``action`` is not legal now, as an error with the rule's code and
        parameters (errors.SECTIONS); the words come from the catalog. ``seat``:
        why that seat may not take it (a window where any seat may try to act);
        by default the seat to act."""
        if self.phase is not PLAYING:
            return IllegalActionError(
                "round_over" if self.phase is ROUND_OVER else "match_over")
        kind = action.kind
        ask = self.ask
        if seat is not None and seat != self.to_act:
            return self._out_of_turn(seat, action)
        seat = self.to_act
        assert seat is not None
        if ask is not ASK_NONE:  # a question: answered by one kind of action, or a pass
            question = _QUESTIONS[ask]
            if kind is not question.answer:
                return IllegalActionError(question.others.get(kind, question.refusal))
        explain = _EXPLAIN.get(kind)
        if explain is None:  # pragma: no cover - every kind is explained
            return IllegalActionError("not_now", action=str(action))
        return explain(self, seat, action)

    def _out_of_turn(self, seat: int, action: Action) -> IllegalActionError:
        """Why ``seat``, not the one to act, may not take ``action`` now."""
        auction = self.auction
        if auction is not None and self.ask is ASK_BID:
            if auction.has_passed(seat) and action.kind in (BID, PASS):
                return IllegalActionError("bid_after_passing")  # out for good (§12)
            if action.kind is TRUMP:
                return IllegalActionError("trump_by_bidder")
        if action.kind is TRUMP and auction is not None:
            return IllegalActionError("trump_by_bidder")
        return IllegalActionError("not_your_turn", seat=self.to_act)

    def _illegal_bid(self, seat: int, action: Action) -> IllegalActionError:
        """A bid refused (§12): outside an auction, or breaking one of its rules,
        checked in the order a player would (the step, the floor, the high bid,
        the ceiling)."""
        auction = self.auction
        if auction is None:
            return IllegalActionError("no_auction", variant=self.rules.name)
        if self.ask is not ASK_BID:
            return IllegalActionError("auction_over")
        bid = action.bid or 0
        if bid % BID_STEP:
            return IllegalActionError("bid_not_multiple_of_5", bid=bid)
        if bid < self.rules.min_bid:
            return IllegalActionError("bid_below_minimum", bid=bid, minimum=self.rules.min_bid)
        if bid <= auction.bid:
            return IllegalActionError("bid_not_higher", bid=bid, high=auction.bid)
        return IllegalActionError("bid_above_maximum", bid=bid, maximum=MAX_BID)

    def _illegal_trump(self, seat: int, action: Action) -> IllegalActionError:
        auction = self.auction
        if auction is None:
            return IllegalActionError("no_auction", variant=self.rules.name)
        if self.ask is ASK_BID:
            return IllegalActionError("trump_by_bidder")
        return IllegalActionError("trump_named")

    def _illegal_capote(self, seat: int, action: Action) -> IllegalActionError:
        if not self.rules.capote:
            return IllegalActionError("no_capote", variant=self.rules.name)
        return IllegalActionError("capote_not_now")

    def _illegal_claim(self, seat: int, action: Action) -> IllegalActionError:
        if self.rules.claim is not Claim.MANUAL:
            return IllegalActionError("claim_automatic")
        return IllegalActionError("claim_not_now")

    def _illegal_pass(self, seat: int, action: Action) -> IllegalActionError:
        if self.ask is ASK_TRUMP:
            return IllegalActionError("name_trump")
        return IllegalActionError("nothing_to_pass")

    def _illegal_throw(self, seat: int, action: Action) -> IllegalActionError:
        return IllegalActionError("throw_in_not_allowed")

    def _illegal_play(self, seat: int, action: Action) -> IllegalActionError:
        assert action.card is not None
        card = int(action.card)
        if not self.hands[seat] >> card & 1:
            return IllegalActionError("not_in_hand", card=str(CARDS[card]))
        ob = self.obligation()
        assert ob is not None
        return ob.refusal(card)

    def _illegal_sing(self, seat: int, action: Action) -> IllegalActionError:
        rules = self.rules
        if action.cante is Cante.TUTE and rules.tute is _NO_TUTE:
            return IllegalActionError("no_tute", variant=rules.name)
        if rules.only_bidder_declares and self.side_of(seat):
            return IllegalActionError("only_bidder_declares")
        if self.trick_cards or not (self.window or self.ask is ASK_PARTNER):
            return IllegalActionError("declare_after_trick")
        if self.lost_right[self.side_of(seat)]:
            return IllegalActionError("right_lost")
        if rules.cantes_per_trick is _ONE_CANTE and self.window_sings:
            return IllegalActionError("one_declaration_per_trick")
        if not rules.declaring_with(self.stock_count):  # ("stock" or "stock_gt_2", §4)
            return IllegalActionError("declarations_over", until=rules.declare_until.value)
        hand = self.hands[seat]
        if action.cante is Cante.TUTE:
            rank = action.rank or 12
            four = KINGS_MASK if rank == 12 else KNIGHTS_MASK
            if hand & four != four:
                return IllegalActionError("tute_needs_four", rank=rank)
            return IllegalActionError("already_declared", rank=rank)
        suit = self.trump if action.cante is Cante.FORTY else action.suit
        assert suit is not None
        if action.cante is Cante.TWENTY and suit == self.trump:
            return IllegalActionError("forty_not_twenty", suit=SUITS[suit])
        pair = PAIR_MASKS[suit]
        if hand & pair != pair:
            return IllegalActionError("pair_not_in_hand", suit=SUITS[suit])
        if self.sung >> suit & 1:
            return IllegalActionError("already_declared", suit=SUITS[suit])
        return IllegalActionError("forty_first")

    def _illegal_swap(self, seat: int, action: Action) -> IllegalActionError:
        rules = self.rules
        if rules.exchange is _NO_EXCHANGE or rules.exchange is _COMPULSORY:
            return IllegalActionError("no_exchange", variant=rules.name)
        if self.faceup < 0:
            return IllegalActionError("no_faceup_card")
        if self.pending_card >= 0:
            return IllegalActionError("exchange_pending")
        if self.trick_cards or not (self.ask is ASK_EXCHANGE or seat == self.leader):
            return IllegalActionError("exchange_before_lead")
        assert action.card is not None
        card = int(action.card)
        if not self.hands[seat] >> card & 1:
            return IllegalActionError("exchange_not_in_hand", card=str(CARDS[card]))
        if card // 10 != self.trump or card % 10 not in (SIETE, DOS):
            return IllegalActionError("not_exchange_card", trump=SUITS[self.trump])
        if card % 10 == DOS and not rules.exchange_two:
            return IllegalActionError("two_does_not_exchange", variant=rules.name)
        up = str(CARDS[self.faceup])
        if card % 10 == SIETE:
            return IllegalActionError("seven_takes", faceup=up)
        return IllegalActionError("two_takes", faceup=up)


class _Question(NamedTuple):
    """A question a seat is asked besides playing a card (``State.ask``): the kind
    of action that answers it (or a pass), what it may answer now, and the
    refusal of anything else (``others``: of some kinds, a refusal of its own)."""

    answer: Kind
    legal: Callable[[State, int], list[Action]]
    refusal: str
    others: dict[Kind, str] = {}


def _bids(st: State, seat: int) -> list[Action]:
    """The auction's answers (§12, PROTOCOL ``legal``): pass, then every multiple
    of 5 from the lowest allowed bid to 230."""
    assert st.auction is not None
    return [PASS_ACTION, *(BID_ACTIONS[b] for b in st.auction.allowed(st.rules))]


_QUESTIONS: Final[dict[Ask, _Question]] = {
    ASK_EXCHANGE: _Question(  # the dealer, before the first trick (§6)
        SWAP, lambda st, seat: [SWAP_ACTIONS[c] for c in st._swap_options(seat)] + [PASS_ACTION],
        "exchange_or_pass"),
    ASK_PARTNER: _Question(  # the trick winner's partner, for the team (§9)
        SING, lambda st, seat: st._sing_options(seat) + [PASS_ACTION], "declare_or_pass"),
    ASK_THROW: _Question(  # a weak hand, before the first lead (§11)
        THROW, lambda st, seat: [THROW_ACTION, PASS_ACTION], "throw_in_or_pass"),
    ASK_BID: _Question(  # subastado's auction, from the mano (§12)
        BID, _bids, "bid_or_pass", {TRUMP: "trump_by_bidder"}),
    ASK_TRUMP: _Question(  # the auction's winner (§12)
        TRUMP, lambda st, seat: list(TRUMP_ACTIONS), "name_trump"),
}

_Handler = Callable[[State, int, Action, "list[Event] | None"], None]
_ACT: Final[dict[Kind, _Handler]] = {
    SING: State._sing, SWAP: State._swap, PASS: State._pass, CAPOTE: State._capote,
    CLAIM: State._claim, THROW: State._throw, BID: State._bid, TRUMP: State._name_trump,
}
"""What each kind of action other than a card does (a card is played by ``apply``
itself, the common case); the action is legal by then."""

_EXPLAIN: Final[dict[Kind, Callable[[State, int, Action], IllegalActionError]]] = {
    PLAY: State._illegal_play, SING: State._illegal_sing, SWAP: State._illegal_swap,
    CAPOTE: State._illegal_capote, CLAIM: State._illegal_claim, PASS: State._illegal_pass,
    THROW: State._illegal_throw, BID: State._illegal_bid, TRUMP: State._illegal_trump,
}
"""Why an action of each kind is refused now (``State.illegal``)."""

_ROUND_WINNER: Final[dict[RoundScoring, Callable[[State], int]]] = {
    RoundScoring.MOST_POINTS: State._best_side,
}
"""Who wins a round played to its last trick, by ``Rules.round_scoring``."""


def _seed(seed: int | None) -> int | None:
    """A seed given to the engine, in its one range (``seeds.SEED_MAX``); None
    (no seed: the system's randomness) as it is."""
    return None if seed is None else check_seed(seed)


def new_game(
    rules: Rules, *, seed: int | None = None, rng: random.Random | None = None,
    deal: Deal | None = None,
) -> State:
    """A new match of ``rules``; see ``State.new``."""
    return State.new(rules, seed=seed, rng=rng, deal=deal)


__all__ = ["State", "new_game", "Deal", "deal_cards", "CARDS"]
