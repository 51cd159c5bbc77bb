"""The five variants of RULES.md as frozen parameter sets, found by name.

``find_variant("habanero", {"stock_rules": "strict"})`` returns a ``Rules`` value:
the variant's parameters (RULES §7-§9) with the chosen house-rule options
applied. Options are validated: an unknown name or value raises
``UnknownVariantError`` listing what is allowed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Final

from .errors import UnknownVariantError

# Obligation modes (RULES §3).
FREE: Final = "free"
ARRASTRE: Final = "arrastre"
STRICT: Final = "strict"


class Scoring(StrEnum):
    """How rounds add up to a match (RULES §8-§10)."""

    GAMES_101 = "games101"
    """2 players: games to 101 points, with la vuelta (§10.1)."""
    RUNNING_101 = "running101"
    """boricua: one running total to 101 (§10.3)."""
    LOST_ROUNDS = "lost_rounds"
    """tres: lost rounds (piedras); the fewest wins (§8)."""
    WON_ROUNDS = "won_rounds"
    """parejas: rounds won (§9)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that differs between variants and house rules."""

    name: str
    players: int
    hand_size: int
    deal_all: bool
    """3 and 4 players: every card is dealt, no stock (§8, §9)."""
    stock_rules: str
    """Obligations while the stock lasts (2 players); strict afterwards (§6)."""
    exchange: str
    """"immediate", "deferred" (§7.2), "compulsory" (§8) or "none" (§9)."""
    exchange_two: bool
    """Whether the trump 2 may take a face-up 7, 6, 5 or 4 (§5; not boricua)."""
    tute: str
    """"none", "game" (wins the game, corriente), "two_rounds" or "match" (§8, §9)."""
    capote: bool
    cantes_per_trick: int | str
    """1, or "all" for several declarations in one window (§4)."""
    declare_until: str
    """"stock", "stock_gt_2" (2 players, §4) or "round" (3 and 4 players)."""
    forty_first: bool
    """3 and 4 players: the forty before any twenty (§4)."""
    use_or_lose: bool
    """3 and 4 players: declining at the side's first won trick loses the right (§4)."""
    scoring: Scoring
    target: int
    claim: str
    """"auto" or "manual" 101 claims during la vuelta (§10.1)."""
    undertrump: bool
    """Strict mode: a player who cannot over-trump must still trump (§3)."""
    throw_in: bool
    """3 and 4 players: a hand worth 10 points or less may be thrown in (§11)."""
    dealer_rule: str
    """"per_game" (2 players to 101), "fixed" (boricua), "rotate" (3 and 4)."""
    malas: int = 0
    """boricua: a running total up to this is in the malas, and each point above it
    is a buena (§10.3); 0 where totals are not called so."""

    @property
    def sides(self) -> int:
        return 2 if self.players != 3 else 3

    def malas_buenas(self, total: int) -> tuple[int, int]:
        """A running total in its two forms (§10.3), ``(malas, buenas)``: in boricua
        73 points are 50 malas and 23 buenas. The one place the 50 is counted from."""
        return min(total, self.malas), max(total - self.malas, 0)

    def options(self) -> dict[str, Any]:
        """The house-rule options of this variant with their current values."""
        return {k: getattr(self, k) for k in OPTIONS[self.name]}


_BASE_TWO = dict(
    players=2, deal_all=False, forty_first=False, use_or_lose=False, claim="auto",
    cantes_per_trick=1, declare_until="stock", undertrump=False, throw_in=False,
)
_BASE_MANY = dict(
    deal_all=True, stock_rules=STRICT, exchange_two=True, capote=False, cantes_per_trick=1,
    declare_until="round", forty_first=True, use_or_lose=True, claim="auto",
    undertrump=False, throw_in=False, dealer_rule="rotate",
)

VARIANTS: Final[dict[str, Rules]] = {
    "habanero": Rules(
        name="habanero", hand_size=8, stock_rules=ARRASTRE, exchange="immediate",
        exchange_two=True, tute="none", capote=True, scoring=Scoring.GAMES_101, target=3,
        dealer_rule="per_game", **_BASE_TWO,  # type: ignore[arg-type]
    ),
    "corriente": Rules(
        name="corriente", hand_size=6, stock_rules=FREE, exchange="deferred",
        exchange_two=True, tute="game", capote=False, scoring=Scoring.GAMES_101, target=3,
        dealer_rule="per_game", **_BASE_TWO,  # type: ignore[arg-type]
    ),
    "boricua": Rules(
        name="boricua", hand_size=7, stock_rules=ARRASTRE, exchange="immediate",
        exchange_two=False, tute="none", capote=False, scoring=Scoring.RUNNING_101, target=101,
        dealer_rule="fixed", malas=50, **_BASE_TWO,  # type: ignore[arg-type]
    ),
    "tres": Rules(
        name="tres", players=3, hand_size=13, exchange="compulsory", tute="two_rounds",
        scoring=Scoring.LOST_ROUNDS, target=3, **_BASE_MANY,  # type: ignore[arg-type]
    ),
    "parejas": Rules(
        name="parejas", players=4, hand_size=10, exchange="none", tute="two_rounds",
        scoring=Scoring.WON_ROUNDS, target=3, **_BASE_MANY,  # type: ignore[arg-type]
    ),
}

_CANTES = (1, "all")
OPTIONS: Final[dict[str, dict[str, tuple[Any, ...]]]] = {
    "habanero": {
        "stock_rules": (ARRASTRE, STRICT), "declare_until": ("stock", "stock_gt_2"),
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
    "tres": {
        "target": (3, 5, 8, 10, 12), "tute": ("two_rounds", "match"),
        "use_or_lose": (True, False), "cantes_per_trick": _CANTES,
        "undertrump": (False, True), "throw_in": (False, True),
    },
    "parejas": {
        "target": (3, 4, 6, 8, 10, 12), "tute": ("two_rounds", "match"),
        "use_or_lose": (True, False), "cantes_per_trick": _CANTES,
        "undertrump": (False, True), "throw_in": (False, True),
    },
}


def variant_names() -> list[str]:
    return list(VARIANTS)


def find_variant(name: str, options: dict[str, Any] | None = None) -> Rules:
    """The rules of a variant with house-rule options applied."""
    base = VARIANTS.get(name) if isinstance(name, str) else None
    if base is None:
        raise UnknownVariantError(
            f"unknown variant {name!r}; choose one of: {', '.join(VARIANTS)}"
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
        # bool is an int in Python: compare types too, so True never passes for 1.
        if not any(value == c and type(value) is type(c) for c in choices):
            shown = ", ".join(repr(c) for c in choices)
            raise UnknownVariantError(f"option {key} of {name} must be one of {shown}")
        changes[key] = value
    return replace(base, **changes)
