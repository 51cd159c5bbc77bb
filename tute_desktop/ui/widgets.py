"""Small drawing pieces shared by the scenes: cached text, buttons, panels."""

from __future__ import annotations

import colorsys
import functools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

import pygame
from pygame.typing import ColorLike, FileLike

from ..resources import LEAST_BYTES, Pictures, font_path, screen_bytes
from .gfx import Canvas

INK = (245, 240, 225)
DIM = (200, 200, 190)
TEAM_COLOURS: Final = ((84, 140, 220), (222, 120, 64))
"""parejas: the two teams' colours, on the plates and in the score panel."""
TEAM_INK: Final = ((150, 190, 245), (245, 170, 120))
"""The teams' colours for words on a dark panel (the score panel, the history)."""
GOLD = (236, 196, 84)
DARK = (22, 30, 26)
PANEL = (10, 20, 16, 190)
BUTTON = (46, 64, 56)
BUTTON_HOT = (70, 98, 84)
BUTTON_OFF = (40, 46, 44)
RED = (220, 90, 80)


FELT = (22, 102, 56)
"""The table colour the window's own colours were chosen on (the settings'
green, ``game.settings.TABLE_COLORS``): on another, they move with it."""


def shifted(colour: tuple[int, ...], table: tuple[int, ...]) -> tuple[int, int, int]:
    """``colour`` (drawn for the green ``FELT``) as it is on a felt of
    ``table``'s colour: its hue turned and its saturation and brightness
    scaled as ``table``'s differ from the felt's. A channel-by-channel shift
    made a blue table's buttons purplish (a newcomer said so): here they stay
    blue. The green felt's colours are themselves."""
    if tuple(table[:3]) == FELT:
        return (colour[0], colour[1], colour[2])
    ch, cs, cv = colorsys.rgb_to_hsv(*(c / 255 for c in colour[:3]))
    fh, fs, fv = colorsys.rgb_to_hsv(*(c / 255 for c in FELT))
    th, ts, tv = colorsys.rgb_to_hsv(*(c / 255 for c in table[:3]))
    r, g, b = colorsys.hsv_to_rgb((th + ch - fh) % 1.0, min(1.0, ts * cs / fs),
                                  min(1.0, tv * cv / fv))
    return (round(r * 255), round(g * 255), round(b * 255))


@dataclass(frozen=True)
class Palette:
    """A button's colours: at rest, pointed at or focused, disabled, and its edge
    at rest. ``DEFAULT``: the green felt's; ``palette`` makes one for a table colour."""

    rest: tuple[int, ...] = BUTTON
    hot: tuple[int, ...] = BUTTON_HOT
    off: tuple[int, ...] = BUTTON_OFF
    edge: tuple[int, ...] = (90, 110, 100)


DEFAULT = Palette()


@functools.lru_cache(maxsize=8)
def palette(table: tuple[int, ...]) -> Palette:
    """The buttons' colours on a felt of ``table``'s colour (the settings' table
    colour: the title, the menus and the questions take it as the table does; a
    newcomer saw their red table's menus stay green). ``DEFAULT`` on the green."""
    return Palette(rest=shifted(DEFAULT.rest, table), hot=shifted(DEFAULT.hot, table),
                   off=shifted(DEFAULT.off, table), edge=shifted(DEFAULT.edge, table))


PAGE = (18, 52, 36)
"""A reading page's background on the green felt (``page_colour``)."""


def page_colour(table: tuple[int, ...]) -> tuple[int, int, int]:
    """A reading page's background (the rules, About) for a table colour: the
    felt, darker, so that long text reads on it."""
    return shifted(PAGE, table)


class Unready(Exception):
    """A rehearsal ran out of time before its drawing needed no new words
    (``Text.rehearse``)."""


