"""A monkey for the game window: random inputs, thousands of them, through the
real ``App`` (headless), across every scene, looking for anything that breaks.

    python benchmarks/monkey.py [--inputs 10000] [--seed 1] [--stop] [--report-rss]

Each input is an intent handed to ``app.dispatch`` (what a key, a click, a typed
letter, F11, a resize or closing the window becomes), followed by a few frames of
``app.top.update(dt)`` and ``app.draw_frame()``; time is advanced by hand and bots
think inline on a fixed budget, so nothing sleeps and a seed replays the same run.
The inputs: typed text (accents, emoji, control characters, lone surrogates,
long strings, names of bots), Backspace, every letter (``q`` too), digits,
arrows, Enter, Escape, F1, Ctrl+Z, the wheel, F11, window close, pointer moves,
presses and releases at random points and on the scene's buttons, rows and
cards, and resizes from 0x0 to 4K and beyond.

To reach every scene the run is cut into episodes: each begins in a scene set up
through the navigator (the title screen, a new game with people and bots,
settings, rules, statistics, a table of each variant with random seats, a
hot-seat table, a round or a match about to end, with random house rules,
tournament setup, a bracket, a tournament match, a final about to end, a message
box, a relaunch with --continue) and goes on with random inputs, which lead
anywhere. A share of the inputs play along (a legal card, Enter on a privacy
screen or a summary, a name typed and Start) so rounds end, summaries show and
typed names reach the table, the bracket, the saves and the statistics. New
matches' and tournaments' seeds come from the run's seed too.

After every input the monkey checks: nothing raised; while the app runs its
stack is not empty; drawing works; at a hot-seat table no card is face up in a
hand but the hand of the person looking, and theirs only while their turn lasts
(declared cards and parejas' turned-up trump excepted; ``hand_leaks``), and none
at all while the privacy screen is up or at a watched match. When the window is
closed (QUIT, the title's Quit once its question is answered, OK on a quitting
message) the app must stop cleanly: ``App.run`` returns 0 at once, every scene
exits, pygame quits; then a new app starts and the monkey goes on.

It prints inputs per second, the scenes visited, and every failure with the seed
and the input number that reproduce it; with ``--report-rss``, the resident
memory every 1,000 inputs (printed as it goes, with the window's size and scene)
and after the last one (the app still open), and the highest it reached (issue
27: at most 400 MB after 20,000 inputs, seed 8675309).
tests/test_ui.py runs a short monkey (a few hundred inputs) in the suite.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tute_desktop.app import App, first_scene, parse_args  # noqa: E402
from tute_desktop.bots import LEVELS, Budget  # noqa: E402
from tute_desktop.bots.bidding import auction_action  # noqa: E402
from tute_desktop.engine.rules import OPTIONS, VARIANTS, Scoring  # noqa: E402
from tute_desktop.game.match import Match, RoundLog, Seat  # noqa: E402
from tute_desktop.game.tournament import SPEEDS, Participant, Tournament  # noqa: E402
from tute_desktop.ui import intents as I  # noqa: E402
from tute_desktop.ui.registry import SCENES, scene_class  # noqa: E402
from tute_desktop.ui.scene import Scene  # noqa: E402
from tute_desktop.ui.scenes import NewGameScene, PrivacyScene  # noqa: E402
from tute_desktop.ui.services import Thinking  # noqa: E402
from tute_desktop.ui.table import InlineExecutor, TableScene  # noqa: E402
from tute_desktop.ui.tournament import TournamentSetupScene  # noqa: E402
from tute_desktop.ui.widgets import ButtonSet  # noqa: E402

SCENARIOS = (
    "title", "new_game", "settings", "rules", "statistics", "message", "about",
    *(f"table:{v}" for v in VARIANTS), "hot_seat", "round_end", "round_end",
    "tournament_setup", "bracket", "tournament_match", "tournament_final", "continue",
)
"""Where an episode begins (a round about to end twice as often: summaries)."""

REQUIRED = frozenset({
    "title", "new_game", "settings", "rules", "statistics", "message", "about",
    *(f"table:{v}" for v in VARIANTS), "hot_seat", "privacy", "summary",
    "tournament_setup", "bracket", "tournament_match",
})
"""Every scene a run must have visited (labels of ``label``)."""

TEXTS = (
    "a", "Z", "ñ", "é", "Ü", "ß", "7", " ", "  ", "日本", "😀", "\u0301", "\ufffd",
    "\x00", "\n", "\t", "\x1b", "\x7f", "\u200b", "\u202e", "\ud800", "\udfff",
    "\U0010ffff", "{name}", "{}", "%s", "\\", "Ana", "ana", "ANA", "You", "Tú",
    "Bot fácil 2", "Bot medium 2", "Bot 2", "x" * 40, "Lucía " * 5,
)
"""Typed text: what a keyboard, an input method or a paste may give, and worse."""

SIZES = ((0, 0), (1, 1), (40, 30), (320, 200), (959, 539), (960, 540), (1024, 768),
         (1280, 720), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160),
         (20000, 300), (300, 20000), (65535, 65535))
"""Window sizes a resize may report. Those past ``WINDOW_LIMIT`` pixels are only
reported (the dummy window is not made that big: gigabytes of pixels). In full
screen a size from 320x200 up stands for a display of that size."""
WINDOW_LIMIT = 3840 * 2160

TICK = "tick"
"""Not an intent: no input for a while (time passes, bots play, animations end)."""

BOT_BUDGET = Budget(iterations=3)
"""Bots think on a fixed number of worlds: quick, and the same on every run."""
HINT_BUDGET = Budget(iterations=6)


@dataclass
class Failure:
    """Something broke: what, where, and how to get there again."""

    seed: int
    step: int
    """The input number (from 1) after which it broke."""
    scenario: str
    intent: str
    scene: str
    trace: str

    def __str__(self) -> str:
        return (f"seed {self.seed}, input {self.step} ({self.intent}) in {self.scene}, "
                f"episode {self.scenario}; reproduce with "
                f"python benchmarks/monkey.py --seed {self.seed} --inputs {self.step} --stop\n"
                f"{self.trace}")


@dataclass
class Report:
    seed: int
    inputs: int = 0
    seconds: float = 0.0
    visited: Counter[str] = field(default_factory=Counter)
    lives: int = 1
    """Apps started (one more after each close)."""
    episodes: int = 0
    failures: list[Failure] = field(default_factory=list)
    rss: list[tuple[int, float]] = field(default_factory=list)
    """(inputs so far, resident MB), with ``--report-rss``."""

    @property
    def per_second(self) -> float:
        return self.inputs / self.seconds if self.seconds else 0.0

    @property
    def missing(self) -> list[str]:
        return sorted(REQUIRED - set(self.visited))

    def summary(self) -> str:
        lines = [f"seed {self.seed}: {self.inputs} inputs in {self.seconds:.1f} s "
                 f"({self.per_second:.0f} inputs/s), {self.episodes} episodes, "
                 f"{self.lives} app starts, {len(self.failures)} failures",
                 "scenes visited (inputs that ended there):"]
        lines += [f"  {name:18} {n}" for name, n in sorted(self.visited.items())]
        if self.missing:
            lines.append(f"never visited: {', '.join(self.missing)}")
        if self.rss:
            lines.append("resident memory (MB) after each 1,000 inputs: " + ", ".join(
                f"{n}: {mb:.0f}" for n, mb in self.rss))
            lines.append(f"resident after the last input: {self.rss[-1][1]:.0f} MB; "
                         f"at most: {peak_rss_mb():.0f} MB")
        lines += [f"FAILURE {f}" for f in self.failures]
        return "\n".join(lines)


def _status_mb(field_name: str) -> float:
    """A figure of /proc/self/status (``VmRSS``, ``VmHWM``) in MB; 0 if unknown."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith(field_name + ":"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def rss_mb() -> float:
    """This process's resident memory now (Linux), in MB."""
    return _status_mb("VmRSS")


