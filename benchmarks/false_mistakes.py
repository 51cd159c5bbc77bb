"""How often the round review marks a mistake that is not one (issue 31 item 3).

    nice -n 10 python benchmarks/false_mistakes.py --rounds 50        # the issue's run
    nice -n 10 python benchmarks/false_mistakes.py --rounds 3 --scale 0.25
    python benchmarks/false_mistakes.py --short                       # CI smoke

Rounds are the first deal of seeded matches played by rule-based (easy) bots;
seat 0's decisions are judged (at most ``--decisions`` a round, spread over it).
For each sampled (not exact) decision:

1. The review's judgement (``analysis.judge``, the review's own evaluation)
   is run over twice the review's deals for that decision
   (``review.decision_deals`` times ``--scale``), and the rows are cut in
   two halves of the review's size.
2. The best action is chosen on the first half (``analysis.best_index``, as the
   review chooses it) and the loss of the action played measured on the other
   half, with its paired margin (``review.SPREAD`` standard errors), and marked
   as the review marks it (``review.marked``). Choosing and measuring on
   different deals keeps the best-of-k choice from inflating the loss.
3. A reference judgement over ten times the review's deals (another generator)
   measures the same claim: the loss of the action played against the best
   named in step 2. A mark is false when that reference loss is within its own
   margin (``review.marked`` false on the reference). The table gives too the
   stricter check against the reference's own best action.

For each multiple of the standard error in ``--multiples`` the same rows give
the marks that rule would make and how many of them are false (judged by the
same reference at the review's margin), so a larger multiple is measured by
the same script without running it again. Rates come with a 95% Wilson
interval. Exact decisions (two players, the stock out) are counted apart: they
are solved, never falsely marked; so are the few told in words only (a capote
or a claim played, a capote being played for), never marked.

The reasons (``review.reasons``, issue 31 item 4) the first half gives for
its best over the action played (wherever they differ) are checked on the
other half: does the claim's statistic still favour the best there (its
direction), and does the kind pass its threshold there too.

Known simplification: a declaration (an action after which the seat acts
again) takes the value of its best continuation chosen over all the rows
(``analysis._sampled``), halves included; that choice is a small best-of-k of
its own, as the review has it.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass, field

from review_speed import played_round  # (the same rounds as the review's speed)

from tute_desktop.bots import Budget
from tute_desktop.bots import reasons as reasons_mod
from tute_desktop.bots.analysis import Judgement, best_index, judge
from tute_desktop.engine import Action, State, view
from tute_desktop.engine.actions import CAPOTE, CLAIM
from tute_desktop.engine.replay import replay_all
from tute_desktop.game import review

VARIANTS = ("habanero", "tres", "parejas")
REFERENCE = 10
"""The reference judges with this many times the review's deals."""
MULTIPLES = (2.0, 3.0, 4.0)
"""Standard errors of the loss a mark must exceed: the review's (``SPREAD``) first."""


def paired(rows: list[list[float]], a: int, b: int) -> tuple[float, float]:
    """Mean of ``row[a] - row[b]`` and its standard error."""
    n = len(rows)
    diffs = [row[a] - row[b] for row in rows]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else math.inf
    return mean, math.sqrt(var / n)


def means(rows: list[list[float]]) -> list[float]:
    return [sum(row[j] for row in rows) / len(rows) for j in range(len(rows[0]))]


@dataclass
class Tally:
    decisions: int = 0
    exact: int = 0
    """Exact decisions, and those told in words only: never marked falsely."""
    marks: dict[float, int] = field(default_factory=dict)
    false: dict[float, int] = field(default_factory=dict)
    false_own: dict[float, int] = field(default_factory=dict)
    """False against the reference's own best action (the stricter check)."""
    seconds: float = 0.0
    deals: list[int] = field(default_factory=list)
    """Each sampled decision's deals (a half's)."""
    reasons: dict[str, list[int]] = field(default_factory=dict)
    """Per reason kind: [given on the first half, direction holds on the
    other, threshold passes on the other] (``held_out_reasons``)."""


@dataclass(frozen=True)
class Judged:
    """One decision: its held-out loss and error, and the reference's verdicts."""

    loss: float
    se: float
    ref_mistake: bool
    """The reference shows the named best beating the played action beyond its margin."""
    ref_own_mistake: bool
    """The reference's own best beats the played action beyond its margin."""
    deals: int
    """The review's deals for this decision (each half's)."""
    reasons: list[tuple[str, bool, bool]]
    """``held_out_reasons``."""


