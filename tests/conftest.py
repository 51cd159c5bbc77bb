"""Shared pytest setup: the whole suite runs headless.

pygame reads these variables when its display and mixer start, so they are set
here, before any test module imports pygame: no window opens and no sound device
is needed, on a developer's desktop as on CI.
"""

import os
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

# The arena and the benchmark scripts live in benchmarks/, outside the shipped
# package; their tests import them from there.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """A game window (headless) with its own user directories; bots run on the
    calling thread so a test never waits on time."""
    from window_helpers import inline_app

    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    a = inline_app()
    yield a
    a.nav.close_all()
    a.writer.close()
    a.screen.close()  # textures before their renderer (gfx.Screen.close)


@pytest.fixture
def engine() -> Iterator[object]:
    """A running ``tute-engine`` process (``test_protocol.Engine``), closed cleanly
    at the end (its exit status checked), or killed if a test left it broken."""
    from test_protocol import Engine

    e = Engine()
    try:
        yield e
    finally:
        if e.proc.poll() is None and e.proc.stdin and not e.proc.stdin.closed:
            assert e.close() == 0
        else:
            e.proc.kill()
            e.proc.wait()
