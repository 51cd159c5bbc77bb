"""The protocol's readable text for a refused action (PROTOCOL ``error``): the
English words a player would read, from the catalog."""

from __future__ import annotations

from ..engine import IllegalActionError
from ..i18n import refusal as refusal_words


def refusal(e: IllegalActionError) -> str:
    """English words for a refusal, with the section of the rules it applies."""
    return refusal_words("en", e)
