"""The rule line: what the person may do now, and why, in one short line.

``obligation(state, seat)`` reads the engine's ``State`` as that seat sees it
(the trick on the table, the trump suit, whether a stock is left, the house
rules, and that seat's own hand: nothing hidden) and answers with an
``Obligation``: which rule of RULES §3 binds the seat, the suit it must play,
and the card it must beat, if any. ``Obligation.allowed(hand)`` gives the cards
that answer allows; it is exactly ``State.legal_play_mask()`` (a test plays
thousands of positions of every variant to hold it to that), so the dimmed
cards always agree with the sentence.

``advice(state, seat)`` adds what else the seat may do besides playing a card
(declare, exchange, announce capote, claim 101) and what it is asked when it is
not asked for a card (exchange or pass, declare for the team or pass, throw the
hand in or play on). ``line(tr, lang, advice)`` says it all in the player's
language, from the catalog.

Pure: no pygame (the table's import contracts hold it to that).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from ...engine import State
from ...engine.actions import Action, Kind
from ...engine.cards import CARDS, SUIT_MASKS
from ...engine.events import Ask, Cante, Phase
from ...engine.rules import ARRASTRE, FREE, STRICT
from ...engine.tricks import ABOVE, trick_result
from ...i18n import card_label, in_variant, suit_name

Tr = Callable[..., str]
"""The catalog's ``tr(lang, key, **fields)``."""


class Duty(StrEnum):
    """Which rule binds a seat about to play a card (RULES §3). The value is the
    catalog key's last part: ``rule.<value>``."""

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


_ANY = frozenset({Duty.LEAD_FREE, Duty.LEAD_ARRASTRE, Duty.LEAD_STRICT, Duty.FREE,
                  Duty.ARRASTRE_OPEN, Duty.ARRASTRE_NONE, Duty.NO_OVERTRUMP, Duty.DISCARD})
_LEADS = frozenset({Duty.LEAD_FREE, Duty.LEAD_ARRASTRE, Duty.LEAD_STRICT})
_BEAT = frozenset({Duty.FOLLOW_BEAT, Duty.OVERTRUMP})
_FORCED = frozenset({Duty.FOLLOW_BEAT, Duty.TRUMP, Duty.OVERTRUMP})
"""Duties that make a seat beat the card winning the trick, its partner's too (parejas, §9)."""


@dataclass(frozen=True, slots=True)
class Obligation:
    """The rule that binds the seat about to play a card.

    ``suit``: the suit it must play (the led suit, or trumps), None when any card
    will do. ``beat``: the card (an id 0..39) it must beat, or the card it cannot
    beat (``FOLLOW``, ``UNDERTRUMP``, ``NO_OVERTRUMP``), else None. ``led``: the
    led suit, None when leading. ``trump``: the trump suit. ``partner``: parejas,
    the card to beat is the partner's, and the rule makes no exception for it.
    """

    duty: Duty
    trump: int
    suit: int | None = None
    beat: int | None = None
    led: int | None = None
    partner: bool = False

    def allowed(self, hand: int) -> int:
        """The cards of ``hand`` (a mask) this obligation lets the seat play."""
        if self.duty in _ANY:
            return hand
        if self.duty in _BEAT:
            assert self.beat is not None
            return hand & ABOVE[self.beat]
        assert self.suit is not None
        return hand & SUIT_MASKS[self.suit]


@dataclass(frozen=True, slots=True)
class Advice:
    """Everything the rule line says: the obligation when a card is asked for
    (None when the seat is asked something else), what the seat is asked
    (``Ask``), and the seat's other legal actions besides playing a card."""

    obligation: Obligation | None
    ask: Ask
    others: tuple[Action, ...]
    faceup: int = -1
    """The face-up trump card an exchange would take, -1 if none."""
    variant: str = ""
    """Whose own words a declaration takes (boricua's «acusar», docs/glossary.md)."""


