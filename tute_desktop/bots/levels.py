"""The five bot levels, from ``random`` to ``expert``; ``make_bot(level)``.

Every level decides from a ``View`` (what the seat may know) and an injected
``random.Random``; the searching levels also take a ``Budget``.
"""

from __future__ import annotations

import random
from typing import Final

from ..engine import Action, View, resample
from ..engine.actions import CAPOTE, CLAIM_ACTION, PLAY, SING
from .alone import SolvingPolicy
from .base import Bot, Budget
from .bidding import auction_action
from .outlook import MAKE_SHARE, TrumpOutlook, expert_bid
from .policy import Policy, best_sing, special_action, wins_at_once
from .search import PERFECT, SearchStats, exact_mode, pimc, solve_perfect
from .solver import wins_every_trick


class RandomBot:
    """A uniformly random legal action."""

    level = "random"

    def choose(self, view: View, rng: random.Random, budget: Budget | None = None) -> Action:
        return rng.choice(view.state.legal_actions())


class RuleBot:
    """``medium``: the rule-based player of ``policy``. ``easy`` is the same
    player making a share of random card plays (beginner mistakes, on purpose)."""

    def __init__(self, level: str, eps: float) -> None:
        self.level = level
        self.policy = Policy(eps)

    def choose(self, view: View, rng: random.Random, budget: Budget | None = None) -> Action:
        st = view.state
        actions = st.legal_actions()
        if len(actions) == 1:
            return actions[0]
        bid = auction_action(st)  # subastado's auction (§12): the policy's bid
        if bid is not None:
            return bid
        if any(a.kind == CAPOTE for a in actions) and not self.policy.eps:
            # Announce capote only when sure: the stock is out, so every card is known.
            world = resample(view, rng)
            if wins_every_trick(world, view.seat):
                return next(a for a in actions if a.kind == CAPOTE)
        return self.policy.act(st, rng)


class SearchBot:
    """``hard`` and ``expert``: determinized search.

    ``hard`` scores every action with heuristic rollouts over about 0.1 s of
    worlds and makes the obvious special moves (declare, exchange) at once.
    ``expert`` thinks about ten times longer, spends less time when few actions
    are possible or one clearly leads, weighs worlds by how well they explain
    the opponents' plays in the trick, searches declaring and exchanging (each
    followed by the card after it) against playing on, solves the 2-player
    endgame exactly once the stock is out for what the round decides (capote,
    the race to 101; ``solver.Race``), and solves every world exactly from five
    cards a hand with 3 and 4 players, four in ``cuatro`` (``EXPERT_SOLVE_CARDS``;
    with more than two sides for winning the round, ``solver.Standings``, in
    ``cuatro`` every seat for itself, ``alone.Each``). Its
    rollouts take an As or a Tres led while the stock lasts (``EXPERT_POLICY``),
    and while a 2-player stock lasts it leads and follows with the rule-based
    card unless its search finds a clearly better one (``EXPERT_PRIOR``). In
    subastado's auction (§12) the expert bids and names trump from deals of
    the unseen cards played out with each suit as trump
    (``outlook.expert_bid``); hard and the lower levels bid by the fitted
    estimate (``bidding``).
    """

    def __init__(self, level: str, default_ms: float, exact: bool, solve_cards: dict[str, int],
                 min_worlds: int, policy: Policy | None = None, prior: float = 0.0,
                 prior_follows: float = 0.0, rivals: dict[str, int] | None = None,
                 finish: dict[str, int] | None = None, sampled_bids: bool = False) -> None:
        self.level = level
        self.default_ms = default_ms
        self.exact = exact
        self.solve_cards = solve_cards
        self.min_worlds = min_worlds
        self.policy = policy if policy is not None else Policy(0.0)
        """Plays out the worlds, and is the model of the other seats that
        weighs them (``search.plausibility``)."""
        self.prior = prior
        """``search.pimc(prior=...)``: how many standard errors the search's
        best lead must gain on the rule-based lead while a 2-player stock
        lasts (0: the best mean, however slight)."""
        self.prior_follows = prior_follows
        """``search.pimc(prior_follows=...)``: how many standard errors the
        search's best card following must gain on the rule-based card while a
        2-player stock lasts (0: no prior there; the expert's,
        ``EXPERT_FOLLOW_PRIOR``: its rollouts found a card with points thrown
        on a trick lost anyway no worse than a cheaper one; issue 30, stop 57)."""
        self.rivals = rivals or {}
        """Per rule set (by name), the cards a hand from which its worlds are
        solved with each side playing for itself (``search.pimc``'s
        ``rivals``; absent: never). No level sets it: measured in ``tres``
        (arena player ``expert-rivals``), no gain shown (issue 30,
        docs/benchmarks.md)."""
        self.finish = finish or {}
        """Per rule set (by name), the cards a hand from which a rollout ends
        in an exact solve (``search.pimc``'s ``finish``; absent: never). No
        level sets it: measured in ``parejas`` (arena player
        ``expert-finish``), no gain shown (issue 30, docs/benchmarks.md)."""
        self.sampled_bids = sampled_bids
        """subastado's auction (§12): bid and name trump from deals sampled
        and played out (``outlook.expert_bid``: the expert) instead of the
        fitted estimate (``bidding``: hard, like the rule-based levels)."""
        self.bid_share = MAKE_SHARE
        """With ``sampled_bids``: the share of sampled deals that must make a
        bid (``outlook.plan``)."""
        self.bid_weigh = False
        """With ``sampled_bids``: weigh the deals by the others' bids and
        passes (``outlook.bids_weight``)."""
        self.outlooks: list[TrumpOutlook] = []
        """The estimate behind the last auction answer (for the benchmarks)."""
        self.stats = SearchStats()

    def choose(self, view: View, rng: random.Random, budget: Budget | None = None) -> Action:
        budget = budget or Budget()
        st = view.state
        actions = st.legal_actions()
        if len(actions) == 1:
            return actions[0]
        # subastado's auction (§12): the expert's sampled estimate, else the
        # fitted one (bidding.choose_bid and choose_trump).
        if self.sampled_bids:
            sampled = expert_bid(view, rng, budget, self.policy, self.bid_share, self.bid_weigh)
            if sampled is not None:
                action, self.outlooks = sampled
                return action
        else:
            bid = auction_action(st)
            if bid is not None:
                return bid
        if CLAIM_ACTION in actions:
            if st.claim_is_true(view.seat):
                return CLAIM_ACTION  # a true claim wins the game at once
            actions = [a for a in actions if a != CLAIM_ACTION]  # a false one loses it
        if self.exact:
            won = wins_at_once(st, actions)
            if won:  # the game won now for certain (la vuelta, boricua): nothing to search
                return actions[won[0]]
        if self.exact and exact_mode(st, actions, 0) == PERFECT:
            return solve_perfect(view, actions, rng)
        sing = best_sing(actions)
        if sing is not None:
            if not self.exact:
                # Declaring is all but dominant: its points are certain now, and
                # the window may not open again (§4).
                return sing
            # The expert searches it (declare, then each card; or not), but only
            # the biggest cante: a smaller one first could only lose the bigger.
            actions = [a for a in actions if a.kind != SING or a is sing]
        if not self.exact:
            # The obvious specials are not worth a search at this level.
            special = special_action(st, actions)
            if special is not None and special.kind != PLAY:
                return special
            if any(a.kind == CAPOTE for a in actions):
                actions = [a for a in actions if a.kind != CAPOTE]
                if len(actions) == 1:
                    return actions[0]
        # Spend the time where there is a choice (expert).
        if self.exact and budget.iterations is None:
            ms = budget.ms if budget.ms is not None else self.default_ms
            budget = Budget(ms=searched_ms(ms, len(actions)))
        return pimc(view, actions, rng, budget, self.default_ms, self.policy,
                    solve_cards=self.solve_cards.get(st.rules.name, 0), stats=self.stats,
                    min_worlds=self.min_worlds, early_stop=self.exact, weigh=self.exact,
                    follow=self.exact, prior=self.prior, prior_follows=self.prior_follows,
                    rivals=self.rivals.get(st.rules.name, 0),
                    finish=self.finish.get(st.rules.name, 0))


