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


def test_spec_ships_the_typeface_and_leaves_out_pygames_default_face() -> None:
    # The fonts and their licence travel in assets/ (resources.font_path); the
    # spec's filter, run on what pygame-ce's hook adds, drops only its default face.
    fonts = ROOT / "assets" / "fonts"
    assert (str(ROOT / "assets"), "assets") in spec_datas()
    assert {p.name for p in fonts.iterdir()} >= {"Inter-Regular.otf", "Inter-Bold.otf",
                                                 "OFL.txt"}
    tree = ast.parse(spec_text())
    code = [node for node in tree.body if isinstance(node, ast.Assign)
            and ast.unparse(node.targets[0]) == "a.datas"]
    assert len(code) == 1

    class Analysis:
        datas = [("pygame/freesansbold.ttf", "/x/pygame/freesansbold.ttf", "DATA"),
                 ("pygame/pygame_icon.bmp", "/x/pygame/pygame_icon.bmp", "DATA"),
                 ("assets/fonts/Inter-Regular.otf", str(fonts / "Inter-Regular.otf"), "DATA")]

    space: dict[str, object] = {"a": Analysis, "Path": Path}
    exec(compile(ast.Module(body=code, type_ignores=[]), str(SPEC), "exec"), space)
    assert [entry[0] for entry in Analysis.datas] == ["pygame/pygame_icon.bmp",
                                                      "assets/fonts/Inter-Regular.otf"]


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
    assert {"ic07", "ic08", "ic09", "ic10"} <= kinds  # 128, 256, 512, 1024 (512@2x)


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
    # issue 20: Windows 10 and later, who publishes it and where to get help, the GPL
    assert re.search(r"^MinVersion=10\.0$", text, re.M)
    for key in ("AppPublisher", "AppPublisherURL", "AppSupportURL", "AppUpdatesURL"):
        assert re.search(rf"^{key}=\S", text, re.M), key
    licence = re.search(r"^LicenseFile=\{#SourcePath\}(.*)$", text, re.M)
    assert licence is not None
    assert (ISS.parent / licence.group(1).replace("\\", "/")).resolve() == ROOT / "LICENSE"


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
    # freeze.sh runs PyInstaller on build.spec with the reproducibility settings
    assert "installer/freeze.sh" in target.group(1)
    assert "installer/make_installers.sh" in target.group(1)
    assert "build.spec" in (INSTALLER / "freeze.sh").read_text(encoding="utf-8")


def workflow_text() -> str:
    return WORKFLOW.read_text(encoding="utf-8")


def test_release_workflow_pins_actions() -> None:
    uses = re.findall(r"uses:\s*(\S+)", workflow_text())
    assert uses
    for action in uses:
        name, ref = action.split("@", 1)
        assert re.fullmatch(r"v\d+\.\d+\.\d+|[0-9a-f]{40}", ref), action
        # only GitHub's own actions may stay on a tag (.github/zizmor.yml): no
        # third-party action runs with the release's write token
        if not re.fullmatch(r"[0-9a-f]{40}", ref):
            assert name.startswith("actions/"), action
    zizmor = (ROOT / ".github" / "zizmor.yml").read_text(encoding="utf-8")
    assert '"actions/*": ref-pin' in zizmor and '"*": hash-pin' in zizmor


def test_release_workflow_covers_every_system_and_both_macs() -> None:
    text = workflow_text()
    runners = set(re.findall(r"(?:runs-on|os):\s*([a-z0-9.-]+)", text))
    assert any(r.startswith("windows-") for r in runners)
    assert any(r.startswith("ubuntu-") for r in runners)
    # Apple silicon and Intel: one build each, each checked to be that architecture
    assert "macos-14" in runners and any(r.endswith("-intel") or r == "macos-13" for r in runners)
    assert re.search(r"arch: arm64", text) and re.search(r"arch: x86_64", text)
    assert 'lipo -archs dist/Tute.app/Contents/MacOS/tute)" = "$ARCH"' in text
    # Linux is frozen on glibc 2.28 and must not need more
    assert "container: almalinux:8" in text
    assert "check_glibc.sh dist/tute 2.28" in text
    assert "smoke_test.sh" in text and "upload-artifact" in text


def test_release_workflow_installs_plays_and_uninstalls_on_each_system() -> None:
    text = workflow_text()
    assert "installer/windows/install_test.sh" in text
    assert "installer/macos/install_test.sh" in text
    assert 'sudo apt-get install -y "./$(ls dist/tute_*.deb)"' in text
    assert "smoke_test.sh /usr/games/tute" in text and "sudo apt-get remove -y tute" in text
    for script in ("windows/install_test.sh", "macos/install_test.sh"):
        body = (INSTALLER / script).read_text(encoding="utf-8")
        assert "smoke_test.sh" in body
    win = (INSTALLER / "windows" / "install_test.sh").read_text(encoding="utf-8")
    assert "/VERYSILENT" in win and "unins000.exe" in win
    # every system checks that its build carries a notice for all it bundles
    assert text.count("tools/third_party_notices.py dist/tute --check-bundled") == 3