def peak_rss_mb() -> float:
    """The most this process's resident memory has been (Linux), in MB."""
    return _status_mb("VmHWM")


class InvariantBroken(AssertionError):
    """A rule the window must keep did not hold."""


_NAMES: dict[object, str] = {scene_class(name): name for name in SCENES}


def label(scene: Scene | None) -> str:
    """The scene's name in the registry ("title", "privacy"...); a table is
    "table:<variant>", or "hot_seat", or "tournament_match"."""
    if isinstance(scene, TableScene):
        if scene.on_match_over is not None:
            return "tournament_match"
        if scene.hot_seat:
            return "hot_seat"
        return f"table:{scene.match.variant}"
    return _NAMES.get(type(scene), type(scene).__name__)


def hand_leaks(table: TableScene) -> list[tuple[int, int]]:
    """(seat, card) for each card the table shows face up in a hand it must not
    be (``TableScene.hands_shown``): at a hot-seat table any hand but that of the
    person looking, and theirs too while a privacy screen waits or once their
    turn has ended; at a watched match any hand at all. Declared cards, raised
    for everyone, and parejas' turned-up trump card in the dealer's hand are
    public."""
    if not (table.hot_seat or table.spectate):
        return []
    shown = table.hands_shown()
    looking = shown.viewer
    if not table.hot_seat or shown.waiting_for is not None \
            or looking != table.match.to_act:
        looking = None
    return [(seat, card) for seat, up in enumerate(shown.face_up)
            for card in sorted(up - shown.public) if seat != looking]


