"""Card art, sound effects and the typeface for the game window: where they live and
how to load them.

The assets directory is found both in a source checkout (``<repo>/assets``) and in a
frozen PyInstaller build (``sys._MEIPASS/assets``).  Cards are SVG, rendered by
``pygame.image.load_sized_svg`` at exactly the pixel size asked for (so they stay
crisp at any window size) and cached per size.  Sounds degrade to a silent stand-in
when there is no audio device or a file is missing: a game without sound is
better than a game that does not start.

pygame is imported lazily, so importing this module costs nothing for headless
tools such as the rules engine or the bots.
"""

from __future__ import annotations

import ctypes
import functools
import re
import sys
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    import pygame

# Cards are drawn on a 200 x 300 viewBox (tools/make_cards.py): height = 1.5 * width.
CARD_RATIO = 1.5
SOUND_NAMES = (
    "play", "deal", "shuffle", "draw", "trick", "sing20", "sing40",
    "exchange", "round_won", "round_lost", "click",
)
_CARD_RE = re.compile(r"^(?:[1-7]|1[0-2])[oceb]$")


def assets_dir() -> Path:
    """The directory holding cards/, sounds/ and fonts/, in a checkout or a frozen build."""
    # The only place that knows about PyInstaller: it unpacks data files under
    # sys._MEIPASS and sets sys.frozen.
    if getattr(sys, "frozen", False) and hasattr(sys, "_MEIPASS"):
        return Path(sys._MEIPASS) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"


def card_path(card: str, root: Path | None = None) -> Path:
    """The SVG of a face in RULES.md notation, e.g. ``card_path("12e")``."""
    if not _CARD_RE.match(card):
        raise ValueError(f"not a Spanish-deck card: {card!r}")
    return (root or assets_dir()) / "cards" / f"{card}.svg"


def back_path(name: str, root: Path | None = None) -> Path:
    """The SVG of a card back, e.g. ``back_path("red")``."""
    if not re.fullmatch(r"[a-z0-9_]+", name):
        raise ValueError(f"not a card back name: {name!r}")
    return (root or assets_dir()) / "cards" / f"back-{name}.svg"


def sound_path(name: str, root: Path | None = None) -> Path:
    return (root or assets_dir()) / "sounds" / f"{name}.wav"


FONT_FILES = {False: "Inter-Regular.otf", True: "Inter-Bold.otf"}
"""The game's typeface, Inter (SIL Open Font License 1.1: assets/fonts/OFL.txt),
regular and its own bold, shipped unchanged from Debian's fonts-inter. It is drawn
for screens: at the game's small sizes its letters stay evenly spaced, where
pygame's default face (freesansbold) broke words apart ("Corrie nte")."""


class MissingFont(FileNotFoundError):
    """A typeface file the game ships is not there: the installation is broken."""


def font_path(bold: bool = False, root: Path | None = None) -> Path:
    """The typeface's file, regular or bold. A missing file is an error, not a
    fallback: the fonts ship inside the game like its code, every layout is measured
    with them, and another face would only hide a broken installation (a system
    font may lack the Spanish letters; pygame's default face is what Inter replaced)."""
    path = (root or assets_dir()) / "fonts" / FONT_FILES[bold]
    if not path.is_file():
        raise MissingFont(f"the game's typeface is missing: {path} "
                          "(the installation is incomplete: reinstall Tute)")
    return path


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


MB = 1 << 20
LEAST_BYTES = 8 * MB
"""The least budget of a picture cache, however small the window."""
IMAGES_SCREENS = 1.0
"""Rendered cards kept (``Resources``): as many bytes as the window's pixels
hold (``fit``), ``LEAST_BYTES`` at least; a table at 4K needs 0.6 of that."""
IMAGES_MOST = 400


MOST_PIXELS = 3840 * 2160
"""Budgets grow with the window up to a 4K screen's pixels, no further (a window
of 960x20000 pixels, which the monkey's resizes make, would else keep 77 MB of
each kind of picture)."""


def screen_bytes(size: tuple[int, int], screens: float) -> int:
    """A picture cache's budget for a window of ``size``: ``screens`` times its
    pixels' bytes (up to ``MOST_PIXELS``), ``LEAST_BYTES`` at least. A window
    four times bigger makes every picture four times bigger: a fixed budget big
    enough at 4K holds far too much at 1280x720."""
    return max(LEAST_BYTES, int(min(size[0] * size[1], MOST_PIXELS) * 4 * screens))

K = TypeVar("K", bound=Hashable)


def picture_bytes(surface: pygame.Surface) -> int:
    """The pixels' bytes of ``surface`` (what keeping it costs)."""
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


