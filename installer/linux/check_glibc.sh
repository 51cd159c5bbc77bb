#!/usr/bin/env bash
# The oldest Linux a one-folder build runs on: the newest GLIBC_ (and GLIBCXX_,
# from the system's libstdc++, which the build does not bundle) symbol version
# anything in it needs. With a limit, fails when the build needs more.
#
#   bash installer/linux/check_glibc.sh [dist/tute] [max glibc, e.g. 2.28]
#
# The release workflow builds on AlmaLinux 8 and passes 2.28 (Debian 10, Ubuntu
# 18.10, RHEL 8); a build on a newer system needs that system's glibc.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
app="${1:-$ROOT/dist/tute}"
limit="${2:-}"
command -v objdump >/dev/null || { echo "objdump not found (binutils)" >&2; exit 1; }

newest() {  # newest version of symbol prefix $1 needed by any ELF file in the app
    find "$app" -type f \( -name '*.so*' -o -name tute \) -exec objdump -T {} + 2>/dev/null \
        | grep -oE "\b$1[0-9][0-9.]*[0-9]" | sed "s/^$1//" | sort -uV | tail -n1
}
glibc="$(newest GLIBC_)"
glibcxx="$(newest GLIBCXX_)"
if find "$app" -name 'libstdc++.so*' -o -name 'libgcc_s.so*' | grep -q .; then
    echo "$app bundles libstdc++ or libgcc_s: the system's must be used (build.spec)" >&2
    exit 1
fi
echo "$app needs glibc >= $glibc${glibcxx:+ and libstdc++ with GLIBCXX_$glibcxx}"
if [[ -n "$limit" ]] && [[ "$(printf '%s\n%s\n' "$glibc" "$limit" | sort -V | tail -n1)" != "$limit" ]]; then
    echo "that is newer than the promised floor, glibc $limit: build on an older system" >&2
    exit 1
fi
