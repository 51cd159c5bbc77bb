"""The game window: command line, the frame loop, the scene stack, and what
every scene shares (assets, text, settings, the autosave slot).

The loop is driven by time in seconds. While nothing moves it sleeps on the
event queue instead of spinning, so an idle table costs almost no CPU.
"""

from __future__ import annotations

import argparse
import gc
import io
import logging
import math
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from logging.handlers import RotatingFileHandler
from pathlib import Path

import pygame

from . import __version__, window
from .bots import LEVELS
from .bots.worker import BotWorker, TableExecutor
from .engine import find_variant
from .engine.rules import VARIANTS
from .engine.seeds import SeedError, parse_seed
from .game import review
from .game.match import Match, Seat
from .game.persist import SaveSlot, Writer, folder_problem, remove_leftovers, user_log_dir
from .game.settings import ANIMATION_SPEED_RANGE, Settings, load_settings, save_settings
from .game.stats import RoundResult, Stats, load_stats, stats_writer
from .i18n import Notice
from .lessons import LESSON_NAMES
from .resources import Resources, give_back_memory
from .ui import intents as I
from .ui.gfx import Screen
from .ui.i18n import say, tr
from .ui.menus import bot_name, seat_names
from .ui.navigator import Navigator
from .ui.registry import SCENES, preload
from .ui.scene import Scene
from .ui.services import Thinking
from .ui.widgets import Text

MIN_SIZE = window.MIN_SIZE
FPS = 60
WINDOW_CHANGES = frozenset(getattr(pygame, name) for name in (
    "VIDEORESIZE", "WINDOWSIZECHANGED", "WINDOWRESIZED", "WINDOWDISPLAYCHANGED",
    "WINDOWMAXIMIZED", "WINDOWRESTORED") if hasattr(pygame, name))
"""Events after which the window's pixel ratio is asked again (``Screen.changed``)."""
IDLE_WAIT_MS = 100
IDLE_POLL = 0.02
TRIM_EVERY = 10.0
"""Seconds between two hand-backs of freed memory to the system while frames are
drawn (``give_back_memory``: 0.2 to 2 ms each). Pictures made and dropped leave
free holes in glibc's heap that it keeps: a monkey run held 145 MB resident with
28 MB in use, 65 MB once handed back."""
"""Seconds between looks at the event queue while nothing moves (input waits at
most this long, a frame's time at 50 frames a second). Each look costs the same
whatever the wait: under Xvfb on a slow machine, every 10 ms cost 1.9-2.0% of a
core, every 20 ms 1.4% (docs/benchmarks.md)."""
FIRST_TIME_WORK = ("textures", "texture_bytes", "svgs", "words")
"""The columns of a frame's first-time work in ``--frame-log`` (``App.first_time_work``)."""
WARM_SLACK = 0.004
"""A frame (seconds of work) short enough to do one piece of ``App.warm_up`` after it."""

log = logging.getLogger("tute")


MAX_SIZE = 16384
"""The widest and tallest window the command line may ask for."""


def _positive(kind: type[int] | type[float]) -> Callable[[str], float]:
    """An argparse type: a finite number above 0 (an int when ``kind`` is int)."""

    def convert(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not math.isfinite(value) or value <= 0:
            raise argparse.ArgumentTypeError(f"must be a finite number above 0, not {text!r}")
        return value

    return convert


def _speed(text: str) -> float:
    """An argparse type: an animation speed the Settings screen could set
    (``ANIMATION_SPEED_RANGE``); any other would be played at the nearest end of
    the range without a word."""
    value = _positive(float)(text)
    low, high = ANIMATION_SPEED_RANGE
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"must be from {low:g} to {high:g}, not {text!r}")
    return value


PIXEL_RATIOS = (1.0, 4.0)
"""The pixel ratios ``--pixel-ratio`` may force."""


def _ratio(text: str) -> float:
    """An argparse type: a forced pixel ratio within ``PIXEL_RATIOS``."""
    value = _positive(float)(text)
    low, high = PIXEL_RATIOS
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"must be from {low:g} to {high:g}, not {text!r}")
    return value