def judge_decision(payload: dict[str, object], step: int, seat: int, scale: float,
                   seed: int) -> Judged | None:
    """Steps 1 to 3 of the module for the decision at ``step`` (None when exact,
    or told in words only), at the review's deals for it
    (``review.decision_deals``) times ``scale``."""
    st = review.round_start(payload)
    log = review.round_actions(payload)
    replay_all(st, review.round_steps(st.rules, payload["rounds"][-1], step))  # type: ignore[index]
    v = view(st, seat)
    n = max(4, round(review.decision_deals(v, review.deals_for(st.rules.name)) * scale))
    rng = review.decision_rng(seed, 1, step)
    j = judge(v, rng, Budget(iterations=2 * n), record=True)
    if j.exact:
        return None
    texts = [str(a) for a in j.actions]
    played = texts.index(str(Action.parse(log[step][1])))
    if j.actions[played].kind in (CAPOTE, CLAIM) or st.capote_seat >= 0:
        return None
    choose, measure = j.rows[:n], j.rows[n:]
    best = best_index(st, j.actions, choose, means(choose), False)
    if best < 0:
        return None
    m = means(measure)
    loss = max(0.0, review.shown(m[best], False) - review.shown(m[played], False))
    _, se = paired(measure, best, played)
    ref = judge(v, random.Random(f"reference/{seed}/{step}"), Budget(iterations=REFERENCE * n))
    ref_loss, ref_se = paired(ref.rows, best, played)
    own = ref.best if ref.best >= 0 else best
    own_loss, own_se = paired(ref.rows, own, played)
    return Judged(loss, se, review.marked(ref_loss, review.SPREAD * ref_se),
                  review.marked(own_loss, review.SPREAD * own_se), n,
                  held_out_reasons(st, seat, j, n, best, played))


def held_out_reasons(st: State, seat: int, j: Judgement, n: int, best: int,
                     played: int) -> list[tuple[str, bool, bool]]:
    """The reasons (``review.reasons``) the first half's deals give for its
    best over the action played, each checked on the other half: ``(kind,
    its claim's direction holds there, its threshold passes there too)``."""
    if best == played:
        return []
    a = Judgement(j.actions, j.rows[:n], False, means(j.rows[:n]), best,
                  j.events[:n] if j.events is not None else None)
    b = Judgement(j.actions, j.rows[n:], False, means(j.rows[n:]), best,
                  j.events[n:] if j.events is not None else None)
    # (the kinds with thresholds only: a reason from the values alone,
    # ``reasons.FALLBACKS``, says the loss itself, which the mark measures)
    given = review.reasons(st, seat, a, best, played, fallback=False)
    if not given:
        return []
    # Every kind that passes on the other half, not only the first ``MOST``
    # (a benchmark's patch of the module, undone at once).
    most = reasons_mod.MOST
    setattr(reasons_mod, "MOST", len(reasons_mod.KINDS))  # noqa: B010 - MOST is Final
    try:
        again = review.reasons(st, seat, b, best, played, fallback=False)
    finally:
        setattr(reasons_mod, "MOST", most)  # noqa: B010
    out = []
    for r in given:
        direction = _stat(r, b, best) > _stat(r, b, played)
        passes = any(q.kind == r.kind and q.what == r.what for q in again)
        out.append((r.kind, direction, passes))
    return out


