"""The forty cards on screen: where each is, how it moves there (eased tweens,
times in seconds), and how it is drawn. Faces and backs are rendered from SVG
at the table's card size and cached, rotated, per size."""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import NamedTuple

import pygame

from ...engine.cards import card_name
from ...resources import Pictures
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
ROTATION_CARDS = 160
"""Rendered surfaces kept (faces, backs, turned, veiled): past this many, or the
bytes of this many upright cards at the table's size, the least recently used go
(a round keeps about 135 cards' worth: 68 MB at 4K)."""
QUICK_STEPS = 16
"""A card in flight changes size in steps of a sixteenth of its full width."""
QUICK_ANGLE = 3
"""A card in flight turns in steps of this many degrees."""
QUICK_CACHE = 400
QUICK_CARDS = 120
"""Scaled pictures of cards in flight kept: past this many, or the bytes of this
many upright cards, the oldest go (a round makes about 110 cards' worth)."""
STACK_LEAST = 3
"""A stack of fewer cards lying still is drawn card by card."""
STACK_CACHE = 12
STACK_CARDS = 40
"""Pictures of stacks kept: past this many, or the bytes of this many upright
cards, the oldest go."""
CRISP_PER_FRAME = 1
"""Smooth pictures of cards at rest made in one frame, at most, and only in a
frame where no card moves (each costs half a millisecond at 1280x720; a hand
fanned anew needs one per card): a frame that moves cards stays light."""


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


_height = attrgetter("z")


def _uncovered(planned: list[Drawn]) -> list[Drawn]:
    """``planned`` without the cards that a later one hides wholly: the same
    picture at the same place (a pack being shuffled or dealt holds 40 backs,
    four to a pixel)."""
    seen: set[tuple[int, int, int]] = set()
    kept: list[Drawn] = []
    for d in reversed(planned):
        if d.shaded or d.colour is not None:
            kept.append(d)
            continue
        place = (id(d.surf), d.rect.x, d.rect.y)
        if place not in seen:
            seen.add(place)
            kept.append(d)
    kept.reverse()
    return kept


class Drawn(NamedTuple):
    """A card, or a stack of cards, as one frame draws it (``CardLayer.plan``)."""

    key: Hashable
    """Which: the card, or ("stack", n)."""
    sprite: Sprite
    """The card (a stack's top card)."""
    surf: pygame.Surface
    rect: pygame.Rect
    """Where its picture goes."""
    area: pygame.Rect
    """What it may cover, its outline included."""
    look: Hashable
    """What it looks like: the same look in the same area, the same pixels."""
    shaded: bool
    colour: tuple[int, int, int] | None
    """Its outline's colour, if outlined."""


