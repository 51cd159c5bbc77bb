"""What confused a newcomer who had never played Tute (issue 29's round with a
new user): the coach's words agree with the picture, one key does one thing on
a screen, and the words come in the player's language."""

from __future__ import annotations

import pytest

from tute_desktop.i18n import lookup
from tute_desktop.lessons import ANY, LESSONS

LANGS = ("en", "es")


@pytest.mark.parametrize("lang", LANGS)
def test_a_free_play_step_does_not_speak_of_gold_cards(lang: str) -> None:
    """Where the person may play any legal card (ANY) the coach outlines none,
    only the cards that may not be played are dimmed: its words say so."""
    free = [s.say for lesson in LESSONS for s in lesson.steps if s.expect == ANY]
    assert free
    for key in free:
        words = (lookup(lang, key) or "").lower()
        assert "gold" not in words and "dorado" not in words, (lang, key, words)
