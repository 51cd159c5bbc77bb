"""The variants of RULES.md as frozen parameter sets, found by name.

``find_variant("habanero", {"stock_rules": "strict"})`` returns a ``Rules`` value:
the variant's parameters (RULES §7-§9, §13) with the chosen house-rule options
applied. Options are validated: an unknown name or value raises
``UnknownVariantError`` listing what is allowed.

A ``Rules`` value states the structure of its game as data, so the engine reads
these fields and never the number of players: which side each seat plays for
(``side_map``), where trump comes from (``trump_from``), whether there is a stock
(``has_stock``), which cards are in play (``deck``), how a round is won
(``round_scoring``) and a match (``scoring``), who deals next (``dealer_rule``).
Options that take one of a few values are enums; their values are the option's
words on the wire (PROTOCOL ``options``), which ``Rules.options()`` gives back
and ``find_variant`` takes.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum, StrEnum
from typing import Any, Final

from .cards import ALL_CARDS_MASK, DOS
from .errors import UnknownVariantError


class Mode(StrEnum):
    """What a player must play (RULES §3), by phase: the modes."""

    FREE = "free"
    ARRASTRE = "arrastre"
    STRICT = "strict"


# The modes as module constants, as they were before the enum (callers import them).
FREE: Final = Mode.FREE
ARRASTRE: Final = Mode.ARRASTRE
STRICT: Final = Mode.STRICT


class Exchange(StrEnum):
    """How the trump 7 (or 2) takes the face-up card (RULES §5)."""

    IMMEDIATE = "immediate"
    """At once, when the seat may (§5, §7.1, §7.3)."""
    DEFERRED = "deferred"
    """Announced, completed after the exchanger's next trick win (§7.2)."""
    COMPULSORY = "compulsory"
    """Done by the engine before the first trick (tres, §8)."""
    NONE = "none"
    """No exchange (§9, §13)."""


class Tute(StrEnum):
    """What four Reyes or Caballos declared do (RULES §4, §7, §8)."""

    NONE = "none"
    """Nothing: not declarable (habanero, boricua)."""
    GAME = "game"
    """Wins the game to 101 at once (corriente)."""
    TWO_ROUNDS = "two_rounds"
    """Ends the round, counted as two won rounds (§8, §9, §13)."""
    MATCH = "match"
    """Ends the round and wins the match (option)."""


class DeclareUntil(StrEnum):
    """Until when declarations are allowed (RULES §4)."""

    STOCK = "stock"
    """While the stock holds a card after the trick's draws (2 players)."""
    STOCK_GT_2 = "stock_gt_2"
    """While the stock holds more than two cards (000's reading)."""
    ROUND = "round"
    """Until the end of the round (3 and 4 players)."""


_BY_ROUND: Final = DeclareUntil.ROUND
_STOCK_GT_2: Final = DeclareUntil.STOCK_GT_2
"""(Module constants: an enum member looked up on its class is slow on Python
3.11, and ``Rules.declaring_with`` is read at every trick's window.)"""


class Claim(StrEnum):
    """How 101 is claimed in la vuelta (RULES §10.1)."""

    AUTO = "auto"
    MANUAL = "manual"


class CantesPerTrick(Enum):
    """How many declarations one won trick allows (RULES §4). Not a ``StrEnum``:
    the option's values on the wire are the number 1 and the word "all"."""

    ONE = 1
    ALL = "all"


SIDES_EACH_ROUND: Final = None
"""``Rules.side_map`` where the sides are decided each round (§12)."""


class TrumpFrom(StrEnum):
    """Where the trump suit comes from at the deal."""

    TURNED_CARD = "turned_card"
    """The card after the hands, turned face up: the stock's last card (2 players,
    §6), or with no stock out of play (tres, §8)."""
    DEALERS_LAST = "dealers_last"
    """The dealer's last card, shown to all, kept in the dealer's hand (§9, §13)."""
    AUCTION = "auction"
    """Named by the auction's winner after the deal (subastado, §12): no card
    is turned and there is no trump until then."""


class Auction(StrEnum):
    """How subastado's auction goes round (RULES §12, option ``auction``)."""

    OPEN = "open"
    """Round and round until every seat but one has passed and that one has bid."""
    ONE_ROUND = "one_round"
    """Each seat speaks once, in order; the highest bid stands."""


class RoundScoring(StrEnum):
    """How a round is won (RULES §8, §9, §10, §13)."""

    MOST_POINTS = "most_points"
    """The side with most points (cards, diez de últimas, declarations); a tie goes
    to the side that won the later trick. In a game to 101, reaching 101 decides."""
    CONTRACT = "contract"
    """subastado: the bidder's side wins when its points reach the bid (§12)."""


