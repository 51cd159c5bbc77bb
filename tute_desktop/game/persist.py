"""Versioned JSON files in the player's user directories, written atomically.

Saves, settings and statistics are JSON objects that carry their own format
version and purpose: ``{"schema": 1, "kind": "save", ...}``. They live in the
platform's user directories (platformdirs), never next to the executable, and
never as pickle. The variable ``TUTE_HOME`` moves everything under one folder
(``$TUTE_HOME/data``, ``$TUTE_HOME/logs``) so tests and CI never touch the
real home.

Writing goes to a temporary file in the same folder, flushed to disk, then
``os.replace``-d over the target, so a crash or a full disk leaves either the
old file or the new one, never half of one.

Reading never raises for a bad file: a file that cannot be used is moved aside
to ``<name>.corrupt-<YYYYmmdd-HHMMSS>[-n].json`` (kept for a bug report, never
overwriting an earlier one) and the caller gets a message for the player: a
``Notice`` (catalog keys ``notice.*`` and ``file.a.*``), which the window says in
the player's language and which reads as the English text anywhere else.

``read(path, format)`` also checks the payload field by field against the
format's schema (``tute_desktop.game.schema``): a file with bad parts is moved aside
all the same, the game goes on with the parts that are valid (written back at
once, so the next start reads the same), and the notice says what was lost.

Only a regular file is read, no larger than its kind's limit (``SIZE_LIMITS``),
without ever blocking (a FIFO) or reading a device; ``NaN`` and ``Infinity``
are read as ``schema.NotFinite``, which no check accepts. A value that cannot
be written loses its part at the write (``write_payload``) instead of failing
every later one. ``Writer`` writes on a thread of its own (the statistics).

A folder that cannot be created or written never stops the game: the folder
functions return the path anyway, every write raises OSError for its caller to
report, and ``folder_problem()`` says so once at start. Temporary files left by
interrupted writes are removed by ``remove_leftovers()``.
"""

from __future__ import annotations

import json
import logging
import os
import re
import stat
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Final, Generic, TypeVar

import platformdirs

from ..i18n import Notice
from .schema import SAVE_SCHEMA, Format, Invalid, Loss, NotFinite, validate

__all__ = [
    "APP_NAME", "HOME_ENV", "SAVE_SCHEMA", "SIZE_LIMITS", "Loaded", "Notice", "Read",
    "SaveSlot", "Writer", "dump_versioned", "folder_problem", "load_json", "move_aside",
    "read", "remove_leftovers", "size_limit", "user_data_dir", "user_log_dir", "write",
    "write_json_atomic", "write_payload",
]

log = logging.getLogger(__name__)
T = TypeVar("T")

APP_NAME: Final = "Tute"
HOME_ENV: Final = "TUTE_HOME"
"""Environment variable that relocates all user files (tests, CI, portable use)."""

JsonObject = dict[str, Any]
Migrate = Callable[[JsonObject, int], JsonObject]
"""Turns the payload of an older schema (payload, old_schema) into the current one."""

# The kinds of file the catalog has words for (``notice.unreadable.<name>`` says
# what could not be read and what happens instead, ``file.a.<name>`` names one);
# any other kind is called by its own name through the ``other`` messages.
_KIND_NAMES: Final[dict[str, str]] = {
    "save": "save",
    "settings": "settings",
    "stats": "stats",
    "statistics": "stats",
    "tournament": "tournament",
}
_RESERVED: Final = ("schema", "kind")
_MAX_ASIDE: Final = 1000


# --------------------------------------------------------------------------- folders


def _home_override(sub: str) -> Path | None:
    home = os.environ.get(HOME_ENV)
    return Path(home).expanduser() / sub if home else None


def _made(path: Path) -> Path:
    # A folder that cannot be made is not an error here: reading finds nothing in
    # it, and each write fails with OSError, which its caller reports.
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        log.debug("folder %s not created: %s", path, err)
    return path


def user_data_dir() -> Path:
    """Where saves, settings and statistics live; created if missing (when it
    cannot be, the path all the same: see ``folder_problem``)."""
    return _made(_home_override("data")
                 or Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)))


def user_log_dir() -> Path:
    """Where log files go; created if missing (when it cannot be, the path all the same)."""
    return _made(_home_override("logs")
                 or Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)))


