"""Every loader fed generated JSON (issue 17): arbitrary nested JSON, and valid
files with one part broken (a field of the wrong type, a field removed, a list
element corrupted). Never an exception, never a silent loss: a valid file loads
unchanged; a file with a bad part keeps the others, says what was lost, and is
kept aside byte for byte; what the game goes on with is written back and reads
again without a word."""

from __future__ import annotations

import copy
import json
import math
import os
import random
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from window_helpers import inline_app, on_title, press

from tute_desktop.bots import LEVELS
from tute_desktop.engine.rules import VARIANTS
from tute_desktop.game.match import SAVE_FORMAT, Match, Seat
from tute_desktop.game.persist import SaveSlot, dump_versioned
from tute_desktop.game.settings import (
    CARD_BACKS,
    TABLE_COLORS,
    Settings,
    load_settings,
    save_settings,
)
from tute_desktop.game.stats import (
    PersonResult,
    RoundResult,
    Stats,
    load_stats,
    round_result,
    save_stats,
)
from tute_desktop.game.tournament import (
    SPEEDS,
    Participant,
    Tournament,
    load_tournament,
    save_tournament,
)
from tute_desktop.i18n import LANGUAGES, Notice

FUZZ = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])

# ---------------------------------------------------------------------- the four files


@dataclass(frozen=True)
class Kind:
    """One kind of file: where it goes in a folder, how the game loads it (what it
    goes on with, as JSON, or None; and the problem), and how it writes a payload."""

    name: str
    filename: str
    load: Callable[[Path], tuple[dict[str, Any] | None, Notice | None]]
    save: Callable[[Path, dict[str, Any]], None]


def _load_settings(folder: Path) -> tuple[dict[str, Any] | None, Notice | None]:
    value, problem = load_settings(folder)
    return value.to_json(), problem


def _load_stats(folder: Path) -> tuple[dict[str, Any] | None, Notice | None]:
    value, problem = load_stats(folder / "statistics.json")
    return value.to_json(), problem


def _load_save(folder: Path) -> tuple[dict[str, Any] | None, Notice | None]:
    found = SaveSlot("autosave", folder).read(SAVE_FORMAT)
    return (found.value.to_json() if found.value is not None else None), found.problem


def _load_tournament(folder: Path) -> tuple[dict[str, Any] | None, Notice | None]:
    value, problem = load_tournament(folder / "tournament.json")
    return (value.to_json() if value is not None else None), problem


KINDS = {
    "settings": Kind("settings", "settings.json", _load_settings,
                     lambda folder, d: save_settings(Settings.from_json(d), folder)),
    "stats": Kind("stats", "statistics.json", _load_stats,
                  lambda folder, d: save_stats(Stats.from_json(d), folder / "statistics.json")),
    "save": Kind("save", "autosave.json", _load_save,
                 lambda folder, d: SaveSlot("autosave", folder).save(d)),
    "tournament": Kind("tournament", "tournament.json", _load_tournament,
                       lambda folder, d: save_tournament(Tournament.from_json(d),
                                                         folder / "tournament.json")),
}


def write_payload(path: Path, kind: str, payload: Any, envelope: bool = True) -> bytes:
    """The file as generated: ``json.dumps`` escapes lone surrogates and writes
    NaN, as ``json.loads`` reads them. A generated payload holding "schema" or
    "kind" itself is written as it is (the envelope would refuse it)."""
    wrap = envelope and isinstance(payload, dict) and not {"schema", "kind"} & payload.keys()
    data = dump_versioned(kind, 1, payload) if wrap else payload
    raw = json.dumps(data, ensure_ascii=True).encode("utf-8")
    path.write_bytes(raw)
    return raw


def check_load(kind: Kind, folder: Path, raw: bytes) -> tuple[dict[str, Any] | None,
                                                              Notice | None]:
    """Load and check what holds for any file: nothing raised, a problem whenever
    the file is not used as it is, the file then kept aside byte for byte, and
    what the game goes on with written back so that it reads again unchanged."""
    path = folder / kind.filename
    value, problem = kind.load(folder)
    aside = list(folder.glob(f"{path.stem}.corrupt-*.json"))
    if problem is None:
        assert value is not None and path.read_bytes() == raw and not aside
        return value, problem
    assert isinstance(problem, Notice)
    problem.render("es").encode("utf-8")  # said in either language, drawable
    assert [p.read_bytes() for p in aside] == [raw]  # never deleted
    if value is not None:
        again, problem_again = kind.load(folder)
        assert problem_again is None and again == value
    return value, problem


