"""The TEP ``bot`` and ``analyze`` commands (docs/protocol.md): a choice, or every
legal action's value, for the seat to act, made from that seat's view only and
never applied."""

from __future__ import annotations

import math
import random
from typing import Any, Final

from ..bots import LEVELS, Budget, analyze, make_bot
from ..engine import Action, State, TuteError, check_seed, view

MAX_MS: Final = 60_000.0
"""The longest a request may ask a bot to think: a minute."""
MAX_ITERATIONS: Final = 500
"""The most worlds a request may ask for. The slowest search is the expert's with
3 players and five cards a hand, where every world is solved exactly: about 40 ms
a world on the project's machines (20 worlds a position, the worst of 6 matches),
so 500 worlds take about 20 s, well under a minute (docs/protocol.md)."""


class BotRequestError(TuteError):
    """A ``bot`` or ``analyze`` request with a bad level or budget (a bad seed is
    the engine's ``SeedError``)."""


def _number(req: dict[str, Any], key: str, most: float) -> float | None:
    value = req.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BotRequestError(f"'{key}' must be a positive number")
    if isinstance(value, float) and not math.isfinite(value):
        raise BotRequestError(f"'{key}' must be a finite number")
    if not 0 < value <= most:
        raise BotRequestError(f"'{key}' must be a positive number of at most {most:g}")
    return value


def _seed_and_budget(req: dict[str, Any]) -> tuple[int, Budget]:
    seed = check_seed(req.get("seed", 0))
    ms = _number(req, "ms", MAX_MS)
    iterations = _number(req, "iterations", MAX_ITERATIONS)
    if ms is not None and iterations is not None:
        raise BotRequestError("give either 'ms' or 'iterations', not both")
    return seed, Budget(ms=ms, iterations=max(1, int(iterations)) if iterations else None)


def choose_request(state: State, req: dict[str, Any]) -> Action:
    """Answer ``{"cmd": "bot", "level": ...}`` for the seat to act."""
    level = req.get("level", "medium")
    if level not in LEVELS:
        raise BotRequestError(
            f"unknown bot level {str(level)[:40]!r}; levels: {', '.join(LEVELS)}")
    seed, budget = _seed_and_budget(req)
    seat = state.to_act
    assert seat is not None
    return make_bot(level).choose(view(state, seat), random.Random(seed), budget)


def analyze_request(state: State, req: dict[str, Any]) -> list[dict[str, Any]]:
    """Answer ``{"cmd": "analyze"}``: every legal action with its value, best first."""
    seed, budget = _seed_and_budget(req)  # no budget: analysis.DEFAULT_MS
    seat = state.to_act
    assert seat is not None
    values = analyze(view(state, seat), random.Random(seed), budget)
    return [{"action": str(v.action), "value": round(v.value, 3), "exact": v.exact}
            for v in values]
