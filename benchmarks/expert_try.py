"""Candidate changes to the ``tres`` and ``parejas`` expert, tried in the arena
without changing the bots (issue 30 item 3): the candidate is patched into this
one process, then ``arena.main`` runs with the remaining arguments.

    nice -n 10 .venv/bin/python benchmarks/expert_try.py leaf3 --variant tres \\
        --a expert --b expert-base --a-iterations 40 --b-iterations 40 --deals 1000 \\
        --jobs 1 --seed 40000 --stop 30 \\
        --log benchmarks/results/tres-try-leaf3-vs-base-it40.jsonl

Run with ``--jobs 1``: the patch lives in this process only. Each candidate
changes only the rollouts of the expert's own policy (``levels.EXPERT_POLICY``),
so ``expert-base`` and ``hard`` (rule-based rollouts, ``Policy``) play as
they are. The candidates (docs/benchmarks.md, issue 30):

- ``none``: the expert as it is.
- ``leaf3`` / ``leaf4``: each rollout played by the rule-based player until
  every hand holds at most 3 (4) cards, then solved: in ``tres`` by
  ``alone.Each`` once that trick's lead is on the table (every seat for itself,
  as ``cuatro``'s expert does from 3), in ``parejas`` by ``solver.Endgame`` at
  the lead (``finish.finished_rollout``, the arena's ``expert-finish``).
- ``share1``: a rollout's end valued with the whole point margin of 130 beside
  winning (``POINT_SHARE`` 1 instead of 0.25): a single rollout's won or lost
  round is a noisy estimate, its margin a steadier one. ``share0.05`` and
  ``share0.1``: the other way, the margin a smaller part of the value.
- ``rivals``: in ``tres``, the worlds solved from five cards a hand with each
  seat for itself (``alone.Rivals``, the arena's ``expert-rivals``) instead of
  the two others against the searcher (``solver.Standings``); ``rivals+leaf3``
  and ``rivals+leaf4`` with the solved rollouts too.
- ``solve0``, ``solve3``, ``solve4``, ``solve6``: the worlds solved exactly from that
  many cards a hand (0: never; the expert's ``EXPERT_SOLVE_CARDS``: five),
  rolled out before that. A solved world lets every seat see every card, the
  partner's included. ``solve6-timed``: ``solve6`` with that decision
  searched for the default budget's time by A and B alike. ``solve6+leaf3``:
  both ``solve6`` and ``leaf3``.
- ``whole``: in ``tres``, the expert's worlds weighed by every play of the
  round, as in ``parejas`` (``search.WHOLE_ROUND``), not only the trick's: the
  round's plays explain a ``tres`` deal (+0.157 mean log information) where
  the trick's do not (+0.002).
- ``opponents``: in ``parejas``, the expert's worlds weighed by the
  opponents' plays only, not the partner's (the rule-based player is a model
  of the opponents; the partner plays as the expert does, or as a person).
- ``pool4``: in ``parejas``, each of the expert's worlds picked from four
  dealt by their weights (``search.pimc``'s ``pool``), then counted once: the
  weights leave about a third of the worlds searched with any say (effective
  sample 17-20 of 50 mid-round), and the expert at 40 worlds does no better
  than hard at 120 (50.0%, 391 deals), so the worlds' number looks to matter.
- ``learned``: in ``parejas``, the expert's worlds weighed by a model of the
  others' plays learned from the bots' games (``play_model.py``), the chance
  of each observed card instead of 1 or ``UNLIKELY``; ``learned-tres`` the
  same in ``tres``, ``learned-tres-whole`` with every play of the round.
- ``learned-rollouts``: in ``parejas``, the expert's rollouts played by
  that model (its most likely card, ``play_model.LearnedPolicy``) instead of
  the rule-based player: alone it beats the rule-based player (54.1% of
  duplicate deals against ``medium``, ``play_model.py duel``).
- ``partner-rule``: in ``parejas``, the expert's worlds solved (from five
  cards a hand) with the partner playing by a rule of thumb from what it
  sees (its hand, the trick, the cards gone) instead of as a maximizer who
  sees every card (``PartnerRule``): the partner, a person or another bot,
  does not see the searcher's hand nor the opponents'.
- ``ismcts`` (``ismcts-c0.4``: UCB's constant 0.4): in ``tres`` and
  ``parejas``, the expert's searches before the exact ends by one tree over
  the worlds (``ismcts.py``: single-observer ISMCTS, as many iterations as
  ``pimc``'s rollouts) instead of a score per card per world: the searcher's
  later choices are made once for every world, not world by world.
  ``ismcts-model``: the tree over the searcher's own decisions only, the
  other seats played by the rollout player from their cards in each world.
- ``silent``: in ``tres`` and ``parejas``, the expert's worlds drawn again
  (up to 30 times) until no side that won a trick and declared nothing held
  a pair it could have declared then (``silent.py``: RULES §4, use or lose;
  about a fifth of the worlds drawn in ``parejas``, a tenth in ``tres``).
- ``smooth``: a rollout's end valued by ``logistic(margin / 10)`` (plus a
  quarter of the margin of 130) instead of 1 for a won round.
- ``prior3``: in ``tres`` and ``parejas``, the expert's rule-based default
  (``search.rule_lead``, kept unless the search finds a card better by a
  standard error: ``EXPERT_PRIOR``, ``EXPERT_FOLLOW_PRIOR``) for every card
  before the exact ends (more than ``EXPERT_SOLVE_CARDS`` in some hand), as it
  is with 2 players while the stock lasts; ``prior3-leads`` for leads only.

``--stop N``: stop once the SPRT (``arena.sprt``) has decided and at least N
duplicate deals are in the log, then print the log's summary.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

import arena

from tute_desktop.bots import levels, search, solver
from tute_desktop.bots.alone import Each
from tute_desktop.bots.base import POINT_SHARE, logistic
from tute_desktop.bots.finish import finished_rollout
from tute_desktop.bots.policy import choose_card
from tute_desktop.engine import State, find_variant
from tute_desktop.engine.cards import CARD_POINTS
from tute_desktop.engine.events import Reason
from tute_desktop.engine.state import PLAYING
from tute_desktop.engine.tricks import BEATING, strict_mask, trick_result

VARIANTS = ("tres", "parejas")


def _margin(world: State, side: int) -> int:
    pts = world.points
    return pts[side] - max(p for s, p in enumerate(pts) if s != side)


Value = Callable[[State, search.Policy, random.Random, State, int], float]
"""A rollout's value: ``search.rollout``'s arguments."""


def patch_rollouts(value: Value, variants: tuple[str, ...] = VARIANTS) -> None:
    """Rollouts of the expert's policy in ``variants`` valued by ``value``."""
    plain_rollout = search.rollout

    def rollout(world: State, policy: search.Policy, rng: random.Random, root: State,
                side: int) -> float:
        if policy is not levels.EXPERT_POLICY or world.rules.name not in variants:
            return plain_rollout(world, policy, rng, root, side)
        return value(world, policy, rng, root, side)

    search.rollout = rollout  # type: ignore[assignment]