class Pictures(Generic[K]):
    """Pictures kept for reuse, within ``most_bytes`` of pixels and ``most``
    pictures: past either, the least recently used go first. Each window size
    makes pictures of its own (cards, words, boxes at its scale); a long session
    tries many sizes, and the pictures of old sizes must not pile up. A picture
    bigger than the whole budget is handed back but not kept."""

    def __init__(self, most_bytes: int, most: int) -> None:
        self.most_bytes = most_bytes
        self.most = most
        self._kept: dict[K, pygame.Surface] = {}
        self.bytes = 0
        """What the kept pictures hold now."""
        self.made = 0
        self.made_bytes = 0
        """Pictures put here since it was made, and their bytes (``--frame-log``
        counts a frame's first-time work by them, tests bound it)."""

    def __len__(self) -> int:
        return len(self._kept)

    def __contains__(self, key: object) -> bool:
        return key in self._kept

    def values(self) -> list[pygame.Surface]:
        """The pictures kept, the least recently used first."""
        return list(self._kept.values())

    def get(self, key: K) -> pygame.Surface | None:
        """The picture kept for ``key`` (now the most recently used), or None."""
        surface = self._kept.pop(key, None)
        if surface is not None:
            self._kept[key] = surface
        return surface

    def put(self, key: K, surface: pygame.Surface) -> pygame.Surface:
        """Keep ``surface`` for ``key``, the oldest going to make room; returns it."""
        old = self._kept.pop(key, None)
        if old is not None:
            self.bytes -= picture_bytes(old)
        size = picture_bytes(surface)
        self.made += 1
        self.made_bytes += size
        if size > self.most_bytes:
            return surface
        while self._kept and (self.bytes + size > self.most_bytes
                              or len(self._kept) >= self.most):
            self.bytes -= picture_bytes(self._kept.pop(next(iter(self._kept))))
        self._kept[key] = surface
        self.bytes += size
        return surface

    def clear(self) -> None:
        self._kept.clear()
        self.bytes = 0

    def limit(self, most_bytes: int) -> None:
        """A new budget (the window's size changed): the oldest go until it holds."""
        self.most_bytes = most_bytes
        while self._kept and self.bytes > most_bytes:
            self.bytes -= picture_bytes(self._kept.pop(next(iter(self._kept))))


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, looked up once; None where there is none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim: Callable[[int], int] = ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None
    return trim


