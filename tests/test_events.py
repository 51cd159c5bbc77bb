"""What the engine says: typed events whose JSON is the protocol's (PROTOCOL
"Events"), phases and reasons as enums, and one ``Outcome`` per round that
answers who won what (RULES §10)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import act, deal2

from tute_desktop.engine import find_variant, new_game
from tute_desktop.engine.events import (
    Next,
    Outcome,
    Phase,
    Reason,
    RoundOver,
    events_json,
)
from tute_desktop.engine.serialize import state_json
from tute_desktop.engine.state import State

GOLDEN = Path(__file__).parent / "data" / "events_442e3aa.json"
"""Event streams the engine wrote before its events were typed (commit 442e3aa):
ten matches of every variant, random legal actions, up to three rounds each."""


def _without_outcome(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The new ``round_over`` also carries the round's ``outcome``; the rest of
    every event must be exactly what it was."""
    return [{k: v for k, v in e.items() if k != "outcome"} for e in events]


def _at_101(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Since stop 49 a round won at 101 in play ends at that moment, before
    the trick's draws (RULES §10.1, §10.3; cold play nc75 saw cards drawn after
    the trick that won the game): the golden streams' draws of such a trick
    are gone, every other event as it was."""
    if any(e["type"] == "round_over" and e.get("reason") == "101" for e in events):
        return [e for e in events if e["type"] != "draw"]
    return events


def test_event_json_is_unchanged_from_before_typed_events() -> None:
    for match in json.loads(GOLDEN.read_text()):
        rules = find_variant(match["variant"], match["options"])
        first: list[Any] = []
        st = State.new(rules, seed=match["seed"], events=first)
        for i, rnd in enumerate(match["rounds"]):
            if i:
                got = events_json(st.start_next_round(seed=rnd["next_seed"]))
            else:
                got = events_json(first)
            assert got == rnd["events"]
            for text, expected in rnd["actions"]:
                legal = {str(a): a for a in st.legal_actions()}
                events = events_json(st.apply(legal[text]))
                assert _without_outcome(events) == _at_101(expected), (match["variant"], text)
                for e in events:
                    if e["type"] == "round_over":
                        assert e["outcome"] == st.outcome.to_json()  # type: ignore[union-attr]


def test_record_false_builds_no_event_and_reaches_the_same_state() -> None:
    for variant in ("habanero", "corriente", "tres", "parejas", "boricua"):
        rng = random.Random(3)
        a, b = new_game(find_variant(variant), seed=5), new_game(find_variant(variant), seed=5)
        while a.phase is Phase.PLAY:
            action = rng.choice(a.legal_actions())
            assert a.apply(action, record=False) == []
            assert b.apply(action)
        assert state_json(a) == state_json(b)
        assert a.history == b.history


def play_round(st: State, rng: random.Random) -> list[Any]:
    events: list[Any] = []
    while st.phase is Phase.PLAY:
        events += st.apply(rng.choice(st.legal_actions()))
    return events


@pytest.mark.parametrize("variant", ["habanero", "corriente", "boricua", "tres", "parejas"])
def test_s10_every_round_has_one_outcome_that_adds_up(variant: str) -> None:
    """RULES §10: the outcome's breakdown adds up to the round's points, its totals
    are the match score, and it says what follows."""
    for seed in range(12):
        rng = random.Random(seed)
        st = new_game(find_variant(variant), seed=seed)
        for _ in range(4):
            assert st.outcome is None, "no outcome while the round is played"
            events = play_round(st, rng)
            outcome = st.outcome
            assert isinstance(outcome, Outcome)
            assert [e.outcome for e in events if isinstance(e, RoundOver)] == [outcome]
            assert outcome.winner == st.round_winner and outcome.reason is st.reason
            assert list(outcome.totals) == st.match_totals()
            for side, res in enumerate(outcome.sides):
                assert res.points == st.points[side]
                assert res.cards + res.diez + res.declarations == res.points
                assert res.running == res.carried + res.points
            assert sum(r.diez for r in outcome.sides) in (0, 10)
            assert (outcome.next is Next.MATCH_OVER) == (st.phase is Phase.MATCH_OVER)
            assert outcome.match_winner == (st.winner if st.phase is Phase.MATCH_OVER else None)
            if st.phase is Phase.MATCH_OVER:
                break
            st.start_next_round(seed=seed)


def test_s10_1_first_deal_without_101_leads_to_la_vuelta_with_points_carried() -> None:
    """§10.1: nobody reaches 101 in the first deal, so no game is won yet: la vuelta
    follows, and each side's points carry into it."""
    for seed in range(40):
        rng = random.Random(seed)
        st = new_game(find_variant("habanero"), seed=seed)
        play_round(st, rng)
        outcome = st.outcome
        assert outcome is not None
        if outcome.next is not Next.VUELTA:
            continue
        assert outcome.reason is Reason.POINTS and outcome.game_winner is None
        assert list(outcome.totals) == [0, 0], "no game was won"
        assert [s.carried for s in outcome.sides] == [0, 0]
        carried = [s.running for s in outcome.sides]
        st.start_next_round(seed=1)
        play_round(st, rng)
        second = st.outcome
        assert second is not None
        assert [s.carried for s in second.sides] == carried
        assert second.game_winner is not None and second.next is not Next.VUELTA
        assert max(s.running for s in second.sides) >= 101
        return
    raise AssertionError("no first deal without 101 in 40 seeds")


def test_s7_1_capote_outcome_names_the_reason() -> None:
    """§7.1: a capote announced and lost ends the game at once, for the other side."""
    st = deal2("habanero", "1o 3o 12o 11o 10o 7o 6o 5o", "2c 4c 5c 6c 7c 10c 11c 12c",
               trump="1c")
    # Play out the stock by always leading and answering with the first legal card.
    rng = random.Random(0)
    while st.phase is Phase.PLAY and not st.stock_exhausted():
        plays = [a for a in st.legal_actions() if a.kind == "play"]
        st.apply(plays[0] if plays else rng.choice(st.legal_actions()))
    assert st.phase is Phase.PLAY and "capote" in {str(a) for a in st.legal_actions()}, \
        "this fixed deal gives a capote chance"
    seat = st.to_act
    act(st, "capote")
    while st.phase is Phase.PLAY:
        plays = [a for a in st.legal_actions() if a.kind == "play"]
        st.apply(plays[-1])
    outcome = st.outcome
    assert outcome is not None
    assert outcome.reason in (Reason.CAPOTE, Reason.CAPOTE_FAILED)
    winner_is_announcer = outcome.winner == seat
    assert winner_is_announcer == (outcome.reason is Reason.CAPOTE)
