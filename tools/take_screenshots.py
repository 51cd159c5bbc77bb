"""Screenshots for docs/screenshots/: every scene at 1280x720 in Spanish and
English, and the table of each variant at 1920x1080 in Spanish
(``name-lang-WxH.png``); ``--all`` adds every variant's table and every lesson.

    python tools/take_screenshots.py [--out docs/screenshots] [--lang es|en|both]
                                     [--pixel-ratio 2]

``--pixel-ratio R`` paints R pixels a point, as on a Retina display: the same
layout in pictures R times larger (``name-lang-WxH@Rx.png``, WxH in points).

Drives the real scenes headless (dummy video driver), with bots run inline and
time advanced by hand, so the pictures are the same on every run.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tute_desktop.app import App, parse_args  # noqa: E402
from tute_desktop.bots import Budget  # noqa: E402
from tute_desktop.engine.actions import Action  # noqa: E402
from tute_desktop.engine.events import Ask, Next  # noqa: E402
from tute_desktop.engine.rules import VARIANTS as OFFERED  # noqa: E402
from tute_desktop.game.match import Match, Seat  # noqa: E402
from tute_desktop.game.stats import Stats, round_result  # noqa: E402
from tute_desktop.game.tournament import Participant, Tournament  # noqa: E402
from tute_desktop.ui import intents as I  # noqa: E402
from tute_desktop.ui.about import AboutScene  # noqa: E402
from tute_desktop.ui.lesson import LessonListScene, LessonOfferScene, LessonScene  # noqa: E402
from tute_desktop.ui.match_end import MatchEndScene, ReplaceSaveScene  # noqa: E402
from tute_desktop.ui.review import ReviewScene  # noqa: E402
from tute_desktop.ui.scenes import (  # noqa: E402
    PRIVACY_QUIET,
    NewGameScene,
    PrivacyScene,
    RulesScene,
    SettingsScene,
    SummaryScene,
    TitleScene,
)
from tute_desktop.ui.services import Thinking  # noqa: E402
from tute_desktop.ui.statistics import StatisticsScene  # noqa: E402
from tute_desktop.ui.table import InlineExecutor, TableScene  # noqa: E402
from tute_desktop.ui.tournament import BracketScene, TournamentSetupScene  # noqa: E402

VARIANTS = tuple(OFFERED)


def run(app: App, frames: int, dt: float = 0.1) -> None:
    for _ in range(frames):
        if app.top is None:
            return
        app.top.update(dt)


def save(app: App, out: Path, name: str) -> None:
    for scene in app.stack:
        scene.for_picture()
    w, h = app.size
    ratio = app.args.pixel_ratio or 1
    density = "" if ratio == 1 else f"@{ratio:g}x"
    pygame.image.save(app.picture(), str(out / f"{name}-{w}x{h}{density}.png"))


def table_until(app: App, variant: str, seed: int, want: str) -> TableScene:
    """A table with a person at seat 0 (played by the expert's hint logic: first
    legal play), advanced until ``want``: 'play' (mid-round), 'banner', 'summary'."""
    n = OFFERED[variant].players
    seats = [Seat("Ana")] + [Seat(f"Bot {i}", "medium") for i in range(1, n)]
    table = TableScene(app, Match(variant, seats, seed=seed))
    app.reset_to(table)
    for _ in range(4000):
        top = app.top
        if want == "summary" and isinstance(top, SummaryScene):
            run(app, 15)
            return table
        if want == "banner" and table.banner is not None and table.banner[1] > 0.5:
            return table
        if top is table and table.human_turn():
            st = table.match.state
            if want == "play" and st.tricks_played >= 3:
                run(app, 5)
                return table
            acts = st.legal_actions()
            specials = [a for a in acts if a.kind in ("sing", "swap")]
            plays = [a for a in acts if a.kind == "play"]
            choice = specials[0] if specials else (plays[0] if plays else (
                acts[0] if st.ask is Ask.BID else acts[-1]))  # (subastado: Ana passes)
            table.act(choice)
        run(app, 1)
    return table


def privacy_midround(app: App) -> None:
    """Two people at habanero: run until the privacy screen stands between them
    with a few tricks played."""
    table = TableScene(app, Match("habanero", [Seat("Ana"), Seat("Luis")], seed=6))
    app.reset_to(table)
    for _ in range(4000):
        top = app.top
        if isinstance(top, PrivacyScene):
            if table.match.state.tricks_played >= 3:
                run(app, 25)  # (past its quiet moment: the button on)
                return
            show_hand(app)
        elif table.human_turn():
            acts = table.match.state.legal_actions()
            plays = [a for a in acts if a.kind == "play"]
            table.act(plays[-1] if plays else acts[-1])
        run(app, 1)


def sample_tournament() -> Tournament:
    """Five players halfway through: a quarter-final and a semi-final decided."""
    t = Tournament.draw([Participant("Ana"), Participant("Luis"), Participant("Bot medio 3",
                         "medium"), Participant("Bot difícil 4", "hard"),
                         Participant("Bot fácil 5", "easy")], seed=11, speed=4.0)
    for score in ((101, 74), (88, 103)):
        nxt = t.next_match()
        assert nxt is not None
        p = t.rounds[nxt[0]][nxt[1]]
        t.record(nxt[0], nxt[1], p.a if score[0] > score[1] else p.b, score)  # type: ignore[arg-type]
    return t


def spectated_match(app: App) -> None:
    t = Tournament.draw([Participant("Bot medio 1", "medium"),
                         Participant("Bot difícil 2", "hard")], seed=4, speed=4.0)
    bracket = BracketScene(app, t)
    app.reset_to(bracket)
    bracket.play()
    table = app.top
    assert isinstance(table, TableScene)
    for _ in range(3000):
        st = table.match.state
        if st.tricks_played >= 4 and len(table.board.trick) == 1 and table.current is None:
            break
        run(app, 1)


def sample_stats(app: App) -> None:
    """Statistics from random matches, as if Ana and Luis had played for a while."""
    rng = random.Random(1)
    app.stats = Stats()
    for seed in range(18):
        v = VARIANTS[seed % len(VARIANTS)]
        n = OFFERED[v].players
        seats = [Seat("Ana")] + [Seat(f"B{i}", ("easy", "medium", "hard")[(seed + i) % 3])
                                 for i in range(1, n)]
        if n == 4:
            seats[1] = Seat("Luis")
        m = Match(v, seats, seed=seed)
        for _ in range(8):
            while m.state.phase == "play":
                m.apply(rng.choice(m.state.legal_actions()))
            app.stats.record_round(round_result(m))
            if m.state.phase == "match_over":
                break
            m.next_round()
    if "subastado" not in OFFERED:  # its contracts too (§12), until New game offers it
        for seed in range(3):
            m = Match("subastado", [Seat("Ana"), Seat("B1", "easy"), Seat("B2", "hard")],
                      seed=seed)
            for _ in range(5):
                while m.state.phase == "play":
                    legal = m.state.legal_actions()
                    bidding = m.state.auction is not None and m.state.auction.trump < 0
                    m.apply(rng.choice(legal[:3] if bidding else legal))  # pass, or low bids
                app.stats.record_round(round_result(m))
                if m.state.phase == "match_over":
                    break
                m.next_round()
    app.stats.record_tournament(["Ana", "Luis"], "Ana")


def finished(variant: str, seed: int, until: Callable[[Match], bool]) -> Match:
    """A match of medium-less random play (fast) dealt on until ``until`` holds
    after a round, or the match is over."""
    rng = random.Random(seed)
    n = OFFERED[variant].players
    m = Match(variant, [Seat("Ana")] + [Seat(f"Bot {i}", "medium") for i in range(1, n)],
              seed=seed)
    while True:
        while m.state.phase == "play":
            m.apply(rng.choice(m.state.legal_actions()))
        if until(m) or m.state.phase == "match_over":
            return m
        m.next_round()


def summary_of(app: App, m: Match) -> None:
    table = TableScene(app, m)
    app.reset_to(table)
    app.push(SummaryScene(app, table))


def vuelta(app: App) -> None:
    """The summary where la vuelta begins: nobody reached 101."""
    for seed in range(200):
        m = finished("habanero", seed, lambda m: m.state.outcome.next is Next.VUELTA)
        if m.state.outcome.next is Next.VUELTA and len(m.history) >= 2:
            summary_of(app, m)
            return


def match_end(app: App) -> None:
    m = finished("habanero", 7, lambda m: False)
    table = TableScene(app, m)
    app.reset_to(MatchEndScene(app, m, [table.side_name(s) for s in range(2)]))


def callout(app: App) -> None:
    """A trick complete on the table: its winner named with the points."""
    table = table_until(app, "habanero", 2, "play")
    for _ in range(400):
        if table.hud.callout is not None:
            run(app, 4)
            return
        if table.human_turn():
            table.act(next(a for a in table.match.state.legal_actions() if a.kind == "play"))
        run(app, 1, 0.05)


def subastado_table(app: App, seed: int = 1) -> TableScene:
    """A subastado table, Ana against two medium bots."""
    seats = [Seat("Ana")] + [Seat(f"Bot {i}", "medium") for i in (1, 2)]
    table = TableScene(app, Match("subastado", seats, seed=seed))
    app.reset_to(table)
    return table


def subastado(app: App, shot: Callable[[str], None]) -> None:
    """Tute subastado (RULES §12): a bot's bid as it comes, the person to bid
    (the stepper moved up), the person naming trump, the trump named, play with
    the contract on the score panel, and the summary of a round that stopped
    early (made or failed before the last trick)."""
    table = subastado_table(app)
    for _ in range(400):  # a bot's bid on show as it comes
        step = table.controller.current
        if step is not None and step.kind == "bid" and step.started:
            run(app, 2)
            shot("subastado-bot-bid")
            break
        run(app, 1)
    for _ in range(40):  # Ana outbids the bots until she wins the auction
        for _ in range(400):
            if table.human_turn():
                break
            run(app, 1)
        st = table.match.state
        if st.ask is not Ask.BID:
            break
        app.dispatch(I.Intent(I.RIGHT))
        app.dispatch(I.Intent(I.RIGHT))
        run(app, 1)
        if not any(seat == 0 for seat, _ in table.match.rounds[-1].actions):
            shot("subastado-bid")  # her first bid, the stepper moved up by 10
        app.dispatch(I.Intent(I.CONFIRM))
        run(app, 1)
    shot("subastado-trump")
    app.dispatch(I.Intent(I.NUMBER, value=1))
    for _ in range(20):
        run(app, 1)
        if table.banner is not None:
            break
    shot("subastado-trump-named")
    for _ in range(4000):  # three tricks in: the contract on the score panel
        if table.human_turn():
            st = table.match.state
            if st.tricks_played >= 3:
                run(app, 5)
                break
            acts = st.legal_actions()
            specials = [a for a in acts if a.kind == "sing"]
            plays = [a for a in acts if a.kind == "play"]
            table.act(specials[0] if specials else plays[0])
        run(app, 1)
    shot("subastado-play")
    bot_trump = False
    for seed in range(1, 20):  # a round that stopped before its last trick
        table = subastado_table(app, seed)
        for _ in range(4000):
            top = app.top
            if isinstance(top, SummaryScene):
                break
            step = table.controller.current
            if not bot_trump and step is not None and step.kind == "trump" and step.started \
                    and step.event is not None and getattr(step.event, "seat", 0) != 0:
                bot_trump = True  # a bot named trump: its banner, the mark
                shot("subastado-bot-trump")
            if top is table and table.human_turn():
                acts = table.match.state.legal_actions()
                plays = [a for a in acts if a.kind == "play"]
                table.act(plays[0] if plays else acts[0])
            run(app, 1)
        outcome = table.match.state.outcome
        if outcome is not None and str(outcome.reason).endswith("_early"):
            run(app, 15)
            shot("subastado-early-end")
            return


def subastado_hot_seat(app: App, shot: Callable[[str], None]) -> None:
    """Ana and Luis sharing the screen with a bot (§12): the privacy screen
    before Luis's bid after Ana's and his first view after it, then the screen
    before his first card and his view then (from the next person's chair)."""
    seats = [Seat("Ana"), Seat("Luis"), Seat("Bot", "medium")]
    table = TableScene(app, Match("subastado", seats, seed=4))
    app.reset_to(table)
    bid_seen = play_seen = False
    for _ in range(4000):
        top = app.top
        st = table.match.state
        if isinstance(top, PrivacyScene):
            run(app, 3)
            bidding = st.ask is Ask.BID
            spoke = any(seat == 0 for seat, _ in table.match.rounds[-1].actions)
            if top.seat == 1 and (bidding and spoke and not bid_seen
                                  or not bidding and st.trump >= 0 and not play_seen):
                name = "bid" if bidding else "play"
                shot(f"subastado-hotseat-{name}-privacy")
                show_hand(app)
                run(app, 10)
                shot(f"subastado-hotseat-{name}-view")
                bid_seen, play_seen = bid_seen or bidding, play_seen or not bidding
                if bid_seen and play_seen:
                    return
                continue
            show_hand(app)
        elif table.human_turn():
            if st.ask is Ask.TRUMP:
                app.dispatch(I.Intent(I.NUMBER, value=1))
            elif st.ask is Ask.BID:  # each bids the lowest once, then passes
                mine = [a for s, a in table.match.rounds[-1].actions if s == st.to_act]
                app.dispatch(I.Intent(I.KEY, char=app.tr("key.pass")) if mine
                             else I.Intent(I.CONFIRM))
            else:
                acts = st.legal_actions()
                plays = [a for a in acts if a.kind == "play"]
                table.act(plays[0] if plays else acts[0])
        run(app, 1)


def lesson_at(app: App, name: str, step: int) -> LessonScene:
    """Lesson ``name`` opened at ``step`` (the coach takes the steps before it)."""
    lesson = LessonScene(app, lesson=name, start=step)
    app.reset_to(lesson)
    return lesson


def subastado_lesson(app: App, shot: Callable[[str], None]) -> None:
    """Subastado's lesson (§12): the auction with the table's own controls (the
    stepper moved past the lesson's bid, Enter: the coach's words), and the
    naming of trump by a suit's button."""
    lesson_at(app, "subastado", 1)
    shot("lesson-subastado-bid")
    app.dispatch(I.Intent(I.RIGHT))
    app.dispatch(I.Intent(I.CONFIRM))  # 65: legal, not the lesson's
    shot("lesson-subastado-auction")
    lesson_at(app, "subastado", 3)
    shot("lesson-subastado-trumps")


def lessons(app: App, shot: Callable[[str], None], every: bool) -> None:
    """The offer, the list, the coach speaking and pointing, a wrong action
    explained (the engine's refusal, and the coach's own words), each variant."""
    app.reset_to(TitleScene(app))
    app.push(LessonOfferScene(app))
    shot("lesson-offer")
    kept = app.settings
    app.settings = kept.with_(lessons_done=["cards", "tricks"], lesson_at="cantes",
                              lesson_step=3)
    app.reset_to(LessonListScene(app))
    shot("lessons")
    app.settings = kept
    lesson_at(app, "cards", 2)
    shot("lesson-cards-points")
    lesson = lesson_at(app, "tricks", 1)
    lesson.act(Action.parse("play 1e"))  # not a trump: refused, arrastre
    shot("lesson-refused")
    subastado_lesson(app, shot)
    if not every:
        return
    lesson = lesson_at(app, "cantes", 5)
    lesson.act(Action.parse("sing 20 c"))  # legal, but not the lesson's
    shot("lesson-wrong")
    for name, step in (("round", 5), ("corriente", 5), ("boricua", 3), ("tres", 1),
                       ("parejas", 3), ("cuatro", 2), ("subastado", 6)):
        lesson_at(app, name, step)
        shot(f"lesson-{name}")
    lesson_at(app, "parejas", 4)  # the partner's declaration, by its seat (§9)
    shot("lesson-parejas-declared")
    lesson = lesson_at(app, "subastado", 9)  # the early end: the contract decided (§12)
    shot("lesson-subastado-end")


def scenes(app: App, out: Path, lang: str, every: bool, only: str = "") -> None:
    """Every scene at the window's size (``every``: each variant's table and each
    lesson too, not only habanero's and the first ones; ``only`` "subastado":
    subastado's scenes alone)."""
    def shot(name: str) -> None:
        save(app, out, f"{name}-{lang}")

    if only == "subastado":
        subastado(app, shot)
        subastado_lesson(app, shot)
        subastado_hot_seat(app, shot)
        return

    app.push(TitleScene(app))
    shot("title")
    app.dispatch(I.Intent(I.BACK))  # Esc on the title: the Quit question
    shot("quit-question")
    app.reset_to(TitleScene(app))
    app.reset_to(NewGameScene(app))
    shot("new-game")
    app.push(ReplaceSaveScene(app, Match("corriente", [Seat("Ana"), Seat("Bot", "medium")],
                                         seed=3).to_json(), lambda: None))
    shot("replace-save")
    app.reset_to(SettingsScene(app))
    shot("settings")
    app.reset_to(RulesScene(app, "habanero"))
    shot("rules")
    app.reset_to(AboutScene(app))
    shot("about")
    for variant in VARIANTS if every else ("habanero",):
        table_until(app, variant, 2, "play")
        shot(f"table-{variant}")
    table_until(app, "habanero", 1, "banner")
    shot("declaration")
    callout(app)
    shot("trick-callout")
    table_until(app, "habanero", 2, "play")
    app.dispatch(I.Intent(I.KEY, char=app.tr("key.last_trick")))
    shot("last-trick")
    table_until(app, "corriente", 2, "play")
    app.dispatch(I.Intent(I.KEY, char=app.tr("key.chronicle")))
    shot("chronicle")
    table_until(app, "tres", 2, "play")
    app.dispatch(I.Intent(I.BACK))
    shot("menu")
    table = table_until(app, "habanero", 3, "summary")
    shot("summary")
    if every:  # four players, each alone (RULES §13): a row and a piedra each
        table_until(app, "cuatro", 3, "summary")
        shot("summary-cuatro")
    app.nav.push("review", rounds=[(table.match.to_json(), 0)],
                 names=[table.name(s) for s in range(2)])
    run(app, 5)
    for _ in range(6):
        app.dispatch(I.Intent(I.RIGHT))
    run(app, 2)
    shot("review")
    app.dispatch(I.Intent(I.KEY, char=app.tr("key.review_next_mistake")))
    run(app, 2)
    shot("review-mistake")
    review = app.top
    assert isinstance(review, ReviewScene)
    review.go(len(review.log))  # the round's end: its total, the largest mistakes named
    run(app, 2)
    shot("review-total")
    vuelta(app)
    shot("summary-vuelta")
    match_end(app)
    shot("match-end")
    privacy_midround(app)
    shot("privacy")
    app.reset_to(TournamentSetupScene(app))
    shot("tournament-setup")
    app.reset_to(BracketScene(app, sample_tournament()))
    shot("bracket")
    spectated_match(app)
    shot("tournament-match")
    sample_stats(app)
    app.reset_to(StatisticsScene(app))
    shot("statistics")
    lessons(app, shot, every)


def show_hand(app: App) -> None:
    """On a privacy screen: a quiet moment, then its own key (the table's Enter
    does not show a hand there)."""
    top = app.top
    assert isinstance(top, PrivacyScene)
    top.update(PRIVACY_QUIET)
    app.dispatch(I.Intent(I.KEY, char=app.tr("key.privacy_show")))


def window(size: str, lang: str, thinking: Thinking, ratio: float = 1,
           text_size: str = "normal") -> App:
    app = App(parse_args(["--size", size, "--speed", "3", "--pixel-ratio", f"{ratio:g}"]))
    app.thinking = thinking
    app.settings = app.settings.with_(language=lang, text_size=text_size)
    return app


def close(app: App) -> None:
    while app.stack:
        app.stack.pop().exit()
    app.screen.close()  # the next language's App opens its own window


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    p.add_argument("--lang", choices=("es", "en", "both"), default="both",
                   help="the players' language (default both)")
    p.add_argument("--all", action="store_true",
                   help="also each variant's table and every lesson at 1280x720, and the"
                        " 1920x1080 tables in every language (docs/screenshots keeps"
                        " the smaller set)")
    p.add_argument("--pixel-ratio", type=float, default=1, metavar="R",
                   help="R pixels a point (the game's --pixel-ratio): pictures R times"
                        " larger, the same layout")
    p.add_argument("--size", default="1280x720", metavar="WxH",
                   help="the window for every scene (default 1280x720)")
    p.add_argument("--text-size", choices=("normal", "large"), default="normal",
                   help="the settings' text size (default normal)")
    p.add_argument("--only", choices=("subastado",), default="",
                   help="only these scenes (subastado: its auction, trump, play and early"
                        " end, its lesson, and the hot-seat chairs), at --size only")
    args = p.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    # Bots think on the calling thread, for a fixed number of worlds, not for a
    # time: the same pictures on every machine (a 100 ms search depends on the
    # CPU's speed).
    thinking = Thinking(executor=InlineExecutor, bot_budget=Budget(iterations=12),
                        hint_budget=Budget(iterations=40))
    langs = ("es", "en") if args.lang == "both" else (args.lang,)
    # A fixed home (one per language, so two runs can go at once): the About
    # screen shows its path, and a random temporary name would change that picture.
    home = Path(tempfile.gettempdir()) / f"tute-screenshots-{args.lang}"
    shutil.rmtree(home, ignore_errors=True)
    os.environ["TUTE_HOME"] = str(home)
    try:
        for lang in langs:
            # Every scene at 1280x720; the table of each variant at 1920x1080 too.
            app = window(args.size, lang, thinking, args.pixel_ratio, args.text_size)
            scenes(app, args.out, lang, args.all, args.only)
            close(app)
            if args.only or lang != langs[0] and not args.all:
                continue  # the 1920x1080 tables in the first language only
            app = window("1920x1080", lang, thinking, args.pixel_ratio, args.text_size)
            for variant in VARIANTS:
                table_until(app, variant, 2, "play")
                save(app, args.out, f"table-{variant}-{lang}")
            close(app)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    print(f"screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
