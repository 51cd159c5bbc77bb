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
