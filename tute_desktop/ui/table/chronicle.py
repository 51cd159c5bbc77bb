"""Words for what happened at the table: the chronicle, the trick callout and
the banners, each naming who did it.

The engine reports typed events (``engine/events.py``); these functions turn
them into catalog messages (``i18n.Notice``: a key and its fields, said in any
language when drawn, so a language change re-words the whole chronicle):

* ``event_notices(ev, names)``: the chronicle's lines for one event ("Bot 1
  played the 3 of cups", "You took the trick: +21, with the 10 de últimas");
* ``Chronicle``: the last N lines, fed the events as the table shows them;
* ``callout(ev, names)``: the short words over a gathered trick ("Bot 1 takes
  it: +21");
* ``banner(ev, names)``: a banner's words with the actor's name ("Bot 1
  exchanges the 7 of coins for the 3 of coins");
* ``move_words(ev, names)``: the words shown at a seat by its exchange or
  declaration ("Bot 1 declares the 40: +40").

``Names`` says what a seat is called and whether it is the person looking at
the table: that person is spoken to ("You played", "Jugaste"), never conjugated
with a name ("Tú jugó").

A card someone drew face down is never named: the chronicle says nothing of
such draws (the stock count tells), and names only the face-up card, which
everyone saw being taken. Pure: no pygame.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ...engine.cards import Card
from ...engine.events import (
    BidMade,
    Cante,
    CapoteAnnounced,
    Claimed,
    Dealt,
    Declared,
    Drew,
    Event,
    ExchangeCompleted,
    Exchanged,
    ExchangeDeferred,
    GameWon,
    MatchOver,
    Next,
    Passed,
    Played,
    Reason,
    RoundOver,
    ThrownIn,
    TrickWon,
    TrumpNamed,
)
from ...engine.rules import VARIANTS, Rules
from ...i18n import Notice, in_variant


def _never(seat: int) -> bool:
    return False


@dataclass(frozen=True)
class Names:
    """How the table calls its seats: ``name(seat)``; ``is_you(seat)`` is true
    for the person looking at the table (spoken to as "you"); ``rules``: who
    plays for whom (a team is named by both partners, its side map) and which
    question a pass after the deal declines; ``variant``: whose own words a
    declaration takes where its players have them (boricua's «acuso»,
    docs/glossary.md)."""

    name: Callable[[int], str]
    rules: Rules = VARIANTS["habanero"]
    is_you: Callable[[int], bool] = _never
    variant: str = ""

    def words(self, key: str) -> str:
        """`key` in the variant's own words where the catalog has them."""
        return in_variant(self.variant, key) if self.variant else key

    def partner(self, seat: int) -> int:
        """The other seat of ``seat``'s team, or -1 where each plays alone."""
        return self.rules.partners[seat] if self.rules.partners else -1

    def side_seats(self, side: int) -> tuple[int, ...]:
        """The seats of a scoring side: the seat itself, or a team of two."""
        side_map = self.rules.side_map or tuple(range(self.rules.players))
        return tuple(s for s, of in enumerate(side_map) if of == side)


def card_notice(card: int) -> Notice:
    """A card's name with its article, as a message for inside a sentence: "the 3
    of cups", "la Sota de oros" (``i18n.card_label`` without the article)."""
    c = Card(card)
    return Notice("card", rank=Notice(f"rank_the.{c.rank}"), suit=Notice(f"suit.{c.suit}"))


def suit_notice(suit: int) -> Notice:
    return Notice(f"suit.{suit}")


def _who(key: str, names: Names, seat: int, **fields: object) -> Notice:
    """``key`` said of ``seat``: ``<key>_you`` to the person, else ``<key>`` with the name."""
    if names.is_you(seat):
        return Notice(f"{key}_you", **fields)
    return Notice(key, name=names.name(seat), **fields)


