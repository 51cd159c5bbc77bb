#!/usr/bin/env bash
# Proves a frozen build starts and plays: one autoplayed round, headless, with a
# throwaway TUTE_HOME, then a clean exit; its window painted by SDL's renderer,
# whose frames it saves as screenshots (--screenshots) of the window's size in
# pixels. Fails (non-zero) otherwise.
#
#   bash installer/smoke_test.sh [path/to/tute executable]
#   SMOKE_PIXEL_RATIO=2 bash installer/smoke_test.sh ...   # as on a Retina display
#
# Default: dist/tute/tute (dist/tute/tute.exe on Windows). SMOKE_PIXEL_RATIO
# (default 1) is passed as --pixel-ratio: 2 paints the 1280x720-point window at
# 2560x1440 pixels (the macOS jobs: hosted runners have no Retina display).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
exe="${1:-$ROOT/dist/tute/tute}"
[[ -x "$exe" || ! -x "$exe.exe" ]] || exe="$exe.exe"
[[ -x "$exe" ]] || { echo "no frozen app at $exe" >&2; exit 1; }

home="$(mktemp -d)"
trap 'rm -rf "$home"' EXIT
# Git Bash on Windows: hand the native program a Windows path.
native="$home"
command -v cygpath >/dev/null && native="$(cygpath -w "$home")"
export TUTE_HOME="$native" SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
ratio="${SMOKE_PIXEL_RATIO:-1}"
[[ "$ratio" =~ ^[1-4]$ ]] || { echo "SMOKE_PIXEL_RATIO must be 1 to 4, not $ratio" >&2; exit 1; }
limit=()
command -v timeout >/dev/null && limit=(timeout 300)

exe="$(cd "$(dirname "$exe")" && pwd)/$(basename "$exe")"  # it runs from another folder
"$exe" --version
# Started in a booby-trapped folder (issue 27): modules there that would run if the
# app, its bots' worker or multiprocessing's resource tracker imported from the
# current folder. Each leaves a file beside itself if it runs.
trap_dir="$home/trapped folder"
mkdir -p "$trap_dir/multiprocessing" "$trap_dir/tute_desktop" "$trap_dir/pygame"
for f in multiprocessing/__init__.py tute_desktop/__init__.py pygame/__init__.py json.py; do
    echo "open(__file__ + '.ran', 'w').close()" > "$trap_dir/$f"
done
status=0
(cd "$trap_dir" && ${limit[@]+"${limit[@]}"} "$exe" --autoplay --quit-after-rounds 1 \
    --speed 4 --level random --frame-log "$native/frames.txt" --size 1280x720 \
    --pixel-ratio "$ratio" --screenshots "$native/shots") || status=$?
if [[ $status -ne 0 ]]; then
    echo "frozen app exited with status $status" >&2
    cat "$home"/logs/*.log >&2 2>/dev/null || true
    exit 1
fi
ran="$(find "$trap_dir" -name '*.ran')"
[[ -z "$ran" ]] || { echo "frozen app ran code from the current folder: $ran" >&2; exit 1; }
if grep -qs "bots think on a thread" "$home"/logs/*.log; then
    echo "frozen app's bots had no worker process" >&2; exit 1
fi
[[ -s "$home/frames.txt" ]] || { echo "frozen app drew no frame" >&2; exit 1; }
frames="$(grep -vc '^#' "$home/frames.txt")"
# The first screenshot: a whole PNG, the window's size in pixels (read from its
# header: width and height, big-endian, at bytes 16 to 23).
shot="$(find "$home/shots" -name '*.png' 2>/dev/null | sort | head -n 1)"
[[ -n "$shot" ]] || { echo "frozen app took no screenshot" >&2; exit 1; }
read -r -a b <<< "$(od -An -tu1 -j16 -N8 "$shot")"
width=$(( (b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3] ))
height=$(( (b[4] << 24) | (b[5] << 16) | (b[6] << 8) | b[7] ))
if [[ "${width}x${height}" != "$((1280 * ratio))x$((720 * ratio))" ]]; then
    echo "frozen app's screenshot $(basename "$shot") is ${width}x${height} pixels," \
         "not $((1280 * ratio))x$((720 * ratio)) (1280x720 points at ratio $ratio)" >&2
    exit 1
fi
shots="$(find "$home/shots" -name '*.png' | wc -l | tr -d ' ')"
echo "frozen app OK: one autoplayed round, $frames frames, $shots screenshots at" \
     "${width}x${height} pixels (ratio $ratio), $(grep first_frame_s "$home/frames.txt")"
