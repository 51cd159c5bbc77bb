"""The installed commands never run code from the folder they are started in
(issue 27, point 10).

A folder holding ``multiprocessing/__init__.py``, ``json.py`` or a
``tute_desktop/`` package is booby-trapped: each writes a file beside itself when
imported. ``tute`` and ``tute-engine`` (console scripts: their module path starts
with their own folder, not the current one) and every process the game starts
(the bots' worker and multiprocessing's resource tracker, both started as
``python -c``, which would put the current folder first) must leave them alone.
``python -m tute_desktop`` puts the current folder first by Python's design and is
not tested here. The frozen app is checked the same way by installer/smoke_test.sh.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
TRAP = "open(__file__ + '.ran', 'w').close()\n"
TIMEOUT = 120


@pytest.fixture
def trapped(tmp_path: Path) -> Path:
    folder = tmp_path / "trapped folder"
    for name in ("multiprocessing/__init__.py", "tute_desktop/__init__.py", "json.py",
                 "pygame/__init__.py", "concurrent/__init__.py", "random.py"):
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(TRAP)
    return folder


def sprung(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*.ran"))


def env(tmp_path: Path) -> dict[str, str]:
    out = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSAFEPATH")}
    out.update(TUTE_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    return out


def test_the_console_scripts_start_without_the_current_folder(
        trapped: Path, tmp_path: Path) -> None:
    done = subprocess.run([str(BIN / "tute"), "--version"], cwd=trapped, env=env(tmp_path),
                          capture_output=True, timeout=TIMEOUT)
    assert done.returncode == 0 and b"tute" in done.stdout, done
    engine = subprocess.run(
        [str(BIN / "tute-engine")], cwd=trapped, env=env(tmp_path), timeout=TIMEOUT,
        input=b'{"cmd": "new", "variant": "tres", "seed": 1}\n'
              b'{"cmd": "bot", "level": "expert", "iterations": 2}\n',
        capture_output=True)
    answers = [json.loads(line) for line in engine.stdout.splitlines()]
    assert engine.returncode == 0 and [a["ok"] for a in answers] == [True, True], engine
    assert sprung(trapped) == []


# Run as a script from its own folder, as a console script is: its module path
# starts with that folder, and the game's worker is started from there.
WORKER_SCRIPT = f"""
import os
from tute_desktop.bots.worker import BotWorker
if __name__ == "__main__":
    worker = BotWorker()
    pid = worker.submit(os.getpid).result(timeout={TIMEOUT})
    print(pid != os.getpid(), worker.in_process)
    worker.shutdown(wait=True)
"""


def test_the_bots_worker_and_the_resource_tracker_leave_the_current_folder_alone(
        trapped: Path, tmp_path: Path) -> None:
    script = tmp_path / "bin" / "start_worker.py"
    script.parent.mkdir()
    script.write_text(WORKER_SCRIPT)
    environment = env(tmp_path)
    # The installed package, as the `tute` command finds it: by the interpreter's
    # own module path, or, in a checkout installed editable, by its .pth file.
    done = subprocess.run([sys.executable, str(script)], cwd=trapped, env=environment,
                          capture_output=True, timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.split() == [b"True", b"True"], done  # a process, not a thread
    assert sprung(trapped) == [], done.stderr.decode()
