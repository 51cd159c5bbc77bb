"""A table frame's first-time work, counted (issue 28): the textures it uploads,
the card faces it rasterises from their SVG, the words it renders. On a CPU
rasteriser these are what make a frame slow once (the table's first frame made
every picture at once: 48-54 ms; a bot's card played rasterised its face twice
in two frames); counted, not timed, so the bounds hold on any machine."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path

import pytest
from window_helpers import new_table, tick

from tute_desktop import app as app_module
from tute_desktop.app import FIRST_TIME_WORK, App
from tute_desktop.engine.cards import card_name
from tute_desktop.game.match import Match, Seat
from tute_desktop.resources import AHEAD_MOST, Resources, card_path
from tute_desktop.ui.table import TableScene
from tute_desktop.ui.table.picture import REST_SCALES

FRAME = 1 / 30
"""Seconds a frame: half the game's rate, so half as many frames to make
pictures ahead in (and half as many for the test to draw)."""
TRICKS = 8
"""Tricks played in a round's test: cards drawn from the stock, tricks won."""
TEXTURES, SVGS, WORDS = (FIRST_TIME_WORK.index(k) for k in ("textures", "svgs", "words"))

MOST_TEXTURES = 3
"""Textures a frame may make: a plate or two whose words changed, a card's
outline, a panel; or one card's picture made ahead (in a frame that made no
other)."""
MOST_WORDS = 3
"""Words a frame may render (a count that changed, a banner, a panel's lines)."""


def _bots_table(app: App, seed: int) -> TableScene:
    """A round bots play alone, the bottom hand face up (``--autoplay``), at the
    game's own speed (1: the setting's default, the benchmark's; at 4 a deal
    turns the hand up before the faces made one a frame are ready)."""
    table = TableScene(app, Match("habanero", [Seat("Bot 1", "random"), Seat("Bot 2", "random")],
                                  seed=seed), speed=1.0)
    app.reset_to(table)
    return table


def _play(app: App, table: TableScene, limit: int
          ) -> tuple[list[tuple[int, ...]], list[tuple[int, str, int]], int]:
    """Frames of ``FRAME`` seconds until ``TRICKS`` tricks were won (or ``limit``
    frames):
    each frame's first-time work; the faces a frame turned up that were not
    rasterised before it at the size shown (frame, card, width); how many faces
    were turned up."""
    ratio = app.screen.ratio
    resources = app.resources
    made, late, shown, turned_up = [], [], set[int](), 0
    for frame in range(limit):
        if app.top is not table or table.controller.tricks_seen >= TRICKS:
            break
        cw = table.describe().card_size[0]
        had = {(name, w) for name in map(card_name, range(40))
               for w in {round(cw * s * ratio) for s in REST_SCALES}
               if resources.has_card_face(name, w)}
        before = app.first_time_work()
        tick(app, 1, FRAME)
        made.append(tuple(b - a for a, b in zip(before, app.first_time_work(), strict=True)))
        desc = table.describe()
        for spot in desc.cards:
            if spot.face is None or spot.face in shown:
                continue
            turned_up += 1
            scale = spot.scale if spot.scale in REST_SCALES else 1.0
            size = (card_name(spot.face), round(cw * scale * ratio))
            if size not in had:
                late.append((frame, *size))
        shown |= desc.faces()
    return made, late, turned_up


def test_the_table_first_frame_makes_nothing_its_opening_did_not(app: App) -> None:
    """The table's pictures (felt, plates, panel, buttons, trump mark, words, the
    cards' backs) are made when it opens, before its first frame: that frame
    renders no word and makes only what every frame may make ahead: one card
    face rasterised, one card's texture (it made 17 textures and 4 faces)."""
    for opening in (lambda: new_table(app, "habanero", seed=1), lambda: _bots_table(app, 4)):
        made = _play(app, opening(), 1)[0][0]
        assert made[WORDS] == 0 and made[TEXTURES] <= 1 and made[SVGS] <= 1, made


def test_no_frame_of_a_round_does_more_than_a_little_first_time_work(app: App) -> None:
    """Over the first tricks of a round the bots play (each card played, drawn from the stock,
    exchanged; tricks won; counts changing), no frame rasterises more than one
    card face from its SVG, nor makes more than a few textures or words; and the
    frame that first shows a card face up (a bot's card played, one drawn into
    the bottom hand, the hand dealt) finds its face made before, at the size it
    is shown at (while the bot seemed to think, the trick was held, the pack
    shuffled)."""
    table = _bots_table(app, 1)
    frames, late, turned_up = _play(app, table, 2000)
    assert table.controller.tricks_seen >= TRICKS
    assert max(f[SVGS] for f in frames) <= 1, [i for i, f in enumerate(frames) if f[SVGS] > 1]
    assert max(f[TEXTURES] for f in frames) <= MOST_TEXTURES, \
        [(i, f) for i, f in enumerate(frames) if f[TEXTURES] > MOST_TEXTURES]
    assert max(f[WORDS] for f in frames) <= MOST_WORDS, \
        [(i, f) for i, f in enumerate(frames) if f[WORDS] > MOST_WORDS]
    assert turned_up >= 20 and not late, late


