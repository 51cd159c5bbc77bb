"""The forty cards on screen: where each is, how it moves there (eased tweens,
times in seconds), and how it is drawn. Faces and backs are rendered from SVG
at the table's card size and cached, rotated, per size."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

import pygame

from ...engine.cards import card_name
from ..services import Services
from ..tween import Tween, ease_in_out_sine, ease_out_cubic
from .board import OPPONENT_SCALE, PILE_SCALE, Board, Geometry, Place, layout

Easing = Callable[[float], float]

PACK_SCALE = 0.85
"""The pack being shuffled, as a share of the card size."""
DEALT_SCALE = 0.72
"""A card leaving the dealer's pack."""
CUT = 0.45
"""The shuffle's cut: each packet moves this many card widths aside."""
SELECTED_LIFT = 0.12
"""Card heights a card of the hand rises when pointed at, selected or hinted."""
ILLEGAL_SHADE = (0, 0, 0, 95)
"""Drawn over a card of the hand that may not be played now."""
OUTLINE_MARGIN = 16
"""Pixels around a card that its outline may cover."""
ROTATION_CACHE = 600
"""Rendered surfaces kept (faces, backs, turned, veiled); past this the cache
starts again."""
QUICK_STEPS = 16
"""A card in flight changes size in steps of a sixteenth of its full width."""
QUICK_CACHE = 240
"""Scaled pictures of cards in flight kept; past this they start again."""


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

    def path(self, legs: list[tuple[Place, float, float]]) -> None:
        """Move through several places in turn (the shuffle's gather, cut, riffle)."""
        first, rest = legs[0], legs[1:]
        self.settle(first[0], first[1], first[2])
        self.then = rest

    def settle(self, place: Place, duration: float, delay: float = 0.0,
               easing: Easing = ease_out_cubic) -> None:
        self.then = []
        end = (place.x, place.y, float(place.angle), place.scale)
        if duration <= 0:
            self.x, self.y, self.angle, self.scale = end
            self.tween = None
        else:
            self.tween = Tween((self.x, self.y, self.angle, self.scale), end,
                               duration, easing, delay)
        self.face_up = place.face_up
        self.z = place.z
        self.target = place

    def update(self, dt: float) -> bool:
        if self.tween is None:
            return False
        self.x, self.y, self.angle, self.scale = self.tween.update(dt)
        if self.tween.done:
            self.tween = None
            if self.then:
                rest = self.then[1:]
                place, duration, delay = self.then[0]
                self.settle(place, duration, delay, ease_in_out_sine)
                self.then = rest
        return True


