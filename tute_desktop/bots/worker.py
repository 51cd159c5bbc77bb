"""Bots thinking in a worker process, outside the interpreter that draws frames
(issue 18): a search then never competes with the frame loop for the lock.

``think(level, view, rng, budget)`` is what the table submits: a module-level
function a child process can import, with arguments that pickle. ``BotWorker`` is
the window's executor: one ``spawn`` process (the same on Windows, macOS and
Linux) shared by every table of the window, started and warmed when the first
table opens, shut down when the window closes. When no process can be started it
says so in the log and thinks on a thread instead.

The child imports this module, the bots and the engine, never pygame (a frozen
app calls ``multiprocessing.freeze_support()`` first thing: installer/launcher.py).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import pickle
import random
import sys
import threading
from collections.abc import Callable
from concurrent.futures import (
    Executor,
    Future,
    InvalidStateError,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
)
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from ..engine import Action, View
from .base import Bot, Budget
from .levels import make_bot

log = logging.getLogger("tute")

T = TypeVar("T")

_bots: dict[str, Bot] = {}
"""This process's bot of each level (they keep nothing between moves that changes
a choice, so one of each is enough)."""


def think(level: str, view: View, rng: random.Random, budget: Budget | None) -> Action:
    """What the bot of ``level`` plays from ``view`` (``Bot.choose``)."""
    bot = _bots.get(level)
    if bot is None:
        bot = _bots[level] = make_bot(level)
    return bot.choose(view, rng, budget)


def ready() -> frozenset[str]:
    """Run first in a new worker, so its imports are done before the first move:
    the names of the modules it has loaded (pygame must never be one)."""
    return frozenset(sys.modules)


WORKER_NICENESS = 19
"""How much lower the worker's scheduling priority is than the window's (POSIX):
on a machine with few cores a search gives way to the frame loop and the display
server, so a long think never delays a frame."""


def _lower_priority(niceness: int = WORKER_NICENESS) -> None:
    """Started in the worker: make way for the window (where the system allows)."""
    nice = getattr(os, "nice", None)
    if nice is not None and niceness:
        try:
            nice(niceness)
        except OSError:
            pass


def no_imports_from_cwd() -> None:
    """Make every Python process started from now on leave the current folder
    off its module path.

    ``spawn`` starts the worker, and multiprocessing its resource tracker, as
    ``python -c ...``, which puts the current folder first on the module path: a
    ``multiprocessing/`` or ``json.py`` in the folder the game was started from
    would run there (issue 27). The flag that stops it (``-P``) is passed on to
    children only if this process had it, and it cannot be set once running; the
    environment variable ``PYTHONSAFEPATH`` does the same in every child. The
    worker still finds the game: spawn hands it this process's own module path.
    (An interpreter started with ``-E`` ignores the variable; the ``tute``
    command is not, and a frozen app's module path never holds the folder.)"""
    os.environ["PYTHONSAFEPATH"] = "1"


def _call(task: bytes) -> Any:
    """Run a pickled ``(fn, args, kwargs)`` (in the worker)."""
    fn, args, kwargs = pickle.loads(task)
    return fn(*args, **kwargs)


class BotWorker(Executor):
    """A worker process for the bots, with a thread to fall back on.

    ``submit`` hands a task to the process (started on the first call, with a
    warming task before it); if the process cannot start or dies, the task and
    every later one run on a thread, and a warning is logged once. ``shutdown``
    stops the process and the thread.

    ``niceness``: how much lower the process's priority is than the window's
    (``WORKER_NICENESS`` for the bots; 0 for work a person waits for, the
    round review and the hint: a process can lower its priority, never raise
    it back, so that work needs a worker of its own)."""

    def __init__(self, processes: bool = True, niceness: int = WORKER_NICENESS,
                 workers: int = 1) -> None:
        self.niceness = niceness
        self.workers = workers
        """Processes (the review spreads its decisions over them; the bots think
        one at a time)."""
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._use_process = processes
        self._closed = False

    @property
    def in_process(self) -> bool:
        """Tasks go to a worker process (not, or no longer, to a thread)."""
        return self._use_process

    def start(self) -> None:
        """Start the worker now (a table opened), so its first move is not late."""
        with self._lock:
            self._process_pool()

    def _process_pool(self) -> ProcessPoolExecutor | None:
        if not self._use_process or self._closed:
            return None
        if self._pool is None:
            no_imports_from_cwd()
            try:
                self._pool = ProcessPoolExecutor(
                    max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_lower_priority, initargs=(self.niceness,))
                for _ in range(self.workers):  # each process started and warmed
                    self._pool.submit(ready)
            except (OSError, RuntimeError, ValueError, BrokenProcessPool) as e:
                self._fall_back(e)
        return self._pool

    def _fall_back(self, error: BaseException) -> None:
        if self._use_process:
            log.warning("bots think on a thread: no worker process (%s)", error)
        self._use_process = False
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def _threads(self) -> ThreadPoolExecutor:
        if self._thread is None:
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        return self._thread

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        result: Future[T] = Future()
        self._run(result, fn, args, kwargs)
        return result

    def _run(self, result: Future[T], fn: Callable[..., T], args: tuple[Any, ...],
             kwargs: dict[str, Any]) -> None:
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot submit to a closed BotWorker")
            pool = self._process_pool()
            inner: Future[T] | None = None
            if pool is not None:
                # Pickled now, not later on the pool's thread: the task sees its
                # arguments as they are at the call, like one that runs at once.
                task = pickle.dumps((fn, args, kwargs))
                try:
                    inner = pool.submit(_call, task)
                except (OSError, RuntimeError, BrokenProcessPool) as e:
                    self._fall_back(e)
            if inner is None:
                inner = self._threads().submit(fn, *args, **kwargs)

        def copy(done: Future[T]) -> None:
            if result.cancelled():
                return
            error = done.exception() if not done.cancelled() else None
            if isinstance(error, BrokenProcessPool) and not self._closed:
                with self._lock:
                    self._fall_back(error)
                self._run(result, fn, args, kwargs)  # again, on the thread
            else:
                try:
                    if done.cancelled():
                        result.cancel()
                    elif error is not None:
                        result.set_exception(error)
                    else:
                        result.set_result(done.result())
                except InvalidStateError:
                    pass  # the table cancelled it meanwhile: nobody waits for it

        inner.add_done_callback(copy)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._lock:
            self._closed = True
            pool, thread = self._pool, self._thread
            self._pool = self._thread = None
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=cancel_futures)
        if thread is not None:
            thread.shutdown(wait=wait, cancel_futures=cancel_futures)


class TableExecutor(Executor):
    """One table's share of the window's ``BotWorker``: closing the table
    cancels what it asked and has not started, and leaves the worker running for
    the next table."""

    def __init__(self, worker: BotWorker, start: bool = True) -> None:
        """``start``: start the worker now (a table's bots move soon), else
        with the first task (a hint or a review may never be asked for)."""
        self._worker = worker
        self._pending: set[Future[Any]] = set()
        if start:
            worker.start()

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future = self._worker.submit(fn, *args, **kwargs)
        self._pending.add(future)
        future.add_done_callback(self._pending.discard)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if cancel_futures:
            for future in list(self._pending):
                future.cancel()
