"""The value of every legal action in round points (PROTOCOL 1.1 ``analyze``):
exact with 2 players once the stock is out, sampled otherwise, always from the
acting seat's view."""

from __future__ import annotations

import random

from engine_helpers import minimax

from tute_desktop.bots import Budget, analyze
from tute_desktop.engine import State, find_variant, new_game, view
from tute_desktop.engine.state import PLAYING


def _walk_until(variant: str, seed: int, stop: object) -> State | None:
    rng = random.Random(seed)
    st = new_game(find_variant(variant), seed=seed)
    while st.phase is PLAYING:
        if stop(st):  # type: ignore[operator]
            return st
        st.apply(rng.choice(st.legal_actions()))
    return None


def test_two_players_after_the_stock_values_are_exact_and_match_brute_force() -> None:
    checked = 0
    for seed in range(30):
        st = _walk_until("habanero", seed, lambda s: s.stock_exhausted()
                         and max(h.bit_count() for h in s.hands) <= 3 and not s.trick_cards)
        if st is None:
            continue
        seat = st.to_act
        assert seat is not None
        values = analyze(view(st, seat), random.Random(1), Budget(iterations=4))
        assert {str(v.action) for v in values} == {str(a) for a in st.legal_actions()}
        assert all(v.exact for v in values)
        assert [v.value for v in values] == sorted((v.value for v in values), reverse=True)
        side = st.side_of(seat)
        for v in values:
            w = st.clone()
            w.apply(v.action, record=False)
            assert abs(v.value - minimax(w, side)) < 1e-9, (seed, str(v.action))
        checked += 1
    assert checked >= 5


def test_sampled_values_cover_every_action_and_repeat_with_the_seed() -> None:
    for variant in ("habanero", "corriente", "boricua", "tres", "parejas"):
        st = _walk_until(variant, 4, lambda s: len(s.legal_actions()) > 2)
        assert st is not None
        seat = st.to_act
        assert seat is not None
        v = view(st, seat)
        first = analyze(v, random.Random(9), Budget(iterations=6))
        again = analyze(v, random.Random(9), Budget(iterations=6))
        assert first == again
        assert {str(x.action) for x in first} == {str(a) for a in st.legal_actions()}
        assert not any(x.exact for x in first) or (st.n == 2 and st.stock_exhausted())
        for x in first:  # a round-points difference cannot pass the points in play
            assert -300 <= x.value <= 300


def test_values_never_depend_on_hidden_cards() -> None:
    """Two states that differ only in cards the acting seat cannot see give the same
    analysis (the same view, the same seed)."""
    st = _walk_until("tres", 2, lambda s: s.tricks_played == 3 and not s.trick_cards)
    assert st is not None
    seat = st.to_act
    assert seat is not None
    other = (seat + 1) % 3
    third = (seat + 2) % 3
    swapped = st.clone()
    # Exchange one unknown card between the two other hands.
    a = (swapped.hands[other] & -swapped.hands[other])
    b = (swapped.hands[third] & -swapped.hands[third])
    swapped.hands[other] ^= a | b
    swapped.hands[third] ^= a | b
    one = analyze(view(st, seat), random.Random(3), Budget(iterations=5))
    two = analyze(view(swapped, seat), random.Random(3), Budget(iterations=5))
    assert one == two
