"""Words for a refused action: the engine raises ``IllegalActionError`` with a
code and parameters (tute_desktop/engine/errors.py); this turns them into the
catalog's sentence in a language, with the section of the rules it applies.

Keys are ``illegal.<code>``, with a variant for a few codes whose sentence
depends on a parameter (``illegal.must_trump.undertrump``,
``illegal.declarations_over.<until>``, ``illegal.already_declared.tute`` or
``.pair``). Parameters become words: suit letters the suit's name, cards their
name, a variant its title, a tute's rank the word for kings or knights.
"""

from __future__ import annotations

from ..engine.actions import PLAY, Action
from ..engine.cards import SUITS
from ..engine.errors import IllegalActionError
from .cards import card_in_sentence, suit_name
from .catalog import tr

_SUIT_PARAMS = ("suit", "trump")
_CARD_PARAMS = ("card", "faceup")


def refusal_key(error: IllegalActionError) -> str:
    """The catalog key of ``error``'s sentence."""
    code, params = error.code, error.params
    if code == "must_trump" and params.get("undertrump"):
        return "illegal.must_trump.undertrump"
    if code == "declarations_over":
        return f"illegal.declarations_over.{params.get('until', 'stock')}"
    if code == "already_declared":
        return "illegal.already_declared.tute" if "rank" in params \
            else "illegal.already_declared.pair"
    return f"illegal.{code}"


def refusal_fields(lang: str, error: IllegalActionError) -> dict[str, object]:
    """``error``'s parameters as words of ``lang``."""
    fields: dict[str, object] = {}
    for name, value in error.params.items():
        if name in _SUIT_PARAMS and isinstance(value, str) and value in SUITS:
            fields[name] = suit_name(lang, SUITS.index(value))
        elif name in _CARD_PARAMS and isinstance(value, str):
            fields[name] = card_in_sentence(lang, value)  # (inside a sentence)
        elif name == "variant":
            fields[name] = tr(lang, f"variant_title.{value}")
        elif name == "rank":
            fields["what"] = tr(lang, "reyes" if value == 12 else "caballos")
        else:
            fields[name] = value
    return fields


def refusal(lang: str, error: IllegalActionError, section: bool = True) -> str:
    """Why ``error``'s action was refused, in ``lang``; with the rules' section
    (``(§3)``) unless ``section`` is False."""
    message = tr(lang, refusal_key(error), **refusal_fields(lang, error))
    if not section:
        return message
    return tr(lang, "illegal.with_section", message=message, section=error.section)


def refusal_of(lang: str, action: Action, error: IllegalActionError) -> str:
    """Why ``action`` was refused, without the section: a card's refusal names
    the card first (nc94 pressed 3 for his 3 of clubs, the key chose the third
    card of his hand, another, and "You must follow suit: you hold clubs" made
    no sense)."""
    why = refusal(lang, error, section=False)
    if action.kind is not PLAY or action.card is None or error.code == "not_in_hand":
        return why
    return tr(lang, "illegal.card", card=card_in_sentence(lang, action.card), why=why)
