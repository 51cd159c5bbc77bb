"""Who wins a trick (RULES §2) and what the strict mode allows (RULES §3), as
plain functions on card ids and masks: the engine and the bots' searches share
them, so the rules live in one place."""

from __future__ import annotations

from typing import Final

from .cards import CARD_POINTS, SUIT_MASKS

ABOVE: Final = tuple(~((1 << (c + 1)) - 1) & SUIT_MASKS[c // 10] for c in range(40))
"""ABOVE[c]: the cards of c's suit that beat c (RULES §1 order is id order)."""


def beating_mask(best: int, trump: int) -> int:
    """The cards that beat ``best``, the card winning the trick so far (RULES §2):
    a higher card of its suit, or any trump over a plain card."""
    if best // 10 == trump:
        return ABOVE[best]
    return ABOVE[best] | SUIT_MASKS[trump]


def trick_result(cards: list[int], trump: int) -> tuple[int, int]:
    """The index in ``cards`` (in play order) of the card winning the trick so far
    (RULES §2, ``beating_mask`` card by card, written out here because every trick
    of every search goes through it), and the trick's card points (§1; without
    the diez de últimas)."""
    best = 0
    top = cards[0]
    top_suit = top // 10
    pts = CARD_POINTS[top]
    for i in range(1, len(cards)):
        c = cards[i]
        pts += CARD_POINTS[c]
        suit = c // 10
        if suit == top_suit:
            if c > top:
                best, top = i, c
        elif suit == trump:
            best, top, top_suit = i, c, suit
    return best, pts


def strict_mask(hand: int, cards: list[int], trump: int, undertrump: bool) -> int:
    """The cards of ``hand`` playable on ``cards`` in the strict mode (RULES §3):
    follow and beat (montar) unless a trump is already on a plain lead; void,
    trump and over-trump (fallar, contrafallar); otherwise anything (or, with
    ``undertrump``, still a trump)."""
    if not cards:
        return hand
    led = cards[0] // 10
    follow = hand & SUIT_MASKS[led]
    top_trump = -1
    for c in cards:
        if c // 10 == trump and c > top_trump:
            top_trump = c
    if follow:
        if top_trump >= 0 and led != trump:
            return follow
        high = -1
        for c in cards:
            if c // 10 == led and c > high:
                high = c
        return follow & ABOVE[high] or follow
    trumps = hand & SUIT_MASKS[trump]
    if not trumps:
        return hand
    if top_trump < 0:
        return trumps
    return trumps & ABOVE[top_trump] or (trumps if undertrump else hand)
