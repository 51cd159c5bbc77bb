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


PLAY: Final = Kind.PLAY
SING: Final = Kind.SING
SWAP: Final = Kind.SWAP
CAPOTE: Final = Kind.CAPOTE
CLAIM: Final = Kind.CLAIM
PASS: Final = Kind.PASS
THROW: Final = Kind.THROW


@dataclass(frozen=True, slots=True)
class Action:
    """One action. ``card`` for play and swap; ``cante`` (20, 40, tute) and
    ``suit`` (for a 20) or ``rank`` (11 or 12 for a tute) for sing."""

    kind: Kind
    card: Card | None = None
    cante: Cante | None = None
    suit: int | None = None
    rank: int | None = None

    @staticmethod
    def parse(text: str) -> Action:
        """Parse the protocol's action text; raises ValueError naming the fault."""
        if not isinstance(text, str):
            raise ValueError(f"an action is a string, got {text!r}")
        action = _BY_TEXT.get(" ".join(text.split()))
        if action is None:
            raise ValueError(
                f"not an action: {text!r} (examples: 'play 1o', 'sing 20 c', 'sing 40',"
                " 'sing tute 12', 'swap 7o', 'capote', 'claim 101', 'pass')"
            )
        return action

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Action.parse({_TEXT[self]!r})"


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
