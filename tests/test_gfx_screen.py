"""The window's painter (``ui.gfx``, issue 28): what the Canvas and the Screen
promise, seen in the pixels of a frame."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from tute_desktop import app as app_module
from tute_desktop.app import App, parse_args
from tute_desktop.ui import gfx, widgets
from tute_desktop.ui.scene import Scene
from tute_desktop.ui.scenes import MessageScene

BLACK, RED, GREEN, BLUE = (0, 0, 0), (200, 0, 0), (0, 200, 0), (0, 0, 200)


@pytest.fixture(params=[1, 2], ids=["ratio1", "ratio2"])
def screen(request: pytest.FixtureRequest, tmp_path: Path,
           monkeypatch: pytest.MonkeyPatch) -> Iterator[gfx.Screen]:
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    app = App(parse_args(["--size", "960x540", "--pixel-ratio", str(request.param)]))
    yield app.screen
    app.nav.close_all()
    app.screen.close()


def colour(picture: pygame.Surface, ratio: float, point: tuple[int, int]) -> tuple[int, ...]:
    return tuple(picture.get_at((int(point[0] * ratio), int(point[1] * ratio))))[:3]


def test_a_clip_inside_a_clip_is_cut_by_it_and_gives_it_back(screen: gfx.Screen) -> None:
    """Drawing inside two clips shows only where both allow; once the inner one
    ends, the outer one holds again (it did not: the window was left unclipped,
    or clipped from the outer's corner to infinity)."""
    canvas = screen.canvas()
    canvas.clear(BLACK)
    with canvas.clipped((100, 100, 200, 200)):
        with canvas.clipped((200, 200, 300, 300)):
            canvas.fill(RED)
        canvas.fill(GREEN, (0, 0, 150, 150))
    canvas.fill(BLUE, (0, 0, 20, 20))  # unclipped again
    picture = screen.read_pixels()
    r = canvas.ratio
    assert colour(picture, r, (250, 250)) == RED
    assert colour(picture, r, (350, 350)) == BLACK, "the inner clip reached beyond the outer"
    assert colour(picture, r, (125, 125)) == GREEN
    assert colour(picture, r, (50, 50)) == BLACK, "the outer clip was not given back"
    assert colour(picture, r, (10, 10)) == BLUE


def test_a_clip_that_leaves_nothing_shows_nothing(screen: gfx.Screen) -> None:
    canvas = screen.canvas()
    canvas.clear(BLACK)
    with canvas.clipped((0, 0, 100, 100)), canvas.clipped((300, 300, 100, 100)):
        canvas.fill(RED)
        canvas.rect(GREEN, (0, 0, 500, 500), width=3, radius=8)
    picture = screen.read_pixels()
    assert pygame.transform.average_color(picture)[:3] == BLACK


def test_the_pixel_ratio_is_asked_again_each_frame_and_after_the_window_changes(
        screen: gfx.Screen, monkeypatch: pytest.MonkeyPatch) -> None:
    """``Screen.ratio`` is remembered within a frame (the table asks a dozen
    times a frame, each a question to the renderer), and asked of the system
    again at each new frame and after the window says it changed: a window
    moved to a display of another density is drawn at the new ratio."""
    expected = screen.ratio
    assert screen.canvas().ratio == expected
    asked = []
    real = gfx.Screen.pixel_size.fget
    assert real is not None
    monkeypatch.setattr(gfx.Screen, "pixel_size",
                        property(lambda s: asked.append(1) or real(s)))
    for _ in range(10):
        assert screen.ratio == expected
    assert not asked  # remembered
    # the drawable doubles, as on a move to a display of twice the density
    monkeypatch.setattr(gfx.Screen, "pixel_size",
                        property(lambda s: tuple(2 * v for v in real(s))))
    assert screen.ratio == expected  # until the window says so, or a frame begins
    screen.changed()
    assert screen.ratio == 2 * expected
    screen.changed()
    assert screen.canvas().ratio == 2 * expected


def test_the_width_of_words_is_the_fonts_and_remembered(app: App) -> None:
    """``Text.width`` answers what the font measures, for every size and
    weight, and stays right past the number it remembers."""
    text = app.text
    words = ["Triunfo: oros", "Bot 1", "Cantar 40", "", "¡Capote!"]
    for size in (12, 20, 33):
        for bold in (False, True):
            for w in words:
                assert text.width(w, size, bold) == text.font(size, bold).size(w)[0]
    for k in range(widgets.WIDTHS_MOST + 5):
        text.width(str(k), 14)
    assert text.width("Triunfo: oros", 20, True) == text.font(20, True).size("Triunfo: oros")[0]


def test_asking_the_screen_its_size_while_clipped_keeps_the_clip(screen: gfx.Screen) -> None:
    """A scene may ask the ratio or read the frame in the middle of drawing: the
    clip it draws in holds (asking reset it to the whole window)."""
    canvas = screen.canvas()
    canvas.clear(BLACK)
    with canvas.clipped((0, 0, 100, 100)):
        assert screen.ratio == canvas.ratio
        assert screen.read_pixels().get_size() == screen.pixel_size
        canvas.fill(RED)
    picture = screen.read_pixels()
    assert colour(picture, canvas.ratio, (50, 50)) == RED
    assert colour(picture, canvas.ratio, (150, 150)) == BLACK


@pytest.mark.parametrize("lose_window", [False, True], ids=["picture_failed", "window_lost"])
def test_the_crash_screen_draws_after_the_renderer_failed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lose_window: bool) -> None:
    """An error from the renderer in the middle of a frame (a picture it could
    not take, inside a clip; or its window gone) is followed by the crash
    screen, drawn whole on a renderer that works: the same window when it still
    draws, else a new one of the same size in points."""
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    monkeypatch.setattr(app_module, "_headless", lambda: False)
    seen: list[tuple[object, gfx.Screen, tuple[int, int], pygame.Surface]] = []
    first: list[gfx.Screen] = []

    def run(self: App) -> int:
        if not first:
            first.append(self.screen)
            canvas = self.screen.canvas()
            with canvas.clipped((0, 0, 10, 10)):
                canvas.fill(RED)
                if lose_window:
                    self.screen.window.destroy()
                canvas.picture("bad", (0, 0, 5, 5), lambda w, h: pygame.Surface((0, 0)))
            raise AssertionError("the picture was made")
        canvas = self.screen.canvas()
        canvas.clear(GREEN)
        seen.append((self.top, self.screen, self.screen.size, self.screen.read_pixels()))
        return 0

    monkeypatch.setattr(App, "run", run)
    assert app_module.main(["--size", "1000x600", "--pixel-ratio", "2"]) == 1
    ((top, screen, size, picture),) = seen
    assert isinstance(top, MessageScene)
    assert (screen is first[0]) == (not lose_window)
    assert size == (1000, 600) and picture.get_size() == (2000, 1200)
    assert pygame.transform.average_color(picture)[:3] == GREEN  # the whole window


