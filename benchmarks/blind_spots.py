"""The leads a strong Tute player does not make (issue 30): an As or a Tres of a
side suit led while the stock lasts (2 players: the other seat is free to trump
it), and the Tres of trumps led while its As is unseen; and (``LOADED``) points
thrown on a trick lost while the stock lasts, where a cheaper card would lose it
as well. How often a level makes them, playing against itself, how often they
are taken, and what each costs.

    python benchmarks/blind_spots.py                    # habanero, corriente, boricua; expert
    python benchmarks/blind_spots.py --level expert --level expert-base --rounds 24
    python benchmarks/blind_spots.py --short            # one small run, well under a minute (CI)

Seeded rounds are played at a fixed search size (``--iterations`` worlds a
move; the arena's logs hold no actions, so the rounds are played here again),
each seat by the level, the move ``k`` of round ``seed`` with
``random.Random(f"{seed}/{k}")``. At each such lead it records whether the
other side took the trick and its points, and values the legal leads three
ways, in round points (``analysis.round_difference`` at the end of the round):

- ``worlds``: the level's own rollout policy over ten times its worlds (the
  search made deeper and less noisy, nothing else changed);
- ``deal``: the same policy in the true deal, only the stock's order redrawn
  (the worlds sampled right: what sampling the unseen cards costs);
- ``ref``: the rest of the round played by a searching bot at each seat
  (``--reference``, at ``--ref-iterations`` worlds a move, each seat from its
  own view) over ``--ref-worlds`` sampled worlds: the chosen lead and the best
  ``--ref-leads`` others by ``worlds``.

A lead's cost is the best other lead's value minus its own. Where ``worlds``
finds it cheap and ``ref`` does not, the rollout policy misjudges it (the
search follows a wrong evaluation, however many worlds it sees); where
``worlds`` already finds it costly, the search's sampling noise chose it;
where ``deal`` and ``worlds`` disagree, the sampling of the unseen cards.
A strong player's rate is estimated as the taken leads that ``ref`` does not
find costly (cost at most ``--tolerance`` points): the ones a deeper look would
make as well.

``expert-base`` is the expert as it was before issue 30 (rule-based rollouts,
``Policy(0.0)``), and ``expert-lead-prior`` the expert of stop 57 (its
rule-based default for leads only), for before-and-after runs from one checkout.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from arena import baseline_expert, lead_prior_expert

from tute_desktop.bots import LEVELS, Budget, make_bot
from tute_desktop.bots.analysis import analyze, round_difference
from tute_desktop.bots.base import Bot
from tute_desktop.bots.levels import RuleBot, SearchBot
from tute_desktop.bots.policy import Policy
from tute_desktop.engine import Action, State, View, find_variant, new_game, resample, view
from tute_desktop.engine.actions import PLAY
from tute_desktop.engine.cards import CARD_POINTS, SUIT_MASKS, card_name
from tute_desktop.engine.state import PLAYING
from tute_desktop.engine.tricks import trick_result

PLAYERS = (*LEVELS, "expert-base", "expert-lead-prior", "taker")
"""``taker``: the rule-based player that takes every As or Tres led while the
stock lasts with the cheapest card that wins it (the expert's rollout player,
``Policy(take_points=True)``), as a person does who trumps an As whenever it
can: an ``--opponent`` for the level's leads (cold play nc96 saw the expert's
As trumped twice in two rounds, where against itself it is 0.08 a round)."""
SIDE = "side As/Tres, stock phase"
TRUMP_TRES = "Tres of trumps, its As unseen"
TRUMP_FACE = "Rey/Caballo/Sota of trumps, a higher one unseen"
"""3 and 4 players (no stock): a trump face card led while a higher trump is
unseen (in ``parejas``, trick 1, a bot led the Rey of trumps into the As)."""
SIDE_MANY = "side As/Tres, 3 and 4 players"
"""3 and 4 players: a side As or Tres led (taken: trumped, or the Tres by the As)."""
LOADED = "points thrown on a lost trick, stock phase"
"""2 players, following while the stock lasts: a card with points that loses the
trick where a card with fewer points would lose it as well (nc99, a casino
player, saw the expert throw a Sota, a Rey and a Rey de oros onto tricks it was
losing). Its "points lost" are the points thrown beyond that cheaper card's."""
KINDS = (SIDE, TRUMP_TRES, TRUMP_FACE, SIDE_MANY, LOADED)