class CardLayer:
    """Every card's sprite, its animations and its drawing."""

    def __init__(self, services: Services, geo: Geometry) -> None:
        self.services = services
        self.geo = geo
        self.sprites = {c: Sprite(c, *geo.stock_pos) for c in range(40)}
        self._cache: Pictures[tuple[str, int, int]] = Pictures(0, ROTATION_CACHE)
        self._quick: Pictures[tuple[str, int, int]] = Pictures(0, QUICK_CACHE)
        """Cards in flight, scaled between sizes: many, short-lived, kept apart so
        they never push the crisp renders out of ``_cache``."""
        self._crisp_left = CRISP_PER_FRAME
        self.pending = False
        """Some card at rest still shows its quick picture (see ``surface``)."""
        self._deferred = False
        self._ripe = False
        """The next frame makes every picture at rest (``ripen``)."""
        self._stacks: Pictures[Hashable] = Pictures(0, STACK_CACHE)
        self._last_stacks: dict[int, tuple[pygame.Surface, list[Drawn], pygame.Rect,
                                           pygame.Surface]] = {}
        """Each stack's cloth, cards (as planned), rectangle and picture in the
        frame that last made it: while its cards are planned the same, it is
        the same picture."""
        self._planned: dict[int, tuple[tuple[object, ...], Drawn]] = {}
        """Each card's place in the last frame and what it looked like there:
        most cards lie still, and are planned again only when they move."""
        self._fit(geo)

    def _fit(self, geo: Geometry) -> None:
        """Budgets for pictures of cards of ``geo``'s size."""
        card = geo.card_w * geo.card_h * 4
        self._cache.limit(ROTATION_CARDS * card)
        self._quick.limit(QUICK_CARDS * card)
        self._stacks.limit(STACK_CARDS * card)

    def forget(self) -> None:
        """Drop every picture kept (the table is closed: its pictures must not wait
        for the garbage collector, which counts objects, not their pixels)."""
        self._cache.clear()
        self._quick.clear()
        self._planned.clear()
        self._stacks.clear()
        self._last_stacks.clear()

    def resize(self, geo: Geometry) -> None:
        """New measures: the old renders are dropped and every face rendered now,
        once, so no frame stalls on an SVG the first time a card turns up."""
        self.geo = geo
        self._fit(geo)
        self._cache.clear()
        self._quick.clear()
        self._planned.clear()
        self._stacks.clear()
        self._last_stacks.clear()
        self._crisp_left = 50  # all of these now
        for c in range(40):
            self.surface(Sprite(c, 0, 0, face_up=True))
        for scale in (1.0, OPPONENT_SCALE, PILE_SCALE):
            for angle in (0, 90):
                self.surface(Sprite(0, 0, 0, angle=angle, scale=scale))
        self._crisp_left = CRISP_PER_FRAME

    def ripen(self) -> None:
        """The next frame makes every picture of a card at rest still to come."""
        self._crisp_left = len(self.sprites)
        self._ripe = True

    def moving(self) -> bool:
        """Cards move, or some wait for their picture at rest."""
        return self.pending or any(s.tween is not None for s in self.sprites.values())

    def face_up_cards(self) -> frozenset[int]:
        """The cards drawn face up now (wherever they lie)."""
        return frozenset(c for c, s in self.sprites.items()
                         if s.face_up and s.target is not None)

    def update(self, dt: float) -> None:
        self._crisp_left = CRISP_PER_FRAME  # a new frame
        for sprite in self.sprites.values():
            if sprite.tween is not None:  # (most lie still)
                sprite.update(dt)

    # ------------------------------------------------------------------ animations
    def relayout(self, board: Board, perspective: int, face_up: frozenset[int],
                 duration: float, unseen: int = 0) -> None:
        """Every card to its place on ``board``, in ``duration`` seconds; the cards
        of the mask ``unseen`` at once: after an undo dealt them again (``Match.undo``)
        the way one flew would tell where it went."""
        places = layout(board, self.geo, perspective, face_up)
        for c, sprite in self.sprites.items():
            place = places.get(c)
            if place is None:
                continue
            if sprite.target != place or unseen >> c & 1:
                sprite.settle(place, 0.0 if unseen >> c & 1 else duration)

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
        """The sprite's picture at its size and angle: crisp at rest; in flight, a
        quick one (see ``QUICK_STEPS``). A card that has just come to rest may
        show its quick picture a few frames more (see ``CRISP_PER_FRAME``;
        ``pending`` says some wait)."""
        settings = self.services.settings
        name = card_name(sprite.card) if sprite.face_up else f"back-{settings.card_back}"
        full = max(8, int(round(self.geo.card_w / 2)) * 2)  # even sizes: fewer pictures
        cw = max(8, int(round(self.geo.card_w * sprite.scale / 2)) * 2)
        angle = int(round(sprite.angle)) % 360
        if sprite.tween is None:
            surf = self._cache.get((name, cw, angle))  # (now the most recently used)
            if surf is not None:
                return surf
            if self._crisp_left > 0 or not self._cache_has(name, full):
                self._crisp_left -= 1
                return self._crisp(sprite, name, cw, angle)
            self.pending = self._deferred = True  # made later; meanwhile the quick one
        # In flight: sizes and angles in coarse steps, scaled and turned from the
        # full-size picture without smoothing (a card in motion looks the same):
        # rasterizing the SVG, or smoothing, at each size and angle it passes would
        # stall those frames by several ms a card.
        step = max(2, full // QUICK_STEPS) // 2 * 2
        cw = max(8, round(cw / step) * step)
        angle = round(angle / QUICK_ANGLE) * QUICK_ANGLE % 360
        key = (name, cw, angle)
        surf = self._quick.get(key)
        if surf is None:
            whole = self.surface(Sprite(sprite.card, 0, 0, face_up=sprite.face_up))
            surf = whole if cw == full else pygame.transform.smoothscale(
                whole, (cw, round(cw * whole.get_height() / whole.get_width())))
            surf = pygame.transform.rotate(surf, angle) if angle else surf
            self._quick.put(key, surf)
        return surf

    def _cache_has(self, name: str, cw: int) -> bool:
        """The upright full-size picture of ``name`` is made (quick ones start from it)."""
        return (name, cw, 0) in self._cache

    def _crisp(self, sprite: Sprite, name: str, cw: int, angle: int) -> pygame.Surface:
        settings = self.services.settings
        resources = self.services.resources
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
        self._cache.put((name, cw, angle), surf)
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
            self._cache.put(key, veil)
        return veil

    def plan(self, hand: list[int], lifted: frozenset[int], legal: int | None,
             outlined: dict[int, tuple[int, int, int]],
             stacks: Sequence[Collection[int]] = (),
             cloth: pygame.Surface | None = None) -> list[Drawn]:
        """Every placed card as it is to be drawn now, lowest first. ``hand``: the
        cards of the hand shown at the bottom; ``lifted``: those of its cards raised
        a little (the one pointed at or selected, the hinted one); ``legal``: the
        cards that hand may play (the others shaded), None when it is not its turn;
        ``outlined``: cards drawn with a coloured outline (the hint, a trick's
        winning card); ``stacks``: groups of cards that lie one on another (the
        stock, a won pile), each drawn as one picture over ``cloth`` (what is drawn
        under the cards) while its cards lie still (see ``_stacked``)."""
        hand_set = set(hand)
        lift = self.geo.card_h * SELECTED_LIFT
        planned: list[Drawn] = []
        self.pending = False
        if not self._ripe and any(s.tween is not None for s in self.sprites.values()):
            self._crisp_left = 0  # later, when all is still
        self._ripe = False
        back = self.services.settings.card_back
        memo = self._planned
        order = sorted(self.sprites.values(), key=_height)
        if outlined:  # a trick's winner, the hint: last, nothing covers them
            order = [s for s in order if s.card not in outlined] + \
                [s for s in order if s.card in outlined]
        mask = 0 if legal is None else sum(1 << c for c in hand_set) & ~legal
        for sprite in order:
            if sprite.target is None:
                continue
            card = sprite.card
            shaded = bool(mask >> card & 1)
            colour = outlined.get(card)
            state = (sprite.x, sprite.y, sprite.angle, sprite.scale, sprite.face_up,
                     sprite.tween is None, card in lifted, shaded, colour, sprite.z, back)
            kept = memo.get(card)
            if kept is not None and kept[0] == state:  # as it was: planned the same
                planned.append(kept[1])
                continue
            self._deferred = False
            surf = self.surface(sprite)
            dy = -lift if card in lifted else 0.0
            rect = surf.get_rect(center=(int(sprite.x), int(sprite.y + dy)))
            # An outline reaches a few pixels past the card.
            area = rect if colour is None else rect.inflate(OUTLINE_MARGIN, OUTLINE_MARGIN)
            d = Drawn(card, sprite, surf, rect, area, (id(surf), shaded, colour, sprite.z),
                      shaded, colour)
            planned.append(d)
            if self._deferred:  # its picture at rest is still to come
                memo.pop(card, None)
            else:
                memo[card] = (state, d)
        if cloth is not None and stacks:
            planned = self._stacked(planned, stacks, cloth)
        return _uncovered(planned)

    def _stacked(self, planned: list[Drawn], stacks: Sequence[Collection[int]],
                 cloth: pygame.Surface) -> list[Drawn]:
        """``planned`` with the cards of each group of ``stacks`` that lie still
        made one picture: the cloth under them and the cards on it, drawn where
        the last of them was. The same pixels as the cards one by one, as long as
        nothing drawn before them reaches under them (else they stay apart); a
        stack of 24 cards is then one copy instead of 24 blends whenever something
        moves near it."""
        group_of: dict[Hashable, int] = {c: n for n, group in enumerate(stacks) for c in group}
        found: list[list[int]] = [[] for _ in stacks]
        for i, d in enumerate(planned):
            n = group_of.get(d.key)
            if n is not None and d.sprite.tween is None and not d.sprite.then \
                    and not d.shaded and d.colour is None:
                found[n].append(i)
        gone: set[int] = set()
        tops: dict[int, Drawn] = {}
        for n, idx in enumerate(found):
            if len(idx) < STACK_LEAST:
                continue
            members = [planned[i] for i in idx]
            last = self._last_stacks.get(n)
            if last is not None and last[0] is cloth and len(last[1]) == len(members) \
                    and all(a is b for a, b in zip(last[1], members, strict=True)):
                rect, pic = last[2], last[3]  # the very cards of the last frame
            else:
                rect = members[0].area.unionall([d.area for d in members[1:]])
                pic = None
            member_set = set(idx)
            if any(i not in member_set and planned[i].area.colliderect(rect)
                   for i in range(idx[-1])):
                continue
            if pic is None:
                key = (id(cloth), tuple(rect), *((d.look, d.rect.topleft) for d in members))
                pic = self._stacks.get(key)
                if pic is None:
                    pic = pygame.Surface(rect.size)
                    pic.blit(cloth, (0, 0), rect)
                    for d in members:
                        pic.blit(d.surf, d.rect.move(-rect.x, -rect.y))
                    self._stacks.put(key, pic)
                self._last_stacks[n] = (cloth, members, rect, pic)
            gone.update(idx)
            tops[idx[-1]] = Drawn(("stack", n), members[-1].sprite, pic, rect, rect,
                                  (id(pic),), False, None)
        if not tops:
            return planned
        return [tops[i] if i in tops else d for i, d in enumerate(planned)
                if i not in gone or i in tops]

    def paint(self, surface: pygame.Surface, d: Drawn) -> None:
        """One planned card."""
        surface.blit(d.surf, d.rect)
        sprite = d.sprite
        if d.shaded:
            surface.blit(self.shade(sprite, d.surf), d.rect)
        if d.colour is not None:  # the card's own outline, turned as the card is
            w = self.geo.card_w * sprite.scale / 2 + 3
            h = self.geo.card_h * sprite.scale / 2 + 3
            turn = pygame.math.Vector2
            corners = [turn(x, y).rotate(-sprite.angle) + d.rect.center
                       for x, y in ((-w, -h), (w, -h), (w, h), (-w, h))]
            pygame.draw.polygon(surface, d.colour, corners, 4)

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
