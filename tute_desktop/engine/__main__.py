"""``python -m tute_desktop.engine`` / ``tute-engine``: the Tute Engine Protocol
on standard input and output (PROTOCOL.md)."""

from __future__ import annotations

import sys
from typing import Any

from .actions import Action
from .protocol import serve
from .state import State


def _bot(state: State, request: dict[str, Any]) -> Action:
    """The ``bot`` command; the bots are imported on first use only."""
    from ..bots import protocol_chooser

    return protocol_chooser(state, request)


def main() -> int:
    return serve(sys.stdin, sys.stdout, bot=_bot)


if __name__ == "__main__":
    sys.exit(main())
