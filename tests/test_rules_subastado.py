"""RULES §12: subastado, three players, an auction, the bidder alone against la
contra. One test (at least) per bullet of §12, each named after it: the deal, the
auction, all passing, naming trump and la contra, the obligations, the
declarations, the contract and its early end, the score, the match, what each
seat may know, the options. A few go through the protocol in-process (TEP 1.2)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from engine_helpers import act, hand, legal, minimax

from tute_desktop.bots import Budget, make_bot
from tute_desktop.engine import (
    CARDS,
    Action,
    Card,
    Deal,
    IllegalActionError,
    InvalidDealError,
    State,
    UnknownVariantError,
    deal_cards,
    find_variant,
    new_game,
    parse_deal,
    public_view,
    replay_all,
    view,
)
from tute_desktop.engine.cards import DOS, mask_points
from tute_desktop.engine.errors import SECTIONS
from tute_desktop.engine.serialize import state_json, view_json
from tute_desktop.tep.server import Session

DECK = [c for c in CARDS if c.strength != DOS]
"""subastado's 36 cards: no 2s (§12)."""


def deal3(hands: list[str], dealer: int = 2, options: dict[str, Any] | None = None,
          prefer: str = "ceb") -> State:
    """A subastado match from the given cards: every hand completed to 12 from
    the unused cards of the ``prefer`` suits first, the mano's last."""
    rules = find_variant("subastado", options)
    hands = [*hands, "", "", ""][:3]
    hs = [[Card.parse(t) for t in h.split()] for h in hands]
    used = {c for h in hs for c in h}
    order = prefer + "".join(x for x in "oceb" if x not in prefer)
    rest = [c for x in order for c in DECK if c.suit_letter == x and c not in used]
    mano = (dealer + 1) % 3
    for seat in [s for s in range(3) if s != mano] + [mano]:
        while len(hs[seat]) < 12:
            hs[seat].append(rest.pop(0))
    return new_game(rules, deal=Deal(dealer, tuple(tuple(h) for h in hs), None))


def bid_round(st: State, bidder: int, bid: int, trump: str) -> None:
    """The auction won by ``bidder`` at ``bid`` (the others pass), trump named."""
    while st.ask == 4:  # Ask.BID
        auction = st.auction
        assert auction is not None
        st.apply(Action.parse(f"bid {bid}" if st.to_act == bidder and auction.bidder < 0
                              else "pass"))
    act(st, f"trump {trump}")


ALL_OROS = "1o 3o 12o 11o 10o 7o 6o 5o 4o"
"""Every oro of subastado's deck: with oros trump, its holder wins every trump lead."""


# --- bullet 1: the deal ----------------------------------------------------------------


def test_s12_deals_the_36_cards_without_the_2s_twelve_each_and_turns_no_card() -> None:
    rules = find_variant("subastado")
    for seed in range(20):
        events: list[Any] = []
        st = State.new(rules, seed=seed, events=events)
        assert [h.bit_count() for h in st.hands] == [12] * 3
        everything = st.hands[0] | st.hands[1] | st.hands[2]
        assert everything == rules.deck and everything.bit_count() == 36
        assert not any(everything >> c & 1 for c in range(40) if c % 10 == DOS)
        assert st.faceup < 0 and st.dead_card < 0 and not st.stock and st.trump < 0
        js = state_json(st)
        assert js["trump_suit"] is None and js["trump_card"] is None and js["stock"] == []
        assert events[0].to_json()["trump"] is None
        assert js["phase"] == "auction" and js["asking"] == "bid" and js["sides"] is None
    # The Deal made from a generator is the state's deal (the same shuffle).
    r = random.Random(7)
    a = new_game(rules, rng=random.Random(7))
    b = new_game(rules, deal=deal_cards(rules, r.randrange(3), r))
    assert state_json(a) == state_json(b)


