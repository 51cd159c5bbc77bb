"""Who wins a trick (RULES §2) and what the strict mode allows (RULES §3), as
plain functions on card ids and masks: the engine and the bots' searches share
them, so the rules live in one place."""

from __future__ import annotations

from typing import Final

from .cards import CARD_POINTS, SUIT_MASKS

ABOVE: Final = tuple(~((1 << (c + 1)) - 1) & SUIT_MASKS[c // 10] for c in range(40))
"""ABOVE[c]: the cards of c's suit that beat c (RULES §1 order is id order)."""


BEATING: Final = tuple(
    tuple(ABOVE[c] if c // 10 == t else ABOVE[c] | SUIT_MASKS[t] for c in range(40))
    for t in range(4))
"""BEATING[trump][c]: ``beating_mask(c, trump)`` for every trump suit and card."""


def beating_mask(best: int, trump: int) -> int:
    """The cards that beat ``best``, the card winning the trick so far (RULES §2):
    a higher card of its suit, or any trump over a plain card."""
    if best // 10 == trump:
        return ABOVE[best]
    return ABOVE[best] | SUIT_MASKS[trump]


def trick_result(cards: list[int], trump: int) -> tuple[int, int]:
    """The index in ``cards`` (in play order) of the card winning the trick so far
    (RULES §2: the card no later card beat, ``beating_mask`` card by card, from
    the table ``BEATING``, since every trick of every search goes through it),
    and the trick's card points (§1; without the diez de últimas)."""
    top = cards[0]
    pts = CARD_POINTS[top]
    if len(cards) == 2:
        c = cards[1]
        if BEATING[trump][top] >> c & 1:
            return 1, pts + CARD_POINTS[c]
        return 0, pts + CARD_POINTS[c]
    beat = BEATING[trump]
    best = 0
    for i in range(1, len(cards)):
        c = cards[i]
        pts += CARD_POINTS[c]
        if beat[top] >> c & 1:
            best, top = i, c
    return best, pts


def strict_mask(hand: int, cards: list[int], trump: int, undertrump: bool) -> int:
    """The cards of ``hand`` playable on ``cards`` in the strict mode (RULES §3):
    follow and beat (montar) unless a trump is already on a plain lead; void,
    trump and over-trump (fallar, contrafallar); otherwise anything (or, with
    ``undertrump``, still a trump). Written against the card winning the trick
    so far (``top``): the highest trump if any is on the table, else the
    highest card of the suit led."""
    if not cards:
        return hand
    top = lead = cards[0]
    led = lead // 10
    follow = hand & SUIT_MASKS[led]
    k = len(cards)
    if k > 1:  # the card winning so far; a follow sees at most three (four players)
        beat = BEATING[trump]
        c = cards[1]
        if beat[top] >> c & 1:
            top = c
        if k > 2:
            c = cards[2]
            if beat[top] >> c & 1:
                top = c
            for i in range(3, k):
                c = cards[i]
                if beat[top] >> c & 1:
                    top = c
    if follow:
        if top // 10 != led:  # a trump on a plain lead: any card of the suit
            return follow
        return follow & ABOVE[top] or follow
    trumps = hand & SUIT_MASKS[trump]
    if not trumps:
        return hand
    if top // 10 != trump:
        return trumps
    return trumps & ABOVE[top] or (trumps if undertrump else hand)


def strict_play(hand: int, cards: list[int], card: int, trump: int, undertrump: bool) -> int:
    """Whether ``card``, held in ``hand``, may be played on ``cards`` (not empty)
    in the strict mode (``strict_mask``), and if so what the play proves the hand
    does not hold (RULES §3 read backwards: a void, no trump, nothing that beats):
    that mask, or -1 when the play is not allowed. One pass for the check and the
    inference that every card played after the lead needs."""
    top = lead = cards[0]
    led = lead // 10
    k = len(cards)
    # The card winning so far, as in strict_mask: written out, since a call for it
    # would cost every card that follows a lead.
    if k > 1:  # the card winning so far; a follow sees at most three (four players)
        beat = BEATING[trump]
        c = cards[1]
        if beat[top] >> c & 1:
            top = c
        if k > 2:
            c = cards[2]
            if beat[top] >> c & 1:
                top = c
            for i in range(3, k):
                c = cards[i]
                if beat[top] >> c & 1:
                    top = c
    suit = card // 10
    if suit == led:
        if top // 10 != led or card > top:
            return 0  # a trump on a plain lead, or the card beats: proves nothing
        above = ABOVE[top]
        return -1 if hand & above else above
    if hand & SUIT_MASKS[led]:
        return -1  # must follow suit
    excl = SUIT_MASKS[led]
    if suit == trump:
        if top // 10 == trump and card < top:  # under a trump on the table
            above = ABOVE[top]
            return -1 if hand & above else excl | above
        return excl
    tmask = SUIT_MASKS[trump]
    if top // 10 != trump:  # no trump on the table: a trump is due if held
        return -1 if hand & tmask else excl | tmask
    if hand & tmask and (undertrump or hand & ABOVE[top]):
        return -1  # must over-trump (or, with undertrump, still trump)
    return excl | (tmask if undertrump else ABOVE[top])
