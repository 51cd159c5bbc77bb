"""Long texts kept as Markdown files per language: ``locale/<lang>/rules/<variant>.md``.

A file is a list of sections. Each starts with a ``## heading`` line and holds
paragraphs separated by blank lines; the lines of one paragraph are joined with
single spaces, so a paragraph may be wrapped anywhere between words. Nothing else
of Markdown is interpreted: a line like "1. Follow suit" is a paragraph.
"""

from __future__ import annotations

import functools
from pathlib import Path

from ..engine.rules import VARIANTS
from .catalog import FALLBACK, LANGUAGES, locale_dir

Section = tuple[str, list[str]]
_HEADING = "## "


def parse_sections(text: str, source: str = "<text>") -> list[Section]:
    """The (heading, paragraphs) sections of a Markdown text; ValueError for any
    text before the first heading, another kind of heading, or an empty section."""
    sections: list[Section] = []
    lines: list[str] = []

    def end_paragraph() -> None:
        if lines:
            sections[-1][1].append(" ".join(lines))
            lines.clear()

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{source}:{number}"
        if line.startswith(_HEADING):
            end_paragraph()
            if sections and not sections[-1][1]:
                raise ValueError(f"{where}: the section before this one has no text")
            heading = line[len(_HEADING):].strip()
            if not heading:
                raise ValueError(f"{where}: empty heading")
            sections.append((heading, []))
        elif line.startswith("#"):
            raise ValueError(f"{where}: only '## ' headings are used")
        elif not line:
            end_paragraph()
        elif not sections:
            raise ValueError(f"{where}: text before the first '## ' heading")
        else:
            lines.append(line)
    end_paragraph()
    if not sections:
        raise ValueError(f"{source}: no '## ' section")
    if not sections[-1][1]:
        raise ValueError(f"{source}: the last section has no text")
    return sections


def rules_path(lang: str, variant: str) -> Path:
    return locale_dir() / lang / "rules" / f"{variant}.md"


@functools.cache
def _read_rules(lang: str, variant: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    path = rules_path(lang, variant)
    if lang != FALLBACK and not path.is_file():
        return _read_rules(FALLBACK, variant)
    sections = parse_sections(path.read_text(encoding="utf-8"), str(path))
    return tuple((heading, tuple(paragraphs)) for heading, paragraphs in sections)


def rules_sections(lang: str, variant: str) -> list[Section]:
    """The rules prose of `variant` in `lang` (English when that language has none).

    A fresh list each time, safe to extend; the file is read once.
    """
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; choose one of: {', '.join(VARIANTS)}")
    found = _read_rules(lang if lang in LANGUAGES else FALLBACK, variant)
    return [(heading, list(paragraphs)) for heading, paragraphs in found]
