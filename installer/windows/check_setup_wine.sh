#!/usr/bin/env bash
# Compiles installer/windows/tute.iss with the real Inno Setup compiler (ISCC.exe,
# from the npm registry's `innosetup` package, locked in package-lock.json) under
# Wine, then installs the setup silently into a throwaway Wine prefix, checks the
# files, the Start-menu entry, the uninstaller and its registry entry, uninstalls
# silently and checks that everything is gone. `make windows-setup` runs it; so
# does CI.
#
# The payload is a stand-in: this Linux machine cannot build the Windows app, so
# the Linux one-folder build (dist/tute) is packed with its launcher renamed
# tute.exe. The release workflow builds, installs, plays and uninstalls the real
# Windows app on a Windows runner.
#
#   bash installer/windows/check_setup_wine.sh [payload folder, default dist/tute]
#
# Needs wine with 32-bit support (ISCC.exe and the setup are 32-bit programs):
#   dpkg --add-architecture i386 && apt-get update && apt-get install wine wine32:i386
# and node/npm. When Wine cannot be had it says why and exits 0 (SKIPPED), unless
# REQUIRE_WINE=1.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
HERE="$ROOT/installer/windows"
VERSION="$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$ROOT/tute_desktop/__init__.py")"
payload_src="${1:-$ROOT/dist/tute}"
APP_ID="{41CB9732-A77B-4D3D-A062-C3AD95FD0243}_is1"

skip() {
    echo "windows setup: SKIPPED, $*" >&2
    [[ "${REQUIRE_WINE:-0}" == 1 ]] && exit 1
    exit 0
}
fail() {
    # the logs live in the throwaway folder: show their end before it goes
    for log in "${work:-/nonexistent}"/*.log; do
        [[ -f "$log" ]] && { echo "--- $(basename "$log")" >&2; tail -n 15 "$log" >&2; }
    done
    echo "windows setup: FAILED, $*" >&2
    exit 1
}

command -v wine >/dev/null || skip "wine is not installed (apt-get install wine wine32:i386)"
command -v npm >/dev/null || skip "npm is not installed (the Inno Setup compiler comes from the npm registry)"
[[ -x "$payload_src/tute" || -f "$payload_src/tute.exe" ]] \
    || fail "no payload at $payload_src: build the app first (installer/freeze.sh)"

# Wine wants a display for some calls even in silent mode: one virtual display
# for the whole run when there is none (wineserver outlives each program).
if [[ -z "${DISPLAY:-}" && -z "${TUTE_UNDER_XVFB:-}" ]] && command -v xvfb-run >/dev/null; then
    TUTE_UNDER_XVFB=1 exec xvfb-run -a bash "$0" "$@"
fi

# Outside the checkout: a Wine prefix links z: to /, and setuptools' package
# discovery (pip install -e .) would wander the whole disk through it.
work="$(mktemp -d "${TMPDIR:-/tmp}/tute-wine.XXXXXX")"
trap 'wineserver -k 2>/dev/null; sleep 1; rm -rf "$work"' EXIT
export WINEPREFIX="$work/prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" WINEARCH=win64
wine_do() { wine "$@"; }

# 1. The compiler, at the version package-lock.json pins (npm checks its hash).
if [[ ! -f "$HERE/node_modules/innosetup/bin/ISCC.exe" ]]; then
    npm ci --prefix "$HERE" --ignore-scripts --no-audit --no-fund >/dev/null
fi
iscc="$HERE/node_modules/innosetup/bin/ISCC.exe"
wineboot_log="$work/wineboot.log"
wineboot --init >"$wineboot_log" 2>&1 || true
if ! wine_do cmd /c ver >/dev/null 2>&1; then
    skip "wine cannot start Windows programs here (is wine32:i386 installed?): $(tail -n3 "$wineboot_log")"
fi

# 2. The stand-in payload: the Linux build, its launcher named like the Windows one.
payload="$work/payload"
cp -a "$payload_src" "$payload"
[[ -f "$payload/tute.exe" ]] || mv "$payload/tute" "$payload/tute.exe"

# 3. Compile.
out="$work/out"
mkdir -p "$out"
wine_do "$iscc" /Q "/DAppVersion=$VERSION" "/DSourceDir=$(winepath -w "$payload")" \
    "/DOutputDir=$(winepath -w "$out")" "$(winepath -w "$HERE/tute.iss")" \
    > "$work/iscc.log" 2>&1 || { cat "$work/iscc.log" >&2; fail "ISCC could not compile tute.iss"; }
setup="$out/tute-$VERSION-windows-setup.exe"
[[ -s "$setup" ]] || fail "ISCC made no $setup"
echo "windows setup: compiled $(basename "$setup") ($(du -h "$setup" | cut -f1)) with $(
    wine_do "$iscc" /? 2>/dev/null | head -n1 | tr -d '\r')"

# 4. MinVersion: a new Wine prefix says Windows 7, which the setup must refuse;
# then the prefix says Windows 10 and the real install follows.
if wine_do "$setup" /VERYSILENT /SUPPRESSMSGBOXES /NORESTART /CURRENTUSER \
        "/LOG=$(winepath -w "$work/refused.log")" 2>/dev/null; then
    wineserver -w
    grep -q "does not support the version of Windows" "$work/refused.log" \
        || fail "the setup installed on Windows $(wine_do cmd /c ver | tr -d '\r') despite MinVersion=10.0"
fi
grep -q "does not support the version of Windows" "$work/refused.log" \
    || fail "the setup did not refuse an old Windows"
wine_do winecfg -v win10
wineserver -w
echo "windows setup: refuses Windows 7 (MinVersion); installing on $(wine_do cmd /c ver | tr -d '\r\n')"

# Install silently, for this user only (no administrator rights).
wine_do "$setup" /VERYSILENT /SUPPRESSMSGBOXES /NORESTART /CURRENTUSER \
    "/LOG=$(winepath -w "$work/install.log")" || fail "the setup failed"
wineserver -w
user_dir="$(ls -d "$WINEPREFIX"/drive_c/users/*/AppData | grep -v /Public/ | head -n1)"
app="$user_dir/Local/Programs/Tute"
menu="$user_dir/Roaming/Microsoft/Windows/Start Menu/Programs/Tute.lnk"
[[ -d "$app" ]] || fail "nothing installed in $app"
(cd "$payload" && find . -type f | sort) > "$work/payload.txt"
while IFS= read -r f; do
    [[ -f "$app/$f" ]] || fail "installed app lacks ${f#./}"
    cmp -s "$payload/$f" "$app/$f" || fail "installed ${f#./} differs from the payload"
