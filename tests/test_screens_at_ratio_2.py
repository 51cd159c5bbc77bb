"""The menu-like screens at pixel ratio 2 (``--pixel-ratio 2``, as on a Retina
Mac): twice the pixels, words and cards drawn at that size (sharp, not a 1x
picture stretched), a click where the player sees a button pressing it; and the
crash screen, painted by the renderer too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from window_helpers import inline_app, on_title

from tute_desktop import app as app_module
from tute_desktop.app import App
from tute_desktop.ui.scenes import MessageScene, SettingsScene

SIZE = (960, 540)
STEEP = 96
"""A step of brightness between two neighbouring pixels this large is an edge
a player sees as sharp; a 1x picture stretched by 2 spreads its steps over two
pixels, about half as steep each."""


@pytest.fixture
def windows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[int, App]]:
    """The title at 960x540 points, at ratio 1 and at ratio 2."""
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    apps = {r: inline_app("--size", "x".join(map(str, SIZE)), "--pixel-ratio", str(r))
            for r in (1, 2)}
    for a in apps.values():
        on_title(a)
    yield apps
    for a in apps.values():
        a.nav.close_all()
        a.writer.close()


def steep_edges(picture: pygame.Surface) -> int:
    """Pixels whose brightness differs by more than ``STEEP`` from the one to their
    right or below."""
    w, h = picture.get_size()
    rgb = pygame.image.tobytes(picture, "RGB")
    lum = [(rgb[i] * 3 + rgb[i + 1] * 6 + rgb[i + 2]) // 10 for i in range(0, len(rgb), 3)]
    return sum(1 for y in range(h - 1) for x in range(w - 1)
               if abs(lum[y * w + x] - lum[y * w + x + 1]) > STEEP
               or abs(lum[y * w + x] - lum[(y + 1) * w + x]) > STEEP)


def part(app: App, rect: pygame.Rect) -> pygame.Surface:
    """``rect`` (points) of the frame drawn now, in pixels."""
    r = round(app.screen.ratio)
    return app.picture().subsurface(pygame.Rect(rect.x * r, rect.y * r,
                                                rect.w * r, rect.h * r)).copy()


def test_a_menu_at_ratio_2_is_twice_the_pixels_and_sharp(windows: dict[int, App]) -> None:
    one, two = windows[1], windows[2]
    assert one.size == two.size == SIZE
    assert one.picture().get_size() == SIZE
    assert two.picture().get_size() == (SIZE[0] * 2, SIZE[1] * 2)
    w, h = SIZE
    label = two.top.buttons.buttons[0].rect.inflate(-8, -8)  # its words, not its edge
    card = pygame.Rect(0, 0, 50, 50)
    card.center = (int(w * 0.14 + 3 * h * 0.16 * 0.55), int(h * 0.78))  # the fan's last card
    for rect in (label, card):
        native = steep_edges(part(two, rect))
        stretched = pygame.transform.smoothscale(part(one, rect), (rect.w * 2, rect.h * 2))
        assert native > 3 * steep_edges(stretched) + 50, rect


def test_a_click_at_ratio_2_presses_the_button_under_it(windows: dict[int, App]) -> None:
    """The system gives the pointer in the window's pixels (twice the points under
    Xvfb at ``--pixel-ratio 2``); the press lands on the button drawn there."""
    app = windows[2]
    settings = next(b for b in app.top.buttons.buttons if b.label == app.tr("settings"))
    at = (settings.rect.centerx * 2, settings.rect.centery * 2)
    assert not settings.rect.collidepoint(at)  # read as points, it would miss
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=at, button=1))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()  # the real loop: events, intents in points, the scenes
    assert isinstance(app.top, SettingsScene)


def test_the_crash_screen_is_painted_by_the_renderer(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After an error the game shows what happened on its own window: the
    message's dark red, and its words in gold and ink, at ratio 2."""
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    shown: list[tuple[object, pygame.Surface]] = []

    def run(self: App) -> int:
        if not shown:
            shown.append((None, pygame.Surface((1, 1))))
            raise RuntimeError("boom")
        shown.append((self.top, self.picture()))  # the crash screen's loop
        return 0

    monkeypatch.setattr(App, "run", run)
    monkeypatch.setattr(app_module, "_headless", lambda: False)
    assert app_module.main(["--size", "960x540", "--pixel-ratio", "2"]) == 1
    scene, picture = shown[-1]
    assert isinstance(scene, MessageScene)
    assert picture.get_size() == (1920, 1080)
    assert picture.get_at((5, 5))[:3] == (40, 24, 24)
    title = picture.subsurface(pygame.Rect(0, int(1080 * 0.2), 1920, 130))
    gold = sum(1 for x in range(0, 1920, 2) for y in range(0, 130, 2)
               if title.get_at((x, y))[:3] == (236, 196, 84))
    assert gold > 200  # the title, in the message's words


