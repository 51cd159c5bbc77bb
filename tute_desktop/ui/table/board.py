"""Where every card lies on the table as the window shows it, and where on the
screen each place is, in card units.

``Board`` follows the engine's events one at a time (a play, a trick gathered, a
draw, an exchange), so the window can animate each step; the engine itself is
already at the end of the action. ``layout`` turns a board into screen places
for a window size and the seat shown at the bottom. No pygame here.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

from ...engine import State
from ...engine.cards import CARD_POINTS, KINGS_MASK, KNIGHTS_MASK, PAIR_MASKS, bits
from ...engine.deal import Deal, Redeal
from ...engine.events import (
    BidMade,
    Cante,
    Declared,
    Drew,
    Event,
    ExchangeCompleted,
    Exchanged,
    ExchangeDeferred,
    KnownRecord,
    Played,
    TrickWon,
    TrumpNamed,
)
from ...engine.rules import TrumpFrom


def sort_key(trump: int) -> Any:
    """Hand order: suits in a fixed order with trumps last, low to high within."""
    return lambda c: ((c // 10 == trump), c // 10, c % 10)


class Board:
    """The cards' places: hands, stock, face-up card, trick, won piles."""

    def __init__(self, state: State) -> None:
        self.n = state.n
        self.trump = state.trump
        self.sides = [state.side_of(s) for s in range(state.n)]
        """Each seat's side, as the engine counts them (``State.side_of``)."""
        self.hands = [sorted((c for c in range(40) if h >> c & 1), key=sort_key(state.trump))
                      for h in state.hands]
        self.stock = list(state.stock)  # top at the end
        self.faceup = state.faceup
        self.pending = state.pending_card
        self.dead = state.dead_card
        self.trick = list(zip(state.trick_seats, state.trick_cards, strict=True))
        self.piles: list[list[int]] = [[] for _ in range(state.rules.sides)]
        for side, mask in enumerate(state.collected):
            self.piles[side] = [c for c in range(40) if mask >> c & 1]
        self.last_trick: list[tuple[int, int]] = list(state.last_trick)
        self.last_winner = state.last_winner
        self.last_diez = state.diez_side >= 0
        """The last trick was the round's last: its points include the diez de
        últimas (§1), which its panel says."""
        self.last_points = sum(CARD_POINTS[c] for _, c in self.last_trick) + (
            10 if self.last_diez else 0)
        self.raised: set[int] = set()  # declared cards shown to all for a moment
        self.turned = -1
        """parejas, cuatro: the dealer's last card, turned up to mark trumps (§9,
        §13) and shown face up in the dealer's hand until it is played: a board
        built later (a resumed match, an undo) finds it still held."""
        if state.rules.trump_from is TrumpFrom.DEALERS_LAST:
            for rec in state.history:
                if (isinstance(rec, KnownRecord) and rec.seat == state.dealer
                        and state.hands[rec.seat] >> rec.card & 1):
                    self.turned = int(rec.card)
        a = state.auction
        self.bids: list[tuple[int, int | None]] = list(a.bids) if a is not None else []
        """subastado: the auction's bids and passes shown so far, in order (§12;
        the screen's, behind the engine's while the steps catch up)."""
        self.bidder = a.bidder if a is not None else -1
        """subastado: the seat holding the high bid shown, or -1."""
        self.bid = a.bid if a is not None else 0
        """subastado: the high bid shown, or 0."""
        self.arranged: set[int] = set()
        """Seats whose hand the person arranged by hand (no more sorting)."""
        self.arrival: dict[int, int] = {}
        """Each card's place in the order cards reach the hands (``Deal``: dealt,
        then the stock from its top); empty: a fixed mix of the cards."""
        self.sorted_hands = True
        """Cards drawn join their sorted place (False: the end of the hand)."""
        self.dealt = True
        """The cards are dealt on screen (False while the shuffle and the deal are
        still to be shown: no stock count yet)."""

    def rewind(self, exchanges: list[Exchanged]) -> None:
        """Take back ``exchanges`` the engine made with the deal (tres's
        compulsory ones, §8), last first, so that the steps that show them show
        each happen: a newcomer saw the dead card already the 2 while the first
        exchange, the 7 for the Ace, was on show."""
        for ev in reversed(exchanges):
            gave, took = int(ev.gave), int(ev.took)
            hand = self.hands[ev.seat]
            if took not in hand or self.dead != gave:
                return  # (not this board's last change: leave it as it is)
            hand.remove(took)
            self.dead = took
            self._add(ev.seat, gave)

    def keep_order(self, seat: int, order: list[int]) -> None:
        """Hold ``seat``'s cards in ``order`` (the person's own arrangement) where
        they still have them; other cards keep their sorted places at the end."""
        hand = self.hands[seat]
        rank = {c: i for i, c in enumerate(order)}
        hand.sort(key=lambda c: rank.get(c, len(order)))

    def move_card(self, seat: int, card: int, index: int) -> None:
        """The person put ``card`` at ``index`` of their hand; from now on cards
        they draw join the end, not their sorted place."""
        hand = self.hands[seat]
        hand.remove(card)
        hand.insert(index, card)
        self.arranged.add(seat)

    def arrive_as(self, deal: Deal | Redeal) -> None:
        """Learn the order the round's cards reach the hands (from the deal, or
        from the redeal of an undo, ``RoundLog.arrival``)."""
        order = [int(c) for hand in deal.hands for c in hand] + [int(c) for c in deal.stock]
        self.arrival = {c: i for i, c in enumerate(order)}

    def held_order(self, seat: int) -> list[int]:
        """A face-down hand in the order its cards came (dealt, then drawn): drawn
        sorted, the place a card leaves would tell the others its rank."""
        rank = self.arrival
        return sorted(self.hands[seat], key=lambda c: rank.get(c, len(rank) + c))

    def stock_left(self) -> int:
        """Cards still to be drawn: the face-down pile, the face-up trump card, and
        a deferred 7 or 2 under it (RULES §6: the face-up card is the stock's last)."""
        return len(self.stock) + (self.faceup >= 0) + (self.pending >= 0)

    def side_of(self, seat: int) -> int:
        return self.sides[seat]

    def _add(self, seat: int, card: int) -> None:
        hand = self.hands[seat]
        hand.append(card)
        if self.sorted_hands and seat not in self.arranged:
            hand.sort(key=sort_key(self.trump))

    def apply(self, ev: Event) -> None:
        """Follow one engine event (the engine is already past it)."""
        if isinstance(ev, Played):
            card = int(ev.card)
            self.hands[ev.seat].remove(card)
            self.trick.append((ev.seat, card))
            self.raised.discard(card)
            if card == self.turned:
                self.turned = -1
        elif isinstance(ev, TrickWon):
            self.last_trick = self.trick
            self.last_winner, self.last_points = ev.winner, ev.points
            self.last_diez = ev.diez
            self.piles[self.side_of(ev.winner)].extend(c for _, c in self.trick)
            self.trick = []
        elif isinstance(ev, Drew):
            card = int(ev.card)
            if card in self.stock:
                self.stock.remove(card)
            elif card == self.faceup:
                self.faceup = -1
            elif card == self.pending:
                self.pending = -1
            self._add(ev.seat, card)
        elif isinstance(ev, ExchangeDeferred):
            gave = int(ev.gave)
            if gave in self.hands[ev.seat]:
                self.hands[ev.seat].remove(gave)
            self.pending = gave
        elif isinstance(ev, Exchanged):
            gave, took = int(ev.gave), int(ev.took)
            if gave in self.hands[ev.seat]:
                self.hands[ev.seat].remove(gave)
            if took in self.hands[ev.seat]:
                return  # tres: a board built after the compulsory exchanges, not rewound
            self._add(ev.seat, took)
            if took == self.dead:  # tres (§8): the card that marks trumps
                self.dead = gave
            else:
                self.faceup = gave
        elif isinstance(ev, ExchangeCompleted):
            self._add(ev.seat, int(ev.took))
            self.faceup = int(ev.gave)
            self.pending = -1
        elif isinstance(ev, Declared):
            self.raised = set(bits(declared_mask(ev, self.trump)))
        elif isinstance(ev, BidMade):
            self.bids.append((ev.seat, ev.bid))
            if ev.bid is not None:
                self.bidder, self.bid = ev.seat, ev.bid
        elif isinstance(ev, TrumpNamed):
            # subastado (§12): trump is known now, and the round's sides, the
            # bidder (side 0) against la contra (side 1); hands sort trumps last.
            self.trump = ev.suit
            self.sides = [0 if s == ev.seat else 1 for s in range(self.n)]
            for seat, hand in enumerate(self.hands):
                if self.sorted_hands and seat not in self.arranged:
                    hand.sort(key=sort_key(self.trump))


