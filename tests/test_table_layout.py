"""Issue 18: at every supported size, in every variant, in both languages and in
large text, no label, plate, pile, hand or button of the table overlaps another,
and all lie inside the window. The rectangles are the ones the table draws with
(``TableScene.regions``)."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pygame
import pytest
from layout_check import assert_laid_out, card_corners, card_hits, cut_words
from test_review import played
from test_review import quick as quick  # (a fixture)
from window_helpers import named_seats, on_title, sized

from tute_desktop.app import App
from tute_desktop.engine import find_variant
from tute_desktop.engine.cards import bits
from tute_desktop.engine.events import Ask, Cante, Declared
from tute_desktop.game import review as R
from tute_desktop.game.match import Match, Seat
from tute_desktop.game.settings import TEXT_SIZES
from tute_desktop.lessons import LESSON_NAMES, PERSON
from tute_desktop.ui import intents as I
from tute_desktop.ui.lesson import AUTO_STEP, LESSON_FONT, LessonScene
from tute_desktop.ui.menus import font
from tute_desktop.ui.review import ReviewScene
from tute_desktop.ui.table import TableScene
from tute_desktop.ui.table.board import declared_mask
from tute_desktop.ui.table.hud import reading_seconds
from tute_desktop.window import MIN_SIZE

SIZES = [(960, 540), (1280, 720), (1920, 1080), (2560, 1440), (3840, 2160), (1024, 768)]
VARIANTS = ["habanero", "corriente", "boricua", "tres", "parejas", "cuatro", "subastado"]
"""(subastado at seed 4: the person's first turn is a bid, the auction's panel
shows; its first turn after a trick is in play, the contract on the panel.)"""


def _table(app: App, variant: str, lang: str, size: tuple[int, int],
           text_size: str = "normal") -> TableScene:
    app.set_settings(replace(app.settings, language=lang, text_size=text_size))
    app.set_window_size(size)
    app.dispatch(I.Intent(I.RESIZE, size=size))
    n = find_variant(variant).players
    # Long names: the plates and the panel must cut them, not overflow.
    seats = [Seat("Maximiliano Ruiz")] + [
        Seat(f"Bot {i} ({app.tr('level_expert')})", "random") for i in range(1, n)]
    table = TableScene(app, Match(variant, seats, seed=4))
    app.reset_to(table)
    for _ in range(400):  # to the person's first turn
        if table.human_turn():
            break
        table.update(0.1)
    app.draw_frame()
    return table


def _check(table: TableScene, size: tuple[int, int]) -> None:
    found = table.regions()
    screen = pygame.Rect(0, 0, *size)
    for name, rect in found.items():
        if rect.width and rect.height:
            assert screen.contains(rect), (size, name, rect)
    for (a, ra), (b, rb) in combinations(found.items(), 2):
        assert not ra.colliderect(rb), (size, a, ra, b, rb)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(("lang", "text_size"),
                         [("en", "normal"), ("es", "normal"), ("es", "large")])
def test_nothing_on_the_table_overlaps_at_any_size(app: App, variant: str, lang: str,
                                                   text_size: str) -> None:
    for size in SIZES:
        table = _table(app, variant, lang, size, text_size)
        assert table.human_turn()
        _check(table, size)  # the person's turn: their buttons and the rule line
        for _ in range(400):  # a trick complete on the table: its callout shows
            if table.human_turn():
                st = table.match.state
                plays = [a for a in st.legal_actions() if a.kind == "play"]
                table.act(plays[0] if plays else st.legal_actions()[-1])
            table.update(0.05)
            if table.hud.callout is not None:
                break
        assert table.hud.callout is not None
        _check(table, size)


# ---------------------------------------------------------------- issue 29 item 4
# Every screen that shows a table (the game's, a lesson's, the review's), with
# its drawers open, in both languages, at every text size the settings offer and
# at the smallest window, 1280x800 and a large one: nothing cut, nothing running
# into another thing, no drawer over a hand, every card inside (``layout_check``).

LANGS = ["en", "es"]
STILL_SIZES = [MIN_SIZE, (1280, 800), (1920, 1080)]
"""Window sizes the lessons and the review are checked at (the smallest the
window may be, the laptop's 1280x800, a full-HD screen)."""


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("text_size", list(TEXT_SIZES))
def test_the_tables_words_are_whole_and_its_cards_inside_at_every_size(
        app: App, variant: str, lang: str, text_size: str) -> None:
    """The table's description at the person's first turn, with the chronicle
    and the last trick open: no word cut (the game's names, a person's long
    name), no label running into the stock or a card, no drawer over a hand or a
    plate, the fanned hand inside the window."""
    n = find_variant(variant).players
    for size in [*SIZES, (1280, 800)]:
        for seats in (named_seats(app, n), [Seat("Maximiliano Ruiz"), *named_seats(app, n)[1:]]):
            sized(app, size, lang, text_size)
            table = TableScene(app, Match(variant, seats, seed=4))
            app.reset_to(table)
            for _ in range(400):  # to the person's first turn after a trick
                if table.human_turn() and table.board.last_trick:
                    break
                if table.human_turn():
                    st = table.match.state
                    acts = st.legal_actions()
                    if st.ask is Ask.BID:  # subastado's auction (§12): laid out too, then pass
                        with cut_words() as cut:
                            desc = table.describe()
                        assert desc.before_play is not None
                        assert_laid_out(desc, app.text.font, n, cut,
                                        (variant, lang, text_size, size, "auction"))
                        table.act(acts[0])
                        continue
                    plays = [a for a in acts if a.kind == "play"]
                    table.act(plays[0] if plays else acts[-1])
                table.update(0.1)
            assert table.human_turn()
            for drawer in ("", "chronicle", "last"):
                if drawer == "chronicle":
                    table.toggle_chronicle()
                elif drawer == "last":
                    table.toggle_chronicle()
                    table.toggle_last()
                with cut_words() as cut:
                    desc = table.describe()
                assert_laid_out(desc, app.text.font, n, cut,
                                (variant, lang, text_size, size, drawer, seats[0].name))


def _to_a_callout(app: App, variant: str, seats: list[Seat]) -> TableScene:
    """A new table of ``seats`` (seed 4) played on to its first complete trick,
    the winner called out under it."""
    table = TableScene(app, Match(variant, seats, seed=4))
    app.reset_to(table)
    for _ in range(600):
        if table.hud.callout is not None:
            break
        if table.human_turn():
            acts = table.match.state.legal_actions()
            plays = [a for a in acts if a.kind == "play"]
            table.act(plays[0] if plays else acts[0])  # (subastado: bids, coins)
        table.update(0.05)
    assert table.hud.callout is not None
    return table


@pytest.mark.parametrize("variant", ["tres", "parejas", "cuatro", "subastado"])
@pytest.mark.parametrize(("lang", "text_size"),
                         [("en", "normal"), ("es", "normal"), ("es", "large")])
def test_the_names_beside_a_complete_trick_are_whole_and_cover_nothing(
        app: App, variant: str, lang: str, text_size: str) -> None:
    """A trick complete on the table, its winner called out under it: each card
    has its seat's name beside it (the game's names and a person's long one),
    whole, on no card, plate, label, the trump's mark or the callout, at every
    size (a newcomer could not tell who had played what)."""
    n = find_variant(variant).players
    for size in [*SIZES, (1280, 800)]:
        sized(app, size, lang, text_size)
        seats = [Seat("Maximiliano Ruiz"), *named_seats(app, n)[1:]]
        table = _to_a_callout(app, variant, seats)
        with cut_words() as cut:
            desc = table.describe()
        assert sorted(t.seat for t in desc.trick_tags) == list(range(n))
        assert_laid_out(desc, app.text.font, n, cut, (variant, lang, text_size, size))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("text_size", list(TEXT_SIZES))
def test_every_lesson_step_is_laid_out(app: App, lang: str, text_size: str) -> None:
    """Every step of every lesson, its table (the left of the window) and the
    coach's box (right of it): nothing cut or running into another thing, the
    coach's box and its buttons inside the window; the person's plate is lit
    for their turn only while the lesson waits for them."""
    for size in STILL_SIZES:
        sized(app, size, lang, text_size)
        for name in LESSON_NAMES:
            scene = LessonScene(app, lesson=name, autoplay=True)
            app.reset_to(scene)
            for _ in range(200):
                with cut_words() as cut:
                    desc = scene.describe()
                where = (name, scene.coach.index, lang, text_size, size)
                assert_laid_out(desc, app.text.font, scene.coach.rules.players, cut, where)
                window = pygame.Rect(0, 0, *size)
                assert window.contains(scene.box), where
                assert pygame.Rect(0, 0, *desc.size).right <= scene.box.left, where
                fs = font(app, LESSON_FONT)  # (the coach's)
                for b in scene.buttons.buttons:
                    assert scene.box.contains(b.rect), (where, b.label)
                    # its words and key inside it ("‹ Anterior [Retroceso]" ran out)
                    assert app.text.font(fs).size(b.caption())[0] <= b.rect.w, (where, b.label)
                you = next(p for p in desc.plates if p.seat == PERSON)
                if not scene._my_turn():  # (unlit: "Your turn" while the coach talks,
                    # where the game is at the person's turn, test_cold_players)
                    assert not you.turn, where
                    if scene.coach.state.to_act != PERSON:
                        assert you.status is None or you.status.words != app.tr("your_turn"), \
                            where
                if scene.coach.finished:
                    break
                scene.update(AUTO_STEP)
            assert scene.coach.finished


def _review(app: App, variant: str, seats: list[Seat]) -> ReviewScene:
    match = played(variant, 5, seats)
    on_title(app)
    scene = app.nav.push("review", rounds=[(R.match_prefix(match.to_json(), 0), 0)])
    assert isinstance(scene, ReviewScene)
    return scene


@pytest.mark.parametrize("variant", ["habanero", "tres", "parejas"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("text_size", list(TEXT_SIZES))
def test_every_review_step_is_laid_out(app: App, quick: None, variant: str, lang: str,
                                       text_size: str) -> None:
    """Every step of a round's review: its table (the board) as the layout
    check wants it, and the board, the judgement's panel, the timeline and the
    buttons inside the window and apart."""
    n = find_variant(variant).players
    for size in STILL_SIZES:
        sized(app, size, lang, text_size)
        scene = _review(app, variant, named_seats(app, n))
        assert not scene.gated
        for step in range(len(scene.log) + 1):
            scene.go(step)
            with cut_words() as cut:
                desc = scene.describe()
            assert_laid_out(desc, app.text.font, n, cut, (variant, step, lang, text_size, size))
        parts = {"board": scene.board, "judge": scene.judge, "timeline": scene.timeline,
                 **{f"button {b.label}": b.rect for b in scene.buttons.buttons}}
        window = pygame.Rect(0, 0, *size)
        for what, rect in parts.items():
            assert window.contains(rect), (what, rect, size)
        for (a, ra), (b, rb) in combinations(parts.items(), 2):
            assert not ra.colliderect(rb), (size, a, ra, b, rb)
        fs = font(app, 0.026)
        for b in scene.buttons.buttons:
            assert app.text.font(fs).size(b.label)[0] < b.rect.width, (size, b.label)


def test_the_reviews_short_board_at_the_smallest_window_in_large_text(
        app: App, quick: None) -> None:
    sized(app, MIN_SIZE, "en", "large")
    scene = _review(app, "parejas", named_seats(app, 4))
    with cut_words() as cut:
        desc = scene.describe()
    assert_laid_out(desc, app.text.font, 4, cut)


def test_a_plate_stays_over_a_card_in_flight(app: App, monkeypatch: pytest.MonkeyPatch,
                                              ) -> None:
    """Issue 29 had a flying card pass over the plates (it passed under one,
    then); people playing cold lost the names and scores under the cards dealt
    to the top seat, which cross its plate: every card in flight over a plate
    is painted before it (``test_cold_players``: the plate's pixels)."""
    from layout_check import box, card_corners, card_hits

    from tute_desktop.ui.table import picture

    sized(app, (1280, 800, "en", "normal"))
    table = TableScene(app, Match("habanero", named_seats(app, 2), seed=4))
    app.reset_to(table)
    painted: list[str] = []
    real_card, real_plate = picture.paint_card, picture.paint_plate
    monkeypatch.setattr(picture, "paint_card", lambda c, r, d, spot: (
        painted.append(f"card {spot.x},{spot.y}"), real_card(c, r, d, spot)))
    monkeypatch.setattr(picture, "paint_plate", lambda c, s, plate: (
        painted.append(f"plate {plate.seat}"), real_plate(c, s, plate)))
    crossings = 0
    for _ in range(200):
        desc = table.describe()
        painted.clear()
        app.draw_frame()
        for plate in desc.plates:
            for spot in desc.cards:
                if spot.flying and card_hits(card_corners(desc, spot), box(plate.box)):
                    crossings += 1
                    assert painted.index(f"card {spot.x},{spot.y}") < \
                        painted.index(f"plate {plate.seat}"), (spot, plate.seat)
        if table.human_turn():
            break
        table.update(1 / 30)
    assert crossings


def test_the_reviews_privacy_screen_stands_over_the_table_with_every_hand_hidden(
        app: App, quick: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: the review's privacy screen (two people at the table) showed no
    table. It shows the table of the step, every hand face down, the screen
    over it; no card's face until the person says they are the one looking."""
    from test_review import faces_drawn

    sized(app, (1280, 800, "en", "normal"))
    scene = _review(app, "habanero", [Seat("Ana"), Seat("Luis")])
    assert scene.gated
    desc = scene.describe()
    assert sorted(p.seat for p in desc.plates) == [0, 1]
    assert desc.cards and all(s.face is None for s in desc.cards)
    assert [p.kind for p in desc.panels] == ["score"]
    assert faces_drawn(app, monkeypatch) == []
    assert_laid_out(desc, app.text.font, 2)


def test_a_lesson_has_the_tables_help_button(app: App) -> None:
    """Issue 29: lessons had no "?" beside the table's buttons. Where the lesson
    waits for a declaration or the exchange, "?" (clicked, or typed) explains
    the button, as at the table, and the lesson waits on."""
    from tute_desktop.engine.actions import Action
    from tute_desktop.i18n import tr
    from tute_desktop.ui.table.advice import explain

    sized(app, (1280, 800, "en", "normal"))
    scene = LessonScene(app, lesson="cantes", start=1)  # (the exchange of the 7)
    app.reset_to(scene)
    desc = scene.describe()
    helps = [b for b in desc.buttons if b.label == "?"]
    assert len(helps) == 1 and not [p for p in desc.overlays if p.kind == "tooltip"]
    x, y, w, h = helps[0].box
    for kind in (I.PRESS, I.RELEASE):
        app.dispatch(I.Intent(kind, pos=(int(x + w / 2), int(y + h / 2))))
    tips = [p for p in scene.describe().overlays if p.kind == "tooltip"]
    said = explain(tr, app.lang, scene.coach.state, Action.parse("swap 7o"))
    assert len(tips) == 1 and " ".join(w.words for w in tips[0].words) == " ".join(said.split())
    assert scene.coach.index == 1  # (still waiting for the exchange)
    app.dispatch(I.Intent(I.TEXT, char="?"))  # after the last (here the only) one: none
    assert [p.kind for p in scene.describe().overlays].count("tooltip") == 0
    app.dispatch(I.Intent(I.TEXT, char="?"))  # and from the first again
    assert [p.kind for p in scene.describe().overlays].count("tooltip") == 1
    with cut_words() as cut:
        desc = scene.describe()
    assert_laid_out(desc, app.text.font, 2, cut)


def _long_hint(lang: str, variant: str) -> str:
    """A hint as long as the table says one: its card, the choice it is
    compared with and a reason (issue 31 item 4; the longer of a declaration's
    and the two tricks' points, which say they are not the whole round's), in
    ``lang``."""
    from tute_desktop.bots.reasons import DECLARE, TRICKS, Reason
    from tute_desktop.i18n import tr
    from tute_desktop.ui.table.why import hint_words

    hint = tr(lang, "hint_is", action="Exchange the 2 of coins")
    return max((hint_words(lang, hint, r, variant) for r in (
        Reason(DECLARE, "swap 2o", "play 11c", 550, 144, 12, 2, False, rank=2, trump=0),
        Reason(TRICKS, "swap 2o", "play 11c", 550, 14.25, -12.5, rank=2))), key=len)


@pytest.mark.parametrize("variant", ["habanero", "boricua"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("text_size", list(TEXT_SIZES))
def test_the_hints_words_leave_the_buttons_and_the_hand_in_sight(
        app: App, variant: str, lang: str, text_size: str) -> None:
    """Issue 31: a hint of two lines above the hand covered the "Exchange the 2
    of coins" button. At a turn with a special button (an exchange, a
    declaration), a hint with its reason lies over no button, card of a hand
    or plate, and the buttons stay where they can be clicked; when it is gone
    the row comes back down."""
    n = find_variant(variant).players
    seeds = range(400)
    for size in [*STILL_SIZES, *SIZES]:
        sized(app, size, lang, text_size)
        for seed in seeds:
            table = TableScene(app, Match(variant, named_seats(app, n), seed=seed))
            app.reset_to(table)
            for _ in range(400):
                if table.human_turn():
                    break
                table.update(0.1)
            if table.human_turn() and table.hud.actions.buttons:
                seeds = range(seed, seed + 1)  # the same deal at every size
                break
        else:
            raise AssertionError("no first turn with a special button")
        before = [b.rect.copy() for b in table.hud.actions.buttons]
        hint = _long_hint(lang, variant)
        table.hud.show_toast(hint, 5.0)
        assert len(table.hud.hand_line_rows()) > 1 or size[0] >= 1920, size
        with cut_words() as cut:
            desc = table.describe()
        assert_laid_out(desc, app.text.font, n, cut, (variant, seed, lang, text_size, size))
        line = next(p for p in desc.overlays if p.kind == "line")
        lx, ly, lw, lh = line.box
        for b in table.hud.actions.buttons:
            assert not b.rect.colliderect(pygame.Rect(lx, ly, lw, lh)), (size, b.label)
        # the hint's time (its words' reading time) is over: the row as it was
        table.hud.update(max(5.0, reading_seconds(hint)) + 1.0)
        assert [b.rect for b in table.hud.actions.buttons] == before


def _declare_at(table: TableScene, ev: Declared) -> None:
    """Show ``ev`` as a bot's declaration: its cards put in the seat's hand on
    the board (the screen's copy only), then the step on show, settled."""
    board = table.board
    for card in bits(declared_mask(ev, board.trump)):
        holder = next(s for s, h in enumerate(board.hands) if card in h)
        if holder != ev.seat:  # swap it with a card of the declaring seat
            give = next(c for c in board.hands[ev.seat]
                        if not declared_mask(ev, board.trump) >> c & 1)
            board.hands[holder][board.hands[holder].index(card)] = give
            board.hands[ev.seat][board.hands[ev.seat].index(give)] = card
    table.controller.enqueue([ev], None)
    for _ in range(60):
        table.update(0.05)
        if table.controller.move_on_show() is not None and not table.cards.moving():
            return
    raise AssertionError("the declaration never showed")


@pytest.mark.parametrize("variant", ["tres", "cuatro"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_a_declarations_cards_show_face_up_clear_of_the_declarers_hand(
        app: App, variant: str, size: tuple[int, int]) -> None:
    """A newcomer saw a bot's 20 drawn over its hand of backs at the window's
    edge: the cards a left, right or top seat declares (§4) lie face up where
    they cover no card of its hand, and the table stays laid out."""
    n = find_variant(variant).players
    for kind in (Cante.TWENTY, Cante.TUTE):
        for seat in range(1, n):
            table = _table(app, variant, "en", size)
            for _ in range(400):  # to the person's lead: moves come between tricks
                if table.human_turn() and not table.board.trick:
                    break
                if table.human_turn():
                    table.act(next(a for a in table.match.state.legal_actions()
                                   if a.kind == "play"))
                table.update(0.1)
            trump = table.board.trump
            held = [c for h in table.board.hands for c in h]
            ev = next(e for e in (
                [Declared(seat, kind, None, r, 0) for r in (12, 11)] if kind is Cante.TUTE
                else [Declared(seat, kind, s, None, 20) for s in range(4) if s != trump])
                if all(c in held for c in bits(declared_mask(e, trump))))
            _declare_at(table, ev)
            where = table.geo.seat_position(seat, table.perspective, n)
            with cut_words() as cut:
                desc = table.describe()
            assert_laid_out(desc, app.text.font, n, cut, (variant, size, where, kind))
            [panel] = [p for p in desc.overlays if p.kind == "move"]
            covered = [k for k, r in table.regions().items()  # the trump's mark too
                       if k not in ("trick", "line") and pygame.Rect(panel.box).colliderect(r)]
            assert covered == [], (variant, size, where, kind, covered)
            hand = pygame.Rect(table.geo.hand_box(where))
            spots = [*desc.cards, *(s for p in (*desc.panels, *desc.overlays) for s in p.cards)]
            for card in bits(declared_mask(ev, trump)):
                shown = [s for s in spots if s.face == card]
                assert shown, (variant, size, where, kind, card)
                for spot in shown:
                    assert not card_hits(card_corners(desc, spot), hand), (
                        variant, size, where, kind, card)


@pytest.mark.parametrize("size", [MIN_SIZE, (1280, 720)])
def test_the_last_tricks_names_keep_to_their_cards(app: App, quick: None,
                                                   size: tuple[int, int]) -> None:
    """The last trick's panel names each card's player under it, within the
    card's room: four "Bot 1 (medium)" ran into each other on the review's
    narrow board at 960x540 (the table's and the review's panel alike)."""
    sized(app, size, "en", "normal")
    scene = _review(app, "parejas", named_seats(app, 4))
    seen = 0
    for step in range(len(scene.log) + 1):
        scene.go(step)
        for panel in scene.describe().overlays:
            if panel.kind != "last_trick":
                continue
            seen += 1
            spans = sorted((w.at[0] - app.text.width(w.words, w.size) / 2,
                            w.at[0] + app.text.width(w.words, w.size) / 2)
                           for w in panel.words[1:])
            assert len(spans) == 4
            for (_, right), (left, _) in zip(spans, spans[1:], strict=False):
                assert right <= left, (step, spans)
    assert seen


@pytest.mark.parametrize("variant", ["tres", "parejas", "cuatro"])
@pytest.mark.parametrize(("lang", "text_size"),
                         [("en", "normal"), ("en", "large"), ("es", "normal"), ("es", "large")])
def test_the_last_tricks_callout_with_a_bots_long_name_is_whole(
        app: App, variant: str, lang: str, text_size: str) -> None:
    """Newcomer, shot 63: "Bot 3 (medium) takes it: +18, with las diez de últim…"
    was cut in English. The longest callout the game's own names make (the last
    trick, won by "Bot 3 (medium)") shows every word, on nothing else, at every size."""
    n = find_variant(variant).players
    for size in [*SIZES, (1280, 800)]:
        sized(app, size, lang, text_size)
        seats = named_seats(app, n)
        table = _to_a_callout(app, variant, seats)
        longest = max((s.name for s in seats[1:]), key=len)
        table.hud.callout = app.tr("callout", name=longest,
                                   points=app.tr("chron.points_diez", points=18))
        _check(table, size)
        with cut_words() as cut:
            desc = table.describe()
        assert not cut, (size, cut)
        assert_laid_out(desc, app.text.font, n, cut, (variant, lang, text_size, size))


@pytest.mark.parametrize("lang", LANGS)
def test_a_two_player_bots_row_keeps_its_numbers_on_its_line(app: App, lang: str) -> None:
    """A newcomer at 960x540 with large text saw boricua's panel wrap "Bot
    (medium)" onto a line of its own, its numbers under it, beside totals of
    "67 (17 buenas)": the one bot's name leaves its level out there ("Bot")."""
    import random

    from tute_desktop.i18n.defaults import short_name

    assert short_name(lang, app_tr(lang, "bot_named", "medium"), "medium") == "Bot"
    sized(app, (960, 540), lang, "large")
    for seed in range(60):  # a second round, both totals past 50: buenas
        rng = random.Random(seed)
        m = Match("boricua", [Seat(app.tr("you")),
                              Seat(app.tr("bot_named", level=app.tr("level_medium")), "medium")],
                  seed=seed)
        while m.state.phase == "play":
            m.apply(rng.choice(m.state.legal_actions()))
        if m.state.phase != "match_over" and min(m.state.match_totals()) > 50:
            break
    else:
        raise AssertionError("no seed gave both totals past 50")
    m.next_round()
    table = TableScene(app, m)
    app.reset_to(table)
    app.draw_frame()
    rows = table.hud._panel_layout(table.match.state)[3][1:]
    assert all("\n" not in row[0] for row in rows), rows
    assert rows[1][0] == "Bot", rows


def app_tr(lang: str, key: str, level: str) -> str:
    from tute_desktop.i18n import tr

    return tr(lang, key, level=tr(lang, f"level_{level}"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("text_size", list(TEXT_SIZES))
def test_a_teams_row_in_the_score_panel_keeps_its_numbers_on_its_line(
        app: App, lang: str, text_size: str) -> None:
    """Newcomer, shot 130 (Tute in pairs, large text): the panel wrapped "Bot 2
    (medium) + Bot 4 (medium)" and put the team's numbers on the next line. A
    team of the game's own names fits on one line (its bots' levels left out
    where they do not fit), at 1280x800 and larger."""
    for size in [(1280, 720), (1280, 800), (1920, 1080), (2560, 1440)]:
        sized(app, size, lang, text_size)
        table = TableScene(app, Match("parejas", named_seats(app, 4), seed=4))
        app.reset_to(table)
        app.draw_frame()
        rows = table.hud._panel_layout(table.match.state)[3][1:]
        assert all("\n" not in row[0] for row in rows), (size, rows)
        bots = table.hud.side_name(1)  # "Bot 2 (medium) + Bot 4 (medium)": still named
        assert rows[1][0] in (bots, table.hud.short_side_name(1))
        assert table.hud.short_side_name(1) == "Bot 1 + Bot 3"  # (seats 2 and 4 here)
        # Both teams in one form: short both where one is (nc78 read "Bot 2 + Bot
        # 4" under "Tú + Bot 3 (difícil)" as two ways of naming).
        short = [rows[k][0] == table.hud.short_side_name(k) != table.hud.side_name(k)
                 for k in (0, 1)]
        assert short[0] == short[1] or table.hud.short_side_name(0) == table.hud.side_name(0)


@pytest.mark.parametrize("variant", ["habanero", "corriente", "boricua"])
def test_the_trumps_mark_keeps_its_place_all_the_round(app: App, variant: str) -> None:
    """A newcomer saw the trump's mark jump from beside the stock to above it
    as the stock went down: with two players it lies where a full stock
    leaves room, the same from the deal to the last card drawn, at every size."""
    import random

    for size in [(960, 540), (1280, 720), (1920, 1080)]:
        for text_size in TEXT_SIZES:
            sized(app, size, "en", text_size)
            m = Match(variant, named_seats(app, 2), seed=5)
            table = TableScene(app, m)
            app.reset_to(table)
            rng = random.Random(5)
            spots = set()
            while m.state.phase == "play" and m.state.stock:
                app.draw_frame()
                spots.add(table.hud.trump_spot(m.state))
                m.apply(rng.choice(m.state.legal_actions()))
            assert len(spots) == 1, (size, text_size, spots)


def test_a_card_that_may_not_be_played_is_drawn_clearly_darker(app: App) -> None:
    """nc83 (grandparents at a shared screen) saw the cards they could not play
    "only slightly greyer": a dimmed card (``picture.DIMMED``) is drawn at most
    half as bright as the same card that may be played, its face still there."""
    from tute_desktop.ui.table.picture import DIMMED, draw_card

    def brightness(tint: tuple[int, int, int] | None) -> float:
        canvas = app.screen.canvas()
        canvas.clear((0, 0, 0))
        draw_card(canvas, app.resources, 5, "red", (100, 150), (120, 180), 0.0, tint)
        shot = app.screen.read_pixels()
        r = app.screen.ratio
        values = [sum(shot.get_at((int(x * r), int(y * r)))[:3])
                  for x in range(50, 150, 5) for y in range(70, 230, 5)]
        return sum(values) / len(values)

    bright, dim = brightness(None), brightness(DIMMED)
    assert 0.15 * bright < dim <= 0.5 * bright, (bright, dim)


def test_a_deferred_seven_shows_under_the_face_up_card(app: App,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """§7.2: corriente's deferred exchange puts the 7 under the face-up card
    until its holder's next trick won. Tucked left, it lay under the stock,
    and nc99 saw the stock's count grow by a card he could not find: its end
    sticks out right of the face-up card, where it is what a point shows."""
    from window_helpers import drawn_texts, settle

    from tute_desktop.engine.cards import CARDS
    from tute_desktop.ui.table.describe import card_under

    for seed in range(1, 60):
        match = Match("corriente", [Seat("Ana"), Seat("Bot 1", "medium")], seed=seed)
        table = TableScene(app, match)
        app.reset_to(table)
        settle(app, table)
        st = match.state
        swap = [a for a in st.legal_actions() if a.kind == "swap"] if table.human_turn() else []
        if swap:
            before = [t for t in drawn_texts(app, monkeypatch)
                      if t.startswith(app.tr("stock", n=""))]
            tip = next(b.tip for b in table.hud.actions.buttons if b.tag == str(swap[0]))
            assert {"en": "the stock counts it", "es": "cuenta en el monte"}[app.lang] in tip
            table.act(swap[0])
            settle(app, table)
            break
    assert st.pending_card >= 0, "a deferred exchange made"
    # The count shown grows by it (the button's "?" and the chronicle say so).
    count = int(before[0].split()[-1])
    assert app.tr("stock", n=count + 1) in drawn_texts(app, monkeypatch)
    desc = table.describe()
    spots = {s.face: s for s in desc.cards if s.face is not None}
    under, top = spots[st.pending_card], spots[st.faceup]
    _, ch = desc.card_size
    end = (under.x + ch * under.scale / 2 - 3, under.y)  # (turned across: its length)
    assert under.x > top.x
    assert card_under(desc, set(spots), end) == st.pending_card, CARDS[st.pending_card]
