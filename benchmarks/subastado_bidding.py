"""The expert's bidding in subastado (issue 33): its estimate at the time of
bidding against what it made, by bid band, and its gain a round.

    nice -n 10 python benchmarks/subastado_bidding.py --deals 300 --b hard \\
        --share 0.5 --log /tmp/bids-50.jsonl

Every deal is played three times, the expert in each seat against two bots of
``--b``; every seat bids as its level does (the expert by ``outlook``, the
others by ``bidding``) and plays the cards at a fixed number of worlds a move
(``--a-iterations``, ``--b-iterations``), so load does not bias the result. The
round is played without the early end (option ``stop_when_decided`` off) so
that the bidder's points are counted whole; made or failed is the same as
with it. ``--share`` is the expert's ``SearchBot.bid_share`` (the share of
sampled deals that must make its bid), ``--weigh`` weighs its deals by the
others' bids (``SearchBot.bid_weigh``), ``--fitted`` makes it bid as hard
does (``bidding``: the comparison; it still draws the sampled deals from its
generator, unused, so that rounds whose auctions end alike play alike). One
JSON line a round goes to ``--log``, which a rerun continues (rounds done are
skipped). Prints the expert's gain a round (its +bid or -bid; 0 when another
seat bids or all pass) against each other seat's, and the calibration by bid
band: the expert's expected points for the trump it named (the mean of its
sampled deals when it named it), the points it made, the share of contracts
made.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from pathlib import Path
from typing import Any

from tute_desktop.bots import Budget, make_bot
from tute_desktop.bots.bidding import contract_estimate
from tute_desktop.bots.levels import SearchBot
from tute_desktop.bots.outlook import estimate, samples
from tute_desktop.engine import find_variant, new_game, view
from tute_desktop.engine.actions import TRUMP
from tute_desktop.engine.events import Ask
from tute_desktop.engine.state import PLAYING

BANDS = ((60, 75), (80, 95), (100, 115), (120, 230))


def play_round(seed: int, seat: int, b_level: str, a_iterations: int, b_iterations: int,
               share: float, weigh: bool, fitted: bool = False) -> dict[str, Any]:
    """One round of deal ``seed`` with the expert in ``seat``: what it bid,
    expected and made."""
    rules = find_variant("subastado", {"stop_when_decided": False})
    expert = make_bot("expert")
    assert isinstance(expert, SearchBot)
    expert.bid_share = share
    expert.bid_weigh = weigh
    expert.sampled_bids = not fitted
    bots = [expert if s == seat else make_bot(b_level) for s in range(3)]
    rngs = [random.Random(f"{seed}/{seat}/{s}") for s in range(3)]
    budgets = [Budget(iterations=a_iterations if s == seat else b_iterations) for s in range(3)]
    st = new_game(rules, seed=seed)
    expected = p_make = None
    while st.phase is PLAYING:
        s = st.to_act
        assert s is not None
        if s == seat and fitted and st.ask in (Ask.BID, Ask.TRUMP):
            # Draw what the sampled bidding would draw, so that a round whose
            # auction ends alike is played alike in both logs (paired).
            estimate(view(st, s), rngs[s], samples(budgets[s]), expert.policy)
        action = bots[s].choose(view(st, s), rngs[s], budgets[s])
        if s == seat and action.kind is TRUMP and fitted:  # the fitted estimate
            expected = contract_estimate(st.hands[s], int(action.suit))  # type: ignore[arg-type]
        elif s == seat and action.kind is TRUMP and expert.outlooks:
            outlook = expert.outlooks[int(action.suit)]  # type: ignore[arg-type]
            assert st.auction is not None
            expected = outlook.mean()
            p_make = outlook.p_make(st.auction.bid)
        expert.outlooks = []
        st.apply(action)
    auction = st.auction
    assert auction is not None
    return {
        "seed": seed, "seat": seat, "bidder": auction.bidder, "bid": auction.bid,
        "trump": auction.trump, "expected": expected, "p_make": p_make, "fitted": fitted,
        "points": st.points[0] if auction.bidder >= 0 else None,
        "made": st.round_winner == 0 if auction.bidder >= 0 else None,
        "totals": list(st.totals),
    }


def summary(rows: list[dict[str, Any]]) -> str:
    lines = []
    gains = [r["totals"][r["seat"]] for r in rows]
    others = [sum(t for s, t in enumerate(r["totals"]) if s != r["seat"]) / 2 for r in rows]
    diffs = [g - o for g, o in zip(gains, others, strict=True)]
    n = len(rows)

    def ci(xs: list[float]) -> str:
        if len(xs) < 2:
            return f"{statistics.fmean(xs):.1f}"
        half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
        return f"{statistics.fmean(xs):.1f} ± {half:.1f}"

    lines.append(f"rounds: {n}")
    lines.append(f"expert's gain a round: {ci(gains)}; each other seat's: {ci(others)}; "
                 f"difference: {ci(diffs)}")
    own = [r for r in rows if r["bidder"] == r["seat"]]
    allpass = sum(1 for r in rows if r["bidder"] < 0)
    made = sum(1 for r in own if r["made"])
    lines.append(f"expert bidder in {len(own)} rounds ({len(own) / max(1, n):.0%}), made "
                 f"{made} ({made / max(1, len(own)):.0%}); all passed {allpass}")
    lines.append("| bids | n | expected points | points made | contracts made | mean P(make) |")
    lines.append("|---|---|---|---|---|---|")
    for lo, hi in (*BANDS, (60, 230)):
        band = [r for r in own if lo <= r["bid"] <= hi]
        if not band:
            continue
        exp = statistics.fmean(r["expected"] for r in band)
        got = statistics.fmean(r["points"] for r in band)
        share = sum(1 for r in band if r["made"]) / len(band)
        pms = [r["p_make"] for r in band if r["p_make"] is not None]
        pm = f"{statistics.fmean(pms):.0%}" if pms else "-"
        name = "all" if (lo, hi) == (60, 230) else f"{lo}-{hi}" if hi < 230 else f"{lo}+"
        lines.append(f"| {name} | {len(band)} | {exp:.1f} | {got:.1f} | {share:.0%} | {pm} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    p.add_argument("--b", default="hard", choices=("medium", "hard"))
    p.add_argument("--a-iterations", type=int, default=24)
    p.add_argument("--b-iterations", type=int, default=8)
    p.add_argument("--share", type=float, default=None,
                   help="SearchBot.bid_share (default: outlook.MAKE_SHARE)")
    p.add_argument("--weigh", action="store_true")
    p.add_argument("--fitted", action="store_true",
                   help="the expert bids as hard does (bidding.py), for comparison")
    p.add_argument("--lowest", action="store_true",
                   help="the expert bids the lowest allowed even where nobody speaks after"
                        " it (the rule before outlook.final_bid: the comparison)")
    p.add_argument("--log", default=None, metavar="FILE")
    p.add_argument("--summary", action="store_true", help="only summarize --log")
    args = p.parse_args(argv)
    from tute_desktop.bots import outlook
    share = outlook.MAKE_SHARE if args.share is None else args.share
    if args.lowest:
        outlook.final_bid = lambda st, outlooks, limit: (  # type: ignore[assignment]
            st.auction.lowest_bid(st.rules))
    rows: list[dict[str, Any]] = []
    done: set[tuple[int, int]] = set()
    if args.log and Path(args.log).exists():
        for line in Path(args.log).read_text().splitlines():
            r = json.loads(line)
            rows.append(r)
            done.add((r["seed"], r["seat"]))
    if not args.summary:
        out = open(args.log, "a") if args.log else None  # noqa: SIM115
        for seed in range(args.seed, args.seed + args.deals):
            for seat in range(3):
                if (seed, seat) in done:
                    continue
                r = play_round(seed, seat, args.b, args.a_iterations, args.b_iterations,
                               share, args.weigh, args.fitted)
                rows.append(r)
                if out is not None:
                    out.write(json.dumps(r) + "\n")
                    out.flush()
            print(f"deal {seed}: {len(rows)} rounds", file=sys.stderr, flush=True)
    print(summary(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
