"""The rule line: what the person may do now, and why, in one short line.

``obligation(state, seat)`` is the engine's ``State.obligation()`` (engine
``obligations``: ``Duty`` and ``Obligation`` live there, and the engine's refusal
of a card reads the same value): which rule of RULES §3 binds the seat, the suit
it must play, and the card it must beat, if any. ``Obligation.allowed(hand)``
gives the cards that answer allows; it is exactly ``State.legal_play_mask()``,
so the dimmed cards always agree with the sentence.

``advice(state, seat)`` adds what else the seat may do besides playing a card
(declare, exchange, announce capote, claim 101) and what it is asked when it is
not asked for a card (exchange or pass, declare for the team or pass, throw the
hand in or play on). ``line(tr, lang, advice)`` says it all in the player's
language, from the catalog.

Pure: no pygame (the table's import contracts hold it to that).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ...engine import State
from ...engine.actions import Action, Kind
from ...engine.cards import (
    CARDS,
    DOS,
    KINGS_MASK,
    KNIGHTS_MASK,
    PAIR_MASKS,
    SEVEN_TAKES,
    SIETE,
    mask_points,
    pair_suits,
)
from ...engine.events import Ask, Cante, Phase
from ...engine.obligations import LEADS, Duty, Obligation
from ...engine.rules import Exchange, Scoring, Tute
from ...i18n import in_variant, suit_name
from ...i18n.cards import card_in_sentence

Tr = Callable[..., str]
"""The catalog's ``tr(lang, key, **fields)``."""


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
    players: int = 0
    """How many play: with two, a lead's line names "your opponent", not "the others"."""
    seven_stays: bool = False
    """The seat holds the trump 7 where an exchange could be offered, and the
    face-up card is one the 7 may not take (``no_exchange``): a lead's line says
    why no exchange is offered."""
    last_draw: int = -1
    """Two players, the stock's last trick: the face-up trump card its loser
    takes (RULES §6), said on the line; else -1 (a village player never read
    who would take it, cold play nc75)."""
    pair_held: int = -1
    """The suit of a King and Knight the seat holds and may declare once its side
    wins a trick (the trump's, a 40, first), where nothing can be declared now;
    else -1 (``pair_to_declare``: nc110 held a 20 and learnt it in the review)."""
    team: bool = False
    """The seat has a partner: its side's trick opens the declaration (§9)."""
    decided: int = -1
    """tres and cuatro: the seat whose round it is already, whatever is played
    (``round_decided``); -1 while it is open."""
    decided_points: int = 0
    """That seat's points (``decided``)."""
    decided_mine: bool = False
    """The seat decided is the one the line speaks to."""


def round_decided(state: State) -> int:
    """tres and cuatro (RULES §8, §13: the round goes to the most points): the
    seat whose round it is already, by what every player can see; -1 while
    another could still reach it, with every card not yet won, las diez de
    últimas and every declaration whose King and Knight are both still out,
    or while a tute (which takes the round whatever the points) could still be
    made. A family played four tricks more of a round the bot had won at 93
    points, with nothing said (cold play nc111)."""
    rules = state.rules
    if rules.scoring is not Scoring.LOST_ROUNDS or state.phase is not Phase.PLAY:
        return -1
    played = state.played_mask()
    if rules.tute is not Tute.NONE and (not played & KINGS_MASK or not played & KNIGHTS_MASK):
        return -1
    won = 0
    for c in state.collected:
        won |= c
    dead = 1 << state.dead_card if state.dead_card >= 0 else 0
    most = mask_points(rules.deck & ~won & ~dead) + (10 if state.diez_side < 0 else 0)
    most += sum(40 if s == state.trump else 20 for s in range(4)
                if not state.sung >> s & 1 and not played & PAIR_MASKS[s])
    points = state.points
    top = max(points)
    leaders = [s for s, p in enumerate(points) if p == top]
    if len(leaders) > 1 or any(p + most >= top for s, p in enumerate(points) if s != leaders[0]):
        return -1
    return leaders[0]


def pair_to_declare(state: State, seat: int, others: tuple[Action, ...]) -> int:
    """The suit of a pair ``seat`` holds, not yet declared, that it may declare
    after its side's next won trick (RULES §4: only right after a trick won,
    while the rules allow it; §12: only the bidder), the trump's first; -1 when
    none, or when a declaration is offered now (the line says that instead)."""
    rules = state.rules
    side = state.side_of(seat)
    if any(a.kind is Kind.SING for a in others) or state.lost_right[side] \
            or (side and rules.only_bidder_declares) or state.trump < 0 \
            or not rules.declaring_with(state.stock_count):
        return -1
    # (not a pair the rules make the seat break now, every card it may play one
    # of the two: nc112 read "declare it" while forced to play its King)
    legal = state.legal_play_mask()
    held = [s for s in pair_suits(state.hands[seat]) if not state.sung >> s & 1
            and not (legal and not legal & ~PAIR_MASKS[s])]
    return state.trump if state.trump in held else held[0] if held else -1