def side_notice(names: Names, side: int) -> str | Notice:
    """A side's name: the seat's, or "Ana and Bot 3" for a team (you first)."""
    seats = names.side_seats(side)
    if len(seats) == 1:
        return names.name(seats[0])
    a, b = sorted(seats, key=lambda s: not names.is_you(s))
    return Notice("chron.team", a=names.name(a), b=names.name(b))


def _you_on_side(names: Names, side: int) -> bool:
    return any(names.is_you(s) for s in names.side_seats(side))


def _declared(ev: Declared, names: Names) -> Notice:
    if ev.kind is Cante.TWENTY:
        return _who(names.words("chron.sing_20"), names, ev.seat, suit=suit_notice(ev.suit or 0),
                    points=ev.points)
    if ev.kind is Cante.FORTY:
        return _who(names.words("chron.sing_40"), names, ev.seat, suit=suit_notice(ev.suit or 0),
                    points=ev.points)
    return _who(f"chron.sing_tute.{ev.rank or 12}", names, ev.seat)


def _trick(ev: TrickWon, names: Names) -> Notice:
    points = Notice("chron.points_diez" if ev.diez else "chron.points", points=ev.points)
    partner = names.partner(ev.winner)
    if partner < 0:
        return _who("chron.trick", names, ev.winner, points=points)
    if names.is_you(partner):
        return Notice("chron.trick_your_team", name=names.name(ev.winner), points=points)
    return _who("chron.trick_team", names, ev.winner, partner=names.name(partner),
                points=points)


def _of_side(key: str, names: Names, side: int, **fields: object) -> Notice:
    """``key`` said of a scoring side: ``<key>_you`` to the person playing alone,
    ``<key>_your_team`` to the person's team, else ``<key>`` with the side's name."""
    if _you_on_side(names, side):
        team = len(names.side_seats(side)) > 1
        return Notice(f"{key}_your_team" if team else f"{key}_you", **fields)
    return Notice(key, name=side_notice(names, side), **fields)


CONTRACT_REASONS = frozenset({Reason.MADE, Reason.MADE_EARLY, Reason.FAILED,
                              Reason.FAILED_EARLY})
"""How a round of subastado with a contract ends (§12)."""


def _round_over(ev: RoundOver, names: Names) -> list[Notice]:
    o = ev.outcome
    if o.reason is Reason.ALL_PASSED:  # subastado: nobody bid (§12)
        return [Notice("chron.all_passed")]
    if o.reason in CONTRACT_REASONS:  # subastado: side 0 is the bidder, who is named
        made = o.reason in (Reason.MADE, Reason.MADE_EARLY)
        return [Notice("chron.contract_made" if made else "chron.contract_failed",
                       points=o.sides[0].points)]
    if o.winner is None:
        return [Notice("chron.redeal")]
    out = [_of_side("chron.round", names, o.winner, points=o.sides[o.winner].points)]
    if o.next is Next.VUELTA:
        out.append(Notice("chron.vuelta"))
    return out


def _passed(ev: Passed, names: Names, after: Event | None) -> Notice:
    """A pass says what was declined, from the event the question followed:
    a weak hand kept (where a hand may be thrown in, §11, after the deal), else
    the dealer's exchange (2 players, after the deal), a declaration for the team
    (parejas, after a trick: the partner is asked first, §9)."""
    if isinstance(after, Dealt | Exchanged):
        key = "chron.passed_throw" if names.rules.throw_in else "chron.passed_exchange"
        return _who(key, names, ev.seat)
    if isinstance(after, TrickWon | Declared) and names.rules.partners:
        return _who("chron.passed_sing", names, ev.seat)
    return _who("chron.passed", names, ev.seat)


