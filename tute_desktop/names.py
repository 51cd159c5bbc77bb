"""Names of players as the game shows and saves them.

A name may come from the keyboard or from a hand-edited file; either way it is
cleaned before use: control characters (NUL, newlines, escapes), format
characters and unpaired surrogates are dropped, runs of white space become one
space, and the name is cut to ``NAME_LIMIT`` characters. What is left can always
be drawn and written as UTF-8.
"""

from __future__ import annotations

import unicodedata
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
