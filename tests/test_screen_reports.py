"""Issue 27, point 14: what players reported seeing on screen, through the
window's own intents and keys: Esc on the round's summary, Enter after a hint
that is not a card, quitting from the title, the partnerships on New game, and
the entry the title highlights."""

from __future__ import annotations

import pygame
import pytest
from window_helpers import (
    drawn_texts,
    enter_ready,
    new_table,
    on_title,
    play_to_summary,
    press,
    settle,
    tick,
)

from tute_desktop.app import App
from tute_desktop.engine import Action
from tute_desktop.engine.cards import card_name
from tute_desktop.i18n import suit_name, tr
from tute_desktop.ui import intents as I
from tute_desktop.ui.pause import PauseScene
from tute_desktop.ui.scenes import NewGameScene, SummaryScene, TitleScene
from tute_desktop.ui.table import TableScene


# ---------------------------------------------------------------------- a. the summary's Esc
def test_esc_on_the_summary_opens_the_menu_and_deals_nothing(app: App) -> None:
    table = new_table(app, "habanero", seed=4)
    summary = play_to_summary(app, table)
    rounds = len(table.match.rounds)
    app.dispatch(I.Intent(I.BACK))
    menu = app.top
    assert isinstance(menu, PauseScene) and menu.table is table
    assert app.stack == [table, summary, menu]
    tick(app, 50)  # five seconds under the menu: nothing is dealt
    assert len(table.match.rounds) == rounds
    app.dispatch(I.Intent(I.BACK))  # the menu's Continue: back on the summary
    assert app.top is summary and len(table.match.rounds) == rounds
    enter_ready(app)  # (Enter waits a second on a summary)
    app.dispatch(I.Intent(I.CONFIRM))  # Enter deals on
    assert isinstance(app.top, TableScene) and len(table.match.rounds) == rounds + 1
    assert not isinstance(app.top, SummaryScene)


# ---------------------------------------------------------------------- b. Enter after a hint
def _to_a_declaration(app: App, table: TableScene) -> None:
    """Play on (the first card) until the person may declare."""
    for _ in range(60):
        settle(app, table)
        st = table.match.state
        if any(a.kind == "sing" for a in st.legal_actions()):
            return
        table.act(next(a for a in st.legal_actions() if a.kind == "play"))
    raise AssertionError("no declaration came up")


def _ask_hint(app: App, table: TableScene) -> Action:
    """Ask for a hint (its key) and return the action its words above the hand name."""
    press(app, "hint")
    tick(app)
    assert table.hud.toast is not None
    said = table.hud.toast[0]
    # The hint's words, alone or followed by its reason ("Hint: X. Why...").
    return next(a for a in table.match.state.legal_actions()
                for key in ("hint_is", "hint_is_card")
                if said == (words := tr(app.lang, key, action=table.hud.action_label(a)))
                or said.startswith(words + ". "))


def test_enter_after_a_hint_to_declare_declares(app: App) -> None:
    """Tres, seed 3: the hint says "Declare 20 in cups" (the review's best: one
    of the two 20s the person may declare) while the arrows had raised a card.
    Enter does what the hint says; no card is raised meanwhile, and the
    declaration's button is the one highlighted."""
    table = new_table(app, "tres", seed=3)
    _to_a_declaration(app, table)
    app.dispatch(I.Intent(I.RIGHT))  # a card raised with the arrows
    assert table.marks(table.match.state.legal_play_mask())[0]
    hint = _ask_hint(app, table)
    assert hint.kind == "sing" and table.hud.action_label(hint) == tr(
        app.lang, "sing20", suit=suit_name(app.lang, 1))  # "Declare 20 in cups"
    assert table.marks(table.match.state.legal_play_mask())[0] == frozenset()
    shown = [b.label for b in table.hud.actions.buttons if table.hud.is_hinted(b)]
    assert shown == [table.hud.action_label(hint)]
    before = len(table.match.rounds[-1].actions)
    app.dispatch(I.Intent(I.CONFIRM))
    assert table.match.rounds[-1].actions[before:] == [(0, str(hint))]


def test_choosing_a_card_after_a_hint_to_declare_makes_enter_play_it(app: App) -> None:
    table = new_table(app, "tres", seed=3)
    _to_a_declaration(app, table)
    assert _ask_hint(app, table).kind == "sing"
    app.dispatch(I.Intent(I.RIGHT))  # the person chooses a card after all
    raised = table.marks(table.match.state.legal_play_mask())[0]
    assert len(raised) == 1
    assert not any(table.hud.is_hinted(b) for b in table.hud.actions.buttons)
    before = len(table.match.rounds[-1].actions)
    app.dispatch(I.Intent(I.CONFIRM))
    st = table.match.state
    if st.rules.use_or_lose and st.tricks_won[0] == 1:  # its first trick won (§4): the
        assert table.hud.toast is not None  # lead that loses the right, held back once
        assert table.hud.toast[0] == app.tr("forfeit_warning")
        assert table.match.rounds[-1].actions[before:] == []
        app.dispatch(I.Intent(I.CONFIRM))
    assert table.match.rounds[-1].actions[before:] == [
        (0, f"play {card_name(next(iter(raised)))}")]