def event_notices(ev: Event, names: Names, after: Event | None = None) -> list[Notice]:
    """The chronicle's lines for one event (often one, sometimes none: a card
    drawn face down is not named, nor said). ``after``: the last event before it
    that was not a pass, which tells what a pass declined."""
    if isinstance(ev, Played):
        return [_who("chron.played", names, ev.seat, card=card_notice(ev.card))]
    if isinstance(ev, TrickWon):
        return [_trick(ev, names)]
    if isinstance(ev, Drew):
        if not ev.public:
            return []
        return [_who("chron.drew_faceup", names, ev.seat, card=card_notice(ev.card))]
    if isinstance(ev, Declared):
        return [_declared(ev, names)]
    if isinstance(ev, Exchanged):
        return [_who("chron.swap", names, ev.seat, gave=card_notice(ev.gave),
                     took=card_notice(ev.took))]
    if isinstance(ev, ExchangeDeferred):
        return [_who("chron.swap_deferred", names, ev.seat, gave=card_notice(ev.gave))]
    if isinstance(ev, ExchangeCompleted):
        return [_who("chron.swap_done", names, ev.seat, gave=card_notice(ev.gave),
                     took=card_notice(ev.took))]
    if isinstance(ev, Passed):
        return [_passed(ev, names, after)]
    if isinstance(ev, CapoteAnnounced):
        return [_who("chron.capote", names, ev.seat)]
    if isinstance(ev, Claimed):
        key = "chron.claim_true" if ev.valid else "chron.claim_false"
        return [_who(key, names, ev.seat, total=ev.total)]
    if isinstance(ev, ThrownIn):
        return [_who("chron.thrown_in", names, ev.seat)]
    if isinstance(ev, BidMade):  # subastado's auction (§12)
        if ev.bid is None:
            return [_who("chron.bid_pass", names, ev.seat)]
        return [_who("chron.bid", names, ev.seat, bid=ev.bid)]
    if isinstance(ev, TrumpNamed):
        return [_who("chron.trump_named", names, ev.seat, suit=suit_notice(ev.suit))]
    if isinstance(ev, Dealt):
        if ev.trump is None:  # subastado: the auction names trump later (§12); not told yet
            return []
        # (boricua: "la vira", not "pintan", nc85)
        return [_who(names.words("chron.dealt"), names, ev.dealer, round=ev.round,
                     suit=suit_notice(ev.trump.suit), card=card_notice(ev.trump))]
    if isinstance(ev, GameWon):
        return [_of_side("chron.game", names, ev.winner)]
    if isinstance(ev, RoundOver):
        return _round_over(ev, names)
    if isinstance(ev, MatchOver):
        return [_of_side("chron.match", names, ev.winner)]
    return []  # pragma: no cover - every event is listed above


@dataclass
class Chronicle:
    """The last ``size`` lines of the round, newest last. The table feeds it the
    events as it shows them; ``lines(lang)`` says them in a language."""

    names: Names
    size: int = 8
    entries: deque[Notice] = field(init=False)
    after: Event | None = field(init=False, default=None)
    """The last event fed that was not a pass (what a pass declined)."""

    _said: dict[int, tuple[Notice, str]] = field(init=False, default_factory=dict)
    """Each entry's words in ``_said_lang``, by the entry's identity (kept with it)."""
    _said_lang: str = field(init=False, default="")

    def __post_init__(self) -> None:
        self.entries = deque(maxlen=self.size)

    def feed(self, events: Iterable[Event]) -> None:
        for ev in events:
            self.entries.extend(event_notices(ev, self.names, self.after))
            if not isinstance(ev, Passed):
                self.after = ev

    def clear(self) -> None:
        self.entries.clear()
        self.after = None

    def lines(self, lang: str) -> list[str]:
        """The entries in ``lang``; each put into words once (the table asks at
        every step: saying all of them again cost ~0.4 ms a step)."""
        if lang != self._said_lang:
            self._said, self._said_lang = {}, lang
        old, said = self._said, {}
        for n in self.entries:
            kept = old.get(id(n))
            said[id(n)] = kept if kept is not None and kept[0] is n else (n, n.render(lang))
        self._said = said
        shown = list(self.entries)
        if len(shown) == self.size:
            # What is left of a trick whose first plays went off the top goes
            # with them (a strong player read "You took the trick: +0" at the
            # top as cut off: its cards were not there).
            start = next((i for i, n in enumerate(shown[:self.names.rules.players])
                          if n.key.startswith("chron.trick")), -1)
            shown = shown[start + 1:] or shown
        return [said[id(n)][1] for n in shown]


