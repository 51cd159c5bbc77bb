"""RULES §13 cuatro in the window: four players, each alone, offered everywhere
the other rule sets are (New game, the table, the summary, statistics, saves,
the review)."""

from __future__ import annotations

import pytest
from window_helpers import new_table, on_title, play_to_summary, press, settle, visible_point

from tute_desktop.app import App
from tute_desktop.engine.rules import VARIANTS, Scoring
from tute_desktop.game.match import Match, Seat
from tute_desktop.game.review import ITERATIONS
from tute_desktop.ui import intents as I
from tute_desktop.ui.match_end import MatchEndScene
from tute_desktop.ui.scenes import NewGameScene, SummaryScene
from tute_desktop.ui.table import TableScene


def test_cuatro_is_offered_with_lost_rounds_as_its_score() -> None:
    # §13: four seats, each its own side; the match counted in piedras as §8.
    rules = VARIANTS["cuatro"]
    assert (rules.players, rules.sides, rules.partners) == (4, 4, ())
    assert rules.scoring is Scoring.LOST_ROUNDS
    assert "cuatro" in ITERATIONS  # the review has its number of worlds


def test_a_cuatro_match_plays_to_its_end_at_the_table_and_each_round_is_counted(
        app: App) -> None:
    # §13: a round's winner records nothing, each other player a piedra (two
    # after a tute); the match ends when a player reaches the target.
    table = new_table(app, "cuatro", seed=3)
    match = table.match
    for _ in range(40):
        summary = play_to_summary(app, table)
        assert isinstance(summary, SummaryScene)
        app.draw_frame()
        if match.state.phase == "match_over":
            break
        summary.done()
    else:
        raise AssertionError("the match never ended")
    totals = match.state.match_totals()
    outcome = match.state.outcome
    assert outcome is not None and outcome.match_winner is not None
    assert max(totals) >= match.rules.target
    assert totals[outcome.match_winner] == min(totals)  # the fewest piedras wins
    played = app.stats.players["Ana"].games["cuatro"].played
    assert 0 < played <= len(match.rounds)
    summary.done()  # the match's end, with its winner
    app.draw_frame()
    assert isinstance(app.top, MatchEndScene)


def test_the_summary_and_the_panel_name_each_player_alone(app: App) -> None:
    table = new_table(app, "cuatro", seed=2)
    heads, rows = table.hud.panel_rows(table.match.state)
    assert [row[0] for row in rows] == [table.name(s) for s in range(4)]  # no "A + B"
    summary = play_to_summary(app, table)
    assert summary._names() == [table.name(s) for s in range(4)]


def test_a_saved_cuatro_match_continues_from_the_same_position(app: App) -> None:
    table = new_table(app, "cuatro", seed=8)
    for _ in range(5):
        settle(app, table)
        mask = table.match.state.legal_play_mask()
        card = next(c for c in table.my_hand() if mask >> c & 1)
        pos = visible_point(table, card)
        app.dispatch(I.Intent(I.PRESS, pos=pos))
        app.dispatch(I.Intent(I.RELEASE, pos=pos))
    settle(app, table)
    played = table.match.to_json()
    on_title(app)
    saved = app.save_slot.load()
    assert saved.data == played and saved.data["variant"] == "cuatro"
    press(app, "continue")
    resumed = app.top
    assert isinstance(resumed, TableScene)
    assert resumed.match.to_json() == played
    assert Match.from_json(saved.data).state.hands == resumed.match.state.hands


@pytest.mark.parametrize("lang", ["en", "es"])
def test_new_game_offers_cuatro_with_its_options_and_no_teams(app: App, lang: str) -> None:
    app.settings = app.settings.with_(language=lang)
    on_title(app)
    press(app, "new_game")
    scene = app.top
    assert isinstance(scene, NewGameScene)
    while scene.variant != "cuatro":
        scene._cycle_variant(1)
    scene.layout(app.size)
    app.draw_frame()
    assert scene.teams == ""  # §13: each for themselves
    assert scene._players() == 4
    for option, values in (("target", (3, 5, 8, 10, 12)), ("tute", ("two_rounds", "match"))):
        seen = set()
        for _ in values:
            scene._cycle_option(option, 1)
            seen.add(scene.options[option])
        assert seen == set(values)


def test_a_cuatro_match_started_from_new_game_has_four_seats(app: App) -> None:
    m = Match("cuatro", [Seat("Ana")] + [Seat(f"Bot {i}", "random") for i in (1, 2, 3)],
              options={"target": 5, "throw_in": True}, seed=4)
    again = Match.from_json(m.to_json())
    assert again.rules == m.rules and again.rules.target == 5 and again.rules.throw_in


def test_the_review_of_a_cuatro_round_judges_the_persons_decisions(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from tute_desktop.ui.review import ReviewScene

    monkeypatch.setitem(ITERATIONS, "cuatro", 12)
    table = new_table(app, "cuatro", seed=5)
    play_to_summary(app, table)
    press(app, "review")
    scene = app.top
    assert isinstance(scene, ReviewScene)
    assert scene.ready and set(scene.decisions) == set(scene.steps)
    assert all(table.match.rounds[0].actions[s][0] == 0 for s in scene.steps)
    said = set()
    for _ in range(len(scene.log) + 1):
        app.draw_frame()
        said |= {words for words, _, _ in scene.judgement()}
        app.dispatch(I.Intent(I.RIGHT))
    # The values are the person's points against the mean of the other three's.
    assert app.tr("review_values_cuatro") in said


def test_the_recent_form_tells_cuatro_from_corriente() -> None:
    from tute_desktop.ui.statistics import form_mark

    marks = [form_mark(v) for v in VARIANTS]
    assert len(set(marks)) == len(marks)
    assert (form_mark("habanero"), form_mark("cuatro"), form_mark("corriente")) == (
        "H", "Cu", "Co")
