"""Issue 27, point 4: two people with one name. New game and the tournament setup
refuse a name another participant has (whatever the case); the files must too,
or the statistics, kept by name, count one game twice for it (``games habanero
= [2 played, 1 won]`` from one game). A saved match whose seats repeat a name is
unusable, like a bad seat (docs/files.md), and so is a tournament whose
participants do; the statistics count a round once for a name in any case."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from window_helpers import on_title, press

from tute_desktop.app import App
from tute_desktop.game.match import SAVE_FORMAT, Match, Seat
from tute_desktop.game.persist import SaveSlot, dump_versioned
from tute_desktop.game.stats import Stats, round_result
from tute_desktop.game.tournament import Participant, Tournament, load_tournament, tournament_path


def write_raw(path: Path, kind: str, payload: dict[str, Any]) -> bytes:
    """A file as a hand edit could leave it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps(dump_versioned(kind, 1, payload)).encode("utf-8")
    path.write_bytes(raw)
    return raw


def one_game(match: Match) -> None:
    """Random legal actions until a game is decided (one game to 101 may take
    two deals, la vuelta)."""
    rng = random.Random(4)
    while True:
        while match.state.phase == "play":
            match.apply(rng.choice(match.state.legal_actions()))
        outcome = match.state.outcome
        assert outcome is not None
        if outcome.game_winner is not None:
            return
        match.next_round()


def two_anas(second: str = "Ana") -> Match:
    """Hot-seat habanero between two people called alike, played through one game:
    a match only a hand-made file (or a bug) can hold."""
    m = Match("habanero", [Seat("Ana"), Seat(second)], seed=11)
    one_game(m)
    return m


@pytest.mark.parametrize("second", ["Ana", "ANA", "Ana\u0000"])
def test_a_save_whose_people_share_a_name_is_unusable(tmp_path: Path, second: str) -> None:
    data = two_anas().to_json()
    data["seats"][1]["name"] = second  # "Ana\0" is cleaned to "Ana"
    slot = SaveSlot("autosave", tmp_path)
    raw = write_raw(slot.path, "save", data)
    found = slot.read(SAVE_FORMAT)
    assert found.value is None and found.problem is not None
    assert found.problem.key == "notice.unreadable.save" and "seats" in found.problem
    assert not slot.path.exists()
    assert found.moved_to is not None and found.moved_to.read_bytes() == raw


def test_a_save_with_a_person_named_like_a_bot_is_unusable(tmp_path: Path) -> None:
    m = Match("tres", [Seat("Ana"), Seat("Bot 1", "easy"), Seat("Bot 2", "easy")], seed=3)
    data = m.to_json()
    data["seats"][0]["name"] = "bot 2"
    slot = SaveSlot("autosave", tmp_path)
    write_raw(slot.path, "save", data)
    found = slot.read(SAVE_FORMAT)
    assert found.value is None and found.problem is not None and "seats" in found.problem


def test_continue_with_such_a_save_stays_on_the_title_and_counts_nothing(app: App) -> None:
    data = two_anas().to_json()
    write_raw(app.save_slot.path, "save", data)
    title = on_title(app)
    press(app, "continue")
    assert app.top is title
    assert [n.key for n in title.notice] == ["notice.unreadable.save"]  # type: ignore[attr-defined]
    assert app.stats.players == {}


def test_a_tournament_whose_participants_share_a_name_is_set_aside(
        app: App) -> None:
    t = Tournament.draw([Participant("Ana"), Participant("Luis", "random"),
                         Participant("Eva", "easy")], 3)
    data = t.to_json()
    data["participants"][2]["name"] = "ANA"
    raw = write_raw(tournament_path(), "tournament", data)
    loaded, problem = load_tournament()
    assert loaded is None and problem is not None and "participants" in problem
    moved = sorted(tournament_path().parent.glob("tournament.corrupt-*.json"))
    assert [p.read_bytes() for p in moved] == [raw]


def test_the_statistics_count_one_game_once_for_a_name_at_two_seats() -> None:
    m = two_anas()  # made in code, past every file check
    outcome = m.state.outcome
    assert outcome is not None and outcome.game_winner is not None
    s = Stats()
    assert s.record_round(round_result(m))
    games = s.players["Ana"].games["habanero"].to_json()
    assert games == [1, int(outcome.game_winner == 0)]  # the first seat's game, once
    assert s.players["Ana"].total("games").played == 1
    assert len(s.players["Ana"].recent) == 1 and len(s.players["Ana"].kept) == 1
    assert s.players["Ana"].games_vs["person"].played == 1


def test_a_tournament_counts_once_for_a_name() -> None:
    s = Stats()
    s.record_tournament(["Ana", "Ana", "Luis"], "Ana")
    assert s.players["Ana"].tournaments.to_json() == [1, 1]
    assert s.players["Luis"].tournaments.to_json() == [1, 0]