# ---------------------------------------------------------------------------- callout


def callout(ev: TrickWon, names: Names) -> Notice:
    """The words shown over a trick just won: "Bot 1 takes it: +21", "You take
    it: +31, with the 10 de últimas"."""
    points = Notice("chron.points_diez" if ev.diez else "chron.points", points=ev.points)
    return _who("callout", names, ev.winner, points=points)


# ---------------------------------------------------------------------------- banners


def banner(ev: Event, names: Names) -> Notice | None:
    """A banner's words for an event, naming who did it; None for events that
    show no banner (plays, tricks, draws...)."""
    if isinstance(ev, Declared):
        if ev.kind is Cante.TWENTY:
            return _who(names.words("banner_who_20"), names, ev.seat,
                        suit=suit_notice(ev.suit or 0))
        if ev.kind is Cante.FORTY:
            return _who(names.words("banner_who_40"), names, ev.seat)
        return _who("banner_who_tute", names, ev.seat)
    if isinstance(ev, Exchanged):
        return _who("banner_who_swap", names, ev.seat, gave=card_notice(ev.gave),
                    took=card_notice(ev.took))
    if isinstance(ev, ExchangeDeferred):
        return _who("banner_who_swap_deferred", names, ev.seat, gave=card_notice(ev.gave))
    if isinstance(ev, ExchangeCompleted):
        return _who("banner_who_swap_done", names, ev.seat, gave=card_notice(ev.gave),
                    took=card_notice(ev.took))
    if isinstance(ev, CapoteAnnounced):
        return _who("banner_who_capote", names, ev.seat)
    if isinstance(ev, Claimed):
        return _who("banner_who_claim", names, ev.seat)
    if isinstance(ev, ThrownIn):
        return _who("banner_who_throw", names, ev.seat)
    if isinstance(ev, TrumpNamed):  # subastado (§12): the trump of the round, said to all
        return _who("banner_who_trump", names, ev.seat, suit=suit_notice(ev.suit))
    return None


Move = Declared | Exchanged | ExchangeDeferred | ExchangeCompleted
"""A seat's move everyone is shown: a declaration (§4) or an exchange (§5)."""


def move_words(ev: Event, names: Names) -> Notice | None:
    """The words shown by the seat that made an exchange or a declaration, with
    its cards (``Hud.describe_move``): who did it, and what it gave, took or
    scored; None for any other event."""
    if isinstance(ev, Declared):
        if ev.kind is Cante.TWENTY:
            return _who(names.words("move_who_20"), names, ev.seat, suit=suit_notice(ev.suit or 0),
                        points=ev.points)
        if ev.kind is Cante.FORTY:
            return _who(names.words("move_who_40"), names, ev.seat, points=ev.points)
        return _who(f"move_who_tute.{ev.rank or 12}", names, ev.seat)
    if isinstance(ev, Exchanged):
        return _who("move_who_swap", names, ev.seat, gave=card_notice(ev.gave),
                    took=card_notice(ev.took))
    if isinstance(ev, ExchangeCompleted):
        return _who("banner_who_swap_done", names, ev.seat, gave=card_notice(ev.gave),
                    took=card_notice(ev.took))
    if isinstance(ev, ExchangeDeferred):
        return _who("banner_who_swap_deferred", names, ev.seat, gave=card_notice(ev.gave))
    return None


def banner_text(lang: str, ev: Event, names: Names) -> str | None:
    """``banner`` said in ``lang``, or None."""
    said = banner(ev, names)
    return None if said is None else said.render(lang)


def callout_text(lang: str, ev: TrickWon, names: Names) -> str:
    """``callout`` said in ``lang``."""
    return callout(ev, names).render(lang)
