"""installer/linux/install.sh in folders with hostile names (issue 27, point 11):
the menu entry's Exec line names the folder's own ``tute`` exactly, read back by
the Desktop Entry spec's rules; no folder name runs a command; a line break in
the path is refused with a message and writes nothing. Runs under a throwaway
HOME, with /bin/sh and with bash."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINUX = ROOT / "installer" / "linux"
ICON = ROOT / "installer" / "icons" / "tute-256.png"
SHELLS = [s for s in ("/bin/sh", shutil.which("bash")) if s]

NAMES = [
    "Tute", "a folder with spaces", "x&y", "p|q", 'say "hi"', "50% %f %u %%",
    "back\\slash\\\\", "$HOME and ${PATH}", "back`tick`", "it's", "ñandú €",
    "tab\there", "semi;colon#hash", "star*[q]?", "-leading dash", "x&e",
    'x";touch pwned;#|e;#', "x|e;touch pwned;#", "trailing space ", "a\\sb\\n",
]


def unescape_string(value: str) -> str:
    """A string value's escapes (Desktop Entry spec, "Possible value types")."""
    out, i = [], 0
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value):
            out.append({"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
                       .get(value[i + 1], "\\" + value[i + 1]))
            i += 2
        else:
            out.append(value[i])
            i += 1
    return "".join(out)


def exec_arguments(value: str) -> list[str]:
    """The program and arguments of an Exec value ("The Exec key"): quoted
    arguments with \\", \\`, \\$, \\\\ inside; %% is a percent sign and no other
    field code may appear (the path must not become one)."""
    text = unescape_string(value)
    args: list[str] = []
    i = 0
    while i < len(text):
        if text[i] == " ":
            i += 1
            continue
        arg = []
        if text[i] == '"':
            i += 1
            while text[i] != '"':
                if text[i] == "\\":
                    assert text[i + 1] in '"`$\\', text
                    i += 1
                else:
                    assert text[i] not in '`$', f"unescaped {text[i]!r} in {text!r}"
                arg.append(text[i])
                i += 1
            i += 1
        else:
            while i < len(text) and text[i] != " ":
                assert text[i] not in '"\'\\><~|&;$*?#()`\t', f"reserved {text[i]!r}"
                arg.append(text[i])
                i += 1
        word = "".join(arg)
        parts = word.split("%%")
        assert all("%" not in p for p in parts), f"a field code in {word!r}"
        args.append("%".join(parts))
    return args


def folder(tmp_path: Path, name: str) -> Path:
    where = tmp_path / "unpacked" / name
    where.mkdir(parents=True)
    for f in ("install.sh", "tute.desktop", "io.github.tute_desktop.tute.metainfo.xml"):
        shutil.copy(LINUX / f, where / f)
    shutil.copy(ICON, where / "tute.png")
    (where / "tute").write_text("#!/bin/sh\n")
    return where


def run(shell: str, where: Path, home: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ["PATH"], "HOME": str(home), "LANG": "C.UTF-8"}
    return subprocess.run([shell, str(where / "install.sh")], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("shell", SHELLS)
def test_the_menu_entry_starts_this_folders_tute_whatever_its_name(
        tmp_path: Path, shell: str) -> None:
    template = (LINUX / "tute.desktop").read_text().splitlines()
    for n, name in enumerate(NAMES):
        where = folder(tmp_path / str(n), name)
        home, cwd = tmp_path / str(n) / "home", tmp_path / str(n) / "cwd"
        home.mkdir()
        cwd.mkdir()
        done = run(shell, where, home, cwd)
        assert done.returncode == 0, (name, done.stderr)
        entry = home / ".local/share/applications/tute.desktop"
        lines = entry.read_text().splitlines()
        assert len(lines) == len(template), (name, lines)
        for got, want in zip(lines, template, strict=True):
            if want.startswith("Exec="):
                assert got.startswith("Exec=")
                assert exec_arguments(got.removeprefix("Exec=")) == [str(where / "tute")], name
            else:
                assert got == want, name
        assert list(cwd.iterdir()) == [] and not list(tmp_path.rglob("pwned")), name
        assert (home / ".local/share/icons/hicolor/256x256/apps/tute.png").is_file()
        assert str(where / "tute") in done.stdout


@pytest.mark.parametrize("shell", SHELLS)
@pytest.mark.parametrize("name", ["line\nbreak", "ends in a line break\n"])
def test_a_line_break_in_the_path_is_refused(tmp_path: Path, shell: str, name: str) -> None:
    where = folder(tmp_path, name)
    home = tmp_path / "home"
    home.mkdir()
    done = run(shell, where, home, tmp_path)
    assert done.returncode == 1 and "line break" in done.stderr, done
    assert not (home / ".local").exists()  # nothing written, not even halfway


def test_the_entry_is_removed_again(tmp_path: Path) -> None:
    where = folder(tmp_path, "x")
    home = tmp_path / "home"
    home.mkdir()
    assert run("/bin/sh", where, home, tmp_path).returncode == 0
    env = {"PATH": os.environ["PATH"], "HOME": str(home)}
    subprocess.run(["/bin/sh", str(where / "install.sh"), "--remove"], env=env, check=True,
                   capture_output=True)
    assert not (home / ".local/share/applications/tute.desktop").exists()
