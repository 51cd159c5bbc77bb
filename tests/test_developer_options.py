"""Developer options never end a game badly (issue 27, point 13): --frame-log and
--screenshots are checked when the game starts; a frame log that cannot be
written at the end never costs the save; a picture that cannot be written (a
read-only folder, a full disk) is told once and the game plays on, never leaving
a cut PNG behind; and a notice quotes a huge number from a file only in part."""

from __future__ import annotations

import json
import logging
import re
import resource
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from window_helpers import inline_app, on_title, press

from tute_desktop import app as app_module
from tute_desktop.app import App, parse_args
from tute_desktop.game.match import SAVE_FORMAT
from tute_desktop.game.persist import SaveSlot
from tute_desktop.i18n import Notice

PNG_END = b"IEND\xaeB`\x82"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TUTE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def a_file(tmp_path: Path) -> Path:
    path = tmp_path / "a file"
    path.write_text("not a folder")
    return path


@pytest.mark.parametrize("option", ["--frame-log", "--screenshots"])
def test_a_path_that_cannot_be_written_is_refused_at_the_start(
        tmp_path: Path, option: str, capsys: pytest.CaptureFixture[str]) -> None:
    # Under a plain file: no folder can be made there, even by root.
    where = a_file(tmp_path) / "inside" / "frames.txt"
    with pytest.raises(SystemExit) as stop:
        parse_args([option, str(where)])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"{option}: cannot write in" in err
    # A writable one passes, its folder made.
    good = tmp_path / "new" / "frames"
    assert parse_args([option, str(good)]) is not None and good.parent.is_dir()


def test_a_frame_log_lost_at_the_end_still_saves_the_last_plays(
        tmp_path: Path, home: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """The frame log's folder turns into a file during play: the game's exit
    still saves the match (the scenes close first), the failure is told and the
    status is 1, and no crash is reported."""
    logs = tmp_path / "logs"
    run = App.run

    def play_then_lose_the_folder(self: App) -> int:
        status = run(self)
        self.save_slot.delete()  # only the table's exit can write it now
        shutil.rmtree(logs)
        logs.write_text("the frame log's folder became a file")
        return status

    monkeypatch.setattr(App, "run", play_then_lose_the_folder)
    status = app_module.main(["--variant", "habanero", "--seed", "3",
                              "--frame-log", str(logs / "frames.txt"), "--exit-after", "0.2"])
    assert status == 1
    told = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert any("--frame-log" in m and "could not be written" in m for m in told), told
    assert not any("unexpected" in m or "Traceback" in m for m in told), told
    saved = SaveSlot("autosave")
    assert saved.exists() and saved.read(SAVE_FORMAT).value is not None


@pytest.fixture
def shots_app(tmp_path: Path, home: Path) -> Iterator[App]:
    app = inline_app("--screenshots", str(tmp_path / "shots"))
    on_title(app)
    yield app
    app.nav.close_all()


def test_screenshots_are_whole_pngs(shots_app: App, tmp_path: Path) -> None:
    shots_app.screenshot("title")
    shots_app.screenshot("again")
    pictures = sorted((tmp_path / "shots").iterdir())
    assert [p.name for p in pictures] == ["0001-title.png", "0002-again.png"]
    for p in pictures:
        data = p.read_bytes()
        assert data.startswith(b"\x89PNG") and data.endswith(PNG_END)
        assert pygame.image.load(str(p)).get_size() == shots_app.screen.pixel_size


def shots_told(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if "--screenshots" in r.getMessage()]


def test_a_folder_gone_during_play_is_told_once_and_the_game_goes_on(
        shots_app: App, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    shots = tmp_path / "shots"
    shutil.rmtree(shots)
    shots.write_text("a file where the pictures go")  # as unwritable as a read-only folder
    for n in range(3):
        shots_app.screenshot(f"shot{n}")
    told = shots_told(caplog)
    assert len(told) == 1 and "the game goes on" in told[0], told
    press(shots_app, "settings")  # still playing
    shots_app.draw_frame()
    assert shots_app.running


def test_a_full_disk_leaves_no_cut_picture_and_is_told_once(
        shots_app: App, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A file size limit stands in for a full disk: a write past it fails as
    one past the disk's end does (EFBIG instead of ENOSPC)."""
    shots_app.screenshot("room")  # the folder exists, one whole picture
    size = (tmp_path / "shots" / "0001-room.png").stat().st_size
    old_handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    old_limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size // 2, old_limit[1]))
    try:
        shots_app.screenshot("full")
        shots_app.screenshot("still_full")
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, old_limit)
        signal.signal(signal.SIGXFSZ, old_handler)
    names = sorted(p.name for p in (tmp_path / "shots").iterdir())
    assert names == ["0001-room.png"], names  # no cut PNG, no temporary file left
    told = shots_told(caplog)
    assert len(told) == 1 and "0002-full.png" in told[0], told
    shots_app.screenshot("room_again")
    data = (tmp_path / "shots" / "0004-room_again.png").read_bytes()
    assert data.endswith(PNG_END)


def test_a_huge_format_number_is_quoted_only_in_part(app: App) -> None:
    """A save whose "schema" has 4,000 digits: the title says the file is from a
    newer version, quoting a few digits of the number, not all of them."""
    huge = int("7" * 4000)
    app.save_slot.path.parent.mkdir(parents=True, exist_ok=True)
    app.save_slot.path.write_text(json.dumps({"schema": huge, "kind": "save"}))
    title = on_title(app)
    press(app, "continue")
    assert app.top is title and title.notice
    said = title.notice[0]
    assert isinstance(said, Notice) and said.key == "notice.unreadable.save"
    assert "newer" in said and len(said) < 600, len(said)
    assert max(len(run) for run in re.findall(r"7+", said)) <= 20


def test_a_notice_quotes_a_long_text_only_in_part() -> None:
    path = "/home/someone/" + "deep/" * 200 + "tute-autosave.json"
    said = Notice("notice.moved", path=path)
    assert len(said) < 200 and said.endswith("tute-autosave.json")
