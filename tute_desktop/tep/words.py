"""The protocol's readable text for a refused action (PROTOCOL ``error``)."""

from __future__ import annotations

from ..engine import IllegalActionError


def refusal(e: IllegalActionError) -> str:
    """English words for a refusal, with the section of RULES.md it applies."""
    return str(e)
