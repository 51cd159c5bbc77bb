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
  when the game closes and restored at the next start.

No scenes here: ``App`` calls these around opening and closing the window.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import MutableMapping
from typing import Final

import pygame

from .settings import Settings

PREFERRED: Final = (1280, 720)
"""The window the table is designed for."""
MIN_SIZE: Final = (960, 540)
"""The smallest window the game lays out."""
DESKTOP_SHARE: Final = (0.92, 0.85)
"""Of the desktop's width and height a new window may take (room for a taskbar,
a dock, a title bar)."""


def prepare(environ: MutableMapping[str, str] | None = None,
            platform: str | None = None) -> None:
    """Before ``pygame.init``: declare DPI awareness on Windows (an explicit
    setting of the variable wins)."""
    environ = os.environ if environ is None else environ
    if (platform or sys.platform) == "win32":
        environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


def first_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The size of a new window on a desktop of this size (None: unknown)."""
    if desktop is None:
        return PREFERRED
    room_w = int(desktop[0] * DESKTOP_SHARE[0])
    room_h = int(desktop[1] * DESKTOP_SHARE[1])
    scale = min(1.0, room_w / PREFERRED[0], room_h / PREFERRED[1])
    w, h = int(PREFERRED[0] * scale), int(PREFERRED[1] * scale)
    return (max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1]))


def desktop_size(headless: bool) -> tuple[int, int] | None:
    """The first desktop's size, or None (headless, or SDL cannot say)."""
    if headless:
        return None
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None  # type: ignore[return-value]


def saved_size(settings: Settings) -> tuple[int, int] | None:
    if settings.window_width and settings.window_height:
        return (max(settings.window_width, MIN_SIZE[0]),
                max(settings.window_height, MIN_SIZE[1]))
    return None


def _window() -> pygame.Window | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (pygame.error, AttributeError):
        return None


def restore_place(settings: Settings) -> None:
    """Put the new window where it was last time, maximised if it was."""
    window = _window()
    if window is None:
        return
    if settings.window_x is not None and settings.window_y is not None:
        window.position = (settings.window_x, settings.window_y)
    if settings.window_maximized:
        window.maximize()


def remember_place(settings: Settings, maximized: bool) -> Settings:
    """The settings with the window's size, position and maximised state now
    (a maximised window keeps the size it had before, if known)."""
    window = _window()
    if window is None:
        return settings
    changes: dict[str, object] = {"window_maximized": maximized}
    if not maximized:
        w, h = window.size
        x, y = window.position
        changes.update(window_width=w, window_height=h, window_x=x, window_y=y)
    return settings.with_(**changes)