def test_s12_a_deal_with_a_2_a_trump_card_or_a_missing_card_is_refused() -> None:
    rules = find_variant("subastado")
    good = deal_cards(rules, 0, random.Random(1)).to_json()
    assert "trump" not in good
    assert parse_deal(rules, good).trump is None
    with_trump = {**good, "trump": "1o"}
    with pytest.raises(InvalidDealError, match="trump"):
        parse_deal(rules, with_trump)
    with_two = json.loads(json.dumps(good))
    with_two["hands"][0][0] = "2o"
    with pytest.raises(InvalidDealError, match="2s"):
        parse_deal(rules, with_two)
    short = json.loads(json.dumps(good))
    short["hands"][1] = short["hands"][1][:11]
    with pytest.raises(InvalidDealError, match="12"):
        parse_deal(rules, short)


# --- bullet 2: the auction -------------------------------------------------------------


def test_s12_the_auction_starts_with_the_mano_and_goes_round_in_playing_order() -> None:
    st = deal3([], dealer=1)
    assert st.to_act == 2  # the mano: the seat after the dealer
    events = act(st, "bid 60")
    assert events == [{"type": "bid", "seat": 2, "bid": 60}]
    assert st.to_act == 0
    assert act(st, "bid 65") == [{"type": "bid", "seat": 0, "bid": 65}]
    assert st.to_act == 1


def test_s12_legal_bids_are_pass_and_every_multiple_of_5_from_the_lowest_to_230() -> None:
    st = deal3([])
    assert [str(a) for a in st.legal_actions()] == ["pass"] + [
        f"bid {b}" for b in range(60, 231, 5)]
    st70 = deal3([], options={"min_bid": 70})
    assert min(int(a.split()[1]) for a in legal(st70) if a != "pass") == 70
    act(st, "bid 95")
    assert [str(a) for a in st.legal_actions()] == ["pass"] + [
        f"bid {b}" for b in range(100, 231, 5)]
    act(st, "bid 230")
    assert legal(st) == {"pass"}, "nothing is above 230"


@pytest.mark.parametrize(("bid", "code"), [
    ("bid 62", "bid_not_multiple_of_5"), ("bid 55", "bid_below_minimum"),
    ("bid 65", "bid_not_higher"), ("bid 235", "bid_above_maximum"),
    ("trump e", "trump_by_bidder"), ("play 1o", "bid_or_pass"),
])
def test_s12_a_bid_off_the_rules_is_refused_with_the_rule_it_breaks(bid: str, code: str) -> None:
    st = deal3([])
    act(st, "bid 65")
    before = state_json(st)
    with pytest.raises(IllegalActionError) as info:
        st.apply(Action.parse(bid))
    assert info.value.code == code and info.value.section == "§12"
    assert state_json(st) == before


def test_s12_the_minimum_is_the_option_min_bid() -> None:
    st = deal3([], options={"min_bid": 70})
    with pytest.raises(IllegalActionError) as info:
        act(st, "bid 65")
    assert info.value.code == "bid_below_minimum" and info.value.params["minimum"] == 70


def test_s12_a_player_who_passed_takes_no_further_part() -> None:
    st = deal3([], dealer=2)  # mano 0
    act(st, "bid 60", "pass", "bid 65")  # seat 1 passed
    assert st.to_act == 0
    act(st, "bid 70")
    assert st.to_act == 2, "seat 1 is skipped"
    # Seat 1 trying to bid is refused for having passed (the engine's seat API).
    refusal = st.illegal(Action.parse("bid 75"), seat=1)
    assert refusal.code == "bid_after_passing" and refusal.section == "§12"
    assert st.illegal(Action.parse("bid 75"), seat=0).code == "not_your_turn"
    act(st, "pass")
    assert st.ask == 5 and st.to_act == 0  # the auction is over: seat 0 names trump
    assert st.illegal(Action.parse("trump o"), seat=2).code == "trump_by_bidder"


def test_s12_the_auction_ends_when_all_but_one_passed_and_that_one_has_bid() -> None:
    st = deal3([], dealer=2)
    act(st, "pass", "pass")
    assert st.ask == 4 and st.to_act == 2, "the last seat must still bid or pass"
    act(st, "bid 60")
    assert st.ask == 5 and st.to_act == 2
    js = state_json(st)
    assert js["phase"] == "auction" and js["asking"] == "trump"
    assert js["auction"]["bids"] == [{"seat": 0, "bid": None}, {"seat": 1, "bid": None},
                                     {"seat": 2, "bid": 60}]
    assert js["auction"]["bidder"] == 2 and js["auction"]["bid"] == 60