def leaf_value(cards: int) -> Value:
    """A rollout played by the rule-based player until every hand holds at most
    ``cards`` cards, then solved: every seat for itself (``Each``, once that
    trick's lead is on the table) where each seat is alone, each team its best
    (``finished_rollout``) with two sides."""

    def value(world: State, policy: search.Policy, rng: random.Random, root: State,
              side: int) -> float:
        if world.rules.sides == 2:
            return finished_rollout(world, policy, rng, root, side, cards)
        plain, act = policy.plain_card, policy.act
        while world.phase is PLAYING:
            if len(world.trick_cards) == 1 and max(h.bit_count() for h in world.hands) <= cards:
                return Each(world).values(world)[side]
            c = plain(world, rng)
            if c >= 0:
                world.play_known(c)
            else:
                world.apply(act(world, rng), record=False)
        return search.terminal_value(root, world, side)

    return value


def _leaf(cards: int) -> Callable[[], None]:
    return lambda: patch_rollouts(leaf_value(cards))


def _margin_value(of: Callable[[float, int], float]) -> Callable[[], None]:
    """The expert's rollouts played out and valued by ``of(plain value,
    margin over the best other side)``; a tute or a thrown-in round, where
    the margin says nothing, keeps its plain value."""
    def value(world: State, policy: search.Policy, rng: random.Random, root: State,
              side: int) -> float:
        search.play_out(world, policy, rng)
        plain = search.terminal_value(root, world, side)
        if world.reason in (Reason.TUTE, Reason.THROW_IN):
            return plain
        return of(plain, _margin(world, side))

    return lambda: patch_rollouts(value)


def _share(share: float) -> Callable[[], None]:
    return _margin_value(lambda plain, margin: plain + (share - POINT_SHARE) * margin / 130.0)


_smooth = _margin_value(
    lambda plain, margin: logistic(margin / 10.0) + POINT_SHARE * margin / 130.0)


