"""Third-party notices for a frozen build, from what the build actually bundles.

Every file PyInstaller puts in the one-folder app (dist/tute: the executable and
_internal/**) and every module in its PYZ archive must be claimed by a component
below (COMPONENTS: file-name patterns and module names). Each component names its
licence and the notice texts that ship with it; the texts are copied verbatim
from their sources (installer/notices/README.md says from where), or read from the
build environment itself (Python's LICENSE.txt, the wheels' dist-info licence
files). A file or module that no component claims is an error: the build fails
rather than ship a library without its notice.

    python tools/third_party_notices.py dist/tute                  # check: all claimed?
    python tools/third_party_notices.py dist/tute --output FILE     # write the notices
    python tools/third_party_notices.py dist/tute --check-bundled   # the shipped file is current
    python tools/third_party_notices.py dist/tute --debian-copyright FILE --prefix opt/tute

build.spec calls ``write_notices`` with the Analysis' lists before COLLECT, so the
notices ship inside the app (_internal/THIRD_PARTY_NOTICES.txt, where
tute_desktop.game.about reads them); CI then re-reads the finished folder with
``--check-bundled``, which regenerates the text from the files really there.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import re
import sys
import sysconfig
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTICES = ROOT / "installer" / "notices"
NOTICES_NAME = "THIRD_PARTY_NOTICES.txt"
APP_NAMES = {"tute", "tute.exe"}

# A notice is a text file under installer/notices, or one of these, read from the
# environment that builds: "python:" the interpreter's own LICENSE.txt (on Windows
# it adds the conditions for the Microsoft runtime it ships), "dist:NAME" the
# licence files in the installed distribution NAME's metadata.
PYTHON_LICENSE = "python:LICENSE.txt"


@dataclass(frozen=True)
class Component:
    key: str
    title: str
    licence: str  # SPDX-like short name, also the DEP-5 License short name
    copyright: str  # for debian/copyright's Copyright field; the full lines are in the notices
    notices: tuple[str, ...]
    files: tuple[str, ...] = ()  # regexes, searched in the bundle-relative path, lower case
    modules: tuple[str, ...] = ()  # top-level module names in the PYZ archive
    # Notices that are a full GPL/LGPL/Apache text: debian/copyright points at
    # /usr/share/common-licenses instead of repeating them (Debian policy 12.5).
    common: dict[str, str] = field(default_factory=dict)


_LIB_FILE = re.compile(r"\.(so|dll|dylib)(\.[0-9.]+)?$|\.so\.")


def library_name(path: str) -> str | None:
    """A native library's name whatever the system: "sdl2_image" for
    libSDL2_image-2-d6906c81.0.so.0.800.12 (auditwheel), SDL2_image.dll (Windows) or
    libSDL2_image-2.0.0.dylib (delocate). None for anything else."""
    base = path.rsplit("/", 1)[-1].lower()
    if not _LIB_FILE.search(base) or ".cpython-" in base or base.endswith(".pyd"):
        return None
    match = re.match(r"(?:lib)?([a-z0-9_+]+?)(?:-[0-9][^/]*|-[0-9a-f]{8}[^/]*|\.[^/]*)?$", base)
    return match.group(1) if match else None


def lib(*names: str) -> str:
    """A `files` pattern for the native libraries with these names (see library_name)."""
    return "lib:" + "|".join(names)


COMPONENTS: tuple[Component, ...] = (
    Component(
        "tute", "Tute", "GPL-3+", "2026 Tute developers",
        ("LICENSE",),
        files=(r"^tute(\.exe)?$", r"^_internal/assets/(?!fonts/)", r"^_internal/tute_desktop/",
               rf"^_internal/(license|{NOTICES_NAME.lower()})$"),
        modules=("tute_desktop", "launcher"),
    ),
    Component(
        "pyinstaller", "PyInstaller bootloader and run-time modules",
        "GPL-2+ with Bootloader exception", "2005 PyInstaller Development Team",
        ("dist:pyinstaller",),
        files=(r"^tute(\.exe)?$",),
        modules=("pyimod01_archive", "pyimod02_importers", "pyimod03_ctypes",
                 "pyimod04_pywin32", "pyiboot01_bootstrap", "pyi_rth_*"),
        common={"dist:pyinstaller": "GPL-2"},
    ),
    Component(
        "python", "Python", "PSF-2.0", "2001 Python Software Foundation",
        (PYTHON_LICENSE,),
        files=(r"(^|/)libpython3[0-9.]*\.(so|dylib)", r"(^|/)python3[0-9]*\.dll$",
               r"^_internal/python$", r"^_internal/python\.framework/",
               r"^_internal/python3\.[0-9]+/lib-dynload/",
               r"^_internal/lib-dynload/", r"^_internal/base_library\.zip$",
               r"^_internal/[^/]+\.pyd$", r"(^|/)vcruntime140(_1)?\.dll$",
               r"(^|/)(ucrtbase|api-ms-win-[a-z0-9-]+)\.dll$"),
        modules=("<stdlib>", "_sysconfigdata_*", "__future__"),
    ),
    Component(
        "pygame-ce", "pygame-ce", "LGPL-2.1+", "2000 Pete Shinners and the pygame-ce contributors",
        ("pygame-ce/LGPL.txt", "pygame-ce/LICENSE.sdl_gfx.txt", "pygame-ce/LICENSE.sse2neon-h.txt"),
        files=(r"^_internal/pygame/[^/]*\.(so|pyd|bmp|ico|png)$", r"^_internal/pygame/_sdl2/"),
        modules=("pygame",),
        common={"pygame-ce/LGPL.txt": "LGPL-2.1"},
    ),
    Component(
        "inter", "Inter (the game's typeface, assets/fonts)", "OFL-1.1",
        "2016-2022 The Inter Project Authors",
        ("debian/fonts-inter.copyright",),
        files=(r"^_internal/assets/fonts/",),
    ),
    Component("sdl2", "SDL 2", "Zlib", "1997 Sam Lantinga",
              ("pygame-ce/LICENSE.sdl2.txt",), files=(lib("sdl2"),)),
    Component("sdl2_image", "SDL_image", "Zlib", "1997 Sam Lantinga",
              ("pygame-ce/LICENSE.sdl2_image.txt",), files=(lib("sdl2_image"),)),
    Component("sdl2_mixer", "SDL_mixer", "Zlib", "1997 Sam Lantinga",
              ("pygame-ce/LICENSE.sdl2_mixer.txt",), files=(lib("sdl2_mixer"),)),
    Component("sdl2_ttf", "SDL_ttf", "Zlib", "1997 Sam Lantinga",
              ("debian/libsdl2-ttf-2.0-0.copyright",), files=(lib("sdl2_ttf"),)),
    Component("freetype", "FreeType", "FTL", "1996 David Turner, Robert Wilhelm, Werner Lemberg",
              ("pygame-ce/LICENSE.freetype.txt",), files=(lib("freetype"),)),
    Component("harfbuzz", "HarfBuzz", "MIT-old-style", "2010 Google, Inc. and the HarfBuzz authors",
              ("debian/libharfbuzz0b.copyright",), files=(lib("harfbuzz"),)),
    Component("brotli", "Brotli", "MIT", "2009 The Brotli Authors",
              ("debian/libbrotli1.copyright",),
              files=(lib("brotlicommon", "brotlidec", "brotlienc"),)),
    Component("libpng", "libpng", "Libpng", "1995 the libpng authors",
              ("pygame-ce/LICENSE.png.txt",), files=(lib("png16", "png"),)),
    Component("zlib", "zlib", "Zlib", "1995 Jean-loup Gailly and Mark Adler",
              ("pygame-ce/LICENSE.zlib.txt",), files=(lib("z", "zlib1", "zlib"),)),
    Component("libjpeg", "libjpeg (libjpeg-turbo)", "IJG", "1991 Thomas G. Lane, Guido Vollbeding",
              ("pygame-ce/LICENSE.jpeg.txt",), files=(lib("jpeg", "turbojpeg"),)),
    Component("libtiff", "LibTIFF", "libtiff", "1988 Sam Leffler, 1991 Silicon Graphics, Inc.",
              ("pygame-ce/LICENSE.tiff.txt",), files=(lib("tiff"),)),
    Component("libwebp", "libwebp (with libsharpyuv)", "BSD-3-clause", "2010 Google Inc.",
              ("pygame-ce/LICENSE.webp.txt",),
              files=(lib("webp", "webpdemux", "webpmux", "sharpyuv"),)),
    Component("ogg-vorbis", "libogg and libvorbis", "BSD-3-clause", "2002 Xiph.org Foundation",
              ("pygame-ce/LICENSE.ogg-vorbis.txt",),
              files=(lib("ogg", "vorbis", "vorbisfile", "vorbisenc"),)),
    Component("opus", "Opus", "BSD-3-clause", "2001 Xiph.Org, Skype Limited, Octasic and others",
              ("pygame-ce/LICENSE.opus.txt",), files=(lib("opus"),)),
    Component("opusfile", "opusfile", "BSD-3-clause", "1994 Xiph.Org Foundation and contributors",
              ("pygame-ce/LICENSE.opusfile.txt",), files=(lib("opusfile"),)),
    Component("mpg123", "mpg123", "LGPL-2.1", "1995 the mpg123 project",
              ("pygame-ce/LICENSE.mpg123.txt",), files=(lib("mpg123", "out123", "syn123"),),
              common={"pygame-ce/LICENSE.mpg123.txt": "LGPL-2.1"}),
    Component("flac", "FLAC", "BSD-3-clause", "2000 Josh Coalson, 2011 Xiph.Org Foundation",
              ("pygame-ce/LICENSE.FLAC.txt",), files=(lib("flac"),)),
    Component("libsndfile", "libsndfile", "LGPL-2.1+", "1999 Erik de Castro Lopo",
              ("debian/libsndfile1.copyright",), files=(lib("sndfile"),)),
    Component("fluidsynth", "FluidSynth", "LGPL-2.1+", "2003 Peter Hanappe and others",
              ("pygame-ce/LICENSE.fluidsynth.txt",), files=(lib("fluidsynth"),),
              common={"pygame-ce/LICENSE.fluidsynth.txt": "LGPL-2.1"}),
    Component("wavpack", "WavPack", "BSD-3-clause", "1998 David Bryant",
              ("debian/libwavpack1.copyright",), files=(lib("wavpack"),)),
    Component("libxmp", "libxmp", "MIT", "1996 Claudio Matsuoka and Hipolito Carraro Jr",
              ("debian/libxmp4.copyright",), files=(lib("xmp"),)),
    Component("libgme", "Game_Music_Emu", "LGPL-2.1+", "2003 Shay Green",
              ("debian/libgme0.copyright",), files=(lib("gme"),)),
    Component("modplug", "libmodplug", "public-domain", "none: public domain",
              ("pygame-ce/LICENSE.modplug.txt",), files=(lib("modplug"),)),
    Component("portmidi", "PortMidi", "Apache-2.0", "1999 Roger B. Dannenberg and others",
              ("pygame-ce/LICENSE.portmidi.txt",), files=(lib("portmidi", "porttime"),),
              common={"pygame-ce/LICENSE.portmidi.txt": "Apache-2.0"}),
    Component("bzip2", "bzip2", "bzip2-1.0.6", "1996 Julian R Seward",
              ("debian/libbz2-1.0.copyright",), files=(lib("bz2"),)),
    Component("xz", "XZ Utils (liblzma)", "public-domain", "none: public domain",
              ("debian/liblzma5.copyright",), files=(lib("lzma"),)),
    Component("libffi", "libffi", "MIT", "1996 Red Hat, Inc. and others",
              ("debian/libffi8.copyright",), files=(lib("ffi"),)),
    Component("platformdirs", "platformdirs", "MIT", "2010 Jason R. Coombs and contributors",
              ("dist:platformdirs",), modules=("platformdirs",)),
    Component("typing_extensions", "typing_extensions", "PSF-2.0",
              "2001 Python Software Foundation", ("dist:typing_extensions",),
              modules=("typing_extensions",)),
)

# Licence texts the notices above refer to (Debian's copyright files point into
# /usr/share/common-licenses, which Windows and macOS do not have).
LICENCE_TEXTS = ("common-licenses/LGPL-2.1", "common-licenses/LGPL-2",
                 "common-licenses/GPL-2", "common-licenses/Apache-2.0",
                 "common-licenses/CC0-1.0")


class NoticeError(Exception):
    """Something bundled has no notice, or a notice cannot be read."""


# -------------------------------------------------------------- what is bundled


@dataclass
class Contents:
    files: list[str]  # posix paths relative to the app folder (dist/tute)
    modules: list[str]  # module names in the PYZ archive and the executable's scripts


def folder_contents(app_dir: Path) -> Contents:
    """The files in a finished one-folder app, and the modules its executable carries."""
    files = sorted(p.relative_to(app_dir).as_posix()
                   for p in app_dir.rglob("*") if p.is_file() or p.is_symlink())
    exe = next((app_dir / n for n in sorted(APP_NAMES) if (app_dir / n).is_file()), None)
    if exe is None:
        raise NoticeError(f"no tute executable in {app_dir}")
    return Contents(files, executable_modules(exe))


def executable_modules(exe: Path) -> list[str]:
    from PyInstaller.archive.readers import CArchiveReader

    archive = CArchiveReader(str(exe))
    names = [n for n in archive.toc if n != "PYZ.pyz"]
    pyz = archive.open_embedded_archive("PYZ.pyz")
    return sorted({*names, *pyz.toc})


def analysis_contents(binaries: Iterable[tuple], datas: Iterable[tuple],
                      pure: Iterable[tuple], scripts: Iterable[tuple],
                      exe_name: str, extra: Iterable[str] = ()) -> Contents:
    """What COLLECT will write, from build.spec's Analysis lists (dest names first)."""
    files = {exe_name}
    files.update(f"_internal/{Path(entry[0]).as_posix()}" for entry in (*binaries, *datas))
    files.update(f"_internal/{name}" for name in extra)
    modules = {entry[0] for entry in (*pure, *scripts)}
    return Contents(sorted(files), sorted(modules))


