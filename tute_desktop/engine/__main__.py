"""``python -m tute_desktop.engine`` / ``tute-engine``: the Tute Engine Protocol
on standard input and output (PROTOCOL.md)."""

from __future__ import annotations

import sys

from .protocol import serve


def main() -> int:
    return serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