def obligation(state: State, seat: int) -> Obligation | None:
    """The rule binding ``seat`` if it is to play a card now, else None: the
    engine's ``State.obligation()``, the one the refusal of a card names."""
    if state.to_act != seat:
        return None
    return state.obligation()


def advice(state: State, seat: int) -> Advice | None:
    """What the rule line says to ``seat``: None when it is not that seat's turn."""
    if state.phase is not Phase.PLAY or state.to_act != seat:
        return None
    others = tuple(a for a in state.legal_actions() if a.kind is not Kind.PLAY)
    if state.ask is not Ask.NONE:
        others = tuple(a for a in others if a.kind is not Kind.PASS)
    # (Not beside an exchange of the 2 the line offers: "No exchange: your 7 ..."
    # next to "Also: exchange the 2" read as a contradiction to a player.)
    # (Nor where the face-up card is the 2 of trumps, which nobody takes: said right
    # after the person's own 2 took the 7, it read as a rebuke, nc97.)
    up = stays_up(state, seat)
    stays = state.rules.exchange in (Exchange.IMMEDIATE, Exchange.DEFERRED) \
        and state.pending_card < 0 and up >= 0 and up % 10 != DOS \
        and not any(a.kind is Kind.SWAP for a in others)
    pair = pair_to_declare(state, seat, others) if state.ask is Ask.NONE else -1
    decided = round_decided(state)
    return Advice(obligation(state, seat), state.ask, others, state.faceup, state.rules.name,
                  state.n, stays, last_draw(state), pair, state.partner_of(seat) >= 0,
                  decided, state.points[decided] if decided >= 0 else 0,
                  decided >= 0 and state.side_of(seat) == decided)


def last_draw(state: State) -> int:
    """Two players, the stock's last trick (one face-down card and the face-up
    trump card left, nothing pending): the face-up card its loser takes (RULES
    §6); else -1."""
    return state.faceup if state.n == 2 and len(state.stock) == 1 and state.faceup >= 0 \
        and state.pending_card < 0 else -1


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
        fields["the_led"] = tr(lang, f"suit_the.{ob.led}")  # "las copas no son triunfo"
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


def other_text(tr: Tr, lang: str, action: Action, faceup: int, variant: str = "") -> str:
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
    if adv.ask is Ask.BID:  # subastado's auction (§12): the keys of the stepper
        bids = [a.bid for a in adv.others if a.kind is Kind.BID and a.bid is not None]
        key = tr(lang, "key.pass").upper()
        return tr(lang, "rule.ask_bid", bid=min(bids), key=key) if bids \
            else tr(lang, "rule.ask_pass", key=key)
    if adv.ask is Ask.TRUMP:
        return tr(lang, "rule.ask_trump")
    faceup = adv.faceup if adv.ask is Ask.EXCHANGE else -1
    phrases = [other_text(tr, lang, a, faceup, adv.variant) for a in adv.others]
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
        if ob.duty is Duty.LEAD_STRICT and adv.players == 2:  # one opponent, not "the others"
            text = _seven(tr, lang, adv, tr(lang, "rule.lead_strict_two"))
        elif ob.duty is Duty.LEAD_STRICT and adv.team:  # §9: no partner exception (a
            # bridge player's small trump lead made her partner spend his Ace, nc112)
            text = tr(lang, "rule.lead_strict_team")
        else:
            text = _seven(tr, lang, adv, duty_text(tr, lang, ob))
    else:
        # With extras, a lead says only "You lead: any card", so the line stays short.
        rule = tr(lang, "rule.lead") if ob.duty in LEADS else duty_text(tr, lang, ob)
        text = _seven(tr, lang, adv, tr(lang, "rule.also", rule=rule, what=joined))
    if adv.decided >= 0:  # the round won already, whatever is played (§8, §13)
        text = tr(lang, "rule.with_note", rule=text, note=tr(
            lang, "rule.decided_mine" if adv.decided_mine else "rule.decided",
            points=adv.decided_points))
    elif adv.last_draw >= 0:  # the stock's last trick: who takes the face-up card (§6)
        text = tr(lang, "rule.with_note", rule=text,
                  note=tr(lang, "rule.last_draw", faceup=_the_card(tr, lang, adv.last_draw)))
    elif adv.pair_held >= 0:  # a pair to declare once a trick is won (§4)
        forty = adv.pair_held == ob.trump
        key = "rule.pair_held" + ("_forty" if forty else "") + ("_team" if adv.team else "")
        text = tr(lang, "rule.with_note", rule=text,
                  note=tr(lang, in_variant(adv.variant, key), suit=suit_name(lang, adv.pair_held)))
    return text


