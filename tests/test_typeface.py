"""The game's typeface (issue 29): Inter, shipped in assets/fonts, in every word;
pygame's default face (freesansbold, uneven letter spacing at small sizes) gone."""

from __future__ import annotations

import hashlib
import re
import struct
import sys
from pathlib import Path

import pygame
import pytest

from tute_desktop import resources
from tute_desktop.ui.widgets import FACE_SCALE, Text

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "assets" / "fonts"
sys.path.insert(0, str(ROOT / "tools"))
import third_party_notices as tpn  # noqa: E402

SHIPPED = {  # Debian's fonts-inter 4.0~beta7+ds-1, /usr/share/fonts/opentype/inter/
    "Inter-Regular.otf": "a7e791e8f5a0fb02b65663f7fca73e1d1ca9543f772ad480cbd76f4e3fe3f8cc",
    "Inter-Bold.otf": "1e9dfd6a6e33ac63a8fe3b4ed7ae0df9eac2d0b25e444e8e7daef4ac77943fc1",
}
SPANISH = "áéíóúüñÁÉÍÓÚÜÑ¿¡«»€·—–ºª‹›…“”‘’"
NOT_IN_ANY_FONT_HERE = "\U0010fffd"  # a private-use character: the missing-glyph box


@pytest.fixture(autouse=True)
def fonts_ready() -> None:
    pygame.font.init()


def pixels(surface: pygame.Surface) -> tuple[tuple[int, int], bytes]:
    return surface.get_size(), pygame.image.tobytes(surface, "RGBA")


# ------------------------------------------------------------------ the files


def test_the_font_files_are_the_shipped_ones_unchanged() -> None:
    found = {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
             for p in FONTS.iterdir() if p.suffix in {".otf", ".ttf"}}
    assert found == SHIPPED
    debian = Path("/usr/share/fonts/opentype/inter")
    for name in SHIPPED:  # where this machine has the package, byte for byte
        if (debian / name).is_file():
            assert (debian / name).read_bytes() == (FONTS / name).read_bytes()
    assert resources.font_path() == FONTS / "Inter-Regular.otf"
    assert resources.font_path(bold=True) == FONTS / "Inter-Bold.otf"


def copyright_in_font(path: Path) -> str:
    """The font's own copyright line (its name table's ID 0, Windows English)."""
    data = path.read_bytes()
    tables = struct.unpack(">H", data[4:6])[0]
    for i in range(tables):
        tag, _sum, offset, _length = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        if tag == b"name":
            _fmt, count, strings = struct.unpack(">HHH", data[offset:offset + 6])
            for j in range(count):
                rec = offset + 6 + 12 * j
                platform, _enc, lang, name_id, length, at = struct.unpack(
                    ">HHHHHH", data[rec:rec + 12])
                if (platform, lang, name_id) == (3, 0x409, 0):
                    start = offset + strings + at
                    return data[start:start + length].decode("utf-16-be")
    raise AssertionError(f"no copyright in {path}")


def test_the_licence_ships_beside_the_fonts_with_their_copyright() -> None:
    text = (FONTS / "OFL.txt").read_text(encoding="utf-8")
    for name in SHIPPED:
        assert text.startswith(copyright_in_font(FONTS / name) + "\n")
    assert "SIL OPEN FONT LICENSE Version 1.1 - 26 February 2007" in text
    assert text.rstrip().endswith("OTHER DEALINGS IN THE FONT SOFTWARE.")


def test_the_fonts_are_claimed_by_their_own_notice_not_the_games() -> None:
    files = ["tute", *(f"_internal/assets/fonts/{n}" for n in [*SHIPPED, "OFL.txt"]),
             "_internal/assets/cards/1o.svg"]
    owned, unclaimed = tpn.claim(tpn.Contents(files, []))
    assert unclaimed == []
    assert owned["inter"] == files[1:4]
    assert "_internal/assets/cards/1o.svg" in owned["tute"]
    assert not set(owned["tute"]) & set(files[1:4])
    text = tpn.render(tpn.Contents(files, []))
    assert "Inter (the game's typeface, assets/fonts) (OFL-1.1)" in text
    assert "SIL OPEN FONT LICENSE" in text.upper() or "OFL-1.1" in text


# ------------------------------------------------------------- in the game


