"""RULES §7.1 (capote), §8 (tres scoring), §9 (parejas), §10 (games to 101, la
vuelta, claims, matches, boricua's running total) and §11 (seeds, throw in).

Late positions are reached by playing a real deal; where a test needs given
scores it sets the round's points before the last trick, a position that the
rules allow (declarations can bring any side to any total)."""

from __future__ import annotations

import random

from engine_helpers import act, deal_many, hand, legal, play_out

from tute_desktop.engine import Action, State, find_variant, new_game
from tute_desktop.engine.serialize import state_json


def first_play(st: State) -> None:
    acts = st.legal_actions()
    plays = [a for a in acts if a.kind == "play"]
    st.apply(plays[0] if plays else next(a for a in acts if a.kind == "pass"))


def to_last_trick(st: State) -> None:
    while st.phase == "play" and not (not st.trick_cards and st.hands[st.to_act or 0]
                                      .bit_count() == 1 and st.ask == 0):
        first_play(st)


def final_delta(st: State) -> list[int]:
    """Points each side adds by playing out from here (first legal play each time)."""
    probe = st.clone()
    before = probe.points[:]
    play_out(probe)
    return [a - b for a, b in zip(probe.points, before, strict=True)]


def to_stock_exhausted(st: State) -> None:
    while st.stock_count or st.trick_cards or st.ask:
        first_play(st)


# --- §7.1 capote --------------------------------------------------------------------


def test_s7_1_capote_is_offered_only_at_the_first_of_the_last_eight_tricks() -> None:
    st = new_game(find_variant("habanero"), seed=11)
    while st.stock_count or st.trick_cards or st.ask:
        assert "capote" not in legal(st)
        first_play(st)
    assert "capote" in legal(st) and len(hand(st, st.to_act or 0)) == 8
    first_play(st)
    while st.phase == "play":
        assert "capote" not in legal(st)
        first_play(st)
    assert new_game(find_variant("corriente"), seed=11).rules.capote is False