# ---------------------------------------------------------------------- arbitrary JSON

TEXT = st.text(max_size=6) | st.sampled_from(
    ["", "\x00", "\ud800", "Ana\udcff", "play 1o", "random", "godlike", "habanero", "es",
     "green", "red", "P1", "players", "rounds", "deal", "actions"])
NUMBER = (st.integers(-3, 12) | st.integers() | st.floats(allow_nan=True, allow_infinity=True)
          | st.sampled_from([0, 1, -1, 0.5, 2.0, 10**30, 1e308]))
JSON = st.recursive(st.none() | st.booleans() | NUMBER | TEXT,
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(TEXT, inner, max_size=4),
                    max_leaves=16)
KEYS = {
    "settings": ["language", "volume", "animation_speed", "card_back", "table_color",
                 "fullscreen", "player_name"],
    "stats": ["players", "recorded", "games", "capotes", "recent", "tournaments"],
    "save": ["variant", "options", "seed", "seats", "rounds", "deal", "actions"],
    "tournament": ["seed", "speed", "participants", "rounds", "current", "a", "b", "winner"],
}


@st.composite
def shaped_json(draw: st.DrawFn, kind: str) -> Any:
    """Arbitrary JSON, often an object with the kind's own field names."""
    if draw(st.booleans()):
        return draw(JSON)
    names = st.sampled_from(KEYS[kind]) | TEXT
    return draw(st.dictionaries(names, JSON, max_size=6))


@pytest.mark.parametrize("kind", sorted(KINDS))
@FUZZ
@given(data=st.data())
def test_any_json_in_any_file_never_breaks_the_loader(kind: str, data: st.DataObject) -> None:
    payload = data.draw(shaped_json(kind))
    envelope = data.draw(st.booleans())
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        raw = write_payload(folder / KINDS[kind].filename, kind, payload, envelope)
        check_load(KINDS[kind], folder, raw)


# ---------------------------------------------------------------------- valid files

NAMES = ["Ana", "Luis", "Begoña", "Zoé Ruiz"]


@st.composite
def valid_settings(draw: st.DrawFn) -> dict[str, Any]:
    return Settings(
        language=draw(st.sampled_from(LANGUAGES)),
        volume=draw(st.floats(0.0, 1.0)),
        animation_speed=draw(st.floats(0.25, 4.0)),
        card_back=draw(st.sampled_from(CARD_BACKS)),
        table_color=draw(st.sampled_from(list(TABLE_COLORS))),
        fullscreen=draw(st.booleans()),
        player_name=draw(st.sampled_from(["", *NAMES])),
    ).to_json()


@st.composite
def valid_stats(draw: st.DrawFn) -> dict[str, Any]:
    s = Stats()
    for n in range(draw(st.integers(0, 8))):
        people = tuple(
            PersonResult(name, draw(st.integers(0, 230)),
                         tuple(sorted(draw(st.sets(st.sampled_from([*LEVELS, "person"]),
                                                   min_size=1, max_size=2)))),
                         draw(st.none() | st.booleans()), draw(st.none() | st.booleans()),
                         tuple(draw(st.lists(st.sampled_from(["20", "40", "tute"]),
                                             max_size=2))),
                         draw(st.booleans()))
            for name in draw(st.sets(st.sampled_from(NAMES), min_size=1, max_size=2)))
        s.record_round(RoundResult(f"{n}/1", draw(st.sampled_from(list(VARIANTS))), people))
    if draw(st.booleans()):
        s.record_tournament(NAMES[:3], draw(st.sampled_from([None, *NAMES[:3]])))
    return s.to_json()


def play(m: Match, rng: random.Random, actions: int) -> None:
    """`actions` random legal actions, dealing on when a round ends."""
    for _ in range(actions):
        if m.state.phase == "round_over":
            m.next_round()
        elif m.state.phase != "play":
            return
        m.apply(rng.choice(m.state.legal_actions()))