class CardLayer:
    """Every card's sprite, its animations and its drawing."""

    def __init__(self, services: Services, geo: Geometry) -> None:
        self.services = services
        self.geo = geo
        self.sprites = {c: Sprite(c, *geo.stock_pos) for c in range(40)}
        self._cache: dict[tuple[str, int, int], pygame.Surface] = {}
        self._quick: dict[tuple[str, int, int], pygame.Surface] = {}
        """Cards in flight, scaled between sizes: many, short-lived, kept apart so
        they never push the crisp renders out of ``_cache``."""

    def resize(self, geo: Geometry) -> None:
        """New measures: the old renders are dropped and every face rendered now,
        once, so no frame stalls on an SVG the first time a card turns up."""
        self.geo = geo
        self._cache.clear()
        self._quick.clear()
        for c in range(40):
            self.surface(Sprite(c, 0, 0, face_up=True))
        for scale in (1.0, OPPONENT_SCALE, PILE_SCALE):
            for angle in (0, 90):
                self.surface(Sprite(0, 0, 0, angle=angle, scale=scale))

    def moving(self) -> bool:
        return any(s.tween is not None for s in self.sprites.values())

    def update(self, dt: float) -> None:
        for sprite in self.sprites.values():
            sprite.update(dt)

    # ------------------------------------------------------------------ animations
    def relayout(self, board: Board, perspective: int, face_up: frozenset[int],
                 duration: float) -> None:
        """Every card to its place on ``board``, in ``duration`` seconds."""
        places = layout(board, self.geo, perspective, face_up)
        for c, sprite in self.sprites.items():
            place = places.get(c)
            if place is None:
                continue
            if sprite.target != place:
                sprite.settle(place, duration)

    def shuffle(self, dealer_at: tuple[float, float], duration: float) -> None:
        """All 40 cards gather face down by the dealer, are cut in two packets and
        riffled back together."""
        dx, dy = dealer_at
        cut = self.geo.card_w * CUT
        for k, sprite in enumerate(sorted(self.sprites.values(), key=lambda s: s.card * 7 % 40)):
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

    # ------------------------------------------------------------------ drawing
    def surface(self, sprite: Sprite) -> pygame.Surface:
        """The sprite's picture at its size and angle."""
        settings = self.services.settings
        resources = self.services.resources
        cw = max(8, int(round(self.geo.card_w * sprite.scale / 2)) * 2)  # even sizes: fewer
        name = card_name(sprite.card) if sprite.face_up else f"back-{settings.card_back}"
        angle = int(round(sprite.angle)) % 360
        full = max(8, int(round(self.geo.card_w / 2)) * 2)
        # A card on its way between two sizes is scaled from its full-size picture:
        # rasterizing the SVG at each size it passes would stall those frames by
        # several ms a card. Cached apart ("~"), so a card at rest is always crisp.
        quick = sprite.tween is not None and cw != full
        if quick:  # in flight, sizes in coarser steps: fewer pictures to scale
            step = max(2, full // QUICK_STEPS) // 2 * 2
            cw = max(8, round(cw / step) * step)
        key = (name, cw, angle)
        if quick:
            surf = self._quick.get(key)
            if surf is None:
                whole = self.surface(Sprite(sprite.card, 0, 0, face_up=sprite.face_up))
                surf = pygame.transform.smoothscale(
                    whole, (cw, round(cw * whole.get_height() / whole.get_width())))
                surf = pygame.transform.rotate(surf, angle) if angle else surf
                if len(self._quick) > QUICK_CACHE:
                    self._quick.clear()
                self._quick[key] = surf
            return surf
        surf = self._cache.get(key)
        if surf is None:
            if sprite.face_up:
                base = resources.card_face(name, cw)
            else:
                try:
                    base = resources.card_back(settings.card_back, cw)
                except (OSError, ValueError, pygame.error):
                    base = resources.card_back("red", cw)
            if angle % 90:  # a fanned card: smooth edges
                surf = pygame.transform.rotozoom(base, angle, 1.0)
            else:
                surf = pygame.transform.rotate(base, angle) if angle else base
            if len(self._cache) > ROTATION_CACHE:
                self._cache.clear()
            self._cache[key] = surf
        return surf

    def shade(self, sprite: Sprite, surf: pygame.Surface) -> pygame.Surface:
        """The dark veil over a card that may not be played: the card's own
        outline, so a fanned card's corners stay clear."""
        key = (f"shade-{sprite.card}", surf.get_width(), int(round(sprite.angle)) % 360)
        veil = self._cache.get(key)
        if veil is None:
            veil = surf.copy()
            veil.fill((0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)
            veil.set_alpha(ILLEGAL_SHADE[3])
            self._cache[key] = veil
        return veil

    def resting(self, cards: set[int]) -> list[Sprite]:
        """Those of ``cards`` that are placed and not moving, lowest first: what a
        table may draw once into its background (the stock, the won piles)."""
        return sorted((s for c in cards if (s := self.sprites[c]).target is not None
                       and s.tween is None and not s.then), key=lambda s: s.z)

    def draw_resting(self, surface: pygame.Surface, group: list[Sprite]) -> None:
        """``group`` (from ``resting``) drawn plainly, into a background."""
        for sprite in group:
            surf = self.surface(sprite)
            surface.blit(surf, surf.get_rect(center=(int(sprite.x), int(sprite.y))))

    def draw(self, surface: pygame.Surface, hand: list[int], lifted: frozenset[int],
             legal: int | None, outlined: dict[int, tuple[int, int, int]],
             record: Callable[[Hashable, pygame.Rect, Hashable], None] | None = None,
             skip: frozenset[int] = frozenset()) -> None:
        """Every placed card, lowest first. ``hand``: the cards of the hand shown at
        the bottom; ``lifted``: those of its cards raised a little (the one pointed
        at or selected, the hinted one); ``legal``: the cards that hand may play
        (the others shaded), None when it is not its turn; ``outlined``: cards
        drawn with a coloured outline (the hint, a trick's winning card);
        ``record``: told each card's rectangle and look (``DirtyRegions.piece``);
        ``skip``: cards already drawn into the background (recorded all the same)."""
        hand_set = set(hand)
        lift = self.geo.card_h * SELECTED_LIFT
        # Outlined cards (a trick's winner, the hint) come last: nothing covers them.
        order = sorted(self.sprites.values(), key=lambda s: (s.card in outlined, s.z))
        for sprite in order:
            if sprite.target is None:
                continue
            surf = self.surface(sprite)
            dy = -lift if sprite.card in lifted else 0.0
            rect = surf.get_rect(center=(int(sprite.x), int(sprite.y + dy)))
            if sprite.card in skip:
                if record is not None:
                    record(sprite.card, rect.inflate(OUTLINE_MARGIN, OUTLINE_MARGIN),
                           (id(surf), False, None, sprite.z))
                continue
            surface.blit(surf, rect)
            shaded = sprite.card in hand_set and legal is not None \
                and not legal >> sprite.card & 1
            if shaded:
                surface.blit(self.shade(sprite, surf), rect)
            colour = outlined.get(sprite.card)
            if record is not None:  # an outline reaches a few pixels past the card
                record(sprite.card, rect.inflate(OUTLINE_MARGIN, OUTLINE_MARGIN),
                       (id(surf), shaded, colour, sprite.z))
            if colour is not None:  # the card's own outline, turned as the card is
                w = self.geo.card_w * sprite.scale / 2 + 3
                h = self.geo.card_h * sprite.scale / 2 + 3
                turn = pygame.math.Vector2
                corners = [turn(x, y).rotate(-sprite.angle) + rect.center
                           for x, y in ((-w, -h), (w, -h), (w, h), (-w, h))]
                pygame.draw.polygon(surface, colour, corners, 4)

    def card_at(self, cards: list[int], pos: tuple[int, int]) -> int | None:
        """The topmost of ``cards`` under ``pos``."""
        cw, ch = self.geo.card_w, self.geo.card_h
        best: tuple[int, int] | None = None
        for c in cards:
            s = self.sprites[c]
            rect = pygame.Rect(0, 0, cw, ch)
            rect.center = (int(s.x), int(s.y))
            if rect.collidepoint(pos) and (best is None or s.z > best[0]):
                best = (s.z, c)
        return best[1] if best else None
