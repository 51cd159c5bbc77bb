"""The in-game menu: Esc (or the Menu button) at the table, or Esc on the round's
summary, opens it over them; the table pauses while it is covered - no bot moves
and no step starts; cards already moving may land. Continue (or Esc) returns to
the table (or the summary) as it was;
Settings and the variant's Rules open over it; the sound goes off and on here
too; where one person plays, the hand just played can be reviewed from here;
Quit goes to the title with the match saved (``TableScene.to_title``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..game.review import match_prefix
from . import intents as I
from .menus import focus_buttons, font
from .scene import Scene
from .sound import mute_label, toggle_mute
from .widgets import (
    DIM,
    GOLD,
    Button,
    ButtonSet,
    layout_column,
    page_colour,
    palette,
    panel,
    shifted,
)

if TYPE_CHECKING:
    from .gfx import Canvas
    from .services import Services
    from .table import TableScene

SHADE = (0, 0, 0, 130)
"""Laid over the table, so the menu reads as in front of a paused game."""
BOX = (8, 16, 12)
"""The menu's box on the green felt, opaque (a line of the summary behind it
showed through between the title and Continue); on another table colour,
shifted with it (``widgets.shifted``)."""


class PauseScene(Scene):
    """See the module doc. ``table`` is the scene it covers."""

    opaque = False

    def __init__(self, app: Services, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.buttons = ButtonSet()
        self.focus = 0
        self.box = pygame.Rect(0, 0, 0, 0)
        self.opaque = len(table.match.humans()) > 1
        """In hot-seat the table is not drawn under the menu: the seated
        person's hand showed through, dimmed, to whoever came by while the menu
        was open (a newcomer noticed)."""

    # ------------------------------------------------------------------ what it offers
    def items(self) -> list[Button]:
        app, table = self.app, self.table
        items = [
            Button(app.tr("pause_resume"), self.resume_play, app.tr("key.resume")),
            Button(app.tr("settings"), lambda: app.nav.push("settings"), app.tr("key.settings")),
            Button(app.tr("rules"), table.show_rules, app.tr("key.rules")),
            Button(mute_label(app), self.toggle_mute, app.tr("key.mute")),
            Button(app.tr("pause_quit"), table.to_title, app.tr("key.quit_match")),
        ]
        if self.last_round() is not None:  # before Quit
            items.insert(-1, Button(app.tr("pause_review_last"), self.review_last,
                                    app.tr("key.review_last")))
        return items

    def last_round(self) -> int | None:
        """The hand just played, to review from here (its index), where one
        person plays: a club player pressed Enter on through the summary and
        found that hand's review only under Statistics (cold play nc76). The
        round in play is not one; None before the first hand ends."""
        match = self.table.match
        if len(match.humans()) != 1:  # (hot-seat: each person's own, at the summary)
            return None
        index = len(match.rounds) - (1 if match.state.outcome is not None else 2)
        return index if index >= 0 else None

    def review_last(self) -> None:
        """The expert's review of the person's decisions in that hand."""
        index = self.last_round()
        if index is None:
            return
        match = self.table.match
        payload = match_prefix(match.to_json(), index)
        names = [self.table.name(s) for s in range(match.rules.players)]
        self.app.nav.push("review", rounds=[(payload, match.humans()[0])], names=names)

    def resume_play(self) -> None:
        """Back to the table, exactly as it was; in hot-seat, behind the privacy
        screen again for the person who was looking (whoever came by while the
        menu was open saw the hand on return, a newcomer found)."""
        self.app.nav.pop()
        if self.opaque and self.app.nav.top is self.table:
            self.table.ask_privacy_again()

    def toggle_mute(self) -> None:
        toggle_mute(self.app)
        self.layout(self.app.size)

    def _note(self) -> str:
        """What Quit keeps, and the title's button that goes back to it (nothing
        to say when the table saves nothing)."""
        tr = self.app.tr
        if not self.table.autosave:
            return ""
        if self.table.on_match_over is not None:  # a tournament's match: it keeps it
            return tr("pause_saved_tournament", button=tr("continue_tournament"))
        return tr("pause_saved", button=tr("continue"))

    # ------------------------------------------------------------------ lifecycle
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        fs = self._font()
        self.buttons.buttons = self.items()
        text = self.app.text
        widest = max(text.font(fs).size(b.caption())[0]
                     for b in self.buttons.buttons)
        note = self._note()
        note_w = text.font(self._note_font()).size(note)[0] if note else 0
        bw = max(int(w * 0.26), widest + 2 * fs)
        box_w = min(w - 16, max(bw + 4 * fs, note_w + 2 * fs))
        gap = max(6, fs // 2)
        column_h = len(self.buttons.buttons) * (int(fs * 2.0) + gap) - gap
        title_h = int(font(self.app, 0.055) * 1.6)
        foot_h = int(self._note_font() * (3.2 if note else 1.8))
        box_h = title_h + column_h + foot_h + 2 * fs
        self.box = pygame.Rect(0, 0, box_w, box_h)
        self.box.center = (w // 2, h // 2)
        layout_column(self.buttons.buttons, bw, fs, self.box.top + fs + title_h, w // 2, gap)

    def resume(self) -> None:
        # Settings may have changed the language or the text size: the table's
        # buttons and this menu are laid out again in the new words.
        self.table.layout(self.app.size)
        self.layout(self.app.size)

    def busy(self) -> bool:
        return self.table.animating()

    def update(self, dt: float) -> None:
        self.table.animate(dt)  # cards in flight land; nothing else moves

    def _font(self) -> int:
        return font(self.app, 0.03)

    def _note_font(self) -> int:
        return font(self.app, 0.024)

    # ------------------------------------------------------------------ input
    def handle(self, intent: I.Intent) -> None:
        bs = self.buttons
        k = intent.kind
        if k == I.BACK:
            self.resume_play()
        elif k == I.HELP:
            self.table.show_rules()
        else:
            self.focus = focus_buttons(bs, intent, self.focus)

    # ------------------------------------------------------------------ drawing
    def draw(self, canvas: Canvas) -> None:
        app = self.app
        w, h = app.size
        canvas.fill(page_colour(app.settings.table_rgb) if self.opaque else SHADE)
        panel(canvas, self.box, (*shifted(BOX, app.settings.table_rgb), 255), 16)
        fs = self._font()
        app.text.draw(canvas, app.tr("pause_title"), font(app, 0.055),
                      (w // 2, self.box.top + fs), GOLD, anchor="midtop", bold=True)
        self.buttons.draw(canvas, app.text, fs, focus=self.focus,
                          colours=palette(app.settings.table_rgb))
        nf = self._note_font()
        y = self.box.bottom - nf
        app.text.draw(canvas, app.tr("pause_keys"), nf, (w // 2, y), DIM, anchor="midbottom")
        note = self._note()
        if note:
            app.text.draw(canvas, note, nf, (w // 2, y - int(nf * 1.3)), DIM,
                          anchor="midbottom")