def _mode(state: State) -> str:
    """The obligation mode now (RULES §3, §6): the variant's stock rules while a
    stock (or the face-up card) is left, strict afterwards and in 3 and 4 players.
    Public: everyone sees whether the stock is gone."""
    if state.rules.players == 2 and state.stock_count > 0:
        return state.rules.stock_rules
    return STRICT


def obligation(state: State, seat: int) -> Obligation | None:
    """The rule binding ``seat`` if it is to play a card now, else None. Reads only
    what the seat may know: the trick, the trump, the stock count, its own hand."""
    if state.phase is not Phase.PLAY or state.to_act != seat or state.ask is not Ask.NONE:
        return None
    hand = state.hands[seat]
    trump = state.trump
    mode = _mode(state)
    cards = state.trick_cards
    if not cards:
        lead = {FREE: Duty.LEAD_FREE, ARRASTRE: Duty.LEAD_ARRASTRE}.get(mode, Duty.LEAD_STRICT)
        return Obligation(lead, trump)
    led = cards[0] // 10
    if mode == FREE:
        return Obligation(Duty.FREE, trump, led=led)
    trumps = hand & SUIT_MASKS[trump]
    if mode == ARRASTRE:
        if led != trump:
            return Obligation(Duty.ARRASTRE_OPEN, trump, led=led)
        if trumps:
            return Obligation(Duty.ARRASTRE, trump, suit=trump, led=led)
        return Obligation(Duty.ARRASTRE_NONE, trump, led=led)
    ob = _strict(hand, cards, trump, state.rules.undertrump)
    if state.rules.players == 4 and ob.duty in _FORCED:
        best, _ = trick_result(cards, trump)
        if state.trick_seats[best] == (seat + 2) % 4:
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


def advice(state: State, seat: int) -> Advice | None:
    """What the rule line says to ``seat``: None when it is not that seat's turn."""
    if state.phase is not Phase.PLAY or state.to_act != seat:
        return None
    others = tuple(a for a in state.legal_actions() if a.kind is not Kind.PLAY)
    if state.ask is not Ask.NONE:
        others = tuple(a for a in others if a.kind is not Kind.PASS)
    return Advice(obligation(state, seat), state.ask, others, state.faceup, state.rules.name)


# ---------------------------------------------------------------------------- words


def _the_rank(tr: Tr, lang: str, card: int) -> str:
    """A card's rank with its article, inside a sentence: "the 3", "la Sota"."""
    return str(tr(lang, f"rank_the.{CARDS[card].rank}"))


def _the_card(tr: Tr, lang: str, card: int) -> str:
    """A card with its article, inside a sentence: "the Ace of coins", "la Sota de
    copas" (the chronicle's words for it, ``chronicle.card_notice``)."""
    c = CARDS[card]
    return str(tr(lang, "card", rank=tr(lang, f"rank_the.{c.rank}"),
                  suit=suit_name(lang, c.suit)))


def duty_text(tr: Tr, lang: str, ob: Obligation) -> str:
    """The obligation in words: "You must follow cups and beat the 3"."""
    fields: dict[str, str] = {"trump": suit_name(lang, ob.trump)}
    if ob.led is not None:
        fields["led"] = suit_name(lang, ob.led)
    if ob.suit is not None:
        fields["suit"] = suit_name(lang, ob.suit)
    if ob.beat is not None:
        fields["rank"] = _the_rank(tr, lang, ob.beat)
        fields["card"] = _the_card(tr, lang, ob.beat)
    key = f"rule.{ob.duty.value}"
    if ob.duty is Duty.DISCARD and ob.led == ob.trump:  # not "neither coins nor trumps"
        key = "rule.discard_trumps"
    text = tr(lang, key, **fields)
    if ob.partner:
        text = tr(lang, "rule.partner", rule=text)
    return text


