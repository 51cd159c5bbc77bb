"""What the layout tests check on any table description (issue 29 item 4): the
game's table, a lesson's, the review's, with their drawers open.

``problems`` reads a ``TableDescription`` (values, no pixels) and says, in
words a failing test prints, every place where

- words are cut (``Hud.fit`` put an ellipsis: ``cut_words`` records it while a
  description is made),
- words, cards, plates, panels or buttons leave the window (the fanned hand's
  outer cards too, turned as they are drawn),
- words leave their plate, panel or button,
- a label on the felt (the trump's, the stock's count, a pile's count) runs
  into a card, a plate, a panel, a button, the trump's mark or another label,
- a name by a card of the trick (``TableDescription.trick_tags``) leaves
  its box, or runs into a card, a plate, a panel, a button, the trump's mark,
  a label or another name (a name laid on its own card, ``SeatTag.card``, as
  a ribbon: into any other card; nor may it leave its card),
- the score panel, a panel before play (subastado's auction), a plate or a
  button lies over a card or over each other,
- a drawer or a notice (the chronicle, the last trick, a seat's move, the
  line above the hand, the trick's callout, a banner) covers a card of a hand
  or a plate, or (but the last trick and a banner, ``OVER_THE_MIDDLE``) a label
  or a name beside a card of the trick;
  the line above the hand (a hint) covers a button (``LEAVE_BUTTONS``).

The words' rectangles are measured with the font they are drawn in
(``Text.font``), at the anchor they are placed by."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import combinations
from typing import cast

import pygame

from tute_desktop.ui.table.board import Geometry
from tute_desktop.ui.table.describe import CardSpot, Panel, TableDescription, Words
from tute_desktop.ui.table.hud import PLATE_RIM, Hud

COVERING = ("chronicle", "last_trick", "move", "line", "callout", "banner")
"""The overlays that must leave the hands and the plates in sight (a tooltip
explains what it points at, and may lie anywhere)."""
DESCENDING = set("gjpqyQ,;()[]")
"""Characters whose ink goes below the baseline."""
OVER_THE_MIDDLE = ("last_trick", "banner")
"""Overlays laid over the table's middle for a moment (the last trick the
person asked for, a declaration's banner): they may hide the words there (the
trump's, in pairs), never a hand or a plate."""
OPAQUE = 235
"""The least alpha of an overlay laid over words it may hide (``OVER_THE_MIDDLE``)."""
LEAVE_BUTTONS = ("line",)
"""Overlays that must leave every button in sight: the line above the hand
(a hint of two lines covered "Exchange the 2 of coins", issue 31)."""
SLACK = 2
"""Points a rectangle may touch its neighbour by (rounding, a font's air)."""
PADDED = ("line",)
"""Plates whose words keep air at both ends, as a button's do (half their
size, in all): the line above the hand (issue 33: at pixel ratio 2 the rule
line under subastado's bid buttons filled its plate to the edge)."""


class _Painted:
    """A font as painted at ``ratio`` pixels a point, measured in points."""

    def __init__(self, font: pygame.font.Font, ratio: float) -> None:
        self.font, self.ratio = font, ratio

    def size(self, words: str) -> tuple[int, int]:
        w, h = self.font.size(words)
        return math.ceil(w / self.ratio), math.ceil(h / self.ratio)

    def get_descent(self) -> int:
        return math.floor(self.font.get_descent() / self.ratio)


def painted(font: Callable[[int, bool], pygame.font.Font],
            ratio: float) -> Callable[[int, bool], pygame.font.Font]:
    """``problems``' ``measure`` at a pixel ratio: the words as the canvas paints
    them, in a font of ``size * ratio`` pixels, measured back in points (not
    exactly the 1x font's widths: its size is rounded, its glyphs hinted)."""
    def measure(size: int, bold: bool) -> pygame.font.Font:
        return cast(pygame.font.Font, _Painted(font(max(1, round(size * ratio)), bold), ratio))
    return measure


@contextmanager
def cut_words() -> Iterator[list[tuple[str, str]]]:
    """Every text ``Hud.fit`` cuts while the block runs: (the words, as cut)."""
    cut: list[tuple[str, str]] = []
    real = Hud.fit

    def spy(hud: Hud, words: str, size: int, width: int, bold: bool = False) -> str:
        fitted = real(hud, words, size, width, bold)
        if fitted != words:
            cut.append((words, fitted))
        return fitted

    Hud.fit = spy  # type: ignore[method-assign]
    try:
        yield cut
    finally:
        Hud.fit = real  # type: ignore[method-assign]


def text_rect(measure: Callable[[int, bool], pygame.font.Font], w: Words) -> pygame.Rect:
    """Where ``w`` lies: the line drawn at its anchor, less the room under the
    baseline when no letter reaches down into it (air then)."""
    font = measure(w.size, w.bold)
    rect = pygame.Rect((0, 0), font.size(w.words))
    setattr(rect, w.anchor, (round(w.at[0]), round(w.at[1])))
    if not set(w.words) & DESCENDING:
        rect.height += font.get_descent()  # (negative: below the baseline)
    return rect