def declared_mask(ev: Declared, trump: int) -> int:
    """The cards a declaration shows (§4)."""
    if ev.kind is Cante.TUTE:
        return KINGS_MASK if ev.rank == 12 else KNIGHTS_MASK
    return PAIR_MASKS[ev.suit if ev.suit is not None else trump]


@dataclass(frozen=True)
class Place:
    """A card's place on screen: centre, face up or down, angle, size (a share of
    the full card size), stacking order."""

    x: float
    y: float
    face_up: bool
    angle: int = 0
    z: int = 0
    scale: float = 1.0


# The table's measures. A card's height ``ch`` and width ``cw`` are the units
# (KPat's libkcardgame): a window resize re-lays out everything from them. A few
# places are shares of the window (its centre, the side hands' column).
CARD_ASPECT = 1.5
"""A card's height over its width."""
CARD_SHARE_OF_HEIGHT = 0.2
"""A card is at most a fifth of the window's height..."""
CARDS_ACROSS = 11
"""...and at most an 11th of its width (a squarer window gets smaller cards)."""
OPPONENT_SCALE = 0.72
"""Hidden hands are drawn smaller: the player's own hand matters most."""
PILE_SCALE = 0.55
"""Won tricks lie face down, small."""
DEAD_SCALE = 0.8
"""tres: the card that marks trumps and is out of play."""
EDGE = 6
"""Pixels between a hidden hand and the window's edge."""

