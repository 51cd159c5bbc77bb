"""Issue 18: the in-game menu (Esc at the table), the sound off and on (M), and the
table's text size. Headless, time advanced by hand, bots inline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_i18n import SHORTCUT_GROUPS, _plain
from window_helpers import drawn_texts, press, tick

from tute_desktop.app import App
from tute_desktop.game.match import Match, Seat
from tute_desktop.game.settings import TEXT_SIZES, Settings, load_settings, save_settings
from tute_desktop.i18n import in_variant, tr
from tute_desktop.resources import Resources
from tute_desktop.ui import intents as I
from tute_desktop.ui.pause import PauseScene
from tute_desktop.ui.scenes import RulesScene, SettingsScene, TitleScene
from tute_desktop.ui.table import TableScene


def new_table(app: App, seed: int = 3) -> TableScene:
    table = TableScene(app, Match("habanero", [Seat("Ana"), Seat("Bot", "random")], seed=seed))
    app.reset_to(table)
    return table


def to_a_bots_turn(app: App, table: TableScene) -> None:
    """Run the table until the person acts, have them play, so the bot is next."""
    for _ in range(400):
        if table.human_turn():
            break
        tick(app)
    else:
        raise AssertionError("the person never got a turn")
    legal = [a for a in table.match.state.legal_actions() if a.kind == "play"]
    assert table.act(legal[0])
    assert not table.human_turn()


def actions_so_far(table: TableScene) -> int:
    return sum(len(r.actions) for r in table.match.rounds)


def sounds_asked(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record every effect ``Resources.sound`` is asked for (what would play)."""
    asked: list[str] = []
    real = app.resources.sound

    def spy(name: str) -> object:
        asked.append(name)
        return real(name)

    monkeypatch.setattr(app.resources, "sound", spy)
    return asked


# ---------------------------------------------------------------------- the menu
def test_esc_opens_the_menu_over_a_paused_table_and_esc_returns_to_it_unchanged(
        app: App) -> None:
    table = new_table(app)
    to_a_bots_turn(app, table)
    app.dispatch(I.Intent(I.BACK))
    menu = app.top
    assert isinstance(menu, PauseScene) and menu.table is table
    assert app.stack == [table, menu]  # over the table, which is drawn under it
    before, moves = table.match.to_json(), actions_so_far(table)
    tick(app, 200)  # twenty seconds: a bot would have played many times
    assert table.match.to_json() == before and actions_so_far(table) == moves
    assert not table.cards.moving()  # the cards that were moving have landed
    app.dispatch(I.Intent(I.BACK))
    assert app.top is table
    assert table.match.to_json() == before
    for _ in range(200):  # and the game goes on from there
        if actions_so_far(table) > moves:
            break
        tick(app)
    assert actions_so_far(table) > moves


def test_continue_and_the_tables_menu_button(app: App) -> None:
    table = new_table(app)
    to_a_bots_turn(app, table)
    before = table.match.to_json()
    menu_button = next(b for b in table.tools.buttons if b.label == app.tr("menu"))
    app.dispatch(I.Intent(I.PRESS, pos=menu_button.rect.center))
    app.dispatch(I.Intent(I.RELEASE, pos=menu_button.rect.center))
    assert isinstance(app.top, PauseScene)
    tick(app, 50)
    press(app, "resume")
    assert app.top is table and table.match.to_json() == before
    # Enter on the first item (Continue) does the same.
    app.dispatch(I.Intent(I.BACK))
    app.dispatch(I.Intent(I.CONFIRM))
    assert app.top is table and table.match.to_json() == before


def test_quit_goes_to_the_title_and_keeps_the_match_saved(app: App) -> None:
    table = new_table(app)
    to_a_bots_turn(app, table)
    played = table.match.to_json()
    app.dispatch(I.Intent(I.BACK))
    press(app, "quit_match")
    assert isinstance(app.top, TitleScene) and len(app.stack) == 1
    assert app.save_slot.load().data == played
    press(app, "continue")
    resumed = app.top
    assert isinstance(resumed, TableScene) and resumed.match.to_json() == played


