"""Entry point of the `tute` command: the game window."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    print("Tute: the game window is coming. The rules engine runs as `tute-engine`.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
