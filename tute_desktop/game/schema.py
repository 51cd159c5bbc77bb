"""What a file the game reads must hold, declared field by field.

Every file the game reads (settings, statistics, the saved match, the
tournament, and any added later) is checked against a schema before a value
from it is used. A schema is built from a few checks::

    SEAT = Record({
        "name": required(Text(clean=clean_name, empty=False)),
        "level": required(Maybe(OneOf(*LEVELS))),
    })
    clean, losses = validate(SEAT, {"name": "Ana", "level": "easy"})

A check takes a JSON value and returns the value the game uses (the same, or
cleaned: a name without control characters, a number clamped into its range)
or raises ``Invalid``. What a bad part costs is decided where it sits:

* in a ``Record``, a field declared with ``required`` (or ``strict``) makes the
  whole record invalid; any other field falls back on its default (or is left
  out, for the caller's own default) and the loss is reported;
* ``ListOf(..., bad="drop")`` drops a bad element, ``bad="cut"`` drops it and
  everything after it (the longest valid prefix), ``bad="fail"`` fails the list;
* ``DictOf`` drops a bad entry.

Every part dropped, defaulted or changed is a ``Loss`` (where, and why in a few
English words for the log) in the ``Report``, so the player can be told. Fields
a record does not declare are ignored: a newer version may add some.

Adding a validated field is one line in its record::

    "hints_shown": Field(Count(), default=0),

A ``Format`` is one kind of file: its kind and version, the record, and how to
build the game's object from the checked data (which may lose more parts, as
a saved match whose log turns illegal does) and back. ``persist.read`` and
``persist.write`` take a Format. No I/O here, and no imports from the game.
"""

from __future__ import annotations

import copy
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Generic, Literal, NoReturn, TypeVar

__all__ = [
    "ABSENT", "Anything", "Bool", "Check", "Count", "DictOf", "Field", "Flag", "Format", "Int",
    "Invalid", "ListOf", "Loss", "Maybe", "NotFinite", "Number", "Object", "OneOf", "Record",
    "Report", "SAVE_SCHEMA", "Text", "Tuple", "Where", "required", "validate",
]

PathPart = str | int
Path = tuple[PathPart, ...]
T = TypeVar("T")


class _Absent:
    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Final = _Absent()
"""A field's default that means: leave the field out (the caller has its own default)."""


_PART_LIMIT: Final = 24


def _shown(part: PathPart) -> str:
    """A part of a path that is safe to draw and print: no control characters or
    unpaired surrogates, at most ``_PART_LIMIT`` characters."""
    text = str(part).encode("utf-8", "backslashreplace").decode("utf-8")
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= _PART_LIMIT else text[:_PART_LIMIT - 1] + "…"


def where(path: Path) -> str:
    """A path as the player reads it: ``players/Ana/games`` (the file itself: ``/``)."""
    return "/".join(_shown(part) for part in path) or "/"


class Invalid(ValueError):
    """A value that cannot be used; ``path`` is where, ``why`` a few English words."""

    def __init__(self, why: str, path: Path = ()) -> None:
        super().__init__(f"{where(path)}: {why}")
        self.why = why
        self.path = path

    @property
    def where(self) -> str:
        return where(self.path)


@dataclass(frozen=True)
class Loss:
    """A part of a file that was dropped, set back to its default, or changed."""

    path: Path
    why: str

    @property
    def where(self) -> str:
        return where(self.path)


@dataclass
class Report:
    """The losses found while checking one file."""

    losses: list[Loss] = field(default_factory=list)

    def lose(self, path: Path, why: str) -> None:
        self.losses.append(Loss(path, why))

    def merge(self, other: Report) -> None:
        self.losses.extend(other.losses)


class Check:
    """Turns a JSON value into the value the game uses, or raises Invalid."""

    def __call__(self, value: Any, path: Path = (), report: Report | None = None) -> Any:
        return self.check(value, path, report if report is not None else Report())

    def check(self, value: Any, path: Path, report: Report) -> Any:
        raise NotImplementedError

    @staticmethod
    def fail(why: str, path: Path) -> NoReturn:
        raise Invalid(why, path)


