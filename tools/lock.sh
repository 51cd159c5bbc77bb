#!/usr/bin/env bash
# Regenerates the hashed locks in requirements/ from pyproject.toml, pinned to the
# versions in constraints.txt (the one list people edit), for every system the
# project builds on. `make lock` runs it; commit what it writes.
#
#   requirements/run-<system>.txt   what `make play` installs (the game, and its build backend)
#   requirements/dev-<system>.txt   + tests and tools (`make test`, CI, the release workflow)
#
# <system> is what `uname -s`/`uname -m` say there (the Makefile picks the file):
# linux-x86_64, linux-aarch64, macos-arm64, macos-x86_64, windows-x86_64. uv
# resolves for each from here (no machine of that kind needed); each file holds
# the hashes of every published file of each pinned version, so pip installs them
# with --require-hashes on any Python the versions support.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
UV="${UV:-$ROOT/.venv/bin/uv}"
cd "$ROOT"
systems=(
    "linux-x86_64 x86_64-manylinux_2_28"
    "linux-aarch64 aarch64-manylinux_2_28"
    "macos-arm64 aarch64-apple-darwin"
    "macos-x86_64 x86_64-apple-darwin"
    "windows-x86_64 x86_64-pc-windows-msvc"
)
for entry in "${systems[@]}"; do
    read -r name platform <<<"$entry"
    for kind in run dev; do
        extras=()
        [[ $kind == dev ]] && extras=(--extra test --extra dev)
        "$UV" pip compile --quiet pyproject.toml requirements/build.in ${extras[@]+"${extras[@]}"} \
            --constraint constraints.txt --python-version 3.11 --python-platform "$platform" \
            --generate-hashes --custom-compile-command "make lock" \
            --output-file "requirements/$kind-$name.txt"
    done
    echo "requirements/{run,dev}-$name.txt"
done