def test_the_frame_log_gives_each_frame_its_first_time_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--frame-log`` writes each frame's first-time work beside its times, and
    ``benchmarks/frame_times.py`` reads it: the table opened from the command
    line (``--autoplay``) made its pictures before the first frame."""
    import frame_times

    monkeypatch.setenv("TUTE_HOME", str(tmp_path / "home"))
    log = tmp_path / "frames.txt"
    assert app_module.main(["--autoplay", "--variant", "habanero", "--seed", "1",
                            "--frame-log", str(log), "--exit-after", "0.5"]) == 0
    _, work, _, made, cpu = frame_times._read_log(log)
    assert work and len(made) == len(work) == len(cpu)
    assert all(len(m) == len(FIRST_TIME_WORK) and min(m) >= 0 for m in made)
    assert min(cpu) >= 0
    summary = frame_times.first_time_summary(work, made, cpu)
    first = summary["first"]
    assert isinstance(first, tuple) and first[TEXTURES] <= 1 and first[SVGS] <= 1, first
    assert first[WORDS] == 0, first


class _Held(Executor):
    """Runs each job only when told (``run``): the test decides when a
    background rasterisation is done, not the machine's speed."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Future[object], Callable[[], object]]] = []

    def submit(self, fn: Callable[..., object], /, *args: object, **kwargs: object
               ) -> Future[object]:
        future: Future[object] = Future()
        self.jobs.append((future, lambda: fn(*args, **kwargs)))
        return future

    def run(self) -> None:
        for future, job in self.jobs:
            try:
                future.set_result(job())
            except Exception as e:  # noqa: BLE001 - handed over as a thread would
                future.set_exception(e)
        self.jobs.clear()


def test_faces_made_ahead_on_a_thread_are_kept_once_done(tmp_path: Path) -> None:
    """``Resources.faces_ahead`` hands the faces wanted to its executor (the
    window's thread: rasterising an SVG, about 3 ms, waits for no frame), at
    most ``AHEAD_MOST`` at a time and each once, keeps each once done, and never
    makes a frame wait for one; a face that failed there is not kept and raises
    nothing (``card_face`` says it where drawn) and is not asked again. Without
    an executor: the first
    one missing, at once."""
    (tmp_path / "cards").mkdir()
    for card in ("1o", "2o"):  # (and no "3o")
        shutil.copy(card_path(card), tmp_path / "cards" / f"{card}.svg")
    resources = Resources(tmp_path, audio=False)
    held = _Held()
    resources.ahead = held
    wanted = [("1o", 60), ("3o", 60), ("2o", 60)]
    resources.faces_ahead(wanted)
    resources.faces_ahead(wanted)
    assert len(held.jobs) == 3 and not resources.has_card_face("1o", 60)
    held.run()
    assert not resources.has_card_face("1o", 60)  # kept when next asked, on this thread
    resources.faces_ahead(wanted)
    assert resources.has_card_face("1o", 60) and resources.has_card_face("2o", 60)
    assert not resources.has_card_face("3o", 60)
    assert resources.card_face("1o", 60).get_size() == (60, 90)
    many = [("3o", 60), *((card, width) for card in ("1o", "2o") for width in range(61, 81))]
    resources.faces_ahead(many)
    assert len(held.jobs) == AHEAD_MOST  # (not the face that failed)
    resources.ahead = None
    resources.faces_ahead(many[1:])
    assert resources.has_card_face("1o", 61) and not resources.has_card_face("1o", 62)


def test_the_game_keeps_what_start_up_made_out_of_the_collectors_sight(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """While the game runs, what start-up made (modules, fonts, the first scene)
    is frozen for the garbage collector: a full collection then looks at what
    play made since (about a thousand objects, not 32,000: 10-18 ms inside a
    frame every minute or so, issue 28); after the game, nothing stays frozen."""
    import gc

    monkeypatch.setenv("TUTE_HOME", str(tmp_path / "home"))
    seen: list[tuple[int, int]] = []

    def run(self: App) -> int:
        seen.append((gc.get_freeze_count(), len(gc.get_objects())))
        return 0

    monkeypatch.setattr(App, "run", run)
    assert app_module.main(["--variant", "habanero", "--seed", "1"]) == 0
    (frozen, watched), = seen
    assert frozen > 10 * watched, seen
    assert gc.get_freeze_count() == 0
