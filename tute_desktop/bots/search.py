"""Determinized search (Perfect Information Monte Carlo): deal the cards the
seat cannot see in many ways consistent with its view (``resample``), and score
every legal action in each of those worlds, by a heuristic rollout to the end of
the round or, near the end, by the exact solver. The action with the best
average wins.

The searches see whole worlds, but only worlds made from the view: what the
seat cannot know is always a fresh random guess.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Final

from ..engine import Action, State, View, resample
from ..engine.actions import CAPOTE, PLAY, PLAY_ACTIONS, SING, SWAP
from ..engine.cards import bits
from ..engine.events import PlayRecord, ShowRecord
from ..engine.state import ASK_NONE, PLAYING
from ..engine.tricks import strict_mask
from .alone import EACH_FOR_ITSELF, Each, Rivals, SolvingPolicy
from .base import POINT_SHARE, Budget, terminal_value
from .finish import finished_rollout
from .policy import Policy, choose_card
from .solver import Endgame, Race, Standings, wins_every_trick


def play_out(world: State, policy: Policy, rng: random.Random) -> None:
    """Play ``world`` to the end of the round with ``policy`` for every seat."""
    plain, act = policy.plain_card, policy.act
    while world.phase is PLAYING:
        c = plain(world, rng)
        if c >= 0:
            world.play_known(c)  # from legal_play_mask(): no check needed
        else:
            world.apply(act(world, rng), record=False)


def rollout(world: State, policy: Policy, rng: random.Random, root: State, side: int) -> float:
    """Play ``world`` to the end of the round with ``policy`` for every seat; its
    value for ``side`` (``terminal_value``). A ``SolvingPolicy`` (the expert's)
    may end it in an exact solve instead."""
    if type(policy) is SolvingPolicy:
        return policy.rollout(world, rng, root, side)
    play_out(world, policy, rng)
    return terminal_value(root, world, side)


@dataclass(slots=True)
class SearchStats:
    worlds: int = 0
    rollouts: int = 0


def solve_world(world: State, seat: int, rivals: bool = False) -> dict[int, float]:
    """Every legal card's exact value in a 3- or 4-player world near its end,
    for winning the round as ``terminal_value`` scores it. With more than two
    sides (``tres``, ``cuatro``) points alone misjudge it (feeding the trailing
    opponent, not the leader): ``Standings`` solves for the standings, the
    others against the searcher; in the rule sets of ``alone.EACH_FOR_ITSELF``
    (``cuatro``) ``alone.Each``, every seat for itself. With two sides
    (``parejas``) the round's value is a rising function of the final point
    difference, which commutes with minimax: the faster points solver's value,
    mapped through it (``team_value``), is the exact value, a tie counted as an
    even chance (its tie-break, the later trick, is not in the difference).
    ``rivals``: with more than two sides, each plays for itself (``alone.Rivals``,
    a candidate for ``tres``, off in every level) instead of all against the
    searcher."""
    if world.contract is not None:
        return contract_values(world, seat)
    if world.rules.name in EACH_FOR_ITSELF:
        return Each(world).root_values(world)
    if world.rules.sides > 2:
        if rivals:
            return Rivals(world, seat).root_values(world)
        return Standings(world, seat).root_values(world)
    values = Endgame(world, seat).root_values(world)
    side = world.side_of(seat)
    base = world.points[side] - world.points[1 - side]
    return {c: team_value(base + v) for c, v in values.items()}


def contract_values(world: State, seat: int) -> dict[int, float]:
    """``solve_world`` in subastado (§12): the contract is made or not by the
    bidder's points alone, so the world is solved for them (la contra
    minimizing; the weights count the bidder's side only), and each card is
    worth winning the round for ``seat``'s side, plus a small share of the
    bidder's margin over the bid (its opposite for la contra)."""
    contract = world.contract
    assert contract is not None
    bidder, bid = contract
    solver = Endgame(world, bidder)
    solver.weights = [1.0, 0.0]
    made_side = world.side_of(seat) == 0
    out = {}
    for c, v in solver.root_values(world).items():
        margin = world.points[0] + v - bid
        win = (margin >= 0) == made_side
        share = POINT_SHARE * margin / 130.0
        out[c] = (1.0 if win else 0.0) + (share if made_side else -share)
    return out


def team_value(diff: float) -> float:
    """``terminal_value`` of a ``parejas`` round that ends ``diff`` points up
    (no tute): averaged over worlds it counts rounds won, not points (a card
    that wins more rounds beats one that wins more points in fewer of them)."""
    win = 1.0 if diff > 0 else 0.0 if diff < 0 else 0.5
    return win + POINT_SHARE * diff / 130.0


PERFECT: Final = "perfect"
"""2 players once the stock is out: the view knows every card, one world is the
true deal, and one exact solve decides (``solve_perfect``)."""
WORLDS: Final = "worlds"
"""3 and 4 players near the end: each sampled world is solved exactly
(``solve_world``) instead of rolled out."""


def exact_mode(st: State, actions: list[Action], solve_cards: int) -> str | None:
    """Whether an exact solver takes over from here, and which (``PERFECT`` or
    ``WORLDS``), or None for sampled rollouts. ``solve_cards``: where every card
    is dealt (3 and 4 players), the hand size from which the worlds are solved
    (0: never). Only card plays are solved: a lead right after a won trick with
    something to declare is left to the rollouts."""
    if st.phase is not PLAYING or st.ask is not ASK_NONE:
        return None
    if st.rules.has_stock:  # 2 players: the view knows every card once it is drawn
        return PERFECT if not st.stock_in_play() else None
    if solve_cards and max(h.bit_count() for h in st.hands) <= solve_cards \
            and all(a.kind is PLAY for a in actions):
        return WORLDS
    return None


def pimc(
    view: View,
    actions: list[Action],
    rng: random.Random,
    budget: Budget,
    default_ms: float,
    policy: Policy,
    solve_cards: int = 0,
    stats: SearchStats | None = None,
    min_worlds: int = 1,
    early_stop: bool = False,
    weigh: bool = False,
    follow: bool = False,
    prior: float = 0.0,
    prior_follows: float = 0.0,
    graded: float = 0.0,
    rivals: int = 0,
    finish: int = 0,
    pool: int = 0,
) -> Action:
    """The action with the best mean value over determinized worlds; with
    ``weigh``, each world counts as much as it explains the other seats' plays
    (``plausibility``: the round's in ``parejas``, else the trick's; with
    ``graded``, a play off the model by its likelihood, ``Weigher``); with
    ``rivals``, worlds with at most that many cards a hand are solved with
    each side for itself (``solve_world``); with ``finish``, each rollout ends in an exact solve
    from that many cards a hand (``finish.finished_rollout``, two sides only);
    with ``pool`` (and ``weigh``), each world is picked from that many dealt
    by their weights and then counts once (sampling-importance-resampling: the
    searched worlds are the plausible ones, not a few heavy among many light);
    with ``follow``, an action after which the seat acts again with nothing new
    revealed (a declaration or an exchange before its lead: ``acts_again``) is
    scored together with each continuation (``sequences``); with ``prior``,
    a plain lead while a 2-player stock lasts is the rule-based card
    (``policy``'s) unless the best mean leads it by ``prior`` standard errors
    of their paired difference: at a few dozen worlds a lead a little ahead is
    mostly noise, and the noisiest leads win that draw most often, an As or a
    Tres that the other seat trumps in some worlds and not in others (issue
    30); with ``prior_follows``, a card following while a 2-player stock
    lasts likewise, by that many standard errors (the rollouts' own blind
    spot: points thrown on a trick lost anyway, issue 30, stop 57)."""
    st = view.state
    seat = view.seat
    side = st.side_of(seat)
    start = time.perf_counter()
    deadline = budget.deadline(default_ms)
    limit = budget.iterations
    use_solver = exact_mode(st, actions, solve_cards) == WORLDS
    # A world solved exactly already plays the best continuation.
    seqs: list[tuple[Action, ...]] = (
        _sequences(view, actions) if follow and not use_solver else [(a,) for a in actions])
    k = len(seqs)
    specials = [j for j, q in enumerate(seqs) if q[0].kind in SPECIALS]
    default = _default(st, seqs, policy, prior_follows > 0) if prior else -1
    margin = prior_follows if st.trick_cards else prior
    totals = [0.0] * k
    worlds = 0
    per_world: list[list[float]] = []
    observed = _observed(st, seat) if weigh else []
    weigher = Weigher(st, observed, policy, graded) if observed else None
    while True:
        world = resample(view, rng)
        weight = weigher(world) if weigher is not None else 1.0
        if pool > 1 and weigher is not None:
            world = _picked(world, weight, pool, view, weigher, rng)
            weight = 1.0
        if use_solver:
            values = solve_world(world, seat, max(h.bit_count() for h in world.hands) <= rivals)
            row = [values[int(a.card)] for a in actions]  # type: ignore[arg-type]
        else:
            seed = rng.getrandbits(32)
            row = []
            for seq in seqs:
                w = world.clone()
                for a in seq:
                    w.apply(a, record=False)
                if finish:
                    row.append(finished_rollout(w, policy, random.Random(seed), world, side,
                                                finish))
                else:
                    row.append(rollout(w, policy, random.Random(seed), world, side))
            if stats is not None:
                stats.rollouts += k
        if weight != 1.0:
            row = [x * weight for x in row]
        for j in range(k):
            totals[j] += row[j]
        if early_stop or specials or default >= 0:
            per_world.append(row)
        worlds += 1
        if limit is not None:
            if worlds >= limit:
                break
            continue
        now = time.perf_counter()
        # Stop when one more world would likely end past the deadline, so the
        # budget is a ceiling rather than a target overshot by the last world.
        # An exact solve can take a tenth of a second: two worlds are enough then.
        if worlds >= (2 if use_solver else min_worlds) and now + (now - start) / worlds >= deadline:
            break
        if early_stop and worlds >= 24 and worlds % 8 == 0 \
                and _choice(seqs, specials, totals, per_world)[1]:
            break
    if stats is not None:
        stats.worlds += worlds
    j = _choice(seqs, specials, totals, per_world)[0]
    if default >= 0 and j != default and paired_lead(per_world, j, default) < margin:
        return seqs[default][0]
    return seqs[j][0]


def _picked(world: State, weight: float, pool: int, view: View, weigher: Weigher,
            rng: random.Random) -> State:
    """One of ``pool`` worlds (``world``, of ``weight``, and more dealt from
    ``view``), drawn with a chance proportional to its weight."""
    worlds, weights = [world], [weight]
    for _ in range(pool - 1):
        w = resample(view, rng)
        worlds.append(w)
        weights.append(weigher(w))
    point = rng.random() * sum(weights)
    for w, x in zip(worlds, weights, strict=True):
        point -= x
        if point < 0:
            return w
    return worlds[-1]


def _default(st: State, seqs: list[tuple[Action, ...]], policy: Policy,
             following: bool) -> int:
    """Where the rule-based card is the search's default (``pimc(prior=...)``):
    its index in ``seqs`` (``rule_lead``); -1 when there is none."""
    if any(len(q) > 1 for q in seqs):
        return -1
    lead = rule_lead(st, [q[0] for q in seqs], policy, following)
    return -1 if lead is None else next(j for j, q in enumerate(seqs) if q[0] == lead)


def rule_lead(st: State, actions: list[Action], policy: Policy,
              following: bool = False) -> Action | None:
    """The rule-based card where it is the default choice (``pimc(prior=...)``,
    and the review's best: ``analysis.best_index``): a plain lead while a
    2-player stock lasts, every action a card; None elsewhere. ``following``:
    a card following too, with 2 players (the expert's since stop 58:
    ``SearchBot.prior_follows``; issue 30, docs/benchmarks.md)."""
    if not st.stock_in_play() or st.to_act is None \
            or (st.trick_cards and not (following and st.n == 2)) \
            or any(a.kind is not PLAY for a in actions):
        return None
    mask = 0
    for a in actions:
        mask |= 1 << int(a.card)  # type: ignore[arg-type]
    c = choose_card(st, st.to_act, mask, policy.take_points)
    return next(a for a in actions if a.card == c)


def _choice(seqs: list[tuple[Action, ...]], specials: list[int], totals: list[float],
            per_world: list[list[float]]) -> tuple[int, bool]:
    """The sequence to follow, and whether more worlds would not change it.

    The best mean wins; the choice is clear when it leads the best sequence
    that starts differently by over four standard errors of their paired
    difference. A declaration or an exchange (``specials``: the sequences that
    start with one) is kept unless not making it scores better by over two
    standard errors: made later, it scores the same as now in every world where
    the seat leads again in time (the rollouts make it then), so a near tie
    means make it now, while the chance lasts."""
    k = len(seqs)
    best = max(range(k), key=totals.__getitem__)
    if specials:
        others = [j for j in range(k) if j not in specials]
        js = max(specials, key=totals.__getitem__)
        if not others:
            return js, True
        jo = max(others, key=totals.__getitem__)
        lead = paired_lead(per_world, jo, js)
        if lead > KEEP_SPECIAL:
            return jo, lead > 3 * KEEP_SPECIAL
        return js, lead < -KEEP_SPECIAL or _same(per_world, jo, js)
    rival = [j for j in range(k) if seqs[j][0] != seqs[best][0]]
    if not rival or len(per_world) < 2:
        return best, not rival
    second = max(rival, key=totals.__getitem__)
    return best, paired_lead(per_world, best, second) > 4.0


def paired_lead(per_world: list[list[float]], a: int, b: int) -> float:
    """How many standard errors sequence ``a`` leads ``b`` by (paired by world)."""
    diffs = [row[a] - row[b] for row in per_world]
    n = len(diffs)
    if n < 2:
        return 0.0
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var <= 1e-18:
        return 0.0 if abs(mean) <= 1e-12 else (1e9 if mean > 0 else -1e9)
    return float(mean / (var / n) ** 0.5)


def _same(per_world: list[list[float]], a: int, b: int) -> bool:
    """Whether ``a`` and ``b`` scored the same in every world so far (24 or more)."""
    return len(per_world) >= 24 and all(abs(row[a] - row[b]) <= 1e-12 for row in per_world)


SPECIALS = (SWAP, SING)
"""The decisions besides a card that a lead may offer: exchanging (§5) and
declaring (§4)."""
KEEP_SPECIAL: Final = 2.0
"""Standard errors by which not declaring (not exchanging) must score better
for the search to pass the chance by (``_choice``; the review's best too)."""


def seen_by(st: State, seat: int) -> int:
    """The cards ``seat`` can place in a world: its own hand, the cards out of
    play, the face-up card and a card waiting to be taken (the cards it knows
    in other hands are placed by their seats' actions, not its own)."""
    seen = st.hands[seat] | st.played_mask()
    for c in (st.faceup, st.pending_card):
        if c >= 0:
            seen |= 1 << c
    return seen


def acts_again(world: State, seat: int, action: Action) -> State | None:
    """The world after ``seat``'s ``action`` when ``seat`` is the next to act with
    nothing new revealed to it: a declaration before the lead, an exchange
    followed by the exchanger's own lead. The decision after it is then the same
    in every world consistent with the view, so the action is worth its best
    continuation (``sequences``). None otherwise.

    Nothing new revealed: the seat can place no card it could not place before
    (nothing drawn, no hand shown), and the trick on the table is as it was. A
    card always changes the trick: it passes the turn, or ends the trick, whose
    outcome the engine settles with what the seat may not see (the draw with 2
    players; whether the winner's partner holds a declaration to be asked about
    in ``parejas``), so that who acts next and what it learns differ between
    the worlds of one view."""
    w = world.clone()
    w.apply(action, record=False)
    if w.phase is not PLAYING or w.to_act != seat or w.trick_cards != world.trick_cards \
            or w.tricks_played != world.tricks_played or seen_by(w, seat) != seen_by(world, seat):
        return None
    return w


def sequences(world: State, seat: int, actions: list[Action]) -> list[tuple[Action, ...]]:
    """What to score for ``actions`` (``seat``'s legal actions in ``world``, a
    world consistent with its view): each action alone, except one after which
    the seat acts again with nothing new revealed (``acts_again``), which is
    scored followed by each of its continuations (themselves expanded by the
    same rule), so that it is valued as the player will really follow it (the
    best continuation, not the rollout policy's); the search of the next
    decision then picks that continuation again. The sequences are the same in
    every world consistent with the view. One home for the expert's search
    (``pimc(follow=True)``) and the analysis (``analysis.analyze``)."""
    out: list[tuple[Action, ...]] = []
    for a in actions:
        after = acts_again(world, seat, a)
        if after is None:
            out.append((a,))
            continue
        nxt = after.legal_actions()
        out.extend([(a, *q) for q in sequences(after, seat, nxt)] or [(a,)])
    return out


def _sequences(view: View, actions: list[Action]) -> list[tuple[Action, ...]]:
    """``sequences`` in a world of ``view`` drawn by its own generator (the rule
    reads only what the view knows, and the search's draws stay as they were)."""
    return sequences(resample(view, random.Random(0)), view.seat, actions)


UNLIKELY = 0.25
"""Weight of a world in which the rule-based player would not have made an
observed play (1 when it would have): a soft model, since real opponents are
not that player."""


@dataclass(frozen=True, slots=True)
class Observed:
    """A play by another seat that a world may explain (``plausibility``): who
    played ``card``, into which trick so far (``cards`` by ``seats``); ``later``
    is that card and what the seat has played since, so its hand then was the
    world's hand now plus ``later``. For a play of an earlier trick
    (``WHOLE_ROUND``), ``gone`` is what was out of play before that trick and
    ``sung`` the suits declared by then; -1 for a play of the trick being
    played, whose moment the world itself describes."""

    seat: int
    card: int
    later: int
    gone: int
    cards: tuple[int, ...]
    seats: tuple[int, ...]
    sung: int


WHOLE_ROUND: Final = frozenset({"parejas", "cuatro"})
"""Rule sets (by name) for which every play of the round is explained, not only
the trick being played: a bot's tuning, not a rule, so it is not a ``Rules``
field. Nothing is drawn where every card is dealt, so each earlier play can be
checked against the hand a world gave that seat then. In ``parejas`` that pays
(the true deal explains the plays several times better than a random world, up
to 15 times mid-round, and the expert won 3.4 points more of the same 393
duplicate deals against hard than with the current trick alone); in ``tres``
the plays tell less (1.0 to 2.6 times), the weights discount about half the
worlds, and the expert did no better (-1.3 ± 1.3 points of the same 300 deals;
docs/benchmarks.md), so ``tres`` keeps the trick being played. ``cuatro``
deals as ``parejas`` does (ten cards to each of four seats, nothing drawn) and
its plays tell more than in ``tres`` (the true deal explains them 1.2 to 3.3
times better than a random world), so it explains the whole round too; against
hard, weighing only the trick did no better (issue 32, docs/benchmarks.md)."""


def _observed(st: State, seat: int, whole: bool | None = None) -> list[Observed]:
    """The plays worth explaining: the other seats' plays (a partner's too:
    its hand is hidden as well) of the round (``whole``; by default for the
    rule sets in ``WHOLE_ROUND``), else of the trick being played (where there
    is a stock a draw follows every trick, so earlier hands are not the
    world's)."""
    plays: list[tuple[int, int]] = []
    sung_at: list[int] = []
    sung = 0
    for entry in st.history:
        if type(entry) is PlayRecord:
            plays.append((entry.seat, entry.card))
            sung_at.append(sung)
        elif type(entry) is ShowRecord:
            mask = entry.mask
            if mask.bit_count() == 2:  # a 20 or a 40: the pair of one suit
                sung |= 1 << ((mask & -mask).bit_length() - 1) // 10
    n = st.n  # the seats, so the size of a trick
    if whole is None:
        whole = st.rules.name in WHOLE_ROUND
    elif whole and st.rules.has_stock:
        raise ValueError("with a stock earlier hands are not the world's (draws)")
    first = 0 if whole else len(plays) - len(st.trick_cards)
    later = [0] * n
    for j in range(len(plays) - 1, first - 1, -1):
        s, c = plays[j]
        later[s] |= 1 << c
    played = 1 << st.dead_card if st.dead_card >= 0 else 0
    gone = -1
    out: list[Observed] = []
    for j in range(first, len(plays)):
        s, c = plays[j]
        start = j - (j - first) % n
        if whole and j == start:
            gone = played
        held = later[s]  # this card and the ones the seat played after it
        later[s] &= ~(1 << c)
        played |= 1 << c
        if s == seat:
            continue
        trick = plays[start:j]
        out.append(Observed(s, c, held, gone, tuple(x for _, x in trick),
                            tuple(x for x, _ in trick), sung_at[j] if whole else -1))
    return out


class Weigher:
    """``plausibility`` for many worlds of one view: it rebuilds each observed
    moment in a scratch position of its own (one copy of the public state, made
    once), so it writes into no ``State`` it was given and costs no copy per
    world."""

    __slots__ = ("_before", "graded", "observed", "policy")

    def __init__(self, public: State, observed: list[Observed], policy: Policy,
                 graded: float = 0.0) -> None:
        self.observed = observed
        self.policy = policy
        self.graded = graded
        """0: a play off the model weighs ``UNLIKELY``. Else the model is the
        rule-based player erring at this rate (a uniformly random legal card
        instead of its own; ``Policy.eps``): a world in which the seat had
        ``n`` legal cards and played another than the model's weighs
        ``(graded / n) / (1 - graded + graded / n)``, the likelihood of that
        play over the likelihood of the model's (graded by how many cards the
        seat could have played: a card off the model among many is less
        likely than one of two)."""
        self._before = public.clone()

    def __call__(self, world: State) -> float:
        """How well ``world`` explains the observed plays: the product, over
        them, of 1 if the rule-based policy would have played that card from the
        hand the world gives the seat then, else ``UNLIKELY``. Reads only the
        world (made from the view), so a choice stays a function of the view and
        the seed."""
        weight = 1.0
        before = self._before
        trump = world.trump
        undertrump = world.rules.undertrump
        before.window = False
        before.ask = ASK_NONE
        for ob in self.observed:
            hand = world.hands[ob.seat] | ob.later
            before.hands = world.hands[:]
            before.hands[ob.seat] = hand
            before.trick_cards = list(ob.cards)
            before.trick_seats = list(ob.seats)
            before.to_act = ob.seat
            if ob.gone >= 0:  # an earlier trick: what was gone and declared then
                before.collected = [ob.gone] + [0] * (len(world.collected) - 1)
                before.sung = ob.sung
                mask = strict_mask(hand, before.trick_cards, trump, undertrump) \
                    if ob.cards else hand
            else:
                before.collected = world.collected
                before.sung = world.sung
                mask = before.legal_play_mask()
            if mask & (mask - 1) and \
                    choose_card(before, ob.seat, mask, self.policy.take_points) != ob.card:
                graded = self.graded
                if graded:
                    odd = graded / mask.bit_count()
                    weight *= odd / (1.0 - graded + odd)
                else:
                    weight *= UNLIKELY
        return weight


def plausibility(world: State, observed: list[Observed], policy: Policy) -> float:
    """How well ``world`` explains the observed plays (``Weigher``, for one
    world); ``world`` is left as it was."""
    return Weigher(world, observed, policy)(world)


def solve_perfect(view: View, actions: list[Action], rng: random.Random) -> Action:
    """2 players after the stock: every card is known, one exact solve decides,
    for the round's stake (``Race``: a game or match to 101), not just points."""
    st = view.state
    seat = view.seat
    world = resample(view, rng)  # the only deal consistent with the view
    if any(a.kind == CAPOTE for a in actions) and wins_every_trick(world, seat):
        return next(a for a in actions if a.kind == CAPOTE)
    plays = [a for a in actions if a.kind == PLAY]
    if st.capote_seat >= 0:
        # A capote is on: the announcer must win every trick, the other one trick.
        for a in plays:
            if capote_aim(world, seat, a):
                return a
    values = Race(world, seat).root_values(world)
    return max(plays, key=lambda a: values[int(a.card)])  # type: ignore[arg-type]


def capote_aim(world: State, seat: int, action: Action) -> bool:
    """While a capote is played for (every card known in ``world``): after
    ``action``, does ``seat`` still reach its aim against any defence, the
    announcer winning every trick, the other seat taking one?"""
    w = world.clone()
    w.apply(action, record=False)
    return capote_holds(w, world.capote_seat) == (world.capote_seat == seat)


def capote_holds(w: State, announcer: int) -> bool:
    """After a play: can the announcer still win every trick against any defence?"""
    if w.phase is not PLAYING:
        return w.round_winner == announcer
    if not w.trick_cards:
        return w.to_act == announcer and wins_every_trick(w, announcer)
    # Mid-trick: the other seat answers; the announcer's card must beat every answer.
    other = w.to_act
    assert other is not None
    for c in bits(w.legal_play_mask()):
        x = w.clone()
        x.apply(PLAY_ACTIONS[c], record=False)
        if x.phase is not PLAYING:
            if x.round_winner != announcer:
                return False
            continue
        if x.to_act != announcer or not wins_every_trick(x, announcer):
            return False
    return True


