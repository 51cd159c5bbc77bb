"""The scenes around the table: title, new game, round summary, rules,
settings, the hot-seat privacy screen, a message box and a question (Quit?).
Each opens the others by name (``app.nav``), so none imports another's module."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Final

import pygame

from ..engine import find_variant
from ..engine.events import Next, Outcome, Reason
from ..engine.rules import OPTIONS, VARIANTS, Scoring
from ..game.match import SAVE_FORMAT, Match, Seat
from ..game.names import clean_name
from ..game.settings import TABLE_COLORS, TEXT_SIZES
from ..game.tournament import load_tournament, tournament_saved
from ..i18n import LANGUAGES, Notice, in_variant, number, spoken_name, tr, you_form
from ..i18n.rules_text import (
    match_options_section,
    option_explanation,
    option_label,
    option_meaning,
    option_value_label,
    rules_text,
)
from ..lessons import LESSONS
from ..resources import card_height
from . import intents as I
from . import scoreboard as SB
from .menus import (
    DECIDED_ENTER_AFTER,
    DEFAULT_NAMES,
    ENTER_AFTER,
    NAME_MAX,
    REFUSAL,
    SCROLL_KEYS,
    SEAT_CHOICES,
    ChoiceRowsScene,
    MenuScene,
    NameEdit,
    QuestionScene,
    bot_name,
    font,
    page_heading,
    scrolled,
    seat_names,
    title,
)
from .scene import Scene
from .sound import toggle_mute
from .widgets import (
    DIM,
    GOLD,
    INK,
    TEAM_INK,
    Button,
    ButtonSet,
    note_and_keys,
    palette,
    panel,
)

if TYPE_CHECKING:
    from .gfx import Canvas
    from .services import Services
    from .table import TableScene

NEXT_BUTTON: dict[Next, str] = {Next.MATCH_OVER: "see_result", Next.NEW_GAME: "next_game"}
"""The summary's button for what follows the round (otherwise "next_round")."""