TEXT_SCREENS = 0.5
"""Rendered words kept: half the window's pixels' bytes (``Text.fit``); a table's
words at 4K take 0.3 of them."""
TEXT_MOST = 2000
FONTS_MOST = 48
WIDTHS_MOST = 4000
"""Widths of words remembered (``Text.width``), all forgotten past this many."""
FONT_AREA = 1000 * 1000
"""Fonts kept (each size is a font; every window size brings its own sizes): past
this many, or past this sum of their sizes squared, the least recently used go.
A font keeps its rendered letters, about size squared bytes each: 13 MB for a
2,400-pixel font's letters; a screen at 4K uses fonts of about 0.2 million."""
FACE_SCALE = 0.6875
"""A size of ``n`` draws the face at ``n * FACE_SCALE`` pixels. Every size in the
game was chosen with pygame's default face, which pygame loads at 0.6875 of the
size asked for; Inter at that same pixel size has about the same height of small
letters (0.55 of its size, FreeSans 0.53) and its lines are a little narrower, so
the layouts keep their proportions."""

SMOOTH_PX = 10
"""Words whose face is this many pixels or fewer are drawn at ``SUPER`` times
the size and scaled down (``Text.render``): hinted at 8 to 10 pixels, Inter's
letters snap to whole pixels unevenly, "car tas" and "cartas, las" (cold play
nc72, text at 960x540); scaled down, their spacing is the design's and the
letters as legible."""
SUPER = 4


class SmoothFace(pygame.font.Font):
    """A face at a small pixel size (``SMOOTH_PX``) whose words are drawn from
    the same file at ``SUPER`` times the size, scaled down, and measured as
    drawn: every caller of ``Text.font`` (a button's width, a panel's words)
    measures what is drawn."""

    def __init__(self, path: FileLike, px: int) -> None:
        super().__init__(path, px)  # (its other metrics: the small face's own)
        self.large = pygame.font.Font(path, px * SUPER)

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        w, h = self.large.size(text)
        return max(1, round(w / SUPER)) if w else 0, max(1, round(h / SUPER))

    def render(self, text: str | bytes | None, antialias: bool, color: ColorLike,
               bgcolor: ColorLike | None = None, wraplength: int = 0) -> pygame.Surface:
        large = self.large.render(text, antialias, color, bgcolor, wraplength * SUPER)
        if not large.get_width() or large.get_bitsize() < 24:
            return super().render(text, antialias, color, bgcolor, wraplength)
        return pygame.transform.smoothscale(large, (
            max(1, round(large.get_width() / SUPER)), max(1, round(large.get_height() / SUPER))))


def _area(size: int) -> int:
    """What a font of ``size`` counts against ``FONT_AREA``: its size squared,
    and its large face's too where it has one (``SmoothFace``)."""
    return size ** 2 * (1 + SUPER ** 2 if face_px(size) <= SMOOTH_PX else 1)


def face_px(size: int) -> int:
    """The pixel size the face is loaded at for a text ``size`` (``FACE_SCALE``)."""
    return max(1, round(max(8, int(size)) * FACE_SCALE))