def test_the_frozen_smoke_test_takes_screenshots_through_the_renderer() -> None:
    """Issue 28: the frozen app paints with SDL's renderer and saves a screenshot
    of the window's size in pixels; the macOS jobs at pixel ratio 2, as on a
    Retina display (hosted runners have none)."""
    smoke = (INSTALLER / "smoke_test.sh").read_text(encoding="utf-8")
    assert '--pixel-ratio "$ratio" --screenshots "$native/shots"' in smoke
    assert 'SMOKE_PIXEL_RATIO:-1' in smoke and "took no screenshot" in smoke
    mac = workflow_text().split("\n  macos", 1)[-1].split("\n  publish", 1)[0]
    steps = re.findall(r"- name: ([^\n]*)\n((?:        [^\n]*\n)+)", mac)
    smoked = [body for _, body in steps if "smoke_test.sh" in body or "install_test.sh" in body]
    assert len(smoked) == 2 and all('SMOKE_PIXEL_RATIO: "2"' in b for b in smoked), smoked


def test_release_workflow_installs_from_the_hashed_locks() -> None:
    text = workflow_text()
    installs = [line.strip() for line in text.splitlines() if "pip install" in line]
    assert installs
    for line in installs:
        assert re.search(r'--require-hashes -r "?requirements/dev-', line) or (
            "--no-deps --no-build-isolation -e ." in line), line
    for lock in re.findall(r"requirements/(dev-[a-z0-9_$-]+)\.txt", text):
        if "$ARCH" in lock:
            for arch in ("arm64", "x86_64"):
                assert (ROOT / "requirements" / f"{lock.replace('$ARCH', arch)}.txt").is_file()
        else:
            assert (ROOT / "requirements" / f"{lock}.txt").is_file(), lock


def published_files() -> list[str]:
    """The files the publish job insists on, with <version> for the version."""
    step = re.search(r'for f in (.*?); do', workflow_text(), re.S)
    assert step is not None
    names = re.findall(r'"([^"]+)"', step.group(1))
    return [n.replace("$version", "<version>").replace("${version}", "<version>")
            for n in names]


def test_release_workflow_publishes_every_installer_and_their_sums_on_a_tag() -> None:
    text = workflow_text()
    publish = text[text.index("  publish:"):]
    assert "if: startsWith(github.ref, 'refs/tags/v')" in publish
    assert "needs: [linux-packages, windows, macos]" in publish
    assert "sha256sum -- * > SHA256SUMS" in publish
    assert 'gh release create "$TAG" release/*' in publish
    assert 'test "$TAG" = "v$version"' in publish
    # write access only where the release is made
    assert re.search(r"^permissions: \{\}$", text, re.M)
    assert text.count("contents: write") == 1 and "contents: write" in publish
    assert sorted(published_files()) == sorted([
        "tute-<version>-windows-setup.exe", "Tute-<version>-macos-arm64.dmg",
        "Tute-<version>-macos-x86_64.dmg", "tute_<version>_amd64.deb",
        "Tute-<version>-x86_64.AppImage", "tute-<version>-linux-x86_64.tar.gz"])


def test_readme_download_table_matches_what_the_workflow_publishes() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Download and play"):readme.index("## Playing")]
    rows = [line for line in section.splitlines() if line.startswith("| ") and "`" in line]
    in_table = {name for row in rows for name in re.findall(r"`([^`]*<version>[^`]*)`",
                                                             row.split("|")[2])}
    assert in_table == set(published_files())
    assert "SHA256SUMS" in section


def test_lint_runs_the_workflow_linter() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    lint = re.search(r"^lint:.*\n((?:\t.*\n)+)", makefile, re.M)
    assert lint is not None and "zizmor --offline" in lint.group(1)
    assert re.search(r"^zizmor==", (ROOT / "constraints.txt").read_text(), re.M)


# ------------------------------------------------------------------------ locks


LOCKS = sorted((ROOT / "requirements").glob("*-*.txt"))


def pins(text: str) -> dict[str, str]:
    return {m.group(1).lower().replace("_", "-"): m.group(2)
            for m in re.finditer(r"^([A-Za-z0-9_.-]+)==(\S+)", text, re.M)}


def test_there_is_a_run_and_a_dev_lock_for_every_release_system() -> None:
    names = {p.name for p in LOCKS}
    for system in ("linux-x86_64", "linux-aarch64", "macos-arm64", "macos-x86_64",
                   "windows-x86_64"):
        assert {f"run-{system}.txt", f"dev-{system}.txt"} <= names


@pytest.mark.parametrize("lock", LOCKS, ids=lambda p: p.name)
def test_locks_pin_every_package_with_hashes_at_the_constraints_versions(lock: Path) -> None:
    text = lock.read_text(encoding="utf-8")
    assert "make lock" in text.splitlines()[1]
    entries = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 2)[2].strip())
    for entry in entries:
        assert re.match(r"^[A-Za-z0-9_.-]+==\S+ \\\n", entry), entry[:80]
        assert "--hash=sha256:" in entry, entry[:80]
    wanted = pins((ROOT / "constraints.txt").read_text(encoding="utf-8"))
    locked = pins(text)
    for name, version in locked.items():
        if name in wanted:
            assert version == wanted[name], name
    assert {"pygame-ce", "platformdirs", "setuptools"} <= set(locked)
    if lock.name.startswith("dev-"):
        assert {"pytest", "pyinstaller", "zizmor"} <= set(locked)


