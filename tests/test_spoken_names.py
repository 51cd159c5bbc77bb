"""Names the game gave follow the language shown now; typed names never change
(the playtest saw "You" and "Bot (medium)" on a Spanish table)."""

from __future__ import annotations

from tute_desktop.i18n import spoken_name, tr


def test_the_games_own_names_are_said_in_the_language_shown() -> None:
    assert spoken_name("es", tr("en", "you"), None) == tr("es", "you")
    assert spoken_name("en", tr("es", "you"), None) == tr("en", "you")
    medium_en = tr("en", "bot_named", level=tr("en", "level_medium"))
    assert spoken_name("es", medium_en, "medium") == tr(
        "es", "bot_named", level=tr("es", "level_medium"))
    easy_es = tr("es", "bot_seat", n=2, level=tr("es", "level_easy"))
    assert spoken_name("en", easy_es, "easy") == tr(
        "en", "bot_seat", n=2, level=tr("en", "level_easy"))


def test_a_typed_name_or_a_name_of_another_level_stays_as_it_is() -> None:
    assert spoken_name("es", "Ana", None) == "Ana"
    assert spoken_name("es", "You", "medium") == "You"  # a bot typed as "You" by a person
    medium_en = tr("en", "bot_named", level=tr("en", "level_medium"))
    assert spoken_name("es", medium_en, "hard") == medium_en  # not this seat's level
    assert spoken_name("en", medium_en, "medium") == medium_en  # already in English
