"""The table shows every kind of engine event: one table of steps covers the
engine's event types, so a type added to the engine fails here, not at the table."""

from __future__ import annotations

import typing
from typing import NamedTuple

from tute_desktop.bots import Budget
from tute_desktop.engine import events
from tute_desktop.engine.cards import Card
from tute_desktop.engine.events import Event, Played
from tute_desktop.game.match import Match, Seat
from tute_desktop.ui.table.controller import (
    STEP_TIMES,
    STEPS,
    UNLISTED,
    InlineExecutor,
    TableController,
)

ENGINE_EVENT_TYPES = typing.get_args(Event)


def test_the_engine_reports_the_event_types_its_module_defines() -> None:
    # The union is the list the table is checked against: it names every
    # event class of engine/events.py (a class left out of it would escape).
    defined = {v for v in vars(events).values()
               if isinstance(v, type) and issubclass(v, tuple) and hasattr(v, "to_json")
               and not v.__name__.endswith("Record") and v.__module__ == events.__name__}
    assert defined - {events.SideResult, events.Outcome} <= set(ENGINE_EVENT_TYPES)


def test_every_engine_event_type_has_a_step_with_its_times() -> None:
    missing = [t.__name__ for t in ENGINE_EVENT_TYPES if t not in STEPS]
    assert missing == []
    for step in STEPS.values():
        assert step.kind != UNLISTED.kind
        assert STEP_TIMES[step.kind] == (step.hold, step.settle)


class _NewEvent(NamedTuple):
    """An event type the table does not know (as one added to the engine would be)."""

    seat: int


def test_an_unlisted_event_type_is_shown_at_once_instead_of_stopping_the_game() -> None:
    controller = TableController(Match("cuatro", [Seat("Ana")] + [Seat("Bot", "easy")] * 3,
                                       seed=1), InlineExecutor(), Budget(), Budget())
    controller.enqueue([_NewEvent(1), Played(0, Card(5))])  # type: ignore[list-item]
    assert [s.kind for s in controller.steps] == [UNLISTED.kind, "play"]
    assert (controller.steps[0].hold, controller.steps[0].settle) == (0.0, 0.0)
