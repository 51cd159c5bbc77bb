"""The scenes by name: the one place that binds the names scenes open each other
by (``app.nav.push("rules", variant=...)``) to their classes."""

from __future__ import annotations

from typing import Final

from .about import AboutScene
from .lesson import LessonListScene, LessonOfferScene, LessonScene
from .match_end import MatchEndScene, ReplaceSaveScene
from .navigator import SceneFactory
from .pause import PauseScene
from .review import ReviewScene
from .scenes import (
    MessageScene,
    NewGameScene,
    PrivacyScene,
    RulesScene,
    SettingsScene,
    SummaryScene,
    TitleScene,
)
from .statistics import StatisticsScene
from .table import TableScene
from .tournament import BracketScene, TournamentSetupScene

SCENES: Final[dict[str, SceneFactory]] = {
    "title": TitleScene,
    "about": AboutScene,
    "new_game": NewGameScene,
    "rules": RulesScene,
    "settings": SettingsScene,
    "statistics": StatisticsScene,
    "message": MessageScene,
    "table": TableScene,
    "summary": SummaryScene,
    "privacy": PrivacyScene,
    "tournament_setup": TournamentSetupScene,
    "bracket": BracketScene,
    "pause": PauseScene,
    "match_end": MatchEndScene,
    "replace_save": ReplaceSaveScene,
    "review": ReviewScene,
    "lessons": LessonListScene,
    "lesson": LessonScene,
    "lesson_offer": LessonOfferScene,
}
