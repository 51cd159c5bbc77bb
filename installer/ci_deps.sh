#!/usr/bin/env bash
# The Debian packages CI's package checks use, installed when missing (CI runs as
# root on a Debian machine; elsewhere this only says what is missing):
#   lintian, appstream (appstreamcli), desktop-file-utils, binutils (objdump),
#   xvfb and xauth (a display for Wine), and Wine with 32-bit support for
#   compiling and installing the Windows setup (ISCC.exe and the setup are 32-bit).
# Wine needs Debian's i386 index; when a mirror is out of sync that index may fail
# to download: then Wine is left out, loudly, and the Windows setup check says
# SKIPPED instead of failing the whole run.
set -uo pipefail
needed=(lintian appstream desktop-file-utils binutils xvfb xauth)
wine_pkgs=(wine wine32:i386 wine64)

missing=()
for p in "${needed[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
want_wine=0
dpkg -s wine32:i386 >/dev/null 2>&1 && command -v wine >/dev/null || want_wine=1
[[ ${#missing[@]} -eq 0 && $want_wine -eq 0 ]] && { echo "ci deps: all present"; exit 0; }

if [[ "$(id -u)" != 0 ]] || ! command -v apt-get >/dev/null; then
    echo "ci deps: missing ${missing[*]:-nothing else} (Wine wanted: $want_wine); install them as root with apt" >&2
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
# apt's output goes to a folder of our own: this runs as root, and fixed names in
# the shared /tmp could be links planted by anyone, followed when written.
logs="$(mktemp -d)" || { echo "ci deps: no temporary folder" >&2; exit 1; }
trap 'rm -rf "$logs"' EXIT
if [[ $want_wine -eq 1 ]]; then
    dpkg --add-architecture i386
fi
# A partial failure (say the security mirror's i386 index mid-sync) is not fatal:
# what can be installed from the indexes that did arrive still is.
apt-get update -q >"$logs/apt-update.log" 2>&1 \
    || echo "ci deps: apt-get update reported errors: $(grep -E '^(E|Err)' "$logs/apt-update.log" | head -n3)" >&2
if [[ ${#missing[@]} -gt 0 ]]; then
    apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null \
        || { echo "ci deps: could not install ${missing[*]}" >&2; exit 1; }
fi
if [[ $want_wine -eq 1 ]]; then
    if apt-get install -y -q --no-install-recommends "${wine_pkgs[@]}" >"$logs/apt-wine.log" 2>&1; then
        echo "ci deps: installed Wine ($(wine --version))"
    else
        echo "ci deps: WINE NOT INSTALLED (Debian's i386 packages could not be had today:" \
             "$(grep -E '^E:' "$logs/apt-wine.log" | head -n2)); the Windows setup check will be skipped" >&2
    fi
fi
echo "ci deps: ready"
