"""The player builds (issue 7), checked cheaply: the PyInstaller recipe, the
installers' scripts and metadata, the icon files. Nothing is built here; CI
(.ci/run) builds the Linux app and .deb and starts the frozen game."""

from __future__ import annotations

import ast
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

import tute_desktop

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build.spec"
INSTALLER = ROOT / "installer"
ICONS = INSTALLER / "icons"
ISS = INSTALLER / "windows" / "tute.iss"
DESKTOP = INSTALLER / "linux" / "tute.desktop"
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
SCRIPTS = sorted(INSTALLER.rglob("*.sh"))


def spec_text() -> str:
    return SPEC.read_text(encoding="utf-8")


# ------------------------------------------------------------------ build.spec


def test_spec_is_python() -> None:
    ast.parse(spec_text(), filename=str(SPEC))


def test_spec_has_no_absolute_paths() -> None:
    strings = [
        node.value for node in ast.walk(ast.parse(spec_text()))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]
    absolute = [s for s in strings
                if s.startswith(("/", "~")) or re.match(r"^[A-Za-z]:[\\/]", s)]
    assert absolute == []
    assert "SPECPATH" in spec_text()


def spec_datas() -> list[tuple[str, str]]:
    """The spec's DATAS, worked out as PyInstaller would (it needs only ROOT and Path)."""
    tree = ast.parse(spec_text())
    wanted = ("LOCALE", "DATAS")
    code = [node for node in tree.body if isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id in wanted for t in node.targets)]
    assert len(code) == 2
    space: dict[str, object] = {"ROOT": ROOT, "Path": Path}
    exec(compile(ast.Module(body=code, type_ignores=[]), str(SPEC), "exec"), space)
    datas = space["DATAS"]
    assert isinstance(datas, list)
    assert "datas=DATAS" in spec_text()
    return datas


def test_spec_bundles_assets_where_resources_looks() -> None:
    # resources.assets_dir() reads sys._MEIPASS/assets in a frozen build.
    assert (str(ROOT / "assets"), "assets") in spec_datas()


