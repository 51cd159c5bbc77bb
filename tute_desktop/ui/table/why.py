"""A reason in words (``bots.reasons.Reason``): the sentence a teacher would
say, from the catalog (``reason_<kind>``), with the reason's own numbers. The
round review's mistakes and the table's hint say them the same way. No pygame."""

from __future__ import annotations

from ...bots.reasons import (
    CAPTURED,
    DECLARE,
    DRAWN,
    EXACT,
    HIGH,
    SOLVED,
    TRICKS,
    TRUMPS,
    Reason,
)
from ...engine import Action
from ...engine.actions import PLAY
from ...i18n import in_variant, number, tr
from ...i18n.cards import card_label, suit_name
from .describe import action_words


def mid_sentence(lang: str, words: str) -> str:
    """A card's name inside a sentence: Spanish writes it in lower case there
    ("el 3 de espadas", "la sota de oros": docs/glossary.md)."""
    if lang == "es" and words:
        return words[0].lower() + words[1:]
    return words


def action_in_sentence(lang: str, text: str, variant: str = "") -> str:
    """An action (its text) inside a sentence: a card by its name, anything
    else (a declaration, the exchange) as its button says it, in quotes."""
    a = Action.parse(text)
    words = action_words(lang, a, variant)
    if a.kind is PLAY:
        return mid_sentence(lang, words)
    return tr(lang, "reason_quoted", action=words)


def reason_words(lang: str, r: Reason, variant: str = "") -> str:
    """The sentence of ``r`` in ``lang``: whole counts as counts, means with
    one decimal (points signed), exact values in whole points (``i18n.number``)."""
    best = action_in_sentence(lang, r.best, variant)
    other = action_in_sentence(lang, r.other, variant)
    if r.kind in (TRICKS, SOLVED):
        return tr(lang, f"reason_{r.kind}", n=r.deals, best=best, other=other,
                  best_points=number(lang, r.best_stat, 1, sign=True),
                  other_points=number(lang, r.other_stat, 1, sign=True))
    if r.kind in (CAPTURED, TRUMPS, DRAWN):
        return tr(lang, f"reason_{r.kind}", best=best, other=other,
                  best_mean=number(lang, r.best_stat, 1), other_mean=number(lang, r.other_stat, 1))
    if r.kind == EXACT:
        return tr(lang, "reason_exact", best=best, other=other,
                  best_points=number(lang, r.best_stat, 0, sign=True),
                  other_points=number(lang, r.other_stat, 0, sign=True))
    counts = {"best_count": int(r.best_stat), "other_count": int(r.other_stat), "n": r.deals}
    if r.kind == DECLARE:
        pair = tr(lang, "reason_pair_40") if _is_forty(r) else \
            tr(lang, "reason_pair_20", suit=suit_name(lang, r.what))
        key = "reason_declare_keep" if r.kept else "reason_declare_make"
        return tr(lang, in_variant(variant, key), best=best, other=other, pair=pair, **counts)
    if r.kind == HIGH:
        card = mid_sentence(lang, card_label(lang, r.what))
        return tr(lang, "reason_high", best=best, other=other, card=card, **counts)
    return tr(lang, "reason_diez", best=best, other=other, **counts)


def _is_forty(r: Reason) -> bool:
    return r.trump == r.what


__all__ = ["action_in_sentence", "mid_sentence", "reason_words"]
