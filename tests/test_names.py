"""Names from the keyboard or a hand-edited file are cleaned before use."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from tute_desktop.game.names import NAME_LIMIT, bot_namer, clean_name
from tute_desktop.i18n import tr
from tute_desktop.ui.menus import seat_names


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


def namer(lang: str, levels: list[str | None]) -> Callable[[str, int], str]:
    def word(level: str) -> str:
        return tr(lang, f"level_{level}")
    return bot_namer(levels, lambda level: tr(lang, "bot_named", level=word(level)),
                     lambda level, n: tr(lang, "bot_seat", n=n, level=word(level)))


def test_the_only_bot_of_a_table_is_called_by_its_level() -> None:
    """Issue 18: "Bot medium 2" read awkwardly; the seat's number is said where
    there are several bots, each of them (a bar player read "Bot (medium)"
    beside "Bot 3 (hard)" as odd one out, cold play nc78), and not for a
    table's only bot."""
    levels: list[str | None] = [None, "easy", "medium", "easy"]
    assert seat_names(["Ana", "", "", ""], levels, "You", namer("en", levels)).names == [
        "Ana", "Bot 2 (easy)", "Bot 3 (medium)", "Bot 4 (easy)"]
    assert seat_names(["Ana", "", "", ""], levels, "Tú", namer("es", levels)).names == [
        "Ana", "Bot 2 (fácil)", "Bot 3 (medio)", "Bot 4 (fácil)"]
    two: list[str | None] = [None, "medium"]
    assert seat_names(["You", ""], two, "You", namer("en", two)).names == ["You", "Bot (medium)"]
    one: list[str | None] = [None, None, "hard"]  # (two people and one bot)
    assert seat_names(["Ana", "Luis", ""], one, "You", namer("en", one)).names == [
        "Ana", "Luis", "Bot (hard)"]


def test_a_bot_whose_name_a_person_took_gets_a_number() -> None:
    """People may not take a bot's name (seat_names reports it); should one be
    kept, the bot still gets a name of its own, with a number past the seats."""
    levels: list[str | None] = [None, "medium"]
    lineup = seat_names(["Bot (medium)", ""], levels, "You", namer("en", levels))
    assert lineup.taken == 0
    assert lineup.names == ["Bot (medium)", "Bot 3 (medium)"]
