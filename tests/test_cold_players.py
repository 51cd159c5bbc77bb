"""What two people who had never played Tute stumbled on, playing it cold from
the README: a match target without its unit, a house rule's value in words
its sentence contradicts, a score panel that jumps in width at the last trick,
a menu with one letter for two choices, and the chronicle touching the trump's
words."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest
from window_helpers import (
    drawn_texts,
    named_seats,
    new_table,
    on_title,
    opened_from_title,
    play_first,
    sized,
)

from tute_desktop.app import App
from tute_desktop.engine.cards import DOS
from tute_desktop.engine.rules import OPTIONS, VARIANTS
from tute_desktop.engine.state import State
from tute_desktop.game.match import Match, Seat
from tute_desktop.game.tournament import Participant, Tournament
from tute_desktop.i18n import tr
from tute_desktop.i18n.rules_text import (
    inside_sentence,
    option_label,
    option_value_label,
    rules_text,
)
from tute_desktop.lessons import LESSON_NAMES
from tute_desktop.ui import intents as I
from tute_desktop.ui.lesson import LessonScene
from tute_desktop.ui.match_end import MatchEndScene
from tute_desktop.ui.scenes import NewGameScene, SummaryScene
from tute_desktop.ui.table import TableScene
from tute_desktop.ui.widgets import ButtonSet

LANGS = ("en", "es")

TARGET_WORDS = {
    ("en", "habanero"): ("1 game", "3 games"), ("es", "habanero"): ("1 juego", "3 juegos"),
    ("en", "corriente"): ("1 game", "3 games"), ("es", "corriente"): ("1 juego", "3 juegos"),
    ("en", "tres"): (None, "3 lost rounds (fewest lost wins)"),
    ("es", "tres"): (None, "3 piedras (gana quien tenga menos)"),
    ("en", "cuatro"): (None, "3 lost rounds (fewest lost wins)"),
    ("es", "cuatro"): (None, "3 piedras (gana quien tenga menos)"),
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
                if p.startswith(option_label(lang, "target", variant) + ":"))
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
    assert line.endswith(inside_sentence(said) + "."), line


@pytest.mark.parametrize("lang", LANGS)
def test_a_tute_in_pairs_is_worth_won_rounds(lang: str) -> None:
    won = {"en": "won rounds", "es": "manos ganadas"}[lang]
    assert won in option_value_label(lang, "tute", "two_rounds", "parejas").lower()


def _round_states(table: TableScene, seed: int) -> list[State]:
    """Every state of the table's round, the actions chosen at random, up to
    and with its end (the last trick taken)."""
    rng = random.Random(seed)
    st = table.match.state.clone()
    seen = [st.clone()]
    while st.outcome is None:
        actions = st.legal_actions()
        st.apply(actions[rng.randrange(len(actions))])
        seen.append(st.clone())
    return seen


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_score_panel_keeps_its_width_through_a_round(
        app: App, lang: str, variant: str) -> None:
    """At the round's last trick the score panel gained its "Last" column (las
    diez de últimas) and jumped in width: its rectangle is the same all through
    the round, from its first trick (in subastado, once trump is named) to the
    last trick taken, with two, three and four players."""
    app.set_settings(replace(app.settings, language=lang))
    for seed in (1, 2, 3):
        table = new_table(app, variant, seed=seed)
        app.draw_frame()
        states = [st for st in _round_states(table, seed)
                  if not table.match.rules.totals_by_seat or st.contract is not None]
        assert states[-1].outcome is not None  # the last trick taken
        first = table.hud.panel_rect(states[0])
        for st in states:
            rect = table.hud.panel_rect(st)
            assert rect == first, (seed, st.tricks_played, len(st.trick_cards), first, rect)
        if not table.match.rules.totals_by_seat:  # (its words in the player's language)
            assert tr(lang, "panel_diez") in table.hud.panel_rows(states[0])[0]


def _apart(a: pygame.Rect, b: pygame.Rect) -> int:
    """How far apart two rectangles are: the larger of the gaps across and
    down (negative: they overlap)."""
    across = max(a.left - b.right, b.left - a.right)
    down = max(a.top - b.bottom, b.top - a.bottom)
    return max(across, down)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_chronicle_keeps_clear_of_the_trumps_words(
        app: App, lang: str, variant: str) -> None:
    """The chronicle's drawer, open, nearly touched the trump's mark and words:
    a clear gap (8 px at 1280x720, in proportion to the window) at every size."""
    for size in [(960, 540), (1280, 720), (1920, 1080)]:
        app.set_settings(replace(app.settings, language=lang))
        app.set_window_size(size)
        app.dispatch(I.Intent(I.RESIZE, size=size))
        table = new_table(app, variant, seed=4)
        for _ in range(400):  # to the person's first turn after a trick (trump named)
            if table.human_turn() and table.board.last_trick:
                break
            if table.human_turn():
                acts = table.match.state.legal_actions()
                plays = [a for a in acts if a.kind == "play"]
                table.act(plays[0] if plays else acts[-1])
            table.update(0.1)
        table.toggle_chronicle()
        app.draw_frame()
        st = table.match.state
        hud = table.hud
        drawer = hud.chronicle_rect(len(hud.chronicle_rows()[-hud.chronicle_fit(st):]), st)
        trumps = hud.trumps_rect(st)
        least = 8 * size[1] / 720
        assert _apart(drawer, trumps) >= least - 0.5, (size, drawer, trumps)


@pytest.mark.parametrize("variant", ["tres", "parejas", "cuatro", "subastado"])
def test_the_chronicle_has_room_for_several_lines_beside_a_right_hand_seat(
        app: App, variant: str) -> None:
    """With four players the drawer stopped above the right-hand seat's won pile
    and had room for one line at every size (a bar player read it as the last
    trick's only, cold play nc78): where above the pile there is room for fewer
    than three, it goes under it; clear of the pile, that seat's hand and
    plate, the trick's right-hand card and the line above the hand."""
    from tute_desktop.ui.table.board import trick_offset
    from tute_desktop.ui.table.hud import CHRONICLE_LEAST

    for size in [(960, 540), (1160, 652), (1280, 720), (1920, 1080)]:
        app.set_window_size(size)
        app.dispatch(I.Intent(I.RESIZE, size=size))
        table = new_table(app, variant, seed=4)
        app.draw_frame()
        st = table.match.state
        hud, geo = table.hud, table.geo
        fit = hud.chronicle_fit(st)
        assert fit >= CHRONICLE_LEAST, (size, fit)
        drawer = hud.chronicle_rect(fit, st)
        cx, _ = geo.trick_center
        card = pygame.Rect(0, 0, int(geo.card_w), int(geo.card_h))
        card.centerx = int(cx + geo.card_h * trick_offset("right", geo.players)[0])
        for name, other in (("pile", pygame.Rect(geo.pile_box("right"))),
                            ("hand", pygame.Rect(geo.hand_box("right"))),
                            ("plate", hud.plate_rect("right")),
                            ("line", hud.hand_line_rect())):
            assert not drawer.colliderect(other), (size, name, drawer, other)
        assert drawer.left > card.right, (size, drawer, card)


# ------------------------------------------------------------ one letter, one choice

def _letters(app: App) -> list[str]:
    """The shortcut keys the top scene offers now: its buttons' (every set of
    buttons it holds, a table's as described: tools, actions, a lesson's), and
    the keys a table takes without a button (the sound's)."""
    scene = app.top
    assert scene is not None
    keys: list[str] = []
    sets = [v for v in vars(scene).values() if isinstance(v, ButtonSet)]
    for found in sets:
        keys += [b.key for b in found.buttons if b.key]
    if isinstance(scene, TableScene | LessonScene):
        keys += [b.key for b in scene.describe().buttons if b.key]
    if isinstance(scene, TableScene):
        keys.append(app.tr("key.mute"))
    if isinstance(scene, LessonScene):  # (Hint has no button there; Last trick has)
        keys.append(app.tr("key.hint"))
    return [k.lower() for k in keys]


def _shared(app: App, where: str, seen: dict[str, list[str]]) -> None:
    keys = _letters(app)
    seen[where] = keys
    assert len(keys) == len(set(keys)), (app.settings.language, where, keys)


def _walk_table(app: App, table: TableScene, where: str, seen: dict[str, list[str]],
                rng: random.Random, rounds: int = 2) -> None:
    """Every moment a person acts at ``table`` for a few rounds: its letters,
    and the in-game menu's over it once."""
    done = 0
    for _ in range(6000):
        top = app.top
        if isinstance(top, SummaryScene):
            _shared(app, f"{where} summary", seen)
            done += 1
            if done >= rounds or table.match.state.outcome is None or \
                    table.match.state.outcome.match_winner is not None:
                return
            top.done()
            continue
        if top is not table:
            return
        if table.human_turn():
            _shared(app, f"{where} {table.match.state.ask} {table.match.state.tricks_played}",
                    seen)
            acts = table.match.state.legal_actions()
            table.act(acts[rng.randrange(len(acts))])
        table.update(0.1)
    raise AssertionError(f"{where}: the rounds never ended")


@pytest.mark.parametrize("lang", LANGS)
def test_no_screen_gives_one_letter_to_two_choices(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """In Spanish the in-game menu had S for "Salir al menú principal", and the
    title's "Salir" S too (a newcomer pressed S, then S again). Every screen
    with lettered choices, in both languages: no letter offered twice; and the
    letter that leaves a match is not the one that closes the game."""
    app.set_settings(replace(app.settings, language=lang))
    seen: dict[str, list[str]] = {}
    rng = random.Random(5)
    for variant in sorted(VARIANTS):
        table = new_table(app, variant, seed=5)
        app.draw_frame()
        table.open_menu()
        _shared(app, "pause", seen)
        app.nav.pop()
        _walk_table(app, table, variant, seen, rng)
    while table.match.state.outcome is None or table.match.state.outcome.match_winner is None:
        st = table.match.state  # (the last one played on to the match's end)
        if st.outcome is not None:
            table.match.next_round()
            continue
        acts = st.legal_actions()
        table.match.apply(acts[rng.randrange(len(acts))])
    on_title(app)
    _shared(app, "title", seen)
    assert app.save_slot.exists()  # (a match kept: Continue is offered)
    app.dispatch(I.Intent(I.BACK))
    _shared(app, "quit question", seen)
    for name, kwargs in (("new_game", {}), ("tournament_setup", {}), ("settings", {}),
                         ("about", {}), ("statistics", {}), ("lessons", {}),
                         ("lesson_offer", {}), ("rules", {"variant": "tres"})):
        on_title(app)
        app.nav.push(name, **kwargs)
        app.draw_frame()
        _shared(app, name, seen)
    match = Match("corriente", [Seat("Ana"), Seat("Bot", "medium")], seed=3)
    app.nav.push("replace_save", saved=match.to_json(), on_replace=lambda: None)
    _shared(app, "replace save", seen)
    finished = table.match  # (the last table's, played on to its end)
    app.reset_to(MatchEndScene(app, finished, [table.side_name(s) for s in
                                               range(finished.rules.sides)]))
    _shared(app, "match end", seen)
    app.nav.push("review", rounds=[(finished.to_json(), 0)],
                 names=[table.name(s) for s in range(finished.rules.players)])
    _shared(app, "review", seen)
    on_title(app)
    app.nav.push("bracket", tournament=Tournament.draw(
        [Participant("Ana"), Participant("Luis"), Participant("Bot 3", "medium")], seed=2))
    _shared(app, "bracket", seen)
    for name in LESSON_NAMES:  # each step, the lesson playing itself, and its end
        lesson = LessonScene(app, lesson=name, autoplay=True)
        app.reset_to(lesson)
        step = -1
        for _ in range(3000):
            if lesson.coach.index != step or lesson.coach.finished:
                step = lesson.coach.index
                _shared(app, f"lesson {name} {step}", seen)
                if lesson.coach.finished:
                    break
            lesson.update(0.1)
        assert lesson.coach.finished, name
    quits = {tr(lang, "key.quit_match"), tr(lang, "key.quit")}
    assert len(quits) == 2, (lang, quits)


def test_a_hinted_card_played_with_enter_leaves_no_card_raised_after_it(app: App) -> None:
    """The hint raises its card and Enter plays it; on the person's next turn
    no card of the hand stands raised (a newcomer, a stop later, saw one
    there after following the hint, unexplained: the hint had turned on the
    arrows' choice, which stayed on the same place of the hand)."""
    from window_helpers import press, settle, tick

    table = new_table(app, "habanero", seed=3)
    settle(app, table)
    press(app, "hint")
    tick(app)
    hinted = table.hint_card
    assert hinted is not None and table._raised() == hinted
    hand = len(table.my_hand())
    app.dispatch(I.Intent(I.CONFIRM))
    tick(app)
    assert hinted not in table.my_hand() and len(table.my_hand()) <= hand
    settle(app, table)
    assert table.human_turn() and table._raised() is None
    assert not [s for s in table.describe().cards if s.raised]


def test_a_change_of_language_drops_the_words_said_in_the_other(app: App) -> None:
    """A hint said in Spanish does not stay on an English table after the
    language is changed in the settings (a newcomer read "Pista: 2 de
    oros..." among English words); asked again, it is said in English."""
    from window_helpers import press, settle, tick

    app.set_settings(replace(app.settings, language="es"))
    table = new_table(app, "habanero", seed=3)
    settle(app, table)
    press(app, "hint")
    tick(app)
    assert table.hud.toast is not None and table.hud.toast[0].startswith("Pista")
    app.set_settings(replace(app.settings, language="en"))
    table.layout(app.size)  # as the App lays out the table under the settings
    tick(app)
    assert table.hud.toast is None
    press(app, "hint")
    tick(app)
    assert table.hud.toast is not None and table.hud.toast[0].startswith("Hint")


@pytest.mark.parametrize("lang", LANGS)
def test_the_round_summary_shows_the_way_to_the_menu(app: App, lang: str) -> None:
    """The summary has a Menu button beside Next round and Review (a newcomer
    found no way back to the title there; Esc was in the README only): it
    opens the in-game menu, as Esc does, and all its buttons fit the card."""
    from window_helpers import play_to_summary

    from tute_desktop.ui.pause import PauseScene

    app.set_settings(replace(app.settings, language=lang))
    table = new_table(app, "habanero", seed=2)
    summary = play_to_summary(app, table)
    buttons = summary.buttons.buttons
    menu = next(b for b in buttons if b.label.startswith(tr(lang, "menu")))
    assert menu.caption().endswith("[Esc]")
    assert all(summary.box.contains(b.rect) for b in buttons)
    for a, b in zip(buttons, buttons[1:], strict=False):
        assert a.rect.right < b.rect.left
    app.dispatch(I.Intent(I.POINTER, pos=menu.rect.center))
    app.dispatch(I.Intent(I.PRESS, pos=menu.rect.center))
    app.dispatch(I.Intent(I.RELEASE, pos=menu.rect.center))
    assert isinstance(app.top, PauseScene)


@pytest.mark.parametrize("lang", LANGS)
def test_the_review_numbers_the_mistakes_so_m_is_seen_starting_again(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """M goes to the next mistake and from the last back to the first; each
    mistake says which of the round's it is ("× Mistake 2 of 3"), so the
    start again is seen (a newcomer did not notice it); the sampled values'
    legend no longer promises a ± on every value (only a loss has one)."""
    from test_review_tags import review

    from tute_desktop.game import review as R

    for variant in R.ITERATIONS:
        monkeypatch.setitem(R.ITERATIONS, variant, 6)
    for seed in range(3, 20):
        scene = review(app, "habanero", (1280, 720), lang, seed)
        n = len([d for d in scene.decisions.values() if d.mistake])
        if n >= 2:
            break
    said = []
    for _ in range(n + 1):
        scene.next_mistake()
        said.append(next(t for t in drawn_texts(app, monkeypatch) if t.startswith("× ")))
    word = {"en": "Mistake", "es": "Error"}[lang]
    of = {"en": "of", "es": "de"}[lang]
    assert said == [f"× {word} {k} {of} {n}" for k in [*range(1, n + 1), 1]]
    legend = tr(lang, "review_sampled", n=6)
    assert "±" in legend and legend.count("±") == 1


@pytest.mark.parametrize("lang", LANGS)
def test_undo_says_what_it_took_back_and_that_the_unseen_cards_were_shuffled(
        app: App, lang: str) -> None:
    """Undo names the person's move it took back and says the cards they have
    not seen were shuffled again (a newcomer saw the hand go back without a
    word, and later drew another card than before: the redeal of the unseen
    cards, which keeps undo from showing the stock)."""
    from window_helpers import press, settle, tick

    from tute_desktop.ui.table.why import action_in_sentence

    app.set_settings(replace(app.settings, language=lang))
    table = new_table(app, "habanero", seed=2)
    settle(app, table)
    play = next(a for a in table.match.state.legal_actions() if a.kind == "play")
    table.act(play)
    settle(app, table)
    press(app, "undo")
    tick(app)
    assert table.hud.toast is not None
    # (the card in the sentence's own case: nc102 read "Se deshizo: Rey de espadas")
    assert table.hud.toast[0] == tr(lang, "undone", action=action_in_sentence(
        lang, str(play), "habanero"))
    # (and that the others' hands may differ: nc102 wondered whether they had changed)
    assert {"en": "dealt again at random", "es": "vuelto a repartir al azar"}[lang] \
        in table.hud.toast[0]
    # Long enough to read it all (it went in 2.8 s, before a newcomer had):
    # still there after 5 s, gone once its words' time is over.
    words = len(table.hud.toast[0].split())
    tick(app, 50)
    assert table.hud.toast is not None
    tick(app, int(10 * (1 + words / 3.5)))
    assert table.hud.toast is None



@pytest.mark.parametrize("lang", LANGS)
def test_undo_of_a_declaration_with_nothing_after_it_says_only_that(
        app: App, lang: str) -> None:
    """A newcomer undid the 40 just declared and read "Taken back: Declare the
    40, and what came after it" when nothing had (cold play nc71): a move
    undone alone says only that move; one with moves after it, as before."""
    from window_helpers import press, settle, tick

    from tute_desktop.engine.actions import SING
    from tute_desktop.ui.table.why import action_in_sentence

    app.set_settings(replace(app.settings, language=lang))
    for seed in range(40):
        table = new_table(app, "habanero", seed=seed)
        settle(app, table)
        for _ in range(12):
            st = table.match.state
            sing = next((a for a in st.legal_actions() if a.kind is SING), None)
            if sing is not None or not table.human_turn():
                break
            table.act(next(a for a in st.legal_actions() if a.kind == "play"))
            settle(app, table)
        if sing is not None and table.human_turn():
            break
    else:
        raise AssertionError("no declaration came up")
    table.act(sing)
    settle(app, table)
    assert table.match.rounds[-1].actions[-1][1] == str(sing)  # (nothing after it yet)
    press(app, "undo")
    tick(app)
    assert table.hud.toast is not None
    assert table.hud.toast[0] == tr(lang, "undone_alone", action=action_in_sentence(
        lang, str(sing), "habanero"))
    assert {"en": "what came after", "es": "lo que vino"}[lang] not in table.hud.toast[0]


@pytest.mark.parametrize("lang", LANGS)
def test_a_hint_stays_until_the_position_changes_and_a_forced_card_says_so(
        app: App, lang: str) -> None:
    """A player at a slow machine found the hint gone (4 s without a reason,
    12 s with one) before she had read it, and took it for a hint without
    words (cold play nc72): it stays until a card is played. A hint where the
    rules leave one card says so instead of naming it alone."""
    from window_helpers import settle, tick

    app.set_settings(replace(app.settings, language=lang))
    table = new_table(app, "parejas", seed=2)
    forced = said = 0
    for _ in range(60):
        settle(app, table)
        if app.top is not table or not table.human_turn():
            break
        legal = table.match.state.legal_actions()
        table.hint()
        tick(app, 2)
        assert table.hud.toast is not None
        words = table.hud.toast[0]
        tick(app, 300)  # half a minute
        assert table.hud.toast is not None and table.hud.toast[0] == words
        if len(legal) == 1:
            forced += 1
            only = tr(lang, "hint_only_move", hint="").strip(". ")
            assert only in words, words
        else:
            said += 1
        table.act(legal[0])
        tick(app)
        assert table.hud.toast is None or table.hud.toast[0] != words
        if forced and said >= 2:
            break
    assert forced and said >= 2, (forced, said)

def test_the_hint_tells_a_reason_in_words_before_the_points_of_two_tricks() -> None:
    """The hint tells one of the review's reasons: the first, unless that is
    the points of this trick and the next and another follows (a newcomer read
    "+2.3 points on average" as no reason, and its two tricks against the
    review's whole round as a second verdict)."""
    from tute_desktop.bots.reasons import TRICKS, TRUMPS, Reason
    from tute_desktop.ui.table.why import hint_reason

    tricks = Reason(TRICKS, "play 2o", "play 4c", 40, 2.3, -3.9)
    trumps = Reason(TRUMPS, "play 2o", "play 4c", 40, 3.0, 2.0)
    assert hint_reason((tricks, trumps)) is trumps
    assert hint_reason((trumps, tricks)) is trumps
    assert hint_reason((tricks,)) is tricks
    assert hint_reason(()) is None


def test_a_tournament_matchs_heading_follows_the_language_and_its_button_its_key(
        app: App) -> None:
    """The bracket's button for the next match names its key, Enter, as the
    others name theirs (a newcomer saw it alone without one); at the table,
    the score panel's "Tournament · Final" is said in the language of the
    moment (it stayed English on a Spanish table until the match was left)."""
    from tute_desktop.ui.tournament import BracketScene

    t = Tournament.draw([Participant("Ana"), Participant("Bot 2", "easy")], seed=1)
    bracket = BracketScene(app, t)
    app.reset_to(bracket)
    first = bracket.buttons.buttons[0]
    assert first.caption().endswith(f"[{tr('en', 'enter_key')}]")
    first.on_press()
    table = app.top
    assert isinstance(table, TableScene)
    assert table.hud.caption == f"{tr('en', 'tournament')} · {tr('en', 'round_final')}"
    app.set_settings(replace(app.settings, language="es"))
    assert table.hud.caption == f"{tr('es', 'tournament')} · {tr('es', 'round_final')}"


@pytest.mark.parametrize(("variant", "crowded"), [("habanero", False), ("tres", True),
                                                  ("cuatro", True)])
def test_a_trick_of_three_or_four_cards_stays_longer_before_it_is_gathered(
        app: App, variant: str, crowded: bool) -> None:
    """A newcomer at four each alone often missed the last card of a trick
    before it went: a trick of three or four cards is held
    ``CROWDED_TRICK_HOLD`` seconds, longer than one of two (the round's last
    longer still, ``LAST_TRICK_HOLD``)."""

    from tute_desktop.engine.events import TrickWon
    from tute_desktop.ui.table.controller import (
        CROWDED_TRICK_HOLD,
        LAST_TRICK_HOLD,
        STEPS,
        TAKEN_TRICK_HOLD,
    )

    table = new_table(app, variant, seed=2)
    held: dict[bool, float] = {}  # by whether a bot took it
    for _ in range(20000):
        step = table.controller.current
        if step is not None and isinstance(step.event, TrickWon) and not step.event.diez:
            held.setdefault(step.event.winner != 0, step.hold)
            if len(held) == 2:
                break
        if table.match.state.phase != "play":
            break
        play_first(app, table)
    # With two, a trick a bot takes stays longer than one the person takes (nc86).
    want = {True: CROWDED_TRICK_HOLD, False: CROWDED_TRICK_HOLD} if crowded else \
        {True: TAKEN_TRICK_HOLD, False: STEPS[TrickWon].hold}
    assert held == want
    assert STEPS[TrickWon].hold < TAKEN_TRICK_HOLD < CROWDED_TRICK_HOLD < LAST_TRICK_HOLD


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_safer_played_now_is_named_once_and_a_trump_count_says_trumps(lang: str) -> None:
    """A newcomer read "With 3 of coins your 3 of coins would be safer" (the
    card named twice, the hint being to play it) and "you would hold 2.4 on
    average" (2.4 of what?): the card safer played now says so, and the
    trump counts say trumps."""
    from tute_desktop.bots.reasons import HIGH, TRUMPS, Reason
    from tute_desktop.engine.cards import CARDS
    from tute_desktop.ui.table.why import reason_words

    three = next(i for i, c in enumerate(CARDS) if str(c) == "3o")
    itself = reason_words(lang, Reason(HIGH, "play 3o", "play 5c", 40, 3, 20, what=three),
                          "habanero")
    other = reason_words(lang, Reason(HIGH, "play 5c", "play 4c", 40, 3, 20, what=three),
                         "habanero")
    name = {"en": "3 of coins", "es": "3 de oros"}[lang]
    assert itself.count(name) == 1 and other.count(name) == 1
    assert {"en": "by playing it now than", "es": "jugándolo ya que"}[lang] in itself
    trumps = reason_words(lang, Reason(TRUMPS, "play 5c", "play 4c", 40, 2.4, 1.0), "habanero")
    assert {"en": "2.4 trumps", "es": "2,4 triunfos"}[lang] in trumps


@pytest.mark.parametrize("lang", LANGS)
def test_about_says_what_the_game_is_and_credits_its_typeface_within_the_page(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A newcomer found the About page all licence, no word of what the game
    is, and the typeface not credited where they looked: it says what the
    game is under its name, credits Inter and its licence among the credits,
    and its own sentences are wrapped to the page (960x540 too)."""
    from tute_desktop.ui.about import AboutScene

    app.set_settings(replace(app.settings, language=lang))
    app.set_window_size((960, 540))
    scene = AboutScene(app)
    app.reset_to(scene)
    head = " ".join(text for text, _ in scene.lines[:12])
    assert " ".join(tr(lang, "about_what").split()) in " ".join(head.split())
    assert "Inter" in head and "Open Font License" in head
    fs = int(540 * 0.024)
    for text, _ in scene.lines[:12]:
        assert app.text.font(fs).size(text)[0] <= 960 * 0.84 + 1, text


@pytest.mark.parametrize(("variant", "lang"), [("boricua", "en"), ("boricua", "es"),
                                               ("habanero", "en"), ("tres", "es")])
def test_the_trumps_mark_and_the_score_panel_say_what_their_words_mean(
        app: App, variant: str, lang: str) -> None:
    """A newcomer met boricua's "Vira", "Acusos" and "malas" at the table with
    no word of what they are: under the pointer, the trump's mark and the
    score panel explain themselves, in the rule set's own words, beside what
    they explain (not over it)."""
    from window_helpers import settle, tick

    from tute_desktop.i18n import in_variant

    app.set_settings(replace(app.settings, language=lang))
    table = new_table(app, variant, seed=3)
    settle(app, table)
    st = table.match.state
    hud = table.hud
    seen = table._seen()
    places = [(hud.trumps_rect(st), "tip_trumps"), (hud.panel_rect(st), "tip_score")]
    if table.match.rules.has_stock:  # the face-up card under the stock too (nc95)
        places.append((hud.stock_rect(), "tip_trumps"))
    for rect, key in places:
        app.dispatch(I.Intent(I.POINTER, pos=rect.center))
        tick(app)
        tip = hud.tooltip_now(table._seen())
        # (after why the person's trump 7 is offered no exchange, where it is not)
        assert tip is not None and tip[0].endswith(tr(lang, in_variant(variant, key)))
        assert not hud.tooltip_box(tip[0], tip[1]).colliderect(rect)
    if variant == "boricua":
        said = tr(lang, in_variant(variant, "tip_score"))
        assert "malas" in said and "101" in said
    app.dispatch(I.Intent(I.POINTER, pos=(app.size[0] // 2, app.size[1] // 2)))
    tick(app)
    assert hud.tooltip_now(seen) is None


@pytest.mark.parametrize("lang", LANGS)
def test_la_contras_contract_reason_says_what_its_sign_means_in_words(lang: str) -> None:
    """§12: a newcomer could not read "(the bid the bidder fails, +, or makes,
    −)": to la contra, a solved or exact reason says its side's score on the
    contract and what a plus and a minus mean, in words."""
    from tute_desktop.bots.reasons import EXACT, SOLVED, Reason
    from tute_desktop.ui.table.why import TEAM, reason_words

    for kind, deals in ((EXACT, 1), (SOLVED, 40)):
        said = reason_words(lang, Reason(kind, "play 3e", "play 2c", deals, 20.0, 6.0),
                            "subastado", TEAM)
        assert {"en": "a plus: the bidder fails the bid; a minus: the bidder makes it",
                "es": "en positivo: quien pujó falla la puja; en negativo: la cumple"}[lang] \
            in said, said
        assert ", +, o" not in said and ", +, or" not in said


@pytest.mark.parametrize("lang", LANGS)
def test_a_boricua_round_on_points_names_no_winner_the_total_goes_on(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """§10.3: in boricua a round's points join the running total and the match
    is to 101; a round that reaches no 101 has no winner of its own (a
    newcomer read "Winner of the round: You, on points" and wondered what it
    counted for): the summary says nobody reached 101 and the total goes on,
    its history too."""
    from window_helpers import play_to_summary

    from tute_desktop.engine.events import Reason

    app.set_settings(replace(app.settings, language=lang))
    table = new_table(app, "boricua", seed=2)
    summary = play_to_summary(app, table)
    outcome = summary._outcome()
    assert outcome.reason is Reason.POINTS and outcome.match_winner is None
    texts = drawn_texts(app, monkeypatch)
    assert tr(lang, "vuelta_nobody") in texts and tr(lang, "running_goes_on") in texts
    assert tr(lang, "hist_running") in texts
    assert not any(t.startswith(tr(lang, "winner_is", name="", why="")[:8]) for t in texts)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_turned_up_card_in_tres_is_said_to_be_nobodys(app: App, lang: str) -> None:
    """§8: in tres the 40th card is turned up, marks trumps and is not played.
    A newcomer wondered all round whose the face-up 2 beside the trump's mark
    was: under the trump's words a line says it is nobody's and not played,
    inside the trump's area that the chronicle keeps clear of. Rule sets
    where the turned-up card is someone's (a stock's last card, the dealer's
    in parejas) say nothing of the kind."""
    from tute_desktop.engine import view
    from tute_desktop.ui.table.still import describe_table

    app.set_settings(replace(app.settings, language=lang))
    note = tr(lang, "dead_card_note").split("\n")[0]
    for variant, said in (("tres", True), ("habanero", False), ("parejas", False)):
        n = VARIANTS[variant].players
        match = Match(variant, [Seat("Ana")] + [Seat(f"Bot {i}", "random") for i in range(1, n)],
                      seed=4)
        for size in ((1280, 720), (960, 540)):
            desc = describe_table(app, match, view(match.state, 0), size=size)
            lines = [w for w in desc.labels if w.words == note]
            assert len(lines) == (1 if said else 0), (variant, size)
            if said:  # under the trump's words, starting where they start
                head = tr(lang, "trumps_line", suit="")[:4]
                words = next(w for w in desc.labels if w.words.startswith(head))
                assert lines[0].at[0] == words.at[0] and lines[0].at[1] > words.at[1]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_dead_cards_note_says_the_7_or_2_may_take_it_only_while_they_may(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """§8: the deal's compulsory exchanges leave a 2 or a 4 turned up, which
    stays: nc92 read "(the 7 or 2 may take it)" beside a 4 and beside the 2
    itself. The note says so only while the card shown is one they take (as
    the deal's exchanges are shown)."""
    from window_helpers import drawn_texts, settle, tick

    from tute_desktop.engine.cards import CARDS

    app.set_settings(replace(app.settings, language=lang))
    first, second = tr(lang, "dead_card_note").split("\n")
    seen = set()
    for seed in range(1, 40):
        table = new_table(app, "tres", seed=seed)
        tick(app, 3)  # (the deal being shown: the card first turned up)
        shown = CARDS[table.board.dead].rank
        assert (second in drawn_texts(app, monkeypatch)) == (shown not in (2, 4))
        seen.add(shown in (2, 4))
        settle(app, table)
        assert CARDS[table.board.dead].rank in (2, 4)  # (what the exchanges leave)
        texts = drawn_texts(app, monkeypatch)
        assert first in texts and second not in texts, seed
        if seen == {True, False}:
            break
    assert seen == {True, False}


NO_EXCHANGE_WORDS = {
    ("en", "habanero"): "the 2", ("es", "habanero"): "el 2",
    ("en", "corriente"): "the 2", ("es", "corriente"): "el 2",
    ("en", "boricua"): "only the 7 exchanges", ("es", "boricua"): "solo se cambia el 7",
    ("en", "tres"): "compulsory", ("es", "tres"): "obligatorio",
}
"""What the words of a trump 7 offered no exchange say in each rule set: the 7
and the 2 (habanero, corriente), the 7 only (boricua), compulsory (tres)."""


@pytest.mark.parametrize(("lang", "variant"), sorted(NO_EXCHANGE_WORDS))
def test_a_trump_7_offered_no_exchange_is_told_why_at_the_table(
        app: App, lang: str, variant: str) -> None:
    """A newcomer held the 7 of trumps beside a face-up 5 and was offered no
    exchange: only the rules page said the 7 takes only an As, Tres, Rey,
    Caballo or Sota. The trump's mark says it under the pointer, first, in the
    rule set's words, naming the 7 and the face-up card; with a face-up card
    the 7 may take, or without the 7, the mark says only what trumps are."""
    from window_helpers import settle, tick

    from tute_desktop.engine.cards import SIETE, SOTA
    from tute_desktop.engine.obligations import LEADS
    from tute_desktop.i18n import in_variant
    from tute_desktop.i18n.cards import card_in_sentence

    app.set_settings(replace(app.settings, language=lang))
    said: dict[bool, int] = {True: 0, False: 0}
    told = 0
    for seed in range(120):  # (boricua's first lead of the 7 beside a face-up card it
        # may not take, other than the 2, is at seed 92)
        table = new_table(app, variant, seed=seed)
        st = table.match.state
        up = st.dead_card if variant == "tres" else st.faceup
        seven = st.trump * 10 + SIETE
        low = bool(st.hands[0] >> seven & 1) and 0 <= up and up % 10 < SOTA
        if said[low] >= 2 and (told or not low or variant == "tres"):
            continue
        settle(app, table)
        st = table.match.state
        app.dispatch(I.Intent(I.POINTER, pos=table.hud.trumps_rect(st).center))
        tick(app)
        tip = table.hud.tooltip_now(table._seen())
        assert tip is not None
        plain = tr(lang, in_variant(variant, "tip_trumps"))
        if low:
            assert tip[0].endswith(" " + plain) and tip[0] != plain
            assert NO_EXCHANGE_WORDS[lang, variant] in tip[0]
            assert card_in_sentence(lang, seven) in tip[0]
            assert card_in_sentence(lang, up) in tip[0]
        else:
            assert tip[0] == plain
        # and where the person leads, when an exchange would be offered, the
        # line above the hand says it too (tres: made before the first trick)
        ob = st.obligation() if st.to_act == 0 else None
        leads = ob is not None and ob.duty in LEADS and st.pending_card < 0
        # (not beside the 2's exchange offered on the same line: read as a contradiction)
        leads = leads and not any(a.kind == "swap" for a in st.legal_actions())
        # (nor where the 2 of trumps is face up: nobody takes it, nc97)
        leads = leads and not (st.faceup >= 0 and st.faceup % 10 == DOS)
        note = tr(lang, "rule.no_exchange")
        assert table.hud.rule_line.endswith(note) == (low and leads and variant != "tres"), (
            table.hud.rule_line)
        said[low] += 1
        told += low and leads and variant != "tres"
        if min(said.values()) >= 2 and (told or variant == "tres"):
            break
    assert min(said.values()) >= 1, said
    assert told >= 1 or variant == "tres"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_history_results_start_with_a_capital_as_the_headings_do(lang: str) -> None:
    """The summary's history: every result cell a rule set can write begins
    with a capital (in Spanish a newcomer saw "ganador de la mano: ..." under
    capitalised headings)."""
    keys = ("hist_vuelta", "hist_running", "hist_game", "hist_round", "hist_match",
            "hist_leads", "hist_level", "hist_thrown", "hist_all_passed")
    for key in keys:
        said = tr(lang, key, name="Bot 2", total=3, target=500)  # names: capitalised
        assert said[0].isupper(), (key, said)


# ---------------------------------------------------------------- the table's layout
LAYOUT_SIZES = [(960, 540), (1280, 720), (1920, 1080)]


def _nearest_card(desc: object, point: tuple[float, float],
                  spots: list[object]) -> object:
    """Of ``spots`` (cards as described), the one whose box lies nearest ``point``."""
    from layout_check import card_rect

    def gap(spot: object) -> float:
        r = card_rect(desc, spot)  # type: ignore[arg-type]
        dx = max(r.left - point[0], 0, point[0] - r.right)
        dy = max(r.top - point[1], 0, point[1] - r.bottom)
        return float(dx * dx + dy * dy)
    return min(spots, key=gap)


@pytest.mark.parametrize("variant", ["tres", "cuatro"])
def test_each_name_in_the_trick_lies_by_its_own_card_and_on_no_other(
        app: App, variant: str) -> None:
    """Four each alone: the top seat's "Bot 2 led" lay left of its card, over
    the left seat's card, and read as that card's. At 960x540, 1280x720 and
    1920x1080, every seat leading, with three and with four: every name of a
    complete trick is nearer its own card than any other card of the trick,
    and runs into no other card, plate or words (``layout_check``)."""
    from layout_check import assert_laid_out, card_corners, card_hits, cut_words

    n = VARIANTS[variant].players
    for size in LAYOUT_SIZES:
        sized(app, size)
        table = TableScene(app, Match(variant, named_seats(app, n, "random"), seed=3))
        app.reset_to(table)
        leaders: set[int] = set()
        for _ in range(6000):
            trick = table.board.trick
            if len(trick) == n and trick[0][0] not in leaders and not table.cards.moving():
                leaders.add(trick[0][0])
                with cut_words() as cut:
                    desc = table.describe()
                where = (variant, size, "leader", trick[0][0])
                assert_laid_out(desc, app.text.font, n, cut, where)
                cards = dict(trick)
                in_trick = [s for s in desc.cards if s.face in cards.values()]
                assert len(desc.trick_tags) == n, where
                for tag in desc.trick_tags:
                    rect = pygame.Rect(tag.box)
                    own = cards[tag.seat]
                    assert _nearest_card(desc, rect.center, in_trick).face == own, (
                        where, tag.words.words, rect)
                    for spot in in_trick:
                        if spot.face != own:
                            assert not card_hits(card_corners(desc, spot), rect), (
                                where, tag.words.words, spot.face)
                if len(leaders) == n:
                    break
            if table.human_turn():
                st = table.match.state
                table.act(next((a for a in st.legal_actions() if a.kind == "play"),
                               st.legal_actions()[0]))
            table.update(0.05)
            if app.top is not table:  # (a round over: the next one)
                break
        assert len(leaders) == n, (variant, size, leaders)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_exchanges_words_cover_no_card_at_large_text(
        app: App, lang: str, size: tuple[int, int]) -> None:
    """Large text: "You exchange the 7 of swords for the Knight (11) of swords",
    across the trick, lay over the face-up card beside the stock for its
    seconds. Every frame the exchange's words show, their box covers no card
    but the trick's (a banner lies over the trick for a moment, ``OVER_THE_MIDDLE``)
    and holds its words (in as many lines as it takes)."""
    from layout_check import assert_laid_out, box, card_corners, card_hits, cut_words

    sized(app, size, lang, "large")
    table = TableScene(app, Match("habanero", named_seats(app, 2, "random"), seed=0))
    app.reset_to(table)
    shown = 0
    for _ in range(3000):
        if table.human_turn():
            acts = table.match.state.legal_actions()
            table.act(next((a for a in acts if a.kind == "swap"), acts[0]))
        table.update(0.05)
        if table.hud.banner is None or not shown and "7" not in table.hud.banner[0]:
            if shown:
                break
            continue
        shown += 1
        with cut_words() as cut:
            desc = table.describe()
        banner = next(p for p in desc.overlays if p.kind == "banner")
        played = {c for _, c in table.board.trick}  # (a banner lies over the trick)
        for spot in desc.cards:
            if not spot.flying and spot.face not in played:
                assert not card_hits(card_corners(desc, spot), box(banner.box)), (
                    [w.words for w in banner.words], spot.face)
        assert_laid_out(desc, app.text.font, 2, cut, (lang, size))
    assert shown >= 10


@pytest.mark.parametrize("variant", ["habanero", "cuatro"])
def test_a_plate_reads_the_same_while_a_card_flies_over_it(
        app: App, variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Cards dealt or played flew over the seats' plates: a player lost the
    names and scores for a moment. Every frame of the deal and the first
    tricks in which a card in flight crosses a plate, the plate's pixels are
    those of the same frame drawn without the cards in flight."""
    from dataclasses import replace as changed

    from layout_check import box, card_corners, card_hits

    sized(app, (1280, 720))
    n = VARIANTS[variant].players
    table = TableScene(app, Match(variant, named_seats(app, n, "random"), seed=4))
    app.reset_to(table)
    real = table.describe
    crossings = 0
    for _ in range(400):
        desc = real()
        crossed = [p for p in desc.plates if any(
            s.flying and card_hits(card_corners(desc, s), box(p.box)) for s in desc.cards)]
        if crossed:
            crossings += 1
            seen = app.picture()
            still = changed(desc, cards=tuple(s for s in desc.cards if not s.flying))
            monkeypatch.setattr(table, "describe", lambda still=still: still)
            calm = app.picture()
            monkeypatch.setattr(table, "describe", real)
            for plate in crossed:
                rect = box(plate.box).inflate(-18, -2)  # (its corners are round)
                assert pygame.image.tobytes(seen.subsurface(rect), "RGB") == \
                    pygame.image.tobytes(calm.subsurface(rect), "RGB"), (variant, plate.seat)
        if table.human_turn():
            st = table.match.state
            table.act(next((a for a in st.legal_actions() if a.kind == "play"),
                           st.legal_actions()[0]))
        table.update(1 / 30)
    assert crossings


def _gap(a: pygame.Rect, b: pygame.Rect) -> float:
    """Points between two rectangles (0: they touch or overlap)."""
    dx = max(b.left - a.right, 0, a.left - b.right)
    dy = max(b.top - a.bottom, 0, a.top - b.bottom)
    return float((dx * dx + dy * dy) ** 0.5)


@pytest.mark.parametrize("variant", ["cuatro", "parejas"])
@pytest.mark.parametrize(("lang", "text_size"), [("en", "normal"), ("es", "large")])
def test_the_dealers_turned_card_and_its_trumps_words_lie_by_the_dealer_off_every_hand(
        app: App, variant: str, lang: str, text_size: str) -> None:
    """Four each alone: the dealer's face-up trump card lay on that seat's
    hand, and "Trumps: clubs" sat by another seat's won pile. At 960x540,
    1280x720 and 1920x1080 (and in large text), every seat dealing, once the
    deal is shown: the
    turned card (another seat's) lies on no other card, plate or words; the
    trump's words cover no card, and they and the mark lie nearer the
    dealer's card than any other seat's hand, plate or pile; the whole table
    is laid out."""
    from layout_check import (
        assert_laid_out,
        card_corners,
        card_hits,
        card_rect,
        cut_words,
        text_rect,
    )

    from tute_desktop.ui.table.board import pile_where

    for size in LAYOUT_SIZES:
        sized(app, size, lang, text_size)
        dealers: set[int] = set()
        for seed in range(40):
            table = TableScene(app, Match(variant, named_seats(app, 4, "random"), seed=seed))
            app.reset_to(table)
            dealer = table.match.state.dealer
            if dealer in dealers:
                continue
            for _ in range(400):
                if table.board.dealt and table.board.turned >= 0 and not table.cards.moving():
                    break
                table.update(0.05)
            assert table.board.turned >= 0 and not table.cards.moving(), (size, seed)
            dealers.add(dealer)
            with cut_words() as cut:
                desc = table.describe()
            where = (variant, lang, text_size, size, "dealer", dealer)
            assert_laid_out(desc, app.text.font, 4, cut, where)
            geo, hud = table.geo, table.hud
            words = next(w for w in desc.labels
                         if w.words == hud.trumps_words(table.match.state))
            said = text_rect(app.text.font, words)
            for spot in desc.cards:
                assert not card_hits(card_corners(desc, spot), said), (where, spot.face)
            if dealer == 0:  # the person's: in their hand, face up
                continue
            turned = next(s for s in desc.cards if s.face == table.board.turned)
            shown = card_rect(desc, turned)
            for spot in desc.cards:
                if spot is not turned:
                    assert not card_hits(card_corners(desc, spot), shown), (where, spot.face)
            for plate in desc.plates:
                assert not shown.colliderect(pygame.Rect(plate.box)), (where, plate.seat)
            turned_room = table.regions()["turned"]  # (what a seat's move keeps off)
            assert turned_room.inflate(4, 4).contains(shown), (where, turned_room, shown)
            block = hud.trumps_rect(table.match.state)  # the mark and its words
            assert block.inflate(4, 4).contains(said), where
            near = _gap(block, shown)
            for seat in range(1, 4):
                if seat == dealer:
                    continue
                side = geo.seat_position(seat, 0, 4)
                others = [pygame.Rect(geo.hand_box(side)), pygame.Rect(hud.plate_rect(side))]
                for s in range(table.match.rules.sides):
                    if pile_where(table.board, geo, s, 0) == side:
                        others.append(pygame.Rect(geo.pile_box(side)))
                for other in others:
                    assert near < _gap(block, other), (where, words.words, block, other)
            if len(dealers) == 4:
                break
        assert dealers == {0, 1, 2, 3}, (size, dealers)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_last_trick_leaves_the_trumps_words_in_sight_on_the_reviews_table(
        app: App, lang: str) -> None:
    """The review draws a two-player table narrower than the window; there the
    last trick's panel lay over "Triunfo: oros" beside the stock (a newcomer's
    report): it moves right, clear of the trump's words. With four (nc84, the
    pairs review: "Trumps: cu" beside the panel) there is no room right of it:
    it goes down, above the person's hand."""
    from tute_desktop.engine import view
    from tute_desktop.ui.review import REVIEW_HAND_SHARE, TABLE_SHARE
    from tute_desktop.ui.table.board import HAND_MAX_WIDTH
    from tute_desktop.ui.table.still import describe_table

    app.set_settings(replace(app.settings, language=lang))
    for variant, seed in ((v, s) for v in ("corriente", "habanero", "boricua", "parejas",
                                           "cuatro") for s in range(8)):
        players = VARIANTS[variant].players
        seats = [Seat("Ana"), *(Seat(f"Bot {n}", "random") for n in range(1, players))]
        match = Match(variant, seats, seed=seed)
        while not match.state.last_cards or match.state.trick_cards:
            acts = match.state.legal_actions()
            match.apply(next((a for a in acts if a.kind == "play"), acts[0]))
        share = REVIEW_HAND_SHARE if players > 2 else HAND_MAX_WIDTH
        for w, h in ((1177, 662), (1280, 720), (960, 540), (1920, 1080)):
            size = (int(w * TABLE_SHARE), int(h * 0.78))
            desc = describe_table(app, match, view(match.state, 0), size=size, show_last=True,
                                  hand_share=share)
            panel = next(p for p in desc.overlays if p.kind == "last_trick")
            box = pygame.Rect(panel.box)
            words = next(x for x in desc.labels if x.bold)  # the trump's words
            tw, th = app.text.font(words.size).size(words.words)
            label = pygame.Rect(int(words.at[0]), int(words.at[1]), tw, th)
            where = (variant, seed, (w, h), box, label)
            assert not box.colliderect(label), where
            held = match.state.hands[0]
            hand = [s for s in desc.cards
                    if s.face is not None and held >> s.face & 1 and s not in panel.cards]
            assert hand, where
            assert all(s.y - desc.card_size[1] / 2 >= box.bottom for s in hand), where


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_boricua_declaration_on_the_plate_says_acuso(app: App, lang: str) -> None:
    """§7.3: boricua's players say «acuso». The banner and the chronicle said it
    and the plate said "Cantó 20" (a newcomer's report): the plate says it too;
    another rule set's plate keeps "Declared"."""
    from tute_desktop.engine.events import Cante, Declared, TrickWon

    app.set_settings(replace(app.settings, language=lang))
    for variant, word in (("boricua", "plate_declared_20_suit"),
                          ("habanero", "plate_declared_20_suit")):
        table = new_table(app, variant, seed=1)
        hud = table.hud
        hud.banner_for(Declared(1, Cante.TWENTY, 0, None, 20), 1.0, banner=False)
        said = hud.declared_words(1)
        suit = tr(lang, "suit.0")
        plain = tr(lang, word, suit=suit)
        assert (said != plain) == (variant == "boricua"), (variant, said)
        if variant == "boricua":
            assert "cus" in said  # «Acusó 20», «Acuso veinte»
        # The 20's suit (a newcomer read "Cantó 20" after the bot's second 20
        # as the first one's words, nc71); a second 20 after a trick says its own.
        assert said.endswith(suit), said
        hud.banner_for(TrickWon(1, 0, (), (), False), 1.0, banner=False)
        hud.banner_for(Declared(1, Cante.TWENTY, 2, None, 20), 1.0, banner=False)
        assert hud.declared_words(1).endswith(tr(lang, "suit.2")), hud.declared_words(1)
        # Where the plate has no room for the suit (a small window in large text),
        # the words without it, not cut short.
        from tute_desktop.i18n import in_variant

        assert hud.declared_words(1, room=10) == tr(lang, in_variant(variant, "plate_declared_20"))
        # The 40 says its suit too, the trumps' ("Declared 40" told nc94 nothing of it).
        hud.banner_for(TrickWon(1, 0, (), (), False), 1.0, banner=False)
        hud.banner_for(Declared(1, Cante.FORTY, 3, None, 40), 1.0, banner=False)
        assert hud.declared_words(1) == tr(lang, in_variant(variant, "plate_declared_40_suit"),
                                           suit=tr(lang, "suit.3"))
        assert hud.declared_words(1, room=10) == tr(lang, in_variant(variant, "plate_declared_40"))


def test_the_last_tricks_panel_hides_the_trick_on_the_tables_names(app: App) -> None:
    """A newcomer opened the last trick over a trick of three in play: the
    panel covered the cards but a name tag beside one still showed, cut at
    its edge ("edium) led"). While the panel is open the trick's tags are not
    drawn; closed, they are back."""
    from window_helpers import settle, tick

    table = new_table(app, "tres", seed=3)
    for _ in range(200):
        settle(app, table)
        st = table.match.state
        if table.human_turn() and st.trick_cards and st.tricks_played:
            tick(app, 30)  # the cards led come to rest
            break
        mask = st.legal_play_mask()
        table.act(next(a for a in st.legal_actions()
                       if a.kind == "play" and mask >> a.card & 1))
    assert table.describe().trick_tags
    table.hud.show_last = True
    assert table.describe().trick_tags == ()
    table.hud.show_last = False
    assert table.describe().trick_tags


# ------------------------------------------------------------ ui-words2: a second cold reading

TARGET_LABELS = {
    ("en", "lost_rounds"): ("Match ends at", "(fewest lost wins)"),
    ("es", "lost_rounds"): ("Fin de la partida", "(gana quien tenga menos)"),
    ("en", "games101"): ("Match target", ""), ("es", "games101"): ("Objetivo", ""),
    ("en", "won_rounds"): ("Match target", ""), ("es", "won_rounds"): ("Objetivo", ""),
    ("en", "contract"): ("Match target", ""), ("es", "contract"): ("Objetivo", ""),
}
"""The match target's row by what the match counts: lost rounds (tres, cuatro)
end the match at the target and the fewest wins; the others' targets are reached."""


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", sorted(v for v in VARIANTS if "target" in OPTIONS[v]))
def test_a_target_of_lost_rounds_reads_as_a_limit_that_ends_the_match(
        app: App, lang: str, variant: str) -> None:
    """"Objetivo: 3 piedras" read like something to reach: where the match counts
    lost rounds, the row says the match ends there and the fewest wins, on New
    match and on the rules page; the other scorings keep their target's words."""
    label, limit = TARGET_LABELS[lang, VARIANTS[variant].scoring.value]
    scene = _new_game(app, lang, variant)
    row = scene._rows()[1 + scene._players() + list(OPTIONS[variant]).index("target")]
    assert row[0] == label
    for value in OPTIONS[variant]["target"]:
        said = option_value_label(lang, "target", value, variant)
        assert said.endswith(limit) if limit else "(" not in said, said
    house = rules_text(variant, lang)[-1][1]
    assert any(p.startswith(label + ": ") for p in house), house
    assert option_label(lang, "target") == TARGET_LABELS[lang, "games101"][0]


DEFAULT_SAID = {"en": "Default: ", "es": "Por defecto: "}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_default_value_inside_a_sentence_starts_in_lower_case(lang: str, variant: str) -> None:
    """"Por defecto: Dos manos ganadas." on the pairs rules page: a house rule's
    default value said inside its sentence starts in lower case (a number stays)."""
    said = DEFAULT_SAID[lang]
    lines = [p for _, ps in rules_text(variant, lang) for p in ps if said in p]
    assert len(lines) == len(OPTIONS[variant]), lines
    for line in lines:
        value = line.split(said, 1)[1]
        assert value[:1].isdigit() or value[:1].islower(), (variant, lang, line)


@pytest.mark.parametrize(("lang", "other"), [("en", "es"), ("es", "en")])
def test_the_first_launchs_offer_switches_the_language_at_once_and_keeps_it(
        app: App, lang: str, other: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """"New to Tute?" was in English only: a Spanish speaker had to find
    Settings. The offer has a button named in the other language's own words
    (its key that name's letter) which turns the game to it at once, redraws the
    offer and the title under it in it, and is saved as Settings saves it."""
    from tute_desktop.game.settings import load_settings
    from tute_desktop.ui.lesson import LessonOfferScene

    offer = opened_from_title(app, lang, "lesson_offer")
    assert isinstance(offer, LessonOfferScene)
    before = drawn_texts(app, monkeypatch)
    assert tr(lang, "lesson.offer_title") in before
    named = tr(other, "language_name")
    assert any(text.startswith(named) for text in before), before
    app.dispatch(I.Intent(I.KEY, char=tr(other, "key.offer_language")))
    assert app.settings.language == other and app.top is offer
    after = drawn_texts(app, monkeypatch)
    assert tr(other, "lesson.offer_title") in after
    assert tr(lang, "lesson.offer_title") not in after
    assert any(text.startswith(tr(other, "learn")) for text in after), after
    assert any(text.startswith(tr(lang, "language_name")) for text in after), after
    assert load_settings()[0].language == other  # kept for the next launch
    # Chosen with the arrows and Enter, the focus then goes to Learn to play
    # (left on the language's button, now the other one, a habitual Enter
    # turned the game back: nc99)
    app.dispatch(I.Intent(I.LEFT))  # (from Learn to play, round to the last button)
    assert offer.buttons.buttons[offer.focus].label.startswith(tr(lang, "language_name"))
    app.dispatch(I.Intent(I.CONFIRM))
    assert app.settings.language == lang
    assert offer.buttons.buttons[offer.focus].label.startswith(tr(lang, "learn"))
    app.dispatch(I.Intent(I.KEY, char=tr(lang, "key.offer_language")))  # (back to other)
    app.dispatch(I.Intent(I.BACK))  # "Not now": the title speaks it too
    assert tr(other, "subtitle") in drawn_texts(app, monkeypatch)


@pytest.mark.parametrize("lang", LANGS)
def test_the_quit_question_says_a_tournament_in_progress_is_kept_too(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Quit Tute?" said only that a match in progress is kept: with a tournament
    saved, it says the tournament is kept as well; without one, it does not."""
    from tute_desktop.game.tournament import delete_tournament, save_tournament
    from tute_desktop.ui.scenes import ConfirmScene

    app.set_settings(app.settings.with_(language=lang))
    for saved in (False, True):
        if saved:
            save_tournament(Tournament.draw([Participant("Ana"), Participant("Bot 2", "easy")],
                                            seed=1))
        else:
            delete_tournament()
        on_title(app)
        app.dispatch(I.Intent(I.BACK))  # Esc on the title asks
        question = app.top
        assert isinstance(question, ConfirmScene)
        drawn = " ".join(drawn_texts(app, monkeypatch))
        said = " ".join(question.lines)
        for key in ("quit_ask_kept", "quit_ask_kept_tournament"):
            assert (tr(lang, key) == said) == (saved == key.endswith("tournament"))
        assert " ".join(said.split()[:3]) in drawn and said.split()[-1] in drawn
        tournament = {"en": "tournament", "es": "torneo"}[lang]
        assert (tournament in said) == saved, said


@pytest.mark.parametrize("lang", LANGS)
def test_the_statistics_declarations_say_they_are_the_players_own(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Cantes: 20 ×0 40 ×0": a player whose partner sang the 40 in pairs did not
    know whose declarations are counted. They are the player's own (the seat
    that declared), and the label says so."""
    from tute_desktop.game.stats import round_result
    from tute_desktop.ui.statistics import StatisticsScene

    for seed in range(40):  # a pairs round where the partner declared
        match = Match("parejas", [Seat("Ana"), Seat("B1", "easy"), Seat("B2", "easy"),
                                  Seat("B3", "easy")], seed=seed)
        rng = random.Random(seed)
        while match.state.outcome is None:
            acts = match.state.legal_actions()
            match.apply(acts[rng.randrange(len(acts))])
        if any(d.seat == 2 for d in match.state.declarations):
            break
    else:
        raise AssertionError("no partner declared")
    own = tuple(str(d.kind) for d in match.state.declarations if d.seat == 0)
    assert round_result(match).people[0].declarations == own
    app.set_settings(app.settings.with_(language=lang))
    app.stats.record_round(round_result(match))
    on_title(app)
    app.nav.push("statistics")
    assert isinstance(app.top, StatisticsScene) and app.top.name == "Ana"
    counts = "   ".join(f"{k} ×{own.count(k)}" for k in ("20", "40", "tute"))
    label = tr(lang, "stats_declarations")
    assert f"{label}: {counts}" in drawn_texts(app, monkeypatch)
    assert {"en": "partner", "es": "pareja"}[lang] in label


@pytest.mark.parametrize("lang", LANGS)
def test_the_declarations_count_speaks_of_a_partner_only_after_pairs(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A club player who had played only habanero read "Your declarations (not
    your partner's)" (cold play nc76): without a round in pairs, no partner."""
    from tute_desktop.game.stats import round_result
    from tute_desktop.ui.statistics import StatisticsScene

    match = Match("habanero", [Seat("Ana"), Seat("Bot", "easy")], seed=3)
    rng = random.Random(3)
    while match.state.outcome is None:
        acts = match.state.legal_actions()
        match.apply(acts[rng.randrange(len(acts))])
    app.set_settings(app.settings.with_(language=lang))
    app.stats.record_round(round_result(match))
    on_title(app)
    app.nav.push("statistics")
    assert isinstance(app.top, StatisticsScene)
    drawn = drawn_texts(app, monkeypatch)
    own = tr(lang, "stats_declarations_own")
    assert any(t.startswith(own + ":") for t in drawn), drawn
    assert not [t for t in drawn if t.startswith(tr(lang, "stats_declarations"))], drawn


@pytest.mark.parametrize("lang", LANGS)
def test_the_declarations_count_says_acuso_where_only_boricua_was_played(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """§7.3: boricua's players say «acuso» for a declaration; a Puerto Rican
    player read "Your declarations" on the statistics beside «Acuso» at the
    table (cold play nc109). Once another rule set is played, the plain word."""
    from tute_desktop.game.stats import round_result
    from tute_desktop.i18n import in_variant
    from tute_desktop.ui.statistics import StatisticsScene

    def play(variant: str, seed: int) -> None:  # (a round is counted once: its key)
        match = Match(variant, [Seat("Ana"), Seat("Bot", "easy")], seed=seed)
        rng = random.Random(seed)
        while match.state.outcome is None:
            acts = match.state.legal_actions()
            match.apply(acts[rng.randrange(len(acts))])
        app.stats.record_round(round_result(match))

    def label() -> str:
        on_title(app)
        app.nav.push("statistics")
        assert isinstance(app.top, StatisticsScene)
        drawn = drawn_texts(app, monkeypatch)
        return next(t for t in drawn if ":" in t and "×" in t).split(":")[0]

    app.set_settings(app.settings.with_(language=lang))
    play("boricua", 3)
    assert label() == tr(lang, in_variant("boricua", "stats_declarations_own"))
    assert {"en": "acuso", "es": "acusos"}[lang] in label()
    play("habanero", 4)
    assert label() == tr(lang, "stats_declarations_own")


@pytest.mark.parametrize("lang", LANGS)
def test_the_tournament_setup_opens_boricuas_rules_and_says_its_matches_are_boricua(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A newcomer met boricua's words (vira, acusos) first in a tournament, which
    is boricua only (§10.4): the setup's subtitle says its matches are Puerto
    Rican Tute, and a button with a key (F1 too) opens the rules page at boricua;
    Esc comes back to the setup as it was."""
    from tute_desktop.ui.scenes import RulesScene
    from tute_desktop.ui.tournament import TournamentSetupScene

    setup = opened_from_title(app, lang, "tournament_setup")
    assert isinstance(setup, TournamentSetupScene)
    drawn = drawn_texts(app, monkeypatch)
    about = tr(lang, "tournament_about")
    assert about in drawn and "Puerto Ric" in about and "boricua" in about
    button = next(b for b in setup.buttons.buttons if b.label == tr(lang, "tournament_rules"))
    assert button.caption() in drawn and button.key
    setup.count = 3
    for how in (I.Intent(I.KEY, char=button.key), I.Intent(I.HELP)):
        app.dispatch(how)
        rules = app.top
        assert isinstance(rules, RulesScene) and rules.variant == "boricua"
        assert rules_text("boricua", lang)[0][0] in drawn_texts(app, monkeypatch)
        app.dispatch(I.Intent(I.BACK))
        assert app.top is setup and setup.count == 3
    app.dispatch(I.Intent(I.PRESS, pos=button.rect.center))
    app.dispatch(I.Intent(I.RELEASE, pos=button.rect.center))
    assert isinstance(app.top, RulesScene) and app.top.variant == "boricua"


@pytest.mark.parametrize("variant", ["habanero", "corriente", "boricua"])
@pytest.mark.parametrize(("lang", "text_size"),
                         [("en", "normal"), ("es", "normal"), ("es", "large")])
def test_with_two_players_the_card_led_says_who_led_it(
        app: App, variant: str, lang: str, text_size: str) -> None:
    """At three and four players the card led says "Bot 2 led"; with two there
    was nothing, and a newcomer in boricua could not tell who had led. With
    two the card led is tagged with the same words ("Bot 1 led", "You led"),
    the other card not at all, whole and clear of the hands, plates, trump's
    mark, stock and labels (``layout_check``) at every window size, while the
    person answers a bot's lead and while a trick is called out."""
    from layout_check import assert_laid_out, cut_words
    from test_table_layout import SIZES

    from tute_desktop.i18n.defaults import you_form

    for size in [*SIZES, (1280, 800)]:
        sized(app, size, lang, text_size)
        seats = named_seats(app, 2)
        table = TableScene(app, Match(variant, seats, seed=4))
        app.reset_to(table)
        led_by: set[int] = set()
        for _ in range(3000):
            trick = table.board.trick
            answering = table.human_turn() and len(trick) == 1
            landed = not table.cards.flying([c for _, c in trick])
            if trick and landed and (answering or table.hud.callout is not None):
                with cut_words() as cut:
                    desc = table.describe()
                seat = trick[0][0]
                assert_laid_out(desc, app.text.font, 2, cut, (variant, lang, size, seat))
                if table.hud.banner is None:  # (a banner across the trick hides it a moment)
                    names = (table.hud.name(seat), table.hud.short_seat_name(seat))
                    [tag] = desc.trick_tags
                    assert tag.seat == seat
                    assert tag.words.words in [
                        tr(lang, you_form(lang, "trick_tag_led", w), name=w) for w in names], (
                        size, tag.words.words)
                    led_by.add(seat)
                if led_by == {0, 1}:
                    break
            if table.human_turn():
                acts = table.match.state.legal_actions()
                table.act(next((a for a in acts if a.kind == "play"), acts[0]))
            table.update(0.05)
        assert led_by == {0, 1}, (size, led_by)


@pytest.mark.parametrize("speed", ["1", "2"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_bots_exchange_of_the_7_is_held_long_enough_to_read(speed: str, lang: str) -> None:
    """A newcomer in boricua missed a bot's exchange: the face-up caballo just
    became the 7, only the chronicle said so. At speed 1 and 2 the 7 flies from
    the bot's hand to the face-up card's place, and the words by its seat
    ("Bot 1 gives the 7 of coins and takes the Knight (11) of coins") with both
    cards face up stay 3 s of real time at least (at speed 2 they stayed
    1.25 s). Frames of fixed length, no sleeping."""
    from window_helpers import inline_app

    from tute_desktop.engine.events import Exchanged
    from tute_desktop.i18n.cards import card_label
    from tute_desktop.ui.table.chronicle import move_words
    dt = 0.05
    read = 3.0  # seconds to read two lines and look at two cards
    app = inline_app("--speed", speed)
    try:
        sized(app, (1280, 720), lang)
        table = TableScene(app, Match("boricua", named_seats(app, 2, "random"), seed=2))
        app.reset_to(table)
        swap: Exchanged | None = None
        shown = 0.0
        flew = False
        for _ in range(4000):
            if table.human_turn():
                acts = table.match.state.legal_actions()
                table.act(next((a for a in acts if a.kind == "play"), acts[0]))
            table.update(dt)
            step = table.controller.current
            ev = step.event if step is not None else None
            if isinstance(ev, Exchanged) and ev.seat == 1 and step is not None and step.started:
                swap = ev
                flew = flew or bool(table.cards.flying([int(ev.gave)]))
                desc = table.describe()
                [panel] = [p for p in desc.overlays if p.kind == "move"]
                said = " ".join(w.words for w in panel.words)
                words = move_words(ev, table.hud.names)
                assert words is not None and words.render(lang) in said
                assert {s.face for s in panel.cards} == {int(ev.gave), int(ev.took)}
                shown += dt
            elif swap is not None:
                break
        assert swap is not None, "seed 2 gives no exchange by the bot"
        said = move_words(swap, table.hud.names)
        assert said is not None
        for card in (swap.gave, swap.took):
            assert card_label(lang, int(card)).lower() in said.render(lang).lower()
        assert flew  # the 7 moved from the bot's hand to the face-up card's place
        assert shown >= read - dt / 2, shown
    finally:
        app.screen.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_lessons_plate_says_it_is_the_persons_turn_whenever_it_is(app: App, lang: str) -> None:
    """In the pairs lesson (8) the person's plate said "Reparte" (Dealer) once
    they had won the trick and were to lead, while the coach talked. At every
    step of every lesson where the game is at the person's turn, their plate
    says "Your turn": lit while the lesson waits for them, unlit while the
    coach talks first (its Next, or at the lesson's end); and never when it is
    not their turn."""
    from tute_desktop.engine.state import PLAYING
    from tute_desktop.lessons import PERSON
    from tute_desktop.ui.lesson import AUTO_STEP

    sized(app, (1280, 720), lang)
    yours = tr(lang, "your_turn")
    waited = talked = 0
    for name in LESSON_NAMES:
        scene = LessonScene(app, lesson=name, autoplay=True)
        app.reset_to(scene)
        for _ in range(300):
            st = scene.coach.state
            you = next(p for p in scene.describe().plates if p.seat == PERSON)
            said = you.status.words if you.status is not None else ""
            where = (name, scene.coach.index, said)
            if st.phase is PLAYING and st.to_act == PERSON:
                if scene._my_turn():
                    assert said == yours and you.turn, where
                    waited += 1
                else:  # (the pairs lesson's last step, once the person won the trick)
                    assert said == yours and not you.turn, where
                    talked += 1
            else:
                assert said != yours and not you.turn, where
            if scene.coach.finished:
                break
            scene.update(AUTO_STEP)
    assert waited and talked


@pytest.mark.parametrize("lang", LANGS)
def test_a_value_hint_between_two_losses_or_two_gains_says_so_in_words(lang: str) -> None:
    """"… -3,2 de media con 4 de bastos, -5,9 con rey de bastos" read as
    nonsense to a newcomer. Where both values compared are below zero (or both
    above), the reason says so first in words of what the values measure for
    the player ("you would end the round behind your opponent either way, by
    less with the 4 of clubs"), then both numbers; for every scoring's
    measure but subastado's (each deal +-bid: a mean is no "either way"), a
    declaration's and the exchange's forms too. Values of two signs are said
    as before."""
    from tute_desktop.bots.reasons import VALUE, Reason
    from tute_desktop.i18n import in_variant, number
    from tute_desktop.ui.table.why import ALONE, BIDDER, TEAM, TWO, reason_words

    cases = [("habanero", None, ""), ("boricua", TWO, ""), ("tres", ALONE, ".alone"),
             ("cuatro", None, ".alone"), ("parejas", TEAM, ".team")]
    # subastado's values are +-bid in each deal: a mean of them is no "either way"
    # (a player read "la contra would gain points either way ... +13.1 on average")
    for form in (BIDDER, TEAM):
        r = Reason(VALUE, "play 4b", "play 12b", 40, -3.2, -5.9, 29, clear=9.0)
        text = reason_words(lang, r, "subastado", form)
        assert number(lang, -3.2, 1, sign=True) in text
        assert not any(w in text for w in ("either way", "de todos modos")), text
    for variant, form, suffix in cases:
        seen = set()
        for best, other in ((-3.2, -5.9), (5.9, 3.2)):
            sign = "below" if best < 0 else "above"
            key = f"reason_either_{sign}{suffix}"
            if variant == "subastado":
                key = in_variant(variant, key)
            for action in ("play 4b", "swap 7e", "sing 20 c"):
                r = Reason(VALUE, action, "play 12b", 40, best, other, 29, clear=9.0)
                text = reason_words(lang, r, variant, form)
                either = tr(lang, key, with_best="").strip(" ,")
                assert either in text, (variant, form, text)
                for value in (best, other):
                    assert number(lang, value, 1, sign=True) in text, text
                assert "{" not in text, text
                seen.add(either)
        assert len(seen) == 2, seen  # below and above read differently
        mixed = reason_words(lang, Reason(VALUE, "play 4b", "play 12b", 40, 1.2, -5.9),
                             variant, form)
        assert not any(e in mixed for e in seen), mixed
    es = reason_words("es", Reason(VALUE, "play 4b", "play 12b", 40, -3.2, -5.9, clear=9.0),
                      "boricua")
    if lang == "es":
        assert "de todos modos, por menos con el 4 de bastos: −3,2 de media, frente a −5,9 " \
            "con el rey de bastos" in es, es  # (with the article: "con rey" read translated)


def test_a_tricks_cards_turn_face_down_in_the_pile_not_in_the_trick(app: App) -> None:
    """A strong player saw a finished trick of four lie face down in its place
    under "Bot 3 takes it: +13": a trick's cards (every seat saw them) stay
    face up on their way to the winner's pile and turn over there."""
    from window_helpers import tick

    table = new_table(app, "parejas", seed=3, level="random")
    seen: list[int] = []
    for _ in range(3000):
        before = [c for _, c in table.board.trick]
        tick(app, 1, 0.02)
        if len(before) == 4 and not table.board.trick:
            seen = before
            break
        if table.human_turn():
            st = table.match.state
            mask = st.legal_play_mask()
            table.act(next(a for a in st.legal_actions()
                           if a.kind == "play" and mask >> a.card & 1))
    assert seen, "a trick was gathered"
    sprites = [table.sprites[c] for c in seen]
    assert all(s.tween is not None and s.face_up for s in sprites)
    for _ in range(200):
        if all(s.tween is None for s in sprites):
            break
        tick(app, 1, 0.02)
    assert not any(s.face_up for s in sprites)


def test_esc_closes_the_chronicle_and_0_plays_the_tenth_card(app: App) -> None:
    """A strong player pressed Esc to close the chronicle and got the menu,
    and found no key for the tenth card of a pairs hand: Esc closes the
    chronicle (as the last trick), and 0 plays the tenth card."""
    from window_helpers import settle

    from tute_desktop.ui.pause import PauseScene

    table = new_table(app, "parejas", seed=1)
    settle(app, table)
    table.hud.show_chronicle = True
    app.dispatch(I.Intent(I.BACK))
    assert app.top is table and not table.hud.show_chronicle
    for seed in range(40):
        table = new_table(app, "parejas", seed=seed)
        settle(app, table)
        hand = table.my_hand()
        st = table.match.state
        if len(hand) == 10 and st.legal_play_mask() >> hand[9] & 1 and table.human_turn():
            break
    else:
        raise AssertionError("no first turn whose tenth card may be played")
    app.dispatch(I.Intent(I.NUMBER, value=0))
    assert not table.match.state.hands[0] >> hand[9] & 1  # played
    assert not isinstance(app.top, PauseScene)


def test_the_hint_says_it_is_thinking_until_it_comes(app: App) -> None:
    """A newcomer pressed H, saw nothing for seconds, pressed Enter and played
    a card not meant: H says at once that the hint is being worked out; the
    hint's own words replace it when it comes."""
    from window_helpers import press, settle, tick

    table = new_table(app, "habanero", seed=2)
    settle(app, table)
    press(app, "hint")
    assert table.hud.toast is not None and table.hud.toast[0] == app.tr("hint_thinking")
    tick(app)
    assert table.hud.toast is not None and table.hud.toast[0] != app.tr("hint_thinking")
    assert table.hint_card is not None or table.hint_action is not None


@pytest.mark.parametrize("lang", LANGS)
def test_boricuas_score_panel_says_its_target(app: App, lang: str) -> None:
    """RULES §10.3: the first to 101 wins boricua's match. Two newcomers never
    learned it (it was in the panel's tooltip and the rules page only): the
    panel's head over the running total says it; habanero's does not (its
    101 is a game's, said by the summary)."""
    app.set_settings(replace(app.settings, language=lang))
    for variant, said in (("boricua", True), ("habanero", False)):
        table = new_table(app, variant, seed=1)
        app.draw_frame()
        heads, _ = table.hud.panel_rows(table.match.state)
        assert any("101" in h for h in heads) == said, heads
        assert table.hud.total_head() in heads


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_7s_no_exchange_is_not_said_beside_the_2s_exchange(lang: str) -> None:
    """RULES §5 (habanero): the 7 takes an As, Tres, Rey, Caballo or Sota, the
    2 a 7, 6, 5 or 4. Holding both with the 5 face up, the line offered
    "exchange the 2" beside "No exchange: your 7 takes only ...", which a
    player read as a contradiction: the exchange offered alone is said."""
    from tests.engine_helpers import deal2
    from tute_desktop.ui.table.advice import rule_line

    st = deal2("habanero", "7o 2o 4c 5c 6c 4b", "", "5o", dealer=1)
    assert st.to_act == 0 and any(a.kind == "swap" for a in st.legal_actions())
    said = rule_line(tr, lang, st, 0)
    assert said is not None and tr(lang, "rule.no_exchange") not in said, said
    alone = deal2("habanero", "7o 3c 4c 5c 6c 4b", "", "5o", "2o", dealer=1)  # the 7 alone
    assert not any(a.kind == "swap" for a in alone.legal_actions())
    assert (rule_line(tr, lang, alone, 0) or "").endswith(tr(lang, "rule.no_exchange"))


def test_why_the_7_is_offered_no_exchange_is_said_once_a_round(app: App) -> None:
    """A club player read "Sin cambio: tu 7 solo se cambia por ..." on the line
    above the hand at every lead (cold play nc76): said at the first lead of
    the round where it holds (and again at that turn, laid out anew), not at
    the later ones."""
    from window_helpers import settle

    from tute_desktop.engine.obligations import LEADS
    from tute_desktop.ui.table.advice import advice, rule_line

    note = tr("en", "rule.no_exchange")

    def leading(table: TableScene) -> bool:
        st = table.match.state
        adv = advice(st, 0)
        return table.human_turn() and adv is not None and adv.seven_stays \
            and adv.obligation is not None and adv.obligation.duty in LEADS

    for seed in range(200):
        table = new_table(app, "habanero", seed=seed)
        settle(app, table)
        if not leading(table):
            continue
        assert table.hud.rule_line.endswith(note), table.hud.rule_line
        table.layout(app.size)  # the same turn laid out anew: still said
        assert table.hud.rule_line.endswith(note)
        for _ in range(60):
            table.act([a for a in table.match.state.legal_actions() if a.kind == "play"][0])
            settle(app, table)
            if leading(table) or table.match.state.outcome is not None:
                break
        if not leading(table):
            continue
        assert note not in table.hud.rule_line, table.hud.rule_line
        assert (rule_line(tr, "en", table.match.state, 0) or "").endswith(note)
        return
    raise AssertionError("no round with two leads holding the 7 beside a low face-up card")


@pytest.mark.parametrize("lang", LANGS)
def test_a_declarations_key_with_nothing_to_declare_says_why(app: App, lang: str) -> None:
    """RULES §4: a declaration only right after winning a trick. nc85 held the
    Rey and Caballo of coins before any trick was won, pressed the declaration's
    key and nothing happened: it says the rule; with no pair in hand, that."""
    from window_helpers import settle

    from tute_desktop.engine.cards import PAIR_MASKS
    from tute_desktop.i18n import in_variant

    app.set_settings(replace(app.settings, language=lang))
    said: dict[bool, str] = {}
    for seed in range(40):
        table = new_table(app, "habanero", seed=seed)
        settle(app, table)
        st = table.match.state
        if st.tricks_played or not table.human_turn():
            continue
        paired = any(st.hands[0] & m == m for m in PAIR_MASKS)
        if paired in said:
            continue
        app.dispatch(I.Intent(I.KEY, char=app.tr("key.sings")[0]))
        assert table.hud.toast is not None, (seed, paired)
        said[paired] = table.hud.toast[0]
        assert table.match.state.tricks_played == 0  # nothing played or declared
        if len(said) == 2:
            break
    assert said == {True: tr(lang, "illegal.declare_after_trick"),
                    False: tr(lang, in_variant("habanero", "sing_none_held"))}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_7s_no_exchange_is_not_said_where_the_2_is_face_up(lang: str) -> None:
    """RULES §5: with the 2 of trumps face up nobody takes it; "No exchange:
    your 7 takes only ..." said right after the person's own 2 took the 7
    read as a rebuke (nc97). Beside another face-up card the 7 may not take,
    it is still said."""
    from tests.engine_helpers import deal2
    from tute_desktop.ui.table.advice import rule_line

    two = deal2("habanero", "7o 3c 4c 5c 6c 4b", "", "2o", "1e", dealer=1)
    assert tr(lang, "rule.no_exchange") not in (rule_line(tr, lang, two, 0) or "")
    five = deal2("habanero", "7o 3c 4c 5c 6c 4b", "", "5o", "2e", dealer=1)
    assert (rule_line(tr, lang, five, 0) or "").endswith(tr(lang, "rule.no_exchange"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_lost_less_often_is_not_called_safe(lang: str) -> None:
    """nc101 read "your 3 of coins would be safer ... 7 times in 10" (safer,
    and still lost most of the time): a card's reason says it would be lost
    less often, in every form (the hint's and the review's, each side)."""
    from tute_desktop.bots.reasons import HIGH, Reason
    from tute_desktop.engine.cards import CARDS
    from tute_desktop.ui.table.why import reason_words

    three = next(i for i, c in enumerate(CARDS) if str(c) == "3o")
    less = {"en": "less often", "es": "menos veces"}[lang]
    for best, other in (("play 5c", "play 4c"), ("play 3o", "play 5c"), ("play 5c", "play 3o")):
        r = Reason(HIGH, best, other, 40, 28, 36, what=three)
        for variant, form in (("habanero", None), ("parejas", "team"), ("tres", "alone"),
                              ("subastado", "bidder"), ("subastado", "team")):
            for table in (False, True):
                said = reason_words(lang, r, variant, form, table=table)
                assert less in said and "{" not in said, said
                assert {"en": "safer", "es": "a salvo"}[lang] not in said, said


@pytest.mark.parametrize("lang", LANGS)
def test_aces_and_threes_caught_are_said_over_the_whole_round(lang: str) -> None:
    """nc100 read "you would catch more of your opponent's Aces and Threes" for
    a King thrown on a trick it could not win (the count is the round's, not
    the trick's): every form of the reason says it is over the whole round."""
    from tute_desktop.bots.reasons import CAPTURED, Reason
    from tute_desktop.ui.table.why import reason_words

    r = Reason(CAPTURED, "play 12c", "play 5c", 40, 1.6, 0.9)
    whole = {"en": "over the whole round", "es": "a lo largo de la mano"}[lang]
    for variant, form in (("habanero", None), ("parejas", "team"), ("tres", "alone")):
        for table in (False, True):
            said = reason_words(lang, r, variant, form, table=table)
            assert whole in said and "{" not in said, said


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", ["habanero", "corriente"])
def test_a_first_deal_over_100_says_it_wins_at_the_rounds_end(
        app: App, lang: str, variant: str) -> None:
    """RULES §10.1: in a first deal a player with 101 or more wins the game when
    the round ends (the higher, if both have). nc102 saw the bot at 104, 119
    and 147 and play going on without a word, and thought she had the rules
    wrong: under the score panel a line says so, from 101, whose, and in the
    person's own form; not below 101, not in la vuelta (101 ends it there)."""
    from tute_desktop.ui.scoreboard import first_deal

    app.set_settings(replace(app.settings, language=lang))
    table = TableScene(app, Match(variant, [Seat(tr(lang, "you")), Seat("Bot 1", "random")],
                                  seed=3))
    app.reset_to(table)
    st = table.match.state
    hud = table.hud
    for points, want in (((30, 100), []),
                         ((30, 101), [tr(lang, "panel_over_101", name="Bot 1")]),
                         ((120, 40), [tr(lang, "panel_over_101_you")]),
                         ((101, 105), [tr(lang, "panel_over_101_both")])):
        st.points[:] = list(points)
        assert hud.panel_notes(st) == want, points
    assert "Bot 1" in tr(lang, "panel_over_101", name="Bot 1")
    st.deal_no = 2  # la vuelta: 101 ends the game in play, its own note
    assert hud.panel_notes(st) == [tr(lang, "panel_vuelta_note", n=first_deal(table.match))]


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_or_an_undo_said_goes_when_the_person_plays(app: App, lang: str) -> None:
    """nc102 read a refusal through the trick after it, and the undo's
    sentences over the next trick's rule line: a refusal's or an undo's words
    go once the person makes a legal move; a hint's do not go that way."""
    from window_helpers import press, settle, tick

    app.set_settings(replace(app.settings, language=lang))
    from tute_desktop.engine.actions import PLAY_ACTIONS
    from tute_desktop.engine.cards import bits

    for seed in range(1, 40):  # (parejas: no stock, a suit led must be followed)
        table = new_table(app, "parejas", seed=seed)
        settle(app, table)
        st = table.match.state
        legal = {a for a in st.legal_actions() if a.kind == "play"}
        refused = next((PLAY_ACTIONS[c] for c in bits(st.hands[0])
                        if PLAY_ACTIONS[c] not in legal), None)
        if refused is not None:
            break
    else:
        raise AssertionError("no card to refuse")
    assert not table.act(refused)
    assert table.hud.toast is not None
    table.act(next(iter(sorted(legal, key=str))))
    assert table.hud.toast is None
    settle(app, table)
    table.act(next(a for a in table.match.state.legal_actions() if a.kind == "play"))
    settle(app, table)
    press(app, "undo")
    tick(app)
    said = table.hud.toast
    assert said is not None
    table.act(next(a for a in table.match.state.legal_actions() if a.kind == "play"))
    assert table.hud.toast is None
    # A toast of another kind (here: a hint's wait) is not cut by the move.
    settle(app, table)
    table.hud.show_toast("x")
    table.act(next(a for a in table.match.state.legal_actions() if a.kind == "play"))
    assert table.hud.toast is not None and table.hud.toast[0] == "x"


@pytest.mark.parametrize("lang", LANGS)
def test_the_replace_dialogs_buttons_say_what_happens(lang: str) -> None:
    """nc102 read "Conservarla" and could not tell whether the new match started
    anyway, and "Sus manos terminadas" as the formal you where the game says
    tú: the buttons say replace-and-start and keep-the-saved-one, and the
    statistics' line names the match, not "su"."""
    assert {"en": "start", "es": "empezar"}[lang] in tr(lang, "replace")
    assert {"en": "saved", "es": "guardada"}[lang] in tr(lang, "keep_it")
    for key in ("replace_stats", "replace_stats_between"):
        assert not tr(lang, key).lower().startswith(("sus ", "su "))


@pytest.mark.parametrize("lang", LANGS)
def test_once_the_stock_is_out_the_words_say_whose_cards_you_know(lang: str) -> None:
    """nc101 and nc103 read "every card is known" after the stock and did not
    know the bot's cards: with two players the words say that the opponent
    holds the cards you have not seen; and nc103 read "the round was going
    against you" under a round she won 117 to 33 (against a random bot): the
    values below zero are said as what was to be expected against good play."""
    from test_i18n import messages

    said = {k: v for k, v in messages(lang).items()
            if k.rpartition("\x04")[2].startswith(("reason_capote", "hint_no_capote",
                                                   "review_exact", "rules.review"))}
    assert len(said) >= 10
    known = {"en": "every card is known", "es": "se conocen todas las cartas"}[lang]
    for key, text in said.items():
        if not key.endswith("review_exact_known"):  # (3 and 4 players: said how)
            assert known not in text.lower(), key
    unseen = {"en": "you have not seen", "es": "no has visto"}[lang]
    assert unseen in tr(lang, "hint_no_capote") and unseen in tr(lang, "review_exact")
    assert {"en": "expected", "es": "lo esperable"}[lang] in tr(lang, "review_below_zero")
    # with more than one opponent, not "an opponent" (nc108, in subastado, had two)
    from tute_desktop.i18n import in_variant
    one = {"en": "an opponent", "es": "un rival"}[lang]
    assert one in tr(lang, "review_below_zero")
    for variant in ("tres", "cuatro", "parejas", "subastado"):
        text = tr(lang, in_variant(variant, "review_below_zero"))
        assert one not in text and {"en": "expected", "es": "lo esperable"}[lang] in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_tres_lesson_says_the_fewest_lost_rounds_win_the_match(lang: str) -> None:
    """RULES §8: nc103 read the tres lesson's "the match ends: the fewest wins"
    as the fewest victories (nc97 had read New match's words so): the lesson
    says the fewest lost rounds (piedras) win the match."""
    assert {"en": "fewest lost rounds", "es": "menos piedras"}[lang] in tr(lang, "lesson.tres.6")


@pytest.mark.parametrize("lang", LANGS)
def test_the_undo_button_says_its_cost_before_it_is_pressed(app: App, lang: str) -> None:
    """nc103 pressed U out of habit and learnt only afterwards that the round
    would not count in the statistics: the pointer on Undo shows, before any
    press, that the unseen cards are dealt again and the round does not count."""
    from window_helpers import settle, tick

    app.set_settings(replace(app.settings, language=lang))
    table = new_table(app, "habanero", seed=2)
    settle(app, table)
    undo = next(b for b in table.hud.tools.buttons if b.label == tr(lang, "undo"))
    app.dispatch(I.Intent(I.POINTER, pos=undo.rect.center))
    tick(app)
    tip = table.hud.tooltip_now(table._seen())
    assert tip is not None and tip[0] == tr(lang, "tip_undo")
    assert {"en": "statistics", "es": "estadísticas"}[lang] in tip[0]


@pytest.mark.parametrize("variant", ["habanero", "tres"])
def test_the_score_panel_counts_a_trick_as_it_is_shown_won(app: App, variant: str) -> None:
    """nc103 saw the score panel change before the trick was shown won: it read
    the engine's state, ahead of the pictures by the cards still in flight.
    Now its words change only in a frame where a step that scores is on show
    (``controller.SCORED``: a trick lying complete with its callout, "You take
    it: +10", a declaration, the round's end); never while a card is in flight
    or drawn; and once every play is shown the panel is the match's own."""
    from tute_desktop.engine.state import PLAYING
    from tute_desktop.ui.table.controller import SCORED

    table = new_table(app, variant, seed=5)

    def panel(scores: object = ...) -> tuple[str, ...]:
        shown = table.hud.scores
        if scores is None:  # (the panel as the match's state has it)
            table.hud.scores = None
            words = table.hud.describe_panel(table.match.state).words
            table.hud.scores = shown
            return tuple(w.words for w in words)
        score = next(p for p in table.describe().panels if p.kind == "score")
        return tuple(w.words for w in score.words)

    words = panel()
    lagged = changed = 0
    for _ in range(3000):
        if table.match.state.phase is not PLAYING and not table.controller.animating():
            break
        play_first(app, table)
        now = panel()
        step = table.controller.current
        if now != words:
            changed += 1
            assert step is not None and step.kind in SCORED, step
        if step is not None and step.kind in ("play", "draw"):  # a card in flight
            lagged += panel(None) != now
        if not table.controller.animating():
            assert table.hud.scored(table.match.state) is table.match.state
        words = now
    assert changed >= 3 and lagged > 0


def test_the_last_tricks_101_is_said_only_for_the_side_that_won(app: App) -> None:
    """§10.1, a first deal: the game goes at the round's end to the side past
    101. nc105 was on 108 when the bot took the last trick, and read "Bot
    takes it: +13, with las diez de últimas — 101!" as the bot's 101. The
    callout's "101!" is said only where the trick's taker won the game."""
    from tute_desktop.engine.events import Reason, TrickWon
    from tute_desktop.engine.state import PLAYING
    from tute_desktop.ui.table.chronicle import callout_text
    from tute_desktop.ui.table.controller import Step

    said = {True: 0, False: 0}
    for seed in range(400):
        m = Match("habanero", [Seat("Ana"), Seat("Bot", "random")], seed=seed)
        rng = random.Random(seed)
        events: list[object] = []
        while m.state.phase is PLAYING:
            events = m.apply(rng.choice(m.state.legal_actions()))
        out = m.state.outcome
        if out is None or out.reason is not Reason.REACHED_101:
            continue
        ev = next(e for e in events if isinstance(e, TrickWon))
        won = m.state.side_of(ev.winner) == out.winner
        if said[won]:
            continue
        table = TableScene(app, m)
        table.controller.current = Step("trick", ev, hold=1.5)  # (its hold: the callout)
        plain = callout_text(app.lang, ev, table.hud.names)
        assert table._callout() == (tr(app.lang, "callout_101", callout=plain) if won
                                    else plain)
        said[won] += 1
        if said[True] and said[False]:
            return
    pytest.fail(f"not both cases: {said}")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_following_after_a_trump_says_a_trump_was_played_not_jargon(lang: str) -> None:
    """RULES §3: once a trick holds a trump, a player who has the suit led must
    follow it but need not beat. "ya han fallado" was jargon to a newcomer
    (cold play nc110): the line says a trump was played in this trick."""
    said = tr(lang, "rule.follow_trumped").format(suit="oros")
    assert {"es": "triunfo", "en": "trump"}[lang] in said and "fallado" not in said, said


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_auctions_values_say_the_130_in_play(lang: str) -> None:
    """RULES §12, §2: the cards and las diez de últimas are 130 points, the sum a
    bid is made against; the auction's panel listed the values but not the sum
    (cold play nc110)."""
    assert "130" in tr(lang, "auction_values_more")


@pytest.mark.parametrize("variant", ["habanero", "tres", "parejas"])
def test_the_last_tricks_panel_frames_the_card_that_took_it(app: App, variant: str) -> None:
    """§3: the panel of the last trick names who took it; the card that did is
    framed in gold, as on the table (a bridge player read "Last trick: Bot 4
    (hard), +4" and had to work out which card took it, cold play nc112)."""
    from tute_desktop.engine import view
    from tute_desktop.engine.cards import CARDS as ENGINE_CARDS
    from tute_desktop.ui.table.still import describe_table
    from tute_desktop.ui.widgets import GOLD

    players = VARIANTS[variant].players
    seats = [Seat("Ana"), *(Seat(f"Bot {n}", "random") for n in range(1, players))]
    match = Match(variant, seats, seed=3)
    rng = random.Random(3)
    checked = 0
    while match.state.phase == "play" and checked < 6:
        match.apply(rng.choice(match.state.legal_actions()))
        st = match.state
        if not st.last_cards or st.trick_cards:
            continue
        desc = describe_table(app, match, view(st, 0), size=(1280, 720), show_last=True)
        panel = next(p for p in desc.overlays if p.kind == "last_trick")
        framed = [s.face for s in panel.cards if s.outline == GOLD]
        took = [c for seat, c in st.last_trick if seat == st.last_winner]
        assert framed == took and len(took) == 1, (framed, took, str(ENGINE_CARDS[took[0]]))
        checked += 1
    assert checked
