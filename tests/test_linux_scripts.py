"""The Linux scripts a user or CI runs (issue 27, point 11).

installer/linux/install.sh in folders with hostile names: the menu entry's Exec
line names the folder's own ``tute`` exactly, read back by the Desktop Entry
spec's rules; no folder name runs a command; a line break in the path is refused
with a message and writes nothing (under a throwaway HOME, /bin/sh and bash).
fetch_verified.sh (make_appimage.sh --download) keeps a tool only with its pinned
SHA-256. ci_deps.sh (root) writes its logs in a folder of its own, never through a
link planted under a fixed name in /tmp."""

from __future__ import annotations

import os
import re
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


# ------------------------------------------------------------ fetch_verified.sh


def fake_tools(tmp_path: Path, tools: dict[str, str]) -> dict[str, str]:
    """An environment whose PATH finds these small shell scripts first."""
    bin_dir = tmp_path / "fake-bin"
    bin_dir.mkdir(exist_ok=True)
    for name, body in tools.items():
        path = bin_dir / name
        path.write_text("#!/bin/sh\n" + body)
        path.chmod(0o755)
    return {"PATH": f"{bin_dir}:{os.environ['PATH']}", "HOME": str(tmp_path)}


# curl ... -o PART URL: here the URL is a local file's path.
FAKE_CURL = """while [ $# -gt 0 ]; do
    case "$1" in -o) part="$2"; shift ;; esac
    url="$1"; shift
done
cp "$url" "$part"
"""


def fetch(tmp_path: Path, content: bytes, sha: str) -> tuple[subprocess.CompletedProcess[str],
                                                             Path]:
    served = tmp_path / "served.AppImage"
    served.write_bytes(content)
    dest = tmp_path / "tool.AppImage"
    done = subprocess.run(
        ["bash", str(LINUX / "fetch_verified.sh"), str(served), str(dest), sha],
        env=fake_tools(tmp_path, {"curl": FAKE_CURL}), capture_output=True, text=True,
        timeout=60)
    return done, dest


def test_a_download_is_kept_only_with_its_pinned_hash(tmp_path: Path) -> None:
    import hashlib
    content = b"#!/bin/sh\necho the real tool\n"
    right = hashlib.sha256(content).hexdigest()
    done, dest = fetch(tmp_path, content, right)
    assert done.returncode == 0, done.stderr
    assert dest.read_bytes() == content and os.access(dest, os.X_OK)
    done, dest = fetch(tmp_path, b"#!/bin/sh\necho something else\n", right)
    assert done.returncode == 1 and "SHA-256" in done.stderr
    assert not dest.exists() and not dest.with_name(dest.name + ".part").exists()
    for missing in ("", "not-a-hash"):
        done, dest = fetch(tmp_path, content, missing)
        assert done.returncode == 1 and "refusing" in done.stderr and not dest.exists()


def test_make_appimage_downloads_only_through_the_hash_check() -> None:
    text = (LINUX / "make_appimage.sh").read_text()
    assert "curl" not in text.replace("fetch_verified.sh", "")
    assert 'fetch_verified.sh" "$url" "$tool" "$TOOL_SHA256"' in text
    pinned = re.search(r'x86_64\) TOOL_SHA256="([0-9a-f]{64})"', text)
    assert pinned, "the release's architecture has a pinned hash"


# ------------------------------------------------------------------ ci_deps.sh


def test_ci_deps_never_writes_through_a_link_planted_in_tmp(tmp_path: Path) -> None:
    """Run as if root with every package missing (apt-get, dpkg, id faked): the
    logs go to a fresh folder, so links planted at the names the script once used
    in /tmp are not followed, and the folder is removed at the end."""
    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    planted = [Path("/tmp/tute-apt-update.log"), Path("/tmp/tute-apt-wine.log")]
    if any(p.exists() or p.is_symlink() for p in planted):
        pytest.skip("a file already sits at a planted name in /tmp")
    own_tmp = tmp_path / "tmpdir"
    own_tmp.mkdir()
    env = fake_tools(tmp_path, {
        "id": "echo 0\n",
        "dpkg": '[ "$1" = -s ] && exit 1; exit 0\n',
        "apt-get": "echo apt output; echo 'E: something' ; exit 0\n",
        "wine": "echo wine-9\n",
    })
    env["TMPDIR"] = str(own_tmp)
    try:
        for p in planted:
            p.symlink_to(victim)
        done = subprocess.run(["bash", str(ROOT / "installer" / "ci_deps.sh")], env=env,
                              capture_output=True, text=True, timeout=60)
    finally:
        for p in planted:
            p.unlink(missing_ok=True)
    assert done.returncode == 0, done.stderr
    assert "ci deps: ready" in done.stdout
    assert victim.read_text() == "precious\n"
    assert list(own_tmp.iterdir()) == []  # its own log folder, removed
