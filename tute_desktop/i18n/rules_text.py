"""The rules of each variant written for players, in every language of the catalog.

``rules_text("habanero", "es")`` gives the sections of the in-game rules screen,
each a heading and short paragraphs (at most ``MAX_PARAGRAPH`` characters, so a
paragraph fits a screen column). The prose is ``locale/<lang>/rules/<variant>.md``
(see ``i18n.prose``); the last section, the house rules, is made here from the
catalog. The text follows RULES.md but is written to teach, not to specify.

``OPTION_LABELS`` and ``OPTION_VALUE_LABELS`` name the house-rule options
(``engine.rules.OPTIONS``) on the new-game screen; values are looked up by
``str(value)``: ``"True"``, ``"1"``, ``"all"``, ``"strict"``... They, like
``VARIANT_TITLES`` and ``OPTION_EXPLANATIONS``, are read from the catalog
(keys ``variant_title.*``, ``option.*``, ``option_value.*``, ``option_help.*``).
"""

from __future__ import annotations

from typing import Any, Final

from ..engine.rules import OPTIONS, VARIANTS, find_variant
from . import LANGUAGES, Section, in_variant, lookup, rules_sections, tr

__all__ = [
    "LANGUAGES", "MAX_PARAGRAPH", "OPTION_EXPLANATIONS", "OPTION_LABELS", "OPTION_VALUE_LABELS",
    "Section", "VARIANT_TITLES", "inside_sentence", "option_explanation", "option_label",
    "option_meaning", "option_value_label", "rules_text",
]

MAX_PARAGRAPH: Final = 350

_OPTION_NAMES: Final = tuple(dict.fromkeys(name for names in OPTIONS.values() for name in names))
"""Every house-rule option of any variant, in the order the variants list them."""


def _values(option: str) -> list[str]:
    """Every value `option` takes in any variant, as ``str(value)``."""
    return list(dict.fromkeys(str(v) for opts in OPTIONS.values() for v in opts.get(option, ())))


def _lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"no rules text in {lang!r}; languages: {', '.join(LANGUAGES)}")
    return lang


def option_label(lang: str, option: str, variant: str = "") -> str:
    """The short label of a house-rule option, e.g. ``option_label("es", "claim")``.

    With a ``variant``, the words its match's scoring gives it where they differ
    (``option.<option>.<scoring>``): a target of lost rounds is a limit that ends
    the match, not something to reach ("Match ends at", not "Match target")."""
    if variant:
        own = lookup(_lang(lang), f"option.{option}.{VARIANTS[variant].scoring.value}")
        if own is not None:
            return own
    return tr(_lang(lang), f"option.{option}")


def inside_sentence(text: str) -> str:
    """``text`` put inside a sentence: its first letter lowered ("Por defecto:
    dos manos ganadas."), unless it starts a word in capitals (an abbreviation)
    or is not a letter (a number: "3 games")."""
    if text[:1].isupper() and not text[1:2].isupper():
        return text[:1].lower() + text[1:]
    return text


def option_value_label(lang: str, option: str, value: object, variant: str = "") -> str:
    """The label of one value of an option; its ``str`` when none is written.

    With a ``variant``, the words that variant gives it where its meaning differs
    (``option_value.<option>.<value>.<variant>``: tres's tute is worth two lost
    rounds to each opponent, not "Two rounds"), and the match target with what the
    variant's match counts ("3 games", "5 lost rounds", "500 points":
    ``option_value.target.count[_one].<scoring>``, the singular for 1)."""
    text = str(value)
    if variant:
        own = lookup(_lang(lang), f"option_value.{option}.{text}.{variant}")
        if own is not None:
            return own
        if option == "target" and isinstance(value, int) and not isinstance(value, bool):
            form = "count_one" if value == 1 else "count"
            scoring = VARIANTS[variant].scoring.value
            counted = lookup(lang, f"option_value.target.{form}.{scoring}")
            if counted is not None:
                return counted.format(n=value)
    found = lookup(_lang(lang), f"option_value.{option}.{text}")
    return text if found is None else found


def option_explanation(lang: str, variant: str, option: str) -> str:
    """One sentence saying what the option changes in this variant."""
    special = lookup(_lang(lang), f"option_help.{option}.{variant}")
    return special if special is not None else tr(lang, f"option_help.{option}")