def _seed(text: str) -> int:
    """An argparse type: a seed, 0 to ``SEED_MAX`` (the engine's one range)."""
    try:
        return parse_seed(text)
    except SeedError as e:
        raise argparse.ArgumentTypeError(f"{e}, not {text[:40]!r}") from None


def _size(text: str) -> tuple[int, int]:
    """WxH, each 1 to MAX_SIZE; raised to the smallest window the game lays out."""
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"must look like 1280x720, not {text!r}") from None
    if not (0 < w <= MAX_SIZE and 0 < h <= MAX_SIZE):
        raise argparse.ArgumentTypeError(
            f"width and height must be 1 to {MAX_SIZE}, not {text!r}")
    return (max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1]))


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line; a value the game cannot use ends here with a usage
    message (exit status 2), never in the crash screen."""
    p = argparse.ArgumentParser(prog="tute", description="Tute, the Spanish card game.")
    p.add_argument("--variant", choices=list(VARIANTS),
                   help="start a game of this variant at once")
    p.add_argument("--continue", dest="resume", action="store_true",
                   help="resume the saved game (without one: the title screen says why)")
    p.add_argument("--seed", type=_seed, help="deal seed (the same seed deals the same cards)")
    p.add_argument("--autoplay", action="store_true", help="bots take every seat: a demo")
    p.add_argument("--speed", type=_speed, help="animation speed multiplier, 0.25 to 4 (e.g. 2)")
    p.add_argument("--size", type=_size, metavar="WxH",
                   help="window size (default: as the game was last closed, or to fit the"
                        " desktop, at most 1280x720)")
    p.add_argument("--fullscreen", action="store_true")
    p.add_argument("--pixel-ratio", type=_ratio, metavar="R",
                   help="paint R pixels a point, 1 to 4 (e.g. 2 under Xvfb, as on a"
                        " Retina display): the window is R times larger in pixels, the"
                        " layout the same; where the system has a ratio already, it is"
                        " multiplied by R")
    p.add_argument("--screenshots", type=Path, help="save a PNG at each notable moment here")
    p.add_argument("--quit-after-rounds", type=_positive(int),
                   help="close after this many rounds")
    p.add_argument("--frame-log", type=Path, help="write each frame's duration (ms) here")
    p.add_argument("--level", choices=LEVELS, default=None, help="bot level for the opponents")
    p.add_argument("--lesson", choices=LESSON_NAMES,
                   help="open this lesson; with --autoplay it plays itself to the end and closes")
    p.add_argument("--exit-after", type=_positive(float), help=argparse.SUPPRESS)  # seconds
    p.add_argument("--version", action="version", version=f"tute {__version__}")
    args = p.parse_args(argv)
    if args.lesson and (args.resume or args.variant):
        p.error("--lesson opens a lesson: it does not go with --continue or --variant")
    if args.resume and (args.variant or args.autoplay):
        p.error("--continue resumes the saved game: it does not go with --variant or --autoplay")
    if args.screenshots is not None and args.screenshots.exists() \
            and not args.screenshots.is_dir():
        p.error(f"--screenshots: {args.screenshots} is not a folder")
    if args.frame_log is not None and args.frame_log.is_dir():
        p.error(f"--frame-log: {args.frame_log} is a folder")
    # Checked now, by writing there: found out after a game, a path that cannot be
    # written would end it with an error (issue 27).
    for option, where in (("--screenshots", args.screenshots),
                          ("--frame-log", None if args.frame_log is None
                           else args.frame_log.parent)):
        problem = None if where is None else _unwritable(where)
        if problem:
            p.error(f"{option}: cannot write in {where}: {problem}")
    return args


def _unwritable(folder: Path) -> str | None:
    """Why files cannot be written in `folder` (made if missing), or None."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as e:
        return e.strerror or str(e)
    return None


