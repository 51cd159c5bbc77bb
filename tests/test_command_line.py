"""The command line (issue 17, point 8): a value the game cannot use ends in a
usage message and exit status 2, never in the crash screen or the crash log;
--continue resumes the saved game, or shows the title screen saying why not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tute_desktop import app as app_module
from tute_desktop.app import MIN_SIZE, App, first_scene, parse_args
from tute_desktop.game.match import Match, Seat
from tute_desktop.ui.scenes import MessageScene, TitleScene
from tute_desktop.ui.table import TableScene

BAD = [
    ["--level", "godlike"],
    ["--speed", "nan"],
    ["--speed", "inf"],
    ["--speed", "-inf"],
    ["--speed", "0"],
    ["--speed", "-2"],
    ["--speed", "8"],  # above the Settings' 4: it was played at 4 without a word
    ["--speed", "0.1"],
    ["--speed", "fast"],
    ["--size", "0x720"],
    ["--size", "1280x-1"],
    ["--size", "99999x720"],
    ["--size", "1280"],
    ["--size", "1280x720x3"],
    ["--pixel-ratio", "0"],
    ["--pixel-ratio", "0.5"],  # fewer pixels than points: the window would be cut
    ["--pixel-ratio", "5"],
    ["--pixel-ratio", "nan"],
    ["--pixel-ratio", "inf"],
    ["--pixel-ratio", "two"],
    ["--seed", "-1"],
    ["--seed", "1" * 5000],
    ["--seed", "1.5"],
    ["--quit-after-rounds", "0"],
    ["--exit-after", "nan"],
    ["--continue", "--variant", "tres"],
    ["--continue", "--autoplay"],
]


@pytest.mark.parametrize("argv", BAD, ids=" ".join)
def test_a_bad_value_is_a_usage_message(argv: list[str], capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    with pytest.raises(SystemExit) as stop:
        parse_args(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: tute") and "error:" in err


@pytest.mark.parametrize("argv", [["--level", "godlike"], ["--speed", "nan"],
                                  ["--speed", "inf"]], ids=" ".join)
def test_the_issues_values_never_reach_the_crash_log(
        argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    with pytest.raises(SystemExit) as stop:
        app_module.main([*argv, "--autoplay", "--exit-after", "0.01"])
    assert stop.value.code == 2
    assert "unexpected error" not in capsys.readouterr().err
    assert not _crash_logged(app_module.log_path())


def test_good_values_pass() -> None:
    args = parse_args(["--level", "expert", "--speed", "2.5", "--size", "100x2000",
                       "--seed", "0", "--quit-after-rounds", "3"])
    assert args.level == "expert" and args.speed == 2.5 and args.seed == 0
    assert args.size == (MIN_SIZE[0], 2000) and args.quit_after_rounds == 3
    assert parse_args([]).size is None  # as last closed, or fitted to the desktop
    assert parse_args(["--continue"]).resume
    assert parse_args([]).pixel_ratio is None  # the system's own
    for text, ratio in (("1", 1.0), ("1.5", 1.5), ("2", 2.0), ("4", 4.0)):
        assert parse_args(["--pixel-ratio", text]).pixel_ratio == ratio


def test_screenshots_and_frame_log_must_be_a_folder_and_a_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a_file = tmp_path / "f.txt"
    a_file.write_text("x")
    for argv in (["--screenshots", str(a_file)], ["--frame-log", str(tmp_path)]):
        with pytest.raises(SystemExit) as stop:
            parse_args(argv)
        assert stop.value.code == 2
    assert parse_args(["--screenshots", str(tmp_path / "new")]).screenshots == tmp_path / "new"


def test_continue_resumes_the_saved_game(app: App) -> None:
    match = Match("tres", [Seat("Ana"), Seat("B1", "random"), Seat("B2", "random")], seed=5)
    app.save_slot.save(match.to_json())
    app.args = parse_args(["--continue"])
    app.push(first_scene(app))
    table = app.top
    assert isinstance(table, TableScene) and len(app.stack) == 1
    assert table.match.to_json() == match.to_json()


def test_continue_without_a_save_says_so_on_the_title_screen(app: App) -> None:
    app.settings = app.settings.with_(language="es")
    app.args = parse_args(["--continue"])
    app.push(first_scene(app))
    title = app.top
    assert isinstance(title, TitleScene) and len(app.stack) == 1
    assert [app.say(n) for n in title.notice] == [
        "No hay ninguna partida guardada que continuar"]
    app.draw_frame()


def test_continue_with_a_damaged_save_says_so_and_sets_it_aside(app: App) -> None:
    path = app.save_slot.path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ not json", encoding="utf-8")
    app.args = parse_args(["--continue"])
    app.push(first_scene(app))
    title = app.top
    assert isinstance(title, TitleScene) and title.notice
    assert not path.exists() and list(path.parent.glob("*.corrupt-*"))
    app.draw_frame()


def test_continue_with_a_save_that_replays_to_nonsense_says_so(app: App) -> None:
    match = Match("habanero", [Seat("Ana"), Seat("B", "random")], seed=5)
    data = match.to_json()
    data["rounds"][0]["actions"] = [[0, "play 1o"], [0, "play 1o"]]
    app.save_slot.save(json.loads(json.dumps(data)))
    app.args = parse_args(["--continue"])
    app.push(first_scene(app))
    # The log is kept up to its last sound action (issue 17): the match resumes
    # there, with a message over the table that says what was lost.
    message, table = app.top, app.stack[-2]
    assert isinstance(message, MessageScene) and isinstance(table, TableScene)
    kept = table.match.rounds[0].actions
    assert len(kept) < 2 and kept == [(0, "play 1o")][:len(kept)]
    app.draw_frame()


def test_continue_through_main_opens_the_title_and_stops(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """main with --continue and no save: the title screen, no crash, status 0
    (the frame loop itself is left out: it paces itself on the clock)."""
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    seen: list[object] = []

    def run(self: App) -> int:
        seen.append(self.top)
        return 0

    monkeypatch.setattr(App, "run", run)
    assert app_module.main(["--continue"]) == 0
    assert len(seen) == 1 and isinstance(seen[0], TitleScene) and seen[0].notice
    assert not _crash_logged(app_module.log_path())


def _crash_logged(log: Path) -> bool:
    """Whether the log holds a crash (the log itself exists from the start)."""
    return log.exists() and "Traceback" in log.read_text(encoding="utf-8")
