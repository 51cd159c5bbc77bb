"""Scores that explain themselves: the words and tables the round summary and
the end of a match share. Who won a deal and why, each side's points by
source, the match score in the variant's own words (games to win, the running
total to 101 with buenas and malas, stones, rounds won by a team), la vuelta
said where it happens (RULES §10.1), and the match history, one row per deal.

Not a scene: the scenes that show scores draw with these, so they never
disagree on what a deal meant.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import pygame

from ..engine.auction import points_in_play
from ..engine.events import Next, Outcome, Reason
from ..engine.rules import Scoring
from ..game.match import Match
from ..i18n import in_variant, number, you_form
from .widgets import DIM, GOLD, INK, TEAM_INK

if TYPE_CHECKING:
    from .gfx import Canvas
    from .services import Services

WHY: dict[Reason, str] = {
    Reason.POINTS: "why_points", Reason.REACHED_101: "why_101", Reason.CAPOTE: "why_capote",
    Reason.CAPOTE_FAILED: "why_capote_failed", Reason.TUTE: "why_tute",
    Reason.CLAIM: "why_claim", Reason.FALSE_CLAIM: "why_false_claim",
    Reason.THROW_IN: "why_throw_in", Reason.ALL_PASSED: "why_all_passed",
    Reason.MADE: "why_made", Reason.FAILED: "why_failed", Reason.MADE_EARLY: "why_made_early",
    Reason.FAILED_EARLY: "why_failed_early",
}
"""The catalog key that says why a round ended."""

SCORE_UNITS: Final[dict[Scoring, str]] = {
    Scoring.GAMES_101: "games", Scoring.LOST_ROUNDS: "stones",
    Scoring.WON_ROUNDS: "rounds_won", Scoring.RUNNING_101: "", Scoring.CONTRACT: "",
}
"""The catalog key of what the match score counts, by scoring (the score
panel's last column, the history's)."""

SCORE_WORDS: dict[Scoring, str] = {
    Scoring.GAMES_101: "score_games", Scoring.RUNNING_101: "score_running",
    Scoring.LOST_ROUNDS: "score_stones", Scoring.WON_ROUNDS: "score_rounds",
    Scoring.CONTRACT: "score_contract",
}
"""The catalog key that says what the match score counts, per variant."""

BOARD: tuple[int, int, int] = (14, 30, 22)
"""The summary's card: one solid colour, so nothing of the table shows through."""
EDGE: tuple[int, int, int] = (120, 100, 50)
ROW_SHADE: tuple[int, int, int] = (22, 42, 32)


def first_deal(match: Match) -> int:
    """In la vuelta (§10.1), the number in the match of its game's first deal
    (the round before it), as the summaries and the review number rounds."""
    return len(match.rounds) - 1


def carried_game(outcome: Outcome) -> bool:
    """Whether this deal's points came on top of carried ones (la vuelta, or any
    boricua deal after the first)."""
    return any(s.carried for s in outcome.sides)


def running_text(app: Services, match: Match, total: int) -> str:
    """A running total; in boricua with its buenas or malas too, as the rules
    count them (§10.3, ``Rules.malas_buenas``): "73 (23 buenas)", "51 (1 buena)",
    "49 (49 malas)". The round summary, the end of a match and the table's score
    panel all say it so."""
    rules = match.rules
    if rules.scoring is not Scoring.RUNNING_101:
        return str(total)
    malas, buenas = rules.malas_buenas(total)
    if buenas:
        return f"{total} ({buenas} {app.tr('buena' if buenas == 1 else 'buenas')})"
    return f"{total} ({malas} {app.tr('mala' if malas == 1 else 'malas')})"


def scores_text(parts: Sequence[tuple[str, str]]) -> str:
    """"You: 91 · Bot: 59": names with their numbers (a colon, since a name
    may end in a number itself: "Bot 1: 69")."""
    return "  ·  ".join(f"{name}: {value}" for name, value in parts)


