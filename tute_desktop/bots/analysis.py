"""The value of every legal action for the seat to act, in round points (the TEP
``analyze`` command, docs/protocol.md; the round review builds on it).

A value is the round-points difference the acting side can expect at the end of
the round: its final round points minus the other side's (in ``tres`` and ``cuatro``,
minus the mean of the other seats', who are assumed to play together against it).
Points already won count, so values of different actions differ only by what each
leads to. Capote, la vuelta's 101 and claims are not scored, only their points
(the review and the hint count the game won at 101 in play too: ``race``).

- 2 players once the stock is out the view knows every card: each action is
  solved exactly (``exact`` true).
- Otherwise the value is a mean over deals of the unseen cards consistent with
  the view (``resample``): the rest of the round played by the expert's rollout
  policy (``levels.EXPERT_POLICY``: the rule-based player, taking an As or a
  Tres led while the stock lasts, so that leading one is not valued as free;
  issue 30), or, with 3 and 4 players and few cards left, solved exactly in each deal.
  An action after which the seat acts again with nothing new revealed to it (a
  declaration before the lead, an exchange followed by the exchanger's own lead:
  ``search.acts_again``) is worth its best continuation: the best, over what the
  seat may do next, of the mean of (action, then that) over the same deals, as
  the expert's search values it (``search.sequences``). So an action is never
  worth less than the best next decision it leads to, and its loss counts only
  what it changed, not a later mistake.

``judge`` adds the choice of the best action (``best_index``): the review's
best and the hint are that one computation (``review.hint``), so for the same
view, generator and budget they name the same action.
"""

from __future__ import annotations

import random
import time
from typing import Final, NamedTuple

from ..engine import Action, State, View, resample
from ..engine.actions import CAPOTE, CLAIM, PLAY
from ..engine.cards import CARD_POINTS
from ..engine.state import PLAYING
from .base import Budget, game_won, racing
from .levels import EXPERT_FOLLOW_PRIOR, EXPERT_POLICY, EXPERT_PRIOR
from .policy import Policy, wins_at_once
from .reasons import Event, play_out_recorded, shown, start_of
from .search import (
    KEEP_SPECIAL,
    PERFECT,
    SPECIALS,
    WORLDS,
    exact_mode,
    paired_lead,
    play_out,
    rule_lead,
    sequences,
)
from .solver import Endgame, RacePoints

DEFAULT_MS: Final = 1000.0
RACE_POINTS: Final = 130.0
"""What the game won (or lost) is worth beside the round points where 101
ends it in play (``analyze_samples``'s ``race``): all the round's points."""
SOLVE_CARDS: Final = 5
"""Hand size from which each sampled world is solved exactly where every card is
dealt (as the expert does)."""


class ActionValue(NamedTuple):
    action: Action
    value: float
    """Expected final round-points difference for the acting side (see the module)."""
    exact: bool
    """True when the value comes from an exhaustive search with every card known."""


def round_difference(st: State, side: int) -> float:
    """``side``'s round points minus the mean of the other sides' (PROTOCOL
    ``analyze``: the other side's with two, the other seats' in tres and cuatro)."""
    pts = st.points
    return pts[side] - (sum(pts) - pts[side]) / (len(pts) - 1)


def contract_change(st: State, seat: int) -> float:
    """subastado, once the round is over (PROTOCOL 1.2 ``analyze``): the change
    of ``seat``'s total, the bidder's +bid or -bid, and for la contra the
    negative of the bidder's change; 0 when all passed (§12)."""
    auction = st.auction
    assert auction is not None
    if st.round_winner is None or auction.bidder < 0:
        return 0.0
    change = auction.bid if st.round_winner == 0 else -auction.bid
    return float(change if seat == auction.bidder else -change)


def _end_value(st: State, seat: int, side: int) -> float:
    """What a sampled round's end is worth to ``seat`` (of ``side``): the
    change of its total in subastado, else its side's round difference."""
    if st.auction is not None:
        return contract_change(st, seat)
    return round_difference(st, side)


