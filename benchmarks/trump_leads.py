"""Drawing trumps with the As in parejas: does the review undervalue it? (issue
30; cold play nc78: the review called a lead of the As of trumps, holding the As,
Tres and Rey, a 55-point mistake in a round the person's team won 110 to 20).

    nice -n 5 .venv/bin/python benchmarks/trump_leads.py --positions 60

Rounds of ``parejas`` are played by ``medium`` (seeded) until seat 0 leads
after the first trick holding the As of trumps and two trumps more. There the
lead of the As is compared with the best other lead of a side suit (the best by
the first measure) three ways, in round points (``analysis.round_difference``
at the end):

- ``sampled``: the review's measure, the expert's rollout policy over
  ``--worlds`` worlds drawn from seat 0's view (``analysis`` samples so);
- ``true-rule``: the same policy in the true deal, ``--rollouts`` times (the
  worlds sampled right: where it differs from ``sampled``, the sampling);
- ``play``: the rest of the round played in the true deal by ``--level`` at
  every seat, each from its own view (``--level-iterations`` worlds a move),
  ``--playouts`` times (where it differs from ``true-rule``, the rollout policy
  misjudges the line).

Printed: each position's three differences (As minus the other lead), then
their means with 95% intervals.
"""

from __future__ import annotations

import argparse
import random
import statistics

from tute_desktop.bots import Budget, make_bot
from tute_desktop.bots.analysis import round_difference
from tute_desktop.bots.levels import EXPERT_POLICY
from tute_desktop.bots.search import play_out
from tute_desktop.engine import Action, State, find_variant, new_game, resample, view
from tute_desktop.engine.cards import CARDS, SUIT_MASKS
from tute_desktop.engine.state import PLAYING

AS = 9
"""The As's place in a suit's ten cards (``engine.cards``)."""


def position(seed: int) -> State | None:
    """Seat 0 to lead after the first trick holding the As of trumps and two
    more trumps, the round played by ``medium`` from seed ``seed``; None if never."""
    st = new_game(find_variant("parejas"), rng=random.Random(seed))
    bots = [make_bot("medium") for _ in range(st.n)]
    rng = random.Random(seed)
    while st.phase is PLAYING:
        seat = st.to_act
        assert seat is not None
        trumps = st.hands[seat] & SUIT_MASKS[st.trump]
        if seat == 0 and not st.trick_cards and st.tricks_played >= 1 \
                and trumps.bit_count() >= 3 and trumps >> (st.trump * 10 + AS) & 1:
            return st
        st.apply(bots[seat].choose(view(st, seat), rng, Budget(iterations=10)))
    return None


def rolled(worlds: list[State], actions: list[Action]) -> list[dict[Action, float]]:
    """Each world's round difference for seat 0 after each action, the rest
    played by the expert's rollout policy (world ``k`` with seed ``k``)."""
    out = []
    for k, world in enumerate(worlds):
        values = {}
        for a in actions:
            w = world.clone()
            w.apply(a)
            play_out(w, EXPERT_POLICY, random.Random(k))
            values[a] = round_difference(w, 0)
        out.append(values)
    return out


def played(st: State, a: Action, level: str, iterations: int, playouts: int) -> float:
    """The mean round difference for seat 0 after ``a``, the rest played by
    ``level`` at every seat from its own view."""
    xs = []
    for k in range(playouts):
        w = st.clone()
        w.apply(a)
        rng = random.Random(7000 + k)
        bots = [make_bot(level) for _ in range(w.n)]
        while w.phase is PLAYING:
            seat = w.to_act
            assert seat is not None
            w.apply(bots[seat].choose(view(w, seat), rng, Budget(iterations=iterations)))
        xs.append(round_difference(w, 0))
    return statistics.mean(xs)


def interval(xs: list[float]) -> str:
    return f"{statistics.mean(xs):+.1f} ({2 * statistics.stdev(xs) / len(xs) ** 0.5:.1f})"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=60)
    p.add_argument("--worlds", type=int, default=100)
    p.add_argument("--rollouts", type=int, default=10)
    p.add_argument("--level", default="hard")
    p.add_argument("--level-iterations", type=int, default=20)
    p.add_argument("--playouts", type=int, default=6)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    rows: list[tuple[float, float, float]] = []
    seed = a.seed
    while len(rows) < a.positions:
        st = position(seed)
        seed += 1
        if st is None:
            continue
        ace = Action.parse(f"play {CARDS[st.trump * 10 + AS]}")
        others = [x for x in st.legal_actions()
                  if x.card is not None and int(x.card) // 10 != st.trump]
        if not others:
            continue
        v = view(st, 0)
        rng = random.Random(seed)
        sampled = rolled([resample(v, rng) for _ in range(a.worlds)], [ace, *others])
        other = max(others, key=lambda x: sum(row[x] for row in sampled))
        true = rolled([st] * a.rollouts, [ace, other])
        row = (statistics.mean(r[ace] - r[other] for r in sampled),
               statistics.mean(r[ace] - r[other] for r in true),
               played(st, ace, a.level, a.level_iterations, a.playouts)
               - played(st, other, a.level, a.level_iterations, a.playouts))
        rows.append(row)
        print(seed - 1, other, *(f"{x:+.1f}" for x in row), flush=True)
    sampled_, true_, play_ = (list(c) for c in zip(*rows, strict=True))
    print(f"{len(rows)} positions, As of trumps minus the best other lead (95%): "
          f"sampled {interval(sampled_)}, true-rule {interval(true_)}, "
          f"{a.level}-play {interval(play_)}, play minus sampled "
          f"{interval([y - x for x, y in zip(sampled_, play_, strict=True)])}")


if __name__ == "__main__":
    main()
