"""The coach: walks a lesson's steps over a real engine state, judges what the
person does and takes the bots' scripted replies.

A lesson is a round like any other: its deal (``State.new``, as the match
deals) and a log of what each seat did (``Coach.log``, the engine's
``replay.Step``), every action taken through the engine's one replay
(``engine.replay``), which checks that the seat is the one to act; so the
lesson's position is always its deal with its log replayed
(``Coach.replayed``), as the match and the review rebuild theirs."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import find_variant
from ..engine.actions import Action, Kind
from ..engine.errors import IllegalActionError
from ..engine.events import Declared, Event
from ..engine.replay import Step as LogStep
from ..engine.replay import replay_all
from ..engine.state import State
from .steps import ANY, STOCK_OUT, Lesson, Step

PERSON = 0
"""The person's seat in every lesson."""


@dataclass(frozen=True)
class Verdict:
    """What the coach made of an action: ``ok``; else either the engine's
    refusal (``error``, an illegal action) or the coach's own words (``key``)."""

    ok: bool
    error: IllegalActionError | None = None
    key: str = ""
    action: Action | None = None
    """The action refused (its card is named beside the rule, as at the table)."""


class LessonError(RuntimeError):
    """A lesson's script does not fit its deal (a test finds it)."""


class Coach:
    """Where a lesson stands: the engine state, the step, the last verdict."""

    def __init__(self, lesson: Lesson, start: int = 0) -> None:
        self.lesson = lesson
        self.rules = find_variant(lesson.variant)
        self.state = State.new(self.rules, deal=lesson.deal())
        self.log: list[LogStep] = []
        """The round so far, as the engine replays it: ``(seat, action)``, the
        setup's, the person's and the bots' alike."""
        self.index = 0
        self.verdict: Verdict | None = None
        self.declared: Declared | None = None
        """Another seat's declaration when it was the last action taken: the
        table shows it by that seat, its cards face up, as the match does (the
        person would otherwise only read of it)."""
        for text in lesson.setup:
            if text == STOCK_OUT:
                self._play_out_stock()
            else:
                self._take(self._to_act(), Action.parse(text))
        while self.index < min(start, len(lesson.steps) - 1):
            self.auto()
        self.verdict = None

    def replayed(self) -> State:
        """The lesson's position rebuilt from its deal and ``log`` (the engine's
        replay): the same as ``state``."""
        return replay_all(State.new(self.rules, deal=self.lesson.deal()), self.log)

    def _take(self, seat: int, action: Action) -> None:
        """``seat`` takes ``action``: through the engine's replay (a seat that is
        not to act raises ``ReplayError``, an illegal action
        ``IllegalActionError``, the state as it was), then logged."""
        events: list[Event] = []
        replay_all(self.state, [(seat, action)], events)
        self.log.append((seat, action))
        self.declared = next((ev for ev in events if isinstance(ev, Declared)
                              and ev.seat != PERSON), None)

    def _to_act(self) -> int:
        seat = self.state.to_act
        if seat is None:
            raise LessonError(f"{self.lesson.name}: the script acts when nobody is to act")
        return seat

    @property
    def step(self) -> Step:
        return self.lesson.steps[min(self.index, len(self.lesson.steps) - 1)]

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def last(self) -> bool:
        """The last step: the lesson is done when the person moves on."""
        return self.index == len(self.lesson.steps) - 1

    def waits_for_action(self) -> bool:
        return not self.finished and self.step.expect is not None

    def legal(self) -> list[Action]:
        if self.state.to_act != PERSON:
            return []
        return self.state.legal_actions()

    def go_on(self) -> bool:
        """Move past a step that only speaks; False when the step waits for an action."""
        if self.finished or self.waits_for_action():
            return False
        self.index += 1
        self.verdict = None
        if not self.finished and self.step.expect == ANY:
            self._bots_play()
        return True

    def expected(self) -> Action | None:
        """The action the step waits for (in free play, the first legal one)."""
        if not self.waits_for_action():
            return None
        if self.step.expect == ANY:
            legal = self.legal()
            return legal[0] if legal else None
        return Action.parse(self.step.expect or "")

    def act(self, action: Action) -> Verdict:
        """The person takes ``action``: refused when illegal, explained when legal
        but not the lesson's, otherwise taken with the bots' replies after it."""
        step = self.step
        if not self.waits_for_action() or self.state.to_act != PERSON:
            self.verdict = Verdict(False, key="lesson.wait")
            return self.verdict
        if action not in self.state.legal_actions():
            self.verdict = Verdict(False, error=self.state.illegal(action), action=action)
            return self.verdict
        if step.expect != ANY and str(action) != step.expect:
            passed = action.kind is Kind.PASS and step.wrong_pass
            self.verdict = Verdict(False, key=step.wrong_pass if passed else step.wrong)
            return self.verdict
        self._take(PERSON, action)
        if step.expect == ANY:
            self._bots_play()
            if self.state.to_act == PERSON and not self.state.is_terminal():
                self.verdict = Verdict(True)
                return self.verdict
        else:
            for text in step.replies:
                seat = self.state.to_act
                if seat is None or seat == PERSON:
                    raise LessonError(f"{self.lesson.name}: reply {text!r} out of turn")
                self._take(seat, Action.parse(text))
        self.index += 1
        self.verdict = Verdict(True)
        return self.verdict

    def _bots_play(self) -> None:
        """Free play: each bot takes its first legal action until it is the
        person's turn or the round is over."""
        state = self.state
        while not state.is_terminal() and state.to_act is not None and state.to_act != PERSON:
            self._take(state.to_act, state.legal_actions()[0])

    def _play_out_stock(self) -> None:
        """Both seats play their first legal card until the stock is gone."""
        state = self.state
        while state.stock_count > 0:
            legal = state.legal_actions()
            plays = [a for a in legal if a.kind is Kind.PLAY]
            self._take(self._to_act(), plays[0] if plays else legal[-1])

    def auto(self) -> None:
        """Take the step as the coach expects (headless runs, resuming a lesson)."""
        if self.finished:
            return
        if not self.waits_for_action():
            self.go_on()
            return
        action = self.expected()
        if action is None:
            raise LessonError(f"{self.lesson.name}: step {self.index} has nothing to do")
        verdict = self.act(action)
        if not verdict.ok:
            raise LessonError(f"{self.lesson.name}: step {self.index} refuses {action}: "
                              f"{verdict.error or verdict.key}")
