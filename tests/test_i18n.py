"""The catalog of words (tute_desktop/i18n and tute_desktop/locale): complete in
every language, consistent, compiled, and looked up the way the window expects."""

from __future__ import annotations

import ast
import copy
import io
import pickle
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from tute_desktop import i18n
from tute_desktop.engine.cards import CARDS
from tute_desktop.engine.rules import OPTIONS, VARIANTS
from tute_desktop.i18n import (
    LANGUAGES,
    Notice,
    card_label,
    lookup,
    parse_sections,
    preferred_language,
    rank_name,
    rules_sections,
    say,
    suit_name,
    tr,
)
from tute_desktop.i18n import catalog as catalog_module

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "tute_desktop" / "locale"
PACKAGE = ROOT / "tute_desktop" / "i18n"


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "tute.po"


def read_catalog(lang: str) -> Catalog:
    with open(po_path(lang), "rb") as handle:
        return read_po(handle, locale=lang, domain="tute")


def messages(lang: str) -> dict[str, str]:
    """The .po's messages, key -> text (the header left out). A message with a
    context (``msgctxt "boricua"``) is keyed as ``i18n.in_variant`` makes it."""
    found: dict[str, str] = {}
    for message in read_catalog(lang):
        if message.id:
            assert isinstance(message.id, str) and isinstance(message.string, str), message.id
            key = i18n.in_variant(message.context, message.id) if message.context else message.id
            found[key] = message.string
    return found


def placeholders(text: str) -> set[str]:
    """The ``{field}`` names a message fills in (``{a.b}`` and ``{a[0]}`` count as ``a``)."""
    names = set()
    for _, field, _, _ in string.Formatter().parse(text):
        if field is not None:
            names.add(field.split(".")[0].split("[")[0])
    return names


# ------------------------------------------------------------------ the files


