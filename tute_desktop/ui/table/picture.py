"""Painting a ``TableDescription`` on a ``gfx.Canvas``: the one painter of the
table (the game's, the lessons', the review's), and the one card picture.

Cards are pictures made at their size in pixels from the SVGs and kept as
textures (``Canvas.picture``), turned on the renderer from a transparent margin
so fanned cards keep smooth edges; a card that may not be played is tinted
darker; words are rendered at their pixel size. Painting reads the
description and changes nothing else.

A plate, a panel, a button or the trump's mark is ONE picture (``paint_group``):
its box and its words drawn together at pixel size, kept as a texture under the
description's own value (frozen: equal values look the same). A frame is then
about 40 cards and a dozen pictures: on a CPU rasteriser each texture drawn
costs about as much as its pixels, so drawing a box and then each of its words
on it cost a plate five draws instead of one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace

import pygame

from ...engine.cards import card_name
from ...resources import Resources
from ..gfx import Canvas, TextLike, pixel_box
from ..services import Services
from ..widgets import DARK, DEFAULT, DIM, GOLD, INK, Palette, palette
from .board import DEAD_SCALE, OPPONENT_SCALE, PILE_SCALE
from .describe import Box, ButtonLook, CardSpot, Panel, Plate, TableDescription, TrumpMark, Words

DIMMED = (120, 120, 120)
"""A card that may not be played now: its colours times this (a dark veil, under
half as bright: at 160 nc83 saw such cards "only slightly greyer")."""
CHIP = (236, 226, 200)
"""The dealer's chip."""
CARD_CREAM = (250, 244, 226)
"""Behind the trump suit's emblem: the cards' paper."""
EMBLEM_SHARE = (0.62, 0.5)
"""The part of an ace's face (width, height shares, centred) that is its emblem."""
REST_SCALES = frozenset({1.0, OPPONENT_SCALE, PILE_SCALE, DEAD_SCALE})
"""The sizes cards lie still at (shares of the card size)."""
OUTLINE = 3
"""Points of a card's outline, and how far it lies outside the card."""


def _fallback_back(resources: Resources, back: str, width: int) -> pygame.Surface:
    try:
        return resources.card_back(back, width)
    except (OSError, ValueError, pygame.error):
        return resources.card_back("red", width)


def draw_card(canvas: Canvas, resources: Resources, face: int | None, back: str,
              center: tuple[float, float], size: tuple[float, float], angle: float = 0.0,
              tint: tuple[int, int, int] | None = None,
              made: tuple[float, float] | None = None, show: bool = True) -> None:
    """A card's picture: its face (``face``, 0-39) or the back ``back`` (the red
    one when that back cannot be drawn), ``size`` points centred on ``center``,
    turned ``angle`` degrees to the left, multiplied by ``tint``; ``made``: the
    size its picture is made at when not ``size`` (scaled by the renderer);
    ``show`` False: the picture made and kept for a later frame, not drawn."""
    w, h = size
    rect = (center[0] - w / 2, center[1] - h / 2, w, h)
    if face is not None:
        name = card_name(face)

        def make(pw: int, ph: int) -> pygame.Surface:
            return _exact(resources.card_face(name, pw), pw, ph)
    else:
        name = f"back-{back}"

        def make(pw: int, ph: int) -> pygame.Surface:
            return _exact(_fallback_back(resources, back, pw), pw, ph)
    canvas.picture(("card", name), rect, make, angle=-angle, tint=tint, pad=True, made=made,
                   show=show)


def card_kept(canvas: Canvas, face: int, size: tuple[float, float]) -> bool:
    """The picture of ``face`` at ``size`` points is kept (``draw_card`` would
    not make it)."""
    return canvas.kept(("card", card_name(face)), (0, 0, *size), pad=True)


def _exact(surf: pygame.Surface, w: int, h: int) -> pygame.Surface:
    """``surf`` at exactly ``w`` x ``h`` pixels (an SVG's height may round apart)."""
    if surf.get_size() == (w, h):
        return surf
    return pygame.transform.smoothscale(surf, (w, h))


