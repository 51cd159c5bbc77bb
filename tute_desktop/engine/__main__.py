"""``python -m tute_desktop.engine`` / ``tute-engine``: the Tute Engine Protocol
on standard input and output (docs/protocol.md).

A launcher only: the protocol server lives in ``tute_desktop.tep``, above the
bots. This is the one import from the engine upwards, allowed by name in the
layer contracts (pyproject.toml, ``[tool.importlinter]``).
"""

from __future__ import annotations

import sys

from ..tep.server import main

if __name__ == "__main__":
    sys.exit(main())
