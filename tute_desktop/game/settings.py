"""The player's settings, kept between runs in ``settings.json`` (kind "settings").

``load_settings()`` never fails: a missing file gives the defaults, a corrupt one
is moved aside by ``persist.read`` and reported, unknown keys are ignored (a
newer version may add some) and each invalid value falls back on its own -
numbers out of range are clamped, anything else takes the default - and is
reported too, the file as it was kept aside (schema: ``FIELDS``).
"""

from __future__ import annotations

import locale
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import partial
from pathlib import Path
from typing import Any, Final

from ..engine.rules import OPTIONS, VARIANTS
from ..i18n import LANGUAGES, Notice, preferred_language
from ..lessons import LESSON_NAMES
from .match import LEVEL
from .names import clean_name
from .persist import read, user_data_dir, write
from .schema import (
    Bool,
    Check,
    DictOf,
    Format,
    Int,
    Invalid,
    ListOf,
    Maybe,
    Number,
    OneOf,
    Record,
    Report,
    Text,
)

KIND: Final = "settings"
SCHEMA: Final = 1
FILENAME: Final = "settings.json"

VOLUME_RANGE: Final = (0.0, 1.0)
ANIMATION_SPEED_RANGE: Final = (0.25, 4.0)
PLAYER_NAME_MAX: Final = 24

TEXT_SIZES: Final[dict[str, float]] = {"normal": 1.0, "large": 1.25}
"""The table's text sizes a player can choose, as a factor on its fonts."""

TABLE_COLORS: Final[dict[str, tuple[int, int, int]]] = {
    "green": (22, 102, 56),
    "blue": (24, 62, 112),
    "red": (120, 30, 36),
    "wood": (112, 74, 42),
}
"""The felt colours a player can choose for the table, as RGB."""

CARD_BACKS: Final = ("red", "blue")
"""The card backs a player can choose (``assets/cards/back-<name>.svg``)."""
_LOCALE_VARS: Final = ("LC_ALL", "LC_MESSAGES", "LANG")


def system_locales() -> list[dict[str, str | None]]:
    """The system's preferred locales, best first, as SDL reports them
    (``[{"language": "es", "country": "ES"}, ...]``); empty when it cannot tell.

    ``pygame.system`` needs no window, so this works before the display opens.
    """
    try:
        import pygame.system

        found = pygame.system.get_pref_locales()
    except Exception:  # noqa: BLE001 - an old or broken SDL: the environment decides
        return []
    return [{"language": entry["language"], "country": entry["country"]} for entry in found]


def _language_of(tag: str | None) -> str | None:
    """"es" or "en" for a locale name, or None when it says nothing about language."""
    if not tag:
        return None
    name = tag.strip().lower()
    if not name or name in ("c", "posix") or name.startswith(("c.", "posix.")):
        return None
    # "es_ES.UTF-8", "es-419", and Windows' "Spanish_Spain" all mean Spanish.
    return "es" if name.startswith(("es", "spanish")) else "en"


def _environment_language() -> str:
    """The language of LC_ALL, LC_MESSAGES, LANG (as gettext reads them), then
    ``locale.getlocale()``; English when none says."""
    for var in _LOCALE_VARS:
        found = _language_of(os.environ.get(var))
        if found:
            return found
    try:
        code = locale.getlocale()[0]
    except (ValueError, TypeError):  # malformed locale settings
        code = None
    return _language_of(code) or "en"


def detect_language(locales: Sequence[Mapping[str, str | None]] | None = None) -> str:
    """The language to start in, the first time the game runs.

    The system's preferred locales (`locales`, by default ``system_locales()``)
    choose through ``i18n.preferred_language``: the first language the game
    speaks, Catalan, Galician and Basque as Spanish, else English. Only when the
    system reports no locale at all do the environment variables decide.
    """
    if locales is None:
        locales = system_locales()
    if locales:
        return preferred_language(locales)
    return _environment_language()