def headline(app: Services, match: Match, outcome: Outcome,
             names: Sequence[str]) -> list[str]:
    """Who won the deal and why, then what that means: the first line is the
    result, the others explain it (la vuelta, the carried points)."""
    why = app.tr(WHY[outcome.reason])
    sides = range(len(outcome.sides))
    if outcome.next is Next.VUELTA:
        carried = scores_text([(names[s], str(outcome.sides[s].running)) for s in sides])
        # More points in the round do not win it (nc106 won a round 67-63 and
        # la vuelta came as a surprise): said where one side had more.
        more = len({o.points for o in outcome.sides}) > 1
        return [app.tr("vuelta_nobody"), *([app.tr("vuelta_not_enough")] if more else []),
                app.tr("vuelta_carry", scores=carried)]
    if match.rules.scoring is Scoring.RUNNING_101 and outcome.reason is Reason.POINTS:
        # boricua (§10.3): a round's points join the running total and nobody
        # wins the round itself (a newcomer read "Winner of the round: You, on
        # points" and wondered what it counted for)
        return [app.tr("vuelta_nobody"), app.tr("running_goes_on")]
    if outcome.winner is None:
        return [app.tr("tie") + (f" ({why})" if why else "")]
    name = names[outcome.winner]
    if outcome.reason is Reason.POINTS and any(
            o.running == outcome.sides[outcome.winner].running
            for s, o in enumerate(outcome.sides) if s != outcome.winner):
        # A tie on points, broken by the later trick (§8, §9, §13): "on points"
        # at 54-54 puzzled a bridge player (cold play nc82).
        why = app.tr("why_points_tie")
    reached = sorted((o.running for o in outcome.sides if o.running >= 101), reverse=True)
    if outcome.reason is Reason.REACHED_101 and len(reached) > 1:
        # Both past 101 at the round's end (§10.1): the higher wins. A casino
        # player on 102 read "by reaching 101" of the other's 108 as the game
        # taken from her (cold play nc104).
        why = app.tr("why_101_both", won=reached[0], lost=reached[1])
    lines = []
    if match.rules.scoring is Scoring.GAMES_101 and outcome.game_winner is not None:
        lines.append(app.tr("game_won", name=name, why=why))
        if carried_game(outcome):
            lines.append(app.tr("vuelta_reached", n=first_deal(match), scores=scores_text([
                (names[s], f"{o.carried} + {o.points} = {o.running}")
                for s, o in enumerate(outcome.sides)])))
    elif match.rules.scoring is Scoring.RUNNING_101 and outcome.reason is Reason.REACHED_101:
        # boricua (§10.3): 101 reached ends the match there, not a round won (nc109
        # read "Winner of the round: Bot" of a round she led 23 to 14)
        lines.append(app.tr("match_won_is", name=name, why=why))
    else:
        lines.append(app.tr("winner_is", name=name, why=why))
    if outcome.reason is Reason.TUTE:  # what a tute is, and why the round stopped
        lines.append(app.tr("tute_explained"))
    return lines


def contract_lines(app: Services, match: Match, outcome: Outcome,
                   seats: Sequence[str]) -> list[str]:
    """subastado's round in words (§12): the contract made or failed, by how
    much, and why the cards left were not played when the round stopped early;
    or that all passed. ``seats``: each seat's name."""
    st = match.state
    a = st.auction
    if outcome.reason is Reason.ALL_PASSED or a is None or a.bidder < 0:
        return [app.tr("sub_all_passed"), app.tr("sub_all_passed_next")]
    name, bid = seats[a.bidder], a.bid
    points = outcome.sides[0].points
    made = outcome.reason in (Reason.MADE, Reason.MADE_EARLY)
    def said(key: str) -> str:  # (the person's own form: "No cumples", not "Tú no cumple")
        return you_form(app.lang, key, name)

    lines = [app.tr(said("sub_made" if made else "sub_failed"), name=name, bid=bid,
                    points=points)]
    left_n = max(h.bit_count() for h in st.hands)  # tricks not played
    left = app.tr("tricks_left_one" if left_n == 1 else "tricks_left", n=left_n)  # (not "1 tricks")
    if outcome.reason is Reason.MADE_EARLY:
        lines.append(app.tr(said("sub_made_early"), name=name, bid=bid, tricks=left))
    elif outcome.reason is Reason.FAILED_EARLY:
        still = points_in_play(list(st.hands), list(st.trick_cards)) + 10
        lines.append(app.tr(said("sub_failed_early"), name=name, bid=bid, tricks=left,
                            still=still))
    return lines


