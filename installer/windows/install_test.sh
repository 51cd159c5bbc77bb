#!/usr/bin/env bash
# On a Windows runner (Git Bash): installs the fresh setup silently for the
# current user, plays one autoplayed round with the installed game, checks the
# Start-menu entry and the uninstall entry, then uninstalls silently and checks
# that the game's files and entries are gone. The release workflow runs it; CI on
# Linux runs the same steps under Wine (check_setup_wine.sh).
#
#   bash installer/windows/install_test.sh dist/tute-<version>-windows-setup.exe
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
setup="$1"
APP_ID="{41CB9732-A77B-4D3D-A062-C3AD95FD0243}_is1"
local_appdata="$(cygpath -u "$LOCALAPPDATA")"
app="$local_appdata/Programs/Tute"
menu="$(cygpath -u "$APPDATA")/Microsoft/Windows/Start Menu/Programs/Tute.lnk"
key="HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\$APP_ID"
fail() { echo "install test: FAILED, $*" >&2; exit 1; }

log="$(cygpath -w "$RUNNER_TEMP/tute-install.log" 2>/dev/null || echo tute-install.log)"
MSYS2_ARG_CONV_EXCL="*" "$setup" /VERYSILENT /SUPPRESSMSGBOXES /NORESTART /CURRENTUSER "/LOG=$log" \
    || { cat "$(cygpath -u "$log")" >&2 || true; fail "the setup failed"; }
[[ -x "$app/tute.exe" ]] || fail "no $app/tute.exe"
[[ -f "$app/_internal/LICENSE" && -f "$app/_internal/THIRD_PARTY_NOTICES.txt" ]] \
    || fail "licences not installed"
[[ -f "$menu" ]] || fail "no Start-menu entry"
MSYS2_ARG_CONV_EXCL="*" reg query "$key" /v DisplayVersion || fail "no uninstall entry"

bash "$ROOT/installer/smoke_test.sh" "$app/tute.exe"

# The uninstaller hands over to a copy of itself in %TEMP% and returns at once:
# wait until the game's folder is gone.
MSYS2_ARG_CONV_EXCL="*" "$app/unins000.exe" /VERYSILENT /SUPPRESSMSGBOXES /NORESTART \
    || fail "the uninstaller failed"
for _ in $(seq 1 120); do
    [[ -e "$app/tute.exe" ]] || break
    sleep 1
done
[[ ! -e "$app/tute.exe" && ! -e "$app/_internal" ]] || fail "files left after uninstalling"
[[ ! -e "$menu" ]] || fail "Start-menu entry left after uninstalling"
if MSYS2_ARG_CONV_EXCL="*" reg query "$key" >/dev/null 2>&1; then
    fail "uninstall entry left after uninstalling"
fi
echo "install test: installed, played one round, uninstalled cleanly"