def _solved_contract(world: State, seat: int) -> dict[int, float]:
    """subastado near the end: each card's exact change of ``seat``'s total in
    ``world``, the world solved for the bidder's points (la contra minimizing)."""
    contract = world.contract
    assert contract is not None
    bidder, bid = contract
    solver = Endgame(world, bidder)
    solver.weights = [1.0, 0.0]
    sign = 1.0 if seat == bidder else -1.0
    return {c: sign * (bid if world.points[0] + v >= bid else -bid)
            for c, v in solver.root_values(world).items()}


def solved_value(st: State, seat: int, race: tuple[int, ...] | None = None) -> float:
    """The exact round-points value for ``seat``'s side of a position in which
    every hand is known and only cards remain to be played (or the round is over):
    both sides play their best from here. ``race``: the match totals at the
    decision, where 101 reached in play ends the game (``analyze_samples``):
    the game won counts ``RACE_POINTS`` more, lost as much less."""
    side = st.side_of(seat)
    now = round_difference(st, side)
    to_act = st.to_act
    if st.phase is not PLAYING or to_act is None:
        return now if race is None else now + RACE_POINTS * game_won(race, st, side)
    mine = st.side_of(to_act) == side
    if race is not None and st.claim_is_true(to_act):
        # A true claim (manual claims, §10.1) is made at once, as ``Race`` has it.
        return now + (RACE_POINTS if mine else -RACE_POINTS)
    if race is not None and max(st.round_total(s) for s in (0, 1)) >= 101:
        # The other side, past 101 unclaimed, claims at its next turn: played on to it.
        values = []
        for a in st.legal_actions():
            if a.kind is PLAY:
                w = st.clone()
                w.apply(a, record=False)
                values.append(solved_value(w, seat, race))
    else:
        values = list(card_values(st, seat, race).values())
    return max(values) if mine else min(values)


def card_values(st: State, seat: int, race: tuple[int, ...] | None = None) -> dict[int, float]:
    """Each card the seat to act may play (every hand known, only cards left
    to play) with its exact value for ``seat``'s side, as ``solved_value``:
    the side's round difference at the end, both sides playing their best
    (with ``race``, for the game: ``solver.RacePoints``)."""
    if race is not None:
        return RacePoints(st, seat, RACE_POINTS).root_values(st)
    now = round_difference(st, st.side_of(seat))
    return {c: now + v for c, v in Endgame(st, seat).root_values(st).items()}


def analyze(view: View, rng: random.Random, budget: Budget | None = None,
            policy: Policy | None = None) -> list[ActionValue]:
    """Every legal action of ``view.seat`` with its value, best first."""
    actions, rows, exact = analyze_samples(view, rng, budget, policy)
    means = [sum(row[j] for row in rows) / len(rows) for j in range(len(actions))]
    out = [ActionValue(a, v, exact) for a, v in zip(actions, means, strict=True)]
    out.sort(key=lambda av: -av.value)
    return out


class Judgement(NamedTuple):
    """Every legal action valued (``analyze_samples``) and the best of them."""

    actions: list[Action]
    rows: list[list[float]]
    exact: bool
    means: list[float]
    """Each action's mean over ``rows``."""
    best: int
    """The index of the best action (``best_index``); -1 when every legal
    action is a capote or a claim (not valued in points)."""
    events: list[list[Event]] | None = None
    """With ``record``: what each rollout did, a row per sampled deal, a
    column per action as ``rows`` (``reasons.Event``); None when exact or
    solved per deal (no rollout)."""


def judge(view: View, rng: random.Random, budget: Budget | None = None,
          policy: Policy | None = None, record: bool = False, race: bool = False) -> Judgement:
    """``analyze_samples`` and the best action: the round review's judgement
    of a decision and the hint are this one computation. With ``record``,
    each rollout's events too (``Judgement.events``, for ``bots.reasons``):
    the same moves and values as without. ``race``: count the game where 101
    ends it in play (``analyze_samples``)."""
    events: list[list[Event]] | None = [] if record else None
    actions, rows, exact = analyze_samples(view, rng, budget, policy, events, race=race)
    means = [sum(row[j] for row in rows) / len(rows) for j in range(len(actions))]
    best = best_index(view.state, actions, rows, means, exact, policy or EXPERT_POLICY)
    return Judgement(actions, rows, exact, means, best, events or None)