def score_line(app: Services, match: Match, totals: Sequence[int],
               names: Sequence[str]) -> str:
    """The match score in the variant's words ("Games (first to 3): You 1, Bot 0")."""
    rules = match.rules
    parts = [(names[s], running_text(app, match, t)) for s, t in enumerate(totals)]
    key = SCORE_WORDS[rules.scoring]
    if rules.target == 1 and key == "score_games":  # ("quien llegue a 1" read oddly, nc95)
        key = "score_games_one"
    return app.tr(key, target=rules.target, scores=scores_text(parts))


def breakdown(app: Services, match: Match, outcome: Outcome) -> list[tuple[str, list[str], bool]]:
    """Each side's points by source, as (label, a value per side, emphasised):
    cards, diez de últimas, declarations, the deal's total; where points were
    carried in, those and the running total too."""
    sides = outcome.sides
    rows = [
        (app.tr("cards"), [str(s.cards) for s in sides], False),
        (app.tr("diez"), [str(s.diez) for s in sides], False),
        (app.tr(in_variant(match.rules.name, "declarations")),
         [str(s.declarations) for s in sides], False),
        (app.tr("total"), [str(s.points) for s in sides], True),
    ]
    if carried_game(outcome):
        rows.append((app.tr("carried_in"), [str(s.carried) for s in sides], False))
        rows.append((app.tr("running_total"),
                     [running_text(app, match, s.running) for s in sides], True))
    return rows


def history_rows(app: Services, match: Match, names: Sequence[str],
                 brief: bool = False) -> list[list[str]]:
    """One row per finished deal: its number, each side's points (with the
    running total where points carried over), what it decided, the match score.
    In subastado (the sides change every round, §12) each seat's total after
    the deal, and the bid made or failed (the one total that changed).
    ``brief``: the winners said in the fewest words ("Partida: Carmen")."""
    rows = []
    if match.rules.totals_by_seat:
        before = [0] * len(names)
        for i, o in enumerate(match.history):
            changed = [(s, t - before[s]) for s, t in enumerate(o.totals) if t != before[s]]
            result = app.tr("hist_all_passed") if not changed else " ".join(
                f"{names[s]} {number(app.lang, d, 0, sign=True)}" for s, d in changed)
            decided = app.tr("hist_match", name=names[o.match_winner]) \
                if o.match_winner is not None else _leader(app, o.totals, names,
                                                           match.rules.target)
            rows.append([str(i + 1), *(str(t) for t in o.totals), result, decided])
            before = list(o.totals)
        return rows
    for i, o in enumerate(match.history):
        cells = [str(i + 1)]
        for s in o.sides:
            cells.append(f"+{s.points} = {s.running}" if s.carried else str(s.points))
        cells.append(_result(app, match, o, names, brief))
        cells.append("–".join(str(t) for t in o.totals))
        rows.append(cells)
    return rows


def _leader(app: Services, totals: Sequence[int], names: Sequence[str], target: int) -> str:
    """subastado's match column before it is decided (§12: the single highest
    total once one reaches the target): who leads, and the target (a newcomer
    saw the column always empty)."""
    top = max(totals)
    leaders = [names[s] for s, t in enumerate(totals) if t == top]
    if len(leaders) == len(totals) and top == 0:  # ("Empate a 0 de 500" before any
        # round counted read clumsily to a club player, nc96)
        return app.tr("hist_none_yet", target=target)
    if len(leaders) > 1:  # (who is level, named: "Level at 0 of 300" beside a
        # person on -90 read as theirs, cold play nc84)
        return app.tr("hist_level", total=top, target=target, name=app.tr(
            "words_and", first=", ".join(leaders[:-1]), last=leaders[-1]))
    return app.tr("hist_leads", name=leaders[0], total=top, target=target)


