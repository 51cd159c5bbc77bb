"""How often the round review marks a mistake that is not one (issue 31 item 3).

    nice -n 10 python benchmarks/false_mistakes.py --variant tres --rounds 50 --decisions 5 \
        --log tres.jsonl                                                # the issue's run
    python benchmarks/false_mistakes.py --report tres.jsonl parejas.jsonl  # its tables again
    python benchmarks/false_mistakes.py --short                       # CI smoke

Rounds are the first deal of seeded matches played by rule-based (easy) bots;
seat 0's decisions are judged (at most ``--decisions`` a round, spread over it).
For each sampled (not exact) decision:

1. The review's judgement (``analysis.judge``: the review's evaluation, which
   is the expert's, its rollout policy ``levels.EXPERT_POLICY`` and each deal
   solved exactly near the end of a 3- or 4-player round) is run over twice
   the review's deals for that decision (``review.decision_deals`` times
   ``--scale``), and the rows are cut in two halves of the review's size.
2. The best action is chosen on the first half (``analysis.best_index``, as the
   review chooses it) and the loss of the action played measured on the other
   half, with its paired margin (``review.SPREAD`` standard errors), and marked
   as the review marks it (``review.marked``). Choosing and measuring on
   different deals keeps the best-of-k choice from inflating the loss.
3. Each decision so marked is judged against a reference: the same evaluation
   over ten times the review's deals (``REFERENCE``; another generator), of
   the named best against the action played. A mark is false when that
   reference loss is within its own margin (``review.marked`` false on the
   reference).

The reference values only those two actions (``analysis.analyze_samples``
with ``only``): their columns are exactly those a reference over every action
would give them (the deals and each deal's rollout seed are drawn alike, each
action is played out alone, a declaration's best continuation is chosen among
its own; tests/test_analysis.py), and the claim judged needs no other column,
so it is the same reference at a fraction of the cost (two actions of up to
eight, or of a declaration's sixteen sequences). ``--full-reference`` values
every action instead and adds the stricter check against the reference's own
best action.

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

``--log FILE`` appends each finished round (a JSON line a decision, then one
closing the round) and skips the rounds it already holds, so a stopped run is
continued by running the same command again; the tables are made from the
whole log (``--report`` makes them from logs without running anything).

Known simplification: a declaration (an action after which the seat acts
again) takes the value of its best continuation chosen over all the rows
(``analysis._sampled``), halves included; that choice is a small best-of-k of
its own, as the review has it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from review_speed import played_round  # (the same rounds as the review's speed)

from tute_desktop.bots import Budget
from tute_desktop.bots import reasons as reasons_mod
from tute_desktop.bots.analysis import Judgement, analyze_samples, best_index, judge
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


@dataclass(frozen=True)
class Judged:
    """One sampled decision: its held-out loss and standard error, and the
    reference's verdicts (None where no reference was run: not marked)."""

    step: int
    loss: float
    se: float
    deals: int
    """The review's deals for this decision (each half's)."""
    ref_mistake: bool | None = None
    """The reference shows the named best beating the played action beyond its margin."""
    ref_loss: float | None = None
    ref_error: float | None = None
    """The reference's margin (``review.SPREAD`` standard errors)."""
    ref_own_mistake: bool | None = None
    """``--full-reference``: the reference's own best beats the played
    action beyond its margin."""
    reasons: list[tuple[str, bool, bool]] = field(default_factory=list)
    """``held_out_reasons``."""


def judge_decision(payload: dict[str, object], step: int, seat: int, scale: float,
                   seed: int, mark_at: float = review.SPREAD,
                   full_reference: bool = False) -> Judged | None:
    """Steps 1 to 3 of the module for the decision at ``step`` (None when exact,
    or told in words only), at the review's deals for it
    (``review.decision_deals``) times ``scale``; the reference only where the
    held-out loss is marked at ``mark_at`` standard errors (the smallest
    multiple measured: every larger one marks a subset)."""
    st = review.round_start(payload)
    log = review.round_actions(payload)
    replay_all(st, review.round_steps(st.rules, payload["rounds"][-1], step))  # type: ignore[index]
    v = view(st, seat)
    n = max(4, round(review.decision_deals(v, review.deals_for(st.rules.name)) * scale))
    rng = review.decision_rng(seed, 1, step)
    j = judge(v, rng, Budget(iterations=2 * n), record=True, race=True)  # as the review
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
    why = held_out_reasons(st, seat, j, n, best, played)
    if not review.marked(loss, mark_at * se):
        return Judged(step, loss, se, n, reasons=why)
    ref_rng = random.Random(f"reference/{seed}/{step}")
    ref_budget = Budget(iterations=REFERENCE * n)
    if full_reference:
        ref_actions, ref_rows, _ = analyze_samples(v, ref_rng, ref_budget, race=True)
        ref_means = means(ref_rows)
        own = best_index(st, ref_actions, ref_rows, ref_means, False)
        own_loss, own_se = paired(ref_rows, own if own >= 0 else best, played)
        own_mistake: bool | None = review.marked(own_loss, review.SPREAD * own_se)
        cols = (best, played)
    else:  # the two compared: the same columns, deal by deal (module docstring)
        _, ref_rows, _ = analyze_samples(v, ref_rng, ref_budget,
                                         only=[j.actions[best], j.actions[played]], race=True)
        own_mistake = None
        cols = (0, 1)
    ref_loss, ref_se = paired(ref_rows, *cols)
    ref_error = review.SPREAD * ref_se
    return Judged(step, loss, se, n, review.marked(ref_loss, ref_error), ref_loss, ref_error,
                  own_mistake, why)


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


