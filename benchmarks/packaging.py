"""Sizes of the player builds and the frozen app's time to its first frame.

Measures what ``make dist`` left in dist/ (issue 7):
1. the one-folder build (dist/tute): bytes of every file in it, symlinks counted
   as links, as an installed copy takes them;
2. each compressed download found in dist/ (.tar.gz, .deb, .AppImage, .dmg, setup .exe);
3. the frozen app's time to first frame: from just before the process is started
   to the ``# first_frame_epoch`` its ``--frame-log`` reports (the title screen,
   headless), over several runs.

    make dist && .venv/bin/python benchmarks/packaging.py [--runs 5]

Targets: folder <= 60 MB, compressed Linux download <= 35 MB, first frame <= 2 s.
(MB here is 10^6 bytes; MiB are shown too.)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
DOWNLOADS = ("*.tar.gz", "*.deb", "*.AppImage", "*.dmg", "*-setup.exe")


def folder_bytes(path: Path) -> int:
    total = 0
    for dirpath, _dirs, files in os.walk(path):
        for name in files:
            total += os.lstat(os.path.join(dirpath, name)).st_size
    return total


def mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB ({n / 2**20:.1f} MiB)"


def frozen_exe() -> Path:
    for candidate in (DIST / "tute" / "tute", DIST / "tute" / "tute.exe",
                      DIST / "Tute.app" / "Contents" / "MacOS" / "tute"):
        if candidate.exists():
            return candidate
    raise SystemExit("no frozen app in dist/: run make dist first")


def first_frame(exe: Path) -> float:
    """Seconds from starting the frozen app to its first drawn frame."""
    with tempfile.TemporaryDirectory() as home:
        log = Path(home) / "frames.txt"
        env = dict(os.environ, TUTE_HOME=home)
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
        start = time.time()
        subprocess.run([str(exe), "--exit-after", "0.5", "--frame-log", str(log)],
                       env=env, check=True, timeout=60)
        for line in log.read_text().splitlines():
            if line.startswith("# first_frame_epoch"):
                return float(line.split()[2]) - start
    raise RuntimeError("the frame log has no first_frame_epoch")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=5, help="launches to time")
    args = p.parse_args()
    exe = frozen_exe()
    folder = exe.parent if exe.parent.name == "tute" else exe.parents[2]
    size = folder_bytes(folder)
    print(f"one-folder build {folder.relative_to(ROOT)}: {mb(size)} (target <= 60 MB)")
    for pattern in DOWNLOADS:
        for path in sorted(DIST.glob(pattern)):
            print(f"  download {path.name}: {mb(path.stat().st_size)}")
    times = [first_frame(exe) for _ in range(args.runs)]
    print(f"first frame of the frozen app over {args.runs} launches: first {times[0]:.2f} s,"
          f" median {statistics.median(times):.2f} s, max {max(times):.2f} s (target <= 2 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
