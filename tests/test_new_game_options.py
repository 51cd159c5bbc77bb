"""The New game screen's house-rule rows with the rule sets' options as enums
(issue 32): each row shows the option's value in words, and cycling it goes
through every value the engine allows and back, in every offered variant."""

from __future__ import annotations

from tute_desktop.engine.rules import OPTIONS, VARIANTS, find_variant
from tute_desktop.ui.scenes import NewGameScene


def test_every_option_cycles_through_its_values_and_shows_words(app: NewGameScene) -> None:
    scene = NewGameScene(app)  # type: ignore[arg-type]
    app.reset_to(scene)  # type: ignore[attr-defined]
    for variant in VARIANTS:
        scene.variant, scene.options = variant, {}
        for name, choices in OPTIONS[variant].items():
            seen = []
            for _ in choices:
                seen.append(find_variant(variant, scene.options).options()[name])
                shown = [value for _, _, value in scene._rows()]
                assert not any(v.startswith(("Mode.", "CantesPerTrick.", "Tute.", "Claim.",
                                             "DeclareUntil.", "Exchange.")) for v in shown), shown
                scene._cycle_option(name, 1)
            assert sorted(map(str, seen)) == sorted(map(str, choices)), (variant, name)
            assert find_variant(variant, scene.options).options()[name] == seen[0]


def test_every_yes_no_option_and_the_target_say_what_each_choice_means() -> None:
    """A newcomer read "Trump even if lower ‹No›" and "Match target ‹3›" and
    could not tell what they changed (issue 31): an option shown as Yes or No
    says what Yes does (its label quoted as the row shows it) and, where No
    allows something else, that too; the target says what a game is (101)."""
    from tute_desktop.i18n.rules_text import option_explanation, option_value_label

    for lang in ("en", "es"):
        for variant in VARIANTS:
            for name, choices in OPTIONS[variant].items():
                said = option_explanation(lang, variant, name)
                assert said.strip(), (lang, variant, name)
                if set(choices) == {True, False}:
                    assert option_value_label(lang, name, True) in said, (lang, variant, name)
                if name == "undertrump":
                    assert option_value_label(lang, name, False) in said, (lang, variant)
            if variant in ("habanero", "corriente"):
                assert "101" in option_explanation(lang, variant, "target"), (lang, variant)