def _result(app: Services, match: Match, o: Outcome, names: Sequence[str],
            brief: bool = False) -> str:
    b = "_brief" if brief else ""
    if o.match_winner is not None:
        decided = app.tr("hist_match" + b, name=names[o.match_winner])
        if o.winner is not None and o.winner != o.match_winner:  # tres: fewest stones wins
            return f"{app.tr('hist_round' + b, name=names[o.winner])} · {decided}"
        return decided
    if o.next is Next.VUELTA:
        return app.tr("hist_vuelta")
    if match.rules.scoring is Scoring.RUNNING_101 and o.reason is Reason.POINTS:
        return app.tr("hist_running")
    if o.winner is None:
        return app.tr("hist_thrown")
    if match.rules.scoring is Scoring.GAMES_101:
        return app.tr("hist_game" + b, name=names[o.winner])
    return app.tr("hist_round" + b, name=names[o.winner])


def history_header(app: Services, match: Match, names: Sequence[str]) -> list[str]:
    """The history's column heads: the last one says what the match score
    counts, as the score panel does ("Games", "Lost rounds"; a newcomer read
    "1–1–0" under "Match" as nothing), else "Match"."""
    unit = SCORE_UNITS[match.rules.scoring]
    return [app.tr("hist_deal"), *names, app.tr("hist_result"),
            app.tr(unit).capitalize() if unit else app.tr("match")]


def score_order(app: Services, names: Sequence[str], size: int, width: int) -> str:
    """Whose numbers the history's match score column gives, in its order
    ("Ana–Bot 1–Bot 2"; a newcomer read "1–0–1" under "Lost rounds" without
    knowing whose was whose): the names; where they do not fit ``width``, that
    it is the columns' order (nc107 read "Y–B2–B3–B4" as cryptic), or at
    last their initials ("A–B1–B2"). (Two teams have no such line: their
    colours say it, ``draw_history``.)"""
    return fit_either(app, "–".join(names), "–".join(map(unlevelled, names)),
                      app.tr("hist_order_columns"), "–".join(map(initials, names)),
                      size=size, width=width)


def unlevelled(name: str) -> str:
    """``name`` without a bot's level in brackets ("You + Bot 3 (expert)":
    "You + Bot 3")."""
    return " ".join(w for w in name.split() if not (w.startswith("(") or w.endswith(")"))) \
        or name


def initials(name: str) -> str:
    """A name's first letter a word, its digits and a team's "+" kept, a bot's
    level left out ("Bot 1": "B1"; "You + Bot 3 (expert)": "Y+B3"; a strong
    player read "Y+B3(−B2(+B4(" when the brackets were kept)."""
    words = unlevelled(name).split()
    return "".join(w if w.isdigit() or w == "+" else w[:1].upper() for w in words) \
        or name[:1]


def fit(app: Services, text: str, size: int, width: int) -> str:
    """``text``, shortened with "…" until it is no wider than ``width``."""
    f = app.text.font(size)
    if f.size(text)[0] <= width:
        return text
    while len(text) > 1 and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fit_either(app: Services, text: str, *shorter: str, size: int, width: int) -> str:
    """``text`` where it is no wider than ``width``, else the first of
    ``shorter`` that is, else the last of them cut (``fit``)."""
    font = app.text.font(size)
    for words in (text, *shorter):
        if font.size(words)[0] <= width:
            return words
    return fit(app, (text, *shorter)[-1], size, width)