@st.composite
def valid_save(draw: st.DrawFn) -> dict[str, Any]:
    variant = draw(st.sampled_from(list(VARIANTS)))
    players = VARIANTS[variant].players
    seats = [Seat(NAMES[i], None if i == 0 else draw(st.sampled_from(LEVELS)))
             for i in range(players)]
    m = Match(variant, seats, seed=draw(st.integers(0, 2**31)))
    play(m, random.Random(draw(st.integers())), draw(st.integers(0, 60)))
    return m.to_json()


@st.composite
def valid_tournament(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.integers(2, 6))
    participants = [Participant(f"P{i}" if i else "Ana",
                                draw(st.sampled_from(LEVELS)) if i else None) for i in range(n)]
    t = Tournament.draw(participants, draw(st.integers(0, 2**31)),
                        speed=draw(st.sampled_from(SPEEDS)))
    for _ in range(draw(st.integers(0, n - 1))):
        nxt = t.next_match()
        if nxt is None:
            break
        p = t.rounds[nxt[0]][nxt[1]]
        t.record(*nxt, draw(st.sampled_from(p.players)),
                 (draw(st.integers(0, 140)), draw(st.integers(0, 140))))
    if t.next_match() is not None and draw(st.booleans()):
        m = t.new_match(*t.next_match())  # type: ignore[misc]
        play(m, random.Random(draw(st.integers())), draw(st.integers(0, 30)))
        t.current = m.to_json()
    return t.to_json()


VALID = {"settings": valid_settings(), "stats": valid_stats(), "save": valid_save(),
         "tournament": valid_tournament()}


@pytest.mark.parametrize("kind", sorted(KINDS))
@FUZZ
@given(data=st.data())
def test_a_valid_file_loads_unchanged(kind: str, data: st.DataObject) -> None:
    payload = data.draw(VALID[kind])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        KINDS[kind].save(folder, payload)
        raw = (folder / KINDS[kind].filename).read_bytes()
        value, problem = check_load(KINDS[kind], folder, raw)
        assert problem is None and value == payload


# ---------------------------------------------------------------------- one part broken

FUTURE = "added_later"
"""A field this version does not know: ignored, as a newer version may add some."""
JUNK = st.sampled_from([None, True, False, -1, 0, 1.5, 10**30, math.nan, "x", "", "\x00",
                        "\ud800", [], {}, [5], {FUTURE: 1}, [[5]], "godlike", "play 99x"])

Path_ = tuple[str | int, ...]


def paths(value: Any, here: Path_ = ()) -> list[Path_]:
    """Every place in a JSON value (the root excepted)."""
    found: list[Path_] = []
    items: list[tuple[str | int, Any]] = (
        list(value.items()) if isinstance(value, dict)
        else list(enumerate(value)) if isinstance(value, list) else [])
    for key, child in items:
        found.append((*here, key))
        found.extend(paths(child, (*here, key)))
    return found


def a_place(data: st.DataObject, payload: dict[str, Any]) -> Path_:
    """A place to break: as often outside the deals (most of a save's places are
    cards in them) as anywhere."""
    places = paths(payload)
    outside = [p for p in places if "deal" not in p]
    return data.draw(st.sampled_from(outside if outside and data.draw(st.booleans())
                                     else places))


def mutate(payload: dict[str, Any], path: Path_, junk: Any, remove: bool) -> dict[str, Any]:
    out = copy.deepcopy(payload)
    parent = out
    for key in path[:-1]:
        parent = parent[key]
    if remove:
        del parent[path[-1]]
    else:
        parent[path[-1]] = junk
    return out


def contained(part: Any, whole: Any) -> bool:
    """Every value of `part` is in `whole` (which may hold more: defaults)."""
    if isinstance(part, dict):
        return isinstance(whole, dict) and all(
            k in whole and contained(v, whole[k]) for k, v in part.items() if k != FUTURE)
    if isinstance(part, list):
        return (isinstance(whole, list) and len(part) == len(whole)
                and all(contained(a, b) for a, b in zip(part, whole, strict=True)))
    return bool(part == whole)