class Text:
    """Fonts and rendered strings, cached: rendering text every frame is slow."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._font_area = 0
        """The sum of the kept fonts' sizes squared (``FONT_AREA``)."""
        self._cache: Pictures[tuple[str, int, tuple[int, ...], bool]] = Pictures(
            LEAST_BYTES, TEXT_MOST)
        self._deadline: float | None = None
        self._fresh = 0
        self._widths: dict[tuple[str, int, bool], int] = {}
        """``width``'s answers (a frame measures a dozen words again)."""

    def fit(self, size: tuple[int, int]) -> None:
        """Keep as many rendered words as suit a window of ``size``."""
        self._cache.limit(screen_bytes(size, TEXT_SCREENS))

    @property
    def rendered(self) -> int:
        """Words rendered so far (each string, size and colour once while kept)."""
        return self._cache.made

    def rehearse(self, draw: Callable[[], object], seconds: float) -> bool:
        """Run ``draw`` so that the words it needs are rendered now and cached: it
        stops (``Unready``) at the first new word once ``seconds`` have passed and
        at least one was rendered, so repeated calls, one a frame, spread the work.
        True once ``draw`` ran to its end (all its words are then kept)."""
        self._deadline, self._fresh = time.perf_counter() + seconds, 0
        try:
            draw()
            return True
        except Unready:
            return False
        finally:
            self._deadline = None

    def _new(self) -> None:
        """About to load a font or render a word: past a rehearsal's time, stop."""
        if self._deadline is not None:
            if self._fresh and time.perf_counter() > self._deadline:
                raise Unready
            self._fresh += 1

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font at ``size`` pixels (``FACE_SCALE``): the typeface's regular or
        its bold file (``resources.font_path``), never a synthetic bold."""
        key = (max(8, int(size)), bold)
        f = self._fonts.pop(key, None)
        if f is None:
            self._new()
            px = face_px(key[0])
            f = SmoothFace(font_path(bold), px) if px <= SMOOTH_PX else \
                pygame.font.Font(font_path(bold), px)
            area = _area(key[0])
            if area > FONT_AREA:  # alone past the budget: used, not kept
                return f
            while self._fonts and (len(self._fonts) >= FONTS_MOST
                                   or self._font_area + area > FONT_AREA):
                gone = next(iter(self._fonts))  # the least recently used
                del self._fonts[gone]
                self._font_area -= _area(gone[0])
            self._font_area += area
        self._fonts[key] = f  # (the most recently used last)
        return f

    def width(self, words: str, size: int, bold: bool = False) -> int:
        """``words``' width in pixels at ``size`` (``font(size, bold).size``),
        remembered: the table measures the same words every frame."""
        key = (words, int(size), bold)
        w = self._widths.get(key)
        if w is None:
            if len(self._widths) >= WIDTHS_MOST:
                self._widths.clear()
            w = self._widths[key] = self.font(size, bold).size(words)[0]
        return w

    def render(
        self, text: str, size: int, color: tuple[int, ...] = INK, bold: bool = False
    ) -> pygame.Surface:
        key = (text, int(size), tuple(color), bold)
        surf = self._cache.get(key)
        if surf is None:
            font = self.font(size, bold)  # (a new font counts before the word)
            self._new()
            drawn = font.render(text, True, color)
            surf = self._cache.put(key, drawn)
        return surf

    def draw(
        self,
        target: Canvas,
        text: str,
        size: int,
        pos: tuple[float, float],
        color: tuple[int, ...] = INK,
        anchor: str = "topleft",
        bold: bool = False,
    ) -> pygame.Rect:
        """``text`` at ``size`` points on ``target``, rendered at its pixel size;
        where it went (points)."""
        return target.text(self, text, size, pos, color, anchor, bold)

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Split ``text`` into lines no wider than ``width`` pixels."""
        f = self.font(size, bold)
        lines: list[str] = []
        line = ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        if line:
            lines.append(line)
        return lines


def note_under(target: Canvas, text: Text, words: str, size: int, top: tuple[int, int],
               width: int, most: int = 2) -> int:
    """``words`` wrapped to ``width``, at most ``most`` lines, centred from
    ``top`` down (what a privacy screen says of a key pressed on it); the y
    its last line ends at."""
    bottom = top[1]
    for i, line in enumerate(text.wrap(words, size, width)[:most]):
        bottom = text.draw(target, line, size, (top[0], top[1] + i * int(size * 1.3)), INK,
                           anchor="midtop").bottom
    return bottom


def note_and_keys(target: Canvas, text: Text, said: str, keys: str, fs: int,
                  box: pygame.Rect, top: int) -> None:
    """A privacy-like box's lower part, in sizes from its font ``fs``: what was
    ``said`` of a key pressed there ("" for nothing), from ``top`` down
    (``note_under``), and its line of ``keys`` at its foot, unless the note
    would meet it (a refused key's two lines ran into it, nc86): the note is
    the one to read then."""
    above = top
    if said:
        above = note_under(target, text, said, int(fs * 0.85),
                           (box.centerx, top + int(fs * 0.6)), int(box.w * 0.92))
    size = int(fs * 0.8)
    if above + 2 <= box.bottom - 8 - int(size * 1.25):
        text.draw(target, keys, size, (box.centerx, box.bottom - 8), DIM, anchor="midbottom")


def panel(target: Canvas, rect: pygame.Rect, color: tuple[int, ...] = PANEL,
          radius: int = 10) -> None:
    """A translucent rounded box."""
    target.rect(color, rect, 0, radius)


