"""The expert's bidding in subastado (RULES §12): what it can make with each
trump, estimated by playing out sampled deals, and the bid and trump it chooses.

``estimate`` deals the cards the seat cannot see to the other two seats in
many ways consistent with its view (``resample``: in the auction that is only
its own hand, and the bids and passes, which prove nothing about a hand), and
for each deal and each suit makes the seat the bidder with that suit as trump
and plays the round to its end with the expert's rollout policy
(``levels.EXPERT_POLICY``) for every seat, without the early end (option
``stop_when_decided`` off, so the whole round's points are counted). The same
deals serve every suit, so the suits are compared on the same cards. Each suit
gets the bidder's points at the end of each deal (cards, diez de últimas and
declarations: what a contract counts): ``TrumpOutlook``.

With ``weigh`` a deal counts as much as it explains the other seats' bids and
passes under the rule-based bid model (``bidding.bid_limit``: a seat that
passed would not have bid the lowest bid allowed then, one that bid would
have), ``UNLIKELY_BID`` for each one it does not explain. The expert leaves it
off (``SearchBot.bid_weigh``): against two hard seats, which bid by exactly that
model, it changed the result of 10 rounds in 334 and showed no gain
(docs/benchmarks.md). The rounds are played out by the rollout policy alone,
not finished by the exact solver (``search.solve_world``): a solve from five
cards a hand costs some 3 ms of CPU, too much for 4 suits times ``SAMPLES``
deals within a move.

The bid (``expert_bid``): for each suit, the highest multiple of 5 (from the
minimum) that at least ``MAKE_SHARE`` of the sampled deals reach
(``TrumpOutlook.best_bid``); the expert's limit is the highest of the four
(``plan``). Asked to bid, it bids the lowest bid allowed when that is within
its limit, else passes (one step over the high bid at a time, as the other
levels do); where nobody speaks after it, the bid within its limit worth most
on average (``final_bid``). Having won the auction, it names the suit likeliest to make the
contract it holds (``best_for``: the largest share of deals reaching the bid,
then the better mean). The estimate is played anew at each answer from the
bot's generator: ``SAMPLES`` deals (a fixed count: the same view and seed give
the same answer, whatever the clock).

Calibration (docs/benchmarks.md, "subastado: the expert's bidding"): the mean
of the sampled deals for the named trump matched the points the expert made
as bidder against two hard seats within a few points in every bid band; the
sampled chance of making the contract was a few points optimistic.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Final

from ..engine import Action, State, View, resample
from ..engine.actions import BID_ACTIONS, BID_STEP, MAX_BID, PASS_ACTION, TRUMP_ACTIONS
from ..engine.auction import Bidding
from ..engine.events import Ask
from ..engine.state import ASK_NONE, PLAYING
from .base import Budget
from .bidding import bid_limit
from .policy import Policy
from .search import rollout

SAMPLES: Final = 128
"""Deals per estimate (``samples``), four suits played out on each: about
0.17 ms a round played out, so about 0.1 s a bid unloaded."""

MAKE_SHARE: Final = 0.5
"""The expert's bid: the highest at which this share of the sampled deals make
it (``expert_bid``). Measured by play (issue 33, docs/benchmarks.md, "subastado:
the expert's bidding"): the expert against two hard seats on the same deals,
its gain a round was flat between shares 0.4 and 0.7 (paired differences
within about 1.5 points a round of each other), 0.5 the best point estimate.
Its sampled P(make) is a little optimistic: at 0.5 the contracts it won were
made 81% of the time (341 contracts) against a mean sampled chance of 85%.
Against the fitted bidding of the other levels, over the same 900 rounds, its
gain less the other seats' was 2.2 ± 2.1 points a round better against hard
and 5.7 ± 2.0 against medium."""

UNLIKELY_BID: Final = 0.25
"""With ``weigh``: a deal's weight for each other seat's bid or pass it does
not explain under ``bidding.bid_limit`` (a soft model: the others are not
that bidder)."""


@dataclass(slots=True)
class TrumpOutlook:
    """One suit's estimate: the bidder's points at the end of each sampled
    deal, with the deal's weight."""

    trump: int
    points: list[int] = field(default_factory=list)
    weights: list[float] = field(default_factory=list)

    def mean(self) -> float:
        """The expected points (weighted mean over the deals)."""
        total = sum(self.weights)
        return sum(p * w for p, w in zip(self.points, self.weights, strict=True)) / total

    def p_make(self, bid: int) -> float:
        """The weighted share of deals whose points reach ``bid``."""
        total = sum(self.weights)
        return sum(w for p, w in zip(self.points, self.weights, strict=True) if p >= bid) / total

    def reaching(self, bid: int) -> int:
        """How many of the deals reach ``bid`` (unweighted: what the hint counts)."""
        return sum(1 for p in self.points if p >= bid)

    def best_bid(self, share: float, floor: int) -> int:
        """The highest multiple of 5 from ``floor`` up that ``share`` of the
        deals make (``p_make``), or 0 when not even ``floor``."""
        best = 0
        b = floor
        while b <= MAX_BID and self.p_make(b) >= share:
            best = b
            b += BID_STEP
        return best


def auction_world(world: State, seat: int, trump: int) -> State:
    """``world`` (a deal in the auction) with ``seat`` the bidder who named
    ``trump``, the others passed, ready for the mano's lead, its rules without
    the early end so that the round's points are counted whole. The bid is the
    lowest allowed (the rollout policy does not read it)."""
    w = world.clone()
    auction = w.auction
    assert auction is not None
    n = w.n
    w.rules = replace(w.rules, stop_when_decided=False)
    w.auction = Bidding(auction.bids, seat, auction.lowest_bid(w.rules),
                        ((1 << n) - 1) & ~(1 << seat), -1)
    w.ask = Ask.TRUMP
    w.to_act = seat
    w.apply(TRUMP_ACTIONS[trump], record=False)
    assert w.ask is ASK_NONE
    return w


def bids_weight(st: State, world: State, seat: int) -> float:
    """How well ``world`` explains the other seats' bids and passes so far
    under ``bidding.bid_limit`` (``UNLIKELY_BID`` for each it does not)."""
    auction = st.auction
    assert auction is not None
    weight = 1.0
    high = 0
    for s, bid in auction.bids:
        lowest = high + BID_STEP if high else st.rules.min_bid
        if s != seat:
            limit = bid_limit(world.hands[s])
            if (bid is None) != (limit < lowest):
                weight *= UNLIKELY_BID
        if bid is not None:
            high = bid
    return weight


def estimate(view: View, rng: random.Random, samples: int, policy: Policy,
             weigh: bool = False) -> list[TrumpOutlook]:
    """Per suit (index = suit), the bidder's points over ``samples`` deals of
    the unseen cards, each played out with ``policy`` (module doc)."""
    st = view.state
    seat = view.seat
    out = [TrumpOutlook(s) for s in range(4)]
    for _ in range(samples):
        world = resample(view, rng)
        weight = bids_weight(st, world, seat) if weigh else 1.0
        seed = rng.getrandbits(32)
        for s in range(4):
            w = auction_world(world, seat, s)
            rollout(w, policy, random.Random(seed), w, 0)
            assert w.phase is not PLAYING
            out[s].points.append(w.points[0])
            out[s].weights.append(weight)
    return out


def plan(outlooks: list[TrumpOutlook], floor: int,
         share: float = MAKE_SHARE) -> tuple[int, int]:
    """The suit to name and the highest bid the expert would make with it
    (``TrumpOutlook.best_bid``; 0: none from ``floor``); the better mean on a
    tie, the lower suit on a tie of both."""
    best = max(outlooks, key=lambda o: (o.best_bid(share, floor), o.mean(), -o.trump))
    return best.trump, best.best_bid(share, floor)


def samples(budget: Budget | None) -> int:
    """The deals an estimate plays out: ``SAMPLES``, whatever the clock (a fixed
    count, so a bid is a function of the view and the seed), fewer in
    proportion under a time budget below the expert's second (at least 8)."""
    if budget is None or budget.iterations is not None or budget.ms is None:
        return SAMPLES
    return max(8, min(SAMPLES, int(SAMPLES * budget.ms / 1000.0)))


def best_for(outlooks: list[TrumpOutlook], bid: int) -> int:
    """The suit to name for a contract of ``bid``: the likeliest to make it
    (``TrumpOutlook.p_make``), the better mean on a tie, then the lower suit."""
    return max(outlooks, key=lambda o: (o.p_make(bid), o.mean(), -o.trump)).trump


def expert_bid(view: View, rng: random.Random, budget: Budget | None, policy: Policy,
               share: float = MAKE_SHARE, weigh: bool = False,
               ) -> tuple[Action, list[TrumpOutlook]] | None:
    """The expert's answer in the auction (bid or pass) or the trump it names,
    with the estimate it came from; None when it is asked neither. It plays
    out ``samples(budget)`` deals (``estimate``)."""
    st = view.state
    if st.ask is not Ask.BID and st.ask is not Ask.TRUMP:
        return None
    auction = st.auction
    assert auction is not None
    outlooks = estimate(view, rng, samples(budget), policy, weigh)
    if st.ask is Ask.TRUMP:
        return TRUMP_ACTIONS[best_for(outlooks, auction.bid)], outlooks
    allowed = auction.allowed(st.rules)
    _, limit = plan(outlooks, st.rules.min_bid, share)
    if allowed and allowed[0] <= limit:
        return BID_ACTIONS[final_bid(st, outlooks, limit)], outlooks
    return PASS_ACTION, outlooks


def final_bid(st: State, outlooks: list[TrumpOutlook], limit: int) -> int:
    """The bid to make, ``limit`` being the expert's: the lowest allowed, to
    raise one step at a time if outbid; but where nobody speaks after it (the
    others have passed, or the last word of ``one_round``: §12) the bid is the
    contract, and a made contract scores the bid, a failed one loses it: the
    bid up to ``limit`` worth most on average, bid x (share made - share
    failed), the lower on a tie (a player read "would go on bidding up to 65"
    when nobody was left to bid)."""
    auction = st.auction
    seat = st.to_act
    assert auction is not None and seat is not None
    low = auction.lowest_bid(st.rules)
    if auction.spoken(seat, low).next_speaker(st.rules, seat) is not None:
        return low
    return max(range(low, limit + 1, BID_STEP),
               key=lambda b: (b * (2 * max(o.p_make(b) for o in outlooks) - 1), -b))


__all__ = ["MAKE_SHARE", "SAMPLES", "TrumpOutlook", "auction_world", "best_for", "bids_weight",
           "estimate", "expert_bid", "final_bid", "plan", "samples"]