def test_languages_are_the_folders_of_the_catalog() -> None:
    folders = {p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/tute.po")}
    assert set(LANGUAGES) == folders
    assert LANGUAGES[:2] == ("es", "en")
    assert i18n.locale_dir() == LOCALE


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_every_key(lang: str) -> None:
    english = set(messages("en"))
    own = set(messages(lang))
    assert sorted(english - own) == [], f"missing in {lang}"
    assert sorted(own - english) == [], f"in {lang} only"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_fills_in_the_same_fields_in_every_language(lang: str) -> None:
    english = messages("en")
    different = {
        key: (sorted(placeholders(text)), sorted(placeholders(english[key])))
        for key, text in messages(lang).items()
        if key in english and placeholders(text) != placeholders(english[key])
    }
    assert different == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_is_empty_or_fuzzy(lang: str) -> None:
    catalog = read_catalog(lang)
    empty = [m.id for m in catalog if m.id and not (isinstance(m.string, str) and m.string.strip())]
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert (empty, fuzzy) == ([], [])
    assert not catalog.obsolete



@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_key_is_written_twice(lang: str) -> None:
    """A key added with a name already taken silently replaced nothing: the
    catalog keeps one text, so "review_close" (the review's Close button) was
    drawn as a verdict's heading, "Cerrar" (stop 58). Each msgid (with its
    context) appears once in the .po."""
    # (a msgid over several lines is its quoted lines together: the header's ""
    # and a long key written as "" then its lines differ)
    text = po_path(lang).read_text("utf-8")
    keys = re.findall(r'^(?:msgctxt "(.*)"\n)?msgid ((?:".*"\n)+)', text, re.M)
    twice = sorted({k for k in keys if keys.count(k) > 1})
    assert not twice, twice

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalog_is_up_to_date(lang: str) -> None:
    # What `make catalog` would write, compiled here in memory, against the
    # committed .mo: a .po edited without recompiling fails here.
    fresh = io.BytesIO()
    write_mo(fresh, read_catalog(lang))
    fresh.seek(0)
    with open(po_path(lang).with_suffix(".mo"), "rb") as handle:
        committed = read_mo(handle)
    expected = {(m.context, m.id): m.string for m in read_mo(fresh) if m.id}
    assert {(m.context, m.id): m.string for m in committed if m.id} == expected, \
        "run `make catalog`"
    # and the game, reading it with gettext, finds every message
    for key, text in messages(lang).items():
        assert lookup(lang, key) == text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_a_valid_format_string(lang: str) -> None:
    for key, text in messages(lang).items():
        fields = {name: "x" for name in placeholders(text)}
        assert tr(lang, key, **fields), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_variant_and_option_of_the_engine_has_words(lang: str) -> None:
    keys = set(messages(lang))
    needed = {f"variant_title.{v}" for v in VARIANTS}
    for options in OPTIONS.values():
        for option, values in options.items():
            needed |= {f"option.{option}", f"option_help.{option}"}
            # numbers (a match target) are shown as they are
            needed |= {f"option_value.{option}.{v}" for v in values
                       if isinstance(v, bool) or not isinstance(v, int) or option != "target"}
    needed |= {f"suit.{s}" for s in range(4)} | {f"rank.{r}" for r in i18n.RANKS} | {"card"}
    assert sorted(needed - keys) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_variant_has_its_rules_prose(lang: str) -> None:
    files = {p.stem for p in (LOCALE / lang / "rules").glob("*.md")}
    assert files == set(VARIANTS)
    for variant in VARIANTS:
        assert len(rules_sections(lang, variant)) >= 5


# ------------------------------------------------------------------ looking up


def test_tr_fills_in_fields_and_falls_back() -> None:
    assert tr("es", "undo") == "Deshacer"
    assert tr("en", "turn_of", name="Ana") == "Ana to play"
    assert tr("es", "turn_of", name="Ana") == "Turno de Ana"
    assert tr("fr", "undo") == "Undo"  # an unknown language speaks English
    assert tr("es", "no.such.key") == "no.such.key"  # shown as itself, never a crash
    assert tr("en", "press_key", key="N") == "[N]"  # a field may be called "key"
    assert tr("en", "malas") == "malas" and lookup("en", "malas") == "malas"
    assert lookup("en", "no.such.key") is None


def test_a_key_missing_in_a_language_comes_from_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for lang, words in (("en", {"a": "English a", "b": "English b"}), ("es", {"a": "Spanish a"})):
        catalog = Catalog(locale=lang, domain="tute", charset="utf-8")
        for key, text in words.items():
            catalog.add(key, text)
        path = tmp_path / lang / "LC_MESSAGES" / "tute.mo"
        path.parent.mkdir(parents=True)
        with open(path, "wb") as handle:
            write_mo(handle, catalog)
    monkeypatch.setattr(catalog_module, "locale_dir", lambda: tmp_path)
    catalog_module.translations.cache_clear()
    try:
        assert tr("es", "a") == "Spanish a"
        assert tr("es", "b") == "English b"
        assert tr("es", "c") == "c"
    finally:
        catalog_module.translations.cache_clear()  # the real catalogs from the next lookup on


def test_a_missing_catalog_does_not_stop_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(catalog_module, "locale_dir", lambda: tmp_path)
    catalog_module.translations.cache_clear()
    try:
        assert tr("es", "undo") == "undo"
    finally:
        catalog_module.translations.cache_clear()


# ------------------------------------------------------------------ cards

# In English the face cards and the ace carry the number printed on them: a
# newcomer sees a 12 on the card the words call the King. Spanish names a figure
# without its number, and writes a number card as printed (docs/glossary.md).
RANKS_ES = {1: "As", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7",
            10: "Sota", 11: "Caballo", 12: "Rey"}
RANKS_EN = {1: "Ace (1)", 10: "Jack (10)", 11: "Knight (11)", 12: "King (12)"}
SUITS = {"es": ("oros", "copas", "espadas", "bastos"), "en": ("coins", "cups", "swords", "clubs")}


def test_suit_and_rank_names() -> None:
    for lang, names in SUITS.items():
        assert tuple(suit_name(lang, s) for s in range(4)) == names
    assert [rank_name("es", r) for r in RANKS_ES] == list(RANKS_ES.values())
    assert [rank_name("en", r) for r in (1, 2, 7, 10, 11, 12)] == [
        "Ace (1)", "2", "7", "Jack (10)", "Knight (11)", "King (12)"]
    with pytest.raises(ValueError):
        suit_name("es", 4)
    with pytest.raises(ValueError):
        rank_name("es", 8)


def test_card_labels_for_all_forty_cards() -> None:
    for card in CARDS:
        suit, rank = card.suit, card.rank
        es = f"{RANKS_ES[rank]} de {SUITS['es'][suit]}"
        en = f"{RANKS_EN.get(rank, str(rank))} of {SUITS['en'][suit]}"
        assert card_label("es", int(card)) == card_label("es", str(card)) == es
        assert card_label("en", card) == card_label("en", str(card)) == en
    assert card_label("es", "7o") == "7 de oros"
    assert card_label("en", "7o") == "7 of coins"
    assert card_label("en", "1c") == "Ace (1) of cups"
    assert card_label("en", "12b") == "King (12) of clubs"
    for bad in (40, -1, True, "8o"):
        with pytest.raises(ValueError):
            card_label("en", bad)


# ------------------------------------------------------------------ the system's language


def loc(*codes: str | None) -> list[dict[str, str | None]]:
    return [{"language": code, "country": None} for code in codes]


@pytest.mark.parametrize(
    ("locales", "expected"),
    [
        ([], "en"),
        (loc("es"), "es"),
        ([{"language": "es", "country": "MX"}], "es"),
        (loc("en"), "en"),
        (loc("fr", "es", "en"), "es"),  # the first one the game speaks
        (loc("pt", "en", "es"), "en"),
        (loc("ca"), "es"),  # Catalan, Galician, Basque: Spanish
        (loc("gl", "en"), "es"),
        (loc("eu"), "es"),
        (loc("fr", "de"), "en"),  # nothing usable
        (loc(None, "es"), "es"),
        (loc("ES"), "es"),
        (loc("es-419"), "es"),
        (loc("es_AR"), "es"),
    ],
)
def test_preferred_language(locales: list[dict[str, str | None]], expected: str) -> None:
    assert preferred_language(locales) == expected


# ------------------------------------------------------------------ notices


def test_a_notice_is_a_key_and_fields_said_in_any_language() -> None:
    inner = Notice("notice.reason.newer", version=3)
    notice = Notice("notice.unreadable.settings", reason=inner,
                    where=Notice("notice.moved", path="/tmp/x.json"))
    assert notice.key == "notice.unreadable.settings"
    assert dict(notice.fields)["reason"] is inner
    english = ("The settings file could not be read (it was written by a newer version of Tute "
               "(format 3)) and was moved to /tmp/x.json; the default settings are used.")
    assert notice == english and notice.render("en") == english
    assert notice.render("es") == (
        "No se ha podido leer el archivo de ajustes (lo escribió una versión más nueva de Tute "
        "(formato 3)) y se ha movido a /tmp/x.json; se usan los ajustes por defecto.")
    assert say("es", notice) == notice.render("es")
    assert say("es", "plain text") == "plain text"
    assert repr(inner) == "Notice('notice.reason.newer', version=3)"
    for again in (copy.deepcopy(notice), pickle.loads(pickle.dumps(notice))):
        assert again == notice and again.key == notice.key
        assert again.render("es") == notice.render("es")


# ------------------------------------------------------------------ Markdown prose


def test_markdown_sections_join_wrapped_lines() -> None:
    text = "## First\n\nOne paragraph\nwrapped here.\n\nTwo.\n## Second\nThree.\n"
    assert parse_sections(text) == [
        ("First", ["One paragraph wrapped here.", "Two."]), ("Second", ["Three."])]


@pytest.mark.parametrize(
    "text",
    ["Text first.\n## Heading\n\nx", "# Title\n\n## Heading\n\nx", "## A\n\n## B\n\nx",
     "## A\n\nx\n\n## B\n", "", "##  \n\nx", "## A\n\nx\n\n### sub\n\ny"],
)
def test_markdown_that_is_not_a_list_of_sections_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_sections(text)


def test_rules_sections_are_fresh_lists() -> None:
    first = rules_sections("es", "habanero")
    first[0][1].append("changed")
    first.append(("x", ["y"]))
    assert rules_sections("es", "habanero") != first
    assert rules_sections("fr", "tres") == rules_sections("en", "tres")
    with pytest.raises(ValueError):
        rules_sections("es", "brisca")  # no such variant


# ------------------------------------------------------------------ boundaries


def test_the_words_layer_imports_only_the_standard_library_and_the_engine() -> None:
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level == 1:
                    continue  # this package
                if node.level == 2:
                    assert (node.module or "").split(".")[0] == "engine", (path.name, node.module)
                    continue
                assert node.level == 0, (path.name, node.module)
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top in sys.stdlib_module_names or name.startswith(
                    "tute_desktop.engine"), (path.name, name)


def test_importing_the_words_layer_loads_no_window_code() -> None:
    code = ("import sys, tute_desktop.i18n as t; t.tr('es', 'undo'); "
            "print('\\n'.join(sorted(sys.modules)))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, cwd=ROOT).stdout.split()
    ours = {m for m in loaded if m.startswith("tute_desktop")}
    assert all(m.startswith(("tute_desktop.i18n", "tute_desktop.engine")) or m == "tute_desktop"
               for m in ours), ours
    assert "pygame" not in loaded and "babel" not in loaded


SHORTCUT_GROUPS = {
    "title": {"continue": "continue", "new_game": "new_game", "learn": "learn",
              "tournament": "tournament",
              "statistics": "statistics", "title_rules": "rules", "settings": "settings",
              "about": "about", "quit": "quit"},
    "new game": {"start": "start", "back": "back"},
    "quit question": {"quit": "quit", "back": "back"},
    "tournament setup": {"draw_start": "draw_start", "back": "back"},
    "bracket": {"new_tournament": "new_tournament", "menu": "menu"},
    "table": {"hint": "hint", "undo": "undo", "last_trick": "last_trick", "rules": "rules",
              "pass": "pass", "swap": "swap", "capote": "capote", "claim": "claim",
              "throw": "throw"},
}
"""Shortcut keys shown together on one screen (key name: the label's key)."""


def _plain(text: str) -> str:
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFD", text.lower())
                   if unicodedata.category(c) != "Mn")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_shortcuts_follow_the_language_and_never_collide(lang: str) -> None:
    """Each screen's shortcut letters are distinct, a-z, and a letter of the button's
    own words in that language wherever the label has one free (Claim 101 / ¡101!
    has none it could use; extra declarations take the letters after the first)."""
    for screen, group in SHORTCUT_GROUPS.items():
        keys = {name: tr(lang, f"key.{name}") for name in group}
        if screen == "table":
            keys.update({f"sing{i}": k for i, k in enumerate(tr(lang, "key.sings"))})
        assert all(len(k) == 1 and "a" <= k <= "z" for k in keys.values()), (lang, keys)
        assert len(set(keys.values())) == len(keys), (lang, screen, keys)
        for name, label_key in group.items():
            if name == "claim":
                continue
            label = tr(lang, label_key, card="", suit="", what="")
            assert keys[name] in _plain(label), (lang, name, label)
    assert tr(lang, "key.sings")[0] in _plain(tr(lang, "sing40"))

    # boricua says «acuso» (§7.3): its declarations' first key is the A of
    # "Acuso" (cold play nc109 pressed A and nothing happened), and its letters
    # take no other key of its table (it has no capote, the key that is A in es).
    from tute_desktop.engine.rules import VARIANTS
    from tute_desktop.i18n import in_variant

    sings = tr(lang, in_variant("boricua", "key.sings"))
    assert not VARIANTS["boricua"].capote
    table = {tr(lang, f"key.{name}") for name in SHORTCUT_GROUPS["table"] if name != "capote"}
    assert len(set(sings)) == len(sings) and not set(sings) & table, (lang, sings, table)
    assert _plain(tr(lang, in_variant("boricua", "sing40"))).startswith(sings[0])


def test_spanish_wording_the_newcomer_tripped_on() -> None:
    """Newcomer, shots 79, 92, 125: "la media de los de los demás" read doubled,
    "copas no son triunfo" lacked its article, "Solo justo después…" had no verb."""
    from tute_desktop.engine.obligations import Duty, Obligation
    from tute_desktop.ui.table.advice import duty_text

    es = messages("es")
    assert not [k for k, v in es.items() if "de los de los" in v]
    assert not [k for k, v in es.items() if "Solo justo" in v]
    said = [duty_text(tr, "es", Obligation(Duty.ARRASTRE_OPEN, trump=(s + 1) % 4, led=s))
            for s in range(4)]
    assert [s.split(": ")[1] for s in said] == [
        "los oros no son triunfo", "las copas no son triunfo",
        "las espadas no son triunfo", "los bastos no son triunfo"]
    assert duty_text(tr, "en", Obligation(Duty.ARRASTRE_OPEN, trump=0, led=1)).endswith(
        ": cups are not trumps")


def test_undo_sits_on_no_letter_the_other_language_acts_with() -> None:
    """nc87 played in English, then in Spanish, pressed D out of habit to
    declare (English) and undid his play (Spanish D, Deshacer): undo, the
    one key that takes a play back, is on no letter another language uses
    for acting at one's turn (declaring, exchanging, passing, the hint...).
    (English U, undo, is Spanish Última baza: left, noted.)"""
    keys = ("hint", "pass", "swap", "capote", "claim", "throw", "sings")
    for lang in LANGUAGES:
        undo = tr(lang, "key.undo")
        for other in LANGUAGES:
            if other != lang:
                used = "".join(tr(other, f"key.{k}") for k in keys)
                assert undo not in used, (lang, undo, other, used)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("variant", ["tres", "parejas", "cuatro", "subastado"])
def test_the_rules_page_says_play_goes_round_to_the_right(variant: str, lang: str) -> None:
    """§1: after seat i plays seat i+1, to the right at a real table. Only the
    lessons said so; a bridge player, whose game goes left, worked it out from
    the order the cards came (cold play nc112). The rules page's first section
    says it, and who leads first (the seat after the dealer; §12: who bids
    first too)."""
    from tute_desktop.i18n.rules_text import rules_text

    _, paragraphs = rules_text(variant, lang)[0]
    said = " ".join(paragraphs)
    assert {"en": "to the right", "es": "hacia la derecha"}[lang] in said, said
    assert {"en": "after the dealer", "es": "sigue al que da"}[lang] in said
