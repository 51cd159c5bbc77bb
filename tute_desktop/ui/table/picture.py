"""Painting a ``TableDescription`` on a ``gfx.Canvas``: the one painter of the
table (the game's, the lessons', the review's), and the one card picture.

Cards are pictures made at their size in pixels from the SVGs and kept as
textures (``Canvas.picture``), turned on the renderer from a transparent margin
so fanned cards keep smooth edges; a card that may not be played is tinted
darker; words are rendered at their pixel size. Painting reads the
description and changes nothing else.
"""

from __future__ import annotations

import math

import pygame

from ...engine.cards import card_name
from ...resources import Resources
from ..gfx import Canvas
from ..services import Services
from ..widgets import DARK, GOLD, Button
from .board import DEAD_SCALE, OPPONENT_SCALE, PILE_SCALE
from .describe import Box, CardSpot, Panel, Plate, TableDescription, TrumpMark, Words

DIMMED = (160, 160, 160)
"""A card that may not be played now: its colours times this (a dark veil)."""
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
              made: tuple[float, float] | None = None) -> None:
    """A card's picture: its face (``face``, 0-39) or the back ``back`` (the red
    one when that back cannot be drawn), ``size`` points centred on ``center``,
    turned ``angle`` degrees to the left, multiplied by ``tint``; ``made``: the
    size its picture is made at when not ``size`` (scaled by the renderer)."""
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
    canvas.picture(("card", name), rect, make, angle=-angle, tint=tint, pad=True, made=made)


def _exact(surf: pygame.Surface, w: int, h: int) -> pygame.Surface:
    """``surf`` at exactly ``w`` x ``h`` pixels (an SVG's height may round apart)."""
    if surf.get_size() == (w, h):
        return surf
    return pygame.transform.smoothscale(surf, (w, h))


def paint_table(canvas: Canvas, desc: TableDescription, services: Services) -> None:
    """Paint ``desc`` (see ``TableDescription`` for the order)."""
    felt = desc.felt
    canvas.fill(felt.colour)
    canvas.ellipse(felt.ring_colour, felt.ring, 3)
    resources = services.resources
    for spot in desc.cards:
        paint_card(canvas, resources, desc, spot)
    for plate in desc.plates:
        paint_plate(canvas, services, plate)
    for words in desc.labels:
        paint_words(canvas, services, words)
    for p in desc.panels:
        paint_panel(canvas, services, desc, p)
    if desc.trump is not None:
        paint_trump(canvas, resources, desc.trump)
    for b in desc.buttons:
        Button(b.label, _nothing, b.key, pygame.Rect(b.box), b.enabled, b.hot).draw(
            canvas, services.text, b.size, b.focus)
    for p in desc.overlays:
        paint_panel(canvas, services, desc, p)
    if desc.before_play is not None:
        paint_panel(canvas, services, desc, desc.before_play)


def _nothing() -> None:
    return None


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


def paint_words(canvas: Canvas, services: Services, w: Words) -> None:
    if not w.words:  # (an empty cell: nothing to render)
        return
    services.text.draw(canvas, w.words, w.size, w.at, w.colour, w.anchor, w.bold)


def paint_panel(canvas: Canvas, services: Services, desc: TableDescription, p: Panel) -> None:
    canvas.rect(p.colour, p.box, 0, p.radius)
    for w in p.words:
        paint_words(canvas, services, w)
    for spot in p.cards:
        paint_card(canvas, services.resources, desc, spot)


def paint_plate(canvas: Canvas, services: Services, plate: Plate) -> None:
    x, y, w, h = plate.box
    canvas.rect(plate.colour, plate.box, 0, 8)
    if plate.side_colour is not None:
        strip = max(4, h // 8)
        canvas.rect(plate.side_colour, (x, y, strip, h), 0, min(8, strip / 2))
    if plate.turn:
        canvas.rect(GOLD, plate.box, 3, 8)
    paint_words(canvas, services, plate.name)
    if plate.status is not None:
        paint_words(canvas, services, plate.status)
    if plate.chip is not None:
        canvas.ellipse(CHIP, plate.chip)
        canvas.ellipse(DARK, plate.chip, 2)
        if plate.chip_word is not None:
            paint_words(canvas, services, plate.chip_word)


def paint_trump(canvas: Canvas, resources: Resources, mark: TrumpMark) -> None:
    """The trump suit's mark: the emblem of its ace in a cream disc, gold-rimmed."""
    canvas.circle(CARD_CREAM, (mark.x, mark.y), mark.r)
    eh = mark.r * 1.5
    ew = eh * EMBLEM_SHARE[0] / (EMBLEM_SHARE[1] * 1.5)
    box: Box = (mark.x - ew / 2, mark.y - eh / 2, ew, eh)
    ace = card_name(mark.suit * 10 + 9)

    def make(pw: int, ph: int) -> pygame.Surface:
        face = resources.card_face(ace, max(8, round(pw / EMBLEM_SHARE[0])))
        fw, fh = face.get_size()
        cut = pygame.Rect(0, 0, int(fw * EMBLEM_SHARE[0]), int(fh * EMBLEM_SHARE[1]))
        cut.center = (fw // 2, fh // 2)
        return pygame.transform.smoothscale(face.subsurface(cut), (pw, ph))

    canvas.picture(("emblem", mark.suit), box, make)
    canvas.circle(GOLD, (mark.x, mark.y), mark.r, 3)
