"""Only what changed is shown (issue 18): the regions a scene reports, and the
window updating only those."""

from __future__ import annotations

import pygame
import pytest

from tute_desktop.ui.dirty import DirtyRegions, covers_most
from tute_desktop.ui.scene import Scene


def frame(regions: DirtyRegions, pieces: dict[str, tuple[pygame.Rect, str]],
          screen: tuple[int, int] | None = None) -> list[pygame.Rect] | None:
    """One frame's pieces; what changed (None: all of it, as for a ``screen`` this
    size when the regions cover most of it)."""
    for key, (rect, look) in pieces.items():
        regions.piece(key, rect, look)
    changed = regions.rects()
    if changed is None or screen is None or not covers_most(changed, screen):
        return changed
    return None


def test_the_first_frame_is_whole_then_only_what_moved_or_changed() -> None:
    regions = DirtyRegions()
    a, b = pygame.Rect(0, 0, 10, 10), pygame.Rect(50, 50, 10, 10)
    assert frame(regions, {"a": (a, "x"), "b": (b, "y")}) is None
    assert frame(regions, {"a": (a, "x"), "b": (b, "y")}) == []
    moved = a.move(5, 0)
    assert frame(regions, {"a": (moved, "x"), "b": (b, "y")}) == [a, moved]
    assert frame(regions, {"a": (moved, "x"), "b": (b, "z")}) == [b, b]


def test_a_piece_gone_or_new_and_an_area_count() -> None:
    regions = DirtyRegions()
    a, b, c = pygame.Rect(0, 0, 10, 10), pygame.Rect(50, 50, 10, 10), pygame.Rect(1, 2, 3, 4)
    frame(regions, {"a": (a, "x")})
    assert frame(regions, {"b": (b, "x")}) is not None
    assert sorted(map(tuple, frame(regions, {"b": (b, "x")}) or [])) == []
    regions.area(c)
    assert frame(regions, {"b": (b, "x")}) == [c]
    assert frame(regions, {}) == [b]


def test_whole_and_most_of_the_screen_update_everything() -> None:
    regions = DirtyRegions()
    a = pygame.Rect(0, 0, 90, 90)
    frame(regions, {"a": (a, "x")})
    regions.whole()
    assert frame(regions, {"a": (a, "x")}) is None
    assert frame(regions, {"a": (a, "y")}, screen=(100, 100)) is None
    assert frame(regions, {"a": (a, "z")}, screen=(1000, 1000)) == [a, a]


class Patch(Scene):
    """Reports one small region after its first frame."""

    def dirty_rects(self) -> list[pygame.Rect] | None:
        self.asked = getattr(self, "asked", 0) + 1
        return None if self.asked == 1 else [pygame.Rect(0, 0, 8, 8)]


def test_the_window_updates_the_regions_a_scene_reports(
        app: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from tute_desktop.app import App

    assert isinstance(app, App)
    calls: list[str] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: calls.append("flip"))
    monkeypatch.setattr(pygame.display, "update", lambda rects: calls.append(f"update {rects}"))
    app.reset_to(Patch(app))
    for _ in range(3):
        app.draw_frame()
        app._show()
    assert calls == ["flip", "update [Rect(0, 0, 8, 8)]", "update [Rect(0, 0, 8, 8)]"]
    app.push(Scene(app))  # another scene: shown whole (the default answer)
    app.draw_frame()
    app._show()
    assert calls[-1] == "flip"
