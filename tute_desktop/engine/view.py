"""What one seat may know, and dealing the rest at random consistently with it.

``view(state, seat)`` returns a ``View``: the seat's own hand, everything public
(cards played, declarations, the face-up card and exchanges, counts), and what
the public record proves about the other hands. ``resample(view, rng)`` returns
a full ``State`` in which the unseen cards are dealt at random, consistently
with all of that. Bots see nothing else (RULES §4: declared cards are public).
``redeal(state, seat, rng)`` does the same for the game itself (an undo against
bots: what the person saw of the moves taken back then tells nothing of the
cards they have not seen), as a ``Redeal`` that ``apply_redeal`` checks against
the seat's view and applies.

What the record proves about a hidden hand is kept as *slots*, one per unknown
card, each with the set of cards it cannot be. A play that fails to follow suit,
to trump or to beat (RULES §3, read backwards) excludes cards from every slot
the hand has at that moment; a card drawn later opens a new, unconstrained slot.
So older slots exclude at least what newer ones do, and when a card leaves the
hand the oldest slot that could have held it is the one removed: with nested
constraints that keeps exactly the set of hands consistent with the record.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from .cards import CARDS, bits, mask_of, mask_points
from .deal import Redeal
from .errors import InvalidDealError
from .events import (
    DrawRecord,
    GaveRecord,
    HandRecord,
    KnownRecord,
    PlayRecord,
    ShowRecord,
    SwapRecord,
)
from .state import ASK_PARTNER, ASK_THROW, PLAYING, State

_RETRIES = 12
_ASKED_RETRIES = 200


def unplaced(st: State, hands: Iterable[int]) -> int:
    """The cards of ``st`` that are neither played, nor in one of ``hands`` (masks),
    nor the face-up trump or a card on its way: those a viewer who knows only
    these hands cannot place."""
    seen = st.played_mask()
    for m in hands:
        seen |= m
    for c in (st.faceup, st.pending_card):
        if c >= 0:
            seen |= 1 << c
    return st.rules.deck & ~seen


@dataclass(slots=True)
class View:
    """Everything ``seat`` may know. ``state`` is a copy of the game in which other
    seats' hands hold only their publicly known cards and the stock's face-down
    cards are unknown (-1)."""

    seat: int
    state: State
    known: list[int]
    """Per seat, the cards this seat knows are in that hand (its own: the whole hand)."""
    slots: list[list[int]]
    """Per other seat, one exclusion mask per card of that hand not publicly known."""
    hand_sizes: list[int]

    @property
    def hand(self) -> int:
        return self.state.hands[self.seat]

    def unseen(self) -> int:
        """The cards this seat cannot place: in other hands (not known) or in the stock."""
        return unplaced(self.state, self.known)

    def excluded(self, seat: int) -> int:
        """Cards this seat cannot place (``unseen``) that the public record proves
        are none of ``seat``'s unknown cards: what every one of its slots
        excludes (every unseen card when it has no unknown card). A card ``seat``
        holds is never in it (PROTOCOL view field ``excluded``, docs/protocol.md)."""
        m = self.unseen()
        for excl in self.slots[seat]:
            m &= excl
        return m


def _knowledge(state: State) -> tuple[list[int], list[list[int]]]:
    """Replay the public record: known cards and slots for every seat."""
    n = state.n
    known = [0] * n
    slots: list[list[int]] = [[] for _ in range(n)]

    def leave(seat: int, card: int) -> None:
        bit = 1 << card
        if known[seat] & bit:
            known[seat] ^= bit
            return
        ss = slots[seat]
        for i, excl in enumerate(ss):
            if not excl & bit:
                del ss[i]
                return
        raise AssertionError("public record inconsistent")  # pragma: no cover

    def reveal(seat: int, card: int) -> None:
        if not known[seat] >> card & 1:
            leave(seat, card)
            known[seat] |= 1 << card

    for entry in state.history:
        kind = type(entry)
        if kind is PlayRecord:
            seat, card, excl = entry  # type: ignore[misc]
            leave(seat, card)
            if excl:
                ss = slots[seat]
                for i in range(len(ss)):
                    ss[i] |= excl
        elif kind is HandRecord:
            slots[entry[0]] = [0] * entry[1]
        elif kind is DrawRecord:
            seat, card = entry  # type: ignore[misc]
            if card < 0:
                slots[seat].append(0)
            else:
                known[seat] |= 1 << card
        elif kind is ShowRecord:
            seat, mask = entry  # type: ignore[misc]
            while mask:
                low = mask & -mask
                reveal(seat, low.bit_length() - 1)
                mask ^= low
        elif kind is SwapRecord:
            seat, gave, took = entry  # type: ignore[misc]
            leave(seat, gave)
            known[seat] |= 1 << took
        elif kind is GaveRecord:
            leave(entry[0], entry[1])
        elif kind is KnownRecord:
            reveal(entry[0], entry[1])
    return known, slots


def view(state: State, seat: int) -> View:
    """What ``seat`` may know of ``state``."""
    known, slots = _knowledge(state)
    public = state.clone()
    sizes = [h.bit_count() for h in state.hands]
    for s in range(state.n):
        if s == seat:
            known[s] = state.hands[s]
            slots[s] = []
        else:
            public.hands[s] = known[s]
            if public.side_of(s) != public.side_of(seat):
                public.lost_right[public.side_of(s)] = False
    public.stock = [-1] * len(state.stock)
    # Who else may throw in is not known until each is asked (§11).
    public.throw_queue = state.throw_queue[:1]
    return View(seat, public, known, slots, sizes)


@dataclass(slots=True)
class PublicView:
    """What anyone at the table may know, seated or not: a spectator, the privacy
    screen between two people sharing the window, a tournament watched.
    ``state`` is a copy of the game in which every hand holds only its publicly
    known cards (declared, exchanged, turned up: RULES §4, §6, §9) and the
    stock's face-down cards are unknown (-1); ``hand_sizes`` says how many cards
    each hand holds."""

    state: State
    known: list[int]
    """Per seat, the cards everyone knows are in that hand."""
    hand_sizes: list[int]


def public_view(state: State) -> PublicView:
    """What no seat in particular, only the public record, tells of ``state``."""
    known, _ = _knowledge(state)
    public = state.clone()
    sizes = [h.bit_count() for h in state.hands]
    for s in range(state.n):
        public.hands[s] = known[s]
    # What a side's own cards tell it (``view``) tells no one else.
    public.lost_right = [False] * len(state.lost_right)
    public.stock = [-1] * len(state.stock)
    public.throw_queue = state.throw_queue[:1]
    return PublicView(public, known, sizes)


def resample(v: View, rng: random.Random) -> State:
    """A full state consistent with ``v``: the unseen cards dealt at random to the
    other hands' unknown slots and the stock, never contradicting the record.

    A seat being asked something shows it can answer: a partner asked to declare
    holds a pair, a seat asked to throw in holds 10 points or less (§9, §11).
    Deals that contradict the question are drawn again."""
    st = _deal_unseen(v, rng)
    for _ in range(_ASKED_RETRIES):
        if _answers_question(st):
            break
        st = _deal_unseen(v, rng)
    return st


def redeal(state: State, seat: int, rng: random.Random) -> Redeal:
    """Every card ``seat`` has not seen (the other hands' unknown cards, the
    stock) dealt again at random from its view (``resample``): the hands listed
    each in a random order (the order their backs are shown in), the stock top
    first. Give it to ``apply_redeal`` to play on from it."""
    v = view(state, seat)
    own = state.side_of(seat)
    asked = state.questions_put()
    world = resample(v, rng)
    for _ in range(_ASKED_RETRIES):  # (parejas: a partner's hand behind the team's right)
        if _keeps_own_right(world, own, state.lost_right[own]) \
                and world.questions_put() == asked:
            break
        world = resample(v, rng)
    hands = []
    for mask in world.hands:
        cards = bits(mask)
        rng.shuffle(cards)
        hands.append(tuple(CARDS[c] for c in cards))
    return Redeal(seat, tuple(hands), tuple(CARDS[c] for c in reversed(world.stock)))


def apply_redeal(state: State, r: Redeal) -> None:
    """Deal the cards ``r.seat`` has not seen as ``r`` says, in place. ``r`` must
    be a deal of exactly those cards that the seat's view allows: its own hand
    and every card it knows of in another hand where they are, every hand and the
    stock of the same size, no hand given a card the public record proves it
    cannot hold (a suit it failed to follow, RULES §3), and a seat being asked
    something able to answer (§9, §11), in parejas every question the round has
    put so far too (``State.questions_put``). The throw-in queue is worked out again
    from the new hands (§11), and which sides have lost the right to declare
