"""Where every card lies on the table as the window shows it, and where on the
screen each place is, in card units.

``Board`` follows the engine's events one at a time (a play, a trick gathered, a
draw, an exchange), so the window can animate each step; the engine itself is
already at the end of the action. ``layout`` turns a board into screen places
for a window size and the seat shown at the bottom. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine import State
from ...engine.cards import KINGS_MASK, KNIGHTS_MASK, PAIR_MASKS, bits
from ...engine.events import (
    Cante,
    Declared,
    Drew,
    Event,
    ExchangeCompleted,
    Exchanged,
    ExchangeDeferred,
    Played,
    TrickWon,
)


def sort_key(trump: int) -> Any:
    """Hand order: suits in a fixed order with trumps last, low to high within."""
    return lambda c: ((c // 10 == trump), c // 10, c % 10)


class Board:
    """The cards' places: hands, stock, face-up card, trick, won piles."""

    def __init__(self, state: State) -> None:
        self.n = state.n
        self.trump = state.trump
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
        self.raised: set[int] = set()  # declared cards shown to all for a moment

    def side_of(self, seat: int) -> int:
        return seat & 1 if self.n == 4 else seat

    def _add(self, seat: int, card: int) -> None:
        hand = self.hands[seat]
        hand.append(card)
        hand.sort(key=sort_key(self.trump))

    def apply(self, ev: Event) -> None:
        """Follow one engine event (the engine is already past it)."""
        if isinstance(ev, Played):
            card = int(ev.card)
            self.hands[ev.seat].remove(card)
            self.trick.append((ev.seat, card))
            self.raised.discard(card)
        elif isinstance(ev, TrickWon):
            self.last_trick = self.trick
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
                return  # tres: the board was built after the compulsory exchanges
            self._add(ev.seat, took)
            self.faceup = gave
        elif isinstance(ev, ExchangeCompleted):
            self._add(ev.seat, int(ev.took))
            self.faceup = int(ev.gave)
            self.pending = -1
        elif isinstance(ev, Declared):
            self.raised = set(bits(declared_mask(ev, self.trump)))


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
CARDS_ACROSS = 7.5
"""...and at most a 7.5th of its width."""
OPPONENT_SCALE = 0.72
"""Hidden hands are drawn smaller: the player's own hand matters most."""
PILE_SCALE = 0.55
"""Won tricks lie face down, small."""
DEAD_SCALE = 0.8
"""tres: the card that marks trumps and is out of play."""
EDGE = 6
"""Pixels between a hidden hand and the window's edge."""
PILE_EDGE = 8
"""Pixels between the top player's won pile and the window's edge."""

TRICK_CENTRE = (0.5, 0.45)
"""Centre of the trick, as shares of the window's width and height."""
SIDE_HANDS_Y = 0.5
"""Vertical centre of the left and right hands, a share of the height."""
OWN_HAND_INSET = 0.55
"""Card heights from the bottom edge to the centre of the hand shown there."""
STOCK_X = 1.5
"""Card widths from the left edge to the stock."""
FACE_UP_UNDER_STOCK = 0.45
"""Card widths the face-up trump card sticks out to the right of the stock."""
PENDING_UNDER_FACE_UP = 0.12
"""Card widths a deferred 7/2 lies left of the face-up card it waits under."""
STOCK_STEP = 0.6
"""Pixels each card of the stock is offset up and left, to look like a pile."""
DEAD_OFFSET = (-1.75, -0.35)
"""tres' dead card from the trick's centre, in card heights."""
PILE_X_TWO = 1.1
"""2 players: card widths from the right edge to the won piles."""
PILE_GAP_TWO = 0.7
"""2 players: each won pile's distance from the trick's height, in pile card heights."""
PILE_FAN = (5, 0.7, 0.35, 3, 4)
"""A won pile's untidiness: every card moves right by (i % 5) * 0.7 and up by
i * 0.35 pixels and turns (i % 3) * 4 - 4 degrees."""
PILES_MANY = {"bottom": (0.36, 0.0), "top": (-0.22, 0.0)}
"""3 and 4 players: won piles by the bottom and top hands, x as a share of the
width from the centre."""
PILE_SIDE_DROP = 0.34
"""3 and 4 players: side piles this share of the height below the side hands."""
DEALER_TOWARDS_TRICK = 0.25
"""The dealer's pack sits this share of the way from its hand to the trick."""
HAND_SPREAD = (0.78, 0.3)
"""Card widths between neighbouring cards of a hand: face up, face down."""
HAND_MAX_WIDTH = 0.6
"""A top or bottom hand spans at most this share of the window's width."""
SIDE_SPREAD = 0.3
"""Card widths between the cards of a side hand..."""
SIDE_MAX_HEIGHT = 0.36
"""...which spans at most this share of the window's height."""
RAISED = (0.25, 0.3)
"""Card heights a declared card moves out of a hand: top/bottom, sides."""
TRICK_OFFSETS = {"bottom": (0, 0.33), "top": (0, -0.33), "left": (-0.62, 0),
                 "right": (0.62, 0)}
