"""A model of the others' card plays learned from the bots' own games (issue
30, item 2: "a model of the others' plays learned from the bots' games"), to
weigh the expert's sampled worlds by graded likelihoods instead of the
rule-based player's yes-or-no (``search.Weigher``: 1 or ``UNLIKELY``).

    nice -n 10 .venv/bin/python benchmarks/play_model.py collect --variant parejas \\
        --deals 150 --out /tmp/parejas-plays.jsonl
    .venv/bin/python benchmarks/play_model.py fit /tmp/parejas-plays.jsonl \\
        --out benchmarks/results/play_model-parejas.json

The model is a conditional logit (each legal card scored by ``weights . f(card)``,
the chance of a card its score's softmax among the legal ones), with separate
weights for a lead and for an answer; ``f`` (``card_features``) reads only
what the playing seat knew: its hand, the trick, the cards gone and the suits
declared. ``collect`` plays rounds with ``hard`` and ``expert-base`` (40
worlds a move) at alternate seats, as the arena's opponents play, and writes
every play from two legal cards or more; ``fit`` maximizes the likelihood
(L2-regularised, Adam) and prints the held-out log loss beside the uniform
one's. ``LearnedWeigher`` is ``search.Weigher`` with the learned chance of
each observed play (mixed with a uniformly random legal card, ``MIX``) in
place of 1 or ``UNLIKELY``; ``expert_try.py learned`` tries it in the arena.
``LearnedPolicy`` plays the model's most likely card: ``duel`` measures it
as a player, ``expert_try.py learned-rollouts`` as the expert's rollouts.

    .venv/bin/python benchmarks/play_model.py duel benchmarks/results/play_model-parejas.json \\
        --variant parejas --a learned --b medium --deals 2000 --jobs 1 --seed 50000
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Callable

from tute_desktop.bots import Budget, search
from tute_desktop.engine import State, find_variant, new_game, view
from tute_desktop.engine.cards import CARD_POINTS, KINGS_MASK, KINGS_OF_SUITS, SUIT_MASKS
from tute_desktop.engine.state import PLAYING
from tute_desktop.engine.tricks import ABOVE, BEATING, strict_mask, trick_result

LEAD = ("points", "trump", "strength", "master", "master trump", "suit length",
        "suit out", "pair piece", "lowest of suit", "singleton", "trump points",
        "trumps out (trump)", "no trumps out (master)")
FOLLOW = ("points", "trump", "strength", "beats", "beats last", "partner winning",
          "partner winning points", "beats table points", "beats secure", "pair piece",
          "lowest of suit", "highest of suit", "trump on plain", "trump points",
          "cheapest winner", "beats partner")

MIX = 0.1
"""The share of a uniformly random legal card mixed into the learned chance:
real players are not the bots, and one play the model finds near-impossible
must not zero a world."""


def card_features(hand: int, mask: int, trick: list[int], seats: list[int], seat: int,
                  played: int, trump: int, sung: int, side_of: Callable[[int], int],
                  deck: int) -> tuple[bool, list[tuple[int, list[float]]]]:
    """Whether this is a lead, and each legal card of ``mask`` with its features
    (``LEAD`` or ``FOLLOW``), from what the seat knows: its ``hand``, the
    ``trick`` so far (by ``seats``), the cards ``played`` before (tricks gone,
    the dead card, the trick), the suits ``sung``."""
    out = deck & ~played & ~hand
    tmask = SUIT_MASKS[trump]
    free = hand & ~played
    kings = free & (free << 1) & KINGS_MASK & ~KINGS_OF_SUITS[sung & 15]
    pieces = kings | kings >> 1
    out_trumps = (out & tmask).bit_count()
    cards = [c for c in range(40) if mask >> c & 1]
    rows: list[tuple[int, list[float]]] = []
    if not trick:
        for c in cards:
            s = c // 10
            smask = SUIT_MASKS[s]
            is_trump = 1.0 if s == trump else 0.0
            master = 0.0 if out & ABOVE[c] else 1.0
            length = (hand & smask).bit_count()
            pts = CARD_POINTS[c] / 10.0
            rows.append((c, [pts, is_trump, (c % 10) / 9.0, master, master * is_trump,
                             length / 10.0, (out & smask).bit_count() / 10.0,
                             float(pieces >> c & 1), 0.0 if hand & smask & ((1 << c) - 1) else 1.0,
                             1.0 if length == 1 else 0.0, pts * is_trump,
                             out_trumps / 10.0 * is_trump,
                             master * (1.0 - is_trump) * (0.0 if out_trumps else 1.0)]))
        return True, rows
    wi, on_table = trick_result(trick, trump) if len(trick) > 1 else (0, CARD_POINTS[trick[0]])
    best = trick[wi]
    partner_winning = 1.0 if side_of(seats[wi]) == side_of(seat) else 0.0
    beat = BEATING[trump][best]
    winners = mask & beat
    cheapest = min((c for c in cards if winners >> c & 1),
                   key=lambda c: (c // 10 == trump, c % 10), default=-1)
    led = trick[0] // 10
    for c in cards:
        s = c // 10
        smask = SUIT_MASKS[s]
        is_trump = 1.0 if s == trump else 0.0
        beats = 1.0 if beat >> c & 1 else 0.0
        secure = beats if not out & ABOVE[c] and (s == trump or not out & tmask) else 0.0
        pts = CARD_POINTS[c] / 10.0
        below = mask & smask & ((1 << c) - 1)
        above = mask & ABOVE[c]
        rows.append((c, [pts, is_trump, (c % 10) / 9.0, beats, 0.0, partner_winning,
                         partner_winning * pts, beats * on_table / 10.0, secure,
                         float(pieces >> c & 1), 0.0 if below else 1.0, 0.0 if above else 1.0,
                         is_trump * (1.0 if led != trump else 0.0), pts * is_trump,
                         1.0 if c == cheapest else 0.0, beats * partner_winning]))
    return False, rows


def _last_flag(rows: list[tuple[int, list[float]]], last: bool) -> None:
    """Fill FOLLOW's "beats last" (index 4): the card beats and the seat plays last."""
    if last:
        for _, f in rows:
            f[4] = f[3]


