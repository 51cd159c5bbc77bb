"""One place that turns mouse, keyboard and window events into intents, so every
scene reacts to what the player means, and every action has a keyboard path."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

# Intent kinds.
PRESS = "press"  # pointer button down at pos
RELEASE = "release"  # pointer button up at pos
POINTER = "pointer"  # pointer moved to pos (not where it rests when it enters the window)
SCROLL = "scroll"  # wheel: amount (+ up)
LEFT, RIGHT, UP, DOWN = "left", "right", "up", "down"
HOME, END = "home", "end"  # a page's start and end (a long page read to its end)
PAGE_UP, PAGE_DOWN = "page_up", "page_down"  # a screenful back or on
CONFIRM = "confirm"  # Enter / Space (char " ": a name being written takes it as a space)
BACK = "back"  # Escape
NUMBER = "number"  # digit key: value
KEY = "key"  # a letter key: char (lower case), for button shortcuts
TEXT = "text"  # typed text: char (a name being written); comes besides KEY/NUMBER
ERASE = "erase"  # Backspace
UNDO = "undo"  # Ctrl+Z
FULLSCREEN = "fullscreen"  # F11
HELP = "help"  # F1
RESIZE = "resize"  # window size changed: size
MAXIMIZED = "maximized"  # the window was maximised
RESTORED = "restored"  # the window is no longer maximised (or minimised)
QUIT = "quit"  # window closed


@dataclass(frozen=True)
class Intent:
    kind: str
    pos: tuple[int, int] = (0, 0)
    value: int = 0
    char: str = ""
    size: tuple[int, int] = (0, 0)


_KEYS = {
    pygame.K_LEFT: LEFT, pygame.K_RIGHT: RIGHT, pygame.K_UP: UP, pygame.K_DOWN: DOWN,
    pygame.K_RETURN: CONFIRM, pygame.K_KP_ENTER: CONFIRM,
    pygame.K_ESCAPE: BACK, pygame.K_F11: FULLSCREEN, pygame.K_F1: HELP,
    pygame.K_HOME: HOME, pygame.K_END: END,
    pygame.K_PAGEUP: PAGE_UP, pygame.K_PAGEDOWN: PAGE_DOWN,
}


def _same(pos: tuple[int, int]) -> tuple[int, int]:
    return (int(pos[0]), int(pos[1]))


def to_intents(event: pygame.event.Event,
               to_points: Callable[[tuple[int, int]], tuple[int, int]] = _same
               ) -> list[Intent]:
    """The intents one pygame event means (often none); positions and sizes the
    system gives are put in points by ``to_points`` (``Screen.to_points``)."""
    t = event.type
    if t == pygame.QUIT:
        return [Intent(QUIT)]
    if t == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return [Intent(PRESS, pos=to_points(event.pos))]
    if t == pygame.MOUSEBUTTONUP and event.button == 1:
        return [Intent(RELEASE, pos=to_points(event.pos))]
    if t == pygame.MOUSEMOTION:
        # SDL reports where the pointer is when it comes into the window (the
        # window opened under it, or it came back in) as a motion of (0, 0): the
        # player moved nothing, so nothing under it is taken as pointed at.
        if tuple(getattr(event, "rel", (1, 1))) == (0, 0):
            return []
        return [Intent(POINTER, pos=to_points(event.pos))]
    if t == pygame.MOUSEWHEEL:
        return [Intent(SCROLL, value=int(event.y))]
    if t == pygame.WINDOWMAXIMIZED:
        return [Intent(MAXIMIZED)]
    if t == pygame.WINDOWRESTORED:
        return [Intent(RESTORED)]
    if t in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
        size = (event.w, event.h) if t == pygame.VIDEORESIZE else (event.x, event.y)
        return [Intent(RESIZE, size=to_points(size))]
    if t == pygame.TEXTINPUT:
        return [Intent(TEXT, char=event.text)] if event.text.isprintable() else []
    if t == pygame.KEYDOWN:
        key = event.key
        if key == pygame.K_BACKSPACE:
            return [Intent(ERASE)]
        # Ctrl+Z, or Cmd+Z on macOS; Cmd+Ctrl+F is macOS's full-screen key.
        if key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_GUI):
            return [Intent(UNDO)]
        if key == pygame.K_f and event.mod & pygame.KMOD_GUI and event.mod & pygame.KMOD_CTRL:
            return [Intent(FULLSCREEN)]
        if key == pygame.K_SPACE:
            return [Intent(CONFIRM, char=" ")]
        if key in _KEYS:
            return [Intent(_KEYS[key])]
        if pygame.K_0 <= key <= pygame.K_9:
            return [Intent(NUMBER, value=key - pygame.K_0)]
        if pygame.K_KP1 <= key <= pygame.K_KP9:
            return [Intent(NUMBER, value=key - pygame.K_KP1 + 1)]
        if pygame.K_a <= key <= pygame.K_z:
            return [Intent(KEY, char=chr(key))]
    return []
