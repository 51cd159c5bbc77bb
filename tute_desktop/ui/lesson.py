"""Lessons (issue 19): the list of lessons, the first launch's offer, and the
lesson itself: an arranged deal on the game's own table (described from the
person's view and painted by the table's painter: the score panel, the plates,
the rule line, the cards that may not be played dimmed, L for the last trick)
with the coach's box beside it, which points at the cards it means (raised,
outlined in gold) and waits for the right action. The coach's logic is
``tute_desktop.lessons`` (no pygame)."""

from __future__ import annotations

import dataclasses
from functools import partial
from itertools import takewhile
from typing import TYPE_CHECKING

import pygame

from ..engine import view
from ..engine.actions import BID_ACTIONS, TRUMP_ACTIONS, Action, Kind
from ..engine.cards import card_name
from ..engine.events import Ask
from ..game.match import Match, Seat
from ..i18n import LANGUAGES, lookup, refusal, refusal_of, tr
from ..lessons import ANY, LESSON_NAMES, LESSONS, PERSON, Coach, Lesson
from . import intents as I
from .menus import REFUSAL, QuestionScene, focus_buttons, font, page_heading
from .scene import Scene
from .table.advice import rule_line
from .table.board import HAND_MAX_WIDTH, sort_key
from .table.describe import CardSpot, TableDescription, action_words, card_under
from .table.hud import auction_steps
from .table.picture import paint_table
from .table.still import LIFT, describe_table, pointed_at
from .widgets import DIM, GOLD, INK, Button, ButtonSet, panel

if TYPE_CHECKING:
    from .gfx import Canvas
    from .services import Services

AUTO_STEP = 0.4
"""Seconds between the coach's steps when a lesson plays itself (--autoplay)."""
POINTED = (236, 196, 84)
ADVICE = (250, 220, 140)
"""The coach's own words on a legal action that is not the lesson's (a refusal is red)."""
ARRASTRE_TAUGHT = "tricks"
"""The lesson that teaches the arrastre (§6): before it, a lead's rule line (which
names it) is not shown, as it would speak of what the coach has not told yet."""
TABLE_SHARE = 0.62
"""The share of the window's width the table takes; the coach's box is right of it."""
LESSON_HAND_SHARE = 0.64
"""The share of the lesson's table the person's hand spans at most, where three
or four play (their 10 to 13 cards): more than a game's (the table is narrower),
so each card's index corner shows (a newcomer could hardly read 12 ranks)."""
LESSON_FONT = 0.026
"""The coach's words and buttons, as a share of the window's height (``font``)."""


BID_STEPS = {"bid_down": -1, "bid_up": 1}
"""The table's − and + in subastado's auction (their buttons' tags): bids of 5."""


def lesson_named(name: str) -> Lesson:
    return LESSONS[LESSON_NAMES.index(name)]


def _remember(app: Services, **changes: object) -> None:
    try:
        app.set_settings(app.settings.with_(**changes))
    except ValueError:  # never stops a lesson
        pass


def offer_words(app: Services) -> str:
    """The first launch's offer: how many lessons there are, and how many of
    them (habanero's, the first) lead to a whole round, counted from the list."""
    first = sum(1 for _ in takewhile(lambda lesson: lesson.variant == LESSONS[0].variant,
                                     LESSONS))
    return app.tr("lesson.offer", count=len(LESSONS), first=first)


