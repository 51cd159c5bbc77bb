"""What the engine says, as small immutable values.

- ``Phase``, ``Ask``, ``Reason`` and ``Next``: where a match stands, what the seat
  to act is being asked besides playing a card, why a round ended and what follows
  it. They are ``str``/``int`` enums whose values are the protocol's words
  (PROTOCOL "State"), so they serialise as themselves.
- Events (``Played``, ``TrickWon``, ``Drew``...): what one action did, in order, for
  animation and logs. Each has ``to_json()`` giving the TEP event object (PROTOCOL
  "Events"). ``State.apply(record=False)`` builds none of them.
- Records (``PlayRecord``, ``DrawRecord``...): the public record of a round
  (``State.history``), what every seat saw happen; ``view`` replays it to learn what
  the record proves about hidden hands.
- ``Outcome``: who won a round, why, and the points of each side by source; the one
  answer every screen, the statistics, tournaments and the protocol read.

Named tuples, not dataclasses: the searching bots play thousands of moves per
decision, and a record is built for every card played.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Any, NamedTuple

from .cards import SUITS, Card


class Phase(StrEnum):
    """Where the match stands (PROTOCOL ``phase``)."""

    PLAY = "play"
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"
    AUCTION = "auction"
    """On the wire only (PROTOCOL 1.2 ``phase``): subastado's auction and the
    naming of trump. ``State.phase`` stays ``PLAY`` then (the round is on and a
    seat acts), with ``State.ask`` ``BID`` or ``TRUMP``; ``State.protocol_phase``
    gives this value."""


class Ask(IntEnum):
    """What the seat to act is asked besides playing a card (``State.ask``)."""

    NONE = 0
    EXCHANGE = 1
    """2 players, before the first trick: the dealer may exchange (§6)."""
    PARTNER = 2
    """parejas: the trick winner's partner may declare (§9)."""
    THROW = 3
    """Option throw_in: a weak hand may be thrown in (§11)."""
    BID = 4
    """subastado's auction: bid or pass (§12)."""
    TRUMP = 5
    """subastado: the auction's winner names trump (§12)."""

    @property
    def protocol_name(self) -> str:
        """The state's ``asking`` field."""
        return _ASK_NAMES[self]


_ASK_NAMES = {Ask.NONE: "", Ask.EXCHANGE: "exchange", Ask.PARTNER: "declaration",
              Ask.THROW: "throw_in", Ask.BID: "bid", Ask.TRUMP: "trump"}


class Reason(StrEnum):
    """Why a round (or a game to 101) ended (PROTOCOL ``reason``)."""

    POINTS = "points"
    """Every trick played: the most round points win (§8, §9, §10)."""
    REACHED_101 = "101"
    """A side reached 101 (§10.1, §10.3)."""
    CAPOTE = "capote"
    """The announcer won every trick (§7.1)."""
    CAPOTE_FAILED = "capote_failed"
    """The announcer lost a trick (§7.1)."""
    TUTE = "tute"
    """A tute was declared (§4, §7.2, §8, §9)."""
    CLAIM = "claim"
    """A true 101 claim (option claim = manual, §10.1)."""
    FALSE_CLAIM = "false_claim"
    """A false 101 claim loses the game (§10.1)."""
    THROW_IN = "throw_in"
    """A hand was thrown in: dealt again, nobody wins (§11)."""
    ALL_PASSED = "all_passed"
    """subastado: every seat passed; nobody scores, the round counts (§12)."""
    MADE = "made"
    """subastado: every trick played, the bidder reached the bid (§12)."""
    FAILED = "failed"
    """subastado: every trick played, the bidder fell short of the bid (§12)."""
    MADE_EARLY = "made_early"
    """subastado, option stop_when_decided: the bidder reached the bid; the
    remaining cards are not played (§12)."""
    FAILED_EARLY = "failed_early"
    """subastado, option stop_when_decided: the bidder can no longer reach the
    bid; the remaining cards are not played (§12)."""


