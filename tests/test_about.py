"""tute_desktop.game.about (the About screen's data) and the licence files behind it:
LICENSE, the third-party notices and the script that makes them from a build."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest
from window_helpers import on_title, press

import tute_desktop
from tute_desktop.game import about

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import third_party_notices as tpn  # noqa: E402

NOTICES = ROOT / "installer" / "notices"


def test_licence_is_the_gpl3_text_and_matches_pyproject() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.lstrip().startswith("GNU GENERAL PUBLIC LICENSE")
    assert "Version 3, 29 June 2007" in text and "END OF TERMS AND CONDITIONS" in text
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == {"text": about.LICENCE}


def test_source_checkout_has_the_licence_and_no_notices(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    info = about.about()
    assert info.name == "Tute" and info.version == tute_desktop.__version__
    assert info.licence == "GPL-3.0-or-later"
    assert info.licence_text == (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert info.notices is None and info.components == ()
    assert info.data_dir == tmp_path / "data" and info.log_dir == tmp_path / "logs"
    roles = [role for role, _names in info.credits]
    assert "built_with" in roles and all(names for _role, names in info.credits)


def fake_bundle(tmp_path: Path) -> Path:
    bundle = tmp_path / "_MEI42"
    bundle.mkdir()
    (bundle / "LICENSE").write_text("GNU GENERAL PUBLIC LICENSE\n", encoding="utf-8")
    contents = tpn.Contents(
        files=["tute", "_internal/libSDL2-2-50d19f93.0.so.0.3200.10",
               "_internal/python3.11/lib-dynload/math.cpython-311-x86_64-linux-gnu.so",
               "_internal/libpython3.11.so.1.0", "_internal/assets/cards/1o.svg"],
        modules=["pygame", "pygame.display", "tute_desktop.app", "json", "pyimod01_archive"])
    tpn.write_notices(contents, bundle / "THIRD_PARTY_NOTICES.txt")
    return bundle


def test_frozen_build_reads_both_files_from_the_bundle(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    bundle = fake_bundle(tmp_path)
    monkeypatch.setenv("TUTE_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert about.licence_dir() == bundle
    info = about.about()
    assert info.licence_text == "GNU GENERAL PUBLIC LICENSE\n"
    assert info.notices is not None and "Simple DirectMedia Layer" in info.notices
    names = [name for name, _licence in info.components]
    assert names[0].startswith("PyInstaller") and "SDL 2" in names
    assert dict(info.components)["SDL 2"] == "Zlib"
    assert not any(name.startswith("Licence texts") for name in names)


# ------------------------------------------------------------ the notices script


def test_every_notice_file_a_component_names_exists() -> None:
    refs = {ref for c in tpn.COMPONENTS for ref in c.notices} | set(tpn.LICENCE_TEXTS)
    for ref in refs:
        text = tpn.notice_text(ref)
        assert len(text) > 40, ref
    # and nothing lies in installer/notices unused
    files = {p.relative_to(NOTICES).as_posix() for p in NOTICES.rglob("*")
             if p.is_file() and p.name != "README.md"}
    assert files - refs == {"python/LICENSE.txt"}  # the fallback when Python has none


def test_notices_copied_from_debian_are_still_verbatim() -> None:
    # Only where this machine has the package: CI's does (.ci/run installs them).
    checked = 0
    for copy in sorted((NOTICES / "debian").glob("*.copyright")):
        source = Path("/usr/share/doc") / copy.stem / "copyright"
        if source.is_file():
            assert copy.read_bytes() == source.read_bytes(), copy
            checked += 1
    for copy in sorted((NOTICES / "common-licenses").iterdir()):
        source = Path("/usr/share/common-licenses") / copy.name
        if source.is_file():
            assert copy.read_bytes() == source.read_bytes(), copy
            checked += 1
    if not checked:
        pytest.skip("no Debian documentation here to compare with")


@pytest.mark.parametrize(("name", "library"), [
    ("libSDL2-2-50d19f93.0.so.0.3200.10", "sdl2"),
    ("libSDL2_image-2-d6906c81.0.so.0.800.12", "sdl2_image"),
    ("SDL2_mixer.dll", "sdl2_mixer"),
    ("libSDL2-2.0.0.dylib", "sdl2"),
    ("libpng16-fefdc88d.so.16.58.0", "png16"),
    ("libz.so.1", "z"),
    ("zlib1.dll", "zlib1"),
    ("libwebp-7.dll", "webp"),
    ("libvorbisfile.3.dylib", "vorbisfile"),
    ("libstdc++.so.6", "stdc++"),
    ("base.cpython-311-x86_64-linux-gnu.so", None),
    ("base.cp311-win_amd64.pyd", None),
    ("freesansbold.ttf", None),
])
def test_library_names_whatever_the_system(name: str, library: str | None) -> None:
    assert tpn.library_name(f"_internal/pygame/{name}") == library


def test_a_bundled_library_without_a_notice_fails() -> None:
    contents = tpn.Contents(files=["tute", "_internal/libSDL2-2.0.so.0",
                                   "_internal/libstdc++.so.6", "_internal/libunknown-1.2.so.3"],
                            modules=["pygame", "somethingelse.sub"])
    owned, unclaimed = tpn.claim(contents)
    assert unclaimed == ["_internal/libstdc++.so.6", "_internal/libunknown-1.2.so.3",
                         "module somethingelse.sub"]
    assert owned["sdl2"] == ["_internal/libSDL2-2.0.so.0"]
    with pytest.raises(tpn.NoticeError, match="libunknown"):
        tpn.render(contents)


def test_pygames_default_face_has_no_notice_so_a_build_with_it_fails() -> None:
    # build.spec leaves it out: every word is in the game's own face (assets/fonts).
    owned, unclaimed = tpn.claim(tpn.Contents(["tute", "_internal/pygame/freesansbold.ttf"], []))
    assert unclaimed == ["_internal/pygame/freesansbold.ttf"]


def test_libraries_are_told_apart() -> None:
    files = ["_internal/libSDL2-2.0.so.0", "_internal/libSDL2_ttf-2.0.so.0",
             "_internal/libopus-0.dll", "_internal/libopusfile-0.dll",
             "_internal/libvorbis.0.dylib", "_internal/libogg.0.dylib"]
    owned, unclaimed = tpn.claim(tpn.Contents(files, []))
    assert unclaimed == []
    assert owned["sdl2"] == files[:1] and owned["sdl2_ttf"] == files[1:2]
    assert owned["opus"] == files[2:3] and owned["opusfile"] == files[3:4]
    assert owned["ogg-vorbis"] == files[4:]


def test_windows_and_macos_layouts_are_covered() -> None:
    # What PyInstaller makes from the python.org builds and pygame-ce's wheels
    # there; the release workflow runs the real check on each system.
    windows = ["tute.exe", "_internal/python311.dll", "_internal/python3.dll",
               "_internal/VCRUNTIME140.dll", "_internal/VCRUNTIME140_1.dll",
               "_internal/libffi-8.dll", "_internal/_ctypes.pyd", "_internal/select.pyd",
               "_internal/base_library.zip", "_internal/pygame/base.cp311-win_amd64.pyd",
               "_internal/pygame/SDL2.dll", "_internal/pygame/SDL2_image.dll",
               "_internal/pygame/freetype.dll", "_internal/pygame/libpng16-16.dll",
               "_internal/pygame/zlib1.dll", "_internal/pygame/portmidi.dll",
               "_internal/pygame/libjpeg-62.dll", "_internal/pygame/libtiff-5.dll",
               "_internal/pygame/libwebpdemux-2.dll", "_internal/pygame/libogg-0.dll",
               "_internal/pygame/libxmp.dll", "_internal/pygame/libgme.dll",
               "_internal/pygame/libwavpack-1.dll", "_internal/pygame/libmodplug-1.dll",
               "_internal/pygame/pygame.ico"]
    macos = ["tute", "_internal/Python", "_internal/Python.framework/Versions/3.11/Python",
             "_internal/python3.11/lib-dynload/_json.cpython-311-darwin.so",
             "_internal/pygame/.dylibs/libSDL2-2.0.0.dylib",
             "_internal/pygame/.dylibs/libSDL2_mixer-2.0.0.dylib",
             "_internal/pygame/.dylibs/libfreetype.6.dylib",
             "_internal/pygame/.dylibs/libbrotlidec.1.dylib",
             "_internal/pygame/base.cpython-311-darwin.so"]
    for files in (windows, macos):
        assert tpn.claim(tpn.Contents(files, ["pygame"]))[1] == []


def test_rendered_notices_name_each_component_once_with_its_text() -> None:
    text = tpn.render(tpn.Contents(["tute", "_internal/libSDL2-2.0.so.0",
                                    "_internal/libfreetype.so.6"], ["platformdirs"]))
    names = [name.split(" ")[0] for name, _licence in about.components(text)]
    assert names == ["PyInstaller", "SDL", "FreeType", "platformdirs"]
    assert text.count("\nLicence: ") == 4
    assert "The FreeType Project LICENSE" in text
    assert tpn.notice_text("common-licenses/LGPL-2.1") in text
    assert about.components(text)[1] == ("SDL 2", "Zlib")


def test_debian_copyright_is_machine_readable() -> None:
    contents = tpn.Contents(["tute", "_internal/libSDL2-2.0.so.0", "_internal/LICENSE",
                             "_internal/libfluidsynth.so.3"], ["pygame"])
    text = tpn.debian_copyright(contents, "opt/tute", "https://example.org/tute")
    paragraphs = text.rstrip("\n").split("\n\n")
    assert paragraphs[0].startswith("Format: https://www.debian.org/doc/packaging-manuals/"
                                    "copyright-format/1.0/")
    for paragraph in paragraphs:
        for line in paragraph.splitlines():
            assert re.match(r"^([A-Za-z-]+: |\s)", line), line
            assert line == line.rstrip()
    files = {p.split("\n")[0] for p in paragraphs if p.startswith("Files:")}
    assert files == {"Files: *", "Files: opt/tute/_internal/libSDL2-2.0.so.0",
                     "Files: opt/tute/_internal/libfluidsynth.so.3", "Files: opt/tute/tute"}
    # full (L)GPL texts are pointed at, not repeated (Debian policy 12.5)
    assert "/usr/share/common-licenses/LGPL-2.1" in text
    assert "GNU LESSER GENERAL PUBLIC LICENSE" not in text
    assert "License: GPL-3+\n" in text


@pytest.mark.parametrize(("lang", "words"), [("en", "Free software"), ("es", "Software libre")])
def test_the_about_screen_opens_from_the_title_and_reads_in_the_players_language(
        app: object, tmp_path: Path, lang: str, words: str) -> None:
    from tute_desktop.app import App
    from tute_desktop.ui import intents as I
    from tute_desktop.ui.about import AboutScene
    from tute_desktop.ui.scenes import TitleScene

    assert isinstance(app, App)
    app.settings = app.settings.with_(language=lang)
    on_title(app)
    press(app, "about")
    scene = app.top
    assert isinstance(scene, AboutScene)
    texts = [t for t, _ in scene.lines]
    assert any(words in t for t in texts)
    assert any(str(scene.info.data_dir) in t for t in texts)
    assert any(str(scene.info.log_dir) in t for t in texts)
    assert any("GNU GENERAL PUBLIC LICENSE" in t for t in texts), "the licence text is shown"
    app.draw_frame()
    for _ in range(5):
        app.dispatch(I.Intent(I.RIGHT))
    assert scene.scroll > 0
    app.draw_frame()
    app.dispatch(I.Intent(I.BACK))
    assert isinstance(app.top, TitleScene)


def test_a_frozen_builds_notices_are_listed_on_the_about_screen(app: object,
                                                                tmp_path: Path) -> None:
    from tute_desktop.app import App
    from tute_desktop.game.about import about
    from tute_desktop.ui.about import AboutScene

    assert isinstance(app, App)
    (tmp_path / "LICENSE").write_text("GNU GENERAL PUBLIC LICENSE\n", encoding="utf-8")
    (tmp_path / "THIRD_PARTY_NOTICES.txt").write_text(
        "Third-party notices\n\nContents\n  1. pygame-ce 2.5.8 (LGPL-2.1-or-later)\n"
        "  2. SDL 2.32.10 (Zlib)\n\nlicence texts...\n", encoding="utf-8")
    scene = AboutScene(app, about(tmp_path))
    app.push(scene)
    texts = [t for t, _ in scene.lines]
    assert "  pygame-ce 2.5.8 (LGPL-2.1-or-later)" in texts
    assert "  SDL 2.32.10 (Zlib)" in texts
    app.draw_frame()


@pytest.mark.parametrize("page", ["about", "rules"])
def test_every_scrolled_page_has_home_end_and_page_keys(app: object, page: str) -> None:
    """About paged by 12 lines and had no End (its licences run to hundreds of
    lines). Home, End, Page Up and Page Down come from their keys on every
    scrolled page (About with its licences, the rules): End shows the last
    line, Home the first, a page moves by a screenful less one line, and the
    keys are said at the foot of the page, in both languages."""
    import pygame

    from tute_desktop.app import App
    from tute_desktop.ui import intents as I

    assert isinstance(app, App)
    for key, kind in ((pygame.K_HOME, I.HOME), (pygame.K_END, I.END),
                      (pygame.K_PAGEUP, I.PAGE_UP), (pygame.K_PAGEDOWN, I.PAGE_DOWN)):
        event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")
        assert I.to_intents(event) == [I.Intent(kind)]
    for lang, home in (("en", "Home/End"), ("es", "Inicio/Fin")):
        app.settings = app.settings.with_(language=lang)
        on_title(app)
        if page == "about":
            press(app, "about")
        else:
            app.nav.push("rules", variant="corriente")
        scene = app.top
        app.draw_frame()
        keys = app.tr(f"{page}_keys")
        assert home in keys and ("Page Up/Down" in keys or "Re Pág/Av Pág" in keys)
        last = max(0, len(scene.lines) - scene.visible)  # type: ignore[attr-defined]
        assert last > 2 * scene.visible  # type: ignore[attr-defined]  (a long page)
        app.dispatch(I.Intent(I.END))
        assert scene.scroll == last  # type: ignore[attr-defined]
        app.draw_frame()
        app.dispatch(I.Intent(I.HOME))
        assert scene.scroll == 0  # type: ignore[attr-defined]
        app.dispatch(I.Intent(I.PAGE_DOWN))
        app.dispatch(I.Intent(I.PAGE_DOWN))
        assert scene.scroll == 2 * (scene.visible - 1)  # type: ignore[attr-defined]
        app.dispatch(I.Intent(I.PAGE_UP))
        assert scene.scroll == scene.visible - 1  # type: ignore[attr-defined]
        app.dispatch(I.Intent(I.BACK))
