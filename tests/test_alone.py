"""The endgame where every seat plays for itself (issue 32 item 5, §13 cuatro;
issue 30 item 3, §8 tres): ``alone.Each``'s values, and those of its ``tres``
configuration ``alone.Rivals``, equal a plain max^n search played through the
engine itself (§2 trick winner, §3 strict obligations, §8 diez de últimas and
most points wins, a tie to the later trick), each seat picking the card best
for its own ``terminal_value``; and both give, to the last bit, the values and
choices recorded before they became one solver (tests/data/maxn_7992b7c.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_solver import _endgames

from tests.engine_helpers import bot_moves
from tute_desktop.bots.alone import Each, Rivals
from tute_desktop.bots.base import terminal_value
from tute_desktop.engine import State
from tute_desktop.engine.actions import PLAY


def max_n(st: State, ties_against_me: bool = False) -> dict[int, float]:
    """Each legal card's value for the seat to act, by brute force through
    ``State.apply``: every seat then plays the card best for its own
    ``terminal_value``. Among equal cards: the first, highest card first, as
    ``alone.Each`` orders them; or, ``ties_against_me``, the worst for the seat
    to act at the root (``alone.Rivals``' rule)."""
    root = st
    me = st.to_act
    assert me is not None

    def value(s: State) -> tuple[float, ...]:
        if s.phase != "play":
            return tuple(terminal_value(root, s, side) for side in range(s.rules.sides))
        seat = s.to_act
        assert seat is not None
        side = s.side_of(seat)
        legal = s.legal_actions() if ties_against_me else \
            sorted(s.legal_actions(), key=lambda a: -int(a.card))  # type: ignore[arg-type]
        best: tuple[float, ...] | None = None
        for a in legal:
            assert a.kind == PLAY  # positions are chosen so that only cards are asked
            x = s.clone()
            x.apply(a, record=False)
            v = value(x)
            if best is None:
                best = v
            elif ties_against_me:
                if v[side] > best[side] + 1e-12 or (
                        abs(v[side] - best[side]) <= 1e-12 and v[me] < best[me]):
                    best = v
            elif v[side] > best[side]:
                best = v
        assert best is not None
        return best

    out = {}
    for a in st.legal_actions():
        x = st.clone()
        x.apply(a, record=False)
        out[int(a.card)] = value(x)[st.side_of(me)]  # type: ignore[arg-type]
    return out


@pytest.mark.parametrize(("variant", "cards"), [("cuatro", 3), ("tres", 3)])
def test_each_seat_for_itself_values_equal_maxn_by_brute_force(variant: str, cards: int) -> None:
    for st in _endgames(variant, cards, 12):
        assert Each(st).root_values(st) == pytest.approx(max_n(st)), (variant, st.points)


def test_each_refuses_sides_of_two_seats() -> None:
    st = _endgames("parejas", 3, 1)[0]
    with pytest.raises(ValueError):
        Each(st)


def test_each_differs_from_the_paranoid_solver_somewhere() -> None:
    """The reason it exists: with three others, assuming they all play against
    the searcher (``Standings``) values some cards otherwise."""
    from tute_desktop.bots.solver import Standings

    differ = 0
    for st in _endgames("cuatro", 3, 12):
        me = st.to_act
        assert me is not None
        a, b = Each(st).root_values(st), Standings(st, me).root_values(st)
        differ += any(abs(a[c] - b[c]) > 1e-9 for c in a)
    assert differ


def test_the_expert_solves_cuatro_worlds_each_for_itself_and_tres_as_before() -> None:
    """§13: in cuatro the worlds near the end are solved with every seat playing
    for itself (``alone.EACH_FOR_ITSELF``); tres keeps the paranoid standings."""
    from tute_desktop.bots.search import solve_world
    from tute_desktop.bots.solver import Standings

    for st in _endgames("cuatro", 3, 4):
        assert solve_world(st, st.to_act) == Each(st).root_values(st)  # type: ignore[arg-type]
    for st in _endgames("tres", 3, 4):
        me = st.to_act
        assert me is not None
        assert solve_world(st, me) == Standings(st, me).root_values(st)


def test_the_experts_cuatro_rollouts_end_in_a_solve_of_the_last_three_tricks() -> None:
    """§13: a rollout of the expert's (``alone.SolvingPolicy``) plays as the
    rule-based player until a trick of the last three is led, and is then worth
    what ``Each`` makes of the rest; in the other rule sets it is the
    rule-based player's rollout, unchanged."""
    import random

    from tute_desktop.bots.alone import LEAF_CARDS, SolvingPolicy
    from tute_desktop.bots.levels import EXPERT_POLICY
    from tute_desktop.bots.policy import Policy
    from tute_desktop.bots.search import play_out, rollout
    from tute_desktop.engine import find_variant, new_game

    assert isinstance(EXPERT_POLICY, SolvingPolicy)
    solving, plain = SolvingPolicy(0.0, take_points=True), Policy(0.0, take_points=True)
    differ = 0
    for seed in range(1, 6):
        root = new_game(find_variant("cuatro"), seed=seed)
        side = root.to_act
        assert side is not None
        # By hand: the rule-based player to the lead of a trick of the last three.
        w = root.clone()
        rng = random.Random(seed)
        while not (len(w.trick_cards) == 1
                   and max(h.bit_count() for h in w.hands) <= LEAF_CARDS):
            w.apply(plain.act(w, rng), record=False)
        want = Each(w).values(w)[side]
        assert rollout(root.clone(), solving, random.Random(seed), root, side) == want
        differ += rollout(root.clone(), plain, random.Random(seed), root, side) != want
    assert differ  # the solve changes some rollouts' values (seed 3: a lost round won)
    for variant in ("tres", "parejas", "habanero"):
        root = new_game(find_variant(variant), seed=3)
        side = root.side_of(root.to_act)  # type: ignore[arg-type]
        w = root.clone()
        play_out(w, plain, random.Random(3))
        got = rollout(root.clone(), solving, random.Random(3), root, side)
        assert got == terminal_value(root, w, side), variant


def test_s8_tres_rivals_values_equal_each_seat_playing_for_itself_by_brute_force() -> None:
    """§8: in ``tres`` each player is alone and the round goes to the most
    points (a tie to the later trick). ``Rivals`` values each card as the round
    ends when every seat plays the card best for its own win, as
    ``terminal_value`` scores the round from that seat."""
    for st in _endgames("tres", 3, 12):
        me = st.to_act
        assert me is not None
        brute = max_n(st, ties_against_me=True)
        assert Rivals(st, me).root_values(st) == pytest.approx(brute), st.points


def test_s8_tres_rivals_never_value_a_card_below_the_paranoid_solve() -> None:
    """§8: the paranoid solve (``Standings``, both opponents against the
    searcher) is the worst the others can do to it, so a card is worth at least
    that when each plays for itself; and in some real endgames more (one
    opponent does not give the other its points to keep the searcher down)."""
    from tute_desktop.bots.solver import Standings

    higher = 0
    for st in _endgames("tres", 4, 30):
        me = st.to_act
        assert me is not None
        rivals = Rivals(st, me).root_values(st)
        paranoid = Standings(st, me).root_values(st)
        assert rivals.keys() == paranoid.keys()
        for c, v in rivals.items():
            assert v >= paranoid[c] - 1e-9
        higher += any(v > paranoid[c] + 1e-9 for c, v in rivals.items())
    assert higher > 0


RECORDED = Path(__file__).parent / "data" / "maxn_7992b7c.json"


def _recorded(part: str) -> dict[str, object]:
    """One part of the record (keys "cards/seed", or a seed)."""
    return dict(json.loads(RECORDED.read_text())[part])


def _at(variant: str, key: str) -> State:
    """``solver_speed.position`` at ``key``, "cards/seed"."""
    from solver_speed import position

    cards, seed = key.split("/")
    st = position(variant, int(cards), int(seed))
    assert st is not None and st.to_act is not None
    return st


def test_the_one_solver_gives_each_and_rivals_values_recorded_before_it_to_the_last_bit() -> None:
    """``Each`` (``cuatro``, the expert's) and ``Rivals`` (``tres``) were two
    solvers until 7992b7c: the one that replaced them gives the same floats,
    not merely close ones (a choice between cards of equal value, or a mean
    over worlds, could otherwise change)."""
    for key, want in _recorded("rivals").items():
        st = _at("tres", key)
        me = st.to_act
        assert me is not None
        assert {str(c): v for c, v in Rivals(st, me).root_values(st).items()} == want, key
    each_values = _recorded("each_values")
    for key, want in _recorded("each").items():
        st = _at("cuatro", key)
        assert {str(c): v for c, v in Each(st).root_values(st).items()} == want, key
        assert list(Each(st).values(st)) == each_values[key], key


def test_expert_rivals_plays_the_moves_recorded_before_the_solvers_became_one() -> None:
    """§8 ``tres``: the arena's ``expert-rivals`` (``candidate_expert``, its
    worlds solved by ``Rivals`` from five cards a hand) makes, at 4 worlds a
    move, the moves it made before ``Rivals`` became a configuration of
    ``Each``: six rounds from five cards a hand to their end, 90 choices (8 of
    them not ``expert-base``'s at the same position, so the test sees
    ``Rivals``)."""
    from arena import candidate_expert

    for seed, recorded in _recorded("expert_rivals").items():
        st = _at("tres", f"5/{seed}")
        assert bot_moves(st, candidate_expert("expert-rivals"), 4) == recorded, seed
