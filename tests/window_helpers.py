"""Helpers for tests that look at what the window draws."""

from __future__ import annotations

import pygame
import pytest

from tute_desktop.app import App
from tute_desktop.ui import intents as I
from tute_desktop.ui.scenes import SummaryScene, TitleScene
from tute_desktop.ui.table import TableScene


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


def play_to_summary(app: App, table: TableScene) -> SummaryScene:
    """The person at ``table`` plays its first legal action whenever it is their
    turn, a tenth of a second a frame, until the round's summary shows."""
    for _ in range(3000):
        if isinstance(app.top, SummaryScene):
            return app.top
        if table.human_turn():
            table.act(table.match.state.legal_actions()[0])
        app.top.update(0.1)
        app.draw_frame()
    raise AssertionError("the round never reached its summary")
