"""Lessons (issue 19): the list of lessons, the first launch's offer, and the
lesson itself: an arranged deal on a plain table with the coach's box, which
points at the cards it means (raised, outlined in gold) and waits for the
right action. The coach's logic is ``tute_desktop.lessons`` (no pygame)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from ..engine.actions import Action, Kind
from ..engine.cards import card_name
from ..i18n import card_label, refusal, suit_name
from ..lessons import ANY, LESSON_NAMES, LESSONS, PERSON, Coach, Lesson
from . import intents as I
from .menus import REFUSAL, QuestionScene, focus_buttons, font, page_heading
from .scene import Scene
from .widgets import DIM, GOLD, INK, Button, ButtonSet, card_rect, draw_card, panel

if TYPE_CHECKING:
    from .gfx import Canvas
    from .services import Services

AUTO_STEP = 0.4
"""Seconds between the coach's steps when a lesson plays itself (--autoplay)."""
POINTED = (236, 196, 84)
ADVICE = (250, 220, 140)
"""The coach's own words on a legal action that is not the lesson's (a refusal is red)."""
DIMMED = (150, 150, 150)
"""The tint of the trick just won, left in sight until the next lead."""


def lesson_named(name: str) -> Lesson:
    return LESSONS[LESSON_NAMES.index(name)]


def _remember(app: Services, **changes: object) -> None:
    try:
        app.set_settings(app.settings.with_(**changes))
    except ValueError:  # never stops a lesson
        pass


class LessonOfferScene(QuestionScene):
    """The first launch's question: learn to play now, or not (asked once)."""

    def __init__(self, app: Services) -> None:
        super().__init__(app, app.tr("lesson.offer_title"), [app.tr("lesson.offer")], focus=0)

    def enter(self) -> None:
        _remember(self.app, lessons_offered=True)

    def choices(self) -> list[Button]:
        app = self.app
        return [Button(app.tr("learn"), self.learn, app.tr("key.learn")),
                Button(app.tr("lesson.not_now"), app.nav.pop, "")]

    def learn(self) -> None:
        self.app.nav.replace("lessons")


