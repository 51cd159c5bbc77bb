"""The round review: the expert's judgement of every decision one seat made in
a finished round (issue 19). No pygame here.

A round is given as plain data, a match's saved payload (``Match.to_json``)
cut after the reviewed round, so the work can be sent to a worker process and
kept in the statistics file. For each decision of the seat (a moment it acted
with more than one legal action), ``analyse`` values every legal action from
the seat's view at that moment (``bots.analysis``, only what it knew): the
action played, the best one, and the loss between them in round points.

- Capote and claims are never scored: they are left out of the best action,
  and a decision that announces one, or is taken while a capote is being
  played for, is not judged in points (``Decision.scored`` false); the notes
  say what they decide.
- Exact values (two players once the stock is out) make any loss a mistake,
  and come with the better line of play: the best action and both sides' best
  replies to the end of the round.
- Sampled values come with an uncertainty: twice the standard error of the
  loss, measured deal by deal over the same sampled deals (a paired estimate).
  A loss is a mistake only when it is larger than that, as both are shown
  (``marked``: a "3.4 ± 3.4" is not one).
- The best action is the expert's default (a declaration, the rule-based
  lead) when it is within the noise of the best value (``analysis.judge``),
  and the hint is that same computation (``hint``, seeded as the review of
  that moment: ``decision_rng``): the two never disagree.

Values count round points only; in subastado (§12) the expected change of the
seat's total, as ``analyze`` values it (PROTOCOL 1.2: the bidder's +bid or
-bid, la contra's the opposite), la contra's two partners for the round.
Where capote, la vuelta's 101 (or boricua's), or a claim decides more than
points, ``Decision.notes`` says so in words.

subastado's bids and passes are not judged nor counted among the mistakes:
each such decision says what the expert would
have done there and why, in the numbers of its estimate (``hint_why``: the
hint's words, with the person's own bid as the one shown), under
``NOTE_AUCTION``. ``analyze`` could value them, but a bid's value is that of the
rule-based bidding and play sampled after it (``bots/bidding.py``), over
thirty-odd bids at one decision's budget: a noisy figure that depends on the
bots' bidding, which a newcomer would read as advice.

The naming of trumps is judged (``trump_decision``): four suits valued on the
same deals the expert named its own from, the contract expected (+bid where
a deal makes it, -bid where not), the card play's points.

A review is repeatable: each decision is analysed with a fixed number of
sampled deals (``decision_deals``: the variant's ``ITERATIONS``, fewer where a
deal costs more work, so that no decision keeps a person waiting) and a
generator seeded by the round and step.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Final

from ..bots import Budget, make_bot
from ..bots.analysis import SOLVE_CARDS, Judgement, after_value, card_values, judge
from ..bots.base import game_won
from ..bots.base import racing as racing  # where 101 ends the game in play: one home
from ..bots.outlook import MAKE_SHARE, TrumpOutlook, best_for, plan
from ..bots.policy import Policy, holds_101, lost_101, sure_101, wins_at_once
from ..bots.policy import declared_101 as declared_101  # (a 20 or 40 reaching 101: one home)
from ..bots.reasons import (
    AUCTION_BID,
    AUCTION_PASS,
    AUCTION_TOP,
    AUCTION_TRUMP,
    CAPOTE_BREAK,
    CAPOTE_HOLDS,
    CAPOTE_KEEP,
    CAPOTE_LOST,
    CAPOTE_WINS,
    CLAIM_WINS,
    HIGH,
    HOLDS_101,
    LIKELY_LOST,
    LIKELY_SHARE,
    LOST_101,
    MOST,
    ORDER,
    REACH_101,
    Reason,
    all_equal,
    by_value,
    compare,
    exact_reason,
    line_reasons,
    margin,
    solved,
    takes_trick,
    window_after,  # (the §4 window a trick ahead: one home)
)
from ..bots.reasons import shown as shown  # the review's values as shown: one home
from ..bots.search import PERFECT, WORLDS, capote_aim, exact_mode, sequences
from ..bots.solver import wins_every_trick
from ..engine import (
    Action,
    Rules,
    State,
    View,
    find_variant,
    parse_deal,
    parse_redeal,
    resample,
    view,
)
from ..engine.actions import (
    BID_ACTIONS,
    BID_STEP,
    CAPOTE,
    CLAIM,
    CLAIM_ACTION,
    MAX_BID,
    PLAY,
    TRUMP_ACTIONS,
    Kind,
)
from ..engine.cards import CARD_POINTS, CARDS, PAIR_MASKS
from ..engine.replay import Step, replay, replay_all
from ..engine.rules import Claim, Scoring
from ..engine.state import PLAYING
from ..engine.view import one_deal

ITERATIONS: Final = {"habanero": 550, "corriente": 550, "boricua": 650, "tres": 850,
                     "parejas": 700, "cuatro": 700, "subastado": 600}
"""Sampled deals per decision, by variant, at most (``decision_deals`` gives
fewer to a decision whose deals cost more than ``WORK`` allows): about half a
second per decision at the median on the reference machine
(benchmarks/review_speed.py; cuatro, dealt as parejas, takes parejas' count
until it is measured; subastado's 600 gives a median decision a little under
tres's at 850, measured in its rounds' sampled decisions)."""
DEFAULT_ITERATIONS: Final = 400
WORK: Final = 60_000
"""At most this much work a decision (``decision_deals``): sampled deals times
the work of one, about 0.3 s of a core on the reference machine (4 to 5
microseconds a unit with two CPU-bound processes beside it, 6 to 9 when far
busier), so that a round's first three decisions are ready within 2 s while
two CPU-bound processes run on 2 cores: the first and second side by side in
the two workers at half a core each, the third after the first (90,000, 0.8
s busy, missed it), and a hint alone within 1 s (issue 31; docs/benchmarks.md,
benchmarks/review_speed.py --load 2). A rolled-out deal's work is its
sequences (``search.sequences``) times the cards left to play; a solved
deal's is ``SOLVE_WORK``."""
SOLVE_WORK: Final = {(3, 2): 5, (3, 3): 25, (3, 4): 120, (3, 5): 650,
                     (4, 2): 12, (4, 3): 60, (4, 4): 250, (4, 5): 1_000}
"""The work of a deal solved exactly (``search.WORLDS``: 3 and 4 players near
the end), by players and the largest hand's size, in ``WORK``'s units
(measured in tres and parejas rounds: the solver's time a deal over a unit's;
four players with five cards a hand extrapolated)."""
MIN_DEALS: Final = 100
"""``decision_deals`` never gives fewer (its margin would say little)."""
WORKERS: Final = 2
"""Worker processes the game spreads a round's review over (its hints run
there too, one at a time). Two: beside two CPU-bound processes on a 2-core
machine they get a core between them, not two thirds of one, and a round's
review fits in 15 s (docs/benchmarks.md, benchmarks/review_speed.py --load 2)."""
SPREAD: Final = 2.0
"""The uncertainty shown is this many standard errors of the loss."""
LINE_MAX: Final = 24
"""The better line of play stops after this many actions."""