def test_s12_option_one_round_each_speaks_once_and_the_highest_bid_stands() -> None:
    st = deal3([], dealer=2, options={"auction": "one_round"})
    act(st, "bid 60", "bid 75", "pass")
    assert st.ask == 5 and st.to_act == 1
    assert st.auction is not None and (st.auction.bidder, st.auction.bid) == (1, 75)
    open_auction = deal3([], dealer=2)
    act(open_auction, "bid 60", "bid 75", "pass")
    assert open_auction.ask == 4 and open_auction.to_act == 0, "open: seat 0 speaks again"


# --- bullet 3: all pass ----------------------------------------------------------------


def test_s12_all_pass_throws_the_round_in_nobody_scores_it_counts_the_next_seat_deals() -> None:
    st = deal3([], dealer=1)
    events = act(st, "pass", "pass", "pass")
    assert [e["type"] for e in events] == ["bid", "bid", "bid", "round_over"]
    assert all(e["bid"] is None for e in events[:3])
    over = events[3]
    assert over["reason"] == "all_passed" and over["winner"] is None
    assert st.totals == [0, 0, 0] and st.phase == "round_over"
    assert st.round_winner is None and st.outcome is not None
    assert st.outcome.next == "round"
    st.start_next_round(seed=3)
    assert st.round_no == 2 and st.dealer == 2, "the round counts; the next seat deals"


# --- bullet 4: the bidder names trump; la contra ----------------------------------------


def test_s12_the_bidder_names_any_suit_and_the_mano_leads() -> None:
    for suit in "oceb":
        st = deal3([], dealer=2)
        act(st, "pass", "bid 60", "pass")
        assert legal(st) == {"trump o", "trump c", "trump e", "trump b"}
        events = act(st, f"trump {suit}")
        assert events == [{"type": "trump", "seat": 1, "suit": suit}]
        assert st.trump == "oceb".index(suit)
        assert st.to_act == 0 and st.leader == 0, "the mano leads the first trick"
        assert st.side_map == (1, 0, 1) and st.contract == (1, 60)
        js = state_json(st)
        assert js["phase"] == "play" and js["sides"] == 2 and js["trump_suit"] == suit
        assert "asking" not in js


def test_s12_la_contra_plays_together_and_its_points_count_together() -> None:
    # Seat 1 bids; seats 0 and 2 are la contra. Each contra seat wins a trick.
    st = deal3(["1c 4e", "5c 6c 5e 6e", "1e 4c"], dealer=2)
    bid_round(st, 1, 60, "b")
    act(st, "play 1c", "play 5c", "play 4c")  # seat 0 wins 11
    assert st.points == [0, 11]
    act(st, "play 4e", "play 5e", "play 1e")  # seat 2 wins 11
    assert st.points == [0, 22] and st.tricks_won == [0, 2]


# --- bullet 5: obligations -------------------------------------------------------------


def test_s12_obligations_are_strict_with_no_partner_exception() -> None:
    # La contra (0 and 2): seat 0 leads the Rey de espadas, the bidder follows
    # low, and seat 2 must still beat its partner's winning card (montar).
    st = deal3(["12e", "4e 5c 6c 7c", "1e 5e"], dealer=2, prefer="cb")
    bid_round(st, 1, 60, "b")
    act(st, "play 12e", "play 4e")
    assert {a for a in legal(st) if a.endswith("e")} == {"play 1e"}
    ob = st.obligation()
    assert ob is not None and ob.partner, "the card to beat is the partner's"
    with pytest.raises(IllegalActionError) as info:
        act(st, "play 5e")
    assert info.value.code == "must_beat"


# --- bullet 6: declarations --------------------------------------------------------------


def test_s12_only_the_bidder_declares() -> None:
    # Seat 0 (la contra) wins the first trick holding the pair of copas.
    st = deal3(["1e 12c 11c", "4e", "5e"], dealer=2)
    bid_round(st, 1, 60, "o")
    act(st, "play 1e", "play 4e", "play 5e")
    assert st.to_act == 0
    assert not {a for a in legal(st) if a.startswith("sing")}
    with pytest.raises(IllegalActionError) as info:
        act(st, "sing 20 c")
    assert info.value.code == "only_bidder_declares" and info.value.section == "§12"


