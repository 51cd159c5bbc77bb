"""The names of suits, ranks and cards in the player's language."""

from __future__ import annotations

from ..engine.cards import CARDS, RANKS_BY_STRENGTH, Card
from .catalog import tr

RANKS = tuple(sorted(RANKS_BY_STRENGTH))
"""The printed ranks of the Spanish deck: 1-7, 10 (Sota), 11 (Caballo), 12 (Rey)."""


def suit_name(lang: str, suit: int) -> str:
    """A suit by its index, lower case: 0 oros/coins, 1 copas/cups, 2 espadas/swords,
    3 bastos/clubs (the order of ``engine.cards.SUITS``)."""
    if not 0 <= suit < 4:
        raise ValueError(f"a suit index is 0..3, not {suit!r}")
    return tr(lang, f"suit.{suit}")


def rank_name(lang: str, rank: int) -> str:
    """A printed rank as a word: ``rank_name("es", 11) == "Caballo"``, "Knight" in English."""
    if rank not in RANKS:
        raise ValueError(f"a rank is one of {', '.join(map(str, RANKS))}, not {rank!r}")
    return tr(lang, f"rank.{rank}")


def card_label(lang: str, card: int | str) -> str:
    """A card's name for players, from its id (0..39) or notation ("7o"):
    "Siete de oros", "7 of coins", "Ace of cups"."""
    if isinstance(card, str):
        found = Card.parse(card)
    elif isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(CARDS):
        found = CARDS[card]
    else:
        raise ValueError(f"a card is an id 0..39 or a notation like '7o', not {card!r}")
    return tr(lang, "card", rank=rank_name(lang, found.rank), suit=suit_name(lang, found.suit))


def in_sentence(lang: str, words: str) -> str:
    """A card's name (or words that start with one) as written inside a
    sentence: Spanish writes it in lower case there ("jugaste: rey de
    bastos", "la sota de oros": docs/glossary.md), a capital only where a
    label or a sentence starts; English keeps its capitals ("King (12) of
    clubs"). The one rule every sentence that names a card follows."""
    if lang == "es" and words:
        return words[0].lower() + words[1:]
    return words


def card_in_sentence(lang: str, card: int | str) -> str:
    """``card_label`` as written inside a sentence (``in_sentence``)."""
    return in_sentence(lang, card_label(lang, card))
