"""The scene lifecycle (STYLE: Tuxemon's state stack): ``enter``/``exit``,
``handle(intent)``, ``update(dt)`` in seconds, and ``draw(surface)``, which
changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .intents import Intent

if TYPE_CHECKING:
    from ..app import App


class Scene:
    """A screen of the game. Scenes below an ``opaque`` one are not drawn."""

    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Became the top scene (again)."""

    def exit(self) -> None:
        """Left the stack."""

    def handle(self, intent: Intent) -> None:
        """React to what the player means."""

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; must not change it."""

    def busy(self) -> bool:
        """True while something moves or waits on time: the loop then runs at full
        frame rate; otherwise it sleeps until an event comes."""
        return False

    def layout(self, size: tuple[int, int]) -> None:
        """The window has this size now: place everything again."""
