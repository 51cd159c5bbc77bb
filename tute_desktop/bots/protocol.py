"""The TEP ``bot`` command (PROTOCOL.md): the choice for the seat to act, made
from that seat's view only and not applied."""

from __future__ import annotations

import random
from typing import Any

from ..engine import Action, State, TuteError, view
from .base import Budget
from .levels import LEVELS, make_bot


class BotRequestError(TuteError):
    """A ``bot`` request with a bad level or budget."""


def _number(req: dict[str, Any], key: str) -> float | None:
    value = req.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise BotRequestError(f"'{key}' must be a positive number")
    return value


def protocol_chooser(state: State, req: dict[str, Any]) -> Action:
    """``Session(bot=protocol_chooser)``: answer ``{"cmd": "bot", "level": ...}``."""
    level = req.get("level", "medium")
    if level not in LEVELS:
        raise BotRequestError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    seed = req.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BotRequestError("'seed' must be an integer")
    ms = _number(req, "ms")
    iterations = _number(req, "iterations")
    if ms is not None and iterations is not None:
        raise BotRequestError("give either 'ms' or 'iterations', not both")
    budget = Budget(ms=ms, iterations=int(iterations) if iterations is not None else None)
    seat = state.to_act
    assert seat is not None
    return make_bot(level).choose(view(state, seat), random.Random(seed), budget)