def check(app: App) -> None:
    """The invariants that must hold after every input."""
    if app.running and not app.stack:
        raise InvariantBroken("the app runs with no scene")
    for i, scene in enumerate(app.stack):
        if not isinstance(scene, TableScene):
            continue
        leaks = hand_leaks(scene)
        if leaks:
            raise InvariantBroken(f"hands shown to the wrong person: {leaks}")
        above = app.stack[i + 1:]
        if any(isinstance(s, PrivacyScene) for s in above) and (
                scene.confirmed is not None or scene.face_up_seats):
            raise InvariantBroken("a hand is face up behind the privacy screen")
        if scene.hot_seat and scene.confirmed is not None \
                and not scene.match.seats[scene.confirmed].is_human:
            raise InvariantBroken("a bot's hand is shown as a person's")


@contextlib.contextmanager
def seeded_system_random(rng: random.Random) -> Iterator[None]:
    """``random.SystemRandom`` (new matches' and tournaments' seeds) drawn from
    ``rng`` for the run, so a seed replays it."""
    real = random.SystemRandom
    random.SystemRandom = lambda *a: random.Random(rng.randrange(1 << 62))  # type: ignore[assignment,misc]
    try:
        yield
    finally:
        random.SystemRandom = real  # type: ignore[misc]


