"""The values on the cards of the review's hand (``ReviewScene.value_tags``).
Two newcomers reviewing a round of tres found its 13 tags crowding each other
and the hand, and saying again what the list of every choice says: a crowded
hand tags only the cards that matter, in one row, and the legend says where
the others' values are."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations
from pathlib import Path

import pygame
import pytest
from test_review import played
from window_helpers import drawn_texts, inline_app, on_title

from tute_desktop.app import App
from tute_desktop.engine import find_variant
from tute_desktop.game import review as R
from tute_desktop.game.match import Seat
from tute_desktop.i18n import tr
from tute_desktop.ui import intents as I
from tute_desktop.ui.review import TAG_GAP, ReviewScene

DEALS = 6
SIZES = [(960, 540), (1280, 720), (1920, 1080)]


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    for variant in R.ITERATIONS:
        monkeypatch.setitem(R.ITERATIONS, variant, DEALS)


@pytest.fixture
def app2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A window at pixel ratio 2 (a Retina display)."""
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    a = inline_app("--pixel-ratio", "2")
    yield a
    a.nav.close_all()
    a.writer.close()
    a.screen.close()


def review(app: App, variant: str, size: tuple[int, int], lang: str = "en",
           seed: int = 5) -> ReviewScene:
    """The review of a round of ``variant`` played at random from ``seed``,
    from seat 0, in a window of ``size``."""
    app.set_settings(replace(app.settings, language=lang))
    app.set_window_size(size)
    app.dispatch(I.Intent(I.RESIZE, size=size))
    n = find_variant(variant).players
    match = played(variant, seed, [Seat("You")] + [Seat(f"Bot {i}", "medium") for i in range(1, n)])
    on_title(app)
    scene = app.nav.push("review", rounds=[(R.match_prefix(match.to_json(), 0), 0)])
    assert isinstance(scene, ReviewScene) and not scene.gated
    return scene


def first_decision(scene: ReviewScene) -> int:
    """The person's first decision judged in points (a full hand: 13 cards in
    tres, 10 in parejas)."""
    step = min(s for s, d in scene.decisions.items() if d.scored)
    scene.go(step)
    return step


def assert_apart_and_inside(scene: ReviewScene, where: object) -> int:
    tags = scene.value_tags(scene.describe())
    window = pygame.Rect((0, 0), scene.app.size)
    for box, size, text, _ in tags:
        assert window.contains(box) and scene.board.contains(box), (where, text, box)
        assert scene.app.text.font(size, bold=True).size(text)[0] < box.w, (where, text)
    for (a, _, ta, _), (b, _, tb, _) in combinations(tags, 2):
        assert not a.inflate(TAG_GAP, TAG_GAP).colliderect(b), (where, ta, a, tb, b)
    return len(tags)