# ---------------------------------------------------------------------- c. quitting from the title
def _speak(app: App, lang: str) -> None:
    app.set_settings(app.settings.with_(language=lang))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_quitting_from_the_title_asks_first(app: App, monkeypatch: pytest.MonkeyPatch,
                                            lang: str) -> None:
    """The menu's Quit leaves the match for the title, and the title's Quit has the
    same letter (S in Spanish, Q in English): pressing it twice closed the game.
    Now the title asks; Back (Enter, Esc) stays, the letter once more quits."""
    _speak(app, lang)
    table = new_table(app, "habanero", seed=4)
    settle(app, table)
    app.dispatch(I.Intent(I.BACK))
    press(app, "quit_match")
    assert isinstance(app.top, TitleScene)
    press(app, "quit")
    assert app.running, "the second press closed the game without asking"
    assert tr(lang, "quit_ask") in drawn_texts(app, monkeypatch)  # over the title
    assert app.stack[0] is not app.top and isinstance(app.stack[0], TitleScene)
    app.dispatch(I.Intent(I.CONFIRM))  # Back has the focus
    assert app.running and isinstance(app.top, TitleScene)
    app.dispatch(I.Intent(I.BACK))  # Esc on the title asks too; Esc again stays
    assert app.running and tr(lang, "quit_ask") in drawn_texts(app, monkeypatch)
    app.dispatch(I.Intent(I.BACK))
    assert app.running and isinstance(app.top, TitleScene)
    press(app, "quit")
    press(app, "quit")  # asked, and answered
    assert not app.running
    assert app.save_slot.exists()  # the match is kept, as the question says


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_a_questions_box_is_as_high_as_its_words_and_buttons(
        app: App, monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """A newcomer saw a gap in the Quit question between its sentence and its
    buttons: the box holds its words and its buttons with no more than about
    two lines of air between them, and all of them inside it."""
    from tute_desktop.ui.menus import QuestionScene, font

    _speak(app, lang)
    app.set_window_size(size)
    app.dispatch(I.Intent(I.RESIZE, size=size))
    app.reset_to(TitleScene(app))
    app.dispatch(I.Intent(I.BACK))  # Esc on the title: the Quit question
    question = app.top
    assert isinstance(question, QuestionScene)
    spots: list[pygame.Rect] = []
    real = app.text.draw

    def spy(target: pygame.Surface, text: str, *args: object, **kwargs: object) -> pygame.Rect:
        rect = real(target, text, *args, **kwargs)  # type: ignore[arg-type]
        if text in question.lines or any(text in line for line in question.lines):
            spots.append(rect)
        return rect

    monkeypatch.setattr(app.text, "draw", spy)
    app.draw_frame()
    monkeypatch.setattr(app.text, "draw", real)
    box = question.box
    buttons = [b.rect for b in question.buttons.buttons]
    assert spots and buttons
    fs = font(app, 0.032)
    for rect in (*spots, *buttons):
        assert box.contains(rect), (rect, box)
    air = min(b.top for b in buttons) - max(r.bottom for r in spots)
    assert 0 < air <= 2.5 * fs, (air, fs)
    assert box.bottom - max(b.bottom for b in buttons) <= 1.5 * fs
    # Opaque: the title's buttons under it showed through (a newcomer's report).
    app.draw_frame()
    frame = app.screen.read_pixels()
    ratio = frame.get_width() / size[0]
    top = min(r.top for r in spots) - fs // 2  # between the title and the sentence
    colours = {tuple(frame.get_at((int(x * ratio), int(y * ratio))))[:3]
               for x in range(box.left + fs, box.right - fs, 4)
               for y in range(box.top + fs // 2, box.top + fs) if y < top}
    assert colours == {(16, 36, 28)}, colours


# ---------------------------------------------------------------------- d. partners on New game
def _type(app: App, name: str) -> None:
    for _ in range(20):
        app.dispatch(I.Intent(I.ERASE))
    for ch in name:
        app.dispatch(I.Intent(I.TEXT, char=ch))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_new_game_in_pairs_shows_who_partners_whom(app: App, monkeypatch: pytest.MonkeyPatch,
                                                   lang: str) -> None:
    """Parejas: seats 1 and 3 play against 2 and 4 (RULES, pairs). New game says
    so under the seats, with the names as typed and the bots' names the table
    gives them, in the player's language; other variants have no such line."""
    _speak(app, lang)
    on_title(app)
    press(app, "new_game")
    scene = app.top
    assert isinstance(scene, NewGameScene)
    for _ in range(3):  # the variant row: habanero, back round past subastado and cuatro to parejas
        app.dispatch(I.Intent(I.LEFT))
    assert scene.variant == "parejas"
    app.dispatch(I.Intent(I.DOWN))  # seat 1, a person
    _type(app, "Ana")
    for _ in range(2):  # seat 3: from a bot to a person
        app.dispatch(I.Intent(I.DOWN))
    while scene.levels[2] is not None:
        app.dispatch(I.Intent(I.LEFT))
    _type(app, "Inés")
    medium = tr(lang, "level_medium")
    bots = [tr(lang, "bot_seat", n=n, level=medium) for n in (2, 4)]
    line = tr(lang, "new_game_teams", first="Ana + Inés", second=" + ".join(bots))
    assert line in drawn_texts(app, monkeypatch)
    app.dispatch(I.Intent(I.CONFIRM))  # Enter ends the name (the focus goes on)
    app.dispatch(I.Intent(I.CONFIRM))  # and starts (on a name row letters write the name)
    table = app.top
    assert isinstance(table, TableScene)
    assert [table.side_name(s) for s in (0, 1)] == ["Ana + Inés", " + ".join(bots)]
    on_title(app)
    press(app, "new_game")
    app.dispatch(I.Intent(I.RIGHT))  # after parejas, cuatro: four, nobody partners anybody (§13)
    assert app.top.variant == "cuatro"  # type: ignore[union-attr]
    words = tr(lang, "new_game_teams", first="\0", second="\0").split("\0")[0]
    assert not any(words in text for text in drawn_texts(app, monkeypatch))


# ---------------------------------------------------------------------- e. the title's highlight
def _highlighted(title: TitleScene) -> list[str]:
    """The labels of the title's buttons drawn highlighted (focused or under the pointer)."""
    return [b.label for i, b in enumerate(title.buttons.buttons) if b.hot or i == title.focus]


def _motion(pos: tuple[int, int], rel: tuple[int, int]) -> list[I.Intent]:
    return I.to_intents(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel,
                                           buttons=(0, 0, 0), touch=False))


def test_a_restart_with_a_saved_match_highlights_continue(app: App) -> None:
    """The window opens under a pointer resting on "Learn to play": SDL reports
    the pointer's place as a motion of (0, 0), which is not the player pointing;
    Continue stays the highlighted entry. A real move still points."""
    from tute_desktop.ui.menus import title as variant_title

    new_table(app, "habanero", seed=4)  # a saved match
    app.nav.close_all()
    assert app.save_slot.exists()
    title = on_title(app)
    resume = app.tr("continue_variant", variant=variant_title(app, "habanero"))
    assert _highlighted(title) == [resume]
    learn = next(b for b in title.buttons.buttons if b.label == app.tr("learn"))
    for intent in _motion(learn.rect.center, (0, 0)):
        app.dispatch(intent)
    assert _highlighted(title) == [resume]
    app.dispatch(I.Intent(I.CONFIRM))  # Enter does what is highlighted
    assert isinstance(app.top, TableScene)
    title = on_title(app)
    for intent in _motion(learn.rect.center, (3, -2)):
        app.dispatch(intent)
    assert _highlighted(title) == [app.tr("learn")]


# ---------------------------------------------------------------------- seen on the way
def _keys(app: App, text: str) -> None:
    """Type ``text`` as the window receives it: a key press, then its typed text."""
    for ch in text:
        key = pygame.K_SPACE if ch == " " else pygame.key.key_code(ch.lower())
        down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=ch)
        for event in (down, pygame.event.Event(pygame.TEXTINPUT, text=ch)):
            for intent in I.to_intents(event):
                app.dispatch(intent)


def test_a_name_with_a_space_can_be_typed_on_new_game(app: App) -> None:
    """The Space key is Enter's twin elsewhere: on a name row it started the game
    at the space of "Ana Maria" (and the letters after it pressed the table's
    buttons). There it writes the space; Enter ends the name, and then starts."""
    on_title(app)
    press(app, "new_game")
    scene = app.top
    assert isinstance(scene, NewGameScene)
    app.dispatch(I.Intent(I.DOWN))  # seat 1's name
    for _ in range(20):
        app.dispatch(I.Intent(I.ERASE))
    _keys(app, "Ana Maria")
    assert app.top is scene and scene.names[0] == "Ana Maria"
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    for _ in range(2):  # the name ended, then the game started
        for intent in I.to_intents(enter):
            app.dispatch(intent)
    table = app.top
    assert isinstance(table, TableScene) and table.name(0) == "Ana Maria"
