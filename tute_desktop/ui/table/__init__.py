"""The table: a match being played (see ``scene``). Its parts: ``controller``
(the match, its steps, bots, undo, saves; no pygame), ``board`` (where cards
lie, in card units), ``cards`` (sprites, their animations and drawing), ``hud``
(panel, names, buttons, banners) and ``privacy`` (who may see which hand)."""

from .controller import InlineExecutor, TableController
from .scene import TableScene

__all__ = ["InlineExecutor", "TableController", "TableScene"]