# --------------------------------------------------------------- who owns what


def _module_matches(module: str, pattern: str) -> bool:
    top = module.split(".", 1)[0]
    if pattern == "<stdlib>":
        return top in sys.stdlib_module_names
    if pattern.endswith("*"):
        return top.startswith(pattern[:-1])
    return top == pattern


def claim(contents: Contents) -> tuple[dict[str, list[str]], list[str]]:
    """Per component key, the files and modules it claims; and what nobody claims."""
    owned: dict[str, list[str]] = {c.key: [] for c in COMPONENTS}
    unclaimed: list[str] = []
    for path in contents.files:
        low = path.lower()
        name = library_name(path)
        owners = [c for c in COMPONENTS if any(
            name in p[4:].split("|") if p.startswith("lib:") else re.search(p, low)
            for p in c.files)]
        for c in owners:
            owned[c.key].append(path)
        if not owners:
            unclaimed.append(path)
    for module in contents.modules:
        owners = [c for c in COMPONENTS if any(_module_matches(module, p) for p in c.modules)]
        for c in owners:
            owned[c.key].append(f"module {module}")
        if not owners:
            unclaimed.append(f"module {module}")
    return {k: v for k, v in owned.items() if v}, unclaimed


# ------------------------------------------------------------------ the texts


def python_licence() -> tuple[str, str]:
    """The building interpreter's LICENSE.txt (the one it bundles), or our copy of 3.11's."""
    base = Path(sys.base_prefix)
    for candidate in (Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt",
                      base / "LICENSE.txt",
                      *sorted(Path("/usr/share/licenses").glob("python3*/LICENSE"))):
        if candidate.is_file():
            return candidate.read_text(encoding="utf-8"), "the building Python's LICENSE.txt"
    copy = NOTICES / "python" / "LICENSE.txt"
    return copy.read_text(encoding="utf-8"), "installer/notices/python/LICENSE.txt"