def test_s12_the_bidder_declares_by_section_4_forty_first_one_per_trick() -> None:
    st = deal3(["1e 12o 11o 12c 11c", "4e", "5e"], dealer=2)
    bid_round(st, 0, 60, "o")
    act(st, "play 1e", "play 4e", "play 5e")
    assert {a for a in legal(st) if a.startswith("sing")} == {"sing 40"}, "the forty first"
    act(st, "sing 40")
    assert not {a for a in legal(st) if a.startswith("sing")}, "one declaration per trick"
    assert st.points[0] == 40 + 11


def test_s12_use_or_lose_at_the_bidders_first_won_trick() -> None:
    def first_trick(options: dict[str, Any] | None) -> State:
        st = deal3(["1e 3e 12c 11c", "4e 5e", "6e 7e"], dealer=2, options=options)
        # A trump whose pair the bidder does not hold: the twenty may go first.
        trump = next(x for x in "ob" if not {f"12{x}", f"11{x}"} <= hand(st, 0))
        bid_round(st, 0, 60, trump)
        act(st, "play 1e", "play 4e", "play 6e")
        assert "sing 20 c" in legal(st)
        act(st, "play 3e", "play 5e", "play 7e")  # declines, leads
        return st
    st = first_trick(None)
    assert st.lost_right[0] and "sing 20 c" not in legal(st)
    kept = first_trick({"use_or_lose": False})
    assert not kept.lost_right[0] and "sing 20 c" in legal(kept)


def test_s12_no_tute_is_declared() -> None:
    st = deal3(["1e 12o 12c 12e 12b", "4e", "5e"], dealer=2)
    bid_round(st, 0, 60, "o")
    act(st, "play 1e", "play 4e", "play 5e")
    assert "sing tute 12" not in legal(st)
    with pytest.raises(IllegalActionError) as info:
        act(st, "sing tute 12")
    assert info.value.code == "no_tute"


# --- bullet 7: the contract and stop_when_decided ---------------------------------------


def strong_bidder(options: dict[str, Any] | None = None) -> State:
    """Seat 0 (mano) holds every oro and three Ases: with oros trump it wins every
    trick it leads with a trump (nobody else holds one)."""
    return deal3([ALL_OROS + " 1c 1e 1b", "", ""], dealer=2, options=options)


def test_s12_stop_when_decided_ends_the_round_once_the_bid_is_reached() -> None:
    st = strong_bidder()
    bid_round(st, 0, 60, "o")
    tricks = 0
    while st.phase == "play":
        lead = next(a for a in ("play 1o", "play 3o", "play 12o", "play 11o", "play 10o",
                                "play 7o", "play 6o", "play 5o", "play 4o") if a in legal(st))
        act(st, lead)
        while st.phase == "play" and st.trick_cards:
            act(st, sorted(legal(st))[0])
        tricks += 1
    assert st.reason == "made_early" and st.round_winner == 0
    assert st.points[0] >= 60 and any(st.hands), "the remaining cards are not played"
    assert st.diez_side == -1 and st.tricks_played == tricks < 12
    assert st.totals == [60, 0, 0]


def test_s12_stop_when_decided_ends_the_round_once_the_bid_cannot_be_reached() -> None:
    # Seat 1 bids 230 holding nothing: after the first trick 130 cannot reach it.
    st = deal3([], dealer=2)
    act(st, "pass", "bid 230", "pass", "trump o")
    events: list[dict[str, Any]] = []
    while st.phase == "play":
        events += act(st, str(st.legal_actions()[0]))
    assert st.reason == "failed_early" and st.tricks_played == 1
    assert events[-1]["type"] == "round_over" and events[-1]["winner"] == 1
    assert st.totals == [0, -230, 0], "the bid is taken from the bidder's total, below 0"


