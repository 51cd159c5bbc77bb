"""The one way every file is checked: declarative schemas (tute_desktop/game/schema.py)."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest

from tute_desktop.game.names import clean_name
from tute_desktop.game.schema import (
    Anything,
    Bool,
    Count,
    DictOf,
    Field,
    Flag,
    Format,
    Int,
    Invalid,
    ListOf,
    Maybe,
    NotFinite,
    Number,
    Object,
    OneOf,
    Record,
    Report,
    Text,
    Tuple,
    Where,
    required,
    validate,
)


def losses(check: Any, value: Any) -> tuple[Any, list[tuple[str, str]]]:
    clean, lost = validate(check, value)
    return clean, [(loss.where, loss.why) for loss in lost]


@pytest.mark.parametrize(
    ("check", "good", "bad"),
    [
        (Int(), [0, -3, 10**30], [True, 1.0, "1", None, [1]]),
        (Int(0, 3), [0, 3], [-1, 4]),
        (Count(), [0, 7], [-1, False]),
        (Number(), [0, 0.5, -2], [True, "1", math.nan, math.inf, -math.inf, None]),
        (Number(above=0.0), [0.001, 8], [0, -1, 0.0]),
        (Bool(), [True, False], [0, 1, "true", None]),
        (Flag(), [True, False, 0, 1], [2, "1", None]),
        (Text(), ["", "Ana", "ñ"], [1, None, "x\ud800"]),
        (Text(empty=False), ["a"], [""]),
        (Text(pattern=re.compile(r"[a-z]+")), ["red"], ["Red", "../x", ""]),
        (OneOf("a", 1), ["a", 1], ["b", True, 1.0]),
        (Maybe(Int()), [None, 2], ["2"]),
        (Object(), [{}, {"a": [1]}], [[], "x", None]),
        (Tuple(Int(), Text()), [[1, "a"]], [[1], [1, "a", 2], ["a", 1], (1, "a")]),
        (Where(Int(), lambda n: n % 2 == 0, "odd"), [2], [3]),
    ],
)
def test_scalar_checks_accept_and_refuse(check: Any, good: list[Any], bad: list[Any]) -> None:
    for value in good:
        check(value)
    for value in bad:
        with pytest.raises(Invalid):
            check(value)


def test_a_number_out_of_range_is_clamped_only_when_asked_and_the_change_reported() -> None:
    assert losses(Number(0.0, 1.0, clamp=True), 3) == (1.0, [("/", "out of range, clamped")])
    assert losses(Number(0.0, 1.0, clamp=True), 0.25) == (0.25, [])
    with pytest.raises(Invalid):
        Number(0.0, 1.0)(3)


def test_a_cleaned_text_is_kept_and_the_change_reported() -> None:
    name = Text(clean=clean_name, empty=False)
    assert losses(name, "Ana\x00") == ("Ana", [("/", "cleaned")])
    assert losses(name, "Ana") == ("Ana", [])
    with pytest.raises(Invalid):
        name("\x00\ud800")  # nothing left


def test_lists_drop_cut_or_fail_on_a_bad_element() -> None:
    value = [1, "x", 2, 3]
    assert losses(ListOf(Int()), value) == ([1, 2, 3], [("1", "not a whole number")])
    assert losses(ListOf(Int(), bad="cut"), value) == (
        [1], [("1", "not a whole number; the 2 after it dropped")])
    with pytest.raises(Invalid) as caught:
        ListOf(Int(), bad="fail")(value)
    assert caught.value.path == (1,)
    with pytest.raises(Invalid):
        ListOf(Int(), min_len=2)([1, "x"])
    assert losses(ListOf(Int(), max_len=2, keep="last"), [1, 2, 3]) == ([2, 3],
                                                                        [("/", "more than 2")])


def test_dicts_drop_bad_entries_and_keys_that_clean_to_a_repeat() -> None:
    check = DictOf(Text(clean=clean_name, empty=False), Count())
    clean, lost = losses(check, {"Ana": 1, "Luis": -1, "Ana\x00": 2, "\x00": 3})
    assert clean == {"Ana": 1}
    assert [where for where, _ in lost] == ["Luis", "Ana?", "?"]


def test_records_fall_back_field_by_field_unless_required_or_strict() -> None:
    record = Record({
        "seed": required(Int()),
        "speed": Field(Number(above=0.0), default=2.0),
        "name": Text(),  # left out when missing or bad
        "mode": Field(OneOf("a", "b"), default="a", strict=True),
    })
    assert losses(record, {"seed": 1, "speed": 0, "name": 5, "extra": "kept out"}) == (
        {"seed": 1, "speed": 2.0, "mode": "a"},
        [("speed", "not above 0"), ("name", "not text")])
    for bad in ({"speed": 1}, {"seed": "1"}, {"seed": 1, "mode": "c"}, [1]):
        with pytest.raises(Invalid):
            record(bad)


def test_a_dropped_part_reports_only_its_own_failure() -> None:
    inner = Record({"n": Field(Count(), default=0), "id": required(Int())})
    clean, lost = losses(ListOf(inner), [{"n": -1, "id": "x"}, {"n": -2, "id": 1}])
    assert clean == [{"n": 0, "id": 1}]
    assert lost == [("0/id", "not a whole number"), ("1/n", "out of range")]


def test_defaults_are_never_shared() -> None:
    record = Record({"games": Field(DictOf(Text(), Count()), default={})})
    first, second = record({}), record({})
    first["games"]["x"] = 1
    assert second == {"games": {}}


def test_paths_are_safe_to_draw_and_short() -> None:
    clean, lost = losses(DictOf(Text(), Count()), {"a\x00\ud800" + "b" * 40: -1})
    assert clean == {}
    shown = lost[0][0]
    assert shown.isprintable() and len(shown) <= 24
    shown.encode("utf-8")


def test_a_format_builds_the_object_and_turns_its_refusals_into_invalid() -> None:
    def build(d: dict[str, Any], report: Report) -> int:
        if d["n"] == 13:
            raise ValueError("unlucky")
        if d["n"] > 100:
            report.lose(("n",), "too big to keep whole")
            return 100
        return int(d["n"])

    fmt: Format[int] = Format("demo", 1, Record({"n": required(Int())}), build,
                              lambda n: {"n": n})
    assert fmt.read({"n": 5}) == (5, [])
    value, lost = fmt.read({"n": 500})
    assert value == 100 and [loss.where for loss in lost] == ["n"]
    with pytest.raises(Invalid):
        fmt.read({"n": 13})
    with pytest.raises(Invalid):
        fmt.read({"n": "5"})


def test_nan_and_infinity_from_a_file_pass_no_check() -> None:
    # Issue 27, point 6: persist reads NaN/Infinity as NotFinite; no check takes
    # it, and the checks that do not look inside (Object, Anything) refuse a
    # non-finite number anywhere inside, so none can reach a value written back.
    bad = NotFinite("NaN")
    for check in (Int(), Count(), Number(), Number(clamp=True, lo=0, hi=1), Text(), Bool(),
                  Flag(), OneOf(1.0, "NaN"), Maybe(Number()), Anything()):
        with pytest.raises(Invalid):
            check(bad)
    with pytest.raises(Invalid) as caught:
        Object()({"deal": {"hands": [["1o", float("inf")]]}})
    assert caught.value.path == ("deal", "hands", 0, 1)
    with pytest.raises(Invalid):
        Anything()([1, [{"x": NotFinite("-Infinity")}]])
    assert Anything()([1, [{"x": 2.5}]]) == [1, [{"x": 2.5}]]