def best_index(st: State, actions: list[Action], rows: list[list[float]], means: list[float],
               exact: bool, policy: Policy = EXPERT_POLICY) -> int:
    """The best action: the best mean (the first in the engine's order on a
    tie), unless the expert's default for the decision is within its margin
    of it (sampled values only; a paired lead, as ``search.pimc`` measures it):

    - a declaration or an exchange (the best-valued one) is the best unless not
      making it leads by ``KEEP_SPECIAL`` standard errors: made later it is
      worth the same wherever the seat leads again in time, so a near tie
      means make it now, while the chance lasts;
    - a plain card while a 2-player stock lasts, leading or following: the
      rule-based card (``search.rule_lead``) unless the best mean leads it by
      ``EXPERT_PRIOR`` standard errors (following, ``EXPERT_FOLLOW_PRIOR``;
      issue 30: a lead a little ahead is mostly noise, and the noisiest
      leads, an As or a Tres trumped in some deals and not in others, win
      that draw most often; following, the rollouts see no cost in points
      thrown on a trick lost anyway).

    So among actions whose values are within the noise, the best is the one
    the expert plays by default: the review never calls it a mistake, and
    the hint does not swap it for a lucky draw. Capote and claims are not
    valued in points and never the best (-1 when nothing else is legal).

    Before all that, where 101 reached in play wins the game, an action that
    reaches it now whatever the other holds (``policy.wins_at_once``) is the
    best, the best-valued of them, even where another is valued higher: the
    values add the round's points, which count for nothing once the game is
    won (a card that wins it later with more points is worth no more, and
    may not win it in a deal the sampling missed)."""
    scored = [j for j, a in enumerate(actions) if a.kind not in (CAPOTE, CLAIM)]
    if not scored:
        return -1
    won = wins_at_once(st, actions)
    if won:  # the game won now for certain: round points after it count for nothing
        return max(won, key=lambda j: (means[j], -j))
    # Values shown equal: the card worth least in points (a player read the hint
    # to throw the As de oros on the other's trump where a 5 did as well, nc73).
    # (exact values compared as they are: with 3 or 4 players a half point counts)
    top = max(scored, key=lambda j: (means[j] if exact else shown(means[j], False),
                                     -_worth(actions[j]), -j))
    if exact or len(rows) < 2:
        return top
    specials = [j for j in scored if actions[j].kind in SPECIALS]
    if specials:
        default = max(specials, key=lambda j: (means[j], -j))
        margin = KEEP_SPECIAL
    else:
        lead = rule_lead(st, [actions[j] for j in scored], policy, following=True)
        if lead is None:
            return top
        default = actions.index(lead)
        margin = EXPERT_FOLLOW_PRIOR if st.trick_cards else EXPERT_PRIOR
    return default if paired_lead(rows, top, default) < margin else top


def _worth(action: Action) -> int:
    """The points a card played gives away (0 for any other action)."""
    return CARD_POINTS[int(action.card)] if action.kind is PLAY and action.card is not None else 0


def analyze_samples(view: View, rng: random.Random, budget: Budget | None = None,
                    policy: Policy | None = None, events: list[list[Event]] | None = None,
                    only: list[Action] | None = None, race: bool = False,
                    ) -> tuple[list[Action], list[list[float]], bool]:
    """The legal actions of ``view.seat`` (in the engine's order), one row of
    values per sampled deal (a single row when exact), and whether they are exact.
    The rows share their deals, so two actions' values can be compared deal by
    deal (the round review's uncertainty of a loss). ``events``, when given, is
    filled with each rollout's ``reasons.Event`` (rows like the values'; left
    empty when nothing is rolled out).

    ``only``: value just these legal actions, in that order (a deeper check of
    two of them, ``benchmarks/false_mistakes.py``). Their columns are the very
    values the whole analysis gives them with the same generator and budget:
    the deals and each deal's rollout seed are drawn alike whatever is valued,
    each action (and a declaration's continuations) is played out on its own
    with that seed, and a declaration's best continuation is chosen among its
    own. Exact or solved per deal, every card is valued as without it.

    ``race`` (the review and the hint; not TEP ``analyze``, whose values are
    round points): where 101 reached in play ends the game (``base.racing``:
    la vuelta, boricua), a sampled deal's value also counts ``RACE_POINTS``
    for the game won, less as much for the game lost (with the other player
    on 100 a lead of 11 points that hands it 101 lost the game; in round
    points alone it cost 11: a strong player's hint led such an Ace). Where
    every card is known (after the stock) each value is solved exactly for
    the same measure (``solver.RacePoints``: both players play for that sum,
    so for the game first wherever it is at stake)."""
    budget = budget or Budget()
    st = view.state
    seat = view.seat
    legal = st.legal_actions()
    mode = exact_mode(st, legal, SOLVE_CARDS)
    actions = legal if only is None else list(only)
    if any(a not in legal for a in actions):
        raise ValueError(f"not legal here: {[str(a) for a in actions if a not in legal]}")
    totals = tuple(st.totals) if race and racing(st) else None
    if mode == PERFECT:
        world = resample(view, rng)  # the only deal consistent with the view
        return actions, [[after_value(world, a, seat, totals) for a in actions]], True
    rows = _sampled(view, actions, rng, budget, policy or EXPERT_POLICY, mode == WORLDS, events,
                    totals)
    return actions, rows, False


