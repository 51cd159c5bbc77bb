"""Names the game gives, said in the language shown now.

A seat nobody named is saved with the name the game gave it in the language of
that moment ("You", "Bot (medium)", "Bot 2 (easy)"); a player who switches to
Spanish then sees "Tú", "Bot (medio)", "Bot 2 (fácil)". A name a person typed
is never changed.
"""

from __future__ import annotations

from .catalog import LANGUAGES, tr

MOST_SEATS = 8
"""Numbered bot names are looked for up to this seat number."""


def spoken_name(lang: str, name: str, level: str | None) -> str:
    """``name`` in ``lang`` when it is a name the game gave in another language;
    otherwise ``name`` itself. ``level``: the seat's bot level (None: a person)."""
    for other in LANGUAGES:
        if other == lang:
            continue
        if level is None:
            if name == tr(other, "you"):
                return tr(lang, "you")
            continue
        word, mine = tr(other, f"level_{level}"), tr(lang, f"level_{level}")
        if name == tr(other, "bot_named", level=word):
            return tr(lang, "bot_named", level=mine)
        for n in range(1, MOST_SEATS + 1):
            if name == tr(other, "bot_seat", n=n, level=word):
                return tr(lang, "bot_seat", n=n, level=mine)
    return name
