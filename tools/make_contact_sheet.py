"""Render the whole deck into one picture, docs/deck.png, to see every card at a glance.

Run ``python tools/make_contact_sheet.py`` from the repository root after
``tools/make_cards.py``.  It draws the SVGs in assets/cards/ with pygame's own SVG
loader, the one the game uses, so the sheet shows exactly what players will see:
one row per suit (oros, copas, espadas, bastos; As to Rey), then the backs.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# Headless: the sheet is drawn off-screen, so no window or sound device is needed.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (the environment must be set before pygame loads)

ROOT = Path(__file__).resolve().parent.parent
SUITS = "oceb"
RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
CARD_W = 120  # a little larger than in a 1280x720 hand, small enough for one screen
GAP = 10
FELT = (28, 92, 56)


def render(cards_dir: Path, out: Path) -> pygame.Surface:
    card_h = CARD_W * 3 // 2
    backs = sorted(p.stem for p in cards_dir.glob("back-*.svg"))
    rows = [[f"{r}{s}" for r in RANKS] for s in SUITS] + [backs]
    width = GAP + len(RANKS) * (CARD_W + GAP)
    height = GAP + len(rows) * (card_h + GAP)
    sheet = pygame.Surface((width, height))
    sheet.fill(FELT)
    for row, names in enumerate(rows):
        for col, name in enumerate(names):
            face = pygame.image.load_sized_svg(str(cards_dir / f"{name}.svg"), (CARD_W, card_h))
            sheet.blit(face, (GAP + col * (CARD_W + GAP), GAP + row * (card_h + GAP)))
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    return sheet


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    cards_dir = Path(args[0]) if args else ROOT / "assets" / "cards"
    out = Path(args[1]) if len(args) > 1 else ROOT / "docs" / "deck.png"
    render(cards_dir, out)
    print(f"wrote {out} ({out.stat().st_size / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