def decision(st: State, seat: int, mask: int) -> tuple[bool, list[tuple[int, list[float]]]]:
    """``card_features`` at ``st``, ``seat`` to play from ``mask``."""
    lead, rows = card_features(st.hands[seat], mask, list(st.trick_cards),
                               list(st.trick_seats), seat, st.played_mask(), st.trump,
                               st.sung, st.side_of, st.rules.deck)
    _last_flag(rows, len(st.trick_cards) == st.n - 1)
    return lead, rows


def chance(weights: dict[str, list[float]], lead: bool,
           rows: list[tuple[int, list[float]]], card: int) -> float:
    """The model's chance of ``card`` among ``rows`` (mixed with ``MIX``)."""
    w = weights["lead" if lead else "follow"]
    scores = [sum(a * b for a, b in zip(w, f, strict=True)) for _, f in rows]
    top = max(scores)
    exps = [math.exp(x - top) for x in scores]
    total = sum(exps)
    for (c, _), e in zip(rows, exps, strict=True):
        if c == card:
            return (1.0 - MIX) * e / total + MIX / len(rows)
    return 0.0


class LearnedWeigher(search.Weigher):
    """``search.Weigher`` with the learned chance of each observed play."""

    __slots__ = ("both", "weights")

    def __init__(self, public: State, observed: list[search.Observed], policy: search.Policy,
                 weights: dict[str, list[float]], both: bool = False) -> None:
        super().__init__(public, observed, policy)
        self.weights = weights
        self.both = both
        """Also times the rule-based player's weight (``search.Weigher``)."""

    def __call__(self, world: State) -> float:
        weight = super().__call__(world) if self.both else 1.0
        trump = world.trump
        undertrump = world.rules.undertrump
        deck = world.rules.deck
        side_of = world.side_of
        played_now = world.played_mask()
        for c in world.trick_cards:
            played_now &= ~(1 << c)
        for ob in self.observed:
            hand = world.hands[ob.seat] | ob.later
            cards = list(ob.cards)
            if ob.gone >= 0:
                played = ob.gone
                for c in cards:
                    played |= 1 << c
                sung = ob.sung
                mask = strict_mask(hand, cards, trump, undertrump) if cards else hand
            else:
                played = played_now
                for c in cards:
                    played |= 1 << c
                sung = world.sung
                before = self._before
                before.hands = world.hands[:]
                before.hands[ob.seat] = hand
                before.trick_cards = cards
                before.trick_seats = list(ob.seats)
                before.to_act = ob.seat
                before.collected = world.collected
                before.sung = world.sung
                mask = before.legal_play_mask()
            if not mask & (mask - 1):
                continue
            lead, rows = card_features(hand, mask, cards, list(ob.seats), ob.seat, played,
                                       trump, sung, side_of, deck)
            _last_flag(rows, len(cards) == world.n - 1)
            weight *= chance(self.weights, lead, rows, ob.card)
        return weight