(§4 use_or_lose). Raises InvalidDealError, the state unchanged, when
    ``r`` is not such a deal."""
    v = view(state, r.seat)
    seat, n = r.seat, state.n
    if len(r.hands) != n:
        raise InvalidDealError(f"redeal: hands must be a list of {n} hands")
    masks = [mask_of(map(int, h)) for h in r.hands]
    stock = [int(c) for c in reversed(r.stock)]
    taken = mask_of(stock)
    if any(m.bit_count() != len(h) for m, h in zip(masks, r.hands, strict=True)) \
            or taken.bit_count() != len(stock):
        raise InvalidDealError("redeal: a card appears more than once")
    if masks[seat] != state.hands[seat]:
        raise InvalidDealError(f"redeal: seat {seat}'s own hand must stay as it is")
    if len(stock) != len(state.stock):
        raise InvalidDealError(f"redeal: the stock must hold {len(state.stock)} cards")
    for s in range(n):
        if s == seat:
            continue
        m = masks[s]
        if m.bit_count() != state.hands[s].bit_count():
            raise InvalidDealError(f"redeal: hand {s} must hold {state.hands[s].bit_count()}"
                                   " cards")
        if m & v.known[s] != v.known[s]:
            raise InvalidDealError(f"redeal: hand {s} must keep the cards known to be there")
        if m & taken:
            raise InvalidDealError("redeal: a card appears more than once")
        taken |= m & ~v.known[s]
        unknown = bits(m & ~v.known[s])
        if _matching(unknown, [(s, e) for e in v.slots[s]], random.Random(0)) is None:
            raise InvalidDealError(f"redeal: hand {s} holds a card the play shows it cannot")
    if taken != v.unseen():
        raise InvalidDealError(f"redeal: it must deal exactly the cards seat {seat} has not seen")
    new = state.clone()
    new.hands = masks
    new.stock = stock
    _requeue(new)
    if not _answers_question(new):
        raise InvalidDealError(f"redeal: seat {new.to_act} could not answer what it is asked")
    # §4 use_or_lose, told again from the new hands: a side whose first won
    # trick passed with nothing declared has lost its right if it held then
    # what it could have declared (a bot declared a 20 after an undo had dealt
    # it a pair it let pass at its first trick, cold play nc82), and keeps it
    # if not. The seat's own side's is part of its view: kept.
    own = new.side_of(seat)
    if not _keeps_own_right(new, own, state.lost_right[own]):
        raise InvalidDealError(f"redeal: it changes whether seat {seat}'s side may declare")
    # parejas: who was asked to throw in, and which partner to declare, is
    # public; these hands must have been asked the same (§9, §11).
    if new.questions_put() != state.questions_put():
        raise InvalidDealError("redeal: these hands would not have been asked what the round"
                               " asked (to declare as a partner, §9; to throw in, §11)")
    for side, silent in enumerate(new.silent_first):
        if silent is not None and side != own:
            new.lost_right[side] = new.could_have_declared(side)
    state.hands, state.stock, state.throw_queue = new.hands, new.stock, new.throw_queue
    state.lost_right = new.lost_right


def _keeps_own_right(world: State, side: int, lost: bool) -> bool:
    """``world``'s hands keep ``side``'s right to declare as it is (``lost``):
    in parejas it hangs on a partner's hidden hand (§4, §9)."""
    return world.silent_first[side] is None or world.could_have_declared(side) == lost