def paint_table(canvas: Canvas, desc: TableDescription, services: Services) -> None:
    """Paint ``desc`` (see ``TableDescription`` for the order)."""
    felt = desc.felt
    canvas.fill(felt.colour)
    paint_ring(canvas, felt.ring, felt.ring_colour)
    resources = services.resources
    for run in _at_rest(desc.cards, desc.card_size):
        if len(run) >= PILE_LEAST:
            paint_pile(canvas, resources, desc, run)
        else:
            for spot in run:
                paint_card(canvas, resources, desc, spot)
    for tag in desc.trick_tags:
        paint_group(canvas, services.text, tag, tag.box, _box_shape(tag.colour, tag.box, 0, 6),
                    (tag.words,))
    for spot in desc.cards:
        if spot.flying:
            paint_card(canvas, resources, desc, spot)
    # The plates over every card, flying ones too: a card dealt or played
    # passed over them and a newcomer lost who was who (names, scores, the
    # dealer's chip) for a moment.
    for plate in desc.plates:
        paint_plate(canvas, services, replace(plate, colour=solid(plate.colour, felt.colour)))
    for words in desc.labels:
        paint_words(canvas, services, words)
    for p in desc.panels:
        paint_panel(canvas, services, desc, p)
    if desc.trump is not None:
        paint_trump(canvas, resources, services.text, desc.trump)
    colours = palette(felt.colour)  # the table's buttons take its colour, as the menus'
    for b in desc.buttons:
        paint_button(canvas, services, b, colours)
    for p in desc.overlays:
        paint_panel(canvas, services, desc, p)
    if desc.before_play is not None:
        paint_panel(canvas, services, desc, desc.before_play)


def solid(colour: Sequence[int], under: Sequence[int]) -> tuple[int, ...]:
    """``colour`` (with its alpha) as it looks laid over ``under``, opaque: a
    plate looks as it did on the felt, and nothing under it shows through."""
    if len(colour) < 4:
        return tuple(colour)
    a = colour[3]
    return (*(round((c * a + u * (255 - a)) / 255) for c, u in zip(colour[:3], under[:3],
                                                                  strict=True)), 255)


RING_WIDTH = 3
"""Points of the soft ring around the trick."""
RING_SPLIT = 0.7
"""The ring is drawn as four pieces: a band over and one under the rows within
this share of its half height of the centre, and a column at each side of those
rows. Its empty middle is not drawn: on a CPU rasteriser a picture's
transparent pixels cost as much as its visible ones (the whole box was a sixth
of a frame's rasterising at 1280x720)."""


def paint_ring(canvas: Canvas, ring: Box, colour: Sequence[int]) -> None:
    """An ellipse ``RING_WIDTH`` points wide inside ``ring``, as
    ``Canvas.ellipse`` draws it, in four pictures that leave out its middle."""
    r = canvas.ratio
    wpx = max(1, round(RING_WIDTH * r))
    margin = wpx + 2
    area = pixel_box(ring, r).inflate(2 * margin, 2 * margin)
    a, b = area.w / 2 - margin, area.h / 2 - margin
    band = min(area.h // 2, math.ceil(margin + b * (1 - RING_SPLIT)) + 1)
    side = min(area.w // 2, math.ceil(margin + a * (1 - math.sqrt(1 - RING_SPLIT ** 2))
                                      + 2 * wpx + 2))
    middle = area.h - 2 * band
    parts = [pygame.Rect(0, 0, area.w, band), pygame.Rect(0, area.h - band, area.w, band)]
    if middle > 0:
        parts += [pygame.Rect(0, band, side, middle),
                  pygame.Rect(area.w - side, band, side, middle)]
    for part in parts:
        def make(pw: int, ph: int, part: pygame.Rect = part) -> pygame.Surface:
            whole = pygame.Surface(area.size, pygame.SRCALPHA)
            pygame.draw.ellipse(whole, colour, whole.get_rect().inflate(-2 * margin, -2 * margin),
                                wpx)
            return whole.subsurface(part).copy()
        at = part.move(area.topleft)
        canvas.picture(("ring", ring, tuple(colour), r, tuple(part)),
                       (at.x / r, at.y / r, at.w / r, at.h / r), make)


def paint_card(canvas: Canvas, resources: Resources, desc: TableDescription,
               spot: CardSpot) -> None:
    cw, ch = desc.card_size
    w, h = cw * spot.scale, ch * spot.scale
    # A card at one of the sizes cards rest at is made at that size (sharp); one
    # growing or shrinking in flight is the full-size picture scaled.
    made = None if spot.scale in REST_SCALES else (cw, ch)
    draw_card(canvas, resources, spot.face, desc.back, (spot.x, spot.y), (w, h), spot.angle,
              DIMMED if spot.dimmed else None, made)
    if spot.outline is not None:  # the card's own outline, turned as the card is
        hw, hh = w / 2 + OUTLINE, h / 2 + OUTLINE
        turn = math.radians(spot.angle)
        cos, sin = math.cos(turn), math.sin(turn)
        corners = [(spot.x + x * cos + y * sin, spot.y - x * sin + y * cos)
                   for x, y in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))]
        canvas.lines(spot.outline, True, corners, OUTLINE + 1)


