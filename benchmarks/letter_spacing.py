"""How evenly a face spaces its letters at the game's small sizes (issue 29).

For each line and size, every pair of neighbouring letters inside a word gets the
gap between their ink as drawn (the first column of the second letter's ink minus
the last column of the first's, in pixels: each letter's ink is what it adds to
the line drawn up to it, so kerning and hinting count). A gap is set against what
the face's design gives it: the same pair's gap at 20 times the size, scaled
down. The "error" spread (standard deviation, and max - min) is the unevenness a
reader sees ("Corrie nte"); the raw gaps' spread is shown too, though part of it
is the design's own (an "rr" sits closer than an "nt").

    .venv/bin/python benchmarks/letter_spacing.py

The old face is pygame's default (``pygame.font.Font(None, n)``, freesansbold, drawn
at 0.6875 n pixels); the new one is the game's (``widgets.Text.font``).
"""

from __future__ import annotations

import os
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from tute_desktop.ui.widgets import Text  # noqa: E402

LINES = (
    "Corriente: what is different",
    "Triunfo: oros — Rey (12)",
    "¿Cuántas bazas ganó el compañero? Canté las cuarenta",
)
SIZES = (18, 20, 22, 24)  # the game's sizes for small words: 12 to 16 pixels
BIG = 20


def ink_columns(font: pygame.font.Font, text: str) -> list[int]:
    """Per column, the most opaque pixel of ``text`` drawn white on nothing."""
    surf = font.render(text, True, (255, 255, 255))
    w, h = surf.get_size()
    data = pygame.image.tobytes(surf, "RGBA")
    return [max(data[(y * w + x) * 4 + 3] for y in range(h)) for x in range(w)]


def letter_inks(font: pygame.font.Font, text: str) -> list[tuple[int, int] | None]:
    """For each character, the first and last column of the ink it adds."""
    out: list[tuple[int, int] | None] = []
    before: list[int] = []
    for i in range(1, len(text) + 1):
        now = ink_columns(font, text[:i])
        new = [x for x, a in enumerate(now)
               if a >= 128 and (x >= len(before) or before[x] < 64)]
        out.append((new[0], new[-1]) if new else None)
        before = now
    return out


def gaps(font: pygame.font.Font, text: str) -> list[float]:
    inks = letter_inks(font, text)
    found = []
    for i in range(len(text) - 1):
        a, b = inks[i], inks[i + 1]
        if text[i].isalpha() and text[i + 1].isalpha() and a and b:
            found.append(float(b[0] - a[1] - 1))
    return found


def spread(values: list[float]) -> tuple[float, float]:
    return statistics.pstdev(values), max(values) - min(values)


def measure(name: str, make: Callable[[int], pygame.font.Font], scale: float) -> None:
    print(f"\n{name}")
    print(f"{'size':>4} {'px':>3}  {'gaps sd':>7} {'max-min':>7}  {'error sd':>8} {'max-min':>7}"
          f"  {'|error|>=1':>10}")
    for size in SIZES:
        small, big = make(size), make(size * BIG)
        raw: list[float] = []
        error: list[float] = []
        for line in LINES:
            g, ideal = gaps(small, line), gaps(big, line)
            raw += g
            error += [x - y / BIG for x, y in zip(g, ideal, strict=True)]
        far = sum(abs(e) >= 1 for e in error) / len(error)
        print(f"{size:>4} {round(size * scale):>3}  {spread(raw)[0]:7.2f} {spread(raw)[1]:7.0f}"
              f"  {spread(error)[0]:8.2f} {spread(error)[1]:7.2f}  {far:10.0%}")


def main() -> None:
    pygame.font.init()
    text = Text()

    def old(n: int) -> pygame.font.Font:
        return pygame.font.Font(None, n)  # what the game used before issue 29

    print("Letter gaps inside words (pixels), lines:", *LINES, sep="\n  ")
    measure("pygame's default face (freesansbold)", old, 0.6875)
    measure("Inter (the game's face)", text.font, 0.6875)


if __name__ == "__main__":
    main()
