#!/usr/bin/env bash
# Checks a built .deb without installing it: the paths players rely on are in it,
# and the copy of the game inside it starts (--version) with its assets beside it.
#
#   bash installer/linux/check_deb.sh [dist/tute_<version>_<arch>.deb]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
deb="${1:-$(ls "$ROOT"/dist/tute_*.deb | head -n1)}"
VERSION="$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$ROOT/tute_desktop/__init__.py")"

[[ "$(dpkg-deb -f "$deb" Package)" == tute ]] || { echo "$deb: not the tute package" >&2; exit 1; }
[[ "$(dpkg-deb -f "$deb" Version)" == "$VERSION" ]] || { echo "$deb: not version $VERSION" >&2; exit 1; }
listing="$(dpkg-deb -c "$deb")"
for path in ./opt/tute/tute ./usr/bin/tute ./usr/share/applications/tute.desktop \
        ./usr/share/icons/hicolor/256x256/apps/tute.png \
        ./opt/tute/_internal/assets/cards/1o.svg ./opt/tute/_internal/assets/sounds/click.wav; do
    grep -q " $path\( ->.*\)\?$" <<<"$listing" || { echo "$deb: no $path" >&2; exit 1; }
done

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
dpkg-deb -x "$deb" "$tmp"
got="$("$tmp/opt/tute/tute" --version | tail -n1)"
[[ "$got" == "tute $VERSION" ]] || { echo "$deb: the app says '$got'" >&2; exit 1; }
echo "$deb: contents OK, the app inside starts ($got)"