TRICK_CENTRE = (0.5, 0.43)
"""Centre of the trick, as shares of the window's width and height."""
SIDE_HANDS_Y = 0.45
"""Vertical centre of the left and right hands, a share of the height (the
trick's height: their plates fit below them)."""
OWN_HAND_INSET = 0.62
"""Card heights from the bottom edge to the centre of the hand shown there."""
STOCK_X = 1.5
"""Card widths from the left edge to the stock."""
FACE_UP_UNDER_STOCK = 0.45
"""Card widths the face-up trump card sticks out to the right of the stock."""
PENDING_PAST_FACE_UP = 0.22
"""Card widths a deferred 7/2 sticks out right of the face-up card it waits
under, its index showing (tucked left, it lay hidden under the stock, and
nc99 saw the stock's count grow by a card he could not find)."""
STOCK_STEP = 0.6
"""Pixels each card of the stock is offset up and left, to look like a pile."""
TRUMP_MARK_RADIUS = 0.2
"""The trump suit's round mark, in card heights..."""
TRUMP_MARK_ABOVE = 0.9
"""...this many card heights above the stock (2 players); with 3 it lies right
of the dead card..."""
TRUMP_MARK_LEFT = -1.64
"""...and with 4 this many card heights from the trick's centre (left of it)."""
PILE_FAN = (5, 0.7, 0.35, 3, 4)
"""A won pile's untidiness: every card moves right by (i % 5) * 0.7 and up by
i * 0.35 pixels and turns (i % 3) * 4 - 4 degrees."""
DEALER_TOWARDS_TRICK = 0.25
"""The dealer's pack sits this share of the way from its hand to the trick."""
HAND_SPREAD = (0.62, 0.3)
"""Card widths between neighbouring cards of a hand: face up, face down."""
HAND_MAX_WIDTH = 0.5
"""The bottom hand spans at most this share of the window's width; the person's
plate lies left of that span and their won pile right of it."""
TOP_HAND_WIDTH = 0.3
"""The top hand (face down, closer together) spans at most this share; its won
pile lies left of it, its plate under it."""
FAN_DEGREES = 2.5
"""The face-up hand is held as a fan: each card turns this much from its
neighbour..."""
FAN_DROP = 0.008
"""...and the cards towards the ends sit lower by this many card heights times
the square of their distance from the middle."""
SIDE_SPREAD = 0.3
"""Card widths between the cards of a side hand..."""
SIDE_MAX_HEIGHT = 0.3
"""...which spans at most this share of the window's height."""
RAISED = (0.25, 0.3)
"""Card heights a declared card moves out of a hand: top/bottom, sides."""
TRICK_OFFSETS = {"bottom": (0, 0.33), "top": (0, -0.33), "left": (-0.62, 0),
                 "right": (0.62, 0)}
