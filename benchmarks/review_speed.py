"""How long the round review takes (issues 19 and 31): per variant, the time to
analyse one decision (median, p95) with the review's fixed budget
(``review.ITERATIONS``) and the time to a whole round's review for one seat.

    python benchmarks/review_speed.py             # 4 rounds a variant
    python benchmarks/review_speed.py --short     # 1 round a variant (CI)
    python benchmarks/review_speed.py --iterations 30 --variant tres
    python benchmarks/review_speed.py --load 2 --short   # as a person waits for it

By default the decisions are analysed one after another in this process. With
``--worker`` (implied by ``--load``) the round is reviewed as the game does it:
every decision handed at once to a worker process of its own
(``bots.worker.BotWorker``, at ``--niceness``: 0 as the game's review worker,
19 as the bots' worker), started and warmed before the clock starts (the game
starts it when a table opens), and the times are those a person waits: until
the first decision is ready, the first three, and the whole round. ``--load N``
starts N CPU-bound processes at this process's priority first (stopped at the
end), the busy machine of issue 31. Since a shared machine may be busier
still, the table also gives the processor time the round took in the workers
and, from each decision's, when each would be ready beside exactly N such
processes (``expected``: each busy process gets an equal share of the cores).
Then the hint of the round's costliest decision is asked alone in the worker,
as at the table (``review.hint_why`` at the review's deals): the seconds until
it answers, its processor time, and the time expected beside N spinners.
"deals a decision" is the range of the sampled decisions' deals
(``review.decision_deals``: fewer where a deal costs more work).

Rounds are the first deal of seeded matches between rule-based (easy) bots; seat
0's decisions are reviewed. Aims: about 0.5 s a decision at the median; a
round's review within 15 s of opening it, its first decisions within 2 s, with
two CPU-bound processes running on a 2-core machine (issue 31).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import time
from concurrent.futures import Future
from multiprocessing.process import BaseProcess

from tute_desktop.bots import Budget, make_bot
from tute_desktop.bots.worker import BotWorker, ready
from tute_desktop.engine import find_variant, view
from tute_desktop.engine.replay import replay_all
from tute_desktop.engine.rules import VARIANTS
from tute_desktop.engine.state import PLAYING
from tute_desktop.game import review
from tute_desktop.game.match import Match, Seat


def played_round(variant: str, seed: int) -> dict[str, object]:
    """A first deal played out by easy bots, as a saved payload."""
    rules_players = find_variant(variant).players
    match = Match(variant, [Seat(f"b{i}", "easy") for i in range(rules_players)], seed=seed)
    bot = make_bot("easy")
    while match.state.phase is PLAYING:
        seat = match.to_act
        assert seat is not None
        match.apply(bot.choose(match.view(seat), match.bot_rng(), Budget(iterations=8)))
    return review.match_prefix(match.to_json(), 0)


def burn() -> None:
    """A CPU-bound process: it computes until it is stopped."""
    x = 0
    while True:
        for i in range(100_000):
            x ^= i * i


def start_load(n: int) -> list[BaseProcess]:
    """``n`` CPU-bound processes at this process's priority."""
    ctx = multiprocessing.get_context("spawn")
    procs: list[BaseProcess] = [ctx.Process(target=burn, daemon=True) for _ in range(n)]
    for p in procs:
        p.start()
    return procs


def in_process(tasks: list[review.Task]) -> tuple[list[float], list[int]]:
    """Each decision's time, analysed one after another here, and its deals."""
    times, deals = [], []
    for task in tasks:
        start = time.perf_counter()
        deals.append(review.analyse(task).worlds)
        times.append(time.perf_counter() - start)
    return times, deals


def timed_analyse(task: review.Task) -> tuple[float, int]:
    """``review.analyse`` in the worker: the processor time it took there,
    and its sampled deals (``review.decision_deals``; 1 when exact)."""
    start = time.process_time()
    worlds = review.analyse(task).worlds
    return time.process_time() - start, worlds


def in_worker(worker: BotWorker, tasks: list[review.Task],
              ) -> tuple[list[float], list[tuple[float, int]]]:
    """When each decision was ready (seconds from handing them all to the
    worker at once, as the review scene does), in the order they were asked,
    and the processor time each took in the worker with its deals."""
    start = time.perf_counter()
    done: list[float] = [0.0] * len(tasks)
    futures: list[Future[tuple[float, int]]] = []
    for i, task in enumerate(tasks):
        f = worker.submit(timed_analyse, task)

        def mark(_: Future[tuple[float, int]], i: int = i) -> None:
            done[i] = time.perf_counter() - start

        f.add_done_callback(mark)
        futures.append(f)
    return done, [f.result() for f in futures]


def timed_hint(task: review.Task) -> float:
    """The hint at the moment of ``task``'s decision (``review.hint_why``,
    seeded and budgeted as the table asks it) in the worker: its processor
    time there."""
    st = review.round_start(task.match)
    replay_all(st, review.round_steps(st.rules, task.match["rounds"][-1], task.step))
    rng = review.decision_rng(task.seed, len(task.match["rounds"]), task.step)
    start = time.process_time()
    review.hint_why(view(st, task.seat), rng, Budget(iterations=task.iterations))
    return time.process_time() - start


def hint_alone(worker: BotWorker, task: review.Task) -> tuple[float, float]:
    """A hint asked with nothing else in the worker (as at the table): the
    seconds until it is ready and its processor time."""
    start = time.perf_counter()
    cpu = worker.submit(timed_hint, task).result()
    return time.perf_counter() - start, cpu


