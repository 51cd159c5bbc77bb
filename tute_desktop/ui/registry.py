"""The scenes by name: the one place that binds the names scenes open each other
by (``app.nav.push("rules", variant=...)``) to their classes.

A scene's module is imported when a scene of its kind is first made, not when
the game starts: the title screen needs few of them, and importing the table,
the review, the lessons... before its first frame would keep the player waiting
for a window (``preload`` imports the rest once the title is shown). The imports
sit inside functions, where PyInstaller and import-linter still see them.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any, Final

from .navigator import SceneFactory
from .scene import Scene
from .services import Services


def _scenes() -> ModuleType:
    from . import scenes
    return scenes


def _about() -> ModuleType:
    from . import about
    return about


def _lesson() -> ModuleType:
    from . import lesson
    return lesson


def _match_end() -> ModuleType:
    from . import match_end
    return match_end


def _pause() -> ModuleType:
    from . import pause
    return pause


def _review() -> ModuleType:
    from . import review
    return review


def _statistics() -> ModuleType:
    from . import statistics
    return statistics


def _table() -> ModuleType:
    from . import table
    return table


def _tournament() -> ModuleType:
    from . import tournament
    return tournament


class LazyScene:
    """Makes scenes of one class, importing its module on the first call."""

    def __init__(self, module: Callable[[], ModuleType], name: str) -> None:
        self.module = module
        self.name = name

    def cls(self) -> type[Scene]:
        cls: type[Scene] = getattr(self.module(), self.name)
        return cls

    def __call__(self, services: Services, /, **kwargs: Any) -> Scene:
        return self.cls()(services, **kwargs)


SCENES: Final[dict[str, SceneFactory]] = {
    "title": LazyScene(_scenes, "TitleScene"),
    "about": LazyScene(_about, "AboutScene"),
    "new_game": LazyScene(_scenes, "NewGameScene"),
    "rules": LazyScene(_scenes, "RulesScene"),
    "settings": LazyScene(_scenes, "SettingsScene"),
    "statistics": LazyScene(_statistics, "StatisticsScene"),
    "message": LazyScene(_scenes, "MessageScene"),
    "confirm": LazyScene(_scenes, "ConfirmScene"),
    "table": LazyScene(_table, "TableScene"),
    "summary": LazyScene(_scenes, "SummaryScene"),
    "privacy": LazyScene(_scenes, "PrivacyScene"),
    "tournament_setup": LazyScene(_tournament, "TournamentSetupScene"),
    "bracket": LazyScene(_tournament, "BracketScene"),
    "pause": LazyScene(_pause, "PauseScene"),
    "match_end": LazyScene(_match_end, "MatchEndScene"),
    "replace_save": LazyScene(_match_end, "ReplaceSaveScene"),
    "review": LazyScene(_review, "ReviewScene"),
    "lessons": LazyScene(_lesson, "LessonListScene"),
    "lesson": LazyScene(_lesson, "LessonScene"),
    "lesson_offer": LazyScene(_lesson, "LessonOfferScene"),
}

preload: Final[tuple[Callable[[], ModuleType], ...]] = (
    _scenes, _table, _pause, _match_end, _about, _statistics, _tournament, _review, _lesson)
"""Every scene module, most wanted first: imported one per idle turn once the
first frame is shown, so opening a scene later never waits for an import."""


def scene_class(name: str) -> type[Scene]:
    """The class of the scenes called ``name`` (importing its module)."""
    factory = SCENES[name]
    assert isinstance(factory, LazyScene)
    return factory.cls()