def test_s12_the_bound_counts_the_declarations_the_bidder_may_still_make() -> None:
    # 165 needs the forty (130 + 40 = 170): the round goes on while the bidder may
    # still declare it, and ends once the bidder lets its first window pass.
    def after_first_trick(options: dict[str, Any] | None) -> State:
        st = strong_bidder(options)
        bid_round(st, 0, 165, "o")
        act(st, "play 1o")
        act(st, sorted(legal(st))[0])
        act(st, sorted(legal(st))[0])
        assert st.phase == "play" and "sing 40" in legal(st), "170 can still reach 165"
        act(st, "play 3o")  # leads without declaring: the right is lost (§4)
        act(st, sorted(legal(st))[0])
        act(st, sorted(legal(st))[0])
        return st
    lost = after_first_trick(None)
    assert lost.reason == "failed_early", "without the forty 130 cannot reach 165"
    kept = after_first_trick({"use_or_lose": False})
    assert kept.phase == "play" and "sing 40" in legal(kept)
    act(kept, "sing 40")
    assert kept.phase == "play" and kept.points[0] >= 40


def test_s12_a_contract_is_made_or_failed_by_card_points_diez_and_declarations() -> None:
    st = strong_bidder({"stop_when_decided": False})
    bid_round(st, 0, 125, "o")
    while st.phase == "play":
        act(st, str(st.legal_actions()[0]))
    assert st.tricks_played == 12, "without stop_when_decided every trick is played"
    assert st.diez_side in (0, 1)
    made = st.points[0] >= 125
    assert st.reason == ("made" if made else "failed")
    assert st.round_winner == (0 if made else 1)
    assert st.totals[0] == (125 if made else -125) and st.totals[1:] == [0, 0]
    declared = sum(d.points for d in st.declarations)
    assert sum(st.points) == 130 + declared
    assert st.points[0] == mask_points(st.collected[0]) + declared + (
        10 if st.diez_side == 0 else 0)


# --- bullet 8: the score ----------------------------------------------------------------


def test_s12_made_adds_the_bid_failed_takes_it_others_unchanged() -> None:
    st = strong_bidder()
    st.totals = [10, 20, 30]
    bid_round(st, 0, 60, "o")
    while st.phase == "play":
        act(st, str(st.legal_actions()[0]))
    assert st.reason == "made_early" and st.totals == [70, 20, 30]
    failed = deal3([], dealer=2)
    failed.totals = [10, 20, 30]
    act(failed, "pass", "bid 230", "pass", "trump o")
    while failed.phase == "play":
        act(failed, str(failed.legal_actions()[0]))
    assert failed.totals == [10, -210, 30]
    assert failed.outcome is not None and failed.outcome.totals == (10, -210, 30)


# --- bullet 9: the match -----------------------------------------------------------------


def play_made(st: State) -> None:
    bid_round(st, 0, 60, "o")
    while st.phase == "play":
        act(st, str(st.legal_actions()[0]))


@pytest.mark.parametrize("target", [500, 300, 1000])
def test_s12_a_total_reaching_the_target_wins_the_match_when_it_is_the_single_highest(
        target: int) -> None:
    st = strong_bidder(None if target == 500 else {"target": target})
    st.totals = [target - 50, target - 100, 0]
    play_made(st)
    assert st.phase == "match_over" and st.winner == 0
    assert st.outcome is not None and st.outcome.match_winner == 0


def test_s12_a_shared_highest_total_plays_on() -> None:
    st = strong_bidder()
    st.totals = [440, 500, 0]
    play_made(st)
    assert st.totals == [500, 500, 0]
    assert st.phase == "round_over" and st.winner is None
    st.start_next_round(seed=1)
    assert st.dealer == 0, "the seat after the last dealer deals next"


def test_s12_the_highest_total_wins_even_if_another_seat_reached_the_target() -> None:
    # A seat at the target is not enough: the single highest wins (here not the bidder).
    st = strong_bidder()
    st.totals = [450, 600, 0]
    play_made(st)
    assert st.winner == 1


# --- bullet 10: what each seat may know ------------------------------------------------


def test_s12_a_view_shows_every_bid_and_pass_and_the_trump_never_another_hand() -> None:
    st = deal3([], dealer=2)
    act(st, "bid 60", "pass", "bid 70", "pass", "trump e")
    act(st, str(st.legal_actions()[0]))
    bids = [{"seat": 0, "bid": 60}, {"seat": 1, "bid": None}, {"seat": 2, "bid": 70},
            {"seat": 0, "bid": None}]
    for seat in range(3):
        js = view_json(view(st, seat))
        assert js["auction"]["bids"] == bids and js["auction"]["bidder"] == 2
        assert js["trump_suit"] == "e" and js["hand"] == sorted(
            hand(st, seat), key=Card.parse)
        assert "hands" not in js
        for other in range(3):
            if other != seat:
                assert view(st, seat).state.hands[other] == 0, "another hand shown"
    public = public_view(st)
    assert all(h == 0 for h in public.state.hands)
    assert state_json(public.state)["auction"]["bids"] == bids