PILE_LEAST = 3
"""Backs at rest that lie one over the next (the stock, a hand the viewer may
not see, a pile of tricks) are drawn as ONE picture from this many on: on a
CPU rasteriser each card drawn costs its pixels, blended and filtered, and the
stock alone was 23 cards, a third of a frame's draws at 1280x720 (issue 28)."""


def _plain_back(spot: CardSpot) -> bool:
    return (spot.face is None and not spot.flying and not spot.dimmed and not spot.raised
            and spot.outline is None)


def _at_rest(cards: Sequence[CardSpot], card_size: tuple[float, float]
             ) -> list[list[CardSpot]]:
    """The cards at rest in painting order, in runs: a run of more than one
    card is plain backs (``_plain_back``) of one size and turn, each overlapping
    the one before it; any other card is a run of its own."""
    runs: list[list[CardSpot]] = []
    for spot in cards:
        if spot.flying:
            continue
        if runs and _plain_back(spot) and _plain_back(last := runs[-1][-1]) \
                and spot.scale == last.scale and spot.angle == last.angle:
            dx, dy = _unturned(spot.x - last.x, spot.y - last.y, last.angle)
            if abs(dx) < card_size[0] * last.scale and abs(dy) < card_size[1] * last.scale:
                runs[-1].append(spot)
                continue
        runs.append([spot])
    return runs


def _unturned(dx: float, dy: float, angle: float) -> tuple[float, float]:
    """The screen offset (``dx``, ``dy``) in the frame of a card turned
    ``angle`` degrees to the left (``paint_card``'s corners, backwards)."""
    turn = math.radians(angle)
    cos, sin = math.cos(turn), math.sin(turn)
    return dx * cos - dy * sin, dx * sin + dy * cos


def paint_pile(canvas: Canvas, resources: Resources, desc: TableDescription,
               run: Sequence[CardSpot]) -> None:
    """A run of ``_at_rest`` (backs of one size and turn, each on the one
    before) as one picture: the top card where it lies, the others at their
    places from it in whole pixels (under it, only their edges show), kept
    while the run lies the same way."""
    top = run[-1]
    cw, ch = desc.card_size
    r = canvas.ratio
    pw, ph = max(1, round(cw * top.scale * r)), max(1, round(ch * top.scale * r))
    offsets = []
    for s in run:
        ux, uy = _unturned(s.x - top.x, s.y - top.y, top.angle)
        offsets.append((round(ux * r), round(uy * r)))
    left, up = min(x for x, _ in offsets), min(y for _, y in offsets)
    width = max(x for x, _ in offsets) - left + pw
    height = max(y for _, y in offsets) - up + ph
    # the picture's centre from the top card's, in points, turned as the cards
    ux, uy = (width / 2 + left - pw / 2) / r, (height / 2 + up - ph / 2) / r
    turn = math.radians(top.angle)
    cos, sin = math.cos(turn), math.sin(turn)
    cx, cy = top.x + ux * cos + uy * sin, top.y - ux * sin + uy * cos
    back = desc.back

    def make(w: int, h: int) -> pygame.Surface:
        card = _exact(_fallback_back(resources, back, pw), pw, ph)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        at = [(x - left, y - up) for x, y in offsets]
        for (x, y), above in zip(at, [*at[1:], None], strict=True):
            for part in _showing(card, (x, y), above):
                s.blit(card, (x + part.x, y + part.y), part)
        return s

    w, h = width / r, height / r
    canvas.picture(("pile", back, pw, ph, tuple(offsets)), (cx - w / 2, cy - h / 2, w, h), make,
                   angle=-top.angle, pad=True)