def _other_text(tr: Tr, lang: str, action: Action, faceup: int, variant: str = "") -> str:
    """One other action as a short phrase: "sing the 20 in cups"."""
    if action.kind is Kind.SING:
        if action.cante is Cante.TWENTY:
            return tr(lang, in_variant(variant, "rule.sing_20"),
                      suit=suit_name(lang, action.suit or 0))
        if action.cante is Cante.FORTY:
            return tr(lang, in_variant(variant, "rule.sing_40"))
        return tr(lang, f"rule.sing_tute.{action.rank or 12}")
    if action.kind is Kind.SWAP:
        assert action.card is not None
        if faceup >= 0:
            return tr(lang, "rule.swap", gave=_the_card(tr, lang, action.card),
                      took=_the_card(tr, lang, faceup))
        return tr(lang, "rule.swap_card", gave=_the_card(tr, lang, action.card))
    if action.kind is Kind.CAPOTE:
        return tr(lang, "rule.capote")
    if action.kind is Kind.CLAIM:
        return tr(lang, "rule.claim")
    if action.kind is Kind.THROW:
        return tr(lang, "rule.throw")
    return str(action)  # pragma: no cover - every other kind is listed above


def line(tr: Tr, lang: str, adv: Advice) -> str:
    """The rule line: the obligation, then what else the seat may do, in one line.
    "You lead: any card · Also: sing the 20 in cups"."""
    # Asked to exchange, the whole question names both cards; as an extra beside
    # a lead, the exchanger alone keeps the line short (the face-up card is in view).
    faceup = adv.faceup if adv.ask is Ask.EXCHANGE else -1
    phrases = [_other_text(tr, lang, a, faceup, adv.variant) for a in adv.others]
    joined = tr(lang, "rule.list_separator").join(phrases)
    if adv.ask is Ask.EXCHANGE:
        return tr(lang, "rule.ask_exchange", what=joined)
    if adv.ask is Ask.PARTNER:
        return tr(lang, "rule.ask_partner", what=joined)
    if adv.ask is Ask.THROW:
        return tr(lang, "rule.ask_throw")
    ob = adv.obligation
    assert ob is not None
    if not phrases:
        return duty_text(tr, lang, ob)
    # With extras, a lead says only "You lead: any card", so the line stays short.
    rule = tr(lang, "rule.lead") if ob.duty in _LEADS else duty_text(tr, lang, ob)
    return tr(lang, "rule.also", rule=rule, what=joined)


def rule_line(tr: Tr, lang: str, state: State, seat: int) -> str | None:
    """The whole rule line for ``seat`` now, or None when it is not its turn."""
    adv = advice(state, seat)
    return None if adv is None else line(tr, lang, adv)


def explain(tr: Tr, lang: str, state: State, action: Action) -> str:
    """What a special action (not a card) does, for its button's tooltip and the
    help key: the rule behind it, in a sentence or two (RULES §4, §5, §7, §10, §11)."""
    rules = state.rules
    kind = action.kind
    if kind is Kind.SING:
        if action.cante is Cante.TWENTY:
            return tr(lang, in_variant(rules.name, "explain.sing20"),
                      suit=suit_name(lang, action.suit or 0))
        if action.cante is Cante.FORTY:
            return tr(lang, in_variant(rules.name, "explain.sing40"),
                      suit=suit_name(lang, state.trump))
        return tr(lang, f"explain.tute_{rules.tute}")
    if kind is Kind.SWAP:
        assert action.card is not None
        words = {"card": card_label(lang, str(action.card)),
                 "faceup": card_label(lang, str(CARDS[state.faceup]))
                 if state.faceup >= 0 else ""}
        deferred = rules.exchange == "deferred"
        return tr(lang, "explain.swap_deferred" if deferred else "explain.swap", **words)
    if kind is Kind.PASS:
        asked = {Ask.EXCHANGE: "exchange", Ask.PARTNER: "partner", Ask.THROW: "throw"}
        return tr(lang, f"explain.pass_{asked.get(state.ask, 'exchange')}")
    return tr(lang, f"explain.{kind}")
