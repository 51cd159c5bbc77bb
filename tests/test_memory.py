"""The memory of a long session (issue 27, "Also measure"): every picture the
window keeps for reuse (rendered cards, words, boxes, the table's cards and its
HUD's parts, the suit emblems) stays within its budget whatever window sizes and
words a session goes through, and the pictures of the size in use stay kept.

The budgets are made small here (so a few sizes are enough to pass them);
counting bytes of the pictures kept, never the process's memory or the time."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pygame
import pytest
from window_helpers import inline_app, new_table, tick

from tute_desktop import resources
from tute_desktop.app import App
from tute_desktop.ui import gfx, widgets

KB = 1 << 10
MB = 1 << 20


def kept_bytes(cache: object) -> int:
    """The bytes of the pictures a cache holds (a dict or ``Pictures``)."""
    surfaces: Iterable[object] = cache.values()  # type: ignore[attr-defined]
    return sum(s.get_width() * s.get_height() * s.get_bytesize()
               for s in surfaces if isinstance(s, pygame.Surface))


def picture(w: int, h: int) -> pygame.Surface:
    return pygame.Surface((w, h), pygame.SRCALPHA)  # 4 bytes a pixel


def test_pictures_keep_the_most_recently_used_within_bytes_and_count() -> None:
    from tute_desktop.resources import Pictures

    kept: Pictures[str] = Pictures(most_bytes=40 * KB, most=3)
    a, b, c = picture(64, 64), picture(64, 64), picture(32, 32)  # 16, 16 and 4 KB
    kept.put("a", a)
    kept.put("b", b)
    assert kept.get("a") is a  # now the most recently used: b is the oldest
    kept.put("c", c)
    assert kept.bytes == 36 * KB and len(kept) == 3
    kept.put("d", picture(32, 32))  # a fourth picture: the oldest (b) goes
    assert "b" not in kept and all(k in kept for k in "acd")
    kept.most = 10
    kept.put("e", picture(96, 96))  # 36 KB: past 40 KB, the oldest (a, then c) go
    assert "a" not in kept and "c" not in kept and "d" in kept and "e" in kept
    assert kept.bytes == kept_bytes(kept) == 40 * KB
    huge = picture(128, 128)  # 64 KB: more than the whole budget
    assert kept.put("huge", huge) is huge and "huge" not in kept and kept.bytes == 40 * KB
    kept.put("e", picture(32, 32))  # the same key again: counted once
    assert kept.bytes == kept_bytes(kept) == 8 * KB
    kept.clear()
    assert len(kept) == 0 and kept.bytes == 0


def test_words_kept_stay_within_their_budget(app: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hundreds of different words at a big size (names typed, notices, a window
    that makes the letters big) keep at most the budget; the last words stay kept."""
    monkeypatch.setattr(resources, "LEAST_BYTES", MB // 2, raising=False)
    text = widgets.Text()
    text.fit((640, 360))  # 0.9 MB of pixels: half of it
    for n in range(400):
        last = text.render(f"Bot medio {n} juega el as de oros", 60)
    assert kept_bytes(text._cache) <= resources.screen_bytes((640, 360), widgets.TEXT_SCREENS)
    assert text.render("Bot medio 399 juega el as de oros", 60) is last


def test_budgets_follow_the_window_up_to_4k() -> None:
    small, qhd, uhd = (resources.screen_bytes(size, 1.0)
                       for size in ((640, 360), (2560, 1440), (3840, 2160)))
    assert small == resources.LEAST_BYTES and qhd == 2560 * 1440 * 4
    assert uhd == 3840 * 2160 * 4
    assert resources.screen_bytes((960, 20000), 1.0) == uhd  # no window holds more


def test_fonts_kept_stay_few_and_small(app: object) -> None:
    """Fonts of many sizes (every window size has its own) are kept within a
    count and within a sum of sizes squared (a font keeps its letters: a
    2,400-pixel one held 13 MB), the one in use kept."""
    text = widgets.Text()
    for size in [*range(8, 300), *range(400, 2400, 200), *range(400, 1000, 100)]:
        font = text.font(size)
    assert len(text._fonts) <= widgets.FONTS_MOST
    assert sum(size ** 2 for size, _ in text._fonts) <= widgets.FONT_AREA
    assert text.font(900) is font


def test_boxes_kept_stay_within_their_budget(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Panels of many sizes (each window size lays its boxes out anew) are kept
    as the window's textures within the budget of its size in pixels; the box
    in use stays kept (drawn again, nothing is made anew)."""
    monkeypatch.setattr(gfx, "LEAST_BYTES", MB // 2)
    app.set_window_size((1280, 720))
    textures = app.screen.textures
    canvas = app.screen.canvas()
    for n in range(40):
        widgets.panel(canvas, pygame.Rect(0, 0, 1000 + n, 700))  # about 2.8 MB each
    assert textures.bytes <= 1280 * 720 * 4 * gfx.TEXTURES_SCREENS
    made: list[object] = []
    real = textures.put
    monkeypatch.setattr(textures, "put", lambda key, t: made.append(key) or real(key, t))
    widgets.panel(canvas, pygame.Rect(0, 0, 1039, 700))
    assert made == []
    app.set_window_size((960, 540))  # a smaller window: the oldest go at once
    assert textures.bytes <= 960 * 540 * 4 * gfx.TEXTURES_SCREENS


SMALL = {
    (resources, "LEAST_BYTES"): MB // 2,
    (resources, "IMAGES_SCREENS"): 0.5,
    (widgets, "TEXT_SCREENS"): 0.2,
    (gfx, "LEAST_BYTES"): MB // 2,
    (gfx, "TEXTURES_SCREENS"): 0.5,
}
"""Budgets smaller than a round needs, so that a few sizes pass them."""
SIZES = [(960 + 40 * n, 540 + 24 * n) for n in range(24)]
"""Window sizes a session tries (a corner dragged, full screen on and off)."""


def test_a_table_through_many_window_sizes_keeps_each_cache_within_its_budget(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table resized to 24 sizes, cards dealt and moving at each: the cards
    rendered, the words, the table's card pictures, its HUD's parts and the
    emblems stay within their budgets (they kept every size's, issue 27); back
    at 1280x720 a whole frame is drawn from what is kept, no card rendered anew.
    The budgets follow the window's size: those of the last size hold."""
    for (module, name), value in SMALL.items():
        monkeypatch.setattr(module, name, value, raising=False)
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    app = inline_app()
    try:
        new_table(app, "habanero")
        for size in [*SIZES, (1280, 720)]:
            app.set_window_size(size)
            tick(app, 12, 0.05)  # the deal under way: cards in flight and at rest
        window = 1280 * 720 * 4
        budgets = {
            "cards rendered": (app.resources._images, max(MB // 2, window * 0.5)),
            "words": (app.text._cache, max(MB // 2, window * 0.2)),
        }
        over = {what: kept_bytes(cache) for what, (cache, most) in budgets.items()
                if kept_bytes(cache) > most}
        assert not over, f"caches past their budgets: {over}"
        # The renderer's textures (cards, words, boxes at pixel size), counted
        # by the cache itself: their pixels are the renderer's, not Surfaces.
        assert app.screen.textures.bytes <= max(MB // 2, window * 0.5)
        assert app.screen.textures.bytes == sum(
            t.width * t.height * 4 for t, _ in app.screen.textures._kept.values())
        assert len(app.text._fonts) <= widgets.FONTS_MOST

        rendered: list[tuple[int, int]] = []
        real = pygame.image.load_sized_svg

        def counted(path: str, size: tuple[int, int]) -> pygame.Surface:
            rendered.append(size)
            return real(path, size)

        monkeypatch.setattr(pygame.image, "load_sized_svg", counted)
        tick(app, 60, 0.05)  # the deal ends, cards settle (a few new pictures)
        rendered.clear()
        tick(app, 2, 0.0)
        assert rendered == []
    finally:
        app.nav.close_all()


def test_a_closed_table_keeps_no_pictures(app: object) -> None:
    """A table holds no pixels of its own (its pictures are the window's
    textures, within the window's budget): leaving it leaves none behind."""
    from window_helpers import on_title

    table = new_table(app, "habanero")  # type: ignore[arg-type]
    tick(app, 20, 0.05)  # type: ignore[arg-type]
    on_title(app)  # type: ignore[arg-type]
    held = [v for obj in (table, table.cards, table.hud) for v in vars(obj).values()]
    assert not [v for v in held if isinstance(v, pygame.Surface)]
