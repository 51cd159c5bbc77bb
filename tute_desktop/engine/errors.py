"""Errors the engine raises. An illegal action carries a stable code and its
parameters, never words for a player: the window and the protocol take the words
from the catalog in the player's language (PROTOCOL ``rule``)."""

from __future__ import annotations

from typing import Final


class TuteError(ValueError):
    """Base of every error the engine raises on bad input."""


SECTIONS: Final[dict[str, str]] = {
    # Whose turn it is, and when.
    "round_over": "§10",
    "match_over": "§10",
    "next_round_not_yet": "§10",
    "wrong_dealer": "§10",
    "not_now": "§3",
    # Questions outside a lead.
    "exchange_or_pass": "§6",
    "declare_or_pass": "§9",
    "throw_in_or_pass": "§11",
    "nothing_to_pass": "§6",
    # Playing a card (the codes PROTOCOL 1.1 fixes).
    "not_in_hand": "§3",
    "must_follow_trump": "§3",
    "must_follow": "§3",
    "must_beat": "§3",
    "must_trump": "§3",
    "must_overtrump": "§3",
    # Declarations.
    "no_tute": "§7",
    "declare_after_trick": "§4",
    "right_lost": "§4",
    "one_declaration_per_trick": "§4",
    "declarations_over": "§4",
    "tute_needs_four": "§4",
    "already_declared": "§4",
    "forty_not_twenty": "§4",
    "pair_not_in_hand": "§4",
    "forty_first": "§4",
    # The exchange of the 7 (or 2).
    "no_exchange": "§5",
    "no_faceup_card": "§5",
    "exchange_pending": "§7.2",
    "exchange_before_lead": "§6",
    "exchange_not_in_hand": "§5",
    "not_exchange_card": "§5",
    "two_does_not_exchange": "§7.3",
    "seven_takes": "§5",
    "two_takes": "§5",
    # Capote, 101 claims, throwing in.
    "no_capote": "§7",
    "capote_not_now": "§7.1",
    "claim_automatic": "§10.1",
    "claim_not_now": "§10.1",
    "throw_in_not_allowed": "§11",
    "not_your_turn": "§1",
    # subastado's auction and contract (§12).
    "bid_or_pass": "§12",
    "bid_not_multiple_of_5": "§12",
    "bid_below_minimum": "§12",
    "bid_not_higher": "§12",
    "bid_above_maximum": "§12",
    "bid_after_passing": "§12",
    "trump_by_bidder": "§12",
    "name_trump": "§12",
    "trump_named": "§12",
    "no_auction": "§12",
    "auction_over": "§12",
    "only_bidder_declares": "§12",
}
"""Every code an ``IllegalActionError`` may carry, with the section of RULES.md
(docs/rules.md) it applies."""


class IllegalActionError(TuteError):
    """An action the rules do not allow now: ``code`` (one of ``SECTIONS``, stable:
    the protocol's ``rule``), ``params`` (JSON values: suit letters, card notation,
    a variant name...) and ``section`` of RULES.md."""

    def __init__(self, code: str, **params: object) -> None:
        if code not in SECTIONS:
            raise ValueError(f"unknown rule code {code!r}")
        self.code = code
        self.params = params
        self.section = SECTIONS[code]
        details = ", ".join(f"{k}={v}" for k, v in params.items())
        super().__init__(f"{code} ({details}; {self.section})" if details
                         else f"{code} ({self.section})")


class InvalidDealError(TuteError):
    """An explicit deal that is not a deal: a card missing or twice, wrong counts."""


class UnknownVariantError(TuteError):
    """A variant or house-rule option that does not exist."""


class ReplayError(TuteError):
    """A round's log that does not fit the round: an action by a seat that is not
    the one to act (``replay.replay``)."""
