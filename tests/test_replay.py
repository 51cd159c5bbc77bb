"""Issue 32 item 2: one replay of a round's log (``engine.replay``), yielding the
position before each action: the same positions, events and end as playing the
round, redeals applied where the log has them, and a log that does not fit
refused."""

from __future__ import annotations

import random

import pytest

from tute_desktop.engine import (
    Deal,
    ReplayError,
    State,
    apply_redeal,
    deal_cards,
    find_variant,
    redeal,
    replay,
    replay_all,
)
from tute_desktop.engine.events import Event, events_json
from tute_desktop.engine.replay import Step
from tute_desktop.engine.serialize import state_json

VARIANTS = ["habanero", "corriente", "boricua", "tres", "parejas", "cuatro"]


def played_round(variant: str, seed: int) -> tuple[Deal, list[Step], list[dict[str, object]],
                                                   list[Event], State]:
    """A round played at random, with a redeal now and then: its deal, its log,
    the referee state before each action, the events and the end."""
    rules = find_variant(variant)
    rng = random.Random(seed)
    deal = deal_cards(rules, seed % rules.players, rng)
    st = State.new(rules, deal=deal)
    log: list[Step] = []
    before: list[dict[str, object]] = []
    events: list[Event] = []
    while st.phase == "play":
        seat = st.to_act
        assert seat is not None
        if rng.random() < 0.05:
            r = redeal(st, seat, rng)
            apply_redeal(st, r)
            log.append(r)
        action = rng.choice(st.legal_actions())
        before.append(state_json(st))
        log.append((seat, str(action)))
        events += st.apply(action)
    return deal, log, before, events, st


@pytest.mark.parametrize("variant", VARIANTS)
def test_replay_yields_the_position_before_each_action(variant: str) -> None:
    for seed in range(4):
        deal, log, before, events, end = played_round(variant, seed)
        st = State.new(find_variant(variant), deal=deal)
        actions = [s for s in log if isinstance(s, tuple)]
        got: list[Event] = []
        seen = []
        for i, b in enumerate(replay(st, log, events=got)):
            assert b.index == i and b.state is not st
            assert (b.seat, str(b.action)) == actions[i]
            seen.append(state_json(b.state))
        assert seen == before
        assert events_json(got) == events_json(events)
        assert state_json(st) == state_json(end)


def test_replay_all_without_copies_reaches_the_same_end() -> None:
    deal, log, _, _, end = played_round("parejas", 9)
    st = replay_all(State.new(find_variant("parejas"), deal=deal), log)
    assert state_json(st) == state_json(end)
    live = State.new(find_variant("parejas"), deal=deal)
    assert all(b.state is live for b in replay(live, log, copy=False))


def test_replay_refuses_an_action_by_the_wrong_seat_and_stops_before_it() -> None:
    deal, log, before, _, _ = played_round("tres", 2)
    actions = [s for s in log if isinstance(s, tuple)]
    first, second = actions[0], actions[1]
    st = State.new(find_variant("tres"), deal=deal)
    wrong = (second[0] + 1) % 3
    with pytest.raises(ReplayError, match="acted when seat"):
        replay_all(st, [first, (wrong, second[1])])
    assert state_json(st) == before[1]
