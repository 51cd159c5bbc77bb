"""Loading the compiled catalogs (``locale/<lang>/LC_MESSAGES/tute.mo``) and looking keys up.

The .mo files are read with the standard library's ``gettext`` the first time a
language is asked for, and kept. Each language falls back on English, and English
on a marker that says "missing", so a lookup can tell a key that no catalog has
from one whose text happens to equal the key.
"""

from __future__ import annotations

import functools
import gettext
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Final

DOMAIN: Final = "tute"
FALLBACK: Final = "en"
_FIRST: Final = ("es", "en")
"""The languages the game was written in, in the order the settings offer them."""


def locale_dir() -> Path:
    """The folder holding ``<lang>/LC_MESSAGES/tute.mo`` and ``<lang>/rules/*.md``.

    In a source checkout or an installed package it sits beside this package; a
    frozen PyInstaller build unpacks it to ``sys._MEIPASS/tute_desktop/locale``
    (build.spec puts it there).
    """
    if getattr(sys, "frozen", False) and hasattr(sys, "_MEIPASS"):
        return Path(sys._MEIPASS) / "tute_desktop" / "locale"
    return Path(__file__).resolve().parent.parent / "locale"


def _found_languages(root: Path) -> tuple[str, ...]:
    """Spanish and English first, then any other language whose catalog is present."""
    present = {p.parent.parent.name for p in root.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    others = sorted(present - set(_FIRST))
    return _FIRST + tuple(others)


LANGUAGES: Final[tuple[str, ...]] = _found_languages(locale_dir())
"""Every language the game speaks: ("es", "en"), then any added as files."""


class _Missing(gettext.NullTranslations):
    """The end of every fallback chain: raises instead of echoing the key."""

    def gettext(self, message: str) -> str:
        raise KeyError(message)

    def pgettext(self, context: str, message: str) -> str:
        raise KeyError(message)


def _read(lang: str) -> gettext.NullTranslations:
    path = locale_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with open(path, "rb") as handle:
            return gettext.GNUTranslations(handle)
    except OSError:
        # A missing catalog must not stop the game: its words come from English.
        return gettext.NullTranslations()


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of `lang` chained to English (an unknown language is English)."""
    if lang == FALLBACK:
        english = _read(FALLBACK)
        english.add_fallback(_Missing())
        return english
    if lang not in LANGUAGES:
        return translations(FALLBACK)
    own = _read(lang)
    own.add_fallback(translations(FALLBACK))
    return own


CONTEXT_MARK: Final = "\x04"
"""What joins a gettext context to its key, as in the compiled .mo (``msgctxt``)."""


def in_variant(variant: str, key: str) -> str:
    """`key` as said in `variant`: its ``msgctxt "<variant>"`` entry where the
    catalog has one, the plain `key` where not (``lookup`` falls back).

    A variant has its own words where its players use them: boricua's players say
    «acuso» for a declaration and «la Vira» for the trump card, and address a
    group as ``ustedes`` (docs/glossary.md). The context travels inside the key,
    so ``tr``, ``Notice`` and every ``Services.tr`` take it unchanged. No
    variant (``""``): the plain key.
    """
    return f"{variant}{CONTEXT_MARK}{key}" if variant else key


def lookup(lang: str, key: str) -> str | None:
    """The raw message for `key` in `lang` (else English), or None when no catalog
    has it. A key made by ``in_variant`` without its own entry is the plain key."""
    try:
        return translations(lang).gettext(key)
    except KeyError:
        pass
    context, mark, plain = key.partition(CONTEXT_MARK)
    return lookup(lang, plain) if mark and context else None


def tr(lang: str, key: str, /, **fields: object) -> str:
    """The words for `key` in `lang`, with ``{fields}`` filled in (``str.format``).

    An unknown language speaks English, a key missing in a language is taken from
    English, and a key missing everywhere is shown as itself, so a slip shows up
    on screen instead of crashing the window.
    """
    text = lookup(lang, key)
    if text is None:
        text = key.rpartition(CONTEXT_MARK)[2]
    return text.format(**fields) if fields else text


class Notice(str):
    """A message kept as a catalog key and its fields, said in any language later.

    ``Notice("notice.moved", path="/x").render("es")`` gives the Spanish words.
    A field that is itself a Notice is rendered in the same language. The value
    is also a ``str``: the English text, so code written when such messages were
    plain English strings keeps working; a window shows ``say(lang, message)``.
    """

    key: str
    fields: Mapping[str, object]

    def __new__(cls, key: str, /, **fields: object) -> Notice:
        self = super().__new__(cls, _render(FALLBACK, key, fields))
        self.key = key
        self.fields = MappingProxyType(dict(fields))
        return self

    def render(self, lang: str) -> str:
        """The message in `lang`."""
        return _render(lang, self.key, self.fields)

    def __repr__(self) -> str:
        shown = "".join(f", {name}={value!r}" for name, value in self.fields.items())
        return f"Notice({self.key!r}{shown})"

    def __reduce__(self) -> tuple[Callable[..., Notice], tuple[str, dict[str, object]]]:
        # copy and pickle rebuild it from its key and fields, not from the English text
        return _notice, (self.key, dict(self.fields))


def _notice(key: str, fields: dict[str, object]) -> Notice:
    return Notice(key, **fields)


MAX_QUOTED_TEXT = 160
"""Characters of a text a message quotes (a path, an error), at most."""
MAX_QUOTED_NUMBER = 15
"""Characters of a number a message quotes: a file's 4,000-digit "schema" is
not shown whole (issue 27)."""


def quoted(value: object) -> object:
    """`value` as a message may quote it: a number or text longer than its cap
    keeps its start and its end (a path's file name), with "…" for the middle."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        return value
    try:
        text = str(value)
    except ValueError:  # an int past Python's digit limit for str()
        return "…"
    most = MAX_QUOTED_NUMBER if isinstance(value, int) else MAX_QUOTED_TEXT
    if len(text) <= most:
        return value
    head = most // 2
    return text[:head] + "…" + text[len(text) - (most - head - 1):]


def _render(lang: str, key: str, fields: Mapping[str, object]) -> str:
    said = {
        name: value.render(lang) if isinstance(value, Notice) else quoted(value)
        for name, value in fields.items()
    }
    return tr(lang, key, **said)


def say(lang: str, message: str) -> str:
    """What to show for `message`: a Notice in `lang`, any other text as it is."""
    return message.render(lang) if isinstance(message, Notice) else message
