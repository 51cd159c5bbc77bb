"""Names people type (issue 17, points 4 and 5): cleaned as they are typed, and a
name equal to another participant's (bots included, whatever the case) refused
with a message on the screen, never an exception; bots always get names of
their own."""

from __future__ import annotations

import pytest
from window_helpers import drawn_texts, on_title, press

from tute_desktop.app import App, first_scene, parse_args
from tute_desktop.ui import intents as I
from tute_desktop.ui.menus import seat_names
from tute_desktop.ui.scenes import NewGameScene
from tute_desktop.ui.table import TableScene
from tute_desktop.ui.tournament import BracketScene, TournamentSetupScene


def type_name(app: App, name: str) -> None:
    """On a focused name row: erase what is there and type ``name``."""
    for _ in range(40):
        app.dispatch(I.Intent(I.ERASE))
    for ch in name:
        app.dispatch(I.Intent(I.TEXT, char=ch))


def bot(level: str, n: int) -> str:
    return f"Bot {level} {n}"


def test_seat_names_report_a_person_with_another_participants_name() -> None:
    levels: list[str | None] = [None, "easy", None]
    assert seat_names(["Ana", "", "Luis"], levels, "You", bot).taken is None
    assert seat_names(["bot EASY 2", "", "Luis"], levels, "You", bot).taken == 0
    assert seat_names(["Ana", "", "ana"], levels, "You", bot).taken == 2
    assert seat_names([" Ana\x00 ", "", "Ana"], levels, "You", bot).taken == 2


def test_blank_and_generic_names_get_a_default_nobody_has() -> None:
    lineup = seat_names(["Luis", " ", "You"], [None, None, None], "You", bot)
    assert lineup.taken is None
    assert lineup.names == ["Luis", "Carmen", "Pedro"]
    # One person may be "You".
    assert seat_names(["You", ""], [None, "easy"], "You", bot).names == ["You", "Bot easy 2"]


def test_bots_always_have_names_of_their_own() -> None:
    same = seat_names(["", "", "", ""], ["easy", "easy", "easy", "easy"], "You", bot)
    assert len({n.casefold() for n in same.names}) == 4
    # A bot level whose words do not say the seat still gives four names.
    plain = seat_names(["Bot", "", "", ""], [None, "easy", "easy", "easy"], "You",
                       lambda level, n: "Bot")
    assert plain.taken == 0  # the person's name is refused...
    assert len({n.casefold() for n in plain.names}) == 4  # ...and no bot shares a name


def test_typed_control_characters_and_lone_surrogates_never_reach_a_name(app: App) -> None:
    scene = NewGameScene(app)
    app.reset_to(scene)
    app.dispatch(I.Intent(I.DOWN))  # seat 1, a person
    type_name(app, "E\x00v\ud800a\u202e\n")
    assert scene.names[0] == "Eva "
    app.draw_frame()
    app.dispatch(I.Intent(I.CONFIRM))  # the name written: the next row
    assert scene.focus == 2 and app.top is scene
    app.dispatch(I.Intent(I.CONFIRM))
    table = app.top
    assert isinstance(table, TableScene)
    assert table.match.seats[0].name == "Eva"
    table.to_title()  # saves the match: the name can be written
    saved = app.save_slot.load().data
    assert saved is not None and saved["seats"][0]["name"] == "Eva"


@pytest.mark.parametrize("setup", [NewGameScene, TournamentSetupScene])
def test_a_name_offered_is_replaced_by_what_is_typed(app: App, setup: type) -> None:
    """nc83 typed "Pilar" on the "Luis" New game offered and played as "LuisPilar".
    A name the row is come to with is selected whole, drawn on the selected
    colour: the first letter replaces it, Backspace clears it; once typed in,
    letters add and Backspace takes the last; the focus gone and back, the name
    is selected again."""
    scene = setup(app)
    app.reset_to(scene)
    scene.names[0] = "Luis"
    app.dispatch(I.Intent(I.DOWN))  # the first person's row
    app.draw_frame()
    label, selected = scene.name_edit.label("Seat 1: Luis", 0, "Luis")
    assert (label, selected) == ("Seat 1: Luis", 4)
    for ch in "Pilar":
        app.dispatch(I.Intent(I.KEY, char=ch.lower()))
        app.dispatch(I.Intent(I.TEXT, char=ch))
    assert scene.names[0] == "Pilar"
    assert scene.name_edit.label("Seat 1: Pilar", 0, "Pilar") == ("Seat 1: Pilar|", 0)
    app.dispatch(I.Intent(I.ERASE))
    app.dispatch(I.Intent(I.TEXT, char="i"))
    assert scene.names[0] == "Pilai"
    app.dispatch(I.Intent(I.DOWN))
    app.dispatch(I.Intent(I.UP))  # back on the row: selected again
    app.dispatch(I.Intent(I.ERASE))
    assert scene.names[0] == ""
    app.dispatch(I.Intent(I.TEXT, char="M"))
    assert scene.names[0] == "M"
    app.draw_frame()
    # Enter ends the name (nc85 pressed it to confirm hers and the tournament
    # was drawn): the focus goes on to the next row, and nothing starts.
    app.dispatch(I.Intent(I.CONFIRM))
    assert scene.focus == 2 and app.top is scene and scene.names[0] == "M"


def test_a_selected_name_is_drawn_on_the_selected_colour(app: App) -> None:
    scene = NewGameScene(app)
    app.reset_to(scene)
    scene.names[0] = "Wwwwwwww"
    scene.layout(app.size)
    app.dispatch(I.Intent(I.DOWN))

    def selected_pixels() -> int:
        """Pixels of the selected colour across the name's row."""
        shot = app.picture()
        row, ratio = scene.row_rects[1], app.screen.ratio
        hits = 0
        for x in range(row.left, row.right, 2):
            r, g, b, *_ = shot.get_at((int(x * ratio), int(row.centery * ratio)))
            hits += b > r + 60 and b > g + 30
        return hits

    before = selected_pixels()
    app.dispatch(I.Intent(I.TEXT, char="W"))
    assert before > 10 and selected_pixels() == 0


