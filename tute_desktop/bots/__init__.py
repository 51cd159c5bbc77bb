"""Bots for every variant, from ``random`` to ``expert``, that never peek.

    >>> bot = make_bot("expert")
    >>> action = bot.choose(view(state, seat), random.Random(1), Budget(iterations=200))

A bot sees only ``view(state, seat)``; the searching levels deal the unseen cards
themselves with ``resample``. ``analyze`` values every legal action in round
points (the TEP ``analyze`` command and the round review).
"""

from .analysis import ActionValue, analyze
from .base import Bot, Budget
from .levels import LEVELS, make_bot

__all__ = ["ActionValue", "Budget", "Bot", "LEVELS", "analyze", "make_bot"]
