"""Shared pytest setup: the whole suite runs headless.

pygame reads these variables when its display and mixer start, so they are set
here, before any test module imports pygame: no window opens and no sound device
is needed, on a developer's desktop as on CI.
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
