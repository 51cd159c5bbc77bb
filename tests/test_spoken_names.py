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


def test_the_new_game_and_tournament_screens_say_you_in_the_language_shown(app: object) -> None:
    """Newcomer, shots 109-110: after playing in English, the Spanish New match
    screen said "Asiento 1:  You" and "Parejas: You + Bot 3 (medio)…" while the
    table said "Tú"; the tournament setup and bracket did the same."""
    from tute_desktop.game.tournament import Participant, Tournament
    from tute_desktop.ui.scenes import NewGameScene
    from tute_desktop.ui.tournament import BracketScene, TournamentSetupScene

    app.settings = app.settings.with_(  # type: ignore[attr-defined]
        language="es", last_variant="parejas", last_names=["You", "", "", ""],
        last_levels=[None, "medium", "medium", "medium"])
    scene = NewGameScene(app)  # type: ignore[arg-type]
    labels = [label for label, _, _ in scene._rows()]
    assert "Asiento 1: Tú" in labels, labels
    assert scene._teams().startswith("Parejas: Tú + Bot 3 (medio) contra ")
    assert not any("You" in label for label in labels)
    setup = TournamentSetupScene(app)  # type: ignore[arg-type]
    setup.names[0] = "You"
    assert ("Jugador 1: Tú", "Persona") in setup._rows()
    t = Tournament.draw([Participant("You"), Participant("Bot (medium)", "medium")], seed=1)
    bracket = BracketScene(app, t)  # type: ignore[arg-type]
    assert sorted(bracket.said(i) for i in range(2)) == ["Bot (medio)", "Tú"]
