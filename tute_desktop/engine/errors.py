"""Errors the engine raises. Each message is written for a player."""

from __future__ import annotations


class TuteError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalActionError(TuteError):
    """An action the rules do not allow now. ``rule`` names it ("asistir", "§3")."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class InvalidDealError(TuteError):
    """An explicit deal that is not a deal: a card missing or twice, wrong counts."""


class UnknownVariantError(TuteError):
    """A variant or house-rule option that does not exist."""