class LessonOfferScene(QuestionScene):
    """The first launch's question: learn to play now, or not (asked once)."""

    def __init__(self, app: Services) -> None:
        super().__init__(app, app.tr("lesson.offer_title"), [offer_words(app)], focus=0)

    def enter(self) -> None:
        _remember(self.app, lessons_offered=True)

    def layout(self, size: tuple[int, int]) -> None:
        # in the language of the moment (the last button changes it)
        self.title, self.lines = self.app.tr("lesson.offer_title"), [offer_words(self.app)]
        super().layout(size)

    def choices(self) -> list[Button]:
        app = self.app
        other = self._other_language()
        return [Button(app.tr("learn"), self.learn, app.tr("key.learn")),
                # (Esc does it, said on the button: a player looked for its key, nc76)
                Button(app.tr("lesson.not_now"), app.nav.pop, "", shown_key=app.tr("esc_key")),
                # named in its own words, for whoever reads it and not this one
                Button(tr(other, "language_name"), self.switch_language,
                       tr(other, "key.offer_language"))]

    def _other_language(self) -> str:
        lang = self.app.settings.language
        i = LANGUAGES.index(lang) if lang in LANGUAGES else -1
        return LANGUAGES[(i + 1) % len(LANGUAGES)]

    def switch_language(self) -> None:
        """The first screen speaks the next language at once (a Spanish speaker
        had to find Settings), kept as Settings keeps it; the focus goes to
        Learn to play (left on the language's button, now the other one, a
        habitual Enter turned the game back: cold play nc99)."""
        _remember(self.app, language=self._other_language())
        self.layout(self.app.size)

    def handle(self, intent: I.Intent) -> None:
        lang = self.app.settings.language
        super().handle(intent)
        if self.app.settings.language != lang:  # (after the row's own focus)
            self.focus = 0

    def learn(self) -> None:
        self.app.nav.replace("lessons")


