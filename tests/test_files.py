"""No file on disk, and no folder that cannot be written, stops the game (issue 17,
points 1, 2, 3, 5, 6 and 7): each case the issue lists, through the window
where a player meets it. The loaders fed generated JSON are in test_files_fuzz.py."""

from __future__ import annotations

import errno
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import pygame
import pytest
from window_helpers import drawn_texts, inline_app, on_title, press

from tute_desktop import app as app_module
from tute_desktop import window as window_module
from tute_desktop.app import App
from tute_desktop.engine import CARDS, Action
from tute_desktop.game import persist
from tute_desktop.game import stats as stats_module
from tute_desktop.game.match import SAVE_FORMAT, Match, Seat
from tute_desktop.game.persist import SaveSlot, dump_versioned, remove_leftovers, write_json_atomic
from tute_desktop.game.schema import SAVE_SCHEMA
from tute_desktop.game.settings import load_settings, save_settings
from tute_desktop.game.stats import Stats, load_stats, round_result, save_stats
from tute_desktop.game.tournament import (
    Participant,
    Tournament,
    load_tournament,
    tournament_path,
)
from tute_desktop.i18n import Notice
from tute_desktop.lessons import LESSON_NAMES
from tute_desktop.ui import intents as I
from tute_desktop.ui.scenes import MessageScene, SettingsScene
from tute_desktop.ui.statistics import StatisticsScene
from tute_desktop.ui.table import TableScene
from tute_desktop.ui.tournament import BracketScene

# ---------------------------------------------------------------------- helpers