def test_rules_and_settings_open_over_the_menu_and_come_back_to_it(app: App) -> None:
    table = new_table(app)
    to_a_bots_turn(app, table)
    app.dispatch(I.Intent(I.BACK))
    menu = app.top
    press(app, "rules")
    rules = app.top
    assert isinstance(rules, RulesScene) and rules.variant == "habanero"
    app.dispatch(I.Intent(I.BACK))
    assert app.top is menu
    press(app, "settings")
    assert isinstance(app.top, SettingsScene)
    app.dispatch(I.Intent(I.RIGHT))  # the language: the table and the menu follow
    lang = app.settings.language
    app.dispatch(I.Intent(I.BACK))
    assert app.top is menu
    assert menu.buttons.buttons[0].label == tr(lang, "pause_resume")
    assert {b.label for b in table.tools.buttons} >= {tr(lang, "rules"), tr(lang, "menu")}


def test_the_menu_is_drawn_in_the_players_language(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    for lang in ("en", "es"):
        app.set_settings(app.settings.with_(language=lang))
        table = new_table(app)
        app.dispatch(I.Intent(I.BACK))
        texts = drawn_texts(app, monkeypatch)
        for text in (tr(lang, "pause_title"), tr(lang, "pause_keys"),
                     tr(lang, "pause_saved", button=tr(lang, "continue"))):
            assert text in texts, (lang, text)
        menu = app.top
        assert isinstance(menu, PauseScene)
        labels = [b.label for b in menu.buttons.buttons]
        assert labels == [tr(lang, k) for k in ("pause_resume", "settings", "rules",
                                                "pause_mute", "pause_quit")]
        w, h = app.size
        assert menu.box.contains(menu.buttons.buttons[-1].rect) and 0 <= menu.box.top
        assert menu.box.bottom <= h and menu.box.right <= w
        assert app.stack == [table, menu]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_menus_shortcuts_and_the_mute_key_never_collide(lang: str) -> None:
    menu = {"resume": "pause_resume", "settings": "settings", "rules": "rules",
            "mute": "pause_mute", "quit_match": "pause_quit", "review_last": "pause_review_last"}
    keys = {name: tr(lang, f"key.{name}") for name in menu}
    assert len(set(keys.values())) == len(keys), keys
    for name, label in menu.items():
        assert len(keys[name]) == 1 and keys[name] in _plain(tr(lang, label)), (name, keys)
    assert keys["mute"] in _plain(tr(lang, "pause_unmute"))
    # The hint's key, pressed with the menu open, is not the last round's review
    # (nc106 pressed P for a hint there and the review opened).
    assert tr(lang, "key.hint") not in keys.values()
    # At the table the mute key is free: no button there takes it.
    table = {tr(lang, f"key.{name}") for name in SHORTCUT_GROUPS["table"]}
    table |= set(tr(lang, "key.sings")) | set(tr(lang, in_variant("boricua", "key.sings")))
    assert keys["mute"] not in table


# ---------------------------------------------------------------------- mute
def test_m_at_the_table_turns_the_sound_off_and_on(
        app: App, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    table = new_table(app)
    volume = app.settings.volume
    asked = sounds_asked(app, monkeypatch)
    press(app, "mute")
    assert app.settings.muted and app.resources.muted
    assert table.toast is not None and table.toast[0] == app.tr("sound_off")
    assert load_settings()[0].muted  # saved
    tick(app, 60)  # the deal and its sounds
    app.resources.play("click")
    assert asked == []  # nothing was even looked up to play
    press(app, "mute")
    assert not app.settings.muted and not app.resources.muted
    assert table.toast is not None and table.toast[0] == app.tr("sound_on")
    assert app.settings.volume == volume == app.resources.volume  # the volume was kept
    app.resources.play("click")
    assert asked == ["click"]


def test_the_mute_key_follows_the_language(app: App) -> None:
    app.set_settings(app.settings.with_(language="es"))
    new_table(app)
    app.dispatch(I.Intent(I.KEY, char="m"))  # in Spanish M exchanges, it does not mute
    assert not app.settings.muted
    press(app, "mute")
    assert app.settings.muted


def test_mute_in_the_menu_changes_its_label(app: App) -> None:
    new_table(app)
    app.dispatch(I.Intent(I.BACK))
    menu = app.top
    assert isinstance(menu, PauseScene)
    press(app, "mute")
    assert app.settings.muted and app.resources.muted
    assert menu.buttons.buttons[3].label == app.tr("pause_unmute")
    press(app, "mute")
    assert not app.settings.muted
    assert menu.buttons.buttons[3].label == app.tr("pause_mute")
    assert app.top is menu


def test_a_muted_game_starts_muted(app: App, tmp_path: Path) -> None:
    save_settings(app.settings.with_(muted=True, volume=0.4))
    from tute_desktop.app import parse_args

    again = App(parse_args([]))
    try:
        assert again.resources.muted and again.resources.volume == pytest.approx(0.4)
    finally:
        again.nav.close_all()


def test_resources_play_nothing_while_muted(monkeypatch: pytest.MonkeyPatch) -> None:
    res = Resources(audio=False)
    played: list[str] = []
    monkeypatch.setattr(res, "sound", lambda name: played.append(name))
    res.set_volume(0.5)
    res.set_muted(True)
    res.play("trick")
    assert played == [] and res.volume == 0.5
    res.set_muted(False)
    with pytest.raises(AttributeError):  # the spy returns None: it was asked to play
        res.play("trick")
    assert played == ["trick"]


def test_settings_rows_for_sound_text_size_and_sorting(app: App) -> None:
    scene = SettingsScene(app)
    app.reset_to(scene)
    texts = [label for label, _ in scene.rows()]
    assert texts[-3:] == [app.tr("settings_sound"), app.tr("settings_text_size"),
                          app.tr("settings_sort_hand")]
    for _ in range(6):
        app.dispatch(I.Intent(I.DOWN))
    app.dispatch(I.Intent(I.RIGHT))
    assert app.settings.muted
    assert scene.rows()[6][1] == app.tr("off")
    app.dispatch(I.Intent(I.DOWN))
    app.dispatch(I.Intent(I.RIGHT))
    assert app.settings.text_size == "large"
    assert scene.rows()[7][1] == app.tr("text_size_large")
    app.dispatch(I.Intent(I.DOWN))
    app.dispatch(I.Intent(I.RIGHT))
    assert not app.settings.sort_hand
    assert scene.rows()[8][1] == app.tr("off")
    app.dispatch(I.Intent(I.DOWN))
    assert scene.focus == 0  # the rows wrap around
    app.draw_frame()
    assert scene.row_rects[-1].bottom < app.size[1]


# ---------------------------------------------------------------------- text size
def test_large_text_makes_every_table_font_bigger(app: App) -> None:
    table = new_table(app)
    normal = [table.hud.font(k) for k in (0.11, 0.13, 0.16, 0.24)]
    app.set_settings(app.settings.with_(text_size="large"))
    large = [table.hud.font(k) for k in (0.11, 0.13, 0.16, 0.24)]
    for n, big in zip(normal, large, strict=True):
        assert big > n and big == pytest.approx(n * TEXT_SIZES["large"], abs=2)


def test_text_size_from_the_menus_settings_resizes_the_tables_buttons(app: App) -> None:
    table = new_table(app)
    widths = [b.rect.w for b in table.tools.buttons]
    app.dispatch(I.Intent(I.BACK))
    press(app, "settings")
    scene = app.top
    assert isinstance(scene, SettingsScene)
    scene.focus = 7
    app.dispatch(I.Intent(I.RIGHT))
    app.dispatch(I.Intent(I.BACK))
    assert [b.rect.w for b in table.tools.buttons] > widths
    assert all(b.rect.w > w for b, w in zip(table.tools.buttons, widths, strict=True))


# ---------------------------------------------------------------------- the file
def test_mute_and_text_size_round_trip(tmp_path: Path) -> None:
    chosen = Settings(language="es", volume=0.3, muted=True, text_size="large")
    save_settings(chosen, tmp_path)
    assert load_settings(tmp_path) == (chosen, None)
    raw = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert raw["muted"] is True and raw["text_size"] == "large"
    assert Settings().muted is False and Settings().text_size == "normal"


def test_a_file_without_them_loads_and_bad_values_fall_back(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": 1, "kind": "settings", "language": "es"}),
                    encoding="utf-8")
    assert load_settings(tmp_path) == (Settings(language="es"), None)
    path.write_text(json.dumps({"schema": 1, "kind": "settings", "language": "es",
                                "volume": 0.2, "muted": "yes", "text_size": "huge"}),
                    encoding="utf-8")
    settings, problem = load_settings(tmp_path)
    assert settings == Settings(language="es", volume=0.2)
    assert problem is not None and problem.key == "notice.kept.settings"
    with pytest.raises(ValueError):
        Settings(text_size="huge")


def test_the_menu_says_what_quit_keeps(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app.set_settings(app.settings.with_(language="en"))
    seats = [Seat("Ana"), Seat("Bot", "random")]
    kept = TableScene(app, Match("habanero", seats, seed=1), on_save=lambda m: None,
                      on_match_over=lambda m: None)
    app.reset_to(kept)
    app.dispatch(I.Intent(I.BACK))
    assert tr("en", "pause_saved_tournament", button=tr("en", "continue_tournament")) \
        in drawn_texts(app, monkeypatch)
    bots = TableScene(app, Match("habanero", [Seat("A", "random"), Seat("B", "random")], seed=1))
    app.reset_to(bots)
    app.dispatch(I.Intent(I.BACK))
    texts = drawn_texts(app, monkeypatch)
    assert tr("en", "pause_title") in texts
    assert not any(t.startswith(tr("en", "pause_saved", button="")[:10]) for t in texts)


def test_the_menu_reviews_the_hand_just_played(app: App) -> None:
    """A club player pressed Enter on through the round's summary and found
    that hand's review only under Statistics (cold play nc76): where one
    person plays, the in-game menu offers the hand just played, once there is
    one, and its key opens the review of that hand (not the one in play)."""
    import random

    from tute_desktop.engine.state import PLAYING
    from tute_desktop.ui.review import ReviewScene

    match = Match("habanero", [Seat("Ana"), Seat("Bot", "random")], seed=5)
    table = TableScene(app, Match.from_json(match.to_json()))
    app.reset_to(table)
    app.dispatch(I.Intent(I.BACK))
    assert isinstance(app.top, PauseScene) and app.top.last_round() is None
    assert app.tr("pause_review_last") not in [b.label for b in app.top.buttons.buttons]
    rng = random.Random(5)
    while match.state.phase is PLAYING:
        match.apply(rng.choice(match.state.legal_actions()))
    match.next_round()
    match.apply(match.state.legal_actions()[0])
    table = TableScene(app, Match.from_json(match.to_json()))
    app.reset_to(table)
    app.dispatch(I.Intent(I.BACK))
    menu = app.top
    assert isinstance(menu, PauseScene) and menu.last_round() == 0
    assert app.tr("pause_review_last") in [b.label for b in menu.buttons.buttons]
    press(app, "review_last")
    review = app.top
    assert isinstance(review, ReviewScene)
    assert len(review.match["rounds"]) == 1  # the hand just played, not the one in play
    # Hot-seat, a hand played too: each person's own review is at the summary.
    hot = Match("habanero", [Seat("Ana"), Seat("Luis")], seed=5)
    while hot.state.phase is PLAYING:
        hot.apply(rng.choice(hot.state.legal_actions()))
    hot.next_round()
    hot_table = TableScene(app, hot)
    app.reset_to(hot_table)
    assert len(hot.rounds) == 2 and PauseScene(app, hot_table).last_round() is None
