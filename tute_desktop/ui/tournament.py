"""The tournament scenes (RULES §10.4): the host sets up 2 to 6 participants,
and the bracket shows who plays whom and the results so far. Matches are
played on the usual table; a match between two bots is watched with every hand
face down and runs by itself at the tournament's speed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..game.match import Match
from ..game.names import clean_name
from ..game.tournament import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    SPEEDS,
    VARIANT,
    Participant,
    Tournament,
    delete_tournament,
    save_tournament,
)
from ..i18n import number, spoken_name, you_form
from . import intents as I
from .menus import (
    DEFAULT_NAMES,
    NAME_MAX,
    REFUSAL,
    SEAT_CHOICES,
    ChoiceRowsScene,
    Lineup,
    NameEdit,
    bot_name,
    font,
    seat_names,
)
from .scene import Scene
from .widgets import DIM, GOLD, INK, Button, ButtonSet, layout_row, palette, panel

if TYPE_CHECKING:
    from .gfx import Canvas
    from .services import Services

AUTO_START = 4.0
"""Seconds (at speed 1) the bracket waits before a match between bots starts by
itself, in a tournament of bots alone (watched as a show): with a person taking
part, the bracket waits for Enter (``BracketScene.automatic``)."""


class TournamentSetupScene(ChoiceRowsScene):
    """How many play, who (a person with a name, or a bot level), and how fast
    matches between bots run. ↑ ↓ choose a row, ← → change it, typing names a
    person, Enter draws and starts."""

    def __init__(self, app: Services, like: Tournament | None = None) -> None:
        """``like``: the tournament this one follows (New tournament from the
        bracket): its players, levels and speed to start from (a newcomer's
        three players at ×8 came back as four at ×2)."""
        super().__init__(app)
        self.count = 4
        self.levels: list[str | None] = [None, "easy", "medium", "hard", "medium", "easy"]
        first = clean_name(app.settings.player_name, NAME_MAX) or app.tr("you")
        self.names = [first, *DEFAULT_NAMES[1:MAX_PLAYERS]]
        self.name_edit = NameEdit()
        self.speed = 2.0
        if like is not None:
            for i, p in enumerate(like.participants[:MAX_PLAYERS]):
                self.levels[i] = p.level
                if p.level is None:
                    self.names[i] = p.name
            self.count = max(MIN_PLAYERS, min(MAX_PLAYERS, len(like.participants)))
            self.speed = like.speed
        self.refusal = ""
        """Why the draw did not start (a name already taken), until the next change."""

    def _rows(self) -> list[tuple[str, str]]:
        app = self.app
        rows = [(app.tr("players_count"), str(self.count))]
        for i in range(self.count):
            level = self.levels[i]
            label = app.tr("player_n", n=i + 1)
            if level is None:
                rows.append((app.tr("player_named", n=i + 1, name=self._said(i)),
                             app.tr("person")))
            else:
                rows.append((label, app.tr("bot", level=app.tr(f"level_{level}"))))
        rows.append((app.tr("bot_speed"), "×" + number(app.lang, self.speed, None)))
        return rows

    def _said(self, i: int) -> str:
        """Person ``i``'s name as its row says it ("You" from English: "Tú")."""
        return spoken_name(self.app.lang, self.names[i], None)

    def row_values(self) -> list[str]:
        return [value for _, value in self._rows()]

    def row_labels(self) -> list[str | None]:
        return [None if 1 <= i <= self.count and self.levels[i - 1] is None else label
                for i, (label, _) in enumerate(self._rows())]

    def row_font(self) -> int:
        return font(self.app, 0.03)

    def lineup(self) -> Lineup:
        """The participants' names, or the person whose name is taken."""
        levels = self.levels[:self.count]
        return seat_names(self.names[:self.count], levels, self.app.tr("you"),
                          bot_name(self.app, levels))

    def participants(self) -> list[Participant]:
        levels = self.levels[:self.count]
        return [Participant(name, level)
                for name, level in zip(self.lineup().names, levels, strict=True)]

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        fs = font(self.app, 0.03)
        row_h = int(fs * 1.6)
        top = int(h * 0.17)
        self.row_rects = [pygame.Rect(int(w * 0.18), top + i * row_h, int(w * 0.64), row_h - 5)
                          for i in range(self.count + 2)]
        self.buttons.buttons = [
            Button(self.app.tr("draw_start"), self.start, self.app.tr("key.draw_start")),
            # the matches are boricua's (§10.4), whose words a newcomer met here first
            Button(self.app.tr("tournament_rules"), self.show_rules,
                   self.app.tr("key.title_rules")),
            Button(self.app.tr("back"), self.app.nav.pop, self.app.tr("key.back"))]
        y = min(self.row_rects[-1].bottom + int(fs * 1.6), h - int(fs * 2.6))
        layout_row(self.buttons.buttons, self.app.text, fs, (w // 2, y + int(fs * 1.9) // 2),
                   gap=20, least=int(w * 0.16))

    def show_rules(self) -> None:
        """The rules page at boricua, the tournament's rule set; Esc comes back here."""
        self.app.nav.push("rules", variant=VARIANT)

    def _name_row(self) -> int | None:
        i = self.focus - 1
        if 0 <= i < self.count and self.levels[i] is None:
            return i
        return None

    def _change(self, d: int) -> None:
        if self.focus == 0:
            self.count = min(MAX_PLAYERS, max(MIN_PLAYERS, self.count + d))
        elif self.focus <= self.count:
            i = self.focus - 1
            k = SEAT_CHOICES.index(self.levels[i])
            self.levels[i] = SEAT_CHOICES[(k + d) % len(SEAT_CHOICES)]
        else:
            k = SPEEDS.index(self.speed) if self.speed in SPEEDS else 1
            self.speed = SPEEDS[(k + d) % len(SPEEDS)]
        self.focus = min(self.focus, self.count + 1)
        self.layout(self.app.size)

    def start(self) -> None:
        lineup = self.lineup()
        if lineup.taken is not None:  # a person's name is someone else's: say so, start nothing
            self.refusal = self.app.tr("name_taken", name=lineup.names[lineup.taken])
            self.focus = 1 + lineup.taken
            self.app.resources.play("click")
            return
        t = Tournament.draw(self.participants(), speed=self.speed)
        try:
            save_tournament(t)
        except (OSError, ValueError) as e:
            self.app.write_failed("tournament", e)
        self.app.nav.reset("bracket", tournament=t)

    def handle(self, intent: I.Intent) -> None:
        k = intent.kind
        rows = self.count + 2
        if k not in (I.POINTER, I.SCROLL, I.HELP):
            self.refusal = ""
        if self.name_edit.handle(self.names, self._name_row(), intent,
                                 self.next_row):
            return
        if k in (I.UP, I.DOWN):
            self.focus = (self.focus + (1 if k == I.DOWN else -1)) % rows
        elif k in (I.LEFT, I.RIGHT):
            self._change(1 if k == I.RIGHT else -1)
        elif k == I.CONFIRM:
            self.start()
        elif k == I.BACK:
            self.app.nav.pop()
        elif k == I.HELP:
            self.show_rules()
        elif k == I.KEY:
            self.buttons.key(intent.char)
        else:
            self.pointer(intent)

    def draw(self, canvas: Canvas) -> None:
        app = self.app
        w, h = self.heading(canvas, app.tr("tournament_title"), 0.065, 0.03)
        fs = font(app, 0.03)
        app.text.draw(canvas, app.tr("tournament_about"), int(fs * 0.8),
                      (w // 2, int(h * 0.115)), DIM, anchor="midtop")
        for i, (label, value) in enumerate(self._rows()):
            editing = i == self.focus and self._name_row() is not None
            if editing:
                label, selected = self.name_edit.label(label, i - 1, self._said(i - 1))
            else:
                selected = 0
            self.draw_row(canvas, i, label, value, fs, GOLD if editing else INK, selected)
        self.buttons.draw(canvas, app.text, fs, colours=palette(app.settings.table_rgb),
                          keys=self._name_row() is None)
        if self.refusal:
            app.text.draw(canvas, self.refusal, fs, (w // 2, h - 8), REFUSAL,
                          anchor="midbottom")
            return
        help_key = "name_help" if self._name_row() is not None else "tournament_keys"
        app.text.draw(canvas, app.tr(help_key), int(fs * 0.8), (w // 2, h - 8), DIM,
                      anchor="midbottom")


class BracketScene(Scene):
    """Who plays whom, the results so far, who has a bye, and the next match
    (Enter plays or watches it; in a tournament of bots alone, a match starts
    by itself after a moment)."""

    def __init__(self, app: Services, tournament: Tournament) -> None:
        super().__init__(app)
        self.t = tournament
        self.waited = 0.0
        self.buttons = ButtonSet()
        self.boxes: list[list[pygame.Rect]] = []

    # ------------------------------------------------------------------ state
    def _next_is_bots(self) -> bool:
        nxt = self.t.next_match()
        if nxt is None:
            return False
        p = self.t.rounds[nxt[0]][nxt[1]]
        return not any(self.t.participants[i].is_human for i in p.players)

    def _wait(self) -> float:
        return AUTO_START / self.t.speed

    def automatic(self) -> bool:
        """The next match starts by itself: a match between bots, in a
        tournament no person takes part in. With a person in it, the bracket
        stays until Enter (it waited two seconds before a match between bots,
        and a newcomer, the computer busy, never saw it)."""
        return self._next_is_bots() and not any(p.is_human for p in self.t.participants)

    def byes(self) -> list[int]:
        """Who has a bye in the round being played (only the first has any),
        while its matches are still to be played."""
        nxt = self.t.next_match()
        if nxt is None or nxt[0] != 0:
            return []
        through = (p.a if p.a is not None else p.b for k, p in enumerate(self.t.rounds[0])
                   if self.t.is_bye(0, k))
        return [i for i in through if i is not None]

    def bye_line(self) -> str:
        """The byes in words: "Ana has a bye this round" (the bracket said it
        with one word in an empty slot)."""
        who = [self.said(i) for i in self.byes()]
        if not who:
            return ""
        if len(who) == 1:  # ("Tú pasas", never "Tú pasa")
            return self.app.tr(you_form(self.app.lang, "bye_one", who[0]), name=who[0])
        names = self.app.tr("words_and", first=", ".join(who[:-1]), last=who[-1])
        return self.app.tr("bye_many", names=names)

    def busy(self) -> bool:
        return self.automatic()

    def update(self, dt: float) -> None:
        if self.automatic():
            self.waited += dt
            if self.waited >= self._wait():
                self.play()

    def said(self, index: int | None) -> str:
        """Participant ``index``'s name in the language shown now: a "You" or a
        "Bot (medium)" given in English reads "Tú", "Bot (medio)" in Spanish."""
        if index is None:
            return ""
        p = self.t.participants[index]
        return spoken_name(self.app.lang, p.name, p.level)

    def round_label(self, r: int) -> str:
        left = self.t.rounds_left(r)
        if left and any(self.t.is_bye(r, k) for k in range(len(self.t.rounds[r]))):
            # With byes (3, 5, 6 players) the first round is not a full
            # quarter- or semi-final: most of it may be players passing through.
            return self.app.tr("round_first")
        return self.app.tr(("round_final", "round_semi", "round_quarter")[min(left, 2)])

    # ------------------------------------------------------------------ actions
    def play(self) -> None:
        """Play (or watch, or continue) the next match."""
        app, t = self.app, self.t
        nxt = t.next_match()
        if nxt is None:
            self.to_title()
            return
        r, k = nxt
        # The match in progress was checked when the tournament was read
        # (tournament.FILE): it is the next match's, replayed as far as it went.
        match = t.resume_match() or t.new_match(r, k)
        watched = not match.humans()

        def saved(m: Match) -> None:
            t.current = m.to_json()
            save_tournament(t)

        def finished(m: Match) -> None:
            t.record_match(r, k, m)
            if t.is_over:
                people = [p.name for p in t.participants if p.is_human]
                if people:
                    app.stats.record_tournament(people, t.name(t.champion))
                    app.write_stats()
                delete_tournament()
            else:
                try:
                    save_tournament(t)
                except (OSError, ValueError) as e:
                    app.write_failed("tournament", e)
            app.nav.reset("bracket", tournament=t)

        def caption() -> str:  # said in the language of the moment
            return f"{app.tr('tournament')} · {self.round_label(r)}"

        app.nav.reset("table", match=match, spectate=watched,
                      speed=t.speed if watched else None,
                      on_save=saved, on_match_over=finished, caption=caption)

    def to_title(self) -> None:
        self.app.nav.reset("title")

    def play_again(self) -> None:
        """The same participants at the same speed, drawn again."""
        t = Tournament.draw(list(self.t.participants), speed=self.t.speed)
        try:
            save_tournament(t)
        except (OSError, ValueError) as e:
            self.app.write_failed("tournament", e)
        self.app.nav.reset("bracket", tournament=t)

    def new_tournament(self) -> None:
        """Set up the next tournament from this one's players; while this one
        is not over, ask first: a new one replaces it once drawn (a newcomer's
        was dropped without a word)."""
        app = self.app
        if self.t.is_over:
            app.nav.push("tournament_setup", like=self.t)
            return
        app.nav.push("confirm", title=app.tr("tournament_replace_title"),
                     lines=[app.tr("tournament_replace_body")], label=app.tr("new_tournament"),
                     key=app.tr("key.new_tournament"),
                     on_yes=lambda: app.nav.push("tournament_setup", like=self.t))

    # ------------------------------------------------------------------ layout
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        t = self.t
        cols = len(t.rounds)
        area = pygame.Rect(int(w * 0.05), int(h * 0.2), int(w * 0.9), int(h * 0.58))
        col_w = area.w // cols
        box_w = int(col_w * 0.8)
        box_h = min(int(h * 0.1), area.h // len(t.rounds[0]) - 10)
        self.boxes = []
        for r, pairings in enumerate(t.rounds):
            slot = area.h / len(pairings)
            x = area.left + r * col_w + (col_w - box_w) // 2
            self.boxes.append([pygame.Rect(x, int(area.top + slot * (k + 0.5) - box_h / 2),
                                           box_w, box_h) for k in range(len(pairings))])
        app = self.app
        fs = font(app, 0.03)
        if t.is_over:  # the end of the tournament: again, a new one, or the menu
            first = Button(app.tr("play_again"), self.play_again, app.tr("key.play_again"))
        else:
            nxt = t.next_match()
            assert nxt is not None
            key = "resume_match" if t.current else (
                "watch_match" if self._next_is_bots() else "play_match")
            # Enter does it, said as the summary says it (a newcomer saw the
            # only button without its key)
            first = Button(app.tr(key), self.play, "", shown_key=app.tr("enter_key"))
        buttons = [first, Button(app.tr("new_tournament"), self.new_tournament,
                                 app.tr("key.new_tournament"))]
        buttons.append(Button(app.tr("menu"), self.to_title, app.tr("key.menu"),
                              shown_key=app.tr("esc_key")))
        layout_row(buttons, app.text, fs, (w // 2, int(h * 0.875 + fs * 0.9)), gap=16,
                   least=int(w * 0.22))
        self.buttons.buttons = buttons

    def handle(self, intent: I.Intent) -> None:
        k = intent.kind
        if k == I.CONFIRM:
            self.buttons.buttons[0].on_press()
        elif k == I.BACK:
            self.to_title()
        elif k == I.KEY:
            self.buttons.key(intent.char)
        elif k == I.POINTER:
            self.buttons.pointer(intent.pos)
        elif k == I.PRESS:
            self.buttons.press(intent.pos)
        elif k == I.RELEASE:
            self.buttons.release(intent.pos)

    # ------------------------------------------------------------------ drawing
    def draw(self, canvas: Canvas) -> None:
        app, t = self.app, self.t
        canvas.fill(app.settings.table_rgb)
        w, h = app.size
        fs = font(app, 0.028)
        app.text.draw(canvas, app.tr("tournament_title"), font(app, 0.06),
                      (w // 2, int(h * 0.025)), GOLD, anchor="midtop", bold=True)
        bye = self.bye_line()
        if bye:  # under the title, over the rounds' names
            size = int(fs * 0.9)
            while size > 10 and app.text.width(bye, size) > w * 0.94:
                size -= 1
            app.text.draw(canvas, bye, size, (w // 2, int(h * 0.095)), INK, anchor="midtop")
        nxt = t.next_match()
        for r, row in enumerate(self.boxes):
            app.text.draw(canvas, self.round_label(r), fs, (row[0].centerx, int(h * 0.14)),
                          DIM, anchor="midtop")
            for k, box in enumerate(row):
                if r + 1 < len(self.boxes):  # a line to the place the winner goes
                    dest = self.boxes[r + 1][k // 2]
                    mid = (box.right + dest.left) // 2
                    color = (150, 170, 150)
                    canvas.lines(color, False, [
                        box.midright, (mid, box.centery), (mid, dest.centery),
                        dest.midleft], 2)
                self._draw_pairing(canvas, r, k, box, (r, k) == nxt, fs)
        if t.is_over:
            # "Tournament winner: You", never "You wins" (the name may be "You").
            line = app.tr("champion_is", name=self.said(t.champion))
            app.text.draw(canvas, line, font(app, 0.045), (w // 2, int(h * 0.8)), GOLD,
                          anchor="midtop", bold=True)
        elif nxt is not None:
            p = t.rounds[nxt[0]][nxt[1]]
            line = app.tr("next_match", a=self.said(p.a), b=self.said(p.b))
            if self.automatic():
                left = max(0, self._wait() - self.waited)
                line += "  ·  " + app.tr("starts_in", s=f"{left:.0f}")
            app.text.draw(canvas, line, fs, (w // 2, int(h * 0.81)), INK, anchor="midtop")
        self.buttons.draw(canvas, app.text, fs,
                          colours=palette(app.settings.table_rgb))
        keys = app.tr("bracket_over_keys" if t.is_over else "bracket_keys")
        app.text.draw(canvas, keys, int(fs * 0.8), (w // 2, h - 6), DIM,
                      anchor="midbottom")

    def _draw_pairing(self, canvas: Canvas, r: int, k: int, box: pygame.Rect,
                      is_next: bool, fs: int) -> None:
        app, t = self.app, self.t
        p = t.rounds[r][k]
        panel(canvas, box, (0, 0, 0, 120), 8)
        if is_next:
            canvas.rect(GOLD, box, 3, radius=8)
        size = min(fs, int(box.h * 0.36))
        bye = t.is_bye(r, k)
        entries = [(p.a, p.score[0] if p.score else None), (p.b, p.score[1] if p.score else None)]
        for i, (who, score) in enumerate(entries):
            y = box.top + box.h * (0.28 if i == 0 else 0.72)
            if who is None:
                text, color, bold = (app.tr("bye") if bye else "…"), DIM, False
            else:
                text = self.said(who)
                won = p.winner == who
                color = GOLD if won else (DIM if p.winner is not None else INK)
                bold = won
            while app.text.font(size).size(text)[0] > box.w * 0.72 and len(text) > 4:
                text = text[:-2] + "…"
            app.text.draw(canvas, text, size, (box.left + 10, int(y)), color, anchor="midleft",
                          bold=bold)
            if score is not None:
                app.text.draw(canvas, str(score), size, (box.right - 10, int(y)), color,
                              anchor="midright", bold=bold)
