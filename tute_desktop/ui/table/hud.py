"""The table's heads-up display: the score panel, the seats' names, the stock's
count, the buttons (the person's special actions, and the tools), banners for
declarations and exchanges, short notices (toasts), and the last trick."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Final, NamedTuple

import pygame

from ...engine import Action
from ...engine.actions import PLAY, SING
from ...engine.events import (
    Cante,
    Declared,
    Event,
    ExchangeCompleted,
    Exchanged,
    ExchangeDeferred,
)
from ...engine.rules import Scoring, TrumpFrom
from ...engine.state import PLAYING, State
from ...i18n import card_label, in_variant, spoken_name, suit_name
from ...i18n import tr as catalog_tr
from ...match import Match
from ...rules_text import VARIANT_TITLES
from ..scoreboard import running_text
from ..services import Services
from ..widgets import DARK, DIM, GOLD, INK, PANEL, Button, ButtonSet, layout_row
from .advice import explain
from .board import (
    DEAD_SCALE,
    FACE_UP_UNDER_STOCK,
    OPPONENT_SCALE,
    TRICK_OFFSETS,
    Board,
    Geometry,
    pile_where,
)
from .chronicle import Move, Names, banner_text, move_words
from .describe import (
    Box,
    ButtonLook,
    CardSpot,
    Panel,
    Plate,
    TrumpMark,
    Words,
    action_words,
)

SCORE_UNITS: Final[dict[Scoring, str]] = {
    Scoring.GAMES_101: "games", Scoring.LOST_ROUNDS: "stones",
    Scoring.WON_ROUNDS: "rounds_won", Scoring.RUNNING_101: "",
}
"""The catalog key of what the match score counts, by scoring."""

BANNER_SECONDS = 2.4
"""How long a banner (a declaration, an exchange) stays, at speed 1."""
TOAST_SECONDS = 2.8
"""How long a short notice (an illegal card, a failed save) stays."""
EXPLAIN_SECONDS = 8.0
"""How long the help key shows a button's explanation."""
HINT_SECONDS = 4.0
"""How long the hint's words stay."""
PLATE_TURN = (60, 48, 12, 215)
"""A plate's colour while its seat is to act (its border turns gold too)."""
TEAM_COLOURS: Final = ((84, 140, 220), (222, 120, 64))
"""parejas: the two teams' colours, on the plates and in the score panel."""
TEAM_INK: Final = ((150, 190, 245), (245, 170, 120))
"""The teams' colours for words on a dark panel."""
HAND_LINE_SHARE = 0.62
"""The line above the hand may be this share of the window's width."""
TOOLTIP_SHARE = 0.42
"""A tooltip's lines are at most this share of the window's width."""
CHRONICLE_SHARE = 0.3
"""The chronicle's drawer is this share of the window's width."""
PANEL_MAX_SHARE = 0.3
"""The score panel is at most this share of the window's width."""
EDGE_PX = 8
"""Pixels between the score panel and the window's corner."""
TRICK_BELOW = TRICK_OFFSETS["bottom"][1]
MOVE_CARD_SCALE = OPPONENT_SCALE
"""An exchange's cards in the panel by its seat, a share of the card size (a
size cards rest at: their pictures are made at it)."""
MOVE_SHARE = 0.3
"""The words by a seat's move are at most this share of the window's width."""
"""Card heights from the trick's centre to its bottom card's centre."""


@dataclass
class Seen:
    """What the table shows as the person who is looking: passed to the HUD
    each frame."""

    state: State
    board: Board
    perspective: int
    """The seat shown at the bottom."""
    viewer: int | None
    """The person whose hand is face up (None: every hand is hidden)."""
    my_turn: bool
    """That person may act now."""
    thinking: bool
    """A bot is thinking."""
    move: Move | None = None
    """Another seat's exchange or declaration on show at its seat now."""