def distribution_licences(name: str) -> str:
    try:
        dist = importlib.metadata.distribution(name)
    except importlib.metadata.PackageNotFoundError as exc:
        raise NoticeError(f"{name} is bundled but not installed here: no licence to read") from exc
    files = [f for f in dist.files or []
             if re.search(r"(^|/)(licen[cs]e|copying|notice)[^/]*$", str(f), re.I)
             and ".dist-info/" in str(f)]
    if not files:
        raise NoticeError(f"{name} {dist.version} ships no licence file in its metadata")
    return "\n\n".join(Path(str(dist.locate_file(f))).read_text(encoding="utf-8")
                       for f in sorted(files, key=str))


def notice_text(ref: str) -> str:
    if ref == PYTHON_LICENSE:
        return python_licence()[0]
    if ref.startswith("dist:"):
        return distribution_licences(ref[5:])
    path = ROOT / ref if ref == "LICENSE" else NOTICES / ref
    if not path.is_file():
        raise NoticeError(f"notice {ref} is missing ({path})")
    return path.read_text(encoding="utf-8")


def _version(c: Component) -> str:
    name = {"pygame-ce": "pygame-ce", "platformdirs": "platformdirs",
            "typing_extensions": "typing_extensions", "pyinstaller": "pyinstaller"}.get(c.key)
    if c.key == "python":
        return sys.version.split()[0]
    if c.key == "tute":
        return _tute_version()
    if name:
        try:
            return importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            return ""
    return ""


