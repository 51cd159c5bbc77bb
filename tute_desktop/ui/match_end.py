"""The end of a match, and the question before a new game replaces a saved one.

``MatchEndScene``: who won the match, the final score in the variant's words,
how the last deal ended, the match history, and Play again (the same variant,
seats and house rules, a new seed), New game (the setup screen) and Menu.

``ReplaceSaveScene``: New game -> Start over a saved match asks first; Keep it
goes back with the save untouched, Replace starts the new match.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ..engine.events import Phase
from ..engine.rules import VARIANTS, Scoring
from ..game.match import Match
from ..i18n import spoken_name
from . import intents as I
from . import scoreboard as SB
from .menus import ENTER_AFTER, focus_buttons, font, title
from .scene import Scene
from .widgets import DIM, GOLD, INK, Button, ButtonSet, layout_row, palette

if TYPE_CHECKING:
    from .gfx import Canvas
    from .services import Services


class MatchEndScene(Scene):
    """The result of a finished match, its history, and what to do next."""

    def __init__(self, app: Services, match: Match, names: Sequence[str]) -> None:
        super().__init__(app)
        self.match = match
        self.names = list(names)
        self.buttons = ButtonSet()
        self.focus = -1
        """No button at first: Enter does nothing until an arrow (or the
        pointer) chooses one (two newcomers pressing Enter for the summary and
        the hint went through the match's end into a new match unseen); the
        buttons' keys act at once."""
        self.box = pygame.Rect(0, 0, 0, 0)
        self.shot = False
        self.shown = 0.0
        """Seconds since it opened: Enter waits ``ENTER_AFTER`` (a newcomer
        pressing Enter to play hinted cards went on into a new match without
        seeing who had won)."""

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        self.box = pygame.Rect(int(w * 0.08), int(h * 0.035), int(w * 0.84), int(h * 0.93))
        self.buttons.buttons = [
            Button(app.tr("play_again"), self.play_again, app.tr("key.play_again")),
            Button(app.tr("new_game"), self.new_game, app.tr("key.new_game")),
            Button(app.tr("menu"), self.menu, app.tr("key.menu"), shown_key=app.tr("esc_key")),
        ]
        humans = self.match.humans() if self.match.rounds else []
        shared = len(humans) > 1
        reviews = [Button(app.tr("review_of", name=self.names[seat]) if shared
                          else app.tr("review"), partial(self.review, seat),
                          str(seat + 1) if shared else app.tr("key.review"))
                   for seat in humans]
        # The last round's review, as the summary offers it (nc109 pressed Enter
        # through "Final result" and found no way to it here); at a shared
        # screen one a person, its digit the seat's, in a row of their own
        # (nc111: one Review opened Dani's, and Pilar's was not to be found).
        fs = font(app, 0.03)
        y = self.box.bottom - int(fs * 1.7)
        main = self.buttons.buttons
        if shared:
            layout_row(reviews, app.text, fs, (w // 2, y - int(fs * 2.6)), gap=int(fs * 0.8))
        else:
            main[2:2] = reviews
        layout_row(main, app.text, fs, (w // 2, y), gap=int(fs * 0.8))
        if shared:
            self.buttons.buttons = main + reviews

    def play_again(self) -> None:
        """The same variant, seats and house rules, dealt from a new seed."""
        self.app.nav.reset("table", match=self.match.replay_setup())

    def new_game(self) -> None:
        self.app.nav.reset("title")
        self.app.nav.push("new_game")

    def review(self, seat: int) -> None:
        """The last round's review of ``seat``'s decisions (at a shared screen
        behind the review's own privacy gate)."""
        self.app.nav.push("review", rounds=[(self.match.to_json(), seat)], names=self.names)

    def menu(self) -> None:
        self.app.nav.reset("title")

    def update(self, dt: float) -> None:
        self.shown += dt
        if not self.shot:
            self.shot = True
            self.app.screenshot("match-end")

    def handle(self, intent: I.Intent) -> None:
        if intent.kind == I.BACK:
            self.menu()
            return
        if intent.kind == I.CONFIRM and (self.shown < ENTER_AFTER or self.focus < 0):
            return  # (an Enter meant for the table, pressed once more)
        self.focus = focus_buttons(self.buttons, intent, self.focus)

    def lines(self) -> list[str]:
        """The result first, then how the last deal ended and the final score."""
        app, match = self.app, self.match
        state = match.state
        lines = []
        if state.winner is not None:
            lines.append(app.tr("match_winner", name=self.names[state.winner]))
            totals = list(state.totals)
            tied = [s for s, t in enumerate(totals) if t == min(totals)]
            over = [s for s, t in enumerate(totals) if t >= match.rules.target]
            if match.rules.scoring is Scoring.LOST_ROUNDS and len(tied) == 1 and over:
                # Who ended it, and that the fewest win (§8, §13; nc111 read
                # "Ganador de la mano: Pilar" and then the bot winning the match)
                lines.append(app.tr("match_end_stones", target=match.rules.target,
                                    names=app.tr("words_and", first=", ".join(
                                        self.names[s] for s in over[:-1]),
                                        last=self.names[over[-1]]) if len(over) > 1
                                    else self.names[over[0]],
                                    name=self.names[state.winner], n=totals[state.winner]))
            if match.rules.scoring is Scoring.LOST_ROUNDS and len(tied) > 1:
                # Level on the fewest piedras: why this one (§8, §13; nc87 read
                # "Winner: Bot 4" beside three players on 2 with no word why).
                lines.append(app.tr("match_tie_stones", n=totals[state.winner],
                                    names=app.tr("words_and", first=", ".join(
                                        self.names[s] for s in tied[:-1]),
                                        last=self.names[tied[-1]]),
                                    name=self.names[state.winner]))
        if match.history:
            last = match.history[-1]
            if match.rules.scoring is Scoring.CONTRACT:  # subastado: the last contract (§12)
                lines.append(app.tr("last_deal", line=SB.contract_lines(
                    app, match, last, self.names)[0]))
            else:
                said = SB.headline(app, match, last, self.names)
                lines.append(app.tr("last_deal", line=said[0]))
                lines += said[1:]
            lines.append(SB.score_line(app, match, last.totals, self.names))
        return lines

    def draw(self, canvas: Canvas) -> None:
        app, match = self.app, self.match
        w, h = app.size
        canvas.fill(tuple(c // 3 for c in app.settings.table_rgb))
        box = self.box
        SB.card(canvas, box)
        fs = font(app, 0.028)
        inner = box.inflate(-2 * int(box.w * 0.04), 0)
        y = box.top + int(fs * 0.6)
        heading = f"{app.tr('match_end_title')} · {title(app, match.variant)}"
        y = app.text.draw(canvas, heading, font(app, 0.045), (w // 2, y), GOLD,
                          anchor="midtop", bold=True).bottom + int(fs * 0.6)
        for i, line in enumerate(self.lines()):
            size = int(fs * 1.5) if i == 0 else fs
            for part in app.text.wrap(line, size, inner.w, i == 0):
                y = app.text.draw(canvas, part, size, (w // 2, y), GOLD if i == 0 else INK,
                                  anchor="midtop", bold=i == 0).bottom + int(fs * 0.3)
        y += int(fs * 0.4)
        canvas.line(SB.EDGE, (inner.left, y), (inner.right, y), 1)
        y += int(fs * 0.3)
        app.text.draw(canvas, app.tr("history"), int(fs * 0.9), (inner.left, y), DIM)
        y += int(fs * 1.2)
        bottom = min(b.rect.top for b in self.buttons.buttons) - int(fs * 0.5)
        SB.draw_history(app, canvas, pygame.Rect(inner.left, y, inner.w, bottom - y), match,
                        self.names, fs)
        self.buttons.draw(canvas, app.text, fs, focus=self.focus,
                          colours=palette(app.settings.table_rgb))


def _between_rounds(saved: dict[str, Any]) -> bool:
    """The saved match (as stored) stopped after a round ended, before the next
    deal; False when it is in a round, or cannot be read back."""
    try:
        return Match.from_json(saved).state.phase is Phase.ROUND_OVER
    except (ValueError, KeyError, TypeError):
        return False


class ReplaceSaveScene(Scene):
    """"A saved match will be replaced": Replace, or Keep it (the default)."""

    def __init__(self, app: Services, saved: dict[str, Any] | None,
                 on_replace: Callable[[], None]) -> None:
        """``saved``: the saved match as stored (unchecked), to say which it is."""
        super().__init__(app)
        self.saved = saved or {}
        self.between = _between_rounds(self.saved)
        """The saved match's last round is over, the next not dealt yet (shot 111:
        "mano 2" read as the round in play after round 2 had ended)."""
        self.on_replace = on_replace
        self.buttons = ButtonSet()
        self.focus = 1
        self.box = pygame.Rect(0, 0, 0, 0)

    def _rows(self, width: int) -> tuple[list[tuple[str, int, tuple[int, ...], bool, int]], int]:
        """The box's words for a box ``width`` wide, a row each: the words,
        their size, colour, boldness and how far below the box's top they
        stand; and how high they all stand (``layout`` sizes the box by it,
        ``draw`` draws them)."""
        app = self.app
        fs, big = font(app, 0.03), font(app, 0.05)
        inner = width - int(width * 0.1)
        rows: list[tuple[str, int, tuple[int, ...], bool, int]] = []
        y = int(fs * 0.8)
        for part in app.text.wrap(app.tr("replace_title"), big, inner, True):
            rows.append((part, big, GOLD, True, y))
            y += app.text.font(big, True).get_height() + int(fs * 0.3)
        y += int(fs * 0.6)
        for text, colour in ((self.describe(), INK), (app.tr("replace_body"), INK),
                             (app.tr("replace_stats_between" if self.between
                                     else "replace_stats"), DIM)):
            for part in app.text.wrap(text, fs, inner):
                rows.append((part, fs, colour, False, y))
                y += app.text.font(fs).get_height() + int(fs * 0.25)
            y += int(fs * 0.5)
        return rows, y

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        width = int(w * 0.72)
        fs = font(app, 0.03)
        # As high as its words and buttons (a newcomer saw a gap between them).
        high = min(int(h * 0.9), self._rows(width)[1] + int(fs * 3.6))
        self.box = pygame.Rect(int(w * 0.14), int(h * 0.5 - high / 2), width, high)
        self.buttons.buttons = [
            Button(app.tr("replace"), self.replace, app.tr("key.replace")),
            Button(app.tr("keep_it"), self.keep, app.tr("key.keep_it")),
        ]
        fs = font(app, 0.03)
        layout_row(self.buttons.buttons, app.text, fs,
                   (w // 2, self.box.bottom - int(fs * 1.8)), gap=int(fs * 1.2))

    def replace(self) -> None:
        self.app.nav.pop()
        self.on_replace()

    def keep(self) -> None:
        self.app.nav.pop()

    def handle(self, intent: I.Intent) -> None:
        if intent.kind == I.BACK:
            self.keep()
            return
        self.focus = focus_buttons(self.buttons, intent, self.focus)

    def describe(self) -> str:
        """Which match is saved: its variant, the round it is in, who plays."""
        app, saved = self.app, self.saved
        variant = saved.get("variant")
        rounds = saved.get("rounds")
        seats = saved.get("seats")
        # A name the game gave is said in today's language ("Tú", not "You").
        names = [spoken_name(app.lang, s["name"], s.get("level") if isinstance(
            s.get("level"), str) else None) for s in seats
            if isinstance(s, dict) and isinstance(s.get("name"), str)] if isinstance(
            seats, list) else []
        deal = len(rounds) if isinstance(rounds, list) else 1
        return app.tr("replace_which_between" if self.between else "replace_which",
                      variant=title(app, variant) if variant in VARIANTS else "?",
                      deal=deal, next=deal + 1, names=", ".join(n[:16] for n in names))

    def draw(self, canvas: Canvas) -> None:
        app = self.app
        w, h = app.size
        canvas.fill(tuple(c // 3 for c in app.settings.table_rgb))
        box = self.box
        SB.card(canvas, box)
        fs = font(app, 0.03)
        for part, size, colour, bold, y in self._rows(box.w)[0]:
            app.text.draw(canvas, part, size, (w // 2, box.top + y), colour, anchor="midtop",
                          bold=bold)
        self.buttons.draw(canvas, app.text, fs, focus=self.focus,
                          colours=palette(app.settings.table_rgb))
