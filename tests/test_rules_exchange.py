"""RULES §5 (exchanging the trump card), §6 (two-player flow) and the exchange
rules of §7.2 (corriente's deferred exchange), §7.3 (boricua) and §8 (tres)."""

from __future__ import annotations

import pytest
from engine_helpers import act, deal2, deal_many, hand, legal

from tute_desktop.engine import Action, IllegalActionError, State, view
from tute_desktop.engine.cards import Card


def swaps(state: State) -> set[str]:
    return {a for a in legal(state) if a.startswith("swap")}


def test_s5_the_7_takes_a_high_face_up_card() -> None:
    for up in ["1o", "3o", "12o", "11o", "10o"]:
        st = deal2("habanero", "7o", "", trump=up)
        assert swaps(st) == {"swap 7o"}, up
        events = act(st, "swap 7o")
        assert {"type": "swap", "seat": 0, "gave": "7o", "took": up} in events
        assert up in hand(st, 0) and "7o" not in hand(st, 0)
        assert str(Card(st.faceup)) == "7o"


def test_s5_the_2_takes_a_low_face_up_card() -> None:
    for up in ["7o", "6o", "5o", "4o"]:
        st = deal2("habanero", "2o", "", trump=up)
        assert swaps(st) == {"swap 2o"}, up


def test_s5_the_7_does_not_take_a_low_card_nor_the_2_a_high_one() -> None:
    st = deal2("habanero", "7o", "", trump="5o")
    assert not swaps(st)
    with pytest.raises(IllegalActionError) as info:
        st.apply(Action.parse("swap 7o"))
    assert (info.value.code, info.value.params) == ("seven_takes", {"faceup": "5o"})
    st = deal2("habanero", "2o", "", trump="1o")
    assert not swaps(st)


def test_s5_the_7_then_the_2_one_after_the_other() -> None:
    st = deal2("habanero", "7o 2o", "", trump="1o")
    act(st, "swap 7o")
    assert swaps(st) == {"swap 2o"}
    act(st, "swap 2o")
    assert {"1o", "7o"} <= hand(st, 0) and str(Card(st.faceup)) == "2o"


def test_s5_the_exchange_is_public() -> None:
    st = deal2("habanero", "7o", "", trump="1o")
    act(st, "swap 7o")
    assert view(st, 1).known[0] >> Card.parse("1o") & 1
    assert view(st, 1).state.faceup == Card.parse("7o")


def test_s6_the_dealer_is_asked_first_then_mano_may_exchange() -> None:
    st = deal2("habanero", "", "7o", trump="1o", dealer=1)
    assert st.to_act == 1 and legal(st) == {"swap 7o", "pass"}
    act(st, "pass")
    assert st.to_act == 0 and not swaps(st)
    st = deal2("habanero", "7o", "", trump="1o", dealer=1)
    assert st.to_act == 0 and "swap 7o" in legal(st), "mano may exchange before leading"


def test_s6_exchange_only_before_leading() -> None:
    st = deal2("habanero", "1e", "7o 2e", trump="1o")
    act(st, "pass", "play 1e")  # the dealer declines before the first trick
    assert not swaps(st)
    with pytest.raises(IllegalActionError) as info:
        st.apply(Action.parse("swap 7o"))
    assert info.value.code == "exchange_before_lead" and info.value.section == "§6"


def test_s6_winner_draws_first_loser_takes_the_face_up_card_last() -> None:
    # habanero stock: 23 face-down cards then the face-up card: play 11 tricks then the last.
    st = deal2("habanero", "", "", trump="1o")
    while st.stock_count > 2:
        act(st, sorted(legal(st))[0])
    while st.trick_cards or st.stock_count == 2:
        before = st.stock_count
        seat_to_play = st.to_act
        act(st, next(a for a in sorted(legal(st)) if a.startswith("play")))
        if st.stock_count != before:
            break
        assert seat_to_play is not None
    assert st.stock_count == 0 and st.faceup < 0
    loser = 1 - st.last_winner
    assert "1o" in hand(st, loser)
    assert bin(st.hands[0]).count("1") == bin(st.hands[1]).count("1") == 8


def test_s7_3_boricua_only_the_7_exchanges() -> None:
    st = deal2("boricua", "2o", "", trump="5o")
    assert not swaps(st)
    st = deal2("boricua", "7o", "", trump="12o")
    assert swaps(st) == {"swap 7o"}