def most_likely(weights: dict[str, list[float]], st: State, seat: int, mask: int) -> int:
    """The model's most likely card among ``mask`` (legal plays, at least two)."""
    lead, rows = decision(st, seat, mask)
    w = weights["lead" if lead else "follow"]
    return max(rows, key=lambda r: sum(a * b for a, b in zip(w, r[1], strict=True)))[0]


class LearnedPolicy(search.Policy):
    """The rule-based player (``Policy``) with every choice among two cards or
    more made by the model: its most likely card (``most_likely``). Declarations,
    exchanges and the rest stay the rule-based player's."""

    __slots__ = ("weights",)

    def __init__(self, weights: dict[str, list[float]]) -> None:
        super().__init__(0.0)
        self.weights = weights

    def plain_card(self, st: State, rng: random.Random) -> int:
        c = super().plain_card(st, rng)
        mask = st.legal_play_mask() if c >= 0 else 0
        if not mask & (mask - 1):
            return c
        seat = st.to_act
        assert seat is not None
        return most_likely(self.weights, st, seat, mask)

    def card(self, st: State, seat: int, mask: int, rng: random.Random) -> int:
        if not mask & (mask - 1):
            return mask.bit_length() - 1
        return most_likely(self.weights, st, seat, mask)


def duel(model: str, argv: list[str]) -> int:
    """The arena with player ``learned`` (``LearnedPolicy`` of ``model``, as the
    ``medium`` level plays it) as A: how good a player the model is alone."""
    import arena

    from tute_desktop.bots.levels import RuleBot

    weights = load(model)
    plain = arena.make_player

    def make_player(name: str, budget: Budget) -> arena.Chooser:
        if name != "learned":
            return plain(name, budget)
        bot = RuleBot("medium", 0.0)
        bot.policy = LearnedPolicy(weights)
        return lambda st, rng: bot.choose(view(st, st.to_act), rng, budget)  # type: ignore[arg-type]

    arena.make_player = make_player  # type: ignore[assignment]
    arena.PLAYERS = (*arena.PLAYERS, "learned")  # type: ignore[misc]
    return arena.main(argv)


def load(path: str) -> dict[str, list[float]]:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return {"lead": data["lead"], "follow": data["follow"]}


def collect(variant: str, deals: int, seed: int, iterations: int, path: str) -> None:
    from arena import baseline_expert

    from tute_desktop.bots import make_bot
    rules = find_variant(variant)
    bots = [make_bot("hard"), baseline_expert()]
    budget = Budget(iterations=iterations)
    with open(path, "a", encoding="utf-8") as f:
        for k in range(seed, seed + deals):
            st = new_game(rules, seed=k)
            rng = random.Random(k)
            shift = k % 2
            while st.phase is PLAYING:
                seat = st.to_act
                assert seat is not None
                action = bots[(seat + shift) % 2].choose(view(st, seat), rng, budget)
                if action.kind == "play" and st.ask == 0:
                    mask = st.legal_play_mask()
                    if mask & (mask - 1):
                        lead, rows = decision(st, seat, mask)
                        f.write(json.dumps({"lead": lead, "card": int(action.card),  # type: ignore[arg-type]
                                            "rows": rows, "seed": k}) + "\n")
                st.apply(action)
            f.flush()
            print(f"deal {k} done", file=sys.stderr, flush=True)