def make_player(level: str) -> Bot:
    """A level by name, ``expert-base`` (``arena.baseline_expert``),
    ``expert-lead-prior`` (``arena.lead_prior_expert``: stop 57's) or ``taker``."""
    if level == "taker":
        bot = make_bot("medium")
        assert isinstance(bot, RuleBot)
        bot.policy = Policy(0.0, take_points=True)
        return bot
    if level == "expert-lead-prior":
        return lead_prior_expert()
    return baseline_expert() if level == "expert-base" else make_bot(level)


def rollout_policy(bot: Bot) -> Policy:
    """The policy a level's values are rolled out with (the rule-based player's
    for the levels that do not search)."""
    return bot.policy if isinstance(bot, SearchBot) else Policy(0.0)


def blind_spot(st: State, v: View, action: Action) -> str | None:
    """Which kind of lead (or, ``LOADED``, of card following) ``action`` is
    (one of ``KINDS``), or None."""
    if action.kind is not PLAY or action.card is None:
        return None
    c = int(action.card)
    if st.trick_cards:
        return LOADED if thrown(st, c) > 0 else None
    trump = st.trump
    if st.n == 2 and not st.stock_exhausted() and c // 10 != trump and c % 10 >= 8:
        return SIDE
    if c == trump * 10 + 8 and v.unseen() >> (trump * 10 + 9) & 1:
        return TRUMP_TRES
    if st.n > 2 and c // 10 == trump and 5 <= c % 10 <= 7 \
            and v.unseen() >> (c + 1) << (c + 1) & SUIT_MASKS[trump]:
        return TRUMP_FACE
    if st.n > 2 and c // 10 != trump and c % 10 >= 8:
        return SIDE_MANY
    return None


def _loses(st: State, c: int) -> bool:
    """``c`` played now by the seat to act loses the trick (2 players)."""
    return trick_result([*st.trick_cards, c], st.trump)[0] == 0


def thrown(st: State, c: int) -> int:
    """With 2 players while the stock lasts, following: the points of ``c``
    beyond those of the cheapest legal card that loses the trick as well, where
    ``c`` loses it (else 0)."""
    if st.n != 2 or st.stock_exhausted() or not st.trick_cards or not _loses(st, c):
        return 0
    losers = [int(a.card) for a in st.legal_actions()  # type: ignore[arg-type]
              if a.kind is PLAY and _loses(st, int(a.card))]  # type: ignore[arg-type]
    return CARD_POINTS[c] - min(CARD_POINTS[x] for x in losers)


@dataclass
class Lead:
    variant: str
    level: str
    seed: int
    trick: int
    card: str
    kind: str
    taken: bool
    points: int
    """The trick's points, to the side that took it."""
    costs: dict[str, float] = field(default_factory=dict)
    best: dict[str, str] = field(default_factory=dict)
    """Per reference, the lead it values most."""


def play_round(variant: str, level: str, seed: int, iterations: int,
               opponent: str | None = None, side: int = 0
               ) -> tuple[list[tuple[State, Action, Lead]], int]:
    """Round ``seed`` played by ``level`` at every seat (with ``opponent``: the
    seats of ``side`` only, the others by ``opponent``): the blind-spot leads
    of ``level``'s seats (the position before, the lead, what became of it)
    and the moves made."""
    rules = find_variant(variant)
    bot = make_player(level)
    other = bot if opponent is None else make_player(opponent)
    st = new_game(rules, seed=seed)
    budget = Budget(iterations=iterations)
    found: list[tuple[State, Action, Lead]] = []
    open_leads: list[tuple[int, int, Lead]] = []  # (tricks played then, side, lead)
    k = 0
    while st.phase is PLAYING:
        seat = st.to_act
        assert seat is not None
        v = view(st, seat)
        ours = opponent is None or st.side_of(seat) == side
        action = (bot if ours else other).choose(v, random.Random(f"{seed}/{k}"), budget)
        k += 1
        kind = blind_spot(st, v, action) if ours else None
        if kind == LOADED:  # (lost by its choice: its points, beyond the cheaper card's)
            assert action.card is not None
            found.append((st.clone(), action, Lead(
                variant, level, seed, st.tricks_played + 1, card_name(int(action.card)), kind,
                True, thrown(st, int(action.card)))))
        elif kind is not None:
            assert action.card is not None
            lead = Lead(variant, level, seed, st.tricks_played + 1, card_name(int(action.card)),
                        kind, False, 0)
            found.append((st.clone(), action, lead))
            open_leads.append((st.tricks_played, st.side_of(seat), lead))
        st.apply(action)
        for played, side, lead in open_leads:
            if st.tricks_played > played:  # its trick is over
                lead.taken = st.side_of(st.last_winner) != side
                lead.points = sum(CARD_POINTS[c] for c in st.last_cards)
        open_leads = [x for x in open_leads if st.tricks_played == x[0]]
    return found, k


