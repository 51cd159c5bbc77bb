"""Pieces the menu-like scenes share: a column of buttons over the title art,
screens of choice rows, name editing, and the names people play under."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Final

import pygame

from ..game.names import bot_namer, clean_name
from ..i18n.rules_text import VARIANT_TITLES
from ..resources import card_height
from . import intents as I
from .scene import Scene
from .widgets import (
    BUTTON_HEIGHT,
    COLUMN_GAP,
    GOLD,
    INK,
    Button,
    ButtonSet,
    Text,
    layout_column,
    layout_row,
    page_colour,
    palette,
    panel,
    shifted,
)

if TYPE_CHECKING:
    from .gfx import Canvas
    from .services import Services

REFUSAL = (255, 170, 150)
"""The colour of a line that says why something was refused."""
NAME_MAX = 16
SEAT_CHOICES: Final[tuple[str | None, ...]] = (None, "random", "easy", "medium", "hard",
                                               "expert")
"""What a seat's row turns through: a person (None), then the bots from the
weakest to the strongest, so that › past the expert comes back to a person
(with the random bot last, the expert turned into "random", which nc103 and
nc109 read as the row wrapping to the weakest, and nc111 took four presses
from medium to find "Persona"); ‹ goes back. The random bot's row says what
it is (``level_note.random``: a family had nearly taken it for the easiest
level, nc88)."""
SELECTED = (70, 110, 190, 200)
"""The colour behind selected text (a name the next letter replaces)."""
DEFAULT_NAMES = ("Ana", "Luis", "Carmen", "Pedro", "Lucía", "Javier")
"""Names offered to the people at one screen; each can be rewritten."""


@dataclass(frozen=True)
class Lineup:
    """The names a table or a tournament is played under. ``taken`` is the seat of
    a person whose name is already someone else's (another person's or a bot's,
    whatever the case): such a name is refused, and nothing starts."""

    names: list[str]
    taken: int | None = None


def seat_names(typed: list[str], levels: list[str | None], generic: str,
               bot_name: Callable[[str, int], str]) -> Lineup:
    """The names of the seats: a person's as typed (cleaned with ``clean_name``),
    a blank one given a default, and with several people the ``generic`` name
    ("Tú") too; a bot's ``bot_name(level, n)`` with its seat number ``n`` (from
    1). Bots always get names of their own: a bot whose name a person or an
    earlier bot already has takes the next number after the seats that is free.
    A person's name equal to another's, bots included, is reported in ``taken``
    (compared casefolded)."""
    several = sum(level is None for level in levels) > 1
    people = {i: clean_name(typed[i], NAME_MAX) for i, level in enumerate(levels)
              if level is None}
    for i, name in people.items():
        if not name or (several and name.casefold() == generic.casefold()):
            others = {n.casefold() for k, n in people.items() if k != i}
            people[i] = next(
                (d for k in range(len(DEFAULT_NAMES))
                 if (d := DEFAULT_NAMES[(i + k) % len(DEFAULT_NAMES)]).casefold() not in others),
                DEFAULT_NAMES[i % len(DEFAULT_NAMES)])
    natural = {i: bot_name(level, i + 1) for i, level in enumerate(levels) if level is not None}
    bots = {name.casefold() for name in natural.values()}
    taken: int | None = None
    seen: set[str] = set()
    for i, name in sorted(people.items()):
        if taken is None and (name.casefold() in seen or name.casefold() in bots):
            taken = i
        seen.add(name.casefold())
    names = [people.get(i, "") for i in range(len(levels))]
    used = set(seen)
    spare = len(levels)
    for i, name in sorted(natural.items()):
        level = levels[i]
        assert level is not None
        chosen = name
        while chosen.casefold() in used:
            spare += 1
            chosen = bot_name(level, spare)
            if chosen.casefold() in used:  # words that do not show the number
                chosen = f"{name} {spare}"
        used.add(chosen.casefold())
        names[i] = chosen
    return Lineup(names, taken)


def bot_name(app: Services, levels: Sequence[str | None]) -> Callable[[str, int], str]:
    """How the bots of a table or tournament with these ``levels`` are called, for
    ``seat_names``: "Bot (medio)" when it is the only bot of its level, "Bot 2
    (fácil)" with its seat's number when several share it (``names.bot_namer``)."""
    def word(level: str) -> str:
        return app.tr(f"level_{level}")

    return bot_namer(levels, lambda level: app.tr("bot_named", level=word(level)),
                     lambda level, n: app.tr("bot_seat", n=n, level=word(level)))