def test_s12_a_seats_view_does_not_depend_on_the_other_hands() -> None:
    # The same hand for seat 0 and the same actions, the other cards dealt two ways.
    rules = find_variant("subastado")
    base = deal_cards(rules, 2, random.Random(3))
    swapped = Deal(2, (base.hands[0], base.hands[2], base.hands[1]), None)
    a, b = new_game(rules, deal=base), new_game(rules, deal=swapped)
    for action in ("pass", "pass", "bid 60"):
        act(a, action)
        act(b, action)
        assert view_json(view(a, 0)) == view_json(view(b, 0))


def test_s12_bots_of_every_level_bid_name_trump_and_play_from_their_view() -> None:
    rules = find_variant("subastado")
    rng = random.Random(1)
    for level in ("random", "easy", "medium", "hard", "expert"):
        st = new_game(rules, seed=11)
        bot = make_bot(level)
        for _ in range(3):
            while st.phase == "play":
                seat = st.to_act
                assert seat is not None
                choice = bot.choose(view(st, seat), rng, Budget(iterations=2))
                assert choice in st.legal_actions(), (level, choice)
                st.apply(choice)
            if st.phase != "round_over":
                break
            st.start_next_round(rng=rng)


def test_s12_the_medium_bot_bids_a_strong_hand_and_names_its_long_suit() -> None:
    st = strong_bidder()
    choice = make_bot("medium").choose(view(st, 0), random.Random(0))
    assert choice == Action.parse("bid 60")
    act(st, "bid 60", "pass", "pass")
    assert make_bot("medium").choose(view(st, 0), random.Random(0)) == Action.parse("trump o")
    weak = deal3(["4c 5c 6c 7c 4e 5e 6e 7e 4b 5b 6b 7b", "", ALL_OROS + " 1c 1e 1b"],
                 dealer=2)
    assert make_bot("medium").choose(view(weak, 0), random.Random(0)) == Action.parse("pass")


# --- bullet 11: options ------------------------------------------------------------------


def test_s12_options_and_their_defaults() -> None:
    rules = find_variant("subastado")
    assert rules.options() == {"min_bid": 60, "auction": "open", "stop_when_decided": True,
                               "target": 500, "use_or_lose": True, "cantes_per_trick": 1,
                               "undertrump": False}
    with pytest.raises(UnknownVariantError):
        find_variant("subastado", {"throw_in": True})  # §11's throw_in does not apply
    with pytest.raises(UnknownVariantError):
        find_variant("subastado", {"min_bid": 65})
    assert find_variant("subastado", {"cantes_per_trick": "all"}).cantes_per_trick.value == "all"


# --- saving and replaying a round ---------------------------------------------------------


def test_s12_a_round_replays_from_its_log_through_engine_replay() -> None:
    rules = find_variant("subastado")
    deal = deal_cards(rules, 0, random.Random(5))
    st = new_game(rules, deal=deal)
    rng = random.Random(2)
    log: list[tuple[int, str]] = []
    while st.phase == "play":
        seat = st.to_act
        assert seat is not None
        action = make_bot("medium").choose(view(st, seat), rng)
        log.append((seat, str(action)))
        st.apply(action)
    again = replay_all(new_game(rules, deal=parse_deal(rules, deal.to_json())), log)
    assert state_json(again) == state_json(st)
    assert any(a.startswith(("bid", "pass")) for _, a in log)
    assert any(a.startswith("trump") for _, a in log) or st.reason == "all_passed"


# --- the protocol (TEP 1.2), in-process ---------------------------------------------------


