"""Entry point of the `tute` command: the game window."""

from __future__ import annotations

import os
import sys

# pygame-ce greets on stdout at every import, once more in each of the bots'
# worker processes (a newcomer counted five); the variable is inherited by them.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from .app import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