@dataclass
class Tally:
    rounds: int = 0
    decisions: int = 0
    exact: int = 0
    """Exact decisions, and those told in words only: never marked falsely."""
    marks: dict[float, int] = field(default_factory=dict)
    false: dict[float, int] = field(default_factory=dict)
    false_own: dict[float, int] = field(default_factory=dict)
    """False against the reference's own best action (``--full-reference``)."""
    seconds: float = 0.0
    deals: list[int] = field(default_factory=list)
    """Each sampled decision's deals (a half's)."""
    reasons: dict[str, list[int]] = field(default_factory=dict)
    """Per reason kind: [given on the first half, direction holds on the
    other, threshold passes on the other] (``held_out_reasons``)."""
    falses: list[str] = field(default_factory=list)
    """Where the false marks at the review's rule were (seed and step)."""

    def add(self, seed: int, d: Judged | None, multiples: tuple[float, ...]) -> None:
        self.decisions += 1
        if d is None:
            self.exact += 1
            return
        self.deals.append(d.deals)
        for kind, direction, passes in d.reasons:
            c = self.reasons.setdefault(kind, [0, 0, 0])
            c[0] += 1
            c[1] += direction
            c[2] += passes
        for k in multiples:
            if review.marked(d.loss, k * d.se):
                assert d.ref_mistake is not None, "every mark is judged by the reference"
                self.marks[k] = self.marks.get(k, 0) + 1
                self.false[k] = self.false.get(k, 0) + (not d.ref_mistake)
                if d.ref_own_mistake is not None:
                    self.false_own[k] = self.false_own.get(k, 0) + (not d.ref_own_mistake)
                if k == multiples[0] and not d.ref_mistake:
                    self.falses.append(f"seed {seed} step {d.step}: {d.loss:.1f} "
                                       f"± {review.SPREAD * d.se:.1f} held out, reference "
                                       f"{d.ref_loss:.1f} ± {d.ref_error:.1f}")

    def progress(self, variant: str, seed: int, multiples: tuple[float, ...]) -> str:
        return (f"{variant} seed {seed}: rounds {self.rounds} decisions {self.decisions} "
                f"exact {self.exact} "
                + " ".join(f"x{k:g} marked {self.marks.get(k, 0)} false {self.false.get(k, 0)}"
                           for k in multiples)
                + f" cpu {self.seconds:.0f}s"
                + f" deals {min(self.deals, default=0)}-{max(self.deals, default=0)}")


def read_log(path: Path) -> list[dict[str, object]]:
    """The log's records (a partial last line, from a stopped run, left out)."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return out


def settings(scale: float, decisions: int, full_reference: bool) -> dict[str, object]:
    """What a log's rounds were measured with: a log is continued only with the same."""
    return {"scale": scale, "decisions": decisions, "reference": REFERENCE,
            "work": review.WORK, "full_reference": full_reference}


def tallies(records: list[dict[str, object]], multiples: tuple[float, ...],
            seeds: range | None = None) -> dict[str, Tally]:
    """Per variant, the tally of the log's finished rounds (in ``seeds``)."""
    done = {(r["variant"], r["seed"]) for r in records if r.get("done")}
    out: dict[str, Tally] = {}
    for r in records:
        if "variant" not in r:  # the log's settings
            continue
        key = (r["variant"], r["seed"])
        if key not in done or (seeds is not None and r["seed"] not in seeds):
            continue
        t = out.setdefault(str(r["variant"]), Tally())
        if r.get("done"):
            t.rounds += 1
            t.seconds += float(r["cpu"])  # type: ignore[arg-type]
        elif r.get("exact"):
            t.add(int(r["seed"]), None, multiples)  # type: ignore[call-overload]
        else:
            fields = {k: v for k, v in r.items() if k not in ("variant", "seed")}
            fields["reasons"] = [tuple(x) for x in fields.get("reasons", [])]  # type: ignore[attr-defined]
            if fields.get("ref_loss") is not None:  # by the rule as it is now (``review.marked``)
                fields["ref_mistake"] = review.marked(fields["ref_loss"], fields["ref_error"])  # type: ignore[arg-type]
            t.add(int(r["seed"]), Judged(**fields), multiples)  # type: ignore[arg-type,call-overload]
    return out


