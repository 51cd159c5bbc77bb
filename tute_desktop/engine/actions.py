"""Actions a seat can take, as values that round-trip through the text of
PROTOCOL "Actions": ``Action.parse("sing 20 c")``, ``str(action) == "sing 20 c"``.

Every possible action exists once, built at import; ``parse`` and the engine
return those shared instances, so comparing and hashing them is cheap.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from .cards import CARDS, SUITS, Card
from .events import Cante


class Kind(StrEnum):
    """The kinds of action (PROTOCOL "Actions")."""

    PLAY = "play"
    SING = "sing"
    SWAP = "swap"
    CAPOTE = "capote"
    CLAIM = "claim"
    PASS = "pass"
    THROW = "throw"
    BID = "bid"
    """A bid in subastado's auction (§12); a pass there is ``PASS``."""
    TRUMP = "trump"
    """The auction's winner names trump (§12)."""


PLAY: Final = Kind.PLAY
SING: Final = Kind.SING
SWAP: Final = Kind.SWAP
CAPOTE: Final = Kind.CAPOTE
CLAIM: Final = Kind.CLAIM
PASS: Final = Kind.PASS
THROW: Final = Kind.THROW
BID: Final = Kind.BID
TRUMP: Final = Kind.TRUMP

MAX_BID: Final = 230
"""The highest bid: 130 of cards and diez de últimas, the forty and three twenties (§12)."""
BID_STEP: Final = 5
"""Bids go by fives (§12)."""
_MAX_BID_DIGITS: Final = 6
"""``bid N`` parses for any N of up to this many digits, so a bid the rules refuse
(not a multiple of 5, above 230) is refused with its rule, not as unreadable."""


@dataclass(frozen=True, slots=True)
class Action:
    """One action. ``card`` for play and swap; ``cante`` (20, 40, tute) and
    ``suit`` (for a 20) or ``rank`` (11 or 12 for a tute) for sing; ``suit`` for
    trump; ``bid`` (points) for bid."""

    kind: Kind
    card: Card | None = None
    cante: Cante | None = None
    suit: int | None = None
    rank: int | None = None
    bid: int | None = None

    @staticmethod
    def parse(text: str) -> Action:
        """Parse the protocol's action text; raises ValueError naming the fault."""
        if not isinstance(text, str):
            raise ValueError(f"an action is a string, got {text!r}")
        words = " ".join(text.split())
        action = _BY_TEXT.get(words)
        if action is None and words.startswith("bid "):
            amount = words[4:]
            # Any bid is an action (its rules are the auction's, §12): only the
            # allowed ones are shared values.
            if amount.isascii() and amount.isdigit() and len(amount) <= _MAX_BID_DIGITS:
                action = Action(BID, bid=int(amount))
        if action is None:
            raise ValueError(
                f"not an action: {text!r} (examples: 'play 1o', 'sing 20 c', 'sing 40',"
                " 'sing tute 12', 'swap 7o', 'capote', 'claim 101', 'pass', 'bid 65',"
                " 'trump e')"
            )
        return action

    def __str__(self) -> str:
        text = _TEXT.get(self)
        return text if text is not None else f"bid {self.bid}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


def _build() -> tuple[dict[Action, str], dict[str, Action]]:
    texts: dict[Action, str] = {}
    for c in CARDS:
        texts[Action(PLAY, card=c)] = f"play {c}"
        texts[Action(SWAP, card=c)] = f"swap {c}"
    for s, letter in enumerate(SUITS):
        texts[Action(SING, cante=Cante.TWENTY, suit=s)] = f"sing 20 {letter}"
    texts[Action(SING, cante=Cante.FORTY)] = "sing 40"
    texts[Action(SING, cante=Cante.TUTE, rank=12)] = "sing tute 12"
    texts[Action(SING, cante=Cante.TUTE, rank=11)] = "sing tute 11"
    texts[Action(CAPOTE)] = "capote"
    texts[Action(CLAIM)] = "claim 101"
    texts[Action(PASS)] = "pass"
    texts[Action(THROW)] = "throw"
    for amount in range(BID_STEP, MAX_BID + 1, BID_STEP):
        texts[Action(BID, bid=amount)] = f"bid {amount}"
    for s, letter in enumerate(SUITS):
        texts[Action(TRUMP, suit=s)] = f"trump {letter}"
    return texts, {t: a for a, t in texts.items()}


_TEXT, _BY_TEXT = _build()

PLAY_ACTIONS: Final = tuple(_BY_TEXT[f"play {c}"] for c in CARDS)
SWAP_ACTIONS: Final = tuple(_BY_TEXT[f"swap {c}"] for c in CARDS)
SING20_ACTIONS: Final = tuple(_BY_TEXT[f"sing 20 {s}"] for s in SUITS)
SING40: Final = _BY_TEXT["sing 40"]
SING_TUTE: Final = {12: _BY_TEXT["sing tute 12"], 11: _BY_TEXT["sing tute 11"]}
CAPOTE_ACTION: Final = _BY_TEXT["capote"]
CLAIM_ACTION: Final = _BY_TEXT["claim 101"]
PASS_ACTION: Final = _BY_TEXT["pass"]
THROW_ACTION: Final = _BY_TEXT["throw"]
BID_ACTIONS: Final = {a.bid: a for a in _TEXT if a.kind is BID}
"""The shared bid actions by points: every multiple of 5 up to 230 (§12)."""
TRUMP_ACTIONS: Final = tuple(_BY_TEXT[f"trump {s}"] for s in SUITS)
"""Naming each suit trump, by suit (§12)."""
