"""Compare two folders of screenshots pixel by pixel (issue 16: "screenshots of
every scene before and after match, by a pixel comparison with a small
tolerance").

    python tools/compare_screenshots.py BEFORE_DIR AFTER_DIR [--tolerance 8] [--diff OUT_DIR]

A pixel differs when any channel differs by more than ``--tolerance``. For each
file present in both folders it prints how many pixels differ and the box that
holds them; ``--diff`` writes, for each differing file, a picture with the
differing pixels in magenta over a dimmed copy of the "after" picture. Exits 1
when any picture differs (or is missing on one side).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402


def compare(a: pygame.Surface, b: pygame.Surface,
            tolerance: int) -> tuple[int, pygame.Rect | None, pygame.Surface | None]:
    """(differing pixels, their bounding box, a picture of them) of two same-sized
    pictures."""
    if a.get_size() != b.get_size():
        return a.get_width() * a.get_height(), a.get_rect(), None
    w, h = a.get_size()
    ra, rb = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    if ra == rb:
        return 0, None, None
    mark = b.copy()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    mark.blit(shade, (0, 0))
    count = 0
    box: pygame.Rect | None = None
    for i in range(0, len(ra), 3):
        if max(abs(ra[i] - rb[i]), abs(ra[i + 1] - rb[i + 1]), abs(ra[i + 2] - rb[i + 2])) \
                > tolerance:
            count += 1
            p = i // 3
            x, y = p % w, p // w
            mark.set_at((x, y), (255, 0, 255))
            pixel = pygame.Rect(x, y, 1, 1)
            box = pixel if box is None else box.union(pixel)
    return count, box, mark


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("before", type=Path)
    p.add_argument("after", type=Path)
    p.add_argument("--tolerance", type=int, default=8)
    p.add_argument("--diff", type=Path, help="write pictures of the differences here")
    args = p.parse_args(argv)
    pygame.init()
    names = sorted({f.name for f in args.before.glob("*.png")}
                   | {f.name for f in args.after.glob("*.png")})
    differ = 0
    for name in names:
        a, b = args.before / name, args.after / name
        if not a.exists() or not b.exists():
            print(f"{name}: only in {'after' if not a.exists() else 'before'}")
            differ += 1
            continue
        count, box, mark = compare(pygame.image.load(str(a)), pygame.image.load(str(b)),
                                   args.tolerance)
        if count:
            differ += 1
            assert box is not None
            print(f"{name}: {count} pixels differ, in x {box.left}-{box.right}, "
                  f"y {box.top}-{box.bottom}")
            if args.diff and mark is not None:
                args.diff.mkdir(parents=True, exist_ok=True)
                pygame.image.save(mark, str(args.diff / name))
        else:
            print(f"{name}: same")
    print(f"{len(names) - differ} of {len(names)} pictures match")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
