"""tute_desktop.resources: finding assets in a checkout and in a frozen build,
rendering and caching cards per size, and sounds that fall silent, not over."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from tute_desktop import resources
from tute_desktop.resources import Resources, SilentSound

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture()
def no_mixer() -> Iterator[None]:
    """Each sound test starts and ends with the mixer closed, so they cannot leak."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


# ------------------------------------------------------------------- finding assets


def test_source_checkout_uses_the_repository_assets() -> None:
    assert not getattr(sys, "frozen", False)
    assert resources.assets_dir() == ROOT / "assets"
    assert resources.card_path("12e") == ROOT / "assets" / "cards" / "12e.svg"
    assert resources.card_path("12e").is_file()
    assert resources.back_path("red").is_file()
    assert resources.sound_path("click").is_file()


def make_frozen_bundle(tmp_path: Path) -> Path:
    """A stand-in for PyInstaller's unpack directory, with a recognisable 1o."""
    bundle = tmp_path / "_MEI12345"
    shutil.copytree(ROOT / "assets", bundle / "assets")
    # a plain green card, so a test can tell which 1o.svg was rendered
    (bundle / "assets" / "cards" / "1o.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 300" width="200" '
        'height="300"><rect x="0" y="0" width="200" height="300" fill="#00ff00"/></svg>')
    return bundle


def test_frozen_build_uses_the_unpacked_bundle(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    bundle = make_frozen_bundle(tmp_path)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert resources.assets_dir() == bundle / "assets"
    assert resources.card_path("7b") == bundle / "assets" / "cards" / "7b.svg"
    face = Resources().card_face("1o", 60)
    assert tuple(face.get_at((30, 45)))[:3] == (0, 255, 0)
    assert resources.sound_path("deal") == bundle / "assets" / "sounds" / "deal.wav"


def test_frozen_without_a_bundle_dir_falls_back_to_the_source_layout(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # other freezers set sys.frozen but keep data next to the code
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert resources.assets_dir() == ROOT / "assets"


@pytest.mark.parametrize("bad", ["", "8o", "9c", "13e", "0b", "1x", "12", "o1", "1oo", "01o"])
def test_card_names_outside_the_spanish_deck_are_rejected(bad: str) -> None:
    with pytest.raises(ValueError):
        resources.card_path(bad)


# ------------------------------------------------------------------- card images


def test_faces_render_at_the_requested_size_with_card_proportions() -> None:
    res = Resources()
    for width in (18, 36, 60, 104, 107, 250):  # some of these make SDL round up a pixel
        face = res.card_face("12o", width)
        assert face.get_size() == (width, resources.card_height(width))
    assert resources.card_height(100) == 150


def test_rendered_cards_are_cached_per_card_and_size() -> None:
    res = Resources()
    small = res.card_face("3c", 80)
    assert res.card_face("3c", 80) is small
    assert res.card_face("3c", 120) is not small
    assert res.card_face("4c", 80) is not small
    back = res.card_back("blue", 80)
    assert res.card_back("blue", 80) is back
    res.clear_images()
    assert res.card_face("3c", 80) is not small


def test_backs_are_listed_and_render() -> None:
    res = Resources()
    names = res.backs()
    assert {"red", "blue"} <= set(names)
    colours = {name: tuple(res.card_back(name, 100).get_at((50, 40)))[:3] for name in names}
    assert len(set(colours.values())) == len(names)  # the backs are not all alike
    with pytest.raises(ValueError):
        res.card_back("../1o", 100)


@pytest.mark.parametrize("width", [0, -5, 10.5])
def test_nonsense_widths_are_rejected(width: object) -> None:
    with pytest.raises(ValueError):
        Resources().card_face("1o", width)  # type: ignore[arg-type]


# ------------------------------------------------------------------- sounds


@pytest.mark.usefixtures("no_mixer")
def test_sounds_play_through_the_dummy_audio_driver() -> None:
    res = Resources()
    for name in resources.SOUND_NAMES:
        sound = res.sound(name)
        assert not isinstance(sound, SilentSound), name
        sound.play()
    assert res.sound("click") is res.sound("click")
    res.play("deal")


@pytest.mark.usefixtures("no_mixer")
def test_no_audio_device_means_silence_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    res = Resources()
    sound = res.sound("trick")
    assert isinstance(sound, SilentSound)
    assert sound.play() is None
    res.play("sing40")
    res.set_volume(0.3)


@pytest.mark.usefixtures("no_mixer")
def test_missing_or_unknown_sounds_are_silent(tmp_path: Path) -> None:
    assert isinstance(Resources(root=tmp_path).sound("click"), SilentSound)
    assert isinstance(Resources().sound("no-such-sound"), SilentSound)
    assert isinstance(Resources(audio=False).sound("click"), SilentSound)
    damaged = tmp_path / "sounds"
    damaged.mkdir()
    (damaged / "click.wav").write_bytes(b"not a wav file")
    assert isinstance(Resources(root=tmp_path).sound("click"), SilentSound)


@pytest.mark.usefixtures("no_mixer")
def test_volume_is_clamped_and_reaches_loaded_and_later_sounds() -> None:
    res = Resources()
    early = res.sound("click")
    assert isinstance(early, pygame.mixer.Sound)
    res.set_volume(0.25)
    assert early.get_volume() == pytest.approx(0.25, abs=0.01)
    late = res.sound("deal")
    assert isinstance(late, pygame.mixer.Sound)
    assert late.get_volume() == pytest.approx(0.25, abs=0.01)
    res.set_volume(7)
    assert res.volume == 1.0
    res.set_volume(-1)
    assert res.volume == 0.0 and early.get_volume() == 0.0
