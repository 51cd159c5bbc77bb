#!/usr/bin/env bash
# dist/tute-<version>-windows-setup.exe from the one-folder build (dist/tute),
# with Inno Setup's compiler. Runs in Git Bash on Windows (make dist, and the
# release workflow). ISCC is $ISCC, iscc on PATH, or Inno Setup 6's default place.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
VERSION="$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$ROOT/tute_desktop/__init__.py")"
iscc="${ISCC:-$(command -v iscc || command -v ISCC || true)}"
for guess in "/c/Program Files (x86)/Inno Setup 6/ISCC.exe" "/c/Program Files/Inno Setup 6/ISCC.exe"; do
    [[ -n "$iscc" ]] && break
    [[ -x "$guess" ]] && iscc="$guess"
done
[[ -n "$iscc" ]] || { echo "Inno Setup (ISCC.exe) not found: skipping the installer"; exit 0; }
[[ -f "$ROOT/dist/tute/tute.exe" ]] || { echo "no dist/tute/tute.exe: run make dist" >&2; exit 1; }

# MSYS would turn /DName=... into a path: keep the arguments as written.
MSYS2_ARG_CONV_EXCL="*" "$iscc" /Q "/DAppVersion=$VERSION" \
    "/DSourceDir=$(cygpath -w "$ROOT/dist/tute")" "/DOutputDir=$(cygpath -w "$ROOT/dist")" \
    "$(cygpath -w "$ROOT/installer/windows/tute.iss")"
echo "$ROOT/dist/tute-$VERSION-windows-setup.exe"
