"""Issue 27, point 5: a seed has one range everywhere, 0 to 2**63 - 1
(``engine.seeds.SEED_MAX``, docs/protocol.md "Seeds"; RULES §11: a deal comes
from a seed). A save with a 71-digit seed (10**70) used to load and play, and
the statistics' own key for its rounds ("<seed>/<round>", at most 64
characters in the file) then made the next start report the statistics damaged
and set them aside. Each way in is checked: the engine, the command lines
(``tute --seed``, the arena's), the protocol (``tute-engine``: an error line with
``code`` ``bad_seed``, the engine reading on), saves, tournaments and the
statistics' keys."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import arena
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_protocol import Engine
from window_helpers import on_title, press

from tute_desktop.app import App, parse_args
from tute_desktop.engine import SEED_MAX, SeedError, check_seed, find_variant, is_seed, new_game
from tute_desktop.game.match import SAVE_FORMAT, Match, Seat
from tute_desktop.game.persist import SaveSlot, dump_versioned
from tute_desktop.game.stats import (
    FORMAT,
    PersonResult,
    RoundResult,
    Stats,
    round_key,
    round_result,
)
from tute_desktop.game.tournament import Participant, Tournament, load_tournament, tournament_path

BAD = [-1, SEED_MAX + 1, 10**70, 2**64]
"""Whole numbers outside the range."""
NOT_NUMBERS: list[Any] = [1.5, "7", True, [1], {"seed": 1}]


def write_raw(path: Path, kind: str, payload: dict[str, Any]) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps(dump_versioned(kind, 1, payload)).encode("utf-8")
    path.write_bytes(raw)
    return raw


# ---------------------------------------------------------------------- the range


def test_s11_the_range_is_0_to_2_63_minus_1() -> None:
    assert SEED_MAX == 2**63 - 1 == 9223372036854775807
    assert is_seed(0) and is_seed(SEED_MAX)
    for bad in [*BAD, *NOT_NUMBERS, None, False]:
        assert not is_seed(bad)
        with pytest.raises(SeedError, match="0 to 9223372036854775807"):
            check_seed(bad)


@given(st.integers(-(2**80), 2**80))
def test_s11_the_validator_takes_exactly_the_whole_numbers_in_range(value: int) -> None:
    assert is_seed(value) == (0 <= value <= SEED_MAX)


def test_s11_the_engine_deals_from_any_seed_in_range_and_refuses_others() -> None:
    rules = find_variant("habanero")
    for good in (0, 7, SEED_MAX):
        assert new_game(rules, seed=good).stock_count > 0
    for bad in BAD:
        with pytest.raises(SeedError):
            new_game(rules, seed=bad)
    st_ = new_game(rules, seed=1)
    while st_.phase == "play":
        st_.apply(st_.legal_actions()[0])
    with pytest.raises(SeedError):
        st_.start_next_round(seed=10**70)
    st_.start_next_round(seed=SEED_MAX)


# ---------------------------------------------------------------------- command lines


@pytest.mark.parametrize("text", [str(SEED_MAX + 1), str(10**70), "-1", "1e3", "seven", ""])
def test_tute_seed_outside_the_range_is_a_usage_message(
        text: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        parse_args(["--variant", "habanero", "--seed", text])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: tute") and "9223372036854775807" in err


def test_tute_seed_takes_the_whole_range() -> None:
    assert parse_args(["--seed", "0"]).seed == 0
    assert parse_args(["--seed", str(SEED_MAX)]).seed == SEED_MAX


@pytest.mark.parametrize("argv", [["--seed", "-1"], ["--seed", str(10**70)],
                                  ["--seed", str(SEED_MAX), "--deals", "2"]])
def test_the_arenas_seeds_are_in_the_range(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        arena.main(["--a", "random", "--b", "random", "--deals", "1", *argv, "--jobs", "1",
                    "--quiet"])
    assert stop.value.code == 2 and "9223372036854775807" in capsys.readouterr().err


# ---------------------------------------------------------------------- the protocol


def bad_seed(engine: Engine, request: dict[str, Any]) -> None:
    """Refused with the code ``bad_seed`` and the range in words, the state as it
    was, the engine reading on."""
    before = engine.ask({"cmd": "state"})
    response = engine.ask(request)
    assert response["ok"] is False and response["code"] == "bad_seed", response
    assert str(SEED_MAX) in response["error"] and set(response) == {"ok", "error", "code"}
    assert engine.ask({"cmd": "state"}) == before


def test_tep_new_next_bot_and_analyze_refuse_a_seed_outside_the_range(engine: Engine) -> None:
    for seed in [*BAD, *NOT_NUMBERS]:
        bad_seed(engine, {"cmd": "new", "variant": "habanero", "seed": seed})
    started = engine.ok({"cmd": "new", "variant": "habanero", "seed": SEED_MAX})
    assert started["seed"] == SEED_MAX
    for seed in [*BAD, *NOT_NUMBERS]:
        bad_seed(engine, {"cmd": "new", "variant": "tres", "seed": seed})
        bad_seed(engine, {"cmd": "bot", "level": "random", "seed": seed})
        bad_seed(engine, {"cmd": "analyze", "iterations": 1, "seed": seed})
    assert engine.ok({"cmd": "bot", "level": "random", "seed": SEED_MAX})["action"]
    assert engine.ok({"cmd": "analyze", "iterations": 1, "seed": SEED_MAX})["actions"]
    rng = random.Random(2)
    while engine.ok({"cmd": "state"})["state"]["phase"] == "play":
        legal = engine.ok({"cmd": "legal"})["actions"]
        engine.ok({"cmd": "act", "action": rng.choice(legal)})
    if engine.ok({"cmd": "state"})["state"]["phase"] == "round_over":
        for seed in [*BAD, *NOT_NUMBERS]:
            bad_seed(engine, {"cmd": "next", "seed": seed})
        assert engine.ok({"cmd": "next", "seed": SEED_MAX})["state"]["phase"] == "play"


# ---------------------------------------------------------------------- files


def boricua(seed: int = 5) -> Match:
    m = Match("boricua", [Seat("Ana"), Seat("Bot", "random")], seed=seed)
    for _ in range(6):
        m.apply(m.state.legal_actions()[0])
    return m


@pytest.mark.parametrize("seed", [*BAD, 1.5, "7", True])
def test_a_save_whose_seed_is_outside_the_range_is_unusable(tmp_path: Path, seed: Any) -> None:
    data = boricua().to_json()
    data["seed"] = seed
    slot = SaveSlot("autosave", tmp_path)
    raw = write_raw(slot.path, "save", data)
    found = slot.read(SAVE_FORMAT)
    assert found.value is None and found.problem is not None
    assert found.problem.key == "notice.unreadable.save" and "seed" in found.problem
    assert found.moved_to is not None and found.moved_to.read_bytes() == raw


def test_a_save_with_the_largest_seed_loads(tmp_path: Path) -> None:
    m = boricua(SEED_MAX)
    slot = SaveSlot("autosave", tmp_path)
    slot.save(m.to_json())
    found = slot.read(SAVE_FORMAT)
    assert found.problem is None and found.value is not None
    assert found.value.to_json() == m.to_json()


def test_continue_with_a_70_digit_seed_keeps_the_statistics_whole(app: App) -> None:
    """The issue's case: the save is refused on the title screen, and the
    statistics the next start reads have nothing to set aside."""
    data = boricua().to_json()
    data["seed"] = 10**70
    write_raw(app.save_slot.path, "save", data)
    title = on_title(app)
    press(app, "continue")
    assert app.top is title
    assert [n.key for n in title.notice] == ["notice.unreadable.save"]  # type: ignore[attr-defined]
    app.write_stats()
    assert FORMAT.read(app.stats.to_json())[1] == []


@pytest.mark.parametrize("seed", [-1, SEED_MAX + 1, 10**70])
def test_a_tournament_whose_seed_is_outside_the_range_is_set_aside(app: App, seed: int) -> None:
    t = Tournament.draw([Participant("Ana"), Participant("Luis", "random")], 3)
    data = t.to_json()
    data["seed"] = seed
    write_raw(tournament_path(), "tournament", data)
    loaded, problem = load_tournament()
    assert loaded is None and problem is not None and "seed" in problem


def test_a_match_or_a_tournament_made_in_code_refuses_such_a_seed() -> None:
    seats = [Seat("Ana"), Seat("Bot", "random")]
    for bad in BAD:
        with pytest.raises(SeedError):
            Match("habanero", seats, seed=bad)
        with pytest.raises(SeedError):
            Tournament.draw([Participant("Ana"), Participant("Luis", "random")], bad)
    assert Tournament.draw([Participant("Ana"), Participant("Luis", "random")],
                           SEED_MAX).seed == SEED_MAX


# ---------------------------------------------------------------------- statistics

KEPT = boricua(7)
while KEPT.state.phase == "play":
    KEPT.apply(KEPT.state.legal_actions()[0])
LOG = KEPT.to_json()
"""A finished round's log, kept under any key (the key is not checked against it)."""


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, SEED_MAX) | st.sampled_from([0, SEED_MAX]),
       round_no=st.integers(1, 10**6))
def test_any_seed_the_validator_takes_makes_a_key_the_statistics_file_takes_back(
        seed: int, round_no: int) -> None:
    assert is_seed(seed)
    key = round_key(seed, round_no)
    s = Stats()
    person = PersonResult("Ana", 60, ("random",), True, None, seat=0)
    assert s.record_round(RoundResult(key, "boricua", (person,), LOG))
    again, losses = FORMAT.read(json.loads(json.dumps(s.to_json())))
    assert losses == []
    assert again.recorded == [key] and [k.key for k in again.players["Ana"].kept] == [key]


def test_the_statistics_key_of_a_real_round_at_the_largest_seed() -> None:
    m = Match("habanero", [Seat("Ana"), Seat("Bot", "random")], seed=SEED_MAX)
    while m.state.phase == "play":
        m.apply(m.state.legal_actions()[0])
    r = round_result(m)
    assert r.key == f"{SEED_MAX}/1"
    s = Stats()
    s.record_round(r)
    assert FORMAT.read(s.to_json())[1] == []
    with pytest.raises(SeedError):
        round_key(10**70, 1)
