"""What changed on screen since the last frame, for ``Scene.dirty_rects``.

A scene that draws the same things in the same places most frames (a table with
a few cards moving) records, each frame, every piece it draws under a key with
its rectangle and what it looks like; ``rects()`` then gives the regions whose
pixels may differ from the frame before: where a piece appeared, moved, changed
or went away. Anything it cannot describe so (a new size or setting) is a
``whole()`` frame. The scene then draws again only inside those regions
(``merged``, each clipped) and the window shows only them, unless they cover
most of it (``covers_most``).

    regions = DirtyRegions()
    ...in draw: regions.piece(("card", c), rect, (name, angle)) for each card...
    ...in draw: changed = regions.rects()  (None: draw and show all of it)
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

MERGE_SHARE = 0.6
"""Past this share of the screen, one update of the whole screen is cheaper."""


class DirtyRegions:
    """Pieces drawn this frame against the frame before (see the module doc)."""

    def __init__(self) -> None:
        self._before: dict[Hashable, tuple[pygame.Rect, Hashable]] = {}
        self._now: dict[Hashable, tuple[pygame.Rect, Hashable]] = {}
        self._whole = True
        self._extra: list[pygame.Rect] = []

    def piece(self, key: Hashable, rect: pygame.Rect, look: Hashable = None) -> None:
        """``key`` (which piece) is drawn at ``rect`` looking like ``look``
        (``rect`` is kept: it must not change afterwards)."""
        self._now[key] = (rect, look)

    def area(self, rect: pygame.Rect) -> None:
        """This region changed this frame, whatever was drawn there."""
        self._extra.append(pygame.Rect(rect))

    def whole(self) -> None:
        """Everything may have changed this frame (the first, a resize, a new text)."""
        self._whole = True

    def rects(self) -> list[pygame.Rect] | None:
        """The regions that changed since the last call (None: all of the screen),
        and start a new frame."""
        before, now = self._before, self._now
        self._before, self._now = now, {}
        extra, self._extra = self._extra, []
        if self._whole:
            self._whole = False
            return None
        changed = list(extra)
        for key, new in now.items():
            old = before.pop(key, None)
            if old is None:
                changed.append(new[0])
            elif old is not new and old != new:
                changed.append(old[0])
                changed.append(new[0])
        changed.extend(old[0] for old in before.values())  # gone
        return changed


def covers_most(rects: list[pygame.Rect], screen: tuple[int, int]) -> bool:
    """``rects`` cover more than ``MERGE_SHARE`` of a screen this size: one update
    of all of it is cheaper than one per region."""
    return sum(r.w * r.h for r in rects) > MERGE_SHARE * screen[0] * screen[1]


def merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` with those that overlap or touch joined into their union, until
    none do: fewer, larger regions, each drawn once."""
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = pygame.Rect(rect)
        joined = True
        while joined:  # a union may reach others kept before
            joined = False
            for i, other in enumerate(out):
                if rect.inflate(2, 2).colliderect(other):
                    rect.union_ip(other)
                    del out[i]
                    joined = True
                    break
        if rect.w > 0 and rect.h > 0:
            out.append(rect)
    return out
