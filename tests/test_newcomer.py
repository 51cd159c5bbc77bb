"""What confused a newcomer who had never played Tute (issue 29's round with a
new user): the coach's words agree with the picture, one key does one thing on
a screen, and the words come in the player's language."""

from __future__ import annotations

import math
import re

import pygame
import pytest
from window_helpers import (
    drawn_texts,
    each_option_row,
    enter_ready,
    new_table,
    on_title,
    play_to_summary,
    settle,
)

from tute_desktop.app import App
from tute_desktop.engine.actions import Action
from tute_desktop.engine.events import Next
from tute_desktop.engine.rules import VARIANTS
from tute_desktop.game.match import Match, Seat
from tute_desktop.i18n import lookup, tr
from tute_desktop.i18n.rules_text import option_explanation
from tute_desktop.lessons import ANY, LESSON_NAMES, LESSONS
from tute_desktop.ui import gfx
from tute_desktop.ui import intents as I
from tute_desktop.ui.lesson import LessonScene, lesson_named
from tute_desktop.ui.table import TableScene
from tute_desktop.ui.table.describe import action_words

LANGS = ("en", "es")
KEY_MARK = re.compile(r"\[([^\]\s]+)\]$")


def _keys_on_screen(texts: list[str]) -> list[str]:
    """The keys the controls drawn in a frame name ("Last trick  [L]")."""
    return [m.group(1).lower() for t in texts if (m := KEY_MARK.search(t.strip()))]


@pytest.mark.parametrize("lang", LANGS)
def test_a_free_play_step_does_not_speak_of_gold_cards(lang: str) -> None:
    """Where the person may play any legal card (ANY) the coach outlines none,
    only the cards that may not be played are dimmed: its words say so."""
    free = [s.say for lesson in LESSONS for s in lesson.steps if s.expect == ANY]
    assert free
    for key in free:
        words = (lookup(lang, key) or "").lower()
        assert "gold" not in words and "dorado" not in words, (lang, key, words)


