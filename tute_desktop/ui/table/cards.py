"""The forty cards on screen: where each is and how it moves there (eased
tweens, times in seconds). What a frame shows of them is a tuple of
``describe.CardSpot`` (``CardLayer.spots``); ``picture`` paints them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from operator import attrgetter

from ..services import Services
from ..tween import Tween, ease_in_out_sine, ease_out_cubic
from .board import Board, Geometry, Place, layout
from .describe import CardSpot

Easing = Callable[[float], float]

PACK_SCALE = 0.85
"""The pack being shuffled, as a share of the card size."""
DEALT_SCALE = 0.72
"""A card leaving the dealer's pack."""
CUT = 0.45
"""The shuffle's cut: each packet moves this many card widths aside."""
SELECTED_LIFT = 0.12
"""Card heights a card of the hand rises when pointed at, selected or hinted."""
@dataclass
class Sprite:
    """One card on screen."""

    card: int
    x: float
    y: float
    angle: float = 0.0
    face_up: bool = False
    z: int = 0
    scale: float = 1.0
    tween: Tween | None = None
    target: Place | None = None
    then: list[tuple[Place, float, float]] = field(default_factory=list)
    """Further legs of a path: (place, duration, delay), taken one after another."""
    turns_over: bool = False
    """Face up on its way, turned face down when it arrives (a trick's cards,
    public, gathered to a pile: turned at once, the four lay face down in the
    trick's place under "Bot 3 takes it" for a moment)."""

    def path(self, legs: list[tuple[Place, float, float]]) -> None:
        """Move through several places in turn (the shuffle's gather, cut, riffle)."""
        first, rest = legs[0], legs[1:]
        self.settle(first[0], first[1], first[2])
        self.then = rest

    def settle(self, place: Place, duration: float, delay: float = 0.0,
               easing: Easing = ease_out_cubic, turn_on_arrival: bool = False) -> None:
        """To ``place`` in ``duration`` seconds after ``delay``, laid as it says:
        at once, or, with ``turn_on_arrival`` (a face-up card going face down),
        when it gets there."""
        self.then = []
        self.turns_over = turn_on_arrival and self.face_up and not place.face_up \
            and duration > 0
        end = (place.x, place.y, float(place.angle), place.scale)
        if duration <= 0:
            self.x, self.y, self.angle, self.scale = end
            self.tween = None
        else:
            self.tween = Tween((self.x, self.y, self.angle, self.scale), end,
                               duration, easing, delay)
        self.face_up = place.face_up or self.turns_over
        self.z = place.z
        self.target = place

    def update(self, dt: float) -> bool:
        if self.tween is None:
            return False
        self.x, self.y, self.angle, self.scale = self.tween.update(dt)
        if self.tween.done:
            self.tween = None
            if self.turns_over:
                self.turns_over = False
                self.face_up = False
            if self.then:
                rest = self.then[1:]
                place, duration, delay = self.then[0]
                self.settle(place, duration, delay, ease_in_out_sine)
                self.then = rest
        return True


_height = attrgetter("z")


def _flying(s: Sprite) -> bool:
    """``s`` is on its way and away from where it goes."""
    return s.tween is not None and s.target is not None and (s.x, s.y) != (s.target.x,
                                                                             s.target.y)


