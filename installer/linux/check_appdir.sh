#!/usr/bin/env bash
# Checks the AppDir the AppImage is made from (make_appimage.sh --appdir-only
# builds it; the release workflow turns it into the AppImage with appimagetool,
# a download this machine cannot make): the entry point, desktop entry, icons
# and AppStream metainfo are where appimagetool and software centres look, and
# AppRun starts the game inside.
#
#   bash installer/linux/check_appdir.sh [build/stage-appimage/Tute.AppDir]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
appdir="${1:-$ROOT/build/stage-appimage/Tute.AppDir}"
VERSION="$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$ROOT/tute_desktop/__init__.py")"
fail() { echo "$appdir: $*" >&2; exit 1; }

[[ -x "$appdir/AppRun" ]] || fail "no executable AppRun"
[[ -f "$appdir/tute.desktop" ]] || fail "no tute.desktop at the top"
icon="$(sed -n 's/^Icon=//p' "$appdir/tute.desktop")"
[[ -f "$appdir/$icon.png" && -L "$appdir/.DirIcon" ]] || fail "no $icon.png or .DirIcon"
meta="$appdir/usr/share/metainfo/io.github.tute_desktop.tute.metainfo.xml"
appstreamcli validate --no-net --pedantic "$meta" >/dev/null || fail "metainfo does not validate"
grep -q "<launchable type=\"desktop-id\">tute.desktop</launchable>" "$meta" \
    || fail "metainfo does not launch tute.desktop"
if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$appdir/tute.desktop" || fail "bad tute.desktop"
fi
for f in LICENSE THIRD_PARTY_NOTICES.txt; do
    [[ -s "$appdir/usr/lib/tute/_internal/$f" ]] || fail "no $f"
done
got="$("$appdir/AppRun" --version | tail -n1)"
[[ "$got" == "tute $VERSION" ]] || fail "AppRun says '$got'"
echo "$appdir: entry point, desktop entry, icon, metainfo and licences OK ($got)"
