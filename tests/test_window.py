"""The game window on the desktop (issue 20): DPI awareness on Windows, a first
window that fits the desktop, its size and place kept between runs, the app icon,
and the macOS keys."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from tute_desktop import app as app_module
from tute_desktop import window
from tute_desktop.app import App, parse_args
from tute_desktop.game.settings import Settings, load_settings
from tute_desktop.ui import intents as I


def test_windows_declares_per_monitor_dpi_awareness_before_sdl_starts() -> None:
    """Per-monitor awareness, and sizes in points (SDL scales them by the
    display's scale): a 4K desktop at 200% gets a 1280x720-point window, not a
    quarter of the screen."""
    env: dict[str, str] = {}
    window.prepare(env, platform="win32")
    assert env == {"SDL_WINDOWS_DPI_AWARENESS": "permonitorv2",
                   "SDL_WINDOWS_DPI_SCALING": "1"}
    mine = {"SDL_WINDOWS_DPI_AWARENESS": "system", "SDL_WINDOWS_DPI_SCALING": "0"}
    window.prepare(mine, platform="win32")
    assert mine == {"SDL_WINDOWS_DPI_AWARENESS": "system", "SDL_WINDOWS_DPI_SCALING": "0"}, \
        "an explicit choice wins"
    other: dict[str, str] = {}
    window.prepare(other, platform="linux")
    assert other == {}


@pytest.mark.parametrize(("desktop", "size"), [
    ((1920, 1080), (1280, 720)),  # fits
    ((2560, 1440), (1280, 720)),
    ((1366, 768), (1159, 652)),  # a small laptop: 85% of the height, 16:9
    ((1280, 720), (1088, 612)),  # 1920x1080 at 150%
    ((1024, 600), (960, 540)),  # never below the smallest window the game lays out
    (None, (1280, 720)),  # headless: no desktop to fit
])
def test_the_first_window_fits_the_desktop(desktop: tuple[int, int] | None,
                                           size: tuple[int, int]) -> None:
    assert window.first_size(desktop) == size


def test_size_and_place_are_kept_for_the_next_start(tmp_path: Path) -> None:
    s = Settings().with_(window_width=1100, window_height=650, window_x=40, window_y=30,
                         window_maximized=True)
    assert window.saved_size(s) == (1100, 650)
    assert window.saved_size(Settings()) is None
    tiny = Settings().with_(window_width=10, window_height=10)
    assert window.saved_size(tiny) == window.MIN_SIZE


def test_a_saved_window_size_opens_the_next_window(app: App, tmp_path: Path) -> None:
    app.set_settings(app.settings.with_(window_width=1100, window_height=640))
    again = App(parse_args([]))
    try:
        assert again.size == (1100, 640)
    finally:
        again.nav.close_all()
    explicit = App(parse_args(["--size", "1000x600"]))
    try:
        assert explicit.size == (1000, 600), "--size wins over the saved size"
    finally:
        explicit.nav.close_all()


def test_maximised_state_follows_the_window_events(app: App) -> None:
    assert not app.maximized
    app.dispatch(I.Intent(I.MAXIMIZED))
    assert app.maximized
    app.dispatch(I.Intent(I.RESTORED))
    assert not app.maximized
    event = pygame.event.Event(pygame.WINDOWMAXIMIZED)
    assert I.to_intents(event)[0].kind == I.MAXIMIZED


def test_the_window_icon_is_the_app_icon(app: App) -> None:
    icon = app.resources.icon()
    assert icon.get_size() == (256, 256)


def test_macos_keys_undo_and_full_screen() -> None:
    cmd_z = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LGUI)
    assert [i.kind for i in I.to_intents(cmd_z)] == [I.UNDO]
    ctrl_z = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert [i.kind for i in I.to_intents(ctrl_z)] == [I.UNDO]
    cmd_ctrl_f = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f,
                                    mod=pygame.KMOD_LGUI | pygame.KMOD_LCTRL)
    assert [i.kind for i in I.to_intents(cmd_ctrl_f)] == [I.FULLSCREEN]
    plain_f = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0)
    assert [i.kind for i in I.to_intents(plain_f)] == [I.KEY]


def test_settings_with_a_bad_window_field_keep_the_rest(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    from tute_desktop.game.settings import settings_path

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"kind": "settings", "schema": 1, "window_width": "wide",'
                    ' "window_height": 700, "volume": 0.5}', encoding="utf-8")
    settings, problem = load_settings()
    assert settings.window_width is None and settings.window_height == 700
    assert settings.volume == 0.5 and problem is not None


@pytest.fixture
def fresh_logging() -> Iterator[None]:
    """Take back what setup_logging adds to the root logger."""
    import logging

    root = logging.getLogger()
    before = list(root.handlers)
    yield
    for h in root.handlers[:]:
        if h not in before:
            root.removeHandler(h)
            h.close()
    logging.captureWarnings(False)


def test_warnings_go_to_a_rotating_log_in_the_users_log_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_logging: None) -> None:
    import logging

    from tute_desktop import app as app_module

    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    path = app_module.setup_logging()
    assert path is not None and path == app_module.log_path()
    logging.getLogger("tute").warning("statistics not written: disk full")
    # Python's warnings reach the log through this logger (captureWarnings).
    logging.getLogger("py.warnings").warning("an old call")
    root = logging.getLogger()
    for h in root.handlers:
        h.flush()
    text = path.read_text(encoding="utf-8")
    assert "statistics not written" in text and "an old call" in text
    rotating = [h for h in root.handlers if isinstance(h, logging.handlers.RotatingFileHandler)]
    assert rotating and rotating[0].maxBytes == app_module.LOG_BYTES


def test_no_log_folder_means_no_log_not_a_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                fresh_logging: None) -> None:
    from tute_desktop import app as app_module

    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("TUTE_HOME", str(blocker))  # a folder under a plain file
    assert app_module.setup_logging() is None


# Issue 27, point 9: a window always opens on a display, fitted to it.
FULL_HD = (0, 0, 1920, 1080)


@pytest.mark.parametrize(("size", "place", "screens", "opened"), [
    # A size a player made on this display: as it was.
    ((1280, 720), (100, 50), [FULL_HD], ((1280, 720), (100, 50))),
    # 16384x16384 from a settings file: cut to the display, no bigger.
    ((16384, 16384), None, [FULL_HD], ((1920, 1080), None)),
    ((16384, 16384), (0, 0), [FULL_HD], ((1920, 1080), (0, 0))),
    # A place on a monitor unplugged since: forgotten (SDL centres it on the first).
    ((1280, 720), (2500, 100), [FULL_HD], ((1280, 720), None)),
    ((1280, 720), (-1500, 100), [FULL_HD], ((1280, 720), None)),
    ((1280, 720), (100, -400), [FULL_HD], ((1280, 720), None)),
    # Still plugged (the second display, to the right): kept, and fitted to it.
    ((1280, 720), (2500, 100), [FULL_HD, (1920, 0, 1280, 1024)],
     ((1280, 720), (1920, 100))),
    ((2560, 1440), (2000, 0), [FULL_HD, (1920, 0, 1280, 1024)],
     ((1280, 1024), (1920, 0))),
    # Its title bar on the display but the rest hanging off: moved onto it.
    ((1280, 720), (1000, 900), [FULL_HD], ((1280, 720), (640, 360))),
    # A display smaller than the smallest window the game lays out: the display.
    ((1280, 720), None, [(0, 0, 800, 480)], ((800, 480), None)),
    # Headless (no display known): as asked.
    ((16384, 16384), (5, 5), [], ((16384, 16384), (5, 5))),
])
def test_a_window_is_fitted_to_a_display_there_is(
        size: tuple[int, int], place: tuple[int, int] | None,
        screens: list[tuple[int, int, int, int]],
        opened: tuple[tuple[int, int], tuple[int, int] | None]) -> None:
    assert window.fit(size, place, screens) == opened


def test_displays_are_taken_side_by_side_from_the_first() -> None:
    assert window.displays([(1920, 1080), (1280, 1024)]) == [FULL_HD, (1920, 0, 1280, 1024)]
    assert window.displays([]) == []


@pytest.fixture
def retina(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A window at ``--pixel-ratio 2 --size 960x540``: as on a Retina display."""
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    a = App(parse_args(["--pixel-ratio", "2", "--size", "960x540"]))
    yield a
    a.nav.close_all()
    a.screen.close()


def test_at_pixel_ratio_2_the_window_has_twice_the_pixels_and_the_same_points(
        retina: App) -> None:
    assert retina.screen.window.size == (1920, 1080)  # pixels (no ratio of the system's)
    assert retina.size == (960, 540) and retina.screen.size == (960, 540)
    assert retina.screen.ratio == 2
    assert retina.picture().get_size() == (1920, 1080)
    retina.set_window_size((1000, 600))
    assert retina.size == (1000, 600) and retina.picture().get_size() == (2000, 1200)
    retina.set_window_size((500, 300))  # below the least size: raised to it, in points
    assert retina.size == window.MIN_SIZE
    assert retina.screen.window.size == (1920, 1080)


@pytest.mark.parametrize("kind", [pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                  pygame.MOUSEMOTION])
def test_at_pixel_ratio_2_the_pointer_reaches_the_scenes_in_points(retina: App,
                                                                   kind: int) -> None:
    event = pygame.event.Event(kind, pos=(1000, 601), button=1, rel=(3, 1))
    (intent,) = I.to_intents(event, retina.screen.to_points)
    assert intent.pos == (500, 300)
    resized = pygame.event.Event(pygame.WINDOWSIZECHANGED, x=2000, y=1200)
    assert I.to_intents(resized, retina.screen.to_points)[0].size == (1000, 600)


def test_at_pixel_ratio_2_the_size_kept_for_the_next_start_is_in_points(retina: App) -> None:
    retina.set_window_size((1100, 620))
    kept = window.remember_place(retina.screen.window, Settings(), False,
                                 retina.screen.from_system)
    assert (kept.window_width, kept.window_height) == (1100, 620)
    assert not kept.window_maximized


def test_full_screen_and_back_keeps_the_windowed_size_in_points(retina: App) -> None:
    retina.set_window_size((1000, 600))
    retina.toggle_fullscreen()
    full = retina.size  # the dummy driver's display (1024x768 pixels) in points
    assert retina.screen.fullscreen and retina.screen.ratio == 2
    assert retina.picture().get_size() == (full[0] * 2, full[1] * 2)
    retina.toggle_fullscreen()
    assert not retina.screen.fullscreen
    assert retina.size == (1000, 600) and retina.screen.window.size == (2000, 1200)



@pytest.mark.parametrize(("ratio", "size"), [("1", (1280, 720)), ("2", (960, 540))])
def test_at_a_forced_pixel_ratio_the_first_window_fits_the_display_in_pixels(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ratio: str,
        size: tuple[int, int]) -> None:
    """A 1920x1080 display: at ratio 2 the window is twice its size in points in
    pixels, so it is fitted to 960x540 points (1920x1080 pixels), not opened at
    1280x720 points (2560x1440 pixels, past the display's edges); a place kept
    from the last run is the system's, given back as it was."""
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    monkeypatch.setattr(app_module, "_headless", lambda: False)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    placed: list[object] = []
    monkeypatch.setattr(window, "restore_place", lambda *args: placed.append(args[1:]))
    first = App(parse_args(["--pixel-ratio", ratio]))
    try:
        assert first.size == size
        assert first.screen.window.size == (size[0] * int(ratio), size[1] * int(ratio))
        first.set_settings(first.settings.with_(window_width=1280, window_height=720,
                                                window_x=0, window_y=0))
    finally:
        first.nav.close_all()
        first.screen.close()
    again = App(parse_args(["--pixel-ratio", ratio]))
    try:
        assert again.size == size and placed[-1] == ((0, 0), False)
    finally:
        again.nav.close_all()
        again.screen.close()


def test_an_opaque_fill_of_the_whole_window_is_limited_by_a_clip(app: App) -> None:
    """An opaque fill of the whole window is painted as a clear (cheaper on a CPU
    rasteriser), but inside ``clipped`` it still fills only the clip."""
    app.set_window_size((400, 300))
    canvas = app.screen.canvas()
    canvas.clear((0, 0, 0))
    canvas.fill((0, 90, 0))
    with canvas.clipped(pygame.Rect(100, 100, 50, 50)):
        canvas.fill((200, 0, 0))
    frame = app.screen.read_pixels()
    assert tuple(frame.get_at((10, 10)))[:3] == (0, 90, 0)
    assert tuple(frame.get_at((120, 120)))[:3] == (200, 0, 0)
    assert tuple(frame.get_at((160, 120)))[:3] == (0, 90, 0)


def test_the_game_starts_without_pygames_greeting(tmp_path: Path) -> None:
    """pygame-ce printed its greeting at each import, again in every bots'
    worker process (a newcomer counted five in one session): the entry point
    hides it, for the workers too (they inherit the variable)."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env["TUTE_HOME"] = str(tmp_path)
    done = subprocess.run([sys.executable, "-c",
                           "import os, tute_desktop.__main__; "
                           "print(os.environ.get('PYGAME_HIDE_SUPPORT_PROMPT'))"],
                          env=env, capture_output=True, text=True, timeout=60, check=True)
    assert "pygame-ce" not in done.stdout
    assert done.stdout.strip() == "1"