def give_back_memory() -> None:
    """Hand the memory of dropped pictures back to the system. glibc keeps what
    is freed inside its heap for later use, so after a window of a big size (its
    big pictures freed) the process stayed as big as it had been; ``malloc_trim``
    returns the free pages. Nothing elsewhere (no glibc: macOS, Windows, musl)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


class Sound(Protocol):
    """What the game needs from a sound: pygame.mixer.Sound and SilentSound both fit."""

    def play(self) -> object: ...

    def stop(self) -> None: ...

    def set_volume(self, value: float) -> None: ...


class SilentSound:
    """Stands in for a sound when there is no audio device or no file: does nothing."""

    def __init__(self, name: str = "") -> None:
        self.name = name

    def play(self) -> None:
        return None

    def stop(self) -> None:
        return None

    def set_volume(self, value: float) -> None:
        return None

    def get_length(self) -> float:
        return 0.0


AHEAD_MOST = 8
"""Card faces handed to the rasterising thread at a time (``faces_ahead``)."""


class Resources:
    """Loads and caches card images (per name and pixel width) and sounds.

    One instance belongs to the game window; there is no module-level cache, so
    tests and tools can make their own with a different ``root``.
    """

    def __init__(self, root: Path | None = None, *, audio: bool = True) -> None:
        self.root = root if root is not None else assets_dir()
        self.audio = audio
        self.volume = 1.0
        self.muted = False
        """No effect plays (``set_muted``); the volume stays as it was."""
        self._images: Pictures[tuple[str, int]] = Pictures(LEAST_BYTES, IMAGES_MOST)
        self.ahead: Executor | None = None
        """Where ``faces_ahead`` rasterises (the window's: one background
        thread); None: at once, on the calling thread (tests: frame by frame the
        same on any machine)."""
        self._pending: dict[tuple[str, int], Future[pygame.Surface]] = {}
        """Faces handed to ``ahead``, not kept yet."""
        self.rasterised = 0
        """Card pictures rasterised from their SVG on the calling thread so far
        (not those made on ``ahead``): a frame's first-time work."""
        self._failed: set[tuple[str, int]] = set()
        """Faces that failed on ``ahead``: not handed to it again."""
        self._sounds: dict[str, Sound] = {}
        self._mixer_ok: bool | None = None  # decided on the first sound request

    # ----------------------------------------------------------------- images

    def card_face(self, card: str, width: int) -> pygame.Surface:
        """The face of `card` (e.g. "1o", "12e") rendered `width` pixels wide."""
        return self._svg(card, card_path(card, self.root), width)

    def has_card_face(self, card: str, width: int) -> bool:
        """The face of ``card`` is kept rendered ``width`` pixels wide."""
        return (card, width) in self._images

    def faces_ahead(self, wanted: Sequence[tuple[str, int]]) -> None:
        """Have the faces ``wanted`` (card, width in pixels; soonest first)
        rasterised ahead of the frames that show them: on ``ahead``, up to
        ``AHEAD_MOST`` in hand at a time, each kept once done (when next asked);
        or, without ``ahead``, the first one not kept yet, at once. An SVG face
        costs about 3 ms of CPU whatever its size (parsing it, mostly; issue 28),
        and rasterising releases the interpreter's lock: on a thread, no frame
        waits for it. A face that failed there is not asked again (``card_face``
        raises where it is drawn)."""
        if self.ahead is None:
            for card, width in wanted:
                if (card, width) not in self._images:
                    self.card_face(card, width)
                    return
            return
        pending = self._pending
        for key, future in list(pending.items()):
            if future.done():
                del pending[key]
                if not future.cancelled() and future.exception() is None:
                    self._images.put(key, future.result())
                else:
                    self._failed.add(key)
        for card, width in wanted:
            if len(pending) >= AHEAD_MOST:
                return
            key = (card, width)
            if key not in self._images and key not in pending and key not in self._failed:
                pending[key] = self.ahead.submit(self._rasterise, card_path(card, self.root),
                                                 width)

    def card_back(self, name: str, width: int) -> pygame.Surface:
        """A card back ("red", "blue", ...) rendered `width` pixels wide. A back
        that is not installed (a settings file may name one) is drawn as the
        first one that is."""
        path = back_path(name, self.root)
        if not path.is_file():
            installed = self.backs()
            if installed and installed[0] != name:
                return self.card_back(installed[0], width)
        return self._svg(f"back-{name}", path, width)

    def icon(self) -> pygame.Surface:
        """The app icon (``assets/icon.png``, drawn by tools/make_icon.py from the
        card art), for the window."""
        import pygame

        return pygame.image.load(str(self.root / "icon.png"))

    def backs(self) -> list[str]:
        """Names of the available card backs."""
        files = (self.root / "cards").glob("back-*.svg")
        return sorted(p.stem.removeprefix("back-") for p in files)

    def fit(self, size: tuple[int, int]) -> None:
        """Keep as many rendered cards as suits a window of ``size``."""
        self._images.limit(screen_bytes(size, IMAGES_SCREENS))

    def clear_images(self) -> None:
        """Forget rendered cards, e.g. after a window resize made the old sizes useless."""
        self._images.clear()

    def _svg(self, key: str, path: Path, width: int) -> pygame.Surface:
        if not isinstance(width, int) or width <= 0:
            raise ValueError(f"card width must be a positive int, not {width!r}")
        cached = self._images.get((key, width))
        if cached is not None:
            return cached
        self.rasterised += 1
        return self._images.put((key, width), self._rasterise(path, width))

    @staticmethod
    def _rasterise(path: Path, width: int) -> pygame.Surface:
        """The SVG at ``path`` ``width`` pixels wide (touches nothing else: it
        runs on ``ahead``'s thread too)."""
        import pygame

        size = (width, card_height(width))
        surface = pygame.image.load_sized_svg(str(path), size)
        if surface.get_size() != size:
            # SDL_image rounds the scaled size up, so float error can add a pixel
            # row or column (36 px wide gives 36 x 55); trim it so layouts can trust
            # the size they asked for.
            exact = pygame.Surface(size, pygame.SRCALPHA)
            exact.blit(surface, (0, 0))
            surface = exact
        return surface

    # ----------------------------------------------------------------- sounds

    def sound(self, name: str) -> Sound:
        """The named effect (see SOUND_NAMES), or a SilentSound if it cannot play."""
        cached = self._sounds.get(name)
        if cached is not None:
            return cached
        path = sound_path(name, self.root)
        sound: Sound
        if not self.audio or not path.is_file() or not self._mixer_ready():
            sound = SilentSound(name)
        else:
            import pygame

            try:
                sound = pygame.mixer.Sound(str(path))
            except pygame.error:  # a damaged file must not stop the game
                sound = SilentSound(name)
        sound.set_volume(self.volume)
        self._sounds[name] = sound
        return sound

    def play(self, name: str) -> None:
        """Play the named effect; nothing at all while muted."""
        if self.muted:
            return
        self.sound(name).play()

    def set_muted(self, muted: bool) -> None:
        """Silence every effect (``True``) or let them play again at the kept
        volume; sounds already playing stop when muted."""
        self.muted = bool(muted)
        if self.muted:
            for sound in self._sounds.values():
                sound.stop()

    def set_volume(self, value: float) -> None:
        """Volume of every effect, 0.0 (mute) to 1.0; applies to loaded ones too."""
        self.volume = min(1.0, max(0.0, float(value)))
        for sound in self._sounds.values():
            sound.set_volume(self.volume)

    def start_audio(self) -> None:
        """Open the sound device now rather than at the first sound: the window
        calls this once its first frame is shown (opening it takes 0.05-0.15 s
        on some systems, longer when there is no device and it fails)."""
        if self.audio:
            self._mixer_ready()

    def _mixer_ready(self) -> bool:
        if self._mixer_ok is None:
            try:
                import pygame

                if not pygame.mixer.get_init():
                    # small buffer: card sounds must follow the click without lag
                    pygame.mixer.init(buffer=512)
                self._mixer_ok = True
            except Exception:  # no device, no driver, no SDL audio at all: play silent
                self._mixer_ok = False
        return self._mixer_ok
