"""Where a table frame's time goes (issues 18, 28): an autoplayed habanero round
at speed 1, each frame timed whole and by part (input, update, describing the
table, painting the description on the renderer, presenting it), the slowest
frames grouped by the step on the table (deal, draw, trick...).

    python benchmarks/frame_parts.py                   # 1280x720, dummy video driver
    python benchmarks/frame_parts.py --size 1920x1080 --level expert
    taskset -c 1 python benchmarks/frame_parts.py      # alone on a core: steadier

For finding what to make cheaper, not for the targets (``frame_times.py`` measures
those, under Xvfb beside the floor). Times are the process's CPU time per frame
(``time.thread_time``), so another program on the machine disturbs them less.
"""

from __future__ import annotations

import argparse
import collections
import gc
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

PHASES = ("input", "update", "describe", "paint", "present", "save", "gc")


def _p99(values: list[float]) -> float:
    values = sorted(values)
    return values[int(0.99 * (len(values) - 1))] if values else float("nan")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--level", default="medium", choices=("medium", "expert"))
    p.add_argument("--slow", type=float, default=1.5, help="a slow frame, in ms (default 1.5)")
    p.add_argument("--wall", action="store_true",
                   help="wall-clock time with the real video driver (run it under Xvfb):"
                        " waits on the display and the disk count too")
    args = p.parse_args(argv)
    if not args.wall:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["TUTE_HOME"] = tempfile.mkdtemp()
    from tute_desktop import app
    from tute_desktop.game import persist
    from tute_desktop.ui import gfx
    from tute_desktop.ui.table import picture, scene

    clock = time.perf_counter if args.wall else time.thread_time
    now: dict[str, float] = collections.defaultdict(float)
    frames: list[dict[str, Any]] = []

    def timed(owner: type, name: str, phase: str) -> None:
        real: Callable[..., Any] = getattr(owner, name)

        def wrapper(*a: Any, **k: Any) -> Any:
            t = clock()
            try:
                return real(*a, **k)
            finally:
                now[phase] += clock() - t
        setattr(owner, name, wrapper)

    started: list[float] = []

    def collecting(phase: str, info: dict[str, Any]) -> None:
        """The garbage collector's time, wherever in the frame it runs."""
        if phase == "start":
            started.append(clock())
        elif started:
            now["gc"] += clock() - started.pop()
    gc.callbacks.append(collecting)

    timed(scene.TableScene, "update", "update")
    timed(scene.TableScene, "describe", "describe")
    timed(app.App, "dispatch", "input")
    timed(persist, "write_json_atomic", "save")
    timed(app.App, "draw_frame", "draw")
    paint = picture.paint_table

    def painted(*a: Any, **k: Any) -> Any:
        t = clock()
        try:
            return paint(*a, **k)
        finally:
            now["paint"] += clock() - t
    scene.paint_table = painted  # type: ignore[assignment]
    present = gfx.Screen.present
    windows: list[app.App] = []
    started_app = app.App.__init__

    def made(self: app.App, *a: Any, **k: Any) -> None:
        started_app(self, *a, **k)
        windows.append(self)
    app.App.__init__ = made  # type: ignore[method-assign]

    def shown(screen: gfx.Screen) -> None:
        """The end of a frame: kept when it showed the table."""
        t = clock()
        present(screen)
        now["present"] += clock() - t
        top = windows[-1].top if windows else None
        if isinstance(top, scene.TableScene):
            step = top.controller.current
            kind = step.kind if step is not None else "-"
        else:  # the round's end: the summary over the table
            kind = type(top).__name__
        frames.append({"total": sum(now[k] for k in ("input", "update", "draw", "present"))
                       * 1000, **{k: now[k] * 1000 for k in PHASES}, "step": kind})
        now.clear()
    gfx.Screen.present = shown  # type: ignore[method-assign]

    app.main(["--autoplay", "--variant", "habanero", "--speed", "1", "--size", args.size,
              "--seed", "1", "--quit-after-rounds", "1", "--level", args.level])
    frames = frames[1:]  # the first frame renders every card once
    total = [f["total"] for f in frames]
    what = "wall-clock ms" if args.wall else "ms of CPU"
    print(f"{len(frames)} table frames at {args.size}, {args.level} bots; {what} a frame")
    print(f"whole frame: median {statistics.median(total):.2f}, p99 {_p99(total):.2f}")
    slow = [f for f in frames if f["total"] > args.slow]
    print(f"\n| part | median | p99 | mean in the {len(slow)} frames over {args.slow} ms |")
    print("| --- | ---: | ---: | ---: |")
    for k in PHASES:
        v = [f[k] for f in frames]
        mean = statistics.mean(f[k] for f in slow) if slow else float("nan")
        print(f"| {k} | {statistics.median(v):.3f} | {_p99(v):.3f} | {mean:.3f} |")
    steps = collections.Counter(f["step"] for f in slow)
    print("\nslow frames by step:", ", ".join(f"{k} {n}" for k, n in steps.most_common()))
    print("\nslowest frames:")
    for f in sorted(frames, key=lambda f: -f["total"])[:8]:
        print(f"  {f['total']:.2f} ms, {f['step']}: " + ", ".join(
            f"{k} {f[k]:.2f}" for k in PHASES if f[k] >= 0.05))
    return 0


if __name__ == "__main__":
    sys.exit(main())
