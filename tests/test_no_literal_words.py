"""No words for players written as literals outside the catalog (tute_desktop/locale).

The window's modules are read with ``ast`` (never imported for this) and every
string literal that looks like words for a player is reported. The heuristic:

A literal counts as words for a player when, with its ``{fields}`` and ``%``
directives taken out, it
  (a) contains a letter and a space ("Triunfo: ", "autosave failed: {}"), or
  (b) contains a letter and is the text handed to something that draws it:
      ``Text.draw`` (2nd argument), ``Text.render`` / ``Text.wrap`` / ``Button`` /
      ``set_caption`` (1st), ``MessageScene`` (its title), ``draw_banner`` / ``draw_label`` /
      ``draw_callout`` (its
      text), or a ``text=`` / ``label=`` / ``title=`` keyword ("Esc", "Tute").
An f-string is judged whole, its fields shown as ``{}``.

Not words for a player, so never reported:
  * docstrings and any other bare string statement (documentation);
  * anything inside a ``raise`` or an ``assert`` (messages for developers and tests);
  * logging calls (``log.warning(...)``, any ``.error(...)``), the command line
    (argparse's ``add_argument`` / ``ArgumentParser`` / ``error``, ``print``), text written to
    files for bug reports (``.write``), ``strftime`` formats, and engine notation
    (``Action.parse("play 1o")``);
  * ``__repr__`` bodies, dict keys, subscripts and comparisons (identifiers),
    and f-string format specs.
It cannot see words put together from single words without spaces
("Español" if ... else "English"): review catches those.

The files another engineer is rewriting (ui/table.py, ui/board.py, the summary
in ui/scenes.py) still hold literals: ``KNOWN_LITERALS`` lists them. It must
shrink to empty; a literal that disappears must be struck from it, and any other
file must have none.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tute_desktop"
SCANNED = sorted(
    [*PACKAGE.glob("ui/*.py"), *PACKAGE.glob("i18n/*.py"), PACKAGE / "app.py",
     PACKAGE / "game" / "persist.py", PACKAGE / "game" / "settings.py"]
)

KNOWN_LITERALS: frozenset[tuple[str, str]] = frozenset()
"""(file, literal) pairs still to be moved into the catalog. Must shrink to empty."""

REWRITTEN_ELSEWHERE = {"tute_desktop/ui/table.py", "tute_desktop/ui/board.py",
                       "tute_desktop/ui/scenes.py"}

_LETTER = re.compile(r"[^\W\d_]")
_FIELDS = re.compile(r"\{[^{}]*\}|%[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]")
_LOGGING = {"debug", "info", "warning", "error", "exception", "critical", "log"}
_NOT_FOR_THE_WINDOW = {"print", "add_argument", "ArgumentParser", "error", "write", "writelines",
                       "strftime", "warn", "parse", "Formatter"}
_TEXT_ARGUMENT = {"draw": 1, "render": 0, "wrap": 0, "Button": 0, "set_caption": 0,
                  "MessageScene": 1, "draw_banner": 0,
                  "draw_label": 0, "draw_callout": 0}
_TEXT_KEYWORDS = {"text", "label", "title"}


def _callee(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _text(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else "{}"
                       for part in node.values)
    return None


class _Scan:
    def __init__(self, tree: ast.AST) -> None:
        self.parent: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                self.parent[child] = node
        self.tree = tree

    def ignored(self, node: ast.AST) -> bool:
        if isinstance(self.parent.get(node), ast.Expr):
            return True  # a docstring or another bare string statement
        child, up = node, self.parent.get(node)
        while up is not None:
            if isinstance(up, ast.Raise | ast.Assert):
                return True
            if isinstance(up, ast.Dict) and child in up.keys:
                return True
            if isinstance(up, ast.Subscript) and child is up.slice:
                return True
            if isinstance(up, ast.Compare):
                return True
            if isinstance(up, ast.FormattedValue) and child is up.format_spec:
                return True
            if isinstance(up, ast.FunctionDef) and up.name == "__repr__":
                return True
            if isinstance(up, ast.Call):
                name = _callee(up)
                if name in _NOT_FOR_THE_WINDOW:
                    return True
                if name in _LOGGING and isinstance(up.func, ast.Attribute) and isinstance(
                        up.func.value, ast.Name) and "log" in up.func.value.id:
                    return True
            child, up = up, self.parent.get(up)
        return False

    def drawn(self, node: ast.AST) -> bool:
        up = self.parent.get(node)
        if isinstance(up, ast.keyword):
            return up.arg in _TEXT_KEYWORDS
        if not isinstance(up, ast.Call):
            return False
        at = _TEXT_ARGUMENT.get(_callee(up))
        return at is not None and len(up.args) > at and up.args[at] is node

    def words(self) -> list[tuple[int, str]]:
        found = []
        for node in ast.walk(self.tree):
            text = _text(node)
            if text is None or isinstance(self.parent.get(node), ast.JoinedStr):
                continue
            bare = _FIELDS.sub("", text)
            if not _LETTER.search(bare):
                continue
            if (" " in bare or self.drawn(node)) and not self.ignored(node):
                found.append((getattr(node, "lineno", 0), text))
        return found


def literal_words(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return sorted(_Scan(tree).words())


def name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", SCANNED, ids=name)
def test_no_words_for_players_outside_the_catalog(path: Path) -> None:
    known = {text for file, text in KNOWN_LITERALS if file == name(path)}
    new = [f"line {line}: {text!r}" for line, text in literal_words(path) if text not in known]
    assert new == [], "put these words in tute_desktop/locale/*/LC_MESSAGES/tute.po"


def test_known_literals_only_shrink() -> None:
    found = {(name(path), text) for path in SCANNED for _, text in literal_words(path)}
    gone = sorted(KNOWN_LITERALS - found)
    assert gone == [], "moved into the catalog: strike them from KNOWN_LITERALS"
    assert {file for file, _ in KNOWN_LITERALS} <= REWRITTEN_ELSEWHERE


SAMPLE = '''
"""A docstring with words."""
import logging
log = logging.getLogger("x")


class Thing:
    """Words."""

    def __repr__(self) -> str:
        return f"Thing at {id(self)}"

    def draw(self, app, surface, e) -> None:
        app.text.draw(surface, "Hola mundo", 12, (0, 0))
        app.text.draw(surface, "Esc", 12, (0, 0))
        app.text.draw(surface, app.tr("undo"), 12, (0, 0))
        self.toast = (f"autosave failed: {e}", 3.0)
        log.warning("could not save: %s", e)
        parts = {"two words": 1}[f"{e:>10}"]
        if e == "some words":
            raise ValueError(f"bad value {e!r}")
        print("for the terminal only")
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        Button("Label", self.draw, "c")
        Button(label="Other", on_press=self.draw)
        joined = " · ".join(parts)
'''


def test_the_heuristic_on_a_sample() -> None:
    found = [text for _, text in _Scan(ast.parse(SAMPLE)).words()]
    assert sorted(found) == sorted(
        ["Hola mundo", "Esc", "autosave failed: {}", "Label", "Other"])