def _worlds_values(st: State, seat: int, policy: Policy, worlds: int, seed: str
                   ) -> dict[Action, float]:
    """``analyze``'s values with ``policy``: the search's own kind of evaluation."""
    values = analyze(view(st, seat), random.Random(seed), Budget(iterations=worlds), policy)
    return {av.action: av.value for av in values}


def _deal_values(st: State, seat: int, actions: list[Action], policy: Policy, worlds: int,
                 seed: str) -> dict[Action, float]:
    """Rolled out by ``policy`` in the true deal, only the stock's order redrawn."""
    rng = random.Random(seed)
    side = st.side_of(seat)
    totals = dict.fromkeys(actions, 0.0)
    count = worlds if st.stock else 1
    for _ in range(count):
        world = st.clone()
        rng.shuffle(world.stock)
        roll = rng.getrandbits(32)
        for a in actions:
            w = world.clone()
            w.apply(a, record=False)
            while w.phase is PLAYING:
                w.apply(policy.act(w, random.Random(roll)), record=False)
            totals[a] += round_difference(w, side)
    return {a: t / count for a, t in totals.items()}


def _ref_values(st: State, seat: int, actions: list[Action], reference: str, iterations: int,
                worlds: int, seed: str, opponent: str | None = None) -> dict[Action, float]:
    """The rest of the round played by ``reference`` at every seat (with
    ``opponent``: the other side's seats by it), each from its own view, over
    ``worlds`` worlds of ``seat``'s view (the same worlds and move seeds for
    every action)."""
    bot = make_player(reference)
    other = bot if opponent is None else make_player(opponent)
    rng = random.Random(seed)
    v = view(st, seat)
    side = st.side_of(seat)
    totals = dict.fromkeys(actions, 0.0)
    budget = Budget(iterations=iterations)
    for i in range(worlds):
        world = resample(v, rng)
        for a in actions:
            w = world.clone()
            w.apply(a)
            k = 0
            while w.phase is PLAYING:
                s = w.to_act
                assert s is not None
                player = bot if w.side_of(s) == side else other
                w.apply(player.choose(view(w, s), random.Random(f"{seed}/{i}/{k}"), budget))
                k += 1
            totals[a] += round_difference(w, side)
    return {a: t / worlds for a, t in totals.items()}


def _cost(values: dict[Action, float], action: Action) -> tuple[float, str]:
    others = [x for a, x in values.items() if a != action]
    best = max(values, key=values.__getitem__)
    return (max(others) - values[action] if others else 0.0), str(best)


def judge(st: State, action: Action, lead: Lead, level: str, iterations: int, args: Any) -> None:
    """Fill ``lead.costs`` and ``lead.best`` under each reference."""
    seat = st.to_act
    assert seat is not None
    policy = rollout_policy(make_player(level))
    seed = f"{lead.seed}/{lead.trick}"
    worlds = _worlds_values(st, seat, policy, 10 * iterations, seed)
    plays = [a for a in worlds if a.kind is PLAY]
    lead.costs["worlds"], lead.best["worlds"] = _cost(worlds, action)
    deal = _deal_values(st, seat, plays, policy, args.deal_worlds, seed)
    lead.costs["deal"], lead.best["deal"] = _cost(deal, action)
    if args.ref_worlds:
        others = sorted((a for a in plays if a != action), key=lambda a: -worlds[a])
        chosen = [action, *others[:args.ref_leads]]
        ref = _ref_values(st, seat, chosen, args.reference, args.ref_iterations,
                          args.ref_worlds, seed, args.opponent)
        lead.costs["ref"], lead.best["ref"] = _cost(ref, action)