def kept_apart_from(kind: str, original: dict[str, Any], loaded: dict[str, Any],
                    path: Path_) -> None:
    """What the broken part does not touch is kept as it was."""
    top = path[0]
    if kind == "settings":
        for name, value in original.items():
            if name != top:
                assert loaded[name] == value
    elif kind == "stats":
        if top == "players" and len(path) > 1:
            for name, player in original["players"].items():
                if name != path[1]:
                    assert loaded["players"][name] == player
        if top != "recorded":
            assert loaded["recorded"] == original["recorded"]
    elif kind == "save":
        kept = loaded["rounds"]
        if top != "rounds" or len(path) == 1:
            before = original["rounds"]  # not the log: it is kept whole
        elif len(path) >= 4 and path[2] == "actions":
            i, k = int(path[1]), int(path[3])
            before = [*original["rounds"][:i], {**original["rounds"][i],
                                                "actions": original["rounds"][i]["actions"][:k]}]
        else:
            before = original["rounds"][:int(path[1])]
        assert len(kept) >= len(before)
        for had, has in zip(before, kept, strict=False):
            assert has["deal"] == had["deal"]
            assert has["actions"][:len(had["actions"])] == had["actions"]
    elif kind == "tournament":
        if top in ("speed", "current"):
            for name in ("participants", "rounds", "seed"):
                assert loaded[name] == original[name]
        if top != "speed":
            assert loaded["speed"] == original["speed"]


