"""The expert's bidding in subastado (RULES §12, issue 33; ``bots/outlook.py``):
it bids by its sampled estimate and its measured rule, names the suit its
estimate finds best, repeats itself under a seed, reads no other hand; the
other levels keep the fitted bidding (``bots/bidding.py``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tute_desktop.bots import Budget, make_bot
from tute_desktop.bots.bidding import auction_action
from tute_desktop.bots.levels import EXPERT_POLICY, SearchBot
from tute_desktop.bots.outlook import (
    MAKE_SHARE,
    TrumpOutlook,
    auction_world,
    best_for,
    bids_weight,
    estimate,
    plan,
)
from tute_desktop.engine import (
    CARDS,
    Action,
    Card,
    Deal,
    State,
    find_variant,
    new_game,
    resample,
    view,
)
from tute_desktop.engine.actions import BID, PASS, TRUMP
from tute_desktop.engine.events import Ask

BUDGET = Budget(iterations=6)


def deal3(hands: list[str], dealer: int = 2, options: dict[str, Any] | None = None) -> State:
    """A subastado match from the given cards, every hand completed to 12 from
    the unused cards in deck order (the mano's last)."""
    rules = find_variant("subastado", options)
    hs = [[Card.parse(t) for t in h.split()] for h in [*hands, "", "", ""][:3]]
    used = {c for h in hs for c in h}
    rest = [c for c in CARDS if c.rank != 2 and c not in used]
    mano = (dealer + 1) % 3
    for seat in [s for s in range(3) if s != mano] + [mano]:
        while len(hs[seat]) < 12:
            hs[seat].append(rest.pop(0))
    return new_game(rules, deal=Deal(dealer, tuple(tuple(h) for h in hs), None))


STRONG = "1o 3o 12o 11o 10o 7o 1c 3c 1e 3e 1b 3b"
"""Six oros with the 40, and the As and Tres of every other suit."""
WEAK = "4o 5o 4c 5c 6c 4e 5e 6e 4b 5b 6b 7b"
"""Not a point, nor a pair."""


def expert() -> SearchBot:
    bot = make_bot("expert")
    assert isinstance(bot, SearchBot)
    return bot


def test_a_very_strong_hand_bids_and_a_weak_hand_passes() -> None:
    strong = deal3([STRONG])  # the mano is seat 0: it speaks first
    assert strong.to_act == 0 and strong.ask is Ask.BID
    action = expert().choose(view(strong, 0), random.Random(1), BUDGET)
    assert action.kind is BID and action.bid == 60  # one step at a time
    weak = deal3([WEAK])
    assert expert().choose(view(weak, 0), random.Random(1), BUDGET).kind is PASS


def test_the_expert_never_bids_above_its_rule() -> None:
    """Whatever the high bid, it raises only while the next bid is one its
    estimate's rule allows (``plan``), from the same generator."""
    rules = find_variant("subastado")
    for seed in range(1, 7):
        st = new_game(rules, seed=seed)
        seat = st.to_act
        assert seat is not None
        for high in (0, 70, 90, 120):
            if high:  # another seat holds ``high``
                st2 = st.clone()
                assert st2.auction is not None
                st2.auction = st2.auction.spoken((seat + 2) % 3, high)
            else:
                st2 = st
            v = view(st2, seat)
            bot = expert()
            action = bot.choose(v, random.Random(seed), BUDGET)
            _, limit = plan(estimate(v, random.Random(seed), 128, EXPERT_POLICY),
                            rules.min_bid)
            assert bot.outlooks  # the estimate it bid by
            lowest = high + 5 if high else 60
            if action.kind is BID:
                assert action.bid == lowest <= limit
            else:
                assert lowest > limit


def test_its_rule_is_the_share_of_sampled_deals_that_make_the_bid() -> None:
    o = TrumpOutlook(0, [50, 70, 80, 90, 100], [1.0] * 5)
    assert o.p_make(80) == 0.6 and o.mean() == 78.0
    assert o.best_bid(0.6, 60) == 80 and o.best_bid(0.8, 60) == 70
    assert o.best_bid(0.2, 60) == 100 and o.best_bid(1.0, 60) == 0
    heavy = TrumpOutlook(1, [50, 100], [3.0, 1.0])
    assert heavy.p_make(100) == 0.25 and heavy.mean() == 62.5
    assert 0.5 <= MAKE_SHARE < 1.0


def test_the_trump_named_is_the_estimated_best() -> None:
    st = deal3([STRONG])
    st.apply(Action.parse("bid 60"))
    st.apply(Action.parse("pass"))
    st.apply(Action.parse("pass"))
    assert st.ask is Ask.TRUMP and st.to_act == 0
    bot = expert()
    v = view(st, 0)
    action = bot.choose(v, random.Random(3), BUDGET)
    assert action.kind is TRUMP and action.suit == 0  # six oros with the 40
    assert action.suit == best_for(bot.outlooks, 60)
    outlooks = estimate(v, random.Random(3), 128, EXPERT_POLICY)
    assert [o.points for o in outlooks] == [o.points for o in bot.outlooks]
    assert max(outlooks, key=lambda o: o.p_make(60)).trump == 0


def test_ties_go_to_the_likelier_contract_then_the_better_mean() -> None:
    a = TrumpOutlook(0, [60, 60, 100], [1.0] * 3)
    b = TrumpOutlook(1, [60, 60, 60], [1.0] * 3)
    c = TrumpOutlook(2, [50, 90, 90], [1.0] * 3)
    assert best_for([a, b, c], 60) == 0  # a and b make it always, a by more
    assert best_for([a, b, c], 90) == 2
    assert plan([a, b, c], 60, 0.6) == (2, 90)


def test_the_bidders_points_are_played_out_whole_with_the_named_trump() -> None:
    st = deal3([STRONG])
    v = view(st, 0)
    world = resample(v, random.Random(0))
    w = auction_world(world, 0, 2)
    assert w.trump == 2 and w.contract == (0, 60) and w.to_act == w.leader
    assert w.side_of(0) == 0 and w.side_of(1) == w.side_of(2) == 1
    assert not w.rules.stop_when_decided and world.rules.stop_when_decided
    assert world.trump < 0 and world.ask is Ask.BID  # the world itself is untouched
    outlooks = estimate(v, random.Random(0), 4, EXPERT_POLICY)
    for o in outlooks:
        assert len(o.points) == 4 and all(0 <= p <= 230 for p in o.points)
    assert outlooks[0].mean() > 100  # six oros with the 40, every As and Tres


def test_a_choice_repeats_under_a_seed() -> None:
    rules = find_variant("subastado")
    for seed in (2, 5):
        st = new_game(rules, seed=seed)
        v = view(st, st.to_act or 0)
        picks = {expert().choose(v, random.Random(9), BUDGET) for _ in range(3)}
        assert len(picks) == 1


def test_the_auction_choice_reads_no_other_hand() -> None:
    """Every auction position of some rounds: re-dealing the cards the seat
    cannot see never changes the expert's bid, pass or trump."""
    rules = find_variant("subastado")
    redeal = random.Random(5)
    checked = 0
    for seed in range(1, 6):
        st = new_game(rules, seed=seed)
        while st.ask in (Ask.BID, Ask.TRUMP):
            seat = st.to_act
            assert seat is not None
            v = view(st, seat)
            choice = expert().choose(v, random.Random(42), BUDGET)
            for _ in range(2):
                other = resample(v, redeal)
                assert other.hands[seat] == st.hands[seat]
                assert expert().choose(view(other, seat), random.Random(42), BUDGET) == choice
            checked += 1
            st.apply(choice)
    assert checked >= 10


def test_bids_weigh_a_deal_by_how_well_it_explains_the_others() -> None:
    st = deal3([STRONG, WEAK])  # seat 0 the mano, seat 1 the weak hand
    st.apply(Action.parse("bid 60"))
    st.apply(Action.parse("bid 65"))  # the weak hand bids: no deal explains that
    assert st.to_act == 2
    v = view(st, 2)
    assert bids_weight(st, st, 2) < 1.0  # seat 1's true hand does not explain its bid
    assert all(0.0 < bids_weight(st, resample(v, random.Random(k)), 2) <= 1.0 for k in range(20))
    passed = deal3([WEAK])
    passed.apply(Action.parse("pass"))
    assert bids_weight(passed, passed, 1) == 1.0  # a weak hand passes: explained


def test_the_other_levels_keep_the_fitted_bidding() -> None:
    rules = find_variant("subastado")
    for seed in range(1, 5):
        st = new_game(rules, seed=seed)
        while st.ask in (Ask.BID, Ask.TRUMP):
            seat = st.to_act
            assert seat is not None
            want = auction_action(st)
            for level in ("easy", "medium", "hard"):
                got = make_bot(level).choose(view(st, seat), random.Random(0), BUDGET)
                assert got == want, level
            st.apply(want)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_auctions_reasons_read_as_one_answer(lang: str) -> None:
    # §12, the hint's reasons in the auction (nc93): a lowest bid reached in no
    # deal says so in words, not "0 of 128 (0%)"; a bid hinted with the expert's
    # limit says the limit is for when the person is outbid ("Bid 60 ... would
    # go on bidding up to 70" read as two answers).
    from tute_desktop.bots.reasons import AUCTION_BID, AUCTION_PASS, Reason
    from tute_desktop.i18n import tr
    from tute_desktop.ui.table.why import reason_words

    none = Reason(AUCTION_PASS, "pass", "bid 65", 128, 0, 0, what=50, trump=3)
    said = reason_words(lang, none, "subastado")
    assert said == tr(lang, "reason_auction_pass_none", suit=tr(lang, "suit.3"), bid=65,
                      n=128, share=50)
    some = Reason(AUCTION_PASS, "pass", "bid 65", 128, 0, 9, what=50, trump=3)
    assert "9" in reason_words(lang, some, "subastado")
    bid = Reason(AUCTION_BID, "bid 60", "bid 75", 128, 90, 40, what=50, trump=3)
    assert {"en": "if outbid", "es": "si te superan"}[lang] in reason_words(lang, bid, "subastado")