def test_s7_2_corriente_deferred_exchange_waits_for_a_trick_win() -> None:
    st = deal2("corriente", "7o 1e 2c", "2e 4c", trump="1o")
    events = act(st, "swap 7o")
    assert events == [{"type": "swap", "seat": 0, "gave": "7o", "deferred": True}]
    assert "1o" not in hand(st, 0) and len(hand(st, 0)) == 5, "plays on one card short"
    assert str(Card(st.faceup)) == "1o" and st.pending_card == Card.parse("7o")
    assert not swaps(st), "only one exchange pending"
    events = act(st, "play 1e", "play 2e")
    kinds = [e["type"] for e in events]
    assert kinds.index("swap_done") < kinds.index("draw"), "taken before the draws"
    assert "1o" in hand(st, 0) and str(Card(st.faceup)) == "7o"
    assert len(hand(st, 0)) == len(hand(st, 1)) == 6


def test_s7_2_deferred_exchange_not_completed_by_a_lost_trick() -> None:
    st = deal2("corriente", "7o 2c", "1c", trump="1o")
    act(st, "swap 7o", "play 2c", "play 1c")
    assert st.pending_card == Card.parse("7o") and str(Card(st.faceup)) == "1o"


def test_s7_2_stock_runs_out_with_a_pending_exchange() -> None:
    # Seat 1 draws every strong card and wins every trick; seat 0 never wins.
    strong = "1c 1e 1b 3c 3e 3b 12c 12e 12b 11c 11e 11b 6o"
    weak = "2e 2b 4b 5e 5b 6e 6b 7c 7e 7b 10c 10e 10b"
    top = " ".join(x for pair in zip(strong.split(), weak.split(), strict=True) for x in pair)
    st = deal2("corriente", "7o 2c 4c 5c 6c 4e", "3o 12o 11o 2o 4o 5o", trump="1o",
               stock_top=top + " 10o")
    act(st, "swap 7o")
    while st.stock_count:
        assert st.pending_card == Card.parse("7o"), "seat 0 never wins, so it waits"
        seat = st.to_act
        plays = sorted((Action.parse(a) for a in legal(st) if a.startswith("play")),
                       key=lambda a: Card(a.card or 0).strength)
        # seat 1 leads its highest card, seat 0 answers with its lowest
        act(st, str(plays[-1] if seat == 1 else plays[0]))
    assert st.pending_card < 0 and st.faceup < 0
    assert {"1o", "7o"} <= hand(st, 0), "the loser took every card left"
    assert len(hand(st, 0)) == len(hand(st, 1)) == 6


def test_s7_2_option_immediate_exchange() -> None:
    st = deal2("corriente", "7o", "", trump="1o", options={"exchange": "immediate"})
    act(st, "swap 7o")
    assert "1o" in hand(st, 0) and st.pending_card < 0


def test_s8_tres_compulsory_exchanges_7_then_2() -> None:
    events: list[dict[str, object]] = []
    st = deal_many("tres", ["7o", "2o", ""], "1o", dealer=2, events=events)
    swaps_seen = [e for e in events if e["type"] == "swap"]
    assert swaps_seen == [
        {"type": "swap", "seat": 0, "gave": "7o", "took": "1o"},
        {"type": "swap", "seat": 1, "gave": "2o", "took": "7o"},
    ]
    assert "1o" in hand(st, 0) and "7o" in hand(st, 1) and str(Card(st.dead_card)) == "2o"
    assert len(hand(st, 0)) == len(hand(st, 1)) == 13


def test_s8_tres_face_up_low_card_taken_by_the_2_and_a_4_stays() -> None:
    events: list[dict[str, object]] = []
    st = deal_many("tres", ["", "2o", ""], "6o", dealer=2, events=events)
    assert [e["seat"] for e in events if e["type"] == "swap"] == [1]
    assert "6o" in hand(st, 1)
    events = []
    st = deal_many("tres", ["7o", "2o", ""], "4o", dealer=2, events=events)
    assert not [e for e in events if e["type"] == "swap"]
    assert str(Card(st.dead_card)) == "4o"


def test_s9_parejas_has_no_exchange() -> None:
    st = deal_many("parejas", ["7o", "", "", "1o"], "1o", dealer=3)
    assert not swaps(st)
