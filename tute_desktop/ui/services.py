"""What a scene may use of the application: a narrow set of services, not the
whole ``App`` (issue 16, item 6). The window implements this protocol; a test or
a tool can hand scenes anything else that does."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..bots import Budget

if TYPE_CHECKING:
    from ..game.persist import SaveSlot
    from ..game.settings import Settings
    from ..game.stats import RoundResult, Stats
    from ..resources import Resources
    from .scene import Scene
    from .widgets import Text


@dataclass(frozen=True)
class Thinking:
    """How bots, hints and the review think: on which executor (the window's
    worker process, so a frame never waits nor shares the interpreter with a
    search; headless runs inject one that answers at once) and with which budgets
    (a fixed number of worlds makes a run repeatable)."""

    executor: Callable[[], Executor]
    """The bots' (the window's worker at the lowest priority)."""
    bot_budget: Budget = field(default_factory=Budget)
    hint_budget: Budget | None = None
    """None: the review's sampled deals (``review.deals_for``), so that the hint
    is what the review will say of that decision."""
    waited_for: Callable[[], Executor] | None = None
    """Work a person waits for, the review and the hint: a worker at normal
    priority, which a busy machine does not starve (issue 31); None: ``executor``."""

    reviewed: dict[Any, dict[int, Any]] = field(default_factory=dict)
    """The round review's judgements made this session (``ui.review``), by
    round, seat and budget: they do not depend on the language, so reopening
    a review, or changing the language, shows them at once (issue 31: 41 s
    computed again from zero)."""

    def for_people(self) -> Executor:
        """An executor for work a person waits for (``waited_for``)."""
        return (self.waited_for or self.executor)()


class Nav(Protocol):
    """Opens and closes scenes by name (``ui.navigator.Navigator``; names are
    the keys of ``ui.registry.SCENES``)."""

    def push(self, name: str, **kwargs: Any) -> Scene:
        """Open ``name`` over the current scene, which pauses."""

    def replace(self, name: str, **kwargs: Any) -> Scene:
        """Close the current scene and open ``name`` in its place."""

    def reset(self, name: str, **kwargs: Any) -> Scene:
        """Close every scene and open ``name``."""

    def pop(self) -> None:
        """Close the current scene; the one below resumes."""

    @property
    def top(self) -> Scene | None:
        """The scene on top (None: none open)."""

    def make(self, name: str, **kwargs: Any) -> Scene:
        """A new scene of kind ``name``, not opened yet (made ahead of time)."""

    def push_scene(self, scene: Scene) -> Scene:
        """Open ``scene`` (from ``make``) over the current scene, which pauses."""


class Services(Protocol):
    """The application as scenes see it."""

    @property
    def nav(self) -> Nav:
        """Opens and closes scenes by name."""
    text: Text
    resources: Resources
    save_slot: SaveSlot
    notices: list[str]
    """Messages for the player, shown by the title screen."""
    thinking: Thinking

    @property
    def settings(self) -> Settings: ...

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def pixel_ratio(self) -> float:
        """Pixels a point on the window now (``gfx.Screen.ratio``)."""

    @property
    def lang(self) -> str: ...

    @property
    def fullscreen(self) -> bool: ...

    @property
    def stats(self) -> Stats: ...

    def tr(self, key: str, /, **fields: object) -> str: ...

    def say(self, message: str) -> str: ...

    def set_settings(self, settings: Settings) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def record_round(self, result: RoundResult) -> None: ...

    def write_stats(self) -> None: ...

    def write_failed(self, what: str, error: Exception) -> None:
        """A file could not be written: the game goes on, the player is told once."""

    def round_finished(self) -> None: ...

    def screenshot(self, tag: str) -> None: ...

    def quit(self) -> None: ...
