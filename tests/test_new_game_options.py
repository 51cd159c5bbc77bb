"""The New game screen's house-rule rows with the rule sets' options as enums
(issue 32): each row shows the option's value in words, and cycling it goes
through every value the engine allows and back, in every offered variant."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from tute_desktop.engine.rules import OPTIONS, VARIANTS, find_variant
from tute_desktop.ui.scenes import NewGameScene

if TYPE_CHECKING:
    from tute_desktop.app import App


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


TERMS = {
    ("en", "stock_rules"): "stock", ("es", "stock_rules"): "monte",
    ("en", "claim"): "la vuelta", ("es", "claim"): "la vuelta",
    ("en", "exchange"): "face-up card", ("es", "exchange"): "carta de triunfo",
}
"""Words some options' meanings must use besides their values' (the terms a
newcomer met on New match explained only on the rules page)."""


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_house_rule_value_says_what_its_term_means_beside_the_row(
        app: object, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """New match named arrastre, la vuelta, strict, deferred or immediate and
    explained them only on the rules page. Every value of every house rule of
    every rule set has a sentence, in both languages, that names its term (the
    value's words, and the stock, la vuelta, the face-up card where the option
    turns on them) and says what it means there; the focused row's note shows
    it for the value chosen, and another sentence after the value is turned."""
    from window_helpers import drawn_texts, each_option_row

    from tute_desktop.app import App
    from tute_desktop.i18n.rules_text import option_meaning, option_value_label
    from tute_desktop.ui import intents as I


    for variant, options in OPTIONS.items():
        for name, values in options.items():
            said = {option_meaning(lang, variant, name, v) for v in values}
            assert len(said) == len(values), (variant, name, said)  # one for each value
            for value in values:
                means = option_meaning(lang, variant, name, value)
                term = option_value_label(lang, name, value, variant).split(" (")[0]
                assert means.strip() and term.casefold() in means.casefold(), (
                    variant, name, value, means)
                assert TERMS.get((lang, name), "") in means.casefold(), (variant, name, value)
    assert isinstance(app, App)
    for scene, name in each_option_row(app, lang):
        for _turn in range(2):  # the chosen value's meaning, then the next one's
            chosen = find_variant(scene.variant, scene.options).options()[name]
            means = option_meaning(lang, scene.variant, name, chosen)
            texts = drawn_texts(app, monkeypatch)
            start = next((t for t in texts if t and means.startswith(t)), None)
            assert start is not None, (scene.variant, name, means)
            app.dispatch(I.Intent(I.RIGHT))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_house_rules_note_does_not_say_the_same_sentence_twice(app: object, lang: str) -> None:
    """The throw-in's note read "Yes: a player whose hand..." and then "With Yes,
    a player whose hand..." (a newcomer's report): where the option's general
    line repeats the chosen value's meaning, only the meaning shows; where it
    says more (trumping lower: what No allows), it shows too."""
    from window_helpers import on_title

    from tute_desktop.app import App
    from tute_desktop.i18n.rules_text import option_explanation, option_meaning
    from tute_desktop.ui import intents as I
    from tute_desktop.ui.scenes import other_values
    from tute_desktop.ui.widgets import DIM, INK

    assert isinstance(app, App)
    app.settings = app.settings.with_(language=lang)
    on_title(app)
    app.nav.push("new_game")
    scene = app.top
    assert isinstance(scene, NewGameScene)
    while scene.variant != "cuatro":
        app.dispatch(I.Intent(I.RIGHT))
    first = 1 + scene._players()
    names = list(OPTIONS["cuatro"])
    for name, value, shown in (("throw_in", True, False), ("undertrump", True, True)):
        scene.options[name] = value
        scene.focus = first + names.index(name)
        lines = scene.note_lines(20)
        meaning = " ".join(line for line, colour in lines if colour == INK)
        general = " ".join(line for line, colour in lines if colour == DIM)
        assert meaning == option_meaning(lang, "cuatro", name, value)
        assert bool(general) == shown, (name, lines)
        if shown:  # what the other value does, not the chosen one's again
            rest = other_values(meaning, option_explanation(lang, "cuatro", name))
            assert general[1:] == rest[1:] and general[:1].isupper()
            assert ("No" in general) and "Yes" not in general and "Sí" not in general
    # A newcomer read each house rule twice, worded a little differently
    # ("Open: the bidding goes round ..." over "open: the bidding goes round
    # ...; one round: ..."): the general line says only the other values.
    scene.focus = 0  # the variant's row
    while scene.variant != "subastado":
        app.dispatch(I.Intent(I.RIGHT))
    first = 1 + scene._players()
    names = list(OPTIONS["subastado"])
    for name in ("auction", "stop_when_decided"):
        scene.focus = first + names.index(name)
        lines = scene.note_lines(20)
        meaning = " ".join(line for line, colour in lines if colour == INK)
        general = " ".join(line for line, colour in lines if colour == DIM)
        label = meaning.split(":")[0]
        assert label and label.casefold() not in general.casefold(), (meaning, general)
        if name == "auction":
            assert general.startswith({"en": "One round", "es": "Una vuelta"}[lang]), general


def test_a_number_option_goes_up_with_the_right_arrow(app: NewGameScene) -> None:
    """subastado's targets are listed default first (500, 300, 1000) and ›
    went 1000 → 500 → 300 (cold play nc84): › goes up through a number
    option's values, ‹ down, from its default."""
    scene = NewGameScene(app)  # type: ignore[arg-type]
    app.reset_to(scene)  # type: ignore[attr-defined]
    for variant in VARIANTS:
        scene.variant, scene.options = variant, {}
        for name, choices in OPTIONS[variant].items():
            if not all(type(c) is int for c in choices):
                continue
            values = [find_variant(variant, scene.options).options()[name]]
            for _ in range(len(choices) - 1):
                scene._cycle_option(name, 1)
                values.append(find_variant(variant, scene.options).options()[name])
            top = values.index(max(choices))
            assert values[:top + 1] == sorted(values[:top + 1]), (variant, name, values)
            assert values[top + 1:] == sorted(values[top + 1:]), (variant, name, values)
            scene.options = {}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_rule_sets_row_points_to_its_lesson_until_it_is_taken(
        app: object, monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """nc89 took lesson 1 only, then sat at a tres table and met asistir, montar
    and piedras with nothing pointing to lesson 7: on the rule set's row, New
    match names the first of its lessons not taken (tres: 7), after the first
    basic lesson not taken, under the rule set's two lines and meeting no other
    words; once taken, nothing."""
    import itertools

    from window_helpers import sized, words_with_places

    from tute_desktop.app import App
    from tute_desktop.lessons import LESSONS
    from tute_desktop.ui import intents as I

    assert isinstance(app, App)
    sized(app, size, lang, "large")
    app.settings = app.settings.with_(lessons_done=["cards"])
    scene = NewGameScene(app)
    app.reset_to(scene)
    while scene.variant != "tres":
        app.dispatch(I.Intent(I.RIGHT))
    assert scene.focus == 0
    tres = next(i for i, x in enumerate(LESSONS, 1) if x.name == "tres")
    said = " ".join(line for line, _ in scene.note_lines(scene_fs(app)))
    # The basics not all taken: the first of them, then lesson 7 (nc94, new to
    # Tute, was sent to the pairs lesson alone, which assumes them).
    assert f" {tres} " in said and app.tr("lesson.tricks.title") in said, said
    assert " 2," in said, said
    drawn = words_with_places(monkeypatch)
    app.draw_frame()
    words = [(t, r) for t, r in drawn if t.strip()]
    assert " ".join(t for t, _ in words if t in said).split() == said.split(), drawn
    for (a, ra), (b, rb) in itertools.combinations(words, 2):
        assert not ra.colliderect(rb), (size, a, b)
    top = min(r.top for t, r in words if t in said)
    assert all(r.bottom <= top for t, r in words if t in app.tr("variant_lines.tres.2"))
    assert top >= scene.row_rects[-1].bottom
    assert max(r.bottom for t, r in words if t in said) <= scene.buttons.buttons[0].rect.top
    # Habanero's first lesson is taken: its second, then none once all are.
    scene.variant = "habanero"
    said = " ".join(line for line, _ in scene.note_lines(scene_fs(app)))
    assert app.tr("lesson.tricks.title") in said and " 2" in said, said
    assert said == " ".join(app.tr("new_game_lesson", n=2, title=app.tr("lesson.tricks.title"),
                                   learn=app.tr("learn")).split()), said
    # The basics taken: tres's own lesson alone.
    app.settings = app.settings.with_(lessons_done=[x.name for x in LESSONS
                                                    if x.variant == "habanero"])
    scene.variant = "tres"
    said = " ".join(line for line, _ in scene.note_lines(scene_fs(app)))
    assert said == " ".join(app.tr("new_game_lesson", n=tres, title=app.tr("lesson.tres.title"),
                                   learn=app.tr("learn")).split()), said
    app.settings = app.settings.with_(lessons_done=[x.name for x in LESSONS])
    assert scene.note_lines(scene_fs(app)) == []


def scene_fs(app: object) -> int:
    """New match's row font, as its ``draw`` takes it."""
    from tute_desktop.ui.menus import font

    return font(app, 0.028)  # type: ignore[arg-type]


def test_the_seeds_row_says_what_a_seed_does(app: object) -> None:
    """nc90 met "Seed (optional) ‹random›", a computer's word, on the one row
    that said nothing of itself: its note says what a number does."""
    from tute_desktop.app import App

    assert isinstance(app, App)
    scene = NewGameScene(app)
    app.reset_to(scene)
    scene.layout(app.size)
    scene.focus = len(scene.rows) - 1
    said = " ".join(line for line, _ in scene.note_lines(scene_fs(app)))
    assert said == " ".join(app.tr("new_game_seed_note").split()), said


def test_the_start_button_says_enter_starts_except_on_a_name_being_written(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    # nc92 and nc94 pressed Enter on a row of New match and the match began,
    # though the button said only its letter. It says Enter too, except while a
    # person's name is being written (there Enter goes on to the next row, and
    # the letters type: nc106 read "Empezar [E]" there and pressed E; no button
    # says a key then).
    from window_helpers import drawn_texts

    from tute_desktop.ui import intents as I

    scene = NewGameScene(app)
    app.reset_to(scene)
    drawn = drawn_texts(app, monkeypatch)
    start = scene.buttons.buttons[0]
    captions = [b.caption() for b in scene.buttons.buttons]
    assert start.caption().endswith(f"[{app.tr('key.start').upper()} · {app.tr('enter_key')}]")
    assert set(captions) <= set(drawn)
    app.dispatch(I.Intent(I.DOWN))  # seat 1, a person: their name
    drawn = drawn_texts(app, monkeypatch)
    assert scene._name_row() is not None
    assert not set(captions) & set(drawn)
    assert {b.label for b in scene.buttons.buttons} <= set(drawn)
    app.dispatch(I.Intent(I.DOWN))
    app.dispatch(I.Intent(I.CONFIRM))  # on a bot's row: Enter starts, as it said
    assert app.top is not scene


def test_a_bots_level_chosen_carries_to_the_seats_a_larger_rule_set_adds(app: App) -> None:
    # nc96 chose the expert for seat 2 of a game for two, then switched to
    # subastado and found seat 3 still a medium bot.
    from tute_desktop.ui import intents as I

    scene = NewGameScene(app)
    app.reset_to(scene)
    assert scene.variant == "habanero" and scene._players() == 2
    scene.focus = 2  # seat 2, a bot
    while scene.levels[1] != "expert":
        app.dispatch(I.Intent(I.RIGHT))
    assert scene.levels[2:] == ["expert", "expert"]
    scene.focus = 0
    while scene.variant != "subastado":
        app.dispatch(I.Intent(I.RIGHT))
    assert scene.levels[:3] == [None, "expert", "expert"]