def after_value(world: State, action: Action, seat: int, race: tuple[int, ...] | None) -> float:
    """``action``'s exact value for ``seat`` in ``world`` (``solved_value`` after it)."""
    w = world.clone()
    w.apply(action, record=False)
    return solved_value(w, seat, race)


def _sampled(view: View, actions: list[Action], rng: random.Random, budget: Budget,
             policy: Policy, solve: bool, events: list[list[Event]] | None = None,
             race: tuple[int, ...] | None = None) -> list[list[float]]:
    """Values per sampled deal: rolled out by ``policy`` or, with ``solve``,
    solved exactly in each deal (every action is then a card). An action that
    ``search.sequences`` expands takes, in every deal, the value of its
    continuation with the best mean over all the deals."""
    seat = view.seat
    side = view.state.side_of(seat)
    seqs: list[tuple[Action, ...]] = [(a,) for a in actions] if solve else \
        sequences(resample(view, random.Random(0)), seat, actions)
    rows: list[list[float]] = []
    record = events is not None and not solve
    seen: list[list[Event]] = []
    deadline = budget.deadline(DEFAULT_MS)
    start = time.perf_counter()
    while True:
        world = resample(view, rng)
        row: list[float] = []
        if solve and world.contract is not None:
            values = _solved_contract(world, seat)
            row.extend(values[int(a.card)] for a in actions if a.card is not None)
        elif solve:
            base = round_difference(world, side)
            values = Endgame(world, seat).root_values(world)
            for a in actions:
                assert a.kind is PLAY and a.card is not None
                row.append(base + values[int(a.card)])
        else:
            seed = rng.getrandbits(32)
            at = start_of(world, seat, round_difference(world, side)) if record else None
            row_events: list[Event] = []
            for seq in seqs:
                w = world.clone()
                for a in seq:
                    w.apply(a, record=False)
                if at is None:
                    play_out(w, policy, random.Random(seed))
                else:
                    row_events.append(play_out_recorded(w, policy, random.Random(seed), at,
                                                        round_difference))
                value = _end_value(w, seat, side)
                if race is not None:  # the match totals at the decision
                    value += RACE_POINTS * game_won(race, w, side)
                row.append(value)
            if at is not None:
                seen.append(row_events)
        rows.append(row)
        worlds = len(rows)
        if budget.iterations is not None:
            if worlds >= budget.iterations:
                break
            continue
        now = time.perf_counter()
        if now + (now - start) / worlds >= deadline:
            break
    if len(seqs) == len(actions):
        if events is not None:
            events.extend(seen)
        return rows
    pick = _continuation_columns(actions, seqs, rows)
    if events is not None:
        events.extend([row[j] for j in pick] for row in seen)
    return [[row[j] for j in pick] for row in rows]


def _continuation_columns(actions: list[Action], seqs: list[tuple[Action, ...]],
                          rows: list[list[float]]) -> list[int]:
    """Per action, the column of its sequence with the best mean (the first
    such in the engine's order of continuations): its values, and its events."""
    totals = [sum(row[j] for row in rows) for j in range(len(seqs))]
    pick: list[int] = []
    for a in actions:
        mine = [j for j, q in enumerate(seqs) if q[0] == a]
        pick.append(max(mine, key=totals.__getitem__))
    return pick