"""Where each seat's card of the trick lies from the trick's centre, in card heights."""
TRICK_OFFSETS_FOUR = {"bottom": (0, 0.38), "top": (0, -0.38), "left": (-0.68, 0),
                      "right": (0.68, 0)}
"""With four players: the side cards clear of the middle ones, and the top and
bottom ones further apart (a newcomer found their own card of a four-player
trick almost hidden under the partner's). The bottom card, the person's, is
drawn over the top one whatever the order of play; the top card still shows
its upper index and most of its picture."""


def trick_offset(where: str, players: int) -> tuple[float, float]:
    """Where the card of the seat at ``where`` lies from the trick's centre, in
    card heights, at a table of ``players``."""
    return (TRICK_OFFSETS_FOUR if players == 4 else TRICK_OFFSETS)[where]

TRICK_Z = 1000
"""The trick is drawn over everything else."""
SHOWN_Z = 500
"""The top seat's shown cards are drawn in front of the rest of its hand."""
PLATE_SIZE = (2.1, 0.36)
"""A seat's name plate: card widths across, card heights high."""
PILE_LABEL = 0.14
"""Card heights kept above a won pile for its count of tricks."""
GAP = 0.06
"""Card heights between a plate or a pile and what it lies beside."""

Box = tuple[int, int, int, int]
"""A rectangle as (left, top, width, height) in pixels (no pygame here)."""


