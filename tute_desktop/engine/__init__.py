"""The Tute rules engine: pure Python, no I/O, seeded randomness (RULES.md).

    >>> rules = find_variant("habanero")
    >>> state = new_game(rules, seed=7)
    >>> action = state.legal_actions()[0]
    >>> events = state.apply(action)

A variant is a frozen ``Rules`` value found by name; a ``State`` is a match being
played; ``view(state, seat)`` is what one seat may know and ``resample`` deals the
unseen cards consistently with it.
"""

from .actions import Action
from .cards import CARDS, Card
from .deal import Deal, Redeal, deal_cards, parse_deal, parse_redeal
from .errors import (
    IllegalActionError,
    InvalidDealError,
    ReplayError,
    TuteError,
    UnknownVariantError,
)
from .obligations import Duty, Obligation
from .replay import Before, replay, replay_all
from .rules import Rules, find_variant, variant_names
from .seeds import SEED_MAX, SeedError, check_seed, is_seed
from .state import MATCH_OVER, PLAYING, ROUND_OVER, State, new_game
from .view import PublicView, View, apply_redeal, public_view, redeal, resample, view

__all__ = [
    "PublicView",
    "public_view",
    "Action", "CARDS", "Card", "Deal", "Redeal", "deal_cards", "parse_deal", "parse_redeal",
    "IllegalActionError",
    "InvalidDealError", "TuteError", "UnknownVariantError", "Rules", "find_variant",
    "variant_names", "MATCH_OVER", "PLAYING", "ROUND_OVER", "State", "new_game", "View",
    "apply_redeal", "redeal", "resample", "view", "SEED_MAX", "SeedError", "check_seed",
    "is_seed", "Duty", "Obligation", "ReplayError", "Before", "replay", "replay_all",
]
