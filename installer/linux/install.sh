#!/bin/sh
# Adds Tute to your applications menu, for this user only (no root needed):
# a menu entry pointing at this folder, and the icon. Run it again after moving
# the folder; `./install.sh --remove` takes the entry away again.
set -eu
nl='
'
refuse_newline() {
    case "$1" in *"$nl"*)
        echo "install.sh: the folder's path has a line break in it, which a menu entry" \
             "cannot hold; rename or move the folder and run install.sh again." >&2
        exit 1
    esac
}
refuse_newline "$0"
# The ".": $(...) would drop a line break ending the path, and name another folder.
here="$(cd -- "$(dirname -- "$0")" && pwd && echo .)"
here="${here%?.}"
refuse_newline "$here"
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
# The Exec value (Desktop Entry spec, "The Exec key"): the path in double quotes,
# with ", `, $ and \ escaped by a backslash inside them; then every backslash
# doubled (the escape of a string value, which is undone first); % written %%.
desktop_exec() {
    rest="$1" out=""
    while [ -n "$rest" ]; do
        c="${rest%"${rest#?}"}"
        rest="${rest#?}"
        case "$c" in
            '"' | '`' | '$') out="$out\\\\$c" ;;
            '\') out="$out\\\\\\\\" ;;
            %) out="$out%%" ;;
            *) out="$out$c" ;;
        esac
    done
    printf '"%s"' "$out"
}
exec_value="$(desktop_exec "$here/tute")"
tmp="$entry.tmp.$$"
while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in
        Exec=*) printf 'Exec=%s\n' "$exec_value" ;;
        *) printf '%s\n' "$line" ;;
    esac
done < "$here/tute.desktop" > "$tmp"
mv -f "$tmp" "$entry"
command -v update-desktop-database >/dev/null 2>&1 \
    && update-desktop-database "$data/applications" >/dev/null 2>&1 || true
printf 'Tute is in your applications menu. Or start it here: %s/tute\n' "$here"