NOTE_CAPOTE: Final = "review_note_capote"
NOTE_CLAIM: Final = "review_note_claim"
NOTE_RACE: Final = "review_note_race"
NOTE_CLAIM_TRUE: Final = "review_note_claim_true"
NOTE_CLAIM_FALSE: Final = "review_note_claim_false"
NOTE_RACE_CLAIM: Final = "review_note_race_claim"
"""``NOTE_RACE`` where 101 must be claimed (§10.1, ``claim = manual``): the
points carry over and 101 wins once claimed, not the moment it is reached."""
NOTE_AUCTION: Final = "review_note_auction"
NOTE_GAME_WON_EITHER: Final = "review_note_game_won_either"
"""Every card known in la vuelta, the game won whichever of the two was
played: the round points between them are not a mistake (``game_either``)."""
NOTE_GAME_LOST_EITHER: Final = "review_note_game_lost_either"


@dataclass(frozen=True)
class Task:
    """One decision to analyse: plain data, so a worker process can take it."""

    match: dict[str, Any]
    """The match's saved payload, its last round the one reviewed."""
    step: int
    """The index of the decision in the round's actions."""
    seat: int
    iterations: int
    """Sampled deals at most (the variant's ``ITERATIONS``; ``decision_deals``)."""
    seed: int


@dataclass(frozen=True)
class Decision:
    """The expert's judgement of one decision."""

    step: int
    played: str
    best: str
    """The review's best action (``analysis.best_index``), what the hint
    names for this view (``hint``); the played one when the decision is not
    judged in points."""
    played_value: float
    best_value: float
    loss: float
    """The loss as shown: ``shown(best_value) - shown(played_value)``, in round
    points; 0 when the played action is worth as much as the best, or more
    (the best is then the expert's default within the noise)."""
    error: float
    """The uncertainty of ``loss`` (``SPREAD`` standard errors); 0 when exact."""
    exact: bool
    mistake: bool
    worlds: int
    """Sampled deals behind the values (1 when exact)."""
    options: tuple[tuple[str, float], ...]
    """Every legal action scored in points with its value, best first (capote
    and claims left out)."""
    line: tuple[tuple[int, str], ...] = ()
    """Exact values only: the better line of play, ``(seat, action)`` from the
    best action on (both sides playing their best)."""
    notes: tuple[str, ...] = ()
    """Catalog keys: what the values do not score (capote, claims, 101)."""
    scored: bool = True
    """False when the decision is told in words only: a capote or a claim was
    played, or a capote is being played for (points do not say what counts)."""
    reasons: tuple[Reason, ...] = ()
    """A mistake's reasons: why the best is better than the action played,
    from the same sampled deals as the values (``bots.reasons``); where the
    best was played (sampled values), why it is the best, as the hint says it
    (``hint_reasons``)."""
    known: bool = False
    """Three or four players near the end, every card known (``one_deal``:
    where each card not yet played lies follows from the play) and each deal
    solved exactly: the values are exact, with no uncertainty (``error`` 0),
    though not ``exact``'s whole points (a mean of the others' points may be
    a half). The review says so, with no "±" and no sampled deals (two
    newcomers read "± 0.0" after words about sampled deals)."""


LARGEST: Final = 2
"""The round's total names this many mistakes, the largest."""


@dataclass(frozen=True)
class Summary:
    """A round's total in words a player can use (issue 31): how many times
    the seat had a choice, how many were mistakes, and the largest of them
    named, not a sum of losses (a newcomer who won a round found "round
    points lost: 85.7" meaningless)."""

    decisions: int
    """Decisions judged: moments the seat had more than one legal action
    (``decision_steps``; a declaration and the lead after it are two)."""
    mistakes: int
    words: int = 0
    """Decisions told in words only, not judged in points (``Decision.scored``):
    a capote, a claim; not subastado's bids (``NOTE_AUCTION``: not judged)."""
    largest: tuple[Decision, ...] = ()
    """The ``LARGEST`` largest mistakes, the largest loss first (the earlier
    move first on a tie)."""


def match_prefix(match_json: dict[str, Any], round_index: int) -> dict[str, Any]:
    """The saved payload cut after round ``round_index`` (the one reviewed)."""
    out = dict(match_json)
    out["rounds"] = [dict(r) for r in match_json["rounds"][:round_index + 1]]
    return out


def round_start(match: dict[str, Any]) -> State:
    """The state when the payload's last round was dealt (earlier rounds replayed)."""
    rules = find_variant(match["variant"], match.get("options") or {})
    state: State | None = None
    rounds = match["rounds"]
    for i, rnd in enumerate(rounds):
        deal = parse_deal(rules, rnd["deal"])
        if state is None:
            state = State.new(rules, deal=deal)
        else:
            state.start_next_round(deal=deal)
        if i + 1 < len(rounds):
            replay_all(state, round_steps(rules, rnd))
    assert state is not None, "a match has a first deal"
    return state


def round_steps(rules: Rules, rnd: dict[str, Any], stop: int | None = None) -> list[Step]:
    """A saved round's log as the engine replays it (``engine.replay``): each
    action ``(seat, text)`` and each redeal of an undo where it was made, up to
    ``stop`` actions (all by default; then the redeals after the last too)."""
    actions = rnd["actions"]
    redeals = rnd.get("redeals") or []
    end = len(actions) if stop is None else stop
    out: list[Step] = []
    j = 0
    for i in range(end + 1):
        while j < len(redeals) and redeals[j]["at"] <= i:
            out.append(parse_redeal(rules, redeals[j]))
            j += 1
        if i < end:
            seat, text = actions[i]
            out.append((int(seat), str(text)))
    return out


def round_actions(match: dict[str, Any]) -> list[tuple[int, str]]:
    """The reviewed round's actions, ``(seat, action)``."""
    return [(int(seat), str(text)) for seat, text in match["rounds"][-1]["actions"]]


def positions(match: dict[str, Any]) -> list[State]:
    """The state before each action of the reviewed round, and after the last."""
    st = round_start(match)
    out = [before.state for before in replay(st, round_steps(st.rules, match["rounds"][-1]))]
    out.append(st.clone())
    return out


def decision_steps(match: dict[str, Any], seat: int) -> list[int]:
    """The steps at which ``seat`` chose among more than one legal action."""
    st = round_start(match)
    return [b.index for b in replay(st, round_steps(st.rules, match["rounds"][-1]), copy=False)
            if b.seat == seat and b.state.phase is PLAYING and len(b.state.legal_actions()) > 1]


def tasks(match: dict[str, Any], seat: int, iterations: int | None = None,
          seed: int = 0) -> list[Task]:
    """One task per decision of ``seat`` in the payload's last round."""
    n = iterations or deals_for(match["variant"])
    return [Task(match, step, seat, n, seed) for step in decision_steps(match, seat)]


