"""Player settings: defaults, language detection, round-trip, bad values and files."""

from __future__ import annotations

import json
import locale
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tute_desktop.game import settings as settings_module
from tute_desktop.game.settings import (
    TABLE_COLORS,
    Settings,
    detect_language,
    load_settings,
    save_settings,
    settings_path,
    system_locales,
)
from tute_desktop.i18n import Notice

Locales = list[dict[str, str | None]]


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TUTE_HOME", str(tmp_path / "home"))
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda *a: (None, None))
    # The machine's own preferred locales never leak into a test.
    monkeypatch.setattr(settings_module, "system_locales", lambda: [])


def loc(*codes: str) -> Locales:
    return [{"language": code, "country": None} for code in codes]


@pytest.mark.parametrize(
    ("locales", "expected"),
    [
        (loc("es"), "es"),
        ([{"language": "es", "country": "ES"}, {"language": "en", "country": "US"}], "es"),
        (loc("en", "es"), "en"),
        (loc("fr", "es"), "es"),
        (loc("ca"), "es"),
        (loc("gl"), "es"),
        (loc("eu", "en"), "es"),
        (loc("fr", "de"), "en"),  # a system that says something the game does not speak
    ],
)
def test_language_comes_from_the_system_preferred_locales(
    monkeypatch: pytest.MonkeyPatch, locales: Locales, expected: str
) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8" if expected == "en" else "en_US.UTF-8")
    assert detect_language(locales) == expected  # the environment is not asked
    monkeypatch.setattr(settings_module, "system_locales", lambda: locales)
    assert detect_language() == expected
    assert Settings().language == expected  # the first-run default


def test_the_environment_decides_only_when_the_system_reports_no_locale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert detect_language([]) == "es"
    assert Settings().language == "es"


def test_system_locales_need_no_window() -> None:
    # In a fresh process, so no other test's window counts: the real function,
    # whatever this machine prefers, answers without opening the display.
    code = (
        "import pygame\n"
        "from tute_desktop.game.settings import system_locales\n"
        "found = system_locales()\n"
        "assert isinstance(found, list), found\n"
        "assert all(isinstance(e['language'], str) and set(e) == {'language', 'country'}"
        " for e in found), found\n"
        "assert not pygame.display.get_init()\n"
    )
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    subprocess.run([sys.executable, "-c", code], check=True, env=env)


def test_failing_system_locales_mean_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame.system

    def broken() -> Locales:
        raise RuntimeError("no locale support")

    monkeypatch.setattr(pygame.system, "get_pref_locales", broken)
    monkeypatch.setattr(settings_module, "system_locales", system_locales)
    assert system_locales() == []
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert detect_language() == "es"


def test_defaults() -> None:
    s = Settings()
    assert s.language == "en"  # nothing known about the system
    assert (s.volume, s.animation_speed) == (0.7, 1.0)
    assert (s.card_back, s.table_color, s.fullscreen, s.player_name) == ("red", "green", False, "")
    assert s.table_rgb == TABLE_COLORS["green"]
    assert {"green", "blue", "red", "wood"} <= set(TABLE_COLORS)


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "es_AR"}, "es"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "es_ES.UTF-8", "LC_ALL": "en_US.UTF-8"}, "en"),  # LC_ALL wins
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "es_MX.UTF-8"}, "es"),
        ({"LC_ALL": "C.UTF-8", "LANG": "es_ES.UTF-8"}, "es"),  # C says nothing
        ({"LANG": "C"}, "en"),
        ({"LANG": ""}, "en"),
    ],
)
def test_without_system_locales_language_is_detected_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], expected: str
) -> None:
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert detect_language() == expected
    assert Settings().language == expected


@pytest.mark.parametrize(
    ("reported", "expected"),
    [(("es_ES", "UTF-8"), "es"), (("Spanish_Spain", "1252"), "es"), (("en_US", "UTF-8"), "en")],
)
def test_language_falls_back_on_the_locale_module(
    monkeypatch: pytest.MonkeyPatch, reported: tuple[str, str], expected: str
) -> None:
    monkeypatch.setattr(locale, "getlocale", lambda *a: reported)
    assert detect_language() == expected


