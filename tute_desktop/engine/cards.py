"""Cards of the Spanish 40-card deck and their notation (RULES §1).

A card is a small int, 0..39, so hands can be bitmasks: ``suit * 10 + strength``
where strength 0 is the lowest card of a suit (the 2) and 9 the highest (the As).
Within a suit a higher id beats a lower one (RULES §1 trick order), so "cards of
this suit that beat x" is a single mask operation.

``Card`` subclasses ``int`` so that engine internals can use plain ints while the
public API hands out readable values: ``Card.parse("12e")``, ``str(card) == "12e"``.
"""

from __future__ import annotations

from typing import Final

SUITS: Final = "oceb"
"""Suit letters in id order: oros, copas, espadas, bastos."""

RANKS_BY_STRENGTH: Final = (2, 4, 5, 6, 7, 10, 11, 12, 3, 1)
"""Ranks from the lowest to the highest in trick order (RULES §1)."""
POINTS_BY_STRENGTH: Final = (0, 0, 0, 0, 0, 2, 3, 4, 10, 11)
"""Card points: Sota 2, Caballo 3, Rey 4, Tres 10, As 11; the rest 0 (RULES §1)."""

STRENGTH_OF_RANK: Final = {r: i for i, r in enumerate(RANKS_BY_STRENGTH)}
SOTA, CABALLO, REY = STRENGTH_OF_RANK[10], STRENGTH_OF_RANK[11], STRENGTH_OF_RANK[12]
SIETE, DOS = STRENGTH_OF_RANK[7], STRENGTH_OF_RANK[2]
SEVEN_TAKES: Final = frozenset({9, 8, REY, CABALLO, SOTA})
"""The face-up cards (strengths) the trump 7 may take in exchange (RULES §5)."""

ALL_CARDS_MASK: Final = (1 << 40) - 1
SUIT_MASKS: Final = tuple(((1 << 10) - 1) << (10 * s) for s in range(4))
CARD_POINTS: Final = tuple(POINTS_BY_STRENGTH[c % 10] for c in range(40))
PAIR_MASKS: Final = tuple((1 << (s * 10 + REY)) | (1 << (s * 10 + CABALLO)) for s in range(4))
"""Per suit, its Rey and Caballo: the pair a 20 or the 40 declares (RULES §4)."""
KINGS_MASK: Final = sum(1 << (s * 10 + REY) for s in range(4))
"""The four Reyes (a tute of Reyes, §4)."""
KNIGHTS_MASK: Final = sum(1 << (s * 10 + CABALLO) for s in range(4))
"""The four Caballos (a tute of Caballos, §4)."""
KINGS_OF_SUITS: Final = tuple(sum(1 << (s * 10 + REY) for s in range(4) if suits >> s & 1)
                              for suits in range(16))
"""The Reyes of a set of suits given as four bits (``State.sung``'s suit bits).
With the Rey just above the Caballo in id order, ``hand & (hand << 1) &
KINGS_MASK`` has a Rey wherever a hand holds both of a suit: removing
``KINGS_OF_SUITS[sung & 15]`` leaves the pairs still to declare."""
EXCHANGER_MASKS: Final = tuple((1 << (s * 10 + SIETE)) | (1 << (s * 10 + DOS)) for s in range(4))
"""Per trump suit, its 7 and 2: the cards that may exchange for the face-up card (§5)."""


class Card(int):
    """One card, an int 0..39 with the notation of RULES §1 ("1o", "12e")."""

    __slots__ = ()

    @property
    def suit(self) -> int:
        """Suit index 0..3 (o, c, e, b)."""
        return self // 10

    @property
    def suit_letter(self) -> str:
        return SUITS[self // 10]

    @property
    def rank(self) -> int:
        """The printed rank: 1..7, 10 (Sota), 11 (Caballo), 12 (Rey)."""
        return RANKS_BY_STRENGTH[self % 10]

    @property
    def strength(self) -> int:
        """0 (the 2) .. 9 (the As): higher wins within a suit."""
        return self % 10

    @property
    def points(self) -> int:
        return CARD_POINTS[self]

    @staticmethod
    def of(rank: int, suit: int) -> Card:
        return CARDS[suit * 10 + STRENGTH_OF_RANK[rank]]

    @staticmethod
    def parse(text: str) -> Card:
        """Parse "12e" or "1o"; raises ValueError naming the fault."""
        t = text.strip()
        card = _BY_NAME.get(t)
        if card is None:
            raise ValueError(
                f"not a card: {text!r} (write rank then suit, e.g. 1o, 12e; ranks 1-7, 10, 11, 12;"
                " suits o, c, e, b)"
            )
        return card

    def __str__(self) -> str:
        return _NAMES[self]

    def __repr__(self) -> str:
        return f"Card.parse({_NAMES[self]!r})"


_NAMES: Final = tuple(f"{RANKS_BY_STRENGTH[c % 10]}{SUITS[c // 10]}" for c in range(40))
CARDS: Final = tuple(Card(c) for c in range(40))
_BY_NAME: Final = {name: CARDS[c] for c, name in enumerate(_NAMES)}


def card_name(c: int) -> str:
    """The notation of a card given as a plain int."""
    return _NAMES[c]


def mask_of(cards: object) -> int:
    """A bitmask from an iterable of card ints."""
    m = 0
    for c in cards:  # type: ignore[attr-defined]
        m |= 1 << c
    return m


def bits(mask: int) -> list[int]:
    """The card ids in a bitmask, lowest first."""
    return [*_BITS0[mask & 1023], *_BITS1[mask >> 10 & 1023], *_BITS2[mask >> 20 & 1023],
            *_BITS3[mask >> 30 & 1023]]


def pair_suits(hand: int) -> list[int]:
    """The suits of which ``hand`` (a bitmask) holds the Rey and the Caballo,
    the pair a 20 or the 40 declares (RULES §4), lowest first."""
    return [s for s in range(4) if hand & PAIR_MASKS[s] == PAIR_MASKS[s]]


def cards_of(mask: int) -> list[Card]:
    """The cards in a bitmask, lowest id first."""
    return [CARDS[c] for c in bits(mask)]


def mask_points(mask: int) -> int:
    """Card points of every card in a mask (a table by 10-bit suit chunk: points
    depend on the strength alone)."""
    points = _CHUNK_POINTS
    return (points[mask & 1023] + points[mask >> 10 & 1023] + points[mask >> 20 & 1023]
            + points[mask >> 30 & 1023])


def parse_cards(items: object) -> list[Card]:
    """Parse a list of card strings."""
    if not isinstance(items, list):
        raise ValueError(f"expected a list of cards, got {items!r}")
    return [Card.parse(x) if isinstance(x, str) else _bad(x) for x in items]


def _bad(x: object) -> Card:
    raise ValueError(f"not a card: {x!r}")


_CHUNK_POINTS: Final = tuple(
    sum(POINTS_BY_STRENGTH[i] for i in range(10) if m >> i & 1) for m in range(1024)
)
def _chunk_bits(suit: int) -> tuple[tuple[int, ...], ...]:
    """Per 10-bit chunk of one suit, its card ids, lowest first: each chunk's tuple
    is its lowest card before the tuple of the chunk without it (cheap at import)."""
    table: list[tuple[int, ...]] = [()]
    for m in range(1, 1024):
        table.append((suit * 10 + (m & -m).bit_length() - 1,) + table[m & (m - 1)])
    return tuple(table)


_BITS0, _BITS1, _BITS2, _BITS3 = (_chunk_bits(s) for s in range(4))
"""Per suit, per 10-bit chunk of a mask: its card ids (``bits`` reads four)."""