def test_s12_tep_new_with_a_deal_legal_bids_and_refusals_with_their_rule() -> None:
    session = Session()
    rules = find_variant("subastado")
    deal = deal_cards(rules, 2, random.Random(4)).to_json()
    out = session.handle({"cmd": "new", "variant": "subastado", "deal": deal})
    assert out["ok"] and out["events"] == [{"type": "deal", "dealer": 2, "trump": None,
                                             "round": 1}]
    state = out["state"]
    assert state["phase"] == "auction" and state["asking"] == "bid" and state["sides"] is None
    assert state["totals"] == [0, 0, 0] and state["auction"]["bids"] == []
    legal_ = session.handle({"cmd": "legal"})
    assert legal_["seat"] == 0
    assert legal_["actions"] == ["pass"] + [f"bid {b}" for b in range(60, 235, 5)]
    refused = session.handle({"cmd": "act", "action": "bid 62"})
    assert not refused["ok"] and refused["rule"] == "bid_not_multiple_of_5"
    assert "(§12)" in refused["error"]
    assert session.handle({"cmd": "act", "action": "bid 65"})["events"] == [
        {"type": "bid", "seat": 0, "bid": 65}]
    assert session.handle({"cmd": "act", "action": "bid 65"})["rule"] == "bid_not_higher"
    assert session.handle({"cmd": "act", "action": "pass"})["events"] == [
        {"type": "bid", "seat": 1, "bid": None}]
    session.handle({"cmd": "act", "action": "pass"})
    assert session.handle({"cmd": "act", "action": "pass"})["rule"] == "name_trump"
    named = session.handle({"cmd": "act", "action": "trump c"})
    assert named["events"] == [{"type": "trump", "seat": 0, "suit": "c"}]
    assert named["state"]["phase"] == "play" and named["state"]["sides"] == 2
    seen = session.handle({"cmd": "view", "seat": 1})["view"]
    assert seen["auction"]["bids"] == [{"seat": 0, "bid": 65}, {"seat": 1, "bid": None},
                                       {"seat": 2, "bid": None}]
    assert "hands" not in seen and len(seen["hand"]) == 12
    bot = session.handle({"cmd": "bot", "level": "medium"})
    assert bot["ok"] and bot["action"] in session.handle({"cmd": "legal"})["actions"]


def test_s12_tep_all_passed_and_next_from_the_next_dealer() -> None:
    session = Session()
    session.handle({"cmd": "new", "variant": "subastado", "seed": 9})
    dealer = session.handle({"cmd": "state"})["state"]["dealer"]
    for _ in range(3):
        out = session.handle({"cmd": "act", "action": "pass"})
    assert out["events"][-1]["type"] == "round_over"
    assert out["events"][-1]["reason"] == "all_passed"
    assert out["state"]["phase"] == "round_over" and out["state"]["totals"] == [0, 0, 0]
    nxt = session.handle({"cmd": "next"})
    assert nxt["ok"] and nxt["state"]["dealer"] == (dealer + 1) % 3
    assert nxt["state"]["round"] == 2 and nxt["state"]["phase"] == "auction"
    bad = session.handle({"cmd": "new", "variant": "subastado",
                          "deal": {"dealer": 0, "hands": [["2o"] * 12] * 3}})
    assert not bad["ok"]


def test_s12_every_refusal_code_is_listed_in_the_protocol_document() -> None:
    from pathlib import Path
    text = (Path(__file__).parent.parent / "docs" / "protocol.md").read_text("utf-8")
    for code, section in SECTIONS.items():
        assert f"| `{code}` | {section} |" in text, code


def test_s12_the_rules_document_is_the_shared_text_with_section_12() -> None:
    from pathlib import Path
    text = (Path(__file__).parent.parent / "docs" / "rules.md").read_text("utf-8")
    assert "## §12 subastado" in text and "stop_when_decided" in text


# --- the exact solve knows the contract and that la contra never declares --------------


def contract_minimax(st: State, bidder: int, bid: int) -> float:
    """The bidder's +bid or -bid with best play by both sides, through the engine
    itself (every legal action, declarations included): what the solver must
    find (small positions only)."""
    if st.phase != "play":
        return float(bid if st.points[0] >= bid else -bid)
    to_act = st.to_act
    assert to_act is not None
    values = []
    for action in st.legal_actions():
        child = st.clone()
        child.apply(action, record=False)
        values.append(contract_minimax(child, bidder, bid))
    return max(values) if to_act == bidder else min(values)