def _expert_searches(variants: tuple[str, ...], **changes: int) -> Callable[[], None]:
    """The expert's searches (``search.pimc`` called with ``EXPERT_POLICY``)
    in ``variants`` with ``changes`` to its keyword arguments."""
    def patch() -> None:
        plain = levels.pimc

        def pimc(view, actions, rng, budget, default_ms, policy, **kw):  # type: ignore[no-untyped-def]
            if policy is levels.EXPERT_POLICY and view.state.rules.name in variants:
                kw.update(changes)
            return plain(view, actions, rng, budget, default_ms, policy, **kw)

        levels.pimc = pimc  # type: ignore[assignment]

    return patch


_rivals = _expert_searches(("tres",), rivals=5)


def _whole_round() -> None:
    """``whole``: ``search.WHOLE_ROUND`` holds ``tres`` during the expert's
    searches in ``tres`` only (the weighing reads it when a search starts)."""
    plain = levels.pimc

    def pimc(view, actions, rng, budget, default_ms, policy, **kw):  # type: ignore[no-untyped-def]
        if policy is not levels.EXPERT_POLICY or view.state.rules.name != "tres":
            return plain(view, actions, rng, budget, default_ms, policy, **kw)
        kept = search.WHOLE_ROUND
        search.WHOLE_ROUND = kept | {"tres"}  # type: ignore[misc]
        try:
            return plain(view, actions, rng, budget, default_ms, policy, **kw)
        finally:
            search.WHOLE_ROUND = kept  # type: ignore[misc]

    levels.pimc = pimc  # type: ignore[assignment]


def _solve_from(cards: int) -> Callable[[], None]:
    return _expert_searches(VARIANTS, solve_cards=cards)


def _solve6_timed() -> None:
    """``solve6`` with, at the decision where every hand first holds six cards,
    every expert (A and the ``expert-base`` B's) searching for the time the
    default budget gives it there instead of the fixed worlds: the solve's cost
    in worlds (about 64 ms a world against a fraction of a millisecond a
    rollout) counted as it would be in a real game."""
    from tute_desktop.bots.base import Budget
    from tute_desktop.bots.levels import searched_ms

    plain = levels.pimc

    def pimc(view, actions, rng, budget, default_ms, policy, **kw):  # type: ignore[no-untyped-def]
        st = view.state
        if st.rules.name == "parejas" and default_ms == 1000.0 \
                and max(h.bit_count() for h in st.hands) == 6 \
                and all(a.kind == "play" for a in actions):
            budget = Budget(ms=searched_ms(default_ms, len(actions)))
            if policy is levels.EXPERT_POLICY:
                kw["solve_cards"] = 6
        return plain(view, actions, rng, budget, default_ms, policy, **kw)

    levels.pimc = pimc  # type: ignore[assignment]


def _opponents_only() -> None:
    """``opponents``: during the expert's searches in ``parejas``,
    ``search._observed`` leaves out the partner's plays."""
    plain, observed = levels.pimc, search._observed
    searching: list[bool] = []

    def pimc(view, actions, rng, budget, default_ms, policy, **kw):  # type: ignore[no-untyped-def]
        mine = policy is levels.EXPERT_POLICY and view.state.rules.name == "parejas"
        searching.append(mine)
        try:
            return plain(view, actions, rng, budget, default_ms, policy, **kw)
        finally:
            searching.pop()

    def opponents(st: State, seat: int, whole: bool | None = None) -> list[search.Observed]:
        seen = observed(st, seat, whole)
        if searching and searching[-1]:
            side = st.side_of(seat)
            seen = [ob for ob in seen if st.side_of(ob.seat) != side]
        return seen

    levels.pimc = pimc  # type: ignore[assignment]
    search._observed = opponents  # type: ignore[assignment]


def _learned(variant: str = "parejas", whole: bool = False,
             path: str | None = None) -> Callable[[], None]:
    """``learned``: in ``variant``, the expert's worlds weighed by the learned
    model of the others' plays (``play_model.LearnedWeigher``, the weights at
    ``path``: ``benchmarks/results/play_model-VARIANT.json`` by default)
    instead of the rule-based player's 1 or ``UNLIKELY``; ``whole``: every
    play of the round weighed (``tres``: as ``whole`` does)."""
    def patch() -> None:
        from play_model import LearnedWeigher, load

        weights = load(path or f"benchmarks/results/play_model-{variant}.json")
        plain = search.Weigher

        def weigher(public: State, observed: list[search.Observed], policy: search.Policy,
                    graded: float = 0.0) -> search.Weigher:
            if policy is levels.EXPERT_POLICY and public.rules.name == variant:
                return LearnedWeigher(public, observed, policy, weights)
            return plain(public, observed, policy, graded)

        search.Weigher = weigher  # type: ignore[assignment,misc]
        if whole:
            _whole_round()

    return patch