def share(load: int, busy: int) -> float:
    """The share of a core each of ``busy`` processes gets beside ``load``
    CPU-bound ones at the same priority, on this machine's cores with nothing
    else running."""
    return min(1.0, (os.cpu_count() or 1) / (load + busy))


def expected(work: list[float], load: int, workers: int) -> list[float]:
    """When each decision would be ready beside exactly ``load`` CPU-bound
    processes: the decisions handed in order to the first free of
    ``workers``, each running at ``share`` of a core for as many workers as
    are busy (time-stepped from one finish to the next)."""
    ready_at = [0.0] * len(work)
    left = {i: w for i, w in enumerate(work)}
    queue = list(range(len(work)))
    running: list[int] = []
    now = 0.0
    while queue or running:
        while queue and len(running) < workers:
            running.append(queue.pop(0))
        rate = share(load, len(running))
        step = min(left[i] for i in running) / rate
        now += step
        for i in list(running):
            left[i] -= step * rate
            if left[i] <= 1e-12:
                ready_at[i] = now
                running.remove(i)
    return ready_at


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--short", action="store_true", help="one round a variant")
    p.add_argument("--rounds", type=int, default=4)
    p.add_argument("--variant", action="append", choices=VARIANTS)
    p.add_argument("--iterations", type=int, default=None,
                   help="sampled deals a decision (default: review.ITERATIONS)")
    p.add_argument("--worker", action="store_true",
                   help="review each round in a worker process, all decisions at once")
    p.add_argument("--niceness", type=int, default=0,
                   help="the worker's niceness (0: the game's review worker; 19: the bots')")
    p.add_argument("--workers", type=int, default=review.WORKERS,
                   help="worker processes (default: the game's, review.WORKERS)")
    p.add_argument("--load", type=int, default=0, metavar="N",
                   help="run N CPU-bound processes meanwhile (implies --worker)")
    args = p.parse_args(argv)
    rounds = 1 if args.short else args.rounds
    use_worker = args.worker or args.load > 0
    load = start_load(args.load)
    worker: BotWorker | None = None
    try:
        if use_worker:
            worker = BotWorker(niceness=args.niceness, workers=args.workers)
            worker.start()
            for f in [worker.submit(ready) for _ in range(args.workers)]:
                f.result()
            before = f", load average {os.getloadavg()[0]:.1f}" \
                if hasattr(os, "getloadavg") else ""
            print(f"worker at niceness {args.niceness}, {args.load} CPU-bound processes, "
                  f"{os.cpu_count()} cores{before}")
            print("| variant | deals a decision | decisions | first ready s | first 3 ready s "
                  "| round review s | processor s | expected: first s | first 3 s | round s "
                  "| slowest hint s | its processor s | expected hint s |")
            print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        else:
            print("| variant | deals a decision | decisions | median s | p95 s "
                  "| round review s (max) |")
            print("|---|---:|---:|---:|---:|---:|")
        for variant in args.variant or VARIANTS:
            n = args.iterations or review.deals_for(variant)
            times: list[float] = []
            totals: list[float] = []
            firsts: list[float] = []
            threes: list[float] = []
            work: list[float] = []
            model: list[list[float]] = []
            deals: list[int] = []
            hints: list[tuple[float, float]] = []
            for r in range(rounds):
                tasks = review.tasks(played_round(variant, 1000 + r), 0, n, seed=r)
                if worker is not None:
                    done, timed = in_worker(worker, tasks)
                    cpu = [c for c, _ in timed]
                    deals.extend(d for _, d in timed)
                    work.append(sum(cpu))
                    model.append(expected(cpu, args.load, args.workers) or [0.0])
                    firsts.append(min(done[:1] or [0.0]))
                    threes.append(max(done[:3] or [0.0]))
                    totals.append(max(done or [0.0]))
                    times.extend(done)
                    if tasks:  # the hint of the round's costliest decision
                        hints.append(hint_alone(worker, tasks[cpu.index(max(cpu))]))
                else:
                    took, worlds = in_process(tasks)
                    deals.extend(worlds)
                    times.extend(took)
                    totals.append(sum(took))
            sampled = [d for d in deals if d > 1]
            n_shown = f"{min(sampled)}-{max(sampled)}" if sampled and min(sampled) < max(sampled) \
                else str(max(sampled or [n]))
            if worker is not None:
                # The processor time the work took, and when it would be ready
                # beside exactly ``--load`` spinners (the machine here may be
                # busier than that: the wall-clock columns say how much); the
                # hint alone in the worker beside them likewise.
                wall, hint_cpu = max(hints or [(0.0, 0.0)], key=lambda h: h[1])
                print(f"| {variant} | {n_shown} | {len(times)} | {max(firsts):.1f} "
                      f"| {max(threes):.1f} | {max(totals):.1f} | {max(work):.1f} "
                      f"| {max(m[0] for m in model):.1f} | {max(max(m[:3]) for m in model):.1f} "
                      f"| {max(max(m) for m in model):.1f} | {wall:.1f} | {hint_cpu:.2f} "
                      f"| {hint_cpu / share(args.load, 1):.1f} |", flush=True)
                continue
            times.sort()
            p95 = times[min(len(times) - 1, int(len(times) * 0.95))] if times else 0.0
            med = statistics.median(times) if times else 0.0
            print(f"| {variant} | {n_shown} | {len(times)} | {med:.2f} | {p95:.2f} | "
                  f"{statistics.median(totals):.1f} ({max(totals):.1f}) |", flush=True)
    finally:
        for proc in load:
            proc.terminate()
            proc.join()
        if worker is not None:
            worker.shutdown(wait=False, cancel_futures=True)
    return 0


if __name__ == "__main__":
    random.seed(0)
    sys.exit(main())
