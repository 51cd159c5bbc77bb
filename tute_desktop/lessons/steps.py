"""What a lesson is made of: its deal and its steps."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import find_variant
from ..engine.cards import CARDS, Card
from ..engine.deal import Deal
from ..engine.rules import TrumpFrom

ANY = "*"
"""A step's ``expect`` for free play: any legal action, until the round is over."""
STOCK_OUT = "stock_out"
"""A lesson's setup item: both seats play their first legal card until the stock is gone."""


@dataclass(frozen=True)
class Step:
    """One thing the coach says (the catalog key ``say``), pointing at ``point``
    (cards such as ``"1o"``, or ``"trump"``: the face-up card or the trump's
    mark). With ``expect`` (an action's text, or ``ANY``) the coach waits for the
    person to take it; a legal action that is not the lesson's gets the words
    ``wrong`` (a pass, ``wrong_pass`` where it has its own: nc107 bid 65 for
    the lesson's 60 and read of a pass he had not made). After it, the bots
    take ``replies`` in order."""

    say: str
    point: tuple[str, ...] = ()
    expect: str | None = None
    wrong: str = "lesson.wrong"
    replies: tuple[str, ...] = ()
    wrong_pass: str = ""


@dataclass(frozen=True)
class Lesson:
    """A lesson: its name (``lesson.<name>.title`` in the catalog), the variant,
    the arranged deal (``hands``, ``trump``: empty where the auction names
    trump, subastado; the rest of the cards make the stock in id order),
    actions taken before the coach speaks, and the steps."""

    name: str
    variant: str
    dealer: int
    hands: tuple[str, ...]
    trump: str
    steps: tuple[Step, ...]
    setup: tuple[str, ...] = ()
    stock_top: str = ""
    """Cards drawn first from the stock (winner first), as text."""

    def deal(self) -> Deal:
        rules = find_variant(self.variant)
        hands = tuple(tuple(sorted(Card.parse(c) for c in h.split())) for h in self.hands)
        if rules.trump_from is TrumpFrom.AUCTION:  # no card turned: the auction names it (§12)
            return Deal(self.dealer, hands, None)
        trump = Card.parse(self.trump)
        if not rules.has_stock:  # every card dealt (§8, §9, §13)
            return Deal(self.dealer, hands, trump)
        used = {c for h in hands for c in h} | {trump}
        top = [Card.parse(c) for c in self.stock_top.split()]
        rest = [c for c in CARDS if c not in used and c not in top]
        return Deal(self.dealer, hands, trump, tuple(top + rest))

    @property
    def title_key(self) -> str:
        return f"lesson.{self.name}.title"

    def keys(self) -> list[str]:
        """Every catalog key the lesson may show."""
        out = [self.title_key]
        for s in self.steps:
            out.append(s.say)
            if s.expect is not None:
                out.append(s.wrong)
            if s.wrong_pass:
                out.append(s.wrong_pass)
        return out
