"""The exact endgame solver (issue 3): its alpha-beta values equal a plain
minimax played through the engine itself (RULES §2 trick winner, §3 strict
obligations, §1 diez de últimas), for 2-, 3- and 4-player positions."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tute_desktop.bots.policy import Policy
from tute_desktop.bots.solver import Endgame
from tute_desktop.engine import State, find_variant, new_game
from tute_desktop.engine.actions import PLAY
from tute_desktop.engine.cards import PAIR_MASKS as _PAIRS


def _brute_force(st: State, me: int, leaf: Callable[[State], float]) -> dict[int, float]:
    """Every legal card's value by brute force through ``State.apply``, both
    sides optimal: ``me``'s side maximizes ``leaf`` of the round's end, the
    others minimize it."""
    side = st.side_of(me)

    def value(s: State) -> float:
        if s.phase != "play":
            return leaf(s)
        seat = s.to_act
        assert seat is not None
        vals = []
        for a in s.legal_actions():
            assert a.kind == PLAY  # positions are chosen so that only cards are asked
            x = s.clone()
            x.apply(a, record=False)
            vals.append(value(x))
        return max(vals) if s.side_of(seat) == side else min(vals)

    out = {}
    for a in st.legal_actions():
        x = st.clone()
        x.apply(a, record=False)
        out[int(a.card)] = value(x)  # type: ignore[arg-type]
    return out


def _reference(st: State, me: int, weights: list[float]) -> dict[int, float]:
    """The points still to be won, weighted per side."""
    base = list(st.points)
    return _brute_force(st, me, lambda s: sum(
        w * (p - b) for w, p, b in zip(weights, s.points, base, strict=True)))


def _endgames(variant: str, cards: int, count: int, carry: bool = False) -> list[State]:
    """Positions of real rounds with at most ``cards`` in every hand, where only
    card plays remain (no stock, nothing left to declare), some mid-trick. With
    ``carry``, 101 is in reach: points carried from earlier deals (boricua's
    running total, or la vuelta in every other deal) drawn at random."""
    rules = find_variant(variant)
    out: list[State] = []
    seed = 0
    while len(out) < count:
        seed += 1
        rng = random.Random(seed)
        st = new_game(rules, seed=seed)
        if carry and (variant == "boricua" or seed % 2):
            st.carry = [rng.randint(20, 95), rng.randint(20, 95)]
            if variant != "boricua":
                st.deal_no = 2  # la vuelta: 101 wins the moment it is reached
        policy = Policy(0.3)
        skip = rng.randint(0, 2)
        while st.phase == "play":
            acts = st.legal_actions()
            if (st.ask == 0 and all(a.kind == PLAY for a in acts) and st.capote_seat < 0
                    and max(h.bit_count() for h in st.hands) <= cards
                    and (st.n > 2 or st.stock_exhausted())
                    and not any(h & p == p for h in st.hands for p in _PAIRS)):
                if skip == 0:
                    out.append(st.clone())
                    break
                skip -= 1
            st.apply(policy.act(st, rng), record=False)
    return out


@pytest.mark.parametrize(("variant", "cards"),
                         [("corriente", 4), ("tres", 3), ("parejas", 3), ("cuatro", 3)])
def test_solver_values_equal_brute_force_through_the_engine(variant, cards):
    """The searcher's points still to be won against the mean of the other
    sides' (PROTOCOL ``analyze``): the one other side with 2 players and in
    parejas, the other two seats in tres, the other three in cuatro (§13)."""
    for st in _endgames(variant, cards, 12):
        me = st.to_act
        assert me is not None
        sides = st.rules.sides
        weights = [1.0 if s == st.side_of(me) else -1.0 / (sides - 1) for s in range(sides)]
        got = Endgame(st, me).root_values(st)
        want = _reference(st, me, weights)
        assert got == pytest.approx(want), (variant, str(st.hands))


def _mask(text: str) -> int:
    from tute_desktop.engine import Card

    m = 0
    for t in text.split():
        m |= 1 << Card.parse(t)
    return m


def test_s13_cuatro_endgame_each_seat_alone_against_the_mean_of_the_other_three():
    """§13: four players, each for themselves; declarations by §4 "each player
    for themselves". A hand-made last three tricks, oros trumps, seat 0 to lead:
    seat 2, across the table, holds the Rey and Caballo of copas, which are
    nobody's but its own (in parejas seat 0 could declare them for its team
    after winning a trick, §9); seat 1 must trump the bastos it cannot follow
    (§3). The solver's value
    of each lead is seat 0's round points minus the mean of the other three
    seats' at the end, less that difference now, as the engine plays it out
    (every action, declarations included, the others against seat 0)."""
    from tests.engine_helpers import minimax
    from tute_desktop.bots.analysis import round_difference
    from tute_desktop.engine.cards import ALL_CARDS_MASK
    from tute_desktop.engine.state import ASK_NONE

    st = new_game(find_variant("cuatro"), seed=1)
    hands = [_mask("1e 1b 3b"), _mask("6e 2o 5c"), _mask("4e 12c 11c"), _mask("7e 7b 4b")]
    st.hands = hands
    st.collected = [ALL_CARDS_MASK & ~sum(hands), 0, 0, 0]
    st.points = [30, 20, 10, 0]
    st.trump = 0  # oros
    st.tricks_played = 7
    st.tricks_won = [4, 1, 1, 1]
    st.last_win = [7, 3, 2, 1]
    st.leader = st.to_act = 0
    st.ask = ASK_NONE
    st.throw_queue = []
    solver = Endgame(st, 0)
    assert solver.weights == [1.0, -1 / 3, -1 / 3, -1 / 3]
    got = solver.root_values(st)
    now = round_difference(st, 0)
    assert now == 30 - (20 + 10 + 0) / 3
    want = {}
    for a in st.legal_actions():
        w = st.clone()
        w.apply(a, record=False)
        want[int(a.card)] = minimax(w, 0) - now  # type: ignore[arg-type]
    assert got == pytest.approx(want)
    # The leads differ: the As of espadas first is 44/3 better than a bastos.
    assert got[_mask("1e").bit_length() - 1] == pytest.approx(-5 / 3)
    assert got[_mask("1b").bit_length() - 1] == pytest.approx(-49 / 3)


@pytest.mark.parametrize("variant", ["corriente", "boricua", "habanero"])
def test_race_solver_values_equal_the_round_stake_by_brute_force(variant):
    """§10.1/§10.3: after the stock the expert solves for what the round decides
    (101 reached during la vuelta or boricua, the first deal's 101 at its end,
    else the carried lead), exactly as ``terminal_value`` scores a round."""
    from tute_desktop.bots.base import terminal_value
    from tute_desktop.bots.solver import Race

    for st in _endgames(variant, 4, 10, carry=True):
        me = st.to_act
        assert me is not None
        side = st.side_of(me)
        want = _brute_force(st, me, lambda s, root=st, side=side: terminal_value(root, s, side))
        assert Race(st, me).root_values(st) == pytest.approx(want), (variant, st.carry)


@pytest.mark.parametrize(("variant", "cards"), [("tres", 3), ("parejas", 3), ("cuatro", 3)])
def test_standings_solver_values_equal_winning_the_round_by_brute_force(variant, cards):
    """§8/§9: with 3 and 4 players the expert's last tricks are solved for
    winning the round (most points, a tie to the later trick), as
    ``terminal_value`` scores it, the other sides playing against it."""
    from tute_desktop.bots.base import terminal_value
    from tute_desktop.bots.solver import Standings

    for st in _endgames(variant, cards, 12):
        me = st.to_act
        assert me is not None
        side = st.side_of(me)
        want = _brute_force(st, me, lambda s, root=st, side=side: terminal_value(root, s, side))
        assert Standings(st, me).root_values(st) == pytest.approx(want), (variant, st.points)


def test_parejas_world_values_are_the_standings_values_but_for_exact_ties():
    """§9: the team with more points wins the round. The expert solves a
    parejas world for points and maps the final difference to the round's
    value (``team_value``); that must equal solving for winning the round
    (``Standings``, brute-forced above) except where the difference ends at 0,
    whose tie-break (the later trick) the points cannot see: counted as half."""
    from tute_desktop.bots.search import solve_world
    from tute_desktop.bots.solver import Standings

    exact = tie = 0
    for st in _endgames("parejas", 4, 30):
        me = st.to_act
        assert me is not None
        got = solve_world(st, me)
        want = Standings(st, me).root_values(st)
        assert got.keys() == want.keys()
        for c, v in got.items():
            if v == pytest.approx(want[c]):
                exact += 1
            else:
                assert abs(v - want[c]) == pytest.approx(0.5), (str(st.hands), c)
                tie += 1
    assert exact > 10 * tie
