"""Numbers said in the player's language: "−34,5" in Spanish, "−34.5" in English.

The signs come from the catalog (``number.decimal``, ``number.group``), not from
Babel: Babel's locale data for every language is larger than the whole game, and
the catalog already holds everything else a language says. A language added as
files says its own signs there too.
"""

from __future__ import annotations

import math

from .catalog import tr

GROUP_FROM = 10_000
"""Whole parts from this size on are grouped in thousands. Spanish style (RAE)
leaves four-digit numbers ungrouped ("2500"), and the game's numbers (points,
statistics) rarely reach five digits; English uses the same threshold so the two
languages lay a table out alike."""


MINUS = "\u2212"
"""The minus sign before a negative number ("−34,5"), as the notes write
"−130": a strong player read the hyphen beside it as a different sign."""

SHORTEST_UP_TO = 3
"""Decimals kept at most when ``places`` is None (a speed: "×1,5", "×2")."""


def number(lang: str, value: float, places: int | None = 0, *, sign: bool = False) -> str:
    """`value` rounded to `places` decimals as `lang` writes it (None: as few as
    it needs, up to ``SHORTEST_UP_TO``); with `sign`, a plus before a positive
    value ("+3,5"). A value that rounds to zero has no sign at all ("0,0", never
    "-0,0"). The one place the game formats a number that is not a whole count
    for a player to read."""
    if places is not None and places < 0:
        raise ValueError(f"places is 0 or more, not {places}")
    if not math.isfinite(value):
        return "–"
    if places is None:
        text = f"{abs(value):.{SHORTEST_UP_TO}f}".rstrip("0").rstrip(".")
    else:
        text = f"{abs(value):.{places}f}"
    whole, _, decimals = text.partition(".")
    if abs(value) >= GROUP_FROM:
        groups: list[str] = []
        while len(whole) > 3:
            whole, last = whole[:-3], whole[-3:]
            groups.insert(0, last)
        whole = tr(lang, "number.group").join([whole, *groups])
    said = whole + (tr(lang, "number.decimal") + decimals if decimals else "")
    zero = float(text) == 0
    if value < 0 and not zero:
        return MINUS + said
    return ("+" if sign and not zero else "") + said
