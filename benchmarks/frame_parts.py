"""Where a table frame's time goes (issue 18): an autoplayed habanero round at
speed 1, each ``TableScene.draw`` timed whole and by part (planning the cards,
the HUD's look and parts, the changed regions, drawing cards and HUD parts), the
slowest frames grouped by the step on the table (deal, draw, trick...).

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
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

PHASES = ("plan", "look", "parts", "rects", "cards", "hud")


def _p99(values: list[float]) -> float:
    values = sorted(values)
    return values[int(0.99 * (len(values) - 1))] if values else float("nan")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--level", default="medium", choices=("medium", "expert"))
    p.add_argument("--slow", type=float, default=1.5, help="a slow frame, in ms (default 1.5)")
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["TUTE_HOME"] = tempfile.mkdtemp()
    from tute_desktop import app
    from tute_desktop.ui.dirty import DirtyRegions
    from tute_desktop.ui.table import cards, hud, scene

    clock = time.thread_time
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

    timed(cards.CardLayer, "plan", "plan")
    timed(hud.Hud, "look", "look")
    timed(hud.Hud, "parts", "parts")
    timed(DirtyRegions, "rects", "rects")
    timed(cards.CardLayer, "paint", "cards")
    timed(scene.TableScene, "_paint_part", "hud")
    draw = scene.TableScene.draw

    def whole_draw(table: scene.TableScene, surface: Any) -> None:
        now.clear()
        t = clock()
        draw(table, surface)
        step = table.controller.current
        frames.append({"total": (clock() - t) * 1000,
                       **{k: now[k] * 1000 for k in PHASES},
                       "step": step.kind if step is not None else "-"})
    scene.TableScene.draw = whole_draw  # type: ignore[method-assign,assignment]

    app.main(["--autoplay", "--variant", "habanero", "--speed", "1", "--size", args.size,
              "--seed", "1", "--quit-after-rounds", "1", "--level", args.level])
    frames = frames[1:]  # the first frame renders every card once
    total = [f["total"] for f in frames]
    print(f"{len(frames)} table frames at {args.size}, {args.level} bots; ms of CPU a frame")
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
