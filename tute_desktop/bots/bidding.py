"""subastado's auction for the bots (RULES §12): what a hand is worth as the
bidder with each trump, the bid it makes and the trump it names.

The two hooks a stronger bidder replaces are ``choose_bid`` and
``choose_trump``; every level reaches them through ``auction_action``.

A hand's worth is a linear estimate of the points its bidder takes (cards, diez
de últimas, declarations) against two, with the named trump: fitted by least
squares on 3,000 rounds played by the rule-based player (``Policy``), each with
a random bidder and a random trump (issue 33; residual standard deviation about
16 points). The bid is the estimate less ``BID_MARGIN``, raising the high bid by
one step at a time while it stays within that.
"""

from __future__ import annotations

from typing import Final

from ..engine import Action, State
from ..engine.actions import BID_ACTIONS, BID_STEP, PASS_ACTION, TRUMP_ACTIONS
from ..engine.cards import CARD_POINTS, SUIT_MASKS, pair_suits
from ..engine.events import Ask

AS: Final = 9
"""The As's strength in its suit (cards.py ids: suit * 10 + strength)."""

BID_MARGIN: Final = 5.0
"""Points below a hand's estimate that the bots bid up to. Measured (issue 33)
over 400 rounds of three rule-based players bidding alike, without the early
end: the bidder's mean gain a round (its +bid or -bid) was 36.7 points with a
margin of 0, 42.0 with 5, 40.6 with 10, 38.1 with 15 and 32.7 with 20 (made
79%, 86%, 88%, 92%, 94% of the contracts; all passed 4%, 10%, 18%, 28%, 40%
of the rounds)."""

_WEIGHTS: Final = (
    -12.6,  # a constant
    0.89,   # per card point in hand
    5.7,    # per trump held
    3.7,    # per As of another suit
    3.0,    # the As of trumps
    0.82,   # per point of declarations held (the 40, the 20s)
    7.2,    # per void in another suit
)
"""The fitted estimate's weights (module doc), in the order of ``_features``."""


def _features(hand: int, trump: int) -> tuple[int, ...]:
    points = sum(CARD_POINTS[c] for c in range(40) if hand >> c & 1)
    trumps = (hand & SUIT_MASKS[trump]).bit_count()
    aces = sum(1 for s in range(4) if s != trump and hand >> (s * 10 + AS) & 1)
    trump_as = hand >> (trump * 10 + AS) & 1
    declarations = sum(40 if s == trump else 20 for s in pair_suits(hand))
    voids = sum(1 for s in range(4) if s != trump and not hand & SUIT_MASKS[s])
    return 1, points, trumps, aces, trump_as, declarations, voids


def contract_estimate(hand: int, trump: int) -> float:
    """The points a bidder holding ``hand`` may expect to take with ``trump``."""
    return sum(w * f for w, f in zip(_WEIGHTS, _features(hand, trump), strict=True))


def best_trump(hand: int) -> tuple[int, float]:
    """The suit that makes ``hand`` strongest as trump, and its estimate (the
    lowest suit on a tie)."""
    return max(((s, contract_estimate(hand, s)) for s in range(4)), key=lambda sv: sv[1])


def bid_limit(hand: int, margin: float = BID_MARGIN) -> int:
    """The highest bid, a multiple of 5, a bot holding ``hand`` would make."""
    _, estimate = best_trump(hand)
    return int((estimate - margin) // BID_STEP) * BID_STEP


def choose_bid(st: State, seat: int, margin: float = BID_MARGIN) -> Action:
    """``seat``'s answer in the auction: the lowest allowed bid when it is within
    the hand's limit (``bid_limit``), else pass. Raises no bid above what is
    needed: one step over the high bid."""
    auction = st.auction
    assert auction is not None
    allowed = auction.allowed(st.rules)
    if allowed and allowed[0] <= bid_limit(st.hands[seat], margin):
        return BID_ACTIONS[allowed[0]]
    return PASS_ACTION


def choose_trump(st: State, seat: int) -> Action:
    """The suit the auction's winner names: its hand's strongest (``best_trump``)."""
    suit, _ = best_trump(st.hands[seat])
    return TRUMP_ACTIONS[suit]


def auction_action(st: State, margin: float = BID_MARGIN) -> Action | None:
    """The bot's answer when the seat to act is asked to bid or to name trump
    (§12), else None."""
    seat = st.to_act
    if seat is None:
        return None
    if st.ask is Ask.BID:
        return choose_bid(st, seat, margin)
    if st.ask is Ask.TRUMP:
        return choose_trump(st, seat)
    return None


def in_auction(st: State) -> bool:
    """Whether the seat to act is asked to bid or to name trump (§12)."""
    return st.ask is Ask.BID or st.ask is Ask.TRUMP


__all__ = ["BID_MARGIN", "auction_action", "best_trump", "bid_limit",
           "choose_bid", "choose_trump", "contract_estimate", "in_auction"]
