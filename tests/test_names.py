"""Names from the keyboard or a hand-edited file are cleaned before use."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tute_desktop.names import NAME_LIMIT, clean_name


def test_control_characters_and_lone_surrogates_are_dropped() -> None:
    assert clean_name("Ana\x00") == "Ana"
    assert clean_name("Lu\udcffis") == "Luis"
    assert clean_name("  Car\tmen \n Ruiz  ") == "Car men Ruiz"
    assert clean_name("\u200bZoe\u202e") == "Zoe"  # zero-width space, bidi override
    assert clean_name("Lucía") == "Lucía" and clean_name("Ñoño 2") == "Ñoño 2"


def test_names_are_cut_to_the_limit() -> None:
    assert len(clean_name("x" * 100)) == NAME_LIMIT
    assert clean_name("abc def", limit=4) == "abc"


@given(st.text())
def test_a_cleaned_name_can_always_be_written_and_is_stable(text: str) -> None:
    name = clean_name(text)
    name.encode("utf-8")  # never a UnicodeEncodeError
    assert clean_name(name) == name
    assert name == name.strip() and "  " not in name and len(name) <= NAME_LIMIT