def _tute_version() -> str:
    init = (ROOT / "tute_desktop" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', init, re.M)
    return found.group(1) if found else ""


def _summary(items: list[str], limit: int = 12) -> list[str]:
    files = [i for i in items if not i.startswith("module ")]
    modules = [i[7:] for i in items if i.startswith("module ")]
    lines = files[:limit]
    if len(files) > limit:
        lines.append(f"... and {len(files) - limit} more files")
    if modules:
        tops = sorted({m.split(".", 1)[0] for m in modules})
        shown = ", ".join(tops[:8]) + (", ..." if len(tops) > 8 else "")
        lines.append(f"{len(modules)} Python modules ({shown})")
    return lines


def render(contents: Contents, platform: str = sys.platform) -> str:
    """The notices file, or NoticeError naming whatever nobody claims."""
    owned, unclaimed = claim(contents)
    if unclaimed:
        raise NoticeError(
            "no notice for these bundled files (add them to COMPONENTS in "
            "tools/third_party_notices.py, with their licence copied verbatim):\n  "
            + "\n  ".join(unclaimed))
    used = [c for c in COMPONENTS if c.key in owned and c.key != "tute"]
    rule = "=" * 78
    out = [
        f"Third-party notices for Tute {_tute_version()} ({platform} build)",
        rule,
        "",
        textwrap.fill(
            "Tute is free software: you can redistribute it and/or modify it under the "
            "terms of the GNU General Public License, version 3 or (at your option) any "
            "later version; the licence is in the file LICENSE beside this one. This "
            "build of Tute also contains the components below, each under its own "
            "licence. This list was made by tools/third_party_notices.py from the files "
            "the build bundles.", 78),
        "",
    ]
    for n, c in enumerate(used, 1):
        version = _version(c)
        out.append(f"{n:2d}. {c.title}{' ' + version if version else ''} ({c.licence})")
    out.append(f"{len(used) + 1:2d}. Licence texts the notices above refer to")
    for n, c in enumerate(used, 1):
        version = _version(c)
        out += ["", "", rule, f"{n}. {c.title}{' ' + version if version else ''}",
                f"Licence: {c.licence}", "In this build:"]
        out += [f"    {line}" for line in _summary(owned[c.key])]
        out.append(rule)
        for ref in c.notices:
            out += ["", notice_text(ref).rstrip()]
    out += ["", "", rule, f"{len(used) + 1}. Licence texts the notices above refer to", rule,
            "", textwrap.fill(
                "Where a notice above points to /usr/share/common-licenses/NAME (a Debian "
                "system's copy), or names one of these licences without its text, the "
                "full text is the one below under that NAME.", 78)]
    for ref in LICENCE_TEXTS:
        out += ["", f"----- {Path(ref).name} " + "-" * (70 - len(Path(ref).name)), "",
                notice_text(ref).rstrip()]
    return "\n".join(out) + "\n"


def write_notices(contents: Contents, output: Path) -> Path:
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(render(contents), encoding="utf-8", newline="\n")
    return output


# ------------------------------------------------------------- debian/copyright


def _dep5_text(text: str) -> list[str]:
    lines = []
    for line in text.rstrip().splitlines():
        line = line.rstrip().replace("\t", "    ")
        lines.append(f" {line}" if line.strip() else " .")
    return lines


def debian_copyright(contents: Contents, prefix: str, source: str) -> str:
    """/usr/share/doc/<package>/copyright in Debian's machine-readable format."""
    owned, unclaimed = claim(contents)
    if unclaimed:
        raise NoticeError("no notice for: " + ", ".join(unclaimed))
    by_file: dict[str, list[Component]] = {}
    for c in COMPONENTS:
        for item in owned.get(c.key, []):
            if not item.startswith("module "):
                by_file.setdefault(item, []).append(c)
    out = [
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/",
        "Upstream-Name: Tute",
        f"Source: {source}",
        "Comment: Tute is a self-contained build: it bundles its own Python runtime,",
        " pygame-ce and the libraries below under /" + prefix + "/_internal. Their",
        f" complete notices are in /{prefix}/_internal/{NOTICES_NAME}.",
        "",
        "Files: *",
        "Copyright: 2026 Tute developers",
        "License: GPL-3+",
    ]
    tute = next(c for c in COMPONENTS if c.key == "tute")
    groups: dict[tuple[str, ...], list[str]] = {}
    for path, owners in sorted(by_file.items()):
        keys = tuple(c.key for c in owners if c is not tute) or ("tute",)
        if keys != ("tute",):
            groups.setdefault(keys, []).append(path)
    referenced = {"GPL-3"}
    for keys, paths in groups.items():
        comps = [c for c in COMPONENTS if c.key in keys]
        if any(tute in by_file[p] for p in paths):
            comps = [tute, *comps]
        out += ["", "Files: " + f"\n{' ' * 7}".join(f"{prefix}/{p}" for p in paths)]
        out.append("Copyright: " + "\n           ".join(c.copyright for c in comps))
        out.append("License: " + " and ".join(c.licence for c in comps))
        for c in comps:
            if c is tute:
                out += [" Tute: see the GPL-3+ paragraph below.", " ."]
                continue
            out.append(f" {c.title}:")
            for ref in c.notices:
                if ref in c.common:
                    name = c.common[ref]
                    referenced.add(name)
                    out.append(f" The complete text of this licence is in"
                               f" /usr/share/common-licenses/{name}.")
                else:
                    out += _dep5_text(notice_text(ref))
                out.append(" .")
        out[-1:] = [] if out[-1] == " ." else out[-1:]
    out += [
        "",
        "License: GPL-3+",
        " This program is free software: you can redistribute it and/or modify it",
        " under the terms of the GNU General Public License as published by the Free",
        " Software Foundation, either version 3 of the License, or (at your option)",
        " any later version.",
        " .",
        " On Debian systems, the complete text of the GNU General Public License",
        " version 3 can be found in /usr/share/common-licenses/GPL-3.",
    ]
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------ CLI


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("app_dir", type=Path, help="the one-folder app (dist/tute)")
    parser.add_argument("--output", type=Path, help="write the notices here")
    parser.add_argument("--check-bundled", action="store_true",
                        help=f"fail unless _internal/{NOTICES_NAME} equals a fresh rendering")
    parser.add_argument("--debian-copyright", type=Path, help="write a DEP-5 copyright file")
    parser.add_argument("--prefix", default="opt/tute", help="where the .deb installs the app")
    parser.add_argument("--source", default="https://github.com/tute-desktop/tute")
    args = parser.parse_args(argv)
    try:
        contents = folder_contents(args.app_dir)
        text = render(contents)
        owned, _ = claim(contents)
        if args.output:
            write_notices(contents, args.output)
        if args.check_bundled:
            bundled = args.app_dir / "_internal" / NOTICES_NAME
            if not bundled.is_file():
                raise NoticeError(f"{bundled} is missing")
            if bundled.read_text(encoding="utf-8") != text:
                raise NoticeError(f"{bundled} does not match the files in the build")
        if args.debian_copyright:
            args.debian_copyright.write_text(
                debian_copyright(contents, args.prefix, args.source), encoding="utf-8")
    except NoticeError as exc:
        print(f"third_party_notices: {exc}", file=sys.stderr)
        return 1
    print(f"third_party_notices: {len(contents.files)} files and {len(contents.modules)} "
          f"modules in {args.app_dir}, all covered by {len(owned)} components")
    return 0


if __name__ == "__main__":
    sys.exit(main())