done < "$work/payload.txt"
[[ -f "$app/_internal/LICENSE" && -f "$app/_internal/THIRD_PARTY_NOTICES.txt" ]] \
    || fail "the licences were not installed"
[[ -f "$menu" ]] || fail "no Start-menu entry ($menu)"
[[ ! -e "$user_dir/../Desktop/Tute.lnk" ]] || fail "a desktop icon, though that task is unchecked"
[[ -f "$app/unins000.exe" && -f "$app/unins000.dat" ]] || fail "no uninstaller in $app"
key="HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\$APP_ID"
reg="$(wine_do reg query "$key" 2>/dev/null | tr -d '\r')"
grep -q "DisplayName.*Tute" <<<"$reg" || fail "no uninstall entry in the registry ($key)"
grep -q "DisplayVersion.*$VERSION" <<<"$reg" || fail "the uninstall entry is not version $VERSION"
grep -q "Publisher.*Tute developers" <<<"$reg" || fail "the uninstall entry has no publisher"
grep -q "URLInfoAbout.*https://" <<<"$reg" || fail "the uninstall entry has no support URL"
echo "windows setup: installed $(wc -l < "$work/payload.txt") files into $(
    winepath -w "$app" 2>/dev/null | tr -d '\r'), Start-menu entry, uninstaller and its registry entry OK"

# 5. Uninstall silently: the game's files, menu entry and registry entry all go.
wine_do "$app/unins000.exe" /VERYSILENT /SUPPRESSMSGBOXES /NORESTART \
    || fail "the uninstaller failed"
wineserver -w
[[ ! -e "$app/tute.exe" && ! -e "$app/_internal" ]] || fail "files left after uninstalling"
[[ ! -e "$menu" ]] || fail "Start-menu entry left after uninstalling"
if wine_do reg query "$key" >/dev/null 2>&1; then
    fail "registry entry left after uninstalling"
fi
mkdir -p "$ROOT/build"
cp "$setup" "$ROOT/build/"
echo "windows setup: uninstalled cleanly (setup kept in build/$(basename "$setup"))"
