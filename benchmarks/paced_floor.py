"""Run the renderer floor (``../shared/bench/renderer_floor.py``) unchanged, with
its frames paced as the game paces its own: at most 60 a second
(``app.FPS``), the wait between frames not counted in a frame's time.

Why: the floor draws its frames back to back, so on a CPU rasteriser (Mesa's
llvmpipe under Xvfb here) each frame's rasterising overlaps the next frame's
work, and ``present`` returns early; the game waits for the next sixtieth of a
second between frames, so each of its frames pays its rasterising in full.
Measured at 1280x720 (stop 39): the floor's own frame, median 2.2 ms back to
back, is 4.5 ms paced. The game's frames are compared with both
(``frame_times.py``).

    python benchmarks/paced_floor.py PATH/renderer_floor.py WxH [RATIO]

The wait is put where the floor's frame starts (its ``pygame.event.pump``),
and ``time.perf_counter`` as the floor sees it leaves the waits out.
"""

from __future__ import annotations

import runpy
import sys
import time

import pygame

FPS = 60
"""The game's frame rate (``tute_desktop.app.FPS``)."""


def main() -> None:
    real = time.perf_counter
    waited = 0.0
    last: float | None = None

    def counter() -> float:
        return real() - waited

    pump = pygame.event.pump

    def paced_pump() -> None:
        nonlocal waited, last
        if last is not None:
            wait = last + 1.0 / FPS - real()
            if wait > 0:
                start = real()
                time.sleep(wait)
                waited += real() - start
        last = real()
        pump()

    time.perf_counter = counter
    pygame.event.pump = paced_pump
    path = sys.argv[1]
    sys.argv = sys.argv[1:]
    runpy.run_path(path, run_name="__main__")


if __name__ == "__main__":
    main()
