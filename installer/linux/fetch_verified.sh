#!/usr/bin/env bash
# Downloads a tool a build runs, and keeps it only if its SHA-256 is the one given:
#
#   bash installer/linux/fetch_verified.sh URL DEST SHA256
#
# Refuses to fetch without a hash (a tool run unverified could be anything the
# server, or whoever sits in between, sends). On a mismatch the download is
# deleted and nothing is left at DEST. Exit 0 only with DEST verified.
set -euo pipefail
url="${1:?URL}" dest="${2:?DEST}" want="${3:-}"
if ! [[ "$want" =~ ^[0-9a-f]{64}$ ]]; then
    echo "fetch_verified: no SHA-256 (64 hex digits) for $url: refusing to download" \
         "a program that cannot be checked" >&2
    exit 1
fi
part="$dest.part"
rm -f "$part" "$dest"
curl -fsSL --retry 3 -o "$part" "$url"
got="$(sha256sum "$part" | cut -d' ' -f1)"
if [[ "$got" != "$want" ]]; then
    rm -f "$part"
    echo "fetch_verified: $url has SHA-256 $got, not the pinned $want: removed" >&2
    exit 1
fi
chmod +x "$part"
mv -f "$part" "$dest"
