"""The statistics scene: one player at a time, with bars per variant and the
recent form as a row of won and lost games."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..bots import LEVELS
from ..engine.rules import VARIANTS, Scoring, Tute
from ..game.stats import DECLARATION_KINDS, PERSON, RECENT, PlayerStats, Tally
from ..i18n import in_variant, number, spoken_name
from ..i18n.rules_text import VARIANT_TITLES
from . import intents as I
from .menus import font
from .scene import Scene
from .scoreboard import fit
from .widgets import DIM, GOLD, INK, RED, panel

if TYPE_CHECKING:
    from .gfx import Canvas
    from .services import Services

WON = GOLD
LOST = (150, 72, 66)
"""A bar's part not won: a dim red, as the recent form's red squares (a grey
bar read as full at a glance to a newcomer with 0 won of 1)."""


class StatisticsScene(Scene):
    """Per player: games and matches by variant and by opponent, best rounds,
    declarations, capotes, subastado's contracts, tournaments, and recent form.
    ← → changes player."""

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.names = app.stats.names()
        self.index = 0

    @property
    def name(self) -> str | None:
        return self.names[self.index] if self.names else None

    def handle(self, intent: I.Intent) -> None:
        k = intent.kind
        if k in (I.BACK, I.CONFIRM):
            self.app.nav.pop()
        elif k in (I.LEFT, I.RIGHT, I.UP, I.DOWN) and self.names:
            d = 1 if k in (I.RIGHT, I.DOWN) else -1
            self.index = (self.index + d) % len(self.names)
        elif k == I.KEY and self.name is not None and intent.char == self.app.tr("key.review"):
            self.review()
        elif k == I.PRESS and self.names:
            w = self.app.size[0]
            if intent.pos[1] < self.app.size[1] * 0.22:
                self.index = (self.index + (1 if intent.pos[0] > w // 2 else -1)) % len(
                    self.names)

    def review(self) -> None:
        """The expert's review of this player's kept rounds, the last first (↑ ↓
        there change round; one from a shared screen behind a privacy screen)."""
        assert self.name is not None
        kept = self.app.stats.players[self.name].kept
        if not kept:
            return
        self.app.nav.push("review", rounds=[(k.match, k.seat) for k in kept])

    # ------------------------------------------------------------------ drawing
    def draw(self, canvas: Canvas) -> None:
        app = self.app
        canvas.fill(app.settings.table_rgb)
        w, h = app.size
        app.text.draw(canvas, app.tr("statistics"), font(app, 0.07), (w // 2, int(h * 0.03)),
                      GOLD, anchor="midtop", bold=True)
        fs = font(app, 0.028)
        if self.name is None:
            app.text.draw(canvas, app.tr("stats_none"), fs, (w // 2, int(h * 0.4)), INK,
                          anchor="midtop")
            app.text.draw(canvas, app.tr("stats_none_keys"), int(fs * 0.8), (w // 2, h - 8), DIM,
                          anchor="midbottom")
            return
        p = app.stats.players[self.name]
        shown = spoken_name(app.lang, self.name, None)  # "You" said "Tú" in Spanish
        who = f"‹ {shown} ›" if len(self.names) > 1 else shown
        app.text.draw(canvas, who, font(app, 0.045), (w // 2, int(h * 0.13)), INK,
                      anchor="midtop", bold=True)
        if len(self.names) > 1:
            app.text.draw(canvas, f"{self.index + 1}/{len(self.names)}", int(fs * 0.8),
                          (w // 2, int(h * 0.13) + font(app, 0.05)), DIM, anchor="midtop")
        left = pygame.Rect(int(w * 0.04), int(h * 0.22), int(w * 0.5), int(h * 0.54))
        right = pygame.Rect(int(w * 0.57), int(h * 0.22), int(w * 0.39), int(h * 0.54))
        form = pygame.Rect(int(w * 0.04), int(h * 0.79), int(w * 0.92), int(h * 0.14))
        for box in (left, right, form):
            panel(canvas, box, (0, 0, 0, 90), 10)
        self._draw_variants(canvas, p, left, fs)
        self._draw_facts(canvas, p, right, fs)
        self._draw_form(canvas, p, form, fs)
        # The arrows change the player shown: with one player, only Esc does anything.
        keys = app.tr("stats_keys" if len(self.names) > 1 else "stats_one_keys")
        app.text.draw(canvas, keys, int(fs * 0.8), (w // 2, h - 6), DIM, anchor="midbottom")

    def _draw_variants(self, canvas: Canvas, p: PlayerStats, box: pygame.Rect,
                       fs: int) -> None:
        """Bars: games played (the whole bar) and won (its gold part; the rest,
        lost, red), per variant; matches won / played written after each bar."""
        app = self.app
        titles = VARIANT_TITLES.get(app.lang, VARIANT_TITLES["en"])
        app.text.draw(canvas, app.tr("stats_by_variant"), fs, (box.left + 12, box.top + 8),
                      GOLD)
        top = box.top + int(fs * 1.8)
        row = (box.bottom - top - 8) // len(VARIANTS)
        label_w = int(box.w * 0.3)
        bar_x = box.left + 12 + label_w
        bar_w = int(box.w * 0.38)
        most = max([t.played for t in p.games.values()] + [1])
        small = int(fs * 0.8)
        for i, variant in enumerate(VARIANTS):
            y = top + i * row
            games = p.games.get(variant, Tally())
            matches = p.matches.get(variant, Tally())
            title = titles.get(variant, variant)
            while app.text.font(small).size(title)[0] > label_w - 8 and len(title) > 4:
                title = title[:-2] + "…"
            app.text.draw(canvas, title, small, (box.left + 12, y + row // 2), INK,
                          anchor="midleft")
            bar_h = max(6, int(row * 0.5))
            full = pygame.Rect(bar_x, y + (row - bar_h) // 2, max(2, bar_w * games.played
                                                               // most), bar_h)
            if games.played:
                canvas.rect(LOST, full, radius=3)
                won = full.copy()
                won.w = bar_w * games.won // most
                if won.w:
                    canvas.rect(WON, won, radius=3)
            # What the stats count as won is a game where a variant has games
            # (§10.1), and a round with a winner elsewhere: said so (docs/glossary.md).
            # (boricua: no round is won, the totals run on to 101; a round counts
            # as won with more points than the rival's, said so: nc85)
            counted = "stats_games_short" if VARIANTS[variant].scoring is Scoring.GAMES_101 \
                else "stats_rounds_short"
            text = f"{app.tr(in_variant(variant, counted))} {games.won}/{games.played}"
            if matches.played:
                text += f" · {app.tr('stats_matches_short')} {matches.won}/{matches.played}"
            left = bar_x + bar_w + 10
            app.text.draw(canvas, fit(app, text, small, box.right - 8 - left), small,
                          (left, y + row // 2), INK if games.played else DIM, anchor="midleft")

    def _draw_facts(self, canvas: Canvas, p: PlayerStats, box: pygame.Rect,
                    fs: int) -> None:
        """Totals, games against each opponent level as bars, then the counters."""
        app = self.app
        small = int(fs * 0.8)
        line = int(small * 1.35)
        x, y = box.left + 12, box.top + 8
        app.text.draw(canvas, app.tr("stats_total"), fs, (x, y), GOLD)
        y += int(fs * 1.4)
        for label, t in ((app.tr("stats_games"), p.total("games")),
                         (app.tr("stats_matches"), p.total("matches"))):
            pct = f"  ({round(t.share * 100)}%)" if t.played else ""
            app.text.draw(canvas, f"{label}: {t.won}/{t.played}{pct}", small, (x, y), INK)
            y += line
        y += line // 3
        app.text.draw(canvas, app.tr("stats_vs"), small, (x, y), DIM)
        y += line
        order = [*LEVELS, PERSON]
        shown = [k for k in order if k in p.games_vs] + [
            k for k in p.games_vs if k not in order]
        most = max([p.games_vs[k].played for k in shown] + [1])
        label_w = int(box.w * 0.26)
        bar_w = int(box.w * 0.42)
        for level in shown:
            t = p.games_vs[level]
            word = app.tr("person") if level == PERSON else app.tr(f"level_{level}")
            app.text.draw(canvas, word, small, (x + 10, y + line // 2), INK, anchor="midleft")
            full = pygame.Rect(x + label_w, y + line // 4, max(2, bar_w * t.played // most),
                               line // 2)
            canvas.rect(LOST, full, radius=3)
            if t.won:
                canvas.rect(WON, (full.x, full.y, bar_w * t.won // most, full.h),
                            radius=3)
            app.text.draw(canvas, f"{t.won}/{t.played}", small,
                          (x + label_w + bar_w + 10, y + line // 2), INK, anchor="midleft")
            y += line
        if not shown:
            app.text.draw(canvas, "—", small, (x + 10, y), DIM)
            y += line
        y += line // 3
        # What the rule sets played have: no tute nor capote counted where none
        # was played that has them (nc85 played only boricua, which has neither,
        # and read "tute ×0", "Capotes: 0"); a count already kept still shows.
        played = [VARIANTS[v] for v in p.games if v in VARIANTS] or list(VARIANTS.values())
        kinds = [k for k in DECLARATION_KINDS if k != "tute" or p.declarations.get(k)
                 or any(r.tute is not Tute.NONE for r in played)]
        decl = "   ".join(f"{k} ×{p.declarations.get(k, 0)}" for k in kinds)
        # The person's own (stats.round_result): in pairs, not the partner's too,
        # said where pairs were played (a 2-player club player read "not your
        # partner's" and had none, cold play nc76)
        paired = any(VARIANTS[v].partners for v in p.best if v in VARIANTS)
        # boricua's own word where only boricua was played (nc109 read "Your
        # declarations" beside «Acuso» at the table)
        word = "boricua" if set(p.games) | set(p.best) == {"boricua"} else ""
        said = app.tr(in_variant(word, "stats_declarations" if paired
                                 else "stats_declarations_own"))
        facts = [f"{said}: {decl}"]
        if p.capotes or any(r.capote for r in played):
            facts.append(f"{app.tr('stats_capotes')}: {p.capotes}")
        if p.best:
            best_variant = max(p.best, key=lambda v: p.best[v])
            titles = VARIANT_TITLES.get(app.lang, VARIANT_TITLES["en"])
            title = titles.get(best_variant, best_variant)
            if best_variant in VARIANTS and VARIANTS[best_variant].partners:
                title = app.tr("stats_best_team", variant=title)  # the team's points
            facts.append(f"{app.tr('stats_best')}: {p.best[best_variant]} ({title})")
        c = p.contracts
        if c.played:  # subastado's contracts as the bidder (§12): made, failed, averages
            facts.append(app.tr("stats_contracts", made=c.made, failed=c.failed, n=c.played))
            facts.append("   " + app.tr("stats_contracts_average",
                                        bid=number(app.lang, c.average_bid, 1),
                                        result=number(app.lang, c.average_points, 1)))
        facts.append(f"{app.tr('tournaments')}: {p.tournaments.won}/{p.tournaments.played}")
        if p.undone:  # (none of their results above: said, not left to be wondered at)
            facts.append(app.tr("stats_undone", n=p.undone))
        for text in facts:
            if y + line > box.bottom:
                break
            app.text.draw(canvas, text, small, (x, y), INK)
            y += line

    def _draw_form(self, canvas: Canvas, p: PlayerStats, box: pygame.Rect,
                   fs: int) -> None:
        """The last games, oldest on the left: gold won, red lost, and the
        variant's initial."""
        app = self.app
        small = int(fs * 0.8)
        app.text.draw(canvas, app.tr("stats_form"), fs, (box.left + 12, box.top + 6), GOLD)
        if p.kept:  # the kept rounds can be reviewed with the expert
            app.text.draw(canvas, app.tr("stats_review", n=len(p.kept)), small,
                          (box.right - 12, box.top + 6), INK, anchor="topright")
        size = min(int(box.h * 0.42), int(box.w * 0.74) // RECENT - 6)
        y = box.top + int(fs * 1.5)
        x = box.left + 12
        if not p.recent:  # (a newcomer saw "—" after a round that ended in la vuelta)
            app.text.draw(canvas, fit(app, app.tr("stats_form_none"), small, box.w - 24), small,
                          (x, y), DIM)
            return
        for variant, won in p.recent:
            rect = pygame.Rect(x, y, size, size)
            canvas.rect(WON if won else RED, rect, radius=4)
            app.text.draw(canvas, form_mark(variant), int(size * 0.6), rect.center,
                          (20, 20, 20), anchor="center", bold=True)
            x += size + 6
        wins = sum(1 for _, won in p.recent if won)
        app.text.draw(canvas, app.tr("stats_form_sum", won=wins, n=len(p.recent)), small,
                      (x + 10, y + size // 2), INK, anchor="midleft")
        # what a square says (a newcomer saw "T T" and could not tell)
        legend = fit(app, form_legend(app, [v for v, _ in p.recent]), small, box.w - 24)
        app.text.draw(canvas, legend, small, (box.left + 12, y + size + 4), DIM)


def form_legend(app: Services, variants: list[str]) -> str:
    """The recent form's legend: what a square's colour and letters say, for
    the rule sets among ``variants``."""
    titles = VARIANT_TITLES.get(app.lang, VARIANT_TITLES["en"])
    marks = [f"{form_mark(v)} {titles.get(v, v)}" for v in dict.fromkeys(variants)]
    return app.tr("stats_form_legend", marks=" · ".join(marks))


def form_mark(variant: str) -> str:
    """A variant's mark in the recent form: its initial, or its first two letters
    where another variant shares the initial (corriente "Co", cuatro "Cu")."""
    shared = sum(1 for other in VARIANTS if other[:1] == variant[:1]) > 1
    return variant[:2].capitalize() if shared else variant[:1].upper()
