#!/bin/sh
# Adds Tute to your applications menu, for this user only (no root needed):
# a menu entry pointing at this folder, and the icon. Run it again after moving
# the folder; `./install.sh --remove` takes the entry away again.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
entry="$data/applications/tute.desktop"
icon="$data/icons/hicolor/256x256/apps/tute.png"
metainfo="$data/metainfo/io.github.tute_desktop.tute.metainfo.xml"

if [ "${1:-}" = "--remove" ]; then
    rm -f "$entry" "$icon" "$metainfo"
    echo "Tute removed from the menu (this folder is untouched)."
    exit 0
fi
mkdir -p "$(dirname "$entry")" "$(dirname "$icon")" "$(dirname "$metainfo")"
cp "$here/tute.png" "$icon"
cp "$here/io.github.tute_desktop.tute.metainfo.xml" "$metainfo"
sed "s|^Exec=.*|Exec=\"$here/tute\"|" "$here/tute.desktop" > "$entry"
command -v update-desktop-database >/dev/null 2>&1 \
    && update-desktop-database "$data/applications" >/dev/null 2>&1 || true
echo "Tute is in your applications menu. Or start it here: $here/tute"
