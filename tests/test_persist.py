"""Versioned JSON files: atomic writes, corrupt files moved aside, save slots."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tute_desktop.game import persist
from tute_desktop.game.persist import (
    Loaded,
    Notice,
    SaveSlot,
    dump_versioned,
    load_json,
    move_aside,
    user_data_dir,
    user_log_dir,
    write_json_atomic,
)


@pytest.fixture(autouse=True)
def _home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("TUTE_HOME", str(home))
    return home


def _only_files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


# ------------------------------------------------------------------ folders


def test_tute_home_overrides_user_directories(tmp_path: Path) -> None:
    assert user_data_dir() == tmp_path / "home" / "data"
    assert user_log_dir() == tmp_path / "home" / "logs"
    assert user_data_dir().is_dir() and user_log_dir().is_dir()


def test_without_tute_home_platformdirs_is_used(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("TUTE_HOME")
    calls: list[tuple[str, object]] = []

    def fake(name: str, appauthor: object = None) -> str:
        calls.append((name, appauthor))
        return str(tmp_path / "platform" / name)

    monkeypatch.setattr(persist.platformdirs, "user_data_dir", fake)
    assert user_data_dir() == tmp_path / "platform" / "Tute"
    assert calls == [("Tute", False)]


# ------------------------------------------------------------------ atomic writes


def test_atomic_write_replaces_content(tmp_path: Path) -> None:
    path = tmp_path / "a" / "file.json"
    write_json_atomic(path, {"n": 1})
    write_json_atomic(path, {"n": 2, "text": "Tute habanero: ¡cuarenta!"})
    assert json.loads(path.read_text(encoding="utf-8")) == {
        "n": 2, "text": "Tute habanero: ¡cuarenta!",
    }
    assert _only_files(path.parent) == ["file.json"]


def test_failed_write_keeps_old_file_and_leaves_no_temp_file(tmp_path: Path) -> None:
    path = tmp_path / "file.json"
    write_json_atomic(path, {"n": 1})
    before = path.read_bytes()
    with pytest.raises(TypeError):
        # json.dump fails part-way, after some of the object has been written.
        write_json_atomic(path, {"first": "x" * 10_000, "bad": object()})
    assert path.read_bytes() == before
    assert _only_files(tmp_path) == ["file.json"]


def test_failed_write_of_new_file_leaves_nothing(tmp_path: Path) -> None:
    with pytest.raises(TypeError):
        write_json_atomic(tmp_path / "new.json", {"bad": {1, 2}})
    assert _only_files(tmp_path) == []


def test_failed_replace_removes_temp_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def broken(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(persist.os, "replace", broken)
    with pytest.raises(OSError):
        write_json_atomic(tmp_path / "x.json", {"n": 1})
    assert _only_files(tmp_path) == []


def test_dump_versioned_puts_schema_and_kind_first() -> None:
    data = dump_versioned("save", 1, {"variant": "tres"})
    assert list(data) == ["schema", "kind", "variant"]
    with pytest.raises(ValueError):
        dump_versioned("save", 1, {"schema": 2})


# ------------------------------------------------------------------ reading


def test_missing_file_is_not_a_problem(tmp_path: Path) -> None:
    assert load_json(tmp_path / "none.json", "save", 1) == Loaded(None, None, None)


def test_valid_file_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    payload: dict[str, Any] = {"a": [1, 2.5, None, True], "b": {"ñ": "sí"}}
    write_json_atomic(path, dump_versioned("stats", 1, payload))
    assert load_json(path, "stats", 1) == Loaded(payload, None, None)
    assert path.exists()


CORRUPT: dict[str, tuple[bytes, str, str, str]] = {
    # content, why (catalog key), the English words, the Spanish words
    "garbage bytes": (b"\x00\xff\xfe garbage \x81", "not_json", "not valid JSON",
                      "no es JSON válido"),
    "truncated JSON": (b'{"schema": 1, "kind": "save", "rounds": [', "not_json", "not valid JSON",
                       "no es JSON válido"),
    "empty file": (b"", "empty", "empty", "está vacío"),
    "a JSON list": (b'[{"schema": 1, "kind": "save"}]', "not_object", "JSON object",
                    "objeto JSON"),
    "missing schema": (b'{"kind": "save"}', "no_version", "format version", "versión"),
    "schema not an int": (b'{"schema": "1", "kind": "save"}', "no_version", "format version",
                          "versión"),
    "schema a bool": (b'{"schema": true, "kind": "save"}', "no_version", "format version",
                      "versión"),
    "schema from the future": (b'{"schema": 7, "kind": "save"}', "newer", "newer version",
                               "versión más nueva de Tute (formato 7)"),
    "schema zero": (b'{"schema": 0, "kind": "save"}', "unsupported", "no longer supported",
                    "el formato 0 ya no se admite"),
    "wrong kind": (b'{"schema": 1, "kind": "settings"}', "other_kind",
                   "settings file, not a saved match",
                   "es un archivo de ajustes, no una partida guardada"),
    "missing kind": (b'{"schema": 1}', "unknown_kind", "not a saved match",
                     "otro tipo de archivo, no una partida guardada"),
}


@pytest.mark.parametrize("case", list(CORRUPT))
def test_corrupt_file_is_reported_and_moved_aside(case: str, tmp_path: Path) -> None:
    content, why, words, palabras = CORRUPT[case]
    path = tmp_path / "game.json"
    path.write_bytes(content)
    loaded = load_json(path, "save", 1)
    assert loaded.data is None
    problem = loaded.problem
    assert isinstance(problem, Notice)
    # a key and fields...
    assert problem.key == "notice.unreadable.save"
    assert set(problem.fields) == {"reason", "where"}
    reason, where = problem.fields["reason"], problem.fields["where"]
    assert isinstance(reason, Notice) and reason.key == f"notice.reason.{why}"
    assert isinstance(where, Notice) and where.key == "notice.moved"
    assert dict(where.fields) == {"path": str(loaded.moved_to)}
    # ...said in English (also its value as a str) and in Spanish
    english = problem.render("en")
    assert english == problem and words in english
    assert english.startswith("The saved match could not be read")
    assert english.endswith("a new match starts.")
    assert loaded.moved_to is not None and str(loaded.moved_to) in english
    spanish = problem.render("es")
    assert spanish.startswith("No se ha podido leer la partida guardada (") and palabras in spanish
    assert spanish.endswith(f") y se ha movido a {loaded.moved_to}; empieza una partida nueva.")
    assert not path.exists()
    assert loaded.moved_to.parent == tmp_path
    assert loaded.moved_to.read_bytes() == content
    assert loaded.moved_to.name.startswith("game.corrupt-")
    assert loaded.moved_to.suffix == ".json"


def test_a_file_that_cannot_be_moved_aside_is_reported_too(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def refuse(path: Path) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(persist, "move_aside", refuse)
    path = tmp_path / "stats.json"
    path.write_text("{", encoding="utf-8")
    loaded = load_json(path, "stats", 1)
    assert loaded.problem is not None and loaded.moved_to is None
    where = loaded.problem.fields["where"]
    assert isinstance(where, Notice) and where.key == "notice.not_moved"
    assert dict(where.fields) == {"error": "Permission denied"}
    assert loaded.problem == (
        "The statistics file could not be read (not valid JSON) and could not be moved aside "
        "(Permission denied); statistics start again from zero.")
    assert loaded.problem.render("es") == (
        "No se ha podido leer el archivo de estadísticas (no es JSON válido) y no se ha podido "
        "apartar (Permission denied); las estadísticas empiezan de cero.")


@pytest.mark.parametrize(
    ("kind", "english", "spanish"),
    [
        ("settings", "The settings file could not be read", "el archivo de ajustes"),
        ("stats", "The statistics file could not be read", "el archivo de estadísticas"),
        ("statistics", "The statistics file could not be read", "el archivo de estadísticas"),
        ("tournament", "The tournament file could not be read", "el archivo del torneo"),
        ("replay", "The replay file could not be read", "el archivo «replay»"),
    ],
)
def test_every_kind_of_file_is_named_in_both_languages(
    kind: str, english: str, spanish: str, tmp_path: Path
) -> None:
    path = tmp_path / "f.json"
    path.write_text('{"schema": 1, "kind": "save"}', encoding="utf-8")
    problem = load_json(path, kind, 1).problem
    assert problem is not None and problem.startswith(english)
    assert "(it is a saved match, not a " in problem
    assert problem.render("es").startswith(f"No se ha podido leer {spanish} (es una partida "
                                           "guardada, no un")


def test_second_corrupt_file_gets_a_distinct_name(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The clock is pinned so both happen "in the same second".
    monkeypatch.setattr(persist, "_timestamp", lambda: "20250101-120000")
    path = tmp_path / "settings.json"
    path.write_text("first", encoding="utf-8")
    first = load_json(path, "settings", 1).moved_to
    path.write_text("second", encoding="utf-8")
    second = load_json(path, "settings", 1).moved_to
    assert first is not None and second is not None
    assert first.name == "settings.corrupt-20250101-120000.json"
    assert second.name == "settings.corrupt-20250101-120000-1.json"
    assert first.read_text(encoding="utf-8") == "first"
    assert second.read_text(encoding="utf-8") == "second"


def test_move_aside_never_overwrites(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(persist, "_timestamp", lambda: "20250101-120000")
    taken = ["x.corrupt-20250101-120000.json", "x.corrupt-20250101-120000-1.json"]
    for n, name in enumerate(taken):
        (tmp_path / name).write_text(str(n), encoding="utf-8")
    (tmp_path / "x.json").write_text("new", encoding="utf-8")
    target = move_aside(tmp_path / "x.json")
    assert target.name == "x.corrupt-20250101-120000-2.json"
    assert (tmp_path / "x.corrupt-20250101-120000.json").read_text(encoding="utf-8") == "0"


def test_problem_names_settings_and_statistics_for_the_player(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text("{", encoding="utf-8")
    problem = load_json(tmp_path / "settings.json", "settings", 1).problem
    assert problem is not None and problem.key == "notice.unreadable.settings"
    assert "default settings are used" in problem
    assert problem.render("es").endswith("; se usan los ajustes por defecto.")
    (tmp_path / "stats.json").write_text("{", encoding="utf-8")
    problem = load_json(tmp_path / "stats.json", "stats", 1).problem
    assert problem is not None and problem.key == "notice.unreadable.stats"
    assert problem.startswith("The statistics file")
    assert problem.render("es").endswith("; las estadísticas empiezan de cero.")


def test_older_schema_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text('{"schema": 1, "kind": "stats", "won": 3}', encoding="utf-8")
    seen: list[tuple[dict[str, Any], int]] = []

    def migrate(payload: dict[str, Any], old: int) -> dict[str, Any]:
        seen.append((payload, old))
        return {"games": {"won": payload["won"]}}

    loaded = load_json(path, "stats", 2, migrate)
    assert loaded == Loaded({"games": {"won": 3}}, None, None)
    assert seen == [({"won": 3}, 1)]
    assert path.exists()


def test_failed_migration_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text('{"schema": 1, "kind": "stats"}', encoding="utf-8")

    def migrate(payload: dict[str, Any], old: int) -> dict[str, Any]:
        raise KeyError("won")

    loaded = load_json(path, "stats", 2, migrate)
    assert loaded.data is None and loaded.problem and "could not be converted" in loaded.problem
    reason = loaded.problem.fields["reason"]
    assert isinstance(reason, Notice) and reason.key == "notice.reason.not_converted"
    assert dict(reason.fields) == {"version": 1}
    assert "no se ha podido convertir el formato 1" in loaded.problem.render("es")
    assert loaded.moved_to is not None and loaded.moved_to.exists()


def test_older_schema_without_migration_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text('{"schema": 1, "kind": "stats"}', encoding="utf-8")
    loaded = load_json(path, "stats", 2)
    assert loaded.data is None and loaded.problem and "no longer supported" in loaded.problem
    assert "el formato 1 ya no se admite" in loaded.problem.render("es")


# ------------------------------------------------------------------ save slots


def test_save_slot_round_trips_in_user_data_dir(tmp_path: Path) -> None:
    slot = SaveSlot("autosave")
    assert slot.path == tmp_path / "home" / "data" / "saves" / "autosave.json"
    assert not slot.exists()
    assert slot.load() == Loaded(None, None, None)
    payload = {
        "variant": "habanero",
        "options": {"stock_rules": "strict"},
        "seats": [{"kind": "human"}, {"kind": "bot", "level": 2}],
        "rounds": [{"deal": "seed:42", "actions": ["play 1o", "sing 40"]}],
    }
    slot.save(payload)
    assert slot.exists()
    raw = json.loads(slot.path.read_text(encoding="utf-8"))
    assert raw["schema"] == persist.SAVE_SCHEMA and raw["kind"] == "save"
    assert slot.load() == Loaded(payload, None, None)
    slot.delete()
    assert not slot.exists()
    slot.delete()  # deleting twice is harmless


def test_save_slot_in_given_directory_reports_corrupt_save(tmp_path: Path) -> None:
    slot = SaveSlot("slot-1", tmp_path)
    slot.path.write_text('{"schema": 1, "kind": "save", "rounds": [', encoding="utf-8")
    loaded = slot.load()
    assert loaded.data is None and loaded.problem is not None
    assert "not valid JSON" in loaded.problem and not slot.exists()


def test_failed_save_keeps_previous_save(tmp_path: Path) -> None:
    slot = SaveSlot("a", tmp_path)
    slot.save({"variant": "tres"})
    with pytest.raises(TypeError):
        slot.save({"variant": "tres", "bad": object()})
    assert slot.load().data == {"variant": "tres"}
    assert _only_files(tmp_path) == ["a.json"]


@pytest.mark.parametrize("name", ["", "../x", "a/b", ".hidden", "a b", "x" * 65])
def test_save_slot_names_cannot_escape_the_folder(name: str, tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        SaveSlot(name, tmp_path)


def test_a_link_is_set_aside_itself_never_what_it_points_at(tmp_path: Path) -> None:
    # Issue 27, point 7: a settings.json that links to a file elsewhere (bad, here).
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text("not json", encoding="utf-8")
    path = tmp_path / "settings.json"
    path.symlink_to(elsewhere)
    moved = persist.move_aside(path)
    assert moved.is_symlink() and elsewhere.read_text(encoding="utf-8") == "not json"
    assert not os.path.lexists(path)


def test_the_writer_writes_in_order_on_its_own_thread_the_newest_waiting_wins() -> None:
    writer = persist.Writer()
    release, started = threading.Event(), threading.Event()
    done: list[tuple[str, bool]] = []

    def job(name: str, hold: bool = False) -> Callable[[], None]:
        def run() -> None:
            if hold:
                started.set()
                assert release.wait(60)  # a guard, not a measure
            done.append((name, threading.current_thread() is threading.main_thread()))
        return run

    writer.submit("stats", job("first", hold=True))
    assert started.wait(60)  # running now: what comes next waits
    writer.submit("stats", job("second"))
    writer.submit("settings", job("other"))
    writer.submit("stats", job("third"))  # replaces "second", still waiting
    release.set()
    writer.wait()
    assert done == [("first", False), ("other", False), ("third", False)]
    writer.close()
    writer.submit("stats", job("after"))  # closed: at once, here
    assert done[-1] == ("after", True)
    assert writer.finished() == [("stats", None), ("settings", None), ("stats", None),
                                 ("stats", None)]


def test_a_failed_write_is_told_to_the_callers_thread() -> None:
    writer = persist.Writer()

    def refuse() -> None:
        raise OSError(28, "No space left on device")

    writer.submit("statistics", refuse)
    writer.close()
    [(name, error)] = writer.finished()
    assert name == "statistics" and isinstance(error, OSError)


def test_a_file_on_one_line_is_the_json_of_its_data_made_in_pieces(tmp_path: Path) -> None:
    # The statistics are written on one line, made a part at a time so the
    # writer's thread never holds the interpreter long (issue 27, point 8).
    data = {"players": {"Ana": {"kept": [{"match": {"rounds": [[0, "play 1o"]], "é": None}}],
                                "games": {}, "recent": []}}, "n": [1.5, True, "x\n"], "e": {}}
    path = tmp_path / "statistics.json"
    write_json_atomic(path, data, indent=None)
    assert path.read_text(encoding="utf-8") == json.dumps(
        data, ensure_ascii=False, separators=(",", ":")) + "\n"
    with pytest.raises(ValueError):
        write_json_atomic(path, {"deep": [[[[[[[float("nan")]]]]]]]}, indent=None)
    assert json.loads(path.read_text(encoding="utf-8")) == data
