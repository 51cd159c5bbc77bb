"""RULES §3: what a player may play (free, arrastre, strict) and the errors that
name the broken rule. Strict positions use tres (strict for every trick, §8) and
parejas (§9); the stock phase uses habanero (arrastre) and corriente (free)."""

from __future__ import annotations

import random

import pytest
from engine_helpers import act, deal2, deal_many, hand, legal

from tute_desktop.engine import Action, IllegalActionError, State, find_variant, new_game
from tute_desktop.engine.serialize import state_json

# tres, trump oros with the 4o face up (no compulsory exchange), dealer 2: seat 0 leads.
TRUMP = "4o"


def tres(h0: str, h1: str, h2: str, **options: object) -> State:
    """Seat 2's hand is completed first, from espadas and bastos."""
    return deal_many("tres", [h0, h1, h2], TRUMP, dealer=2, options=dict(options) or None,
                     fill_order=[2, 1, 0])


def refused(state: State, action: str, code: str) -> dict[str, object]:
    """The action is refused with ``code`` (RULES §3), the state unchanged;
    returns the error's parameters."""
    before = state_json(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(Action.parse(action))
    assert info.value.code == code
    assert info.value.section == "§3"
    assert state_json(state) == before, "an illegal action must change nothing"
    return info.value.params


def plays(state: State) -> set[str]:
    return {a[5:] for a in legal(state) if a.startswith("play ")}


def test_s3_strict_asistir_must_follow_suit() -> None:
    st = tres("5c 1e", "6c 7c 3e", "1b")
    act(st, "play 5c")
    assert refused(st, "play 3e", "must_follow") == {"suit": "c"}
    assert plays(st) == {"6c", "7c"}


def test_s3_strict_montar_must_beat_the_highest_card_of_the_suit() -> None:
    st = tres("5c", "3c 2c 1e", "1b")
    act(st, "play 5c")
    assert refused(st, "play 2c", "must_beat") == {"suit": "c"}
    assert plays(st) == {"3c"}


def test_s3_strict_montar_is_against_the_highest_card_on_the_table() -> None:
    st = tres("10c", "1c", "3c 4c 1e")
    act(st, "play 10c", "play 1c")
    assert plays(st) == {"3c", "4c"}  # nothing beats the As: any copas


def test_s3_strict_after_a_trump_on_a_plain_lead_any_card_of_the_suit() -> None:
    st = tres("5c", "2o 1e", "4c 1c")
    act(st, "play 5c", "play 2o")
    assert plays(st) == {"4c", "1c"}


def test_s3_strict_fallar_void_in_the_suit_must_trump() -> None:
    st = tres("5c", "6o 2o 1e 3e", "1b")
    act(st, "play 5c")
    assert refused(st, "play 1e", "must_trump") == {"suit": "c", "trump": "o"}
    assert plays(st) == {c for c in hand(st, 1) if c.endswith("o")}
    assert {"6o", "2o"} <= plays(st)


def test_s3_strict_contrafallar_must_beat_the_trump_on_the_table() -> None:
    st = tres("5c", "6o", "1o 5o 1e")
    act(st, "play 5c", "play 6o")
    assert refused(st, "play 5o", "must_overtrump") == {"trump": "o"}
    assert refused(st, "play 1e", "must_overtrump") == {"trump": "o"}
    assert plays(st) == {"1o"}


def test_s3_strict_cannot_over_trump_then_any_card() -> None:
    st = tres("5c", "6o", "5o 1e 3e")
    act(st, "play 5c", "play 6o")
    assert {"5o", "1e", "3e"} <= plays(st)


def test_s3_option_undertrump_must_still_trump() -> None:
    st = tres("5c", "6o", "5o 1e 3e", undertrump=True)
    act(st, "play 5c", "play 6o")
    assert plays(st) == {"5o"}
    assert refused(st, "play 1e", "must_trump") == {"suit": "c", "trump": "o",
                                                    "undertrump": True}


def test_s3_strict_trump_lead_must_beat() -> None:
    st = tres("5o", "6o 2o 1e", "1b")
    act(st, "play 5o")
    assert refused(st, "play 2o", "must_beat") == {"suit": "o"}
    above_5o = {"6o", "7o", "10o", "11o", "12o", "3o", "1o"}
    assert plays(st) == {c for c in hand(st, 1) if c in above_5o}
    assert "6o" in plays(st)


def test_s3_strict_no_exception_for_a_partners_winning_card() -> None:
    # parejas, dealer 3 holds the trump card 4o; seat 0 leads, seat 2 is its partner.
    st = deal_many("parejas", ["1c", "2e", "3c 5c", "4o"], "4o", dealer=3)
    act(st, "play 1c", "play 2e")
    # The partner's As wins; seat 2 must still beat it if it could (it cannot):
    assert plays(st) == {"3c", "5c"}
    st2 = deal_many("parejas", ["10c", "2e", "3c 5c", "4o"], "4o", dealer=3)
    act(st2, "play 10c", "play 2e")
    assert plays(st2) == {"3c"}  # must beat the partner's Sota


def test_s3_arrastre_trump_lead_must_be_answered_with_any_trump() -> None:
    st = deal2("habanero", "5o", "6o 2o 1e", trump="10o")
    act(st, "play 5o")
    assert refused(st, "play 1e", "must_follow_trump") == {"trump": "o"}
    assert plays(st) == {"6o", "2o"}  # no need to beat


def test_s3_arrastre_plain_lead_allows_any_card() -> None:
    st = deal2("habanero", "5c", "6c 2o 1e", trump="10o")
    act(st, "play 5c")
    assert {"6c", "2o", "1e"} <= plays(st)


def test_s3_free_in_corriente_stock_phase() -> None:
    st = deal2("corriente", "5o", "6o 1e", trump="10o")
    act(st, "play 5o")
    assert {"6o", "1e"} <= plays(st)


def test_s3_option_stock_rules_strict_in_habanero() -> None:
    st = deal2("habanero", "5c", "6c 2c 1e", trump="10o", options={"stock_rules": "strict"})
    act(st, "play 5c")
    assert plays(st) == {"6c"}


def test_s3_illegal_play_of_a_card_not_held_is_refused() -> None:
    st = tres("5c", "6c", "1b")
    assert refused(st, "play 7b", "not_in_hand") == {"card": "7b"}


def _follow_positions(variant: str, seed: int) -> list[tuple[State, bool]]:
    """(state, stock exhausted) at every follow in a random game."""
    rng = random.Random(seed)
    st = new_game(find_variant(variant), seed=seed)
    out = []
    while st.phase == "play":
        if st.trick_cards and st.ask == 0:
            out.append((st.clone(), st.stock_count == 0))
        st.apply(rng.choice(st.legal_actions()))
    return out


@pytest.mark.parametrize("variant", ["habanero", "corriente", "boricua"])
def test_s6_strict_once_the_stock_is_exhausted(variant: str) -> None:
    checked = 0
    for seed in range(20):
        for st, exhausted in _follow_positions(variant, seed):
            seat = st.to_act
            assert seat is not None
            led = st.trick_cards[0] // 10
            suit_cards = st.hands[seat] & (1023 << (10 * led))
            mask = st.legal_play_mask()
            if exhausted and suit_cards:
                checked += 1
                assert mask & ~suit_cards == 0, "strict: must follow suit"
            if not exhausted and variant == "corriente":
                assert mask == st.hands[seat], "free while the stock lasts"
    assert checked > 50
