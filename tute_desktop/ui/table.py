"""The table: the match being played, drawn in card units and animated.

The match (engine) is always at the end of the last action; the table shows the
``Board`` catching up one event at a time (a card flying to the trick, the trick
gathered, a draw, an exchange, a declaration), each step eased and timed in
seconds and scaled by the speed setting. Bots think on a worker thread, so the
window never waits for them; a person acts with the mouse or the keyboard.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from ..bots import Budget, make_bot
from ..engine import Action, IllegalActionError
from ..engine.actions import PLAY, SING, SWAP
from ..engine.cards import card_name
from ..engine.events import (
    Cante,
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
)
from ..engine.rules import Scoring
from ..engine.state import MATCH_OVER, PLAYING
from ..i18n import card_label, refusal
from ..match import Match
from ..stats import round_result
from . import intents as I
from .board import OPPONENT_SCALE, PILE_SCALE, Board, Geometry, Place, layout
from .i18n import SUIT_WORDS
from .scene import Scene
from .tween import Tween, ease_in_out_sine, ease_out_cubic
from .widgets import DIM, GOLD, INK, Button, ButtonSet, layout_row, panel

if TYPE_CHECKING:
    from ..app import App

# Seconds each step takes at speed 1: (hold before it happens, time to settle).
STEP_TIMES: dict[str, tuple[float, float]] = {
    "shuffle": (0.0, 1.0),
    "deal": (0.0, 1.1),
    "play": (0.0, 0.32),
    "trick": (0.75, 0.4),
    "draw": (0.0, 0.3),
    "swap": (0.2, 0.8),
    "swap_done": (0.2, 0.8),
    "sing": (0.0, 1.5),
    "capote": (0.0, 1.3),
    "claim": (0.0, 1.3),
    "pass": (0.0, 0.15),
    "throw_in": (0.0, 1.0),
    "round_over": (0.5, 0.0),
}
BOT_PACE = 0.55
"""Least seconds a bot seems to think, at speed 1, so its moves can be followed."""
HINT_MS = 600
INLINE_BOTS = False
"""Tests set this to run bots on the calling thread, so a test never waits on time."""

STEP_OF: dict[type, str] = {
    Dealt: "deal", Played: "play", TrickWon: "trick", Drew: "draw", Exchanged: "swap",
    ExchangeDeferred: "swap", ExchangeCompleted: "swap_done", Declared: "sing",
    CapoteAnnounced: "capote", Claimed: "claim", Passed: "pass", ThrownIn: "throw_in",
    RoundOver: "round_over", GameWon: "game_over", MatchOver: "match_over",
}
"""The animation step each kind of engine event becomes (keys of ``STEP_TIMES``)."""

SCORE_UNITS: dict[Scoring, str] = {
    Scoring.GAMES_101: "games", Scoring.LOST_ROUNDS: "stones",
    Scoring.WON_ROUNDS: "rounds_won", Scoring.RUNNING_101: "",
}
"""The catalog key of what the match score counts, by scoring."""

SOUNDS = {"shuffle": "shuffle", "deal": "deal", "play": "play", "trick": "trick", "draw": "draw",
          "swap": "exchange", "swap_done": "exchange", "capote": "sing40",
          "claim": "sing40", "throw_in": "shuffle"}


@dataclass
class Sprite:
    """One card on screen."""

    card: int
    x: float
    y: float
    angle: float = 0.0
    face_up: bool = False
    z: int = 0
    scale: float = 1.0
    tween: Tween | None = None
    target: Place | None = None
    then: list[tuple[Place, float, float]] = field(default_factory=list)
    """Further legs of a path: (place, duration, delay), taken one after another."""

    def path(self, legs: list[tuple[Place, float, float]]) -> None:
        """Move through several places in turn (the shuffle's gather, cut, riffle)."""
        first, rest = legs[0], legs[1:]
        self.settle(first[0], first[1], first[2])
        self.then = rest

    def settle(self, place: Place, duration: float, delay: float = 0.0,
               easing: Any = ease_out_cubic) -> None:
        self.then = []
        end = (place.x, place.y, float(place.angle), place.scale)
        if duration <= 0:
            self.x, self.y, self.angle, self.scale = end
            self.tween = None
        else:
            self.tween = Tween((self.x, self.y, self.angle, self.scale), end,
                               duration, easing, delay)
        self.face_up = place.face_up
        self.z = place.z
        self.target = place

    def update(self, dt: float) -> bool:
        if self.tween is None:
            return False
        self.x, self.y, self.angle, self.scale = self.tween.update(dt)
        if self.tween.done:
            self.tween = None
            if self.then:
                rest = self.then[1:]
                place, duration, delay = self.then[0]
                self.settle(place, duration, delay, ease_in_out_sine)
                self.then = rest
        return True


@dataclass
class Step:
    kind: str
    """A key of ``STEP_TIMES``: the event's step, or "shuffle" before a deal."""
    event: Event | None
    board: Board | None = None  # a fresh board for a new deal
    hold: float = 0.0
    settle: float = 0.0
    started: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


class TableScene(Scene):
    """The match being played, with its animations, buttons and panels."""

    def __init__(
        self,
        app: App,
        match: Match,
        *,
        autosave: bool = True,
        spectate: bool = False,
        speed: float | None = None,
        on_save: Callable[[Match], None] | None = None,
        on_match_over: Callable[[Match], None] | None = None,
        caption: str = "",
    ) -> None:
        """``spectate``: every hand face down (a tournament match watched by the
        others); ``speed`` overrides the animation speed setting; ``on_save`` and
        ``on_match_over`` replace the autosave slot and the return to the title
        (a tournament keeps its own save and bracket); ``caption`` heads the panel."""
        super().__init__(app)
        self.match = match
        humans = match.humans()
        self.spectate = spectate
        self.speed = speed
        self.on_save = on_save
        self.on_match_over = on_match_over
        self.caption = caption
        self.hot_seat = len(humans) >= 2 and not spectate
        """Several people share the screen: each sees their hand only after the
        privacy screen, and only until another person's turn comes."""
        self.perspective = humans[0] if humans else 0
        self.confirmed: int | None = None
        """The person whose hand may be face up now (None: every hand is hidden)."""
        if spectate or self.hot_seat:
            self.face_up_seats: frozenset[int] = frozenset()
        else:
            self.confirmed = humans[0] if humans else None
            self.face_up_seats = frozenset({self.perspective})
        self.privacy_for: int | None = None  # the person the privacy screen waits for
        self.autosave = autosave and (bool(humans) or on_save is not None)
        self.stats_recorded: set[int] = set()  # rounds whose results went to statistics
        self.board = Board(match.state)
        self.geo = Geometry.for_size(*app.size, match.rules.players)
        self.sprites: dict[int, Sprite] = {}
        self.steps: deque[Step] = deque()
        self.current: Step | None = None
        self.banner: tuple[str, float] | None = None
        self.toast: tuple[str, float] | None = None
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self.bot_future: Future[Action] | None = None
        self.bot_waited = 0.0
        self.generation = 0  # bumped by undo: stale bot answers are dropped
        self.hint_future: Future[Action] | None = None
        self.hint_card: int | None = None
        self.show_last = False
        self.selected = 0
        self.pressed_card: int | None = None
        self.drag: tuple[int, float, float] | None = None
        self.actions = ButtonSet()
        self.tools = ButtonSet()
        self.summary_shown = False
        self.tricks_seen = 0
        self._rot_cache: dict[tuple[str, int, int], pygame.Surface] = {}
        self._bots = {s.level: make_bot(s.level) for s in match.seats if s.level}
        self._hint_bot = make_bot("expert")
        for c in range(40):
            self.sprites[c] = Sprite(c, *self.geo.stock_pos)
        self.enqueue(match.first_events, fresh=True)

    # ------------------------------------------------------------------ lifecycle
    def exit(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)

    def layout(self, size: tuple[int, int]) -> None:
        self.geo = Geometry.for_size(size[0], size[1], self.match.rules.players)
        self._rot_cache.clear()
        self._preload()
        self._relayout(0.0)
        self._build_buttons()

    def _preload(self) -> None:
        """Render every face and back at this size now, once, so no frame stalls on
        an SVG the first time a card turns up."""
        for c in range(40):
            self._surface(Sprite(c, 0, 0, face_up=True))
        for scale in (1.0, OPPONENT_SCALE, PILE_SCALE):
            for angle in (0, 90):
                self._surface(Sprite(0, 0, 0, angle=angle, scale=scale))

    def busy(self) -> bool:
        return (
            self.current is not None
            or bool(self.steps)
            or self.bot_future is not None
            or self.hint_future is not None
            or self.banner is not None
            or self.toast is not None
            or any(s.tween is not None for s in self.sprites.values())
        )

    # ------------------------------------------------------------------ events → steps
    def enqueue(self, events: list[Event], fresh: bool = False) -> None:
        for ev in events:
            kind = STEP_OF[type(ev)]
            hold, settle = STEP_TIMES.get(kind, (0.0, 0.0))
            board = Board(self.match.state) if kind == "deal" else None
            if fresh and kind == "deal":
                self.board = board or self.board
            if kind == "deal":  # the dealer shuffles, then deals
                self.steps.append(Step("shuffle", None, board, *STEP_TIMES["shuffle"]))
            self.steps.append(Step(kind, ev, board, hold, settle))

    def _speed(self) -> float:
        return max(self.speed or self.app.settings.animation_speed, 0.05)

    def _start(self, step: Step) -> None:
        step.started = True
        ev = step.event
        kind = step.kind
        speed = self._speed()
        sound = SOUNDS.get(kind)
        if sound:
            self.app.resources.play(sound)
        if kind in ("shuffle", "deal"):  # a new round: its board replaces the last one
            assert step.board is not None
            self.board = step.board
            self.summary_shown = False
            animate = self._shuffle_animation if kind == "shuffle" else self._deal_animation
            animate(step.settle / speed)
            return
        if kind == "trick" or ev is None:
            return  # applied after the hold, so everyone sees the whole trick
        self.board.apply(ev)
        self._banner_for(ev)
        self._relayout(step.settle / speed)

    def _finish(self, step: Step) -> None:
        kind = step.kind
        if kind == "trick":
            self.tricks_seen += 1
            self.app.screenshot(f"trick-{self.tricks_seen:02d}")
            self._save()
        elif kind == "deal":
            self.app.screenshot("deal")
            self._save()
        elif kind in ("sing", "swap", "swap_done", "capote"):
            self.app.screenshot(kind)
        if kind == "sing":
            self.board.raised.clear()
            self._relayout(0.35 / self._speed())
        self._build_buttons()

    def _banner_for(self, ev: Event) -> None:
        lang = self.app.lang
        if isinstance(ev, Declared):
            if ev.kind == "20":
                text = self.app.tr("banner_20", suit=SUIT_WORDS[lang][ev.suit or 0])
                self.app.resources.play("sing20")
            elif ev.kind == "40":
                text = self.app.tr("banner_40")
                self.app.resources.play("sing40")
            else:
                text = self.app.tr("banner_tute")
                self.app.resources.play("sing40")
            self._show_banner(f"{self._name(ev.seat)}: {text}")
        elif isinstance(ev, ExchangeDeferred):
            self._show_banner(self.app.tr("banner_swap_deferred", gave=self._card(str(ev.gave))))
        elif isinstance(ev, Exchanged | ExchangeCompleted):
            self._show_banner(self.app.tr("banner_swap", gave=self._card(str(ev.gave)),
                                          took=self._card(str(ev.took))))
        elif isinstance(ev, CapoteAnnounced):
            self._show_banner(f"{self._name(ev.seat)}: {self.app.tr('banner_capote')}")
        elif isinstance(ev, Claimed):
            self._show_banner(f"{self._name(ev.seat)}: {self.app.tr('banner_claim')}")
        elif isinstance(ev, ThrownIn):
            self._show_banner(self.app.tr("banner_throw"))

    def _show_banner(self, text: str) -> None:
        self.banner = (text, 1.6 / self._speed())

    def _shuffle_animation(self, duration: float) -> None:
        """All 40 cards gather face down by the dealer, are cut in two packets and
        riffled back together."""
        where = self.geo.seat_position(self.match.state.dealer, self.perspective,
                                       self.match.rules.players)
        dx, dy = self.geo.dealer_pos(where)
        cut = self.geo.card_w * 0.45
        for k, sprite in enumerate(sorted(self.sprites.values(), key=lambda s: s.card * 7 % 40)):
            y = dy - k * 0.25
            side = cut if k % 2 else -cut

            def spot(x: float, z: int, sprite_y: float = y) -> Place:
                return Place(x, sprite_y, False, 0, z, 0.85)

            sprite.face_up = False
            sprite.path([
                (spot(dx, k), duration * 0.35, 0.0),
                (spot(dx + side, k), duration * 0.2, 0.0),
                (spot(dx, 40 - k if k % 2 else k), duration * 0.3, k * duration * 0.003),
            ])

    def _deal_animation(self, duration: float) -> None:
        places = layout(self.board, self.geo, self.perspective, self.face_up_seats)
        where = self.geo.seat_position(self.match.state.dealer, self.perspective,
                                       self.match.rules.players)
        dx, dy = self.geo.dealer_pos(where)
        dealt = [c for hand in self.board.hands for c in hand]
        per = duration * 0.6 / max(len(dealt), 1)
        order = {c: i for i, c in enumerate(
            c for k in range(max(len(h) for h in self.board.hands))
            for h in self.board.hands if k < len(h) for c in [h[k]])}
        for c, sprite in self.sprites.items():
            place = places.get(c)
            if place is None:
                continue
            if c in order:
                sprite.x, sprite.y, sprite.angle, sprite.face_up = dx, dy, 0.0, False
                sprite.scale = 0.72
                sprite.settle(place, duration * 0.4, delay=order[c] * per)
                sprite.face_up = place.face_up
            else:
                sprite.x, sprite.y = dx, dy
                sprite.settle(place, duration * 0.5, easing=ease_in_out_sine)

    def _relayout(self, duration: float) -> None:
        places = layout(self.board, self.geo, self.perspective, self.face_up_seats)
        for c, sprite in self.sprites.items():
            place = places.get(c)
            if place is None:
                continue
            if sprite.target != place:
                sprite.settle(place, duration)

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        for sprite in self.sprites.values():
            sprite.update(dt)
        if self.banner is not None:
            text, left = self.banner
            self.banner = (text, left - dt) if left - dt > 0 else None
        if self.toast is not None:
            text, left = self.toast
            self.toast = (text, left - dt) if left - dt > 0 else None
        self._poll_hint()
        self._advance_steps(dt)
        if self.current is None and not self.steps:
            self._idle(dt)

    def _advance_steps(self, dt: float) -> None:
        speed = self._speed()
        while True:
            if self.current is None:
                if not self.steps:
                    return
                self.current = self.steps.popleft()
                self.current.extra["t"] = 0.0
                if self.current.hold <= 0:
                    self._start(self.current)
            step = self.current
            step.extra["t"] += dt
            dt = 0.0
            t = step.extra["t"]
            hold = step.hold / speed
            if not step.started and t >= hold:
                if step.kind == "trick":
                    assert step.event is not None
                    step.started = True
                    self.board.apply(step.event)
                    self._relayout(step.settle / speed)
                    self.app.resources.play("trick")
                else:
                    self._start(step)
            if step.started and t >= hold + step.settle / speed:
                self.current = None
                self._finish(step)
                continue
            return

    def _idle(self, dt: float) -> None:
        st = self.match.state
        if st.phase is not PLAYING:
            if not self.summary_shown:
                self.summary_shown = True
                if self.hot_seat:  # the summary is for everyone: hide what is left
                    self.show_viewer(None)
                self._record_stats()
                self._build_buttons()
                from .scenes import SummaryScene

                self.app.push(SummaryScene(self.app, self))
            return
        seat = st.to_act
        assert seat is not None
        if self.match.seats[seat].is_human:
            if self.hot_seat and seat != self.confirmed:
                self._ask_privacy(seat)
            return
        self.bot_waited += dt
        if self.bot_future is None:
            level = self.match.seats[seat].level or "random"
            v = self.match.view(seat)
            rng = self.match.bot_rng()
            self.bot_future = self._submit(self._bots[level].choose, v, rng, Budget())
            self.bot_future.generation = self.generation  # type: ignore[attr-defined]
            self.bot_waited = 0.0
            return
        if self.bot_future.done() and self.bot_waited >= BOT_PACE / self._speed():
            future, self.bot_future = self.bot_future, None
            if getattr(future, "generation", -1) != self.generation:
                return
            self._act(future.result())

    def _submit(self, fn: Any, *args: Any) -> Future[Action]:
        if not INLINE_BOTS:
            return self.executor.submit(fn, *args)
        future: Future[Action] = Future()
        future.set_result(fn(*args))
        return future

    def _act(self, action: Action) -> bool:
        """Apply an action for the seat to act; an illegal one shows the reason."""
        try:
            events = self.match.apply(action)
        except IllegalActionError as e:
            self.toast = (refusal(self.app.lang, e), 2.8)
            self.app.resources.play("click")
            return False
        self.hint_card = None
        self.enqueue(events)
        self._build_buttons()
        return True

    def _save(self) -> None:
        if not self.autosave:
            return
        try:
            if self.on_save is not None:
                self.on_save(self.match)
            else:
                self.app.save_slot.save(self.match.to_json())
        except OSError as e:
            self.toast = (self.app.tr("autosave_failed", error=str(e)), 3.0)

    # ------------------------------------------------------------------ hot-seat
    def show_viewer(self, seat: int | None, duration: float = 0.0) -> None:
        """Show ``seat``'s hand face up at the bottom (None: hide every hand).
        Whatever belonged to the previous viewer (hint, toast, selection, the
        last-trick view) goes with them."""
        self.confirmed = seat
        if seat is not None:
            self.perspective = seat
        self.face_up_seats = frozenset() if seat is None else frozenset({seat})
        self.hint_card = None
        self.hint_future = None
        self.toast = None
        self.show_last = False
        self.selected = 0
        self.pressed_card = None
        self.drag = None
        self._relayout(duration)
        self._build_buttons()

    def _ask_privacy(self, seat: int) -> None:
        """Another person's turn: hide every hand before anything else is drawn,
        and wait until that person says they are looking."""
        from .scenes import PrivacyScene

        self.show_viewer(None)
        self.privacy_for = seat
        self.app.push(PrivacyScene(self.app, self, seat))

    def privacy_confirmed(self) -> None:
        """The privacy screen was dismissed by the person it waited for."""
        seat, self.privacy_for = self.privacy_for, None
        if seat is not None and self.match.to_act == seat:
            self.show_viewer(seat, 0.35 / self._speed())

    def animate(self, dt: float) -> None:
        """Move the cards only (while a screen over the table waits)."""
        for sprite in self.sprites.values():
            sprite.update(dt)

    def _record_stats(self) -> None:
        """The round is over: count it for the people at the table."""
        if self.match.humans():
            self.app.record_round(round_result(self.match))

    # ------------------------------------------------------------------ after a round
    def continue_after_round(self) -> None:
        """Called by the summary: deal the next round, or end the match."""
        st = self.match.state
        self.app.round_finished()
        if st.phase is MATCH_OVER:
            if self.on_match_over is not None:
                self.on_match_over(self.match)
                return
            if self.autosave:
                self.app.save_slot.delete()
            from .scenes import TitleScene

            self.app.reset_to(TitleScene(self.app))
            return
        events = self.match.next_round()
        self.tricks_seen = 0
        self.enqueue(events)
        self._save()

    # ------------------------------------------------------------------ people
    def _human_turn(self) -> bool:
        """The person looking at the screen may act now."""
        return (
            self.current is None and not self.steps and self.match.state.phase is PLAYING
            and self.match.is_human_turn() and self.match.to_act == self.confirmed
        )

    def _my_hand(self) -> list[int]:
        return self.board.hands[self.perspective]

    def handle(self, intent: I.Intent) -> None:
        kind = intent.kind
        if kind == I.POINTER:
            self.actions.pointer(intent.pos)
            self.tools.pointer(intent.pos)
            if self.drag is not None:
                card, ox, oy = self.drag
                sprite = self.sprites[card]
                sprite.tween = None
                sprite.x, sprite.y = intent.pos[0] - ox, intent.pos[1] - oy
            elif self.pressed_card is not None:
                sprite = self.sprites[self.pressed_card]
                if abs(intent.pos[0] - sprite.x) + abs(intent.pos[1] - sprite.y) > 0:
                    self.drag = (self.pressed_card, intent.pos[0] - sprite.x,
                                 intent.pos[1] - sprite.y)
            return
        if kind == I.PRESS:
            if self.actions.press(intent.pos) or self.tools.press(intent.pos):
                return
            if self.show_last:
                self.show_last = False
                return
            card = self._card_at(intent.pos)
            if card is not None and self._human_turn():
                self.pressed_card = card
            return
        if kind == I.RELEASE:
            if self.actions.release(intent.pos) or self.tools.release(intent.pos):
                return
            card, self.pressed_card = self.pressed_card, None
            drag, self.drag = self.drag, None
            if card is None:
                return
            if drag is not None and intent.pos[1] > self.geo.height - self.geo.card_h * 1.2:
                self._relayout(0.2)  # dropped back on the hand
                return
            if not self._play(card):
                self._relayout(0.2)
            return
        if kind == I.KEY:
            if self.actions.key(intent.char) or self.tools.key(intent.char):
                return
            return
        if kind == I.UNDO:
            self.undo()
        elif kind == I.BACK:
            if self.show_last:
                self.show_last = False
            else:
                self._to_title()
        elif kind == I.HELP:
            self._rules()
        elif kind in (I.LEFT, I.RIGHT):
            hand = self._my_hand()
            if hand:
                self.selected = (self.selected + (1 if kind == I.RIGHT else -1)) % len(hand)
        elif kind == I.CONFIRM:
            hand = self._my_hand()
            if hand and self._human_turn():
                self._play(hand[min(self.selected, len(hand) - 1)])
        elif kind == I.NUMBER:
            hand = self._my_hand()
            if 1 <= intent.value <= len(hand) and self._human_turn():
                self.selected = intent.value - 1
                self._play(hand[intent.value - 1])

    def _card_at(self, pos: tuple[int, int]) -> int | None:
        cw, ch = self.geo.card_w, self.geo.card_h
        best: tuple[int, int] | None = None
        for c in self._my_hand():
            s = self.sprites[c]
            rect = pygame.Rect(0, 0, cw, ch)
            rect.center = (int(s.x), int(s.y))
            if rect.collidepoint(pos) and (best is None or s.z > best[0]):
                best = (s.z, c)
        return best[1] if best else None

    def _play(self, card: int) -> bool:
        if not self._human_turn():
            return False
        hand = self._my_hand()
        if card in hand:
            self.selected = hand.index(card)
        return self._act(Action.parse(f"play {card_name(card)}"))

    def undo(self) -> None:
        if self.current is not None or self.steps or not self.match.undo():
            return
        self.generation += 1
        self.bot_future = None
        self.board = Board(self.match.state)
        self.tricks_seen = self.match.state.tricks_played
        self._relayout(0.35 / self._speed())
        self._build_buttons()
        self._save()

    def hint(self) -> None:
        if not self._human_turn() or self.hint_future is not None:
            return
        assert self.confirmed is not None
        v = self.match.view(self.confirmed)
        budget = Budget(iterations=40) if INLINE_BOTS else Budget(ms=HINT_MS)
        self.hint_future = self._submit(self._hint_bot.choose, v, random.Random(7), budget)

    def _poll_hint(self) -> None:
        if self.hint_future is None or not self.hint_future.done():
            return
        action = self.hint_future.result()
        self.hint_future = None
        if not self._human_turn():
            return
        if action.kind is PLAY and action.card is not None:
            self.hint_card = int(action.card)
            self.toast = (self.app.tr("hint_is", action=self._card(str(action.card))), 2.5)
        else:
            self.toast = (self.app.tr("hint_is", action=self._action_label(action)), 2.5)

    def _to_title(self) -> None:
        from .scenes import TitleScene

        self._save()
        self.app.reset_to(TitleScene(self.app))

    def _rules(self) -> None:
        from .scenes import RulesScene

        self.app.push(RulesScene(self.app, self.match.variant))

    # ------------------------------------------------------------------ buttons
    def _card(self, text: str) -> str:
        return card_label(self.app.lang, text)

    def _action_label(self, a: Action) -> str:
        lang = self.app.lang
        if a.kind is SING:
            if a.cante == "20":
                return self.app.tr("sing20", suit=SUIT_WORDS[lang][a.suit or 0])
            if a.cante == "40":
                return self.app.tr("sing40")
            return self.app.tr("singtute", what=self.app.tr("reyes" if a.rank == 12
                                                             else "caballos"))
        if a.kind is SWAP:
            return self.app.tr("swap", card=self._card(str(a.card)))
        if a.kind is PLAY:
            return self._card(str(a.card))
        return self.app.tr({"capote": "capote", "claim": "claim", "pass": "pass",
                            "throw": "throw"}[a.kind])

    def _act_later(self, action: Action) -> Callable[[], None]:
        """A button's action: apply ``action`` when pressed."""
        return lambda: None if self._act(action) else None

    def _build_buttons(self) -> None:
        size = self._font(0.16)
        self.actions.buttons = []
        if self._human_turn():
            keys = iter(self.app.tr("key.sings"))
            for a in self.match.state.legal_actions():
                if a.kind is PLAY:
                    continue
                key = next(keys, "") if a.kind is SING else self.app.tr(f"key.{a.kind}")
                self.actions.buttons.append(Button(self._action_label(a), self._act_later(a), key))
        layout_row(self.actions.buttons, self.app.text, size,
                   (self.geo.width // 2, int(self.geo.height - self.geo.card_h * 1.32)))
        tr = self.app.tr
        undo = Button(tr("undo"), self.undo, tr("key.undo"), enabled=self.match.can_undo()
                      and self._human_turn())
        hint = Button(tr("hint"), self.hint, tr("key.hint"), enabled=self._human_turn())
        last = Button(tr("last_trick"), self._toggle_last, tr("key.last_trick"),
                      enabled=bool(self.board.last_trick))
        rules = Button(tr("rules"), self._rules, tr("key.rules"))
        menu = Button(self.app.tr("menu"), self._to_title, "")
        # Spectators and people sharing the screen have nothing to undo or ask.
        self.tools.buttons = [last, rules, menu] if self.spectate else (
            [hint, last, rules, menu] if self.hot_seat else [hint, undo, last, rules, menu])
        # A row of small buttons in the top-right corner.
        tsize = self._font(0.12)
        h = int(tsize * 1.7)
        x = self.geo.width - 8
        for b in reversed(self.tools.buttons):
            w = self.app.text.font(tsize).size(b.label + (f"  [{b.key.upper()}]" if b.key
                                                         else ""))[0] + tsize
            x -= w
            b.rect = pygame.Rect(x, 6, w, h)
            x -= 6

    def _toggle_last(self) -> None:
        self.show_last = not self.show_last and bool(self.board.last_trick)

    # ------------------------------------------------------------------ drawing
    def _font(self, k: float) -> int:
        return max(14, int(self.geo.card_h * k))

    def _name(self, seat: int) -> str:
        name = self.match.seats[seat].name
        return name or self.app.tr("seat", n=seat + 1)

    def _surface(self, sprite: Sprite) -> pygame.Surface:
        cw = max(8, int(round(self.geo.card_w * sprite.scale / 2)) * 2)  # even sizes: fewer
        name = card_name(sprite.card) if sprite.face_up else f"back-{self.app.settings.card_back}"
        angle = int(round(sprite.angle)) % 360
        key = (name, cw, angle)
        surf = self._rot_cache.get(key)
        if surf is None:
            if sprite.face_up:
                base = self.app.resources.card_face(name, cw)
            else:
                back = self.app.settings.card_back
                try:
                    base = self.app.resources.card_back(back, cw)
                except (OSError, ValueError, pygame.error):
                    base = self.app.resources.card_back("red", cw)
            surf = pygame.transform.rotate(base, angle) if angle else base
            if len(self._rot_cache) > 400:
                self._rot_cache.clear()
            self._rot_cache[key] = surf
        return surf

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.settings.table_rgb)
        geo = self.geo
        # Felt texture: a soft vignette ring around the trick.
        cx, cy = geo.trick_center
        pygame.draw.ellipse(surface, _shade(self.app.settings.table_rgb, 0.9),
                            pygame.Rect(cx - geo.card_h * 1.4, cy - geo.card_h * 0.95,
                                        geo.card_h * 2.8, geo.card_h * 1.9), 3)
        legal = self._legal_mask()
        hand_set = set(self._my_hand())
        for sprite in sorted(self.sprites.values(), key=lambda s: s.z):
            if sprite.target is None:
                continue
            surf = self._surface(sprite)
            dy = 0.0
            if sprite.card in hand_set and self._human_turn():
                hand = self._my_hand()
                if hand and hand[min(self.selected, len(hand) - 1)] == sprite.card:
                    dy = -geo.card_h * 0.08
            rect = surf.get_rect(center=(int(sprite.x), int(sprite.y + dy)))
            surface.blit(surf, rect)
            if sprite.card in hand_set and legal is not None and not legal >> sprite.card & 1:
                shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                shade.fill((0, 0, 0, 95))
                surface.blit(shade, rect)
            if sprite.card == self.hint_card:
                pygame.draw.rect(surface, GOLD, rect.inflate(4, 4), 3, border_radius=6)
        self._draw_labels(surface)
        self._draw_panel(surface)
        self.actions.draw(surface, self.app.text, self._font(0.16))
        self.tools.draw(surface, self.app.text, self._font(0.12))
        if self.show_last:
            self._draw_last_trick(surface)
        if self.banner is not None:
            self._draw_banner(surface, self.banner[0], geo.height * 0.22, big=True)
        if self.toast is not None:
            self._draw_banner(surface, self.toast[0], geo.height * 0.08, big=False)

    def _legal_mask(self) -> int | None:
        if not self._human_turn():
            return None
        return self.match.state.legal_play_mask()

    def _draw_labels(self, surface: pygame.Surface) -> None:
        st = self.match.state
        n = self.match.rules.players
        size = self._font(0.15)
        for seat in range(n):
            where = self.geo.seat_position(seat, self.perspective, n)
            ax, ay = self.geo.hand_anchor(where)
            label = self._name(seat)
            if seat == st.dealer:
                label += self.app.tr("dealer_mark")
            turn = st.to_act == seat and st.phase is PLAYING
            if turn and not self.match.seats[seat].is_human and self.bot_future is not None:
                label += " …"
            color = GOLD if turn else INK
            ch = self.geo.card_h
            if where == "bottom":
                pos, anchor = (self.geo.width * 0.18, ay - ch * 0.1), "midright"
            elif where == "top":
                pos, anchor = (ax, ay + ch * 0.42), "midtop"
            elif where == "left":
                pos, anchor = (6, ay + self.geo.height * 0.18 + ch * 0.26), "topleft"
            else:
                pos, anchor = (self.geo.width - 6, ay + self.geo.height * 0.18 + ch * 0.26), \
                    "topright"
            self.app.text.draw(surface, label, size, pos, color, anchor=anchor, bold=turn)
            if where == "bottom" and turn and seat == self.confirmed:
                self.app.text.draw(surface, self.app.tr("your_turn"), int(size * 0.85),
                                   (pos[0], pos[1] + size), GOLD, anchor="midright")
        sx, sy = self.geo.stock_pos
        count = st.stock_count
        if n == 2:
            self.app.text.draw(surface, self.app.tr("stock", n=count), self._font(0.13),
                               (sx, sy + self.geo.card_h * 0.62), DIM, anchor="midtop")

    def _draw_panel(self, surface: pygame.Surface) -> None:
        st = self.match.state
        rules = self.match.rules
        size = self._font(0.13)
        lines: list[tuple[str, tuple[int, ...]]] = []
        from ..rules_text import VARIANT_TITLES

        title = VARIANT_TITLES.get(self.app.lang, VARIANT_TITLES["en"]).get(rules.name, rules.name)
        if self.caption:
            lines.append((self.caption, GOLD))
        lines.append((title, GOLD))
        trump = SUIT_WORDS[self.app.lang][st.trump]
        lines.append((self.app.tr("trumps_line", suit=trump), INK))
        lines.append((self.app.tr("round_points"), DIM))
        for side in range(rules.sides):
            lines.append((f"  {self._side_name(side)}: {st.points[side]}", INK))
        unit = SCORE_UNITS[rules.scoring]
        lines.append((self.app.tr("match") + (f" ({self.app.tr(unit)})" if unit else ""), DIM))
        totals = st.match_totals()
        for side in range(rules.sides):
            total = totals[side]
            extra = ""
            if rules.scoring is Scoring.RUNNING_101:
                extra = (f"  ({self.app.tr('buenas')} {total - 50})" if total > 50
                         else f"  ({self.app.tr('malas')})")
            elif st.carries_points():  # la vuelta: the points carried over
                extra = f"  · {st.round_total(side)}"
            lines.append((f"  {self._side_name(side)}: {total}{extra}", INK))
        if st.declarations:
            lines.append((self.app.tr("declarations"), DIM))
            for d in st.declarations[-3:]:
                what = f"{d.kind} {SUIT_WORDS[self.app.lang][d.suit or 0]}" \
                    if d.kind is Cante.TWENTY else str(d.kind)
                lines.append((f"  {self._name(d.seat)}: {what}", INK))
        width = int(self.geo.card_w * 2.6)
        height = int(len(lines) * size * 0.95 + 16)
        rect = pygame.Rect(8, 8, width, height)
        panel(surface, rect)
        y = rect.top + 8
        for text, color in lines:
            self.app.text.draw(surface, text, size, (rect.left + 10, y), color)
            y += int(size * 0.95)

    def _side_name(self, side: int) -> str:
        if self.match.rules.players == 4:
            a, b = side, side + 2
            return f"{self._name(a)} + {self._name(b)}"
        return self._name(side)

    def _draw_last_trick(self, surface: pygame.Surface) -> None:
        geo = self.geo
        trick = self.board.last_trick
        rect = pygame.Rect(0, 0, int(geo.card_w * (len(trick) * 1.15 + 0.6)),
                           int(geo.card_h * 1.5))
        rect.center = (geo.width // 2, int(geo.height * 0.44))
        panel(surface, rect, (0, 0, 0, 200))
        self.app.text.draw(surface, self.app.tr("last_trick"), self._font(0.14),
                           (rect.centerx, rect.top + 6), GOLD, anchor="midtop")
        for i, (seat, card) in enumerate(trick):
            face = self.app.resources.card_face(card_name(card), geo.card_w)
            x = rect.left + int(geo.card_w * (0.3 + i * 1.15))
            surface.blit(face, (x, rect.top + int(geo.card_h * 0.3)))
            self.app.text.draw(surface, self._name(seat), self._font(0.11),
                               (x + geo.card_w // 2, rect.bottom - 4), INK, anchor="midbottom")

    def _draw_banner(self, surface: pygame.Surface, text: str, y: float, big: bool) -> None:
        size = self._font(0.24 if big else 0.15)
        surf = self.app.text.render(text, size, GOLD if big else INK, bold=big)
        rect = surf.get_rect(center=(self.geo.width // 2, int(y)))
        panel(surface, rect.inflate(size * 1.4, size * 0.7), (0, 0, 0, 185))
        surface.blit(surf, rect)


def _shade(rgb: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    r, g, b = rgb
    return (int(r * k), int(g * k), int(b * k))
