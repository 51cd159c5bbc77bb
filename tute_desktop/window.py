"""The game window's place on the desktop, the way each system wants it.

- Windows: the process declares per-monitor DPI awareness (v2) before SDL opens
  the window, so at 125-150% scaling the window is drawn at the monitor's real
  resolution instead of being bitmap-stretched (SDL's hint
  ``SDL_WINDOWS_DPI_AWARENESS``).
- The first window is sized from the desktop: 1280x720 when it fits in
  ``DESKTOP_SHARE`` of it (a 1366x768 laptop, or 1920x1080 at 150%, does not),
  else the largest 16:9 window that does, never below the smallest window the
  game lays out. A headless run (tests, tools) has no desktop to fit.
- The window's size, position and maximised state are kept in the settings
  when the game closes and restored at the next start, fitted to the displays
  there are now (``fit``): never larger than its display, and a place off every
  display (a monitor unplugged since) is forgotten, the window centred on the
  first display instead. pygame-ce tells each display's size, not where it is:
  the displays are taken side by side from the first, tops aligned (the usual
  arrangement); a place this cannot vouch for is forgotten, never guessed.

No scenes here: ``App`` calls these around opening and closing the window.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, MutableMapping
from typing import Final

import pygame

from .game.settings import Settings

PREFERRED: Final = (1280, 720)
"""The window the table is designed for."""
MIN_SIZE: Final = (960, 540)
"""The smallest window the game lays out."""
DESKTOP_SHARE: Final = (0.92, 0.85)
"""Of the desktop's width and height a new window may take (room for a taskbar,
a dock, a title bar)."""


def prepare(environ: MutableMapping[str, str] | None = None,
            platform: str | None = None) -> None:
    """Before ``pygame.init``: on Windows, declare per-monitor DPI awareness and
    ask SDL to scale sizes by the display's scale (``SDL_WINDOWS_DPI_SCALING``),
    so that window sizes and pointer positions are in points there as on macOS,
    the drawable in pixels (an explicit setting of either variable wins)."""
    environ = os.environ if environ is None else environ
    if (platform or sys.platform) == "win32":
        environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
        environ.setdefault("SDL_WINDOWS_DPI_SCALING", "1")


def first_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The size of a new window on a desktop of this size (None: unknown)."""
    if desktop is None:
        return PREFERRED
    room_w = int(desktop[0] * DESKTOP_SHARE[0])
    room_h = int(desktop[1] * DESKTOP_SHARE[1])
    scale = min(1.0, room_w / PREFERRED[0], room_h / PREFERRED[1])
    w, h = int(PREFERRED[0] * scale), int(PREFERRED[1] * scale)
    return (max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1]))


Size = tuple[int, int]
Box = tuple[int, int, int, int]
"""x, y, width, height."""
GRIP: Final = (120, 32)
"""The part of the title bar that must lie on a display for a place to be kept:
this wide and tall from the window's top left corner, so it can be seen and
dragged (the place a window is saved at; its saved size may be nonsense)."""


def desktop_sizes(headless: bool) -> list[Size]:
    """Each display's size, the first display first; none when headless or when
    SDL cannot say."""
    if headless:
        return []
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return []
    return [(int(w), int(h)) for w, h in sizes if w > 0 and h > 0]


def desktop_size(headless: bool) -> Size | None:
    """The first desktop's size, or None (headless, or SDL cannot say)."""
    sizes = desktop_sizes(headless)
    return sizes[0] if sizes else None


def displays(sizes: list[Size]) -> list[Box]:
    """Where the displays are taken to be: side by side from the first at 0, 0."""
    out: list[Box] = []
    x = 0
    for w, h in sizes:
        out.append((x, 0, w, h))
        x += w
    return out


def _inside(inner: Box, outer: Box) -> bool:
    return (outer[0] <= inner[0] and inner[0] + inner[2] <= outer[0] + outer[2]
            and outer[1] <= inner[1] and inner[1] + inner[3] <= outer[1] + outer[3])


def fit(size: Size, place: tuple[int, int] | None,
        screens: list[Box]) -> tuple[Size, tuple[int, int] | None]:
    """The size and place to open a window asked for at `size` and `place` (None:
    where the system puts it, centred on the first display), on these displays
    (none known: as asked). The place is kept when the start of its title bar
    (``GRIP``) lies on a display; the size is cut to that display (the first
    when the place is not kept), no smaller than ``MIN_SIZE`` unless the display
    is, and the place moved so the whole window is on it."""
    if not screens:
        return size, place
    screen = screens[0]
    if place is not None:
        grip = (place[0], place[1], min(GRIP[0], size[0]), min(GRIP[1], size[1]))
        screen = next((s for s in screens if _inside(grip, s)), screen)
        if not _inside(grip, screen):
            place = None
    sx, sy, sw, sh = screen
    w = min(max(size[0], min(MIN_SIZE[0], sw)), sw)
    h = min(max(size[1], min(MIN_SIZE[1], sh)), sh)
    if place is not None:
        place = (min(max(place[0], sx), sx + sw - w), min(max(place[1], sy), sy + sh - h))
    return (w, h), place


def saved_size(settings: Settings) -> Size | None:
    if settings.window_width and settings.window_height:
        return (max(settings.window_width, MIN_SIZE[0]),
                max(settings.window_height, MIN_SIZE[1]))
    return None


def saved_place(settings: Settings) -> tuple[int, int] | None:
    if settings.window_x is not None and settings.window_y is not None:
        return (settings.window_x, settings.window_y)
    return None


def restore_place(window: pygame.Window, place: tuple[int, int] | None,
                  maximized: bool) -> None:
    """Put the new window at `place` (from ``fit``; None: where the system put
    it), maximised if it was."""
    if place is not None:
        window.position = place
    if maximized:
        window.maximize()


def remember_place(window: pygame.Window, settings: Settings, maximized: bool,
                   to_points: Callable[[tuple[int, int]], tuple[int, int]]) -> Settings:
    """The settings with the window's size (points, through ``to_points``),
    position and maximised state now (a maximised window keeps the size it had
    before, if known)."""
    changes: dict[str, object] = {"window_maximized": maximized}
    if not maximized:
        w, h = to_points(window.size)
        x, y = window.position
        changes.update(window_width=w, window_height=h, window_x=x, window_y=y)
    return settings.with_(**changes)