def test_makefile_installs_the_hashed_lock_for_this_system() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "--require-hashes -r $(1)" in makefile
    assert "RUN_LOCK := requirements/run-$(SYSTEM).txt" in makefile
    assert "DEV_LOCK := requirements/dev-$(SYSTEM).txt" in makefile
    if shutil.which("make") is None or sys.platform == "win32":
        return
    system = subprocess.run(["make", "-s", "--no-print-directory", "-f", "-", "show"],
                            input=makefile + "\nshow:\n\t@echo $(SYSTEM)\n",
                            capture_output=True, text=True, cwd=ROOT)
    if system.returncode == 0:
        assert (ROOT / "requirements" / f"dev-{system.stdout.strip()}.txt").is_file()


# --------------------------------------------------------------- Linux metadata


def test_metainfo_names_this_version_and_the_desktop_entry() -> None:
    meta = (INSTALLER / "linux" / "io.github.tute_desktop.tute.metainfo.xml").read_text(
        encoding="utf-8")
    assert "<id>io.github.tute_desktop.tute</id>" in meta
    assert '<launchable type="desktop-id">tute.desktop</launchable>' in meta
    assert "<project_license>GPL-3.0-or-later</project_license>" in meta
    releases = re.findall(r'<release version="([^"]+)"', meta)
    assert releases and releases[0] == tute_desktop.__version__
    homepage = re.search(r'<url type="homepage">([^<]+)</url>', meta)
    urls = re.search(r'^Homepage = "([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M)
    assert homepage and urls and homepage.group(1) == urls.group(1)


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="needs appstream")
def test_metainfo_validates() -> None:
    subprocess.run(["appstreamcli", "validate", "--no-net", "--pedantic",
                    str(INSTALLER / "linux" / "io.github.tute_desktop.tute.metainfo.xml")],
                   check=True, capture_output=True)


def test_debian_changelog_starts_with_this_version() -> None:
    first = (INSTALLER / "linux" / "changelog").read_text(encoding="utf-8").splitlines()[0]
    assert first == f"tute ({tute_desktop.__version__}) unstable; urgency=medium"


UNPOINTED_TAGS = frozenset({"copyright-refers-to-symlink-license"})
"""Lintian tags about debian/copyright's text, reported without a path."""


def test_every_lintian_override_says_why() -> None:
    lines = (INSTALLER / "linux" / "tute.lintian-overrides").read_text(
        encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if line.startswith("tute: "):
            above = lines[:i]
            while above and above[-1].startswith("tute: "):
                above.pop()
            assert above and above[-1].startswith("# "), line
            tag = line.split()[1]
            if tag in UNPOINTED_TAGS:  # lintian gives no path: the exact text it names
                assert len(line.split()) == 3, f"{line}: limited to the text lintian names"
            else:
                assert "[" in line, f"{line}: overrides are limited to paths"


def test_linux_build_leaves_the_cxx_runtime_to_the_system() -> None:
    text = spec_text()
    assert 'sys.platform.startswith("linux")' in text
    assert r"lib(stdc\+\+|gcc_s)\.so" in text


def test_spec_ships_licence_and_notices_from_the_built_folder() -> None:
    text = spec_text()
    assert "third_party_notices.write_notices(third_party_notices.folder_contents(APP_DIR)" in text
    assert 'for name in ("LICENSE", third_party_notices.NOTICES_NAME)' in text
    assert text.index("COLLECT(") < text.index("write_notices") < text.index("BUNDLE(")
    assert "[(name, str(path), kind) for name, path, kind in LICENCES]" in text


def test_freeze_fixes_the_hash_seed_and_the_date() -> None:
    freeze = (INSTALLER / "freeze.sh").read_text(encoding="utf-8")
    assert "export PYTHONHASHSEED=0" in freeze and "SOURCE_DATE_EPOCH" in freeze
    assert "build.spec" in freeze
    common = (INSTALLER / "linux" / "common.sh").read_text(encoding="utf-8")
    for flag in ("--sort=name", '--mtime="@$SOURCE_DATE_EPOCH"', "--owner=0", "--group=0",
                 "--numeric-owner"):
        assert flag in common


def test_ci_runs_the_tests_first_then_builds_and_starts_the_app() -> None:
    steps = [line for line in (ROOT / ".ci" / "run").read_text().splitlines()
             if line and not line.startswith(("#", "set ", "cd ", "export ", "echo "))]
    assert steps[0] == "make test"
    ci = "\n".join(steps)
    assert "installer/freeze.sh" in ci and "make_deb.sh" in ci and "smoke_test.sh" in ci
    # issue 20: what this machine can check of the packages
    for check in ("third_party_notices.py dist/tute --check-bundled", "check_deb.sh",
                  "check_appdir.sh", "check_reproducible.sh", "make windows-setup",
                  "installer/ci_deps.sh"):
        assert check in ci, check