class TitleScene(MenuScene):
    """Continue, New game, Rules, Settings, Quit."""

    def __init__(self, app: Services, continue_saved: bool = False,
                 offer_lessons: bool = False) -> None:
        """``continue_saved``: continue the saved game as soon as the screen opens (the
        command line's --continue); without a usable save the screen stays, saying why.
        ``offer_lessons``: ask once whether to learn to play (the first launch)."""
        super().__init__(app)
        self.notice: list[str] = []
        self.continue_saved = continue_saved
        self.offer_lessons = offer_lessons
        self.continues = False
        """A saved match to continue: its button tops the column (``layout``)."""
        self.lifted = 0
        """Pixels the heading and the column stand higher for it."""
        self._take_notices()

    def enter(self) -> None:
        if self.continue_saved:
            self.continue_game()
        elif self.offer_lessons and not self.app.settings.lessons_offered:
            self.app.nav.push("lesson_offer")

    def _take_notices(self) -> None:
        """Show the messages queued for the player (each once)."""
        if self.app.notices:
            self.notice = [*self.notice, *self.app.notices]
            self.app.notices.clear()

    def resume(self) -> None:
        # A scene opened from here may have queued messages (Statistics reads its
        # file only when it opens): they show as soon as the title is back.
        self._take_notices()
        super().resume()

    def items(self) -> list[Button]:
        app = self.app
        items = []
        if self.continues:
            # Which match it continues (a newcomer with two rule sets played
            # could not tell): its rule set, when the file says one we know.
            variant = app.save_slot.peek("variant")
            words = app.tr("continue_variant", variant=title(app, variant)) \
                if variant in VARIANTS else app.tr("continue")
            items.append(Button(words, self.continue_game, app.tr("key.continue")))
        items += [
            Button(app.tr("new_game"), lambda: app.nav.push("new_game"), app.tr("key.new_game")),
            Button(app.tr("learn"), lambda: app.nav.push("lessons"), app.tr("key.learn")),
            Button(app.tr("continue_tournament" if tournament_saved()
                          else "tournament"), self.tournament, app.tr("key.tournament")),
            Button(app.tr("statistics"), self.statistics, app.tr("key.statistics")),
            Button(app.tr("rules"), self.rules, app.tr("key.title_rules")),
            Button(app.tr("settings"), lambda: app.nav.push("settings"),
                   app.tr("key.settings")),
            Button(app.tr("about"), lambda: app.nav.push("about"), app.tr("key.about")),
            Button(app.tr("quit"), self.ask_quit, app.tr("key.quit")),
        ]
        return items

    def _rows(self) -> int:
        return len(self.buttons.buttons) - int(self.continues)

    def layout(self, size: tuple[int, int]) -> None:
        """The column as without Continue; Continue, when a match is saved, on
        top of it, and the heading that much higher: the other buttons keep
        their place (nc95 clicked Tournament, where Statistics had been before
        a saved match put Continue first)."""
        self.continues = self.app.save_slot.exists()
        super().layout(size)
        row = self.buttons.buttons
        self.lifted = row[1].rect.top - row[0].rect.top if self.continues else 0
        for b in row:
            b.rect.move_ip(0, -self.lifted)

    def _lift(self) -> int:
        return self.lifted

    def ask_quit(self) -> None:
        """Quit (its key, or Esc) asks first: the key that leaves a match for the
        title is the same letter, and pressing it twice closed the game."""
        app = self.app
        # A tournament under way is kept too: say so (a newcomer feared for it).
        kept = app.tr("quit_ask_kept_tournament" if tournament_saved() else "quit_ask_kept")
        app.nav.push("confirm", title=app.tr("quit_ask"), lines=[kept],
                     label=app.tr("quit"), key=app.tr("key.quit"), on_yes=app.quit)

    def tournament(self) -> None:
        """Continue the saved tournament, or set up a new one. A file that cannot
        be used is reported here; one kept in part is continued, with the report."""
        if not tournament_saved():
            self.app.nav.push("tournament_setup")
            return
        t, problem = load_tournament()
        if t is None:
            self.notice = [problem or self.app.tr("tournament_none")]
            self.layout(self.app.size)
            return
        self.app.nav.reset("bracket", tournament=t)
        if problem:
            self._tell(problem)

    def statistics(self) -> None:
        self.app.nav.push("statistics")

    def rules(self) -> None:
        """The rules at the rule set last played (nc87, who plays tres and
        cuatro, met habanero's page each time); habanero before any."""
        last = self.app.settings.last_variant
        self.app.nav.push("rules", variant=last if last in VARIANTS else "habanero")

    def continue_game(self) -> None:
        """Resume the saved match. A save that cannot be used is reported here
        (it was moved aside); one kept up to a point resumes there, with the report."""
        app = self.app
        found = app.save_slot.read(SAVE_FORMAT)
        if found.value is None:
            self.notice = [found.problem or Notice("continue_none")]
            self.layout(app.size)
            return
        app.nav.replace("table", match=found.value)
        if found.problem:
            self._tell(found.problem)

    def _tell(self, problem: str) -> None:
        """Say what was lost of a file over the scene it led to, before play goes on."""
        app = self.app
        app.nav.push("message", title=app.tr("file_damaged"), lines=[app.say(problem)])

    def back(self) -> None:
        self.ask_quit()

    def draw(self, canvas: Canvas) -> None:
        super().draw(canvas)
        w, h = self.app.size
        self.app.text.draw(canvas, self.app.tr("subtitle"), font(self.app, 0.03),
                           (w // 2, int(h * 0.27) - self._lift()), INK, anchor="midtop")
        # Messages about files name paths: wrapped to the window, under the menu,
        # as close to the bottom edge as their length allows.
        fs = font(self.app, 0.024)
        lines = [part for notice in self.notice
                 for part in self.app.text.wrap(self.app.say(notice), fs, int(w * 0.92))]
        step = int(fs * 1.25)
        menu_bottom = max((b.rect.bottom for b in self.buttons.buttons), default=0)
        y = max(menu_bottom + fs // 2, h - fs // 2 - len(lines) * step)
        if lines:  # on a dark band, so the cards drawn below do not hide the words
            band = pygame.Rect(int(w * 0.03), y - fs // 3, int(w * 0.94),
                               len(lines) * step + fs // 2)
            panel(canvas, band, (0, 0, 0, 170), 8)
        for line in lines:
            self.app.text.draw(canvas, line, fs, (w // 2, y), (255, 170, 150),
                               anchor="midtop")
            y += step


class NewGameScene(ChoiceRowsScene):
    """Variant, seats (a person or a bot level; in pairs, who partners whom), match
    length, house rules, seed."""

    DEFAULT_LEVELS: tuple[str | None, ...] = (None, "medium", "medium", "medium")

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.variant = "habanero"
        self.levels: list[str | None] = list(self.DEFAULT_LEVELS)
        first = clean_name(app.settings.player_name, NAME_MAX) or app.tr("you")
        self.names: list[str] = [first, *DEFAULT_NAMES[1:4]]
        self.name_edit = NameEdit()
        self.options: dict[str, Any] = {}
        self._remember()
        self.seed = ""
        self.refusal = ""
        """Why Start did not start (a name already taken), until the next change."""
        self.rows: list[tuple[str, Callable[[int], None], str]] = []
        self.teams = ""
        """In pairs, who partners whom (shown under the seats)."""

    def _remember(self) -> None:
        """Start from the last setup in the settings; each part that does not fit
        (a variant no longer known, house rules the variant refuses) keeps the default."""
        s = self.app.settings
        if s.last_variant in VARIANTS:
            self.variant = s.last_variant
        for i, level in enumerate(s.last_levels[:4]):
            self.levels[i] = level
        for i, name in enumerate(s.last_names[:4]):
            name = clean_name(name, NAME_MAX)
            if name:
                self.names[i] = name
        try:
            find_variant(self.variant, s.last_options)
            self.options = dict(s.last_options)
        except ValueError:
            self.options = {}

    def _keep_setup(self) -> None:
        """Remember this setup for the next New game."""
        app = self.app
        try:
            app.set_settings(app.settings.with_(
                last_variant=self.variant, last_levels=list(self.levels),
                last_names=list(self.names), last_options=dict(self.options),
                variant_options={**app.settings.variant_options,
                                 self.variant: dict(self.options)}))
        except ValueError:  # a part the settings refuse: the game starts anyway
            pass

    def _players(self) -> int:
        return VARIANTS[self.variant].players

    def row_values(self) -> list[str]:
        return [value for _, _, value in self.rows]

    def row_labels(self) -> list[str | None]:
        return [None if 1 <= i <= self._players() and self.levels[i - 1] is None else label
                for i, (label, _, _) in enumerate(self.rows)]

    def row_font(self) -> int:
        return font(self.app, 0.028)

    def _rows(self) -> list[tuple[str, Callable[[int], None], str]]:
        app = self.app
        rows: list[tuple[str, Callable[[int], None], str]] = []
        rows.append((app.tr("variant"), self._cycle_variant, title(app, self.variant)))
        n = self._players()
        called = self._called()
        for seat in range(n):
            level = self.levels[seat]
            label = app.tr("seat", n=seat + 1)
            if level is None:
                shown = app.tr("person")
                # A default name kept from another language ("You") is said in this one.
                label = app.tr("seat_named", n=seat + 1, name=self._said(seat, called))
            else:
                shown = app.tr("bot", level=app.tr(f"level_{level}"))
            rows.append((label, partial(self._cycle_seat, seat), shown))
        lang = app.lang if app.lang in LANGUAGES else "en"
        chosen = find_variant(self.variant, self.options).options()
        for name in OPTIONS[self.variant]:
            # In the variant's words, the target with what it counts ("3 games"),
            # and a target of lost rounds as the limit it is ("Match ends at")
            shown = option_value_label(lang, name, chosen[name], self.variant)
            rows.append((option_label(lang, name, self.variant),
                         partial(self._cycle_option, name), shown))
        rows.append((app.tr("seed"), lambda d: None, self.seed or app.tr("seed_none")))
        return rows

    def _said(self, seat: int, called: list[str]) -> str:
        """A person's name as the seat's row says it (``called``: ``_called``)."""
        return spoken_name(self.app.lang, called[seat] or self.names[seat], None)

    def _called(self) -> list[str]:
        """The names the seats will have: with several people at the screen "You"
        gives way to a name, and the row says so before the game starts."""
        n = self._players()
        return seat_names(self.names[:n], self.levels[:n], self.app.tr("you"),
                          bot_name(self.app, self.levels[:n])).names

    def _teams(self) -> str:
        """In pairs, the partnerships by those names: partners sit opposite, seats
        1 and 3 against 2 and 4, each team as the table's score calls it."""
        rules = VARIANTS[self.variant]
        if not rules.partners or rules.side_map is None or rules.sides != 2:
            return ""  # each plays alone (or the sides are decided each round)
        called = self._called()
        said = [spoken_name(self.app.lang, name, level)
                for name, level in zip(called, self.levels, strict=False)]
        first, second = (" + ".join(said[s] for s, of in enumerate(rules.side_map) if of == side)
                         for side in (0, 1))
        return self.app.tr("new_game_teams", first=first, second=second)

    def _cycle_variant(self, d: int) -> None:
        names = list(VARIANTS)
        self.variant = names[(names.index(self.variant) + d) % len(names)]
        self.options = self._kept_options(self.variant)

    def _kept_options(self, variant: str) -> dict[str, Any]:
        """``variant``'s house rules as last started with it, where the rule set
        still takes them; else its defaults."""
        kept = dict(self.app.settings.variant_options.get(variant, {}))
        try:
            find_variant(variant, kept)
        except ValueError:
            return {}
        return kept

    def _cycle_seat(self, seat: int, d: int) -> None:
        i = SEAT_CHOICES.index(self.levels[seat])
        level = self.levels[seat] = SEAT_CHOICES[(i + d) % len(SEAT_CHOICES)]
        if level is not None:  # the seats this rule set leaves out follow a bot's
            # level (nc96 chose the expert in a game for two, then found the third
            # seat of subastado still medium)
            for j in range(self._players(), len(self.levels)):
                if self.levels[j] is not None:
                    self.levels[j] = level

    def _cycle_option(self, name: str, d: int) -> None:
        choices = OPTIONS[self.variant][name]
        if all(type(c) is int for c in choices):  # › up, ‹ down: numbers in order
            # (subastado's targets are listed default first, 500, 300, 1000, and
            # › went 1000 → 500 → 300, cold play nc84)
            choices = tuple(sorted(choices))
        current = find_variant(self.variant, self.options).options()[name]
        i = next(k for k, c in enumerate(choices) if c == current and type(c) is type(current))
        self.options[name] = choices[(i + d) % len(choices)]

    def layout(self, size: tuple[int, int]) -> None:
        self.rows = self._rows()
        self.teams = self._teams()
        app = self.app
        w, h = size
        fs = font(app, 0.028)
        row_h = int(fs * 1.55)
        top = int(h * 0.15)
        first_option = 1 + self._players()
        gap = int(fs * 1.1)  # room for the "house rules" heading
        if self.teams:  # and for the partnerships under the seats
            gap += int(fs * 1.2)
        self.row_rects = [pygame.Rect(int(w * 0.15), top + i * row_h + (gap if i >= first_option
                                                                         else 0),
                                      int(w * 0.7), row_h - 4)
                          for i in range(len(self.rows))]
        self.buttons.buttons = [
            Button(app.tr("start"), self.start, app.tr("key.start")),
            Button(app.tr("back"), app.nav.pop, app.tr("key.back")),
        ]
        bw = int(w * 0.18)
        # (room for the variant's two lines and four of a note above them, where the
        # window allows: a bot's level and the note on shared turns, nc111 found
        # that note cut at "(deshacer mostraría las cartas")
        y = min(self.row_rects[-1].bottom + int(fs * 6.5), h - int(fs * 2.4))
        self.buttons.buttons[0].rect = pygame.Rect(w // 2 - bw - 10, y, bw, int(fs * 1.9))
        self.buttons.buttons[1].rect = pygame.Rect(w // 2 + 10, y, bw, int(fs * 1.9))

    def start(self) -> None:
        app = self.app
        n = self._players()
        levels = self.levels[:n]
        lineup = seat_names(self.names[:n], levels, app.tr("you"), bot_name(app, levels))
        if lineup.taken is not None:
            self._refuse(lineup.taken, lineup.names[lineup.taken])
            return
        seats = [Seat(name, level) for name, level in zip(lineup.names, levels, strict=True)]
        seed = int(self.seed) if self.seed else None
        match = Match(self.variant, seats, options=self.options, seed=seed)

        def begin() -> None:
            self._keep_setup()
            app.nav.reset("table", match=match)

        def replace() -> None:
            app.save_slot.delete()  # even if the new match never saves (bots only)
            begin()

        if app.save_slot.exists():  # never replace a saved match without asking
            saved = app.save_slot.load(SAVE_FORMAT.migrate)
            if saved.data is not None:
                app.nav.push("replace_save", saved=saved.data, on_replace=replace)
                return
            if saved.problem:  # unreadable: set aside, nothing to keep; said on the title
                app.notices.append(saved.problem)
        begin()

    def _refuse(self, seat: int, name: str) -> None:
        """A person's name is someone else's: say so, and put the focus on it."""
        self.refusal = self.app.tr("name_taken", name=name)
        self.focus = 1 + seat
        self.app.resources.play("click")

    def _change(self, d: int) -> None:
        if 0 <= self.focus < len(self.rows):
            self.rows[self.focus][1](d)
            self.layout(self.app.size)

    def _name_row(self) -> int | None:
        """The seat whose name is being written: a person's row has the focus."""
        seat = self.focus - 1
        if 0 <= seat < self._players() and self.levels[seat] is None:
            return seat
        return None

    def handle(self, intent: I.Intent) -> None:
        k = intent.kind
        if k not in (I.POINTER, I.SCROLL, I.HELP):
            self.refusal = ""
        if self.name_edit.handle(self.names, self._name_row(), intent,
                                 self.next_row):
            self.layout(self.app.size)
            return
        if k == I.UP:
            self.focus = (self.focus - 1) % len(self.rows)
        elif k == I.DOWN:
            self.focus = (self.focus + 1) % len(self.rows)
        elif k in (I.LEFT, I.RIGHT):
            self._change(1 if k == I.RIGHT else -1)
        elif k == I.CONFIRM:
            self.start()
        elif k == I.BACK:
            self.app.nav.pop()
        elif k == I.NUMBER and self.focus == len(self.rows) - 1:
            if len(self.seed) < 9:
                self.seed += str(intent.value)
                self.layout(self.app.size)
        elif k == I.KEY:
            if self.focus == len(self.rows) - 1 and intent.char == "x":
                self.seed = ""
                self.layout(self.app.size)
            else:
                self.buttons.key(intent.char)
        else:
            self.pointer(intent)

    def draw(self, canvas: Canvas) -> None:
        app = self.app
        if self.buttons.buttons:  # Enter starts too, but on a name being written
            # (nc92 and nc94 pressed Enter on a row and the match began, unsaid)
            self.buttons.buttons[0].shown_key = \
                f"{app.tr('key.start').upper()} · {app.tr('enter_key')}"
        w, h = self.heading(canvas, app.tr("new_game"), 0.07, 0.04)
        fs = font(app, 0.028)
        first_option = 1 + self._players()
        if self.teams:
            seats = self.row_rects[first_option - 1]
            size = int(fs * 0.9)
            while size > 10 and app.text.font(size).size(self.teams)[0] > seats.w:
                size -= 1
            app.text.draw(canvas, self.teams, size,
                          (seats.centerx, seats.bottom + int(fs * 0.3)), GOLD, anchor="midtop")
        for i, ((label, _, value), rect) in enumerate(zip(self.rows, self.row_rects,
                                                          strict=True)):
            if i == first_option:
                app.text.draw(canvas, app.tr("options"), int(fs * 0.8),
                              (rect.left, rect.top - int(fs * 0.1)), DIM, anchor="bottomleft")
            editing = i == self.focus and self._name_row() is not None
            if editing:
                label, selected = self.name_edit.label(label, i - 1,
                                                       self._said(i - 1, self._called()))
            else:
                selected = 0
            self.draw_row(canvas, i, label, value, fs, GOLD if editing else INK, selected)
        y = self.row_rects[-1].bottom + int(fs * 0.5)
        if self.refusal:
            app.text.draw(canvas, self.refusal, fs, (w // 2, y), REFUSAL, anchor="midtop")
        elif self._name_row() is not None:
            app.text.draw(canvas, app.tr("name_help"), int(fs * 0.85), (w // 2, y), DIM,
                          anchor="midtop")
        # The variant: players, cards, what is special; on its row and on the
        # seats' too (two newcomers saw its lines go as they chose the seats).
        on_seats = self.focus <= self._players() and self._name_row() is None
        if on_seats and not self.refusal:
            y = self.row_rects[-1].bottom + int(fs * 0.5)
            for n in (1, 2):
                app.text.draw(canvas, app.tr(f"variant_lines.{self.variant}.{n}"),
                              int(fs * 0.85), (w // 2, y), DIM, anchor="midtop")
                y += int(fs * 0.95)
        if not self.refusal:
            self._draw_note(canvas, fs)
        self.buttons.draw(canvas, app.text, fs, colours=palette(app.settings.table_rgb),
                          keys=self._name_row() is None)


    def note_lines(self, fs: int) -> list[tuple[str, tuple[int, ...]]]:
        """Under the focused house rule: what its chosen value means in this rule
        set, naming the term ("Arrastre: ...", "Must be claimed: in la vuelta,
        ..."; a newcomer met the terms explained only on the rules page), then
        what the option changes; wrapped, as many lines as fit above the buttons."""
        app = self.app
        w = app.size[0]
        options = list(OPTIONS[self.variant])
        k = self.focus - 1 - self._players()
        size, width = int(fs * 0.85), int(w * 0.76)
        people = sum(level is None for level in self.levels[:self._players()])
        if self.focus == 0:
            # On the rule set's row, its lesson while it is not taken (nc89 sat
            # down at a tres table after lesson 1 only, and met asistir, montar
            # and piedras with nothing pointing to lesson 7).
            done = self.app.settings.lessons_done
            lesson = lesson_for(self.variant, done)
            if lesson is None:
                return []
            number_, name = lesson
            first = lesson_for(LESSONS[0].variant, done)  # (the basics: habanero's)
            if first is not None and first != lesson:  # the basics not taken: them first
                # (nc94, new to Tute, was sent to the pairs lesson, which assumes them)
                words = app.tr("new_game_lesson_basics", n=first[0],
                               title=app.tr(f"lesson.{first[1]}.title"), m=number_,
                               learn=app.tr("learn"))
            else:
                words = app.tr("new_game_lesson", n=number_,
                               title=app.tr(f"lesson.{name}.title"), learn=app.tr("learn"))
            return self._fitting([(line, DIM) for line in app.text.wrap(words, size, width)], fs)
        if 1 <= self.focus <= self._players():
            # On a seat's row, with people sharing the screen: how their turns
            # go, and that a play is not undone (a family found it out by
            # pressing Undo mid-round); on a bot's, how that level plays (nc88
            # met "Bot aleatorio" unexplained).
            said: list[tuple[str, tuple[int, ...]]] = []
            level = self.levels[self.focus - 1]
            if level is not None:  # (first: the row is the bot's)
                said += [(line, DIM) for line in app.text.wrap(
                    app.tr(f"level_note.{level}"), size, width)]
            if people > 1:
                shared: list[tuple[str, tuple[int, ...]]] = [(line, INK) for line in app.text.wrap(
                    app.tr("new_game_shared"), size, width)]
                # Whole, the level's line left out where both do not fit (nc111
                # read it cut at "(deshacer mostraría las cartas")
                said = said + shared if len(said) + len(shared) <= self._room(fs) else shared
            return self._fitting(said, fs)
        if k == len(options):  # the seed's row (nc90: "Semilla", a computer's word,
            # the one row that said nothing of itself)
            return self._fitting([(line, DIM) for line in app.text.wrap(
                app.tr("new_game_seed_note"), size, width)], fs)
        if not 0 <= k < len(options):
            return []
        option = options[k]
        chosen = find_variant(self.variant, self.options).options()[option]
        means = option_meaning(app.lang, self.variant, option, chosen)
        note = other_values(means, option_explanation(app.lang, self.variant, option))
        # Alone here, a sentence ("with Yes, a side..." began in lower case:
        # in the rules it follows the option's name).
        note = note[:1].upper() + note[1:]
        lines: list[tuple[str, tuple[int, ...]]] = [
            (line, INK) for line in app.text.wrap(means, size, width)]
        if note and not repeats(means, note):  # (the throw-in's said the same sentence twice)
            lines += [(line, DIM) for line in app.text.wrap(note, size, width)]
        return self._fitting(lines, fs)

    def _fitting(self, lines: list[tuple[str, tuple[int, ...]]],
                 fs: int) -> list[tuple[str, tuple[int, ...]]]:
        """As many of the note's ``lines`` as fit between its top and the buttons."""
        return lines[:max(1, self._room(fs))]

    def _room(self, fs: int) -> int:
        """How many lines of the note fit between its top and the buttons."""
        room = self.buttons.buttons[0].rect.top - self._note_top(fs) \
            if self.buttons.buttons else 0
        return room // int(fs * 0.95)

    def _note_top(self, fs: int) -> int:
        """Where the note starts: under the rows, and on a seat's row under
        the name's help or the variant's two lines (``draw``)."""
        y = self.row_rects[-1].bottom + int(fs * 0.5)
        if self.focus <= self._players():
            y += int(fs * 0.95) * (1 if self._name_row() is not None else 2)
        return y

    def _draw_note(self, canvas: Canvas, fs: int) -> None:
        app = self.app
        y = self._note_top(fs)
        for line, colour in self.note_lines(fs):
            app.text.draw(canvas, line, int(fs * 0.85), (app.size[0] // 2, y), colour,
                          anchor="midtop")
            y += int(fs * 0.95)


def lesson_for(variant: str, done: list[str]) -> tuple[int, str] | None:
    """The first lesson (its number from 1, its name) that teaches ``variant``
    and is not among ``done``; None when each of them is."""
    for i, lesson in enumerate(LESSONS, 1):
        if lesson.variant == variant and lesson.name not in done:
            return i, lesson.name
    return None


def other_values(means: str, note: str) -> str:
    """An option's note (``option_explanation``: every value, "open: ...; one
    round: ...") without its clauses on the chosen value, which ``means``
    ("Open: ...") says already: a newcomer read each house rule explained twice,
    worded a little differently ("Yes: the round stops ..." over "with Yes,
    the round ends ...")."""
    label = re.escape(means.split(":", 1)[0].strip().casefold())
    own = re.compile(rf"(?:{label}:|\w+\s«?{label}»?,)")  # "open: ...", "with Yes, ..."
    kept = "; ".join(c for c in note.split("; ") if not own.match(c.strip().casefold()))
    return kept if not kept or kept.endswith(".") else kept + "."


def repeats(said: str, other: str, share: float = 0.85) -> bool:
    """``other`` says little that ``said`` does not: at least ``share`` of its
    words (of three letters or more) are among ``said``'s."""
    def words(text: str) -> set[str]:
        return {w for w in re.findall(r"\w+", text.casefold()) if len(w) > 2}

    theirs = words(other)
    return bool(theirs) and len(theirs & words(said)) >= share * len(theirs)


class SummaryScene(Scene):
    """The round on an opaque card: who won it and why, each side's points by
    source, the match score in the variant's words, la vuelta where it happens,
    the match history (one row per deal), and what comes next: Enter, Space or
    the button go on; Esc opens the in-game menu, as at the table."""

    opaque = True  # a solid page: nothing of the table shows through or is cut

    def __init__(self, app: Services, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.buttons = ButtonSet()
        self.elapsed = 0.0
        self.shown = 0.0
        """Seconds since it opened, or since an Enter it refused (unscaled):
        Enter waits ``ENTER_AFTER`` of quiet."""
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        key = NEXT_BUTTON.get(self._outcome().next, "next_round")
        # Enter (CONFIRM) does it; its label names that key as Review names R.
        buttons = [Button(app.tr(key), self.done, "", shown_key=app.tr("enter_key"))]
        humans = self.table.match.humans()
        for seat in humans:  # Review: each person their own decisions
            shared = len(humans) > 1  # hot-seat: one button a person, its digit the
            # seat's (Lucía, in seat 4 beside a bot in seat 3, read "[3]", nc88)
            label = app.tr("review_of", name=self.table.name(seat)) if shared \
                else app.tr("review")
            buttons.append(Button(label, partial(self.review, seat),
                                  str(seat + 1) if shared else app.tr("key.review")))
        # The in-game menu, as Esc opens it (back to the title is there): a
        # newcomer saw only Next round and Review, and no way out.
        buttons.append(Button(app.tr("menu"), self.table.open_menu, "",
                              shown_key=app.tr("esc_key")))
        w, h = size
        self.box = pygame.Rect(int(w * 0.08), int(h * 0.035), int(w * 0.84), int(h * 0.93))
        fs = font(app, 0.03)
        bh = int(fs * 1.9)
        gap = int(fs * 0.8)
        widths = {id(b): max(int(w * (0.24 if i == 0 else 0.14)),
                             app.text.font(fs).size(b.caption())[0] + 2 * fs)
                  for i, b in enumerate(buttons)}

        def wide(row: list[Button]) -> int:
            return sum(widths[id(b)] for b in row) + gap * (len(row) - 1)
        # One row for one person where it fits the card; else Next round and
        # Menu on the lowest, each person's review above (four people's reviews
        # stuck out of the card, a newcomer saw). At a shared screen always so:
        # nc81 found them in one order in tres and in another in pairs.
        one_row = len(humans) <= 1 and wide(buttons) <= self.box.w - 2 * fs
        rows = [buttons] if one_row else [[buttons[0], buttons[-1]], buttons[1:-1]]
        y = self.box.bottom - bh - int(fs * 0.7)
        for row in rows:
            x = w // 2 - wide(row) // 2
            for b in row:
                b.rect = pygame.Rect(x, y, widths[id(b)], bh)
                x += widths[id(b)] + gap
            y -= bh + gap
        self.buttons.buttons = buttons

    def review(self, seat: int) -> None:
        """The expert's review of ``seat``'s decisions in this round (hot-seat:
        behind a privacy screen, since the review shows that person's hand)."""
        match = self.table.match
        payload = match.to_json()
        names = [self.table.name(s) for s in range(match.rules.players)]
        self.app.nav.push("review", rounds=[(payload, seat)], names=names)

    COUNT_UP = 1.0
    """Seconds (at speed 1) before the summary counts as read (the screenshot)."""
    AUTO_CONTINUE = 3.0
    """With bots in every seat the summary moves on by itself after this long."""

    def _outcome(self) -> Outcome:
        outcome = self.table.match.state.outcome
        assert outcome is not None, "a summary is shown once the round is over"
        return outcome

    def _names(self) -> list[str]:
        names = [self.table.side_name(s) for s in range(self.table.match.rules.sides)]
        contract = self.table.match.state.contract
        if self.table.match.rules.totals_by_seat and contract is not None:
            # subastado (§12): the bidder and its bid, against la contra
            bidder = you_form(self.app.lang, "summary_bidder", names[0])
            names = [self.app.tr(bidder, name=names[0], bid=contract[1]),
                     self.app.tr("summary_contra", names=names[1])]
        return names

    def _autoplay(self) -> bool:
        return not self.table.match.humans()

    # Not ``busy``: nothing on it moves, so it is drawn when it opens and on
    # input only (it was drawn whole 60 times a second, 3-7 ms each under Xvfb,
    # for its first second, and all along an autoplayed one). Its time still
    # passes: the loop updates the top scene at least every ``IDLE_WAIT_MS``.

    def update(self, dt: float) -> None:
        before = self.elapsed
        self.shown += dt
        self.elapsed += dt * self.table.animation_speed()
        if before <= self.COUNT_UP < self.elapsed:
            self.app.screenshot("round-end")
        if self._autoplay() and self.elapsed >= self.AUTO_CONTINUE:
            self.done()

    def done(self) -> None:
        self.app.nav.pop()
        self.table.continue_after_round()

    def resume(self) -> None:
        # The in-game menu opened over it may have changed the language.
        self.layout(self.app.size)

    def handle(self, intent: I.Intent) -> None:
        if intent.kind == I.CONFIRM:
            # Not at once: two newcomers pressing Enter for hinted cards went on
            # past the summary into the next round without seeing it.
            outcome = self.table.match.state.outcome
            decided = outcome is not None and (outcome.game_winner is not None
                                               or outcome.match_winner is not None)
            if self.shown >= (DECIDED_ENTER_AFTER if decided else ENTER_AFTER):
                self.done()
            else:  # still the table's Enter, pressed again: the wait starts over
                # (nc98 pressed Enter for her last card, and again as nothing
                # seemed to happen, and was dealt a new round past the summary)
                self.shown = 0.0
        elif intent.kind == I.BACK:  # as at the table: the in-game menu (Continue: back here)
            self.table.open_menu()
        elif intent.kind == I.KEY:
            self.buttons.key(intent.char)
        elif intent.kind == I.NUMBER:
            self.buttons.key(str(intent.value))
        elif intent.kind == I.POINTER:
            self.buttons.pointer(intent.pos)
        elif intent.kind == I.PRESS:
            self.buttons.press(intent.pos)
        elif intent.kind == I.RELEASE:
            self.buttons.release(intent.pos)

    def _seat_names(self) -> list[str]:
        """Whom the match score counts: each side, or in subastado each seat
        (the sides change every round, §12)."""
        rules = self.table.match.rules
        if rules.totals_by_seat:
            return [self.table.name(s) for s in range(rules.players)]
        return self._names()

    def lines(self) -> list[str]:
        """What the deal meant, in words: the result line first."""
        match, outcome = self.table.match, self._outcome()
        names = self._seat_names()
        if match.rules.scoring is Scoring.CONTRACT:
            lines = SB.contract_lines(self.app, match, outcome, names)
        else:
            lines = SB.headline(self.app, match, outcome, names)
        if outcome.match_winner is not None:
            lines.append(self.app.tr("match_over", name=names[outcome.match_winner]))
        if match.rounds[-1].redeals and match.humans():  # (``stats.record_round``)
            lines.append(self.app.tr("summary_undone"))
        return lines

    def draw(self, canvas: Canvas) -> None:
        app = self.app
        match = self.table.match
        w, h = app.size
        canvas.fill(tuple(c // 3 for c in app.settings.table_rgb))
        box = self.box
        SB.card(canvas, box)
        fs = font(app, 0.028)
        pad = int(box.w * 0.04)
        inner = box.inflate(-2 * pad, 0)
        y = box.top + int(fs * 0.6)
        vuelta = match.rules.scoring is Scoring.GAMES_101 and SB.carried_game(self._outcome())
        heading = app.tr("summary_deal_vuelta" if vuelta else "summary_deal",  # (§10.1)
                         n=len(match.rounds))
        y = app.text.draw(canvas, heading, font(app, 0.045), (w // 2, y), GOLD,
                          anchor="midtop", bold=True).bottom + int(fs * 0.5)
        outcome = self._outcome()
        names = self._names()
        sides = len(names)
        label_w = int(inner.w * 0.4)
        col_w = (inner.w - label_w) // sides
        colx = [inner.left + label_w + col_w * s + col_w // 2 for s in range(sides)]
        # subastado with all three passed (§12): nothing played, no table of
        # points (its columns were a bidder's, headed by nobody, and la contra's)
        played = outcome.reason is not Reason.ALL_PASSED
        teams = bool(match.rules.partners) and sides == 2  # (in their colours, as below)
        for s, name in enumerate(names if played else []):
            app.text.draw(canvas, SB.fit(app, name, int(fs * 0.9), col_w - 8), int(fs * 0.9),
                          (colx[s], y), TEAM_INK[s] if teams else DIM, anchor="midtop")
        y += int(fs * 1.25) if played else 0
        for label, values, strong in SB.breakdown(app, match, outcome) if played else []:
            app.text.draw(canvas, SB.fit(app, label, fs, label_w - 8), fs, (inner.left, y),
                          GOLD if strong else INK, bold=strong)
            for s, value in enumerate(values):
                app.text.draw(canvas, SB.fit(app, value, fs, col_w - 8), fs, (colx[s], y),
                              GOLD if strong else INK, anchor="midtop", bold=strong)
            y += int(fs * 1.2)
        canvas.line(SB.EDGE, (inner.left, y), (inner.right, y), 1)
        y += int(fs * 0.5)
        for i, line in enumerate(self.lines()):
            size = int(fs * 1.12) if i == 0 else fs
            for part in app.text.wrap(line, size, inner.w, i == 0):
                y = app.text.draw(canvas, part, size, (w // 2, y), GOLD if i == 0 else INK,
                                  anchor="midtop", bold=i == 0).bottom + int(fs * 0.2)
        y += int(fs * 0.2)
        score = SB.score_line(app, match, outcome.totals, self._seat_names())
        for part in app.text.wrap(score, fs, inner.w):
            y = app.text.draw(canvas, part, fs, (w // 2, y), INK,
                              anchor="midtop").bottom + int(fs * 0.2)
        y += int(fs * 0.4)
        canvas.line(SB.EDGE, (inner.left, y), (inner.right, y), 1)
        y += int(fs * 0.3)
        app.text.draw(canvas, app.tr("history"), int(fs * 0.9), (inner.left, y), DIM)
        y += int(fs * 1.2)
        bottom = min(b.rect.top for b in self.buttons.buttons) - int(fs * 0.4) \
            if self.buttons.buttons else box.bottom
        SB.draw_history(app, canvas, pygame.Rect(inner.left, y, inner.w, bottom - y), match,
                        self._seat_names(), fs)
        self.buttons.draw(canvas, app.text, fs,
                          colours=palette(app.settings.table_rgb))


class RulesScene(Scene):
    """Each variant's rules for players, in the chosen language; scrolls."""

    def __init__(self, app: Services, variant: str,
                 options: dict[str, Any] | None = None) -> None:
        """``options``: opened from a match, its house rules (its variant's page
        begins with them: the prose describes the defaults)."""
        super().__init__(app)
        self.variant = variant
        self.match = (variant, options) if options is not None else None
        self.scroll = 0
        self.visible = 1
        self.lines: list[tuple[str, bool]] = []
        self.tabs: list[tuple[pygame.Rect, str]] = []

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        fs = font(app, 0.026)
        width = int(w * 0.72)
        self.lines = []
        sections = rules_text(self.variant, app.lang)
        if self.match is not None and self.match[0] == self.variant:
            sections.insert(0, match_options_section(self.variant, app.lang, self.match[1]))
        for heading, paragraphs in sections:
            self.lines.append((heading, True))
            for p in paragraphs:
                self.lines.extend((line, False) for line in app.text.wrap(p, fs, width))
                self.lines.append(("", False))
        line_h = int(fs * 1.25)
        top = int(h * 0.1) + int(fs * 2.4)
        self.visible = max(1, (h - line_h * 2 - top) // line_h + 1)
        """Lines that fit on the page: scrolling stops when the last one shows."""
        self.tabs = []
        x = int(w * 0.06)
        for name in VARIANTS:
            label = title(app, name)
            tw = app.text.font(fs).size(label)[0] + 24
            self.tabs.append((pygame.Rect(x, int(h * 0.1), tw, int(fs * 1.6)), name))
            x += tw + 8

    def handle(self, intent: I.Intent) -> None:
        k = intent.kind
        names = list(VARIANTS)
        if k in (I.BACK, I.CONFIRM, I.HELP):
            self.app.nav.pop()
        elif k in (I.LEFT, I.RIGHT):
            d = 1 if k == I.RIGHT else -1
            self.variant = names[(names.index(self.variant) + d) % len(names)]
            self.scroll = 0
            self.layout(self.app.size)
        elif k in SCROLL_KEYS:
            self.scroll = scrolled(self.scroll, intent, self.visible,
                                   max(0, len(self.lines) - self.visible))
        elif k == I.PRESS:
            for rect, name in self.tabs:
                if rect.collidepoint(intent.pos):
                    self.variant = name
                    self.scroll = 0
                    self.layout(self.app.size)
                    return

    def draw(self, canvas: Canvas) -> None:
        app = self.app
        w, h = page_heading(app, canvas, app.tr("rules"))
        fs = font(app, 0.026)
        for rect, name in self.tabs:
            on = name == self.variant
            panel(canvas, rect, (255, 255, 255, 60) if on else (0, 0, 0, 80), 6)
            app.text.draw(canvas, title(app, name), fs, rect.center, GOLD if on else INK,
                          anchor="center")
        y = int(h * 0.1) + int(fs * 2.4)
        left = int(w * 0.14)
        line_h = int(fs * 1.25)
        for text, heading in self.lines[self.scroll:]:
            if y > h - line_h * 2:
                break
            app.text.draw(canvas, text, int(fs * (1.15 if heading else 1.0)), (left, y),
                          GOLD if heading else INK, bold=heading)
            y += line_h
        hint = app.tr("rules_keys")
        app.text.draw(canvas, hint, int(fs * 0.8), (w // 2, h - 8), DIM, anchor="midbottom")


class SettingsScene(ChoiceRowsScene):
    """Language, volume, animation speed, card back, table colour, fullscreen,
    sound on or off, the table's text size, and whether the hand is sorted."""

    SPEEDS = (0.5, 0.75, 1.0, 1.5, 2.0, 3.0)
    ROWS = 9

    def rows(self) -> list[tuple[str, str]]:
        app, s = self.app, self.app.settings
        return [
            (app.tr("settings_language"), tr(s.language, "language_name")),
            (app.tr("settings_volume"), f"{round(s.volume * 100)}%"),
            (app.tr("settings_speed"), "×" + number(app.lang, s.animation_speed, None)),
            (app.tr("settings_back"), self._colour(s.card_back)),
            (app.tr("settings_table"), self._colour(s.table_color)),
            (app.tr("settings_fullscreen"), app.tr("on") if app.fullscreen else app.tr("off")),
            (app.tr("settings_sound"), app.tr("off") if s.muted else app.tr("on")),
            (app.tr("settings_text_size"), app.tr(f"text_size_{s.text_size}")),
            (app.tr("settings_sort_hand"), app.tr("on") if s.sort_hand else app.tr("off")),
        ]

    def row_values(self) -> list[str]:
        return [value for _, value in self.rows()]

    def row_labels(self) -> list[str | None]:
        return [label for label, _ in self.rows()]

    def row_font(self) -> int:
        return font(self.app, 0.03)

    def _colour(self, name: str) -> str:
        """A card back's or table's colour in the player's language (a back added
        later without a translation shows its file name)."""
        key = f"colour_{name}"
        text = self.app.tr(key)
        return name if text == key else text

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        fs = font(self.app, 0.03)
        row_h = int(fs * 1.8)
        self.row_rects = [pygame.Rect(int(w * 0.2), int(h * 0.22) + i * row_h, int(w * 0.6),
                                      row_h - 6) for i in range(self.ROWS)]

    def _change(self, d: int) -> None:
        app = self.app
        s = app.settings
        if self.focus == 0:
            i = LANGUAGES.index(s.language) if s.language in LANGUAGES else 0
            s = s.with_(language=LANGUAGES[(i + d) % len(LANGUAGES)])
        elif self.focus == 1:
            s = s.with_(volume=min(1.0, max(0.0, round(s.volume + 0.1 * d, 2))))
            app.resources.play("click")
        elif self.focus == 2:
            speeds = self.SPEEDS
            i = min(range(len(speeds)), key=lambda k: abs(speeds[k] - s.animation_speed))
            s = s.with_(animation_speed=speeds[(i + d) % len(speeds)])
        elif self.focus == 3:
            backs = app.resources.backs() or ["red"]
            i = backs.index(s.card_back) if s.card_back in backs else 0
            s = s.with_(card_back=backs[(i + d) % len(backs)])
        elif self.focus == 4:
            names = list(TABLE_COLORS)
            s = s.with_(table_color=names[(names.index(s.table_color) + d) % len(names)])
        elif self.focus == 5:
            app.toggle_fullscreen()
            return
        elif self.focus == 6:
            toggle_mute(app)
            app.resources.play("click")  # heard only when the sound comes back
            return
        elif self.focus == 7:
            sizes = list(TEXT_SIZES)
            s = s.with_(text_size=sizes[(sizes.index(s.text_size) + d) % len(sizes)])
        else:
            s = s.with_(sort_hand=not s.sort_hand)
        app.set_settings(s)

    def handle(self, intent: I.Intent) -> None:
        k = intent.kind
        if k == I.UP:
            self.focus = (self.focus - 1) % self.ROWS
        elif k == I.DOWN:
            self.focus = (self.focus + 1) % self.ROWS
        elif k in (I.LEFT, I.RIGHT, I.CONFIRM):
            self._change(-1 if k == I.LEFT else 1)
        elif k == I.BACK:
            self.app.nav.pop()
        else:
            self.pointer(intent)

    def draw(self, canvas: Canvas) -> None:
        app = self.app
        w, h = self.heading(canvas, app.tr("settings"), 0.07, 0.06)
        fs = font(app, 0.03)
        for i, (label, value) in enumerate(self.rows()):
            self.draw_row(canvas, i, label, value, fs)
        keys = app.text.draw(canvas, app.tr("settings_keys"), int(fs * 0.8), (w // 2, h - 8),
                             DIM, anchor="midbottom")
        # The back's sample between the rows and the keys' line, smaller where
        # large text leaves less room (it covered the line at 1160x652, nc78's size)
        top = self.row_rects[-1].bottom + 20
        room = keys.top - 8 - top
        name = app.settings.card_back
        bw = min(int(h * 0.12), int(room * 100 / card_height(100)))
        if bw >= 16:
            back = pygame.Rect(0, 0, bw, card_height(bw))
            back.midtop = (w // 2, top)
            canvas.picture(("back", name), back,
                           lambda pw, ph: app.resources.card_back(name, pw))


class MessageScene(Scene):
    """A message with an OK button (errors, notices)."""

    def __init__(self, app: Services, title: str, lines: list[str],
                 quit_on_ok: bool = False) -> None:
        super().__init__(app)
        self.title = title
        self.lines = lines
        self.quit_on_ok = quit_on_ok

    def _ok(self) -> None:
        if self.quit_on_ok:
            self.app.quit()
        else:
            self.app.nav.pop()

    def handle(self, intent: I.Intent) -> None:
        if intent.kind in (I.CONFIRM, I.BACK, I.RELEASE):
            self._ok()

    def draw(self, canvas: Canvas) -> None:
        app = self.app
        canvas.fill((40, 24, 24))
        w, h = app.size
        fs = font(app, 0.03)
        app.text.draw(canvas, self.title, font(app, 0.06), (w // 2, int(h * 0.2)), GOLD,
                      anchor="midtop", bold=True)
        y = int(h * 0.38)
        for line in self.lines:
            for part in app.text.wrap(line, fs, int(w * 0.8)):
                app.text.draw(canvas, part, fs, (w // 2, y), INK, anchor="midtop")
                y += int(fs * 1.3)
        app.text.draw(canvas, app.tr("message_keys"), fs, (w // 2, int(h * 0.8)), GOLD,
                      anchor="midtop")


class ConfirmScene(QuestionScene):
    """A question over the screen below it: do it (``label``, ``key``), or Back,
    which has the focus: Enter and Esc keep things as they were."""

    def __init__(self, app: Services, title: str, lines: list[str], label: str, key: str,
                 on_yes: Callable[[], None]) -> None:
        super().__init__(app, title, lines, focus=1)
        self.label = label
        self.key = key
        self.on_yes = on_yes

    def choices(self) -> list[Button]:
        return [Button(self.label, self.yes, self.key),
                Button(self.app.tr("back"), self.app.nav.pop, self.app.tr("key.back"))]

    def yes(self) -> None:
        self.app.nav.pop()
        self.on_yes()


PRIVACY_QUIET: Final = 2.0
"""Seconds without a key or a click on the privacy screen before its button or
its key (never Enter) shows the hand (``PrivacyScene``)."""


class PrivacyScene(Scene):
    """Between two people's turns at one screen: every hand is face down until the
    person whose turn it is says they are the one looking: with its button or
    its own key (``key.privacy_show``, never Enter or Space, which play cards at
    the table), after ``PRIVACY_QUIET`` seconds in which nobody pressed a key or
    clicked on it (any press sooner starts the wait again, and says so). The
    person who just played still holds the mouse and the keys: a stray click
    showed the next person's hand, and so did an Enter meant for a hinted card
    (cold play nc79), and Enter or Space pressed out of habit 1.5 s after a play,
    or again and again, which then played a card for the other person (nc80),
    and an Enter out of habit four seconds after a play, two after the screen
    came (nc81)."""

    opaque = False

    def __init__(self, app: Services, table: TableScene, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.buttons = ButtonSet()
        self.quiet = 0.0
        """Seconds since it showed, or since the last key or click on it (unscaled)."""
        self.refused: str | None = None
        """Why the last press did not show the hand, said under the button
        (a message id): too soon, Enter, or undo (off at a shared screen)."""

    @property
    def name(self) -> str:
        return self.table.name(self.seat)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        fs = font(self.app, 0.032)
        b = Button(self.app.tr("privacy_show"), self.confirm, self.app.tr("key.privacy_show"),
                   enabled=self.quiet >= PRIVACY_QUIET)
        bw = max(int(w * 0.26), self.app.text.font(fs).size(b.label)[0] + 2 * fs)
        b.rect = pygame.Rect(w // 2 - bw // 2, int(h * 0.58), bw, int(fs * 1.9))
        self.buttons.buttons = [b]

    def confirm(self) -> None:
        if self.quiet < PRIVACY_QUIET:
            self._too_soon()
            return
        self.app.nav.pop()
        self.table.privacy_confirmed()

    def _too_soon(self, why: str = "privacy_wait") -> None:
        self.quiet = 0.0
        self.refused = why

    def busy(self) -> bool:
        """The table's cards moving, or the quiet moment filling: frames go on
        (idle, the loop drew none, and the line stood still until the pointer
        moved: nc98 waited six seconds at an empty line)."""
        return self.table.animating() or self.quiet < PRIVACY_QUIET

    def wait_bar(self) -> pygame.Rect | None:
        """A line along the foot of the button, as long as the share of the
        quiet moment gone by; None once the button is on."""
        if self.quiet >= PRIVACY_QUIET or not self.buttons.buttons:
            return None
        r = self.buttons.buttons[0].rect
        pad = max(4, r.h // 6)
        return pygame.Rect(r.x + pad, r.bottom - pad - 3,
                           max(1, int((r.w - 2 * pad) * self.quiet / PRIVACY_QUIET)), 3)

    def update(self, dt: float) -> None:
        self.quiet += dt
        for b in self.buttons.buttons:  # drawn off until the quiet moment has passed
            # (a deliberate click refused with words only read as broken, nc83)
            b.enabled = self.quiet >= PRIVACY_QUIET
        self.table.animate(dt)

    def handle(self, intent: I.Intent) -> None:
        k = intent.kind
        if k == I.CONFIRM:  # (the table's key for a card: never the hand's)
            self._too_soon("privacy_enter")
        elif k == I.KEY and intent.char == self.app.tr("key.privacy_show"):
            self.confirm()
        elif k == I.UNDO or (k == I.KEY and intent.char == self.app.tr("key.undo")):
            self._too_soon("undo_shared")  # (said here, to the one who asked: nc81)
        elif k == I.BACK:  # the in-game menu, as at the table (Quit to title is there)
            self.table.open_menu()
        elif k == I.HELP:
            self.table.show_rules()
        elif k == I.POINTER:
            self.buttons.pointer(intent.pos)
        elif k == I.PRESS:
            if not self.buttons.press(intent.pos) or self.quiet < PRIVACY_QUIET:
                self._too_soon()  # (a click elsewhere, or too soon: the one who just
                # played; the button is off again until a quiet moment has passed)
                self.buttons.pressed = None
        elif k == I.RELEASE:  # its button only
            self.buttons.release(intent.pos)
        elif k in (I.KEY, I.TEXT, I.NUMBER, I.UNDO):  # any other key: the wait again
            self._too_soon()

    def draw(self, canvas: Canvas) -> None:
        app = self.app
        w, h = app.size
        canvas.fill((0, 0, 0, 120))
        box = pygame.Rect(int(w * 0.22), int(h * 0.26), int(w * 0.56), int(h * 0.48))
        panel(canvas, box, (8, 16, 12, 235), 16)
        app.text.draw(canvas, app.tr("privacy_turn", name=self.name), font(app, 0.07),
                      (w // 2, box.top + int(h * 0.05)), GOLD, anchor="midtop", bold=True)
        fs = font(app, 0.03)
        app.text.draw(canvas, app.tr("privacy_press"), fs, (w // 2, box.top + int(h * 0.17)),
                      INK, anchor="midtop")
        app.text.draw(canvas, app.tr(in_variant(self.table.match.rules.name, "privacy_others")),
                      int(fs * 0.85),
                      (w // 2, box.top + int(h * 0.23)), DIM, anchor="midtop")
        self.buttons.draw(canvas, app.text, fs,
                          colours=palette(app.settings.table_rgb))
        bar = self.wait_bar()
        if bar is not None:  # the quiet moment filling up (nc95 clicked on the button
            # still off, was refused, clicked again and waited again: not seeing when)
            canvas.rect(GOLD, bar, 0, 2)
        said = app.tr(self.refused) if self.refused is not None \
            and self.quiet < PRIVACY_QUIET else ""
        top = self.buttons.buttons[0].rect.bottom if self.buttons.buttons else box.top
        note_and_keys(canvas, app.text, said, app.tr("privacy_keys"), fs, box, top)