ROOT = Path(__file__).resolve().parent.parent
OLD_DISPLAY = re.compile(r"\bdisplay\s*\.\s*(set_mode|flip|update|get_surface)\s*\(")
"""The display module's window surface: gone since SDL's renderer paints the window."""


def test_nothing_paints_through_the_display_modules_window_surface() -> None:
    """The game, its tests, tools and benchmarks make and show the window through
    ``ui.gfx`` only: ``pygame.display.set_mode`` would open a second window (or
    drop the renderer's), and ``flip``/``update`` show a surface nobody paints."""
    found = []
    for folder in ("tute_desktop", "tests", "tools", "benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == Path(__file__).resolve():
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if OLD_DISPLAY.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


class Card(Scene):
    """A scene that paints one picture, kept as a texture, and counts the times
    the picture is made."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.made = 0

    def draw(self, canvas: gfx.Canvas) -> None:
        canvas.clear(BLACK)
        canvas.picture("card", (10, 10, 60, 90), self.make)

    def make(self, w: int, h: int) -> pygame.Surface:
        self.made += 1
        picture = pygame.Surface((w, h))
        picture.fill(GREEN)
        return picture


def test_a_reset_renderer_device_has_every_picture_made_again(app: App) -> None:
    """SDL says when the renderer's device was reset (Direct3D: the screen locked,
    a driver updated): its textures are gone, so each picture is made again
    instead of drawing a lost texture."""
    card = Card(app)
    app.reset_to(card)
    app.picture()
    assert card.made == 1
    app.args.exit_after = 0.2
    app.run()
    assert card.made == 1, "a kept picture is not made again"
    pygame.event.post(pygame.event.Event(pygame.RENDER_DEVICE_RESET))
    app.running = True
    app.run()
    assert card.made == 2
    assert colour(app.picture(), app.screen.ratio, (40, 50)) == GREEN


def test_a_window_left_open_at_quit_frees_nothing_of_the_next_one() -> None:
    """``pygame.quit`` with a screen still open (a test, a tool, the crash path)
    closes it first, its textures before their renderer; once its objects are
    collected, the next window's textures still draw. Before: SDL freed the old
    textures with their window, Python freed them again later, and a new texture
    made since at the same address was gone ('Parameter 'texture' is invalid')."""
    import gc

    from tute_desktop.ui.widgets import Text

    for _ in range(20):
        pygame.init()
        old = gfx.Screen("old", (320, 200))
        canvas = old.canvas()
        words = Text()
        for k in range(40):
            canvas.text(words, f"old {k}", 12, (5, 5))
        pygame.quit()
        assert old.closed
        pygame.init()
        new = gfx.Screen("new", (320, 200))
        words = Text()
        canvas = new.canvas()
        for k in range(40):
            canvas.text(words, f"new {k}", 12, (5, 5))
        del old, canvas
        gc.collect()
        canvas = new.canvas()
        for k in range(40):  # the same words: textures kept from before
            canvas.text(words, f"new {k}", 12, (5, 5))
        new.present()
        new.close()
    pygame.init()
