"""Issue 30, item 3: the ``parejas`` rollouts that end in an exact solve
(``finish.finished_rollout``), and the A/B's baseline (``expert-base``). Its
other candidate, the ``tres`` endgame with each seat playing for itself
(``alone.Rivals``), is tested with the solver it configures
(tests/test_alone.py)."""

from __future__ import annotations

import random

import pytest

from tests.engine_helpers import bot_moves
from tute_desktop.engine import find_variant, new_game


def test_s9_a_finished_parejas_rollout_is_the_exact_value_of_its_last_tricks():
    """§9: a ``parejas`` rollout played by the rule-based player until every hand
    holds three cards, the rest solved exactly for the point difference
    (``team_value``): the same as solving the world reached there."""
    from tute_desktop.bots.finish import finished_rollout
    from tute_desktop.bots.levels import EXPERT_POLICY
    from tute_desktop.bots.policy import _plain_lead
    from tute_desktop.bots.search import solve_world
    from tute_desktop.engine.state import ASK_NONE, PLAYING

    checked = 0
    for seed in range(1, 13):
        st = new_game(find_variant("parejas"), seed=seed)
        w = st.clone()
        rng = random.Random(seed)
        while w.phase is PLAYING and not (
                not w.trick_cards and w.ask is ASK_NONE
                and max(h.bit_count() for h in w.hands) <= 3
                and _plain_lead(w, w.to_act)):  # type: ignore[arg-type]
            w.apply(EXPERT_POLICY.act(w, rng), record=False)
        if w.phase is not PLAYING:
            continue
        seat = w.to_act
        assert seat is not None
        for side in (0, 1):
            got = finished_rollout(st.clone(), EXPERT_POLICY, random.Random(seed), st, side, 3)
            if w.side_of(seat) == side:  # the side to lead picks its best card
                want = max(solve_world(w, seat).values())
            else:  # the other side's values of the same leads: the leader picks its worst
                want = min(solve_world(w, (seat + 1) % 4).values())
            assert got == pytest.approx(want), (seed, side)
        checked += 1
    assert checked >= 8



@pytest.mark.parametrize("variant", ["tres", "parejas"])
def test_expert_base_is_the_expert_before_item_3_with_three_and_four_players(variant):
    """The arena's ``expert-base`` (the A/B's baseline, issue 30) plays with 3
    and 4 players the moves recorded for the expert before item 3's changes
    (``tests/data/bot_moves_442e3aa.json``, seed 7, 6 worlds a move): its
    endgames paranoid, its rollouts to the end."""
    import json
    from pathlib import Path

    from arena import baseline_expert

    recorded = json.loads((Path(__file__).parent / "data" / "bot_moves_442e3aa.json").read_text())
    st = new_game(find_variant(variant), seed=7)
    assert bot_moves(st, baseline_expert(), 6) == recorded[f"{variant} expert"]