def _suit_mask(suit: int) -> int:
    return 1023 << (suit * 10)


class PartnerRule(solver.Endgame):
    """``solver.Endgame`` with the searcher's partner choosing its card by a
    rule from its own view: following, it puts its cheapest card on a trick
    its side holds (the most points if it plays last), beats with its lowest
    winning card (a plain one before a trump), or throws its cheapest card;
    leading, it leads its highest card of a plain suit no unseen card beats,
    else its cheapest plain card, else its lowest trump."""

    __slots__ = ("partner",)

    def __init__(self, st: State, me_seat: int) -> None:
        super().__init__(st, me_seat)
        self.partner = st.rules.partners[me_seat]

    def _rule(self, hands: list[int], hand: int, mask: int, cards: list[int],
              seats: list[int]) -> int:
        trump_mask = _suit_mask(self.trump)
        if not cards:
            unseen = 0
            for s, h in enumerate(hands):
                if s != self.partner:
                    unseen |= h
            plain = mask & ~trump_mask
            tops = [c for c in solver._order(plain)
                    if not unseen & _suit_mask(c // 10) >> (c + 1) << (c + 1)]
            if tops:
                return max(tops, key=lambda c: CARD_POINTS[c])
            if plain:
                return min(solver._order(plain)[::-1], key=lambda c: CARD_POINTS[c])
            return (mask & -mask).bit_length() - 1
        wi, _ = trick_result(cards, self.trump)
        low = solver._order(mask)[::-1]  # lowest card first
        if self.sides[seats[wi]] == self.me:
            if len(cards) == self.n - 1:
                return max(low, key=lambda c: CARD_POINTS[c])
            return min(low, key=lambda c: CARD_POINTS[c])
        win = BEATING[self.trump][cards[wi]] & mask
        if win:
            plain = win & ~trump_mask
            pick = plain or win
            return (pick & -pick).bit_length() - 1
        return min(low, key=lambda c: CARD_POINTS[c])

    def _choose(self, hands: list[int], cards: list[int], seats: list[int], sung: int,
                seat: int, alpha: float, beta: float) -> float:
        if seat != self.partner:
            return solver.Endgame._choose(self, hands, cards, seats, sung, seat, alpha, beta)
        hand = hands[seat]
        mask = strict_mask(hand, cards, self.trump, self.undertrump) if cards else hand
        c = self._rule(hands, hand, mask, cards, seats)
        hands[seat] = hand ^ (1 << c)
        if len(cards) == self.n - 1:
            wi, base = trick_result(cards, self.trump)
            beats = BEATING[self.trump][cards[wi]]
            v = self._after_trick(hands, seat if beats >> c & 1 else seats[wi],
                                  base + CARD_POINTS[c], sung, alpha, beta)
        else:
            cards.append(c)
            seats.append(seat)
            v = self._choose(hands, cards, seats, sung, (seat + 1) % self.n, alpha, beta)
            cards.pop()
            seats.pop()
        hands[seat] = hand
        return v


def _partner_rule() -> None:
    """``partner-rule``: ``search.Endgame`` is ``PartnerRule`` during the
    expert's searches in ``parejas``."""
    plain = levels.pimc

    def pimc(view, actions, rng, budget, default_ms, policy, **kw):  # type: ignore[no-untyped-def]
        if policy is not levels.EXPERT_POLICY or view.state.rules.name != "parejas":
            return plain(view, actions, rng, budget, default_ms, policy, **kw)
        search.Endgame = PartnerRule  # type: ignore[misc]
        try:
            return plain(view, actions, rng, budget, default_ms, policy, **kw)
        finally:
            search.Endgame = solver.Endgame  # type: ignore[misc]

    levels.pimc = pimc  # type: ignore[assignment]


def _learned_rollouts(variant: str) -> Callable[[], None]:
    """``learned-rollouts``: the expert's rollouts in ``variant`` played by the
    model of ``play_model.py`` (its most likely card, ``LearnedPolicy``),
    not by the rule-based player."""
    def patch() -> None:
        import play_model

        player = play_model.LearnedPolicy(
            play_model.load(f"benchmarks/results/play_model-{variant}.json"))

        def value(world: State, policy: search.Policy, rng: random.Random, root: State,
                  side: int) -> float:
            search.play_out(world, player, rng)
            return search.terminal_value(root, world, side)

        patch_rollouts(value, (variant,))

    return patch


def _prior3(follows: bool) -> Callable[[], None]:
    """``prior3``: ``search.rule_lead`` gives the rule-based card in ``tres``
    and ``parejas`` too while some hand holds more than the solve's cards (the
    expert's searches alone ask it: ``expert-base`` and ``hard`` have no
    prior)."""
    def patch() -> None:
        plain = search.rule_lead

        def rule_lead(st: State, actions: list, policy: search.Policy,  # type: ignore[type-arg]
                      following: bool = False):  # type: ignore[no-untyped-def]
            name = st.rules.name
            if name not in VARIANTS or st.to_act is None \
                    or max(h.bit_count() for h in st.hands) <= levels.EXPERT_SOLVE_CARDS[name] \
                    or (st.trick_cards and not follows) \
                    or any(a.kind != "play" for a in actions):
                return plain(st, actions, policy, following)
            mask = 0
            for a in actions:
                mask |= 1 << int(a.card)
            c = choose_card(st, st.to_act, mask, policy.take_points)
            return next(a for a in actions if a.card == c)

        search.rule_lead = rule_lead  # type: ignore[assignment]

    return patch


CANDIDATES: dict[str, Callable[[], None]] = {
    "none": lambda: None, "leaf3": _leaf(3), "leaf4": _leaf(4), "share1": _share(1.0),
    "share0.05": _share(0.05), "share0.1": _share(0.1),
    "smooth": _smooth, "rivals": _rivals, "whole": _whole_round,
    "opponents": _opponents_only, "learned": _learned(), "partner-rule": _partner_rule,
    "learned-tres": _learned("tres"), "learned-tres-whole": _learned("tres", whole=True),
    "learned-rollouts": _learned_rollouts("parejas"),
    "pool4": _expert_searches(("parejas",), pool=4),
    "rivals+leaf3": lambda: (_rivals(), _leaf(3)()),
    "rivals+leaf4": lambda: (_rivals(), _leaf(4)()),
    "solve0": _solve_from(0), "solve3": _solve_from(3), "solve4": _solve_from(4),
    "solve6": _solve_from(6), "solve6-timed": _solve6_timed,
    "solve6+leaf3": lambda: (_solve_from(6)(), _leaf(3)()),
    "ismcts": lambda: __import__("ismcts").patch(),
    "ismcts-c0.4": lambda: __import__("ismcts").patch(explore=0.4),
    "ismcts-model": lambda: __import__("ismcts").patch(modelled=True),
    "silent": lambda: __import__("silent").patch(),
    "prior3": _prior3(True), "prior3-leads": _prior3(False)}


class _Decided(Exception):
    pass


def _stop_when_decided(least: int, sides: int) -> None:
    """Make the arena's log stop the run once the SPRT decides (``--stop``)."""
    add = arena.ResultLog.add

    def stopping(self: arena.ResultLog, task: arena.Task, games: list[arena.GameResult]) -> None:
        add(self, task, games)
        if len(self.done) < least:
            return
        scores = [arena.pairwise(sum(g.a_won for g in r) / len(r), sides)
                  for r in (self.done[k] for k in sorted(self.done))]
        if arena.sprt(scores)[1] != "continue":
            raise _Decided

    arena.ResultLog.add = stopping  # type: ignore[method-assign]


def run(candidates: dict[str, Callable[[], None]], argv: list[str], prog: str) -> int:
    """Patch in ``argv[0]`` (one of ``candidates``), then run the arena with the
    rest of ``argv`` (``--stop N`` handled here)."""
    if not argv or argv[0] not in candidates:
        print(f"usage: {prog} {{{','.join(candidates)}}} ARENA-ARGS...", file=sys.stderr)
        return 2
    if "--jobs" not in argv[1:] or argv[argv.index("--jobs") + 1] != "1":
        print(f"{prog}: run with --jobs 1 (the patch lives in this process)", file=sys.stderr)
        return 2
    candidates[argv[0]]()
    args = argv[1:]
    if "--stop" in args:
        i = args.index("--stop")
        variant = args[args.index("--variant") + 1] if "--variant" in args else "habanero"
        _stop_when_decided(int(args[i + 1]), find_variant(variant).sides)
        del args[i:i + 2]
    try:
        return arena.main(args)
    except _Decided:
        i = args.index("--log")
        done = len(arena.read_log(args[i + 1])[1])
        j = args.index("--deals")
        return arena.main([*args[:j], "--deals", str(done), *args[j + 2:]])


if __name__ == "__main__":
    sys.exit(run(CANDIDATES, sys.argv[1:], "expert_try.py"))