def _os_words(err: OSError) -> str:
    return str(err.strerror or err)


def folder_problem(directories: Sequence[Path] | None = None) -> Notice | None:
    """None when the game can write its files; else a notice for the player that
    it goes on without keeping them (``notice.no_folder``). Checks the data
    folder and its ``saves`` folder by creating them and a nameless file in each."""
    if directories is None:
        data = user_data_dir()
        directories = (data, data / "saves")
    for directory in directories:
        try:
            directory.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryFile(dir=directory):
                pass
        except OSError as err:
            return Notice("notice.no_folder", path=str(directory), error=_os_words(err))
    return None


# Exactly the names ``write_json_atomic`` gives its temporary files: "." + the
# target's name + "." + mkstemp's eight characters + ".tmp".
_LEFTOVER: Final = re.compile(r"\.[^/\\]+\.[a-z0-9_]{8}\.tmp")
LEFTOVER_AGE: Final = 60.0
"""Seconds a temporary file must have been left alone before it counts as a
leftover (another copy of the game may be writing it right now)."""


def remove_leftovers(directory: Path | None = None, *, older_than: float = LEFTOVER_AGE,
                     now: float | None = None) -> list[Path]:
    """Remove the temporary files that interrupted writes left in the data folder
    (and the folders in it): only names ``write_json_atomic`` makes, only files
    untouched for `older_than` seconds. Returns what was removed; never raises."""
    root = directory if directory is not None else user_data_dir()
    limit = (time.time() if now is None else now) - older_than
    removed: list[Path] = []
    for folder, _dirs, files in os.walk(root, onerror=lambda err: None):
        for name in files:
            if not _LEFTOVER.fullmatch(name):
                continue
            path = Path(folder) / name
            try:
                info = path.lstat()
                if not stat.S_ISREG(info.st_mode) or info.st_mtime > limit:
                    continue  # a link or a folder of that name, or one being written
                path.unlink()
            except OSError as err:
                log.debug("leftover %s not removed: %s", path, err)
                continue
            removed.append(path)
    return removed


# --------------------------------------------------------------------------- writing


def dump_versioned(kind: str, schema: int, payload: Mapping[str, Any]) -> JsonObject:
    """The object to write: ``{"schema": schema, "kind": kind, **payload}``."""
    clash = [key for key in _RESERVED if key in payload]
    if clash:
        raise ValueError(f"payload may not use the reserved key(s): {', '.join(clash)}")
    return {"schema": schema, "kind": kind, **payload}