@dataclass
class Button:
    """A labelled button with a keyboard shortcut; ``on_press`` runs when pressed."""

    label: str
    on_press: Callable[[], object]
    key: str = ""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    hot: bool = False
    tag: str = ""
    tip: str = ""
    """What the button does, shown while the pointer rests on it (may be empty)."""
    shown_key: str = ""
    """The key said on the button in place of ``key`` (the Menu button says
    Esc on every screen, where its letter works too)."""
    widest: str = ""
    """The longest caption the button may come to show: it keeps that room, so
    a row does not shift when its words change (subastado's stepper and Pass:
    a hinted pass or a higher bid moved the buttons under the pointer, nc93)."""

    def caption(self, keys: bool = True) -> str:
        """The label with its key, as drawn; without it where ``keys`` is False
        (a name being written: its letters type, nc106 read "Empezar [E]" and
        pressed E in a name)."""
        said = (self.shown_key or self.key.upper()) if keys else ""
        return self.label + (f"  [{said}]" if said else "")

    def draw(self, target: Canvas, text: Text, size: int, focus: bool = False,
             colours: Palette = DEFAULT, keys: bool = True) -> None:
        hot = self.hot or focus
        color = colours.hot if hot and self.enabled else (
            colours.rest if self.enabled else colours.off)
        target.rect(color, self.rect, 0, 8)
        target.rect(GOLD if hot else colours.edge, self.rect, 2, 8)
        text.draw(target, self.caption(keys), size, self.rect.center,
                  INK if self.enabled else DIM, anchor="center")


def _row_widths(buttons: list[Button], text: Text, size: int) -> list[int]:
    font = text.font(size)
    return [max(font.size(b.caption())[0], font.size(b.widest)[0]) + 2 * size
            for b in buttons]


def row_width(buttons: list[Button], text: Text, size: int, gap: int = 12) -> int:
    """How wide ``layout_row`` lays ``buttons`` at ``size``."""
    return sum(_row_widths(buttons, text, size)) + gap * max(0, len(buttons) - 1)


def layout_row(buttons: list[Button], text: Text, size: int, center: tuple[int, int],
               gap: int = 12, least: int = 0) -> None:
    """Place buttons side by side, centred on ``center``, each as wide as its
    words and at least ``least``."""
    widths = [max(least, w) for w in _row_widths(buttons, text, size)]
    total = sum(widths) + gap * max(0, len(buttons) - 1)
    x = center[0] - total // 2
    h = int(size * 1.9)
    for b, w in zip(buttons, widths, strict=True):
        b.rect = pygame.Rect(x, center[1] - h // 2, w, h)
        x += w + gap


COLUMN_GAP: Final = 10
"""Pixels between the buttons of a column (``layout_column``)."""
BUTTON_HEIGHT: Final = 2.0
"""A column's button height, in its text size."""


def layout_column(buttons: list[Button], width: int, size: int, top: int, center_x: int,
                  gap: int = COLUMN_GAP) -> None:
    h = int(size * BUTTON_HEIGHT)
    for i, b in enumerate(buttons):
        b.rect = pygame.Rect(center_x - width // 2, top + i * (h + gap), width, h)


class ButtonSet:
    """Buttons of a scene: pointer hover and press, and letter shortcuts."""

    def __init__(self) -> None:
        self.buttons: list[Button] = []
        self.pressed: Button | None = None

    def pointer(self, pos: tuple[int, int]) -> None:
        for b in self.buttons:
            b.hot = b.rect.collidepoint(pos)

    def press(self, pos: tuple[int, int]) -> bool:
        for b in self.buttons:
            if b.enabled and b.rect.collidepoint(pos):
                self.pressed = b
                return True
        return False

    def release(self, pos: tuple[int, int]) -> bool:
        b, self.pressed = self.pressed, None
        if b is not None and b.enabled and b.rect.collidepoint(pos):
            b.on_press()
            return True
        return False

    def key(self, char: str) -> bool:
        for b in self.buttons:
            if b.enabled and b.key and b.key == char:
                b.on_press()
                return True
        return False

    def draw(self, target: Canvas, text: Text, size: int, focus: int = -1,
             colours: Palette = DEFAULT, keys: bool = True) -> None:
        """Every button; ``keys`` False: without their keys (``Button.caption``)."""
        for i, b in enumerate(self.buttons):
            b.draw(target, text, size, focus=i == focus, colours=colours, keys=keys)