def write_raw(path: Path, kind: str, payload: dict[str, Any]) -> None:
    """A file as a hand edit or a bug could leave it: valid JSON, any payload."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(dump_versioned(kind, 1, payload)), encoding="utf-8")


def aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.stem}.corrupt-*.json"))


def plain(m: Match) -> Action:
    """A card to play when there is one (no capote or claim that ends it all)."""
    actions = m.state.legal_actions()
    return next((a for a in actions if a.kind == "play"), actions[0])


def saved_match(seed: int = 2, plays: int = 6) -> Match:
    m = Match("boricua", [Seat("Ana"), Seat("Bot", "random")], seed=seed)
    for _ in range(plays):
        m.apply(m.state.legal_actions()[0])
    return m


def chmod_restricts(tmp_path: Path) -> bool:
    """Whether a read-only folder refuses this process (not so for root)."""
    probe = tmp_path / "probe"
    probe.mkdir()
    probe.chmod(0o500)
    try:
        (probe / "x").write_text("x", encoding="utf-8")
    except PermissionError:
        return True
    else:
        return False
    finally:
        probe.chmod(0o700)


class Disk:
    """Writes of the game's files (under TUTE_HOME) fail as on a full disk while
    ``full``; ``tried`` lists the folders written to meanwhile."""

    def __init__(self) -> None:
        self.full = True
        self.tried: list[Path] = []


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> Disk:
    disk = Disk()
    real = tempfile.mkstemp
    home = Path(os.environ["TUTE_HOME"])

    def refuse(*args: Any, **kwargs: Any) -> tuple[int, str]:
        folder = Path(kwargs.get("dir") or ".")
        if disk.full and home in (folder, *folder.parents):
            disk.tried.append(folder)
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    return disk


def blocked_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """TUTE_HOME under a plain file: no folder of the game can be created (even as root)."""
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the game's folders should be", encoding="utf-8")
    monkeypatch.setenv("TUTE_HOME", str(blocker / "home"))
    return blocker


# ---------------------------------------------------------------------- 1. settings


def test_1_a_setting_changed_on_a_full_disk_does_not_stop_the_game(
    app: App, full_disk: Disk
) -> None:
    title = on_title(app)
    press(app, "settings")
    assert isinstance(app.top, SettingsScene)
    app.dispatch(I.Intent(I.DOWN))  # volume
    app.dispatch(I.Intent(I.RIGHT))
    app.dispatch(I.Intent(I.FULLSCREEN))  # F11
    assert len(full_disk.tried) == 2
    full = str(OSError(errno.ENOSPC, "No space left on device"))
    assert app.settings.fullscreen and app.notices == [Notice("notice.not_saved", error=full)]
    app.dispatch(I.Intent(I.FULLSCREEN))
    assert len(app.notices) == 1  # said once
    app.dispatch(I.Intent(I.BACK))
    assert app.top is title and title.notice and title.notice[0].startswith(
        "A file could not be saved")
    # The disk has room again: the next change is written, and a later failure told again.
    full_disk.full = False
    app.set_settings(app.settings.with_(volume=0.3))
    assert load_settings()[0].volume == 0.3 and not app.saving_failed


def test_1_a_setting_changed_in_a_read_only_folder_does_not_stop_the_game(
    app: App, tmp_path: Path
) -> None:
    if not chmod_restricts(tmp_path):
        pytest.skip("this user may write in read-only folders (root)")
    data = tmp_path / "data"
    data.chmod(0o500)
    try:
        app.set_settings(app.settings.with_(volume=0.2))
        app.toggle_fullscreen()
        assert [n.key for n in app.notices] == ["notice.not_saved"]  # type: ignore[attr-defined]
    finally:
        data.chmod(0o700)


# ---------------------------------------------------------------------- 2. no folders


def test_2_the_game_plays_without_persistence_when_its_folders_cannot_be_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked_home(tmp_path, monkeypatch)
    app = inline_app()
    try:
        assert [n.key for n in app.notices] == ["notice.no_folder"]  # type: ignore[attr-defined]
        title = on_title(app)
        assert any(t.startswith("Tute cannot write in its folder")
                   for t in drawn_texts(app, monkeypatch))
        # A game: every autosave fails, the game goes on.
        press(app, "new_game")
        app.dispatch(I.Intent(I.CONFIRM))
        table = app.top
        assert isinstance(table, TableScene)
        for _ in range(400):
            if table.human_turn():
                table.act(table.match.state.legal_actions()[0])
            table.update(0.1)
            app.draw_frame()
            if table.match.state.tricks_played >= 3:
                break
        assert table.match.state.tricks_played >= 3
        # Settings and statistics: not kept, not told again.
        app.set_settings(app.settings.with_(volume=0.1))
        app.write_stats()
        app.finish_writes()
        assert app.notices == []  # the title took the one notice
        assert title.notice and len(title.notice) == 1
    finally:
        app.nav.close_all()


def test_2_the_demo_runs_without_persistence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked_home(tmp_path, monkeypatch)
    assert app_module.main(["--autoplay", "--quit-after-rounds", "1", "--speed", "4",
                            "--exit-after", "0.01"]) == 0


def test_2_the_crash_reporter_without_a_log_folder_shows_the_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocked_home(tmp_path, monkeypatch)
    shown: list[object] = []

    def run(self: App) -> int:
        if not shown:
            shown.append("first run")
            raise RuntimeError("boom")
        shown.append(self.top)  # the crash screen's loop: what it shows
        return 0

    monkeypatch.setattr(App, "run", run)
    monkeypatch.setattr(app_module, "_headless", lambda: False, raising=False)
    assert app_module.main([]) == 1
    err = capsys.readouterr().err
    assert "the log could not be written" in err
    assert "Traceback" in err and "RuntimeError: boom" in err
    message = shown[-1]
    assert isinstance(message, MessageScene)
    assert message.lines[-1] == "RuntimeError: boom"
    assert message.lines[0].startswith("The details could not be written to a log file (")


def test_2_the_crash_reporter_with_a_log_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))

    def run(self: App) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(App, "run", run)
    assert app_module.main([]) == 1
    log = tmp_path / "logs" / "tute.log"
    assert f"details in {log}" in capsys.readouterr().err
    assert "RuntimeError: boom" in log.read_text(encoding="utf-8")


def test_2_a_data_folder_that_cannot_be_read_or_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not chmod_restricts(tmp_path):
        pytest.skip("this user may write in read-only folders (root)")
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    (tmp_path / "data").mkdir()
    (tmp_path / "data").chmod(0)
    try:
        app = inline_app()
        try:
            assert [n.key for n in app.notices] == ["notice.no_folder"]  # type: ignore[attr-defined]
            on_title(app)
            app.draw_frame()
        finally:
            app.nav.close_all()
    finally:
        (tmp_path / "data").chmod(0o700)


# ---------------------------------------------------------------------- 3. bad fields


@pytest.mark.parametrize(
    ("field", "bad"),
    [("rounds", [5]), ("seats", [{"name": "Ana", "level": None},
                                 {"name": "Bot", "level": "godlike"}]),
     ("seed", "7"), ("variant", "chinchón"), ("options", {"target": 5})],
)
def test_3_continue_with_a_save_that_cannot_be_used_stays_on_the_title(
    app: App, field: str, bad: object
) -> None:
    data = saved_match().to_json()
    data[field] = bad
    write_raw(app.save_slot.path, "save", data)
    title = on_title(app)
    press(app, "continue")
    assert app.top is title
    assert [n.key for n in title.notice] == ["notice.unreadable.save"]  # type: ignore[attr-defined]
    assert field in title.notice[0]
    assert not app.save_slot.exists() and len(aside(app.save_slot.path)) == 1


def test_3_a_saved_match_keeps_the_longest_valid_prefix_of_its_log(tmp_path: Path) -> None:
    m = Match("habanero", [Seat("Ana"), Seat("Bot", "random")], seed=5)
    while m.state.phase == "play":
        m.apply(plain(m))
    m.next_round()
    for _ in range(8):
        m.apply(plain(m))
    slot = SaveSlot("autosave", tmp_path)
    for k, bad in [(5, [1, "play 99x"]), (5, [7, "pass"]), (5, "play 1o"), (5, None)]:
        data = m.to_json()
        data["rounds"][1]["actions"][k] = bad
        slot.save(data)
        found = slot.read(SAVE_FORMAT)
        assert found.value is not None and found.problem is not None
        assert found.problem.key == "notice.kept.save"
        assert found.value.rounds[0].actions == m.rounds[0].actions
        assert found.value.rounds[1].actions == m.rounds[1].actions[:k]
        assert [loss.where for loss in found.losses] == [f"rounds/1/actions/{k}"]
        assert found.moved_to is not None and json.loads(found.moved_to.read_text()) == {
            "schema": SAVE_SCHEMA, "kind": "save", **data}
        again = slot.read(SAVE_FORMAT)  # what was kept was written back
        assert again.problem is None and again.value is not None
        assert again.value.to_json() == found.value.to_json()
    # A deal that cannot follow: the rounds before it are kept whole.
    data = m.to_json()
    data["rounds"][1]["deal"]["trump"] = "99x"
    slot.save(data)
    found = slot.read(SAVE_FORMAT)
    assert found.value is not None and len(found.value.rounds) == 1
    assert found.value.rounds[0].actions == m.rounds[0].actions


def test_3_the_engine_replay_of_a_save_reports_the_step_it_refuses() -> None:
    """Issue 32: a save is replayed by the engine's one replay; a step of the
    wrong seat or one the rules refuse is still one loss at that step, saying
    why, and the log is kept up to it."""
    m = Match("habanero", [Seat("Ana"), Seat("Bot", "random")], seed=5)
    for _ in range(8):
        m.apply(plain(m))
    seat5, _ = m.rounds[0].actions[5]
    held = m.state.hands[0] | m.state.hands[1]
    gone = next(c for c in range(40) if not held >> c & 1)  # played already
    for bad, why in [([1 - seat5, m.rounds[0].actions[5][1]], "acted when seat"),
                     ([seat5, f"play {CARDS[gone]}"], "not_in_hand")]:
        data = json.loads(json.dumps(m.to_json()))
        data["rounds"][0]["actions"][5] = bad
        again, losses = SAVE_FORMAT.read(data)
        assert again.rounds[0].actions == m.rounds[0].actions[:5]
        assert [loss.where for loss in losses] == ["rounds/0/actions/5"]
        assert why in losses[0].why and "the 2 after it dropped" in losses[0].why


def test_3_continue_with_a_save_kept_in_part_says_so_then_plays(app: App) -> None:
    m = saved_match(plays=6)
    data = m.to_json()
    data["rounds"][0]["actions"][4] = [0, "claim 101"]
    write_raw(app.save_slot.path, "save", data)
    on_title(app)
    press(app, "continue")
    message = app.top
    assert isinstance(message, MessageScene) and "rounds/0/actions/4" in message.lines[0]
    app.dispatch(I.Intent(I.CONFIRM))
    table = app.top
    assert isinstance(table, TableScene)
    assert table.match.rounds[0].actions == m.rounds[0].actions[:4]


def tournament_file(app: App, n: int = 2, **changes: Any) -> dict[str, Any]:
    """A tournament of `n` random bots with its first match under way, as saved."""
    t = Tournament.draw([Participant(f"P{i}", "random") for i in range(n)], 3)
    t.current = t.new_match(*t.next_match()).to_json()  # type: ignore[misc]
    data = t.to_json()
    for name, value in changes.items():
        data[name] = value
    write_raw(tournament_path(), "tournament", data)
    return data


def test_3_a_tournament_whose_match_in_progress_is_broken_plays_that_match_again(
    app: App
) -> None:
    data = tournament_file(app)
    data["current"]["rounds"] = [5]
    write_raw(tournament_path(), "tournament", data)
    on_title(app)
    press(app, "tournament")
    message = app.top
    assert isinstance(message, MessageScene) and "current/rounds" in message.lines[0]
    app.dispatch(I.Intent(I.CONFIRM))
    bracket = app.top
    assert isinstance(bracket, BracketScene) and bracket.t.current is None
    app.dispatch(I.Intent(I.CONFIRM))  # watch the match: it starts from its first deal
    table = app.top
    assert isinstance(table, TableScene)
    assert table.match.rounds[0].actions == []
    table.update(0.1)


@pytest.mark.parametrize(
    ("where", "bad"),
    [("level", "godlike"), ("level", 3), ("name", ""), ("name", None)],
)
def test_3_a_tournament_with_a_bad_participant_is_set_aside(
    app: App, where: str, bad: object
) -> None:
    data = tournament_file(app)
    data["participants"][1][where] = bad
    write_raw(tournament_path(), "tournament", data)
    title = on_title(app)
    press(app, "tournament")
    assert app.top is title
    assert title.notice[0].key == "notice.unreadable.tournament"  # type: ignore[attr-defined]
    assert "participants/1" in title.notice[0]
    assert not tournament_path().exists() and len(aside(tournament_path())) == 1


@pytest.mark.parametrize("speed", [0, -1, "fast", None, 1e308 * 10])
def test_3_a_tournament_speed_that_is_no_speed_falls_back(app: App, speed: object) -> None:
    tournament_file(app, speed=speed)
    on_title(app)
    press(app, "tournament")
    assert isinstance(app.top, MessageScene)
    app.dispatch(I.Intent(I.CONFIRM))
    bracket = app.top
    assert isinstance(bracket, BracketScene) and bracket.t.speed == 2.0
    for _ in range(5):
        bracket.update(0.1)
        app.draw_frame()


def test_3_a_tournament_whose_bracket_contradicts_itself_is_set_aside(app: App) -> None:
    data = tournament_file(app, n=4)
    data["rounds"][1][0]["a"] = 0  # a place in the final before any match was won
    write_raw(tournament_path(), "tournament", data)
    t, problem = load_tournament()
    assert t is None and problem is not None and "rounds/1/0" in problem


def test_3_wrong_types_in_settings_and_statistics_are_reported_in_the_players_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    write_raw(tmp_path / "data" / "settings.json", "settings",
              {"language": "es", "volume": "loud", "table_color": "blue"})
    write_raw(tmp_path / "data" / "statistics.json", "stats",
              {"players": {"Ana": {"capotes": "many", "games": {"tres": [2, 1]}}}})
    app = inline_app()
    try:
        assert app.settings.language == "es" and app.settings.table_color == "blue"
        assert app.stats.players["Ana"].games["tres"].won == 1
        title = on_title(app)
        texts = drawn_texts(app, monkeypatch)
        assert [t for t in texts if t.startswith(
            "Algunos ajustes no se han podido usar (volume) y vuelven a su valor por defecto")]
        assert [t for t in texts if t.startswith(
            "Algunas estadísticas no se han podido usar (players/Ana/capotes)")]
        assert len(title.notice) == 2
    finally:
        app.nav.close_all()
    # Written back: the next start reads them without a word.
    assert load_settings()[1] is None and load_stats()[1] is None


def test_3_a_card_back_named_in_settings_but_not_installed_is_drawn_as_one_that_is(
    app: App, tmp_path: Path
) -> None:
    # Beyond the list: a back the settings know but the build lacks (the
    # table used to stop on FileNotFoundError). A name no back has is refused
    # when the file is read (test_9_...).
    cards = tmp_path / "assets" / "cards"
    cards.mkdir(parents=True)
    for svg in (app.resources.root / "cards").glob("*.svg"):
        if svg.name != "back-blue.svg":
            (cards / svg.name).write_bytes(svg.read_bytes())
    app.resources.root = cards.parent
    app.settings = app.settings.with_(card_back="blue")
    app.reset_to(TableScene(app, saved_match()))
    app.draw_frame()
    app.nav.push("settings")
    app.draw_frame()
    app.dispatch(I.Intent(I.DOWN))
    app.dispatch(I.Intent(I.DOWN))
    app.dispatch(I.Intent(I.DOWN))  # the card back row: cycles through those installed
    app.dispatch(I.Intent(I.RIGHT))
    assert app.settings.card_back in app.resources.backs()


# ---------------------------------------------------------------------- 5. names


NASTY = "Ana\x00\ud800"
"""A NUL and a lone surrogate, as a hand-edited file may hold them (JSON "\\u0000\\ud800")."""


def test_5_names_from_a_statistics_file_are_cleaned(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_raw(app_module.Path(os.environ["TUTE_HOME"]) / "data" / "statistics.json", "stats",
              {"players": {NASTY: {"games": {"tres": [1, 1]}}, "Luis\u202e": {}}})
    on_title(app)
    press(app, "statistics")
    scene = app.top
    assert isinstance(scene, StatisticsScene) and sorted(scene.names) == ["Ana", "Luis"]
    app.draw_frame()
    app.write_stats()
    app.finish_writes()
    assert load_stats()[0].players["Ana"].games["tres"].won == 1


def test_5_names_from_a_save_and_a_tournament_are_cleaned(app: App) -> None:
    data = saved_match().to_json()
    data["seats"][0]["name"] = NASTY
    write_raw(app.save_slot.path, "save", data)
    on_title(app)
    press(app, "continue")
    app.dispatch(I.Intent(I.CONFIRM))  # the message: the name was cleaned
    table = app.top
    assert isinstance(table, TableScene) and table.match.seats[0].name == "Ana"
    app.draw_frame()
    table.controller.autosave()
    assert app.save_slot.read(SAVE_FORMAT).problem is None

    data = tournament_file(app)
    data["participants"][0]["name"] = NASTY
    data["current"] = None
    write_raw(tournament_path(), "tournament", data)
    t, problem = load_tournament()
    assert t is not None and t.participants[0].name == "Ana" and problem is not None


def test_5_a_player_name_in_the_settings_file_is_cleaned(tmp_path: Path) -> None:
    write_raw(tmp_path / "settings.json", "settings", {"player_name": NASTY})
    settings, problem = load_settings(tmp_path)
    assert settings.player_name == "Ana" and problem is not None


# ---------------------------------------------------------------------- 6. leftovers


def test_6_temporary_files_left_by_interrupted_saves_are_removed_at_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    data, saves = tmp_path / "data", tmp_path / "data" / "saves"
    saves.mkdir(parents=True)
    long_ago = time.time() - 3600
    left = [data / ".settings.json.k2x_9qa1.tmp", saves / ".autosave.json.0a1b2c3d.tmp",
            saves / ".tournament.json.zzzzzzzz.tmp"]
    kept = [data / "notes.tmp", data / ".settings.json.ABCDEFGH.tmp",
            data / ".settings.json.short.tmp", saves / "autosave.json",
            tmp_path / "logs" / ".tute.log.abcdefgh.tmp"]
    kept[-1].parent.mkdir()
    for path in left + kept:
        path.write_text("{", encoding="utf-8")
        os.utime(path, (long_ago, long_ago))
    writing = data / ".statistics.json.abcdefgh.tmp"  # another copy of the game, writing now
    writing.write_text("{", encoding="utf-8")
    app = inline_app()
    app.nav.close_all()
    assert not any(p.exists() for p in left)
    assert all(p.exists() for p in kept) and writing.exists()


def test_6_a_real_interrupted_write_leaves_a_file_that_is_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "settings.json"

    class Killed(BaseException):
        """Stands for the kill: in a real one, no cleanup runs after it."""

    def killed(*args: object) -> None:
        raise Killed

    with monkeypatch.context() as patch:
        patch.setattr(Path, "unlink", lambda *a, **k: None)  # the cleanup never runs
        patch.setattr(persist.os, "replace", killed)
        with pytest.raises(Killed):
            write_json_atomic(target, {"volume": 0.5})
    leftovers = list(tmp_path.glob(".settings.json.*.tmp"))
    assert len(leftovers) == 1
    written = leftovers[0].stat().st_mtime
    assert remove_leftovers(tmp_path, now=written) == []  # just written: another copy's?
    assert remove_leftovers(tmp_path, now=written + 3600) == leftovers
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------------- 7. notices


def test_7_a_statistics_problem_found_when_statistics_opens_is_shown(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = app_module.Path(os.environ["TUTE_HOME"]) / "data" / "statistics.json"
    path.write_text("{ not json", encoding="utf-8")
    title = on_title(app)
    press(app, "statistics")
    assert isinstance(app.top, StatisticsScene)
    app.dispatch(I.Intent(I.BACK))
    assert app.top is title
    assert [t for t in drawn_texts(app, monkeypatch)
            if t.startswith("The statistics file could not be read (not valid JSON)")]


def test_7_a_damaged_save_is_reported_in_one_language(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.settings = app.settings.with_(language="es")
    data = saved_match().to_json()
    data["rounds"] = []
    write_raw(app.save_slot.path, "save", data)
    title = on_title(app)
    press(app, "continue")
    assert app.top is title
    said = [t for t in drawn_texts(app, monkeypatch) if "rounds" in t]
    assert len(said) == 1 and said[0].startswith(
        "No se ha podido leer la partida guardada (rounds no se puede usar) y se ha movido a ")


# ---------------------------------------------------------------------- issue 27, points 6-9
# Data that stops being saved, files that stop the game.


def finished_round(seed: int = 3) -> Match:
    """A match against a bot with its first round played out."""
    m = Match("boricua", [Seat("Ana"), Seat("Bot", "random")], seed=seed)
    while m.state.outcome is None:
        m.apply(plain(m))
    return m


def test_27_6_nan_in_the_settings_house_rules_costs_that_rule_and_saves_go_on(
    tmp_path: Path
) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"schema": 1, "kind": "settings", "volume": 0.3, "last_variant": "tres",'
                    ' "last_options": {"target": NaN, "throw_in": true, "undertrump": Infinity}}',
                    encoding="utf-8")
    settings, problem = load_settings(tmp_path)
    assert problem is not None and "last_options/target" in problem
    assert settings.volume == 0.3 and settings.last_options == {"throw_in": True}
    # Every later write works (it used to fail for good: allow_nan=False).
    save_settings(settings.with_(volume=0.4), tmp_path)
    again, problem = load_settings(tmp_path)
    assert problem is None and again.volume == 0.4 and again.last_options == {"throw_in": True}


def test_27_6_house_rules_are_checked_against_the_engines_table(tmp_path: Path) -> None:
    write_raw(tmp_path / "settings.json", "settings", {"last_options": {
        "target": 5, "claim": "manual", "tute": "sometimes", "use_or_lose": 1}})
    settings, problem = load_settings(tmp_path)
    assert settings.last_options == {"target": 5, "claim": "manual"}
    assert problem is not None and "last_options/tute" in problem


def test_27_6_infinity_inside_a_kept_round_costs_that_round_and_statistics_go_on(
    tmp_path: Path
) -> None:
    path = tmp_path / "statistics.json"
    s = Stats()
    for seed in (3, 4):
        s.record_round(round_result(finished_round(seed)))
    save_stats(s, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["players"]["Ana"]["kept"][0]["match"]["rounds"][0]["deal"]["dealer"] = "@INF@"
    path.write_text(json.dumps(data).replace('"@INF@"', "Infinity"), encoding="utf-8")
    loaded, problem = load_stats(path)
    assert problem is not None and "players/Ana/kept/0" in problem
    ana = loaded.players["Ana"]
    assert [k.key for k in ana.kept] == [s.players["Ana"].kept[1].key]
    assert ana.games == s.players["Ana"].games
    # Rounds played after it are counted and written.
    loaded.record_round(round_result(finished_round(5)))
    save_stats(loaded, path)
    again, problem = load_stats(path)
    assert problem is None and len(again.players["Ana"].kept) == 2


def test_27_6_a_value_that_cannot_be_written_costs_its_part_not_every_later_write(
    app: App
) -> None:
    # A NaN made in memory (a bug): the write leaves its part out, as reading
    # it would, and every round after it is still written.
    app.record_round(round_result(finished_round(3)))
    app.stats.players["Ana"].kept[0].match["rounds"][0]["deal"]["dealer"] = float("nan")
    for seed in (4, 5):
        app.record_round(round_result(finished_round(seed)))
        app.finish_writes()
    assert app.notices == [] and not app.saving_failed
    loaded, problem = load_stats()
    assert problem is None
    assert loaded.players["Ana"].games["boricua"].played == 3
    assert len(loaded.players["Ana"].kept) == 2


# Special files in place of each kind of file: test_files_fuzz.py.


def test_27_7_each_kind_has_its_size_limit_and_the_game_stays_under_it() -> None:
    assert persist.size_limit("settings") == 64 * 1024
    assert persist.size_limit("save") == persist.size_limit("tournament") == 2 * 1024 * 1024
    assert stats_module.FILE_BYTES < persist.size_limit("stats")
    assert persist.size_limit("something new") == persist.OTHER_LIMIT


def test_27_9_a_card_back_no_back_has_falls_back_and_the_screens_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    write_raw(tmp_path / "data" / "settings.json", "settings",
              {"card_back": "a" * 300, "volume": 0.3})
    app = inline_app()
    try:
        assert app.settings.card_back == "red" and app.settings.volume == 0.3
        assert any("card_back" in n for n in app.notices)
        on_title(app)
        app.nav.push("settings")  # the screen to mend it used to be the one that crashed
        app.draw_frame()
        app.nav.reset("lesson", lesson=LESSON_NAMES[0])
        for _ in range(3):
            app.top.update(0.5)  # type: ignore[union-attr]
            app.draw_frame()
    finally:
        app.nav.close_all()
        app.writer.close()


@pytest.mark.parametrize("speed", [0.001, 5e-324, 3.0, 8.5])
def test_27_9_a_tournament_speed_the_bracket_never_offers_falls_back(
    app: App, speed: float
) -> None:
    tournament_file(app, speed=speed)
    t, problem = load_tournament()
    assert t is not None and t.speed == 2.0 and problem is not None and "speed" in problem


def test_27_9_counts_no_one_could_reach_are_refused(tmp_path: Path) -> None:
    write_raw(tmp_path / "statistics.json", "stats", {"players": {"Ana": {
        "games": {"tres": [10**30, 1], "habanero": [3, 2]}, "capotes": 10**12}}})
    loaded, problem = load_stats(tmp_path / "statistics.json")
    ana = loaded.players["Ana"]
    assert problem is not None and "tres" not in ana.games and ana.capotes == 0
    assert ana.games["habanero"].to_json() == [3, 2]


def test_27_9_a_huge_window_from_settings_opens_fitted_to_the_display(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    write_raw(tmp_path / "data" / "settings.json", "settings",
              {"window_width": 16384, "window_height": 16384,
               "window_x": 5000, "window_y": -3000})
    # One 1920x1080 display, as a desktop session reports it.
    monkeypatch.setattr(app_module, "_headless", lambda: False)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    placed: list[Any] = []
    monkeypatch.setattr(window_module, "restore_place", lambda *args: placed.append(args))
    app = inline_app()
    try:
        assert app.size == (1920, 1080)
        # off every display: where SDL puts a new window
        assert placed == [(app.screen.window, None, False)]
    finally:
        app.nav.close_all()
        app.writer.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_continue_on_the_title_names_the_saved_rule_set_and_touches_nothing(
        app: App, lang: str) -> None:
    """A newcomer who had played two rule sets could not tell which match
    Continue would resume: it names the saved match's rule set. Looking does
    not check, move or report the file (continuing does, as before): a save
    whose rule set is not one of ours says plain "Continue" and stays put."""
    from dataclasses import replace

    from tute_desktop.ui.menus import title as variant_title

    app.set_settings(replace(app.settings, language=lang))
    app.save_slot.save(saved_match().to_json())
    words = on_title(app).buttons.buttons[0].label
    assert words == app.tr("continue_variant", variant=variant_title(app, "boricua"))
    data = saved_match().to_json()
    data["variant"] = "chinchón"
    write_raw(app.save_slot.path, "save", data)
    assert on_title(app).buttons.buttons[0].label == app.tr("continue")
    assert app.save_slot.exists() and not aside(app.save_slot.path)
    app.save_slot.path.write_text("{not json", encoding="utf-8")
    assert on_title(app).buttons.buttons[0].label == app.tr("continue")
    assert app.save_slot.exists() and not aside(app.save_slot.path)


@pytest.mark.parametrize(("size", "lang", "text_size"), [
    ((1280, 720), "es", "normal"), ((960, 540), "es", "large"), ((1920, 1080), "en", "large")])
def test_continue_on_the_title_leaves_the_other_buttons_where_they_were(
        app: App, size: tuple[int, int], lang: str, text_size: str) -> None:
    """nc95 clicked Tournament meaning Statistics: a saved match put Continue
    first and moved every other button down a row. Continue now tops the
    column, and the heading stands that much higher: the others keep their
    place and size, the heading and Continue stay apart, and the column fits."""
    from window_helpers import sized

    sized(app, size, lang, text_size)
    app.save_slot.delete()
    plain = on_title(app)
    before = {b.label: b.rect.copy() for b in plain.buttons.buttons}
    app.save_slot.save(saved_match().to_json())
    title = on_title(app)
    row = title.buttons.buttons
    assert row[0].on_press == title.continue_game
    assert {b.label: b.rect for b in row[1:]} == before
    step = row[2].rect.top - row[1].rect.top
    assert row[0].rect.top == row[1].rect.top - step and row[0].rect.top > 0
    assert int(size[1] * 0.12) - title.lifted > 0  # the heading's top, still in the window
    assert row[-1].rect.bottom <= size[1]
