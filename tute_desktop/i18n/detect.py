"""Choosing the game's language from the system's preferred locales."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from .catalog import FALLBACK, LANGUAGES

CLOSE_TO_SPANISH: Final = frozenset({"ca", "gl", "eu"})
"""Catalan, Galician and Basque: their speakers in Spain all read Spanish."""


def _language_code(value: object) -> str:
    # SDL gives "es"; be lenient with "es-ES", "es_ES" and capitals all the same.
    if not isinstance(value, str):
        return ""
    return value.strip().lower().replace("_", "-").split("-", 1)[0]


def preferred_language(locales: Iterable[Mapping[str, str | None]]) -> str:
    """The language to speak, from the system's preferred locales, best first.

    `locales` is what ``pygame.system.get_pref_locales()`` returns: dicts with a
    "language" (and a "country" that does not matter here). The first locale in a
    language the game has wins; Catalan, Galician and Basque count as Spanish.
    With nothing usable the game speaks English.
    """
    for entry in locales:
        code = _language_code(entry.get("language"))
        if code in LANGUAGES:
            return code
        if code in CLOSE_TO_SPANISH:
            return "es"
    return FALLBACK
