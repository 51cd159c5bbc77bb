"""What changed on screen since the last frame, for ``Scene.dirty_rects``.

A scene that draws the same things in the same places most frames (a table with
a few cards moving) records, each frame, every piece it draws under a key with
its rectangle and what it looks like; ``rects()`` then gives the regions whose
pixels may differ from the frame before: where a piece appeared, moved, changed
or went away. Anything it cannot describe so (a panel whose words changed, a
fade) is a ``whole()`` frame. The scene still draws everything into its surface;
only the window's update is limited to these regions.

    regions = DirtyRegions()
    ...in draw: regions.piece(("card", c), rect, (name, angle)) for each card...
    ...in dirty_rects: return regions.rects()
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
        """``key`` (which piece) is drawn at ``rect`` looking like ``look``."""
        self._now[key] = (pygame.Rect(rect), look)

    def area(self, rect: pygame.Rect) -> None:
        """This region changed this frame, whatever was drawn there."""
        self._extra.append(pygame.Rect(rect))

    def whole(self) -> None:
        """Everything may have changed this frame (the first, a resize, a new text)."""
        self._whole = True

    def rects(self, screen: tuple[int, int] | None = None) -> list[pygame.Rect] | None:
        """The regions that changed since the last call (None: all of the screen),
        and start a new frame. ``screen``: its size, to answer None when the
        regions cover most of it."""
        before, now = self._before, self._now
        self._before, self._now = now, {}
        extra, self._extra = self._extra, []
        if self._whole:
            self._whole = False
            return None
        changed = list(extra)
        for key in before.keys() | now.keys():
            old, new = before.get(key), now.get(key)
            if old == new:
                continue
            changed.extend(entry[0] for entry in (old, new) if entry is not None)
        if screen is not None and changed:
            cover = sum(r.w * r.h for r in changed)
            if cover > MERGE_SHARE * screen[0] * screen[1]:
                return None
        return changed