def _requeue(st: State) -> None:
    """The seats still to be asked whether they throw in, from the hands as they
    are: the one being asked, then those after it from the mano holding 10 points
    or less (§11)."""
    if st.ask is not ASK_THROW or not st.throw_queue:
        return
    first, n = st.throw_queue[0], st.n
    mano = (st.dealer + 1) % n
    later = ((mano + i) % n for i in range((first - mano) % n + 1, n))
    st.throw_queue = [first, *(s for s in later if mask_points(st.hands[s]) <= 10)]


def _answers_question(st: State) -> bool:
    seat = st.to_act
    if seat is None or st.phase is not PLAYING:
        return True
    if st.ask == ASK_PARTNER:
        return bool(st._sing_options(seat))
    if st.ask == ASK_THROW:
        return mask_points(st.hands[seat]) <= 10
    return True


def _deal_unseen(v: View, rng: random.Random) -> State:
    st = v.state.clone()
    pool = v.unseen()
    targets: list[tuple[int, int]] = []  # (seat or -1 for the stock, exclusion)
    for s in range(st.n):
        if s != v.seat:
            targets.extend((s, e) for e in v.slots[s])
    stock_n = len(st.stock)
    cards = bits(pool)
    if len(cards) != len(targets) + stock_n:  # pragma: no cover - a bug, not bad input
        raise AssertionError("unseen cards do not match the hidden places")
    assignment = _assign(cards, targets, rng)
    stock: list[int] = []
    for (seat, _), card in zip(targets, assignment[: len(targets)], strict=True):
        st.hands[seat] |= 1 << card
    stock = assignment[len(targets):]
    st.stock = stock
    return st