def test_s7_1_capote_won_by_taking_all_eight_tricks() -> None:
    st = new_game(find_variant("habanero"), seed=5)
    to_stock_exhausted(st)
    leader = st.to_act
    assert leader is not None
    # Give the leader the eight strongest of the sixteen cards left (same cards in play).
    both = st.hands[0] | st.hands[1]
    ids = [c for c in range(40) if both >> c & 1]
    ids.sort(key=lambda c: (c // 10 == st.trump, c % 10), reverse=True)
    st.hands[leader] = sum(1 << c for c in ids[:8])
    st.hands[1 - leader] = sum(1 << c for c in ids[8:])
    act(st, "capote")
    while st.phase == "play":
        plays = [a for a in st.legal_actions() if a.kind == "play"]
        strongest = max(plays, key=lambda a: ((a.card or 0) // 10 == st.trump, (a.card or 0) % 10))
        st.apply(strongest)
    assert st.reason == "capote" and st.round_winner == leader
    assert st.totals[leader] == 1 and st.tricks_played == 20


def test_s7_1_capote_failed_loses_the_game_at_once() -> None:
    for seed in range(40):
        st = new_game(find_variant("habanero"), seed=seed)
        to_stock_exhausted(st)
        leader = st.to_act
        act(st, "capote")
        while st.phase == "play":
            first_play(st)
        if st.reason == "capote_failed":
            assert st.round_winner == 1 - (leader or 0)
            assert st.tricks_played < 20, "ends at the first trick the opponent wins"
            assert st.totals[1 - (leader or 0)] == 1
            return
    raise AssertionError("no failed capote found")


# --- §10.1 games to 101 ----------------------------------------------------------------


def game_after_first_deal(points: list[int], seed: int = 3) -> State:
    st = new_game(find_variant("habanero"), seed=seed)
    to_last_trick(st)
    st.points = points[:]
    play_out(st)
    return st


def test_s10_1_one_player_over_101_after_the_first_deal_wins() -> None:
    st = game_after_first_deal([120, 0])
    assert st.reason == "101" and st.round_winner == 0 and st.totals == [1, 0]


def test_s10_1_both_over_101_the_higher_wins() -> None:
    st = game_after_first_deal([200, 150])
    assert st.round_winner == 0
    st = game_after_first_deal([150, 200])
    assert st.round_winner == 1


def test_s10_1_equal_totals_go_to_the_winner_of_the_last_trick() -> None:
    st = new_game(find_variant("habanero"), seed=3)
    to_last_trick(st)
    delta = final_delta(st)
    st.points = [110 - delta[0], 110 - delta[1]]
    play_out(st)
    assert st.points == [110, 110]
    assert st.round_winner == st.last_winner and st.reason == "101"


def test_s10_1_la_vuelta_when_nobody_reached_101() -> None:
    st = game_after_first_deal([10, 10])
    assert st.phase == "round_over" and st.totals == [0, 0]
    assert st.deal_no == 2 and st.next_dealer == st.last_winner, "dealt by the diez winner"
    carried = st.points[:]
    diez_winner = st.last_winner
    game_dealer = st.game_dealer
    st.start_next_round(rng=random.Random(1))
    assert st.dealer == diez_winner
    assert state_json(st)["game_points"] == carried
    assert st.game_dealer == game_dealer


def test_s10_1_during_la_vuelta_101_wins_at_that_moment() -> None:
    st = game_after_first_deal([10, 10])
    st.start_next_round(rng=random.Random(2))
    st.carry = [100, 100]
    while st.phase == "play":
        first_play(st)
    assert st.reason == "101" and st.tricks_played < 20
    w = st.round_winner
    assert w is not None and st.round_total(w) >= 101
    assert st.totals[w] == 1


def test_s10_1_and_s10_3_the_trick_reaching_101_ends_it_before_its_draws() -> None:
    """"Wins at that moment": the trick that takes a side to 101 in la vuelta
    (and boricua's running total) ends the round there, with no draw after
    it (cold play nc75 saw cards drawn after the trick that won the game)."""
    for variant in ("habanero", "boricua"):
        ended = 0
        for seed in range(20):
            st = new_game(find_variant(variant), seed=seed)
            if variant == "habanero":
                st.deal_no = 2  # la vuelta: points carry over (§10.1)
            st.carry = [100, 100]  # (any trick with points takes its winner to 101)
            stock = st.stock_count
            events: list[dict[str, object]] = []
            while st.phase == "play" and st.tricks_played == 0:
                acts = st.legal_actions()
                plays = [a for a in acts if a.kind == "play"]
                events += act(st, str(plays[0] if plays else acts[-1]))
            kinds = [e["type"] for e in events]
            if st.phase != "play":  # the first trick took its winner to 101
                assert "draw" not in kinds and st.stock_count == stock, kinds
                assert st.reason == "101"
                ended += 1
            else:  # a trick of no points: drawn after as always (§6)
                assert kinds.count("draw") == 2
        assert ended


def test_s10_1_option_manual_claim_true_and_false() -> None:
    rules = find_variant("habanero", {"claim": "manual"})
    for carry, valid in (([120, 0], True), ([50, 0], False)):
        st = new_game(rules, seed=3)
        assert "claim 101" not in legal(st), "no claim in the first deal"
        to_last_trick(st)
        st.points = [10, 10]
        play_out(st)
        st.start_next_round(rng=random.Random(4))
        st.carry = carry
        while st.to_act != 0:
            first_play(st)
        assert "claim 101" in legal(st)
        events = act(st, "claim 101")
        claim = next(e for e in events if e["type"] == "claim")
        assert claim["valid"] is valid
        assert st.round_winner == (0 if valid else 1)


def test_s10_1_match_to_the_target_and_dealer_per_game() -> None:
    rules = find_variant("habanero", {"target": 2})
    rng = random.Random(9)
    st = new_game(rules, rng=rng)
    game_dealers = [st.dealer]
    while st.phase != "match_over":
        while st.phase == "play":
            st.apply(rng.choice([a for a in st.legal_actions() if a.kind != "capote"]))
        if st.phase == "round_over":
            if st.deal_no == 1:  # a game ended: the next game's dealer is the other seat
                assert st.next_dealer == 1 - game_dealers[-1]
                game_dealers.append(st.next_dealer)
            st.start_next_round(rng=rng)
    assert max(st.totals) == 2 and st.winner == st.totals.index(2)


# --- §10.3 boricua ------------------------------------------------------------------


def test_s10_3_boricua_running_total_and_101_mid_round() -> None:
    st = new_game(find_variant("boricua"), seed=1)
    dealer = st.dealer
    to_last_trick(st)
    st.points = [10, 10]
    play_out(st)
    assert st.phase == "round_over" and st.next_dealer == dealer, "the same dealer deals"
    totals = state_json(st)["totals"]
    st.start_next_round(rng=random.Random(0))
    assert st.dealer == dealer and state_json(st)["totals"] == totals
    st.carry = [95, 95]
    while st.phase == "play":
        first_play(st)
    assert st.phase == "match_over" and st.reason == "101"
    assert st.tricks_played < 20 and st.round_total(st.winner or 0) >= 101


def test_s10_3_malas_y_buenas() -> None:
    st = new_game(find_variant("boricua"), seed=1)
    st.carry = [60, 30]
    d = state_json(st)
    assert d["totals"] == [60, 30] and d["buenas"] == [10, 0] and d["malas"] == [50, 30]


# --- §8 tres ---------------------------------------------------------------------------


def test_s8_tres_deals_13_each_and_the_round_winner_has_most_points() -> None:
    for seed in range(10):
        st = new_game(find_variant("tres"), seed=seed)
        assert [h.bit_count() for h in st.hands] == [13, 13, 13]
        assert st.stock_count == 0 and st.dead_card >= 0
        dealer = st.dealer
        play_out(st)
        if st.reason != "points":
            continue
        w = st.round_winner
        assert w is not None and st.points[w] == max(st.points)
        assert sorted(st.totals) == [0, 1, 1] and st.totals[w] == 0
        assert st.next_dealer == (dealer + 1) % 3


def test_s8_tres_tie_goes_to_the_tied_player_who_won_the_later_trick() -> None:
    st = new_game(find_variant("tres"), seed=4)
    to_last_trick(st)
    delta = final_delta(st)
    st.points = [60 - delta[0], 60 - delta[1], 60 - delta[2]]
    play_out(st)
    assert st.points == [60, 60, 60] and st.round_winner == st.last_winner


def test_s8_tres_match_ends_at_the_target_and_the_fewest_wins() -> None:
    rng = random.Random(3)
    st = new_game(find_variant("tres"), rng=rng)
    while True:
        play_out(st)
        if st.phase == "match_over":
            break
        assert max(st.totals) < 3
        st.start_next_round(rng=rng)
    assert max(st.totals) >= 3 and st.totals[st.winner or 0] == min(st.totals)


# --- §9 parejas ------------------------------------------------------------------------


def test_s9_parejas_teams_and_the_dealers_shown_card() -> None:
    st = deal_many("parejas", ["", "", "", "3o"], "3o", dealer=3)
    assert [h.bit_count() for h in st.hands] == [10, 10, 10, 10]
    assert "3o" in hand(st, 3) and st.trump == 0
    assert [st.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    play_out(st)
    w = st.round_winner
    assert w is not None and st.points[w] >= st.points[1 - w]
    assert st.totals[w] == 1 and st.next_dealer == 0


def test_s9_partner_of_the_trick_winner_is_asked_first() -> None:
    # Seat 0 wins the first trick; its partner, seat 2, holds the 20 in copas.
    st = deal_many("parejas", ["1b", "2b", "4b 12c 11c", "5b 3o"], "3o", dealer=3,
                   fill_order=[2, 1, 3, 0], prefer="e")
    act(st, "play 1b", "play 2b", "play 4b", "play 5b")
    assert st.to_act == 2 and legal(st) == {"sing 20 c", "pass"}
    act(st, "sing 20 c")
    assert st.to_act == 0 and not any(a.startswith("sing") for a in legal(st))
    assert st.points[0] == 11 + 20


def test_s9_partner_passes_then_the_winner_may_declare() -> None:
    st = deal_many("parejas", ["1b 12e 11e", "2b", "4b 12c 11c", "5b 3o"], "3o", dealer=3,
                   fill_order=[2, 1, 3, 0], prefer="e")
    act(st, "play 1b", "play 2b", "play 4b", "play 5b", "pass")
    assert st.to_act == 0 and "sing 20 e" in legal(st)


def test_s9_partner_declining_at_the_first_trick_loses_the_teams_right() -> None:
    st = deal_many("parejas", ["1b", "2b", "4b 12c 11c", "5b 3o"], "3o", dealer=3,
                   fill_order=[2, 1, 3, 0], prefer="e")
    act(st, "play 1b", "play 2b", "play 4b", "play 5b", "pass")
    act(st, next(a for a in sorted(legal(st)) if a.startswith("play")))
    assert st.lost_right[0] is True


def test_s9_tie_goes_to_the_team_that_won_the_last_trick() -> None:
    st = new_game(find_variant("parejas"), seed=2)
    to_last_trick(st)
    delta = final_delta(st)
    st.points = [65 - delta[0], 65 - delta[1]]
    play_out(st)
    assert st.points == [65, 65] and st.round_winner == st.side_of(st.last_winner)


def test_s9_tute_counts_two_won_rounds() -> None:
    st = deal_many("parejas", ["1b 11o 11c 11e 11b", "2b", "4b", "5b 3o"], "3o", dealer=3,
                   fill_order=[1, 2, 3, 0])
    act(st, "play 1b", "play 2b", "play 4b", "play 5b")
    act(st, "sing tute 11")
    assert st.totals == [2, 0] and st.reason == "tute" and st.phase == "round_over"


# --- §11 -------------------------------------------------------------------------------


def test_s11_same_seed_same_deal() -> None:
    for variant in ("habanero", "corriente", "boricua", "tres", "parejas"):
        a = new_game(find_variant(variant), seed=42)
        b = new_game(find_variant(variant), seed=42)
        c = new_game(find_variant(variant), seed=43)
        assert state_json(a) == state_json(b)
        assert state_json(a)["hands"] != state_json(c)["hands"]


def test_s11_option_throw_in_a_weak_hand() -> None:
    weak = "2o 4o 2c 4c 5c 6c 2e 4e 5e 6e 2b 4b 5b"  # 0 points
    st = deal_many("tres", ["", weak, ""], "7b", dealer=0, options={"throw_in": True},
                   fill_order=[1, 0, 2])
    assert st.to_act == 1 and legal(st) == {"throw", "pass"}
    events = act(st, "throw")
    assert {"type": "throw_in", "seat": 1} in events
    assert st.phase == "round_over" and st.round_winner is None and st.totals == [0, 0, 0]
    assert st.next_dealer == 0, "the same dealer deals again"
    st2 = deal_many("tres", ["", weak, ""], "7b", dealer=0, fill_order=[1, 0, 2])
    assert "throw" not in legal(st2), "off by default"


def test_s11_throw_in_declined_play_goes_on() -> None:
    weak = "2o 4o 2c 4c 5c 6c 2e 4e 5e 6e 2b 4b 5b"
    st = deal_many("tres", ["", weak, ""], "7b", dealer=0, options={"throw_in": True},
                   fill_order=[1, 0, 2])
    act(st, "pass")
    assert st.to_act == 1 and all(a.startswith("play") for a in legal(st))
    assert Action.parse("throw") not in st.legal_actions()


# --- §10.2 -----------------------------------------------------------------------------


def test_s10_2_round_points_are_cards_plus_diez_plus_declarations() -> None:
    from tute_desktop.engine.cards import mask_points

    for variant in ("habanero", "tres", "parejas"):
        for seed in range(8):
            rng = random.Random(seed)
            st = new_game(find_variant(variant), seed=seed)
            while st.phase == "play":
                acts = st.legal_actions()
                sings = [a for a in acts if a.kind == "sing" and a.cante != "tute"]
                st.apply(sings[0] if sings else rng.choice(
                    [a for a in acts if a.kind in ("play", "pass")]))
            if st.reason != "points" and st.reason != "101":
                continue
            assert st.outcome is not None
            for side in range(st.rules.sides):
                cards = mask_points(st.collected[side])
                decl = sum(d.points for d in st.declarations if st.side_of(d.seat) == side)
                diez = 10 if st.side_of(st.last_winner) == side else 0
                assert st.points[side] == cards + decl + diez
                # The round's outcome gives the same breakdown, by source.
                res = st.outcome.sides[side]
                assert (res.cards, res.diez, res.declarations, res.points) == (
                    cards, diez, decl, st.points[side])
