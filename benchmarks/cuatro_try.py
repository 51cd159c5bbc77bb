"""Candidate changes to the ``cuatro`` expert, tried in the arena without
changing the bots (issue 32 item 5): the candidate is patched into this one
process, then ``arena.main`` runs with the remaining arguments.

    nice -n 10 .venv/bin/python benchmarks/cuatro_try.py maxn --variant cuatro \\
        --a expert --b hard --a-iterations 80 --b-iterations 8 --deals 1000 --jobs 1 \\
        --seed 20000 --log benchmarks/results/cuatro-try-maxn-it80-vs-hard-it8.jsonl

Run with ``--jobs 1``: the patch lives in this process only. Compare a
candidate's log with the expert's own on the same seeds
(``compare_logs.py``). The candidates (docs/benchmarks.md, cuatro):

- ``none``: the expert as it is (the patch does nothing): since issue 32's
  second round, ``maxn+leaf3``.
- ``paranoid``: the worlds solved by ``solver.Standings`` (the expert before
  ``alone.EACH_FOR_ITSELF``; the baseline log was played so).
- ``maxn``: the worlds solved from four cards a hand by ``alone.Each`` (every
  seat playing for itself) instead of ``solver.Standings`` (the three others
  against the searcher). Since ``alone.EACH_FOR_ITSELF`` the expert does so
  itself (the patch then changes nothing).
- ``maxn5``: ``maxn`` from five cards a hand (``EXPERT_SOLVE_CARDS``), with
  at most 8 worlds a move at five cards (a 1 s move solves about 4 there,
  each 210 ms on average: docs/benchmarks.md).
- ``leaf3``: each rollout played by the rule-based player until a trick of the
  last three has been led, then solved by ``alone.Each`` (the end played as
  each seat for itself would, not as the rule-based player would). Kept: the
  expert's ``alone.SolvingPolicy`` does so itself now.
- ``smooth``: the expert's rollouts valued by the chance of winning the round
  that their final margin over the best other seat suggests,
  ``logistic(margin / 10)``, instead of 1 for the won round (plus a quarter of
  the margin of 130): a rollout of the rule-based player only estimates how
  the round ends, so a round won by 1 point is about as good as one lost by 1.
- ``noweigh``: the worlds not weighed by how well the rule-based player
  explains the others' plays (``pimc(weigh=False)``, as ``hard``).

``--stop N``: stop once the SPRT (``arena.sprt``) has decided and at least N
duplicate deals are in the log, then print the log's summary.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

import expert_try

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


def _paranoid() -> None:
    from tute_desktop.bots.solver import Standings

    plain = search.solve_world

    def solve_world(world: State, seat: int) -> dict[int, float]:
        if world.rules.name == "cuatro":
            return Standings(world, seat).root_values(world)
        return plain(world, seat)

    search.solve_world = solve_world  # type: ignore[assignment]


def _noweigh() -> None:
    plain = levels.pimc

    def pimc(view, actions, rng, budget, default_ms, policy, **kw):  # type: ignore[no-untyped-def]
        if view.state.rules.name == "cuatro":
            kw["weigh"] = False
        return plain(view, actions, rng, budget, default_ms, policy, **kw)

    levels.pimc = pimc  # type: ignore[assignment]


def _leaf3() -> None:
    expert_try.patch_rollouts(expert_try.leaf_value(3), ("cuatro",))


def _smooth() -> None:
    from tute_desktop.bots.base import logistic

    plain_rollout = search.rollout

    def rollout(world: State, policy: search.Policy, rng: random.Random, root: State,
                side: int) -> float:
        if policy is not levels.EXPERT_POLICY or world.rules.name != "cuatro":
            return plain_rollout(world, policy, rng, root, side)
        search.play_out(world, policy, rng)
        value = search.terminal_value(root, world, side)
        if world.reason is not None and world.reason.name in ("TUTE", "THROW_IN"):
            return value
        pts = world.points
        margin = pts[side] - max(p for s, p in enumerate(pts) if s != side)
        return logistic(margin / 10.0) + search.POINT_SHARE * margin / 130.0

    search.rollout = rollout  # type: ignore[assignment]


def _maxn5() -> None:
    from tute_desktop.bots.base import Budget

    _maxn()
    levels.EXPERT_SOLVE_CARDS["cuatro"] = 5  # type: ignore[index]
    plain = levels.pimc

    def pimc(view, actions, rng, budget, default_ms, policy, **kw):  # type: ignore[no-untyped-def]
        st = view.state
        if st.rules.name == "cuatro" and budget.iterations is not None \
                and search.exact_mode(st, actions, kw.get("solve_cards", 0)) == search.WORLDS \
                and max(h.bit_count() for h in st.hands) == 5:
            budget = Budget(iterations=min(budget.iterations, 8))
        return plain(view, actions, rng, budget, default_ms, policy, **kw)

    levels.pimc = pimc  # type: ignore[assignment]


CANDIDATES: dict[str, Callable[[], None]] = {
    "maxn5": _maxn5, "maxn5+smooth": lambda: (_maxn5(), _smooth()),
    "smooth": _smooth, "maxn+smooth": lambda: (_maxn(), _smooth()),
    "none": lambda: None, "paranoid": _paranoid, "maxn": _maxn, "noweigh": _noweigh,
    "leaf3": _leaf3,
    "maxn+leaf3": lambda: (_maxn(), _leaf3())}


if __name__ == "__main__":
    sys.exit(expert_try.run(CANDIDATES, sys.argv[1:], "cuatro_try.py"))