def _assign(cards: list[int], targets: list[tuple[int, int]], rng: random.Random) -> list[int]:
    """Cards for the targets in order, then the stock's cards (top at the end)."""
    k = len(targets)
    if not any(e for _, e in targets):
        deck = cards[:]
        rng.shuffle(deck)
        return deck
    # Rejection first: exactly uniform, and quick when constraints are loose.
    deck = cards[:]
    for _ in range(_RETRIES):
        rng.shuffle(deck)
        if all(not e >> deck[i] & 1 for i, (_, e) in enumerate(targets)):
            return deck
    # Most constrained first, random among what fits; then an exhaustive search.
    order = sorted(range(k), key=lambda i: -targets[i][1].bit_count())
    for _ in range(_RETRIES):
        left = set(cards)
        chosen = [0] * k
        for i in order:
            options = [c for c in left if not targets[i][1] >> c & 1]
            if not options:
                break
            c = rng.choice(options)
            chosen[i] = c
            left.discard(c)
        else:
            rest = list(left)
            rng.shuffle(rest)
            return chosen + rest
    chosen_exact = _matching(cards, targets, rng)
    if chosen_exact is None:  # pragma: no cover - the record is always satisfiable
        raise AssertionError("no deal is consistent with the view")
    taken = set(chosen_exact)
    rest = [c for c in cards if c not in taken]
    rng.shuffle(rest)
    return chosen_exact + rest


def one_deal(v: View) -> bool:
    """Whether only one deal of the cards ``v``'s seat cannot place agrees
    with everything it knows: no stock is left to deal from, and each such
    card can lie in one hand only (the other hands' sizes and the suits they
    have shown to lack decide it: a deal of the rest fits with it in no
    other hand's slot, ``_matching``)."""
    st = v.state
    if st.stock:
        return False
    cards = bits(v.unseen())
    slots = [(s, excl) for s in range(st.n) if s != v.seat for excl in v.slots[s]]
    for c in cards:
        rest = [x for x in cards if x != c]
        hands: set[int] = set()
        for j, (s, excl) in enumerate(slots):
            if s in hands or excl >> c & 1:
                continue
            if _matching(rest, slots[:j] + slots[j + 1:], random.Random(0)) is not None:
                hands.add(s)
                if len(hands) > 1:
                    return False
    return True


def _matching(
    cards: list[int], targets: list[tuple[int, int]], rng: random.Random
) -> list[int] | None:
    """A card for every target, by augmenting paths (Kuhn): polynomial, where a
    plain backtracking search can take exponentially long. Orders are shuffled so
    the answer is not always the same one."""
    owner: dict[int, int] = {}  # card -> target index
    order = list(range(len(targets)))
    rng.shuffle(order)
    pool = cards[:]
    rng.shuffle(pool)

    def augment(i: int, seen: set[int]) -> bool:
        excl = targets[i][1]
        for c in pool:
            if c in seen or excl >> c & 1:
                continue
            seen.add(c)
            j = owner.get(c)
            if j is None or augment(j, seen):
                owner[c] = i
                return True
        return False

    for i in order:
        if not augment(i, set()):
            return None
    chosen = [0] * len(targets)
    for c, i in owner.items():
        chosen[i] = c
    return chosen