def _opaque_inset(card: pygame.Surface) -> int:
    """How far in from its edges a card's picture is opaque all round (its
    rounded corners and smoothed edges are not)."""
    w, h = card.get_size()
    for k in range(min(w, h) // 2):
        if min(card.get_at(p)[3] for p in ((k, k), (w - 1 - k, h - 1 - k), (k, h // 2),
                                           (w // 2, k))) == 255:
            return k
    return min(w, h) // 2


def _showing(card: pygame.Surface, at: tuple[int, int], above: tuple[int, int] | None
             ) -> list[pygame.Rect]:
    """The parts of ``card`` (laid at ``at``) that the same card laid over it at
    ``above`` may leave showing, in the card's own pixels: all of it under
    nothing, else the bands outside the upper card's opaque middle. Laying a
    pile of 23 cards whole took 21 ms at 5120x2880 pixels, most of it pixels
    covered by the next card."""
    whole = card.get_rect()
    if above is None:
        return [whole]
    k = _opaque_inset(card)
    over = whole.inflate(-2 * k, -2 * k).move(above[0] - at[0], above[1] - at[1]).clip(whole)
    if over.w <= 0 or over.h <= 0:
        return [whole]
    parts = [pygame.Rect(0, 0, whole.w, over.top), pygame.Rect(0, over.bottom, whole.w,
                                                                whole.h - over.bottom),
             pygame.Rect(0, over.top, over.left, over.h),
             pygame.Rect(over.right, over.top, whole.w - over.right, over.h)]
    return [p for p in parts if p.w > 0 and p.h > 0]


def paint_words(canvas: Canvas, services: Services, w: Words) -> None:
    if not w.words:  # (an empty cell: nothing to render)
        return
    services.text.draw(canvas, w.words, w.size, w.at, w.colour, w.anchor, w.bold)


Shapes = Callable[[pygame.Surface, Callable[[Box], pygame.Rect], float], None]
"""Draws a group's shapes on its picture: given the picture, a function giving
where a box (points) lies on it in pixels, and the pixel ratio."""


GROUP_AREAS_MOST = 2000
_group_areas: dict[tuple[Hashable, float, TextLike], pygame.Rect] = {}
"""Where each group's picture lies (pixels), by its key, pixel ratio and the
words' renderer: a pure function of them (their words' rendered sizes), remembered because the table
paints its dozen groups every frame (``paint_group``)."""


def paint_group(canvas: Canvas, text: TextLike, key: Hashable, box: Box,
                shapes: Shapes, words: Sequence[Words] = ()) -> None:
    """``box`` with its ``shapes`` and ``words`` on them, as ONE picture made at
    pixel size and kept under ``key`` (a frozen value of the description: the
    same value, the same picture). The words lie where ``Canvas.text`` would put
    them; the picture grows to hold any that reach past the box."""
    r = canvas.ratio
    area = _group_areas.get((key, r, text))
    if area is None:
        area = pixel_box(box, r)
        for _, at in _placed(text, words, r):
            area.union_ip(at)
        if len(_group_areas) >= GROUP_AREAS_MOST:
            _group_areas.clear()
        _group_areas[(key, r, text)] = area
    if area.w <= 0 or area.h <= 0:
        return

    def on_picture(b: Box) -> pygame.Rect:
        return pixel_box(b, r).move(-area.x, -area.y)

    def make(pw: int, ph: int) -> pygame.Surface:
        s = pygame.Surface((pw, ph), pygame.SRCALPHA)
        shapes(s, on_picture, r)
        for rendered, at in _placed(text, words, r):
            s.blit(rendered, (at.x - area.x, at.y - area.y))
        return s

    canvas.picture(("group", key, r), (area.x / r, area.y / r, area.w / r, area.h / r), make)


def _placed(text: TextLike, words: Sequence[Words], r: float
            ) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """``words`` rendered at ratio ``r``, each with where it lies (pixels)."""
    placed = []
    for w in words:
        if w.words:
            rendered = text.render(w.words, max(1, round(w.size * r)), tuple(w.colour), w.bold)
            placed.append((rendered, _words_place(rendered.get_size(), w, r)))
    return placed


def _words_place(size: tuple[int, int], w: Words, ratio: float) -> pygame.Rect:
    """Where words rendered ``size`` pixels large lie (pixels), as ``Canvas.text``
    places them."""
    rect = pygame.FRect(0, 0, size[0] / ratio, size[1] / ratio)
    setattr(rect, w.anchor, (int(w.at[0]), int(w.at[1])))
    return pygame.Rect(round(rect.x * ratio), round(rect.y * ratio), *size)


def _shape(s: pygame.Surface, colour: Sequence[int], draw: Callable[[pygame.Surface], object]
           ) -> None:
    """``draw`` (a pygame.draw call) on ``s`` in ``colour``, blended over what is
    there when the colour is translucent (pygame.draw replaces pixels)."""
    if len(colour) < 4 or colour[3] == 255:
        draw(s)
        return
    layer = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    draw(layer)
    s.blit(layer, (0, 0))


def _box_shape(colour: Sequence[int], box: Box, width: float = 0, radius: float = 0) -> Shapes:
    """A box as ``Canvas.rect`` draws it."""
    def shapes(s: pygame.Surface, at: Callable[[Box], pygame.Rect], r: float) -> None:
        wpx = max(1, round(width * r)) if width > 0 else 0
        rpx = round(radius * r)
        _shape(s, colour, lambda t: pygame.draw.rect(t, colour, at(box), wpx,
                                                     border_radius=max(0, rpx)))
    return shapes


def _ellipse_shape(colour: Sequence[int], box: Box, width: float = 0) -> Shapes:
    def shapes(s: pygame.Surface, at: Callable[[Box], pygame.Rect], r: float) -> None:
        wpx = max(1, round(width * r)) if width > 0 else 0
        _shape(s, colour, lambda t: pygame.draw.ellipse(t, colour, at(box), wpx))
    return shapes


def _all(*parts: Shapes) -> Shapes:
    def shapes(s: pygame.Surface, at: Callable[[Box], pygame.Rect], r: float) -> None:
        for part in parts:
            part(s, at, r)
    return shapes


def paint_panel(canvas: Canvas, services: Services, desc: TableDescription, p: Panel) -> None:
    paint_group(canvas, services.text, ("panel", p.kind, p.box, p.colour, p.radius, p.words), p.box,
                _box_shape(p.colour, p.box, 0, p.radius), p.words)
    for spot in p.cards:
        paint_card(canvas, services.resources, desc, spot)


def paint_plate(canvas: Canvas, services: Services, plate: Plate) -> None:
    x, y, w, h = plate.box
    parts = [_box_shape(plate.colour, plate.box, 0, 8)]
    if plate.side_colour is not None:
        strip = max(4, h // 8)
        parts.append(_box_shape(plate.side_colour, (x, y, strip, h), 0, min(8, strip / 2)))
    if plate.turn:
        parts.append(_box_shape(GOLD, plate.box, 3, 8))
    if plate.chip is not None:
        parts += [_ellipse_shape(CHIP, plate.chip), _ellipse_shape(DARK, plate.chip, 2)]
    words = (plate.name, *(w for w in (plate.status, plate.chip_word) if w is not None))
    paint_group(canvas, services.text, plate, plate.box, _all(*parts), words)


def paint_button(canvas: Canvas, services: Services, b: ButtonLook,
                 colours: Palette = DEFAULT) -> None:
    """A button as ``widgets.Button`` draws one (its words, its key, pointed at
    or suggested) in ``colours`` (the felt's: ``widgets.palette``), as one
    picture."""
    hot = b.hot or b.focus
    colour = colours.hot if hot and b.enabled else (colours.rest if b.enabled else colours.off)
    x, y, w, h = b.box
    said = b.shown_key or b.key.upper()
    label = b.label + (f"  [{said}]" if said else "")
    centre = (x + w // 2, y + h // 2)
    paint_group(canvas, services.text, (b, colours), b.box,
                _all(_box_shape(colour, b.box, 0, 8),
                     _box_shape(GOLD if hot else colours.edge, b.box, 2, 8)),
                (Words(label, b.size, centre, INK if b.enabled else DIM, "center"),))


def paint_trump(canvas: Canvas, resources: Resources, text: TextLike, mark: TrumpMark) -> None:
    """The trump suit's mark: the emblem of its ace in a cream disc, gold-rimmed
    (one picture)."""
    eh = mark.r * 1.5
    ew = eh * EMBLEM_SHARE[0] / (EMBLEM_SHARE[1] * 1.5)
    emblem: Box = (mark.x - ew / 2, mark.y - eh / 2, ew, eh)
    disc: Box = (mark.x - mark.r, mark.y - mark.r, 2 * mark.r, 2 * mark.r)
    ace = card_name(mark.suit * 10 + 9)

    def shapes(s: pygame.Surface, at: Callable[[Box], pygame.Rect], r: float) -> None:
        pygame.draw.ellipse(s, CARD_CREAM, at(disc))
        where = at(emblem)
        face = resources.card_face(ace, max(8, round(where.w / EMBLEM_SHARE[0])))
        fw, fh = face.get_size()
        cut = pygame.Rect(0, 0, int(fw * EMBLEM_SHARE[0]), int(fh * EMBLEM_SHARE[1]))
        cut.center = (fw // 2, fh // 2)
        s.blit(pygame.transform.smoothscale(face.subsurface(cut), where.size), where)
        pygame.draw.ellipse(s, GOLD, at(disc), max(1, round(3 * r)))

    # (a margin of a point: the rim's pixels round outwards at some sizes)
    ring: Box = (disc[0] - 1, disc[1] - 1, disc[2] + 2, disc[3] + 2)
    paint_group(canvas, text, ("trump", mark), ring, shapes)
