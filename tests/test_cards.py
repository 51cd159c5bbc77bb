"""The generated Spanish deck: complete, current, loadable at any size, small, distinct.

These check what players and the renderer depend on: every face and back loads
with pygame's SVG loader (the one the game uses) at several sizes, the files hold
only shapes the loader draws (no <text>), every card looks different from every
other, the frame breaks tell the suits apart, and the deck stays small.
"""

from __future__ import annotations

import hashlib
import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "assets" / "cards"
SUITS = "oceb"
RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
FACES = [f"{r}{s}" for s in SUITS for r in RANKS]
SVG_NS = "{http://www.w3.org/2000/svg}"
# What nanosvg (behind load_sized_svg) draws; anything else would silently vanish.
ALLOWED_TAGS = {"svg", "defs", "linearGradient", "stop", "g", "path", "circle", "ellipse",
                "rect"}


def load_tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def all_files() -> list[Path]:
    return sorted(CARDS.glob("*.svg"))


def render(path: Path, width: int) -> pygame.Surface:
    return pygame.image.load_sized_svg(str(path), (width, width * 3 // 2))


def test_deck_has_40_faces_and_at_least_two_backs() -> None:
    names = {p.stem for p in all_files()}
    backs = {n for n in names if n.startswith("back-")}
    assert names - backs == set(FACES)
    assert {"back-red", "back-blue"} <= backs


def test_committed_cards_are_what_the_generator_makes() -> None:
    # The generator is deterministic, so any difference means someone edited the
    # SVGs by hand or forgot to rerun tools/make_cards.py.
    make_cards = load_tool("make_cards")
    generated = make_cards.generate()
    assert generated == make_cards.generate()
    assert sorted(generated) == [p.name for p in all_files()]
    for name, text in generated.items():
        assert (CARDS / name).read_text(encoding="utf-8") == text, name


@pytest.mark.parametrize("width", [36, 104, 320])
def test_every_card_loads_at_several_sizes(width: int) -> None:
    for path in all_files():
        surface = render(path, width)
        # SDL_image may round the scaled size up by a pixel (Resources trims it)
        w, h = surface.get_size()
        assert w - width in (0, 1) and h - width * 3 // 2 in (0, 1), path.name
        # the card is drawn: its middle is opaque, its rounded corner transparent
        assert surface.get_at((width // 2, width * 3 // 4)).a == 255, path.name
        assert surface.get_at((0, 0)).a < 255, path.name


def test_files_use_only_shapes_the_renderer_draws() -> None:
    for path in all_files():
        text = path.read_text(encoding="utf-8")
        assert "<text" not in text, path.name
        tags = {el.tag.removeprefix(SVG_NS) for el in ET.fromstring(text).iter()}
        assert tags <= ALLOWED_TAGS, (path.name, tags - ALLOWED_TAGS)


def test_every_card_looks_different_from_every_other() -> None:
    hand = {}
    thumbs = {}
    for path in all_files():
        hand[path.stem] = hashlib.sha256(pygame.image.tobytes(render(path, 104), "RGBA"))
        thumbs[path.stem] = pygame.image.tobytes(render(path, 40), "RGB")
    assert len({h.hexdigest() for h in hand.values()}) == len(hand)
    # and not by a stray pixel: even 40 px wide, any two cards differ visibly
    names = sorted(thumbs)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            differing = sum(1 for x, y in zip(thumbs[a], thumbs[b], strict=True)
                            if abs(x - y) > 40)
            assert differing > 100, (a, b, differing)


def frame_breaks(card: str) -> int:
    """Count the gaps in the top border line of a card rendered at 1:1."""
    surface = render(CARDS / f"{card}.svg", 200)
    y = 9  # the frame line's centre in the 200 x 300 viewBox
    inked = [surface.get_at((x, y)).r < 200 or surface.get_at((x, y)).b < 150
             for x in range(12, 189)]
    return sum(1 for k in range(1, len(inked)) if inked[k - 1] and not inked[k])


@pytest.mark.parametrize("suit,breaks", [("o", 1), ("c", 2), ("e", 3), ("b", 4)])
def test_frame_is_broken_once_to_four_times_by_suit(suit: str, breaks: int) -> None:
    for rank in RANKS:
        assert frame_breaks(f"{rank}{suit}") == breaks, f"{rank}{suit}"


def test_deck_stays_small() -> None:
    sizes = {p.name: p.stat().st_size for p in all_files()}
    assert max(sizes.values()) < 25_000, max(sizes, key=sizes.__getitem__)
    assert sum(sizes.values()) < 500_000  # the issue asks for well under 1 MB


def test_contact_sheet_shows_the_whole_deck() -> None:
    sheet = pygame.image.load(str(ROOT / "docs" / "deck.png"))
    sheet_tool = load_tool("make_contact_sheet")
    card_w, gap = sheet_tool.CARD_W, sheet_tool.GAP
    rows = 4 + 1  # one per suit, then the backs
    assert sheet.get_size() == (gap + 10 * (card_w + gap), gap + rows * (card_w * 3 // 2 + gap))


def ink_runs(surface: pygame.Surface, scale: float) -> list[tuple[int, int, int]]:
    """Bands of inked rows in the top-left index column, top down: (top, height, ink width).

    The column is the corner index's (the number, then the suit symbol under it), from
    just inside the frame line; a pixel is ink when it is clearly darker than the paper.
    """
    x0, x1 = round(14 * scale), round(42 * scale)
    runs: list[tuple[int, int, int]] = []
    top, widest = -1, 0
    for y in range(round(12 * scale), round(80 * scale)):
        inked = [x for x in range(x0, x1) if sum(surface.get_at((x, y))[:3]) < 560]
        if inked and top < 0:
            top, widest = y, 0
        if inked:
            widest = max(widest, inked[-1] - inked[0] + 1)
        elif top >= 0:
            runs.append((top, y - top, widest))
            top = -1
    if top >= 0:  # the symbol may run on into the pips below it
        runs.append((top, round(80 * scale) - top, widest))
    return runs


@pytest.mark.parametrize("width", [140, 200])
def test_only_the_six_is_underlined_in_both_corners(width: int) -> None:
    # Upside down (a card turned towards another seat, or the bottom-right index)
    # a bare 6 reads as a 9: like printed decks, the 6 has a short bar under it,
    # which a turned 6 shows above.  No other index has an upside-down twin, so a
    # bar anywhere else would only be noise.  The runs of ink down the index
    # column are the number, then (the 6 only) a short wide bar, then the symbol.
    scale = width / 200
    for card in FACES:
        surface = render(CARDS / f"{card}.svg", width)
        turned = pygame.transform.rotate(surface, 180)  # its bottom-right corner
        for side in (surface, turned):
            runs = ink_runs(side, scale)
            assert runs[0][1] > 20 * scale, (card, runs)  # the number
            if card.startswith("6"):
                bar, symbol = runs[1], runs[2]
                assert bar[1] <= 5 * scale and bar[2] >= 10 * scale, (card, runs)
                assert symbol[1] > 15 * scale, (card, runs)
            else:
                assert runs[1][1] > 15 * scale, (card, runs)  # straight to the symbol


@pytest.mark.parametrize("width", [60, 90])
def test_the_six_keeps_its_bar_at_hand_sizes(width: int) -> None:
    # Small, the bar may touch the digit in the blur, so look at the strip between
    # the number's foot and the top of the suit symbol: only the 6 puts ink there,
    # at both corners, enough for a bar across the digit.
    make_cards = load_tool("make_cards")
    scale = width / 200
    number_bottom = round((make_cards.INDEX_TOP + make_cards.INDEX_H + 1.5) * scale)
    symbol_top = round((make_cards.SYMBOL_Y - 13) * scale)  # the sword's tip, the tallest
    x0, x1 = round(14 * scale), round(42 * scale)
    for card in FACES:
        surface = render(CARDS / f"{card}.svg", width)
        for side in (surface, pygame.transform.rotate(surface, 180)):
            ink = sum(1 for y in range(number_bottom, symbol_top) for x in range(x0, x1)
                      if sum(side.get_at((x, y))[:3]) < 600)
            if card.startswith("6"):
                assert ink >= 10 * scale, (card, ink)
            else:
                assert ink == 0, (card, ink)
