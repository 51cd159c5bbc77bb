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

from ..engine import State
from ..engine.cards import KINGS_MASK, KNIGHTS_MASK, PAIR_MASKS, bits
from ..engine.events import (
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


OPPONENT_SCALE = 0.72
"""Hidden hands are drawn smaller: the player's own hand matters most."""
PILE_SCALE = 0.55


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
        ch = min(height * 0.2, width / 7.5 * 1.5)
        cw = int(ch / 1.5)
        return Geometry(width, height, cw, int(cw * 1.5), players)

    def seat_position(self, seat: int, perspective: int, n: int) -> str:
        """Where a seat sits relative to the one shown at the bottom."""
        rel = (seat - perspective) % n
        return {2: ("bottom", "top"), 3: ("bottom", "right", "left"),
                4: ("bottom", "right", "top", "left")}[n][rel]

    @property
    def trick_center(self) -> tuple[float, float]:
        return (self.width * 0.5, self.height * 0.45)

    @property
    def side_y(self) -> float:
        """Vertical centre of the left and right hands."""
        return self.height * 0.5

    def hand_anchor(self, where: str) -> tuple[float, float]:
        ch = self.card_h
        small = ch * OPPONENT_SCALE
        w, h = self.width, self.height
        return {
            "bottom": (w * 0.5, h - ch * 0.55),
            "top": (w * 0.5, small * 0.5 + 6),
            "left": (small * 0.5 + 6, self.side_y),
            "right": (w - small * 0.5 - 6, self.side_y),
        }[where]

    @property
    def stock_pos(self) -> tuple[float, float]:
        return (self.card_w * 1.5, self.height * 0.45)

    @property
    def dead_pos(self) -> tuple[float, float]:
        """tres: the face-up card that marks trumps and is not played."""
        cx, cy = self.trick_center
        return (cx - self.card_h * 1.75, cy - self.card_h * 0.35)

    def pile_pos(self, where: str) -> tuple[float, float]:
        cw, ch = self.card_w, self.card_h
        w, h = self.width, self.height
        small = ch * PILE_SCALE
        if self.players == 2:
            return {"bottom": (w - cw * 1.1, h * 0.45 + small * 0.7),
                    "top": (w - cw * 1.1, h * 0.45 - small * 0.7)}[where]
        return {
            "bottom": (w * 0.5 + w * 0.36, h - ch * 0.55),
            "top": (w * 0.5 - w * 0.22, small * 0.5 + 8),
            "left": (ch * OPPONENT_SCALE * 0.5 + 6, self.side_y + h * 0.34),
            "right": (w - ch * OPPONENT_SCALE * 0.5 - 6, self.side_y + h * 0.34),
        }[where]

    def dealer_pos(self, where: str) -> tuple[float, float]:
        x, y = self.hand_anchor(where)
        cx, cy = self.trick_center
        return (x + (cx - x) * 0.25, y + (cy - y) * 0.25)


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
            off = 0.0 if c == board.faceup else -cw * 0.12
            places[c] = Place(sx + cw * 0.45 + off, sy, True, 90, z)
            z += 1
    for i, c in enumerate(board.stock):
        places[c] = Place(sx - i * 0.6, sy - i * 0.6, False, 0, z)
        z += 1
    if board.dead >= 0:
        dx, dy = geo.dead_pos
        places[board.dead] = Place(dx, dy, True, 0, z, 0.8)
        z += 1
    # Won piles, face down and small, by side.
    for side, pile in enumerate(board.piles):
        seat = side
        if n == 4:  # a team's pile lies by the bottom player, or by its right neighbour
            seat = perspective if side == board.side_of(perspective) else (perspective + 1) % 4
        where = geo.seat_position(seat, perspective, n)
        px, py = geo.pile_pos(where)
        for i, c in enumerate(pile):
            places[c] = Place(px + (i % 5) * 0.7, py - i * 0.35, False, (i % 3) * 4 - 4, z,
                              PILE_SCALE)
            z += 1
    # Hands.
    for seat in range(n):
        where = geo.seat_position(seat, perspective, n)
        hand = board.hands[seat]
        ax, ay = geo.hand_anchor(where)
        up = seat in face_up_seats
        scale = 1.0 if up else OPPONENT_SCALE
        k = len(hand)
        if where in ("bottom", "top"):
            step = cw * (0.78 if up else 0.3)
            step = min(step, (geo.width * 0.6 - cw) / max(k - 1, 1))
            x0 = ax - step * (k - 1) / 2
            for i, c in enumerate(hand):
                raised = c in board.raised
                dy = (-ch * 0.25 if where == "bottom" else ch * 0.25) if raised else 0.0
                places[c] = Place(x0 + i * step, ay + dy, up or raised, 0, z, scale)
                z += 1
        else:
            step = min(cw * 0.3, geo.height * 0.36 / max(k, 1))
            y0 = ay - step * (k - 1) / 2
            for i, c in enumerate(hand):
                raised = c in board.raised
                dx = (ch * 0.3 if where == "left" else -ch * 0.3) if raised else 0.0
                places[c] = Place(ax + dx, y0 + i * step, up or raised, 90, z, scale)
                z += 1
    # The trick, on top of everything.
    cx, cy = geo.trick_center
    offsets = {"bottom": (0, 0.33), "top": (0, -0.33), "left": (-0.62, 0), "right": (0.62, 0)}
    for seat, c in board.trick:
        where = geo.seat_position(seat, perspective, n)
        ox, oy = offsets[where]
        places[c] = Place(cx + ox * ch, cy + oy * ch, True, 0, 1000 + z)
        z += 1
    return places