def test_spec_bundles_every_catalog_and_rules_file_where_i18n_looks(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tute_desktop.engine.rules import VARIANTS
    from tute_desktop.i18n import LANGUAGES, catalog

    locale = ROOT / "tute_desktop" / "locale"
    shipped = {Path(src).relative_to(locale).as_posix(): dest
               for src, dest in spec_datas() if Path(src).is_relative_to(locale)}
    wanted = {p.relative_to(locale).as_posix() for p in
              [*locale.glob("*/LC_MESSAGES/tute.mo"), *locale.glob("*/rules/*.md")]}
    assert set(shipped) == wanted and len(wanted) == len(LANGUAGES) * (1 + len(VARIANTS))
    # each file lands in sys._MEIPASS/tute_desktop/locale/<same folders>
    for rel, dest in shipped.items():
        assert dest == f"tute_desktop/locale/{rel.rsplit('/', 1)[0]}"
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert catalog.locale_dir() == tmp_path / "tute_desktop" / "locale"


def test_spec_reads_the_version_from_the_package() -> None:
    text = spec_text()
    assert "__version__" in text and '"tute_desktop" / "__init__.py"' in text
    assert not re.search(r'VERSION\s*=\s*["\']\d', text), "version typed into the spec"
    # the spec's own pattern finds the package's version
    patterns = [
        node.value for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        and node.value.startswith("^__version__")
    ]
    assert len(patterns) == 1
    init = (ROOT / "tute_desktop" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(patterns[0], init, re.M)
    assert found is not None and found.group(1) == tute_desktop.__version__


def test_spec_makes_a_windowed_app_and_a_retina_bundle() -> None:
    text = spec_text()
    assert "console=False" in text
    assert re.search(r'"NSHighResolutionCapable":\s*True', text)
    assert "BUNDLE(" in text and "Tute.app" in text.replace('{APP_NAME}', "Tute")
    assert "collect_all" not in text  # pygame-ce brings its own hook


def test_spec_entry_script_runs_the_game() -> None:
    launcher = INSTALLER / "launcher.py"
    assert '"installer" / "launcher.py"' in spec_text()
    tree = ast.parse(launcher.read_text(encoding="utf-8"))
    imports = [(n.module, [a.name for a in n.names]) for n in ast.walk(tree)
               if isinstance(n, ast.ImportFrom)]
    assert ("tute_desktop.app", ["main"]) in imports  # absolute: it runs outside the package


# ----------------------------------------------------------------------- icons


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("size", [16, 24, 32, 48, 64, 128, 256, 512])
def test_icon_pngs_have_their_size(size: int) -> None:
    assert png_size(ICONS / f"tute-{size}.png") == (size, size)


def test_ico_holds_png_images_up_to_256() -> None:
    data = (ICONS / "tute.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count >= 4
    sizes = set()
    for i in range(count):
        w, _h, _c, _r, _planes, _bpp, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * i: 22 + 16 * i])
        assert data[offset:offset + 8] == b"\x89PNG\r\n\x1a\n"
        assert offset + length <= len(data)
        sizes.add(w or 256)
    assert {16, 32, 48, 256} <= sizes


def test_icns_is_well_formed() -> None:
    data = (ICONS / "tute.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    kinds, at = set(), 8
    while at < len(data):
        kind, length = data[at:at + 4].decode("ascii"), struct.unpack(">I", data[at + 4:at + 8])[0]
        assert length > 8
        kinds.add(kind)
        at += length
    assert at == len(data)
    assert {"ic07", "ic08", "ic09"} <= kinds  # 128, 256, 512


# ------------------------------------------------------------------ installers


def desktop_entry() -> dict[str, str]:
    lines = DESKTOP.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line and not line.startswith("#"))


def test_desktop_entry() -> None:
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Tute"
    assert entry["Categories"] == "Game;CardGame;"
    assert entry["Exec"] == "tute"
    assert entry["Icon"] == "tute"
    assert entry["Terminal"] == "false"


def test_deb_installs_under_opt_with_command_menu_entry_and_icons() -> None:
    script = (INSTALLER / "linux" / "make_deb.sh").read_text(encoding="utf-8")
    assert '"$pkg/opt/tute"' in script
    # Debian puts games in /usr/games (lintian: package-section-games-but-contains-no-game)
    assert "ln -s /opt/tute/tute \"$pkg/usr/games/tute\"" in script
    assert "usr/share/applications/tute.desktop" in script
    assert "usr/share/icons/hicolor/${n}x$n/apps/tute.png" in script
    assert "dpkg-deb" in script


def test_inno_setup_script() -> None:
    text = ISS.read_text(encoding="utf-8")
    app_id = re.search(r"^AppId=\{\{([0-9A-F-]+)\}$", text, re.M)
    assert app_id is not None
    assert re.fullmatch(r"[0-9A-F]{8}-([0-9A-F]{4}-){3}[0-9A-F]{12}", app_id.group(1))
    assert re.search(r"^PrivilegesRequired=lowest$", text, re.M)
    assert re.search(r"^AppVersion=\{#AppVersion\}$", text, re.M)
    assert "#ifndef AppVersion" in text and '"{#SourceDir}\\*"' in text
    assert re.search(r'^Name: "\{autoprograms\}\\Tute"', text, re.M)  # Start menu
    assert re.search(r'^Name: "\{autodesktop\}\\Tute".*Tasks: desktopicon', text, re.M)
    assert re.search(r'^Name: "desktopicon".*Flags: unchecked', text, re.M)  # optional
    assert "{app}\\tute.exe" in text
    assert "Uninstallable=no" not in text


# Not on Windows: the bash found there may be WSL's, without a Linux to run.
@pytest.mark.skipif(shutil.which("bash") is None or sys.platform == "win32",
                    reason="needs a Unix bash")
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_shell_scripts_parse(script: Path) -> None:
    subprocess.run(["bash", "-n", str(script)], check=True)


def test_make_dist_builds_the_spec_then_the_installers() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    target = re.search(r"^dist:.*\n((?:\t.*\n)+)", makefile, re.M)
    assert target is not None
    assert "build.spec" in target.group(1) and "installer/make_installers.sh" in target.group(1)


def test_release_workflow_pins_actions_and_covers_three_systems() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    uses = re.findall(r"uses:\s*(\S+)", text)
    assert uses
    for action in uses:
        ref = action.split("@", 1)[1]
        assert re.fullmatch(r"v\d+\.\d+\.\d+|[0-9a-f]{40}", ref), action
    for system in ("windows-", "macos-", "ubuntu-"):
        assert f"os: {system}" in text
    assert "smoke_test.sh" in text and "upload-artifact" in text


def test_ci_runs_the_tests_first_then_builds_and_starts_the_app() -> None:
    steps = [line for line in (ROOT / ".ci" / "run").read_text().splitlines()
             if line and not line.startswith(("#", "set ", "cd ", "export ", "echo "))]
    assert steps[0] == "make test"
    ci = "\n".join(steps)
    assert "build.spec" in ci and "make_deb.sh" in ci and "smoke_test.sh" in ci
