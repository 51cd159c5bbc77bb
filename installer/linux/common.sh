# Shared by the Linux packaging scripts (sourced, not run): where things are and
# what they are called. Every script takes the one-folder build PyInstaller made
# (dist/tute, from build.spec) and writes its package next to it in dist/.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
APP_DIR="${APP_DIR:-$ROOT/dist/tute}"
OUT_DIR="${OUT_DIR:-$ROOT/dist}"
ICONS="$ROOT/installer/icons"
DESKTOP="$ROOT/installer/linux/tute.desktop"
# The one version number lives in the package.
VERSION="$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$ROOT/tute_desktop/__init__.py")"
ARCH="$(uname -m)"
ICON_SIZES="16 24 32 48 64 128 256 512"
APPSTREAM_ID="io.github.tute_desktop.tute"
METAINFO="$ROOT/installer/linux/$APPSTREAM_ID.metainfo.xml"
HOMEPAGE="https://github.com/tute-desktop/tute"
# The venv's Python reads the frozen app's archive (tools/third_party_notices.py).
PYTHON="${PYTHON:-$(test -x "$ROOT/.venv/bin/python" && echo "$ROOT/.venv/bin/python" || echo python3)}"

# Reproducible packages: every timestamp inside them is the last commit's time
# (https://reproducible-builds.org/specs/source-date-epoch/), unless the caller
# set one. dpkg-deb and our tar calls clamp to it.
if [[ -z "${SOURCE_DATE_EPOCH:-}" ]]; then
    SOURCE_DATE_EPOCH="$(git -C "$ROOT" log -1 --format=%ct 2>/dev/null || echo 315532800)"
fi
export SOURCE_DATE_EPOCH

[[ -n "$VERSION" ]] || { echo "no __version__ in tute_desktop/__init__.py" >&2; exit 1; }
[[ -x "$APP_DIR/tute" ]] || {
    echo "no one-folder build at $APP_DIR: run pyinstaller build.spec (make dist) first" >&2
    exit 1
}

# A fresh, empty staging directory under build/ (removed on the next run).
stage_dir() {
    local dir="$ROOT/build/stage-$1"
    rm -rf "$dir"
    mkdir -p "$dir"
    echo "$dir"
}

# A reproducible tar of DIR's entry NAME on stdout: sorted, one owner, every
# mtime the SOURCE_DATE_EPOCH, permissions without the builder's umask, no
# atime/ctime headers.
repro_tar() {
    tar -C "$1" --sort=name --owner=0 --group=0 --numeric-owner \
        --mtime="@$SOURCE_DATE_EPOCH" --mode='u+rwX,go+rX,go-w' --format=gnu -cf - "$2"
}

# Human-readable size of a file, for the scripts' last line.
size_of() {
    du -h --apparent-size "$1" | cut -f1
}