def card_rect(desc: TableDescription, spot: CardSpot) -> pygame.Rect:
    """A card's box on screen, turned as it is drawn."""
    cw, ch = desc.card_size
    w, h = cw * spot.scale, ch * spot.scale
    t = math.radians(spot.angle)
    across = abs(w * math.cos(t)) + abs(h * math.sin(t))
    high = abs(w * math.sin(t)) + abs(h * math.cos(t))
    rect = pygame.Rect(0, 0, round(across), round(high))
    rect.center = (round(spot.x), round(spot.y))
    return rect


def card_corners(desc: TableDescription, spot: CardSpot) -> list[tuple[float, float]]:
    """A card's four corners on screen, turned as it is drawn (to the left by
    ``angle`` degrees, y growing down)."""
    cw, ch = desc.card_size
    w, h = cw * spot.scale / 2, ch * spot.scale / 2
    t = math.radians(spot.angle)
    c, s = math.cos(t), math.sin(t)
    return [(spot.x + dx * c + dy * s, spot.y - dx * s + dy * c)
            for dx, dy in ((-w, -h), (w, -h), (w, h), (-w, h))]


def card_hits(corners: list[tuple[float, float]], rect: pygame.Rect) -> bool:
    """The turned card of ``corners`` and ``rect`` share more than a sliver
    (separating axes: the rectangle's two and the card's two)."""
    square = [(rect.left, rect.top), (rect.right, rect.top), (rect.right, rect.bottom),
              (rect.left, rect.bottom)]
    (x0, y0), (x1, y1), _, (x3, y3) = corners
    for ax, ay in ((1.0, 0.0), (0.0, 1.0), (x1 - x0, y1 - y0), (x3 - x0, y3 - y0)):
        norm = math.hypot(ax, ay)
        a = [(x * ax + y * ay) / norm for x, y in corners]
        b = [(x * ax + y * ay) / norm for x, y in square]
        if min(max(a), max(b)) - max(min(a), min(b)) <= SLACK:
            return False
    return True


def box(b: tuple[float, float, float, float]) -> pygame.Rect:
    return pygame.Rect(round(b[0]), round(b[1]), round(b[2]), round(b[3]))


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    """``a`` and ``b`` share more than a sliver."""
    clip = a.clip(b)
    return clip.width > SLACK and clip.height > SLACK


def hand_cards(desc: TableDescription, players: int) -> list[list[tuple[float, float]]]:
    """The boxes of the cards held in a hand (their centres in a hand's room)."""
    geo = Geometry.for_size(desc.size[0], desc.size[1], players)
    seats = {2: ("bottom", "top"), 3: ("bottom", "right", "left"),
             4: ("bottom", "right", "top", "left")}[players]
    rooms = [box(geo.hand_box(w)) for w in seats]
    return [card_corners(desc, s) for s in desc.cards
            if any(r.collidepoint(s.x, s.y) for r in rooms)]