def decision_rng(seed: int, rounds: int, step: int, auction: bool = False) -> random.Random:
    """The generator of the review of the decision at ``step`` of a match's
    round number ``rounds`` (from 1): the hint at that moment draws the same.
    Every decision of a round's auction (``auction``, §12) draws the same
    deals, whatever its step: no card is seen until it ends, so a bid is
    counted in the same deals each time it is asked about (a player read 10
    and then 13 of 128 for the same bid, nc93)."""
    return random.Random(f"review/{seed}/{rounds}/{'auction' if auction else step}")


def deals_for(variant: str) -> int:
    """Sampled deals a decision of ``variant`` is reviewed with at most
    (``ITERATIONS``; ``decision_deals`` gives fewer to a costly decision)."""
    return ITERATIONS.get(variant, DEFAULT_ITERATIONS)


def deal_work(v: View) -> int:
    """The work of one sampled deal of the decision of ``v`` (``WORK``'s
    units; 0 when exact: one solve, no sampled deals)."""
    st = v.state
    actions = st.legal_actions()
    mode = exact_mode(st, actions, SOLVE_CARDS)
    if mode == PERFECT:
        return 0
    if mode == WORLDS:
        most = max(2, min(SOLVE_CARDS, max(v.hand_sizes)))
        return SOLVE_WORK[(min(4, st.n), most)]
    left = sum(v.hand_sizes) + len(st.stock)  # the view's hands hold only what it knows
    return len(sequences(resample(v, random.Random(0)), v.seat, actions)) * max(1, left)