def test_s12_the_exact_solve_values_the_contract_as_best_play_does() -> None:
    from tute_desktop.bots.analysis import _solved_contract, solved_value
    from tute_desktop.bots.search import solve_world
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        st = new_game(find_variant("subastado", {"stop_when_decided": False}), seed=seed)
        bidder = rng.randrange(3)
        bid = rng.choice([60, 70, 80, 90])
        bid_round(st, bidder, bid, "oceb"[seed % 4])
        while st.phase == "play" and not (
                st.ask == 0 and st.hands[st.to_act or 0].bit_count() <= 3):
            acts = st.legal_actions()
            sings = [a for a in acts if a.kind == "sing"]
            st.apply(sings[0] if sings else rng.choice(acts))
        if st.phase != "play" or bin(st.legal_play_mask()).count("1") < 2:
            continue
        seat = st.to_act
        assert seat is not None
        solved = _solved_contract(st, seat)
        for card, value in solved.items():
            child = st.clone()
            child.apply(Action.parse(f"play {CARDS[card]}"), record=False)
            truth = contract_minimax(child, bidder, bid)
            assert value == (truth if seat == bidder else -truth), (seed, CARDS[card])
            # The points solve too: la contra never declares (§12).
            side = st.side_of(seat)
            assert solved_value(child, seat) == minimax(child, side), (seed, CARDS[card])
        world = solve_world(st, seat)
        best = max(solved.values())
        assert all((world[c] > 0.5) == (solved[c] > 0) for c in solved), seed
        assert max(world, key=world.__getitem__) in [c for c, v in solved.items() if v == best]
        checked += 1
    assert checked >= 10


def test_s12_the_exact_solve_never_lets_la_contra_declare() -> None:
    # Three cards each, oros trump: la contra's seat 0 leads the As of trumps,
    # wins, and holds the Rey and Caballo of copas. Only the bidder declares
    # (§12): the solve must not count a twenty for la contra.
    from tute_desktop.bots.analysis import solved_value
    st = deal3([], dealer=2, options={"stop_when_decided": False})
    bid_round(st, 1, 60, "o")
    st.hands = [sum(1 << Card.parse(c) for c in h.split())
                for h in ("1o 12c 11c", "4e 5e 6e", "4b 5b 6b")]
    st.sung = 0
    for card in ("1o", "12c", "11c"):
        child = st.clone()
        child.apply(Action.parse(f"play {card}"), record=False)
        assert solved_value(child, 0) == minimax(child, 1), card


def test_s12_the_bots_count_no_2_among_the_cards_still_out() -> None:
    from tute_desktop.bots.base import out_mask
    st = new_game(find_variant("subastado"), seed=2)
    out = out_mask(st, 0)
    assert out == find_variant("subastado").deck & ~st.hands[0]
    assert out.bit_count() == 24 and not any(out >> c & 1 for c in range(40) if c % 10 == DOS)


def test_s12_a_declaration_that_reaches_the_bid_ends_the_round_at_once() -> None:
    st = deal3(["1e 12o 11o", "4e", "5e"], dealer=2)
    bid_round(st, 0, 60, "o")
    act(st, "play 1e", "play 4e", "play 5e")  # 11 points: 51 with the forty
    assert st.phase == "play"
    st.points[0] += 10  # as if the trick had held 10 points more
    events = act(st, "sing 40")
    assert [e["type"] for e in events] == ["sing", "round_over"]
    assert events[-1]["reason"] == "made_early" and st.totals == [60, 0, 0]


def test_s12_a_pair_the_bidder_can_no_longer_declare_does_not_count() -> None:
    # Two cards left, the Rey and Caballo of copas, and no window of its own:
    # to declare them the bidder would have to win a trick with one of them.
    st = deal3([], dealer=2)
    bid_round(st, 1, 60, "o")
    st.hands = [sum(1 << Card.parse(c) for c in h.split())
                for h in ("1b 4b 5b", "7e 12c 11c", "6b 4e 5e")]
    st.sung = 0
    st.points[0] = 30  # 30 + 7 in play + 10 of diez = 47; with the twenty 67
    act(st, "play 1b", "play 7e", "play 6b")
    assert st.reason == "failed_early"
