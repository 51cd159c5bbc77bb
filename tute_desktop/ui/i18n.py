"""The window's words: a thin door to ``tute_desktop.i18n``, where the catalog lives.

``tr(lang, key, **fields)`` as before; ``SUIT_WORDS[lang][suit]`` names the suits
(0..3: oros, copas, espadas, bastos) for the code that still indexes it.
"""

from __future__ import annotations

from typing import Final

from ..i18n import LANGUAGES, card_label, say, suit_name, tr

__all__ = ["LANGUAGES", "SUIT_WORDS", "card_label", "say", "suit_name", "tr"]

SUIT_WORDS: Final[dict[str, tuple[str, ...]]] = {
    lang: tuple(suit_name(lang, suit) for suit in range(4)) for lang in LANGUAGES
}