class Hud:
    """Everything drawn over the cards (see the module doc)."""

    def __init__(self, services: Services, match: Match, caption: str = "") -> None:
        self.services = services
        self.match = match
        self.caption = caption
        self.geo: Geometry | None = None
        self.banner: tuple[str, float] | None = None
        self.toast: tuple[str, float] | None = None
        self.show_last = False
        self.actions = ButtonSet()
        self.tools = ButtonSet()
        self.hinted = ""
        """The action a hint suggests, when it is a button (``str`` of it): that
        button is drawn highlighted, since Enter does it."""
        self.callout: str | None = None
        """Who took the trick on the table, and for how many points."""
        self.rule_line = ""
        """What the person may do now (shown above the hand on their turn)."""
        self.pointer = (-1, -1)
        self.names = Names(self.name, match.rules, variant=match.rules.name)
        """How banners and the chronicle call the seats (the scene sets who is "you")."""
        self.show_chronicle = False
        self.explaining: tuple[int, float] | None = None
        """The help key: which special button's explanation shows, and for how long."""
        self.chronicle_lines: list[str] = []
        """What the chronicle's drawer shows (the scene's ``Chronicle``, said)."""
        self._names: dict[tuple[int, str, str], str] = {}
        self._move_said: tuple[Event, str, str] | None = None
        """The last move's words: its event, language and words."""
        self._panel_kept: tuple[Hashable, tuple[pygame.Rect, list[int], int,
                                                list[list[str]]]] | None = None
        """The score panel's last layout, and the words it was made for."""

    # ------------------------------------------------------------------ words
    def font(self, k: float) -> int:
        """Every text size at the table: ``k`` card heights, times the player's
        text size (issue 18)."""
        assert self.geo is not None
        scale = self.services.settings.text_scale
        return max(int(14 * scale), int(self.geo.card_h * k * scale))

    def name(self, seat: int) -> str:
        s = self.match.seats[seat]
        key = (seat, self.services.lang, s.name)
        said = self._names.get(key)
        if said is None:  # asked many times a frame: said once per language
            said = spoken_name(self.services.lang, s.name, s.level) if s.name \
                else self.services.tr("seat", n=seat + 1)
            self._names[key] = said
        return said

    def side_name(self, side: int) -> str:
        """A side's name: its seat's, or a team's partners joined (its side map)."""
        return " + ".join(self.name(s) for s in self.names.side_seats(side))

    def card(self, text: str) -> str:
        return card_label(self.services.lang, text)

    def action_label(self, a: Action) -> str:
        return action_words(self.services.lang, a, self.match.rules.name)

    # ------------------------------------------------------------------ timed words
    def update(self, dt: float) -> None:
        if self.banner is not None:
            text, left = self.banner
            self.banner = (text, left - dt) if left - dt > 0 else None
        if self.toast is not None:
            text, left = self.toast
            self.toast = (text, left - dt) if left - dt > 0 else None
        if self.explaining is not None:
            index, left = self.explaining
            self.explaining = (index, left - dt) if left - dt > 0 else None

    def busy(self) -> bool:
        return self.banner is not None or self.toast is not None or self.explaining is not None

    def explain_next(self) -> None:
        """The help key: the next special button's explanation, shown above it."""
        special = [b for b in self.actions.buttons if b.label != "?"]
        if not special:
            return
        index = 0 if self.explaining is None else (self.explaining[0] + 1) % len(special)
        self.explaining = (index, EXPLAIN_SECONDS)

    def show_banner(self, text: str, speed: float) -> None:
        self.banner = (text, BANNER_SECONDS / speed)

    def show_toast(self, text: str, seconds: float = TOAST_SECONDS) -> None:
        self.toast = (text, seconds)

    def banner_for(self, ev: Event, speed: float, banner: bool = True) -> str | None:
        """Show the banner an event calls for (who did what); the name of its
        sound, if any. ``banner``: False when the move is shown by its seat
        instead (``describe_move``)."""
        words = banner_text(self.services.lang, ev, self.names) if banner else None
        if words is not None:
            self.show_banner(words, speed)
        if isinstance(ev, Declared):
            return "sing20" if ev.kind is Cante.TWENTY else "sing40"
        return None

    # ------------------------------------------------------------------ buttons
    def build_buttons(self, seen: Seen, act: Callable[[Action], None], can_undo: bool,
                      undo: Callable[[], None], hint: Callable[[], None],
                      last: Callable[[], None], rules: Callable[[], None],
                      menu: Callable[[], None], spectate: bool, hot_seat: bool,
                      chronicle: Callable[[], None]) -> None:
        """The person's special actions (declare, exchange, pass...) in a row above
        the hand, and the tools in the top-right corner."""
        assert self.geo is not None
        tr = self.services.tr
        size = self.font(0.16)
        self.actions.buttons = []
        if seen.my_turn:
            keys = iter(tr("key.sings"))
            lang = self.services.lang
            for a in seen.state.legal_actions():
                if a.kind is PLAY:
                    continue
                key = next(keys, "") if a.kind is SING else tr(f"key.{a.kind}")
                self.actions.buttons.append(
                    Button(self.action_label(a), _bind(act, a), key, tag=str(a),
                           tip=explain(catalog_tr, lang, seen.state, a)))
            if self.actions.buttons:  # "?": each button's explanation in turn
                self.actions.buttons.append(
                    Button("?", self.explain_next, "", tip=tr("explain_key_hint")))
        self.explaining = None
        line = self.hand_line_rect()
        layout_row(self.actions.buttons, self.services.text, size,
                   (self.geo.width // 2, int(line.top - self.geo.gap / 2 - size * 0.95)))
        undo_b = Button(tr("undo"), undo, tr("key.undo"), enabled=can_undo and seen.my_turn)
        hint_b = Button(tr("hint"), hint, tr("key.hint"), enabled=seen.my_turn)
        last_b = Button(tr("last_trick"), last, tr("key.last_trick"),
                        enabled=bool(seen.board.last_trick))
        rules_b = Button(tr("rules"), rules, tr("key.rules"))
        menu_b = Button(tr("menu"), menu, "")
        chron_b = Button(tr("chronicle"), chronicle, tr("key.chronicle"))
        corner = (menu_b, rules_b, chron_b)
        # Spectators and people sharing the screen have nothing to undo or ask.
        self.tools.buttons = [last_b, *corner] if spectate else (
            [hint_b, last_b, *corner] if hot_seat else [hint_b, undo_b, last_b, *corner])
        # Rules and the menu in the top-right corner; the tools for the hand in a
        # column right of the person's won pile.
        tsize = self.font(0.12)
        h = int(tsize * 1.7)
        font = self.services.text.font(tsize)

        def width(b: Button) -> int:
            return int(font.size(b.label + (f"  [{b.key.upper()}]" if b.key else ""))[0]
                       + tsize)

        x = self.geo.width - EDGE_PX
        for b in corner:
            x -= width(b)
            b.rect = pygame.Rect(x, 6, width(b), h)
            x -= 6
        column = [b for b in self.tools.buttons if b not in corner]
        if column:
            bx, _, bw, _ = self.geo.pile_box("bottom")
            left = bx + bw + self.geo.gap
            most = self.geo.width - EDGE_PX - left
            y = self.geo.height - EDGE_PX - len(column) * (h + 6) + 6
            for b in column:
                b.rect = pygame.Rect(left, y, min(width(b), most), h)
                y += h + 6

    # ------------------------------------------------------------------ places
    def text_width(self, words: str, size: int, bold: bool = False) -> int:
        return self.services.text.font(size, bold).size(words)[0]

    def fit(self, words: str, size: int, width: int, bold: bool = False) -> str:
        """``words`` cut with an ellipsis to fit ``width`` pixels."""
        if self.text_width(words, size, bold) <= width:
            return words
        while words and self.text_width(words + "…", size, bold) > width:
            words = words[:-1]
        return words.rstrip() + "…"

    def regions(self, seen: Seen) -> dict[str, pygame.Rect]:
        """Where each label, plate, pile and hand lies now: what ``draw`` uses, and
        what the layout tests check for overlaps."""
        geo = self.geo
        assert geo is not None
        n = self.match.rules.players
        found: dict[str, pygame.Rect] = {"panel": self.panel_rect(seen.state)}
        for seat in range(n):
            where = geo.seat_position(seat, seen.perspective, n)
            found[f"plate{seat}"] = pygame.Rect(geo.plate_box(where))
            found[f"hand{seat}"] = pygame.Rect(geo.hand_box(where))
        for side in range(self.match.rules.sides):
            box = pygame.Rect(geo.pile_box(pile_where(seen.board, geo, side, seen.perspective)))
            found[f"pile{side}"] = box.union(self.pile_label_rect(box))
        x, y, r = geo.trump_mark
        mark = pygame.Rect(0, 0, int(r * 2), int(r * 2))
        mark.center = (int(x), int(y))
        found["trump"] = mark.union(self.trump_label_rect(seen.state))
        cw, ch = geo.card_w, geo.card_h
        if self.match.rules.has_stock:
            sx, sy = geo.stock_pos
            stock = pygame.Rect(0, 0, int(cw * (1 + FACE_UP_UNDER_STOCK) + ch * 0.5), ch)
            stock.midleft = (int(sx - cw / 2 - 20), int(sy))
            found["stock"] = stock.union(self.stock_label_rect())
        elif self.dead_card():
            dx, dy = geo.dead_pos
            dead = pygame.Rect(0, 0, int(cw * DEAD_SCALE), int(ch * DEAD_SCALE))
            dead.center = (int(dx), int(dy))
            found["dead"] = dead
        cx, cy = geo.trick_center
        trick = pygame.Rect(0, 0, int(ch * 1.24 + cw) if n > 2 else cw, int(ch * 1.66))
        trick.center = (int(cx), int(cy))
        found["trick"] = trick
        found["line"] = self.hand_line_rect()
        if self.callout is not None:
            found["callout"] = self.callout_rect()
        if self.services.settings.muted:
            found["muted"] = self.muted_rect()
        for i, b in enumerate(self.tools.buttons):
            found[f"tool{i}"] = b.rect
        for i, b in enumerate(self.actions.buttons):
            found[f"action{i}"] = b.rect
        return found

    def muted_rect(self) -> pygame.Rect:
        """Where "Sound off" shows while the sound is off: under the corner buttons."""
        geo = self.geo
        assert geo is not None
        size = self.font(0.11)
        corner = [b.rect for b in self.tools.buttons if b.rect.top < geo.height / 2]
        rect = pygame.Rect(0, 0, self.text_width(self.services.tr("sound_off"), size), size)
        rect.topright = (geo.width - EDGE_PX, (corner[0].bottom if corner else 0) + 4)
        return rect

    def hand_line_rect(self) -> pygame.Rect:
        """The line of words just above the person's hand."""
        geo = self.geo
        assert geo is not None
        size = self.font(0.13)
        _, top, _, _ = geo.hand_box("bottom")
        rect = pygame.Rect(0, 0, int(geo.width * HAND_LINE_SHARE), int(size * 1.1))
        rect.midbottom = (geo.width // 2, top - geo.gap // 2)
        if self.match.rules.players > 2:  # between the side seats' plates
            left = pygame.Rect(geo.plate_box("left"))  # the right one mirrors it
            if left.inflate(0, geo.gap).colliderect(rect.inflate(geo.width, 0)):
                half = min(rect.width // 2, geo.width // 2 - left.right - geo.gap)
                rect.width = half * 2
                rect.centerx = geo.width // 2
        return rect

    def callout_rect(self) -> pygame.Rect:
        """Where the trick's winner is named, just under the trick."""
        geo = self.geo
        assert geo is not None
        size = self.font(0.15)
        cx, cy = geo.trick_center
        rect = pygame.Rect(0, 0, int(geo.card_w * 4), int(size * 1.5))
        rect.midtop = (int(cx), int(cy + geo.card_h * (TRICK_BELOW + 0.5)) + geo.gap)
        return rect

    def trumps_words(self, st: State) -> str:
        """"Trumps: swords"; boricua's players say "Vira: espadas" (docs/glossary.md)."""
        return self.services.tr(in_variant(self.match.rules.name, "trumps_line"),
                                suit=suit_name(self.services.lang, st.trump))

    def trump_label_rect(self, st: State) -> pygame.Rect:
        geo = self.geo
        assert geo is not None
        x, y, r = geo.trump_mark
        size = self.font(0.12)
        words = self.trumps_words(st)
        rect = pygame.Rect(0, 0, self.text_width(words, size, True), int(size * 1.1))
        if self.dead_card():  # right of the mark: the dead card is left of it
            rect.midleft = (int(x + r + geo.gap / 2), int(y))
        else:
            rect.midtop = (int(x), int(y + r + geo.gap / 2))
        return rect

    def dead_card(self) -> bool:
        """The turned card marks trumps and is not played: no stock takes it
        (tres, §8); it lies at the top of the table, left of the trump's mark."""
        rules = self.match.rules
        return rules.trump_from is TrumpFrom.TURNED_CARD and not rules.has_stock

    def stock_label_rect(self) -> pygame.Rect:
        geo = self.geo
        assert geo is not None
        size = self.font(0.12)
        sx, sy = geo.stock_pos
        rect = pygame.Rect(0, 0, self.text_width(self.services.tr("stock", n=40), size),
                           int(size * 1.1))
        rect.midtop = (int(sx), int(sy + geo.card_h * 0.5 + geo.gap))
        return rect

    def chip_pointed(self) -> bool:
        """The pointer rests on a plate's dealer chip (its tooltip shows)."""
        if self.geo is None:
            return False
        return any(
            self.dealer_chip(pygame.Rect(self.geo.plate_box(w))).collidepoint(self.pointer)
            for w in ("bottom", "top", "left", "right"))

    # ------------------------------------------------------------------ drawing
    def is_hinted(self, b: Button) -> bool:
        """``b`` does what the hint on show suggests."""
        return bool(self.hinted) and b.tag == self.hinted

    def tooltip_now(self, seen: Seen) -> tuple[str, pygame.Rect] | None:
        """The explanation shown now, and what it explains: the help key's, else
        the button under the pointer's, else the dealer chip's."""
        if self.explaining is not None:
            special = [b for b in self.actions.buttons if b.label != "?"]
            if special:
                b = special[self.explaining[0] % len(special)]
                return (b.tip, b.rect)
        for b in reversed(self.actions.buttons):
            if b.hot and b.tip:
                return (b.tip, b.rect)
        geo = self.geo
        assert geo is not None
        where = geo.seat_position(seen.state.dealer, seen.perspective, self.match.rules.players)
        chip = self.dealer_chip(pygame.Rect(geo.plate_box(where)))
        if chip.collidepoint(self.pointer):
            return (self.services.tr("dealer"), chip)
        return None

    def plate_status(self, seat: int, seen: Seen) -> tuple[str, tuple[int, ...]]:
        """The small words under a seat's name: whose turn it is, or who partners."""
        st = seen.state
        tr = self.services.tr
        if st.to_act == seat and st.phase is PLAYING:
            if not self.match.seats[seat].is_human:
                return (tr("plate_thinking") if seen.thinking else tr("plays_now"), GOLD)
            return (tr("your_turn") if seat == seen.viewer else tr("plays_now"), GOLD)
        if seen.viewer is not None and seat != seen.viewer \
                and st.side_of(seat) == st.side_of(seen.viewer):
            return (tr("your_partner"), DIM)
        return ("", DIM)

    def dealer_chip(self, plate: pygame.Rect) -> pygame.Rect:
        d = int(plate.height * 0.62)
        chip = pygame.Rect(0, 0, d, d)
        chip.midright = (plate.right - max(6, plate.height // 6), plate.centery)
        return chip

    def pile_label_rect(self, box: pygame.Rect) -> pygame.Rect:
        """The most room a pile's count of tricks takes."""
        size = self.font(0.11)
        rect = pygame.Rect(0, 0, self.text_width(self.services.tr("tricks_count", n=20), size),
                           size)
        rect.midtop = box.midtop
        return rect

    def trump_mark_rect(self) -> pygame.Rect:
        """The round mark of the trump suit."""
        assert self.geo is not None
        x, y, r = self.geo.trump_mark
        mark = pygame.Rect(0, 0, int(r * 2), int(r * 2))
        mark.center = (int(x), int(y))
        return mark.inflate(2, 2)

    def chronicle_rect(self, lines: int) -> pygame.Rect:
        """The chronicle's drawer, on the right under the corner's buttons."""
        geo = self.geo
        assert geo is not None
        size = self.font(0.12)
        width = int(geo.width * CHRONICLE_SHARE)
        top = max(b.rect.bottom for b in self.tools.buttons if b.rect.top < geo.height / 2) \
            if self.tools.buttons else EDGE_PX
        rect = pygame.Rect(0, top + geo.gap, width, int((lines + 1.6) * size * 1.25))
        rect.right = geo.width - EDGE_PX
        return rect

    def chronicle_rows(self) -> list[tuple[str, int]]:
        """The drawer's lines, (words, indent): a long line wraps, indented."""
        size = self.font(0.12)
        pad = size // 2
        room = self.chronicle_rect(1).width - pad * 3
        rows: list[tuple[str, int]] = []
        for words in self.chronicle_lines:
            for i, part in enumerate(self.services.text.wrap(words, size, room)):
                rows.append((part, pad if i else 0))
        return rows or [(self.services.tr("chronicle_empty"), 0)]

    def tooltip_lines(self, words: str) -> list[str]:
        assert self.geo is not None
        return self.services.text.wrap(words, self.font(0.11),
                                       int(self.geo.width * TOOLTIP_SHARE))

    def tooltip_box(self, words: str, near: pygame.Rect) -> pygame.Rect:
        """Where an explanation of ``near`` shows: above it, inside the window."""
        assert self.geo is not None
        size = self.font(0.11)
        lines = self.tooltip_lines(words)
        box = pygame.Rect(0, 0, max(self.text_width(t, size) for t in lines),
                          int(size * 1.2) * len(lines))
        box.midbottom = (near.centerx, near.top - 8)
        box.clamp_ip(pygame.Rect(0, 0, self.geo.width, self.geo.height).inflate(-12, -8))
        return box.inflate(14, 10)

    def panel_rows(self, st: State) -> tuple[list[str], list[list[str]]]:
        """The score panel's table: headers, and a row per side: name, card
        points, las diez de últimas once won, declared points, the round's total
        (with the first round's points in la vuelta, the running total in
        boricua) and the match score where it counts something else."""
        rules = self.match.rules
        tr = self.services.tr
        unit = SCORE_UNITS[rules.scoring]
        diez = st.diez_side >= 0
        heads = ["", tr("cards")] + ([tr("panel_diez")] if diez else []) + [
            tr(in_variant(rules.name, "panel_declared")), tr("total")] + (
            [tr(unit).capitalize()] if unit else [])
        sung = [0] * rules.sides
        for d in st.declarations:
            sung[st.side_of(d.seat)] += d.points
        totals = st.match_totals()
        rows = []
        for side in range(rules.sides):
            last = 10 if st.diez_side == side else 0
            row = [self.side_name(side), str(st.points[side] - sung[side] - last)]
            if diez:
                row.append(str(last))
            row += [str(sung[side]), str(st.round_total(side) if st.carries_points()
                                         else st.points[side])]
            if rules.scoring is Scoring.RUNNING_101:  # the running total, as the summary says it
                row[-1] = running_text(self.services, self.match, totals[side])
            elif unit:
                row.append(str(totals[side]))
            rows.append(row)
        return heads, rows

    def panel_note(self, st: State) -> str:
        """Under the table, in la vuelta: the totals include the first deal's."""
        if self.match.rules.scoring is Scoring.GAMES_101 and st.carries_points():
            return self.services.tr("panel_vuelta_note")
        return ""

    def panel_rect(self, st: State) -> pygame.Rect:
        return self._panel_layout(st)[0]

    def _panel_layout(self, st: State) -> tuple[pygame.Rect, list[int], int,
                                                list[list[str]]]:
        """The panel's rectangle, its columns' widths, its line height and its
        table (headers first, ``panel_rows``)."""
        geo = self.geo
        assert geo is not None
        size = self.font(0.12)
        heads, rows = self.panel_rows(st)
        note = self.panel_note(st)
        key = (tuple(heads), tuple(map(tuple, rows)), note, size, geo, self.services.lang)
        if self._panel_kept is not None and self._panel_kept[0] == key:  # words as before
            rect, widths, line, table = self._panel_kept[1]
            return rect.copy(), widths, line, table
        pad = size // 2
        widths = [max(self.text_width(r[i], size, i == 0) for r in [heads, *rows])
                  for i in range(len(heads))]
        most = int(geo.width * PANEL_MAX_SHARE)
        title = self.text_width(self.panel_title(), size, True)
        widths[0] = max(min(widths[0], most - sum(widths[1:]) - pad * (len(widths) + 2)),
                        size * 3)
        width = max(sum(widths) + pad * (len(widths) + 1), title + pad * 2)
        line = int(size * 1.25)
        lines = 2 + len(rows) + (1 if self.caption else 0) + (1 if note else 0)
        if self.match.rules.players > 2:  # above the left seat's hand: its lines close up
            room = geo.hand_box("left")[1] - geo.gap // 2 - EDGE_PX - pad
            line = max(int(size * 1.05), min(line, room // lines))
        laid = (pygame.Rect(EDGE_PX, EDGE_PX, width, lines * line + pad), widths, line,
                [heads, *rows])
        self._panel_kept = (key, laid)
        return laid

    def panel_title(self) -> str:
        lang = self.services.lang
        name = self.match.rules.name
        return VARIANT_TITLES.get(lang, VARIANT_TITLES["en"]).get(name, name)

    def last_trick_rect(self, cards: int) -> pygame.Rect:
        geo = self.geo
        assert geo is not None
        rect = pygame.Rect(0, 0, int(geo.card_w * (cards * 1.15 + 0.6)), int(geo.card_h * 1.5))
        rect.center = (geo.width // 2, int(geo.height * 0.44))
        return rect

    def banner_rect(self, words: str) -> pygame.Rect:
        """The box of a banner (a declaration, an exchange) across the trick."""
        geo = self.geo
        assert geo is not None
        size = self.font(0.24)
        surf = self.services.text.render(words, size, GOLD, bold=True)
        return surf.get_rect(center=(geo.width // 2, int(geo.trick_center[1]))).inflate(
            size * 1.4, size * 0.7)

    # ------------------------------------------------------------------ the description
    def describe(self, seen: Seen) -> HudLook:
        """Everything the HUD shows now, as values (``describe``'s types), in the
        order it is painted."""
        geo = self.geo
        assert geo is not None
        st = seen.state
        tr = self.services.tr
        n = self.match.rules.players
        plates = tuple(self.describe_plate(seat, seen) for seat in range(n))
        labels: list[Words] = []
        for side, pile in enumerate(seen.board.piles):
            if pile:
                box = pygame.Rect(geo.pile_box(pile_where(seen.board, geo, side,
                                                          seen.perspective)))
                labels.append(Words(tr("tricks_count", n=len(pile) // n), self.font(0.11),
                                    box.midtop, DIM, "midtop"))
        left = seen.board.stock_left()
        if self.match.rules.has_stock and seen.board.dealt and left:
            labels.append(Words(tr("stock", n=left), self.font(0.12),
                                self.stock_label_rect().midtop, DIM, "midtop"))
        if self.services.settings.muted:
            labels.append(Words(tr("sound_off"), self.font(0.11), self.muted_rect().topright,
                                DIM, "topright"))
        label = self.trump_label_rect(st)
        labels.append(Words(self.trumps_words(st), self.font(0.12), label.topleft, GOLD, bold=True))
        x, y, r = geo.trump_mark
        buttons = tuple(
            ButtonLook(b.label, b.key, _box(b.rect), self.font(k), b.enabled, b.hot,
                       self.is_hinted(b), b.tag)
            for group, k in ((self.actions, 0.16), (self.tools, 0.12)) for b in group.buttons)
        overlays: list[Panel] = []
        if self.callout is not None:
            overlays.append(self.describe_callout(self.callout))
        if self.show_last:
            overlays.append(self.describe_last_trick(seen))
        if self.show_chronicle:
            overlays.append(self.describe_chronicle())
        if self.banner is not None:
            words = self.banner[0]
            size = self.font(0.24)
            overlays.append(Panel("banner", _box(self.banner_rect(words)), (0, 0, 0, 185), 10, (
                Words(words, size, (geo.width // 2, int(geo.trick_center[1])), GOLD, "center",
                      True),)))
        move = self.describe_move(seen)
        if move is not None:
            overlays.append(move)
        line = self.describe_hand_line(seen)
        if line is not None:
            overlays.append(line)
        tip = self.tooltip_now(seen)
        if tip is not None:
            overlays.append(self.describe_tooltip(*tip))
        return HudLook(plates, tuple(labels), (self.describe_panel(st),),
                       TrumpMark(st.trump, x, y, r), buttons, tuple(overlays))

    def describe_plate(self, seat: int, seen: Seen) -> Plate:
        """A seat's plate: its name, whose turn it is or who partners, the dealer's
        chip, and the side's colour where a side is more than one seat."""
        geo = self.geo
        assert geo is not None
        st = seen.state
        n = self.match.rules.players
        size = self.font(0.14)
        small = self.font(0.11)
        rect = pygame.Rect(geo.plate_box(geo.seat_position(seat, seen.perspective, n)))
        turn = st.to_act == seat and st.phase is PLAYING
        pad = max(6, rect.height // 6)
        chip = self.dealer_chip(rect) if seat == st.dealer else None
        room = rect.width - pad * 2 - (chip.width + pad if chip else 0)
        status, colour = self.plate_status(seat, seen)
        name = self.fit(self.name(seat), size, room, bold=turn)
        x = rect.left + pad + 2
        if status:
            name_words = Words(name, size, (x, rect.centery + 1), GOLD if turn else INK,
                               "bottomleft", turn)
            status_words: Words | None = Words(self.fit(status, small, room), small,
                                               (x, rect.centery + 1), colour)
        else:
            name_words = Words(name, size, (x, rect.centery), INK, "midleft")
            status_words = None
        side = st.side_of(seat)
        shared = any(st.side_of(s) == side for s in range(n) if s != seat)
        chip_word = None if chip is None else Words(
            self.services.tr("dealer_chip"), int(chip.height * 0.7), chip.center, DARK,
            "center", True)
        return Plate(seat, _box(rect), name_words, status_words, turn,
                     TEAM_COLOURS[side % 2] if shared else None,
                     None if chip is None else _box(chip), chip_word,
                     PLATE_TURN if turn else PANEL)

    def move_text(self, ev: Event) -> str:
        """The words by a seat's move (said once per move and language: they are
        asked for every frame it shows)."""
        lang, said = self.services.lang, self._move_said
        if said is None or said[0] is not ev or said[1] != lang:
            notice = move_words(ev, self.names)
            said = self._move_said = (ev, lang, "" if notice is None else notice.render(lang))
        return said[2]

    def move_rect(self, seen: Seen, size: tuple[int, int]) -> pygame.Rect:
        """Where a box of ``size`` showing a seat's move lies: by its seat, on
        the side of the table's middle (under the top plate and to its left, as
        its pile lies right of it; above the bottom hand; beside a side seat's
        won pile), then moved up or down the least that keeps it off the hands,
        plates, piles, the trump's mark and the panels; inside the window."""
        geo = self.geo
        assert geo is not None and seen.move is not None
        where = geo.seat_position(seen.move.seat, seen.perspective, self.match.rules.players)
        plate = pygame.Rect(geo.plate_box(where))
        hand = pygame.Rect(geo.hand_box("bottom"))
        g = geo.gap
        rect = pygame.Rect((0, 0), size)
        if where == "top":
            rect.topright = (plate.right, plate.bottom + g)
        elif where == "bottom":
            rect.midbottom = (hand.centerx, hand.top - g)
        else:
            pile = pygame.Rect(geo.pile_box(where))
            if where == "left":
                rect.midleft = (pile.right + g, int(geo.side_y))
            else:
                rect.midright = (pile.left - g, int(geo.side_y))
        window = pygame.Rect(0, 0, geo.width, geo.height).inflate(-EDGE_PX * 2, -EDGE_PX * 2)
        window.height = min(window.height, hand.top - g - window.top)  # above the bottom hand
        if where == "bottom":
            window.height = geo.height
        # (The trick is empty while a move shows: moves come between tricks.)
        taken = [r for k, r in self.regions(seen).items()
                 if k not in ("trick", "line", "callout") and not k.startswith("action")]
        for step in range(geo.height // g + 1):
            for off in ((0,) if step == 0 else (-step * g, step * g)):
                spot = rect.move(0, off).clamp(window)
                if spot.collidelist(taken) < 0:
                    return spot
        return rect.clamp(window)

    def describe_move(self, seen: Seen) -> Panel | None:
        """Another seat's exchange or declaration, by its plate while it is on
        show: who did what in words (a declaration's cards rise face up in the
        hand, ``Board.raised``), and an exchange's cards face up, the one given
        and the one taken (§5: both are public)."""
        ev = seen.move
        geo = self.geo
        if ev is None or geo is None:
            return None
        size = self.font(0.14)
        small = self.font(0.11)
        pad = size // 2
        lines = self.services.text.wrap(self.move_text(ev), size, int(geo.width * MOVE_SHARE))
        line_h = int(size * 1.25)
        cards = move_cards(ev)
        labels = [self.services.tr("move_gave"), self.services.tr("move_took")][:len(cards)]
        cw, ch = geo.card_w * MOVE_CARD_SCALE, geo.card_h * MOVE_CARD_SCALE
        slot = max([cw, *(self.text_width(t, small) for t in labels)]) + pad
        words_w = max(self.text_width(t, size) for t in lines)
        width = max(words_w, slot * len(cards)) + pad * 2
        height = pad * 2 + line_h * len(lines) + (
            int(ch + pad + small * 1.2) if cards else 0)
        rect = self.move_rect(seen, (int(width), int(height)))
        words = [Words(t, size, (rect.centerx, rect.top + pad + i * line_h), GOLD, "midtop")
                 for i, t in enumerate(lines)]
        spots = []
        top = rect.top + pad + line_h * len(lines)
        x0 = rect.centerx - slot * len(cards) / 2 + slot / 2
        for i, (card, label) in enumerate(zip(cards, labels, strict=True)):
            x = x0 + i * slot
            spots.append(CardSpot(card, x, top + ch / 2, scale=MOVE_CARD_SCALE))
            words.append(Words(label, small, (int(x), int(top + ch + pad / 2)), INK, "midtop"))
        return Panel("move", _box(rect), (0, 0, 0, 200), 10, tuple(words), tuple(spots))

    def describe_hand_line(self, seen: Seen) -> Panel | None:
        """The words above the hand: a notice (a refused card, the hint), or what
        the person may do now."""
        words = self.toast[0] if self.toast is not None else self.rule_line
        if not words or (self.toast is None and not seen.my_turn):
            return None
        rect = self.hand_line_rect()
        size = self.font(0.13)
        words = self.fit(words, size, rect.width - size)
        box = pygame.Rect(0, 0, self.text_width(words, size), size)
        box.center = rect.center
        return Panel("line", _box(box.inflate(size, size * 0.3)), (0, 0, 0, 150), 6, (
            Words(words, size, rect.center, GOLD if self.toast else INK, "center"),))

    def describe_callout(self, words: str) -> Panel:
        rect = self.callout_rect()
        size = self.font(0.15)
        words = self.fit(words, size, rect.width - size, bold=True)
        box = pygame.Rect(0, 0, self.text_width(words, size, bold=True), size)
        box.center = rect.center
        return Panel("callout", _box(box.inflate(size, size * 0.4)), (0, 0, 0, 170), 8, (
            Words(words, size, rect.center, GOLD, "center", True),))

    def describe_chronicle(self) -> Panel:
        """The last plays and events, newest last, in a drawer the person opens."""
        size = self.font(0.12)
        pad = size // 2
        rows = self.chronicle_rows()
        rect = self.chronicle_rect(len(rows))
        words = [Words(self.services.tr("chronicle"), size, (rect.left + pad, rect.top + pad),
                       GOLD, bold=True)]
        y = rect.top + pad + int(size * 1.35)
        for line, indent in rows:
            words.append(Words(line, size, (rect.left + pad + indent, y),
                               INK if self.chronicle_lines else DIM))
            y += int(size * 1.25)
        return Panel("chronicle", _box(rect), (8, 16, 12, 235), 10, tuple(words))

    def describe_tooltip(self, words: str, near: pygame.Rect) -> Panel:
        size = self.font(0.11)
        box = self.tooltip_box(words, near)
        line_h = int(size * 1.2)
        return Panel("tooltip", _box(box), (0, 0, 0, 230), 6, tuple(
            Words(line, size, (box.left + 7, box.top + 5 + i * line_h), INK)
            for i, line in enumerate(self.tooltip_lines(words))))

    def describe_panel(self, st: State) -> Panel:
        """The score panel: the caption, the variant, a row per side."""
        rect, widths, line, table = self._panel_layout(st)
        size = self.font(0.12)
        pad = size // 2
        words: list[Words] = []
        y = rect.top + pad // 2 + 2
        for head in ([self.caption] if self.caption else []) + [self.panel_title()]:
            words.append(Words(self.fit(head, size, rect.width - pad * 2), size,
                               (rect.left + pad, y), GOLD, bold=True))
            y += line
        shared = bool(self.match.rules.partners)  # teams: each row in its team's colour
        for r, row in enumerate(table):
            x = rect.left + pad
            for i, cell in enumerate(row):
                colour = DIM if r == 0 else (INK if i else TEAM_INK[(r - 1) % 2]
                                             if shared else INK)
                if i == 0:
                    words.append(Words(self.fit(cell, size, widths[0], r > 0), size, (x, y),
                                       colour, bold=r > 0))
                else:
                    words.append(Words(cell, size, (x + widths[i], y), colour, "topright"))
                x += widths[i] + pad
            y += line
        note = self.panel_note(st)
        if note:
            words.append(Words(self.fit(note, size, rect.width - pad * 2), size,
                               (rect.left + pad, y), DIM))
        return Panel("score", _box(rect), PANEL, 10, tuple(words))

    def describe_last_trick(self, seen: Seen) -> Panel:
        board = seen.board
        geo = self.geo
        assert geo is not None
        trick = board.last_trick
        rect = self.last_trick_rect(len(trick))
        title = self.services.tr("last_trick")
        if board.last_winner >= 0:
            title = self.services.tr("last_trick_won", name=self.name(board.last_winner),
                                     points=board.last_points)
        words = [Words(title, self.font(0.14), (rect.centerx, rect.top + 6), GOLD, "midtop")]
        cards = []
        for i, (seat, card) in enumerate(trick):
            x = rect.left + int(geo.card_w * (0.3 + i * 1.15))
            cards.append(CardSpot(card, x + geo.card_w / 2,
                                  rect.top + int(geo.card_h * 0.3) + geo.card_h / 2))
            words.append(Words(self.name(seat), self.font(0.11),
                               (x + geo.card_w // 2, rect.bottom - 4), INK, "midbottom"))
        return Panel("last_trick", _box(rect), (0, 0, 0, 200), 10, tuple(words), tuple(cards))


def move_cards(ev: Event) -> tuple[int, ...]:
    """The cards an exchange shows by its seat: the one given, then the one
    taken (a deferred exchange: the one given); none for a declaration (its
    cards rise in the hand)."""
    if isinstance(ev, Exchanged | ExchangeCompleted):
        return (int(ev.gave), int(ev.took))
    if isinstance(ev, ExchangeDeferred):
        return (int(ev.gave),)
    return ()


def _bind(act: Callable[[Action], None], action: Action) -> Callable[[], None]:
    return lambda: act(action)


def _box(rect: pygame.Rect) -> Box:
    return (rect.x, rect.y, rect.w, rect.h)


class HudLook(NamedTuple):
    """The HUD's share of a ``TableDescription`` (``Hud.describe``)."""

    plates: tuple[Plate, ...]
    labels: tuple[Words, ...]
    panels: tuple[Panel, ...]
    trump: TrumpMark
    buttons: tuple[ButtonLook, ...]
    overlays: tuple[Panel, ...]