def _seven(tr: Tr, lang: str, adv: Advice, text: str) -> str:
    """A lead's line, and why the trump 7 is offered no exchange where the seat
    holds it and the face-up card is one it may not take (a newcomer expected
    the exchange and found no word of why)."""
    ob = adv.obligation
    if not adv.seven_stays or ob is None or ob.duty not in LEADS:
        return text
    return tr(lang, "rule.with_note", rule=text, note=tr(lang, "rule.no_exchange"))


def rule_line(tr: Tr, lang: str, state: State, seat: int, last: bool = True) -> str | None:
    """The whole rule line for ``seat`` now, or None when it is not its turn;
    without ``last``, not who takes the face-up card (the review's narrow
    table: its line rose over the trump's words at large text)."""
    adv = advice(state, seat)
    if adv is not None and not last:
        adv = replace(adv, last_draw=-1)
    return None if adv is None else line(tr, lang, adv)


def explain(tr: Tr, lang: str, state: State, action: Action) -> str:
    """What a special action (not a card) does, for its button's tooltip and the
    help key: the rule behind it, in a sentence or two (RULES §4, §5, §7, §10, §11)."""
    rules = state.rules
    kind = action.kind
    if kind is Kind.SING:
        # "your side wins a trick" with partners only (a player of a 2-player
        # game read "tu bando" as a side he did not have: cold play nc71)
        seat = state.to_act  # (subastado's bidder has none: §12)
        team = ".team" if seat is not None and state.partner_of(seat) >= 0 else ""
        if action.cante is Cante.TWENTY:
            said = tr(lang, in_variant(rules.name, "explain.sing20" + team),
                      suit=suit_name(lang, action.suit or 0))
        elif action.cante is Cante.FORTY:
            said = tr(lang, in_variant(rules.name, "explain.sing40" + team),
                      suit=suit_name(lang, state.trump))
        else:
            said = tr(lang, f"explain.tute_{rules.tute}")
        if rules.use_or_lose and seat is not None \
                and state.tricks_won[state.side_of(seat)] == 1:
            # Now or never (§4): a player passed a 20 not knowing (cold play nc81).
            said += " " + tr(lang, "explain.use_or_lose_now" + team)
        return said
    if kind is Kind.SWAP:
        assert action.card is not None
        words = {"card": card_in_sentence(lang, str(action.card)),
                 "faceup": card_in_sentence(lang, str(CARDS[state.faceup]))
                 if state.faceup >= 0 else ""}
        deferred = rules.exchange == "deferred"
        return tr(lang, in_variant(rules.name, "explain.swap_deferred" if deferred
                                   else "explain.swap"), **words)
    if kind is Kind.TRUMP:
        return tr(lang, "explain.trump")
    if kind is Kind.BID:
        return tr(lang, "explain.bid", bid=action.bid)
    if kind is Kind.PASS and state.ask is Ask.BID:
        return tr(lang, "explain.pass_bid")
    if kind is Kind.PASS:
        asked = {Ask.EXCHANGE: "exchange", Ask.PARTNER: "partner", Ask.THROW: "throw"}
        return tr(lang, f"explain.pass_{asked.get(state.ask, 'exchange')}")
    return tr(lang, f"explain.{kind}")


def stays_up(state: State, seat: int | None) -> int:
    """The face-up trump card (tres: the card turned up, §8) where ``seat``
    holds the trump 7 and that card is one the 7 may not take, a 7, 6, 5, 4
    or 2 (RULES §5: the 7 takes only an As, Tres, Rey, Caballo or Sota); else -1."""
    rules = state.rules
    if seat is None or state.trump < 0 or rules.exchange is Exchange.NONE:
        return -1
    if not state.hands[seat] >> (state.trump * 10 + SIETE) & 1:
        return -1
    up = state.dead_card if rules.exchange is Exchange.COMPULSORY else state.faceup
    return up if 0 <= up and up % 10 not in SEVEN_TAKES else -1


def no_exchange(tr: Tr, lang: str, state: State, seat: int | None) -> str | None:
    """Why ``seat`` is offered no exchange for its trump 7 (``stays_up``), or
    None. Said in the rule set's words: habanero and corriente (the 7 and the
    2: whether the 2 takes that card), boricua (the 7 only), tres (the exchange
    is compulsory, made before the first trick). Only the rules page said it;
    a newcomer holding the 7 looked at the table for it."""
    up = stays_up(state, seat)
    if up < 0:
        return None
    rules = state.rules
    if rules.exchange is Exchange.COMPULSORY or not rules.exchange_two:  # tres, boricua
        key = in_variant(rules.name, "tip_no_exchange")
    else:
        key = "tip_no_exchange_none" if up % 10 == DOS else "tip_no_exchange"
    seven = state.trump * 10 + SIETE
    return tr(lang, key, seven=card_in_sentence(lang, seven), card=card_in_sentence(lang, up))
