"""The obligation of the moment (RULES §3): which rule binds the seat about to
play a card, the cards it allows, and the refusal of a card it does not.

One home for this fact: ``State.obligation()`` answers with an ``Obligation``;
the engine's refusal of an illegal card (``State.illegal``) reads its code from
it, and the table's rule line and dimmed cards (``ui/table/advice.py``) read the
same value. ``Obligation.allowed(hand)`` is exactly ``State.legal_play_mask()``
(a test plays thousands of positions of every variant to hold it to that); the
play itself is checked by the faster ``tricks.strict_play`` and its mates.

Pure: reads cards, masks and rules; no state is changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import SUIT_MASKS, SUITS
from .errors import IllegalActionError
from .rules import ARRASTRE, FREE, Mode
from .tricks import ABOVE, trick_result


class Duty(StrEnum):
    """Which rule binds a seat about to play a card (RULES §3). The value is the
    catalog key's last part of the rule line: ``rule.<value>``."""

    LEAD_FREE = "lead_free"
    """You lead while the stock lasts, nobody must follow (corriente)."""
    LEAD_ARRASTRE = "lead_arrastre"
    """You lead while the stock lasts; a trump lead must be answered with a trump."""
    LEAD_STRICT = "lead_strict"
    """You lead; the others must follow suit and beat."""
    FREE = "free"
    """Any card while the stock lasts (corriente)."""
    ARRASTRE_OPEN = "arrastre_open"
    """Any card: the lead is not a trump and the stock lasts."""
    ARRASTRE = "arrastre"
    """Trumps were led while the stock lasts: any trump."""
    ARRASTRE_NONE = "arrastre_none"
    """Trumps were led, you have none: any card."""
    FOLLOW_BEAT = "follow_beat"
    """Follow the led suit and beat its highest card (montar)."""
    FOLLOW = "follow"
    """Follow the led suit: none of yours beats its highest card (asistir)."""
    FOLLOW_TRUMPED = "follow_trumped"
    """Follow the led suit: a trump is already on the trick, so any card of it."""
    TRUMP = "trump"
    """Void in the led suit: any trump (fallar)."""
    OVERTRUMP = "overtrump"
    """Void in the led suit, a trump on the table: beat it (contrafallar)."""
    UNDERTRUMP = "undertrump"
    """House rule undertrump: no trump of yours beats the one on the table; any trump."""
    NO_OVERTRUMP = "no_overtrump"
    """No trump of yours beats the one on the table: any card."""
    DISCARD = "discard"
    """Neither the led suit nor a trump: any card."""


ANY_CARD = frozenset({Duty.LEAD_FREE, Duty.LEAD_ARRASTRE, Duty.LEAD_STRICT, Duty.FREE,
                      Duty.ARRASTRE_OPEN, Duty.ARRASTRE_NONE, Duty.NO_OVERTRUMP,
                      Duty.DISCARD})
"""Duties that allow every card of the hand."""
LEADS = frozenset({Duty.LEAD_FREE, Duty.LEAD_ARRASTRE, Duty.LEAD_STRICT})
_BEAT = frozenset({Duty.FOLLOW_BEAT, Duty.OVERTRUMP})
_FORCED = frozenset({Duty.FOLLOW_BEAT, Duty.TRUMP, Duty.OVERTRUMP})
"""Duties that make a seat beat the card winning the trick, its partner's too (§9)."""
_LEAD_OF = {FREE: Duty.LEAD_FREE, ARRASTRE: Duty.LEAD_ARRASTRE}


