"""Bots for every variant, from ``random`` to ``expert``, that never peek.

    >>> bot = make_bot("expert")
    >>> action = bot.choose(view(state, seat), random.Random(1), Budget(iterations=200))

A bot sees only ``view(state, seat)``; the searching levels deal the unseen cards
themselves with ``resample``. ``protocol_chooser`` answers the TEP ``bot`` command.
"""

from .base import Bot, Budget
from .levels import LEVELS, make_bot
from .protocol import BotRequestError, protocol_chooser

__all__ = ["Budget", "Bot", "LEVELS", "make_bot", "BotRequestError", "protocol_chooser"]