def decision_deals(v: View, most: int) -> int:
    """The sampled deals of the decision of ``v``, review and hint alike: at
    most ``most`` (the variant's ``ITERATIONS``), fewer where a deal costs
    more work than ``WORK`` allows (the early decisions of a round, a
    declaration followed by each lead, a deal solved with five cards a hand),
    never fewer than ``MIN_DEALS`` unless ``most`` is. The same view always
    gives the same count, so the hint and the review draw the same deals."""
    work = deal_work(v)
    if work <= 0:
        return most
    return min(most, max(MIN_DEALS, WORK // work))


LEAST_MISTAKE: Final = 1.0
"""A sampled loss under this many points (round points, or a contract's) is
never marked a mistake, however small its margin: "× Mistake 1 of 5" for a loss
of 0.3 ± 0.1 read as petty to a strong player (nc85, boricua, where the
values carry the 130 of the match), as a 0.5-point mistake beside a 0.4-point
"about as well" did to another (nc82). Cards count in whole points."""


def marked(loss: float, error: float) -> bool:
    """A sampled loss is a mistake when the loss shown is larger than the margin
    shown beside it (both in tenths) and at least ``LEAST_MISTAKE``: the panel
    says "a mistake only when the loss is larger than the ± margin", and a
    player reading "3.4 ± 3.4" must not find it marked (a newcomer did, issue
    31). The loss is compared as shown too: a difference of two values in
    tenths is one in floating point only nearly (5.3 - 2.7 is
    2.5999999999999996, and a loss held as 2.6000000000000014 was marked
    beside a margin shown as 2.6 in the false-mistake runs, docs/benchmarks.md)."""
    said = shown(loss, False)
    return said > shown(error, False) and said >= LEAST_MISTAKE


def hint(v: View, rng: random.Random, budget: Budget) -> Action:
    """What the seat of ``v`` should do: the review's best action for this
    view, generator and budget (``analysis.judge``, the same computation as
    ``analyse``). Where the review judges in words only, the expert decides:
    a true claim (it wins the game at once), a capote sure to hold, a capote
    being played for, subastado's auction (its bid, by ``bots/outlook.py``;
    module level: a worker process runs it)."""
    st = v.state
    actions = st.legal_actions()
    if len(actions) == 1:
        return actions[0]
    if st.capote_seat >= 0 or (CLAIM_ACTION in actions and st.claim_is_true(v.seat)) \
            or in_auction(st) or _sure_capote(v, actions):
        return make_bot("expert").choose(v, rng, budget)
    return hint_why(v, rng, budget)[0]


HINT_ALTERNATIVES: Final = 3
"""The hint's reasons compare its action with the next best ones, this many at most."""


def auction_reasons(st: State, action: Action, outlooks: list[TrumpOutlook],
                    share: float, shown: int | None = None) -> tuple[Reason, ...]:
    """Why the expert's answer in subastado's auction (§12), in the numbers of
    its estimate (``outlook.estimate``: the bidder's points in each deal it
    played out, per trump): a bid, what share of the deals reach it and where
    they stop reaching ``share``; a pass, that not even the lowest bid is
    reached so often, and how often ``shown`` is, the bid the person's
    stepper shows, when it is higher (a newcomer moved the stepper up and
    read only of the lowest bid); a trump, how often it makes the contract
    against the next likeliest suit."""
    auction = st.auction
    if auction is None or not outlooks:
        return ()
    deals = len(outlooks[0].points)
    percent = round(share * 100)

    if action.kind is Kind.TRUMP and action.suit is not None:
        best = outlooks[action.suit]
        bid = auction.bid
        other = outlooks[best_for([o for o in outlooks if o is not best], bid)]
        # (the hand too: the cards of each suit it says, nc108 read only percentages)
        hand = st.hands[st.to_act] if st.to_act is not None else 0
        return (Reason(AUCTION_TRUMP, str(action), str(TRUMP_ACTIONS[other.trump]), deals,
                       best.reaching(bid), other.reaching(bid), what=bid, trump=best.trump,
                       cards=hand, rank=2),)
    if action.bid is not None:
        suit, limit = plan(outlooks, st.rules.min_bid, share)
        o = outlooks[suit]
        # The stepper shows a higher bid than the hint's: how often it is
        # reached too (a player set 75, asked, and read only of 65).
        above = shown if shown is not None and shown > action.bid else 0
        stat = float(o.reaching(above)) if above else 0.0
        if limit >= MAX_BID:
            return (Reason(AUCTION_TOP, str(action), str(action), deals, o.reaching(action.bid),
                           0, what=percent, trump=suit, shown=above, shown_stat=stat),)
        seat = st.to_act
        assert seat is not None
        if auction.spoken(seat, action.bid).next_speaker(st.rules, seat) is None:
            # Nobody speaks after it: the bid is the contract (``outlook.final_bid``;
            # a player read "would go on bidding up to 65" with nobody left to bid).
            o = outlooks[best_for(outlooks, action.bid)]
            return (Reason(AUCTION_BID, str(action), str(action), deals,
                           o.reaching(action.bid), 0, what=percent, trump=o.trump, shown=above,
                           shown_stat=float(o.reaching(above)) if above else 0.0),)
        over = max(limit, action.bid) + BID_STEP  # (the first bid the expert would not make)
        return (Reason(AUCTION_BID, str(action), str(BID_ACTIONS[over]), deals,
                       o.reaching(action.bid), o.reaching(over), what=percent, trump=suit,
                       shown=above, shown_stat=stat),)
    allowed = auction.allowed(st.rules)
    if not allowed:
        return ()
    lowest = allowed[0]
    o = outlooks[best_for(outlooks, lowest)]
    above = shown if shown is not None and shown in allowed and shown > lowest else 0
    return (Reason(AUCTION_PASS, str(action), str(BID_ACTIONS[lowest]), deals, 0,
                   o.reaching(lowest), what=percent, trump=o.trump, shown=above,
                   shown_stat=o.reaching(above) if above else 0),)


def auction_answer(v: View, rng: random.Random, budget: Budget, shown: int | None = None,
                   ) -> tuple[Action, tuple[Reason, ...], list[TrumpOutlook]]:
    """The expert's answer in subastado's auction or naming trumps (§12), why
    (``auction_reasons``), and the estimate it came from (one per suit)."""
    bot = make_bot("expert")
    action = bot.choose(v, rng, budget)
    outlooks: list[TrumpOutlook] = getattr(bot, "outlooks", [])
    share: float = getattr(bot, "bid_share", MAKE_SHARE)
    return action, auction_reasons(v.state, action, outlooks, share, shown), outlooks


def trump_decision(step: int, st: State, played: Action, best: Action,
                   why: tuple[Reason, ...], outlooks: list[TrumpOutlook]) -> Decision:
    """Naming trumps (§12) judged as a card is, in the same points: each suit is
    worth what the contract is expected to bring its bidder over the deals the
    expert played out for it (``outlook.estimate``, the same deals for every
    suit), the bid where the deal makes it and minus the bid where not. A suit
    far less likely to make the contract is a mistake counted (a student named
    a suit that made it in 59% of the deals against the hint's 96%, lost the
    round, and read "the auction is not counted", cold play nc110). A mistake's
    reason compares the best suit with the one named (``rank`` 0: "the suit
    you named", not "the next best")."""
    auction = st.auction
    assert auction is not None and played.suit is not None and best.suit is not None
    bid = auction.bid
    rows = [[float(bid if p >= bid else -bid) for p in points]
            for points in zip(*(o.points for o in outlooks), strict=True)]
    means = [sum(col) / len(rows) for col in zip(*rows, strict=True)]
    b, j = best.suit, played.suit
    loss = max(0.0, shown(means[b], False) - shown(means[j], False))
    error = margin(rows, b, j)
    mistake = marked(loss, error)
    if mistake:
        named, top = outlooks[j], outlooks[b]
        why = (Reason(AUCTION_TRUMP, str(best), str(played), len(rows), top.reaching(bid),
                      named.reaching(bid), what=bid, trump=b,
                      cards=st.hands[st.to_act] if st.to_act is not None else 0),)
    order = sorted(range(len(means)), key=lambda k: (-means[k], k))
    return Decision(step=step, played=str(played), best=str(best), played_value=means[j],
                    best_value=means[b], loss=loss, error=error, exact=False, mistake=mistake,
                    worlds=len(rows), options=tuple((str(TRUMP_ACTIONS[k]), means[k])
                                                    for k in order),
                    reasons=why)


def hint_why(v: View, rng: random.Random, budget: Budget,
             shown: int | None = None,
             compare: str | None = None) -> tuple[Action, tuple[Reason, ...]]:
    """``hint`` and why: the reasons its action beats the best-valued other
    action that the sampled deals tell apart from it (the next best first, up
    to ``HINT_ALTERNATIVES``), from the same computation as the review's; in
    subastado's auction, the expert's answer and the numbers of the estimate
    it comes from (``auction_reasons``; ``shown``: the bid the person's
    stepper shows, said too where a pass is hinted above the lowest bid).
    ``compare``: the action the person was weighing (the card raised when they
    asked), compared with first (``hint_reasons``)."""
    st = v.state
    actions = st.legal_actions()
    if len(actions) == 1:
        if lost_101(st, v.seat):  # (the only card, and the game lost with it: said so;
            # a village player read "the only card ... careful, if they hold the
            # 40" and the bot took the trick and 101, cold play nc74)
            only = str(actions[0])
            return actions[0], (Reason(LOST_101, only, only, 1, 0.0, 0.0, what=1),)
        return actions[0], ()
    if in_auction(st):
        action, why, _ = auction_answer(v, rng, budget, shown)
        return action, why
    claim = CLAIM_ACTION in actions and st.claim_is_true(v.seat)
    sure = not claim and _sure_capote(v, actions)
    if st.capote_seat >= 0 or claim or sure:
        action = make_bot("expert").choose(v, rng, budget)
        # Where it says what decides the game, that is why (a claim, a capote).
        if claim and action == CLAIM_ACTION:
            total = float(st.round_total(st.side_of(v.seat)))
            return action, (Reason(CLAIM_WINS, str(action), str(action), 1, total, 101.0),)
        if sure and action.kind is CAPOTE:
            return action, (Reason(CAPOTE_WINS, str(action), str(action), 1, 1.0, 1.0),)
        on = _capote_on(v, action) if st.capote_seat >= 0 else None
        return action, (on,) if on is not None else ()
    if budget.iterations is not None:
        budget = Budget(iterations=decision_deals(v, budget.iterations))
    j = judge(v, rng, budget, record=True, race=True)
    if j.best < 0:
        return actions[0], ()
    if every_card_known(v, j):  # said exact, as the review says it (not "in the 60 ways")
        j = j._replace(exact=True)
    best = j.actions[j.best]
    if lost_101(st, v.seat):  # the game lost in this trick whatever is played: say so
        # (a strong player read "behind your opponent either way ... on average")
        return best, (Reason(LOST_101, str(best), str(best), 1, j.means[j.best],
                             j.means[j.best]),)
    total = declared_101(st, v.seat, best)
    if total:  # the declaration itself takes the side to 101 (§4, §10.1): that is why
        # (a village player's hint to declare the 40 at 88 said it made the other
        # spend trumps, and not that it won the game)
        return best, (Reason(REACH_101, str(best), str(best), 1, float(total), 101.0,
                             what=1 if must_claim(st) else -1),)
    if best.card is not None and int(best.card) in sure_101(st, v.seat):
        # The game won in this trick whatever the other holds: that is why (a
        # strong player's hint said "draws trumps" of a card that took 101).
        need = 101 - st.round_total(st.side_of(v.seat))
        return best, (Reason(REACH_101, str(best), str(best), 1, float(need), 101.0,
                             what=1 if must_claim(st) else -1,
                             answer=bool(st.trick_cards)),)
    held = holds_101(st, v.seat)
    if best.card is not None and int(best.card) in held:
        # Some other card loses the game at once: that is why (a village player
        # read "most likely lost whatever you play" where only the rey de
        # espadas kept the game alive, cold play nc75). The other named: the
        # best-valued of those.
        lose = max((k for k, a in enumerate(j.actions)
                    if a.card is not None and int(a.card) not in held),
                   key=lambda k: (j.means[k], -k))
        need = 101 - st.round_total(st.side_of(1 - v.seat))
        return best, (Reason(HOLDS_101, str(best), str(j.actions[lose]), 1, float(need),
                             101.0, what=len(held)),)
    return best, hint_reasons(v, j, compare)


def every_card_known(v: View, j: Judgement) -> bool:
    """Three or four players near the end: each sampled deal was solved
    (``search.WORLDS``) and only one deal agrees with the view (``one_deal``),
    so every deal drawn was that one and each value is exact (the review and
    the hint say so: no "in 60 guesses at the hidden cards")."""
    return not j.exact and exact_mode(v.state, j.actions, SOLVE_CARDS) == WORLDS \
        and one_deal(v)


USUAL_PLAYER: Final = Policy(0.0, take_points=True)
"""The player whose choice the hint compares with first, where the person
weighed none (``usual_choice``)."""


def usual_choice(v: View) -> str:
    """What a plain player would do in the seat of ``v`` (the rule-based player
    that takes an As or a Tres led whenever a cheap card wins it, as a person
    does), from the view alone: the hint's "Why not ...?" compares with it
    first, where its reasons tell them apart (a club player read "why not the
    Rey?" about a card nobody would lead, nc96)."""
    return str(USUAL_PLAYER.act(v.state, random.Random(0)))


def contrast_choice(st: State, j: Judgement) -> int:
    """Following a trick, the other card a player weighs against the hinted
    one (``j.best``), its index in ``j.actions``: where the hint takes the
    trick as it stands, the best-valued other card that takes it too; where it
    does not, the card of the suit led that would, winning most points, else
    the lowest trump that would (nc99 asked "why not take it with the As?" and read "why
    not the 6 of swords?", a discard). -1 leading, or with no such card."""
    best = j.actions[j.best] if j.best >= 0 else None
    if not st.trick_cards or best is None or best.kind is not PLAY or best.card is None:
        return -1
    cards = [(k, int(a.card)) for k, a in enumerate(j.actions)
             if k != j.best and a.kind is PLAY and a.card is not None]
    winners = [(k, c) for k, c in cards if takes_trick(st, c)]
    if not winners:
        return -1
    if takes_trick(st, int(best.card)):
        return max(winners, key=lambda kc: (j.means[kc[0]], -kc[0]))[0]
    # (a card of the suit led before a trump, the one winning most points;
    # then the lowest trump: by the rule-based player's costs the Tres of
    # trumps came before its Sota, and nc100 read "why not the 3 of cups?"
    # while weighing the Sota)
    return min(winners, key=lambda kc: (kc[1] // 10 == st.trump,
                                        0 if kc[1] // 10 == st.trump else -CARD_POINTS[kc[1]],
                                        kc[1] % 10))[0]


def hint_reasons(v: View, j: Judgement, compare: str | None = None) -> tuple[Reason, ...]:
    """Why the hint (``j.best``) for the seat of ``v``: the reasons it beats
    the best-valued other action that the sampled deals tell apart from it
    (the next best first, up to ``HINT_ALTERNATIVES``); where none does, the
    values alone (``bots.reasons.FALLBACKS``): against a choice valued higher
    within the margin (the hint is the expert's default), else against the
    next lower one, else every choice equal. Never none when there is a
    choice (issue 31: "Hint: 5 of coins" said no why). ``compare``, an action
    the person was weighing, goes first, by its reasons or its value (nc86
    read "Why not the 5 of coins?" while he thought of his Ace of cups);
    where none was weighed, what a plain player would do (``usual_choice``)
    goes first by its reasons, then, following a trick, the other way to take
    it (``contrast_choice``)."""
    best = j.best
    texts = [str(a) for a in j.actions]
    weighed = texts.index(compare) if compare in texts else -1
    usual = texts.index(rule) if weighed < 0 and (rule := usual_choice(v)) in texts else -1
    contrast = contrast_choice(v.state, j) if weighed < 0 else -1
    others = sorted((k for k, a in enumerate(j.actions)
                     if k != best and a.kind not in (CAPOTE, CLAIM)),
                    key=lambda k: (k != weighed, k != usual, k != contrast, -j.means[k], k))
    likely = likely_lost(v, j, others)
    if likely is not None:  # (whatever the card, the game is most likely gone: said first)
        return (likely,)
    # Exact: every card is known, so the deal itself (the view hides the
    # other hands), in which both best lines are played out (``reasons``).
    st = resample(v, random.Random(0)) if j.exact else v.state
    for i, k in enumerate(others[:HINT_ALTERNATIVES]):
        why = reasons(st, v.seat, j, best, k, fallback=False)
        if not why and k == weighed:  # the one weighed: by its value, not another card
            why = tuple(by_value(st, j.actions, j.rows, j.means, j.exact, best, k,
                                 even=True))
        if why:  # each says which choice it compares with (``Reason.rank``)
            kept = {f"play {CARDS[r.what]}" for r in why if r.kind == HIGH and r.what >= 0}
            tie = "" if j.actions[best].kind in (Kind.SING, Kind.SWAP) else next(
                (str(j.actions[t]) for t in others[:i]
                 if abs(j.means[best] - j.means[t]) <= margin(j.rows, best, t)
                 and str(j.actions[t]) not in kept), "")
            # (nor the card the reason says to keep safer: "The 3 of coins would
            # do about as well ... your 3 of coins would be safer", nc100)
            # (a declaration or an exchange is hinted on a near tie on purpose:
            # made later it scores the same only where the chance comes back,
            # ``search._choice``; "Declare the 20 ... the 6 of coins would do
            # about as well" beside "declared now, they are yours for sure"
            # read as two answers, nc99)
            return tuple(replace(r, rank=place(j, k), tie=tie) for r in why)
    value = shown(j.means[best], j.exact)
    higher = [k for k in others if shown(j.means[k], j.exact) > value]
    lower = [k for k in others if shown(j.means[k], j.exact) < value]
    first = [weighed] if weighed in others else []
    for k in first + higher[:1] + lower[:1]:
        why = tuple(by_value(st, j.actions, j.rows, j.means, j.exact, best, k))
        if why:
            return tuple(replace(r, rank=place(j, k)) for r in why)
    equal = all_equal(st, j.actions, j.rows, j.means, j.exact, best, [best, *others])
    if equal and j.exact and st.n == 2 and st.rules.scoring is Scoring.GAMES_101 \
            and not racing(st):
        # A first deal with every card known: where the round ends, and what
        # that does to the game (§10.1; nc76, near 101, read only that any
        # choice would be worth the same).
        end = line_end(st, better_line(st, j.actions[best], v.seat))
        if end.phase is not PLAYING:
            side = st.side_of(v.seat)
            equal = [replace(equal[0], end=(end.round_total(side), end.round_total(1 - side),
                                            game_won(tuple(st.totals), end, side)))]
    return tuple(equal)


NEED_SAID: Final = 30
"""``own_need``: said from this many points short of 101 or fewer."""


def own_need(v: View) -> int | None:
    """Where 101 reached in play ends the game (``racing``), what the seat's
    side lacks of 101 when it is ``NEED_SAID`` or fewer; else None. (A village
    player on 97 read the hint's warning of the other's 28 and missed that a
    trick of 4 points would do for her: cold play nc74.)"""
    return _short(v, v.seat)


def rival_need(v: View) -> int | None:
    """As ``own_need``, for the other player (two players): a village player
    got no word with the bot 5 short of 101 and no declaration in sight (the
    warning, ``declare_threat``, is of declarations only; cold play nc75)."""
    return _short(v, 1 - v.seat)  # (``racing``: two players)


def _short(v: View, seat: int) -> int | None:
    """What ``seat``'s side lacks of 101, where 101 ends the game in play
    and it is ``NEED_SAID`` or fewer; else None."""
    st = v.state
    if not racing(st):
        return None
    need = 101 - st.round_total(st.side_of(seat))
    return need if 0 < need <= NEED_SAID else None


def declare_threat(v: View) -> tuple[int, int] | None:
    """Where 101 reached in play ends the game (``racing``: la vuelta,
    boricua), what the other player could declare after winning a trick,
    as far as the seat of ``v`` can tell, that would take them to 101 (§4,
    §10.1): (20 where a 20 would do, else 40; what they lack of 101); None
    where no pair they may hold would, or nobody may declare after this trick.
    (A hint in la vuelta said "you would keep your trumps" and the other
    player, on 60, won the game with the 40 at the next trick: cold play nc73.)"""
    st = v.state
    if not racing(st) or not window_after(st):
        return None
    other = 1 - v.seat
    total = st.round_total(st.side_of(other))
    if total >= 101:
        return None
    possible = (v.unseen() & ~v.excluded(other)) | v.known[other]
    found = 0
    for suit in range(4):
        pair = PAIR_MASKS[suit]
        value = 40 if suit == st.trump else 20
        if not st.sung >> suit & 1 and possible & pair == pair and total + value >= 101:
            found = value if not found else min(found, value)
    return (found, 101 - total) if found else None


def likely_lost(v: View, j: Judgement, others: list[int]) -> Reason | None:
    """Where 101 ends the game in play, the other side is ``NEED_SAID`` or
    fewer short of it, and the sampled deals say it reaches 101 first in most
    of them (``LIKELY_SHARE``) whatever is played: ``LIKELY_LOST``, with how
    often after the hint (compared with no other choice: one that loses the
    game less often may be worth less with the round's points); else None."""
    events = j.events
    if j.exact or events is None or not others or rival_need(v) is None:
        return None  # (``rival_need``: a race, the other side near 101; a
        # village player read "most likely lost" at the start of every vuelta,
        # where the hint's card still mattered, cold play nc75)
    n = len(events)
    lost = {k: sum(row[k].game == -1 for row in events) for k in (j.best, *others)}
    if n < 2 or min(lost.values()) < LIKELY_SHARE * n:
        return None
    best = str(j.actions[j.best])
    return Reason(LIKELY_LOST, best, best, n, float(lost[j.best]), float(min(lost.values())))


def place(j: Judgement, k: int) -> int:
    """Action ``k``'s place among the choices by the values shown (1: the
    best; choices of equal value share a place, so a choice after three
    equal best ones is the next best, 2)."""
    value = shown(j.means[k], j.exact)
    return 1 + len({shown(m, j.exact) for i, m in enumerate(j.means)
                    if j.actions[i].kind not in (CAPOTE, CLAIM) and shown(m, j.exact) > value})


def reasons(st: State, seat: int, j: Judgement, best: int, other: int,
            fallback: bool = True) -> tuple[Reason, ...]:
    """Why action ``best`` of a judgement beats ``other`` (``bots.reasons``):
    exact values say it in round points; sampled ones by the events of their
    rollouts, or, where each deal was solved (no rollout, no events), by the
    mean of those exact values (``judge`` with ``record``). Where none of
    those kinds passes its threshold, with ``fallback`` the values alone
    (``bots.reasons.by_value``): a marked mistake always has a reason, its
    loss being the difference of the two values."""
    said = _told(st, seat, j, best, other)
    if said or not fallback:
        return said
    return tuple(by_value(st, j.actions, j.rows, j.means, j.exact, best, other))


def _told(st: State, seat: int, j: Judgement, best: int, other: int) -> tuple[Reason, ...]:
    """``reasons`` of the kinds an event or an exact line tells (``bots.reasons.KINDS``)."""
    if j.exact:
        race = tuple(st.totals) if racing(st) else None
        said = exact_reason(j.actions, j.means, best, other, race is not None)
        if said:  # and what differs in the two best lines (``bots.reasons.line_reasons``)
            b_end, o_end = (line_end(st, better_line(st, j.actions[k], seat))
                            for k in (best, other))
            said += line_reasons(st, seat, b_end, o_end, str(j.actions[best]),
                                 str(j.actions[other]), race)
        return tuple(sorted(said, key=lambda r: ORDER.index(r.kind))[:MOST])
    if j.events is None:
        contract = st.contract
        return tuple(solved(j.actions, j.rows, best, other, contract[1] if contract else -1))
    return tuple(compare(st, seat, j.actions, j.events, best, other, j.means))


def _capote_on(v: View, action: Action) -> Reason | None:
    """Why ``action``, the expert's card while a capote is played for (RULES
    §7.1), every card known: whether it keeps the capote (its announcer) or
    breaks it (the other seat) whatever the other plays, and a card that would
    not (``reasons.CAPOTE_ON``). None where a card is not known or the action
    is not a card."""
    st = v.state
    plays = [a for a in st.legal_actions() if a.kind is PLAY]
    if action.kind is not PLAY or exact_mode(st, plays, 0) != PERFECT:
        return None
    world = resample(v, random.Random(0))  # the only deal consistent with the view
    mine = st.capote_seat == v.seat
    done = capote_aim(world, v.seat, action)
    other = next((a for a in plays if capote_aim(world, v.seat, a) != done), action)
    if done:
        kind = CAPOTE_KEEP if mine else CAPOTE_BREAK
    else:
        kind = CAPOTE_LOST if mine else CAPOTE_HOLDS
    return Reason(kind, str(action), str(other), 1, float(done),
                  float(capote_aim(world, v.seat, other)))


def _capote_holds(v: View, actions: list[Action]) -> bool | None:
    """A capote may be announced and every card is known: does it hold? None:
    no capote to announce, or a card unknown."""
    if not any(a.kind is CAPOTE for a in actions) or exact_mode(v.state, actions, 0) != PERFECT:
        return None
    return wins_every_trick(resample(v, random.Random(0)), v.seat)


def _sure_capote(v: View, actions: list[Action]) -> bool:
    """A capote may be announced, every card is known, and it holds."""
    return _capote_holds(v, actions) is True


def capote_fails(v: View) -> bool:
    """A capote may be announced now, every card is known, and it would fail:
    the other seat takes a trick against any play (RULES §7.1). The hint says
    so beside its card (a village player saw the capote's button and read no
    word of it in the hint, cold play nc76)."""
    return _capote_holds(v, v.state.legal_actions()) is False


def analyse(task: Task) -> Decision:
    """The judgement of one decision (module level: a worker process runs it)."""
    st = round_start(task.match)
    log = round_actions(task.match)
    replay_all(st, round_steps(st.rules, task.match["rounds"][-1], task.step))
    seat, played_text = log[task.step]
    if seat != task.seat or st.to_act != seat:
        raise ValueError(f"step {task.step} is not a decision of seat {task.seat}")
    rng = decision_rng(task.seed, len(task.match["rounds"]), task.step, in_auction(st))
    v = view(st, seat)
    if in_auction(st):  # a bid: not judged, nor counted: the expert's answer and why, in words
        # (NOTE_AUCTION; a bar player read "no mistakes" after overbidding
        # against the hint and losing 90, cold play nc78)
        played_action = Action.parse(played_text)
        played = str(played_action)
        expert, why, outlooks = auction_answer(v, rng, Budget(iterations=1),
                                               shown=played_action.bid)
        if played_action.kind is Kind.TRUMP and outlooks:  # trumps named: judged
            return trump_decision(task.step, st, played_action, expert, why, outlooks)
        return Decision(step=task.step, played=played, best=str(expert), played_value=0.0,
                        best_value=0.0, loss=0.0, error=0.0, exact=False, mistake=False,
                        worlds=0, options=(), notes=(NOTE_AUCTION,), scored=False,
                        reasons=why)
    judged_ = judge(v, rng, Budget(iterations=decision_deals(v, task.iterations)), record=True,
                    race=True)
    actions, rows, exact, means = judged_.actions, judged_.rows, judged_.exact, judged_.means
    texts = [str(a) for a in actions]
    played_j = texts.index(str(Action.parse(played_text)))
    # Capote and claims are judged in words only: their value in points says
    # nothing of what they decide (a capote stops the round at the first lost trick).
    scored = [j for j, a in enumerate(actions) if a.kind not in (CAPOTE, CLAIM)]
    judged = st.capote_seat < 0 and played_j in scored
    best_j = judged_.best if judged and judged_.best >= 0 else played_j
    # The loss as shown: the difference of the two values shown (none when
    # the played action is worth as much as the best, or more: then the best
    # is the expert's default within the noise, ``analysis.best_index``).
    loss = max(0.0, shown(means[best_j], exact) - shown(means[played_j], exact))
    # Every deal solved and only one deal possible: every sampled deal was
    # that one, each value exact (said so, with the exact kind of reason).
    known = judged and every_card_known(v, judged_)
    if not judged:
        # A claim the totals showed false lost the game (§10.1): a mistake, told
        # in words (a player's false claim was summed up as "no mistakes").
        error = 0.0
        mistake = actions[played_j].kind is CLAIM and not st.claim_is_true(seat)
    elif exact or known:
        error = 0.0
        mistake = loss > 0
    else:
        error = margin(rows, best_j, played_j)
        mistake = marked(loss, error) and len(rows) > 1
    line: tuple[tuple[int, str], ...] = ()
    if exact and best_j != played_j:
        line = better_line(st, actions[best_j], seat)
    either: tuple[str, ...] = ()
    if mistake and exact and judged:
        either = game_either(st, seat, line, better_line(st, actions[played_j], seat))
        mistake = not either  # (round points the match no longer counts)
    told = judged_._replace(exact=True) if known else judged_
    if mistake:
        why = reasons(st, seat, told, best_j, played_j)
    elif judged and judged_.best == played_j and len(scored) > 1 and not exact:
        # The best played: why it is, as the hint says it (``hint_reasons``).
        # A casino player read only "Es también lo que elige el experto" and a
        # list of numbers beside each good answer (cold play nc104). (Exact
        # values: the better line is the reason, and playing both out costs.)
        why = hint_reasons(v, told)
    else:
        why = ()
    order = sorted(scored, key=lambda j: (-means[j], j))
    return Decision(
        step=task.step, played=texts[played_j], best=texts[best_j],
        played_value=means[played_j], best_value=means[best_j], loss=loss,
        error=error, exact=exact, mistake=mistake, worlds=1 if known else len(rows),
        options=tuple((texts[j], means[j]) for j in order), line=line,
        notes=notes(st, actions, actions[played_j]) + either, scored=judged, reasons=why,
        known=known)


def in_auction(st: State) -> bool:
    """subastado's auction or the naming of trumps is on (§12): told in words
    (bids and passes) or judged on the expert's estimate (trumps named)."""
    return st.auction is not None and st.auction.trump < 0 and st.outcome is None


def better_line(st: State, first: Action, seat: int) -> tuple[tuple[int, str], ...]:
    """From a position whose every card ``seat`` knows (two players, the stock
    out): ``first``, then both sides' best cards to the end of the round, as
    the review values them (where 101 ends the game in play, for the game
    too: ``analysis.card_values`` with the totals at ``st``; with manual claims
    a true claim ends it, as those values count it)."""
    race = tuple(st.totals) if racing(st) else None
    w = st.clone()
    side = w.side_of(seat)
    to_act = w.to_act
    assert to_act is not None
    out = [(to_act, str(first))]
    w.apply(first, record=False)
    while w.phase is PLAYING and len(out) < LINE_MAX:
        actor = w.to_act
        assert actor is not None
        actions = w.legal_actions()
        if CLAIM_ACTION in actions:  # la vuelta's manual claim (§10.1), as the values count it:
            if w.claim_is_true(actor):  # a true one made at once, a false one never
                out.append((actor, str(CLAIM_ACTION)))
                break
            actions = [a for a in actions if a.kind is not CLAIM]
        if exact_mode(w, actions, 0) != PERFECT or not all(a.kind is PLAY for a in actions):
            break
        if race is not None and max(w.round_total(s) for s in (0, 1)) >= 101:
            # a side past 101 unclaimed plays on to its next turn (``solved_value``)
            values = {int(a.card or 0): after_value(w, a, seat, race) for a in actions}
        else:
            values = card_values(w, seat, race)
        sign = 1.0 if w.side_of(actor) == side else -1.0
        choice = max(actions, key=lambda a: (sign * values[int(a.card or 0)],
                                             -int(a.card or 0)))
        out.append((actor, str(choice)))
        w.apply(choice, record=False)
    return tuple(out)


def game_either(st: State, seat: int, best: tuple[tuple[int, str], ...],
                played: tuple[tuple[int, str], ...]) -> tuple[str, ...]:
    """In la vuelta of a game to 101 (§10.1: habanero, corriente; every card
    known): where the best line (``better_line``) and the line after the card
    played both end the round with the same side winning the game, what they
    differ by is round points, which the match does not count (it counts
    games): no mistake, said by a note (``NOTE_GAME_WON_EITHER``, ``_LOST_``).
    A village player's review marked a 1-point loss a mistake in a game she
    won either way (cold play nc68). Boricua's points go on counting (its
    running total): not there. Empty otherwise."""
    if st.rules.scoring is not Scoring.GAMES_101 or not racing(st):
        return ()
    side = st.side_of(seat)
    ends = [line_end(st, line) for line in (best, played)]
    if any(end.phase is PLAYING for end in ends):
        return ()  # (a line that stopped before the round's end says nothing)
    won = {game_won(st.totals, end, side) for end in ends}
    if won == {1}:
        return (NOTE_GAME_WON_EITHER,)
    if won == {-1}:
        return (NOTE_GAME_LOST_EITHER,)
    return ()


def line_end(st: State, line: tuple[tuple[int, str], ...]) -> State:
    """Where a line of play (``better_line``) from ``st`` leads: the round
    over, unless the line stopped before its end."""
    w = st.clone()
    for _, text in line:
        w.apply(Action.parse(text), record=False)
    return w


def notes(st: State, actions: list[Action], played: Action | None = None) -> tuple[str, ...]:
    """What decides more than round points here, as catalog keys. Where 101
    reached in play ends the game (la vuelta, boricua), the values count the
    game too, sampled or exact (``NOTE_RACE``: ``analysis.analyze_samples``'s
    ``race``; ``NOTE_RACE_CLAIM`` where 101 must be claimed). ``played``: a
    claim played is said true or false first (``NOTE_CLAIM_TRUE``, ``_FALSE``)."""
    out = []
    if played is not None and played.kind is CLAIM:  # the claim's verdict, first (§10.1)
        # (a strong player read "not judged in points" and a card above it as
        # no word on the claim that won the game)
        out.append(NOTE_CLAIM_TRUE if st.claim_is_true(st.to_act or 0) else NOTE_CLAIM_FALSE)
    if any(a.kind is CAPOTE for a in actions) or st.capote_seat >= 0:
        out.append(NOTE_CAPOTE)
    if any(a.kind is CLAIM for a in actions):
        out.append(NOTE_CLAIM)
    if racing(st):
        out.append(NOTE_RACE_CLAIM if must_claim(st) else NOTE_RACE)
    return tuple(out)


def must_claim(st: State) -> bool:
    """101 wins the game only once claimed at a turn (§10.1, ``claim = manual``),
    not the moment a trick reaches it."""
    return st.rules.claim is Claim.MANUAL and st.carries_points()


def counts_the_game(notes_: tuple[str, ...]) -> bool:
    """The values count the game at 101 too (a note says where 101 ends it)."""
    return NOTE_RACE in notes_ or NOTE_RACE_CLAIM in notes_


@dataclass(frozen=True)
class Choice:
    """One entry of a decision's list of every legal action (``choices``)."""

    actions: tuple[str, ...]
    """One action, or cards that are equal (``equal_cards``) and shown at the
    same value, in the engine's order."""
    value: float | None
    """The value shown (``shown``); None: not valued in points (a capote, a claim)."""
    best: bool
    """The review's best is among ``actions``, or they are shown at its value
    (equal to the best: a best one too)."""
    played: bool
    """The action played is among ``actions``."""
    wins: bool = False
    """They win the game now for certain, where 101 reached in play wins it
    (``policy.wins_at_once``): the best of them is the review's best even
    below a higher value (round points after a game won count for nothing)."""


def equal_cards(st: State, seat: int, a: int, b: int) -> bool:
    """Whether two cards of ``seat``'s hand are equal as far as ``seat`` can
    tell (RULES §1 trick order): the same suit, and every card of that suit
    ranking between them is in the hand too or out of play (won in a trick,
    tres' dead card). A card that could still come between them, unseen or
    seen (the face-up card, one known in another hand, one on the table),
    tells them apart: one of them beats it, the other does not."""
    if a // 10 != b // 10:
        return False
    lo, hi = min(a, b), max(a, b)
    between = ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1)
    known = st.hands[seat]
    for c in st.collected:
        known |= c
    if st.dead_card >= 0:
        known |= 1 << st.dead_card
    return between & ~known == 0


def choices(st: State, seat: int, d: Decision) -> list[Choice]:
    """Every legal action of the decision at ``st`` (``seat`` to act), the
    best value first: cards grouped only when equal (``equal_cards``) and
    shown at the same value; a capote or a claim last, not valued in points,
    unless it was played (then first). A decision not judged in points
    (``Decision.scored``) has no best."""
    values = dict(d.options)
    cards: dict[str, int] = {}
    for text in values:
        a = Action.parse(text)
        if a.kind is PLAY and a.card is not None:
            cards[text] = int(a.card)
    groups: list[list[str]] = []
    for text in sorted(values, key=lambda t: (-shown(values[t], d.exact), cards.get(t, 99))):
        c = cards.get(text)
        group = next((g for g in groups if c is not None and g[0] in cards
                      and shown(values[g[0]], d.exact) == shown(values[text], d.exact)
                      and any(equal_cards(st, seat, cards[t], c) for t in g)), None)
        if group is None:
            groups.append([text])
        else:
            group.append(text)
    # Every choice shown at the best's value is a best one (exactly equal
    # when exact, equal in tenths when sampled): ties are all best.
    top = shown(values[d.best], d.exact) if d.best in values else None
    parsed = [Action.parse(g[0]) for g in groups]
    won = wins_at_once(st, parsed) if st.to_act == seat else []
    out = [Choice(tuple(sorted(g, key=lambda t: cards.get(t, 99))), shown(values[g[0]], d.exact),
                  d.scored and (d.best in g or shown(values[g[0]], d.exact) == top),
                  d.played in g, i in won) for i, g in enumerate(groups)]
    words = [Choice((str(a),), None, False, str(a) == d.played)
             for a in st.legal_actions() if str(a) not in values]
    # One played comes first (a player read "5 of coins +162.0 · 101! (told in
    # words)" after their true claim as the card being better than winning).
    played = [c for c in words if c.played]
    return played + out + [c for c in words if not c.played]


def overbid(d: Decision) -> bool:
    """subastado's auction (§12): the person bid higher than the expert would
    have there (it passed, or bid less)."""
    played, best = Action.parse(d.played).bid, Action.parse(d.best).bid
    return played is not None and played > (best or 0)


def summarise(decisions: list[Decision]) -> Summary:
    """How many decisions, how many mistakes, and the largest mistakes."""
    mistakes = [d for d in decisions if d.mistake]
    # (the largest in points: a false claim, a mistake in words, has none)
    largest = sorted((d for d in mistakes if d.scored), key=lambda d: (-d.loss, d.step))[:LARGEST]
    # (subastado's bids are not "told in words": a player read them counted so
    # beside "The auction is not judged")
    words = sum(not d.scored and NOTE_AUCTION not in d.notes for d in decisions)
    return Summary(len(decisions), len(mistakes), words, tuple(largest))


def review(match: dict[str, Any], seat: int, iterations: int | None = None,
           seed: int = 0) -> list[Decision]:
    """Every decision of ``seat`` in the payload's last round, analysed here."""
    return [analyse(t) for t in tasks(match, seat, iterations, seed)]