ENTER_AFTER = 1.0
"""Seconds a round's summary and a match's end show before Enter does their
first button: an Enter pressed for the table (a hinted card played, then
another) does not carry on past them unseen."""
DECIDED_ENTER_AFTER = 2.5
"""``ENTER_AFTER`` for a round's summary that says a game or the match was won:
nc91, pressing H and Enter for hinted cards at a newcomer's pace, went on
past "Winner of the game" into the next game without reading it."""


SCROLL_KEYS = (I.UP, I.DOWN, I.SCROLL, I.PAGE_UP, I.PAGE_DOWN, I.HOME, I.END)
"""The intents that move a reading page (``scrolled``)."""


def scrolled(scroll: int, intent: I.Intent, visible: int, last: int, step: int = 3,
             pages: tuple[str, ...] = (I.PAGE_UP, I.PAGE_DOWN)) -> int:
    """A reading page's first line after a scrolling ``intent`` (of
    ``SCROLL_KEYS``, or of ``pages``): Home and End to either end, a page a
    screenful less a line (the last line read stays in sight), an arrow
    ``step`` lines, a wheel notch three; never past ``last``."""
    k = intent.kind
    if k in (I.HOME, I.END):
        return 0 if k == I.HOME else last
    if k in pages:
        d = max(1, visible - 1) * (1 if k in (I.PAGE_DOWN, I.RIGHT) else -1)
    elif k == I.SCROLL:
        d = -3 * intent.value
    else:
        d = step if k == I.DOWN else -step
    return max(0, min(scroll + d, last))


def font(app: Services, k: float) -> int:
    """A text size of the menus, the review and every page: ``k`` window
    heights, times the player's text size (issue 18; it reached the table
    only, and a player who chose large text read the review and New match
    small: cold plays nc68, nc69)."""
    scale = app.settings.text_scale
    return max(int(14 * scale), int(app.size[1] * k * scale))


def title(app: Services, variant: str) -> str:
    return VARIANT_TITLES.get(app.lang, VARIANT_TITLES["en"]).get(variant, variant)


BOTTOM_AIR: Final = 0.02
"""Window heights kept free under a menu's column of buttons."""