def _stat(r: reasons_mod.Reason, j: Judgement, col: int) -> float:
    """The statistic of ``r``'s kind for the action in column ``col`` of ``j``
    (larger is better for the seat), as ``reasons.compare`` measures it."""
    if r.kind == reasons_mod.SOLVED:
        return sum(row[col] for row in j.rows) / len(j.rows)
    assert j.events is not None
    es = [row[col] for row in j.events]
    bit = 1 << r.what if r.what >= 0 else 0

    def value(e: reasons_mod.Event) -> float:
        return {
            reasons_mod.TRICKS: e.two_tricks,
            reasons_mod.CAPTURED: float(e.captured),
            reasons_mod.TRUMPS: float(e.trumps),
            reasons_mod.DRAWN: -float(e.their_trumps),
            reasons_mod.DECLARE: float(bool(e.declared & bit)),
            reasons_mod.HIGH: float(not e.lost_high & bit),
            reasons_mod.DIEZ: float(e.diez),
        }[r.kind]

    return sum(value(e) for e in es) / len(es)


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a rate ``k / n``."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def spread_steps(steps: list[int], k: int) -> list[int]:
    """At most ``k`` of ``steps``, spread evenly over the round."""
    if len(steps) <= k:
        return steps
    return [steps[i * len(steps) // k] for i in range(k)]


def run(variant: str, rounds: int, scale: float, decisions: int,
        multiples: tuple[float, ...], first_seed: int = 1) -> Tally:
    t = Tally()
    start = time.process_time()
    for seed in range(first_seed, first_seed + rounds):
        payload = played_round(variant, seed)
        for step in spread_steps(review.decision_steps(payload, 0), decisions):
            t.decisions += 1
            d = judge_decision(payload, step, 0, scale, seed)
            if d is None:
                t.exact += 1
                continue
            t.deals.append(d.deals)
            for kind, direction, passes in d.reasons:
                c = t.reasons.setdefault(kind, [0, 0, 0])
                c[0] += 1
                c[1] += direction
                c[2] += passes
            for k in multiples:
                if review.marked(d.loss, k * d.se):
                    t.marks[k] = t.marks.get(k, 0) + 1
                    t.false[k] = t.false.get(k, 0) + (not d.ref_mistake)
                    t.false_own[k] = t.false_own.get(k, 0) + (not d.ref_own_mistake)
        # Progress, so that a run stopped early still gives its figures.
        print(f"{variant} seed {seed}: decisions {t.decisions} exact {t.exact} "
              + " ".join(f"x{k:g} marked {t.marks.get(k, 0)} false {t.false.get(k, 0)}"
                         f" (vs ref. best {t.false_own.get(k, 0)})" for k in multiples)
              + f" cpu {time.process_time() - start:.0f}s"
              + f" deals {min(t.deals, default=0)}-{max(t.deals, default=0)}"
              + " reasons " + " ".join(f"{k} {c[0]}/{c[1]}/{c[2]}" for k, c in t.reasons.items()),
              file=sys.stderr, flush=True)
    t.seconds = time.process_time() - start
    return t


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--short", action="store_true",
                   help="one round a variant, two decisions, a tiny budget (CI)")
    p.add_argument("--rounds", type=int, default=50)
    p.add_argument("--scale", type=float, default=1.0,
                   help="the review's deals (review.decision_deals) times this")
    p.add_argument("--decisions", type=int, default=100,
                   help="at most this many decisions a round")
    p.add_argument("--variant", action="append", choices=VARIANTS)
    p.add_argument("--multiples", type=float, nargs="+", default=list(MULTIPLES))
    p.add_argument("--seed", type=int, default=1, help="the first round's seed")
    a = p.parse_args(argv)
    rounds, scale, decisions = (1, 0.01, 2) if a.short else (a.rounds, a.scale, a.decisions)
    multiples = tuple(a.multiples)
    print(f"rounds {rounds} a variant from seed {a.seed}, at most {decisions} decisions a "
          f"round, review deals x{scale}, reference x{REFERENCE}")
    print("| variant | deals | multiple | decisions | exact or words | marked | false | rate "
          "| 95% interval | false vs ref. best | cpu s |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for variant in a.variant or VARIANTS:
        t = run(variant, rounds, scale, decisions, multiples, a.seed)
        n = "-" if not t.deals else str(t.deals[0]) if min(t.deals) == max(t.deals) \
            else f"{min(t.deals)}-{max(t.deals)}"
        for k in multiples:
            marks, false = t.marks.get(k, 0), t.false.get(k, 0)
            lo, hi = wilson(false, marks)
            rate = f"{false / marks:.1%}" if marks else "-"
            print(f"| {variant} | {n} | {k:g} | {t.decisions} | {t.exact} | {marks} | {false} "
                  f"| {rate} | {lo:.1%}-{hi:.1%} | {t.false_own.get(k, 0)} | {t.seconds:.0f} |")
        for kind, (given, direction, passes) in sorted(t.reasons.items()):
            lo, hi = wilson(given - direction, given)
            print(f"reasons {variant} {kind}: given {given}, direction holds on the other half "
                  f"{direction} (fails {given - direction}, {lo:.1%}-{hi:.1%}), "
                  f"threshold passes there {passes}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
