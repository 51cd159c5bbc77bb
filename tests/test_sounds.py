"""The synthesized sound set: present, small, loadable by pygame, of sensible length
and evenly loud, and still what tools/make_sounds.py generates."""

from __future__ import annotations

import importlib.util
import wave
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
SOUNDS = ROOT / "assets" / "sounds"
# (shortest, longest) in seconds: card noises are brief, musical cues can ring.
EXPECTED_LENGTH = {
    "click": (0.02, 0.12),
    "deal": (0.05, 0.3),
    "play": (0.1, 0.4),
    "draw": (0.1, 0.4),
    "trick": (0.2, 0.7),
    "exchange": (0.25, 0.8),
    "shuffle": (0.5, 1.3),
    "sing20": (0.4, 1.1),
    "sing40": (0.9, 1.8),
    "round_won": (1.0, 2.0),
    "round_lost": (1.0, 2.0),
}


def load_make_sounds() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def make_sounds() -> ModuleType:
    return load_make_sounds()


@pytest.fixture()
def mixer() -> Iterator[None]:
    pygame.mixer.init(22050, -16, 1)
    yield
    pygame.mixer.quit()


def test_the_set_is_exactly_the_expected_sounds(make_sounds: ModuleType) -> None:
    assert {p.stem for p in SOUNDS.glob("*.wav")} == set(EXPECTED_LENGTH)
    assert set(make_sounds.SOUNDS) == set(EXPECTED_LENGTH)


@pytest.mark.parametrize("name", sorted(EXPECTED_LENGTH))
def test_sound_is_a_small_mono_wav(name: str) -> None:
    path = SOUNDS / f"{name}.wav"
    assert path.stat().st_size < 100 * 1024
    with wave.open(str(path), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)


@pytest.mark.usefixtures("mixer")
@pytest.mark.parametrize("name", sorted(EXPECTED_LENGTH))
def test_sound_loads_in_the_mixer_with_the_expected_length(name: str) -> None:
    sound = pygame.mixer.Sound(str(SOUNDS / f"{name}.wav"))
    shortest, longest = EXPECTED_LENGTH[name]
    assert shortest <= sound.get_length() <= longest
    sound.play()  # the dummy driver accepts it; nothing is heard and nothing waits


def test_no_sound_is_much_louder_than_another(make_sounds: ModuleType) -> None:
    level = {}
    for name in EXPECTED_LENGTH:
        samples = make_sounds.read_wav(SOUNDS / f"{name}.wav")
        level[name] = make_sounds.loudness(samples)
        assert max(abs(v) for v in samples) <= 0.9, f"{name} clips or nearly does"
        # starts and ends at silence, so playing it never clicks
        assert abs(samples[0]) < 0.01 and abs(samples[-1]) < 0.01, name
    loudest, quietest = max(level.values()), min(level.values())
    assert quietest > 0.05
    assert loudest / quietest < 1.5, level  # within about 3.5 dB


def test_committed_sounds_are_what_the_generator_makes(make_sounds: ModuleType) -> None:
    # Seeded noise makes the output reproducible; allow a least-significant bit of
    # slack for a different C maths library rounding a sine differently.
    for name in EXPECTED_LENGTH:
        fresh = make_sounds.render(name)
        with wave.open(str(SOUNDS / f"{name}.wav"), "rb") as w:
            stored = w.readframes(w.getnframes())
        assert len(fresh) == len(stored), name
        a = memoryview(fresh).cast("h")
        b = memoryview(stored).cast("h")
        assert max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 2, name