def test_a_broken_locale_means_english(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> tuple[str, str]:
        raise ValueError("unknown locale: UTF-8")

    monkeypatch.setattr(locale, "getlocale", broken)
    assert detect_language() == "en"


def test_round_trip(tmp_path: Path) -> None:
    chosen = Settings(
        language="es", volume=0.25, animation_speed=2.0, card_back="blue",
        table_color="wood", fullscreen=True, player_name="Begoña",
    )
    save_settings(chosen, tmp_path)
    assert load_settings(tmp_path) == (chosen, None)
    raw = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert raw["schema"] == 1 and raw["kind"] == "settings" and raw["player_name"] == "Begoña"


def test_default_location_is_the_user_data_dir(tmp_path: Path) -> None:
    save_settings(Settings(volume=0.1))
    assert settings_path() == tmp_path / "home" / "data" / "settings.json"
    assert load_settings()[0].volume == 0.1


def test_missing_file_gives_defaults_without_a_problem(tmp_path: Path) -> None:
    assert load_settings(tmp_path) == (Settings(), None)


def test_invalid_values_fall_back_one_by_one(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(
        json.dumps({
            "schema": 1, "kind": "settings",
            "language": "fr", "volume": 3, "animation_speed": -1, "card_back": "../../etc",
            "table_color": "purple", "fullscreen": "yes", "player_name": ["x"],
            "future_setting": 42,
        }),
        encoding="utf-8",
    )
    settings, problem = load_settings(tmp_path)
    assert settings == Settings(volume=1.0, animation_speed=0.25)
    # Issue 17, point 3: never dropped without a word; the file as it was is kept.
    assert problem is not None and problem.key == "notice.kept.settings"
    assert "language, volume, animation_speed and 4 more" in problem
    assert list(tmp_path.glob("settings.corrupt-*.json"))
    assert load_settings(tmp_path) == (settings, None)  # what was kept was written back


@pytest.mark.parametrize("bad", ["loud", None, True, math.nan, math.inf, [0.5]])
def test_non_numbers_reset_volume_and_speed(tmp_path: Path, bad: object) -> None:
    path = tmp_path / "settings.json"
    data = {"schema": 1, "kind": "settings", "volume": bad, "animation_speed": bad}
    path.write_text(json.dumps(data), encoding="utf-8")
    settings, _ = load_settings(tmp_path)
    assert (settings.volume, settings.animation_speed) == (0.7, 1.0)


def test_corrupt_file_is_reported_and_defaults_used(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"schema": 1, "kind": "settings", "volume": ', encoding="utf-8")
    settings, problem = load_settings(tmp_path)
    assert settings == Settings()
    assert problem is not None and "settings" in problem and "default settings" in problem
    # the notice is a key and fields, said in the player's language by the window
    assert problem.key == "notice.unreadable.settings"
    reason, where = problem.fields["reason"], problem.fields["where"]
    assert isinstance(reason, Notice) and reason.key == "notice.reason.not_json"
    assert isinstance(where, Notice) and where.key == "notice.moved"
    moved = where.fields["path"]
    assert problem.render("en") == (
        f"The settings file could not be read (not valid JSON) and was moved to {moved}; "
        "the default settings are used.")
    assert problem.render("es") == (
        f"No se ha podido leer el archivo de ajustes (no es JSON válido) y se ha movido a "
        f"{moved}; se usan los ajustes por defecto.")
    assert not path.exists()
    assert [p.name.startswith("settings.corrupt-") for p in tmp_path.iterdir()] == [True]


def test_with_validates_and_clamps() -> None:
    s = Settings()
    assert s.with_(volume=1.5).volume == 1.0
    assert s.with_(animation_speed=0.1).animation_speed == 0.25
    assert s.with_(player_name="  Ana\n  María\x00 ").player_name == "Ana María"
    assert len(s.with_(player_name="x" * 100).player_name) == 24
    assert s.with_(language="es").language == "es"
    with pytest.raises(ValueError):
        s.with_(language="fr")
    with pytest.raises(ValueError):
        s.with_(table_color="purple")
    with pytest.raises(ValueError):
        s.with_(fullscreen=1)
    with pytest.raises(ValueError):
        s.with_(colour="red")
    assert s == Settings()  # frozen: the original is unchanged


def test_the_card_backs_a_setting_may_name_are_the_ones_installed() -> None:
    # Issue 27, point 9: card_back is one of these (a 300-letter name crashed the
    # Settings screen and the lessons), and the screen cycles through the installed.
    from tute_desktop.game.settings import CARD_BACKS
    from tute_desktop.resources import Resources

    assert sorted(CARD_BACKS) == Resources().backs()


@pytest.mark.parametrize("where", ["title", "about", "rules", "pause", "quit"])
def test_the_table_colour_reaches_the_menus_and_the_reading_pages(app: object, where: str) -> None:
    """A newcomer chose a red table and found About, the rules, the in-game
    menu and the title's buttons still green: each takes the chosen colour, as
    the table does (the page's background, the menu's box, the buttons), and
    the green table draws them as before."""
    from window_helpers import new_table, on_title

    from tute_desktop.app import App
    from tute_desktop.ui import intents as I
    from tute_desktop.ui.widgets import DEFAULT, palette

    assert isinstance(app, App)
    assert palette(TABLE_COLORS["green"]) == DEFAULT

    def spots() -> list[tuple[int, int]]:
        """Points of the screen drawn in the scene's own colours: the page's
        background, the box's inside, a button's edge (left of its words)."""
        top = app.top
        w, h = app.size
        found: list[tuple[int, int]] = []
        buttons = getattr(top, "buttons", None)
        if buttons is not None and buttons.buttons:
            r = buttons.buttons[-1].rect  # (not focused)
            found.append((r.left + 5, r.centery))
        box = getattr(top, "box", None)
        if box is not None:
            found.append((box.left + 6, box.top + box.h // 3))
        if where in ("about", "rules"):
            found.append((int(w * 0.03), int(h * 0.6)))
        return found

    seen: dict[str, list[tuple[int, ...]]] = {}
    for colour in ("green", "red", "blue"):
        app.set_settings(app.settings.with_(table_color=colour))
        if where == "pause":
            new_table(app, "habanero")
            app.nav.push("pause", table=app.top)
        else:
            on_title(app)
            if where == "about":
                app.nav.push("about")
            elif where == "rules":
                app.nav.push("rules", variant="habanero")
            elif where == "quit":
                app.dispatch(I.Intent(I.BACK))  # "Quit?" over the title
        points = spots()
        assert points, where
        frame = app.picture()
        seen[colour] = [tuple(frame.get_at(p))[:3] for p in points]
    assert seen["green"] != seen["red"] != seen["blue"] != seen["green"], seen
    for k in range(len(seen["green"])):  # every spot takes the colour
        assert len({seen[c][k] for c in seen}) == 3, (k, seen)


@pytest.mark.parametrize("colour", sorted(TABLE_COLORS))
def test_the_buttons_keep_the_tables_hue_and_the_tables_own_buttons_take_it(
        app: object, colour: str) -> None:
    """A newcomer found a blue table's buttons purplish (each channel moved
    alone): a button's colour keeps the felt's hue, and the table's own
    buttons (Hint, Undo, the corner's) are drawn in the same colours as the
    menus'."""
    import colorsys

    from window_helpers import new_table

    from tute_desktop.app import App
    from tute_desktop.ui.widgets import palette

    assert isinstance(app, App)
    felt = TABLE_COLORS[colour]

    def hue(rgb: tuple[int, ...]) -> float:
        return colorsys.rgb_to_hsv(*(c / 255 for c in rgb[:3]))[0] * 360

    for part in ("rest", "hot", "edge"):
        shade = getattr(palette(felt), part)
        turn = abs(hue(shade) - hue(felt)) % 360
        assert min(turn, 360 - turn) < 15, (part, shade, felt)
    app.set_settings(app.settings.with_(table_color=colour))
    table = new_table(app, "habanero")
    button = next(b for b in table.hud.tools.buttons if b.enabled and not b.hot)
    frame = app.picture()
    at = (button.rect.left + 5, button.rect.centery)
    assert tuple(frame.get_at(at))[:3] == palette(felt).rest


@pytest.mark.parametrize("lang", ["en", "es"])
def test_large_text_reaches_the_menus_and_the_review_and_still_fits(app: object,
                                                                    lang: str) -> None:
    """A player who chose large text read the review's panel and New match
    small (cold plays nc68, nc69): every page's text (``menus.font``) grows
    by the text size as the table's does; at the smallest window, New match
    of every rule set keeps its rows and buttons inside the window, apart."""
    import pygame

    from tute_desktop.app import App
    from tute_desktop.engine.rules import VARIANTS
    from tute_desktop.game.settings import TEXT_SIZES
    from tute_desktop.ui.menus import font
    from tute_desktop.ui.scenes import NewGameScene

    assert isinstance(app, App)
    app.set_window_size((960, 540))
    app.set_settings(app.settings.with_(language=lang, text_size="normal"))
    normal = font(app, 0.03)
    app.set_settings(app.settings.with_(text_size="large"))
    assert font(app, 0.03) == int(540 * 0.03 * TEXT_SIZES["large"]) > normal
    window = pygame.Rect(0, 0, *app.size)
    for variant in VARIANTS:
        scene = NewGameScene(app)
        scene.variant = variant
        app.reset_to(scene)
        scene.layout(app.size)
        boxes = [*scene.row_rects, *(b.rect for b in scene.buttons.buttons)]
        assert len(scene.row_rects) >= 4 and scene.buttons.buttons, variant
        for i, box in enumerate(boxes):
            assert window.contains(box), (variant, box)
            assert not any(box.colliderect(other) for other in boxes[i + 1:]), (variant, box)


@pytest.mark.parametrize("text_size", ["normal", "large"])
def test_the_card_backs_sample_keeps_clear_of_the_keys_line(
        app: object, monkeypatch: pytest.MonkeyPatch, text_size: str) -> None:
    """Settings at 1160x652 (the window in a 1366x768 screen) with large text:
    the card back's sample sat over the line of keys under it (cold play nc78's
    size); it is made smaller to keep clear of it, and is still shown."""
    import pygame

    from tute_desktop.app import App
    from tute_desktop.ui.gfx import Canvas
    from tute_desktop.ui.scenes import SettingsScene

    assert isinstance(app, App)
    app.set_window_size((1160, 652))
    app.set_settings(app.settings.with_(language="es", text_size=text_size))
    app.reset_to(SettingsScene(app))
    pictures: list[pygame.Rect] = []
    lines: list[pygame.Rect] = []
    real_picture, real_draw = Canvas.picture, app.text.draw

    def picture(self: Canvas, key: object, rect: object, *args: object, **kw: object) -> None:
        if isinstance(key, tuple) and key[:1] == ("back",):
            pictures.append(pygame.Rect(rect))  # type: ignore[arg-type]
        real_picture(self, key, rect, *args, **kw)  # type: ignore[arg-type]

    def draw(target: object, text: str, *args: object, **kw: object) -> pygame.Rect:
        r = real_draw(target, text, *args, **kw)  # type: ignore[arg-type]
        if text == app.tr("settings_keys"):
            lines.append(r)
        return r

    monkeypatch.setattr(Canvas, "picture", picture)
    monkeypatch.setattr(app.text, "draw", draw)
    app.draw_frame()
    (back,), (keys,) = pictures, lines
    assert back.height > 20 and not back.colliderect(keys), (back, keys)