@dataclass(frozen=True)
class Geometry:
    """The table's measures for a window size, in pixels derived from card units."""

    width: int
    height: int
    card_w: int
    card_h: int
    players: int
    hand_share: float = HAND_MAX_WIDTH
    """The share of the width the bottom hand spans at most (a lesson's narrow
    table gives it more: its 12 cards overlapped so much their ranks hid)."""

    @staticmethod
    def for_size(width: int, height: int, players: int,
                 hand_share: float = HAND_MAX_WIDTH) -> Geometry:
        ch = min(height * CARD_SHARE_OF_HEIGHT, width / CARDS_ACROSS * CARD_ASPECT)
        cw = int(ch / CARD_ASPECT)
        return Geometry(width, height, cw, int(cw * CARD_ASPECT), players, hand_share)

    def seat_position(self, seat: int, perspective: int, n: int) -> str:
        """Where a seat sits relative to the one shown at the bottom."""
        rel = (seat - perspective) % n
        return {2: ("bottom", "top"), 3: ("bottom", "right", "left"),
                4: ("bottom", "right", "top", "left")}[n][rel]

    @property
    def trick_center(self) -> tuple[float, float]:
        return (self.width * TRICK_CENTRE[0], self.height * TRICK_CENTRE[1])

    @property
    def side_y(self) -> float:
        """Vertical centre of the left and right hands."""
        return self.height * SIDE_HANDS_Y

    @property
    def gap(self) -> int:
        return max(4, int(self.card_h * GAP))

    @functools.lru_cache(maxsize=64)  # noqa: B019 - a few small frozen geometries
    def hand_anchor(self, where: str) -> tuple[float, float]:
        ch = self.card_h
        small = ch * OPPONENT_SCALE
        w, h = self.width, self.height
        return {
            "bottom": (w * 0.5, h - ch * OWN_HAND_INSET),
            "top": (w * 0.5, small * 0.5 + EDGE),
            "left": (small * 0.5 + EDGE, self.side_y),
            "right": (w - small * 0.5 - EDGE, self.side_y),
        }[where]

    @functools.lru_cache(maxsize=64)  # noqa: B019 - a few small frozen geometries
    def hand_box(self, where: str) -> Box:
        """The most room a hand takes (the bottom one with its raised cards)."""
        w, h = self.width, self.height
        ch, cw = self.card_h, self.card_w
        ax, ay = self.hand_anchor(where)
        if where == "bottom":
            half = w * self.hand_share / 2
            top = ay - ch * (0.5 + RAISED[0])
            return (int(ax - half), int(top), int(half * 2), int(h - top))
        if where == "top":
            half = w * TOP_HAND_WIDTH / 2
            return (int(ax - half), EDGE, int(half * 2), int(ch * OPPONENT_SCALE))
        long = h * SIDE_MAX_HEIGHT + cw * OPPONENT_SCALE
        across = ch * OPPONENT_SCALE
        left = EDGE if where == "left" else w - EDGE - across
        return (int(left), int(ay - long / 2), int(across), int(long))

    @functools.lru_cache(maxsize=64)  # noqa: B019 - a few small frozen geometries
    def plate_box(self, where: str) -> Box:
        """A seat's name plate: left of the person's hand, under the others'."""
        pw, ph = int(self.card_w * PLATE_SIZE[0]), int(self.card_h * PLATE_SIZE[1])
        hx, hy, hw, hh = self.hand_box(where)
        g = self.gap
        if where == "bottom":
            right = hx - g
            left = max(EDGE, right - pw)
            return (left, int(self.hand_anchor("bottom")[1] - ph / 2), right - left, ph)
        if where == "top":
            return (int(self.width / 2 - pw / 2), hy + hh + g, pw, ph)
        left = EDGE if where == "left" else self.width - EDGE - pw
        return (left, hy + hh + g, pw, ph)

    @property
    def stock_pos(self) -> tuple[float, float]:
        return (self.card_w * STOCK_X, self.height * TRICK_CENTRE[1])

    @property
    def dead_pos(self) -> tuple[float, float]:
        """tres: the face-up card that marks trumps and is not played, at the top
        of the table where no one sits (left of the trump's mark)."""
        half = self.card_w * DEAD_SCALE / 2
        return (self.width / 2 - half - self.gap / 2, EDGE + self.card_h * DEAD_SCALE / 2)

    @property
    def trump_mark(self) -> tuple[float, float, float]:
        """Centre and radius of the trump suit's mark, shown at every moment."""
        r = self.card_h * TRUMP_MARK_RADIUS
        if self.players == 2:  # above the stock
            x, y = self.stock_pos
            return (x, y - self.card_h * TRUMP_MARK_ABOVE, r)
        if self.players == 3:  # right of the dead card
            return (self.width / 2 + self.gap / 2 + r, self.dead_pos[1] - r / 2, r)
        cx, cy = self.trick_center  # 4 players: left of the trick
        return (cx + self.card_h * TRUMP_MARK_LEFT, cy, r)

    def pile_pos(self, where: str) -> tuple[float, float]:
        """A side's won pile: right of the person's hand, right of the top plate,
        on the inner side of a side hand (its room is a square of the card's
        height, ``pile_box``: its cards turn a little, its count sits on top)."""
        ch = self.card_h
        g = self.gap
        ph = ch * PILE_SCALE
        if where == "bottom":
            hx, _, hw, _ = self.hand_box("bottom")
            return (hx + hw + g * 2 + ph / 2, self.hand_anchor("bottom")[1])
        above = ch * PILE_LABEL + PILE_FAN[2] * 40
        if where == "top" and self.players == 2:  # right of the plate, under the hand
            x, _, w, _ = self.plate_box("top")
            _, hy, _, hh = self.hand_box("top")
            return (x + w + g * 2 + ph / 2, hy + hh + g + above + ph / 2)
        if where == "top":  # cuatro's opposite player: right of the hand, clear of the trick
            x, hy, w, _ = self.hand_box("top")
            return (x + w + g * 2 + ph / 2, hy + above + ph / 2)
        inner = EDGE + ch * OPPONENT_SCALE + ch * RAISED[1] + g + ph / 2
        return (inner if where == "left" else self.width - inner, self.side_y)

    def turned_pos(self, where: str) -> tuple[float, float, int]:
        """parejas, cuatro (§9, §13): where the dealer at ``where`` shows the card
        it turned up to mark trumps while it holds it (centre, angle), clear of
        its hand (a newcomer found it lying on the hand's backs): the right
        dealer's above its won pile, on the hand's inner side; the left one's
        right of its pile, at the hand's middle (above the pile, the score
        panel in large text reaches it); the top one's right of its plate
        (which grows leftwards). The person's stays in their hand."""
        s = OPPONENT_SCALE
        g = self.gap
        if where == "top":
            x, y, w, _ = self.plate_box("top")
            return (x + w + g + self.card_w * s / 2, y + self.card_h * s / 2, 0)
        if where == "left":
            x, _, w, _ = self.pile_box("left")
            return (x + w + g + self.card_h * s / 2, self.side_y, 90)
        px, _ = self.pile_pos(where)
        top = self.pile_box(where)[1]
        return (px, top - g - self.card_w * s / 2, 90)

    def dealers_mark(self, where: str, words: float = 0) -> tuple[float, float, float]:
        """With four: the trump's mark in front of the dealer at ``where``, beside
        the card it turned up (``turned_pos``) on the side away from its hand:
        "Trumps" by another seat's won pile read as that seat's. A side
        dealer's has its words (``words`` points wide) under it, clear of the
        card; the top one's, right of it. The person's lies left of the trick
        (``trump_mark``)."""
        if where == "bottom":
            return self.trump_mark
        r = self.card_h * TRUMP_MARK_RADIUS
        x, y, angle = self.turned_pos(where)
        half = (self.card_h if angle else self.card_w) * OPPONENT_SCALE / 2
        out = half + self.gap + (r if where == "top" else max(r, words / 2))
        return (x - out if where == "right" else x + out, y, r)

    def pile_box(self, where: str) -> Box:
        """The most room a won pile takes: its cards, their untidiness, and the
        count of tricks written at its top."""
        x, y = self.pile_pos(where)
        ph = self.card_h * PILE_SCALE  # a square: its cards turn a little
        above = self.card_h * PILE_LABEL + PILE_FAN[2] * 40
        return (int(x - ph / 2), int(y - ph / 2 - above), int(ph), int(ph + above))

    def trick_tag_spots(self, where: str, covered: bool = True
                        ) -> list[tuple[str, tuple[float, float], float, bool]]:
        """Where the name of the seat at ``where`` may lie by its card of the
        trick, best first: how its box is placed (a pygame.Rect anchor), at what
        point, how wide it may be there, and whether that is on the card. The
        bottom card's and the top card's lie ON the card where they fit, a
        ribbon across its foot (the bottom card's inside it; the top card's
        above the bottom card, which covers the top one's foot with four):
        beside them a name lay under the right card or over the left one, and a
        newcomer read it as that card's. A name too long for a ribbon lies
        beside: the bottom card's right of it, by its lower edge; the top card's
        left of it, by its upper edge. The left card's lies under it (cuatro's
        trump mark is left of it); the right card's right of it, by its middle
        (the chronicle's drawer opens above there), or, where the right seat's
        won pile leaves too little room, over it. None reaches under the trick,
        where its winner is called out. ``covered``: the bottom card is on the
        table (else the top card's ribbon lies at its own foot: above the place
        of a bottom card not yet played it covered the top card's middle, and
        two village players read it as hiding the card)."""
        cx, cy = self.trick_center
        ch, g = self.card_h, self.gap
        beside = self.card_w / 2 + g  # from the trick's middle column
        ox, oy = trick_offset(where, self.players)
        x, y = cx + ox * ch, cy + oy * ch  # the card's centre
        ribbon = self.card_w - g  # (inside the card's rounded corners)

        def before(side: str) -> float:  # the inner edge of a side seat's hand
            hx, _, hw, _ = self.hand_box(side)
            return hx - g if side == "right" else hx + hw + g

        if where == "bottom":
            at = (cx + beside, y + ch / 2)
            return [("midbottom", (x, y + ch / 2 - g / 2), ribbon, True),
                    ("bottomleft", at, before("right") - at[0], False)]
        if where == "top":  # on it: what the bottom card leaves in sight
            foot = cy + trick_offset("bottom", self.players)[1] * ch - ch / 2 if covered \
                else y + ch / 2
            at = (cx - beside, y - ch / 2)
            return [("midbottom", (x, min(y + ch / 2, foot) - g / 2), ribbon, True),
                    ("topright", at, at[0] - before("left"), False)]
        if where == "left":
            at = (cx - beside, y + ch / 2 + g)
            return [("topright", at, at[0] - before("left"), False)]
        pile_x = self.pile_box("right")[0] - g
        at, over = (x + beside, y), (cx + beside, y - ch / 2 - g)
        return [("midleft", at, min(pile_x, before("right")) - at[0], False),
                ("bottomleft", over, before("right") - over[0], False)]

    def dealer_pos(self, where: str) -> tuple[float, float]:
        x, y = self.hand_anchor(where)
        cx, cy = self.trick_center
        k = DEALER_TOWARDS_TRICK
        return (x + (cx - x) * k, y + (cy - y) * k)