class Monkey:
    """One seeded run against a fresh app in ``home`` (``TUTE_HOME`` is set
    there for the run)."""

    def __init__(self, seed: int, home: Path, episode: tuple[int, int] = (8, 40),
                 report_rss: bool = False) -> None:
        """``episode``: the least and most inputs an episode lasts; ``report_rss``:
        note the resident memory every 1,000 inputs and after the last."""
        self.report_rss = report_rss
        self.seed = seed
        self.episode = episode
        self.rng = random.Random(seed)
        self.home = home
        self.report = Report(seed)
        self.app: App | None = None
        self.scenario = "start"
        self.order: list[str] = []

    # ------------------------------------------------------------------ the app
    def start(self, argv: list[str] | None = None) -> App:
        app = App(parse_args(["--speed", "4", *(argv or [])]))
        app.thinking = Thinking(executor=InlineExecutor, bot_budget=BOT_BUDGET,
                                hint_budget=HINT_BUDGET)
        app.push(first_scene(app))
        self.app = app
        return app

    def stop(self, app: App) -> None:
        """The window was closed: the loop ends at once (``App.run`` returns 0, as
        in ``main``), every scene is closed (each one's ``exit`` runs) and pygame
        quits, as ``main`` ends."""
        if app.run() != 0:
            raise InvariantBroken("App.run did not return 0 after the window closed")
        app.nav.close_all()
        app.screen.close()  # its textures go with its renderer, before pygame quits
        pygame.quit()
        self.app = None

    def relaunch(self, argv: list[str] | None = None) -> App:
        if self.app is not None:
            self.app.quit()
            self.stop(self.app)
        self.report.lives += 1
        return self.start(argv)

    def _abandon(self) -> None:
        """After a failure: drop the app whatever state it is in."""
        app, self.app = self.app, None
        if app is not None:
            with contextlib.suppress(Exception):
                app.nav.close_all()
            with contextlib.suppress(Exception):
                app.screen.close()
        with contextlib.suppress(Exception):
            pygame.quit()

    # ------------------------------------------------------------------ the run
    def run(self, inputs: int, stop_on_failure: bool = False) -> Report:
        old_home = os.environ.get("TUTE_HOME")
        os.environ["TUTE_HOME"] = str(self.home)
        t0 = time.perf_counter()
        try:
            with seeded_system_random(self.rng):
                self._run(inputs, stop_on_failure)
        finally:
            self._abandon()
            self.report.seconds = time.perf_counter() - t0
            if old_home is None:
                os.environ.pop("TUTE_HOME", None)
            else:
                os.environ["TUTE_HOME"] = old_home
        return self.report

    def _run(self, inputs: int, stop_on_failure: bool) -> None:
        report = self.report
        left = 0
        step = 0
        stalled = 0  # failures in a row before any input: an app that cannot start
        while step < inputs and stalled < 3:
            what = "starting"
            try:
                if self.app is None:
                    self.start()
                    left = 0
                app = self.app
                assert app is not None
                if left <= 0:
                    what = "setting up"
                    self.begin_episode(app)
                    app = self.app
                    assert app is not None
                    left = self.rng.randint(*self.episode)
                    check(app)
                    report.visited[label(app.top)] += 1  # where the episode begins
                step += 1
                left -= 1
                stalled = 0
                intent = self.next_intent(app)
                what = describe(intent)
                self.apply(app, intent)
                report.inputs = step
                if self.report_rss and (step % 1000 == 0 or step == inputs):
                    report.rss.append((step, rss_mb()))
                    w, h = app.size
                    print(f"input {step}: resident {report.rss[-1][1]:.0f} MB "
                          f"(at most {peak_rss_mb():.0f}), window {w}x{h}, {label(app.top)}",
                          flush=True)
                report.visited[label(app.top)] += 1
                if not app.running:
                    what = f"{what}, then closing"
                    self.stop(app)
                    report.lives += 1
            except Exception:  # noqa: BLE001 - every failure is reported with its seed
                report.inputs = step
                top = self.app.top if self.app is not None else None
                report.failures.append(Failure(self.seed, step, self.scenario, what,
                                               label(top), traceback.format_exc()))
                self._abandon()
                stalled += 1
                if stop_on_failure:
                    return

    def apply(self, app: App, intent: I.Intent) -> None:
        """One input as the window's loop takes it: the intent, a few frames of
        time, a drawn frame; then the invariants."""
        if intent.kind == I.RESIZE:
            w, h = intent.size
            if not app.fullscreen and 0 < w * h <= WINDOW_LIMIT:
                # The window really is that size now (the app then keeps its least size).
                app.set_window_size((w, h))
            elif app.fullscreen and w >= 320 and h >= 200 and w * h <= WINDOW_LIMIT:
                # Full screen on a display of that size (no least size there); the
                # dummy driver's full screen is always 1024x768, so a plain window
                # of that size stands for it (the app still in full screen).
                app.screen.window.set_windowed()
                app.screen.resize((w, h))
        if intent.kind != TICK:
            app.dispatch(intent)
        if app.running and app.top is not None:
            frames = self.rng.choice((1, 1, 1, 2, 3, 6)) if intent.kind != TICK else 25
            for _ in range(frames):
                top = app.top
                if top is None or not app.running:
                    break
                top.update(self.rng.choice((0.0, 0.016, 0.05, 0.1)))
            app.draw_frame()
        check(app)

    # ------------------------------------------------------------------ inputs
    def next_intent(self, app: App) -> I.Intent:
        rng = self.rng
        w, h = app.size
        r = rng.random()
        top = app.top
        if r < 0.12 or (r < 0.3 and isinstance(top, (NewGameScene, TournamentSetupScene))):
            helpful = self.play_along(app)
            if helpful is not None:
                return helpful
        if r < 0.30:
            kind = rng.choice((I.PRESS, I.RELEASE, I.POINTER, I.RELEASE, I.POINTER))
            points = targets(top) if top is not None else []
            if points and rng.random() < 0.6:
                x, y = rng.choice(points)
                pos = (x + rng.randint(-3, 3), y + rng.randint(-3, 3))
            elif rng.random() < 0.05:  # a drag held outside the window
                pos = (rng.randint(-50, w + 50), rng.randint(-50, h + 50))
            else:
                pos = (rng.randrange(max(w, 1)), rng.randrange(max(h, 1)))
            return I.Intent(kind, pos=pos)
        if r < 0.44:
            return I.Intent(I.KEY, char=rng.choice("abcdefghijklmnopqrstuvwxyz"))
        if r < 0.52:
            return I.Intent(I.TEXT, char=rng.choice(TEXTS))
        if r < 0.56:
            return I.Intent(I.ERASE)
        if r < 0.63:
            return I.Intent(I.NUMBER, value=rng.randrange(10))
        if r < 0.75:
            return I.Intent(rng.choice((I.LEFT, I.RIGHT, I.UP, I.DOWN)))
        if r < 0.81:
            return I.Intent(I.CONFIRM)
        if r < 0.84:
            return I.Intent(I.BACK)
        if r < 0.86:
            return I.Intent(I.HELP)
        if r < 0.88:
            return I.Intent(I.UNDO)
        if r < 0.90:
            return I.Intent(I.SCROLL, value=rng.choice((-3, -1, 1, 3)))
        if r < 0.915:
            return I.Intent(I.FULLSCREEN)
        if r < 0.94:
            return I.Intent(I.RESIZE, size=rng.choice(SIZES))
        if r < 0.943:
            return I.Intent(I.QUIT)
        return I.Intent(TICK)

    def play_along(self, app: App) -> I.Intent | None:
        """An input that moves the game on: a legal card, a privacy screen's
        own key, Enter on a summary."""
        top = app.top
        name = label(top)
        if name == "privacy":
            return I.Intent(I.KEY, char=app.tr("key.privacy_show"))
        if name == "summary":
            return I.Intent(I.CONFIRM)
        if isinstance(top, (NewGameScene, TournamentSetupScene)):  # write a name, start
            if top._name_row() is None:
                return I.Intent(I.DOWN)
            r = self.rng.random()
            if r < 0.2:
                return I.Intent(I.ERASE)
            if r < 0.85:
                return I.Intent(I.TEXT, char=self.rng.choice(TEXTS))
            return I.Intent(I.CONFIRM)
        if isinstance(top, TableScene) and top.human_turn():
            mask = top.match.state.legal_play_mask()
            hand = top.my_hand()
            legal = [i for i, c in enumerate(hand) if mask >> c & 1]
            if legal and len(hand) <= 9:
                return I.Intent(I.NUMBER, value=self.rng.choice(legal) + 1)
            if top.actions.buttons:
                return I.Intent(I.KEY, char=self.rng.choice(top.actions.buttons).key or "x")
        return None

    # ------------------------------------------------------------------ episodes
    def begin_episode(self, app: App) -> None:
        if not self.order:
            self.order = list(SCENARIOS)
            self.rng.shuffle(self.order)
        self.scenario = self.order.pop()
        self.report.episodes += 1
        rng, nav = self.rng, app.nav
        s = self.scenario
        if s == "title":
            nav.reset("title")
        elif s == "new_game":
            nav.reset("title")
            scene = nav.push("new_game")
            assert isinstance(scene, NewGameScene)
            scene.variant = rng.choice(list(VARIANTS))
            scene.levels = [rng.choice((None, None, *LEVELS)) for _ in range(4)]
            scene.layout(app.size)
        elif s in ("settings", "statistics", "about"):
            nav.reset("title")
            nav.push(s)
        elif s == "tournament_setup":
            nav.reset("title")
            setup = nav.push(s)
            assert isinstance(setup, TournamentSetupScene)
            setup.count = rng.randint(2, 6)
            setup.levels = [rng.choice((None, None, *LEVELS)) for _ in range(6)]
            setup.layout(app.size)
        elif s == "rules":
            nav.reset("title")
            nav.push("rules", variant=rng.choice(list(VARIANTS)))
        elif s == "message":
            nav.reset("title")
            nav.push("message", title=app.tr("error_title"),
                     lines=[app.tr("error_body"), str(self.home / "logs" / "tute.log")],
                     quit_on_ok=rng.random() < 0.3)
        elif s.startswith("table:"):
            nav.reset("table", match=self.match(s.split(":")[1], people=rng.randint(0, 4)))
        elif s == "hot_seat":
            nav.reset("table", match=self.match(rng.choice(list(VARIANTS)), people=4))
        elif s == "round_end":
            nav.reset("table", match=self.match_near_the_end(last_round=rng.random() < 0.4))
        elif s == "tournament_final":
            nav.reset("bracket", tournament=self.tournament_final())
            app.dispatch(I.Intent(I.CONFIRM))
        elif s in ("bracket", "tournament_match"):
            nav.reset("bracket", tournament=self.tournament())
            if s == "tournament_match":
                app.dispatch(I.Intent(I.CONFIRM))
        elif s == "continue":  # the command line's --continue, with or without a save
            self.relaunch(["--continue"])
        else:
            raise ValueError(s)

    def seats(self, variant: str, people: int) -> list[Seat]:
        n = VARIANTS[variant].players
        humans = set(self.rng.sample(range(n), min(people, n)))
        names = iter(("Ana", "Luis", "Carmen", "Pedro"))
        return [Seat(next(names)) if i in humans else
                Seat(f"Bot {i + 1}", self.rng.choice(LEVELS)) for i in range(n)]

    def options(self, variant: str) -> dict[str, Any]:
        """House rules: each one changed from the default half the time."""
        return {name: self.rng.choice(choices) for name, choices in OPTIONS[variant].items()
                if self.rng.random() < 0.5}

    def match(self, variant: str, people: int) -> Match:
        return Match(variant, self.seats(variant, people), options=self.options(variant),
                     seed=self.rng.randrange(1 << 31))

    MOST_ROUNDS = 300
    """Rounds of random play a match near its end is given to end: subastado's
    totals, random cards failing most contracts, may sink for ever (then its
    last round is one that does not end the match)."""

    def match_near_the_end(self, variant: str | None = None, seats: list[Seat] | None = None,
                           seed: int | None = None, last_round: bool = False,
                           options: dict[str, Any] | None = None) -> Match:
        """A match whose round is a few actions from its end (0: over, as a save
        taken at the round's end); with ``last_round`` the round that ends the
        match. Random house rules unless ``options`` are given."""
        variant = variant or self.rng.choice(list(VARIANTS))
        seats = seats or self.seats(variant, self.rng.randint(0, 2))
        seed = self.rng.randrange(1 << 31) if seed is None else seed
        options = self.options(variant) if options is None else options
        if last_round and VARIANTS[variant].scoring is Scoring.CONTRACT:
            # subastado (§12): the lowest target, or a match of random bids
            # wanders for hundreds of rounds before a total reaches it
            options = {**options, "target": min(OPTIONS[variant]["target"])}
        m = Match(variant, seats, options=options, seed=seed)
        rng = random.Random(seed)
        for _ in range(self.MOST_ROUNDS):
            while m.state.outcome is None:
                # (subastado's auction answered as the bots bid: a contract the
                # hand can carry; every other action at random)
                m.apply(auction_action(m.state) or rng.choice(m.state.legal_actions()))
            if not last_round or m.state.outcome.match_winner is not None:
                break
            m.next_round()
        log = m.rounds[-1]
        keep = max(0, len(log.actions) - self.rng.randint(0, 2 * m.rules.players))
        return Match(variant, seats, options=options, seed=seed,
                     rounds=[*m.rounds[:-1], RoundLog(log.deal, log.actions[:keep])])

    def tournament_final(self) -> Tournament:
        """A tournament down to its final, whose match is about to end."""
        t = self.tournament()
        for r in range(len(t.rounds) - 1):
            for k, p in enumerate(t.rounds[r]):
                if p.winner is None and p.a is not None and p.b is not None:
                    won = self.rng.choice((p.a, p.b))
                    t.record(r, k, won, (101, 60) if won == p.a else (60, 101))
        final = t.rounds[-1][0]
        assert final.a is not None and final.b is not None
        seats = [t.participants[final.a].seat(), t.participants[final.b].seat()]
        m = self.match_near_the_end("boricua", seats, t.match_seed(len(t.rounds) - 1, 0),
                                    last_round=True, options={})
        t.current = m.to_json()
        return t

    def tournament(self) -> Tournament:
        n = self.rng.randint(2, 6)
        people = self.rng.randint(0, min(n, 3))
        names = ["Ana", "Luis", "Carmen"]
        ps = [Participant(names[i]) if i < people
              else Participant(f"Bot {i + 1}", self.rng.choice(LEVELS)) for i in range(n)]
        return Tournament.draw(ps, seed=self.rng.randrange(1 << 31),
                               speed=self.rng.choice(SPEEDS))


