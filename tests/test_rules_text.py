"""The rules written for players: complete for every variant and language, and short."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tute_desktop.engine.rules import OPTIONS, VARIANTS
from tute_desktop.i18n.rules_text import (
    LANGUAGES,
    MAX_PARAGRAPH,
    OPTION_LABELS,
    OPTION_VALUE_LABELS,
    VARIANT_TITLES,
    inside_sentence,
    option_label,
    option_value_label,
    rules_text,
)

CASES = [(v, lang) for v in VARIANTS for lang in LANGUAGES]
FIXTURE = Path(__file__).parent / "data" / "rules_text.json"


@pytest.mark.parametrize(("variant", "lang"), [(v, g) for v in VARIANTS for g in ("es", "en")])
def test_rules_text_is_exactly_what_the_rules_screen_was_made_for(variant: str, lang: str) -> None:
    # The fixture is the text of every variant and language as it was when the
    # prose moved out of the code; the rules screen's screenshots depend on it.
    # Rewording the rules is a change of this file too (regenerate it on purpose).
    expected = json.loads(FIXTURE.read_text(encoding="utf-8"))[variant][lang]
    assert [[heading, paragraphs] for heading, paragraphs in rules_text(variant, lang)] == expected


@pytest.mark.parametrize(("variant", "lang"), CASES)
def test_every_variant_has_sections_with_text(variant: str, lang: str) -> None:
    sections = rules_text(variant, lang)
    assert len(sections) >= 6
    headings = [heading for heading, _ in sections]
    assert len(set(headings)) == len(headings)
    for heading, paragraphs in sections:
        assert heading.strip()
        assert paragraphs and all(p.strip() == p and p for p in paragraphs)


@pytest.mark.parametrize(("variant", "lang"), CASES)
def test_no_paragraph_is_too_long_for_a_column(variant: str, lang: str) -> None:
    for _, paragraphs in rules_text(variant, lang):
        for paragraph in paragraphs:
            assert len(paragraph) <= MAX_PARAGRAPH, paragraph


def test_every_variant_has_a_title_in_both_languages() -> None:
    for lang in LANGUAGES:
        assert set(VARIANT_TITLES[lang]) == set(VARIANTS)
    assert VARIANT_TITLES["es"]["habanero"] == "Tute habanero"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_and_value_has_a_label(lang: str) -> None:
    for variant, options in OPTIONS.items():
        for option, values in options.items():
            assert OPTION_LABELS[lang][option].strip(), (variant, option)
            for value in values:
                assert str(value) in OPTION_VALUE_LABELS[lang][option], (variant, option, value)


@pytest.mark.parametrize(("variant", "lang"), CASES)
def test_house_rules_section_explains_each_option_with_its_default(
    variant: str, lang: str
) -> None:
    heading, paragraphs = rules_text(variant, lang)[-1]
    assert heading in ("House rules", "Reglas de la casa")
    defaults = VARIANTS[variant].options()
    assert set(defaults) == set(OPTIONS[variant])
    for option, value in defaults.items():
        label = option_label(lang, option, variant)
        line = next(p for p in paragraphs if p.startswith(label + ":"))
        value_said = option_value_label(lang, option, value, variant)
        assert line.endswith(inside_sentence(value_said) + ".")


def test_spanish_text_uses_accents() -> None:
    text = " ".join(p for _, ps in rules_text("habanero", "es") for p in ps)
    assert "después" in text and "últimas" in text and "Cómo" in rules_text("tres", "es")[3][0]


@pytest.mark.parametrize(
    ("variant", "words"),
    [
        ("habanero", ["arrastre", "capote", "la vuelta", "101"]),
        ("corriente", ["deferred", "tute", "la vuelta"]),
        ("boricua", ["malas", "buenas", "Acuso", "Vira"]),
        ("tres", ["13", "lost round", "compulsory"]),
        ("parejas", ["partner", "team", "10 to each"]),
    ],
)
def test_each_variant_mentions_what_sets_it_apart(variant: str, words: list[str]) -> None:
    text = " ".join(p for _, ps in rules_text(variant, "en") for p in ps)
    for word in words:
        assert word in text, word


def test_capote_only_where_it_exists() -> None:
    for variant in VARIANTS:
        headings = [h for h, _ in rules_text(variant, "en")]
        assert ("Capote" in headings) == VARIANTS[variant].capote


def test_unknown_variant_or_language_is_refused() -> None:
    with pytest.raises(ValueError):
        rules_text("brisca", "es")  # no such variant
    with pytest.raises(ValueError):
        rules_text("habanero", "fr")


def test_value_labels_fall_back_to_the_value() -> None:
    assert option_value_label("en", "undertrump", True) == "Yes"
    assert option_value_label("es", "cantes_per_trick", "all") == "Todos a la vez"
    assert option_value_label("en", "target", 99) == "99"


OWN_WORDS = {
    ("corriente", "en"): ("6 cards", "trumps", "any card", "follow suit", "exchanged", "101"),
    ("corriente", "es"): ("6 cartas", "triunfo", "cualquier carta", "asistir", "se cambia", "101"),
    ("boricua", "en"): ("7 cards", "trumps", "arrastre", "follow suit", "exchanged", "101"),
    ("boricua", "es"): ("7 cartas", "triunfo", "arrastre", "asistir", "se cambia", "101"),
}
"""What a two-player page's first section names on its own: the hand's size,
trumps, what may be played while the stock lasts and after it, the exchange,
and the 101 that wins."""


@pytest.mark.parametrize(("variant", "lang"), sorted(OWN_WORDS))
def test_a_two_player_page_reads_on_its_own_before_it_compares_with_habanero(
        variant: str, lang: str) -> None:
    """Corriente's page began "like habanero with hands of 6 cards, but...",
    which a newcomer who skipped habanero could not follow. Its first section
    (and boricua's) says what the rule set is, hand size, trumps, duties,
    exchange and scoring, before any word of habanero, and says habanero only
    to compare, after all that."""
    intro = rules_text(variant, lang)[0][1]
    said = " ".join(intro)
    for words in OWN_WORDS[variant, lang]:
        assert words in said, (words, said)
    first = next(i for i, p in enumerate(intro) if "habanero" in p)
    before = " ".join(intro[:first]) + intro[first].split("habanero")[0]
    for words in OWN_WORDS[variant, lang]:
        assert words in before, (words, before)
