#!/usr/bin/env bash
# The one-folder app (dist/tute, and dist/Tute.app on macOS) from build.spec,
# reproducibly: PyInstaller orders modules by Python's string hashes, so a
# random PYTHONHASHSEED reorders base_library.zip on every build; the seed is
# fixed here. SOURCE_DATE_EPOCH (the last commit's time unless set) stamps the
# Windows executable's header instead of the clock.
#
#   bash installer/freeze.sh [extra PyInstaller options]
# PYTHON: the Python with PyInstaller (default: .venv's, else python3).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PYTHON="${PYTHON:-$(test -x "$ROOT/.venv/bin/python" && echo "$ROOT/.venv/bin/python" || echo python3)}"
export PYTHONHASHSEED=0
if [[ -z "${SOURCE_DATE_EPOCH:-}" ]]; then
    SOURCE_DATE_EPOCH="$(git -C "$ROOT" log -1 --format=%ct 2>/dev/null || echo 315532800)"
fi
export SOURCE_DATE_EPOCH
cd "$ROOT"
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN "$@" build.spec
