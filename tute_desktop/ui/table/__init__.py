"""The table: a match being played (see ``scene``). Its parts: ``controller``
(the match, its steps, bots, undo, saves; no pygame), ``board`` (where cards
lie, in card units), ``cards`` (sprites and their animations), ``hud`` (panel,
names, buttons, banners), ``privacy`` (who may see which hand), ``describe``
(the table at a moment, as a value), ``picture`` (its painter) and ``still``
(a table at rest described from a view, for the lessons and the review).

The scene and the controller are loaded when first asked for: a lesson or the
review may import ``describe``/``picture``/``still`` without the table's scene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .controller import InlineExecutor, TableController
    from .scene import TableScene

__all__ = ["InlineExecutor", "TableController", "TableScene"]


def __getattr__(name: str) -> Any:
    if name == "TableScene":
        from .scene import TableScene
        return TableScene
    if name in ("InlineExecutor", "TableController"):
        from . import controller
        return getattr(controller, name)
    raise AttributeError(name)