def test_a_click_at_ratio_2_plays_the_card_drawn_under_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At the table at ratio 2 the system's pointer, in pixels, lands on the card
    the frame shows there: the press and release at twice a card's visible point
    play that card."""
    from window_helpers import new_table, settle, visible_point

    from tute_desktop.engine.cards import card_name

    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    app = inline_app("--size", "960x540", "--pixel-ratio", "2")
    try:
        table = new_table(app, "habanero", seed=3)
        settle(app, table)
        legal = table.match.state.legal_play_mask()
        card = next(c for c in table.my_hand() if legal >> c & 1)
        x, y = visible_point(table, card)
        at = (x * 2, y * 2)
        before = len(table.match.rounds[-1].actions)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=at, button=1))
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        app.run()  # the real loop: events, intents in points, the table
        actions = table.match.rounds[-1].actions
        assert len(actions) == before + 1
        assert actions[-1] == (0, f"play {card_name(card)}")
    finally:
        app.nav.close_all()
        app.writer.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_rule_line_under_the_bid_buttons_keeps_its_padding_at_ratio_2(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """subastado's auction at ratio 2 (issue 33): the rule line under the bid
    buttons is painted in a font a little wider than twice the 1x one; its
    plate is measured as painted, so its words keep their air at both ends
    (``layout_check.PADDED``), and nothing of the table is laid out wrong as
    painted either."""
    from layout_check import painted, problems
    from window_helpers import new_table, settle

    from tute_desktop.engine.events import Ask

    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    app = inline_app("--size", "1280x720", "--pixel-ratio", "2")
    try:
        app.settings = app.settings.with_(language=lang)
        table = new_table(app, "subastado", seed=1, level="medium")
        settle(app, table)
        assert table.match.state.ask is Ask.BID and app.pixel_ratio == 2
        desc = table.describe()
        line = next(p for p in desc.overlays if p.kind == "line")
        assert line.words and "←" in line.words[0].words
        assert problems(desc, painted(app.text.font, app.pixel_ratio), 3) == []
    finally:
        app.nav.close_all()
        app.writer.close()


def test_the_coachs_words_stay_inside_their_box_at_ratio_2(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A lesson at ratio 2 (subastado's naming of trump, in Spanish: a long
    line reached the coach's box's edge): the coach's lines are wrapped as
    painted, each within the box's inner width."""
    from tute_desktop.ui.lesson import LessonScene
    from tute_desktop.ui.menus import font

    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    app = inline_app("--size", "1280x720", "--pixel-ratio", "2")
    try:
        app.settings = app.settings.with_(language="es")
        for step in range(10):
            scene = LessonScene(app, lesson="subastado", start=step)
            app.reset_to(scene)
            fs = font(app, 0.026)
            width = scene.box.width - 2 * fs
            said = app.tr(scene.coach.step.say)
            for line in scene._wrap(said, fs, width):
                painted = app.text.font(fs * 2).size(line)[0] / 2
                assert painted <= width, (step, line, painted, width)
    finally:
        app.nav.close_all()
        app.writer.close()