def run(variant: str, rounds: int, scale: float, decisions: int,
        multiples: tuple[float, ...], first_seed: int = 1, log: Path | None = None,
        full_reference: bool = False) -> Tally:
    """Measure ``rounds`` rounds (those in ``log`` already skipped, each new one
    appended to it when finished) and tally the log's rounds of this range."""
    records = read_log(log) if log is not None else []
    config = settings(scale, decisions, full_reference)
    for r in records:
        if "settings" in r and r["settings"] != config:
            raise SystemExit(f"{log} was measured with {r['settings']}, not {config}")
    done = {r["seed"] for r in records if r.get("done") and r["variant"] == variant}
    seeds = range(first_seed, first_seed + rounds)
    if log is not None and not records:
        with log.open("a", encoding="utf-8") as f:
            f.write(json.dumps({"settings": config}) + "\n")
    for seed in seeds:
        if seed in done:
            continue
        start = time.process_time()
        payload = played_round(variant, seed)
        lines = []
        for step in spread_steps(review.decision_steps(payload, 0), decisions):
            d = judge_decision(payload, step, 0, scale, seed, multiples[0], full_reference)
            lines.append({"variant": variant, "seed": seed, "step": step, "exact": True}
                         if d is None else {"variant": variant, "seed": seed, **asdict(d)})
        lines.append({"variant": variant, "seed": seed, "done": True,
                      "cpu": time.process_time() - start})
        records.extend(lines)
        if log is not None:  # the round whole, or nothing: a stopped run loses at most it
            with log.open("a", encoding="utf-8") as f:
                f.write("".join(json.dumps(x) + "\n" for x in lines))
        t = tallies(records, multiples, seeds).get(variant, Tally())
        # Progress, so that a run stopped early still gives its figures.
        print(t.progress(variant, seed, multiples), file=sys.stderr, flush=True)
    return tallies(records, multiples, seeds).get(variant, Tally())


def table(results: dict[str, Tally], multiples: tuple[float, ...]) -> None:
    """The rates per variant and pooled, and the reasons checked."""
    print("| variant | rounds | deals (each half) | multiple | decisions | exact or words "
          "| marked | false | rate | 95% interval | false vs ref. best | cpu s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |")
    pooled = Tally()
    for t in results.values():
        pooled.rounds += t.rounds
        pooled.decisions += t.decisions
        pooled.exact += t.exact
        pooled.seconds += t.seconds
        for k in multiples:
            pooled.marks[k] = pooled.marks.get(k, 0) + t.marks.get(k, 0)
            pooled.false[k] = pooled.false.get(k, 0) + t.false.get(k, 0)
            if k in t.false_own:
                pooled.false_own[k] = pooled.false_own.get(k, 0) + t.false_own[k]
        for kind, c in t.reasons.items():
            p = pooled.reasons.setdefault(kind, [0, 0, 0])
            for i in range(3):
                p[i] += c[i]
    rows = list(results.items()) + ([("all", pooled)] if len(results) > 1 else [])
    for variant, t in rows:
        n = "" if not t.deals else str(t.deals[0]) if min(t.deals) == max(t.deals) \
            else f"{min(t.deals)}-{max(t.deals)}"
        for k in multiples:
            marks, false = t.marks.get(k, 0), t.false.get(k, 0)
            lo, hi = wilson(false, marks)
            rate = f"{false / marks:.1%}" if marks else "-"
            own = str(t.false_own[k]) if k in t.false_own else "-"
            print(f"| {variant} | {t.rounds} | {n} | {k:g} | {t.decisions} | {t.exact} | {marks} "
                  f"| {false} | {rate} | {lo:.1%}-{hi:.1%} | {own} | {t.seconds:.0f} |")
    for variant, t in rows:
        for where in t.falses:
            print(f"false mark, {variant} {where}")
    for kind, (given, direction, passes) in sorted(pooled.reasons.items()):
        lo, hi = wilson(given - direction, given)
        print(f"reasons {kind}: given {given}, direction holds on the other half "
              f"{direction} (fails {given - direction}, {lo:.1%}-{hi:.1%}), "
              f"threshold passes there {passes}")
    sys.stdout.flush()


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
    p.add_argument("--log", type=Path, help="append finished rounds here; skip those it holds")
    p.add_argument("--full-reference", action="store_true",
                   help="the reference values every action (adds 'false vs ref. best')")
    p.add_argument("--report", type=Path, nargs="+", metavar="LOG",
                   help="only print the tables of these logs' finished rounds")
    a = p.parse_args(argv)
    multiples = tuple(sorted(a.multiples))
    if a.report:
        records = [r for path in a.report for r in read_log(path)]
        found = tallies(records, multiples)
        table({v: found[v] for v in VARIANTS if v in found}, multiples)
        return 0
    rounds, scale, decisions = (1, 0.01, 2) if a.short else (a.rounds, a.scale, a.decisions)
    print(f"rounds {rounds} a variant from seed {a.seed}, at most {decisions} decisions a "
          f"round, review deals x{scale} (review.WORK {review.WORK}), reference x{REFERENCE}"
          f"{' over every action' if a.full_reference else ' of the two actions compared'}")
    results = {variant: run(variant, rounds, scale, decisions, multiples, a.seed, a.log,
                            a.full_reference)
               for variant in a.variant or VARIANTS}
    table(results, multiples)
    return 0


if __name__ == "__main__":
    sys.exit(main())
