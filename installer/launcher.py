"""The frozen app's entry script: the same as ``python -m tute_desktop``.

PyInstaller runs its entry script as a top-level ``__main__``, outside any
package, so ``tute_desktop/__main__.py`` (which imports ``.app`` relatively)
cannot be that script itself; this file calls the same ``main``.
"""

import multiprocessing
import os
import sys

# The bots' worker process (tute_desktop/bots/worker.py) starts this same
# executable: there it must run the worker and nothing else, before the window's
# modules (pygame) are imported.
multiprocessing.freeze_support()

# The frozen app is for players: no pygame banner on a terminal it was started from.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tute_desktop.app import main  # noqa: E402  (after the environment is set)

if __name__ == "__main__":
    sys.exit(main())