def write_json_atomic(path: Path, data: Mapping[str, Any], *, indent: int | None = 2) -> None:
    """Write `data` as JSON to `path` so that readers see the old or the new file, whole
    (`indent` None: on one line, for a file too big to be read by eye).

    Raises what ``json.dump`` or the file system raises (TypeError for data that is
    not JSON-able, OSError for a full disk...); the target is then left untouched
    and the temporary file is removed.
    """
    path = Path(path)
    # Made whole first, so a value that cannot be written fails before any file
    # is made. On one line it is made by the C encoder a part at a time (json.dump
    # to a file never uses it: 4 MB of statistics took 3 s instead of 0.4), and
    # each part holds the interpreter for a moment only: the frame loop runs
    # between them while the writer's thread writes.
    text = ("".join(_pieces(data, _PIECE_DEPTH)) if indent is None else
            json.dumps(data, ensure_ascii=False, indent=indent, allow_nan=False))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.write("\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


_PIECE_DEPTH: Final = 6
"""How deep ``_pieces`` splits a value: a statistics file's kept match is 5 deep."""


def _pieces(value: Any, depth: int) -> Iterator[str]:
    """`value` as compact JSON (the same text as ``json.dumps`` with separators
    "," and ":"), in pieces: objects and lists down to `depth` levels are taken
    apart, what lies below is made whole by the C encoder."""
    if depth and isinstance(value, dict) and value:
        yield "{"
        for i, (key, part) in enumerate(value.items()):
            if not isinstance(key, str):
                raise TypeError(f"keys must be str, not {type(key).__name__}")
            yield ("," if i else "") + json.dumps(key, ensure_ascii=False) + ":"
            yield from _pieces(part, depth - 1)
        yield "}"
    elif depth and isinstance(value, list | tuple) and value:
        yield "["
        for i, part in enumerate(value):
            if i:
                yield ","
            yield from _pieces(part, depth - 1)
        yield "]"
    else:
        yield json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _fsync_dir(directory: Path) -> None:
    # Makes the rename itself durable on POSIX; Windows cannot open folders this way.
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# --------------------------------------------------------------------------- reading


@dataclass(frozen=True, slots=True)
class Loaded:
    """The result of reading a versioned file.

    ``data`` is the payload (the object without "schema" and "kind") or None when
    there was no usable file. ``problem`` is a message for the player when a file
    existed but could not be used (a ``Notice``: ``problem.render(lang)`` says it in
    any language, and as a ``str`` it is the English text); ``moved_to`` is where
    that file was put aside.
    """

    data: JsonObject | None
    problem: Notice | None = None
    moved_to: Path | None = None


class _Unusable(Exception):
    """Why a file cannot be used, in a few words for the player (``why``)."""

    def __init__(self, why: Notice) -> None:
        super().__init__(why)
        self.why = why


def _a_file(kind: str) -> Notice:
    """"a saved game", "a settings file"... for the kind of file."""
    name = _KIND_NAMES.get(kind)
    return Notice(f"file.a.{name}") if name else Notice("file.a.other", kind=kind)


def _timestamp() -> str:
    # A function of its own so tests can pin the clock.
    return datetime.now().strftime("%Y%m%d-%H%M%S")


def _aside_name(path: Path, stamp: str, n: int) -> Path:
    stem = path.stem if path.suffix.lower() == ".json" else path.name
    tail = f"-{n}" if n else ""
    return path.with_name(f"{stem}.corrupt-{stamp}{tail}.json")


def move_aside(path: Path) -> Path:
    """Rename `path` to a fresh ``<name>.corrupt-<stamp>[-n].json`` beside it.

    Never overwrites an existing file. Raises OSError when the file cannot be moved.
    """
    stamp = _timestamp()
    for n in range(_MAX_ASIDE):
        target = _aside_name(path, stamp, n)
        if target.exists():
            continue
        try:
            # A hard link fails if the target exists, so a racing writer is never
            # overwritten; rename is the fallback where links are not supported.
            # A symbolic link is linked itself, never what it points at.
            os.link(path, target, follow_symlinks=False)
        except FileExistsError:
            continue
        except (OSError, NotImplementedError):
            if target.exists():
                continue
            os.rename(path, target)
            return target
        os.unlink(path)
        return target
    raise FileExistsError(f"too many set-aside copies of {path.name}")


SIZE_LIMITS: Final[dict[str, int]] = {
    "settings": 64 * 1024,
    "save": 2 * 1024 * 1024,
    "tournament": 2 * 1024 * 1024,
    "stats": 8 * 1024 * 1024,
}
"""The largest file of each kind the game reads, in bytes (docs/files.md): many
times what the game writes (statistics are kept under 5 MB), so only a file
something else made is refused. Any other kind: ``OTHER_LIMIT``."""
OTHER_LIMIT: Final = 1024 * 1024

_OPEN_FLAGS: Final = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
                      | getattr(os, "O_CLOEXEC", 0))
"""Reading never waits: a FIFO opens at once (and is then refused), not when a
writer comes."""


def size_limit(kind: str) -> int:
    return SIZE_LIMITS.get(_KIND_NAMES.get(kind, kind), OTHER_LIMIT)