@pytest.mark.parametrize(("variant", "cards"), [("tres", 13), ("parejas", 10)])
def test_no_two_value_tags_meet_and_each_lies_in_the_window(
        app: App, app2: App, quick: None, variant: str, cards: int) -> None:
    """At a full hand's decision and every later one, at 960x540, 1280x720
    and 1920x1080 and at pixel ratio 2: no two tags meet, each lies inside the
    window (on the board), its words inside it."""
    for window, sizes in ((app, SIZES), (app2, [(960, 540), (1280, 720)])):
        for size in sizes:
            scene = review(window, variant, size)
            step = first_decision(scene)
            assert scene.positions[step].hands[0].bit_count() == cards
            assert assert_apart_and_inside(scene, (size, step)) >= 2
            for later in sorted(s for s in scene.decisions if s > step):
                scene.go(later)
                assert_apart_and_inside(scene, (size, later))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_crowded_hand_tags_the_card_played_and_the_best_in_one_row(
        app: App, quick: None, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """tres' 13 cards lie closer than a tag is wide: the card played and the
    best carry their values as the list says them, the tags lie in one row
    (none above another's card), fewer than the cards, and the legend says
    where every card's value is."""
    for size in SIZES:
        scene = review(app, "tres", size, lang)
        step = first_decision(scene)
        d = scene.decisions[step]
        tags = scene.value_tags(scene.describe())
        said = {text for _, _, text, _ in tags}
        values = scene.card_values()
        assert 2 <= len(tags) < len(values) == 13
        found = R.choices(scene.positions[step], 0, d)
        for c in found:
            if c.played or c is found[0]:  # (the first: a best one)
                assert scene.points(c.value or 0.0, d.exact) in said, (size, c)
        for (a, *_), (b, *_) in combinations(tags, 2):
            assert a.right + TAG_GAP <= b.left or b.right + TAG_GAP <= a.left, (size, a, b)
        texts = drawn_texts(app, monkeypatch)
        assert app.tr("review_legend_some") in texts
        assert app.tr("review_legend") not in texts


def test_a_hand_with_room_tags_every_card(app: App, quick: None,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the tags fit side by side (habanero's hand), every card that may
    be played carries its value, and the legend says so."""
    scene = review(app, "habanero", (1280, 720))
    first_decision(scene)
    assert len(scene.value_tags(scene.describe())) == len(scene.card_values()) >= 2
    texts = drawn_texts(app, monkeypatch)
    assert app.tr("review_legend") in texts and app.tr("review_legend_some") not in texts


def test_a_crowded_hand_tags_the_next_best_in_order_none_skipped(
        app: App, quick: None) -> None:
    """A strong player saw the third best card tagged and the second not
    ("the card played, the best and the next ones", the legend says): where
    a next best's tag does not fit, none after it is placed."""
    checked = 0
    for size in SIZES:
        scene = review(app, "tres", size)
        for step in sorted(scene.decisions):
            scene.go(step)
            tags = scene.value_tags(scene.describe())
            if not tags:
                continue
            said = [text for _, _, text, _ in tags]
            values = scene.card_values()
            must, rest = scene.tagged_first()
            shown = [values[c][0] in said for c in rest]
            # once one is missing, no later one with its own value is there
            for k, here in enumerate(shown):
                if not here:
                    later = {values[c][0] for c in rest[k + 1:]} - {values[c][0] for c in must}
                    assert not later & set(said), (size, step, said)
                    checked += 1
                    break
    assert checked >= 1


def test_at_the_end_of_a_round_on_a_narrow_table_the_trumps_words_lie_under_their_mark(
        app: App) -> None:
    """The review at 1160x652 (a 1366x768 screen's window), the round over:
    no stock, so the trump's words lie right under its mark, not left at the
    stock's empty place (cold play nc74)."""
    scene = review(app, "habanero", (1160, 652), "es")
    scene.go(len(scene.log))
    desc = scene.describe()
    mark = desc.trump
    assert mark is not None
    (words,) = [w for w in desc.labels if w.words.startswith(tr("es", "trumps_line", suit="")
                                                              .split(":")[0])]
    x, y = words.at
    width = app.text.width(words.words, words.size, words.bold)
    assert abs(x + width / 2 - mark.x) <= 2 and 0 <= y - (mark.y + mark.r) <= mark.r, (words, mark)


def test_the_best_cards_value_stands_on_green(app: App, quick: None) -> None:
    """nc101 could not tell the best card's green frame from the green border
    of a card of bastos: its value is drawn on a green fill in white, the
    card played's and the others' on a dark one, and the legend says so."""
    from tute_desktop.ui.review import BEST_TAG, GOOD

    scene = review(app, "habanero", (1280, 720))
    seen = set()
    for step in sorted(scene.decisions):
        scene.go(step)
        tags = scene.value_tags(scene.describe())
        if not tags:
            continue
        frame = app.picture()
        for box, _, text, colour in tags:
            # the middle of the tag's bottom edge: inside its rounded corners, below its words
            r, g, b, *_ = frame.get_at((box.left + box.w // 2, box.bottom - 2))
            best = colour == GOOD
            if best:
                assert abs(r - BEST_TAG[0]) < 30 and abs(g - BEST_TAG[1]) < 30, (step, text)
            else:
                assert max(r, g, b) < 80, (step, text, (r, g, b))
            seen.add(best)
    assert seen == {True, False}
    assert all("green value" in app.tr(k) for k in ("review_legend", "review_legend_some"))
    # the green one is the expert's choice, which within the margin is not always
    # the highest value (nc109 read "the best" beside a higher number)
    assert all("green value: the expert's choice" in app.tr(k)
               for k in ("review_legend", "review_legend_some"))
