"""The table's heads-up display: the score panel, the seats' names, the stock's
count, the buttons (the person's special actions, and the tools), banners for
declarations and exchanges, short notices (toasts), and the last trick."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import pygame

from ...engine import Action
from ...engine.actions import PLAY, SING, SWAP
from ...engine.cards import card_name
from ...engine.events import (
    Cante,
    CapoteAnnounced,
    Claimed,
    Declared,
    Event,
    ExchangeCompleted,
    Exchanged,
    ExchangeDeferred,
    ThrownIn,
)
from ...engine.rules import Scoring
from ...engine.state import PLAYING, State
from ...i18n import card_label, suit_name
from ...match import Match
from ...rules_text import VARIANT_TITLES
from ..services import Services
from ..widgets import DIM, GOLD, INK, Button, ButtonSet, layout_row, panel
from .board import Board, Geometry

SCORE_UNITS: Final[dict[Scoring, str]] = {
    Scoring.GAMES_101: "games", Scoring.LOST_ROUNDS: "stones",
    Scoring.WON_ROUNDS: "rounds_won", Scoring.RUNNING_101: "",
}
"""The catalog key of what the match score counts, by scoring."""

BANNER_SECONDS = 1.6
"""How long a banner (a declaration, an exchange) stays, at speed 1."""
TOAST_SECONDS = 2.8
"""How long a short notice (an illegal card, a failed save) stays."""
HINT_SECONDS = 2.5
"""How long the hint's words stay."""


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

    # ------------------------------------------------------------------ words
    def font(self, k: float) -> int:
        """Every text size at the table: ``k`` card heights, times the player's
        text size (issue 18)."""
        assert self.geo is not None
        scale = self.services.settings.text_scale
        return max(int(14 * scale), int(self.geo.card_h * k * scale))

    def name(self, seat: int) -> str:
        name = self.match.seats[seat].name
        return name or self.services.tr("seat", n=seat + 1)

    def side_name(self, side: int) -> str:
        if self.match.rules.players == 4:
            a, b = side, side + 2
            return f"{self.name(a)} + {self.name(b)}"
        return self.name(side)

    def card(self, text: str) -> str:
        return card_label(self.services.lang, text)

    def action_label(self, a: Action) -> str:
        tr = self.services.tr
        if a.kind is SING:
            if a.cante == "20":
                return tr("sing20", suit=suit_name(self.services.lang, a.suit or 0))
            if a.cante == "40":
                return tr("sing40")
            return tr("singtute", what=tr("reyes" if a.rank == 12 else "caballos"))
        if a.kind is SWAP:
            return tr("swap", card=self.card(str(a.card)))
        if a.kind is PLAY:
            return self.card(str(a.card))
        return tr({"capote": "capote", "claim": "claim", "pass": "pass",
                   "throw": "throw"}[a.kind])

    # ------------------------------------------------------------------ timed words
    def update(self, dt: float) -> None:
        if self.banner is not None:
            text, left = self.banner
            self.banner = (text, left - dt) if left - dt > 0 else None
        if self.toast is not None:
            text, left = self.toast
            self.toast = (text, left - dt) if left - dt > 0 else None

    def busy(self) -> bool:
        return self.banner is not None or self.toast is not None

    def show_banner(self, text: str, speed: float) -> None:
        self.banner = (text, BANNER_SECONDS / speed)

    def show_toast(self, text: str, seconds: float = TOAST_SECONDS) -> None:
        self.toast = (text, seconds)

    def banner_for(self, ev: Event, speed: float) -> str | None:
        """Show the banner an event calls for; the name of its sound, if any."""
        tr = self.services.tr
        lang = self.services.lang
        sound: str | None = None
        if isinstance(ev, Declared):
            if ev.kind is Cante.TWENTY:
                text = tr("banner_20", suit=suit_name(lang, ev.suit or 0))
                sound = "sing20"
            elif ev.kind is Cante.FORTY:
                text = tr("banner_40")
                sound = "sing40"
            else:
                text = tr("banner_tute")
                sound = "sing40"
            self.show_banner(f"{self.name(ev.seat)}: {text}", speed)
        elif isinstance(ev, ExchangeDeferred):
            self.show_banner(tr("banner_swap_deferred", gave=self.card(str(ev.gave))), speed)
        elif isinstance(ev, Exchanged | ExchangeCompleted):
            self.show_banner(tr("banner_swap", gave=self.card(str(ev.gave)),
                                took=self.card(str(ev.took))), speed)
        elif isinstance(ev, CapoteAnnounced):
            self.show_banner(f"{self.name(ev.seat)}: {tr('banner_capote')}", speed)
        elif isinstance(ev, Claimed):
            self.show_banner(f"{self.name(ev.seat)}: {tr('banner_claim')}", speed)
        elif isinstance(ev, ThrownIn):
            self.show_banner(tr("banner_throw"), speed)
        return sound

    # ------------------------------------------------------------------ buttons
    def build_buttons(self, seen: Seen, act: Callable[[Action], None], can_undo: bool,
                      undo: Callable[[], None], hint: Callable[[], None],
                      last: Callable[[], None], rules: Callable[[], None],
                      menu: Callable[[], None], spectate: bool, hot_seat: bool) -> None:
        """The person's special actions (declare, exchange, pass...) in a row above
        the hand, and the tools in the top-right corner."""
        assert self.geo is not None
        tr = self.services.tr
        size = self.font(0.16)
        self.actions.buttons = []
        if seen.my_turn:
            keys = iter(tr("key.sings"))
            for a in seen.state.legal_actions():
                if a.kind is PLAY:
                    continue
                key = next(keys, "") if a.kind is SING else tr(f"key.{a.kind}")
                self.actions.buttons.append(
                    Button(self.action_label(a), _bind(act, a), key))
        layout_row(self.actions.buttons, self.services.text, size,
                   (self.geo.width // 2, int(self.geo.height - self.geo.card_h * 1.32)))
        undo_b = Button(tr("undo"), undo, tr("key.undo"), enabled=can_undo and seen.my_turn)
        hint_b = Button(tr("hint"), hint, tr("key.hint"), enabled=seen.my_turn)
        last_b = Button(tr("last_trick"), last, tr("key.last_trick"),
                        enabled=bool(seen.board.last_trick))
        rules_b = Button(tr("rules"), rules, tr("key.rules"))
        menu_b = Button(tr("menu"), menu, "")
        # Spectators and people sharing the screen have nothing to undo or ask.
        self.tools.buttons = [last_b, rules_b, menu_b] if spectate else (
            [hint_b, last_b, rules_b, menu_b] if hot_seat
            else [hint_b, undo_b, last_b, rules_b, menu_b])
        # A row of small buttons in the top-right corner.
        tsize = self.font(0.12)
        h = int(tsize * 1.7)
        x = self.geo.width - 8
        for b in reversed(self.tools.buttons):
            w = self.services.text.font(tsize).size(
                b.label + (f"  [{b.key.upper()}]" if b.key else ""))[0] + tsize
            x -= w
            b.rect = pygame.Rect(x, 6, w, h)
            x -= 6

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, seen: Seen) -> None:
        self.draw_labels(surface, seen)
        self.draw_panel(surface, seen.state)
        text = self.services.text
        self.actions.draw(surface, text, self.font(0.16))
        self.tools.draw(surface, text, self.font(0.12))
        assert self.geo is not None
        if self.show_last:
            self.draw_last_trick(surface, seen.board)
        if self.banner is not None:
            self.draw_banner(surface, self.banner[0], self.geo.height * 0.22, big=True)
        if self.toast is not None:
            self.draw_banner(surface, self.toast[0], self.geo.height * 0.08, big=False)

    def draw_labels(self, surface: pygame.Surface, seen: Seen) -> None:
        geo = self.geo
        assert geo is not None
        st = seen.state
        n = self.match.rules.players
        size = self.font(0.15)
        text = self.services.text
        for seat in range(n):
            where = geo.seat_position(seat, seen.perspective, n)
            ax, ay = geo.hand_anchor(where)
            label = self.name(seat)
            if seat == st.dealer:
                label += self.services.tr("dealer_mark")
            turn = st.to_act == seat and st.phase is PLAYING
            if turn and not self.match.seats[seat].is_human and seen.thinking:
                label += " …"
            color = GOLD if turn else INK
            ch = geo.card_h
            if where == "bottom":
                pos, anchor = (geo.width * 0.18, ay - ch * 0.1), "midright"
            elif where == "top":
                pos, anchor = (ax, ay + ch * 0.42), "midtop"
            elif where == "left":
                pos, anchor = (6, ay + geo.height * 0.18 + ch * 0.26), "topleft"
            else:
                pos, anchor = (geo.width - 6, ay + geo.height * 0.18 + ch * 0.26), "topright"
            text.draw(surface, label, size, pos, color, anchor=anchor, bold=turn)
            if where == "bottom" and turn and seat == seen.viewer:
                text.draw(surface, self.services.tr("your_turn"), int(size * 0.85),
                          (pos[0], pos[1] + size), GOLD, anchor="midright")
        sx, sy = geo.stock_pos
        if n == 2:
            text.draw(surface, self.services.tr("stock", n=st.stock_count), self.font(0.13),
                      (sx, sy + geo.card_h * 0.62), DIM, anchor="midtop")

    def draw_panel(self, surface: pygame.Surface, st: State) -> None:
        geo = self.geo
        assert geo is not None
        rules = self.match.rules
        tr = self.services.tr
        lang = self.services.lang
        size = self.font(0.13)
        lines: list[tuple[str, tuple[int, ...]]] = []
        title = VARIANT_TITLES.get(lang, VARIANT_TITLES["en"]).get(rules.name, rules.name)
        if self.caption:
            lines.append((self.caption, GOLD))
        lines.append((title, GOLD))
        lines.append((tr("trumps_line", suit=suit_name(lang, st.trump)), INK))
        lines.append((tr("round_points"), DIM))
        for side in range(rules.sides):
            lines.append((f"  {self.side_name(side)}: {st.points[side]}", INK))
        unit = SCORE_UNITS[rules.scoring]
        lines.append((tr("match") + (f" ({tr(unit)})" if unit else ""), DIM))
        totals = st.match_totals()
        for side in range(rules.sides):
            total = totals[side]
            extra = ""
            if rules.scoring is Scoring.RUNNING_101:
                extra = (f"  ({tr('buenas')} {total - 50})" if total > 50
                         else f"  ({tr('malas')})")
            elif st.carries_points():  # la vuelta: the points carried over
                extra = f"  · {st.round_total(side)}"
            lines.append((f"  {self.side_name(side)}: {total}{extra}", INK))
        if st.declarations:
            lines.append((tr("declarations"), DIM))
            for d in st.declarations[-3:]:
                what = f"{d.kind} {suit_name(lang, d.suit or 0)}" \
                    if d.kind is Cante.TWENTY else str(d.kind)
                lines.append((f"  {self.name(d.seat)}: {what}", INK))
        width = int(geo.card_w * 2.6)
        height = int(len(lines) * size * 0.95 + 16)
        rect = pygame.Rect(8, 8, width, height)
        panel(surface, rect)
        y = rect.top + 8
        for line, color in lines:
            self.services.text.draw(surface, line, size, (rect.left + 10, y), color)
            y += int(size * 0.95)

    def draw_last_trick(self, surface: pygame.Surface, board: Board) -> None:
        geo = self.geo
        assert geo is not None
        trick = board.last_trick
        rect = pygame.Rect(0, 0, int(geo.card_w * (len(trick) * 1.15 + 0.6)),
                           int(geo.card_h * 1.5))
        rect.center = (geo.width // 2, int(geo.height * 0.44))
        panel(surface, rect, (0, 0, 0, 200))
        text = self.services.text
        text.draw(surface, self.services.tr("last_trick"), self.font(0.14),
                  (rect.centerx, rect.top + 6), GOLD, anchor="midtop")
        for i, (seat, card) in enumerate(trick):
            face = self.services.resources.card_face(card_name(card), geo.card_w)
            x = rect.left + int(geo.card_w * (0.3 + i * 1.15))
            surface.blit(face, (x, rect.top + int(geo.card_h * 0.3)))
            text.draw(surface, self.name(seat), self.font(0.11),
                      (x + geo.card_w // 2, rect.bottom - 4), INK, anchor="midbottom")

    def draw_banner(self, surface: pygame.Surface, words: str, y: float, big: bool) -> None:
        geo = self.geo
        assert geo is not None
        size = self.font(0.24 if big else 0.15)
        surf = self.services.text.render(words, size, GOLD if big else INK, bold=big)
        rect = surf.get_rect(center=(geo.width // 2, int(y)))
        panel(surface, rect.inflate(size * 1.4, size * 0.7), (0, 0, 0, 185))
        surface.blit(surf, rect)


def _bind(act: Callable[[Action], None], action: Action) -> Callable[[], None]:
    return lambda: act(action)