def draw_history(app: Services, canvas: Canvas, rect: pygame.Rect,
                 match: Match, names: Sequence[str], fs: int) -> None:
    """The match history as a table inside ``rect``: a header, then the latest
    deals that fit (a line says how many earlier ones are left out)."""
    header = history_header(app, match, names)
    rows = history_rows(app, match, names)
    # The same with the bots' levels left out, for a cell its full words do not
    # fit ("Ganador de la mano: Bot 2 (difícil) + Bot 4 (…" at large text, nc78).
    brief = [unlevelled(n) for n in names]
    short_header, short_rows = history_header(app, match, brief), history_rows(app, match, brief)
    # Then the winners in the fewest words ("Ganador de la mano: Nuria · Ganador
    # de la partida: Car…" in tres at the match's end, cold play nc81).
    brief_rows = history_rows(app, match, brief, brief=True)
    step = int(fs * 1.3)
    if not rows or rect.h < 2 * step:
        return
    n = len(names)
    # Deal number | a column per side | result | match score (subastado: a
    # total per seat, and who leads the match, §12, which needs the room)
    if match.rules.totals_by_seat:
        fracs = [0.08] + [0.36 / n] * n + [0.26, 0.30]
    else:
        fracs = [0.08] + [0.44 / n] * n + [0.36, 0.12]
    xs, x = [], rect.left
    for f in fracs:
        xs.append((x, int(rect.w * f)))
        x += int(rect.w * f)
    ordered = not match.rules.totals_by_seat  # the score column's numbers, one a side
    # Two teams: each team's column head and its number in the score column in
    # the team's colour, as at the table, and no line of names under the head
    # ("Manos Rosa–Andrés" read as Rosa against Andrés, nc88; "C+I–B2+B4" as
    # nothing, nc81).
    teams = ordered and bool(match.rules.partners) and n == 2
    room = (rect.h - step * 2) // step  # rows under the head and its second line
    shown = rows
    if len(rows) > room:  # the latest deals, under a line for the earlier ones
        shown = rows[-(room - 1):] if room > 1 else []
    y = rect.top
    small = max(12, int(fs * 0.85))
    for i, ((left, width), text, short) in enumerate(zip(xs, header, short_header,
                                                         strict=True)):
        colour = TEAM_INK[i - 1] if teams and 1 <= i <= n else DIM
        app.text.draw(canvas, fit_either(app, text, short, size=small, width=width - 6), small,
                      (left + width // 2, y), colour, anchor="midtop")
    y += step
    under = int(small * 1.2)  # right under its head, as its second line
    if ordered and not teams:
        left, width = xs[-1]
        app.text.draw(canvas, score_order(app, names, small, width - 6), small,
                      (left + width // 2, y - step + under), DIM, anchor="midtop")
        y += under
    elif not ordered:  # subastado: the seats' columns are totals (a player read them as
        # the round's)
        left, width = xs[1][0], sum(w for _, w in xs[1:1 + n])
        app.text.draw(canvas, fit(app, app.tr("hist_totals"), small, width - 6), small,
                      (left + width // 2, y - step + under), DIM, anchor="midtop")
        y += under
    if len(shown) < len(rows):
        app.text.draw(canvas, app.tr("hist_earlier", n=len(rows) - len(shown)),
                      int(fs * 0.85), (rect.centerx, y), DIM, anchor="midtop")
        y += step
    cut = len(rows) - len(shown)
    for k, (cells, short_cells, brief_cells) in enumerate(zip(
            shown, short_rows[cut:], brief_rows[cut:], strict=True)):
        if k % 2 == 0:
            canvas.rect(ROW_SHADE, (rect.left, y - 2, rect.w, step))
        last = k == len(shown) - 1
        for i, ((left, width), text, short, briefest) in enumerate(zip(
                xs, cells, short_cells, brief_cells, strict=True)):
            if teams and i == len(cells) - 1:  # the score, each number in its team's colour
                parts: list[tuple[str, tuple[int, int, int]]] = []
                for k, score in enumerate(text.split("–")):
                    parts += [("–", GOLD if last else INK)] if k else []
                    parts.append((score, TEAM_INK[k % 2]))
                draw_parts(app, canvas, parts, fs, (left + width // 2, y))
                continue
            app.text.draw(canvas, fit_either(app, text, short, briefest, size=fs,
                                             width=width - 6), fs,
                          (left + width // 2, y), GOLD if last else INK, anchor="midtop")
        y += step


def draw_parts(app: Services, canvas: Canvas, parts: Sequence[tuple[str, tuple[int, int, int]]],
               size: int, midtop: tuple[int, int]) -> None:
    """Words in several colours on one line, centred at ``midtop``."""
    widths = [app.text.width(words, size) for words, _ in parts]
    x = midtop[0] - sum(widths) // 2
    for (words, colour), w in zip(parts, widths, strict=True):
        app.text.draw(canvas, words, size, (x, midtop[1]), colour)
        x += w


def card(canvas: Canvas, rect: pygame.Rect) -> None:
    """An opaque card with a thin gold edge: what is under it never shows."""
    canvas.rect(BOARD, rect, radius=14)
    canvas.rect(EDGE, rect, 2, radius=14)