def searched_ms(ms: float, choices: int) -> float:
    """The expert's time for a decision among ``choices`` actions out of its
    budget of ``ms``: less where there is little to choose from."""
    return ms * min(1.0, 0.3 + 0.15 * choices)


LEVELS: Final = ("random", "easy", "medium", "hard", "expert")

EXPERT_SOLVE_CARDS: Final = {"tres": 5, "parejas": 5, "cuatro": 4, "subastado": 5}
"""Hand size from which the expert solves every world exactly, by rule set (where
every card is dealt: 3 and 4 players; ``search.exact_mode``). A bot's tuning,
not a rule: it is what one world's solve costs. ``cuatro`` solves for the
standings of four sides, which at five cards a hand took 241 ms a world on
average and up to 1.6 s with the others against the searcher
(``solver.Standings``), 210 ms and up to 0.5 s with every seat for itself
(``alone.Each``, what it solves with: issue 32, docs/benchmarks.md), so it
starts one trick later, at 27 ms on average and 78 ms at most. Elsewhere at
most about 60 ms a world (docs/benchmarks.md), so a 1 s move still averages
dozens of worlds: in ``subastado`` (the contract's solve, ``search.solve_world``)
19 ms on average and 54 ms at most from five cards a hand, 62 ms and 263 ms
from six (issue 33)."""


EXPERT_POLICY: Final = SolvingPolicy(0.0, take_points=True)
"""The expert's rollouts: the rule-based player, except that it takes an As or
a Tres led in the stock phase with any card but a marriage piece (``medium``
lets most pass, so a lead of one looked nearly free to the search; issue 30),
and that in ``cuatro`` the last three tricks of a rollout are solved
(``alone.SolvingPolicy``, issue 32). The lower levels keep ``Policy`` as it is."""

EXPERT_PRIOR: Final = 1.0
"""While a 2-player stock lasts, the expert leads (and follows with) the
rule-based card unless its search finds one better by a standard error
(``search.pimc``)."""

EXPERT_FOLLOW_PRIOR: Final = 1.0
"""The same margin for a card following (``SearchBot.prior_follows``; issue
30, stop 58: docs/benchmarks.md)."""


def make_bot(level: str) -> Bot:
    """A new bot of ``level`` (one of ``LEVELS``)."""
    if level == "random":
        return RandomBot()
    if level == "easy":
        return RuleBot("easy", 0.35)
    if level == "medium":
        return RuleBot("medium", 0.0)
    if level == "hard":
        return SearchBot("hard", 100.0, exact=False, solve_cards={}, min_worlds=4)
    if level == "expert":
        return SearchBot("expert", 1000.0, exact=True, solve_cards=EXPERT_SOLVE_CARDS,
                         min_worlds=8, policy=EXPERT_POLICY, prior=EXPERT_PRIOR,
                         prior_follows=EXPERT_FOLLOW_PRIOR, sampled_bids=True)
    raise ValueError(f"unknown bot level {level!r}; choose one of: {', '.join(LEVELS)}")
