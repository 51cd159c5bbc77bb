"""Issue 29, point 5: one word for each thing. docs/glossary.md lists, per
language, the words retired in favour of one; no catalog message, rules text or
lesson may use them. Help lines start each part with a capital."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tute_desktop.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.md"
LOCALE = ROOT / "tute_desktop" / "locale"
QUOTED = re.compile(r"“[^”]*”|«[^»]*»|\{[^{}]*\}")
"""A word in quotes is mentioned, not used (Ace, “As”); a ``{field}`` is a name
in code, not a word on screen."""


def retired_words() -> dict[str, list[str]]:
    """language -> retired words, from the glossary's "Retired words" table."""
    text = GLOSSARY.read_text(encoding="utf-8")
    section = text.split("## Retired words", 1)[1]
    found: dict[str, list[str]] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or cells[0] in ("language", "---") or not line.startswith("|"):
            continue
        found.setdefault(cells[0], []).append(cells[1])
    return found


def texts(lang: str) -> dict[str, str]:
    """Everything a player reads in `lang`: each catalog message (by key, with
    its context) and each rules file (by name)."""
    with open(LOCALE / lang / "LC_MESSAGES" / "tute.po", "rb") as handle:
        catalog = read_po(handle, locale=lang, domain="tute")
    found = {}
    for m in catalog:
        if m.id and isinstance(m.string, str):
            found[f"{m.context}|{m.id}" if m.context else str(m.id)] = m.string
    for path in sorted((LOCALE / lang / "rules").glob("*.md")):
        found[f"rules/{path.name}"] = path.read_text(encoding="utf-8")
    return found


def uses(text: str, word: str) -> bool:
    pattern = r"(?<!\w)" + re.escape(word).replace(r"\ ", r"\s+") + r"(?!\w)"
    return re.search(pattern, QUOTED.sub(" ", text), re.IGNORECASE) is not None


def test_the_glossary_retires_words_in_every_language() -> None:
    words = retired_words()
    assert set(words) == set(LANGUAGES)
    assert "deal" in words["en"] and "ronda" in words["es"] and "encuentro" in words["es"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_retired_word_is_used(lang: str) -> None:
    found = [(word, where) for word in retired_words()[lang]
             for where, text in texts(lang).items() if uses(text, word)]
    assert found == []


def test_the_check_sees_a_retired_word_and_spares_a_quoted_one() -> None:
    assert uses("Review of deal 1", "deal")
    assert not uses("the cards were dealt, the dealer deals", "deal")
    assert uses("una vez por\nronda", "ronda") and uses("la Sota (10) de oros", "Sota (10)")
    assert not uses("Ace (“As”), Jack (“Sota”)", "Sota")
    assert not uses("la Sota de oros", "Sota (10)")
    assert not uses("Saved match: round {deal}", "deal")


def help_lines(lang: str) -> dict[str, str]:
    return {key: text for key, text in texts(lang).items()
            if key.endswith("_keys") or key in ("lesson.leave", "explain_key_hint")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_part_of_a_help_line_starts_with_a_capital(lang: str) -> None:
    lines = help_lines(lang)
    assert "review_keys" in lines and "rules_keys" in lines
    lower = {key: part for key, text in lines.items() for part in text.split(" · ")
             if part[:1].islower()}
    assert lower == {}


FIGURE_MID_SENTENCE = re.compile(r"(?<=[\w,;:)] )(As|Tres|Reyes|Rey|Caballos|Caballo|Sotas|Sota)\b")


def test_spanish_names_a_card_in_lower_case_inside_a_sentence() -> None:
    # "tu rey y tu caballo de copas", "la sota de oros" (the RAE's usage, and the
    # rules text's); a capital only where a sentence or a label starts.
    found = {where: m.group(0) for where, text in texts("es").items()
             for m in [FIGURE_MID_SENTENCE.search(QUOTED.sub(" ", text))] if m}
    assert found == {}
    assert FIGURE_MID_SENTENCE.search("canta con tu Rey y tu Caballo")
    assert not FIGURE_MID_SENTENCE.search("Rey de copas. Sota de oros")
