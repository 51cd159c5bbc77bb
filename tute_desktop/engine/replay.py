"""A round's log replayed: the one way to walk a round again, action by action.

A round is kept as its deal and what happened after it: each action as
``(seat, action)`` and, where an undo dealt the unseen cards again, a ``Redeal``
(``view.redeal``). ``replay(state, steps)`` applies them to ``state`` in order
and yields, before each action, the position it was taken in: the match (which
rebuilds its state from the log), the review (which weighs each decision) and
the lessons all walk a round so.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .actions import Action
from .deal import Redeal
from .errors import ReplayError
from .events import Event
from .state import State
from .view import apply_redeal

Step = tuple[int, Action | str] | Redeal
"""One entry of a round's log: an action by a seat (as an ``Action`` or its
text), or the unseen cards dealt again."""


@dataclass(frozen=True, slots=True)
class Before:
    """The position before one action of the log: ``state`` (a copy, unless
    ``replay`` was told not to copy), the acting ``seat``, the ``action``, and
    ``index``, the action's place among the log's actions (redeals not counted)."""

    index: int
    seat: int
    action: Action
    state: State


def replay(state: State, steps: Iterable[Step], *, copy: bool = True,
           events: list[Event] | None = None) -> Iterator[Before]:
    """Apply ``steps`` to ``state`` in order, yielding the position before each
    action. With ``copy=False`` the yielded state is ``state`` itself, valid only
    until the generator resumes (cheaper when the caller only reads it then).
    ``events``, when given, receives what every action (and nothing else) did.
    An action by a seat that is not to act raises ``ReplayError``, one the rules
    refuse ``IllegalActionError``, ``state`` as it was before that action; a redeal
    that does not fit raises ``InvalidDealError`` (``apply_redeal``).

    The generator must be run to its end for ``state`` to hold the whole log:
    ``for _ in replay(state, steps): pass``, or ``replay_all``."""
    index = 0
    for step in steps:
        if isinstance(step, Redeal):
            apply_redeal(state, step)
            continue
        seat, raw = step
        action = raw if isinstance(raw, Action) else Action.parse(raw)
        if seat != state.to_act:
            raise ReplayError(f"the log says seat {seat} acted when seat {state.to_act}"
                              " was to act")
        yield Before(index, seat, action, state.clone() if copy else state)
        happened = state.apply(action, record=events is not None)
        if events is not None:
            events.extend(happened)
        index += 1


def replay_all(state: State, steps: Iterable[Step],
               events: list[Event] | None = None) -> State:
    """Apply the whole of ``steps`` to ``state`` (``replay`` without stopping);
    returns ``state``."""
    for _ in replay(state, steps, copy=False, events=events):
        pass
    return state
