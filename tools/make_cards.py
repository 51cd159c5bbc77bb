"""Generate the original Spanish deck used by the game: 40 faces and the backs, as SVG.

Run ``python tools/make_cards.py`` from the repository root; it (re)writes
``assets/cards/<card>.svg`` (for example ``1o.svg``, ``12e.svg``) and
``assets/cards/back-<name>.svg``.  The output is deterministic, so running it again
gives byte-identical files and the tests can check the committed assets are current.

The art is drawn from scratch with plain shapes and paths only.  The SVGs are
rendered by SDL_image's nanosvg (``pygame.image.load_sized_svg``), which has no
``<text>``, ``<use>`` or clipping and knows few colour keywords, so everything here
is spelled out: hex colours, percentage gradient vectors, digits drawn as strokes.
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path

# The card is 2:3, close to a real Spanish deck (61 x 95 mm) and easy to lay out.
W, H = 200, 300
SUITS = "oceb"  # oros, copas, espadas, bastos (RULES.md notation)
RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)

OUTLINE = "#2a1d14"
PAPER = "#fbf8ee"
SKIN = "#f3cba5"
GOLD = "#e9b52c"
GOLD_LIGHT = "#ffe58a"
GOLD_DARK = "#8c5a06"
RED = "#c8282d"
RED_DARK = "#7d1418"
BLUE = "#2f66b8"
BLUE_DARK = "#173a73"
GREEN = "#3f8a3a"
GREEN_DARK = "#1f4d1c"
BROWN = "#8a5a2b"
BROWN_DARK = "#4a2e12"

# Frame and index colour per suit: a four-colour deck is easier to read at a glance,
# while the frame breaks (pintas) still tell the suits apart without colour.
SUIT_INK = {"o": "#9a6300", "c": "#b0222a", "e": "#1f4f9c", "b": "#2f6e2a"}
PINTAS = {"o": 1, "c": 2, "e": 3, "b": 4}

# Court clothing per suit: (garment, cape, hose/accent, hair).
COURT_COLOURS = {
    "o": (GOLD, RED, BLUE, "#6b4423"),
    "c": (RED, BLUE, GOLD, "#d8d2c4"),
    "e": (BLUE, RED, GREEN, "#3b2a1e"),
    "b": (GREEN, GOLD, RED, "#a0522d"),
}
# Pages and knights are young: no grey hair for them.
YOUNG_HAIR = {"o": "#6b4423", "c": "#c98a2e", "e": "#3b2a1e", "b": "#a0522d"}

GRADIENTS = {
    "gold": (("0%", "#fff3b0"), ("45%", "#f2c23a"), ("100%", "#b5770b")),
    "steel": (("0%", "#dce9fb"), ("50%", "#6f9ee0"), ("100%", "#2858a6")),
    "wood": (("0%", "#7fa33a"), ("50%", "#8a6a2e"), ("100%", "#4e3515")),
    "wine": (("0%", "#f06a5a"), ("55%", "#c8282d"), ("100%", "#7d1418")),
}


# --------------------------------------------------------------------------- SVG helpers


def n(v: float) -> str:
    """Format a coordinate compactly; one decimal is finer than a pixel at any size."""
    s = f"{v:.1f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def el(tag: str, body: str = "", **attrs: object) -> str:
    """One SVG element; attribute names use _ for - (stroke_width -> stroke-width)."""
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        text = n(value) if isinstance(value, float) else str(value)
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{text}"')
    head = f"<{tag} {' '.join(parts)}" if parts else f"<{tag}"
    return f"{head}>{body}</{tag}>" if body else f"{head}/>"


def g(body: str, **attrs: object) -> str:
    return el("g", body, **attrs)


def path(d: str, **attrs: object) -> str:
    return el("path", d=d, **attrs)


def circle(cx: float, cy: float, r: float, **attrs: object) -> str:
    return el("circle", cx=float(cx), cy=float(cy), r=float(r), **attrs)


def ellipse(cx: float, cy: float, rx: float, ry: float, **attrs: object) -> str:
    return el("ellipse", cx=float(cx), cy=float(cy), rx=float(rx), ry=float(ry), **attrs)


def rect(x: float, y: float, w: float, h: float, **attrs: object) -> str:
    return el("rect", x=float(x), y=float(y), width=float(w), height=float(h), **attrs)


def mirror(d: str, axis: float = 100.0) -> str:
    """Mirror an absolute path (M L H V C Q Z only) around the vertical line x=axis."""
    out: list[str] = []
    tokens = re.findall(r"[A-Za-z]|-?[\d.]+", d)
    cmd = ""
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.isalpha():
            cmd = tok
            out.append(tok)
            i += 1
            continue
        if cmd == "H":
            out.append(n(2 * axis - float(tok)))
            i += 1
        elif cmd == "V":
            out.append(tok)
            i += 1
        else:
            out.append(f"{n(2 * axis - float(tok))} {tokens[i + 1]}")
            i += 2
    return " ".join(out)


def placed(x: float, y: float, angle: float = 0.0, scale: float = 1.0) -> str:
    """A transform putting a symbol drawn around (0, 0) at (x, y), turned and scaled."""
    t = f"translate({n(x)} {n(y)})"
    if angle:
        t += f" rotate({n(angle)})"
    if scale != 1.0:
        t += f" scale({scale:.3f})".replace(".000", "")
    return t


# --------------------------------------------------------------------------- suit symbols
# Each symbol is drawn around (0, 0) in its own units and positioned with a transform.


def coin(r: float, rich: bool = False) -> str:
    """An oro: a golden coin with a beaded inner ring and a rosette in the middle."""
    parts = [
        circle(0, 0, r, fill="url(#gold)", stroke=GOLD_DARK, stroke_width=float(r * 0.08)),
        circle(0, 0, r * 0.74, fill="none", stroke=GOLD_DARK, stroke_width=float(r * 0.05)),
    ]
    beads = 16 if rich else 12
    for k in range(beads):
        a = 2 * math.pi * k / beads
        parts.append(circle(r * 0.87 * math.cos(a), r * 0.87 * math.sin(a), r * 0.055,
                            fill=GOLD_DARK))
    petals = []
    for k in range(8):
        a = 2 * math.pi * k / 8
        tip = (r * 0.56 * math.cos(a), r * 0.56 * math.sin(a))
        left = (r * 0.3 * math.cos(a - 0.5), r * 0.3 * math.sin(a - 0.5))
        right = (r * 0.3 * math.cos(a + 0.5), r * 0.3 * math.sin(a + 0.5))
        petals.append(f"M0 0Q{n(left[0])} {n(left[1])} {n(tip[0])} {n(tip[1])}"
                      f"Q{n(right[0])} {n(right[1])} 0 0Z")
    parts.append(path("".join(petals), fill="#d9541c", stroke=GOLD_DARK,
                      stroke_width=float(r * 0.03)))
    parts.append(circle(0, 0, r * 0.15, fill=GOLD_LIGHT, stroke=GOLD_DARK,
                        stroke_width=float(r * 0.03)))
    return "".join(parts)


def cup(lid: bool = False) -> str:
    """A copa: a red chalice with a golden rim, knob and foot; about 40 x 56 units."""
    parts = []
    if lid:
        parts.append(path("M-17 -27C-15 -42 15 -42 17 -27Z", fill="url(#gold)"))
        parts.append(path("M-9 -37C-5 -33 5 -33 9 -37", fill="none", stroke=RED_DARK))
        parts.append(circle(0, -43, 3.5, fill=RED))
        parts.append(path("M0 -47V-54M-3.5 -51H3.5", fill="none", stroke=GOLD_DARK,
                          stroke_width=2.0))
    parts += [
        path("M-19 -24C-19 -8 -12 2 -4 6H4C12 2 19 -8 19 -24Z", fill="url(#wine)"),
        path("M-19 -20H19C18.8 -17 18.4 -15 17.8 -13H-17.8C-18.4 -15 -18.8 -17 -19 -20Z",
             fill="url(#gold)", stroke_width=0.8),
        ellipse(0, -24, 19, 4.5, fill="url(#gold)"),
        ellipse(0, -24, 15, 2.6, fill=RED_DARK, stroke="none"),
        rect(-3, 5, 6, 13, fill="url(#gold)"),
        ellipse(0, 11, 6.5, 3.5, fill=RED),
        path("M-4 17C-6 22 -12 24 -16 27H16C12 24 6 22 4 17Z", fill="url(#gold)"),
        ellipse(0, 27.5, 16, 2.6, fill=GOLD_DARK),
    ]
    return g("".join(parts), stroke=OUTLINE, stroke_width=1.2, stroke_linejoin="round")


def sword(length: float, width: float = 9.0, bend: float = 0.0, rich: bool = False) -> str:
    """An espada: a blue blade, point up, golden guard; centred on (0, 0)."""
    h = length / 2
    w = width / 2
    yg = h - 0.19 * length  # guard: the grip and pommel take the bottom fifth
    tip = -h
    ym = (yg + tip) / 2
    blade = (f"M{n(-w)} {n(yg)}Q{n(bend - w * 1.15)} {n(ym)} {n(bend * 0.1)} {n(tip)}"
             f"Q{n(bend + w * 1.15)} {n(ym)} {n(w)} {n(yg)}Z")
    fuller = f"M0 {n(yg - 2)}Q{n(bend * 0.95)} {n(ym)} {n(bend * 0.25)} {n(tip + length * 0.18)}"
    pr = width * 0.5
    yp = h - pr
    guard_w = width * (2.2 if rich else 1.4)
    parts = [
        path(blade, fill="url(#steel)", stroke=BLUE_DARK, stroke_width=float(width * 0.13)),
        path(fuller, fill="none", stroke="#eef5ff", stroke_width=float(width * 0.16),
             stroke_linecap="round"),
        rect(-width * 0.32, yg, width * 0.64, yp - yg, fill=BLUE_DARK, stroke=OUTLINE,
             stroke_width=float(width * 0.08)),
        path(f"M{n(-guard_w)} {n(yg)}Q0 {n(yg + width * 0.7)} {n(guard_w)} {n(yg)}"
             f"Q0 {n(yg - width * 0.1)} {n(-guard_w)} {n(yg)}Z",
             fill=GOLD, stroke=GOLD_DARK, stroke_width=float(width * 0.12)),
        circle(-guard_w, yg, width * 0.3, fill=GOLD, stroke=GOLD_DARK,
               stroke_width=float(width * 0.08)),
        circle(guard_w, yg, width * 0.3, fill=GOLD, stroke=GOLD_DARK,
               stroke_width=float(width * 0.08)),
        circle(0, yp, pr, fill=GOLD, stroke=GOLD_DARK, stroke_width=float(width * 0.1)),
    ]
    if rich:
        parts.append(circle(0, yg + width * 0.15, width * 0.28, fill=RED, stroke=GOLD_DARK,
                            stroke_width=float(width * 0.06)))
        for k in range(3):
            y = yg + (yp - yg) * (k + 1) / 4
            parts.append(path(f"M{n(-width * 0.32)} {n(y)}H{n(width * 0.32)}", stroke=GOLD,
                              stroke_width=float(width * 0.1)))
    return "".join(parts)


def club(length: float, width: float = 16.0, leaves: bool = False) -> str:
    """A basto: a knotty green-brown cudgel, thick end up; centred on (0, 0)."""
    h = length / 2
    w = width / 2
    body = (f"M{n(-w * 0.45)} {n(h)}Q{n(-w * 0.8)} 0 {n(-w)} {n(-h + w * 0.6)}"
            f"Q{n(-w)} {n(-h)} 0 {n(-h)}Q{n(w)} {n(-h)} {n(w)} {n(-h + w * 0.6)}"
            f"Q{n(w * 0.8)} 0 {n(w * 0.45)} {n(h)}Q0 {n(h + w * 0.3)} {n(-w * 0.45)} {n(h)}Z")
    parts = [path(body, fill="url(#wood)", stroke=BROWN_DARK, stroke_width=float(width * 0.09))]
    knots = []
    for k, t in enumerate((0.22, 0.42, 0.62, 0.8)):
        y = -h + length * t
        half = w * (1 - 0.55 * (y + h) / length)  # the club narrows towards the grip
        side = -1 if k % 2 == 0 else 1
        x = side * half * 0.92
        dx = side * width * 0.42
        knots.append(f"M{n(x)} {n(y - w * 0.5)}L{n(x + dx)} {n(y - w * 0.62)}"
                     f"L{n(x + dx * 1.05)} {n(y - w * 0.1)}L{n(x)} {n(y + w * 0.3)}Z")
    parts.append(path("".join(knots), fill="#6b4a1f", stroke=BROWN_DARK,
                      stroke_width=float(width * 0.08), stroke_linejoin="round"))
    bark = []
    for k, t in enumerate((0.12, 0.32, 0.52, 0.72, 0.9)):
        y = -h + length * t
        x = w * (0.25 if k % 2 else -0.3)
        bark.append(f"M{n(x)} {n(y)}q{n(w * 0.15)} {n(length * 0.04)} 0 {n(length * 0.08)}")
    parts.append(path("".join(bark), fill="none", stroke="#3d2a10",
                      stroke_width=float(width * 0.07), stroke_linecap="round"))
    parts.append(ellipse(0, -h + w * 0.45, w * 0.55, w * 0.3, fill="#c9a86b",
                         stroke=BROWN_DARK, stroke_width=float(width * 0.06)))
    if leaves:
        for x, y, a in ((-w * 1.0, -h + length * 0.3, -50), (w * 0.9, -h + length * 0.5, 50),
                        (-w * 0.8, -h + length * 0.68, -40), (w * 0.7, -h + w * 0.5, 65)):
            parts.append(g(leaf(width * 0.9), transform=placed(x, y, a)))
    return "".join(parts)


def leaf(size: float) -> str:
    """A green leaf pointing up from (0, 0)."""
    s = size
    return path(f"M0 0C{n(-s * 0.5)} {n(-s * 0.3)} {n(-s * 0.35)} {n(-s * 0.9)} 0 {n(-s * 1.2)}"
                f"C{n(s * 0.35)} {n(-s * 0.9)} {n(s * 0.5)} {n(-s * 0.3)} 0 0Z"
                f"M0 0L0 {n(-s * 0.95)}",
                fill=GREEN, stroke=GREEN_DARK, stroke_width=float(s * 0.08))


def symbol(suit: str, size: float) -> str:
    """A small upright symbol about `size` tall, centred on (0, 0): corner marks, courts."""
    if suit == "o":
        return coin(size / 2)
    if suit == "c":
        return g(cup(), transform=f"scale({size / 56:.3f})")
    if suit == "e":
        return sword(size * 1.3, width=size * 0.4)
    return club(size * 1.2, width=size * 0.62)


# --------------------------------------------------------------------------- frame, index

# Digits drawn as strokes in a 12 x 20 box (only 0-7 are needed: 1-7, 10, 11, 12).
DIGITS = {
    "0": "M6 1C2.5 1 1 5 1 10C1 15 2.5 19 6 19C9.5 19 11 15 11 10C11 5 9.5 1 6 1Z",
    "1": "M3 4.5L7 1.2V19M3 19H11",
    "2": "M1.5 5.5C1.5 2.5 4 1 6.2 1C9 1 10.8 2.8 10.8 5.5C10.8 9 6 12 1.3 19H11",
    "3": "M1.5 1.5H10.5L5.5 8.3C8.8 8.3 11 10.5 11 13.8C11 17 8.6 19 6 19C3.8 19 2 18 1.2 16.2",
    "4": "M8.5 19V1L1 13.5H11.5",
    "5": "M10.5 1.3H2.6L1.9 9C3 8.2 4.5 7.8 6 7.8C9 7.8 11 10 11 13.3C11 16.8 8.8 19 5.8 19"
         "C3.8 19 2.2 18.2 1.2 16.5",
    "6": "M10 2.2C9 1.4 7.8 1 6.5 1C3 1 1.2 4.5 1.2 10.5C1.2 16 3 19 6.2 19C9 19 11 16.8 11 13.6"
         "C11 10.5 9 8.5 6.3 8.5C3.8 8.5 1.8 10 1.2 12.5",
    "7": "M1 1.3H11C8 6 6 12 5.5 19",
}
INDEX_X = 28.0  # centre line of the corner index
INDEX_TOP = 15.0
INDEX_H = 27.0
# Indices that read as another number when the card is upside down get a short bar
# under them, as printed decks do: on a card seen from across the table, or at the
# bottom-right corner, a bare 6 reads as a 9.  Of the Spanish deck's 1-7 and 10-12
# only the 6 has such a twin (the 9, known from the 48-card deck and from French
# cards); 1 and 11 read the same either way up, and 10 ("01") and 12 (a turned 2
# before a 1) are no number at all, so they stay bare.
UNDERLINED = {"6"}
UNDERLINE_Y = INDEX_TOP + INDEX_H + 4.4  # a clear gap below the digit's ink
UNDERLINE_W = 3.0
# The suit symbol sits below the number, clear of the underline's place on every
# card, so that all corners keep the same layout.
SYMBOL_Y = INDEX_TOP + INDEX_H + 22


def index_mark(rank: int, suit: str) -> str:
    """Rank number, its underline if it has one, and a small suit symbol for the top-left corner."""
    text = str(rank)
    scale = INDEX_H / 20
    sx = scale * (0.88 if len(text) == 2 else 1.0)  # condense 10-12 to fit the corner
    advance = 13.0
    total = (len(text) - 1) * advance + 12
    x0 = INDEX_X - total * sx / 2
    glyphs = "".join(path(DIGITS[ch], transform=f"translate({n(i * advance)} 0)")
                     for i, ch in enumerate(text))
    number = g(glyphs, transform=f"translate({n(x0)} {n(INDEX_TOP)}) scale({sx:.3f} {scale:.3f})",
               fill="none", stroke=SUIT_INK[suit], stroke_width=2.9, stroke_linecap="round",
               stroke_linejoin="round")
    if text in UNDERLINED:
        # as wide as the digit's body, in the digit's ink
        left, right = x0 + 1.6 * sx, x0 + (total - 1.6) * sx
        number += path(f"M{n(left)} {n(UNDERLINE_Y)}H{n(right)}", stroke=SUIT_INK[suit],
                       stroke_width=UNDERLINE_W, stroke_linecap="round")
    mark = g(symbol(suit, 20), transform=placed(INDEX_X, SYMBOL_Y))
    return number + mark


FRAME = (9.0, 9.0, 191.0, 291.0)


def frame(suit: str) -> str:
    """The border line, broken 1-4 times top and bottom: the traditional suit marks."""
    x0, y0, x1, y1 = FRAME
    gaps = PINTAS[suit]
    gap = 11.0
    d = [f"M{n(x0)} {n(y0)}V{n(y1)}M{n(x1)} {n(y0)}V{n(y1)}"]
    for y in (y0, y1):
        x = x0
        for k in range(gaps):
            centre = x0 + (x1 - x0) * (k + 1) / (gaps + 1)
            d.append(f"M{n(x)} {n(y)}H{n(centre - gap / 2)}")
            x = centre + gap / 2
        d.append(f"M{n(x)} {n(y)}H{n(x1)}")
    return path("".join(d), fill="none", stroke=SUIT_INK[suit], stroke_width=2.4,
                stroke_linecap="square")


# --------------------------------------------------------------------------- pips

# Coin and cup pips: the traditional Spanish layouts (columns of 2, 3; corners; 6 in two
# columns; 7 with the extra pip between the top rows).
ROUND_LAYOUTS = {
    2: ((100, 85), (100, 215)),
    3: ((100, 72), (100, 150), (100, 228)),
    4: ((64, 85), (136, 85), (64, 215), (136, 215)),
    5: ((64, 80), (136, 80), (100, 150), (64, 220), (136, 220)),
    6: ((64, 75), (136, 75), (64, 150), (136, 150), (64, 225), (136, 225)),
    7: ((64, 70), (136, 70), (100, 110), (64, 150), (136, 150), (64, 228), (136, 228)),
}


def round_pips(rank: int, suit: str) -> str:
    out = []
    radius = 23 if rank < 6 else 21.5  # the crowded 6 and 7 need a little air
    for x, y in ROUND_LAYOUTS[rank]:
        if suit == "o":
            out.append(g(coin(radius), transform=placed(x, y)))
        else:
            out.append(g(cup(), transform=placed(x, y + 2, scale=0.86)))
    return "".join(out)


def long_pips(rank: int, suit: str) -> str:
    """Swords and clubs cross in pairs (X); odd ranks add one upright in the middle."""
    # (centre x, lean in degrees, length) of each crossed pair, chosen so that the
    # pairs stay apart and can be counted at hand size; the outer pairs of the 6 and
    # 7 are shorter, so that their ends stay clear of the corner's suit symbol.
    pairs = {
        2: ((100.0, 27.0, 205.0),),
        4: ((64.0, 17.0, 192.0), (136.0, 17.0, 192.0)),
        6: ((47.0, 14.0, 140.0), (100.0, 15.0, 184.0), (153.0, 14.0, 140.0)),
    }[rank - rank % 2]

    def one(x: float, a: float, ln: float) -> str:
        if suit == "e":
            # sabres bow away from each other, so a crossed pair reads as a lens
            return g(sword(ln, 9.0, 7.0 if a > 0 else -7.0 if a < 0 else 0.0),
                     transform=placed(x, 150, a))
        return g(club(ln, 15.0), transform=placed(x, 150, a))

    items = []
    for x, a, ln in pairs:
        items += [one(x, -a, ln), one(x, a, ln)]
    if rank % 2:
        items.append(one(100, 0, 214))
    return "".join(items)


# --------------------------------------------------------------------------- aces


def ace(suit: str) -> str:
    if suit == "o":
        rays = []
        for k in range(24):
            a = 2 * math.pi * (k + 0.5) / 24
            r_out = 84 if k % 2 else 76
            p = [(math.cos(a - 0.09) * 62, math.sin(a - 0.09) * 62),
                 (math.cos(a) * r_out, math.sin(a) * r_out),
                 (math.cos(a + 0.09) * 62, math.sin(a + 0.09) * 62)]
            rays.append("M" + "L".join(f"{n(100 + x)} {n(150 + y)}" for x, y in p) + "Z")
        return (path("".join(rays), fill="url(#gold)", stroke=GOLD_DARK, stroke_width=1.2,
                     stroke_linejoin="round")
                + circle(100, 150, 66, fill=RED, stroke=GOLD_DARK, stroke_width=1.5)
                + g(coin(62, rich=True), transform=placed(100, 150)))
    if suit == "c":
        return g(cup(lid=True), transform=placed(100, 160, scale=2.6))
    if suit == "e":
        # a laurel wreath tied at the grip with a red bow
        laurel = []
        base, c1, c2, top = (100.0, 236.0), (52.0, 222.0), (44.0, 150.0), (58.0, 92.0)
        for side in (-1, 1):
            def at(t: float, i: int, side: int = side) -> float:
                pts = (base, c1, c2, top)
                v = sum(math.comb(3, k) * (1 - t) ** (3 - k) * t ** k * pts[k][i]
                        for k in range(4))
                return 100 + side * (100 - v) if i == 0 else v

            laurel.append(path(f"M{n(at(0, 0))} {n(at(0, 1))}C{n(at(0, 0) + side * 48)} 222 "
                               f"{n(100 + side * 56)} 150 {n(100 + side * 42)} 92",
                               fill="none", stroke=GREEN_DARK, stroke_width=2.5))
            for k in range(8):
                t = (k + 0.7) / 8.3
                laurel.append(g(leaf(15), transform=placed(at(t, 0), at(t, 1), side * 40)))
        bow = (path("M100 236C88 222 74 226 78 238C82 248 94 242 100 236Z"
                    "M100 236C112 222 126 226 122 238C118 248 106 242 100 236Z"
                    "M98 238L86 262L93 260L96 266L100 240ZM102 238L114 262L107 260L104 266"
                    "L100 240Z", fill=RED, stroke=RED_DARK, stroke_width=1.3,
                    stroke_linejoin="round")
               + circle(100, 237, 4.5, fill=RED, stroke=RED_DARK, stroke_width=1.3))
        return ("".join(laurel) + g(sword(240, 20, 0, rich=True), transform=placed(100, 138))
                + bow)
    return g(club(224, 40, leaves=True), transform=placed(100, 156, 8))


# --------------------------------------------------------------------------- courts


def held(suit: str, hand: tuple[float, float], size: float = 0.0, angle: float = 0.0,
         length: float = 0.0, grip: float | None = None, width: float = 9.0) -> str:
    """The suit item in a hand: coins and cups sit above it; swords and clubs pass
    through it, `grip` units from their lower end (by default at the hilt)."""
    hx, hy = hand
    if suit == "o":
        return g(coin(size / 2), transform=placed(hx, hy - size * 0.45))
    if suit == "c":
        return g(cup(), transform=placed(hx, hy - size * 0.42, scale=size / 56))
    if grip is None:
        grip = 0.1 * length if suit == "e" else 0.16 * length
    item = sword(length, width) if suit == "e" else club(length, width)
    return g(g(item, transform=f"translate(0 {n(grip - length / 2)})"),
             transform=placed(hx, hy, angle))


def hand(x: float, y: float) -> str:
    return circle(x, y, 5.5, fill=SKIN)


def face(cx: float, cy: float) -> str:
    """Eyes, brows, nose and mouth for a head centred on (cx, cy)."""
    return (circle(cx - 4.5, cy, 1.4, fill=OUTLINE, stroke="none")
            + circle(cx + 4.5, cy, 1.4, fill=OUTLINE, stroke="none")
            + path(f"M{n(cx - 7)} {n(cy - 4)}Q{n(cx - 4.5)} {n(cy - 5.5)} {n(cx - 2)} {n(cy - 4)}"
                   f"M{n(cx + 2)} {n(cy - 4)}Q{n(cx + 4.5)} {n(cy - 5.5)} {n(cx + 7)} {n(cy - 4)}"
                   f"M{n(cx)} {n(cy + 1)}L{n(cx - 1.5)} {n(cy + 6)}L{n(cx + 0.5)} {n(cy + 6.5)}",
                   fill="none", stroke_width=0.8)
            + path(f"M{n(cx - 3.5)} {n(cy + 10)}Q{n(cx)} {n(cy + 12)} {n(cx + 3.5)} {n(cy + 10)}",
                   fill="none", stroke="#9a3a2a", stroke_width=1.0))


def sota(suit: str) -> str:
    """The page: a young man standing in doublet and hose, holding his suit's item."""
    main, cape, hose, _ = COURT_COLOURS[suit]
    hair = YOUNG_HAIR[suit]
    p = [ellipse(100, 270, 44, 5, fill="#000000", fill_opacity=0.15, stroke="none")]
    if suit == "b":
        p.append(held(suit, (140, 150), angle=-3, length=190, grip=116, width=15))
    p.append(path("M76 90C66 130 60 180 56 214C80 222 120 222 144 214C140 180 134 130 124 90Z",
                  fill=cape))
    leg = "M84 172C83 200 84 228 86 258H95C96 230 98 200 99 172Z"
    shoe = "M96 255H84C78 256 73 261 75 266H97Z"
    p += [path(leg, fill=hose), path(mirror(leg), fill=hose),
          path(shoe, fill=BROWN_DARK), path(mirror(shoe), fill=BROWN_DARK)]
    p.append(path("M90 84L76 90C72 110 74 140 76 152L67 188C90 195 110 195 133 188L124 152"
                  "C126 140 128 110 124 90L110 84Z", fill=main))
    p.append(path("M67 188C90 195 110 195 133 188", fill="none", stroke=GOLD_DARK,
                  stroke_width=3.0))
    trim = GOLD if main != GOLD else RED
    p.append(path("M100 88V191", fill="none", stroke=trim, stroke_width=3.0))
    p += [circle(100, y, 1.8, fill=PAPER, stroke_width=0.6) for y in (100, 113, 126, 139)]
    p.append(path("M75 146C90 150 110 150 125 146V153C110 157 90 157 75 153Z", fill=BROWN_DARK))
    p.append(rect(95.5, 147.5, 9, 8, fill=GOLD, stroke_width=0.8))
    # left arm hangs by the side
    p.append(path("M78 92C68 96 63 118 61 148L72 150C73 126 77 110 85 100Z", fill=main))
    p.append(path("M61 146L72 148", fill="none", stroke=PAPER, stroke_width=2.5))
    p.append(hand(66.5, 154))
    if suit in "oc":
        p.append(path("M118 92C128 96 136 112 139 130L130 135C128 120 124 108 116 100Z",
                      fill=main))
        p.append(path("M139 130C141 122 141 116 139 110H130C131 116 131 124 130 135Z",
                      fill=main))
        p.append(held(suit, (134.5, 108), 34))
        p.append(hand(134.5, 108))
    else:
        p.append(path("M118 92C130 98 137 120 141 146L131 149C128 128 124 112 114 102Z",
                      fill=main))
        if suit == "e":
            p.append(held(suit, (137, 152), angle=14, length=150))
        p.append(hand(137, 152))
    p.append(rect(95, 72, 10, 14, fill=SKIN))
    p.append(ellipse(100, 86, 13, 4.2, fill=PAPER))
    p.append(ellipse(100, 62, 11.5, 13.5, fill=SKIN))
    p.append(path("M88 72C84 60 86 46 100 45C114 46 116 60 112 72H110C110 64 108 57 100 56"
                  "C92 57 90 64 90 72Z", fill=hair))
    p.append(face(100, 63))
    p.append(path("M80 51C82 40 116 37 121 46C113 53 90 55 80 51Z", fill=cape))
    p.append(path("M116 44C124 34 128 26 123 17C121 28 117 36 111 44Z", fill=PAPER))
    return g("".join(p), stroke=OUTLINE, stroke_width=1.2, stroke_linejoin="round")