class LessonListScene(Scene):
    """Every lesson, which are done, and where the player stopped."""

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.buttons = ButtonSet()
        self.focus = 0

    def _first_open(self) -> int:
        s = self.app.settings
        if s.lesson_at in LESSON_NAMES:
            return LESSON_NAMES.index(s.lesson_at)
        done = set(s.lessons_done)
        return next((i for i, n in enumerate(LESSON_NAMES) if n not in done), 0)

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        s = app.settings
        done = set(s.lessons_done)
        fs = font(app, 0.028)
        rows: list[Button] = []
        for i, lesson in enumerate(LESSONS):
            label = f"{i + 1}. {app.tr(lesson.title_key)}"
            if lesson.name == s.lesson_at and s.lesson_step > 0:
                label += "  · " + app.tr("lesson.stopped", step=s.lesson_step + 1,
                                          total=len(lesson.steps))
            elif lesson.name in done:
                label += "  · " + app.tr("lesson.done_mark")
            rows.append(Button(label, partial(self.open, lesson.name), str(i + 1),
                               tag=lesson.name))
        bw, bh = int(w * 0.62), int(fs * 1.75)
        top = int(h * 0.15)
        for i, b in enumerate(rows):
            b.rect = pygame.Rect(w // 2 - bw // 2, top + i * int(bh * 1.12), bw, bh)
        back = Button(app.tr("back"), app.nav.pop, app.tr("key.back"))
        back.rect = pygame.Rect(w // 2 - int(w * 0.09), top + len(rows) * int(bh * 1.12)
                                + int(fs * 0.8), int(w * 0.18), bh)
        self.buttons.buttons = [*rows, back]
        self.focus = self._first_open()

    def resume(self) -> None:
        self.layout(self.app.size)

    def open(self, name: str) -> None:
        s = self.app.settings
        start = s.lesson_step if s.lesson_at == name else 0
        self.app.nav.push("lesson", lesson=name, start=start)

    def handle(self, intent: I.Intent) -> None:
        if intent.kind == I.BACK:
            self.app.nav.pop()
        elif intent.kind == I.NUMBER and 1 <= intent.value <= len(LESSONS):
            self.open(LESSON_NAMES[intent.value - 1])
        else:
            self.focus = focus_buttons(self.buttons, intent, self.focus)

    def draw(self, canvas: Canvas) -> None:
        app = self.app
        w, h = page_heading(app, canvas, app.tr("learn"))
        fs = font(app, 0.028)
        self.buttons.draw(canvas, app.text, fs, focus=self.focus)
        app.text.draw(canvas, app.tr("lesson.list_note"), int(fs * 0.85),
                      (w // 2, int(h * 0.975)), DIM, anchor="midbottom")


class LessonScene(Scene):
    """One lesson: the table as the engine holds it, the coach's box, and buttons
    for what is not a card (Next, declare, exchange, capote)."""

    def __init__(self, app: Services, lesson: str = "cards", start: int = 0,
                 autoplay: bool = False, quit_at_end: bool = False) -> None:
        super().__init__(app)
        self.lesson = lesson_named(lesson)
        self.coach = Coach(self.lesson, start)
        self.autoplay = autoplay
        self.quit_at_end = quit_at_end
        self.clock = 0.0
        self.buttons = ButtonSet()
        self.focus = 0
        self.hand_rects: list[tuple[int, pygame.Rect]] = []
        self.box = pygame.Rect(0, 0, 0, 0)

    # -- where things are
    def _card_w(self) -> int:
        return int(self.app.size[1] * 0.13)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        app = self.app
        fs = font(app, 0.026)
        box_w = int(w * 0.35)
        left = int(w * 0.63)
        buttons = self._buttons()
        bh, gap = int(fs * 1.8), fs // 3
        rows: list[list[Button]] = [[]]
        x = left + fs
        for b in buttons:  # in reading order, as many to a row as fit
            bw = app.text.font(fs).size(b.label)[0] + 2 * fs
            if x + bw > left + box_w - fs // 2 and rows[-1]:
                rows.append([])
                x = left + fs
            b.rect = pygame.Rect(x, 0, bw, bh)
            rows[-1].append(b)
            x += bw + fs // 2
        # The box fits its words and its buttons: the table keeps the rest.
        said, feedback = self._words()
        lines = len(app.text.wrap(said, fs, box_w - 2 * fs))
        if feedback:
            lines += len(app.text.wrap(feedback, fs, box_w - 2 * fs))
        words_h = int(fs * 2.2) + int(lines * fs * 1.15) + (fs // 2 if feedback else 0)
        height = words_h + fs // 2 + len(rows) * (bh + gap) + fs // 2
        self.box = pygame.Rect(left, int(h * 0.04), box_w, max(int(h * 0.22), height))
        y = self.box.bottom - fs // 2 - len(rows) * (bh + gap) + gap
        for row in rows:
            for b in row:
                b.rect.y = y
            y += bh + gap
        self.buttons.buttons = buttons
        self.focus = 0
        self._lay_hand()

    def _buttons(self) -> list[Button]:
        """Next (or the lesson's end), or what the person may do that is not a card."""
        app = self.app
        if self.coach.finished:
            return [Button(app.tr("lesson.next_lesson"), self.next_lesson,
                           app.tr("key.next_lesson")),
                    Button(app.tr("lesson.all"), app.nav.pop, app.tr("key.lessons"))]
        if not self.coach.waits_for_action():
            key = "lesson.finish" if self.coach.last else "lesson.next"
            return [Button(app.tr(key), self.go_on, app.tr("key.lesson_next"))]
        return [Button(self._label(a), partial(self.act, a), "")
                for a in self.coach.legal() if a.kind is not Kind.PLAY]

    def _label(self, a: Action) -> str:
        tr = self.app.tr
        if a.kind is Kind.SING:
            if a.cante is not None and a.cante.value == "20":
                return tr("sing20", suit=suit_name(self.app.lang, a.suit or 0))
            if a.rank is not None:
                return tr("singtute", what=tr("reyes" if a.rank == 12 else "caballos"))
            return tr("sing40")
        if a.kind is Kind.SWAP and a.card is not None:
            return tr("swap", card=card_label(self.app.lang, a.card))
        return tr(str(a.kind.value))

    def _hand(self) -> list[int]:
        mask = self.coach.state.hands[PERSON]
        return [c for c in range(40) if mask >> c & 1]

    def _pointed(self) -> set[str]:
        if self.coach.finished:
            return set()
        if self.coach.step.expect == ANY:  # free play: the cards that may be played
            return {card_name(a.card) for a in self.coach.legal()
                    if a.kind is Kind.PLAY and a.card is not None}
        return set(self.coach.step.point)

    def _lay_hand(self) -> None:
        w, h = self.app.size
        cw = self._card_w()
        hand = self._hand()
        room = int(w * 0.6)
        step = min(int(cw * 0.8), (room - cw) // max(1, len(hand) - 1))
        left = int(w * 0.32) - (step * (len(hand) - 1) + cw) // 2
        left = max(int(w * 0.02), left)
        pointed = self._pointed()
        self.hand_rects = []
        for i, c in enumerate(hand):
            ch = int(cw * 1.55)
            lift = int(cw * 0.25) if card_name(c) in pointed else 0
            self.hand_rects.append((c, pygame.Rect(left + i * step, h - ch - int(h * 0.03) - lift,
                                                   cw, ch)))

    # -- acting
    def go_on(self) -> None:
        if self.coach.last and not self.coach.waits_for_action():
            self.coach.go_on()
            self._finished()
        else:
            self.coach.go_on()
            self._save_place()
        self.layout(self.app.size)

    def act(self, action: Action) -> None:
        verdict = self.coach.act(action)
        if not verdict.ok:
            self.app.resources.play("click")
        self._save_place()
        if self.coach.finished:
            self._finished()
        self.layout(self.app.size)

    def _save_place(self) -> None:
        if not self.autoplay:
            _remember(self.app, lesson_at=self.lesson.name, lesson_step=self.coach.index)

    def _finished(self) -> None:
        done = list(self.app.settings.lessons_done)
        if self.lesson.name not in done:
            done.append(self.lesson.name)
        if not self.autoplay:  # a lesson that played itself teaches nobody
            _remember(self.app, lessons_done=done, lesson_at="", lesson_step=0)
        self.app.screenshot(f"lesson-{self.lesson.name}-done")
        if self.quit_at_end:
            self.app.quit()

    def next_lesson(self) -> None:
        i = LESSON_NAMES.index(self.lesson.name)
        if i + 1 < len(LESSONS):
            self.app.nav.replace("lesson", lesson=LESSON_NAMES[i + 1])
        else:
            self.app.nav.pop()

    def busy(self) -> bool:
        return self.autoplay

    def update(self, dt: float) -> None:
        if not self.autoplay or self.coach.finished:
            return
        self.clock += dt
        if self.clock < AUTO_STEP:
            return
        self.clock = 0.0
        if self.coach.last and not self.coach.waits_for_action():
            self.go_on()
            return
        self.coach.auto()
        self.layout(self.app.size)
        self.app.screenshot(f"lesson-{self.lesson.name}-{self.coach.index + 1:02d}")

    def handle(self, intent: I.Intent) -> None:
        k = intent.kind
        if k == I.BACK:
            self.app.nav.pop()
            return
        if k == I.RELEASE and self.coach.waits_for_action():
            for c, rect in reversed(self.hand_rects):
                if rect.collidepoint(intent.pos):
                    self.act(Action.parse(f"play {card_name(c)}"))
                    return
        if k == I.NUMBER and self.coach.waits_for_action():
            hand = self._hand()
            if 1 <= intent.value <= len(hand):
                self.act(Action.parse(f"play {card_name(hand[intent.value - 1])}"))
            return
        self.focus = focus_buttons(self.buttons, intent, self.focus)

    # -- drawing
    def _card(self, canvas: Canvas, c: int, center: tuple[int, int],
              pointed: bool = False, w: int | None = None, dim: bool = False) -> pygame.Rect:
        rect = card_rect(center, w or self._card_w())
        draw_card(canvas, self.app.resources, card_name(c), self.app.settings.card_back, rect,
                  tint=DIMMED if dim else None)
        if pointed:
            canvas.rect(POINTED, rect.inflate(8, 8), 4, 8)
        return rect

    def _seat_place(self, seat: int) -> tuple[int, int]:
        w, h = self.app.size
        n = self.coach.rules.players
        places = {
            2: {1: (0.32, 0.14)},
            3: {1: (0.52, 0.14), 2: (0.12, 0.14)},
            4: {1: (0.55, 0.42), 2: (0.32, 0.12), 3: (0.08, 0.42)},
        }[n]
        x, y = places[seat]
        return int(w * x), int(h * y)

    def _seat_name(self, seat: int) -> str:
        if self.coach.rules.players == 4 and seat == 2:
            return self.app.tr("your_partner")
        if self.coach.rules.players == 2:  # the only one: no number
            return self.app.tr("lesson.the_opponent")
        return self.app.tr("lesson.opponent", n=seat)

    def draw(self, canvas: Canvas) -> None:
        app = self.app
        canvas.fill(app.settings.table_rgb)
        w, h = app.size
        state = self.coach.state
        pointed = self._pointed()
        fs = font(app, 0.026)
        cw = self._card_w()
        small = int(cw * 0.6)
        res, back = app.resources, app.settings.card_back
        # The other seats: a few backs and a name.
        for seat in range(1, state.n):
            x, y = self._seat_place(seat)
            count = state.hands[seat].bit_count()
            for k in range(min(count, 6)):
                draw_card(canvas, res, None, back,
                          card_rect((x - small + k * small // 3, y), small))
            app.text.draw(canvas, f"{self._seat_name(seat)} ({count})", fs,
                          (x, y + int(small * 0.85)), INK, anchor="midtop")
        # The trump: the face-up card (and the stock) or, without one, the trump's suit.
        tx, ty = int(w * 0.08), int(h * 0.42)
        if state.n == 2:
            if state.stock:
                draw_card(canvas, res, None, back, card_rect((tx + cw // 3, ty), cw))
            if state.faceup >= 0:
                self._card(canvas, state.faceup, (tx, ty + cw // 3), "trump" in pointed)
            app.text.draw(canvas, app.tr("lesson.stock", n=state.stock_count), fs,
                          (tx, ty + int(cw * 1.25)), INK, anchor="midtop")
        elif state.n == 3 and state.dead_card >= 0:
            self._card(canvas, state.dead_card, (tx, ty), "trump" in pointed)
        app.text.draw(canvas, app.tr("lesson.trumps", suit=suit_name(app.lang, state.trump)),
                      fs, (tx if state.n != 4 else int(w * 0.32), int(h * 0.03)), GOLD,
                      anchor="midtop" if state.n != 4 else "midtop")
        # The trick in the middle (or the last one, just won).
        cx, cy = int(w * 0.32), int(h * 0.44)
        seats, cards = state.trick_seats, state.trick_cards
        gone = not cards and bool(state.last_cards)
        if gone:  # the trick just won stays in sight, dimmed, until the next lead
            seats, cards = state.last_seats, state.last_cards
        offsets: dict[int, dict[int, tuple[float, float]]] = {
            2: {0: (0, 0.5), 1: (0, -0.5)},
            3: {0: (0, 0.5), 1: (0.7, -0.3), 2: (-0.7, -0.3)},
            4: {0: (0, 0.5), 1: (0.75, 0), 2: (0, -0.5), 3: (-0.75, 0)}}
        for seat, c in zip(seats, cards, strict=True):
            ox, oy = offsets[state.n][seat]
            self._card(canvas, c, (cx + int(ox * cw * 1.4), cy + int(oy * cw * 1.4)),
                       card_name(c) in pointed and not gone, int(cw * 0.85), dim=gone)
        # Your hand.
        for c, rect in self.hand_rects:
            draw_card(canvas, res, card_name(c), back, rect)
            if card_name(c) in pointed:
                canvas.rect(POINTED, rect.inflate(8, 8), 4, 8)
        points = state.points[state.side_of(PERSON)]
        app.text.draw(canvas, app.tr("lesson.points", n=points), fs,
                      (int(w * 0.32), h - int(cw * 1.55) - int(h * 0.09)), INK,
                      anchor="midbottom")
        self._draw_coach(canvas, fs)

    def _words(self) -> tuple[str, str]:
        """What the coach says now, and the feedback (why an action was refused)."""
        app = self.app
        if self.coach.finished:
            return app.tr("lesson.done", title=app.tr(self.lesson.title_key)), ""
        said = app.tr(self.coach.step.say)
        verdict = self.coach.verdict
        if verdict is None or verdict.ok:
            return said, ""
        if verdict.error is not None:
            return said, refusal(app.lang, verdict.error, section=False)
        return said, app.tr(verdict.key)

    def _draw_coach(self, canvas: Canvas, fs: int) -> None:
        app = self.app
        panel(canvas, self.box, (12, 26, 20, 235), 14)
        canvas.rect(GOLD, self.box, 2, 14)
        x, y = self.box.left + fs, self.box.top + int(fs * 0.7)
        n = LESSON_NAMES.index(self.lesson.name) + 1
        total = len(self.lesson.steps)
        step = min(self.coach.index + 1, total)
        app.text.draw(canvas, f"{n}. {app.tr(self.lesson.title_key)}", int(fs * 0.9), (x, y),
                      DIM)
        app.text.draw(canvas, f"{step}/{total}", int(fs * 0.9), (self.box.right - fs, y), DIM,
                      anchor="topright")
        y += int(fs * 1.5)
        said, feedback = self._words()
        width = self.box.width - 2 * fs
        for line in app.text.wrap(said, fs, width):
            app.text.draw(canvas, line, fs, (x, y), INK)
            y += int(fs * 1.15)
        if feedback:
            y += fs // 2
            verdict = self.coach.verdict
            color = REFUSAL if verdict is not None and verdict.error is not None else ADVICE
            for line in app.text.wrap(feedback, fs, width):
                app.text.draw(canvas, line, fs, (x, y), color)
                y += int(fs * 1.15)
        self.buttons.draw(canvas, app.text, fs, focus=self.focus)
        app.text.draw(canvas, app.tr("lesson.leave"), int(fs * 0.85),
                      (self.box.right - fs // 2, self.box.bottom + fs // 2), DIM,
                      anchor="topright")


__all__ = ["LessonScene", "LessonListScene", "LessonOfferScene"]
