"""The round review (issue 19): a finished round replayed move by move from one
person's seat, as that person saw it (their hand face up, the others' hidden),
with the expert's judgement of each of their decisions beside it.

The judgements (``tute_desktop.game.review``) are computed on ``app.thinking``'s
executor for work a person waits for (normal priority), one decision a task,
while the person looks at the first moves; the scene shows how many are
ready. They are kept for the session (``Thinking.reviewed``): reopening the
review, or changing the language, asks the expert nothing again. In
hot-seat each person reviews only their own decisions, and only after saying
they are the one looking (the same promise as the table's privacy screen).
From the statistics, the kept rounds of a player can be stepped through (up
and down).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
from concurrent.futures import Executor, Future
from typing import TYPE_CHECKING, Any, Final

import pygame

from ..bots.reasons import ANSWERS, HIGH, TRICKS, Reason, answer_shape
from ..engine import Action, State, public_view, view
from ..engine.actions import CLAIM, CLAIM_ACTION, PLAY, PLAY_ACTIONS, SING, Kind
from ..engine.rules import Exchange, Scoring
from ..game import review as R
from ..game.match import Match, Seat
from ..i18n import in_variant, number, tr
from ..i18n.defaults import spoken_name
from . import intents as I
from . import scoreboard as SB
from .menus import font
from .scene import Scene
from .table.advice import rule_line
from .table.board import HAND_MAX_WIDTH
from .table.describe import TableDescription, action_words
from .table.picture import paint_table
from .table.still import describe_table, pointed_at
from .table.why import action_in_sentence, and_list, or_list, party_of, reason_words, said
from .widgets import (
    DIM,
    GOLD,
    INK,
    RED,
    Button,
    ButtonSet,
    layout_row,
    note_and_keys,
    panel,
)

if TYPE_CHECKING:
    from .gfx import Canvas
    from .services import Services

GOOD = (120, 200, 140)
"""A decision as good as the expert's (or within the uncertainty)."""
BEST_TAG = (36, 120, 62, 240)
"""The fill of the best card's value on the review's hand (its words in ``INK``)."""
PENDING = (90, 100, 96)
WORDS = (110, 140, 190)
"""A decision told in words only (capote, a claim)."""
OTHER = (40, 56, 48)
"""A step that was not the reviewed person's decision."""
LEGEND_SIZE = 0.75
"""The legends under the strip of moves, in shares of the panel's font."""
REVIEW_HAND_SHARE = 0.64
"""The share of the review's board the reviewed hand spans at most, where three
or four play (their 10 to 13 cards): the board is narrow, as a lesson's, and
the cards carry their values (``ReviewScene.value_tags``)."""
TAG_GAP = 2
"""Pixels between two cards' value tags."""
NEXT_BEST = 3
"""Where the hand's cards lie closer than a value tag is wide, the choices
after the best ones that may carry a tag besides the card played and the best
(``ReviewScene.tagged_first``): the next best, as a player weighs them."""
TABLE_SHARE = 0.6
"""The share of the window's width the table takes; the judgement is right of it."""
VALUES_SAID = {3: "review_values_tres", 4: "review_values_cuatro"}
"""What the values are, by the number of scoring sides: with more than two, a
player's points against the mean of the others' (two sides: against the other)."""


SWING: Final = 20.0
"""Points (as shown) from which a change of value since the reviewed seat's
previous move is said, with what made it (``ReviewScene.swing``)."""

TRICKS_ROUND_APART = 2
"""Points from which a two-trick reason's figure and the round's loss are
said apart (``ReviewScene.round_beside_tricks``)."""

KIND_WORDS: dict[Kind, str] = {
    Kind.SING: "review_kind_sing", Kind.SWAP: "review_kind_swap",
    Kind.PASS: "review_kind_pass", Kind.CAPOTE: "review_kind_capote",
    Kind.CLAIM: "review_kind_claim", Kind.THROW: "review_kind_throw"}
"""The words for a move that is not a card (``ReviewScene.moves_counted``);
any move of an auction (a bid, a pass there, trumps named) is said as
bidding, a pass elsewhere (an exchange, a partner's declaration, a hand not
thrown in) as passing."""


