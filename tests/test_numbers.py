"""Issue 29, point 5: numbers in the player's language. ``i18n.number`` is the
one function that writes a number for display, with the signs of the catalog
("−34,5" in Spanish, "−34.5" in English); the review uses it."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from test_review import played
from window_helpers import on_title

from tute_desktop.app import App
from tute_desktop.game import review as R
from tute_desktop.i18n import number
from tute_desktop.ui.review import ReviewScene


@pytest.mark.parametrize(("lang", "said"), [("es", "−34,5"), ("en", "−34.5")])
def test_a_decimal_is_written_as_the_language_writes_it(lang: str, said: str) -> None:
    assert number(lang, -34.5, 1) == said
    assert number(lang, -34.54, 1) == said


def test_signs_zero_rounding_and_places() -> None:
    assert number("es", 3.5, 1, sign=True) == "+3,5"
    assert number("es", -3.5, 1, sign=True) == "−3,5"
    assert number("en", -0.04, 1) == "0.0" and number("en", 0.04, 1, sign=True) == "0.0"
    assert number("es", 12.4) == "12" and number("es", 7.0, 2) == "7,00"
    assert number("es", 1.5, None) == "1,5" and number("en", 2.0, None) == "2"
    assert number("es", 0.125, None) == "0,125"
    assert number("en", float("nan"), 1) == "–"
    with pytest.raises(ValueError):
        number("en", 1.0, -1)


def test_thousands_are_grouped_only_from_five_digits() -> None:
    assert number("es", 2500) == "2500" and number("en", 2500) == "2500"
    assert number("es", 12345.5, 1) == "12.345,5"
    assert number("en", -1234567, 0) == "−1,234,567"


def test_an_unknown_language_writes_english_numbers() -> None:
    assert number("xx", -34.5, 1) == "−34.5"


@pytest.mark.parametrize(("lang", "decimal"), [("es", ","), ("en", ".")])
def test_the_review_writes_its_values_in_the_players_language(
        app: App, monkeypatch: pytest.MonkeyPatch, lang: str, decimal: str) -> None:
    for variant in R.ITERATIONS:
        monkeypatch.setitem(R.ITERATIONS, variant, 6)
    app.set_settings(replace(app.settings, language=lang))
    payload = R.match_prefix(played("habanero", 5).to_json(), 0)
    on_title(app)
    scene = app.nav.push("review", rounds=[(payload, 0)], names=["Ana", "B"])
    assert isinstance(scene, ReviewScene) and scene.ready
    said = [scene.summary_line()]
    for step in scene.steps:
        scene.go(step)
        said += [text for text, _, _ in scene.judgement()]
    decimals = re.findall(r"\d+[.,]\d+", " ".join(said))
    assert decimals, said
    assert all(decimal in d for d in decimals), decimals
