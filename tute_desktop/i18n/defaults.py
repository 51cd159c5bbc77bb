"""Names the game gives, said in the language shown now.

A seat nobody named is saved with the name the game gave it in the language of
that moment ("You", "Bot (medium)", "Bot 2 (easy)"); a player who switches to
Spanish then sees "Tú", "Bot (medio)", "Bot 2 (fácil)". A name a person typed
is never changed.
"""

from __future__ import annotations

from .catalog import LANGUAGES, Notice, lookup, tr

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


def short_name(lang: str, name: str, level: str | None) -> str:
    """A bot's name the game gave without its level ("Bot 2 (medium)" → "Bot 2",
    "Bot (medium)" → "Bot"), where its row is short of room (a newcomer saw a
    two-player score panel at large text wrap "Bot (medium)" onto a line of its
    own); any other name as ``spoken_name`` says it."""
    said = spoken_name(lang, name, level)
    if level is not None:
        word = tr(lang, f"level_{level}")
        if said == tr(lang, "bot_named", level=word):  # two players' one bot
            return tr(lang, "bot_short")
        for n in range(1, MOST_SEATS + 1):
            if said == tr(lang, "bot_seat", n=n, level=word):
                return tr(lang, "bot_seat_short", n=n)
    return said


def you_form(lang: str, key: str, name: str) -> str:
    """``key``, or its person's own form ``<key>_you`` where the catalog has one
    and ``name`` is the person's "you" ("Tú"/"You"): a sentence whose verb agrees
    with its name says "No cumples el contrato", not "Tú no cumple"."""
    you = f"{key}_you"
    if name in {tr(other, "you") for other in LANGUAGES} and lookup(lang, you) is not None:
        return you
    return key


class SpokenName(Notice):
    """A seat's name kept in a message and said, like ``spoken_name``, in the
    language of the moment it is drawn: a chronicle line fed in English says
    "Bot (medio)" once the window speaks Spanish, as the seat's plate does."""

    name: str
    level: str | None

    def __new__(cls, name: str, level: str | None) -> SpokenName:
        self = str.__new__(cls, name)
        self.key = ""
        self.fields = {}
        self.name = name
        self.level = level
        return self

    def render(self, lang: str) -> str:
        return spoken_name(lang, self.name, self.level)

    def __repr__(self) -> str:
        return f"SpokenName({self.name!r}, {self.level!r})"

    def __reduce__(self) -> tuple[type[SpokenName], tuple[str, str | None]]:  # type: ignore[override]
        return SpokenName, (self.name, self.level)