@pytest.mark.parametrize("lang", LANGS)
def test_no_lesson_step_shows_two_controls_with_the_same_key(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every step of every lesson, and its end (where "Lessons" sat beside the
    table's "Last trick", both [L]): each key names one control."""
    app.settings = app.settings.with_(language=lang)
    for name in LESSON_NAMES:
        scene = LessonScene(app, lesson=name)
        app.reset_to(scene)
        for _ in range(200):
            keys = _keys_on_screen(drawn_texts(app, monkeypatch))
            assert len(keys) == len(set(keys)), (lang, name, scene.coach.index, keys)
            if scene.coach.finished:
                break
            if scene.coach.last and not scene.coach.waits_for_action():
                scene.go_on()
            else:
                scene.coach.auto()
            scene.layout(app.size)
        assert scene.coach.finished


@pytest.mark.parametrize("lang", LANGS)
def test_no_menu_table_or_summary_shows_two_controls_with_the_same_key(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The menus, a table of each variant, and the summary: each key names one
    control on the screen."""
    app.settings = app.settings.with_(language=lang)

    def one_key_each(where: str) -> None:
        keys = _keys_on_screen(drawn_texts(app, monkeypatch))
        assert len(keys) == len(set(keys)), (lang, where, keys)

    for name in ("new_game", "settings", "statistics", "about", "lessons",
                 "tournament_setup"):
        on_title(app)
        one_key_each("title")
        app.nav.push(name)
        one_key_each(name)
    for variant in VARIANTS:
        on_title(app)
        app.nav.push("rules", variant=variant)
        one_key_each(f"rules of {variant}")
        new_table(app, variant)
        one_key_each(variant)
    table = new_table(app, "habanero")
    play_to_summary(app, table)
    one_key_each("summary")


@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_key_in_a_lesson_answers_visibly(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """H (P in Spanish), the table's hint, pressed in a lesson: where the coach
    waits for one card it names that card; in free play it says why it gives
    none. Either way the words are drawn in the coach's box."""
    app.settings = app.settings.with_(language=lang)
    scene = LessonScene(app, lesson="tricks", start=1)  # the coach waits for one card
    app.reset_to(scene)
    expect = scene.coach.step.expect
    assert expect is not None and expect.startswith("play")
    before = drawn_texts(app, monkeypatch)
    app.dispatch(I.Intent(I.KEY, char=app.tr("key.hint")))
    after = drawn_texts(app, monkeypatch)
    said = [t for t in after if t not in before]
    card = action_words(lang, Action.parse(expect))
    assert said and card in " ".join(said), (lang, said)
    free = next(i for i, s in enumerate(lesson_named("round").steps) if s.expect == ANY)
    scene = LessonScene(app, lesson="round", start=free)
    app.reset_to(scene)
    before = drawn_texts(app, monkeypatch)
    app.dispatch(I.Intent(I.KEY, char=app.tr("key.hint")))
    assert [t for t in drawn_texts(app, monkeypatch) if t not in before]


def _lesson_lines(app: App, name: str) -> list[tuple[int, str, int]]:
    """Every step of a lesson played through: (step, the table's rule line, whose turn)."""
    scene = LessonScene(app, lesson=name)
    app.reset_to(scene)
    seen = []
    while not scene.coach.finished:
        lines = [p for p in scene.describe().overlays if p.kind == "line"]
        words = " ".join(w.words for p in lines for w in p.words)
        seen.append((scene.coach.index, words, scene.coach.state.to_act))
        if scene.coach.last and not scene.coach.waits_for_action():
            scene.go_on()
        else:
            scene.coach.auto()
    return seen


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_lesson_does_not_name_the_arrastre_before_it_is_taught(
        app: App, lang: str) -> None:
    """§6: the arrastre is taught in lesson 2; lesson 1's rule line says nothing of it."""
    app.settings = app.settings.with_(language=lang)
    arrastre = (lookup(lang, "rule.lead_arrastre") or "").split(";")[-1].strip()
    assert arrastre
    assert not [s for s, words, _ in _lesson_lines(app, "cards") if arrastre in words]


@pytest.mark.parametrize("lang", LANGS)
def test_two_players_lead_line_names_the_opponent_not_the_others(app: App, lang: str) -> None:
    """§6 in a two-player round after the stock: the lead's line speaks of the one
    opponent (the newcomer read "the others must follow suit" with one opponent)."""
    app.settings = app.settings.with_(language=lang)
    strict = lookup(lang, "rule.lead_strict_two") or ""
    assert strict and strict != "rule.lead_strict_two"
    lines = [words for _, words, _ in _lesson_lines(app, "round")]
    others = (lookup(lang, "rule.lead_strict") or "").split(";")[-1].strip()
    assert any(strict in w for w in lines) and not any(others in w for w in lines)


@pytest.mark.parametrize("lang", LANGS)
def test_the_capote_step_says_who_may_announce_it(app: App, lang: str) -> None:
    """§7.1: the leader of the first of the last eight tricks may announce capote;
    at the lesson's capote step that is the opponent, and the coach says so."""
    app.settings = app.settings.with_(language=lang)
    steps = lesson_named("round").steps
    at = next(i for i, s in enumerate(steps) if s.say == "lesson.round.4")
    turn = {s: who for s, _, who in _lesson_lines(app, "round")}
    assert turn[at] != 0
    said = (lookup(lang, "lesson.round.4") or "").lower()
    assert {"en": "your opponent", "es": "tu rival"}[lang] in said


def test_the_vuelta_note_shows_only_in_la_vuelta(app: App) -> None:
    """§10.1: la vuelta is the second round of a game, when nobody reached 101.
    The panel's note that its totals include the first round shows then, not at
    the end of the first round (when the engine already counts the next deal as
    la vuelta), nor in the first round itself."""
    for seed in range(1, 30):
        table = new_table(app, "habanero", seed=seed)
        st = table.match.state
        assert table.hud.panel_note(st) == ""
        play_to_summary(app, table)
        st = table.match.state
        out = st.outcome
        if out is not None and out.next is Next.VUELTA:
            break
    else:
        raise AssertionError("no first round without 101 in 30 seeds")
    assert table.hud.panel_note(st) == ""
    table.match.next_round()
    assert table.match.state.deal_no == 2
    # (the first round by its number in the match, as the summary's heading says it)
    n = len(table.match.rounds) - 1
    assert table.hud.panel_note(table.match.state) == \
        (lookup("en", "panel_vuelta_note") or "").format(n=n)
    assert str(n) in table.hud.panel_note(table.match.state)


@pytest.mark.parametrize("lang", LANGS)
def test_every_summary_button_names_its_key(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The summary's Next round showed no key beside Review [R]: it names Enter
    (Intro in Spanish), which does it."""
    app.settings = app.settings.with_(language=lang)
    table = new_table(app, "habanero")
    summary = play_to_summary(app, table)
    texts = drawn_texts(app, monkeypatch)
    for b in summary.buttons.buttons:
        drawn = [t for t in texts if t.startswith(b.label)]
        assert drawn and KEY_MARK.search(drawn[0].strip()), (lang, b.label, drawn)
    enter_ready(app)
    app.dispatch(I.Intent(I.CONFIRM))
    assert app.top is table


def test_the_pause_box_hides_the_summary_behind_it(app: App) -> None:
    """The pause's box is opaque: what lies between its title and its first
    button is the same over the summary as over the bare table (a summary line
    showed through)."""
    table = new_table(app, "habanero")

    def band() -> bytes:
        app.nav.push("pause", table=table)
        pause = app.top
        box = pause.box
        top = pause.buttons.buttons[0].rect.top
        picture = app.picture()
        shown = picture.subsurface(pygame.Rect(box.left + 20, box.top + 4, box.width - 40,
                                               top - box.top - 8))
        app.nav.pop()
        return pygame.image.tobytes(shown, "RGB")

    over_table = band()
    play_to_summary(app, table)
    assert band() == over_table


def test_after_a_language_switch_the_chronicle_says_the_bots_name_in_it(app: App) -> None:
    """The chronicle keeps events and says them when drawn: a line fed while the
    window spoke English names "Bot (medio)" once it speaks Spanish, as the plate
    does (it said "Bot (medium) echó...")."""
    app.settings = app.settings.with_(language="en")
    seats = [Seat(lookup("en", "you") or "You"),
             Seat(tr("en", "bot_named", level=tr("en", "level_medium")), "medium")]
    table = TableScene(app, Match("habanero", seats, seed=3))
    app.reset_to(table)
    settle(app, table)
    assert table.chronicle.lines("en")
    app.settings = app.settings.with_(language="es")
    spanish = " ".join(table.chronicle.lines("es"))
    bot = tr("es", "bot_named", level=tr("es", "level_medium"))
    assert table.name(1) == bot
    assert "Bot (medium)" not in spanish
    assert bot in spanish or tr("es", "you") in spanish, spanish


def test_a_language_switch_over_the_summary_rewords_its_buttons(app: App) -> None:
    """From the pause over the summary the player switches to Spanish: the
    summary's buttons, seen behind the pause, change then, not when it closes."""
    table = new_table(app, "habanero")
    summary = play_to_summary(app, table)
    english = [b.label for b in summary.buttons.buttons]
    app.nav.push("pause", table=table)
    app.set_settings(app.settings.with_(language="es"))
    assert [b.label for b in summary.buttons.buttons] != english
    assert tr("es", "review") in [b.label for b in summary.buttons.buttons]


def test_statistics_say_the_given_name_you_in_the_language_shown(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A player saved as the name the game gave ("You") is shown as "Tú" in
    Spanish, as at the table; a typed name is never changed."""
    seats = [Seat("You"), Seat("Bot (medium)", "medium")]
    table = TableScene(app, Match("habanero", seats, seed=3))
    app.reset_to(table)
    play_to_summary(app, table)
    assert "You" in app.stats.names()
    app.settings = app.settings.with_(language="es")
    on_title(app)
    app.nav.push("statistics")
    texts = drawn_texts(app, monkeypatch)
    assert "Tú" in texts and "You" not in texts, texts


@pytest.mark.parametrize("lang", LANGS)
def test_every_option_row_explains_itself_when_focused(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """New match: each house-rule row of each variant, focused (by the arrows or
    the pointer), shows what it changes under the rows."""
    from tute_desktop.engine.rules import find_variant
    from tute_desktop.i18n.rules_text import option_meaning
    from tute_desktop.ui.scenes import other_values, repeats

    for scene, option in each_option_row(app, lang):
        said = option_explanation(lang, scene.variant, option)
        assert said.strip(), (lang, scene.variant, option)
        chosen = find_variant(scene.variant, scene.options).options()[option]
        means = option_meaning(lang, scene.variant, option, chosen)
        said = other_values(means, said)  # (the other values: the chosen one's is ``means``)
        if not said or repeats(means, said):  # the chosen value's meaning says it (alone)
            said = means
        texts = drawn_texts(app, monkeypatch)
        shown = said[:1].upper() + said[1:]  # (alone, a sentence)
        assert any(t and t in shown for t in texts), (lang, scene.variant, option)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1024, 768), (1920, 1080)])
@pytest.mark.parametrize("text_size", ["normal", "large"])
def test_the_title_screens_cards_keep_clear_of_its_buttons(
        app: App, lang: str, size: tuple[int, int], text_size: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The title's decorative fans of cards lay under its buttons (zoom-114):
    no card, as turned, reaches a button."""
    app.settings = app.settings.with_(language=lang, text_size=text_size)
    app.screen.resize(size)
    app._resized(app.screen.size)
    title = on_title(app)
    boxes: list[pygame.Rect] = []
    real_picture = gfx.Canvas.picture

    def spy(self: gfx.Canvas, key: object, rect: tuple[float, float, float, float],
            *args: object, **kwargs: object) -> object:
        if isinstance(key, tuple) and key and key[0] == "face":
            x, y, w, h = rect
            turn = math.radians(float(kwargs.get("angle", 0) or 0))  # type: ignore[arg-type]
            bw = abs(w * math.cos(turn)) + abs(h * math.sin(turn))
            bh = abs(w * math.sin(turn)) + abs(h * math.cos(turn))
            cx, cy = x + w / 2, y + h / 2
            boxes.append(pygame.Rect(int(cx - bw / 2), int(cy - bh / 2), int(bw), int(bh)))
        return real_picture(self, key, rect, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(gfx.Canvas, "picture", spy)
    app.draw_frame()
    assert len(boxes) >= 8
    for b in title.buttons.buttons:
        assert not [c for c in boxes if c.colliderect(b.rect)], (lang, size, b.label)


@pytest.mark.parametrize("lang, can", [("en", "beat it if they can"), ("es", "montar si ")])
def test_the_strict_lead_line_says_the_others_beat_it_only_if_they_can(lang: str,
                                                                      can: str) -> None:
    """§3: a card led must be beaten only by one who can; nc94 read "the others
    must then follow suit and beat it" as a rule nobody could keep."""
    for key in ("rule.lead_strict", "rule.lead_strict_two"):
        assert can in (lookup(lang, key) or ""), key
