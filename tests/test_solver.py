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


@pytest.mark.parametrize(("variant", "cards"), [("corriente", 4), ("tres", 3), ("parejas", 3)])
def test_solver_values_equal_brute_force_through_the_engine(variant, cards):
    for st in _endgames(variant, cards, 12):
        me = st.to_act
        assert me is not None
        solver = Endgame(st, me)
        got = solver.root_values(st)
        want = _reference(st, me, solver.weights)  # per side
        assert got == pytest.approx(want), (variant, str(st.hands))


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


@pytest.mark.parametrize(("variant", "cards"), [("tres", 3), ("parejas", 3)])
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
