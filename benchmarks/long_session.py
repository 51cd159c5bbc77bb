"""The memory of a long session (issue 27): the game plays itself (``--autoplay``:
bots in every seat) for a given time, match after match, and the resident memory
is written down every minute.

    python benchmarks/long_session.py [--minutes 60] [--rss-log FILE]
        [--sizes 1280x720,1920x1080,960x540] [--speed 4] [--level medium]

The real ``App`` and its loop (``App.run``: frames paced at the game's rate, the
bots thinking in their worker process, the summaries moving on by themselves)
under SDL's dummy video driver unless a display is set. An autoplayed match ends
on the match-over screen, which waits for a person: there the next match starts,
of the next variant, in the next window size of ``--sizes`` (a resize, as a
player dragging the window's corner makes one), so the table's pictures of every
size are made again and again.

Every minute a line ``minute rss_mb children_rss_mb matches`` goes to the log
(the game's process, then the bots' worker processes); at the end the figures
over the last half of the run (``summary``; ``--from-log FILE`` sums up a log
again). Target (issue 27): at most 50 MB growth over
the last 30 minutes of an hour.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tute_desktop.app import App, first_scene, parse_args  # noqa: E402
from tute_desktop.engine.rules import VARIANTS  # noqa: E402
from tute_desktop.game.match import Match, Seat  # noqa: E402
from tute_desktop.ui.table import TableScene  # noqa: E402

CHUNK = 5.0
"""Seconds ``App.run`` runs at a time between looks at the screen shown."""


def rss_mb(pid: int | str = "self") -> float:
    """A process's resident memory (``VmRSS``), in MB; 0 if it is gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def children_rss_mb() -> float:
    """The resident memory of this process's children (the bots' workers)."""
    total = 0.0
    for task in Path("/proc/self/task").iterdir():
        try:
            kids = (task / "children").read_text().split()
        except OSError:
            continue
        total += sum(rss_mb(pid) for pid in kids)
    return total


def parse_size(text: str) -> tuple[int, int]:
    w, h = text.lower().split("x")
    return int(w), int(h)


def next_match(app: App, n: int, sizes: list[tuple[int, int]], level: str) -> None:
    """Match number ``n``: the next variant, in the next window size, bots all round."""
    variants = list(VARIANTS)
    variant = variants[n % len(variants)]
    size = sizes[n % len(sizes)]
    if app.size != size:
        app.set_window_size(size)
    seats = [Seat(f"Bot {i + 1}", level) for i in range(VARIANTS[variant].players)]
    app.nav.reset("table", match=Match(variant, seats, seed=n))


def playing(app: App) -> bool:
    """A match is still being played (its table, or a summary over it, is shown)."""
    return any(isinstance(s, TableScene) for s in app.stack)


def trend(values: list[float]) -> float:
    """The least-squares slope of ``values`` (one a minute), in MB a minute."""
    n = len(values)
    if n < 2:
        return 0.0
    mean_x, mean_y = (n - 1) / 2, sum(values) / n
    num = sum((x - mean_x) * (y - mean_y) for x, y in enumerate(values))
    return num / sum((x - mean_x) ** 2 for x in range(n))


def summary(figures: list[float], matches: int | None = None) -> str:
    """The figures of a run (one a minute): at the end, at most, and over the
    last half: from its first minute to the last, its highest against the first
    half's, and its trend (the resident memory moves with the window size of the
    match being played, so a trend says more than two single minutes)."""
    if not figures:
        return "# no figures"
    n = len(figures)
    first, last = figures[: n // 2], figures[n // 2:]
    played = f", {matches} matches finished" if matches is not None else ""
    return (f"# {n} minutes{played}; resident {figures[-1]:.0f} MB at the end, "
            f"{max(figures):.0f} MB at most; last half (minutes {n // 2} to {n - 1}): "
            f"{figures[-1] - last[0]:+.0f} MB from its first minute to its last, highest "
            f"{max(last):.0f} MB against {max(first, default=0):.0f} MB in the first half, "
            f"trend {trend(last) * len(last):+.0f} MB over it")


def read_log(path: Path) -> list[float]:
    """The resident figures of a log this script wrote (``--rss-log``)."""
    return [float(line.split()[1]) for line in path.read_text().splitlines()
            if line.strip() and not line.startswith("#")]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--minutes", type=float, default=60.0)
    p.add_argument("--rss-log", type=Path, help="write the minute-by-minute figures here too")
    p.add_argument("--sizes", default="1280x720,1920x1080,960x540",
                   help="window sizes, one per match in turn")
    p.add_argument("--speed", default="4", help="animation speed")
    p.add_argument("--level", default="medium", help="the bots' level")
    p.add_argument("--from-log", type=Path, help="only sum up a log written before")
    args = p.parse_args(argv)
    if args.from_log:
        print(summary(read_log(args.from_log)))
        return 0
    sizes = [parse_size(s) for s in args.sizes.split(",")]
    log = args.rss_log.open("w", buffering=1) if args.rss_log else None

    def say(line: str) -> None:
        print(line, flush=True)
        if log is not None:
            log.write(line + "\n")

    with tempfile.TemporaryDirectory(prefix="tute-session-") as home:
        os.environ["TUTE_HOME"] = home
        w, h = sizes[0]
        app = App(parse_args(["--autoplay", "--speed", args.speed, "--level", args.level,
                              "--size", f"{w}x{h}"]))
        app.push(first_scene(app))
        app.args.exit_after = CHUNK
        start = time.monotonic()
        end = start + args.minutes * 60
        figures: list[float] = []
        matches = 0
        say("# minute rss_mb children_rss_mb matches")
        try:
            while time.monotonic() < end and app.running:
                app.run()
                if not playing(app):
                    matches += 1
                    next_match(app, matches, sizes, args.level)
                minute = int((time.monotonic() - start) // 60)
                if minute >= len(figures):
                    figures.append(rss_mb())
                    say(f"{minute} {figures[-1]:.1f} {children_rss_mb():.1f} {matches}")
        finally:
            app.nav.close_all()
            app.bot_worker.shutdown(wait=False, cancel_futures=True)
            app.people_worker.shutdown(wait=False, cancel_futures=True)
            pygame.quit()
    say(summary(figures, matches))
    if log is not None:
        log.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
