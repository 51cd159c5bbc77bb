"""The scene lifecycle (STYLE: Tuxemon's state stack): ``enter`` when opened,
``pause``/``resume`` while another scene covers it, ``exit`` when closed;
``handle(intent)``, ``update(dt)`` in seconds, and ``draw(surface)``, which
changes nothing. A scene reaches the application only through ``Services``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .intents import Intent

if TYPE_CHECKING:
    from .gfx import Canvas
    from .services import Services


class Scene:
    """A screen of the game. Scenes below an ``opaque`` one are not drawn."""

    opaque = True

    def __init__(self, app: Services) -> None:
        self.app = app
        """The services of the application (``Services``)."""

    def enter(self) -> None:
        """Opened: it is the top scene for the first time."""

    def pause(self) -> None:
        """Another scene opened over this one."""

    def resume(self) -> None:
        """The scene over this one closed: this one is on top again."""

    def exit(self) -> None:
        """Closed: it left the stack."""

    def handle(self, intent: Intent) -> None:
        """React to what the player means."""

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, canvas: Canvas) -> None:
        """Paint the scene on ``canvas`` (points); must not change the scene."""

    def for_picture(self) -> None:
        """The next frame is saved as a picture (a screenshot): draw everything at
        its best, even what is drawn more cheaply for a moment (a card just come to
        rest), however long it takes."""

    def busy(self) -> bool:
        """True while something moves or waits on time: the loop then runs at full
        frame rate; otherwise it sleeps until an event comes."""
        return False

    def layout(self, size: tuple[int, int]) -> None:
        """The window has this size now: place everything again."""
