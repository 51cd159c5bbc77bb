"""The match behind the table, with no pygame: the engine's events become timed
animation steps; bots and hints think on an executor (a worker process in the
window, one that answers at once in tests and tools); undo, autosave and the
statistics of finished rounds.

The match is always at the end of the last action; the steps let the screen
catch up one event at a time. The scene that shows the steps implements
``StepView``.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple, Protocol, TypeVar

from ...bots import Budget
from ...bots.reasons import Reason
from ...bots.worker import think
from ...engine import Action
from ...engine.actions import PLAY
from ...engine.events import (
    BidMade,
    CapoteAnnounced,
    Claimed,
    Dealt,
    Declared,
    Drew,
    Event,
    ExchangeCompleted,
    Exchanged,
    ExchangeDeferred,
    GameWon,
    MatchOver,
    Passed,
    Played,
    RoundOver,
    ThrownIn,
    TrickWon,
    TrumpNamed,
)
from ...engine.events import Reason as EndReason
from ...engine.state import MATCH_OVER, PLAYING, State
from ...game.match import Match
from ...game.review import deals_for, decision_rng, hint_why, in_auction
from ...game.stats import RoundResult, round_result
from .chronicle import Move


class StepKind(NamedTuple):
    """What an engine event becomes on screen: the step's name (what the scene
    animates and sounds by) and its seconds at speed 1, the hold before it
    happens and the time it takes to settle."""

    kind: str
    hold: float = 0.0
    settle: float = 0.0


BANNER_SECONDS: Final = 2.4
"""How long a banner (a declaration, an exchange, the trumps named) stays, at speed 1."""

STEPS: Final[dict[type, StepKind]] = {
    Dealt: StepKind("deal", 0.0, 1.1),
    BidMade: StepKind("bid", 0.0, 0.6),
    TrumpNamed: StepKind("trump", 0.0, BANNER_SECONDS),  # (its banner's time: the
    # first lead came under "pintan copas", and a club player took it for another
    # seat's, nc96)
    Played: StepKind("play", 0.0, 0.32),
    TrickWon: StepKind("trick", 1.5, 0.4),
    Drew: StepKind("draw", 0.0, 0.3),
    Exchanged: StepKind("swap", 0.2, 0.8),
    ExchangeDeferred: StepKind("swap", 0.2, 0.8),
    ExchangeCompleted: StepKind("swap_done", 0.2, 0.8),
    Declared: StepKind("sing", 0.0, 1.5),
    CapoteAnnounced: StepKind("capote", 0.0, 1.3),
    Claimed: StepKind("claim", 0.0, 1.3),
    Passed: StepKind("pass", 0.0, 0.15),
    ThrownIn: StepKind("throw_in", 0.0, 1.0),
    RoundOver: StepKind("round_over", 0.5, 0.0),
    GameWon: StepKind("game_over"),
    MatchOver: StepKind("match_over"),
}
"""The one table of steps: the step each type of engine event becomes. Every
type of ``engine.events.Event`` has one (a test checks it); an event of a type
added to the engine and not yet here shows as ``UNLISTED``, instead of stopping
the game."""

SCORED: Final = frozenset(k.kind for k in STEPS.values()) - {"play", "draw", "swap", "swap_done",
                                                              "pass"}
"""The steps that change what the score panel shows (a trick won, a
declaration, the round's end, a deal, the auction): the panel's points change
as the first of an action's comes on show (``TableController.scores``)."""

LAST_TRICK_HOLD: Final = 3.0
"""Seconds (at speed 1) the round's last trick stays on the table with its
callout before it is gathered and the summary covers the table (a newcomer
saw it vanish into the summary before they could read it; others hold 1.5)."""

CROWDED_TRICK_HOLD: Final = 2.7
"""Seconds (at speed 1) a trick of three or four cards stays on the table
before it is gathered (of two, 1.5): a newcomer playing four each alone often
missed the fourth card, the last one played, before the trick went; at 2.2 s
two more still found it gone before they had seen who took it (tres, pairs)."""

EARLY_END_HOLD: Final = 3.0
"""Seconds (at speed 1) after a round of subastado stopped as soon as its contract
was decided (§12, stop_when_decided) stays on the table, saying so, before the
summary: nc90 saw a trick won and the summary at once, the cards left unplayed
and nothing said at the table."""

AUCTION_END_HOLD: Final = 1.5
"""Seconds (at speed 1) the auction's panel stays as it ended, the high bid and
who holds it, before another seat names trump (§12): nc107 looked away for a
moment and found play begun under a bid of 100 he had never seen made."""

EARLY_ENDS: Final = frozenset({EndReason.MADE_EARLY, EndReason.FAILED_EARLY})
"""How a round of subastado ends before its last trick (§12)."""

TAKEN_TRICK_HOLD: Final = 2.2
"""Seconds (at speed 1) a trick of two that a bot takes stays on the table (one
the person takes, 1.5): the person's own card gone into the bot's pile is what
a newcomer must see (nc86 led two Aces, both were trumped and gone before he
saw by what; nc84 found the bots' tricks cleared quickly)."""

SHUFFLE: Final = StepKind("shuffle", 0.0, 1.0)
"""The step before each deal: the cards gathered and shuffled."""

UNLISTED: Final = StepKind("event")
"""An event of a type missing from ``STEPS``: shown at once, with nothing moving."""

STEP_TIMES: Final[dict[str, tuple[float, float]]] = {
    step.kind: (step.hold, step.settle) for step in (SHUFFLE, *STEPS.values())}
"""Seconds each step takes at speed 1, by its name: (hold, settle)."""

MOVE_SECONDS: Final = 2.5
"""Least seconds, at speed 1, another seat's exchange or declaration stays on
show at its seat (its cards face up, who did what), from the moment it starts:
the game waits that long, so a bot's move cannot slip by (issue 29). The speed
setting scales it, never under ``MOVE_READ_SECONDS`` up to speed 2
(``on_show_seconds``)."""

MOVE_READ_SECONDS: Final = 3.0
"""Least seconds of real time another seat's exchange or declaration stays on
show at speed 2 or slower (faster, this shrinks as the speed grows beyond 2):
at speed 2 ``MOVE_SECONDS`` alone gave 1.25 s, and a newcomer in boricua missed
a bot's exchange of the 7 (the face-up caballo just became the 7) before
reading "Bot 1 gives the 7 of coins and takes the Knight (11) of coins"."""

READ_SPEED: Final = 2.0
"""The fastest speed ``MOVE_READ_SECONDS`` holds whole at."""


def on_show_seconds(on_show: float, speed: float) -> float:
    """Real seconds a move of ``on_show`` seconds at speed 1 stays on show at
    ``speed`` (``MOVE_SECONDS``, ``MOVE_READ_SECONDS``); 0 for no move."""
    if on_show <= 0:
        return 0.0
    return max(on_show / speed, MOVE_READ_SECONDS * min(1.0, READ_SPEED / speed))


BOT_PACE: Final = 0.55
"""Least seconds a bot seems to think, at speed 1, so its moves can be followed."""

T = TypeVar("T")


@dataclass
class Step:
    """One thing the screen shows happening: an engine event, or the shuffle
    before a deal."""

    kind: str
    """The event's step (``STEPS``), or "shuffle" before a deal."""
    event: Event | None
    new_round: bool = False
    """A deal: the screen's cards start again from the new round."""
    hold: float = 0.0
    settle: float = 0.0
    on_show: float = 0.0
    """Seconds at speed 1 the move stays on show at its seat once it starts
    (``MOVE_SECONDS``); 0: not shown there (the person's own move, as they made
    it, and every event that is no move)."""
    started: bool = False
    elapsed: float = 0.0
    scores: State | None = None
    """The state after the action this step shows, where the score panel's
    points change as it comes on show (the first step of the action that
    scores, ``SCORED``: a trick's as it lies complete with its callout, "You
    take it: +10"); None: the panel stays as it is."""
    started_at: float = 0.0
    """``elapsed`` at the end of the frame it started in (the first frame that
    shows it)."""

    def showing(self) -> bool:
        """The move is on show at its seat now."""
        return self.started and self.on_show > 0


class StepView(Protocol):
    """What shows the steps (the table scene)."""

    def step_started(self, step: Step, duration: float) -> None:
        """``step`` begins; its cards move for ``duration`` seconds."""

    def trick_gathered(self, step: Step, duration: float) -> None:
        """A trick's hold is over: its cards go to the winner's pile."""

    def step_finished(self, step: Step) -> None:
        """``step`` is over."""


class InlineExecutor(Executor):
    """Runs each task at once, on the calling thread: headless runs (tests, the
    screenshot tool) never wait on time."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


@dataclass
class _Thought:
    future: Future[Action]
    generation: int
    waited: float = 0.0


@dataclass
class TableController:
    """One match at the table (see the module doc)."""

    match: Match
    executor: Executor
    bot_budget: Budget
    hint_budget: Budget | None
    """Both from ``Services.thinking`` (the window's, or a test's fixed ones);
    a hint budget of None: the review's (``review.deals_for``)."""
    hint_executor: Executor | None = None
    """Where hints are worked out (a person waits for them: the window's
    worker at normal priority); None: ``executor``."""
    save: Callable[[Match], None] | None = None
    """Writes the match (autosave, or a tournament's save); None: nothing is saved."""
    save_failed: Callable[[Exception], None] | None = None
    """Told when the disk refused a save, or a text could not be written (the
    game goes on; the next save tries again)."""
    record_round: Callable[[RoundResult], None] | None = None
    """Counts a finished round in the statistics; None: nothing is counted."""
    steps: deque[Step] = field(default_factory=deque)
    current: Step | None = None
    bot: _Thought | None = None
    hint: Future[tuple[Action, tuple[Reason, ...]]] | None = None
    hint_reasons: tuple[Reason, ...] = ()
    """Why the last hint taken (``review.hint_why``: the review's reasons)."""
    hint_at: tuple[int, int, int] = (0, 0, 0)
    """The position the hint being worked out is for (``position``)."""
    generation: int = 0
    """Bumped by undo: a bot's answer for an earlier position is dropped."""
    tricks_seen: int = 0
    scores: State | None = None
    """While steps are on show, the state whose points the score panel shows:
    the points as the pictures have them so far (``shown_scores``; nc103 saw
    the score change before the trick was shown won)."""

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
        if self.hint_executor is not None:
            self.hint_executor.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ steps
    def enqueue(self, events: list[Event], person: int | None = None) -> None:
        """Steps for what the engine just did; a deal is preceded by the shuffle.
        ``person``: the seat of the person whose action it was (their own
        exchange or declaration is not held on show: they just made it)."""
        ends = next((e.outcome.reason for e in events if isinstance(e, RoundOver)), None)
        for ev in events:
            kind, hold, settle = STEPS.get(type(ev), UNLISTED)
            if kind == "deal":
                self.steps.append(Step(SHUFFLE.kind, None, True, SHUFFLE.hold, SHUFFLE.settle))
            shown = MOVE_SECONDS if isinstance(ev, Move) and ev.seat != person else 0.0
            if isinstance(ev, TrickWon) and (ev.diez or (ends is not None
                                                         and ends not in EARLY_ENDS)):
                # the round's last, or the one that ends it (101 reached in play:
                # nc99 never saw the trick that won the game): the summary is next
                hold = LAST_TRICK_HOLD
            elif isinstance(ev, TrickWon) and self.match.rules.players > 2:
                hold = CROWDED_TRICK_HOLD
            elif isinstance(ev, TrickWon) and not self.match.seats[ev.winner].is_human:
                hold = TAKEN_TRICK_HOLD
            elif isinstance(ev, TrumpNamed) and ev.seat != person:
                hold = AUCTION_END_HOLD
            elif isinstance(ev, RoundOver) and ev.outcome.reason in EARLY_ENDS:
                settle = EARLY_END_HOLD  # (after it starts: its banner shows that long)
            self.steps.append(Step(kind, ev, kind == "deal", hold, settle, shown))

    def _queue(self, before: State | None, events: list[Event],
               person: int | None = None) -> None:
        """``enqueue`` the events of one action (or deal) made from ``before``
        (None while steps are on show: the panel already shows theirs): the
        score panel shows ``before``'s points until its first step that scores
        (``SCORED``) comes on show, then the points after it."""
        if before is not None:
            self.scores = before
        first = len(self.steps)
        self.enqueue(events, person)
        step = next((s for s in itertools.islice(self.steps, first, None)
                     if s.kind in SCORED), None)
        if step is not None:
            step.scores = self.match.state.clone()

    def shown_scores(self) -> State | None:
        """The state whose points the score panel shows while steps are on show
        (``scores``); None when they are all shown (the match's own)."""
        return self.scores if self.animating() else None

    def dealt_exchanges(self) -> list[Exchanged]:
        """The exchanges waiting to be shown right after the deal being shown
        (tres's compulsory ones, which the engine makes with the deal, §8)."""
        found = []
        for step in self.steps:
            if not isinstance(step.event, Exchanged):
                break
            found.append(step.event)
        return found

    def move_on_show(self) -> Step | None:
        """The step of another seat's exchange or declaration on show now."""
        step = self.current
        return step if step is not None and step.showing() else None

    def animating(self) -> bool:
        """Steps are still being shown: nobody may act yet."""
        return self.current is not None or bool(self.steps)

    def advance(self, dt: float, speed: float, view: StepView) -> None:
        """Show the steps for ``dt`` more seconds at ``speed``."""
        while True:
            if self.current is None:
                if not self.steps:
                    return
                self.current = self.steps.popleft()
                if self.current.scores is not None:  # (a trick: as its callout shows)
                    self.scores = self.current.scores
                if self.current.hold <= 0:
                    self._start(self.current, speed, view)
                    # first drawn at the end of this frame: its time on show
                    # counts from there
                    self.current.started_at = dt
            step = self.current
            step.elapsed += dt
            dt = 0.0
            hold = step.hold / speed
            if not step.started and step.elapsed >= hold:
                self._start(step, speed, view)
            shown = on_show_seconds(step.on_show, speed)
            if step.started and step.elapsed >= max(hold + step.settle / speed,
                                                    step.started_at + shown):
                self.current = None
                self._finish(step, view)
                continue
            return

    def _start(self, step: Step, speed: float, view: StepView) -> None:
        step.started = True
        step.started_at = step.elapsed
        if step.kind == "trick":
            view.trick_gathered(step, step.settle / speed)
        else:
            view.step_started(step, step.settle / speed)

    def _finish(self, step: Step, view: StepView) -> None:
        if step.kind == "trick":
            self.tricks_seen += 1
        view.step_finished(step)
        if step.kind in ("trick", "deal"):
            self.autosave()

    # ------------------------------------------------------------------ acting
    def human_turn(self, viewer: int | None) -> bool:
        """The person ``viewer`` (the one whose hand is face up) may act now."""
        return not self.animating() and self.turn_coming(viewer)

    def turn_coming(self, viewer: int | None) -> bool:
        """The person ``viewer`` may act once what moves on the table lands."""
        return (viewer is not None and self.match.state.phase is PLAYING
                and self.match.is_human_turn() and self.match.to_act == viewer)

    def act(self, action: Action) -> list[Event]:
        """Apply ``action`` for the seat to act and queue its steps; raises
        IllegalActionError (the match unchanged) when the rules refuse it."""
        seat = self.match.to_act
        person = seat if seat is not None and self.match.seats[seat].is_human else None
        before = None if self.animating() else self.match.state.clone()
        events = self.match.apply(action)
        self._queue(before, events, person)
        return events

    def think(self, dt: float, speed: float) -> Action | None:
        """A bot's turn: start it thinking, and once it has an answer and has
        seemed to think long enough (``BOT_PACE``), return its action."""
        st = self.match.state
        seat = st.to_act
        if seat is None or self.match.seats[seat].is_human:
            return None
        if self.bot is None:
            level = self.match.seats[seat].level or "random"
            future = self.executor.submit(think, level, self.match.view(seat),
                                          self.match.bot_rng(), self.bot_budget)
            self.bot = _Thought(future, self.generation)
            return None
        self.bot.waited += dt
        if not self.bot.future.done() or self.bot.waited < BOT_PACE / speed:
            return None
        thought, self.bot = self.bot, None
        if thought.generation != self.generation:
            return None
        return thought.future.result()

    def thinking(self) -> bool:
        return self.bot is not None

    def coming_faces(self, face_up: frozenset[int]) -> list[int]:
        """The cards about to be turned face up on screen, soonest first: those of
        steps not started yet (a card played, one drawn into a hand of
        ``face_up`` or shown to all, the cards of an exchange), then a bot's
        answer ready while it still seems to think (``BOT_PACE``). For pictures
        only (made before the frame that shows them): nothing is changed, the
        answer not taken."""
        cards: list[int] = []
        for step in (self.current, *self.steps):
            if step is None or step.started:
                continue
            ev = step.event
            if isinstance(ev, Played) or (isinstance(ev, Drew)
                                          and (ev.public or ev.seat in face_up)):
                cards.append(int(ev.card))
            elif isinstance(ev, Exchanged):
                cards += [int(ev.gave), int(ev.took)]
        bot = self.bot
        if bot is not None and bot.generation == self.generation and bot.future.done() \
                and not bot.future.cancelled() and bot.future.exception() is None:
            answer = bot.future.result()
            if answer.kind == PLAY and answer.card is not None:
                cards.append(int(answer.card))
        return cards

    def undo(self) -> str | None:
        """Take back the person's last action (``Match.undo``): its text; None
        when there is none or steps are still being shown."""
        taken = None if self.animating() else self.match.undo()
        if taken is None:
            return None
        self.generation += 1
        self.bot = None
        self.hint = None  # asked for the position taken back: it would name a card drawn then
        self.tricks_seen = self.match.state.tricks_played
        self.autosave()
        return taken

    # ------------------------------------------------------------------ hints
    def ask_hint(self, viewer: int, shown: int | None = None,
                 compare: str | None = None) -> bool:
        """Ask what ``viewer`` should do; False when a hint is already being
        worked out. The hint is the round review's best action for this
        moment, the same computation with the same deals (``review.hint``,
        seeded as the review of this decision will be): the review never
        calls the hinted action a mistake. ``shown``: in subastado's auction,
        the bid the person's stepper shows (its reason may speak of it);
        ``compare``: the action the person was weighing, its why told first."""
        if self.hint is not None:
            return False
        m = self.match
        budget = self.hint_budget or Budget(iterations=deals_for(m.variant))
        rng = decision_rng(0, len(m.rounds), len(m.rounds[-1].actions), in_auction(m.state))
        executor = self.hint_executor or self.executor
        self.hint = executor.submit(hint_why, m.view(viewer), rng, budget, shown, compare)
        self.hint_at = self.position()
        return True

    def position(self) -> tuple[int, int, int]:
        """Where the match stands: its round, the actions of that round so far
        (every card played by anyone, every declaration, exchange and bid; a
        trick is taken with its last card) and the undos (``generation``). A
        hint is for one position: it goes when this changes."""
        m = self.match
        return len(m.rounds), len(m.rounds[-1].actions), self.generation

    def take_hint(self) -> Action | None:
        """The hint, once it is ready (then it is forgotten); its reasons in
        ``hint_reasons``."""
        if self.hint is None or not self.hint.done():
            return None
        future, self.hint = self.hint, None
        if self.hint_at != self.position():  # for a position gone: said, it would mislead
            return None
        action, self.hint_reasons = future.result()
        return action

    def drop_hint(self) -> None:
        self.hint = None

    # ------------------------------------------------------------------ rounds
    def autosave(self) -> None:
        """Write the match, if it is saved; a refusal of the disk is told to
        ``save_failed`` and changes nothing else."""
        if self.save is None:
            return
        try:
            self.save(self.match)
        except (OSError, ValueError) as e:  # ValueError: e.g. text UTF-8 cannot hold
            if self.save_failed is not None:
                self.save_failed(e)

    def round_over(self) -> bool:
        return self.match.state.phase is not PLAYING

    def count_round(self) -> None:
        """The round is over: count it for the people at the table."""
        if self.record_round is not None and self.match.humans():
            self.record_round(round_result(self.match))

    def match_over(self) -> bool:
        return self.match.state.phase is MATCH_OVER

    def next_round(self) -> None:
        """Deal the next round and queue its steps."""
        before = None if self.animating() else self.match.state.clone()
        self._queue(before, self.match.next_round())
        self.tricks_seen = 0
        self.autosave()
