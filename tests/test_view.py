"""view(seat) shows exactly what a seat may know (STYLE: a view per seat), and
resample() deals the rest consistently with it."""

from __future__ import annotations

import random

import pytest
from engine_helpers import act, deal2, deal_many

from tute_desktop.engine import Card, find_variant, new_game, resample, view
from tute_desktop.engine.cards import cards_of
from tute_desktop.engine.serialize import view_json


def test_view_hides_other_hands_and_the_stock() -> None:
    st = new_game(find_variant("habanero"), seed=1)
    v = view(st, 0)
    assert v.state.hands[0] == st.hands[0]
    assert v.state.hands[1] == 0, "nothing of the opponent's hand is known yet"
    assert v.state.stock == [-1] * len(st.stock)
    assert v.hand_sizes == [8, 8]
    d = view_json(v)
    assert "hands" not in d and "stock" not in d
    assert d["hand"] == sorted(d["hand"], key=lambda c: Card.parse(c))
    assert d["known_cards"] == [[], []]


def test_view_shows_public_knowledge_of_other_hands() -> None:
    st = deal2("habanero", "7o 1e 12c 11c", "2e", trump="1o")
    act(st, "swap 7o", "play 1e", "play 2e", "sing 20 c")
    known = view(st, 1).known[0]
    for c in ("1o", "12c", "11c"):
        assert known >> Card.parse(c) & 1, c


def test_view_records_a_shown_void_and_resample_respects_it() -> None:
    # tres: seat 1 shows it has no copas and no oros (trumps) by discarding an espada.
    st = deal_many("tres", ["5c", "1e", ""], "4o", dealer=2, fill_order=[1, 2, 0],
                   prefer="eb")
    act(st, "play 5c", "play 1e")
    v = view(st, 2)
    void = (1023 << 10) | 1023  # copas and oros
    assert all(slot & void == void for slot in v.slots[1])
    for seed in range(50):
        sample = resample(v, random.Random(seed))
        assert sample.hands[1] & void == 0
        assert sample.hands[2] == st.hands[2]
        everything = 0
        for h in sample.hands:
            everything |= h
        for c in sample.trick_cards + [sample.dead_card]:
            everything |= 1 << c
        assert everything == (1 << 40) - 1


def test_parejas_partners_do_not_see_each_other() -> None:
    st = new_game(find_variant("parejas"), seed=3)
    v = view(st, 0)
    for s in (1, 2, 3):
        assert v.state.hands[s] & ~v.known[s] == 0
    # Only the dealer's shown trump card is known of the other hands (§9).
    shown = sum(m.bit_count() for m in v.known[1:])
    assert shown == (1 if st.dealer != 0 else 0)
    if st.dealer != 0:
        assert v.known[st.dealer] >> (st.trump * 10) & 1023


@pytest.mark.parametrize("variant",
                         ["habanero", "corriente", "boricua", "tres", "parejas", "cuatro",
                          "subastado"])
def test_excluded_never_lists_a_card_the_seat_holds(variant: str) -> None:
    """The view's ``excluded`` (docs/protocol.md): unseen cards that cannot be any
    of a seat's unknown cards. The truth never contradicts it: no card a seat
    really holds is listed, known or not (it used to be the oldest unknown card's
    constraint, which could list a card drawn later or shown since)."""
    listed = 0
    for seed in range(12):
        rng = random.Random(seed)
        st = new_game(find_variant(variant), seed=seed)
        while st.phase == "play":
            for viewer in range(st.n):
                v = view(st, viewer)
                js = view_json(v)
                for s in range(st.n):
                    if s == viewer:
                        assert js["excluded"][s] == []
                        continue
                    excl = v.excluded(s)
                    assert excl & st.hands[s] == 0, (seed, viewer, s)
                    assert excl & ~v.unseen() == 0
                    assert js["excluded"][s] == [str(c) for c in cards_of(excl)]
                    listed += excl.bit_count()
            st.apply(rng.choice(st.legal_actions()))
    # With 2 players a card drawn face down excludes nothing, and once the stock is
    # out every unseen card is the other hand's: little is ever listed. With 3
    # and 4 players a failure to follow excludes a suit for good.
    assert listed > 0 or variant in ("habanero", "corriente", "boricua")
