"""What two people who had never played Tute stumbled on, playing it cold from
the README: a match target without its unit, a house rule's value in words
its sentence contradicts, a score panel that jumps in width at the last trick,
a menu with one letter for two choices, and the chronicle touching the trump's
words."""

from __future__ import annotations

import pytest
from window_helpers import drawn_texts, on_title

from tute_desktop.app import App
from tute_desktop.engine.rules import OPTIONS
from tute_desktop.i18n import tr
from tute_desktop.i18n.rules_text import option_value_label, rules_text
from tute_desktop.ui.scenes import NewGameScene

LANGS = ("en", "es")

TARGET_WORDS = {
    ("en", "habanero"): ("1 game", "3 games"), ("es", "habanero"): ("1 juego", "3 juegos"),
    ("en", "corriente"): ("1 game", "3 games"), ("es", "corriente"): ("1 juego", "3 juegos"),
    ("en", "tres"): (None, "3 lost rounds"), ("es", "tres"): (None, "3 piedras"),
    ("en", "cuatro"): (None, "3 lost rounds"), ("es", "cuatro"): (None, "3 piedras"),
    ("en", "parejas"): (None, "3 won rounds"), ("es", "parejas"): (None, "3 manos ganadas"),
    ("en", "subastado"): (None, "500 points"), ("es", "subastado"): (None, "500 puntos"),
}
"""Each rule set with a match target: how its 1 (where offered) and its 3 (500
in subastado) read on the New match screen."""


def _new_game(app: App, lang: str, variant: str) -> NewGameScene:
    app.settings = app.settings.with_(language=lang)
    on_title(app)
    app.nav.push("new_game")
    scene = app.top
    assert isinstance(scene, NewGameScene)
    scene.variant, scene.options = variant, {}
    scene.layout(app.size)
    return scene


@pytest.mark.parametrize(("lang", "variant"), sorted(TARGET_WORDS))
def test_the_match_target_says_what_it_counts(
        app: App, lang: str, variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Match target 3" said 3 of what only in the focused row's note: the value
    says its unit, the one that rule set's match counts, singular for 1."""
    one, default = TARGET_WORDS[lang, variant]
    scene = _new_game(app, lang, variant)
    target = 1 + scene._players() + list(OPTIONS[variant]).index("target")
    assert scene._rows()[target][2] == default
    assert f"‹ {default} ›" in drawn_texts(app, monkeypatch)
    if one is not None:
        scene.options["target"] = 1
        assert scene._rows()[target][2] == one
    # every offered target has its unit, in the rules page's house rules too
    for value in OPTIONS[variant]["target"]:
        said = option_value_label(lang, "target", value, variant)
        assert said.startswith(f"{value} ") and said != str(value), (lang, variant, said)
    line = next(p for p in rules_text(variant, lang)[-1][1]
                if p.startswith(tr(lang, "option.target") + ":"))
    assert line.endswith(f" {default}."), line


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", ["tres", "cuatro"])
def test_a_tute_in_tres_is_worth_lost_rounds_in_its_own_value_words(
        app: App, lang: str, variant: str) -> None:
    """Tute for three: "A tute is worth: Two rounds" where the sentence around
    it speaks of lost rounds (each opponent records two). The value says so, on
    the New match row and in the rules' house-rule line."""
    lost = {"en": "lost rounds", "es": "piedras"}[lang]
    said = option_value_label(lang, "tute", "two_rounds", variant)
    assert lost in said.lower(), said
    assert said != option_value_label(lang, "tute", "two_rounds")
    scene = _new_game(app, lang, variant)
    row = 1 + scene._players() + list(OPTIONS[variant]).index("tute")
    assert scene._rows()[row][2] == said
    line = next(p for p in rules_text(variant, lang)[-1][1]
                if p.startswith(tr(lang, "option.tute") + ":"))
    assert line.endswith(said + "."), line


@pytest.mark.parametrize("lang", LANGS)
def test_a_tute_in_pairs_is_worth_won_rounds(lang: str) -> None:
    won = {"en": "won rounds", "es": "manos ganadas"}[lang]
    assert won in option_value_label(lang, "tute", "two_rounds", "parejas").lower()