def validate(check: Check, value: Any) -> tuple[Any, list[Loss]]:
    """The checked value and what was lost on the way; raises Invalid when the
    value as a whole cannot be used."""
    report = Report()
    return check(value, (), report), report.losses


# --------------------------------------------------------------------------- values


class NotFinite:
    """What ``NaN``, ``Infinity`` or ``-Infinity`` in a file is read as
    (``persist`` passes it to ``json.loads`` as ``parse_constant``): no check
    accepts it, so only the field that holds one is lost, and it can never reach
    a value the game writes back (``json.dump`` refuses non-finite numbers)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"NotFinite({self.text!r})"


def _finite_inside(value: Any, path: Path) -> None:
    """Raise Invalid at the first non-finite number anywhere in `value` (a
    ``NotFinite``, or a float NaN or infinity made in memory)."""
    stack: list[tuple[Any, Path]] = [(value, path)]
    while stack:
        part, here = stack.pop()
        if isinstance(part, dict):
            stack.extend((v, (*here, k)) for k, v in part.items())
        elif isinstance(part, list):
            stack.extend((v, (*here, i)) for i, v in enumerate(part))
        elif isinstance(part, NotFinite) or (isinstance(part, float)
                                             and not math.isfinite(part)):
            raise Invalid("not a finite number", here)


class Anything(Check):
    """Any JSON value that can be written back (no NaN or infinity inside);
    something else checks the rest later."""

    def check(self, value: Any, path: Path, report: Report) -> Any:
        _finite_inside(value, path)
        return value


class Object(Check):
    """A JSON object whose contents something else checks (the engine, a deal);
    refused with a NaN or infinity anywhere inside, which could not be written back."""

    def check(self, value: Any, path: Path, report: Report) -> Any:
        if not isinstance(value, dict):
            self.fail("not an object", path)
        _finite_inside(value, path)
        return value


class Bool(Check):
    """true or false (not 0 or 1)."""

    def check(self, value: Any, path: Path, report: Report) -> Any:
        if not isinstance(value, bool):
            self.fail("not true or false", path)
        return value


class Flag(Check):
    """true/false or 1/0, as a bool."""

    def check(self, value: Any, path: Path, report: Report) -> Any:
        if isinstance(value, bool) or (isinstance(value, int) and value in (0, 1)):
            return bool(value)
        self.fail("not a yes or no", path)


@dataclass(frozen=True)
class Int(Check):
    """A whole number (not a bool), within ``lo``..``hi`` when given."""

    lo: int | None = None
    hi: int | None = None

    def check(self, value: Any, path: Path, report: Report) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail("not a whole number", path)
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            self.fail("out of range", path)
        return value


@dataclass(frozen=True)
class Count(Int):
    """A whole number, zero or more."""

    lo: int | None = 0


@dataclass(frozen=True)
class Number(Check):
    """A finite number (int or float, not a bool), as a float. Outside ``lo``..``hi``
    it is clamped (``clamp``, reported as a loss) or invalid; ``above`` is a bound
    it must exceed, never clamped."""

    lo: float | None = None
    hi: float | None = None
    above: float | None = None
    clamp: bool = False

    def check(self, value: Any, path: Path, report: Report) -> Any:
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.fail("not a number", path)
        try:
            number = float(value)
        except OverflowError:
            self.fail("not a finite number", path)
        if not math.isfinite(number):
            self.fail("not a finite number", path)
        if self.above is not None and not number > self.above:
            self.fail(f"not above {self.above:g}", path)
        low = number < self.lo if self.lo is not None else False
        high = number > self.hi if self.hi is not None else False
        if low or high:
            if not self.clamp:
                self.fail("out of range", path)
            number = float(self.lo if low else self.hi)  # type: ignore[arg-type]
            report.lose(path, "out of range, clamped")
        return number


@dataclass(frozen=True)
class Text(Check):
    """A string that can be written back as UTF-8 (no unpaired surrogates).

    ``clean`` (a function str -> str) may change it, a change that is reported;
    ``empty=False`` refuses "" (after cleaning); ``pattern`` must match it whole;
    ``max_len`` bounds it."""

    clean: Callable[[str], str] | None = None
    empty: bool = True
    pattern: re.Pattern[str] | None = None
    max_len: int | None = None

    def check(self, value: Any, path: Path, report: Report) -> Any:
        if not isinstance(value, str):
            self.fail("not text", path)
        text = value
        if self.clean is not None:
            text = self.clean(value)
            if text != value:
                report.lose(path, "cleaned")
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            self.fail("not writable text", path)
        if not text and not self.empty:
            self.fail("empty", path)
        if self.max_len is not None and len(text) > self.max_len:
            self.fail("too long", path)
        if self.pattern is not None and not self.pattern.fullmatch(text):
            self.fail("not of the expected form", path)
        return text


class OneOf(Check):
    """One of the given values (the same type too: ``True`` is not ``1``)."""

    def __init__(self, *choices: Any) -> None:
        self.choices = choices

    def check(self, value: Any, path: Path, report: Report) -> Any:
        if not any(value == c and type(value) is type(c) for c in self.choices):
            self.fail("not a known value", path)
        return value


@dataclass(frozen=True)
class Maybe(Check):
    """null, or what ``inner`` accepts."""

    inner: Check

    def check(self, value: Any, path: Path, report: Report) -> Any:
        return None if value is None else self.inner.check(value, path, report)


@dataclass(frozen=True)
class Where(Check):
    """What ``inner`` accepts and ``test`` holds for (``why`` says what it means)."""

    inner: Check
    test: Callable[[Any], bool]
    why: str

    def check(self, value: Any, path: Path, report: Report) -> Any:
        checked = self.inner.check(value, path, report)
        if not self.test(checked):
            self.fail(self.why, path)
        return checked


class Tuple(Check):
    """A list of exactly these items, each checked (any bad one fails it whole)."""

    def __init__(self, *items: Check) -> None:
        self.items = items

    def check(self, value: Any, path: Path, report: Report) -> Any:
        if not isinstance(value, list) or len(value) != len(self.items):
            self.fail(f"not a list of {len(self.items)}", path)
        return [item.check(v, (*path, i), report)
                for i, (item, v) in enumerate(zip(self.items, value, strict=True))]


# --------------------------------------------------------------------------- containers


def _checked(check: Check, value: Any, path: Path, report: Report) -> Any:
    """``check`` on a part that may be dropped: its own losses count only if it is kept."""
    own = Report()
    out = check.check(value, path, own)
    report.merge(own)
    return out


@dataclass(frozen=True)
class ListOf(Check):
    """A list of ``item``. A bad element is dropped (``bad="drop"``), cuts the
    list there (``"cut"``: the longest valid prefix) or fails it (``"fail"``).
    More than ``max_len`` elements keeps the first or the ``keep="last"`` ones."""

    item: Check
    bad: Literal["drop", "cut", "fail"] = "drop"
    min_len: int = 0
    max_len: int | None = None
    keep: Literal["first", "last"] = "first"

    def check(self, value: Any, path: Path, report: Report) -> Any:
        if not isinstance(value, list):
            self.fail("not a list", path)
        out: list[Any] = []
        for i, element in enumerate(value):
            try:
                out.append(_checked(self.item, element, (*path, i), report))
            except Invalid as bad:
                if self.bad == "fail":
                    raise
                if self.bad == "cut":
                    rest = len(value) - i - 1
                    report.lose(bad.path, bad.why + (f"; the {rest} after it dropped"
                                                      if rest else ""))
                    break
                report.lose(bad.path, bad.why)
        if self.max_len is not None and len(out) > self.max_len:
            out = out[-self.max_len:] if self.keep == "last" else out[:self.max_len]
            report.lose(path, f"more than {self.max_len}")
        if len(out) < self.min_len:
            self.fail(f"fewer than {self.min_len}", path)
        return out


@dataclass(frozen=True)
class DictOf(Check):
    """An object from ``key`` (checked text) to ``value``; a bad entry is dropped,
    and so is an entry whose cleaned key repeats an earlier one."""

    key: Check
    value: Check

    def check(self, value: Any, path: Path, report: Report) -> Any:
        if not isinstance(value, dict):
            self.fail("not an object", path)
        out: dict[Any, Any] = {}
        for raw_key, element in value.items():
            try:
                own = Report()
                key = self.key.check(raw_key, (*path, raw_key), own)
                if key in out:
                    self.fail("the same as another", (*path, raw_key))
                out[key] = self.value.check(element, (*path, key), own)
                report.merge(own)
            except Invalid as bad:
                report.lose(bad.path, bad.why)
        return out


@dataclass(frozen=True)
class Field:
    """A field of a record: its check; the ``default`` used when it is missing or
    bad (``ABSENT``: left out); ``required``: a missing or bad one fails the
    record; ``strict``: a missing one takes the default but a bad one fails it."""

    check: Check
    default: Any = ABSENT
    required: bool = False
    strict: bool = False


def required(check: Check) -> Field:
    """A field the record cannot do without."""
    return Field(check, required=True)


class Record(Check):
    """A JSON object with named fields (``name -> Field``, or a bare check for a
    field that is left out when missing or bad). Undeclared keys are ignored."""

    def __init__(self, fields: Mapping[str, Field | Check]) -> None:
        self.fields = {name: f if isinstance(f, Field) else Field(f) for name, f in fields.items()}

    def check(self, value: Any, path: Path, report: Report) -> Any:
        if not isinstance(value, dict):
            self.fail("not an object", path)
        out: dict[str, Any] = {}
        for name, f in self.fields.items():
            here = (*path, name)
            if name not in value:
                if f.required:
                    self.fail("missing", here)
                if f.default is not ABSENT:
                    out[name] = copy.deepcopy(f.default)
                continue
            try:
                out[name] = _checked(f.check, value[name], here, report)
            except Invalid as bad:
                if f.required or f.strict:
                    raise
                report.lose(bad.path, bad.why)
                if f.default is not ABSENT:
                    out[name] = copy.deepcopy(f.default)
        return out


# --------------------------------------------------------------------------- formats

SAVE_SCHEMA: Final = 2
"""The saved match's version, kept here, below both the match (``match.SAVE_FORMAT``
reads it) and the save slot (``persist.SaveSlot`` writes it), which may not
import each other. 1: the first; 2: a round may hold redeals (undo), the match
its ``undos`` (a schema-1 save is a schema-2 one without them: ``match._migrate``)."""


@dataclass(frozen=True)
class Format(Generic[T]):
    """One kind of file: ``{"schema": version, "kind": kind, ...payload}``.

    ``check`` validates the payload; ``build`` makes the game's object from the
    checked payload (reporting any further loss, raising Invalid when it cannot);
    ``dump`` gives the payload back; ``migrate`` brings an older version's
    payload up to date (``persist.load_json``'s hook)."""

    kind: str
    version: int
    check: Check
    build: Callable[[Any, Report], T]
    dump: Callable[[T], dict[str, Any]]
    migrate: Callable[[dict[str, Any], int], dict[str, Any]] | None = None

    def read(self, payload: Any) -> tuple[T, list[Loss]]:
        """The object and what was lost; raises Invalid when nothing can be used."""
        report = Report()
        clean = self.check(payload, (), report)
        try:
            value = self.build(clean, report)
        except Invalid:
            raise
        except ValueError as err:  # the engine's refusals, a rule the build checks
            raise Invalid(str(err)) from err
        return value, report.losses