class Next(StrEnum):
    """What follows a finished round."""

    ROUND = "round"
    """The next round of the match."""
    VUELTA = "vuelta"
    """2 players to 101: nobody reached 101, la vuelta follows with the points
    carried over (§10.1)."""
    NEW_GAME = "new_game"
    """2 players to 101: a game was decided; the next one starts from zero."""
    REDEAL = "redeal"
    """Thrown in: the same dealer deals again (§11)."""
    MATCH_OVER = "match_over"


class Cante(StrEnum):
    """The kinds of declaration (§4)."""

    TWENTY = "20"
    FORTY = "40"
    TUTE = "tute"


# ---------------------------------------------------------------------------- events


class Dealt(NamedTuple):
    """A round was dealt; ``trump`` is the card that marks trumps, None where
    the auction names trump later (subastado, §12)."""

    dealer: int
    trump: Card | None
    round: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "deal", "dealer": self.dealer,
                "trump": str(self.trump) if self.trump is not None else None,
                "round": self.round}


class BidMade(NamedTuple):
    """subastado's auction: ``seat`` bid ``bid`` points, or passed (``bid`` None:
    a pass in the auction is this event and no other; §12, PROTOCOL 1.2)."""

    seat: int
    bid: int | None

    def to_json(self) -> dict[str, Any]:
        return {"type": "bid", "seat": self.seat, "bid": self.bid}


class TrumpNamed(NamedTuple):
    """subastado: the auction's winner named ``suit`` trump (§12)."""

    seat: int
    suit: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "trump", "seat": self.seat, "suit": SUITS[self.suit]}


class Exchanged(NamedTuple):
    """A trump 7 or 2 was given for the face-up card (§5; in ``tres`` compulsory, §8)."""

    seat: int
    gave: Card
    took: Card

    def to_json(self) -> dict[str, Any]:
        return {"type": "swap", "seat": self.seat, "gave": str(self.gave),
                "took": str(self.took)}


class ExchangeDeferred(NamedTuple):
    """corriente: the 7 or 2 waits under the trump card until its giver wins a
    trick (§7.2)."""

    seat: int
    gave: Card

    def to_json(self) -> dict[str, Any]:
        return {"type": "swap", "seat": self.seat, "gave": str(self.gave), "deferred": True}


class ExchangeCompleted(NamedTuple):
    """corriente: the deferred exchange is completed after a won trick (§7.2)."""

    seat: int
    gave: Card
    took: Card

    def to_json(self) -> dict[str, Any]:
        return {"type": "swap_done", "seat": self.seat, "gave": str(self.gave),
                "took": str(self.took)}


class Played(NamedTuple):
    seat: int
    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "seat": self.seat, "card": str(self.card)}


class TrickWon(NamedTuple):
    """A trick was completed: its winner, its points (with the diez de últimas when
    it was the last, §1) and its cards in play order with who played each."""

    winner: int
    points: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    diez: bool
    """This was the round's last trick: ``points`` include the 10 of diez de últimas."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "trick", "winner": self.winner, "points": self.points,
                "cards": [str(c) for c in self.cards]}


class Drew(NamedTuple):
    """A card was drawn from the stock (2 players, §6). ``public``: the face-up
    trump card (or a deferred 7/2 under it), seen by everyone."""

    seat: int
    card: Card
    public: bool

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "draw", "seat": self.seat, "card": str(self.card)}
        if self.public:
            out["public"] = True
        return out


class Declared(NamedTuple):
    """A cante (§4): ``suit`` for a 20 or the 40 (the trump suit), ``rank`` (12 or
    11) for a tute."""

    seat: int
    kind: Cante
    suit: int | None
    rank: int | None
    points: int

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "sing", "seat": self.seat, "kind": str(self.kind)}
        if self.kind is Cante.TUTE:
            out["rank"] = self.rank
        else:
            out["suit"] = SUITS[self.suit or 0]
        out["points"] = self.points
        return out


class Passed(NamedTuple):
    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass", "seat": self.seat}


class CapoteAnnounced(NamedTuple):
    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "capote", "seat": self.seat}


class Claimed(NamedTuple):
    """A 101 claim (option claim = manual, §10.1): ``valid`` when ``total`` reached 101."""

    seat: int
    valid: bool
    total: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "claim", "seat": self.seat, "valid": self.valid, "total": self.total}


class ThrownIn(NamedTuple):
    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "throw_in", "seat": self.seat}


class GameWon(NamedTuple):
    """2 players to 101: a game was decided (§10.1)."""

    winner: int
    reason: Reason

    def to_json(self) -> dict[str, Any]:
        return {"type": "game_over", "winner": self.winner, "reason": str(self.reason)}


class SideResult(NamedTuple):
    """One side's round, by source (RULES §1, §4, §10)."""

    cards: int
    """Card points captured in tricks."""
    diez: int
    """10 when this side won the last trick (diez de últimas), else 0."""
    declarations: int
    """Points of its cantes (20s and the 40)."""
    points: int
    """The round's points: cards + diez + declarations."""
    carried: int
    """Points carried into this round (la vuelta, §10.1; boricua's running total,
    §10.3); 0 where points do not carry over."""
    running: int
    """carried + points where points carry over, else points."""


