#!/usr/bin/env bash
# Builds the app a second time, from a copy of the sources at another path, and
# checks that the .deb and the .tar.gz come out byte-identical to dist/'s (made
# by the first build). On a difference it says which files of the app differ.
#
#   bash installer/linux/check_reproducible.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PYTHON="${PYTHON:-$(test -x "$ROOT/.venv/bin/python" && echo "$ROOT/.venv/bin/python" || echo python3)}"
export PYTHON
SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git -C "$ROOT" log -1 --format=%ct)}"
export SOURCE_DATE_EPOCH

first=("$ROOT"/dist/tute_*.deb "$ROOT"/dist/tute-*-linux-*.tar.gz)
for f in "${first[@]}"; do [[ -f "$f" ]] || { echo "no $f: build the packages first" >&2; exit 1; }; done

again="$(mktemp -d "${TMPDIR:-/tmp}/tute-again.XXXXXX")"
trap 'rm -rf "$again"' EXIT
# The sources as they are in the work tree (what was just built), not ignored files.
git -C "$ROOT" ls-files -z --cached --others --exclude-standard | (cd "$ROOT" && tar --null -T - -cf -) | tar -C "$again" -xf -
bash "$again/installer/freeze.sh" --workpath "$again/build/pyinstaller" --distpath "$again/dist" \
    >/dev/null
bash "$again/installer/linux/make_deb.sh" >/dev/null
bash "$again/installer/linux/make_tarball.sh" >/dev/null

status=0
for f in "${first[@]}"; do
    second="$again/dist/$(basename "$f")"
    if cmp -s "$f" "$second"; then
        echo "reproducible: $(basename "$f") $(sha256sum < "$f" | cut -c1-16)"
    else
        echo "NOT reproducible: $(basename "$f") differs between two builds" >&2
        status=1
    fi
done
if [[ $status -ne 0 ]]; then
    diff -r --brief "$ROOT/dist/tute" "$again/dist/tute" >&2 || true
fi
exit $status
