#!/usr/bin/env bash
# Checks a built .deb without installing it: the paths players rely on are in it,
# lintian finds nothing but what tute.lintian-overrides explains, the AppStream
# metainfo validates, the copyright file is the machine-readable one made from
# the bundle, and the copy of the game inside it starts (--version).
#
#   bash installer/linux/check_deb.sh [dist/tute_<version>_<arch>.deb]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
deb="${1:-$(ls "$ROOT"/dist/tute_*.deb | head -n1)}"
VERSION="$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$ROOT/tute_desktop/__init__.py")"
fail() { echo "$deb: $*" >&2; exit 1; }

[[ "$(dpkg-deb -f "$deb" Package)" == tute ]] || fail "not the tute package"
[[ "$(dpkg-deb -f "$deb" Version)" == "$VERSION" ]] || fail "not version $VERSION"
listing="$(dpkg-deb -c "$deb")"
for path in ./opt/tute/tute ./usr/games/tute ./usr/share/applications/tute.desktop \
        ./usr/share/icons/hicolor/256x256/apps/tute.png \
        ./usr/share/metainfo/io.github.tute_desktop.tute.metainfo.xml \
        ./usr/share/doc/tute/copyright ./usr/share/doc/tute/changelog.gz \
        ./usr/share/man/man6/tute.6.gz ./usr/share/lintian/overrides/tute \
        ./opt/tute/_internal/LICENSE ./opt/tute/_internal/THIRD_PARTY_NOTICES.txt \
        ./opt/tute/_internal/assets/cards/1o.svg ./opt/tute/_internal/assets/sounds/click.wav; do
    grep -q " $path\( ->.*\)\?$" <<<"$listing" || fail "no $path"
done
! grep -qE '/lib(stdc\+\+|gcc_s)\.so' <<<"$listing" || fail "bundles libstdc++/libgcc_s"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
dpkg-deb -x "$deb" "$tmp"
got="$("$tmp/opt/tute/tute" --version | tail -n1)"
[[ "$got" == "tute $VERSION" ]] || fail "the app says '$got'"
head -n1 "$tmp/usr/share/doc/tute/copyright" \
    | grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' \
    || fail "copyright is not in the machine-readable format"
zcat "$tmp/usr/share/doc/tute/changelog.gz" | head -n1 | grep -q "^tute ($VERSION) " \
    || fail "changelog's first entry is not $VERSION (installer/linux/changelog)"
appstreamcli validate --no-net --pedantic \
    "$tmp/usr/share/metainfo/io.github.tute_desktop.tute.metainfo.xml" >/dev/null \
    || fail "AppStream metainfo does not validate"
if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$tmp/usr/share/applications/tute.desktop" || fail "bad .desktop"
fi
# Errors, warnings and even infos (pedantic): all fail, unless overridden with a reason.
lintian --pedantic --display-info --fail-on error,warning,info,pedantic "$deb" \
    || fail "lintian found the tags above"
echo "$deb: contents, copyright, changelog, metainfo and lintian OK; the app inside starts ($got)"
