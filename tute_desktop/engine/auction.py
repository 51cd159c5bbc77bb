"""subastado's auction (RULES §12) as a small immutable record and the rules
that move it on: who speaks next, what may be bid, when it is over, and the
most a bidder may still make (the contract's early end).

``State`` keeps one ``Bidding`` per round of subastado (``State.auction``, None
in the other rule sets) and replaces it with each bid or pass, never changing it
in place, so clones share it.
"""

from __future__ import annotations

from typing import NamedTuple

from .actions import BID_STEP, MAX_BID
from .cards import CARD_POINTS, PAIR_MASKS
from .rules import Auction, CantesPerTrick, Rules


class Bidding(NamedTuple):
    """The auction of one round: every bid and pass in order, the high bid and
    who holds it. Public: every seat sees every bid and pass (§12)."""

    bids: tuple[tuple[int, int | None], ...] = ()
    """Each ``(seat, bid)`` in the order spoken; ``bid`` None is a pass."""
    bidder: int = -1
    """The seat holding the high bid (the bidder once the auction is over), or -1."""
    bid: int = 0
    """The high bid (the contract once the auction is over), or 0."""
    passed: int = 0
    """The seats that have passed, as bits: they take no further part (§12)."""
    trump: int = -1
    """The suit the bidder named, or -1 until then."""

    def has_passed(self, seat: int) -> bool:
        return bool(self.passed >> seat & 1)

    def lowest_bid(self, rules: Rules) -> int:
        """The lowest bid allowed now: the minimum, or 5 above the high bid (§12)."""
        return self.bid + BID_STEP if self.bid else rules.min_bid

    def allowed(self, rules: Rules) -> range:
        """Every bid allowed now, lowest first (empty once 230 is bid)."""
        return range(self.lowest_bid(rules), MAX_BID + 1, BID_STEP)

    def spoken(self, seat: int, bid: int | None) -> Bidding:
        """This auction after ``seat`` bid ``bid`` or passed (None)."""
        bids = (*self.bids, (seat, bid))
        if bid is None:
            return self._replace(bids=bids, passed=self.passed | 1 << seat)
        return self._replace(bids=bids, bidder=seat, bid=bid)

    def next_speaker(self, rules: Rules, seat: int) -> int | None:
        """Who speaks after ``seat`` just did, or None when the auction is over
        (§12): ``open`` goes round, skipping those who passed, until every seat
        but one has passed and that one holds a bid (or all passed);
        ``one_round`` ends when every seat has spoken once."""
        n = rules.players
        if rules.auction is Auction.ONE_ROUND:
            return None if len(self.bids) >= n else (seat + 1) % n
        passes = self.passed.bit_count()
        if passes == n or (passes == n - 1 and self.bidder >= 0):
            return None
        for step in range(1, n + 1):
            other = (seat + step) % n
            if not self.passed >> other & 1:
                return other
        return None  # pragma: no cover - not every seat has passed


def most_declarations(rules: Rules, hand: int, sung: int, trump: int, windows: int) -> int:
    """The most points of declarations a bidder holding ``hand`` may still make
    (§12's early end): the 40 and 20s of pairs it holds whole and has not
    declared (``sung``: bits of declared suits), one per window with
    ``cantes_per_trick`` 1, every one in any window with ``all``; ``windows``:
    how many declaration windows it may still have."""
    if windows <= 0:
        return 0
    values = []
    for s in range(4):
        if not sung >> s & 1 and hand & PAIR_MASKS[s] == PAIR_MASKS[s]:
            values.append(40 if s == trump else 20)
    values.sort(reverse=True)
    if rules.cantes_per_trick is CantesPerTrick.ONE:
        values = values[:windows]
    return sum(values)


def points_in_play(hands: list[int], trick: list[int]) -> int:
    """The card points not yet won: in the hands and on the table."""
    total = 0
    for h in hands:
        while h:
            low = h & -h
            total += CARD_POINTS[low.bit_length() - 1]
            h ^= low
    for c in trick:
        total += CARD_POINTS[c]
    return total
