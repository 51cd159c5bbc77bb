"""The hint where 101 reached in play ends the game (la vuelta, boricua), with
and without the game counted in its values (``analysis.analyze_samples``'s
``race``, issue 30's "lead the As de espadas" with the bot on 76).

Positions: seeded matches of random play (seat 0 and seat 1 both random), at
every lead of seat 0 while the stock lasts in a racing round with the other
player within ``--near`` points of 101. At each, the hint's action both ways
(the same deals), and whether it leads a side-suit As or Tres (the blind spot:
taken by any trump while the stock lasts); where they differ, each hint's games
won and lost to the round's end over ``--reference`` times as many fresh deals
(the expert's rollouts, the game counted as ``Event.game``). Printed:
positions, how often the two hints differ, the As/Tres leads each way, and
where they differ the mean game result (won 1, lost -1) of each.

``--after-stock``: seat 0's every decision once the stock is out (every card
known: exact values, ``solver.RacePoints`` counting the game, ``Endgame``
not), whoever is near 101; where the hints differ, the game's result after
each card with both players playing their best for it (``review.better_line``).

    .venv/bin/python benchmarks/race_hints.py --variant habanero --matches 60
    .venv/bin/python benchmarks/race_hints.py --variant habanero --matches 400 --after-stock
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tute_desktop.bots import Budget  # noqa: E402
from tute_desktop.bots.analysis import judge  # noqa: E402
from tute_desktop.bots.base import game_won  # noqa: E402
from tute_desktop.engine import Action, State, view  # noqa: E402
from tute_desktop.engine.actions import PLAY  # noqa: E402
from tute_desktop.engine.state import PLAYING  # noqa: E402
from tute_desktop.game import review as R  # noqa: E402
from tute_desktop.game.match import Match, Seat  # noqa: E402


def high_lead(st: State, action: Action) -> bool:
    """A side-suit As or Tres led (strengths 9 and 8, RULES §1; not trumps)."""
    card = action.card
    return action.kind is PLAY and card is not None and int(card) % 10 in (8, 9) \
        and int(card) // 10 != st.trump


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="habanero", choices=("habanero", "corriente", "boricua"))
    p.add_argument("--matches", type=int, default=60)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--deals", type=int, default=120, help="sampled deals a hint")
    p.add_argument("--near", type=int, default=15, help="the other player within this of 101")
    p.add_argument("--reference", type=int, default=4,
                   help="times the deals for the reference where the hints differ")
    p.add_argument("--after-stock", action="store_true",
                   help="every decision after the stock instead (exact values)")
    args = p.parse_args(argv)
    if args.after_stock:
        return after_stock(args.variant, range(args.seed, args.seed + args.matches))
    p_ref = args.reference
    n = differ = high_old = high_new = 0
    game_old = game_new = 0.0
    for m_seed in range(args.seed, args.seed + args.matches):
        rng = random.Random(m_seed)
        match = Match(args.variant, [Seat("A", "random"), Seat("B", "random")], seed=m_seed)
        while match.state.phase != "match_over":
            while match.state.phase is PLAYING:
                st = match.state
                if R.racing(st) and st.to_act == 0 and not st.trick_cards \
                        and st.stock_in_play() and len(st.legal_actions()) > 1 \
                        and st.carry[1] + st.points[1] >= 101 - args.near:
                    v = view(st, 0)
                    old = judge(v, random.Random(m_seed), Budget(iterations=args.deals))
                    new = judge(v, random.Random(m_seed), Budget(iterations=args.deals),
                                race=True)
                    a, b = old.actions[old.best], new.actions[new.best]
                    n += 1
                    if a != b:
                        differ += 1
                        ref = judge(v, random.Random(f"reference/{m_seed}/{n}"),
                                    Budget(iterations=p_ref * args.deals), record=True,
                                    race=True)
                        assert ref.events is not None
                        cols = ref.actions.index(a), ref.actions.index(b)
                        games = [sum(row[k].game for row in ref.events) / len(ref.events)
                                 for k in cols]
                        game_old += games[0]
                        game_new += games[1]
                    high_old += high_lead(st, a)
                    high_new += high_lead(st, b)
                match.apply(rng.choice(st.legal_actions()))
            if match.state.phase != "match_over":
                match.next_round()
    print(f"{args.variant}: {n} leads with the other player within {args.near} of 101; "
          f"hints differ at {differ}; side-suit As/Tres led: {high_old} in round points, "
          f"{high_new} counting the game; where they differ, the game's mean result "
          f"(won 1, lost -1) {game_old / max(1, differ):+.3f} in round points, "
          f"{game_new / max(1, differ):+.3f} counting the game")
    return 0


def after_stock(variant: str, seeds: range) -> int:
    """``--after-stock``: the exact hints with and without the game counted."""
    n = differ = game_old = game_new = 0
    for m_seed in seeds:
        rng = random.Random(m_seed)
        match = Match(variant, [Seat("A", "random"), Seat("B", "random")], seed=m_seed)
        while match.state.phase != "match_over":
            while match.state.phase is PLAYING:
                st = match.state
                legal = st.legal_actions()
                if R.racing(st) and st.to_act == 0 and not st.stock_in_play() \
                        and sum(a.kind is PLAY for a in legal) > 1:
                    v = view(st, 0)
                    old = judge(v, random.Random(0), Budget(iterations=1))
                    new = judge(v, random.Random(0), Budget(iterations=1), race=True)
                    assert old.exact and new.exact
                    a, b = old.actions[old.best], new.actions[new.best]
                    n += 1
                    if a != b:
                        differ += 1
                        games = [game_won(tuple(st.totals),
                                          R.line_end(st, R.better_line(st, c, 0)), 0)
                                 for c in (a, b)]
                        game_old += games[0]
                        game_new += games[1]
                match.apply(rng.choice(legal))
            if match.state.phase != "match_over":
                match.next_round()
    print(f"{variant}: {n} decisions after the stock; hints differ at {differ}; where they "
          f"differ, the game's result with both playing their best for it (won 1, lost -1): "
          f"{game_old / max(1, differ):+.3f} in round points, "
          f"{game_new / max(1, differ):+.3f} counting the game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