def _house_rules() -> Record:
    """Each house rule the engine knows (``engine.rules.OPTIONS``, every variant's),
    with the values some variant allows it; New game checks them against the
    variant (``find_variant``). Made from the engine's table, so a new rule set's
    options are known here without a line more."""
    choices: dict[str, list[Any]] = {}
    for options in OPTIONS.values():
        for name, values in options.items():
            known = choices.setdefault(name, [])
            known.extend(v for v in values
                         if not any(v == k and type(v) is type(k) for k in known))
    return Record({name: OneOf(*values) for name, values in choices.items()})


HOUSE_RULES: Final = _house_rules()
"""``last_options``: an option with a value no variant has is dropped (reported),
the others kept; an option no variant has is ignored, like any undeclared field."""

FIELDS: Final[dict[str, Check]] = {
    "language": OneOf(*LANGUAGES),
    "volume": Number(*VOLUME_RANGE, clamp=True),
    "animation_speed": Number(*ANIMATION_SPEED_RANGE, clamp=True),
    "card_back": OneOf(*CARD_BACKS),
    "table_color": OneOf(*TABLE_COLORS),
    "fullscreen": Bool(),
    # Control characters would garble the table's labels.
    "player_name": Text(clean=partial(clean_name, limit=PLAYER_NAME_MAX)),
    # Where the window was when the game closed (window.py); none the first time.
    "window_width": Maybe(Int(1, 16384)),
    "window_height": Maybe(Int(1, 16384)),
    "window_x": Maybe(Int(-65536, 65536)),
    "window_y": Maybe(Int(-65536, 65536)),
    "window_maximized": Bool(),
    "muted": Bool(),  # issue 18: the sound off, the volume kept for when it is back
    "text_size": OneOf(*TEXT_SIZES),  # issue 18: the table's words, normal or large
    "sort_hand": Bool(),  # issue 18: the hand sorted by suit and strength, or as dealt
    # New game remembers the last setup; a bad part falls back to the screen's default.
    "last_variant": OneOf(*VARIANTS),
    "last_levels": ListOf(LEVEL, max_len=4),
    "last_names": ListOf(Text(clean=partial(clean_name, limit=PLAYER_NAME_MAX)), max_len=4),
    "last_options": HOUSE_RULES,
    "variant_options": DictOf(OneOf(*VARIANTS), HOUSE_RULES),
    # issue 19: the lessons done, where the player stopped, and the first launch's offer.
    "lessons_done": ListOf(OneOf(*LESSON_NAMES), max_len=len(LESSON_NAMES)),
    "lesson_at": OneOf("", *LESSON_NAMES),
    "lesson_step": Int(0, 99),
    "lessons_offered": Bool(),
    # the review's numbers (deals, margins): off for a newcomer, on for who asks
    "review_numbers": Bool(),
}
"""What each setting may hold, in the file and in ``Settings`` alike: numbers
out of range are clamped, anything else invalid is refused. A new setting is a
field of ``Settings`` and one line here."""

FILE: Final = Record(FIELDS)
"""The settings file: each field that is missing or bad is left out, so it takes
its default in ``Settings``."""


def _clean(name: str, value: Any) -> Any:
    """The value stored for setting `name`: numbers clamped; ValueError when unusable."""
    check = FIELDS.get(name)
    if check is None:
        raise ValueError(f"there is no setting {name!r}")
    try:
        return check(value, (name,))
    except Invalid as bad:
        raise ValueError(f"{name} cannot be {value!r}: {bad.why}") from None