def caballo(suit: str) -> str:
    """The knight: a rider on a horse walking to the left, his item raised."""
    main, cloth, hose, _ = COURT_COLOURS[suit]
    hair = YOUNG_HAIR[suit]
    coat = {"o": "#f2efe6", "c": "#a0612e", "e": "#c9c6c0", "b": "#7a4424"}[suit]
    shade = {"o": "#d6d0c2", "c": "#7d4520", "e": "#a29e96", "b": "#5a2f17"}[suit]
    mane = {"o": "#b8ae98", "c": "#2e1d12", "e": "#5f5b55", "b": "#2e1d12"}[suit]
    p = [ellipse(104, 268, 64, 5, fill="#000000", fill_opacity=0.15, stroke="none")]
    p.append(path("M150 166C168 174 172 204 166 238C160 222 156 202 145 184Z", fill=mane))
    # far legs first, in a darker shade, so the near ones read in front
    p.append(path("M124 194C126 216 126 236 128 260H136C134 236 136 214 139 194Z", fill=shade))
    p.append(path("M84 192C85 214 83 236 83 260H91C91 236 95 214 98 194Z", fill=shade))
    p.append(path("M136 192C141 214 140 232 142 260H150C148 232 150 212 153 190Z", fill=coat))
    # the near foreleg is lifted: the horse steps out, as on the traditional caballo
    p.append(path("M75 186C68 198 61 206 56 212L58 235H67L66 217C75 210 83 202 89 194Z",
                  fill=coat))
    p.append(path("M57 233H67L68 240H56Z"
                  "M82 259H92L93 266H81ZM127 259H137L138 266H126ZM141 259H151L152 266H140Z",
                  fill=OUTLINE))
    p.append(path("M70 168C72 150 100 147 120 149C140 149 159 156 157 180C155 198 141 204 120 204"
                  "C100 206 84 204 74 196C67 190 67 180 70 168Z", fill=coat))
    p.append(path("M70 176C62 156 55 134 57 118L78 110C80 130 86 146 97 156Z", fill=coat))
    p.append(path("M60 103C51 103 39 115 31 131C29 138 35 142 42 140C50 138 58 134 70 128"
                  "C77 120 73 107 60 103Z", fill=coat))
    p.append(path("M61 106L62 93L69 106Z", fill=coat))
    p.append(path("M59 103C68 103 78 110 82 128C84 138 90 148 97 156C87 150 77 140 73 126"
                  "C71 118 66 110 59 103Z", fill=mane))
    p.append(circle(55, 115, 1.7, fill=OUTLINE))
    p.append(circle(36, 134, 1.2, fill=OUTLINE))
    p.append(path("M40 133L60 112L71 124", fill="none", stroke=RED_DARK, stroke_width=1.8))
    # the saddle cloth, with a golden fringe
    p.append(path("M92 149C104 147 124 147 137 149L139 196C123 201 107 201 93 198Z", fill=cloth))
    p.append(path("M93 198C107 201 123 201 139 196", fill="none", stroke=GOLD,
                  stroke_width=3.0))
    # rider: leg, body, arms, head, hat
    p.append(path("M104 146C111 150 115 160 109 178H98C100 166 100 158 97 150Z", fill=hose))
    p.append(path("M98 176H109L111 200H100Z", fill=hose))
    p.append(path("M99 197H112L113 208C106 210 98 210 93 206Z", fill=BROWN_DARK))
    p.append(path("M99 98C94 120 94 140 96 156H125C127 140 126 120 122 98Z", fill=main))
    p.append(path("M95 146H126V152H95Z", fill=BROWN_DARK))
    p.append(path("M100 104C92 114 88 124 86 132L94 137C96 128 100 120 105 114Z", fill=main))
    p.append(path("M88 136L71 124", fill="none", stroke=RED_DARK, stroke_width=1.6))
    p.append(hand(89, 136))
    p.append(rect(105, 86, 10, 12, fill=SKIN))
    p.append(ellipse(110, 80, 10.5, 12.5, fill=SKIN))
    p.append(path("M100 84C98 74 102 68 110 68C118 68 122 74 120 84H118C117 78 114 75 110 75"
                  "C106 75 103 78 102 84Z", fill=hair))
    p.append(face(110, 81))
    p.append(path("M93 72C97 64 123 63 127 72C121 76 99 76 93 72Z", fill=cloth))
    p.append(path("M100 71C100 58 120 58 120 71Z", fill=cloth))
    p.append(path("M118 64C126 56 132 54 136 48C134 58 128 64 120 68Z", fill=PAPER))
    # the raised arm comes last: what the knight holds up must not hide behind his plume
    if suit in "oc":
        p.append(path("M118 100C128 96 134 90 137 80L129 76C127 84 122 90 114 94Z", fill=main))
        p.append(held(suit, (134, 76), 30))
        p.append(hand(134, 76))
    else:
        p.append(path("M118 100C128 98 136 92 139 84L131 79C128 86 122 90 114 94Z", fill=main))
        p.append(held(suit, (135, 80), angle=25, length=72, width=7.0 if suit == "e" else 11.0))
        p.append(hand(135, 80))
    return g("".join(p), stroke=OUTLINE, stroke_width=1.2, stroke_linejoin="round")