class Scoring(StrEnum):
    """How rounds add up to a match (RULES §8-§10, §13)."""

    GAMES_101 = "games101"
    """2 players: games to 101 points, with la vuelta (§10.1)."""
    RUNNING_101 = "running101"
    """boricua: one running total to 101 (§10.3)."""
    LOST_ROUNDS = "lost_rounds"
    """tres, cuatro: lost rounds (piedras); the fewest wins (§8, §13)."""
    WON_ROUNDS = "won_rounds"
    """parejas: rounds won (§9)."""
    CONTRACT = "contract"
    """subastado: per seat, the bids made minus the bids failed; the single
    highest total once one reaches the target wins (§12)."""


class DealerRule(StrEnum):
    """Who deals the next round (RULES §7.3, §8, §9, §10.1)."""

    PER_GAME = "per_game"
    """2 players to 101: the dealer changes with each game; la vuelta is dealt by
    the winner of the diez de últimas, and does not change the next game's dealer."""
    FIXED = "fixed"
    """boricua: the first round's dealer deals every round."""
    ROTATE = "rotate"
    """The seat after the last dealer (3 and 4 players)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that differs between variants and house rules: the game's
    structure (who plays for whom, where trump comes from, the stock, scoring)
    and its parameters. The engine reads these, never the number of players."""

    name: str
    players: int
    hand_size: int
    side_map: tuple[int, ...] | None
    """The scoring side of each seat: the seat itself, or its team (parejas:
    seats 0 and 2 against 1 and 3, §9); ``SIDES_EACH_ROUND`` (None) where the sides
    are decided each round (subastado's auction, §12: not played yet)."""
    trump_from: TrumpFrom
    has_stock: bool
    """2 players: the cards not dealt are a stock, drawn after each trick (§6);
    3 and 4 players deal every card (§8, §9, §13)."""
    stock_rules: Mode
    """Obligations while the stock lasts; strict afterwards (§6), and throughout
    where there is no stock."""
    exchange: Exchange
    exchange_two: bool
    """Whether the trump 2 may take a face-up 7, 6, 5 or 4 (§5; not boricua)."""
    tute: Tute
    capote: bool
    cantes_per_trick: CantesPerTrick
    declare_until: DeclareUntil
    forty_first: bool
    """3 and 4 players: the forty before any twenty (§4)."""
    use_or_lose: bool
    """3 and 4 players: declining at the side's first won trick loses the right (§4)."""
    round_scoring: RoundScoring
    scoring: Scoring
    target: int
    claim: Claim
    undertrump: bool
    """Strict mode: a player who cannot over-trump must still trump (§3)."""
    throw_in: bool
    """3 and 4 players: a hand worth 10 points or less may be thrown in (§11)."""
    dealer_rule: DealerRule
    malas: int = 0
    """boricua: a running total up to this is in the malas, and each point above it
    is a buena (§10.3); 0 where totals are not called so."""
    deck: int = ALL_CARDS_MASK
    """The cards in play, as a mask: the 40, or 36 without the 2s (§12)."""
    min_bid: int = 0
    """The lowest bid of the auction (§12, option ``min_bid``); 0 where there is
    no auction."""
    auction: Auction = Auction.OPEN
    """How the auction goes round (§12); read only where ``trump_from`` is
    ``AUCTION``."""
    stop_when_decided: bool = False
    """subastado: the round ends once the contract is made or can no longer be (§12)."""
    only_bidder_declares: bool = False
    """subastado: la contra never declares (§12)."""
    sides: int = field(init=False, repr=False, compare=False)
    """The number of scoring sides (PROTOCOL ``sides``), from ``side_map``; 2
    where they are decided each round (the bidder and la contra, §12)."""
    totals_by_seat: bool = field(init=False, repr=False, compare=False)
    """The match score is kept per seat, not per side: the sides change every
    round (subastado, §12; PROTOCOL ``totals``)."""
    partners: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Per seat, the other seat of its side (parejas: asked first to declare for
    the team, §9), or -1 where each seat plays for itself; () if no seat has one."""

    def __post_init__(self) -> None:
        sm = self.side_map
        object.__setattr__(self, "totals_by_seat", sm is None)
        if sm is None:
            object.__setattr__(self, "sides", 2)
            object.__setattr__(self, "partners", ())
            return
        object.__setattr__(self, "sides", max(sm) + 1)
        partners = tuple(next((o for o in range(len(sm)) if o != s and sm[o] == sm[s]), -1)
                         for s in range(len(sm)))
        object.__setattr__(self, "partners", partners if max(partners) >= 0 else ())

    def malas_buenas(self, total: int) -> tuple[int, int]:
        """A running total in its two forms (§10.3), ``(malas, buenas)``: in boricua
        73 points are 50 malas and 23 buenas. The one place the 50 is counted from."""
        return min(total, self.malas), max(total - self.malas, 0)

    def declaring_with(self, stock: int) -> bool:
        """Whether a declaration may be made with ``stock`` cards left in the
        stock (the face-up card counted; RULES §4 ``declare_until``): while
        the stock lasts, or holds more than two cards, or all the round (3
        and 4 players). The one place the rule is read: the engine's windows,
        and the reasons and warnings that look a trick ahead (``stock`` less
        that trick's draws)."""
        until = self.declare_until
        if until is _BY_ROUND:
            return True
        return stock > (2 if until is _STOCK_GT_2 else 0)

    def options(self) -> dict[str, Any]:
        """The house-rule options of this variant with their current values, as
        the protocol and the settings write them (an enum as its value)."""
        return {k: _wire(getattr(self, k)) for k in OPTIONS[self.name]}


def _wire(value: Any) -> Any:
    """An option's value as written outside the engine: an enum's value."""
    return value.value if isinstance(value, Enum) else value


_ENUMS: Final[dict[str, type[Enum]]] = {
    "stock_rules": Mode, "exchange": Exchange, "tute": Tute,
    "declare_until": DeclareUntil, "claim": Claim, "cantes_per_trick": CantesPerTrick,
    "auction": Auction,
}
"""The options whose values are enums: their wire values are converted on the way in."""

_BASE_TWO = dict(
    players=2, side_map=(0, 1), trump_from=TrumpFrom.TURNED_CARD, has_stock=True,
    forty_first=False, use_or_lose=False, claim=Claim.AUTO,
    cantes_per_trick=CantesPerTrick.ONE, declare_until=DeclareUntil.STOCK, undertrump=False,
    throw_in=False, round_scoring=RoundScoring.MOST_POINTS,
)
_BASE_MANY = dict(
    has_stock=False, stock_rules=STRICT, exchange_two=True, capote=False,
    cantes_per_trick=CantesPerTrick.ONE, declare_until=DeclareUntil.ROUND, forty_first=True,
    use_or_lose=True, claim=Claim.AUTO, undertrump=False, throw_in=False,
    dealer_rule=DealerRule.ROTATE, round_scoring=RoundScoring.MOST_POINTS,
)

VARIANTS: Final[dict[str, Rules]] = {
    "habanero": Rules(
        name="habanero", hand_size=8, stock_rules=ARRASTRE, exchange=Exchange.IMMEDIATE,
        exchange_two=True, tute=Tute.NONE, capote=True, scoring=Scoring.GAMES_101, target=3,
        dealer_rule=DealerRule.PER_GAME, **_BASE_TWO,  # type: ignore[arg-type]
    ),
    "corriente": Rules(
        name="corriente", hand_size=6, stock_rules=FREE, exchange=Exchange.DEFERRED,
        exchange_two=True, tute=Tute.GAME, capote=False, scoring=Scoring.GAMES_101, target=3,
        dealer_rule=DealerRule.PER_GAME, **_BASE_TWO,  # type: ignore[arg-type]
    ),
    "boricua": Rules(
        name="boricua", hand_size=7, stock_rules=ARRASTRE, exchange=Exchange.IMMEDIATE,
        exchange_two=False, tute=Tute.NONE, capote=False, scoring=Scoring.RUNNING_101,
        target=101, dealer_rule=DealerRule.FIXED, malas=50, **_BASE_TWO,  # type: ignore[arg-type]
    ),
    "tres": Rules(
        name="tres", players=3, hand_size=13, side_map=(0, 1, 2),
        trump_from=TrumpFrom.TURNED_CARD, exchange=Exchange.COMPULSORY, tute=Tute.TWO_ROUNDS,
        scoring=Scoring.LOST_ROUNDS, target=3, **_BASE_MANY,  # type: ignore[arg-type]
    ),
    "parejas": Rules(
        name="parejas", players=4, hand_size=10, side_map=(0, 1, 0, 1),
        trump_from=TrumpFrom.DEALERS_LAST, exchange=Exchange.NONE, tute=Tute.TWO_ROUNDS,
        scoring=Scoring.WON_ROUNDS, target=3, **_BASE_MANY,  # type: ignore[arg-type]
    ),
    "cuatro": Rules(
        name="cuatro", players=4, hand_size=10, side_map=(0, 1, 2, 3),
        trump_from=TrumpFrom.DEALERS_LAST, exchange=Exchange.NONE, tute=Tute.TWO_ROUNDS,
        scoring=Scoring.LOST_ROUNDS, target=3, **_BASE_MANY,  # type: ignore[arg-type]
    ),
}
"""The rule sets the game offers: New game, statistics, saved matches."""

_NO_TWOS: Final = ALL_CARDS_MASK & ~sum(1 << (s * 10 + DOS) for s in range(4))
"""The 36 cards of subastado's deck: the four 2s taken out (§12)."""

SUBASTADO: Final = Rules(
    name="subastado", players=3, hand_size=12, side_map=SIDES_EACH_ROUND,
    trump_from=TrumpFrom.AUCTION, exchange=Exchange.NONE, tute=Tute.NONE,
    scoring=Scoring.CONTRACT, target=500, deck=_NO_TWOS, min_bid=60,
    stop_when_decided=True, only_bidder_declares=True,
    **{**_BASE_MANY, "round_scoring": RoundScoring.CONTRACT},  # type: ignore[arg-type]
)
"""RULES §12: three players, an auction, the bidder alone against la contra."""

VARIANTS["subastado"] = SUBASTADO  # offered in the window too (issue 33)

ENGINE_VARIANTS: Final[dict[str, Rules]] = {
    **VARIANTS,
}
"""Every rule set the engine plays (``find_variant``, the protocol): the offered
ones, and any the window does not offer yet (none now: subastado, §12, is offered)."""

_CANTES = (1, "all")
_MANY_OPTIONS: Final[dict[str, tuple[Any, ...]]] = {
    "target": (3, 5, 8, 10, 12), "tute": ("two_rounds", "match"),
    "use_or_lose": (True, False), "cantes_per_trick": _CANTES,
    "undertrump": (False, True), "throw_in": (False, True),
}
OPTIONS: Final[dict[str, dict[str, tuple[Any, ...]]]] = {
    "habanero": {
        "stock_rules": ("arrastre", "strict"), "declare_until": ("stock", "stock_gt_2"),
        "cantes_per_trick": _CANTES, "claim": ("auto", "manual"),
        "target": (1, 2, 3, 5, 8), "undertrump": (False, True),
    },
    "corriente": {
        "exchange": ("deferred", "immediate"), "declare_until": ("stock", "stock_gt_2"),
        "cantes_per_trick": _CANTES, "claim": ("auto", "manual"),
        "target": (1, 2, 3, 5, 8), "undertrump": (False, True),
    },
    "boricua": {
        "declare_until": ("stock", "stock_gt_2"), "cantes_per_trick": _CANTES,
        "undertrump": (False, True),
    },
    "tres": dict(_MANY_OPTIONS),
    "parejas": {**_MANY_OPTIONS, "target": (3, 4, 6, 8, 10, 12)},
    "cuatro": dict(_MANY_OPTIONS),
    "subastado": {
        "min_bid": (60, 70), "auction": ("open", "one_round"),
        "stop_when_decided": (True, False), "target": (500, 300, 1000),
        "use_or_lose": (True, False), "cantes_per_trick": _CANTES,
        "undertrump": (False, True),
    },
}
"""Each variant's options and their allowed values, as written on the wire (the
default first)."""


def variant_names(*, engine: bool = False) -> list[str]:
    """The offered variants' names; with ``engine``, every one the engine plays."""
    return list(ENGINE_VARIANTS if engine else VARIANTS)


def find_variant(name: str, options: dict[str, Any] | None = None) -> Rules:
    """The rules of a variant with house-rule options applied. An option's value
    is its wire value (``"strict"``, ``1``, ``"all"``) or the enum member."""
    base = ENGINE_VARIANTS.get(name) if isinstance(name, str) else None
    if base is None:
        raise UnknownVariantError(
            f"unknown variant {name!r}; choose one of: {', '.join(ENGINE_VARIANTS)}"
        )
    if not options:
        return base
    if not isinstance(options, dict):
        raise UnknownVariantError(f"options must be an object, got {options!r}")
    allowed = OPTIONS[name]
    changes: dict[str, Any] = {}
    for key, value in options.items():
        if key not in allowed:
            raise UnknownVariantError(
                f"{name} has no option {key!r}; its options are: {', '.join(allowed) or 'none'}"
            )
        choices = allowed[key]
        value = _wire(value)
        # bool is an int in Python: compare types too, so True never passes for 1.
        if not any(value == c and type(value) is type(c) for c in choices):
            shown = ", ".join(repr(c) for c in choices)
            raise UnknownVariantError(f"option {key} of {name} must be one of {shown}")
        kind = _ENUMS.get(key)
        changes[key] = kind(value) if kind is not None else value
    return replace(base, **changes)