def test_a_typed_nul_never_reaches_a_tournament_name(app: App) -> None:
    """The monkey (seed 1, input 411, before this fix): a typed NUL made pygame's
    font raise "A null character was found in the text" drawing the setup."""
    setup = TournamentSetupScene(app)
    app.reset_to(setup)
    app.dispatch(I.Intent(I.DOWN))
    type_name(app, "Ro\x00sa\udfff")
    app.draw_frame()
    app.dispatch(I.Intent(I.CONFIRM))  # Enter ends the name (the focus goes on)
    app.dispatch(I.Intent(I.CONFIRM))
    bracket = app.top
    assert isinstance(bracket, BracketScene)
    assert bracket.t.participants[0].name == "Rosa"
    app.picture()  # the bracket, drawn


def test_a_tournament_name_equal_to_a_bots_is_refused_on_the_screen(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17, point 4: "Bot fácil 2" (now "Bot 2 (fácil)") beside an easy bot in seat 2
    raised an uncaught ValueError in Tournament.draw."""
    app.settings = app.settings.with_(language="es")
    on_title(app)
    press(app, "tournament")
    setup = app.top
    assert isinstance(setup, TournamentSetupScene)
    assert setup.levels[1] == "easy"
    app.dispatch(I.Intent(I.DOWN))  # player 1: a person
    type_name(app, "bot 2 (FÁCIL)")
    app.dispatch(I.Intent(I.CONFIRM))  # Enter ends the name (the focus goes on)
    app.dispatch(I.Intent(I.CONFIRM))
    assert app.top is setup  # the draw did not start
    message = app.tr("name_taken", name="bot 2 (FÁCIL)")
    assert message.startswith("«bot 2 (FÁCIL)» ya es el nombre")
    assert message in drawn_texts(app, monkeypatch)
    assert setup.focus == 1  # on the name to change
    type_name(app, "Rosa")
    assert message not in drawn_texts(app, monkeypatch)
    app.dispatch(I.Intent(I.CONFIRM))  # Enter ends the name (the focus goes on)
    app.dispatch(I.Intent(I.CONFIRM))
    bracket = app.top
    assert isinstance(bracket, BracketScene)
    assert [p.name for p in bracket.t.participants] == [
        "Rosa", "Bot 2 (fácil)", "Bot 3 (medio)", "Bot 4 (difícil)"]


def test_two_bots_of_a_level_in_a_tournament_are_told_apart(app: App) -> None:
    setup = TournamentSetupScene(app)
    app.reset_to(setup)
    setup.levels[:4] = ["easy", "easy", "easy", "easy"]
    app.dispatch(I.Intent(I.CONFIRM))
    bracket = app.top
    assert isinstance(bracket, BracketScene)
    names = [p.name.casefold() for p in bracket.t.participants]
    assert len(set(names)) == 4
    assert [p.name for p in bracket.t.participants] == [
        "Bot 1 (easy)", "Bot 2 (easy)", "Bot 3 (easy)", "Bot 4 (easy)"]


def test_a_new_game_name_equal_to_a_bots_is_refused_on_the_screen(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app.settings = app.settings.with_(language="en")
    scene = NewGameScene(app)
    app.reset_to(scene)
    app.dispatch(I.Intent(I.DOWN))
    type_name(app, "Bot (medium)")  # seat 2 is the only medium bot
    app.dispatch(I.Intent(I.CONFIRM))  # Enter ends the name (the focus goes on)
    app.dispatch(I.Intent(I.CONFIRM))
    assert app.top is scene
    assert app.tr("name_taken", name="Bot (medium)") in drawn_texts(app, monkeypatch)
    # The Start button refuses too.
    start = scene.buttons.buttons[0]
    app.dispatch(I.Intent(I.PRESS, pos=start.rect.center))
    app.dispatch(I.Intent(I.RELEASE, pos=start.rect.center))
    assert app.top is scene and scene.refusal


def test_two_people_with_one_name_are_refused(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = NewGameScene(app)
    app.reset_to(scene)
    app.dispatch(I.Intent(I.DOWN))
    type_name(app, "Ana")
    app.dispatch(I.Intent(I.DOWN))  # seat 2: → → → makes the medium bot a person
    for _ in range(3):  # (past the expert)
        app.dispatch(I.Intent(I.RIGHT))
    assert scene.levels[1] is None
    type_name(app, "ANA ")
    app.dispatch(I.Intent(I.CONFIRM))  # Enter ends the name (the focus goes on)
    app.dispatch(I.Intent(I.CONFIRM))
    assert app.top is scene and scene.focus == 2
    assert app.tr("name_taken", name="ANA") in drawn_texts(app, monkeypatch)
    type_name(app, "Eva")
    app.dispatch(I.Intent(I.CONFIRM))  # Enter ends the name (the focus goes on)
    app.dispatch(I.Intent(I.CONFIRM))
    table = app.top
    assert isinstance(table, TableScene)
    assert [s.name for s in table.match.seats] == ["Ana", "Eva"]


def test_a_bot_at_a_command_line_table_never_has_the_players_name(app: App) -> None:
    app.settings = app.settings.with_(language="en", player_name="Bot 2")
    app.args = parse_args(["--variant", "tres", "--level", "easy"])
    table = first_scene(app)
    assert isinstance(table, TableScene)
    names = [s.name.casefold() for s in table.match.seats]
    assert names[0] == "bot 2" and len(set(names)) == 3
    table.exit()
