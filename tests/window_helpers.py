"""Helpers for tests that look at what the window draws."""

from __future__ import annotations

import pygame
import pytest

from tute_desktop.app import App
from tute_desktop.ui import intents as I
from tute_desktop.ui.scenes import TitleScene


def on_title(app: App) -> TitleScene:
    """Start the window over at the title screen and return it."""
    title = TitleScene(app)
    app.reset_to(title)
    return title


def press(app: App, key: str) -> None:
    """Press the letter the catalog gives ``key.<key>`` in the player's language."""
    app.dispatch(I.Intent(I.KEY, char=app.tr(f"key.{key}")))


def drawn_texts(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Draw a frame and return every text drawn in it."""
    seen: list[str] = []
    real = app.text.draw

    def spy(target: pygame.Surface, text: str, *args: object, **kwargs: object) -> pygame.Rect:
        seen.append(text)
        return real(target, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(app.text, "draw", spy)
    app.draw_frame()
    monkeypatch.setattr(app.text, "draw", real)
    return seen
