"""What an About screen shows: the version, the licence, the credits, the
third-party notices and where the player's files are. Data only: nothing here
draws, and nothing needs pygame.

The licence texts ship beside the assets: a frozen build carries ``LICENSE`` and
``THIRD_PARTY_NOTICES.txt`` in ``sys._MEIPASS`` (build.spec puts them there; the
notices are made by tools/third_party_notices.py from the files the build
bundles). A source checkout has ``LICENSE`` at its root and no notices file: its
third-party code is whatever the developer's environment installed.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from tute_desktop import __version__
from tute_desktop.game import persist

APP_NAME = "Tute"
# The project's licence, as pyproject.toml declares it (a test keeps the two equal).
LICENCE = "GPL-3.0-or-later"
LICENCE_FILE = "LICENSE"
NOTICES_FILE = "THIRD_PARTY_NOTICES.txt"

# Who made what, by role; the screen puts each role into words in the player's
# language, the names are names in every language.
CREDITS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("game", ("Tute developers",)),  # the rules engine, bots, window and texts
    ("art", ("Tute developers",)),  # card art and icon, drawn by tools/make_cards.py
    ("sound", ("Tute developers",)),  # effects synthesised by tools/make_sounds.py
    ("built_with", ("Python", "pygame-ce", "SDL", "platformdirs")),
    # (assets/fonts/OFL.txt, shipped unchanged beside it: a newcomer looked for it here)
    ("typeface", ("Inter, © 2020 The Inter Project Authors, SIL Open Font License 1.1",)),
)

_INDEX_LINE = re.compile(r"^\s*\d+\. (.+) \(([^()]+)\)$")


def licence_dir() -> Path:
    """Where LICENSE (and, in a frozen build, the notices) are."""
    if getattr(sys, "frozen", False) and hasattr(sys, "_MEIPASS"):
        return Path(sys._MEIPASS)
    return Path(__file__).resolve().parents[2]


def _read(name: str, root: Path | None) -> str | None:
    path = (root or licence_dir()) / name
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


def licence_text(root: Path | None = None) -> str | None:
    """The GNU GPL version 3, as shipped; None if the file is missing."""
    return _read(LICENCE_FILE, root)


def notices_text(root: Path | None = None) -> str | None:
    """The third-party notices of this build; None when running from source."""
    return _read(NOTICES_FILE, root)


def components(notices: str | None) -> list[tuple[str, str]]:
    """(name and version, licence) for each bundled component, from the notices'
    numbered contents (the last entry, the licence texts, is left out)."""
    found: list[tuple[str, str]] = []
    for line in (notices or "").splitlines()[3:]:
        match = _INDEX_LINE.match(line)
        if match:
            found.append((match.group(1), match.group(2)))
        elif found and not line.strip():
            break
    return found


@dataclass(frozen=True)
class About:
    name: str
    version: str
    licence: str
    licence_text: str | None
    notices: str | None
    components: tuple[tuple[str, str], ...]
    credits: tuple[tuple[str, tuple[str, ...]], ...]
    data_dir: Path
    log_dir: Path


def about(root: Path | None = None) -> About:
    """Everything the About screen shows, read once (the notices are ~400 kB)."""
    notices = notices_text(root)
    return About(
        name=APP_NAME,
        version=__version__,
        licence=LICENCE,
        licence_text=licence_text(root),
        notices=notices,
        components=tuple(components(notices)),
        credits=CREDITS,
        data_dir=persist.user_data_dir(),
        log_dir=persist.user_log_dir(),
    )