class Outcome(NamedTuple):
    """How a round ended: the one answer to "who won what"."""

    winner: int | None
    """The side that won the round (the most points, or what ``reason`` says);
    None when the hand was thrown in."""
    reason: Reason
    sides: tuple[SideResult, ...]
    totals: tuple[int, ...]
    """The match score after the round (PROTOCOL ``totals``)."""
    game_winner: int | None
    """The side that won a game with this round: the round's winner, except after
    the first deal of a game to 101 that nobody reached (la vuelta follows) and a
    thrown-in hand."""
    match_winner: int | None
    next: Next

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "reason": str(self.reason),
            "sides": [s._asdict() for s in self.sides],
            "totals": list(self.totals),
            "game_winner": self.game_winner,
            "match_winner": self.match_winner,
            "next": str(self.next),
        }


class RoundOver(NamedTuple):
    outcome: Outcome

    def to_json(self) -> dict[str, Any]:
        o = self.outcome
        return {"type": "round_over", "winner": o.winner, "reason": str(o.reason),
                "points": [s.points for s in o.sides], "outcome": o.to_json()}


class MatchOver(NamedTuple):
    winner: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "match_over", "winner": self.winner}


Event = (Dealt | BidMade | TrumpNamed | Exchanged | ExchangeDeferred | ExchangeCompleted | Played
         | TrickWon | Drew | Declared | Passed | CapoteAnnounced | Claimed | ThrownIn | GameWon
         | RoundOver | MatchOver)
"""Anything ``State.apply`` (or dealing) reports."""


def events_json(events: list[Event]) -> list[dict[str, Any]]:
    """The TEP form of a list of events."""
    return [e.to_json() for e in events]


# ---------------------------------------------------------------------------- the record


class HandRecord(NamedTuple):
    """A hand of ``size`` unknown cards was dealt to ``seat``."""

    seat: int
    size: int


class PlayRecord(NamedTuple):
    """``seat`` played ``card``; ``excluded``: the cards that play proves the seat
    did not hold then (a failure to follow, trump or beat; RULES §3 read backwards)."""

    seat: int
    card: int
    excluded: int


class DrawRecord(NamedTuple):
    """``seat`` drew a card: ``card`` when everyone saw it (the face-up card), else -1."""

    seat: int
    card: int


class ShowRecord(NamedTuple):
    """``seat`` showed the cards of ``mask`` by declaring them (§4)."""

    seat: int
    mask: int


class SwapRecord(NamedTuple):
    """``seat`` gave ``gave`` and took the face-up ``took`` (§5, §8)."""

    seat: int
    gave: int
    took: int


class GaveRecord(NamedTuple):
    """corriente: ``seat`` put ``card`` under the trump card (a deferred exchange, §7.2)."""

    seat: int
    card: int


class KnownRecord(NamedTuple):
    """Everyone knows ``seat`` holds ``card`` (parejas' shown trump, §9; a dealer
    asked about exchanging holds that 7 or 2, §6)."""

    seat: int
    card: int


Record = HandRecord | PlayRecord | DrawRecord | ShowRecord | SwapRecord | GaveRecord | KnownRecord
"""One entry of the public record (``State.history``)."""

