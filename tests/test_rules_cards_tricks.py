"""RULES §1 (deck, notation, points, seats) and §2 (who wins a trick)."""

from __future__ import annotations

import pytest
from engine_helpers import act, deal2, deal_many, hand, play_out

from tute_desktop.engine import CARDS, Action, Card, find_variant, new_game
from tute_desktop.engine.cards import mask_points


def test_s1_notation_round_trips_for_all_40_cards() -> None:
    names = [str(c) for c in CARDS]
    assert len(set(names)) == 40
    assert all(str(Card.parse(n)) == n for n in names)
    assert Card.parse("12e").rank == 12 and Card.parse("12e").suit_letter == "e"
    assert repr(Card.parse("1o")) == "Card.parse('1o')"


@pytest.mark.parametrize("bad", ["8o", "13c", "1x", "", "o1", "10"])
def test_s1_bad_card_text_is_refused_with_the_notation(bad: str) -> None:
    with pytest.raises(ValueError, match="rank then suit"):
        Card.parse(bad)


def test_s1_trick_order_high_to_low() -> None:
    order = ["1c", "3c", "12c", "11c", "10c", "7c", "6c", "5c", "4c", "2c"]
    strengths = [Card.parse(c).strength for c in order]
    assert strengths == sorted(strengths, reverse=True)


def test_s1_card_points_and_120_in_the_deck() -> None:
    pts = {c: Card.parse(c).points for c in ["1b", "3b", "12b", "11b", "10b", "7b", "2b"]}
    assert pts == {"1b": 11, "3b": 10, "12b": 4, "11b": 3, "10b": 2, "7b": 0, "2b": 0}
    assert sum(c.points for c in CARDS) == 120
    assert mask_points((1 << 40) - 1) == 120


def test_s1_action_text_round_trips() -> None:
    for text in ["play 1o", "sing 20 c", "sing 40", "sing tute 12", "sing tute 11", "swap 7o",
                 "capote", "claim 101", "pass"]:
        assert str(Action.parse(text)) == text
    with pytest.raises(ValueError, match="not an action"):
        Action.parse("sing 30")


def test_s1_mano_is_the_seat_after_the_dealer() -> None:
    for variant, n in [("habanero", 2), ("tres", 3), ("parejas", 4)]:
        for seed in range(6):
            st = new_game(find_variant(variant), seed=seed)
            if st.ask == 0:
                assert st.to_act == (st.dealer + 1) % n
            assert st.leader == (st.dealer + 1) % n


def test_s1_diez_de_ultimas_gives_130_in_all() -> None:
    st = deal_many("parejas", ["2o", "", "", ""], trump="2o", dealer=0,
                   options={"use_or_lose": True})
    play_out(st)
    assert sum(st.points) - sum(d[3] for d in st.declarations) == 130


def test_s2_highest_trump_wins() -> None:
    st = deal2("corriente", "1c", "10o", trump="4o")  # corriente: free play in the stock
    events = act(st, "play 1c", "play 10o")
    trick = next(e for e in events if e["type"] == "trick")
    assert trick["winner"] == 1 and trick["points"] == 13


def test_s2_highest_card_of_the_led_suit_wins_without_trumps() -> None:
    st = deal2("corriente", "3c", "1c", trump="4o")
    events = act(st, "play 3c", "play 1c")
    assert next(e for e in events if e["type"] == "trick")["winner"] == 1


def test_s2_cards_of_other_suits_never_win() -> None:
    st = deal2("corriente", "2c", "1e", trump="4o")
    events = act(st, "play 2c", "play 1e")
    trick = next(e for e in events if e["type"] == "trick")
    assert trick["winner"] == 0 and trick["points"] == 11


def test_s2_winner_draws_first_and_leads_next() -> None:
    st = deal2("corriente", "2c", "1c", trump="4o", stock_top="5b 6b")
    act(st, "play 2c", "play 1c")
    assert "5b" in hand(st, 1) and "6b" in hand(st, 0)
    assert st.to_act == 1 and st.leader == 1