def write_file_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` whole or not at all: a temporary file beside it,
    renamed over it once written. Raises OSError (a full disk...), leaving
    no temporary file and `path` as it was."""
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp_name, path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise


class App:
    """Owns the window and the scene stack; scenes reach shared things through it."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        # Files the game cannot write never stop it: it says so once, plays on
        # without keeping them, and tries again at every save.
        removed = remove_leftovers()
        if removed:
            log.info("removed %d temporary files left by interrupted saves", len(removed))
        no_folder = folder_problem()
        self.settings, settings_problem = load_settings()
        self._own_speed: float | None = None
        """The player's own animation speed while ``--speed`` stands in for it (for
        this run only): that is the one written to the settings file, until the
        player picks a speed in Settings."""
        if args.speed:
            self._own_speed = self.settings.animation_speed
            self.settings = self.settings.with_(animation_speed=args.speed)
        window.prepare()
        # Only what the first frame needs: pygame.init() would also open the sound
        # device (0.1 s here, more where it fails), which waits for the first
        # idle turn instead (``warm_up``).
        pygame.display.init()
        pygame.font.init()
        self.fullscreen = bool(args.fullscreen or self.settings.fullscreen)
        # Displays and places as the system gives them; a forced pixel ratio makes
        # a window that many times larger than its size in points, so the displays
        # are fitted in points too (a 1280x720 window at ratio 2 on a 1920x1080
        # display would not fit), and the place given back in the system's units.
        forced = args.pixel_ratio or 1.0
        sizes = [(int(w / forced), int(h / forced))
                 for w, h in window.desktop_sizes(_headless())]
        saved_place = window.saved_place(self.settings)
        place: tuple[int, int] | None = None
        if args.size:
            self.window_size = args.size
        else:  # as last closed (or to fit the first display), on a display there is now
            self.window_size, place = window.fit(
                window.saved_size(self.settings)
                or window.first_size(sizes[0] if sizes else None),
                None if saved_place is None else
                (round(saved_place[0] / forced), round(saved_place[1] / forced)),
                window.displays(sizes))
            if place is not None:
                place = (round(place[0] * forced), round(place[1] * forced))
        """The windowed size (kept while in full screen)."""
        self.maximized = self.settings.window_maximized and args.size is None
        self.resources = Resources()
        self.resources.ahead = ThreadPoolExecutor(1, thread_name_prefix="faces")
        """Card faces a table will show are rasterised there, off the frames."""
        self.screen = Screen(tr(self.settings.language, "title"), self.window_size,
                             fullscreen=self.fullscreen, forced_ratio=args.pixel_ratio,
                             icon=self._icon())
        """The window and its renderer (``ui.gfx``): sizes in points, pixels within."""
        if not self.fullscreen and args.size is None:
            window.restore_place(self.screen.window, place, self.maximized)
        self.size = self.screen.size
        self.resources.set_volume(self.settings.volume)
        self.resources.set_muted(self.settings.muted)
        self.text = Text()
        self._fit_pictures()
        self.save_slot = SaveSlot("autosave")
        self.nav = Navigator(self, SCENES, lambda: self.size)
        self.bot_worker = BotWorker()
        """The process bots think in (lowest priority), started when the first table opens."""
        self.people_worker = BotWorker(niceness=0, workers=review.WORKERS)
        """The processes the review and hints are worked out in, at normal priority
        (a person waits for them), started with the first hint or review (each
        holds about 47 MB: not started for a game that asks for neither)."""
        self.thinking = Thinking(executor=lambda: TableExecutor(self.bot_worker),
                                 waited_for=lambda: TableExecutor(self.people_worker,
                                                                  start=False))
        """Bots, hints and the review think in worker processes (tests inject an
        inline executor)."""
        self.running = True
        self.rounds_played = 0
        self.frame_times: list[tuple[float, float | None, tuple[int, ...], float]] = []
        """Each frame's work (ms: update, draw, show), the interval since the
        frame before it (ms; None after the loop slept waiting for an event), its
        first-time work (``first_time_work``, made within the frame) and the CPU
        time the process spent in it (ms, all its threads: the renderer's too;
        a slow frame with little CPU waited for another process); kept for
        ``--frame-log`` only (an hour's frames are 200,000 of them)."""
        self.shot_count = 0
        self.shots_failed = False
        """A picture of --screenshots could not be written (said once)."""
        # Messages for the title screen. A file problem is a Notice (also its English
        # text): it is said in the player's language when drawn, through say().
        self.notices: list[str] = [n for n in (no_folder, settings_problem) if n]
        self.saving_failed = no_folder is not None
        """A failed write was told to the player (and not yet followed by one that worked)."""
        self.started = time.perf_counter()
        self._next_trim = self.started + TRIM_EVERY
        self.first_frame_at: float | None = None
        self._stats: Stats | None = None
        self.writer = Writer()
        """Writes the statistics off the frame loop; ``main`` waits for it at the end."""
        self.warm_up: list[Callable[[], object]] = [self.resources.start_audio, *preload]
        """Work put off until the first frame is shown, done one piece per turn
        of the loop while nothing moves or after a quick frame: the sound device
        (the title is never busy; a table opened first has opened it already),
        the scenes' modules."""

    # -- window
    def set_window_size(self, size: tuple[int, int]) -> None:
        """Make the window ``size`` points and lay everything out for it (tests,
        tools: what a player's resize does)."""
        self.screen.resize(size)
        self._resized(size)

    def screen_for_crash(self) -> None:
        """A window that draws, for the crash screen: this one when its renderer
        still does (nothing kept from before the error), else a new window in
        its place (the error may have been the renderer's: its window or device
        lost)."""
        if self.screen.recover():
            return
        old = self.screen
        try:
            old.close()
        except Exception:  # noqa: BLE001 - a broken window: the new one matters
            log.warning("the broken window could not be closed", exc_info=True)
        self.fullscreen = False
        self.screen = Screen(tr(self.settings.language, "title"), self.window_size,
                             forced_ratio=self.args.pixel_ratio, icon=self._icon())
        self._resized(self.screen.size)

    def _icon(self) -> pygame.Surface | None:
        """The app icon (assets/icon.png, made by tools/make_icon.py)."""
        try:
            return self.resources.icon()
        except (pygame.error, OSError, ValueError):
            return None

    def remember_window(self) -> None:
        """Keep the window's size, place and maximised state for the next start."""
        if self.fullscreen or self.args.size is not None or _headless():
            return
        self.settings = window.remember_place(self.screen.window, self.settings,
                                              self.maximized, self.screen.from_system)
        self._save_settings()

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.screen.set_fullscreen(self.fullscreen)
        if not self.fullscreen:
            self.screen.resize(self.window_size)
        self.settings = self.settings.with_(fullscreen=self.fullscreen)
        self._save_settings()
        self._resized(self.screen.size)

    def _resized(self, size: tuple[int, int]) -> None:
        w, h = max(size[0], 1), max(size[1], 1)
        if not self.fullscreen and (w < MIN_SIZE[0] or h < MIN_SIZE[1]):
            self.screen.resize((max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])))
        self.size = self.screen.size
        if not self.fullscreen and not self.maximized:
            self.window_size = self.size
        self._fit_pictures()
        for scene in self.stack:
            scene.layout(self.size)
        give_back_memory()  # the old size's pictures, dropped by the layouts

    def _fit_pictures(self) -> None:
        """The pictures kept for reuse (cards, words, boxes) within budgets for
        the window's size: the old size's go first."""
        pixels = self.screen.pixel_size
        self.resources.fit(pixels)
        self.text.fit(pixels)
        self.screen.fit_textures()

    @property
    def pixel_ratio(self) -> float:
        """Pixels a point on the window now."""
        return self.screen.ratio

    # -- language and settings
    @property
    def lang(self) -> str:
        return self.settings.language

    def tr(self, key: str, /, **fields: object) -> str:
        return tr(self.lang, key, **fields)

    def say(self, message: str) -> str:
        """A message for the player in their language: a Notice (a problem with a
        file) is put into words now; any other text is shown as it is."""
        return say(self.lang, message)

    def set_settings(self, settings: Settings) -> None:
        if settings.animation_speed != self.settings.animation_speed:
            self._own_speed = None  # the player chose one: theirs from now on
        words_changed = (settings.language, settings.text_size) != (
            self.settings.language, self.settings.text_size)
        self.settings = settings
        if words_changed:  # the scenes seen behind the top one (a summary under
            for scene in self.stack[:-1]:  # the pause) say their words anew now
                scene.layout(self.size)
        self.resources.set_volume(settings.volume)
        self.resources.set_muted(settings.muted)
        self._save_settings()

    def _save_settings(self) -> None:
        self._write("settings", lambda: save_settings(self._settings_to_keep()))

    def _settings_to_keep(self) -> Settings:
        """The settings as the file keeps them: without a ``--speed`` of this run."""
        if self._own_speed is None:
            return self.settings
        return self.settings.with_(animation_speed=self._own_speed)

    def _write(self, what: str, write: Callable[[], None]) -> None:
        """Write a file; a refusal is told (``write_failed``), a success clears it."""
        try:
            write()
        except (OSError, ValueError) as e:
            self.write_failed(what, e)
        else:
            self.saving_failed = False

    def write_failed(self, what: str, error: Exception) -> None:
        """A file could not be written: the game goes on (the next write tries
        again), and the player is told once, until a write works again."""
        log.warning("%s not written: %s", what, error)
        if not self.saving_failed:
            self.saving_failed = True
            self.notices.append(Notice("notice.not_saved", error=str(error)))

    # -- statistics
    @property
    def stats(self) -> Stats:
        """Every player's statistics, read from disk the first time they are needed."""
        if self._stats is None:
            self._stats, problem = load_stats()
            if problem:
                self.notices.append(problem)
        return self._stats

    @stats.setter
    def stats(self, stats: Stats) -> None:
        """Use these statistics from now on (tools that show made-up ones)."""
        self._stats = stats

    def record_round(self, result: RoundResult) -> None:
        """Count a finished round in the statistics and write them at once."""
        if self.stats.record_round(result):
            self.write_stats()

    def write_stats(self) -> None:
        """Write the statistics as they are now, on the writer's thread: at a
        round's end the window goes on at once (issue 27: 31 MB written in the
        frame loop froze it 1.6 s); a refusal is told when the loop hears of it."""
        self.writer.submit("statistics", stats_writer(self.stats))

    def heard_writes(self) -> bool:
        """Tell the outcome of the writes the writer finished; True if there were any."""
        done = self.writer.finished()
        for what, error in done:
            if error is None:
                self.saving_failed = False
            else:
                self.write_failed(what, error)
        return bool(done)

    def finish_writes(self) -> None:
        """Wait for the writes in progress and tell their outcome (tests, quitting)."""
        self.writer.wait()
        self.heard_writes()

    # -- scene stack (scenes open each other by name through self.nav; these take a
    # scene already made: the first one, and tests and tools that build their own)
    @property
    def stack(self) -> list[Scene]:
        return self.nav.stack

    @property
    def top(self) -> Scene | None:
        return self.nav.top

    def push(self, scene: Scene) -> None:
        self.nav.push_scene(scene)

    def pop(self) -> None:
        self.nav.pop()

    def replace(self, scene: Scene) -> None:
        self.nav.replace_scene(scene)

    def reset_to(self, scene: Scene) -> None:
        self.nav.reset_scene(scene)

    def quit(self) -> None:
        self.running = False

    # -- notable moments
    def screenshot(self, tag: str) -> None:
        """Save a PNG of the next drawn frame when --screenshots is given."""
        if self.args.screenshots is None:
            return
        self.shot_count += 1
        for scene in self.stack:
            scene.for_picture()
        self.draw_frame()
        picture = self.screen.read_pixels()
        path = self.args.screenshots / f"{self.shot_count:04d}-{tag}.png"
        # Encoded in memory, then written whole: pygame writing the file itself
        # left a cut PNG without a word when the disk was full.
        png = io.BytesIO()
        try:
            pygame.image.save(picture, png, "png")
            self.args.screenshots.mkdir(parents=True, exist_ok=True)
            write_file_atomic(path, png.getvalue())
        except (OSError, pygame.error) as e:
            # A developer's option: the game plays on; told once (standard error
            # and the log).
            if not self.shots_failed:
                self.shots_failed = True
                log.warning("--screenshots: %s could not be written (%s); the game goes on,"
                            " without more pictures or warnings", path, e)

    def round_finished(self) -> None:
        self.rounds_played += 1
        limit = self.args.quit_after_rounds
        if limit is not None and self.rounds_played >= limit:
            self.running = False

    # -- the loop
    def draw_frame(self) -> None:
        """Draw the scenes that show: the top one and those under it down to the
        first opaque one, on a cleared frame (not yet presented: ``picture``
        reads it)."""
        canvas = self.screen.canvas()
        canvas.clear((0, 0, 0))
        for scene in self.stack[self._first_drawn():]:
            scene.draw(canvas)
        now = time.perf_counter()
        if now >= self._next_trim:
            self._next_trim = now + TRIM_EVERY
            give_back_memory()

    def picture(self) -> pygame.Surface:
        """The frame as drawn now (pixels): draws it first (tests, tools)."""
        self.draw_frame()
        return self.screen.read_pixels()

    def _first_drawn(self) -> int:
        """The index of the lowest scene drawn: the top opaque one."""
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                return i
        return 0

    def dispatch(self, intent: I.Intent) -> None:
        if intent.kind == I.QUIT:
            self.running = False
        elif intent.kind == I.RESIZE:
            self._resized(intent.size)
        elif intent.kind == I.FULLSCREEN:
            self.toggle_fullscreen()
        elif intent.kind in (I.MAXIMIZED, I.RESTORED):
            self.maximized = intent.kind == I.MAXIMIZED
        elif self.top is not None:
            self.top.handle(intent)

    def run(self) -> int:
        clock = pygame.time.Clock()
        dirty = True
        stop_at = time.perf_counter() + self.args.exit_after if self.args.exit_after else None
        last_frame: float | None = None
        """When the last frame was shown, while the loop runs at full rate."""
        while self.running and self.stack:
            if stop_at is not None and time.perf_counter() >= stop_at:
                break
            busy = any(s.busy() for s in self.stack[-1:])
            if busy or dirty:
                dt = clock.tick(FPS) / 1000.0
                events = pygame.event.get()
            elif self.warm_up and self.first_frame_at is not None:
                self.warm_up.pop(0)()  # input waits for one piece at most
                events = pygame.event.get()
                dt = clock.tick() / 1000.0
            else:
                events = _wait_for_events(IDLE_WAIT_MS / 1000.0)
                dt = clock.tick() / 1000.0
            t0 = time.perf_counter()
            before = self.first_time_work() if self.args.frame_log is not None else ()
            cpu0 = time.process_time()
            if self.heard_writes():
                dirty = True  # a notice may have come
            for event in events:
                if event.type in WINDOW_CHANGES:
                    self.screen.changed()
                if event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
                    dirty = True  # the system lost the picture: show it again
                elif event.type == pygame.RENDER_DEVICE_RESET:
                    # The renderer's device was reset (Direct3D on Windows: the
                    # screen locked, the driver updated): every texture is lost and
                    # is made again from its picture when next drawn.
                    self.screen.textures.clear()
                    dirty = True
                for intent in I.to_intents(event, self.screen.to_points):
                    self.dispatch(intent)
                    dirty = True
            top = self.top
            if top is None:
                break
            top.update(min(dt, 0.1))
            # A scene its update opened or closed (the summary at a round's end)
            # is shown at once, busy or not.
            if busy or dirty or top.busy() or self.top is not top:
                self.draw_frame()
                self.screen.present()
                done = time.perf_counter()
                if self.first_frame_at is None:
                    self.first_frame_at = done
                    log.info("first frame %.3f s after start",
                             self.first_frame_at - self.started)
                # The interval counts only from a frame the loop went on from without
                # sleeping on the queue: a wait for the player is not a stall.
                interval = (done - last_frame) * 1000.0 if last_frame is not None else None
                if self.args.frame_log is not None:  # (one a frame: kept for it only)
                    made = tuple(b - a for a, b in zip(before, self.first_time_work(), strict=True))
                    cpu = (time.process_time() - cpu0) * 1000.0
                    self.frame_times.append(((done - t0) * 1000.0, interval, made, cpu))
                last_frame = done if (busy or top.busy()) else None
                if self.warm_up and last_frame is not None and done - t0 < WARM_SLACK:
                    # A quick frame leaves most of its 1/60 s free: one piece fits
                    # before the next (the summary must not import its module
                    # inside a frame when a round started from the command line).
                    self.warm_up.pop(0)()
            else:
                last_frame = None
            dirty = False
        return 0

    def first_time_work(self) -> tuple[int, int, int, int]:
        """What the window has made so far, in the order of ``FIRST_TIME_WORK``:
        textures uploaded to the renderer and their bytes, card pictures
        rasterised from their SVG on this thread (not those made ahead on the
        faces' thread), words rendered. Counts, not times: what a
        frame adds to them is its first-time work, the same on any machine."""
        textures = self.screen.textures
        return (textures.made, textures.made_bytes, self.resources.rasterised,
                self.text.rendered)

    def write_frame_log(self) -> bool:
        """Write --frame-log (after the scenes have closed and saved); False, with
        the reason logged (and on standard error), when it could not be written."""
        path = self.args.frame_log
        if path is None:
            return True
        first = (self.first_frame_at - self.started) if self.first_frame_at else -1.0
        epoch = time.time() - (time.perf_counter() - self.first_frame_at) \
            if self.first_frame_at else -1.0
        text = io.StringIO()  # a file for tools, not words for the window
        text.write(f"# first_frame_s {first:.4f}\n# first_frame_epoch {epoch:.4f}\n")
        text.write("# columns: work_ms interval_ms (- after an idle wait)"
                   f" {' '.join(FIRST_TIME_WORK)} (made within the frame)"
                   " cpu_ms (the process's, all threads)\n")
        text.writelines(f"{ms:.3f} {'-' if gap is None else f'{gap:.3f}'}"
                        f" {' '.join(map(str, made))} {cpu:.3f}\n"
                        for ms, gap, made, cpu in self.frame_times)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_file_atomic(path, text.getvalue().encode("utf-8"))
        except OSError as e:
            log.warning("--frame-log: %s could not be written (%s)", path, e)
            return False
        return True


def _wait_for_events(seconds: float) -> list[pygame.event.Event]:
    """The events that come within ``seconds`` (none: an empty list), looking
    every ``IDLE_POLL`` seconds. ``pygame.event.wait`` looks every millisecond,
    which costs about 2% of a core while nothing happens; this, about 0.3%."""
    end = time.perf_counter() + seconds
    while True:
        events = pygame.event.get()
        if events or time.perf_counter() >= end:
            return events
        time.sleep(IDLE_POLL)


def log_path() -> Path:
    return user_log_dir() / "tute.log"


LOG_BYTES = 256 * 1024
"""The log file's size before it rotates (``tute.log`` -> ``tute.log.1`` ...)."""
LOG_BACKUPS = 3


def setup_logging() -> Path | None:
    """Warnings and errors go to standard error and to a rotating log in the user's
    log folder (a windowed build has no standard error anyone reads); Python's
    warnings too. Returns the log's path, or None when the folder cannot be
    written (the game plays on without it)."""
    level = logging.INFO if os.environ.get("TUTE_DEBUG") else logging.WARNING
    handlers: list[logging.Handler] = [logging.StreamHandler()]
    path: Path | None = None
    try:
        path = log_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        handlers.append(RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS,
                                            encoding="utf-8", errors="backslashreplace"))
    except OSError:
        path = None
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "tute", False)]:
        root.removeHandler(old)  # set up again (tests, a second start): not twice
        old.close()
    for h in handlers:
        h.setFormatter(fmt)
        h.tute = True  # type: ignore[attr-defined]
        root.addHandler(h)
    root.setLevel(level)
    logging.captureWarnings(True)
    return path


def _report_crash(exc: BaseException) -> tuple[Path | None, str]:
    """Append the error to the log: (the log's path, "") or, when the log cannot
    be written, (None, why). Never raises."""
    try:
        path = log_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8", errors="backslashreplace") as f:
            f.write(f"\n--- {time.strftime('%Y-%m-%d %H:%M:%S')} tute {__version__}\n")
            f.write("".join(traceback.format_exception(exc)))
    except Exception as err:  # noqa: BLE001 - the reporter must report, whatever happens
        return None, str(err) or type(err).__name__
    return path, ""


def _last_line(exc: BaseException) -> str:
    """The traceback's last line: the error's type and message."""
    lines = traceback.format_exception_only(exc)
    return lines[-1].strip() if lines else type(exc).__name__


def crash_lines(app: App, exc: BaseException, path: Path | None, failure: str) -> list[str]:
    """What the crash screen says: where the details are, or, when they could not
    be written, why and the error itself."""
    if path is not None:
        return [app.tr("error_body"), str(path)]
    return [app.tr("error_no_log", error=failure), _last_line(exc)]


def _headless() -> bool:
    return os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen")


def first_scene(app: App) -> Scene:
    """The title screen, or the table the command line asks for (--variant,
    --autoplay, --seed, --level), or the saved game (--continue: the title screen
    resumes it as its Continue does, and says why when it cannot)."""
    args = app.args
    if args.resume:
        return app.nav.make("title", continue_saved=True)
    if args.lesson:
        return app.nav.make("lesson", lesson=args.lesson, autoplay=args.autoplay,
                            quit_at_end=args.autoplay)
    if not (args.variant or args.autoplay):
        return app.nav.make("title", offer_lessons=True)
    variant = args.variant or "habanero"
    players = find_variant(variant).players
    level = args.level or "medium"
    levels: list[str | None] = [level] * players
    typed = [""] * players
    if not args.autoplay:
        levels[0] = None
        typed[0] = app.settings.player_name or app.tr("you")
    # Nobody typed these names: a bot called like the player is renamed, not refused.
    names = seat_names(typed, levels, app.tr("you"), bot_name(app, levels)).names
    seats = [Seat(name, lv) for name, lv in zip(names, levels, strict=True)]
    return app.nav.make("table", match=Match(variant, seats, seed=args.seed))


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    setup_logging()
    app: App | None = None
    try:
        app = App(args)
        app.push(first_scene(app))
        # What start-up made (modules, classes, fonts, the first scene: about
        # 32,000 objects) lives as long as the game: out of the garbage
        # collector's sight, its full collections, every minute or so, take
        # well under a millisecond instead of 10-18 ms inside a frame (issue 28).
        gc.freeze()
        try:
            status = app.run()
        finally:
            gc.unfreeze()  # (main may be called again in one process: tests)
        app.remember_window()
        app.nav.close_all()  # every scene's exit runs: the table saves the last plays
        # Last: a frame log that cannot be written must not cost the game's files.
        return status if app.write_frame_log() else 1
    except Exception as exc:  # noqa: BLE001 - shown to the player, never a silent exit
        path, failure = _report_crash(exc)
        if path is not None:
            print(f"Tute stopped on an unexpected error; details in {path}", file=sys.stderr)
        else:
            print(f"Tute stopped on an unexpected error; the log could not be written"
                  f" ({failure}):", file=sys.stderr)
            traceback.print_exception(exc, file=sys.stderr)
        if app is not None and pygame.display.get_init() and not _headless():
            try:
                app.running = True
                app.screen_for_crash()
                app.nav.reset("message", title=app.tr("error_title"),
                              lines=crash_lines(app, exc, path, failure), quit_on_ok=True)
                app.run()
            except Exception:  # noqa: BLE001 - the message itself failed: just exit
                pass
        return 1
    finally:
        if app is not None:
            app.bot_worker.shutdown(wait=False, cancel_futures=True)
            app.people_worker.shutdown(wait=False, cancel_futures=True)
            if app.resources.ahead is not None:  # (faces not made yet: not needed now)
                app.resources.ahead.shutdown(wait=False, cancel_futures=True)
            app.writer.close()  # a write in progress ends before the process does
        pygame.quit()