class MenuScene(Scene):
    """A column of buttons over the title art; arrows and Enter work too."""

    heading = ""

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.buttons = ButtonSet()
        self.focus = 0

    def items(self) -> list[Button]:
        return []

    def _rows(self) -> int:
        """How many buttons the column's place and size are reckoned for."""
        return len(self.buttons.buttons)

    def _top(self) -> float:
        """Where the column starts, in window heights."""
        return 0.4 if self._rows() <= 5 else 0.34

    def _lift(self) -> int:
        """Pixels the heading stands higher than its place (``TitleScene``)."""
        return 0

    def _buttonfont(self) -> int:
        # Long menus get a smaller font so the column stays above the bottom edge;
        # with large text in a short window smaller still, as far as that needs
        # (a player with large text at 1160x652 found Quit below the edge, nc78).
        n = self._rows()
        size = font(self.app, 0.032 if n <= 5 else 0.027)
        if n:
            h = self.app.size[1]
            room = h * (1 - self._top() - BOTTOM_AIR) - (n - 1) * COLUMN_GAP
            size = min(size, int(room / (BUTTON_HEIGHT * n)))
        return size

    def layout(self, size: tuple[int, int]) -> None:
        self.buttons.buttons = self.items()
        w = int(size[0] * 0.3)
        layout_column(self.buttons.buttons, w, self._buttonfont(), int(size[1] * self._top()),
                      size[0] // 2, COLUMN_GAP)

    def resume(self) -> None:
        self.layout(self.app.size)  # the scene over it may have changed the language

    def handle(self, intent: I.Intent) -> None:
        bs = self.buttons
        if intent.kind == I.POINTER:
            bs.pointer(intent.pos)
            for i, b in enumerate(bs.buttons):
                if b.hot:
                    self.focus = i
        elif intent.kind == I.PRESS:
            bs.press(intent.pos)
        elif intent.kind == I.RELEASE:
            bs.release(intent.pos)
        elif intent.kind == I.KEY:
            bs.key(intent.char)
        elif intent.kind in (I.UP, I.DOWN) and bs.buttons:
            step = 1 if intent.kind == I.DOWN else -1
            self.focus = (self.focus + step) % len(bs.buttons)
        elif intent.kind == I.CONFIRM and bs.buttons:
            b = bs.buttons[self.focus % len(bs.buttons)]
            if b.enabled:
                b.on_press()
        elif intent.kind == I.BACK:
            self.back()

    def back(self) -> None:
        self.app.nav.pop()

    def draw(self, canvas: Canvas) -> None:
        row = self.buttons.buttons
        clear = row[0].rect.unionall([b.rect for b in row[1:]]) if row else None
        draw_backdrop(self.app, canvas, clear)
        w, h = self.app.size
        self.app.text.draw(canvas, self.heading or self.app.tr("title"), font(self.app, 0.12),
                           (w // 2, int(h * 0.12) - self._lift()), GOLD, anchor="midtop",
                           bold=True)
        self.buttons.draw(canvas, self.app.text, self._buttonfont(), focus=self.focus,
                          colours=palette(self.app.settings.table_rgb))


class NameEdit:
    """Writing the names on a screen's person rows. A name the row is come to
    with (the one remembered, or the default) is selected whole, as a text field
    selects what it holds when it takes the focus: the first letter typed
    replaces it and Backspace clears it (nc83 typed "Pilar" on the "Luis"
    offered and played as "LuisPilar"). Once typed in, letters add and
    Backspace takes the last, until the focus leaves the row."""

    def __init__(self) -> None:
        self.typing: int | None = None
        """The row typed in since the focus came to it."""

    def selected(self, index: int | None) -> bool:
        """Row ``index``'s name is selected whole (the next letter replaces it)."""
        return index is not None and index != self.typing

    def handle(self, names: list[str], index: int | None, intent: I.Intent,
               done: Callable[[], None]) -> bool:
        """Typing on name row ``index`` (None: no name row has the focus):
        letters and digits write the name (they are not button shortcuts
        there), Backspace erases. What cannot be shown or saved (control and
        format characters, lone surrogates) is never written; white space is a
        space. The Space key confirms elsewhere; here it is taken (its typed
        text writes the space), so a name with a space can be written. Enter
        after typing ends the name (``done``: the scene's focus goes on), as
        in a form: nc85 typed her name in the tournament, pressed Enter to
        confirm it and the draw was made. True when the intent was taken."""
        if index != self.typing:
            self.typing = None  # the focus left the row typed in
        if index is None:
            return False
        if intent.kind == I.CONFIRM:
            if intent.char == " ":
                return True
            if self.typing == index:
                self.typing = None
                done()
                return True
            return False
        if intent.kind not in (I.TEXT, I.ERASE, I.KEY, I.NUMBER):
            return False
        name = "" if self.selected(index) else names[index]
        if intent.kind == I.TEXT:
            typed = "".join(" " if ch.isspace() else ch for ch in intent.char
                            if ch.isspace() or clean_name(ch))
            if not typed:
                return True  # nothing written: the name stays as it was
            names[index] = (name + typed)[:NAME_MAX]
        elif intent.kind == I.ERASE:
            names[index] = name[:-1]
        else:
            return True  # a key's letter comes again as typed text (TEXT)
        self.typing = index
        return True

    def label(self, label: str, index: int | None, shown: str) -> tuple[str, int]:
        """A person row's label as drawn and how many of its last characters are
        drawn selected: the name ``shown`` at its end while selected whole, a bar
        after it while typed in (``draw_choice_row``'s ``selected``)."""
        if index is None:
            return label, 0
        if self.selected(index):
            return label, len(shown) if shown and label.endswith(shown) else 0
        return label + "|", 0


def pressed_row(rects: list[pygame.Rect], backs: list[tuple[int, int]],
                pos: tuple[int, int]) -> tuple[int, int] | None:
    """The choice row under a press and the way to turn it: the row's back zone
    (``backs``: from the label's end, or the "‹", to the middle of the value,
    ``choice_back``) steps back, the rest of the value forward, and its label
    only focuses it (0): a newcomer pressed a house rule's name to read its
    note and turned it."""
    for i, r in enumerate(rects):
        if r.collidepoint(pos):
            left, mid = backs[i] if i < len(backs) else (r.left, r.centerx)
            return i, (0 if pos[0] < left else -1 if pos[0] < mid else 1)
    return None


def choice_value(rect: pygame.Rect, value: str, fs: int, text: Text) -> tuple[pygame.Rect, str]:
    """Where a choice row's "‹ value ›" goes (points, right-aligned in ``rect``)
    and its words."""
    words = f"‹ {value} ›"
    w, h = text.font(fs).size(words)
    box = pygame.Rect(0, 0, w, h)
    box.midright = (rect.right - 12, rect.centery)
    return box, words


def choice_back(rect: pygame.Rect, value: str, fs: int, text: Text,
                label: str | None = None) -> tuple[int, int]:
    """A choice row's back zone for ``pressed_row``: from just left of the "‹"
    to the middle of the value; given the row's ``label``, from halfway
    between it and the "‹" (the "‹" moves as the value's width changes: nc102's
    presses where it had been only focused the row once a shorter name came). Measured, not read
    from the last frame, so that drawing changes nothing and a press before any
    frame turns the right way."""
    box, _ = choice_value(rect, value, fs, text)
    left = box.left - fs
    if label is not None:  # (halfway from the label: a press just past its word
        # only focuses; nc107 clicked "Auction" to read of it and it turned)
        end = rect.left + 12 + text.width(label, fs) + fs
        left = min(left, (end + left) // 2)
    return left, box.centerx


def draw_choice_row(app: Services, canvas: Canvas, rect: pygame.Rect, label: str,
                    value: str, focused: bool, fs: int,
                    label_color: tuple[int, ...] = INK, selected: int = 0) -> None:
    """One row of a settings-like list: the label left, "‹ value ›" right
    (``choice_value``); the label's last ``selected`` characters on the colour
    of selected text (a name to be replaced, ``NameEdit``)."""
    panel(canvas, rect, (255, 255, 255, 40) if focused else (0, 0, 0, 70), 6)
    if 0 < selected <= len(label):
        left = rect.left + 12 + app.text.width(label[:-selected], fs)
        box = pygame.Rect(left - 2, 0, app.text.width(label[-selected:], fs) + 4,
                          int(fs * 1.25))
        box.centery = rect.centery
        panel(canvas, box, SELECTED, 3)
    app.text.draw(canvas, label, fs, (rect.left + 12, rect.centery), label_color,
                  anchor="midleft")
    box, words = choice_value(rect, value, fs, app.text)
    app.text.draw(canvas, words, fs, box.midright, GOLD if focused else INK,
                  anchor="midright")


class ChoiceRowsScene(Scene):
    """A screen of choice rows (``draw_choice_row``), some with buttons below:
    the pointer focuses the row under it, a press on a row's value turns it (its
    left part back, the rest forward; on the label it focuses only,
    ``pressed_row``), and buttons get the pointer
    first. Subclasses set ``row_rects`` in ``layout``, give each row's value and
    the rows' font (``row_values``, ``row_font``), draw row i with ``draw_row``
    and turn a row in ``_change``."""

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.focus = 0
        self.row_rects: list[pygame.Rect] = []
        self.buttons = ButtonSet()

    def row_values(self) -> list[str]:
        """Each row's value, as shown between "‹" and "›"."""
        raise NotImplementedError

    def row_font(self) -> int:
        """The rows' font size (points)."""
        raise NotImplementedError

    def row_labels(self) -> list[str | None]:
        """Each row's label, as drawn left of its value; None for a row whose
        label holds a name to write (a person's seat): a press between the
        name and the "‹" focuses it for typing, not a step back (a whist player
        clicked after "Seat 1: You" to write his name and the seat became
        "Bot random", cold play nc105)."""
        raise NotImplementedError

    def row_backs(self) -> list[tuple[int, int]]:
        """Each row's back zone (``choice_back``), as the rows are now."""
        fs = self.row_font()
        return [choice_back(rect, value, fs, self.app.text, label)
                for rect, value, label in zip(self.row_rects, self.row_values(),
                                              self.row_labels(), strict=False)]

    def draw_row(self, canvas: Canvas, i: int, label: str, value: str, fs: int,
                 label_color: tuple[int, ...] = INK, selected: int = 0) -> None:
        """Draw choice row ``i`` (``draw_choice_row``)."""
        draw_choice_row(self.app, canvas, self.row_rects[i], label, value, i == self.focus, fs,
                        label_color, selected)

    def _change(self, d: int) -> None:
        raise NotImplementedError

    def next_row(self) -> None:
        """The focus on the row below (a name written: Enter goes on to the next)."""
        self.focus = (self.focus + 1) % max(1, len(self.row_rects))

    def heading(self, canvas: Canvas, title: str, size: float,
                top: float) -> tuple[int, int]:
        """Clear to the table colour and draw the screen's title (font ``size``
        and ``top`` as shares of the height); the screen's size."""
        app = self.app
        canvas.fill(app.settings.table_rgb)
        w, h = app.size
        app.text.draw(canvas, title, font(app, size), (w // 2, int(h * top)), GOLD,
                      anchor="midtop", bold=True)
        return w, h

    def pointer(self, intent: I.Intent) -> None:
        """Handle a pointer intent (move, press, release); others do nothing."""
        k = intent.kind
        if k == I.POINTER:
            self.buttons.pointer(intent.pos)
            for i, r in enumerate(self.row_rects):
                if r.collidepoint(intent.pos):
                    self.focus = i
        elif k == I.PRESS:
            if self.buttons.press(intent.pos):
                return
            hit = pressed_row(self.row_rects, self.row_backs(), intent.pos)
            if hit is not None:
                self.focus, step = hit
                if step:
                    self._change(step)
        elif k == I.RELEASE:
            self.buttons.release(intent.pos)


def draw_backdrop(app: Services, canvas: Canvas, clear: pygame.Rect | None = None) -> None:
    """Felt and a fan of cards: the title screens' background. The cards are
    made at their pixel size and turned by the renderer (padded: smooth edges).
    ``clear``: what the fans keep out of (the buttons), beside it, smaller if the
    room there is narrow (a newcomer saw the cards tucked under the buttons)."""
    canvas.fill(app.settings.table_rgb)
    w, h = app.size
    fans = ((["1o", "1c", "1e", "1b"], 1), (["12o", "11c", "10e", "12b"], -1))
    for cards, side in fans:
        for cw, spots in _fan_spots(w, h, side, clear):
            for card, (cx, cy, angle) in zip(cards, spots, strict=True):
                ch = card_height(cw)
                canvas.picture(("face", card), (cx - cw / 2, cy - ch / 2, cw, ch),
                               partial(_face, app, card), angle=angle, pad=True)


def _fan_spots(w: int, h: int, side: int, clear: pygame.Rect | None
               ) -> list[tuple[int, list[tuple[float, float, float]]]]:
    """One fan's card width and its cards' centres and turns: at its place (14%
    from its edge), moved out and, if need be, made smaller to stay beside
    ``clear`` (``side`` 1: the left fan, -1: the right)."""
    gap = h * 0.02
    for share in (0.16, 0.14, 0.12, 0.10, 0.08):
        cw = int(h * share)
        ch = card_height(cw)
        x0 = w * 0.14 if side == 1 else w * 0.86
        spots: list[tuple[float, float, float]] = []
        for i in range(4):
            angle = side * (i * 16 - 24)  # clockwise: the left fan opens to the right
            spots.append((x0 + side * i * cw * 0.55, h * 0.78 - abs(i - 1.5) * 10, angle))
        if clear is None:
            return [(cw, spots)]

        if side == 1:
            over = max(cx + _half_width(cw, ch, a) for cx, _, a in spots) - (clear.left - gap)
        else:
            over = (clear.right + gap) - min(cx - _half_width(cw, ch, a) for cx, _, a in spots)
        if over > 0:
            spots = [(cx - side * over, cy, a) for cx, cy, a in spots]
        outer = spots[0][0] if side == 1 else w - spots[0][0]
        if outer >= cw * 0.3:  # the outer card still mostly on the window
            return [(cw, spots)]
    return []  # no room beside the buttons: no fan


def _half_width(cw: int, ch: int, angle: float) -> float:
    """Half the width a ``cw`` by ``ch`` card takes turned ``angle`` degrees."""
    turn = math.radians(angle)
    return (abs(cw * math.cos(turn)) + abs(ch * math.sin(turn))) / 2


def _face(app: Services, card: str, w: int, h: int) -> pygame.Surface:
    """``card``'s face made ``w`` pixels wide (for ``Canvas.picture``)."""
    return app.resources.card_face(card, w)


def page_heading(app: Services, canvas: Canvas, heading: str) -> tuple[int, int]:
    """Clear a reading page (rules, About) to the table colour, darker
    (``page_colour``), and draw its heading; the screen's size."""
    canvas.fill(page_colour(app.settings.table_rgb))
    w, h = app.size
    app.text.draw(canvas, heading, font(app, 0.06), (w // 2, int(h * 0.02)), GOLD,
                  anchor="midtop", bold=True)
    return w, h


def focus_buttons(buttons: ButtonSet, intent: I.Intent, focus: int) -> int:
    """Pointer, keys, arrows and Enter over a row or column of buttons; the
    focus afterwards."""
    k = intent.kind
    row = buttons.buttons
    if k == I.POINTER:
        buttons.pointer(intent.pos)
        for i, b in enumerate(row):
            if b.hot:
                focus = i
    elif k == I.PRESS:
        buttons.press(intent.pos)
    elif k == I.RELEASE:
        buttons.release(intent.pos)
    elif k == I.KEY:
        buttons.key(intent.char)
    elif k in (I.LEFT, I.RIGHT, I.UP, I.DOWN) and row:
        step = 1 if k in (I.RIGHT, I.DOWN) else -1
        focus = (focus + step) % len(row)
    elif k == I.CONFIRM and row:
        row[focus % len(row)].on_press()
    return focus


class QuestionScene(Scene):
    """A question in a box over the screen below it (shaded): a title, lines of
    text and a row of buttons, one of them focused; Esc goes back."""

    opaque = False

    def __init__(self, app: Services, title: str, lines: list[str], focus: int) -> None:
        super().__init__(app)
        self.title = title
        self.lines = lines
        self.buttons = ButtonSet()
        self.focus = focus
        self.box = pygame.Rect(0, 0, 0, 0)

    def choices(self) -> list[Button]:
        """The buttons, left to right (made at each layout, in the language of the moment)."""
        raise NotImplementedError

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        fs = font(self.app, 0.032)
        width = int(w * 0.6)
        rows = sum(len(self.app.text.wrap(line, fs, width - 2 * fs)) for line in self.lines)
        # As high as its words and buttons (a newcomer saw a gap between them),
        # centred where the question's box always was.
        high = min(int(h * 0.9), fs + int(fs * 2.2) + rows * int(fs * 1.2) + int(fs * 4.4))
        self.box = pygame.Rect(int(w * 0.2), int(h * 0.48 - high / 2), width, high)
        self.buttons.buttons = self.choices()
        layout_row(self.buttons.buttons, self.app.text, fs,
                   (w // 2, self.box.bottom - int(fs * 1.6)), gap=int(fs * 1.2))

    def handle(self, intent: I.Intent) -> None:
        if intent.kind == I.BACK:
            self.app.nav.pop()
            return
        self.focus = focus_buttons(self.buttons, intent, self.focus)

    def draw(self, canvas: Canvas) -> None:
        app = self.app
        canvas.fill((0, 0, 0, 150))
        # opaque (the title showed through), in the table's colour
        panel(canvas, self.box, (*shifted((16, 36, 28), app.settings.table_rgb), 255), 14)
        fs = font(app, 0.032)
        y = self.box.top + fs
        app.text.draw(canvas, self.title, int(fs * 1.3), (self.box.centerx, y), GOLD,
                      anchor="midtop", bold=True)
        y += int(fs * 2.2)
        for line in self.lines:
            for part in app.text.wrap(line, fs, self.box.width - 2 * fs):
                app.text.draw(canvas, part, fs, (self.box.centerx, y), INK, anchor="midtop")
                y += int(fs * 1.2)
        self.buttons.draw(canvas, app.text, fs, focus=self.focus,
                          colours=palette(app.settings.table_rgb))