def rey(suit: str) -> str:
    """The king: crowned, bearded, in a long robe and ermine cape, holding his item."""
    main, cape, _, hair = COURT_COLOURS[suit]
    p = [ellipse(100, 270, 54, 5, fill="#000000", fill_opacity=0.15, stroke="none")]
    p.append(path("M74 92C60 140 50 210 44 266C80 274 120 274 156 266C150 210 140 140 126 92Z",
                  fill=cape))
    p.append(path("M44 266C80 274 120 274 156 266", fill="none", stroke=PAPER, stroke_width=4.0))
    p += [ellipse(88, 268, 8, 4, fill=BROWN_DARK), ellipse(112, 268, 8, 4, fill=BROWN_DARK)]
    p.append(path("M88 90L74 96C70 150 66 210 62 264C88 270 112 270 138 264C134 210 130 150"
                  " 126 96L112 90Z", fill=main))
    band = GOLD if main != GOLD else RED
    p.append(path("M62 264C88 270 112 270 138 264", fill="none", stroke=band, stroke_width=3.0))
    p.append(rect(95, 100, 10, 167, fill=band, stroke_width=0.8))
    p += [circle(100, y, 2.2, fill=PAPER, stroke_width=0.6) for y in range(176, 260, 16)]
    p.append(path("M72 150C90 155 110 155 128 150V157C110 162 90 162 72 157Z", fill=BROWN_DARK))
    p.append(rect(95.5, 151.5, 9, 9, fill=GOLD, stroke_width=0.8))
    p.append(path("M74 98C64 110 62 130 70 148L80 146C76 132 78 118 84 106Z", fill=main))
    p.append(hand(79, 150))
    p.append(path("M120 98C132 104 140 118 142 130L132 134C130 124 126 114 116 106Z", fill=main))
    p.append(path("M142 130C144 120 144 112 142 104H134C135 112 135 122 132 134Z", fill=main))
    if suit in "oc":
        p.append(held(suit, (138, 102), 34))
    else:
        p.append(held(suit, (138, 102), angle=4, length=96 if suit == "e" else 90,
                          width=9.0 if suit == "e" else 13.0))
    p.append(hand(138, 102))
    p.append(path("M71 95C80 86 120 86 129 95C127 104 118 108 100 108C82 108 73 104 71 95Z",
                  fill=PAPER))
    spots = "".join(f"M{x} {y}l1.5 -3l1.5 3Z" for x, y in ((79, 99), (89, 104), (109, 104),
                                                             (119, 99), (99, 98)))
    p.append(path(spots, fill=OUTLINE, stroke="none"))
    p.append(path("M87 58C83 70 83 86 88 92L92 88C90 80 90 70 90 60Z", fill=hair))
    p.append(path(mirror("M87 58C83 70 83 86 88 92L92 88C90 80 90 70 90 60Z"), fill=hair))
    p.append(ellipse(100, 66, 12, 14, fill=SKIN))
    p.append(face(100, 65))
    p.append(path("M88 70C88 84 94 97 100 102C106 97 112 84 112 70C108 77 104 79 100 79"
                  "C96 79 92 77 88 70Z", fill=hair))
    p.append(path("M93 76C96 73 99 74 100 75C101 74 104 73 107 76C104 77 101 77 100 76.5"
                  "C99 77 96 77 93 76Z", fill=hair, stroke_width=0.6))
    p.append(path("M86 49L83 29L93 40L100 24L107 40L117 29L114 49Z", fill="url(#gold)"))
    p.append(rect(85, 46, 30, 9, fill="url(#gold)"))
    p += [circle(83, 29, 2.6, fill=GOLD_LIGHT), circle(100, 24, 2.8, fill=GOLD_LIGHT),
          circle(117, 29, 2.6, fill=GOLD_LIGHT)]
    p += [circle(92, 50.5, 2, fill=RED, stroke_width=0.6),
          circle(100, 50.5, 2.2, fill=BLUE, stroke_width=0.6),
          circle(108, 50.5, 2, fill=RED, stroke_width=0.6)]
    return g("".join(p), stroke=OUTLINE, stroke_width=1.2, stroke_linejoin="round")


