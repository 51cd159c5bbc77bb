"""Names of players as the game shows and saves them.

A name may come from the keyboard or from a hand-edited file; either way it is
cleaned before use: control characters (NUL, newlines, escapes), format
characters and unpaired surrogates are dropped, runs of white space become one
space, and the name is cut to ``NAME_LIMIT`` characters. What is left can always
be drawn and written as UTF-8.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import Final

NAME_LIMIT: Final = 32
"""The longest name kept from a file (the name rows take 16 when typed)."""

_DROPPED: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Unicode categories never kept in a name: control, format, surrogate, private
use and unassigned code points."""


def clean_name(text: str, limit: int = NAME_LIMIT) -> str:
    """``text`` without what cannot be shown or saved, white space collapsed, at
    most ``limit`` characters; may be empty."""
    kept = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch) not in _DROPPED)
    return " ".join(kept.split())[:limit].rstrip()


def bot_namer(levels: Sequence[str | None], alone: Callable[[str], str],
              numbered: Callable[[str, int], str]) -> Callable[[str, int], str]:
    """How the bots of one table or tournament are called, as ``bot_name(level, n)``
    for ``ui.menus.seat_names`` (``n``: the seat's number, from 1).

    The only bot of a table is called by its level alone, ``alone(level)``
    ("Bot (medium)"); where there are several, each takes its seat's number
    too, ``numbered(level, n)`` ("Bot 2 (easy)", "Bot 3 (medium)"), the number
    of the "Player 2" row it was chosen on (a bar player read "Bot (medium)"
    beside "Bot 3 (hard)" and "Bot 4 (hard)" as odd one out, cold play nc78). A
    number past the seats (``seat_names`` asks for one when a person already
    has the name) is always written out, so the new name differs."""
    bots = sum(level is not None for level in levels)
    seats = len(levels)

    def name(level: str, n: int) -> str:
        if bots == 1 and n <= seats:
            return alone(level)
        return numbered(level, n)

    return name