def fan(i: int, k: int) -> tuple[float, float]:
    """The ``i``th of ``k`` cards of a fanned hand: its turn in degrees (to the
    left, as pygame counts) and its drop in card heights."""
    off = i - (k - 1) / 2
    return (-off * FAN_DEGREES, FAN_DROP * off * off)


def pile_where(board: Board, geo: Geometry, side: int, perspective: int) -> str:
    """Where a side's won pile lies: by its seat; in parejas a team's pile lies by
    the bottom player, or by its right neighbour."""
    seats = [s for s in range(board.n) if board.side_of(s) == side]
    if not seats:  # subastado's auction: no bidder yet, its pile is empty (§12)
        return geo.seat_position((perspective + 1) % board.n, perspective, board.n)
    seat = seats[0]
    if len(seats) > 1:  # a team's: by the bottom player, or their right neighbour's
        seat = perspective if perspective in seats else (perspective + 1) % board.n
        if seat not in seats:
            seat = seats[0]
    return geo.seat_position(seat, perspective, board.n)


def layout(board: Board, geo: Geometry, perspective: int,
           face_up_seats: frozenset[int] = frozenset()) -> dict[int, Place]:
    """Screen places of every card on the board. ``face_up_seats``: the hands shown
    face up (the person at the bottom; none for spectators)."""
    places: dict[int, Place] = {}
    cw, ch = geo.card_w, geo.card_h
    n = board.n
    z = 0
    # Stock: the face-up card across under it, the face-down pile on top.
    sx, sy = geo.stock_pos
    for c in (board.pending, board.faceup):
        if c >= 0:
            off = 0.0 if c == board.faceup else cw * PENDING_PAST_FACE_UP
            places[c] = Place(sx + cw * FACE_UP_UNDER_STOCK + off, sy, True, 90, z)
            z += 1
    for i, c in enumerate(board.stock):
        places[c] = Place(sx - i * STOCK_STEP, sy - i * STOCK_STEP, False, 0, z)
        z += 1
    if board.dead >= 0:
        dx, dy = geo.dead_pos
        places[board.dead] = Place(dx, dy, True, 0, z, DEAD_SCALE)
        z += 1
    # Won piles, face down and small, by side.
    every, right, up, turns, turn = PILE_FAN
    for side, pile in enumerate(board.piles):
        px, py = geo.pile_pos(pile_where(board, geo, side, perspective))
        for i, c in enumerate(pile):
            places[c] = Place(px + (i % every) * right, py - i * up,
                              False, (i % turns) * turn - turn, z, PILE_SCALE)
            z += 1
    # Hands.
    for seat in range(n):
        where = geo.seat_position(seat, perspective, n)
        up_hand = seat in face_up_seats
        hand = board.hands[seat] if up_hand else board.held_order(seat)
        if where != "bottom" and board.turned in hand:  # in front of the dealer
            tx, ty, angle = geo.turned_pos(where)
            places[board.turned] = Place(tx, ty, True, angle, z + SHOWN_Z, OPPONENT_SCALE)
            z += 1
            hand = [c for c in hand if c != board.turned]
        ax, ay = geo.hand_anchor(where)
        scale = 1.0 if up_hand else OPPONENT_SCALE
        k = len(hand)
        if where in ("bottom", "top"):
            step = cw * (HAND_SPREAD[0] if up_hand else HAND_SPREAD[1])
            span = geo.width * (geo.hand_share if where == "bottom" else TOP_HAND_WIDTH)
            fanned = up_hand and where == "bottom"
            across = cw * scale
            if fanned:  # the outer cards, turned, reach further out (issue 29)
                t = math.radians(abs(round(fan(0, k)[0])))
                across = cw * math.cos(t) + ch * math.sin(t)
            step = min(step, (span - across) / max(k - 1, 1))
            x0 = ax - step * (k - 1) / 2
            for i, c in enumerate(hand):
                # The person's declared cards rise; the top seat's shown cards
                # turn face up where they are, in front of their neighbours (its
                # plate is just below). The person's own turned-up trump card
                # stays in line: raised all round it read as a card chosen, and
                # beside a hinted one two cards stood up (a newcomer's report).
                raised = c in board.raised and where == "bottom"
                shown = raised or c == board.turned
                dy = -ch * RAISED[0] if raised else 0.0
                front = SHOWN_Z if shown and where == "top" else 0
                angle = 0
                if fanned:
                    degrees, drop = fan(i, k)
                    angle = round(degrees)
                    # The outer cards sit lower and turned: no lower than keeps
                    # their lowest corner inside the window (issue 29).
                    t = math.radians(angle)
                    low = (cw * abs(math.sin(t)) + ch * math.cos(t)) / 2
                    dy = min(dy + drop * ch, geo.height - EDGE - low - ay)
                places[c] = Place(x0 + i * step, ay + dy, up_hand or shown, angle,
                                  z + front, scale)
                z += 1
        else:
            step = min(cw * SIDE_SPREAD, geo.height * SIDE_MAX_HEIGHT / max(k, 1))
            y0 = ay - step * (k - 1) / 2
            # Face up (a round's end shows every hand), the cards are full size
            # and lie across: kept inside the window (nc107 saw them cut at its
            # edges behind the early end's banner).
            half = ch * scale / 2
            ax = max(ax, EDGE + half) if where == "left" else min(ax, geo.width - EDGE - half)
            for i, c in enumerate(hand):  # (a declaration shows in its move's panel)
                places[c] = Place(ax, y0 + i * step, up_hand, 90, z, scale)
                z += 1
    # The trick, on top of everything.
    cx, cy = geo.trick_center
    for seat, c in board.trick:
        where = geo.seat_position(seat, perspective, n)
        ox, oy = trick_offset(where, n)
        # With four, the bottom card over the top one (TRICK_OFFSETS_FOUR).
        front = n if n == 4 and where == "bottom" else 0
        places[c] = Place(cx + ox * ch, cy + oy * ch, True, 0, TRICK_Z + z + front)
        z += 1
    return places