@dataclass(frozen=True, slots=True)
class Obligation:
    """The rule that binds the seat about to play a card.

    ``suit``: the suit it must play (the led suit, or trumps), None when any card
    will do. ``beat``: the card (an id 0..39) it must beat, or the card it cannot
    beat (``FOLLOW``, ``UNDERTRUMP``, ``NO_OVERTRUMP``), else None. ``led``: the
    led suit, None when leading. ``trump``: the trump suit. ``partner``: the card
    to beat is the partner's, and the rule makes no exception for it (§9).
    """

    duty: Duty
    trump: int
    suit: int | None = None
    beat: int | None = None
    led: int | None = None
    partner: bool = False

    def allowed(self, hand: int) -> int:
        """The cards of ``hand`` (a mask) this obligation lets the seat play."""
        if self.duty in ANY_CARD:
            return hand
        if self.duty in _BEAT:
            assert self.beat is not None
            return hand & ABOVE[self.beat]
        assert self.suit is not None
        return hand & SUIT_MASKS[self.suit]

    def refusal(self, card: int) -> IllegalActionError:
        """The refusal of ``card``, held but not ``allowed``: the rule's stable
        code (PROTOCOL 1.1: ``must_follow_trump``, ``must_follow``, ``must_beat``,
        ``must_trump``, ``must_overtrump``) and its parameters."""
        trump = SUITS[self.trump]
        duty = self.duty
        if duty is Duty.ARRASTRE:
            return IllegalActionError("must_follow_trump", trump=trump)
        assert self.led is not None
        led = SUITS[self.led]
        if duty is Duty.FOLLOW_BEAT and card // 10 == self.led:
            return IllegalActionError("must_beat", suit=led)
        if duty in (Duty.FOLLOW_BEAT, Duty.FOLLOW, Duty.FOLLOW_TRUMPED):
            return IllegalActionError("must_follow", suit=led)
        if duty is Duty.OVERTRUMP:
            return IllegalActionError("must_overtrump", trump=trump)
        if duty is Duty.UNDERTRUMP:
            # House rule undertrump: unable to over-trump, a trump is still due (§3).
            return IllegalActionError("must_trump", suit=led, trump=trump, undertrump=True)
        return IllegalActionError("must_trump", suit=led, trump=trump)


def obligation(mode: Mode, hand: int, cards: list[int], seats: list[int], trump: int,
               undertrump: bool, partner: int = -1) -> Obligation:
    """The rule binding a seat that holds ``hand``, about to play to the trick
    ``cards`` (played by ``seats``; empty when it leads), in ``mode``. ``partner``:
    the seat's partner (-1 if none), whose winning card it must beat all the same."""
    if not cards:
        return Obligation(_LEAD_OF.get(mode, Duty.LEAD_STRICT), trump)
    led = cards[0] // 10
    if mode is FREE:
        return Obligation(Duty.FREE, trump, led=led)
    if mode is ARRASTRE:
        if led != trump:
            return Obligation(Duty.ARRASTRE_OPEN, trump, led=led)
        if hand & SUIT_MASKS[trump]:
            return Obligation(Duty.ARRASTRE, trump, suit=trump, led=led)
        return Obligation(Duty.ARRASTRE_NONE, trump, led=led)
    ob = _strict(hand, cards, trump, undertrump)
    if partner >= 0 and ob.duty in _FORCED:
        best, _ = trick_result(cards, trump)
        if seats[best] == partner:
            return Obligation(ob.duty, ob.trump, ob.suit, ob.beat, ob.led, partner=True)
    return ob


def _strict(hand: int, cards: list[int], trump: int, undertrump: bool) -> Obligation:
    """RULES §3 strict mode, in its order: follow (and beat), trump (and beat), any."""
    led = cards[0] // 10
    trumps_down = [c for c in cards if c // 10 == trump]
    top_trump = max(trumps_down) if trumps_down else None
    follow = hand & SUIT_MASKS[led]
    if follow:
        high = max(c for c in cards if c // 10 == led)
        if top_trump is not None and led != trump:
            return Obligation(Duty.FOLLOW_TRUMPED, trump, suit=led, beat=top_trump, led=led)
        if follow & ABOVE[high]:
            return Obligation(Duty.FOLLOW_BEAT, trump, suit=led, beat=high, led=led)
        return Obligation(Duty.FOLLOW, trump, suit=led, beat=high, led=led)
    trumps = hand & SUIT_MASKS[trump]
    if not trumps:
        return Obligation(Duty.DISCARD, trump, led=led)
    if top_trump is None:
        return Obligation(Duty.TRUMP, trump, suit=trump, led=led)
    if trumps & ABOVE[top_trump]:
        return Obligation(Duty.OVERTRUMP, trump, suit=trump, beat=top_trump, led=led)
    if undertrump:
        return Obligation(Duty.UNDERTRUMP, trump, suit=trump, beat=top_trump, led=led)
    return Obligation(Duty.NO_OVERTRUMP, trump, beat=top_trump, led=led)
