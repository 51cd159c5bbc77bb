"""Every word a player sees, in every language the game speaks.

The words live in files, not in code: ``tute_desktop/locale/<lang>/LC_MESSAGES/tute.po``
(edited by hand, gettext format, compiled to the ``tute.mo`` next to it that the
game reads with the standard ``gettext`` module) and the rules screen's prose in
``tute_desktop/locale/<lang>/rules/<variant>.md``. This package may import only
the standard library and ``tute_desktop.engine``.

Looking words up::

    tr("es", "undo")                       # "Deshacer"
    tr("en", "turn_of", name="Ana")        # "Ana to play"
    suit_name("es", 0)                     # "oros"
    card_label("en", "1c")                 # "Ace of cups"
    preferred_language([{"language": "gl", "country": "ES"}])   # "es"
    number("es", -34.5, 1)                 # "-34,5"
    tr("es", in_variant("boricua", "sing40"))   # boricua's own words: "Acuso 40"

An unknown language is English, a key missing in a language comes from English,
and a key missing everywhere is shown as the key itself.

Keys are symbolic, never English sentences:

* flat ``snake_case`` keys are the window's own words: buttons, titles, banners,
  hints (``undo``, ``why_points``, ``banner_20``, ``stats_keys``);
* dotted keys are families indexed by the engine's names and values,
  ``<family>.<name>[.<detail>]``: ``suit.<0..3>``, ``rank.<1..7|10|11|12>``, ``card``,
  ``variant_title.<variant>``, ``option.<option>`` (a house rule's label),
  ``option_value.<option>.<str(value)>`` (``.<variant>`` after it: that
  variant's own words for the value; ``option_value.target.count[_one].<scoring>``:
  a match target with what the match counts), ``option_help.<option>`` and
  ``option_help.<option>.<variant>`` (what the option changes, overridden for one
  variant), ``rules.options.*`` (the rules screen's last section),
  ``notice.*`` and ``file.a.<kind>`` (problems with the player's files).

Fields are ``str.format`` names in braces; every language must use the same ones.

A variant may have its own words for a key: an entry with ``msgctxt "<variant>"``
beside the plain one, looked up as ``tr(lang, in_variant(variant, key))`` (plain
where the variant has none). docs/glossary.md says which words each thing takes,
and which are retired (tests/test_glossary.py). Numbers for display go through
``number``.

To add a key: add the ``msgid``/``msgstr`` pair to every ``tute.po``, run
``make catalog`` (Babel compiles the .po files to .mo), commit both. The tests
fail when a key is in one language only, when the placeholders differ, when a
message is empty, or when a .mo is older than its .po.

To add a language: copy a ``locale/<lang>`` folder to the new code, translate
its tute.po and rules, run ``make catalog``. ``LANGUAGES`` finds it.
"""

from __future__ import annotations

from .cards import RANKS, card_label, rank_name, suit_name
from .catalog import (
    CONTEXT_MARK,
    FALLBACK,
    LANGUAGES,
    Notice,
    in_variant,
    locale_dir,
    lookup,
    say,
    tr,
    translations,
)
from .defaults import SpokenName, short_name, spoken_name, you_form
from .detect import CLOSE_TO_SPANISH, preferred_language
from .numbers import number
from .prose import Section, parse_sections, rules_path, rules_sections
from .refusals import refusal, refusal_key, refusal_of

__all__ = [
    "SpokenName",
    "spoken_name", "short_name", "you_form", "number", "in_variant", "CONTEXT_MARK",
    "CLOSE_TO_SPANISH", "FALLBACK", "LANGUAGES", "Notice", "RANKS", "Section", "card_label",
    "locale_dir", "lookup", "parse_sections", "preferred_language", "rank_name", "refusal",
    "refusal_key", "refusal_of", "rules_path", "rules_sections", "say", "suit_name", "tr",
    "translations",
]