# --------------------------------------------------------------------------- whole cards


def defs_for(body: str) -> str:
    """Only the gradients a card uses, so each file stays small."""
    grads = []
    for name, stops in GRADIENTS.items():
        if f"url(#{name})" not in body:
            continue
        horizontal = name in ("steel", "wood")
        vec = ('x1="0%" y1="0%" x2="100%" y2="0%"' if horizontal
               else 'x1="0%" y1="0%" x2="100%" y2="100%"')
        s = "".join(f'<stop offset="{o}" stop-color="{c}"/>' for o, c in stops)
        grads.append(f'<linearGradient id="{name}" {vec}>{s}</linearGradient>')
    return f"<defs>{''.join(grads)}</defs>" if grads else ""


def document(body: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" '
            f'width="{W}" height="{H}">{defs_for(body)}{body}</svg>\n')


def blank() -> str:
    return rect(1, 1, W - 2, H - 2, rx=10, fill=PAPER, stroke="#6b6458", stroke_width=1.5)


def card_svg(card: str) -> str:
    """The SVG text of one face, e.g. card_svg("12e")."""
    rank, suit = int(card[:-1]), card[-1]
    if suit not in SUITS or rank not in RANKS:
        raise ValueError(f"not a Spanish-deck card: {card!r}")
    if rank == 1:
        art = ace(suit)
    elif rank <= 7:
        art = round_pips(rank, suit) if suit in "oc" else long_pips(rank, suit)
    else:
        art = {10: sota, 11: caballo, 12: rey}[rank](suit)
    corner = index_mark(rank, suit)
    body = (blank() + frame(suit) + art + corner
            + g(corner, transform=f"rotate(180 {W // 2} {H // 2})"))
    return document(body)


