"""Candidate changes to the ``cuatro`` expert, tried in the arena without
changing the bots (issue 32 item 5): the candidate is patched into this one
process, then ``arena.main`` runs with the remaining arguments.

    nice -n 10 .venv/bin/python benchmarks/cuatro_try.py maxn --variant cuatro \\
        --a expert --b hard --a-iterations 80 --b-iterations 8 --deals 1000 --jobs 1 \\
        --seed 20000 --log benchmarks/results/cuatro-try-maxn-it80-vs-hard-it8.jsonl

Run with ``--jobs 1``: the patch lives in this process only. Compare a
candidate's log with the expert's own on the same seeds
(``compare_logs.py``). The candidates (docs/benchmarks.md, cuatro):

- ``none``: the expert as it is (the patch does nothing).
- ``maxn``: the worlds solved from four cards a hand by ``alone.Each`` (every
  seat playing for itself) instead of ``solver.Standings`` (the three others
  against the searcher).
- ``noweigh``: the worlds not weighed by how well the rule-based player
  explains the others' plays (``pimc(weigh=False)``, as ``hard``).

``--stop N``: stop once the SPRT (``arena.sprt``) has decided and at least N
duplicate deals are in the log, then print the log's summary.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import arena

from tute_desktop.bots import levels, search
from tute_desktop.bots.alone import Each
from tute_desktop.engine import State


def _maxn() -> None:
    plain = search.solve_world

    def solve_world(world: State, seat: int) -> dict[int, float]:
        if world.rules.sides == world.n > 2:
            return Each(world).root_values(world)
        return plain(world, seat)

    search.solve_world = solve_world  # type: ignore[assignment]


def _noweigh() -> None:
    plain = levels.pimc

    def pimc(view, actions, rng, budget, default_ms, policy, **kw):  # type: ignore[no-untyped-def]
        if view.state.rules.name == "cuatro":
            kw["weigh"] = False
        return plain(view, actions, rng, budget, default_ms, policy, **kw)

    levels.pimc = pimc  # type: ignore[assignment]


CANDIDATES: dict[str, Callable[[], None]] = {
    "none": lambda: None, "maxn": _maxn, "noweigh": _noweigh}


class _Decided(Exception):
    pass


def _stop_when_decided(least: int) -> None:
    """Make the arena's log stop the run once the SPRT decides (``--stop``)."""
    add = arena.ResultLog.add

    def stopping(self: arena.ResultLog, task: arena.Task, games: list[arena.GameResult]) -> None:
        add(self, task, games)
        if len(self.done) < least:
            return
        scores = [arena.pairwise(sum(g.a_won for g in r) / len(r), 4)
                  for r in (self.done[k] for k in sorted(self.done))]
        if arena.sprt(scores)[1] != "continue":
            raise _Decided

    arena.ResultLog.add = stopping  # type: ignore[method-assign]


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in CANDIDATES:
        print(f"usage: cuatro_try.py {{{','.join(CANDIDATES)}}} ARENA-ARGS...", file=sys.stderr)
        return 2
    if "--jobs" not in argv[1:] or argv[argv.index("--jobs") + 1] != "1":
        print("cuatro_try.py: run with --jobs 1 (the patch lives in this process)",
              file=sys.stderr)
        return 2
    CANDIDATES[argv[0]]()
    args = argv[1:]
    if "--stop" in args:
        i = args.index("--stop")
        _stop_when_decided(int(args[i + 1]))
        del args[i:i + 2]
    try:
        return arena.main(args)
    except _Decided:
        i = args.index("--log")
        done = len(arena.read_log(args[i + 1])[1])
        j = args.index("--deals")
        return arena.main([*args[:j], "--deals", str(done), *args[j + 2:]])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