"""Where each seat's card of the trick lies from the trick's centre, in card heights."""
TRICK_Z = 1000
"""The trick is drawn over everything else."""


@dataclass(frozen=True)
class Geometry:
    """The table's measures for a window size, in pixels derived from card units."""

    width: int
    height: int
    card_w: int
    card_h: int
    players: int

    @staticmethod
    def for_size(width: int, height: int, players: int) -> Geometry:
        ch = min(height * CARD_SHARE_OF_HEIGHT, width / CARDS_ACROSS * CARD_ASPECT)
        cw = int(ch / CARD_ASPECT)
        return Geometry(width, height, cw, int(cw * CARD_ASPECT), players)

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

    @property
    def stock_pos(self) -> tuple[float, float]:
        return (self.card_w * STOCK_X, self.height * TRICK_CENTRE[1])

    @property
    def dead_pos(self) -> tuple[float, float]:
        """tres: the face-up card that marks trumps and is not played."""
        cx, cy = self.trick_center
        return (cx + self.card_h * DEAD_OFFSET[0], cy + self.card_h * DEAD_OFFSET[1])

    def pile_pos(self, where: str) -> tuple[float, float]:
        cw, ch = self.card_w, self.card_h
        w, h = self.width, self.height
        small = ch * PILE_SCALE
        if self.players == 2:
            return {"bottom": (w - cw * PILE_X_TWO, h * TRICK_CENTRE[1] + small * PILE_GAP_TWO),
                    "top": (w - cw * PILE_X_TWO, h * TRICK_CENTRE[1] - small * PILE_GAP_TWO)
                    }[where]
        return {
            "bottom": (w * 0.5 + w * PILES_MANY["bottom"][0], h - ch * OWN_HAND_INSET),
            "top": (w * 0.5 + w * PILES_MANY["top"][0], small * 0.5 + PILE_EDGE),
            "left": (ch * OPPONENT_SCALE * 0.5 + EDGE, self.side_y + h * PILE_SIDE_DROP),
            "right": (w - ch * OPPONENT_SCALE * 0.5 - EDGE, self.side_y + h * PILE_SIDE_DROP),
        }[where]

    def dealer_pos(self, where: str) -> tuple[float, float]:
        x, y = self.hand_anchor(where)
        cx, cy = self.trick_center
        k = DEALER_TOWARDS_TRICK
        return (x + (cx - x) * k, y + (cy - y) * k)


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
            off = 0.0 if c == board.faceup else -cw * PENDING_UNDER_FACE_UP
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
        seat = side
        if n == 4:  # a team's pile lies by the bottom player, or by its right neighbour
            seat = perspective if side == board.side_of(perspective) else (perspective + 1) % 4
        where = geo.seat_position(seat, perspective, n)
        px, py = geo.pile_pos(where)
        for i, c in enumerate(pile):
            places[c] = Place(px + (i % every) * right, py - i * up,
                              False, (i % turns) * turn - turn, z, PILE_SCALE)
            z += 1
    # Hands.
    for seat in range(n):
        where = geo.seat_position(seat, perspective, n)
        hand = board.hands[seat]
        ax, ay = geo.hand_anchor(where)
        up_hand = seat in face_up_seats
        scale = 1.0 if up_hand else OPPONENT_SCALE
        k = len(hand)
        if where in ("bottom", "top"):
            step = cw * (HAND_SPREAD[0] if up_hand else HAND_SPREAD[1])
            step = min(step, (geo.width * HAND_MAX_WIDTH - cw) / max(k - 1, 1))
            x0 = ax - step * (k - 1) / 2
            for i, c in enumerate(hand):
                raised = c in board.raised
                dy = (-ch * RAISED[0] if where == "bottom" else ch * RAISED[0]) if raised \
                    else 0.0
                places[c] = Place(x0 + i * step, ay + dy, up_hand or raised, 0, z, scale)
                z += 1
        else:
            step = min(cw * SIDE_SPREAD, geo.height * SIDE_MAX_HEIGHT / max(k, 1))
            y0 = ay - step * (k - 1) / 2
            for i, c in enumerate(hand):
                raised = c in board.raised
                dx = (ch * RAISED[1] if where == "left" else -ch * RAISED[1]) if raised else 0.0
                places[c] = Place(ax + dx, y0 + i * step, up_hand or raised, 90, z, scale)
                z += 1
    # The trick, on top of everything.
    cx, cy = geo.trick_center
    for seat, c in board.trick:
        where = geo.seat_position(seat, perspective, n)
        ox, oy = TRICK_OFFSETS[where]
        places[c] = Place(cx + ox * ch, cy + oy * ch, True, 0, TRICK_Z + z)
        z += 1
    return places
