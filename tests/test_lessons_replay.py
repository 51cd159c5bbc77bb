"""A lesson is a round like any other (issue 32 item 2): its position is its deal
with its log replayed by the engine's one replay (``engine.replay``), as the
match and the review rebuild theirs; a script that makes a seat act out of turn
is refused by that replay, not applied."""

from __future__ import annotations

import pytest

from tute_desktop.engine.errors import ReplayError
from tute_desktop.engine.state import State
from tute_desktop.lessons import LESSON_NAMES, LESSONS, PERSON, Coach, Lesson


def _public(st: State) -> tuple[object, ...]:
    return (st.hands, st.points, st.tricks_played, st.to_act, st.trick_cards, st.sung,
            st.collected, st.phase, st.history, st.stock_count)


@pytest.mark.parametrize("lesson", LESSONS, ids=LESSON_NAMES)
def test_the_lesson_is_its_deal_with_its_log_replayed(lesson: Lesson) -> None:
    coach = Coach(lesson)
    while True:
        assert _public(coach.replayed()) == _public(coach.state), (lesson.name, coach.index)
        if coach.finished:
            break
        coach.auto()
    assert coach.log and all(isinstance(seat, int) for seat, _ in coach.log)  # type: ignore[misc]


def test_every_action_of_the_person_is_logged_as_the_persons() -> None:
    coach = Coach(LESSONS[LESSON_NAMES.index("tricks")], start=1)
    before = len(coach.log)
    coach.act(coach.expected())  # type: ignore[arg-type]
    assert coach.log[before][0] == PERSON


def test_a_scripted_action_out_of_turn_is_refused_by_the_replay() -> None:
    coach = Coach(LESSONS[0])
    other = (coach.state.to_act + 1) % coach.state.n  # type: ignore[operator]
    action = coach.state.legal_actions()[0]
    before = _public(coach.state)
    with pytest.raises(ReplayError):
        coach._take(other, action)
    assert _public(coach.state) == before and len(coach.log) == len(Coach(LESSONS[0]).log)