def problems(desc: TableDescription, measure: Callable[[int, bool], pygame.font.Font],
             players: int, cut: list[tuple[str, str]] | None = None) -> list[str]:
    """Everything wrong with ``desc``'s layout (see the module doc); empty: all is well."""
    found: list[str] = [f"cut: {whole!r} -> {fitted!r}" for whole, fitted in cut or []]
    window = pygame.Rect(0, 0, *desc.size)

    def inside(what: str, rect: pygame.Rect, room: pygame.Rect = window,
               slack: int = SLACK) -> None:
        if not room.inflate(slack * 2, slack * 2).contains(rect):
            found.append(f"{what} {rect} leaves {room}")

    cards = [(f"card {s.face}", card_corners(desc, s)) for s in desc.cards]
    for s in desc.cards:
        inside(f"card {s.face}", card_rect(desc, s))
    plates = [(f"plate {p.seat}", box(p.box)) for p in desc.plates]
    for p in desc.plates:
        for w in (p.name, p.status):
            if w is not None:
                inside(f"plate {p.seat} words {w.words!r}", text_rect(measure, w),
                       box(p.box).inflate(-2 * PLATE_RIM, -2 * PLATE_RIM), 0)
                # (a plate is one picture: what leaves it is cut; its rim is over it)
    labels = [(f"label {w.words!r}", text_rect(measure, w)) for w in desc.labels]
    tags = [(f"trick name {t.words.words!r}", box(t.box)) for t in desc.trick_tags]
    for t in desc.trick_tags:
        inside(f"trick name words {t.words.words!r}", text_rect(measure, t.words), box(t.box))
    before = (desc.before_play,) if desc.before_play is not None else ()
    panels = [(f"panel {p.kind}", box(p.box)) for p in (*desc.panels, *before)]
    buttons = [(f"button {b.label!r}", box(b.box)) for b in desc.buttons]
    for b in desc.buttons:
        words = b.label + (f"  [{b.key.upper()}]" if b.key else "")
        width = measure(b.size, False).size(words)[0]
        if width + b.size // 2 > b.box[2]:
            found.append(f"button {b.label!r}: words {width} fill its {b.box[2]}")
    for p in (*desc.panels, *before, *desc.overlays):
        for w in p.words:
            inside(f"{p.kind} words {w.words!r}", text_rect(measure, w), box(p.box))
            if p.kind in PADDED:  # a plate of one line: air at both ends, as a button
                width = measure(w.size, w.bold).size(w.words)[0]
                if width + w.size // 2 > p.box[2]:
                    found.append(f"{p.kind} words {w.words!r}: {width} fill its {p.box[2]}")
    trump = []
    if desc.trump is not None:
        t = desc.trump
        mark = pygame.Rect(0, 0, round(t.r * 2), round(t.r * 2))
        mark.center = (round(t.x), round(t.y))
        trump = [("trump mark", mark)]
    for what, rect in (*plates, *labels, *panels, *buttons, *trump, *tags):
        inside(what, rect)
    # Labels on the felt run into nothing.
    for (a, ra), (b, rb) in combinations(labels, 2):
        if _overlap(ra, rb):
            found.append(f"{a} {ra} runs into {b} {rb}")
    for a, ra in labels:
        for b, rb in (*plates, *panels, *buttons, *trump):
            if _overlap(ra, rb):
                found.append(f"{a} {ra} runs into {b} {rb}")
        for b, corners in cards:
            if card_hits(corners, ra):
                found.append(f"{a} {ra} runs into {b}")
    # The trick's names run into nothing.
    for (a, ra), (b, rb) in combinations(tags, 2):
        if _overlap(ra, rb):
            found.append(f"{a} {ra} runs into {b} {rb}")
    for t, (a, ra) in zip(desc.trick_tags, tags, strict=True):
        for b, rb in (*plates, *labels, *panels, *buttons, *trump):
            if _overlap(ra, rb):
                found.append(f"{a} {ra} runs into {b} {rb}")
        for s, (b, corners) in zip(desc.cards, cards, strict=True):
            if t.card >= 0 and s.face == t.card:  # a ribbon on its own card
                if not pygame.Rect(card_rect(desc, s)).contains(ra):
                    found.append(f"{a} {ra} leaves its {b}")
            elif card_hits(corners, ra):
                found.append(f"{a} {ra} runs into {b}")
    # The score panel, plates and buttons lie over no card and no other.
    solid = (*panels, *plates, *buttons)
    for (a, ra), (b, rb) in combinations(solid, 2):
        if _overlap(ra, rb):
            found.append(f"{a} {ra} overlaps {b} {rb}")
    for a, ra in solid:
        for b, rb in trump:
            if _overlap(ra, rb):
                found.append(f"{a} {ra} overlaps {b} {rb}")
        for b, corners in cards:
            if card_hits(corners, ra):
                found.append(f"{a} {ra} overlaps {b}")
    # Drawers and notices leave the hands and the plates in sight.
    held = hand_cards(desc, players)
    for p in desc.overlays:
        if p.kind not in COVERING:
            continue
        rect = box(p.box)
        inside(f"overlay {p.kind}", rect)
        if any(card_hits(corners, rect) for corners in held):
            found.append(f"overlay {p.kind} {rect} covers a hand's card")
        for what, other in (*labels, *tags) if p.kind not in OVER_THE_MIDDLE else ():
            if _overlap(rect, other):
                found.append(f"overlay {p.kind} {rect} covers {what} {other}")
        hidden = [what for what, other in (*labels, *tags) if _overlap(rect, other)]
        if p.kind in OVER_THE_MIDDLE and hidden and p.colour[3] < OPAQUE:
            # what it hides must not show through, garbled (a newcomer read the
            # trick's "Bot 4 led" through the last trick's panel)
            found.append(f"overlay {p.kind} shows {hidden} through (alpha {p.colour[3]})")
        for what, other in plates:
            if _overlap(rect, other):
                found.append(f"overlay {p.kind} {rect} covers {what} {other}")
        for what, other in buttons if p.kind in LEAVE_BUTTONS else ():
            if _overlap(rect, other):
                found.append(f"overlay {p.kind} {rect} covers {what} {other}")
    return found


def assert_laid_out(desc: TableDescription, measure: Callable[[int, bool], pygame.font.Font],
                    players: int, cut: list[tuple[str, str]] | None = None,
                    where: object = "") -> None:
    found = problems(desc, measure, players, cut)
    assert not found, (where, found[:8], len(found))


def words_of(desc: TableDescription) -> Iterator[Words]:
    yield from desc.labels
    for t in desc.trick_tags:
        yield t.words
    for p in desc.plates:
        yield p.name
        if p.status is not None:
            yield p.status
    for panel in (*desc.panels, *desc.overlays):
        yield from panel.words


def panels_of(desc: TableDescription, kind: str) -> list[Panel]:
    return [p for p in (*desc.panels, *desc.overlays) if p.kind == kind]