def test_words_are_drawn_in_the_shipped_regular_and_bold_files() -> None:
    text = Text()
    for size in (18, 22, 40):
        px = round(size * FACE_SCALE)
        regular = pygame.font.Font(FONTS / "Inter-Regular.otf", px)
        bold = pygame.font.Font(FONTS / "Inter-Bold.otf", px)
        words = "Corriente: ¿qué es distinto?"
        drawn = pixels(text.render(words, size))
        drawn_bold = pixels(text.render(words, size, bold=True))
        assert drawn == pixels(regular.render(words, True, (245, 240, 225)))
        assert drawn_bold == pixels(bold.render(words, True, (245, 240, 225)))
        regular.bold = True  # a synthetic bold is not the bold face
        assert drawn_bold != pixels(regular.render(words, True, (245, 240, 225)))
        assert drawn != pixels(pygame.font.Font(None, size).render(words, True,
                                                                   (245, 240, 225)))


def test_small_words_are_drawn_large_and_scaled_down_and_measured_as_drawn() -> None:
    """At 10 pixels or fewer (text at 960x540), hinting snaps Inter's letters
    to whole pixels unevenly ("car tas", cold play nc72): such words are the
    shipped face drawn at ``SUPER`` times the size and scaled down, and the
    width the layouts measure (``Text.width``, or the font's own ``size``)
    is the width drawn."""
    from tute_desktop.ui.widgets import SMOOTH_PX, SUPER, face_px

    text = Text()
    words = "Robar cartas, los repartos del experto"
    small = [size for size in range(8, 30) if face_px(size) <= SMOOTH_PX]
    assert small and max(small) >= 14  # (the small words of the table at 960x540)
    for size in small:
        big = pygame.font.Font(FONTS / "Inter-Regular.otf", face_px(size) * SUPER)
        large = big.render(words, True, (245, 240, 225))
        drawn = text.render(words, size)
        assert drawn.get_size() == (round(large.get_width() / SUPER),
                                    round(large.get_height() / SUPER))
        assert pixels(drawn) == pixels(pygame.transform.smoothscale(large, drawn.get_size()))
        assert text.width(words, size) == drawn.get_width()
        # (what a layout measures with the font itself: a button's width)
        assert text.font(size).size(words) == drawn.get_size()
    for size in (18, 22, 40):  # (larger words: the face as it is, measured as drawn)
        assert text.width(words, size) == text.render(words, size).get_width()


def catalog_characters() -> set[str]:
    """Every character the game's words use: its catalogs and rules, both languages."""
    locale = ROOT / "tute_desktop" / "locale"
    found: set[str] = set()
    for path in [*locale.glob("*/LC_MESSAGES/*.po"), *locale.glob("*/rules/*.md")]:
        found |= set(path.read_text(encoding="utf-8"))
    return {c for c in found if c.isprintable() and not c.isspace()}


@pytest.mark.parametrize("bold", [False, True])
def test_every_spanish_and_catalog_character_has_a_glyph(bold: bool) -> None:
    text = Text()
    font = text.font(22, bold)
    missing = pixels(font.render(NOT_IN_ANY_FONT_HERE, True, (255, 255, 255)))
    chars = sorted(set(SPANISH) | catalog_characters())
    assert len(chars) > 80
    lacking = [c for c in chars
               if pixels(font.render(c, True, (255, 255, 255))) == missing
               or font.size(c)[0] <= 0]
    assert lacking == []


def test_a_missing_font_file_is_a_clear_error(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """No fallback: the fonts ship like the code; another face would hide a broken
    installation and undo what the layouts were measured with."""
    monkeypatch.setattr(resources, "assets_dir", lambda: tmp_path)
    with pytest.raises(resources.MissingFont,
                       match=re.escape(str(tmp_path / "fonts" / "Inter-Bold.otf"))):
        Text().font(20, bold=True)
    with pytest.raises(FileNotFoundError, match="reinstall"):
        Text().render("Tute", 20)


def test_a_frozen_build_finds_the_fonts_in_its_bundle(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "assets" / "fonts").mkdir(parents=True)
    for name in SHIPPED:
        (tmp_path / "assets" / "fonts" / name).write_bytes((FONTS / name).read_bytes())
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.font_path(bold=True) == tmp_path / "assets" / "fonts" / "Inter-Bold.otf"
    assert Text().render("Tute", 20).get_width() > 0


DEFAULT_FACE = re.compile(r"Font\(\s*None|SysFont|get_default_font|match_font|"
                          r"font\.Font\(\s*(None|\"\"|'')")


def test_nothing_uses_pygames_default_or_a_system_face() -> None:
    """The face comes from resources.font_path only. The letter-spacing benchmark
    draws the old face on purpose, to measure it against the new one."""
    allowed = {ROOT / "benchmarks" / "letter_spacing.py", Path(__file__)}
    offenders = []
    for folder in ("tute_desktop", "tools", "benchmarks", "installer", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path in allowed:
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if DEFAULT_FACE.search(line):
                    offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert offenders == []
