"""RULES §13: cuatro, four players each for themselves. One test (at least) per
bullet of §13, each named after it: the deal, the obligations, the declarations,
the round's winner, the piedras and the match's end, the options."""

from __future__ import annotations

import random

import pytest
from engine_helpers import act, deal_many, hand, legal, play_out

from tute_desktop.engine import (
    Action,
    IllegalActionError,
    State,
    UnknownVariantError,
    find_variant,
    new_game,
    view,
)
from tute_desktop.engine.cards import CABALLO, REY, mask_points
from tute_desktop.engine.serialize import state_json
from tute_desktop.engine.tricks import strict_mask


def sings(st: State) -> set[str]:
    return {a for a in legal(st) if a.startswith("sing")}


def first_play(st: State) -> None:
    acts = st.legal_actions()
    plays = [a for a in acts if a.kind == "play"]
    st.apply(plays[0] if plays else next(a for a in acts if a.kind == "pass"))


def to_last_trick(st: State) -> None:
    while st.phase == "play" and not (
            not st.trick_cards and st.ask == 0
            and st.hands[st.to_act or 0].bit_count() == 1):
        first_play(st)


def win_round(st: State, seat: int) -> None:
    """Play the round out with ``seat`` given points enough to win it (any side
    may reach any total by declarations, so such a position is reachable)."""
    to_last_trick(st)
    st.points[seat] += 500
    play_out(st)
    assert st.round_winner == seat


# --- bullet 1: the deal -------------------------------------------------------------


def test_s13_deals_ten_each_and_the_dealers_last_card_marks_trump() -> None:
    for seed in range(20):
        st = new_game(find_variant("cuatro"), seed=seed)
        assert [h.bit_count() for h in st.hands] == [10] * 4
        assert st.stock_count == 0 and st.dead_card < 0 and st.faceup < 0
        # The shown card is the trump suit's, in the dealer's hand, known to all.
        shown = [r for r in st.history if type(r).__name__ == "KnownRecord"]
        assert len(shown) == 1 and shown[0].seat == st.dealer
        assert st.hands[st.dealer] >> shown[0].card & 1 and shown[0].card // 10 == st.trump
        for seat in range(4):
            assert view(st, seat).known[st.dealer] >> shown[0].card & 1 or seat == st.dealer
        assert st.to_act == (st.dealer + 1) % 4


def test_s13_each_seat_is_its_own_side_and_no_exchange() -> None:
    st = deal_many("cuatro", ["7o", "2o", "", "3o"], "3o", dealer=3)
    assert [st.side_of(s) for s in range(4)] == [0, 1, 2, 3]
    assert st.rules.sides == 4 and st.totals == [0, 0, 0, 0]
    assert "3o" in hand(st, 3) and st.trump == 0
    assert not any(a.startswith("swap") for a in legal(st))
    with pytest.raises(IllegalActionError) as e:
        st.apply(Action.parse("swap 7o"))
    assert e.value.code == "no_exchange"
    js = state_json(st)
    assert js["sides"] == 4 and js["trump_card"] is None and js["trump_suit"] == "o"


# --- bullet 2: strict obligations every trick ---------------------------------------


def test_s13_strict_obligations_for_every_trick() -> None:
    rules = find_variant("cuatro")
    rng = random.Random(13)
    follows = 0
    for _ in range(30):
        st = new_game(rules, rng=rng)
        while st.phase == "play":
            if st.trick_cards and st.ask == 0:
                seat = st.to_act
                assert seat is not None
                assert st.legal_play_mask() == strict_mask(
                    st.hands[seat], st.trick_cards, st.trump, False)
                follows += 1
            st.apply(rng.choice(st.legal_actions()))
    assert follows >= 800


def test_s13_a_lower_card_of_the_led_suit_is_refused_must_beat() -> None:
    # Seat 0 leads the 4 of bastos; seat 1 holds the 5 and the As: it must beat.
    st = deal_many("cuatro", ["4b", "5b 1b", "", "3o"], "3o", dealer=3, fill_order=[1, 2, 3, 0])
    act(st, "play 4b")
    assert legal(st) == {"play 5b", "play 1b"}
    with pytest.raises(IllegalActionError) as e:
        act(st, next(f"play {c}" for c in sorted(hand(st, 1)) if not c.endswith("b")))
    assert e.value.code == "must_follow"
    act(st, "play 1b")
    assert st.to_act == 2


# --- bullet 3: declarations, each for themselves ------------------------------------


def test_s13_declarations_each_for_themselves_nobody_else_is_asked() -> None:
    # Seat 0 wins the first trick; seat 2 (a partner in parejas) holds the 20 in
    # copas and is not asked: only the trick's winner may declare, for itself.
    st = deal_many("cuatro", ["1b 12e 11e", "2b", "4b 12c 11c", "5b 3o"], "3o", dealer=3,
                   fill_order=[1, 2, 3, 0], prefer="be")
    act(st, "play 1b", "play 2b", "play 4b", "play 5b")
    assert st.to_act == 0 and st.ask == 0 and sings(st) == {"sing 20 e"}
    act(st, "sing 20 e")
    assert st.points == [11 + 20, 0, 0, 0]