def targets(scene: Scene) -> list[tuple[int, int]]:
    """Points worth pressing on ``scene``: its buttons, rows, tabs, boxes and the
    cards of the hand shown."""
    points: list[tuple[int, int]] = []

    def add(value: Any) -> None:
        if isinstance(value, ButtonSet):
            points.extend(b.rect.center for b in value.buttons)
        elif isinstance(value, pygame.Rect):
            points.append(value.center)
        elif isinstance(value, (list, tuple)):
            for item in value:
                add(item)

    for value in vars(scene).values():
        add(value)
    if isinstance(scene, TableScene):
        add(scene.actions)
        add(scene.tools)
        for card in scene.my_hand():
            sprite = scene.sprites[card]
            points.append((int(sprite.x - scene.geo.card_w * 0.42), int(sprite.y)))
    return points


def describe(intent: I.Intent) -> str:
    k = intent.kind
    if k in (I.PRESS, I.RELEASE, I.POINTER):
        return f"{k} at {intent.pos}"
    if k in (I.KEY, I.TEXT):
        return f"{k} {intent.char!r}"
    if k in (I.NUMBER, I.SCROLL):
        return f"{k} {intent.value}"
    if k == I.RESIZE:
        return f"resize to {intent.size}"
    return k


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--inputs", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--stop", action="store_true", help="stop at the first failure")
    p.add_argument("--report-rss", action="store_true",
                   help="print the resident memory every 1,000 inputs and at the end")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="tute-monkey-") as home:
        monkey = Monkey(args.seed, Path(home), report_rss=args.report_rss)
        report = monkey.run(args.inputs, args.stop)
    print(report.summary())
    return 1 if report.failures or report.missing else 0


if __name__ == "__main__":
    sys.exit(main())
