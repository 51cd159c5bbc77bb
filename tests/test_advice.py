"""Issue 18: the rule line says what the person may play now, and why, and the
dimmed cards agree with it: for positions of every variant and house rule, the
cards the obligation allows are exactly ``State.legal_play_mask()``."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from engine_helpers import act, deal2, deal_many
from test_properties import walk_match

from tute_desktop.engine import State
from tute_desktop.engine.cards import PAIR_MASKS
from tute_desktop.engine.events import Ask, Cante
from tute_desktop.i18n import tr
from tute_desktop.ui.table.advice import (
    Duty,
    advice,
    explain,
    line,
    obligation,
    rule_line,
)

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("habanero", {}),
    ("habanero", {"stock_rules": "strict", "undertrump": True}),
    ("corriente", {}),
    ("corriente", {"exchange": "immediate", "undertrump": True}),
    ("boricua", {}),
    ("boricua", {"undertrump": True}),
    ("tres", {}),
    ("tres", {"undertrump": True, "throw_in": True}),
    ("parejas", {}),
    ("parejas", {"undertrump": True, "throw_in": True, "cantes_per_trick": "all"}),
    ("cuatro", {}),
    ("cuatro", {"undertrump": True, "throw_in": True}),
]
LANGS = ("en", "es")


def check_position(st: State, seen: Counter[Duty]) -> None:
    seat = st.to_act
    assert seat is not None
    ob = obligation(st, seat)
    adv = advice(st, seat)
    assert adv is not None
    for other in range(st.n):
        if other != seat:
            assert obligation(st, other) is None and advice(st, other) is None
    if st.ask is Ask.NONE:
        assert ob is not None
        seen[ob.duty] += 1
        assert ob.allowed(st.hands[seat]) == st.legal_play_mask(), (ob, st.trick_cards)
    else:
        assert ob is None and st.legal_play_mask() == 0
    for lang in LANGS:
        text = line(tr, lang, adv)
        assert text and "{" not in text and "rule." not in text, text
        for action in st.legal_actions():  # every special button explains itself
            if action.kind != "play":
                why = explain(tr, lang, st, action)
                assert len(why) > 20 and "{" not in why and "explain." not in why, why
                if action.kind == "sing" and action.cante is not Cante.TUTE:
                    # (§4: "your side" only with partners; a 2-player newcomer
                    # read "tu bando" as a side he did not have)
                    side = {"en": "your side", "es": "tu bando"}[lang]
                    assert (side in why) == (st.partner_of(seat) >= 0), why


@pytest.mark.parametrize(("variant", "options"), VARIANTS)
def test_the_rule_line_agrees_with_the_legal_cards(variant: str, options: dict[str, Any]) -> None:
    seen: Counter[Duty] = Counter()
    for seed in range(12):
        for st, _ in walk_match(variant, options, seed * 7919 + len(variant)):
            if st.phase == "play":
                check_position(st, seen)
    assert seen  # every position was one


def test_every_duty_comes_up_somewhere() -> None:
    """The walk above reaches every sentence of the rule line."""
    seen: Counter[Duty] = Counter()
    for variant, options in VARIANTS:
        for seed in range(3):
            for st, _ in walk_match(variant, options, 1000 + seed):
                if st.phase == "play":
                    check_position(st, seen)
    assert set(seen) == set(Duty), set(Duty) - set(seen)


def test_parejas_says_the_rule_makes_no_exception_for_the_partner() -> None:
    found = 0
    rng = random.Random(5)
    for seed in range(6):
        for st, _ in walk_match("parejas", {}, seed + rng.randrange(1000)):
            if st.phase != "play" or st.ask is not Ask.NONE or not st.trick_cards:
                continue
            seat = st.to_act
            assert seat is not None
            ob = obligation(st, seat)
            assert ob is not None
            if ob.partner:
                found += 1
                adv = advice(st, seat)
                assert adv is not None
                assert line(tr, "en", replace(adv, pair_held=-1)).endswith(
                    ", even over your partner")
                assert ob.duty in {Duty.FOLLOW_BEAT, Duty.TRUMP, Duty.OVERTRUMP}
    assert found


# ---------------------------------------------------------------------------- sentences


def say(st: State, lang: str = "en") -> str:
    """The rule line for the seat to act, without the note of a pair held
    (these hands are filled with whatever cards come: the note has its own
    tests, below)."""
    assert st.to_act is not None
    adv = advice(st, st.to_act)
    assert adv is not None
    return line(tr, lang, replace(adv, pair_held=-1))


def test_any_card_while_the_stock_lasts_in_corriente() -> None:
    st = deal2("corriente", "5c 1e", "6c 7c 3e", "4o")
    act(st, "play 5c")
    assert say(st) == "Any card while the stock lasts"
    assert say(st, "es") == "Cualquier carta mientras quede monte"


def test_trumps_were_led_in_habanero() -> None:
    st = deal2("habanero", "5o 1e", "6o 7c 3e", "4o")
    act(st, "play 5o")
    assert say(st) == "Trumps were led: you must play a trump (coins)"
    assert say(st, "es") == "Arrastre de triunfo: debes echar triunfo (oros)"


def test_a_plain_lead_in_habanero_binds_nothing() -> None:
    st = deal2("habanero", "5c 1e", "6o 7c 3e", "4o")
    act(st, "play 5c")
    assert say(st) == "Any card while the stock lasts: cups are not trumps"


def test_follow_and_beat_in_tres() -> None:
    st = deal_many("tres", ["3c 1e", "1c 2c 1b", "4b"], "4o", dealer=2, fill_order=[2, 1, 0])
    act(st, "play 3c")
    assert say(st) == "You must follow cups and beat the 3"
    assert say(st, "es") == "Debes asistir a copas y superar el 3"


def test_cannot_beat_and_no_cups_in_tres() -> None:
    st = deal_many("tres", ["1c 1e", "2c 4c 1b", "4b"], "4o", dealer=2, fill_order=[2, 1, 0])
    act(st, "play 1c")
    assert say(st) == "You must follow cups; none of yours beats the Ace (1)"
    act(st, "play 2c")
    # Seat 2 was filled from espadas and bastos: no cups, no coins.
    assert say(st) == "You have neither cups nor trumps: any card"


def test_leading_says_what_the_others_must_do() -> None:
    assert say(deal2("corriente", "5c", "6c", "4o")) == (
        "You lead: any card; nothing is compulsory while the stock lasts")
    assert say(deal2("habanero", "5c", "6c", "4o")) == (
        "You lead: any card; a trump lead forces a trump")
    st = deal_many("tres", ["3c 1e", "1c 2c 1b", "4b"], "4o", dealer=2, fill_order=[2, 1, 0])
    assert say(st) == (
        "You lead: any card; the others must then follow suit, and beat it if they can")


def test_a_lead_in_pairs_says_the_partner_must_beat_it_too() -> None:
    """§9: strict obligations with no partner exception. A bridge player led a
    small trump and her partner had to spend his Ace on it: the lead's line
    said only "the others" (cold play nc112)."""
    st = deal_many("parejas", ["3c 1e", "1c 2c 1b", "4b 5b", "6b 7b 4o"], "4o", dealer=3,
                   fill_order=[3, 2, 1, 0])
    assert st.to_act == 0
    assert say(st) == ("You lead: any card; the others must then follow suit, and beat it "
                       "if they can, your partner too")
    assert say(st, "es").endswith("también tu compañero")


def test_an_exchange_is_offered_in_the_same_line() -> None:
    # habanero, seat 0 leads with the 7 of trumps and the As face up: it may exchange.
    st = deal2("habanero", "7o 5c", "6c", "1o", dealer=1)
    adv = advice(st, 0)
    assert adv is not None
    if st.ask is Ask.EXCHANGE:  # the dealer is asked first when it can exchange
        pytest.skip("the dealer was asked")
    text = line(tr, "en", adv)
    assert text == "You lead: any card · Also: exchange the 7 of coins"
    assert line(tr, "es", adv) == "Sales tú: cualquier carta · También: cambiar el 7 de oros"


def test_the_dealer_asked_to_exchange_is_told_so() -> None:
    st = deal2("habanero", "5c", "7o 6c", "1o", dealer=1)
    assert st.ask is Ask.EXCHANGE and st.to_act == 1
    assert say(st) == "You may exchange the 7 of coins for the Ace (1) of coins, or pass"
    assert say(st, "es") == "Puedes cambiar el 7 de oros por el as de oros, o pasar"


@pytest.mark.parametrize("variant", ["habanero", "corriente", "boricua"])
def test_s6_the_stocks_last_trick_says_who_takes_the_face_up_card(variant: str) -> None:
    """RULES §6: the loser of the stock's last trick takes the face-up trump
    card. Its line says so to the leader and to the one who answers, naming
    the card (a village player never read who would take it, cold play nc75);
    not on the tricks before, nor once the stock is gone."""
    from tute_desktop.engine import find_variant, new_game
    from tute_desktop.engine.cards import CARDS
    from tute_desktop.i18n.cards import card_in_sentence

    rng = random.Random(5)
    st = new_game(find_variant(variant), seed=5)
    said = 0
    while st.phase.value == "play" and st.stock_count > 0:
        seat = st.to_act
        assert seat is not None
        adv = advice(st, seat)
        assert adv is not None
        last = len(st.stock) == 1 and st.faceup >= 0 and st.pending_card < 0
        for lang, word in (("en", "the other takes"), ("es", "el otro se lleva")):
            text = line(tr, lang, adv)
            assert (word in text) == last, text
            if last:
                assert text.endswith(card_in_sentence(lang, str(CARDS[st.faceup]))), text
                said += 1
        st.apply(rng.choice(st.legal_actions()))
    assert said >= 2  # the leader's line and the answer's
    seat = st.to_act
    assert seat is not None and "takes" not in line(tr, "en", advice(st, seat))  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", ["tres", "parejas", "habanero"])
def test_s4_a_declaration_at_the_first_trick_won_says_it_is_now_or_never(variant: str) -> None:
    """RULES §4, use_or_lose (3 and 4 players): a side that wins its first
    trick and declares nothing although it could loses the right. The
    declaration's explanation says so at that first window, and only there (a
    player let a 20 pass and lost it, not told: cold play nc81); not where the
    rule does not apply (habanero)."""
    from tute_desktop.engine import find_variant, new_game
    from tute_desktop.engine.actions import SING

    rules = find_variant(variant)
    said = {True: 0, False: 0}
    for seed in range(200):
        rng = random.Random(seed)
        st = new_game(rules, seed=seed)
        while st.phase.value == "play":
            sings = [a for a in st.legal_actions() if a.kind is SING]
            seat = st.to_act
            assert seat is not None
            if sings:
                first = st.tricks_won[st.side_of(seat)] == 1
                for lang, word in (("en", "lose the right"), ("es", "perde")):
                    text = explain(tr, lang, st, sings[0])
                    assert (word in text) == (first and rules.use_or_lose), text
                said[first] += 1
            st.apply(rng.choice(st.legal_actions()))
        if said[True] and said[False]:
            return
    assert said[True] and (said[False] or variant == "habanero"), said


# ------------------------------------------------------------- a pair held (§4)


def test_a_pair_held_is_said_until_a_trick_won_lets_it_be_declared() -> None:
    """RULES §4: a King and Knight are declared only right after a trick won.
    Holding them with nothing to declare yet, the line says so and what opens
    it (a student held a 20 all round and learnt it in the review, nc110); once
    the declaration is offered the line offers it instead."""
    st = deal2("habanero", "12c 11c 5b", "4b 7b 3e", "4o", dealer=1)
    assert st.to_act == 0
    assert rule_line(tr, "en", st, 0) == (
        "You lead: any card; a trump lead forces a trump · "
        "You hold the 20 in cups: declare it right after you win a trick")
    assert rule_line(tr, "es", st, 0) == (
        "Sales tú: cualquier carta; salir de triunfo obliga a echar triunfo · "
        "Tienes las 20 en copas: cántalas justo después de ganar una baza")
    forty = deal2("habanero", "12o 11o 12c 11c", "6b 7b 3e", "4o", dealer=1)
    assert (rule_line(tr, "en", forty, 0) or "").endswith(  # (the trump's pair first)
        "You hold the 40 (coins): declare it right after you win a trick")
    act(st, "play 5b", "play 4b")  # seat 0 wins the trick and may declare now
    assert st.to_act == 0 and any(a.kind == "sing" for a in st.legal_actions())
    said = rule_line(tr, "en", st, 0) or ""
    assert "You hold" not in said and "Also" in said, said


def test_a_pair_the_rules_make_the_seat_break_now_is_not_said() -> None:
    """§3: following cups with only the King and Knight of cups, one of them
    must go; "declare it right after you win a trick" read as a promise then
    (cold play nc112)."""
    st = deal_many("tres", ["3c 1e", "12c 11c 1b", "4b"], "4o", dealer=2,
                   fill_order=[2, 1, 0])
    act(st, "play 3c")
    assert st.to_act == 1 and st.legal_play_mask() == PAIR_MASKS[1]
    said = rule_line(tr, "en", st, 1) or ""
    assert "20 in cups" not in said, said  # (another pair held is still said)


def test_boricuas_pair_held_says_acuso() -> None:
    st = deal2("boricua", "12c 11c 5b", "6b 7b 3e", "4o", dealer=1)
    assert (rule_line(tr, "en", st, 0) or "").endswith(
        "You hold the King and Knight of cups: say «acuso» right after you win a trick")
    assert (rule_line(tr, "es", st, 0) or "").endswith(
        "Tienes el rey y el caballo de copas: acúsalos justo después de ganar una baza")


def test_a_pair_held_is_said_only_to_who_may_declare_it() -> None:
    """§9: with partners the side's trick opens it ("your side"); §12: in
    subastado only the bidder declares, so la contra's pairs are not said;
    a suit declared already is not said again."""
    seen = {"team": 0, "contra": 0, "bidder": 0}
    for variant in ("parejas", "subastado"):
        for seed in range(6):
            for st, _ in walk_match(variant, {}, 4000 + seed):
                seat = st.to_act
                if st.phase != "play" or seat is None or st.ask is not Ask.NONE:
                    continue
                adv = advice(st, seat)
                assert adv is not None
                said = line(tr, "en", adv)
                held = [s for s in range(4) if st.hands[seat] & PAIR_MASKS[s] == PAIR_MASKS[s]
                        and not st.sung >> s & 1]
                if variant == "subastado" and st.side_of(seat) == 1:
                    assert adv.pair_held < 0 and "You hold" not in said
                    seen["contra"] += bool(held)
                elif adv.pair_held >= 0:
                    assert adv.pair_held in held
                    assert not any(a.kind == "sing" for a in st.legal_actions())
                    team = "your side wins a trick" in said
                    assert team == (variant == "parejas"), said
                    seen["team" if team else "bidder"] += 1
    assert all(seen.values()), seen


# -------------------------------------------------------- a round decided (§8, §13)


@pytest.mark.parametrize(("variant", "options"), [
    ("tres", {}), ("tres", {"cantes_per_trick": "all", "tute": "match"}), ("cuatro", {})])
def test_a_round_said_decided_is_won_by_that_seat(variant: str, options: dict[str, Any]) -> None:
    """RULES §8, §13: the most points win the round. Where the line says the
    round is decided (nobody can reach the leader with every card not yet won,
    las diez de últimas and every declaration still possible, no tute left),
    that seat wins it, however the rest is played (a family played on four
    tricks of a round the bot had won, nothing said: cold play nc111)."""
    from tute_desktop.ui.table.advice import round_decided

    said = 0
    for seed in range(30):
        decided: list[tuple[int, State]] = []
        for st, _ in walk_match(variant, options, 9000 + seed):
            if st.phase == "play":
                seat = round_decided(st)
                if seat >= 0:
                    decided.append((seat, st))
                    if st.to_act is not None and st.ask is Ask.NONE:
                        line_ = rule_line(tr, "en", st, st.to_act) or ""
                        mine = st.side_of(st.to_act) == seat
                        assert ("The round is yours" if mine else "The round is decided") \
                            in line_, line_
                        assert f"{st.points[seat]} points" in line_
                        said += 1
            elif decided and st.outcome is not None:
                assert all(seat == st.outcome.winner for seat, _ in decided), (
                    seed, st.outcome, [s for s, _ in decided])
                decided = []
    assert said