def summary(leads: list[Lead], rounds: int, tolerance: float, variants: list[str],
            levels: list[str]) -> list[dict[str, Any]]:
    """Per variant, level and kind (a row for each, none led too): per round,
    the leads, the taken ones, their points; the mean cost under each
    reference; the taken leads a round that the reference does not find
    costly (a strong player's rate)."""
    out = []
    keys = [(v, lv, kind) for v in variants for lv in levels for kind in KINDS
            if (find_variant(v).players == 2) == (kind in (SIDE, TRUMP_TRES, LOADED))
            or kind == TRUMP_TRES]
    for variant, level, kind in keys:
        group = [x for x in leads if (x.variant, x.level, x.kind) == (variant, level, kind)]
        taken = [x for x in group if x.taken]
        row: dict[str, Any] = {
            "variant": variant, "level": level, "kind": kind, "rounds": rounds,
            "leads": len(group), "taken": len(taken),
            "leads_per_round": len(group) / rounds, "taken_per_round": len(taken) / rounds,
            "points_lost_per_round": sum(x.points for x in taken) / rounds,
        }
        for name in ("worlds", "deal", "ref"):
            costs = [x.costs[name] for x in group if name in x.costs]
            if costs:
                row[f"cost_{name}"] = statistics.fmean(costs)
                row[f"costly_{name}"] = sum(c > tolerance for c in costs)
        if any("ref" in x.costs for x in group):
            row["endorsed_taken_per_round"] = sum(
                x.costs["ref"] <= tolerance for x in taken) / rounds
        out.append(row)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python benchmarks/blind_spots.py", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", action="append", help="habanero, corriente, boricua by default")
    p.add_argument("--level", action="append", choices=PLAYERS, help="expert by default")
    p.add_argument("--rounds", type=int, default=12)
    p.add_argument("--seed", type=int, default=1, help="first round's seed")
    p.add_argument("--iterations", type=int, default=80, help="worlds a move (searching levels)")
    p.add_argument("--deal-worlds", type=int, default=200, help="stock orders for 'deal'")
    p.add_argument("--reference", default="expert", choices=PLAYERS)
    p.add_argument("--ref-iterations", type=int, default=8)
    p.add_argument("--ref-worlds", type=int, default=16, help="0: no 'ref' values")
    p.add_argument("--ref-leads", type=int, default=3,
                   help="other leads valued by 'ref' (the best by 'worlds')")
    p.add_argument("--tolerance", type=float, default=2.0,
                   help="round points under which a cost is noise")
    p.add_argument("--opponent", choices=PLAYERS,
                   help="the other side's player (each round twice, the level at each"
                        " side; counted a round of two games); the level's own by default")
    p.add_argument("--no-judge", action="store_true", help="count only")
    p.add_argument("--short", action="store_true",
                   help="habanero, expert, 2 rounds at 20 worlds, small references")
    p.add_argument("--json", action="store_true", help="print the leads and summary as JSON")
    args = p.parse_args(argv)
    if args.short:
        args.variant, args.level = ["habanero"], ["expert"]
        args.rounds, args.iterations = 2, 20
        args.deal_worlds, args.ref_worlds, args.ref_leads, args.ref_iterations = 20, 2, 1, 4
    variants = args.variant or ["habanero", "corriente", "boricua"]
    levels = args.level or ["expert"]
    start = time.perf_counter()
    leads: list[Lead] = []
    moves = 0
    for variant in variants:
        find_variant(variant)
        for level in levels:
            for seed in range(args.seed, args.seed + args.rounds):
                found = []
                for side in (0, 1) if args.opponent else (0,):
                    f, k = play_round(variant, level, seed, args.iterations, args.opponent,
                                      side)
                    found += f
                    moves += k
                for st, action, lead in found:
                    if not args.no_judge:
                        judge(st, action, lead, level, args.iterations, args)
                    leads.append(lead)
                    if not args.json:
                        costs = "  ".join(f"{n} {c:+.1f} (best {lead.best[n]})"
                                          for n, c in lead.costs.items())
                        print(f"{variant} {level} seed {seed} trick {lead.trick}: {lead.card}"
                              f" ({lead.kind}) {'taken' if lead.taken else 'won'},"
                              f" {lead.points} pts  {costs}", file=sys.stderr, flush=True)
    rows = summary(leads, args.rounds, args.tolerance, variants, levels)
    seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps({"leads": [vars(x) for x in leads], "summary": rows,
                          "seconds": round(seconds, 1)}))
        return 0
    against = f", against {args.opponent} (each seed twice)" if args.opponent else ""
    print(f"{args.rounds} rounds a row from seed {args.seed}{against},"
          f" {args.iterations} worlds a move;"
          f" {moves} moves, {seconds:.0f} s")
    print("| variant | level | lead | a round | taken a round | points lost a round"
          " | cost: worlds×10 | deal | ref | endorsed taken a round |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        cell = {name: f"{r[f'cost_{name}']:+.1f} ({r[f'costly_{name}']} costly)"
                if f"cost_{name}" in r else "-" for name in ("worlds", "deal", "ref")}
        endorsed = r.get("endorsed_taken_per_round")
        print(f"| {r['variant']} | {r['level']} | {r['kind']} | {r['leads_per_round']:.2f}"
              f" | {r['taken_per_round']:.2f} ({r['taken']}/{r['leads']})"
              f" | {r['points_lost_per_round']:.1f} | {cell['worlds']} | {cell['deal']}"
              f" | {cell['ref']} | {'-' if endorsed is None else f'{endorsed:.2f}'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
