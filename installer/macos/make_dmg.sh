#!/usr/bin/env bash
# dist/Tute-<version>-macos-<arch>.dmg: a disk image holding Tute.app and a link
# to /Applications, so installing is one drag. Needs macOS (hdiutil) and the app
# bundle PyInstaller made from build.spec (dist/Tute.app; make dist).
#
# The app is signed ad hoc by PyInstaller, not by an Apple developer ID, so on
# first launch macOS asks the player to confirm (README: "Download and play").
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
APP="${APP:-$ROOT/dist/Tute.app}"
OUT_DIR="${OUT_DIR:-$ROOT/dist}"
VERSION="$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$ROOT/tute_desktop/__init__.py")"
ARCH="$(uname -m)"

command -v hdiutil >/dev/null || { echo "hdiutil not found: a .dmg needs macOS" >&2; exit 1; }
[[ -d "$APP/Contents/MacOS" ]] || { echo "no app bundle at $APP: run make dist" >&2; exit 1; }

stage="$ROOT/build/stage-dmg"
rm -rf "$stage"
mkdir -p "$stage"
ditto "$APP" "$stage/Tute.app"  # ditto keeps the bundle's symlinks, attributes and signature
ln -s /Applications "$stage/Applications"
# The licences beside the app too, where a player sees them before installing.
cp "$ROOT/LICENSE" "$ROOT/dist/tute/_internal/THIRD_PARTY_NOTICES.txt" "$stage/"

out="$OUT_DIR/Tute-$VERSION-macos-$ARCH.dmg"
mkdir -p "$OUT_DIR"
rm -f "$out"
hdiutil create -volname "Tute $VERSION" -srcfolder "$stage" -fs HFS+ \
    -format UDZO -imagekey zlib-level=9 -ov "$out" >/dev/null
echo "$out ($(du -h "$out" | cut -f1))"