def _refuse_special(info: os.stat_result, limit: int) -> None:
    """Only a regular file no bigger than `limit` is read: a device (a link to
    /dev/zero) would be read until memory runs out, a FIFO would wait forever."""
    if not stat.S_ISREG(info.st_mode):
        raise _Unusable(Notice("notice.reason.not_a_file"))
    if info.st_size > limit:
        raise _Unusable(Notice("notice.reason.too_big", kb=limit // 1024))


def _read_bytes(path: Path, limit: int) -> bytes:
    """The file's bytes: a regular file of at most `limit` bytes, looked at before
    it is opened (a device is never opened) and again once open (it may have been
    replaced between the two); never blocks."""
    try:
        _refuse_special(os.stat(path), limit)
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as err:
        raise _Unusable(Notice("notice.reason.open", error=_os_words(err))) from err
    try:
        _refuse_special(os.fstat(fd), limit)
        chunks: list[bytes] = []
        left = limit + 1  # one byte more tells a file that grew past the limit
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as err:
        raise _Unusable(Notice("notice.reason.open", error=_os_words(err))) from err
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > limit:
        raise _Unusable(Notice("notice.reason.too_big", kb=limit // 1024))
    return raw


def _read_object(path: Path, limit: int = OTHER_LIMIT) -> JsonObject:
    raw = _read_bytes(path, limit)
    if not raw.strip():
        raise _Unusable(Notice("notice.reason.empty"))
    try:
        # NaN and Infinity (which Python's json accepts) become a value no check
        # takes: that field is lost, never written back where it would stop every save.
        data = json.loads(raw, parse_constant=NotFinite)
    except (ValueError, RecursionError) as err:  # JSONDecodeError, UnicodeDecodeError
        raise _Unusable(Notice("notice.reason.not_json")) from err
    if not isinstance(data, dict):
        raise _Unusable(Notice("notice.reason.not_object"))
    return data


def _check(data: JsonObject, kind: str, schema: int, migrate: Migrate | None) -> JsonObject:
    found_kind = data.get("kind")
    if found_kind != kind:
        if isinstance(found_kind, str) and found_kind in _KIND_NAMES:
            why = Notice("notice.reason.other_kind", found=_a_file(found_kind),
                         expected=_a_file(kind))
        else:
            why = Notice("notice.reason.unknown_kind", expected=_a_file(kind))
        raise _Unusable(why)
    found = data.get("schema")
    if isinstance(found, bool) or not isinstance(found, int):
        raise _Unusable(Notice("notice.reason.no_version"))
    if found > schema:
        raise _Unusable(Notice("notice.reason.newer", version=found))
    payload = {k: v for k, v in data.items() if k not in _RESERVED}
    if found == schema:
        return payload
    if found < 1 or migrate is None:
        raise _Unusable(Notice("notice.reason.unsupported", version=found))
    try:
        migrated = migrate(payload, found)
    except Exception as err:
        raise _Unusable(Notice("notice.reason.not_converted", version=found)) from err
    if not isinstance(migrated, dict):
        raise _Unusable(Notice("notice.reason.not_converted", version=found))
    return migrated


def load_json(path: Path, kind: str, schema: int, migrate: Migrate | None = None) -> Loaded:
    """Read a versioned file written with ``dump_versioned(kind, schema, ...)``.

    A missing file gives ``Loaded(None)``. A file that is unreadable, not JSON,
    not an object, of another kind, without an integer "schema", or of a newer
    schema is moved aside and reported; an older schema is handed to `migrate`
    (payload, old_schema) -> payload, and is reported like the rest without one.
    Never raises for the file's content.
    """
    path = Path(path)
    if not os.path.lexists(path):  # False too when the folder cannot be looked into
        return Loaded(None)
    try:
        return Loaded(_check(_read_object(path, size_limit(kind)), kind, schema, migrate))
    except _Unusable as unusable:
        reason = unusable.why
    moved_to, where = _set_aside(path)
    return Loaded(None, _per_kind("unreadable", kind, reason=reason, where=where), moved_to)


def _set_aside(path: Path) -> tuple[Path | None, Notice]:
    """Move `path` aside; where it went (None: it could not be moved) and the
    words for that (``notice.moved`` or ``notice.not_moved``)."""
    try:
        moved_to = move_aside(path)
    except OSError as err:
        return None, Notice("notice.not_moved", error=_os_words(err))
    return moved_to, Notice("notice.moved", path=str(moved_to))


def _per_kind(family: str, kind: str, **fields: object) -> Notice:
    """``notice.<family>.<kind>``, or ``notice.<family>.other`` naming the kind."""
    name = _KIND_NAMES.get(kind)
    if name:
        return Notice(f"notice.{family}.{name}", **fields)
    return Notice(f"notice.{family}.other", kind=kind, **fields)


# --------------------------------------------------------------------------- checked files


_SHOWN_LOSSES: Final = 3


def _lost_fields(losses: Sequence[Loss]) -> str:
    """The places of the first few losses, then "and n more" in the player's language."""
    places = list(dict.fromkeys(loss.where for loss in losses))
    shown = ", ".join(places[:_SHOWN_LOSSES])
    if len(places) > _SHOWN_LOSSES:
        return Notice("notice.fields_more", fields=shown, count=len(places) - _SHOWN_LOSSES)
    return shown


@dataclass(frozen=True)
class Read(Generic[T]):
    """What ``read`` found: the game's object (None when there was no usable
    file), a notice for the player when the file was bad as a whole or in part,
    where the bad file was put, and the parts lost."""

    value: T | None
    problem: Notice | None = None
    moved_to: Path | None = None
    losses: tuple[Loss, ...] = ()


def read(path: Path, fmt: Format[T]) -> Read[T]:
    """Read a file of `fmt`, checked field by field; never raises for its content.

    A missing file gives ``Read(None)``. A file that cannot be used at all (not
    JSON, another kind, a required field bad...) is moved aside and reported
    (``notice.unreadable.<kind>``). A file with bad parts is moved aside too,
    the valid parts are written back in its place (only once the original is
    safe beside it) and given to the caller, and the notice says which parts
    were lost (``notice.kept.<kind>``).
    """
    path = Path(path)
    loaded = load_json(path, fmt.kind, fmt.version, fmt.migrate)
    if loaded.data is None:
        return Read(None, loaded.problem, loaded.moved_to)
    try:
        value, losses = fmt.read(loaded.data)
    except Invalid as bad:
        reason = (Notice("notice.reason.bad_field", field=bad.where) if bad.path
                  else Notice("notice.reason.inconsistent"))
        moved_to, where = _set_aside(path)
        return Read(None, _per_kind("unreadable", fmt.kind, reason=reason, where=where),
                    moved_to)
    if not losses:
        return Read(value)
    for loss in losses:
        log.info("%s: %s %s", path, loss.where, loss.why)
    moved_to, where = _set_aside(path)
    if moved_to is not None:
        try:
            write(path, fmt, value)
        except (OSError, ValueError) as err:  # written at the next save instead
            log.warning("%s not rewritten: %s", path, err)
    problem = _per_kind("kept", fmt.kind, fields=_lost_fields(losses), where=where)
    return Read(value, problem, moved_to, tuple(losses))


def write(path: Path, fmt: Format[T], value: T, *, indent: int | None = 2) -> None:
    """Write `value` as a file of `fmt`, atomically; raises OSError when the disk
    refuses (see ``write_payload``)."""
    write_payload(path, fmt, fmt.dump(value), indent=indent)


def write_payload(path: Path, fmt: Format[Any], payload: dict[str, Any], *,
                  indent: int | None = 2) -> None:
    """Write `payload` (``fmt.dump`` of a value) as a file of `fmt`, atomically.

    A payload that cannot be written as it is (a NaN or an infinity, which JSON
    has no words for) is written as `fmt`'s schema keeps it: the bad parts left
    out, as they would be when a file holding them is read, and logged. So a bad
    value costs its own part, never every later write. Raises OSError when the
    disk refuses, ValueError when not even the schema's required parts can be
    written."""
    try:
        write_json_atomic(path, dump_versioned(fmt.kind, fmt.version, payload), indent=indent)
        return
    except ValueError as err:
        log.error("%s: a value that cannot be written (%s); its part is left out", path, err)
    clean, losses = validate(fmt.check, payload)
    for loss in losses:
        log.error("%s: %s %s, left out", path, loss.where, loss.why)
    write_json_atomic(path, dump_versioned(fmt.kind, fmt.version, clean), indent=indent)


class Writer:
    """Writes files on a thread of its own, so a big file (the statistics) never
    stalls the frame loop.

    ``submit(name, job)`` queues `job` (a function that writes one file, taking
    its data when it was made: ``stats.stats_writer``); jobs run one at a time in
    the order submitted, so a file is never written by two at once, and a job
    still waiting is replaced by a newer one of the same name (the newest wins).
    ``finished()`` gives each job's outcome (its name and the error, or None) for
    the caller's thread to tell; ``wait()`` returns when every job submitted is
    done; ``close()`` waits for them and ends the thread. After ``close`` a job
    runs at once, on the caller's thread."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._waiting: dict[str, Callable[[], None]] = {}
        self._running = False
        self._closed = False
        self._outcomes: list[tuple[str, Exception | None]] = []
        self._thread: threading.Thread | None = None

    def submit(self, name: str, job: Callable[[], None]) -> None:
        with self._cond:
            if not self._closed:
                self._waiting.pop(name, None)  # the newest of a name wins, in its turn
                self._waiting[name] = job
                if self._thread is None:
                    self._thread = threading.Thread(target=self._work, name="tute-writer",
                                                    daemon=True)
                    self._thread.start()
                self._cond.notify_all()
                return
        self._run(name, job)

    def _run(self, name: str, job: Callable[[], None]) -> None:
        try:
            job()
        except Exception as err:  # noqa: BLE001 - told to the caller, never the thread's end
            if not isinstance(err, OSError | ValueError):
                log.exception("%s not written", name)
            outcome: Exception | None = err
        else:
            outcome = None
        with self._cond:
            self._outcomes.append((name, outcome))

    def _work(self) -> None:
        while True:
            with self._cond:
                while not self._waiting and not self._closed:
                    self._cond.wait()
                if not self._waiting:
                    return
                name = next(iter(self._waiting))
                job = self._waiting.pop(name)
                self._running = True
            try:
                self._run(name, job)
            finally:
                with self._cond:
                    self._running = False
                    self._cond.notify_all()

    def finished(self) -> list[tuple[str, Exception | None]]:
        """The jobs done since the last call: (name, error or None), in order."""
        with self._cond:
            done, self._outcomes = self._outcomes, []
        return done

    def wait(self) -> None:
        """Return once every job submitted so far has run."""
        with self._cond:
            while self._waiting or self._running:
                self._cond.wait()

    def close(self) -> None:
        """Run the jobs still waiting, then end the thread (quitting waits for a
        write in progress: a file is never left to a thread the process kills)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join()


# --------------------------------------------------------------------------- saves


_SLOT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


class SaveSlot:
    """One saved game, ``<directory>/<name>.json`` (kind "save", schema ``SAVE_SCHEMA``).

    The default folder is ``user_data_dir() / "saves"``. The payload is any JSON-able
    object; the game stores its variant, options, seats and the rounds' actions.
    """

    KIND: Final = "save"
    SCHEMA: Final = SAVE_SCHEMA

    def __init__(self, name: str, directory: Path | None = None) -> None:
        if not _SLOT_NAME.fullmatch(name):
            raise ValueError(
                f"not a save slot name: {name!r} (letters, digits, '-' and '_', at most 64)"
            )
        self.name = name
        self.directory = Path(directory) if directory is not None else user_data_dir() / "saves"

    def __repr__(self) -> str:
        return f"SaveSlot({self.name!r}, {str(self.directory)!r})"

    @property
    def path(self) -> Path:
        return self.directory / f"{self.name}.json"

    def exists(self) -> bool:
        """A save is there (False too when the folder cannot be looked into)."""
        try:
            return self.path.is_file()
        except OSError:
            return False

    def save(self, payload: Mapping[str, Any]) -> None:
        """Write the game atomically; raises TypeError/ValueError for non-JSON data."""
        write_json_atomic(self.path, dump_versioned(self.KIND, self.SCHEMA, payload))

    def load(self, migrate: Migrate | None = None) -> Loaded:
        """The payload, unchecked (``read`` checks it); an older format's brought
        up to date by `migrate` (``match.SAVE_FORMAT.migrate``)."""
        return load_json(self.path, self.KIND, self.SCHEMA, migrate)

    def read(self, fmt: Format[T]) -> Read[T]:
        """The saved game, checked by `fmt` (``match.SAVE_FORMAT``): see ``read``."""
        return read(self.path, fmt)

    def peek(self, key: str) -> str | None:
        """A text field of the saved game (its "variant", for the title's
        Continue), looked at without checking, moving or reporting anything:
        None when the file, or that field, cannot be read (``read`` reports it
        when the game is continued)."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        value = data.get(key) if isinstance(data, dict) else None
        return value if isinstance(value, str) else None

    def delete(self) -> bool:
        """Remove the save; False when the disk refuses (it stays, nothing breaks)."""
        try:
            self.path.unlink(missing_ok=True)
        except OSError as err:
            log.warning("%s not removed: %s", self.path, err)
            return False
        return True
