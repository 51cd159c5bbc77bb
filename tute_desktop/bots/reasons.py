"""Why one action is better than another, from the deals that valued them
(issue 31 item 4: the round review's mistakes and the hint, in words).

Every reason kind is four things:

- a per-deal event, recorded while the valuation's rollout plays the deal out
  (``play_out_recorded``: the same moves as ``search.play_out``, so recording
  changes no value), for every action on the same sampled deals;
- a statistic of those events, compared between the best action and the other;
- a threshold: the difference must be large (``MIN_SHARE`` of the deals, or
  ``MIN_POINTS``) and clear of the sampling noise (``SPREAD`` standard errors
  of the paired difference), otherwise no reason is given;
- a sentence (catalog key ``reason_<kind>``, words in ``ui.table.why``).

The kinds: ``tricks`` (the points of this trick and the next), ``declare`` (a
20 or the 40 declared later in the round), ``spent`` (a pair that can never be
declared any more, a card of it played: ``spent_pair``), ``high`` (one of the seat's Aces or
Threes taken by the other side), ``captured`` (Aces and Threes not the side's,
won by it), ``trumps`` (trumps the seat keeps through this trick and the
next), ``drawn`` (trumps the other side has left then), ``diez`` (las diez de
últimas, near the end: ``near_end``), and, where the values are exact,
``exact`` (the round points with both sides playing their best) with what
differs in the two best lines played to the end (``line_reasons``:
``line_taken``, the seat's cards the other side takes only after the other
action; ``line_diez``, the last trick), where each deal is solved (3 and 4
players near the end: no rollout, no events) ``solved`` (the mean of those
exact values). Counts of deals say ``declare``, ``high`` and ``diez``; means
per deal the others (``MEANS``). A ``Reason`` keeps the numbers its sentence
says, so the sentence's claim can be checked against them.

When no kind passes its threshold, the values themselves still say why
(``FALLBACKS``: no hint and no marked mistake goes without a reason, issue
31): ``value``, the best action's mean round points over the sampled deals
above the other's (a marked mistake always has one: its loss is that
difference); ``within``, the best is the expert's default (a declaration, the
exchange, the rule-based card leading or following while a 2-player stock
lasts) and the other's higher mean is within the margin of the paired
difference; ``equal``, every choice shown at the same value. A declaration's
and the exchange's sentences say what the action does (its points at once;
the face-up trump taken), the numbers the same.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Final, NamedTuple

from ..engine import Action, State
from ..engine.actions import PLAY, SING, SWAP
from ..engine.cards import CARD_POINTS, CARDS, PAIR_MASKS, SUIT_MASKS
from ..engine.events import Cante
from ..engine.state import PLAYING
from ..engine.tricks import BEATING, trick_result
from .base import game_won, racing
from .policy import Policy
from .search import play_out

SPREAD: Final = 2.0
"""A difference is clear when it is this many standard errors of its paired
estimate (the review's margin of a mistake, ``review.SPREAD``)."""
MIN_SHARE: Final = 0.1
"""A count kind needs the two actions' counts to differ by this share of the deals."""
MIN_POINTS: Final = 3.0
"""``tricks`` needs its two means to differ by this many points."""
TRICKS_FAR: Final = 3.0
"""``tricks`` is not said where its difference is more than this many times the
whole round's (the two actions' mean values; ``MIN_POINTS`` at least): most
of what the two tricks gain is given back later, and "only in this trick and
the next, about 35 points better" of two cards the round values 3 apart read
as the reason (cold play nc73)."""
MOST: Final = 2
"""At most this many reasons for one comparison (a teacher's one or two sentences)."""
HIGH_MASK: Final = sum(1 << (s * 10 + k) for s in range(4) for k in (8, 9))
"""The Aces and Threes (strengths 9 and 8, RULES §1): the cards worth most."""

MIN_TRUMPS: Final = 0.5
"""``trumps``/``drawn`` need their two means to differ by this many trumps."""
MIN_CAPTURED: Final = 0.3
"""``captured`` needs its two means to differ by this many cards."""

TRICKS: Final = "tricks"
DECLARE: Final = "declare"
PAIRS: Final = "pairs"
"""The exchange (§5) takes a face-up Rey or Caballo of trumps whose partner
the seat holds: it makes the 40 (§4), the 40 not yet declared and a window
still to come (``what``: the face-up card). No count: it is so in every
deal. (A village player's hint to exchange the 7 de copas for the Caballo,
holding the Rey, spoke of "the 20 in espadas", cold play nc74.)"""
OPENS: Final = "opens"
"""Two players, the seat second to the trick: ``best`` takes it whatever
comes (it beats the card led) and ``other`` does not, the seat holding a pair
not declared (``what``: its suit; ``trump``: the trump) that it may declare
right after a trick won (RULES §4: a window still to come). No count. (A
village player holding the rey and caballo de copas was hinted to take the
trick with "more Aces and Threes" as the reason, not that she could then
declare the 20, cold play nc74.)"""
SPENT: Final = "spent"
"""Two players, the last trick after which anyone may declare (RULES §4: while
the stock holds a card after that trick's draws): the seat holds a pair it
cannot declare now and never will, ``best`` plays one of its cards and
``other`` none (``what``: the suit; ``trump``: the trump, the pair of trumps
being the 40). No count: it is so in every deal. (A hint to play the Rey de
copas out of a held 20 on the last trick of the stock said only "this trick
and the next", cold play nc73.)"""
HIGH: Final = "high"
CAPTURED: Final = "captured"
TRUMPS: Final = "trumps"
DRAWN: Final = "drawn"
DIEZ: Final = "diez"
EXACT: Final = "exact"
SOLVED: Final = "solved"
LINE_TAKEN: Final = "line_taken"
"""Exact: the seat's cards with points the other side takes in the best line
after the other action and not after the best (``line_reasons``)."""
LINE_DIEZ: Final = "line_diez"
"""Exact: the side wins the last trick in the best line after the best
action, and the other side does after the other action."""
LINE_GAME: Final = "line_game"
"""Exact, where 101 ends the game in play (``base.racing``): in the best line
after the best action the side wins the game (or boricua's match) at 101, or
nobody does where the other side would after the other action
(``best_stat``, ``other_stat``: ``base.game_won`` of each line, 1, 0 or -1)."""
GAME_WON: Final = "game_won"
"""Where the round can end a game at 101 in play (``base.racing``: la vuelta,
boricua): the deals in which the side reaches 101 first and wins the game
(or boricua's match), more after the best (a strong player's hint in la
vuelta led an Ace into the trump that took the other player to 101)."""
GAME_LOST: Final = "game_lost"
"""As ``GAME_WON``: the deals in which the other side reaches 101 first,
fewer after the best (counted as those)."""
VALUE: Final = "value"
"""The best's mean value over the deals (or its exact value) is above the
other's, as shown (tenths; whole points when exact): no event told them apart."""
WITHIN: Final = "within"
"""The best is the expert's default (``analysis.best_index``), the other's
higher mean within ``Reason.margin`` of it."""
EQUAL: Final = "equal"
"""Every choice is shown at the best's value: any would do as well."""


AUCTION_BID: Final = "auction_bid"
"""subastado's auction (§12), the hint's only (the review does not judge the
auction): the bid ``best`` with trump ``trump``, which ``best_stat`` of the
``deals`` the expert played out reach, and ``other`` (the first bid above the
expert's limit), which ``other_stat`` reach; ``what``: the share in percent of
the deals the expert wants to reach a bid (``outlook.MAKE_SHARE``)."""
AUCTION_TOP: Final = "auction_top"
"""As ``AUCTION_BID`` where the expert would go to the highest bid (230): no
bid above it (``other_stat`` unused)."""
AUCTION_PASS: Final = "auction_pass"
"""The auction's pass: even with ``trump`` (the suit likeliest to), only
``other_stat`` of the ``deals`` reach ``other``, the lowest bid allowed (and
``shown_stat`` reach ``shown``, the bid the person's stepper shows, when it
is higher)."""
AUCTION_TRUMP: Final = "auction_trump"
"""Naming trump: ``best`` (trump ``trump``) makes the contract ``what`` in
``best_stat`` of the ``deals``, ``other`` (the next likeliest) in ``other_stat``."""
AUCTION_KINDS: Final = (AUCTION_BID, AUCTION_TOP, AUCTION_PASS, AUCTION_TRUMP)
"""The hint's reasons in the auction (not among ``KINDS``: the review's)."""
KINDS: Final = (TRICKS, DECLARE, PAIRS, OPENS, SPENT, HIGH, CAPTURED, TRUMPS, DRAWN, DIEZ,
                EXACT, SOLVED, LINE_TAKEN, LINE_DIEZ, LINE_GAME, GAME_WON, GAME_LOST)
"""The kinds an event or an exact line tells (their thresholds above)."""
FALLBACKS: Final = (VALUE, WITHIN, EQUAL)
"""The kinds said from the values alone, when no kind of ``KINDS`` is."""
CLAIM_WINS: Final = "claim"
"""The hint is a true 101 claim (RULES §10.1): the side's total (``best_stat``)
reaches 101, so the claim wins the game."""
REACH_101: Final = "reach_101"
"""The hint is a card that takes the seat to 101 in this trick whatever the
other player holds, where 101 reached in play wins the game (``policy.sure_101``:
la vuelta, boricua); ``best_stat`` the total it needs, 101 less its points."""
LOST_101: Final = "lost_101"
"""The hint where the other player takes this trick and reaches 101 whatever
the seat plays (``policy.lost_101``): the game is lost; ``best`` gives the
fewest points (the values: the round difference at that moment); ``what`` 1:
``best`` is the only legal card (no values)."""
HOLDS_101: Final = "holds_101"
"""The hint where some card the seat may play lets the other player take this
trick and reach 101, and ``best`` does not (``policy.holds_101``: the game
goes on only with the cards that beat the one led or give too few points);
``other``: the best-valued card that loses the game now; ``what``: how many
cards hold (1: only ``best``); ``best_stat``: what the other player lacks."""
LIKELY_LOST: Final = "likely_lost"
"""The hint where 101 ends the game in play (``base.racing``) and the other
side reaches it first in most sampled deals (``LIKELY_SHARE``) whatever the
seat plays: said so, with how often after the best (``best_stat``; ``other_stat``
the fewest after any choice; a strong player's hint gave a trumps reason
where every card lost the game in most deals)."""
LIKELY_SHARE: Final = 0.75
"""``LIKELY_LOST``: the share of deals lost after every choice."""
CAPOTE_WINS: Final = "capote"
"""The hint is a capote sure to hold (RULES §7.1): every card known, the seat
wins every trick left whatever the others play."""
CAPOTE_KEEP: Final = "capote_keep"
"""A capote is being played for (RULES §7.1), every card known, and the seat
announced it: ``best`` still wins every trick left whatever the other plays
(``best_stat`` 1); ``other`` a card after which it would not (``other_stat``
0), or ``best`` again where every card keeps it."""
CAPOTE_BREAK: Final = "capote_break"
"""As ``CAPOTE_KEEP`` for the other seat: ``best`` takes a trick whatever the
announcer plays, and the capote fails."""
CAPOTE_LOST: Final = "capote_lost"
"""The announcer's capote fails whatever it plays (``best_stat`` 0): ``best``
is the expert's card for the round's points."""
CAPOTE_HOLDS: Final = "capote_holds"
"""The other seat cannot take a trick whatever it plays: the capote holds."""
CAPOTE_ON: Final = (CAPOTE_KEEP, CAPOTE_BREAK, CAPOTE_LOST, CAPOTE_HOLDS)
"""The hint's kinds while a capote is played for (said of every card known)."""
DECIDING: Final = (CLAIM_WINS, REACH_101, LOST_101, HOLDS_101, CAPOTE_WINS, *CAPOTE_ON)
"""The hint's kinds where the round is decided by more than points (not valued)."""
ORDER: Final = (LINE_GAME, GAME_WON, GAME_LOST, EXACT, LINE_TAKEN, LINE_DIEZ, SOLVED, PAIRS,
                OPENS, DECLARE, SPENT, TRICKS, HIGH, CAPTURED, DRAWN, TRUMPS, DIEZ)
"""The order reasons are told in (``MOST`` of them): what a teacher says first.
A declaration kept or lost, then the points at stake now, then the cards
worth most, then trumps; las diez de últimas, far off, last. (Not by
``Reason.clear``: trumps kept after not playing one differ in nearly every
deal, clearer than anything, and matter less.)"""
MEANS: Final = {TRICKS: MIN_POINTS, CAPTURED: MIN_CAPTURED, TRUMPS: MIN_TRUMPS,
                DRAWN: MIN_TRUMPS}
"""The kinds told by a mean per deal (the others by a count of deals), and
how far apart the two means must be."""


class Event(NamedTuple):
    """What one rollout did, from the acting seat's side (one deal, one action)."""

    two_tricks: float
    """The side's round-points difference (``analysis.round_difference``) at
    the end of the next trick after the one in play (or of the round, if
    sooner), minus the difference before the action."""
    declared: int
    """Suits (bit per suit) whose 20 or 40 the side declared after the action."""
    lost_high: int
    """The seat's own Aces and Threes (held at the decision) the other side took."""
    diez: bool
    """The side won the last trick (las diez de últimas)."""
    trumps: int
    """Trumps in the seat's hand when ``two_tricks`` is measured."""
    their_trumps: int
    """Trumps in the other side's hands then."""
    captured: int
    """Aces and Threes that were not the side's at the decision (in the other
    side's hands or the stock) won by the side in its tricks to the end."""
    game: int = 0
    """Where 101 ends the game in play (``Start.totals``): 1 the side won the
    game (or boricua's match) in the round, -1 the other side did, else 0."""


class Start(NamedTuple):
    """What an event is measured from: the deal before the action."""

    seat: int
    side: int
    tricks: int
    declarations: int
    difference: float
    high: int
    """The seat's Aces and Threes at the decision."""
    theirs: int
    """Aces and Threes neither in the side's hands nor won yet: the others'
    (or the stock's) at the decision."""
    totals: tuple[int, ...] = ()
    """The match totals at the decision where 101 ends the game in play
    (``base.racing``), for ``Event.game``; else empty."""


def start_of(world: State, seat: int, difference: float) -> Start:
    side, side_map = world.side_of(seat), world.side_map
    ours = 0
    for s, hand in enumerate(world.hands):
        if side_map[s] == side:
            ours |= hand
    for won in world.collected:
        ours |= won
    return Start(seat, side, world.tricks_played, len(world.declarations), difference,
                 world.hands[seat] & HIGH_MASK, HIGH_MASK & ~ours,
                 tuple(world.totals) if racing(world) else ())


def play_out_recorded(world: State, policy: Policy, rng: random.Random, at: Start,
                      difference: Callable[[State, int], float]) -> Event:
    """``search.play_out`` (the same moves, the same draws of ``rng``), and the
    deal's ``Event``. ``difference`` is ``analysis.round_difference`` (passed
    in: ``analysis`` owns it and imports this module). Only the next two tricks
    are watched card by card; the rest is ``play_out`` itself."""
    plain, act = policy.plain_card, policy.act
    until = at.tricks + 2
    while world.phase is PLAYING and world.tricks_played < until:
        c = plain(world, rng)
        if c >= 0:
            world.play_known(c)
        else:
            world.apply(act(world, rng), record=False)
    two = difference(world, at.side) - at.difference
    side, side_map = at.side, world.side_map
    trump_mask = SUIT_MASKS[world.trump]
    theirs = 0
    for s, hand in enumerate(world.hands):
        if side_map[s] != side:
            theirs += (hand & trump_mask).bit_count()
    trumps = (world.hands[at.seat] & trump_mask).bit_count()
    play_out(world, policy, rng)
    declared = 0
    for d in world.declarations[at.declarations:]:
        if side_map[d.seat] == side and d.suit is not None:
            declared |= 1 << int(d.suit)
    others = 0
    for s, won in enumerate(world.collected):
        if s != side:
            others |= won
    captured = (world.collected[side] & at.theirs).bit_count()
    game = game_won(at.totals, world, side) if at.totals else 0
    return Event(two, declared, at.high & others, world.diez_side == side, trumps, theirs,
                 captured, game)


@dataclass(frozen=True)
class Reason:
    """One reason the ``best`` action is better than the ``other``, with the
    numbers its sentence says."""

    kind: str
    best: str
    """The better action (its text)."""
    other: str
    deals: int
    """The sampled deals the numbers come from (1 when exact: ``equal`` says
    the exact value then)."""
    best_stat: float
    """``tricks``: the mean points; ``exact``: the value; the others: a count of deals."""
    other_stat: float
    what: int = -1
    """``declare``: the suit; ``high``: the card; the fallbacks, when the best
    is the exchange: the face-up card it takes; ``drawn``: 1 where the best
    leads a trump (arrastra), 2 where it follows last and takes the trick and
    the other does not, else -1; ``solved`` in subastado: the
    contract's bid; ``reach_101``: 1 where 101 must still be claimed (§10.1,
    ``claim = manual``); ``within``, a card: how it is played (``ANSWERS``:
    0 leading, 1 following, 2 following last and taking the trick); else -1."""
    kept: bool = False
    """``declare``: the seat holds the pair now (the best keeps it; else it
    makes it possible)."""
    clear: float = 0.0
    """How many standard errors the difference is."""
    trump: int = -1
    """``declare``: the trump suit (the pair of trumps is the 40)."""
    cards: int = 0
    """``line_taken``: the seat's cards (a mask) the other side takes after
    the other action only."""
    margin: float = 0.0
    """``within``: ``SPREAD`` standard errors of the paired difference of the
    two actions' values (the review's "±")."""
    shown: int = 0
    """``auction_pass``: the bid the person's stepper showed when the hint was
    asked, where it is above the lowest (``other``); 0: none."""
    shown_stat: float = 0.0
    """``auction_pass``: how many of the ``deals`` reach ``shown`` with trump
    ``trump``."""
    race: bool = False
    """The fallbacks and ``exact``: the values count the game won or lost at 101
    too (where 101 ends the game in play: ``analysis.RACE_POINTS``)."""
    forfeit: bool = False
    """``declare``: the side's first won trick with use_or_lose (§4): not
    declaring now loses the right for the round, not by the deal's luck (a
    player read "you would declare it later in 0 of 100 deals" as bad luck,
    cold play nc81)."""
    rank: int = field(default=0, compare=False)
    """The hint's: the other action's place among the choices by value (2:
    the next best after the hint's), so the hint can say which card it is
    compared with; 0: not said (the review compares with the card played)."""
    answer: bool = field(default=False, compare=False)
    """``reach_101``: the seat answers a card led (the other player has
    played: not "whatever your opponent plays", a newcomer read, nc77)."""
    tie: str = field(default="", compare=False)
    """The hint's: a choice valued above ``other`` and within the margin of
    the best's (a near tie) that no reason tells apart from it, said as "or
    X, about the same" (a club player read the hint compare a blank with the
    As of trumps and never name the blank beside it, cold play nc76); "": none."""
    end: tuple[int, ...] = field(default=(), compare=False)
    """The hint's ``equal``, exact, in a first deal with two players: the round
    points of the seat and of the other player at the end of the best line,
    and what that end does to the game (1 won, -1 lost, 0 neither: la vuelta
    follows, §10.1); (): not said (a club player near 101 read "any choice
    would be worth the same" and no word of where the round ends, nc76)."""


def _paired(xs: list[float], ys: list[float]) -> float:
    """The mean of ``xs - ys`` in standard errors (inf when they never differ
    in spread but do in mean; 0 when they are the same)."""
    n = len(xs)
    diffs = [x - y for x, y in zip(xs, ys, strict=True)]
    mean = sum(diffs) / n
    if n < 2:
        return 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var == 0:
        return math.inf if mean > 0 else 0.0
    return mean / math.sqrt(var / n)


def _declared_suit(state: State, action: Action) -> int:
    """The suit a declaration declares (a 20's own, the 40's trump), else -1."""
    if action.kind is not SING:
        return -1
    if action.suit is not None:
        return action.suit
    return state.trump if action.cante is Cante.FORTY else -1


def _leads_trump(state: State, action: Action) -> bool:
    """``action`` leads a trump (arrastra): a card of the trump suit on an empty trick."""
    return action.kind is PLAY and action.card is not None and not state.trick_cards \
        and action.card.suit == state.trump


DIEZ_STOCK: Final = 4
"""``diez`` is said with two players only once the stock holds this many cards
or fewer (its last two tricks), and with three or four once a hand holds
``DIEZ_HAND`` or fewer: las diez de últimas "half the time" with ten cards in
the stock read as a reason no player gives (cold play nc73)."""
DIEZ_HAND: Final = 6


def near_end(state: State, seat: int) -> bool:
    """Near enough the last trick for ``diez`` to be said (``DIEZ_STOCK``)."""
    if state.rules.has_stock:
        return state.stock_count <= DIEZ_STOCK
    return state.hands[seat].bit_count() <= DIEZ_HAND


def window_after(state: State) -> bool:
    """Someone may still declare after this trick's draws (§4; with two
    players each takes one card)."""
    rules = state.rules
    return rules.declaring_with(state.stock_count - (state.n if rules.has_stock else 0))


def spent_pair(state: State, seat: int, actions: list[Action], best: int, other: int) -> int:
    """``SPENT``'s suit, else -1: two players (a stock), the declaring window
    open now in principle and closed after this trick's draws for good (RULES
    §4, ``declare_until``); the seat holds the pair of a suit not declared
    and cannot declare it now; ``best`` plays one of its two cards, ``other``
    neither."""
    rules = state.rules
    if not rules.has_stock or window_after(state) or not rules.declaring_with(state.stock_count):
        return -1  # (open after it, or closed already: not "after this trick")
    b, o = actions[best], actions[other]
    if b.kind is not PLAY or b.card is None:
        return -1
    suit = b.card.suit
    pair = PAIR_MASKS[suit]
    if not pair >> int(b.card) & 1 or state.hands[seat] & pair != pair or state.sung >> suit & 1:
        return -1
    if o.kind is PLAY and o.card is not None and pair >> int(o.card) & 1:
        return -1
    if any(_declared_suit(state, a) == suit for a in actions):
        return -1  # (declarable now: the declaration's own reasons say it)
    return suit


def pairs_up(state: State, seat: int, action: Action) -> int:
    """``PAIRS``: the face-up card ``action``, an exchange, takes, where it is a
    Rey or Caballo of trumps whose partner the seat holds, the 40 not declared
    and declaring still possible after this trick (RULES §4); else -1."""
    if action.kind is not SWAP or state.faceup < 0:
        return -1
    trump = state.trump
    pair = PAIR_MASKS[trump]
    if not pair >> state.faceup & 1 or state.sung >> trump & 1:
        return -1
    if not state.hands[seat] & pair & ~(1 << state.faceup) \
            or not state.rules.declaring_with(state.stock_count):
        return -1
    return state.faceup


def opens_pair(state: State, seat: int, actions: list[Action], best: int, other: int) -> int:
    """``OPENS``' suit, else -1: two players, ``seat`` second to the trick,
    ``best`` a card that beats the one led and ``other`` one that does not,
    the seat holding the pair of a suit not declared, neither of whose cards
    ``best`` is, with a window to declare after this trick (§4)."""
    if state.n != 2 or len(state.trick_cards) != 1 or not state.rules.has_stock \
            or not window_after(state):
        return -1
    b, o = actions[best], actions[other]
    if b.kind is not PLAY or b.card is None or o.kind is not PLAY or o.card is None:
        return -1
    beats = BEATING[state.trump][state.trick_cards[0]]
    if not beats >> int(b.card) & 1 or beats >> int(o.card) & 1:
        return -1
    hand = state.hands[seat]
    for suit in sorted(range(4), key=lambda x: x != state.trump):  # (the 40 first)
        pair = PAIR_MASKS[suit]
        if hand & pair == pair and not state.sung >> suit & 1 and not pair >> int(b.card) & 1:
            return suit
    return -1


def compare(state: State, seat: int, actions: list[Action], events: list[list[Event]],
            best: int, other: int, means: list[float] | None = None) -> list[Reason]:
    """The sampled reasons the action ``best`` beats ``other``: every kind whose
    statistic passes its threshold, in ``ORDER``, at most ``MOST``. ``means``:
    each action's value over the deals (``analysis.Judgement.means``), with
    which ``tricks`` is not said far above the whole round's difference
    (``TRICKS_FAR``)."""
    n = len(events)
    if n < 2 or best == other:
        return []
    b_txt, o_txt = str(actions[best]), str(actions[other])
    col_b = [row[best] for row in events]
    col_o = [row[other] for row in events]
    out: list[Reason] = []
    # Points, Aces and Threes won, trumps kept or drawn, las diez: what a card
    # does, not a declaration or the exchange (village players read "with
    # «Declare the 40» you would make your opponent spend trumps" and "your
    # 3 of cups would be safer"; what those do is said by the declaration's
    # reason, or by the values, ``reason_value_sing``: its points at once).
    cards = actions[best].kind not in (SING, SWAP)
    if cards:
        # tricks: the points of this trick and the next. (Not against a
        # declaration either: its own 20 or 40 would be most of those points,
        # and ``declare`` says it.)
        if actions[other].kind is not SING:
            _mean(out, TRICKS, b_txt, o_txt, [e.two_tricks for e in col_b],
                  [e.two_tricks for e in col_o])
            if out and means is not None:
                whole = means[best] - means[other]
                if out[-1].best_stat - out[-1].other_stat > TRICKS_FAR * max(whole, MIN_POINTS):
                    out.pop()
        suit = spent_pair(state, seat, actions, best, other)
        if suit >= 0:
            out.append(Reason(SPENT, b_txt, o_txt, n, 0.0, 0.0, suit, clear=math.inf,
                              trump=state.trump))
        _mean(out, CAPTURED, b_txt, o_txt, [float(e.captured) for e in col_b],
              [float(e.captured) for e in col_o])
        _mean(out, TRUMPS, b_txt, o_txt, [float(e.trumps) for e in col_b],
              [float(e.trumps) for e in col_o])
        # drawn: fewer trumps left to the other side is better.
        _mean(out, DRAWN, b_txt, o_txt, [-float(e.their_trumps) for e in col_b],
              [-float(e.their_trumps) for e in col_o])
        if out and out[-1].kind == DRAWN and _leads_trump(state, actions[best]):
            out[-1] = replace(out[-1], what=1)  # said as the table says it: arrastrar
        elif out and out[-1].kind == DRAWN and answer_shape(state, actions[best]) == 2 \
                and answer_shape(state, actions[other]) != 2:
            # The best card takes the trick, the other not: the step between, the
            # lead of the next trick, is said (nc106 read "with the Ace of cups
            # your opponent would have fewer trumps" and did not see how).
            out[-1] = replace(out[-1], what=2)
    # declare: per suit, the deals in which the side declared it; the suit the
    # hinted declaration names first where it tells (a hint to declare the 40
    # spoke of "the 20 in clubs", clearer by a few deals, and not of the 40),
    # then a pair the seat holds now (a player holding the 20 in cups read a
    # reason about the 20 in clubs, a pair still to be made, as beside the
    # point), then the clearest.
    hand = state.hands[seat]
    found: Reason | None = None
    own = _declared_suit(state, actions[best])
    opened = opens_pair(state, seat, actions, best, other)
    if opened >= 0:
        out.append(Reason(OPENS, b_txt, o_txt, n, 0.0, 0.0, opened, clear=math.inf,
                          trump=state.trump))
    made = pairs_up(state, seat, actions[best])
    if made >= 0:
        own = state.trump
        out.append(Reason(PAIRS, b_txt, o_txt, n, 0.0, 0.0, made, clear=math.inf,
                          trump=state.trump))
    side = state.side_of(seat)
    forfeit = state.rules.use_or_lose and state.window and state.tricks_won[side] == 1 \
        and not state.lost_right[side] and not state.window_sings
    for suit in range(4):
        bit = 1 << suit
        r = _counted(DECLARE, b_txt, o_txt, [bool(e.declared & bit) for e in col_b],
                     [bool(e.declared & bit) for e in col_o], suit)
        if r is None:
            continue
        pair = PAIR_MASKS[suit]
        r = Reason(r.kind, r.best, r.other, r.deals, r.best_stat, r.other_stat,
                   suit, hand & pair == pair, r.clear, state.trump, forfeit=forfeit)
        if found is None or _said_first(r, own) > _said_first(found, own):
            found = r
    if found is not None and (found.what == own if actions[best].kind in (SING, SWAP)
                              else _bears_on_pair(hand, actions[best], actions[other],
                                                  found.what)):
        # (A declaration or an exchange hinted: only its own pair's reason (the
        # 40 an exchange makes); "you could still declare the 20 in espadas" of
        # declaring the 40, and of exchanging the 7 for the 3 of trumps, read
        # as beside the point, cold plays nc74 and nc75: the values then say
        # what the exchange takes.)
        out.append(found)
    # high: one of the seat's Aces and Threes, taken by the other side (fewer is better).
    high: Reason | None = None
    for c in CARDS if cards else ():
        bit = 1 << int(c)
        if not hand & HIGH_MASK & bit:
            continue
        r = _counted(HIGH, b_txt, o_txt, [not e.lost_high & bit for e in col_b],
                     [not e.lost_high & bit for e in col_o], int(c))
        if r is not None and (high is None or r.clear > high.clear):
            high = r
    if high is not None:
        # The sentence counts the deals it was taken in (kept = n - taken).
        out.append(Reason(HIGH, b_txt, o_txt, n, n - high.best_stat, n - high.other_stat,
                          high.what, clear=high.clear))
    diez = _counted(DIEZ, b_txt, o_txt, [e.diez for e in col_b],
                    [e.diez for e in col_o]) if cards and near_end(state, seat) else None
    if diez is not None:
        out.append(diez)
    # game_won, else game_lost: where 101 ends the game in play, who reaches it.
    if any(e.game for e in col_b) or any(e.game for e in col_o):
        won = _counted(GAME_WON, b_txt, o_txt, [e.game == 1 for e in col_b],
                       [e.game == 1 for e in col_o])
        kept = None if won is not None else _counted(
            GAME_LOST, b_txt, o_txt, [e.game != -1 for e in col_b], [e.game != -1 for e in col_o])
        if won is not None:
            out.append(won)
        elif kept is not None:  # (the sentence counts the games lost)
            out.append(Reason(GAME_LOST, b_txt, o_txt, n, n - kept.best_stat,
                              n - kept.other_stat, clear=kept.clear))
        if won is not None or kept is not None:
            # "Only in this trick and the next, not the whole round" beside the
            # game: a strong player read it as a second verdict on a card that
            # took the game at once (no next trick to speak of).
            out = [r for r in out if r.kind != TRICKS]
    out.sort(key=lambda r: (ORDER.index(r.kind), -r.clear))
    return out[:MOST]


def _bears_on_pair(hand: int, best: Action, other: Action, suit: int) -> bool:
    """Whether a reason about the pair of ``suit`` says something a player can
    trace to the two actions: one of them plays a piece of it (its Rey or
    Caballo), or the seat holds the pair (when it wins the trick that lets it
    declare, §4, is what the cards change). A pair still to be made, neither
    card a piece of it, comes through the cards drawn later: "with the 3 of
    swords you could still declare the 20 in coins", against the 4 of swords,
    read as nonsense (cold play nc99; nc97 read a 20 in swords as the reason
    for a cup card). ``hand``: the seat's cards. Anything but two cards bears
    on it."""
    if best.kind is not PLAY or other.kind is not PLAY or best.card is None \
            or other.card is None:
        return True
    pair = PAIR_MASKS[suit]
    return bool((1 << int(best.card) | 1 << int(other.card)) & pair) or hand & pair == pair


def _said_first(r: Reason, own: int) -> tuple[bool, bool, float]:
    """Which ``declare`` reason a hint says: the suit its own declaration
    declares (``own``), then a pair held now, then the clearest."""
    return r.what == own, r.kept, r.clear


def _mean(out: list[Reason], kind: str, b_txt: str, o_txt: str, xs: list[float],
          ys: list[float]) -> None:
    """A mean kind: larger after the best by ``MEANS[kind]`` and clearly so.
    ``drawn`` is given negated (fewer is better) and kept as the counts it says."""
    n = len(xs)
    mb, mo = sum(xs) / n, sum(ys) / n
    if mb - mo < MEANS[kind]:
        return
    z = _paired(xs, ys)
    if z < SPREAD:
        return
    if kind == DRAWN:
        mb, mo = -mb, -mo
    out.append(Reason(kind, b_txt, o_txt, n, mb, mo, clear=z))


def _counted(kind: str, b_txt: str, o_txt: str, xs: list[bool], ys: list[bool],
             what: int = -1) -> Reason | None:
    """A count kind: the deals where the event is good, more often after the best."""
    n = len(xs)
    kb, ko = sum(xs), sum(ys)
    if kb - ko < MIN_SHARE * n:
        return None
    z = _paired([float(x) for x in xs], [float(y) for y in ys])
    if z < SPREAD:
        return None
    return Reason(kind, b_txt, o_txt, n, float(kb), float(ko), what, clear=z)


def exact_reason(actions: list[Action], means: list[float], best: int, other: int,
                 race: bool = False) -> list[Reason]:
    """The exact kind: both sides' best play to the end is worth more after
    ``best`` (``race``: the values count the game at 101 too)."""
    if best == other or means[best] <= means[other]:
        return []
    return [Reason(EXACT, str(actions[best]), str(actions[other]), 1, means[best],
                   means[other], clear=math.inf, race=race)]


def solved(actions: list[Action], rows: list[list[float]], best: int, other: int,
           bid: int = -1) -> list[Reason]:
    """The solved kind, where each sampled deal was solved exactly (its value
    per deal is both sides' best play in that deal): the mean round points
    after ``best`` above those after ``other`` by ``MIN_POINTS``, clearly.
    ``bid``: subastado's contract (§12), each deal's value then +bid or -bid,
    so that the sentence can count the deals made (``Reason.what``)."""
    n = len(rows)
    if n < 2 or best == other:
        return []
    xs, ys = [row[best] for row in rows], [row[other] for row in rows]
    mb, mo = sum(xs) / n, sum(ys) / n
    z = _paired(xs, ys)
    if mb - mo < MIN_POINTS or z < SPREAD:
        return []
    return [Reason(SOLVED, str(actions[best]), str(actions[other]), n, mb, mo, what=bid,
                   clear=z)]


def line_reasons(start: State, seat: int, best_end: State, other_end: State, best: str,
                 other: str, race: tuple[int, ...] | None = None) -> list[Reason]:
    """What differs between two exact lines of play played out to the end
    of the round (``review.better_line`` after each action; each end state
    the round over): the seat's cards with points (held at ``start``) that
    the other side takes only after ``other``, and who wins the last trick
    (las diez de últimas); with ``race`` (the match totals at ``start``,
    where 101 ends the game in play), who wins the game in each (``line_game``).
    Nothing when either line stopped before the end."""
    if best_end.phase is PLAYING or other_end.phase is PLAYING:
        return []
    side = start.side_of(seat)
    out: list[Reason] = []
    if race is not None:
        gb, go = game_won(race, best_end, side), game_won(race, other_end, side)
        if gb > go:
            out.append(Reason(LINE_GAME, best, other, 1, float(gb), float(go), clear=math.inf))
    hand = start.hands[seat]

    def taken(end: State) -> int:
        theirs = 0
        for s, won in enumerate(end.collected):
            if s != side:
                theirs |= won
        return hand & theirs

    lost = taken(other_end) & ~taken(best_end)
    lost = sum(1 << c for c in range(40) if lost >> c & 1 and CARD_POINTS[c] > 0)
    if lost:
        out.append(Reason(LINE_TAKEN, best, other, 1, 0.0, 0.0, cards=lost, clear=math.inf))
    if best_end.diez_side == side and other_end.diez_side not in (side, -1):
        out.append(Reason(LINE_DIEZ, best, other, 1, 1.0, 0.0, clear=math.inf))
    return out


def margin(rows: list[list[float]], a: int, b: int) -> float:
    """``SPREAD`` standard errors of the mean of ``row[a] - row[b]`` over the
    deals (the review's margin of a loss); infinite with one deal."""
    n = len(rows)
    if n < 2:
        return math.inf
    diffs = [row[a] - row[b] for row in rows]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return SPREAD * math.sqrt(var / n)


ANSWERS: Final = ("", "_follow", "_take")
"""How a card is played, as the words for the expert's usual card say it
(``answer_shape``): leading, following, or following last and taking the trick
(the expert's default holds following too while a 2-player stock lasts:
"the expert leads the card it needs least" read wrong of a card following)."""


def takes_trick(state: State, card: int) -> bool:
    """``card``, played now to the trick on the table, would be winning it."""
    trick = state.trick_cards
    return trick_result([*trick, card], state.trump)[0] == len(trick)


def answer_shape(state: State, action: Action) -> int:
    """``action``'s place in ``ANSWERS`` in ``state``: 0 a lead (or not a card),
    2 the trick's last card and it takes the trick, 1 any other card following."""
    trick = state.trick_cards
    if action.kind is not PLAY or action.card is None or not trick:
        return 0
    return 2 if len(trick) == state.n - 1 and takes_trick(state, int(action.card)) else 1


def tenths_up(x: float) -> float:
    """``x`` rounded up to tenths: a margin as said (never said smaller than it is)."""
    return math.ceil(round(x * 10, 6)) / 10


def by_value(state: State, actions: list[Action], rows: list[list[float]], means: list[float],
             exact: bool, best: int, other: int, even: bool = False) -> list[Reason]:
    """The values alone, when no kind of ``KINDS`` tells ``best`` from
    ``other``: ``value`` when the best's value as shown (``shown``) is above
    the other's, ``within`` when below it but inside the margin (said rounded
    up to tenths), nothing when they are shown equal (``equal`` is for every
    choice: ``all_equal``; ``even``: ``within`` then too, sampled, for the one
    choice a person asked about) or the other is clearly better."""
    if best == other:
        return []
    vb, vo = shown(means[best], exact), shown(means[other], exact)
    swap = actions[best].kind is SWAP
    what = state.faceup if swap else -1
    n = 1 if exact else len(rows)
    b_txt, o_txt = str(actions[best]), str(actions[other])
    race = racing(state)  # (the review's values count the game there, sampled or exact)
    if vb > vo:
        if exact:  # two exact values: the ``exact`` kind says them
            return exact_reason(actions, means, best, other, racing(state))
        return [Reason(VALUE, b_txt, o_txt, n, means[best], means[other], what,
                       clear=_paired([r[best] for r in rows], [r[other] for r in rows]),
                       race=race)]
    if exact or (vb == vo and not even):
        return []
    m = margin(rows, other, best)
    if vo - vb > tenths_up(m):
        return []
    if actions[best].kind is PLAY:
        what = answer_shape(state, actions[best])
    return [Reason(WITHIN, b_txt, o_txt, n, means[best], means[other], what, margin=m,
                   race=race)]


def all_equal(state: State, actions: list[Action], rows: list[list[float]], means: list[float],
              exact: bool, best: int, scored: list[int]) -> list[Reason]:
    """``equal``: every choice of ``scored`` (more than one) shown at the best's value."""
    vb = shown(means[best], exact)
    if len(scored) < 2 or any(shown(means[k], exact) != vb for k in scored):
        return []
    what = state.faceup if actions[best].kind is SWAP else -1
    return [Reason(EQUAL, str(actions[best]), str(actions[best]), 1 if exact else len(rows),
                   means[best], means[best], what, race=racing(state))]


def shown(value: float, exact: bool) -> float:
    """A value as the review and the reasons say it: whole points when exact,
    else tenths. Losses are differences of shown values, so they add up on
    screen (``game.review`` shows them so)."""
    return round(value, 0 if exact else 1) + 0.0  # + 0.0: never a "-0.0"
