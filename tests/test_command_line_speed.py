"""``--speed`` is for one run: the player's own animation speed stays in the
settings file (found trying to break the game after issue 27)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from window_helpers import inline_app

from tute_desktop.app import App
from tute_desktop.game.settings import Settings, save_settings, settings_path


def _kept_speed() -> float:
    return float(json.loads(settings_path().read_text(encoding="utf-8"))["animation_speed"])


@pytest.fixture
def app_at_3(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A window run with ``--speed 3`` by a player whose own speed is 0.5."""
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    save_settings(Settings(language="es", animation_speed=0.5))
    app = inline_app("--speed", "3")
    try:
        yield app
    finally:
        app.nav.close_all()
        app.writer.close()


def test_a_speed_given_on_the_command_line_is_not_written_to_the_settings(app_at_3: App) -> None:
    app = app_at_3
    assert app.settings.animation_speed == 3.0  # this run plays at 3
    app.set_settings(app.settings.with_(volume=0.2))  # any later save
    app.finish_writes()
    assert _kept_speed() == 0.5


def test_a_speed_the_player_picks_in_settings_is_kept(app_at_3: App) -> None:
    app = app_at_3
    app.set_settings(app.settings.with_(animation_speed=2.0))
    app.finish_writes()
    assert _kept_speed() == 2.0
    app.set_settings(app.settings.with_(volume=0.2))
    app.finish_writes()
    assert _kept_speed() == 2.0
