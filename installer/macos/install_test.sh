#!/usr/bin/env bash
# On a macOS runner: installs Tute.app from the fresh .dmg the way a player does
# (mount, copy to /Applications), checks the signature and the licences, plays
# one autoplayed round with the installed app, then uninstalls it (the app is
# one folder: removing it is the uninstall) and detaches the image.
#
#   bash installer/macos/install_test.sh dist/Tute-<version>-macos-<arch>.dmg
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
dmg="$1"
target="/Applications/Tute.app"
fail() { echo "install test: FAILED, $*" >&2; exit 1; }

[[ ! -e "$target" ]] || fail "$target exists already"
mount="$(mktemp -d)"
hdiutil attach -nobrowse -readonly -mountpoint "$mount" "$dmg" >/dev/null
trap 'hdiutil detach "$mount" >/dev/null 2>&1 || true' EXIT
[[ -L "$mount/Applications" ]] || fail "the image has no Applications link to drag onto"
ditto "$mount/Tute.app" "$target"
hdiutil detach "$mount" >/dev/null
trap - EXIT

codesign --verify --deep --strict "$target" || fail "the installed app's signature is broken"
[[ -f "$target/Contents/Resources/LICENSE" ]] || fail "no LICENSE in the app"
[[ -f "$target/Contents/Resources/THIRD_PARTY_NOTICES.txt" ]] || fail "no notices in the app"
bash "$ROOT/installer/smoke_test.sh" "$target/Contents/MacOS/tute"

rm -rf "$target"
[[ ! -e "$target" ]] || fail "could not remove $target"
echo "install test: installed from the image, played one round, removed"
