"""``python -m tute_desktop.engine`` / ``tute-engine``: the Tute Engine Protocol
on standard input and output (PROTOCOL.md)."""

from __future__ import annotations

import io
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
    # Bytes that are not UTF-8 must become an error line, not a crash: decode
    # leniently (the bad bytes turn into U+FFFD and the line is not JSON).
    stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", line_buffering=True)
    return serve(stdin, stdout, bot=_bot)


if __name__ == "__main__":
    sys.exit(main())