def option_meaning(lang: str, variant: str, option: str, value: object) -> str:
    """One sentence saying what the chosen ``value`` of ``option`` means in
    ``variant``, naming its term ("Arrastre: while the stock lasts...", "Must
    be claimed: in la vuelta..."): the New match screen's note under the
    focused house rule (the terms were explained only on the rules page). The
    catalog's ``option_means.<option>.<value>[.<variant>]``, else, for a
    number, ``option_means.<option>[.<scoring>]`` with the value's words."""
    text = str(value)
    label = option_value_label(lang, option, value, variant)
    scoring = VARIANTS[variant].scoring.value
    for key in (f"option_means.{option}.{text}.{variant}", f"option_means.{option}.{text}",
                f"option_means.{option}.{scoring}", f"option_means.{option}"):
        found = lookup(_lang(lang), key)
        if found is not None:
            return found.format(value=label)
    return ""


VARIANT_TITLES: Final[dict[str, dict[str, str]]] = {
    lang: {variant: tr(lang, f"variant_title.{variant}") for variant in VARIANTS}
    for lang in LANGUAGES
}
OPTION_LABELS: Final[dict[str, dict[str, str]]] = {
    lang: {option: option_label(lang, option) for option in _OPTION_NAMES} for lang in LANGUAGES
}
OPTION_VALUE_LABELS: Final[dict[str, dict[str, dict[str, str]]]] = {
    lang: {
        option: {value: option_value_label(lang, option, value) for value in _values(option)}
        for option in _OPTION_NAMES
    }
    for lang in LANGUAGES
}
OPTION_EXPLANATIONS: Final[dict[str, dict[str, str]]] = {
    lang: {option: tr(lang, f"option_help.{option}") for option in _OPTION_NAMES}
    for lang in LANGUAGES
}
"""What each option changes in general (``option_explanation`` knows the exceptions)."""


def rules_text(variant: str, lang: str) -> list[Section]:
    """The rules of `variant` for players, as (heading, paragraphs) sections."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; choose one of: {', '.join(VARIANTS)}")
    sections = rules_sections(_lang(lang), variant)
    # (boricua's own words: it has no capote and no vuelta, nc85)
    sections.append((tr(lang, "rules.review.heading"), [
        tr(lang, "rules.review.text"), tr(lang, in_variant(variant, "rules.review.text2"))]))
    sections.append(_options_section(variant, lang))
    return sections


def match_options_section(variant: str, lang: str, options: dict[str, Any]) -> Section:
    """The house rules one match is played with, for the top of its rules page
    (the page describes the defaults): each option whose value differs from the
    rule set's default, or a line saying it has none (shot 99: a newcomer read
    the prose, not the match's "declare or lose the right")."""
    default = VARIANTS[variant].options()
    chosen = find_variant(variant, options).options()
    paragraphs = [_chosen_line(lang, variant, option, value) for option, value in chosen.items()
                  if (value, type(value)) != (default[option], type(default[option]))]
    intro = tr(lang, "rules.match.changed" if paragraphs else "rules.match.defaults")
    return tr(lang, "rules.match.heading"), [intro, *paragraphs]


def _chosen_line(lang: str, variant: str, option: str, value: object) -> str:
    """A house rule as this match has it: what the chosen value means
    (``option_meaning``, which names it), else the value and what the option
    changes (a strong player read "Must be claimed — 101 ... is counted for
    you, or you must claim it" as both rules at once)."""
    label = option_label(lang, option, variant)
    meaning = option_meaning(lang, variant, option, value)
    if meaning:
        return tr(lang, "rules.match.line_means", label=label, meaning=meaning)
    return tr(lang, "rules.match.line", label=label,
              value=option_value_label(lang, option, value, variant),
              explanation=option_explanation(lang, variant, option))


def _options_section(variant: str, lang: str) -> Section:
    paragraphs = [tr(lang, "rules.options.intro")]
    for option, value in VARIANTS[variant].options().items():
        paragraphs.append(tr(
            lang, "rules.options.line",
            label=option_label(lang, option, variant),
            explanation=option_explanation(lang, variant, option),
            # after "Default: ", inside the sentence: "Default: two won rounds."
            value=inside_sentence(option_value_label(lang, option, value, variant)),
        ))
    return tr(lang, "rules.options.heading"), paragraphs
