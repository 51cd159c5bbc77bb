"""A search over information sets (single-observer ISMCTS) for the ``tres``
and ``parejas`` expert, tried in the arena through ``expert_try.py ismcts``
(issue 30 item 3). Not a level: a candidate measured against the expert's
determinized search (``search.pimc``).

Determinized search scores each card in each sampled world as if the rest of
the round could be played differently world by world (strategy fusion): the
searcher's own later choices are made knowing every card. Here one tree is
shared by every world: a node is a sequence of public actions, the same for
every world of the view, so the searcher's later choices are made once for
all the worlds that reach them (Cowling, Powley and Whitehouse, "Information
Set Monte Carlo Tree Search", 2012: SO-ISMCTS). Each iteration takes one
world (drawn by the expert's weights, ``search.Weigher``, from the worlds the
expert would have searched), walks the tree by UCB among the actions legal in
that world (counting each child's availability, not the parent's visits),
adds one node, plays the rest out with the expert's rollout player, and
credits every node with the value for the side that chose it
(``base.terminal_value``). The other seats' nodes are shared by the worlds
too, so they choose as if they did not know their own cards: the method's
known cost.

Budget: at ``iterations`` worlds (the arena's fixed budget), the worlds are
those ``pimc`` would have drawn, and the iterations as many as ``pimc``'s
rollouts there (a world times the actions); at a time budget, the time
``pimc`` would have had. From five cards a hand, where
the expert solves each world exactly, ``pimc`` decides as it does.
"""

from __future__ import annotations

import bisect
import math
import random
import time
from typing import Final

from tute_desktop.bots import search
from tute_desktop.bots.base import Budget, terminal_value
from tute_desktop.bots.policy import Policy
from tute_desktop.engine import Action, State, View, resample
from tute_desktop.engine.actions import PLAY_ACTIONS
from tute_desktop.engine.state import PLAYING

EXPLORE: Final = 0.7
"""UCB's exploration constant; a round's value runs from about -0.25 to 1.25."""


class Node:
    """An edge of the tree and the node it leads to: how often it was taken
    (``n``), the value it brought the side that chose it (``total``), how
    often it was legal when its parent was reached (``avail``)."""

    __slots__ = ("avail", "children", "n", "total")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.n = 0
        self.total = 0.0
        self.avail = 0


class Worlds:
    """The worlds an ISMCTS search walks, drawn from the view and weighed as
    the expert weighs them (``search.Weigher``); ``pick`` draws one by weight."""

    def __init__(self, view: View, rng: random.Random, policy: Policy) -> None:
        self.view = view
        self.rng = rng
        observed = search._observed(view.state, view.seat)
        self.weigher = search.Weigher(view.state, observed, policy) if observed else None
        self.states: list[State] = []
        self.cumulative: list[float] = []
        self.total = 0.0

    def add(self) -> None:
        w = resample(self.view, self.rng)
        self.states.append(w)
        self.total += self.weigher(w) if self.weigher is not None else 1.0
        self.cumulative.append(self.total)

    def pick(self) -> State:
        i = bisect.bisect_right(self.cumulative, self.rng.random() * self.total)
        return self.states[min(i, len(self.states) - 1)]


def ismcts(view: View, actions: list[Action], rng: random.Random, policy: Policy,
           worlds: int | None = None, iterations: int | None = None,
           deadline: float | None = None, min_worlds: int = 8,
           explore: float = EXPLORE, modelled: bool = False) -> Action:
    """The root action taken most often after ``iterations`` walks of one tree
    over ``worlds`` worlds of ``view`` drawn by their weights; with
    ``deadline`` (a ``time.perf_counter`` reading) instead, walks until it,
    from ``min_worlds`` worlds and one more every ``len(actions)`` walks (as
    ``pimc`` draws a world for every rollout of each action). ``modelled``:
    only the searcher's own decisions are searched in the tree; the other
    seats play as the rollout player does in each world, from their own cards
    (the tree's nodes for them shared by the worlds would make them choose as
    if they did not know their hands)."""
    seat = view.seat
    pool = Worlds(view, rng, policy)
    for _ in range(worlds if worlds is not None else min_worlds):
        pool.add()
    k = len(actions)
    sides = view.state.rules.sides
    root = Node()
    legal = set(actions)
    start = time.perf_counter()
    done = 0
    while True:
        if iterations is not None and done >= iterations:
            break
        if deadline is not None and done >= k and done % k == 0:
            now = time.perf_counter()
            if now + (now - start) * k / done >= deadline:
                break
            if worlds is None:
                pool.add()
        done += 1
        base = pool.pick()
        world = base.clone()
        node = root
        path: list[tuple[Node, int]] = []
        while world.phase is PLAYING:
            here = world.legal_actions() if node is not root else actions
            mover = world.to_act
            assert mover is not None
            side = world.side_of(mover)
            if len(here) == 1 or (modelled and mover != seat):
                # forced, or another seat played by the model: walk on without expanding
                if len(here) == 1:
                    a = here[0]
                else:
                    card = policy.plain_card(world, rng)
                    a = PLAY_ACTIONS[card] if card >= 0 else policy.act(world, rng)
                child = node.children.get(a)
                if child is None:
                    child = node.children[a] = Node()
                child.avail += 1
                world.apply(a, record=False)
                path.append((child, side))
                node = child
                continue
            children = node.children
            untried = [a for a in here if a not in children]
            for a in here:
                c = children.get(a)
                if c is not None:
                    c.avail += 1
            if untried:
                a = untried[rng.randrange(len(untried))]
                child = children[a] = Node()
                child.avail = 1
                world.apply(a, record=False)
                path.append((child, side))
                break
            best, best_score = here[0], -math.inf
            for a in here:
                c = children[a]
                score = c.total / c.n + explore * math.sqrt(math.log(c.avail) / c.n)
                if score > best_score:
                    best, best_score = a, score
            child = children[best]
            world.apply(best, record=False)
            path.append((child, side))
            node = child
        search.play_out(world, policy, rng)
        values = [terminal_value(base, world, s) for s in range(sides)]
        for child, side in path:
            child.n += 1
            child.total += values[side]
    scored = [(c.n, c.total / c.n if c.n else -math.inf, a)
              for a, c in root.children.items() if a in legal]
    return max(scored, key=lambda t: (t[0], t[1]))[2]


def patch(variants: tuple[str, ...] = ("tres", "parejas"), explore: float = EXPLORE,
          modelled: bool = False) -> None:
    """The expert's searches (``pimc`` with ``EXPERT_POLICY``) in ``variants``
    by ``ismcts`` where ``pimc`` would roll the worlds out at a fixed budget."""
    from tute_desktop.bots import levels

    plain = levels.pimc

    def pimc(view: View, actions: list[Action], rng: random.Random, budget: Budget,
             default_ms: float, policy: Policy, **kw):  # type: ignore[no-untyped-def]
        st = view.state
        if policy is not levels.EXPERT_POLICY or st.rules.name not in variants \
                or search.exact_mode(st, actions, kw.get("solve_cards", 0)) is not None:
            return plain(view, actions, rng, budget, default_ms, policy, **kw)
        n = budget.iterations
        if n is None:  # the time the expert gives this decision (``levels.searched_ms``)
            return ismcts(view, actions, rng, policy, deadline=budget.deadline(default_ms),
                          min_worlds=kw.get("min_worlds", 8), explore=explore,
                          modelled=modelled)
        return ismcts(view, actions, rng, policy, worlds=n, iterations=n * len(actions),
                      explore=explore, modelled=modelled)

    levels.pimc = pimc  # type: ignore[assignment]