class CardLayer:
    """Every card's sprite, its animations and its drawing."""

    def __init__(self, services: Services, geo: Geometry) -> None:
        self.services = services
        self.geo = geo
        self.sprites = {c: Sprite(c, *geo.stock_pos) for c in range(40)}

    def resize(self, geo: Geometry) -> None:
        """New measures (the places follow with the next ``relayout``)."""
        self.geo = geo

    def moving(self) -> bool:
        """Cards move."""
        return any(s.tween is not None for s in self.sprites.values())

    def flying(self, cards: list[int]) -> frozenset[int]:
        """Those of ``cards`` on their way and away from where they go."""
        return frozenset(c for c in cards if _flying(self.sprites[c]))

    def face_up_cards(self) -> frozenset[int]:
        """The cards laid face up now (wherever they lie)."""
        return frozenset(c for c, s in self.sprites.items()
                         if s.face_up and s.target is not None)

    def update(self, dt: float) -> None:
        for sprite in self.sprites.values():
            if sprite.tween is not None:  # (most lie still)
                sprite.update(dt)

    # ------------------------------------------------------------------ animations
    def relayout(self, board: Board, perspective: int, face_up: frozenset[int],
                 duration: float, unseen: int = 0, public: frozenset[int] = frozenset()
                 ) -> None:
        """Every card to its place on ``board``, in ``duration`` seconds; the cards
        of the mask ``unseen`` at once: after an undo dealt them again (``Match.undo``)
        the way one flew would tell where it went. A card of ``public`` (a trick
        gathered: every seat saw it) going face down turns when it arrives; any
        other at once (a hand's cards never show on their way anywhere)."""
        places = layout(board, self.geo, perspective, face_up)
        for c, sprite in self.sprites.items():
            place = places.get(c)
            if place is None:
                continue
            if sprite.target != place or unseen >> c & 1:
                sprite.settle(place, 0.0 if unseen >> c & 1 else duration,
                              turn_on_arrival=c in public)

    def shuffle(self, dealer_at: tuple[float, float], duration: float,
                deck: int = (1 << 40) - 1) -> None:
        """All the cards of ``deck`` (a mask: the 40, or subastado's 36, §12)
        gather face down by the dealer, are cut in two packets and riffled back
        together; a card out of the deck is not shown at all."""
        dx, dy = dealer_at
        cut = self.geo.card_w * CUT
        for sprite in self.sprites.values():
            if not deck >> sprite.card & 1:
                sprite.tween, sprite.target = None, None
        pack = [s for s in self.sprites.values() if deck >> s.card & 1]
        for k, sprite in enumerate(sorted(pack, key=lambda s: s.card * 7 % 40)):
            y = dy - k * 0.25
            side = cut if k % 2 else -cut

            def spot(x: float, z: int, sprite_y: float = y) -> Place:
                return Place(x, sprite_y, False, 0, z, PACK_SCALE)

            sprite.face_up = False
            sprite.path([
                (spot(dx, k), duration * 0.35, 0.0),
                (spot(dx + side, k), duration * 0.2, 0.0),
                (spot(dx, 40 - k if k % 2 else k), duration * 0.3, k * duration * 0.003),
            ])

    def deal(self, board: Board, perspective: int, face_up: frozenset[int],
             dealer_at: tuple[float, float], duration: float) -> None:
        """The dealer's pack goes round, one card to each hand in turn; the rest
        (stock, face-up card) settles in its place."""
        places = layout(board, self.geo, perspective, face_up)
        dx, dy = dealer_at
        dealt = [c for hand in board.hands for c in hand]
        per = duration * 0.6 / max(len(dealt), 1)
        order = {c: i for i, c in enumerate(
            c for k in range(max(len(h) for h in board.hands))
            for h in board.hands if k < len(h) for c in [h[k]])}
        for c, sprite in self.sprites.items():
            place = places.get(c)
            if place is None:
                continue
            if c in order:
                sprite.x, sprite.y, sprite.angle, sprite.face_up = dx, dy, 0.0, False
                sprite.scale = DEALT_SCALE
                sprite.settle(place, duration * 0.4, delay=order[c] * per)
                sprite.face_up = place.face_up
            else:
                sprite.x, sprite.y = dx, dy
                sprite.settle(place, duration * 0.5, easing=ease_in_out_sine)

    # ------------------------------------------------------------------ what shows
    def spots(self, hand: list[int], lifted: frozenset[int], legal: int | None,
              outlined: dict[int, tuple[int, int, int]],
              in_place: frozenset[int] = frozenset(),
              above: frozenset[int] = frozenset()) -> tuple[CardSpot, ...]:
        """Every placed card as the frame shows it now, lowest first: a card laid
        face down is only a back. ``hand``: the cards of the hand shown at the
        bottom; ``lifted``: those of its cards raised a little (the one pointed at
        or selected, the hinted one); ``legal``: the cards that hand may play
        (the others dimmed), None when it is not its turn; ``outlined``: cards
        drawn with a coloured outline (the hint, a trick's winning card), last,
        except those of ``in_place``, drawn in their order; ``above``: drawn
        after all (the card chosen with the arrows: a player saw it rise behind
        its right-hand neighbour, cold play nc75)."""
        lift = self.geo.card_h * SELECTED_LIFT
        order = sorted((s for s in self.sprites.values() if s.target is not None),
                       key=_height)
        last = {c for c in outlined if c not in in_place}  # nothing covers them
        for top in (last, above):
            if top:
                order = [s for s in order if s.card not in top] + \
                    [s for s in order if s.card in top]
        mask = 0 if legal is None else sum(1 << c for c in hand) & ~legal
        return tuple(
            CardSpot(s.card if s.face_up else None, s.x,
                     s.y - (lift if s.card in lifted else 0.0), s.angle, s.scale, s.z,
                     bool(mask >> s.card & 1), s.card in lifted, outlined.get(s.card),
                     _flying(s))
            for s in order)
