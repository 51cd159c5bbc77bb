"""Property tests: random legal play through whole matches of every variant (and
some house-rule combinations) must keep the engine's invariants.

- Every one of the 40 cards is in exactly one place (RULES §1).
- Hands have the sizes the deal and the trick in progress imply (§6-§9).
- Round points are captured card points + diez de últimas + declarations (§10.2);
  a round played to its last trick adds up to 130 plus the declared points.
- Someone can act while the round is being played, and every match ends.
- Every action outside ``legal_actions()`` is refused with a message, changing
  nothing (PROTOCOL "Actions").
- ``view``/``resample`` (engine/view.py): the truth is always admissible under a
  view's constraints, and a resampled deal never contradicts the public record;
  the record's constraints are checked against the rules independently.

Random choices come from ``random.Random(seed)`` with hypothesis choosing seeds,
so a failure prints a seed that replays it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hst

from tute_desktop.engine import (
    CARDS,
    Action,
    Card,
    Deal,
    IllegalActionError,
    Rules,
    State,
    deal_cards,
    find_variant,
    new_game,
    resample,
    view,
)
from tute_desktop.engine.cards import SUIT_MASKS, SUITS, cards_of, mask_points
from tute_desktop.engine.events import (
    DrawRecord,
    GaveRecord,
    HandRecord,
    KnownRecord,
    PlayRecord,
    ShowRecord,
    SwapRecord,
)
from tute_desktop.engine.serialize import state_json, view_json

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("habanero", {}),
    ("habanero", {"stock_rules": "strict", "undertrump": True}),
    ("habanero", {"claim": "manual", "cantes_per_trick": "all", "declare_until": "stock_gt_2"}),
    ("corriente", {}),
    ("corriente", {"exchange": "immediate"}),
    ("corriente", {"claim": "manual", "cantes_per_trick": "all", "target": 1}),
    ("boricua", {}),
    ("boricua", {"cantes_per_trick": "all", "undertrump": True}),
    ("tres", {}),
    ("tres", {"throw_in": True, "use_or_lose": False, "undertrump": True}),
    ("tres", {"tute": "match", "cantes_per_trick": "all"}),
    ("parejas", {}),
    ("parejas", {"throw_in": True, "use_or_lose": False}),
    ("parejas", {"cantes_per_trick": "all", "undertrump": True, "target": 4}),
    ("cuatro", {}),
    ("cuatro", {"throw_in": True, "use_or_lose": False, "undertrump": True, "target": 5}),
    ("subastado", {}),
    ("subastado", {"auction": "one_round", "min_bid": 70, "stop_when_decided": False,
                   "use_or_lose": False, "undertrump": True, "target": 300}),
    ("subastado", {"cantes_per_trick": "all", "target": 1000}),
    # "rig": the first deal gives one seat all four Reyes or Caballos, so tutes happen.
    ("corriente", {"rig": True}),
    ("tres", {"rig": True, "tute": "match"}),
    ("parejas", {"rig": True, "cantes_per_trick": "all"}),
    ("cuatro", {"rig": True, "tute": "match"}),
]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in opts.items()) or 'default'}"
       for name, opts in CONFIGS]

SEEDS = hst.integers(min_value=0, max_value=2**32 - 1)
MAX_ROUNDS = 300  # far more than any match needs; a match must end before
MAX_ACTIONS_PER_ROUND = 400
MAX_SUBASTADO_ROUNDS = 8
"""Random bids are mostly failed contracts, so a random subastado match drifts
below 0 and may never reach its target: its walk stops after this many rounds
(the match's end is tested in tests/test_rules_subastado.py)."""


OBLIGATIONS = {"must_follow", "must_beat", "must_trump", "must_overtrump", "must_follow_trump"}


def _all_action_texts() -> list[str]:
    texts = []
    for c in CARDS:
        texts += [f"play {c}", f"swap {c}"]
    texts += [f"sing 20 {s}" for s in SUITS]
    texts += ["sing 40", "sing tute 12", "sing tute 11", "capote", "claim 101", "pass",
              "throw"]
    return texts


ALL_ACTIONS = [Action.parse(t) for t in _all_action_texts()]


# ---------------------------------------------------------------------- helpers


def bits(mask: int) -> list[int]:
    return [int(c) for c in cards_of(mask)]


def snapshot(st: State) -> dict[str, Any]:
    """Every field of the state, copied (lists of immutable values)."""
    out: dict[str, Any] = {}
    for name in State.__slots__:
        value = getattr(st, name)
        out[name] = list(value) if isinstance(value, list) else value
    return out


def side_of(st: State, seat: int) -> int:
    if st.auction is not None:  # subastado: the bidder against la contra (§12)
        return 0 if seat == st.auction.bidder else 1
    return seat % 2 if st.rules.name == "parejas" else seat  # teams only in parejas (§9)


def round_complete(st: State) -> bool:
    return st.tricks_played > 0 and not any(st.hands) and not st.trick_cards


def choose(st: State, rng: random.Random, special: float) -> Action:
    """A random legal action; with probability ``special`` one that is not a play
    (declarations, exchanges, capote, claims, passes), when there is one."""
    acts = st.legal_actions()
    others = [a for a in acts if a.kind != "play"]
    if others and rng.random() < special:
        return rng.choice(others)
    return rng.choice(acts)


def check_invariants(st: State) -> None:
    # Every card exactly once (RULES §1).
    places: list[int] = []
    for h in st.hands:
        places += bits(h)
    places += st.stock
    places += [c for c in (st.faceup, st.pending_card, st.dead_card) if c >= 0]
    places += st.trick_cards
    for m in st.collected:
        places += bits(m)
    deck = bits(st.rules.deck)  # the 40, or 36 without the 2s in subastado (§12)
    assert sorted(places) == deck, f"cards lost or doubled: {sorted(places)}"

    # Hand sizes: equal once the trick in progress and a pending exchange are
    # taken into account (§6, §7.2, §8, §9).
    sizes = [h.bit_count() for h in st.hands]
    adjusted = [
        sizes[s] + (s in st.trick_seats) + (s == st.pending_seat) for s in range(st.n)
    ]
    assert len(set(adjusted)) == 1, f"hand sizes {sizes}, trick seats {st.trick_seats}"
    assert len(st.trick_cards) == len(st.trick_seats) < st.n
    if st.pending_card >= 0:
        assert st.rules.exchange == "deferred" and st.pending_seat >= 0
        assert st.faceup >= 0, "a deferred exchange waits under the face-up card"
    else:
        assert st.pending_seat == -1
    if st.n == 2:
        if st.stock_count > 0 and st.outcome is None:
            # (a round won at 101 ends at that moment, before the trick's
            # draws: §10.1, §10.3)
            assert adjusted[0] == st.rules.hand_size
        assert st.dead_card == -1
    else:
        assert adjusted[0] == st.rules.hand_size - st.tricks_played
        assert not st.stock and st.faceup == -1 and st.pending_card == -1
    if st.rules.name == "tres":
        assert st.dead_card >= 0 and CARDS[st.dead_card].points == 0, "tres: dead card is 0"

    # Round points: cards won + declarations + diez de últimas (§10.2).
    done = round_complete(st)
    for side in range(st.rules.sides):
        declared = sum(d.points for d in st.declarations if side_of(st, d.seat) == side)
        last = 10 if done and side_of(st, st.last_winner) == side else 0
        assert st.points[side] == mask_points(st.collected[side]) + declared + last
    if done:
        assert st.phase != "play"
        assert sum(st.points) == 130 + sum(d.points for d in st.declarations)

    # Someone acts exactly while the round is played.
    if st.phase == "play":
        assert st.to_act is not None and 0 <= st.to_act < st.n
        assert st.legal_actions(), "nobody can act in phase play"
    else:
        assert st.to_act is None and st.legal_actions() == []
        assert st.phase in ("round_over", "match_over")


def rigged_deal(rules: Rules, rng: random.Random) -> Deal:
    """A random deal in which one seat holds all four Reyes or all four Caballos,
    sliced from the deck as ``deal_cards`` does."""
    n, k = rules.players, rules.hand_size
    dealer = rng.randrange(n)
    deck = list(CARDS)
    rng.shuffle(deck)
    rank = rng.choice([11, 12])
    start = rng.randrange(n) * k
    for i, s in enumerate(range(4)):
        card = Card.of(rank, s)
        j = deck.index(card)
        deck[j], deck[start + i] = deck[start + i], deck[j]
    order = [(dealer + 1 + i) % n for i in range(n)]
    hands: list[tuple[Card, ...]] = [()] * n
    for i, seat in enumerate(order):
        hands[seat] = tuple(sorted(deck[i * k:(i + 1) * k]))
    rest = deck[n * k:]
    if n == 2:
        return Deal(dealer, tuple(hands), rest[-1], tuple(rest[:-1]))
    if n == 3:
        return Deal(dealer, tuple(hands), rest[0])
    return Deal(dealer, tuple(hands), deck[order.index(dealer) * k + k - 1])


def walk_match(
    rules_name: str, options: dict[str, Any], seed: int
) -> Iterator[tuple[State, random.Random]]:
    """Play a whole match at random; yields the state before every action and
    once at each round's end (the caller may inspect, never mutate, it)."""
    rng = random.Random(seed)
    options = dict(options)
    rig = options.pop("rig", False)
    special = 0.9 if rig else rng.choice([0.0, 0.15, 0.6])
    rules = find_variant(rules_name, options or None)
    st = new_game(rules, deal=rigged_deal(rules, rng)) if rig else new_game(rules, rng=rng)
    totals = st.totals[:]
    for _ in range(MAX_ROUNDS):
        for _ in range(MAX_ACTIONS_PER_ROUND):
            yield st, rng
            if st.phase != "play":
                break
            st.apply(choose(st, rng, special))
        else:
            raise AssertionError("a round did not end")
        assert all(a >= b for a, b in zip(st.totals, totals, strict=True)) or (
            rules.scoring in ("running101", "contract")), "match totals went down"
        totals = st.totals[:]
        if rules.scoring == "contract" and st.round_no >= MAX_SUBASTADO_ROUNDS:
            return
        if st.phase == "match_over":
            assert st.winner is not None
            return
        assert st.phase == "round_over"
        st.start_next_round(rng=rng)
    raise AssertionError(f"the match did not end in {MAX_ROUNDS} rounds")


def perfect_matching(items: list[int], slots: list[Any], fits: Callable[[int, Any], bool]) -> bool:
    """Whether every item can go to its own slot (Kuhn's augmenting paths)."""
    if len(items) != len(slots):
        return False
    owner: list[int | None] = [None] * len(slots)

    def place(i: int, seen: set[int]) -> bool:
        for j, slot in enumerate(slots):
            if j in seen or not fits(items[i], slot):
                continue
            seen.add(j)
            holder = owner[j]
            if holder is None or place(holder, seen):
                owner[j] = i
                return True
        return False

    return all(place(i, set()) for i in range(len(items)))


def fits_slots(unknown: int, slots: list[int]) -> bool:
    """The unknown cards of a hand can be given one slot each, none excluded."""
    return perfect_matching(bits(unknown), slots, lambda c, excl: not excl >> c & 1)


def history_admits(st: State, seat: int) -> bool:
    """Independent of the view's slots: could ``seat`` have held, over the round's
    public record (``st.history``), cards that end in its current hand?

    Each card the seat held without it being public (dealt, or drawn face down)
    needs one hidden arrival (the deal or a face-down draw) before it left the
    hand or was shown, and no play in between may have been impossible with it
    in hand (the play's exclusion mask)."""
    inf = 10**9
    arrivals: list[int] = []  # times of hidden arrivals
    public: set[int] = set()  # cards in hand that arrived in public
    shown: dict[int, list[int]] = {}
    last_left: dict[int, int] = {}
    held: list[tuple[int, int, int]] = []  # (card, time it left or inf, first shown)
    rules: list[tuple[int, int]] = []  # (time, excluded mask) of the seat's plays

    def leave(card: int, t: int) -> None:
        if card in public:
            public.discard(card)
            return
        first_shown = min((r for r in shown.get(card, []) if r > last_left.get(card, -1)),
                          default=inf)
        held.append((card, t, first_shown))
        last_left[card] = t

    for t, entry in enumerate(st.history):
        if entry.seat != seat:
            continue
        if isinstance(entry, HandRecord):
            arrivals += [t] * entry.size
        elif isinstance(entry, DrawRecord):
            if entry.card < 0:
                arrivals.append(t)
            else:
                public.add(entry.card)
        elif isinstance(entry, PlayRecord):
            leave(entry.card, t)
            if any(entry.excluded >> c & 1 for c in public):
                return False
            if entry.excluded:
                rules.append((t, entry.excluded))
        elif isinstance(entry, SwapRecord):
            leave(entry.gave, t)
            public.add(entry.took)
        elif isinstance(entry, GaveRecord):
            leave(entry.card, t)
        elif isinstance(entry, ShowRecord | KnownRecord):
            mask = entry.mask if isinstance(entry, ShowRecord) else 1 << entry.card
            for c in bits(mask):
                if c not in public:
                    shown.setdefault(c, []).append(t)
        else:  # pragma: no cover - a new kind of record entry
            raise AssertionError(f"unknown history entry {entry}")
    for c in bits(st.hands[seat]):
        if c in public:
            public.discard(c)
        else:
            leave(c, inf)
    if public:
        return False  # a card that arrived in public vanished

    def fits(i: int, arrival: int) -> bool:
        card, left, first_shown = held[i]
        if not arrival < min(left, first_shown):
            return False
        return all(not excl >> card & 1 for t, excl in rules if arrival < t < left)

    return perfect_matching(list(range(len(held))), arrivals, fits)


def excluded_by_rules(st: State, card: int) -> int:
    """Cards whose presence in the hand of the seat to act would make playing
    ``card`` illegal now, found by asking the engine about two-card hands."""
    seat = st.to_act
    assert seat is not None
    scratch = st.clone()
    excl = 0
    for c in range(40):
        if c != card:
            scratch.hands[seat] = (1 << card) | (1 << c)
            if not scratch.legal_play_mask() >> card & 1:
                excl |= 1 << c
    return excl


# ---------------------------------------------------------------------- tests


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_invariants_hold_through_whole_matches(
    name: str, options: dict[str, Any], seed: int
) -> None:
    rounds = 0
    for st, _ in walk_match(name, options, seed):
        check_invariants(st)
        if st.phase == "play" and st.tricks_played == 0 and not st.trick_cards:
            rounds += 1
            with pytest.raises(IllegalActionError):
                st.start_next_round(seed=1)
    assert rounds >= 1


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_illegal_actions_are_refused_and_change_nothing(
    name: str, options: dict[str, Any], seed: int
) -> None:
    for st, rng in walk_match(name, options, seed):
        if rng.random() > 0.3:
            continue
        legal = set(st.legal_actions())
        illegal = [a for a in ALL_ACTIONS if a not in legal]
        for action in rng.sample(illegal, 4):
            before, before_json = snapshot(st), state_json(st)
            with pytest.raises(IllegalActionError) as info:
                st.apply(action)
            message = str(info.value)
            assert message.strip(), f"empty message refusing {action}"
            assert snapshot(st) == before, f"refusing {action} changed the state"
            assert state_json(st) == before_json
            seat = st.to_act
            if (
                action.kind == "play" and st.phase == "play" and seat is not None
                and not st.ask and st.hands[seat] >> action.card & 1  # type: ignore[operator]
            ):
                # A held card refused: the reason is an obligation of RULES §3.
                assert info.value.code in OBLIGATIONS, message
                assert info.value.section == "§3"


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_play_records_exactly_what_the_rules_prove(
    name: str, options: dict[str, Any], seed: int
) -> None:
    """Each play's history entry excludes exactly the cards that would have made
    the play illegal had they been in hand (RULES §3 read backwards)."""
    for st, rng in walk_match(name, options, seed):
        if st.phase != "play" or st.ask or not st.trick_cards or rng.random() > 0.5:
            continue
        seat = st.to_act
        assert seat is not None
        card = rng.choice(bits(st.legal_play_mask()))
        expected = excluded_by_rules(st, card)
        probe = st.clone()
        probe.apply(Action.parse(f"play {CARDS[card]}"))
        entry = probe.history[len(st.history)]
        assert isinstance(entry, PlayRecord) and (entry.seat, entry.card) == (seat, card)
        assert entry.excluded & ~(1 << card) == expected, (
            f"play {CARDS[card]} on {[str(CARDS[c]) for c in st.trick_cards]}: recorded "
            f"{[str(c) for c in cards_of(entry.excluded)]}, rules prove "
            f"{[str(c) for c in cards_of(expected)]}"
        )


def check_view(st: State, seat: int) -> None:
    """A view of the real state: what it hides, and that the truth is admissible."""
    v = view(st, seat)
    sizes = [h.bit_count() for h in st.hands]
    assert v.seat == seat and v.hand == st.hands[seat]
    assert v.hand_sizes == sizes
    assert v.state.stock == [-1] * len(st.stock)
    assert v.state.faceup == st.faceup and v.state.pending_card == st.pending_card
    slots_total = 0
    for o in range(st.n):
        if o == seat:
            continue
        known, slots = v.known[o], v.slots[o]
        assert known & ~st.hands[o] == 0, "a known card is not in the hand"
        assert v.state.hands[o] == known, "the view shows an unknown card"
        assert known.bit_count() + len(slots) == sizes[o]
        for older, newer in zip(slots, slots[1:], strict=False):
            assert older & newer == newer, "slots are not nested (view.py)"
        assert fits_slots(st.hands[o] & ~known, slots), (
            f"the real hand of seat {o} is excluded by the view of seat {seat}")
        assert history_admits(st, o), "the independent record check refuses the truth"
        slots_total += len(slots)
    seen = st.hands[seat]
    for o in range(st.n):
        if o != seat:
            seen |= v.known[o]
    for m in st.collected:
        seen |= m
    for c in [*st.trick_cards, st.faceup, st.pending_card, st.dead_card]:
        if c >= 0:
            seen |= 1 << c
    assert v.unseen() == st.rules.deck & ~seen
    assert v.unseen().bit_count() == slots_total + len(st.stock)
    # What the view shows equals the referee state's public part.
    public = {k: x for k, x in state_json(st).items() if k not in ("hands", "stock", "lost_right")}
    shown = view_json(v)
    for key, value in public.items():
        assert shown[key] == value, key


def check_resample(st: State, seat: int, rng: random.Random) -> State:
    """Resample the view of ``seat`` and check the result."""
    v = view(st, seat)
    r = resample(v, rng)
    check_invariants(r)
    assert r.hands[seat] == st.hands[seat]
    assert [h.bit_count() for h in r.hands] == [h.bit_count() for h in st.hands]
    assert len(r.stock) == len(st.stock) and all(c >= 0 for c in r.stock)
    for o in range(st.n):
        if o == seat:
            continue
        assert v.known[o] & ~r.hands[o] == 0, f"a known card of seat {o} moved"
        assert fits_slots(r.hands[o] & ~v.known[o], v.slots[o]), (
            f"the resampled hand of seat {o} breaks a slot's exclusion")
        assert history_admits(r, o), (
            f"the resampled hand of seat {o} contradicts the public record")
    assert view_json(view(r, seat)) == view_json(v), "resampling changed what the seat sees"
    if st.to_act == seat:
        assert r.legal_actions() == st.legal_actions()
    return r


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_views_admit_the_truth_and_resamples_respect_the_record(
    name: str, options: dict[str, Any], seed: int
) -> None:
    for st, rng in walk_match(name, options, seed):
        if rng.random() > 0.12:
            continue
        seat = rng.randrange(st.n)
        check_view(st, seat)
        r = check_resample(st, seat, rng)
        # A resampled state is a playable game: finish its round at random.
        steps = 0
        while r.phase == "play" and steps < MAX_ACTIONS_PER_ROUND:
            r.apply(rng.choice(r.legal_actions()))
            check_invariants(r)
            steps += 1
        assert r.phase != "play"


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_clone_and_seeded_deals_replay(name: str, options: dict[str, Any], seed: int) -> None:
    rules = find_variant(name, {k: v for k, v in options.items() if k != "rig"} or None)
    assert state_json(new_game(rules, seed=seed)) == state_json(new_game(rules, seed=seed))
    for st, rng in walk_match(name, options, seed):
        if rng.random() > 0.1 or st.phase != "play":
            continue
        before = snapshot(st)
        copy = st.clone()
        assert snapshot(copy) == before
        choice = rng.choice(st.legal_actions())
        ref = st.clone()
        assert copy.apply(choice) == ref.apply(choice)
        assert snapshot(copy) == snapshot(ref)
        assert snapshot(st) == before, "acting on a clone changed the original"


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_a_deal_from_a_generator_is_the_deal_deal_cards_makes(
        name: str, options: dict[str, Any], seed: int) -> None:
    """``new_game(rng=...)`` and ``start_next_round(rng=...)`` deal without building
    a ``Deal`` (issue 21); the state must be the one the ``Deal`` from the same
    draws gives."""
    rules = find_variant(name, {k: v for k, v in options.items() if k != "rig"} or None)
    a = new_game(rules, rng=random.Random(seed))
    r = random.Random(seed)
    b = new_game(rules, deal=deal_cards(rules, r.randrange(rules.players), r))
    for _ in range(3):
        assert snapshot(a) == snapshot(b)
        assert [type(c) for c in a.stock] == [int] * len(a.stock)
        while a.phase == "play":
            action = r.choice(a.legal_actions())
            assert a.apply(action) == b.apply(action)
        if a.phase != "round_over":
            break
        assert a.start_next_round(rng=random.Random(seed + 1)) == b.start_next_round(
            deal=deal_cards(rules, b.next_dealer, random.Random(seed + 1)))


# ------------------------------------------------ engine bugs found here, now fixed


def first_position(
    name: str, options: dict[str, Any], found: Callable[[State], bool]
) -> State:
    """The first position of the seeded random matches where ``found`` holds."""
    for seed in range(1000):
        for st, _ in walk_match(name, options, seed):
            if found(st):
                return st.clone()
    raise AssertionError("no such position")  # pragma: no cover


def resamples(st: State, seat: int, count: int = 30) -> list[State]:
    v = view(st, seat)
    return [resample(v, random.Random(i)) for i in range(count)]


def test_resample_keeps_the_exchange_the_dealer_is_asked_about() -> None:
    st = first_position("habanero", {}, lambda s: s.phase == "play" and s.ask == 1)
    dealer = st.to_act
    assert dealer == st.dealer and any(a.kind == "swap" for a in st.legal_actions())
    for r in resamples(st, 1 - dealer):
        assert any(a.kind == "swap" for a in r.legal_actions()), (
            "the resampled dealer is asked to exchange without a card to exchange")


def test_resample_keeps_the_declaration_the_partner_is_asked_about() -> None:
    st = first_position("parejas", {}, lambda s: s.phase == "play" and s.ask == 2)
    partner = st.to_act
    assert partner is not None and any(a.kind == "sing" for a in st.legal_actions())
    for r in resamples(st, (partner + 1) % 4):
        assert any(a.kind == "sing" for a in r.legal_actions()), (
            "the resampled partner is asked to declare without anything to declare")


def test_resample_keeps_the_weak_hand_asked_to_throw_in() -> None:
    st = first_position("parejas", {"throw_in": True},
                        lambda s: s.phase == "play" and s.ask == 3)
    seat = st.to_act
    assert seat is not None and mask_points(st.hands[seat]) <= 10
    for r in resamples(st, (seat + 1) % 4):
        assert mask_points(r.hands[seat]) <= 10, "asked to throw in a hand worth more than 10"


def test_view_does_not_reveal_which_hands_may_be_thrown_in() -> None:
    st = first_position("parejas", {"throw_in": True},
                        lambda s: s.phase == "play" and len(s.throw_queue) >= 2)
    later = st.throw_queue[1:]
    viewer = next(s for s in range(4) if s not in st.throw_queue)
    assert view(st, viewer).state.throw_queue[1:] == [], (
        f"seat {viewer}'s view shows that seats {later} hold weak hands")


def _hard_resample_position() -> State:
    """parejas, trump oros. After two tricks seats 0 and 1 have shown they hold
    none of 12e 3e 1e, and seat 3 has shown it holds no oros: so, seen from seat 2,
    seat 3 must hold 12e and 1e and seats 0 and 1 the four unseen oros."""
    def hand(text: str) -> tuple[Card, ...]:
        return tuple(Card.parse(t) for t in text.split())

    deal = Deal(2, (
        hand("2o 2c 6c 1c 7b 12b 1b 5e 2e 5o"), hand("6o 12o 3o 4c 11c 12c 6b 10b 6e 7e"),
        hand("10o 11o 1o 3c 2b 5b 3b 10e 7o 4o"), hand("5c 7c 4e 12e 1e 4b 11b 11e 3e 10c"),
    ), Card.parse("11o"))
    st = new_game(find_variant("parejas"), deal=deal)
    for text in ("play 11e", "play 5e", "play 6e", "play 10e", "pass", "play 3e", "play 2e",
                 "play 7e", "play 7o", "play 4o", "play 10c", "play 5o"):
        st.apply(Action.parse(text))
    return st


def test_hard_resample_position_is_consistent_when_resample_returns() -> None:
    st = _hard_resample_position()
    check_view(st, 2)
    v = view(st, 2)
    assert v.excluded(3) & SUIT_MASKS[0] == v.unseen() & SUIT_MASKS[0]
    r = resample(v, random.Random(0))  # this generator finds a deal at once
    assert Card.parse("12e") in cards_of(r.hands[3]) and Card.parse("1e") in cards_of(r.hands[3])


def test_resample_succeeds_where_random_phases_fail() -> None:
    """Generators 3, 7, 9 and 11 made the random phases fail here and the old
    backtracking fallback run for minutes; the matching fallback must deal a
    consistent hand for each (no clock involved: a regression hangs CI)."""
    st = _hard_resample_position()
    for seed in (3, 7, 9, 11):
        r = check_resample(st, 2, random.Random(seed))
        assert {Card.parse("12e"), Card.parse("1e")} <= set(cards_of(r.hands[3]))