@pytest.mark.parametrize(("variant", "section", "hand", "stock"), [
    ("habanero", "§7.1", 8, 24), ("corriente", "§7.2", 6, 28), ("boricua", "§7.3", 7, 26),
    ("tres", "§8", 13, 0), ("parejas", "§9", 10, 0),
])
def test_s7_s8_s9_hand_sizes_and_stock(variant: str, section: str, hand: int,
                                       stock: int) -> None:
    """Each variant deals its hand size; 2 players keep a stock with the face-up
    card last; tres sets the 40th card aside; parejas deals everything."""
    for seed in range(5):
        st = new_game(find_variant(variant), seed=seed)
        assert [h.bit_count() for h in st.hands] == [hand] * st.n, section
        assert st.stock_count == stock, section
        if variant == "boricua":
            assert not st.rules.exchange_two and st.rules.tute == "none" and not st.rules.capote


def test_s2_the_trick_winner_card_by_card_agrees_with_what_beats_it() -> None:
    """§2 in one home: trick_result's winner is the card that no later card beat,
    where beating_mask says what beats a card (higher of its suit, or a trump over
    a plain card); checked on every pair and many random tricks."""
    import random

    from tute_desktop.engine.tricks import beating_mask, trick_result

    for trump in range(4):
        for a in range(40):
            for b in range(40):
                if a == b:
                    continue
                beaten = bool(beating_mask(a, trump) >> b & 1)
                expected = (b > a) if b // 10 == a // 10 else (b // 10 == trump)
                assert beaten == expected, (a, b, trump)
                assert trick_result([a, b], trump)[0] == (1 if beaten else 0)
    rng = random.Random(2)
    for _ in range(2000):
        trump = rng.randrange(4)
        cards = rng.sample(range(40), rng.randint(2, 4))
        best = 0
        for i in range(1, len(cards)):
            if beating_mask(cards[best], trump) >> cards[i] & 1:
                best = i
        assert trick_result(cards, trump)[0] == best


def test_s3_strict_play_allows_exactly_what_strict_mask_allows() -> None:
    """§3 in one home: strict_play (the engine's one-pass check of a card that
    follows, issue 21) says yes to exactly the cards of strict_mask, and what a
    play proves absent is never a card of the hand played from, nor a card it
    could have played instead and was bound to prefer (a void proves no card of
    the suit led; failing to beat proves nothing that beats)."""
    import random

    from tute_desktop.engine.tricks import ABOVE, strict_mask, strict_play, trick_result

    rng = random.Random(3)
    for _ in range(20000):
        deck = rng.sample(range(40), 40)
        cards = deck[:rng.randint(1, 3)]
        held = deck[len(cards):len(cards) + rng.randint(1, 10)]
        hand = sum(1 << c for c in held)
        trump = rng.randrange(4)
        undertrump = rng.random() < 0.5
        allowed = strict_mask(hand, cards, trump, undertrump)
        for card in held:
            excl = strict_play(hand, cards, card, trump, undertrump)
            assert (excl >= 0) == bool(allowed >> card & 1), (cards, held, card, trump)
            if excl > 0:
                assert not excl & (hand & ~(1 << card)), (cards, held, card, trump)
                if card // 10 == cards[0] // 10:  # followed without beating
                    top = cards[trick_result(cards, trump)[0]]
                    assert excl == ABOVE[top]


def test_s4_pair_suits_are_the_suits_whose_rey_and_caballo_are_both_held() -> None:
    from tute_desktop.engine.cards import Card, mask_of, pair_suits

    assert pair_suits(mask_of(Card.parse(c) for c in "12o 11o 12e 11b 11e 1c".split())) == [0, 2]
    assert pair_suits(mask_of(Card.parse(c) for c in "12c 10c 11b".split())) == []
