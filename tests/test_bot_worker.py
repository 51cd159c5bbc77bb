"""The window's bots think in a worker process (issue 18): the same answers as on
the calling thread for a fixed number of worlds, pygame never loaded there, one
worker shared by the tables, and a thread when no process can be started."""

from __future__ import annotations

import logging
import os
import random
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path

import pytest

from tute_desktop.bots import Budget
from tute_desktop.bots import worker as bot_worker
from tute_desktop.bots.worker import WORKER_NICENESS, BotWorker, TableExecutor, ready, think
from tute_desktop.engine import Action
from tute_desktop.game.match import Match, Seat
from tute_desktop.ui.table import InlineExecutor

WORLDS = Budget(iterations=12)


@pytest.fixture(scope="module")
def worker() -> Iterator[BotWorker]:
    w = BotWorker()
    w.start()
    yield w
    w.shutdown(wait=True)


def test_the_worker_answers_as_the_calling_thread_does(worker: BotWorker) -> None:
    match = Match("habanero", [Seat("a", "expert"), Seat("b", "hard")], seed=5)
    for _ in range(10):
        seat = match.state.to_act
        assert seat is not None
        level = match.seats[seat].level or "random"
        args = (level, match.view(seat), match.bot_rng(), WORLDS)
        there: Future[Action] = worker.submit(think, *args)
        here = InlineExecutor().submit(think, *args)
        assert there.result(timeout=60) == here.result()
        match.apply(here.result())
    assert worker.in_process


def test_the_worker_never_loads_pygame(worker: BotWorker) -> None:
    modules = worker.submit(ready).result(timeout=60)
    assert "tute_desktop.bots.levels" in modules
    assert not any(m == "pygame" or m.startswith("pygame.") for m in modules)


def test_closing_a_table_leaves_the_worker_for_the_next(worker: BotWorker) -> None:
    first = TableExecutor(worker)
    first.shutdown(wait=False, cancel_futures=True)
    second = TableExecutor(worker)
    assert second.submit(ready).result(timeout=60)
    assert worker.in_process


def test_the_window_thinks_in_a_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tute_desktop.app import App, parse_args

    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    app = App(parse_args([]))
    try:
        executor = app.thinking.executor()
        assert isinstance(executor, TableExecutor)
        match = Match("habanero", [Seat("a", "expert"), Seat("b", "expert")], seed=3)
        seat = match.state.to_act
        assert seat is not None
        args = ("expert", match.view(seat), random.Random(7), WORLDS)
        assert executor.submit(think, *args).result(timeout=60) == think(*args)
        assert app.bot_worker.in_process
    finally:
        app.bot_worker.shutdown(wait=True)


def test_without_a_process_the_bots_think_on_a_thread(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError("no processes here")

    monkeypatch.setattr(bot_worker, "ProcessPoolExecutor", refuse)
    w = BotWorker()
    match = Match("habanero", [Seat("a", "medium"), Seat("b", "medium")], seed=2)
    seat = match.state.to_act
    assert seat is not None
    args = ("medium", match.view(seat), match.bot_rng(), WORLDS)
    with caplog.at_level(logging.WARNING, logger="tute"):
        answer = w.submit(think, *args).result(timeout=60)
    w.shutdown(wait=True)
    assert answer == think(*args)
    assert not w.in_process
    assert any("thread" in r.getMessage() for r in caplog.records)


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no process priorities here")
def test_the_worker_gives_way_to_the_window(worker: BotWorker) -> None:
    assert worker.submit(os.nice, 0).result(timeout=60) == min(19, os.nice(0) + WORKER_NICENESS)


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no process priorities here")
def test_the_review_and_hints_run_at_the_windows_priority_the_bots_below_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 31: a person waits for the review and the hint, so on a busy
    machine they must not run at the bots' nice 19, which a process cannot
    undo: they have a worker process of their own."""
    from tute_desktop.app import App, parse_args

    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    app = App(parse_args([]))
    try:
        people = app.thinking.for_people()
        bots = app.thinking.executor()
        assert isinstance(people, TableExecutor) and isinstance(bots, TableExecutor)
        assert people.submit(os.getpid).result(timeout=60) != bots.submit(
            os.getpid).result(timeout=60) != os.getpid()
        assert people.submit(os.nice, 0).result(timeout=60) == os.nice(0)
        assert bots.submit(os.nice, 0).result(timeout=60) == min(19, os.nice(0) + WORKER_NICENESS)
    finally:
        app.bot_worker.shutdown(wait=True)
        app.people_worker.shutdown(wait=True)