class ReviewScene(Scene):
    """One person's decisions in one round. ← → step back and forward, the
    mistake key jumps to the next mistake, ↑ ↓ change round (from the
    statistics), Escape closes."""

    opaque = True

    def __init__(self, app: Services, rounds: list[tuple[dict[str, Any], int]],
                 names: list[str] | None = None, index: int = -1) -> None:
        """``rounds``: ``(payload, seat)`` pairs, each the match's saved payload up
        to the reviewed round and the person's seat; ``names``: the seats' names
        as the table said them (otherwise each payload's, in the player's
        language). A round with two or more people at the table (hot-seat) shows
        its cards only once the person confirms they are the one looking."""
        super().__init__(app)
        self.rounds = rounds
        self.given_names = names
        self.index = index % len(rounds)
        self.buttons = ButtonSet()
        self.futures: list[Future[R.Decision]] = []
        self.decisions: dict[int, R.Decision] = {}
        self.failed = 0
        self.executor: Executor | None = None
        """Made on the first load, shut down when the scene closes."""
        self.load()

    # ------------------------------------------------------------------ the round
    def load(self) -> None:
        """Start the review of ``rounds[index]``: positions, decisions to analyse."""
        self.cancel()
        self.match, self.seat = self.rounds[self.index]
        seats = self.match["seats"]
        self.names = self.given_names if self.given_names is not None else [
            spoken_name(self.app.lang, s["name"], s["level"]) for s in seats]
        self.private = sum(1 for s in seats if s["level"] is None) > 1
        self.gated = self.private
        self.gate_said = ""
        """What the gate says of a key pressed on it (a message id), if any."""
        self.positions: list[State] = R.positions(self.match)
        self.log = R.round_actions(self.match)
        self.steps = R.decision_steps(self.match, self.seat)
        self.step = 0
        self.failed = 0
        self.failed_steps: set[int] = set()
        todo = R.tasks(self.match, self.seat)
        # The judgements already made this session for this round, seat and
        # budget (``Thinking.reviewed``): only the others are worked out.
        self.kept = kept(self.app.thinking.reviewed, (
            json.dumps(self.match, sort_keys=True), self.seat,
            *((todo[0].iterations, todo[0].seed) if todo else ())))
        self.decisions = dict(self.kept)
        todo = [t for t in todo if t.step not in self.kept]
        self.futures = []
        self.step_of: dict[Future[R.Decision], int] = {}
        if todo and self.executor is None:
            self.executor = self.app.thinking.for_people()
        for task in todo:
            assert self.executor is not None
            f = self.executor.submit(R.analyse, task)
            self.futures.append(f)
            self.step_of[f] = task.step
        self.collect()

    def cancel(self) -> None:
        for f in self.futures:
            f.cancel()
        self.futures = []

    def collect(self) -> None:
        """Take the judgements that are ready."""
        waiting = []
        for f in self.futures:
            if not f.done():
                waiting.append(f)
            elif f.cancelled() or f.exception() is not None:
                self.failed += 1
                self.failed_steps.add(self.step_of.get(f, -1))
            else:
                d = f.result()
                self.decisions[d.step] = self.kept[d.step] = d
        self.futures = waiting

    @property
    def ready(self) -> bool:
        return not self.futures

    def exit(self) -> None:
        """Closed: the work not yet started is dropped, and the worker let go."""
        self.cancel()
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None

    def update(self, dt: float) -> None:
        if self.futures:
            self.collect()
        self.mark_mistake_button()

    def mark_mistake_button(self) -> None:
        """Next mistake is greyed out once every decision is judged and none is
        a mistake (a newcomer pressed M in such a round and saw nothing happen)."""
        found = [b for b in self.buttons.buttons if b.on_press == self.next_mistake]
        for b in found:
            b.enabled = bool(self.futures) or any(d.mistake for d in self.decisions.values())

    def busy(self) -> bool:
        return bool(self.futures)

    # ------------------------------------------------------------------ moving
    def go(self, step: int) -> None:
        self.step = max(0, min(len(self.log), step))

    def next_mistake(self) -> None:
        """The next mistake after this step (from the start again after the last)."""
        marked = sorted(s for s, d in self.decisions.items() if d.mistake)
        if not marked:
            return
        later = [s for s in marked if s > self.step]
        self.go(later[0] if later else marked[0])

    def change_round(self, d: int) -> None:
        if len(self.rounds) > 1:
            self.index = (self.index + d) % len(self.rounds)
            self.given_names = None
            self.load()
            self.layout(self.app.size)

    def close(self) -> None:
        self.app.nav.pop()

    def confirm_gate(self) -> None:
        self.gated = False
        self.gate_said = ""
        self.layout(self.app.size)

    def handle(self, intent: I.Intent) -> None:
        k = intent.kind
        if k == I.BACK:
            self.close()
            return
        if k == I.POINTER:
            self.buttons.pointer(intent.pos)
            return
        if k == I.PRESS:
            self.buttons.press(intent.pos)
            return
        if k == I.RELEASE:
            if not self.buttons.release(intent.pos) and not self.gated:
                self._timeline_click(intent.pos)
            return
        if self.gated:  # its own key, as the table's privacy screen: not Enter (nc83
            # found Enter safe on one screen and showing the hand on the next)
            if k == I.CONFIRM:
                self.gate_said = "privacy_enter"
            elif k == I.KEY and intent.char == self.app.tr("key.privacy_show"):
                self.confirm_gate()
            return
        if k in (I.RIGHT, I.CONFIRM):
            self.go(self.step + 1)
        elif k == I.LEFT:
            self.go(self.step - 1)
        elif k in (I.HOME, I.END):  # the round's first move or its end (a player tried End)
            self.go(0 if k == I.HOME else len(self.log))
        elif k == I.UP:
            self.change_round(-1)
        elif k == I.DOWN:
            self.change_round(1)
        elif k == I.KEY:
            if not self.buttons.key(intent.char) \
                    and intent.char == self.app.tr("key.review_next_mistake"):
                # No mistake to go to (its button greyed out): the round's end,
                # which says so (M did nothing, and a newcomer wondered why).
                self.go(len(self.log))

    def _timeline_click(self, pos: tuple[int, int]) -> None:
        bar = self.strip()
        if bar.collidepoint(pos) and self.log:
            self.go(int((pos[0] - bar.left) * (len(self.log) + 1) / max(1, bar.w)))

    def strip(self) -> pygame.Rect:
        """Where the strip's marks lie: along the whole bar, or for a short
        round centred on it, each mark at most ``MARK_MOST`` times as wide as
        high (a newcomer saw a one-trick round's strip as a few long empty
        boxes)."""
        bar = self.timeline
        w = min(bar.w, (len(self.log) + 1) * bar.h * MARK_MOST)
        return pygame.Rect(bar.centerx - w // 2, bar.top, w, bar.h)

    # ------------------------------------------------------------------ layout
    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        fs = font(app, 0.026)
        bh = int(fs * 1.8)
        self.board = pygame.Rect(0, 0, int(w * TABLE_SHARE), int(h * 0.78))
        """The table, the game's own, as the person saw it at this step."""
        self.judge = pygame.Rect(self.board.right + int(w * 0.01), int(h * 0.02),
                                 w - self.board.right - int(w * 0.025), int(h * 0.76))
        self.timeline = pygame.Rect(int(w * 0.03), int(h * 0.8), int(w * 0.94), int(h * 0.035))
        legend = int(fs * LEGEND_SIZE * 1.3)
        self.legends = pygame.Rect(self.timeline.left, self.timeline.bottom + 4, self.timeline.w,
                                   2 * legend)
        """Under the strip: what its colours mean, and the cards' legend."""
        if self.gated:  # its way back said too, beside the way in (nc80 found none)
            gate = [Button(app.tr("privacy_show"), self.confirm_gate,
                           app.tr("key.privacy_show")),
                    Button(app.tr("back"), self.close, "")]
            layout_row(gate, app.text, fs, (w // 2, int(h * 0.58) + bh // 2),
                       int(w * 0.015), int(w * 0.18))
            self.buttons.buttons = gate
            return
        buttons = [
            Button("‹ " + app.tr("review_back"), lambda: self.go(self.step - 1), ""),
            Button(app.tr("review_forward") + " ›", lambda: self.go(self.step + 1), ""),
            Button(app.tr("review_next_mistake"), self.next_mistake,
                   app.tr("key.review_next_mistake")),
            Button(app.tr("review_numbers_hide" if self.numbers else "review_numbers_show"),
                   self.toggle_numbers, app.tr("key.review_numbers")),
            Button(app.tr("review_close"), self.close, ""),
        ]
        gap = int(w * 0.015)
        widths = [app.text.font(fs).size(b.label)[0] + 2 * fs for b in buttons]
        x = w // 2 - (sum(widths) + gap * (len(buttons) - 1)) // 2
        top = max(int(h * 0.87), self.legends.bottom + 4)
        for b, bw in zip(buttons, widths, strict=True):
            b.rect = pygame.Rect(x, top, bw, bh)
            x += bw + gap
        self.buttons.buttons = buttons
        self.mark_mistake_button()

    @property
    def numbers(self) -> bool:
        """The judgement shows its numbers (``Settings.review_numbers``)."""
        return self.app.settings.review_numbers

    def toggle_numbers(self) -> None:
        """The numbers shown or hidden, kept for the next review too."""
        self.app.set_settings(self.app.settings.with_(review_numbers=not self.numbers))
        self.layout(self.app.size)

    # ------------------------------------------------------------------ words
    @property
    def variant(self) -> str:
        return self.positions[0].rules.name

    def said(self, key: str, /, **fields: object) -> str:
        """``key`` in this variant's words where it has its own (subastado's
        values and losses are contract points, not round points, §12), else
        the plain words."""
        return self.app.tr(in_variant(self.variant, key), **fields)

    @property
    def deferred(self) -> bool:
        """The round's exchange is deferred (§7.2): said as its button says it."""
        return self.positions[0].rules.exchange is Exchange.DEFERRED

    def action_label(self, text: str) -> str:
        """A logged action (its text) in words: the table's own words for it, a
        card named as inside a sentence (every line of the panel names it so:
        "Jugaste: rey de bastos", "con rey de bastos", issue 31)."""
        return action_words(self.app.lang, Action.parse(text), self.positions[0].rules.name,
                            inside=True, deferred=self.deferred)

    def points(self, value: float, exact: bool = False) -> str:
        """A value as shown (``review.shown``: whole points when exact), signed,
        in the player's language ("-34,5")."""
        return number(self.app.lang, R.shown(value, exact), 0 if exact else 1, sign=True)

    def swing(self, d: R.Decision) -> tuple[float, float] | None:
        """The value of the seat's previous move judged in points and the best
        value now, where they are ``SWING`` or more apart: what the others
        played since, and the cards' luck, moved it (the previous value is its
        own move's, its choice counted already). None where there is no such
        move, or the two count different things (the game at 101 in one)."""
        before = max((s for s, x in self.decisions.items() if s < d.step and x.scored),
                     default=None)
        if before is None:
            return None
        prev = self.decisions[before]
        if R.counts_the_game(prev.notes) != R.counts_the_game(d.notes):
            return None
        now = max(v for _, v in d.options) if d.options else d.best_value
        old = R.shown(prev.played_value, prev.exact)
        if abs(R.shown(now, d.exact) - old) < SWING:
            return None
        return prev.played_value, now

    def every_choice(self, d: R.Decision) -> str:
        """Every legal action of the decision at this step, in words."""
        found = R.choices(self.positions[self.step], self.seat, d)
        tied = sum(c.best for c in found) > 1
        top = max((c.value for c in found if c.value is not None), default=None)
        # The choice valued highest, named where the expert's is kept below it
        # (a village player read "2 de copas +9,0 · Cambiar el 2 de copas +0,8
        # (la tuya y la del experto ...)" as a contradiction, cold play nc75).
        higher = next((or_list(self.app.lang, [self.action_label(t) for t in c.actions])
                       for c in found if c.value is not None and c.value == top), "")
        return " · ".join(self.choice_words(c, d, tied, top, higher) for c in found)

    def choice_words(self, c: R.Choice, d: R.Decision, tied: bool = False,
                     top: float | None = None, higher: str = "") -> str:
        """One entry of the list of every choice: the action (equal cards
        as alternatives, "Knight of cups or Ace of cups, each −52": a strong
        player read "Knight of cups = Ace of cups −52" as unclear), its value,
        and whether it is the best (one of several equal ones: ``tied``) or
        was played. A best valued below another choice
        (``top``: the highest value shown; the expert's usual choice, kept
        where the others are no clearly better) is called the expert's choice,
        not the best: a newcomer read "+7.4 (the best)" beside +9.5 as a bug;
        ``higher`` names the choice valued highest there."""
        exact = d.exact
        tr = self.app.tr
        labels = [self.action_label(t) for t in c.actions]
        what = or_list(self.app.lang, labels)
        key = "review_choice_each" if len(labels) > 1 else "review_choice"
        text = tr(key, action=what, value=self.points(c.value, exact)) \
            if c.value is not None else tr("review_choice_words", action=what)
        if c.actions == (str(CLAIM_ACTION),) and not c.played:
            # Whether a claim offered here would have been true (§10.1): a player
            # read "Claim 101 (told in words)" at 77 with no word that it was false.
            st = self.positions[self.step]
            true = st.claim_is_true(self.seat)
            text = tr("review_choice_claim_true" if true else "review_choice_claim_false",
                      action=what)
        below = c.best and not tied and c.value is not None and top is not None \
            and R.shown(c.value, exact) < R.shown(top, exact)
        if below and c.wins:  # the game won now: a higher value is round points only
            return tr("review_choice_wins_played" if c.played else "review_choice_wins",
                      choice=text)
        if below:  # (a declaration or an exchange kept in a near tie is made now, not a card;
            # a card following is said as played, not led: ``ANSWERS``)
            first = Action.parse(c.actions[0])
            key = "review_choice_expert_special" if any(
                Action.parse(a).kind is not PLAY for a in c.actions) else \
                "review_choice_expert" + ANSWERS[answer_shape(self.positions[self.step], first)]
            return tr(key + "_played" if c.played else key, choice=text, higher=higher)
        if c.best and c.played:
            return tr("review_choice_best_played_equal" if tied else "review_choice_best_played",
                      choice=text)
        if c.best:
            return tr("review_choice_best_equal" if tied else "review_choice_best", choice=text)
        if c.played:
            return tr("review_choice_played", choice=text)
        return text

    def why_lines(self, d: R.Decision, reasons: tuple[Reason, ...]
                  ) -> list[tuple[str, tuple[int, int, int], bool]]:
        """``reasons`` of ``d`` as the judgement's "Why:" lines (a two-trick
        reason with the whole round's figure under it; who "you" are from the
        round's sides: subastado's bidder alone, la contra a side)."""
        tr = self.app.tr
        form = party_of(self.positions[d.step], self.seat)
        round_too = self.round_beside_tricks(d)
        lines = []
        for r in reasons:
            lines.append((tr("review_why", reason=reason_words(self.app.lang, r, self.variant,
                                                               form, table=not self.numbers,
                                                               deferred=self.deferred)),
                          GOOD, False))
            if r.kind == TRICKS and round_too:  # (right under the figure it sets beside)
                lines.append((round_too, INK, False))
        return lines

    def line_words(self, d: R.Decision) -> str:
        """The decision's better line (``Decision.line``) told trick by trick, each trick
        with the cards already on the table and who takes it ("Trick 6: You
        4 of coins, Bot 10 of coins → Bot · Trick 7: …"): a newcomer read
        "You: 5 of coins, You: King of clubs" as two plays in a row."""
        tr, lang = self.app.tr, self.app.lang
        w = self.positions[d.step].clone()
        plays = [tr("review_line_play", name=self.names[s],
                    action=action_in_sentence(lang, str(PLAY_ACTIONS[c]), self.variant))
                 for s, c in zip(w.trick_seats, w.trick_cards, strict=True)]
        tricks: list[str] = []
        for seat, text in d.line:
            number_ = w.tricks_played + 1
            if Action.parse(text).kind is CLAIM:  # a true claim ends the line (§10.1)
                if plays:
                    tricks.append(tr("review_line_open", n=number_, plays=", ".join(plays)))
                    plays = []
                tricks.append(tr("review_line_claim", name=self.names[seat]))
                break
            plays.append(tr("review_line_play", name=self.names[seat],
                            action=action_in_sentence(lang, text, self.variant)))
            w.apply(Action.parse(text), record=False)
            if w.tricks_played == number_:
                tricks.append(tr("review_line_trick", n=number_, plays=", ".join(plays),
                                 winner=self.names[w.last_winner]))
                plays = []
        if plays:
            tricks.append(tr("review_line_open", n=w.tricks_played + 1, plays=", ".join(plays)))
        return " · ".join(tricks)

    def summary_line(self) -> str:
        tr = self.app.tr
        if not self.ready:
            return tr("review_progress", done=len(self.decisions) + self.failed,
                      n=len(self.steps))
        s = R.summarise(list(self.decisions.values()))
        moves = sum(1 for who, _ in self.log if who == self.seat)
        mistakes = tr("review_total_none") if s.mistakes == 0 else \
            tr("review_total_one") if s.mistakes == 1 else tr("review_total_many", n=s.mistakes)
        if any(R.NOTE_AUCTION in d.notes and R.overbid(d) for d in self.decisions.values()):
            # (subastado: "no mistakes" at the top of a round lost on a bid the
            # expert would not have made read as praise, cold play nc84)
            mistakes = tr("review_total_and_overbid", mistakes=mistakes)
        words = "" if not s.words else tr("review_total_words_one") if s.words == 1 else \
            tr("review_total_words", n=s.words)  # ("1 juzgadas" read wrong)
        if s.decisions == 0 and moves > 1:  # ("a choice at 0 of your 9 moves: no mistakes")
            return tr("review_total_no_choice", moves=moves)
        # ("at 1 of your 1 moves" read wrong: a round of one move of one's own)
        return tr("review_total_single" if moves == 1 else "review_total",
                  decisions=s.decisions, moves=moves,
                  words=words if moves == 1 else self.moves_counted() + words,
                  mistakes=mistakes)

    def moves_counted(self) -> str:
        """What the summary's moves were besides cards, where any were: nc98
        read "21 of your 22 moves" after playing 20 cards (her two
        declarations were moves too)."""
        cards, others = 0, []
        for i, (who, text) in enumerate(self.log):
            kind = Action.parse(text).kind if who == self.seat else None
            if kind is PLAY:
                cards += 1
            elif kind is not None:
                others.append("review_kind_trump" if kind is Kind.TRUMP  # (not "bidding":
                              # nc108 named trump once and read "2 more: bidding")
                              else "review_kind_auction" if R.in_auction(self.positions[i])
                              else KIND_WORDS[kind])
        if not others:
            return ""
        said = dict.fromkeys(others)  # (in the order first made, each once)
        return self.app.tr("review_moves_others", cards=cards, others=len(others),
                           kinds=and_list(self.app.lang, [self.app.tr(w) for w in said]))

    def round_beside_tricks(self, d: R.Decision) -> str:
        """Where a mistake's reason counts this trick and the next and its
        figure is not the round's loss said above it, the round's difference,
        and why they differ: nc97 and nc98 read "Loss: about 6 points" and
        "about 11 points better over this trick and the next" as two answers
        to one question. Else ""."""
        tricks = next((r for r in d.reasons if r.kind == TRICKS), None)
        if tricks is None or not d.mistake \
                or self.positions[d.step].rules.scoring is Scoring.CONTRACT:
            return ""  # (subastado's loss is in the contract's points, not the cards')
        diff, loss = round(tricks.best_stat - tricks.other_stat), round(d.loss)
        if abs(diff - loss) < TRICKS_ROUND_APART:
            return ""
        key = "review_tricks_round_less" if diff > loss else "review_tricks_round_more"
        return self.app.tr(key, loss=number(self.app.lang, loss, 0))

    def lost_clean(self, s: R.Summary) -> bool:
        """The reviewed person's side lost the round with no mistake of theirs
        at a choice (``s``: the decisions summed up; a contract's round aside:
        its auction has words of its own)."""
        final = self.positions[-1]
        out = final.outcome
        if out is None or out.winner is None or final.rules.scoring is Scoring.CONTRACT:
            return False
        return s.decisions > 0 and s.mistakes == 0 and out.winner != final.side_of(self.seat)

    def largest_lines(self) -> list[str]:
        """The round's largest mistakes named (``review.summarise``): move,
        what was played, what was best and the loss, as the panel shows them."""
        if not self.ready:
            return []
        s = R.summarise(list(self.decisions.values()))
        tr, lang = self.said, self.app.lang
        out = []
        if s.largest:
            out.append(tr("review_total_largest_one" if s.mistakes == 1
                          else "review_total_largest"))
        elif self.lost_clean(s):  # (nc81 read "no mistakes" over a lost round as a fault)
            out.append(tr("review_total_lost_clean"))
        for d in s.largest:
            # Rounded as the step says it without the numbers ("about 10 points"),
            # not "10.2 points lost" beside it (nc106).
            plain = not self.numbers and self.with_margin(d)
            out.append(tr("review_total_mistake_plain" if plain else "review_total_mistake",
                          at=self.at(d.step), k=self.move_of(d.step),
                          played=self.action_label(d.played), best=self.best_words(d),
                          loss=number(lang, round(d.loss), 0) if plain
                          else number(lang, d.loss, 0 if d.exact else 1)))
        # subastado: a bid above the expert's, not a mistake counted, still named
        # (a bar player overbid against the hint, lost 90 and read only "no
        # mistakes", cold play nc78)
        out.extend(tr("review_total_overbid", k=self.move_of(d.step),
                      played=self.action_label(d.played), best=self.action_label(d.best))
                   for d in sorted(self.decisions.values(), key=lambda d: d.step)
                   if R.NOTE_AUCTION in d.notes and R.overbid(d))
        return out

    def best_words(self, d: R.Decision) -> str:
        """The decision's best, or every choice shown at its value ("As de oros
        or 5 de oros": a strong player read one of two equal best as the only one)."""
        tops = [t for c in R.choices(self.positions[d.step], self.seat, d) if c.best
                for t in c.actions]
        if len(tops) < 2:
            return self.action_label(d.best)
        return or_list(self.app.lang, [self.action_label(t) for t in tops])

    def at(self, step: int) -> str:
        """Where in the round the action at ``step`` is: its trick ("Trick 9",
        the trick being played); a declaration or an exchange between tricks
        after the trick it follows ("After trick 1": a newcomer who declared on
        winning the first trick read "Trick 2"); or subastado's auction."""
        st = self.positions[step]
        if R.in_auction(st):
            return self.app.tr("review_at_auction")
        if Action.parse(self.log[step][1]).kind != PLAY and not st.trick_cards \
                and st.tricks_played:
            return self.app.tr("review_after_trick", n=st.tricks_played)
        return self.app.tr("review_at_trick", n=st.tricks_played + 1)

    def move_of(self, step: int) -> int:
        """The action at ``step`` is the reviewed seat's move number this (from
        1), counted as the summary counts "your 23 moves" (a newcomer read
        "Move 9 of 43" and could not find it among their own plays, issue 31)."""
        return sum(1 for who, _ in self.log[:step + 1] if who == self.seat)

    def round_result(self) -> str:
        """How the round ended, as its summary's first line says it (a newcomer
        read only "The round is over" where the bot had reached 101); with
        teams or a contract (their own words), that it is over."""
        final = self.positions[-1]
        out = final.outcome
        rules = final.rules
        if out is None or rules.partners or rules.scoring is Scoring.CONTRACT:
            return self.said("review_round_over")
        match = self._table_match()
        return SB.headline(self.app, match, out, [seat.name for seat in match.seats])[0]

    def judgement(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The lines beside the board: (text, colour, bold)."""
        tr = self.said
        if self.step >= len(self.log):  # the round's total: its largest mistakes named
            return [(self.round_result(), INK, False),
                    *((line, GOLD if i == 0 else INK, i == 0)
                      for i, line in enumerate(self.largest_lines()))]
        seat, text = self.log[self.step]
        if seat != self.seat:
            return [(tr("review_not_yours", name=self.names[seat]), DIM, False)]
        if self.step not in self.steps:
            return [(tr("review_forced"), DIM, False)]
        d = self.decisions.get(self.step)
        if d is None:
            failed = self.step in self.failed_steps
            return [(tr("review_failed" if failed else "review_thinking"), DIM, False)]
        lines: list[tuple[str, tuple[int, int, int], bool]] = []
        if d.mistake:
            # Which of the round's mistakes: M goes through them and from the
            # last back to the first (a newcomer did not see it start again).
            marked = sorted(s for s, x in self.decisions.items() if x.mistake)
            # (Counted once every move is judged: "Mistake 1 of 2" became "2 of
            # 4" under a newcomer's eyes as the moves before it were judged.)
            lines.append((tr("review_mistake_of", k=marked.index(self.step) + 1,
                             n=len(marked)) if self.ready else tr("review_mistake_judging"),
                          RED, True))
        if not d.scored:  # (a mistake here: a false claim, said by its note)
            lines.append((tr("review_played_words", action=self.action_label(d.played)),
                          GOLD, False))
            if R.NOTE_AUCTION not in d.notes:  # (which says it: "see below" pointed at nothing)
                lines.append((tr("review_not_scored"), INK, False))
            lines.extend((tr(note), GOLD, False) for note in d.notes)
            if R.NOTE_AUCTION not in d.notes:  # (not every bid from 60 to 230)
                lines.append((tr("review_options", options=self.every_choice(d)), INK, False))
            elif d.reasons:  # the expert's answer, and why, as the hint says it (nc78)
                lines.append((tr("review_same") if d.best == d.played else
                              tr("review_auction_expert", action=self.action_label(d.best)),
                              INK, False))
                form = party_of(self.positions[d.step], self.seat)
                lines.extend((tr("review_why", reason=reason_words(
                    self.app.lang, r, self.variant, form, deferred=self.deferred)), GOOD,
                    False) for r in d.reasons)
            return lines
        if not d.mistake:  # ("Good" for a choice 6 points under the best, fourth of
            # eight, read wrong to a maths teacher, nc105: "close to the best" there)
            close = R.shown(d.loss, d.exact) > 0
            lines.append((tr("review_close_to_best" if close else "review_good"), GOOD, True))
        lines.append((tr("review_played", action=self.action_label(d.played),
                         value=self.points(d.played_value, d.exact)), GOLD, False))
        # Every choice worth as much as the best (as shown) is a best one
        # (``review.choices``): a newcomer saw three cards at -30 and only
        # one of them called "Best" (issue 31).
        found = R.choices(self.positions[self.step], self.seat, d)
        tops = [c for c in found if c.best]
        top = max((c.value for c in found if c.value is not None), default=None)
        if d.best == d.played and len(tops) < 2:
            lines.append((tr("review_same"), INK, False))
        else:
            if len(tops) > 1:
                lines.append((tr("review_best_equal", action=", ".join(
                    self.action_label(t) for c in tops for t in c.actions),
                    value=self.points(d.best_value, d.exact)), GOOD if d.mistake else INK,
                    False))
                kinds = {Action.parse(t).kind for c in tops for t in c.actions}
                if SING in kinds and PLAY in kinds:  # (a club player read "Cantar las 40"
                    # among equal cards as nonsense without it, cold play nc76)
                    lines.append((self.said("review_sing_later"), INK, False))
            else:
                # Below another choice's value: the expert's choice, no clearly
                # better one (a newcomer read "Best: +8.0" beside +8.1 as a bug).
                below = top is not None and R.shown(d.best_value, d.exact) < R.shown(top, d.exact)
                # ... naming the higher one and why it is not the best (nc91, a
                # bridge player, read "the expert's choice, none clearly better:
                # 2 of coins (-0.8)" over "6 of coins -0.3" as a contradiction)
                wins = any(c.wins for c in found if d.best in c.actions)  # (its own words:
                # the game won now, not a margin, ``every_choice``)
                higher = next((c for c in found if c.value == top and c.actions), None) \
                    if below and not wins else None
                lines.append((tr("review_best_expert" if higher else "review_best",
                                 action=self.action_label(d.best),
                                 value=self.points(d.best_value, d.exact),
                                 other=self.action_label(higher.actions[0]) if higher else "",
                                 other_value=self.points(top or 0.0, d.exact)),
                              GOOD if d.mistake else INK, False))
            if any(c.played for c in tops):  # equal to the best: no loss to tell
                lines.append((tr("review_same_equal"), INK, False))
        if not d.mistake and top is not None and R.shown(top, d.exact) < 0:
            # (nc101 read every value below zero on "Good" moves as bad ones, until
            # the values' line at the panel's foot)
            lines.append((tr("review_below_zero"), DIM, False))
        if not any(c.played for c in tops):
            lang = self.app.lang
            # The loss is the difference of the two values just shown.
            if d.loss <= 0:
                lines.append((tr("review_no_loss"), DIM, False))
            elif d.exact or d.known:  # (no "±": nothing sampled)
                lines.append((tr("review_loss_exact", loss=number(lang, d.loss,
                                                                  0 if d.exact else 1)),
                              INK, False))
            elif not self.with_margin(d) and not math.isinf(d.error):  # the same loss
                # in every deal tried
                lines.append((tr("review_loss_same", loss=number(lang, d.loss, 1)), INK, False))
                if not d.mistake:
                    lines.append((tr("review_small"), DIM, False))
            elif not self.with_margin(d):
                lines.append((tr("review_loss_unknown", loss=number(lang, d.loss, 1)), INK,
                              False))
            else:
                if self.numbers:
                    lines.append((tr("review_loss", loss=number(self.app.lang, d.loss, 1),
                                     error=number(self.app.lang, d.error, 1)),
                                  INK, False))
                elif d.mistake:  # (rounded, its margin unsaid: a mistake only beyond
                    # it; beside "Good" no loss is said, only why it is none: "Good"
                    # and "Loss: about 5 points" read as a contradiction, nc98)
                    about = round(d.loss)  # (a mistake loses a point or more)
                    plain = "review_loss_plain_one" if about == 1 else "review_loss_plain"
                    lines.append((tr(plain, loss=number(self.app.lang, about, 0)), INK,
                                  False))
                if not d.mistake:  # within the margin, or under a point
                    within = R.shown(d.loss, False) <= R.shown(d.error, False)
                    key = ("review_within" if self.numbers else "review_within_plain") \
                        if within else "review_small"  # (no margin said: none named)
                    lines.append((tr(key), DIM, False))
        swing = self.swing(d)  # (after the loss: the judgement first)
        if swing is not None:  # (nc108 read +50 to -60 over moves all "Good" and
            # found no word of why)
            before, now = swing
            lines.append((tr("review_swing_down" if now < before else "review_swing_up",
                             before=self.points(before), now=self.points(now)), DIM, False))
        # A mistake's reasons, from the same deals as its values (bots.reasons).
        # The best played says why too (its first reason, the hint's), after
        # every choice: a small panel keeps the list whole (nc104's review).
        good = d.scored and not d.mistake
        why = self.why_lines(d, d.reasons[:1] if good else d.reasons)
        if not good:
            lines += why
        if self.let_pass(d):  # (said taken "always", and the person saw it win, nc97)
            # (the card named: nc101 read "la dejaron pasar" as the trick or the card)
            lines.append((tr("review_let_pass", card=action_in_sentence(
                self.app.lang, d.played, self.variant, article=True)), INK, False))
        # Every legal choice, in words (the board shows each card's value):
        # before the longer lines, so that a small panel still shows it whole.
        lines.append((tr("review_options", options=self.every_choice(d)), INK, False))
        if good:
            lines += why
        if d.exact:
            lines.append((tr("review_exact"), GOLD, False))
        elif d.known:  # (three or four players: every card known near the end)
            lines.append((tr("review_exact_known"), GOLD, False))
        elif self.numbers:  # (how the expert judged: for who asks for the numbers)
            lines.append((tr("review_sampled", n=d.worlds), DIM, False))
        if d.line and not any(c.played for c in tops):  # (equal to the best: none better)
            lines.append((tr("review_line", moves=self.line_words(d)), INK, False))
        for note in d.notes:
            lines.append((tr(note), GOLD, False))
        # What a round point is before the cards' legend: a small panel keeps
        # the words a newcomer needs first (issue 31).
        # (``said`` gives the key in the variant's words already: the app's tr)
        # (Where 101 ends the game in play, no value waits for the round's end.)
        values = "review_values_race" if R.counts_the_game(d.notes) else VALUES_SAID.get(
            self.positions[0].rules.sides, "review_values")
        lines.append((self.app.tr(said(self.app.lang, self.variant, values)), DIM, False))
        # (The cards' legend is under the strip of moves, ``_draw_legends``:
        # in the panel, a long English judgement pushed it out, issue 31.)
        return lines

    # ------------------------------------------------------------------ the table
    def _table_match(self) -> Match:
        """The match as the table's painter needs it: its rules and seats, named
        as the review names them (the position itself is each step's)."""
        seats = [Seat(self.names[i] or self.app.tr("seat", n=i + 1), s["level"])
                 for i, s in enumerate(self.match["seats"])]
        return Match(self.match["variant"], seats, options=self.match.get("options"), seed=0)

    def describe(self) -> TableDescription:
        """The table before this step's action, as the person saw it (their hand
        face up, the others' backs, as many as they held), with the game's score
        panel, plates and rule line; the trick just taken shows in the table's
        last-trick panel until the next lead; at the person's decision the cards
        they could not play are dimmed, the card played is raised and outlined in
        gold, and a better card (after a mistake) in green."""
        app = self.app
        st = self.positions[self.step]
        if self.gated:  # behind the privacy screen: the table, every card face down
            desc = describe_table(app, self._table_match(), public_view(st),
                                  size=self.board.size, perspective=self.seat)
            return dataclasses.replace(desc, cards=tuple(
                dataclasses.replace(spot, face=None) for spot in desc.cards))
        mine = self.step < len(self.log) and self.log[self.step][0] == self.seat \
            and st.to_act == self.seat
        legal = sum(1 << int(a.card) for a in st.legal_actions()
                    if a.kind is PLAY and a.card is not None) if mine else None
        # (subastado's auction: no rule line, the table's auction panel says it)
        line = (rule_line(tr, app.lang, st, self.seat, last=False) or "") \
            if mine and not R.in_auction(st) else ""
        between = not st.trick_cards and bool(st.last_cards)
        desc = describe_table(app, self._table_match(), view(st, self.seat),
                              size=self.board.size, legal=legal, my_turn=mine,
                              rule_line=line, show_last=between,
                              hand_share=REVIEW_HAND_SHARE if st.n > 2 else HAND_MAX_WIDTH,
                              round_no=len(self.match["rounds"]))
        marks: dict[int, tuple[int, int, int]] = {}
        if mine:
            played = _card_of(self.log[self.step][1])
            d = self.decisions.get(self.step)
            if d is not None and d.scored:  # every best one, equal ones too
                for c in R.choices(st, self.seat, d):
                    for text in c.actions if c.best else ():
                        best = _card_of(text)
                        if best is not None:
                            marks[best] = GOOD
            if played is not None:
                marks[played] = GOLD
        return pointed_at(desc, marks, set(marks))

    @staticmethod
    def with_margin(d: R.Decision) -> bool:
        """``d``'s loss is sampled with a margin (not exact, nor the same in
        every deal, nor from one deal only): said rounded without the numbers,
        on its step and in the round's total alike."""
        return not (d.exact or d.known or math.isinf(d.error) or R.shown(d.error, False) == 0)

    def let_pass(self, d: R.Decision) -> bool:
        """A reason says the card played would be taken more often than kept, and
        in the round it was not: its trick went to the person's side (the
        expert counts on players who take it when they can). Not of a card that
        closed its trick: nobody played after it (nc108 read "nobody beat it,
        though they could" of a card he played last)."""
        played = _card_of(d.played)
        before = self.positions[d.step]
        if len(before.trick_cards) == before.n - 1:
            return False
        if played is None or not any(r.kind == HIGH and r.what == played
                                     and r.other_stat > r.best_stat for r in d.reasons):
            return False
        side = self.positions[d.step].side_of(self.seat)
        for st in self.positions[d.step + 1:]:
            if not st.trick_cards:  # its trick taken
                return st.last_winner >= 0 and st.side_of(st.last_winner) == side
        return False

    def card_values(self) -> dict[int, tuple[str, tuple[int, int, int]]]:
        """At a judged decision, each card of the hand that could be played:
        its value as shown and the colour of its words (the best green, the
        one played gold)."""
        if self.step >= len(self.log) or self.log[self.step][0] != self.seat:
            return {}
        d = self.decisions.get(self.step)
        if d is None or not d.scored:
            return {}
        out: dict[int, tuple[str, tuple[int, int, int]]] = {}
        for c in R.choices(self.positions[self.step], self.seat, d):
            for text in c.actions:
                card = _card_of(text)
                if card is not None and c.value is not None:
                    colour = GOLD if text == d.played else GOOD if c.best else INK
                    out[card] = (self.points(c.value, d.exact), colour)
        return out

    # ------------------------------------------------------------------ drawing
    def draw(self, canvas: Canvas) -> None:
        app = self.app
        w, h = app.size
        who = self.names[self.seat]
        fs = font(app, 0.026)
        if self.gated:  # (issue 29: the screen stands over the table, hands hidden)
            # (the screen's own heading names whose review it is: no title over
            # the top hand)
            paint_table(canvas, self.describe(), app)
            # The review's own page behind it, its panel empty (the table alone
            # read as squeezed into a corner, a newcomer saw).
            panel(canvas, self.judge, (0, 0, 0, 150), 10)
            canvas.fill((0, 0, 0, 110))
            self._draw_gate(canvas, who, fs)
            return
        desc = self.describe()
        paint_table(canvas, desc, app)
        tags = self.value_tags(desc)
        self._draw_card_values(canvas, tags)
        canvas.fill((0, 0, 0, 90), (0, self.board.bottom, w, h - self.board.bottom))
        panel(canvas, self.judge, (0, 0, 0, 150), 10)
        self._draw_judgement(canvas, fs)
        self._draw_timeline(canvas)
        self._draw_legends(canvas, fs, len(tags))
        self.buttons.draw(canvas, app.text, fs)
        app.text.draw(canvas, self.keys_line(), int(fs * 0.8), (w // 2, h - 6), DIM,
                      anchor="midbottom")

    def keys_line(self) -> str:
        """The keys at the foot: Up/down only where another kept round is
        there to step to (a player pressed them on a single round, and
        nothing happened)."""
        return self.app.tr("review_keys" if len(self.rounds) > 1 else "review_single_keys")

    def _draw_card_values(self, canvas: Canvas,
                          tags: list[tuple[pygame.Rect, int, str, tuple[int, int, int]]]) -> None:
        """The cards' values on the cards (``value_tags``)."""
        for box, size, text, colour in tags:
            # The best card's value on green, not only its frame: nc101 could not
            # tell the green frame from the green border of a card of bastos.
            fill, ink = (BEST_TAG, INK) if colour == GOOD else ((0, 0, 0, 200), colour)
            panel(canvas, box, fill, size // 3)
            self.app.text.draw(canvas, text, size, box.center, ink, anchor="center", bold=True)

    def value_tags(self, desc: TableDescription
                   ) -> list[tuple[pygame.Rect, int, str, tuple[int, int, int]]]:
        """Where each card's value is drawn: its box, font size, words and
        colour. A dark box in the card's lower left corner, in one row: a card
        further right covers most of a card of the hand, not its left edge, and
        the corner's rank index is the upper one. Where the cards lie closer
        than a box is wide (tres' 13 cards: a tag on every card covered the
        hand, and said again what the list of every choice says), only the
        cards that matter carry one (``tagged_first``): the card played, the
        best ones, then the ``NEXT_BEST`` next best, each where it fits apart
        from those before it; the legend then says the others' values are in the
        list (``_draw_legends``). Every box lies on the board."""
        values = self.card_values()
        if not values:
            return []
        cw, ch = desc.card_size
        size = max(10, int(ch * 0.16))
        bold = self.app.text.font(size, bold=True)
        boxes: dict[int, pygame.Rect] = {}
        for spot in sorted((s for s in desc.cards if s.face in values), key=lambda s: s.x):
            assert spot.face is not None
            box = pygame.Rect(0, 0, bold.size(values[spot.face][0])[0] + size // 2,
                              int(size * 1.3))
            box.bottomleft = (int(spot.x - cw * spot.scale / 2) + 3,
                              int(spot.y + ch * spot.scale / 2) - 6)
            boxes[spot.face] = box.clamp(self.board)
        row = list(boxes.values())
        crowded = any(b.right + TAG_GAP > c.left for b, c in itertools.pairwise(row))
        placed: list[pygame.Rect] = []
        out = []
        must, rest = self.tagged_first() if crowded else (list(boxes), [])
        for i, card in enumerate([*must, *rest]):
            tag = boxes.get(card)
            if tag is None or tag.inflate(2 * TAG_GAP, 2 * TAG_GAP).collidelist(placed) >= 0:
                if i >= len(must):  # the next best in order, none skipped (a strong player
                    break  # saw the third best tagged and the second not)
                continue
            placed.append(tag)
            text, colour = values[card]
            out.append((tag, size, text, colour))
        return out

    def tagged_first(self) -> tuple[list[int], list[int]]:
        """The cards of this decision that claim a value tag where not every
        card can have one, in the order they claim it: the card played, the
        best ones (the first list), then the ``NEXT_BEST`` choices after them
        (the second; ``review.choices`` lists them by value, best first; equal
        cards together)."""
        d = self.decisions.get(self.step)
        if d is None:
            return [], []
        found = R.choices(self.positions[self.step], self.seat, d)
        played = [c for c in found if c.played]
        best = [c for c in found if c.best and not c.played]
        rest = [c for c in found if not c.best and not c.played][:NEXT_BEST]

        def cards(choices: list[R.Choice]) -> list[int]:
            return [card for c in choices for card in map(_card_of, c.actions) if card is not None]
        return cards([*played, *best]), cards(rest)

    def _draw_gate(self, canvas: Canvas, who: str, fs: int) -> None:
        app = self.app
        w, h = app.size
        box = pygame.Rect(int(w * 0.22), int(h * 0.26), int(w * 0.56), int(h * 0.48))
        panel(canvas, box, (8, 16, 12, 235), 16)
        app.text.draw(canvas, app.tr("review_gate", name=who), font(app, 0.05),
                      (w // 2, box.top + int(h * 0.06)), GOLD, anchor="midtop", bold=True)
        for i, line in enumerate(app.text.wrap(app.tr("review_gate_note", name=who), fs,
                                               int(box.w * 0.9))[:3]):
            app.text.draw(canvas, line, fs, (w // 2, box.top + int(h * 0.16) + i * fs * 1.3),
                          INK, anchor="midtop")
        self.buttons.draw(canvas, app.text, fs)
        said = app.tr(self.gate_said) if self.gate_said and self.buttons.buttons else ""
        top = self.buttons.buttons[0].rect.bottom if self.buttons.buttons else box.top
        note_and_keys(canvas, app.text, said, app.tr("review_gate_keys"), fs, box, top)

    def heading(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The judgement panel's first lines: whose round, how the expert is
        getting on (or the summary), and what happens at this step."""
        app = self.app
        lines = [(app.tr("review_title", n=len(self.match["rounds"]),
                         name=self.names[self.seat]), GOLD, True)]
        if len(self.rounds) > 1:
            lines[0] = (f"{lines[0][0]}  ({self.index + 1}/{len(self.rounds)})", GOLD, True)
        lines.append((self.summary_line(), INK, False))
        if self.step < len(self.log):
            s, text = self.log[self.step]
            action = self.action_label(text)
            if s == self.seat:
                moves = sum(1 for who, _ in self.log if who == self.seat)
                line = app.tr("review_move", at=self.at(self.step), k=self.move_of(self.step),
                              moves=moves, action=action)
            else:
                line = app.tr("review_move_other", at=self.at(self.step), name=self.names[s],
                              action=action)
            lines.append((line, INK, True))
        else:
            lines.append((app.tr("review_end", tricks=self.positions[-1].tricks_played,
                                 moves=sum(1 for who, _ in self.log if who == self.seat)),
                          INK, True))
        return lines

    def _draw_judgement(self, canvas: Canvas, fs: int) -> None:
        app = self.app
        box = self.judge
        x, y = box.left + 14, box.top + 10
        width = box.w - 28
        for text, colour, bold in [*self.heading(), *self.judgement()]:
            size = int(fs * 1.1) if bold else int(fs * 0.9)
            parts = app.text.wrap(text, size, width, bold)  # (bold is wider: nc99 saw
            # the gold line run to the panel's edge)
            # A line is drawn whole or not at all (never a sentence cut in two).
            if y + int(size * 1.25) * (len(parts) - 1) + size > box.bottom - 6:
                return
            for part in parts:
                app.text.draw(canvas, part, size, (x, y), colour, bold=bold)
                y += int(size * 1.25)
            y += int(fs * 0.3)

    def legend_items(self) -> list[tuple[tuple[int, int, int] | None, str]]:
        """The strip's legend: each colour a square of it takes, in words (a
        newcomer saw coloured squares and nothing saying what they were,
        issue 31); None: the words before the squares."""
        tr = self.app.tr
        return [(None, tr("review_strip")), (GOOD, tr("review_strip_good")),
                (RED, tr("review_strip_mistake")), (WORDS, self.said("review_strip_words")),
                (PENDING, tr("review_strip_pending")), (OTHER, tr("review_strip_other")),
                (GOLD, tr("review_strip_here"))]

    def _draw_legends(self, canvas: Canvas, fs: int, tags: int) -> None:
        """Under the strip: its colours, then (where the cards show their
        values: ``tags`` of them) what the values and frames on the cards are,
        and where the values of the cards without one are."""
        if self.gated:
            return
        app = self.app
        size = int(fs * LEGEND_SIZE)
        row = self.legends.h // 2
        font_ = app.text.font(size)
        items = self.legend_items()
        gap, box = size, int(size * 0.8)
        widths = [font_.size(text)[0] + (0 if colour is None else box + size // 3)
                  for colour, text in items]
        x = self.legends.centerx - (sum(widths) + gap * (len(items) - 1)) // 2
        y = self.legends.top + row // 2
        for (colour, text), wd in zip(items, widths, strict=True):
            if colour is not None:
                square = pygame.Rect(x, y - box // 2, box, box)
                canvas.rect(colour, square, 2 if colour == GOLD else 0, 2)
                if colour == OTHER:  # (as dark as the strip's ground: outlined)
                    canvas.rect(DIM, square, 1, 2)
                x += box + size // 3
            app.text.draw(canvas, text, size, (x, y), DIM, anchor="midleft")
            x += wd - (0 if colour is None else box + size // 3) + gap
        values = len(self.card_values())
        if values:
            app.text.draw(canvas, app.tr("review_legend" if tags == values else
                                         "review_legend_some"), size,
                          (self.legends.centerx, self.legends.top + row + row // 2), DIM,
                          anchor="center")

    def _draw_timeline(self, canvas: Canvas) -> None:
        """One mark a step: the person's decisions coloured by judgement."""
        bar = self.strip()
        n = len(self.log) + 1
        for i in range(n):
            x0 = bar.left + bar.w * i // n
            x1 = bar.left + bar.w * (i + 1) // n - 2
            colour: tuple[int, int, int] = OTHER
            if i in self.steps:
                d = self.decisions.get(i)
                colour = PENDING if d is None else RED if d.mistake else \
                    GOOD if d.scored else WORDS
            rect = pygame.Rect(x0, bar.top, max(2, x1 - x0), bar.h)
            canvas.rect(colour, rect, 0, 3)
            if i == self.step:
                canvas.rect(GOLD, rect.inflate(4, 8), 3, 4)


MARK_MOST = 3
"""The widest a mark of the strip is, in its heights."""

KEPT_REVIEWS = 20
"""Rounds whose judgements the session keeps (``kept``): the statistics keep
as many rounds to review."""


def kept(reviewed: dict[Any, dict[int, Any]], key: Any) -> dict[int, R.Decision]:
    """The judgements kept for ``key`` (made empty the first time), the most
    recently used last; the oldest round is forgotten past ``KEPT_REVIEWS``."""
    found = reviewed.pop(key, {})
    reviewed[key] = found
    while len(reviewed) > KEPT_REVIEWS:
        del reviewed[next(iter(reviewed))]
    return found


def _card_of(text: str) -> int | None:
    a = Action.parse(text)
    return int(a.card) if a.kind in (PLAY,) and a.card is not None else None