def test_s13_forty_before_any_twenty_and_use_or_lose_per_player() -> None:
    st = deal_many("cuatro", ["1b 12o 11o 12e 11e", "2b", "4b", "5b 3c"], "3c", dealer=3,
                   fill_order=[1, 2, 3, 0], prefer="be")
    st2 = st.clone()
    act(st, "play 1b", "play 2b", "play 4b", "play 5b")
    assert st.trump == 1 and sings(st) == {"sing 20 o", "sing 20 e"}  # no forty: copas
    # The 40 comes first where it can (§4): a deal whose trump is oros.
    st = deal_many("cuatro", ["1b 12o 11o 12e 11e", "2b", "4b", "5b 3o"], "3o", dealer=3,
                   fill_order=[1, 2, 3, 0], prefer="be")
    act(st, "play 1b", "play 2b", "play 4b", "play 5b")
    assert sings(st) == {"sing 40"}
    # Declining at the first won trick loses the right, for that player alone.
    act(st2, "play 1b", "play 2b", "play 4b", "play 5b")
    act(st2, next(a for a in sorted(legal(st2)) if a.startswith("play")))
    assert st2.lost_right == [True, False, False, False]


def test_s13_declarations_allowed_until_the_end_of_the_round() -> None:
    # Every window in the last three tricks of random rounds (played keeping the
    # pairs): a trick winner with a pair not yet declared (and its right kept)
    # may declare it.
    rng = random.Random(5)
    late = 0
    rules = find_variant("cuatro", {"use_or_lose": False})  # declining costs nothing
    for _ in range(300):
        st = new_game(rules, rng=rng)
        while st.phase == "play":
            seat = st.to_act
            assert seat is not None
            if (st.window and not st.trick_cards and st.ask == 0 and st.tricks_played >= 7
                    and not st.lost_right[seat] and not st.window_sings):
                h = st.hands[seat]
                pairs = [s for s in range(4) if not st.sung >> s & 1
                         and h >> (s * 10 + REY) & 1 and h >> (s * 10 + CABALLO) & 1]
                if pairs:
                    assert sings(st), (st.tricks_played, pairs)
                    late += 1
            # Keep Reyes and Caballos, and declare nothing, while one may.
            acts = st.legal_actions()
            keep = [a for a in acts if a.kind != "sing" and not (
                a.card is not None and int(a.card) % 10 in (REY, CABALLO))]
            st.apply(rng.choice(keep or acts))
    assert late >= 20


# --- bullet 4: the round's winner, tute ----------------------------------------------


def test_s13_round_winner_has_most_points() -> None:
    for seed in range(10):
        st = new_game(find_variant("cuatro"), seed=seed)
        play_out(st)
        w = st.round_winner
        assert w is not None and st.points[w] == max(st.points)
        assert sum(st.points) == 130 + sum(d.points for d in st.declarations)


def test_s13_a_tie_goes_to_the_tied_player_who_won_the_later_trick() -> None:
    st = new_game(find_variant("cuatro"), seed=4)
    to_last_trick(st)
    probe = st.clone()
    before = probe.points[:]
    play_out(probe)
    delta = [a - b for a, b in zip(probe.points, before, strict=True)]
    st.points = [70 - d for d in delta]
    play_out(st)
    assert st.points == [70] * 4 and st.round_winner == st.last_winner


def test_s13_tute_ends_the_round_and_counts_two_won_rounds() -> None:
    hands = ["1b 11o 11c 11e 11b", "2b", "4b", "5b 3o"]
    st = deal_many("cuatro", hands, "3o", dealer=3, fill_order=[1, 2, 3, 0])
    act(st, "play 1b", "play 2b", "play 4b", "play 5b", "sing tute 11")
    assert st.reason == "tute" and st.phase == "round_over" and st.round_winner == 0
    assert st.totals == [0, 2, 2, 2], "two piedras for every other player"
    st = deal_many("cuatro", hands, "3o", dealer=3, fill_order=[1, 2, 3, 0],
                   options={"tute": "match"})
    act(st, "play 1b", "play 2b", "play 4b", "play 5b", "sing tute 11")
    assert st.phase == "match_over" and st.winner == 0


# --- bullet 5: piedras, the match's end, the next dealer ------------------------------


def test_s13_piedras_for_all_but_the_winner_and_the_next_dealer() -> None:
    st = new_game(find_variant("cuatro"), seed=7)
    dealer = st.dealer
    win_round(st, 2)
    assert st.totals == [1, 1, 0, 1] and st.next_dealer == (dealer + 1) % 4
    st.start_next_round(seed=8)
    assert st.dealer == (dealer + 1) % 4