def _loss_grad(w: list[float], data: list[tuple[int, list[list[float]]]],
               l2: float) -> tuple[float, list[float]]:
    grad = [l2 * x for x in w]
    loss = 0.5 * l2 * sum(x * x for x in w)
    for chosen, feats in data:
        scores = [sum(a * b for a, b in zip(w, f, strict=True)) for f in feats]
        top = max(scores)
        exps = [math.exp(x - top) for x in scores]
        total = sum(exps)
        loss -= math.log(exps[chosen] / total) / len(data)
        for e, f in zip(exps, feats, strict=True):
            p = e / total
            for i, x in enumerate(f):
                grad[i] += p * x / len(data)
        for i, x in enumerate(feats[chosen]):
            grad[i] -= x / len(data)
    return loss, grad


def fit_weights(data: list[tuple[int, list[list[float]]]], dims: int, steps: int = 300,
                l2: float = 1e-3, rate: float = 0.05) -> list[float]:
    """Conditional logit weights by Adam on the mean log loss (plus ``l2``)."""
    w = [0.0] * dims
    m = [0.0] * dims
    v = [0.0] * dims
    for t in range(1, steps + 1):
        _, g = _loss_grad(w, data, l2)
        for i in range(dims):
            m[i] = 0.9 * m[i] + 0.1 * g[i]
            v[i] = 0.999 * v[i] + 0.001 * g[i] * g[i]
            w[i] -= rate * (m[i] / (1 - 0.9 ** t)) / (math.sqrt(v[i] / (1 - 0.999 ** t)) + 1e-8)
    return w


def fit(path: str, out: str, steps: int) -> None:
    sets: dict[bool, list[tuple[int, list[list[float]], int]]] = {True: [], False: []}
    with open(path, encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            cards = [c for c, _ in d["rows"]]
            sets[d["lead"]].append((cards.index(d["card"]), [r for _, r in d["rows"]],
                                    d["seed"]))
    result: dict[str, object] = {}
    for lead, names in ((True, LEAD), (False, FOLLOW)):
        rows = sets[lead]
        train = [(c, f) for c, f, s in rows if s % 5]
        test = [(c, f) for c, f, s in rows if not s % 5]
        w = fit_weights(train, len(names), steps)
        held, _ = _loss_grad(w, test, 0.0)
        uniform = sum(math.log(len(f)) for _, f in test) / len(test)
        hits = sum(max(range(len(f)), key=lambda j: sum(a * b for a, b in zip(w, f[j],
                                                                            strict=True))) == c
                   for c, f in test) / len(test)
        kind = "lead" if lead else "follow"
        print(f"{kind}: {len(train)} train, {len(test)} held out; held-out log loss {held:.3f}"
              f" (uniform {uniform:.3f}); top card right {hits:.1%}")
        for name, x in zip(names, w, strict=True):
            print(f"  {name:24} {x:+.2f}")
        # every decision, for the weights kept
        result[kind] = fit_weights([(c, f) for c, f, _ in rows], len(names), steps)
    result["source"] = path
    with open(out, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1)
        f.write("\n")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--variant", default="parejas")
    c.add_argument("--deals", type=int, default=100)
    c.add_argument("--seed", type=int, default=60000)
    c.add_argument("--iterations", type=int, default=40)
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("plays")
    f.add_argument("--out", required=True)
    f.add_argument("--steps", type=int, default=300)
    d = sub.add_parser("duel", help="the model as a player (A: learned) in the arena;"
                       " the arena's arguments follow the model")
    d.add_argument("model")
    d.add_argument("arena_args", nargs=argparse.REMAINDER)
    args = p.parse_args(argv)
    if args.cmd == "duel":
        return duel(args.model, args.arena_args)
    if args.cmd == "collect":
        collect(args.variant, args.deals, args.seed, args.iterations, args.out)
    else:
        fit(args.plays, args.out, args.steps)
    return 0


if __name__ == "__main__":
    sys.exit(main())