@dataclass(frozen=True, slots=True)
class Settings:
    """What the player chose in the options screen.

    Construction validates: numbers are clamped to their range, any other invalid
    value raises ValueError.
    """

    language: str = field(default_factory=detect_language)
    """Language of the interface and the rules text: one of ``i18n.LANGUAGES``."""
    volume: float = 0.7
    """Sound volume, 0.0 (silent) to 1.0."""
    animation_speed: float = 1.0
    """Multiplier for animation speed, 0.25 (slow) to 4.0 (fast)."""
    card_back: str = "red"
    """One of ``CARD_BACKS`` (``assets/cards/back-<name>.svg``)."""
    table_color: str = "green"
    """A key of ``TABLE_COLORS``."""
    fullscreen: bool = False
    player_name: str = ""
    """Shown at the human's seat; empty means the UI's default ("Tú" / "You")."""
    window_width: int | None = None
    window_height: int | None = None
    window_x: int | None = None
    window_y: int | None = None
    """The window's size and place when the game last closed (None: not known)."""
    window_maximized: bool = False
    muted: bool = False
    """No sound at all; ``volume`` is kept for when the sound comes back."""
    text_size: str = "normal"
    """A key of ``TEXT_SIZES``: how big the table's words are."""
    sort_hand: bool = True
    """The person's hand sorted by suit and strength (trumps last); off: the cards
    stay in the order they were dealt and drawn."""
    last_variant: str = "habanero"
    """The variant New game last started."""
    last_levels: list[str | None] = field(default_factory=lambda: [None, "medium", "medium",
                                                                   "medium"])
    """Each seat's bot level (None: a person) in the last New game."""
    last_names: list[str] = field(default_factory=list)
    """The names people's seats had in the last New game (empty: the defaults)."""
    last_options: dict[str, Any] = field(default_factory=dict)
    """The house rules of the last New game (``engine.find_variant`` checks them)."""
    variant_options: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Each rule set's house rules as last started with it: New game turns to a
    rule set with its own (nc87 found "trump even if lower" back to No in tres
    after a round of habanero)."""
    lessons_done: list[str] = field(default_factory=list)
    """The lessons finished (names in ``lessons.LESSON_NAMES``)."""
    lesson_at: str = ""
    """The lesson left before its end ("" when none), and its step."""
    lesson_step: int = 0
    lessons_offered: bool = False
    """The first launch's offer to learn was shown (it is asked once)."""
    review_numbers: bool = False
    """The review shows its numbers: the margin of a loss, the deals a reason
    counts, how the expert judged. Off, it says them in words, as the hint does
    (nc90 to nc95 read "Pérdida 20,9 ± 1,2" and "en 441 repartos" as statistics)."""

    def __post_init__(self) -> None:
        for f in fields(self):
            object.__setattr__(self, f.name, _clean(f.name, getattr(self, f.name)))

    def with_(self, **changes: Any) -> Settings:
        """A copy with `changes`, validated like the constructor."""
        unknown = sorted(set(changes) - {f.name for f in fields(self)})
        if unknown:
            raise ValueError(f"there is no setting {', '.join(map(repr, unknown))}")
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Settings from a stored object: unknown keys ignored, bad values defaulted."""
        try:
            return FORMAT.read(data)[0]
        except Invalid:  # not even an object
            return cls()

    @property
    def table_rgb(self) -> tuple[int, int, int]:
        return TABLE_COLORS[self.table_color]

    @property
    def text_scale(self) -> float:
        """The factor on the table's fonts for ``text_size``."""
        return TEXT_SIZES[self.text_size]


def _build(clean: dict[str, Any], report: Report) -> Settings:
    return Settings(**clean)


FORMAT: Final[Format[Settings]] = Format(KIND, SCHEMA, FILE, _build, Settings.to_json)


def settings_path(directory: Path | None = None) -> Path:
    return (directory if directory is not None else user_data_dir()) / FILENAME


def load_settings(directory: Path | None = None) -> tuple[Settings, Notice | None]:
    """The saved settings (or the defaults for what is missing or bad) and a
    message for the player when the file was bad, in whole or in part (it is
    then moved aside, and the settings kept are written back)."""
    found = read(settings_path(directory), FORMAT)
    return (found.value if found.value is not None else Settings()), found.problem


def save_settings(settings: Settings, directory: Path | None = None) -> None:
    """Write the settings atomically; raises OSError when the disk refuses."""
    write(settings_path(directory), FORMAT, settings)