def _list_key(index: int) -> str:
    """The digit that opens the lesson at ``index`` in the list: 1 to 9, then
    0 for the tenth (a key, not "10"); none after it."""
    return str((index + 1) % 10) if index < 10 else ""


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
            if lesson.name in done:  # (a lesson done stays done when it is taken again)
                label += "  · " + app.tr("lesson.done_mark")
            if lesson.name == s.lesson_at and s.lesson_step > 0:
                label += "  · " + app.tr("lesson.stopped", step=s.lesson_step + 1,
                                          total=len(lesson.steps))
            rows.append(Button(label, partial(self.open, lesson.name), _list_key(i),
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
        elif intent.kind == I.NUMBER and 1 <= (intent.value or 10) <= len(LESSONS):
            self.open(LESSON_NAMES[(intent.value or 10) - 1])  # 0: the tenth
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
        self.box = pygame.Rect(0, 0, 0, 0)
        self.explaining: int | None = None
        """Which of the table's buttons "?" explains now (as at the table), until
        the next action (None: none)."""
        self.chosen: int | None = None
        """The card the arrows chose to play (raised; Enter plays it)."""
        self.last_flipped = False
        """L (or the Last trick button) turned the last trick's panel the other
        way from what this step shows by itself (``showing_last``)."""
        self.hint = ""
        """What the hint key (H, as at the table) answered, shown in the coach's
        box until the next action: the coach's own choice, or why there is none."""
        self.bid_choice = 0
        """subastado's auction: the bid the table's stepper shows (0: the lowest
        allowed), moved by its − and + and the arrows, as at the table."""

    # -- where things are
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        app = self.app
        fs = font(app, LESSON_FONT)
        left = int(w * (TABLE_SHARE + 0.01))
        box_w = w - left - int(w * 0.015)
        buttons = self._buttons()
        bh, gap = int(fs * 1.8), fs // 3
        rows: list[list[Button]] = [[]]
        x = left + fs
        for b in buttons:  # in reading order, as many to a row as fit
            bw = app.text.font(fs).size(b.caption())[0] + 2 * fs  # (with its key)
            if x + bw > left + box_w - fs // 2 and rows[-1]:
                rows.append([])
                x = left + fs
            b.rect = pygame.Rect(x, 0, bw, bh)
            rows[-1].append(b)
            x += bw + fs // 2
        # The box fits its words and its buttons.
        said, feedback = self._words()
        lines = len(self._wrap(said, fs, box_w - 2 * fs))
        if feedback:
            lines += len(self._wrap(feedback, fs, box_w - 2 * fs))
        words_h = int(fs * 2.2) + int(lines * fs * 1.15) + (fs // 2 if feedback else 0)
        height = words_h + fs // 2 + len(rows) * (bh + gap) + fs // 2
        self.box = pygame.Rect(left, int(h * 0.04), box_w, max(int(h * 0.22), height))
        y = self.box.bottom - fs // 2 - len(rows) * (bh + gap) + gap
        for row in rows:
            for b in row:
                b.rect.y = y
            y += bh + gap
        self.buttons.buttons = buttons
        hinted = self._hinted()  # (in the auction, Enter takes the lesson's own action)
        # Enter goes on (Next), not back: the step before is a button left of it.
        on = next((i for i, b in enumerate(buttons) if b.key == app.tr("key.lesson_next")), 0)
        self.focus = next((i for i, b in enumerate(buttons) if hinted and b.tag == hinted), on)

    def _buttons(self) -> list[Button]:
        """Next (or the lesson's end); what the person may do that is not a card is
        the table's buttons (``describe``)."""
        app = self.app
        if self.coach.finished:
            back = Button(app.tr("lesson.all"), app.nav.pop, app.tr("key.lessons"))
            if self.lesson is LESSONS[-1]:  # (no next lesson: the list, said so)
                return [back]
            return [Button(app.tr("lesson.next_lesson"), self.next_lesson,
                           app.tr("key.next_lesson")), back]
        # (its key as the foot line says it: ← chooses a card where one is to be
        # played, Backspace always goes back; "[←]" beside "Backspace" puzzled nc97)
        previous = [Button(app.tr("lesson.previous"), self.go_back, "",
                           shown_key=app.tr("backspace_key"))] if self.coach.index else []
        if not self.coach.waits_for_action():
            key = "lesson.finish" if self.coach.last else "lesson.next"
            return [*previous, Button(app.tr(key), self.go_on, app.tr("key.lesson_next"))]
        # (the table's own buttons above the hand, as in a game: in subastado's
        # auction its stepper, Pass and the four suits, §12)
        return []

    def _asked(self) -> Ask:
        """What the person is asked now when it is their turn in the lesson
        (subastado: a bid or the trump, §12); ``Ask.NONE`` otherwise."""
        return self.coach.state.ask if self._my_turn() else Ask.NONE

    def _chosen_bid(self) -> int | None:
        """The bid the table's stepper shows: ``bid_choice`` kept inside the bids
        allowed now, as the table keeps it (None: no bid allowed)."""
        auction = self.coach.state.auction
        if auction is None:
            return None
        allowed = auction.allowed(self.coach.rules)
        if not allowed:
            return None
        choice = min(max(self.bid_choice, allowed[0]), allowed[-1])
        return choice - (choice - allowed[0]) % allowed.step

    def step_bid(self, steps: int) -> None:
        """The table's − and + (and ← →, ↑ ↓ by 25): the stepper's bid moved by
        ``steps`` bids of 5, inside the bids allowed now (§12)."""
        choice = self._chosen_bid()
        auction = self.coach.state.auction
        if self._asked() is not Ask.BID or choice is None or auction is None:
            return
        allowed = auction.allowed(self.coach.rules)
        self.bid_choice = min(max(choice + steps * allowed.step, allowed[0]), allowed[-1])
        self.hint = ""

    def _hand(self) -> list[int]:
        """The person's cards in the order the table draws them, left to right
        (``board.sort_key``: trumps last): a number key plays the card at that
        place, as at the table (a newcomer pressed 3 for the third card drawn
        and the second was played: the keys went by the cards' numbers)."""
        state = self.coach.state
        mask = state.hands[PERSON]
        return sorted((c for c in range(40) if mask >> c & 1), key=sort_key(state.trump))

    def _pointed(self) -> set[str]:
        if self.coach.finished or self.coach.step.expect == ANY:
            return set()  # (free play: the table's dimming says what may be played)
        return set(self.coach.step.point)

    def _seat_name(self, seat: int) -> str:
        """A seat's name: "Partner"; "Opponent" with two; else "Opponent 1",
        "Opponent 2"... in the order of play (in parejas the one on the left is
        "Opponent 2": a newcomer met "Seat 3" opposite and "Opponent 3" beside)."""
        rules = self.coach.rules
        partner = rules.partners[PERSON] if rules.partners else -1
        if seat == partner:
            return self.app.tr("lesson.partner")
        if rules.players == 2:  # the only one: no number
            return self.app.tr("lesson.the_opponent")
        return self.app.tr("lesson.opponent",
                           n=sum(1 for s in range(1, seat + 1) if s != partner))

    def _my_turn(self) -> bool:
        return self.coach.waits_for_action() and self.coach.state.to_act == PERSON

    def _hinted(self) -> str:
        """The action the coach waits for when it is not a card (its text): its
        table button is highlighted, and Enter does it, as a hint does at the table."""
        if self.coach.finished or not self._my_turn():
            return ""
        expect = self.coach.step.expect
        if expect is None or expect == ANY or expect.startswith("play"):
            return ""
        return str(Action.parse(expect))

    def describe(self) -> TableDescription:
        """The lesson's table now: the game's own table as the person sees it
        (their hand face up, the others' backs, as many as they hold), at the
        left of the window, the cards the coach points at raised and outlined."""
        app = self.app
        state = self.coach.state
        w, h = app.size
        seats = [Seat(app.tr("you"))] + [Seat(self._seat_name(s), "random")
                                         for s in range(1, state.n)]
        match = Match(self.lesson.variant, seats, seed=0)  # names and rules for the HUD
        mine = self._my_turn()
        legal = sum(1 << int(a.card) for a in self.coach.legal()
                    if a.kind is Kind.PLAY and a.card is not None) if mine else None
        line = (rule_line(tr, app.lang, state, PERSON) or "") if mine else ""
        early = LESSON_NAMES.index(self.lesson.name) < LESSON_NAMES.index(ARRASTRE_TAUGHT)
        if early and not state.trick_cards:  # (a lead, before the arrastre is taught)
            line = ""
        desc = describe_table(app, match, view(state, PERSON),
                              size=(int(w * TABLE_SHARE), h), legal=legal, my_turn=mine,
                              rule_line=line, show_last=self.showing_last(), last_button=True,
                              actions=True, hinted=self._hinted(),
                              explaining=self.explaining, bid_choice=self.bid_choice,
                              others_turns=False, hand_share=LESSON_HAND_SHARE
                              if self.coach.rules.players > 2 else HAND_MAX_WIDTH,
                              move=self.coach.declared,
                              turn_after=True)
        if self.chosen is not None and self.chosen in self._playable():  # (the arrows')
            up = desc.card_size[1] * LIFT
            desc = dataclasses.replace(desc, cards=tuple(
                dataclasses.replace(s, y=s.y - up, raised=True) if s.face == self.chosen else s
                for s in desc.cards))
        pointed = self._pointed()
        if not pointed:
            return desc
        marks = {c for c in range(40) if card_name(c) in pointed}
        if "trump" in pointed:
            marks.update(c for c in (state.faceup, state.dead_card) if c >= 0)
        under = frozenset({state.faceup} if state.faceup >= 0 and state.stock else ())
        return pointed_at(desc, dict.fromkeys(marks, POINTED), marks & set(self._hand()),
                          in_place=under)

    def hand_spots(self, desc: TableDescription) -> list[CardSpot]:
        """The person's cards on the table, lowest first."""
        hand = set(self._hand())
        return [spot for spot in desc.cards if spot.face in hand]

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The card of the person's hand under ``pos`` (the topmost painted),
        turned as the hand fans it."""
        return card_under(self.describe(), set(self._hand()), pos)

    def showing_last(self) -> bool:
        """The last trick's panel is open: by itself between tricks (the trick
        just won stays in sight until the next lead, as the coach talks about
        it), and when L turned it on."""
        st = self.coach.state
        between = not st.trick_cards and bool(st.last_cards)
        return bool(st.last_cards) and between != self.last_flipped

    def explain_next(self) -> None:
        """"?" (its button, or typed): the next of the table's buttons explained;
        after the last one's, none (as at the table)."""
        special = sum(a.kind is not Kind.PLAY for a in self.coach.legal()) \
            if self._my_turn() else 0
        index = 0 if self.explaining is None else self.explaining + 1
        self.explaining = index if index < special else None

    def give_hint(self) -> None:
        """The table's hint key in a lesson: the action the coach waits for, in
        words (the card it outlines), or, where the person plays freely, why the
        lesson gives none (a newcomer pressed H and saw nothing happen)."""
        app = self.app
        expect = None if self.coach.finished else self.coach.step.expect
        if expect is not None and expect != ANY and self._my_turn():
            action = Action.parse(expect)
            if action.bid is not None:  # the stepper shows the bid hinted, as at the table
                self.bid_choice = action.bid
            what = action_words(app.lang, action, self.lesson.variant, inside=True)
            self.hint = app.tr("lesson.hint", action=what)
        else:
            self.hint = app.tr("lesson.no_hint")
        self.layout(app.size)

    def toggle_last(self) -> None:
        """L, or the table's Last trick button: the trick won last, in its panel."""
        self.last_flipped = not self.last_flipped

    # -- acting
    def go_on(self) -> None:
        if self.coach.last and not self.coach.waits_for_action():
            self.coach.go_on()
            self._finished()
        else:
            self.coach.go_on()
            self._save_place()
        self.last_flipped = False
        self.explaining = None
        self.hint = ""
        self.layout(self.app.size)

    def go_back(self) -> None:
        """The step before this one, the table as it was then (nc86 pressed Next
        twice and never saw the step between; Backspace and ← did nothing):
        the lesson opened again there (the coach takes the steps before it)."""
        if not self.coach.index and not self.coach.finished:
            return
        self.coach = Coach(self.lesson, self.coach.index - (0 if self.coach.finished else 1))
        self.chosen = None
        self.last_flipped = False
        self.explaining = None
        self.hint = ""
        self.bid_choice = 0
        self._save_place()
        self.layout(self.app.size)

    def _playable(self) -> list[int]:
        """The cards of the person's hand they may play now, left to right; none
        while the coach talks or waits for something else."""
        if self.coach.finished or not self.coach.waits_for_action() or not self._my_turn():
            return []
        legal = {int(a.card) for a in self.coach.legal()
                 if a.kind is Kind.PLAY and a.card is not None}
        return [c for c in self._hand() if c in legal]

    def _pointed_card(self) -> int | None:
        """The card the coach waits for, raised and outlined as a hinted card is
        at the table, while it may be played; else None."""
        expect = self.coach.step.expect or ""
        card = Action.parse(expect).card if expect.startswith("play") else None
        return int(card) if card is not None and int(card) in self._playable() else None

    def _choose(self, step: int) -> None:
        """The arrows on a card to play: the next one that may be played, from an
        end of the hand at first; it rises (``describe``) and Enter plays it."""
        cards = self._playable()
        start = self.chosen if self.chosen in cards else self._pointed_card()
        if start is not None:  # (from the card the coach points at: it looks raised)
            self.chosen = cards[(cards.index(start) + step) % len(cards)]
        else:
            self.chosen = cards[0 if step > 0 else -1]
        self.layout(self.app.size)

    def act(self, action: Action) -> None:
        self.chosen = None
        self.explaining = None
        self.hint = ""
        verdict = self.coach.act(action)
        if verdict.ok:
            self.last_flipped = False
            self.bid_choice = 0  # a turn to bid starts at the lowest bid allowed
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
        self.last_flipped = False
        self.layout(self.app.size)
        self.app.screenshot(f"lesson-{self.lesson.name}-{self.coach.index + 1:02d}")

    def handle(self, intent: I.Intent) -> None:
        k = intent.kind
        if k == I.BACK:
            self.app.nav.pop()
            return
        last_key = self.app.tr("key.last_trick")
        if k == I.KEY and intent.char == last_key:
            self.toggle_last()
            return
        if k == I.KEY and intent.char == self.app.tr("key.hint"):
            self.give_hint()
            return
        if self._auction_key(intent):
            return
        if k in (I.LEFT, I.RIGHT) and self._playable():
            # A card to play: the arrows choose it, as at the table (nc91 pressed ←
            # to choose a card and the coach went back a step); Backspace goes back.
            self._choose(-1 if k == I.LEFT else 1)
            return
        if k in (I.LEFT, I.ERASE) and not self.coach.finished:  # ← and Backspace: the step before
            self.go_back()
            return
        if k == I.RIGHT and not self.coach.finished and not self.coach.waits_for_action():
            self.go_on()  # (→ the step after, as in the review; Enter and N too)
            return
        if k in (I.KEY, I.RELEASE):  # the table's own buttons: actions, Last trick
            for b in self.describe().buttons:
                hit = b.enabled and (intent.char == b.key != "" if k == I.KEY
                                     else pygame.Rect(b.box).collidepoint(intent.pos))
                if hit and b.tag in BID_STEPS:  # the auction's − and +
                    self.step_bid(BID_STEPS[b.tag])
                    return
                if hit and b.tag:
                    self.act(Action.parse(b.tag))
                    return
                if hit and b.label == "?":
                    self.explain_next()
                    return
                if hit and b.key == last_key:
                    self.toggle_last()
                    return
        if k == I.TEXT and intent.char == "?":  # (typed: Shift and a key that varies)
            self.explain_next()
            return
        if k == I.CONFIRM and not self.buttons.buttons and self._hinted():
            self.act(Action.parse(self._hinted()))
            return
        if k == I.CONFIRM and self._playable():  # the chosen card; none: the card the
            # coach points at, raised as a hinted one is at the table (nc92 pressed
            # Enter on it and the first card rose instead); else the first that may
            # be played rises, and a second Enter plays it (as at the table)
            card = self.chosen if self.chosen is not None else self._pointed_card()
            if card is None:
                self._choose(1)
            else:
                self.act(Action.parse(f"play {card_name(card)}"))
            return
        if k == I.RELEASE:
            c = self.card_at(intent.pos)
            if c is not None and self.coach.waits_for_action():
                self.act(Action.parse(f"play {card_name(c)}"))
                return
            if c is not None and not self.coach.finished:  # (said, not silent: a card
                # clicked while the coach still talked did nothing, cold play nc82),
                # naming the button as it reads ("Finish" on the last step, nc86)
                label = self.app.tr("lesson.finish" if self.coach.last else "lesson.next")
                self.hint = self.app.tr("lesson.read_first", button=label,
                                        key=self.app.tr("key.lesson_next").upper())
                self.layout(self.app.size)  # (its words ran under the button, nc86)
        if k == I.NUMBER and self.coach.waits_for_action():
            hand = self._hand()
            if 1 <= intent.value <= len(hand):
                self.act(Action.parse(f"play {card_name(hand[intent.value - 1])}"))
            return
        before = self.focus
        focus = focus_buttons(self.buttons, intent, self.focus)
        if self.focus == before:  # (a button pressed laid the box out again: its focus kept)
            self.focus = focus

    def _auction_key(self, intent: I.Intent) -> bool:
        """The auction's keys, as at the table (§12): ← → and − + move the bid
        by 5, ↑ ↓ by 25, Enter bids it (P, or S in Spanish, passes: its
        button's key); naming trump, 1 to 4 name a suit. True when the key was
        the auction's."""
        asked = self._asked()
        kind = intent.kind
        if asked is Ask.BID:
            steps = auction_steps(kind, intent.char)
            if steps is not None:
                self.step_bid(steps)
                self.layout(self.app.size)
                return True
            if kind == I.CONFIRM:
                choice = self._chosen_bid()
                if choice is not None:
                    self.act(BID_ACTIONS[choice])
                return True
            return kind == I.NUMBER  # (a digit would play a card: there is none to play)
        if asked is Ask.TRUMP and kind == I.NUMBER:
            if 1 <= intent.value <= len(TRUMP_ACTIONS):
                self.act(TRUMP_ACTIONS[intent.value - 1])
            return True
        return False

    # -- drawing
    def draw(self, canvas: Canvas) -> None:
        app = self.app
        paint_table(canvas, self.describe(), app)
        self._draw_coach(canvas, font(app, LESSON_FONT))

    def _words(self) -> tuple[str, str]:
        """What the coach says now, and the feedback (why an action was refused)."""
        app = self.app
        if self.coach.finished:
            return app.tr("lesson.done", title=app.tr(self.lesson.title_key)), ""
        said = app.tr(self.coach.step.say)
        outcome = self.coach.state.outcome
        if outcome is not None and self.coach.step.expect is None \
                and lookup(app.lang, f"lesson.{self.lesson.name}.result") is not None:
            # A round played freely ends: its points and what they would mean in a
            # match (nc91 ended lesson 4 on 59 to 71 and read "That was a whole
            # round", nothing of who had done what).
            mine = self.coach.state.side_of(PERSON)
            ends = {None: "vuelta", mine: "won"}.get(outcome.game_winner, "lost")
            said = " ".join((app.tr(f"lesson.{self.lesson.name}.result",
                                    you=outcome.sides[mine].points,
                                    them=outcome.sides[1 - mine].points),
                             app.tr(f"lesson.{self.lesson.name}.result_{ends}"), said))
        verdict = self.coach.verdict
        if self.hint:
            return said, self.hint
        if verdict is None or verdict.ok:
            return said, ""
        if verdict.error is not None and verdict.action is not None:
            return said, refusal_of(app.lang, verdict.action, verdict.error)
        if verdict.error is not None:
            return said, refusal(app.lang, verdict.error, section=False)
        return said, app.tr(verdict.key)

    def _wrap(self, words: str, fs: int, width: int) -> list[str]:
        """The coach's words in lines of ``width`` points as painted: at a pixel
        ratio other than 1 in the font of ``fs * ratio`` pixels, a little wider
        than ``ratio`` times the 1x one (at ratio 2 a line reached the box's edge)."""
        ratio = self.app.pixel_ratio
        if ratio == 1:
            return self.app.text.wrap(words, fs, width)
        return self.app.text.wrap(words, max(1, round(fs * ratio)), int(width * ratio))

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
        for line in self._wrap(said, fs, width):
            app.text.draw(canvas, line, fs, (x, y), INK)
            y += int(fs * 1.15)
        if feedback:
            y += fs // 2
            verdict = self.coach.verdict
            color = REFUSAL if (verdict is not None and verdict.error is not None
                                and not self.hint) else ADVICE
            for line in self._wrap(feedback, fs, width):
                app.text.draw(canvas, line, fs, (x, y), color)
                y += int(fs * 1.15)
        self.buttons.draw(canvas, app.text, fs, focus=self.focus)
        app.text.draw(canvas, app.tr("lesson.leave"), int(fs * 0.85),
                      (self.box.right - fs // 2, self.box.bottom + fs // 2), DIM,
                      anchor="topright")


__all__ = ["LessonScene", "LessonListScene", "LessonOfferScene"]