@pytest.mark.parametrize("kind", sorted(KINDS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_file_with_one_bad_part_keeps_the_others_and_says_so(
    kind: str, data: st.DataObject
) -> None:
    original = data.draw(VALID[kind])
    path = a_place(data, original)
    remove = data.draw(st.booleans())
    broken = mutate(original, path, data.draw(JUNK), remove)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        raw = write_payload(folder / KINDS[kind].filename, kind, broken)
        loaded, problem = check_load(KINDS[kind], folder, raw)
    if problem is None:  # the change was still valid: every part of the file is used
        assert loaded is not None and contained(broken, loaded)
    if loaded is not None:
        kept_apart_from(kind, original, loaded, path)


# ---------------------------------------------------------------------- through the window


@pytest.mark.parametrize("kind", ["save", "tournament"])
def test_continue_with_a_broken_file_never_raises_in_the_window(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Beyond the loaders: what they keep must also play. Continue (or Continue
    tournament) with a broken file, then a few frames of what opens."""
    from tute_desktop.bots import Budget
    from tute_desktop.ui import intents as I
    from tute_desktop.ui.scenes import MessageScene

    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    app = inline_app(bot_budget=Budget(iterations=20))
    folder = tmp_path / "data" / "saves"
    key = "continue" if kind == "save" else "tournament"

    @settings(max_examples=20, deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data())
    def play_it(data: st.DataObject) -> None:
        original = data.draw(VALID[kind])
        path = a_place(data, original)
        broken = mutate(original, path, data.draw(JUNK), data.draw(st.booleans()))
        write_payload(folder / KINDS[kind].filename, kind, broken)
        on_title(app)
        press(app, key)
        if isinstance(app.top, MessageScene):
            app.draw_frame()
            app.dispatch(I.Intent(I.CONFIRM))
        for _ in range(15):
            top = app.top
            assert top is not None
            top.update(0.25)
            app.draw_frame()
        for leftover in folder.iterdir():
            leftover.unlink()

    try:
        folder.mkdir(parents=True, exist_ok=True)
        play_it()
    finally:
        app.nav.close_all()
        app.writer.close()


# ---------------------------------------------------------------------- issue 27: NaN, specials

NON_FINITE = ("NaN", "Infinity", "-Infinity")
"""The words Python's json reads as non-finite numbers (and JSON has no room for)."""
MARK = "@non-finite@"


def finished_round(seed: int) -> Match:
    m = Match("boricua", [Seat("Ana"), Seat("Bot", "random")], seed=seed)
    play(m, random.Random(seed), 200)
    return m


def example(kind: str) -> dict[str, Any]:
    """A valid file of `kind` with every nested part there is: house rules and a
    window in the settings, a kept round in the statistics, a match in progress
    in the tournament."""
    if kind == "settings":
        return Settings(language="es", volume=0.4, card_back="blue", player_name="Ana",
                        window_width=1100, window_height=700, window_x=10, window_y=20,
                        last_variant="tres", last_levels=[None, "easy", "hard"],
                        last_names=["Ana"], last_options={"target": 5, "throw_in": True},
                        lessons_done=["cards"], lesson_step=2).to_json()
    if kind == "stats":
        s = Stats()
        s.record_round(round_result(finished_round(3)))
        s.record_tournament(["Ana", "Luis"], "Luis")
        return s.to_json()
    if kind == "save":
        m = Match("tres", [Seat("Ana"), Seat("B", "easy"), Seat("C", "hard")], seed=9,
                  options={"target": 5})
        play(m, random.Random(9), 12)
        return m.to_json()
    t = Tournament.draw([Participant("Ana"), Participant("B", "easy"),
                         Participant("C", "hard")], 4, speed=4.0)
    nxt = t.next_match()
    assert nxt is not None
    m = t.new_match(*nxt)
    play(m, random.Random(4), 10)
    t.current = m.to_json()
    return t.to_json()


def values(payload: dict[str, Any]) -> list[Path_]:
    """The place of every value (not list or object) in `payload`; in a deal,
    its first card of each list (the others are the same kind of value)."""
    out = []
    for place in paths(payload):
        part: Any = payload
        for key in place:
            part = part[key]
        if isinstance(part, dict | list):
            continue
        if "deal" in place:
            after = place[place.index("deal") + 1:]
            if any(isinstance(k, int) and k for k in after):
                continue
        out.append(place)
    return out


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_nan_or_infinity_at_any_value_costs_that_value_and_every_later_write_works(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 27, point 6: "NaN", "Infinity", "-Infinity" in place of each value of
    each kind of file: the file is never taken silently (nothing non-finite can
    reach a value written back, which would stop every later write), what the
    NaN does not touch is kept, and the next write of what the game goes on
    with works."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # thousands of writes; not under test
    original = example(kind)
    places = values(original)
    assert len(places) > 20
    for n, place in enumerate(places):
        for constant in NON_FINITE:
            folder = tmp_path / f"{n}{constant}"
            folder.mkdir()
            text = json.dumps(dump_versioned(kind, 1, mutate(original, place, MARK, False)))
            raw = text.replace(json.dumps(MARK), constant).encode("utf-8")
            (folder / KINDS[kind].filename).write_bytes(raw)
            loaded, problem = check_load(KINDS[kind], folder, raw)
            assert problem is not None, (place, constant)
            if loaded is not None:
                json.dumps(loaded, allow_nan=False)
                kept_apart_from(kind, original, loaded, place)
            KINDS[kind].save(folder, loaded if loaded is not None else original)
            assert KINDS[kind].load(folder)[1] is None


SPECIAL = ("link to /dev/zero", "fifo", "folder", "too big")
TOO_BIG = 9 * 1024 * 1024
"""Bytes above every kind's limit (docs/files.md)."""


def make_special(path: Path, what: str) -> None:
    if what == "link to /dev/zero":
        path.symlink_to("/dev/zero")
    elif what == "fifo":
        os.mkfifo(path)
    elif what == "folder":
        path.mkdir()
    else:  # valid JSON, only too long: spaces after an object
        path.write_bytes(b'{"schema": 1}' + b" " * TOO_BIG)


def within(seconds: float, work: Callable[[], Any]) -> Any:
    """`work()`'s result, failing (not hanging the suite) if it never returns: a
    guard, not a measure (a read that waits for a FIFO's writer waits forever)."""
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(work()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert out, "the read never returned"
    return out[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")
@pytest.mark.parametrize("what", SPECIAL)
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_special_file_in_place_of_any_data_file_is_refused_at_once_and_set_aside(
    tmp_path: Path, kind: str, what: str
) -> None:
    """Issue 27, point 7: a link to /dev/zero (read until memory ran out), a FIFO
    (waited for forever), a folder, a file past the kind's size limit: refused
    without reading it, said, moved aside (a link itself, never what it points
    at), and the next write makes a real file there."""
    path = tmp_path / KINDS[kind].filename
    make_special(path, what)
    loaded, problem = within(60, lambda: KINDS[kind].load(tmp_path))
    assert problem is not None
    reason = "notice.reason.too_big" if what == "too big" else "notice.reason.not_a_file"
    assert problem.fields["reason"].key == reason
    moved = list(tmp_path.glob(f"{path.stem}.corrupt-*.json"))
    assert len(moved) == 1 and not os.path.lexists(path)
    assert os.path.islink(moved[0]) == (what == "link to /dev/zero")
    if kind == "settings":
        assert loaded == Settings(language=loaded["language"]).to_json()  # the defaults
    KINDS[kind].save(tmp_path, loaded if loaded is not None else example(kind))
    assert KINDS[kind].load(tmp_path)[1] is None