BACKS = {"red": ("#a8262c", "#d8666a", "#6e1519"), "blue": ("#1f4f9c", "#6a93d6", "#10305f")}


def back_svg(name: str) -> str:
    """A card back: a woven lattice, a double frame and a central rosette medallion."""
    base, light, dark = BACKS[name]
    x0, y0, x1, y1 = 12.0, 12.0, 188.0, 288.0
    lines = []
    step = 14.0
    # Diagonals clipped to the panel by hand, since nanosvg has no clip paths.
    c = y0 - x1
    while c < y1 - x0:
        pts = []
        for x in (x0, x1):  # y = x + c
            if y0 <= x + c <= y1:
                pts.append((x, x + c))
        for y in (y0, y1):
            if x0 < y - c < x1:
                pts.append((y - c, y))
        if len(pts) == 2:
            (ax, ay), (bx, by) = pts
            lines.append(f"M{n(ax)} {n(ay)}L{n(bx)} {n(by)}")
            lines.append(f"M{n(x0 + x1 - ax)} {n(ay)}L{n(x0 + x1 - bx)} {n(by)}")
        c += step
    petals = []
    for k in range(12):
        a = 2 * math.pi * k / 12
        tip = (100 + 36 * math.cos(a), 150 + 36 * math.sin(a))
        le = (100 + 18 * math.cos(a - 0.45), 150 + 18 * math.sin(a - 0.45))
        ri = (100 + 18 * math.cos(a + 0.45), 150 + 18 * math.sin(a + 0.45))
        petals.append(f"M100 150Q{n(le[0])} {n(le[1])} {n(tip[0])} {n(tip[1])}"
                      f"Q{n(ri[0])} {n(ri[1])} 100 150Z")
    dots = "".join(circle(100 + 46 * math.cos(2 * math.pi * k / 16),
                          150 + 58 * math.sin(2 * math.pi * k / 16), 2.2, fill=base)
                   for k in range(16))
    corners = "".join(
        path(f"M{x} {y - 9}L{x + 9} {y}L{x} {y + 9}L{x - 9} {y}Z", fill=PAPER, stroke=dark,
             stroke_width=1.2)
        for x, y in ((34, 34), (166, 34), (34, 266), (166, 266)))
    body = (blank()
            + rect(x0, y0, x1 - x0, y1 - y0, rx=5, fill=base)
            + path("".join(lines), fill="none", stroke=light, stroke_width=1.6)
            + rect(x0 + 6, y0 + 6, x1 - x0 - 12, y1 - y0 - 12, rx=3, fill="none",
                   stroke=PAPER, stroke_width=2.0)
            + ellipse(100, 150, 56, 70, fill=PAPER, stroke=dark, stroke_width=2.5)
            + ellipse(100, 150, 50, 64, fill="none", stroke=base, stroke_width=1.2)
            + dots
            + path("".join(petals), fill=base, stroke=dark, stroke_width=1.0)
            + circle(100, 150, 8, fill=GOLD, stroke=dark, stroke_width=1.2)
            + corners)
    return document(body)


def all_cards() -> list[str]:
    return [f"{r}{s}" for s in SUITS for r in RANKS]


def generate() -> dict[str, str]:
    """File name -> SVG text for the whole deck and its backs."""
    files = {f"{card}.svg": card_svg(card) for card in all_cards()}
    files.update({f"back-{name}.svg": back_svg(name) for name in BACKS})
    return files


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path(__file__).resolve().parent.parent / "assets" / "cards"
    out.mkdir(parents=True, exist_ok=True)
    total = 0
    for name, text in generate().items():
        (out / name).write_text(text, encoding="utf-8", newline="\n")
        total += len(text.encode())
    print(f"wrote {len(generate())} files to {out} ({total / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