def test_s13_match_ends_at_the_target_and_the_fewest_wins() -> None:
    rng = random.Random(3)
    st = new_game(find_variant("cuatro"), rng=rng)
    rounds = 0
    while True:
        play_out(st)
        rounds += 1
        if st.phase == "match_over":
            break
        st.start_next_round(rng=rng)
    assert max(st.totals) >= 3 and st.totals[st.winner or 0] == min(st.totals)
    assert min(st.totals) < 3


def test_s13_tie_for_fewest_goes_to_the_most_recent_round_winner_among_them() -> None:
    st = new_game(find_variant("cuatro"), seed=1)
    win_round(st, 1)          # round 1: [1, 0, 1, 1]
    st.start_next_round(seed=2)
    win_round(st, 0)          # round 2: [1, 1, 2, 2]
    st.start_next_round(seed=3)
    win_round(st, 2)          # round 3: [2, 2, 2, 3]: seats 0, 1, 2 tie on 2
    assert st.totals == [2, 2, 2, 3]
    assert st.phase == "match_over" and st.winner == 2
    # The round's winner is not always among them: then the one of them who won
    # a round most recently.
    st = new_game(find_variant("cuatro"), seed=1)
    win_round(st, 0)          # round 1: [0, 1, 1, 1]
    st.start_next_round(seed=2)
    win_round(st, 1)          # round 2: [1, 1, 2, 2]
    st.start_next_round(seed=3)
    st.totals = [0, 0, 2, 2]  # a position the rules allow (tutes by seats 0 and 1)
    win_round(st, 2)          # round 3: [1, 1, 2, 3]: seats 0 and 1 tie on 1
    assert st.totals == [1, 1, 2, 3]
    assert st.phase == "match_over" and st.winner == 1, "seat 1 won round 2, seat 0 round 1"


def test_s13_tie_for_fewest_among_players_who_never_won_plays_another_round() -> None:
    st = new_game(find_variant("cuatro"), seed=1)
    win_round(st, 2)          # [1, 1, 0, 1]
    st.start_next_round(seed=2)
    win_round(st, 2)          # [2, 2, 0, 2]: seats 0 and 1 have won no round
    st.start_next_round(seed=3)
    st.totals = [0, 0, 2, 2]  # a position the rules allow (tutes by seats 0 and 1)
    win_round(st, 3)          # [1, 1, 3, 2]: seats 0 and 1 tie, neither won a round
    assert st.totals == [1, 1, 3, 2]
    assert st.phase == "round_over" and st.winner is None, "another round is played"
    st.start_next_round(seed=4)
    win_round(st, 1)          # [2, 1, 4, 3]: seat 1 alone has the fewest
    assert st.phase == "match_over" and st.winner == 1


# --- bullet 6: the options -----------------------------------------------------------


def test_s13_options_and_their_values() -> None:
    rules = find_variant("cuatro")
    assert rules.options() == {"target": 3, "tute": "two_rounds", "use_or_lose": True,
                               "cantes_per_trick": 1, "undertrump": False,
                               "throw_in": False}
    for target in (3, 5, 8, 10, 12):
        assert find_variant("cuatro", {"target": target}).target == target
    for bad in ({"target": 4}, {"stock_rules": "strict"}, {"exchange": "immediate"},
                {"claim": "manual"}):
        with pytest.raises(UnknownVariantError):
            find_variant("cuatro", bad)
    on = find_variant("cuatro", {"tute": "match", "use_or_lose": False,
                                 "cantes_per_trick": "all", "undertrump": True,
                                 "throw_in": True})
    assert on.options() == {"target": 3, "tute": "match", "use_or_lose": False,
                            "cantes_per_trick": "all", "undertrump": True, "throw_in": True}


def test_s13_option_throw_in_a_weak_hand() -> None:
    weak = "2o 4o 2c 4c 5c 6c 2e 4e 5e 6e"  # 0 points
    st = deal_many("cuatro", ["", weak, "", "3b"], "3b", dealer=3,
                   options={"throw_in": True}, fill_order=[1, 2, 3, 0])
    assert mask_points(st.hands[1]) <= 10
    while st.ask and st.to_act != 1:
        act(st, "pass")
    assert st.to_act == 1 and legal(st) == {"throw", "pass"}
    act(st, "throw")
    assert st.phase == "round_over" and st.round_winner is None and st.totals == [0] * 4
    assert st.next_dealer == 3


def test_s13_option_undertrump() -> None:
    # Seat 0 leads oros; seat 1, void, trumps with the As of bastos; seat 2, void
    # in oros, holds only a lower trump: any card, or with undertrump that trump.
    hands = ["4o", "1b", "2b 4c", "3b"]
    for undertrump in (False, True):
        st = deal_many("cuatro", hands, "3b", dealer=3, options={"undertrump": undertrump},
                       fill_order=[1, 2, 3, 0], prefer="ce")
        act(st, "play 4o")
        assert legal(st) == {"play 1b"}
        act(st, "play 1b")
        assert legal(st) == ({"play 2b"} if undertrump else {f"play {c}" for c in hand(st, 2)})
