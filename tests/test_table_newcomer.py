"""Issue 18: what the table shows a newcomer, through the window's own intents:
cards that rise under the pointer (never an illegal one), the arrows skipping
what may not be played, the hint raised and cleared by undo, a hand rearranged
by dragging, the stock's count only while a stock is on the table, parejas'
turned-up trump in the dealer's hand, the trick's winner named with its points,
the rule line and the chronicle, and a resumed match that deals nothing again."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pygame
import pytest
from window_helpers import (
    drawn_texts,
    new_table,
    play_first,
    press,
    settle,
    tick,
    visible_point,
)

from tute_desktop.app import App
from tute_desktop.engine.cards import card_name
from tute_desktop.engine.events import TrickWon
from tute_desktop.game.match import Match, Seat
from tute_desktop.i18n import tr
from tute_desktop.ui import intents as I
from tute_desktop.ui.table import TableScene
from tute_desktop.ui.table.advice import rule_line
from tute_desktop.ui.table.chronicle import callout_text
from tute_desktop.ui.widgets import GOLD


def _legal(table: TableScene) -> int:
    return table.match.state.legal_play_mask()


def _to_a_choice(app: App, table: TableScene, seed_limit: int = 60) -> None:
    """Play on (first legal action) until the person must choose among cards
    with some of their hand not allowed."""
    for _ in range(seed_limit):
        settle(app, table)
        hand = table.my_hand()
        if table.human_turn() and any(not _legal(table) >> c & 1 for c in hand):
            return
        if table.human_turn():
            st = table.match.state
            plays = [a for a in st.legal_actions() if a.kind == "play"]
            table.act(plays[0] if plays else st.legal_actions()[-1])
    pytest.fail("no position with an illegal card came up")


def test_the_card_under_the_pointer_rises_unless_it_may_not_be_played(app: App) -> None:
    table = new_table(app, "tres", seed=3)
    _to_a_choice(app, table)
    legal = _legal(table)
    hand = table.my_hand()
    good = next(c for c in hand if legal >> c & 1)
    bad = next(c for c in hand if not legal >> c & 1)
    app.dispatch(I.Intent(I.POINTER, pos=visible_point(table, good)))
    assert table.marks(legal)[0] == {good}
    app.dispatch(I.Intent(I.POINTER, pos=visible_point(table, bad)))
    assert table.marks(legal)[0] == frozenset()


def test_the_arrows_choose_only_cards_that_may_be_played(app: App) -> None:
    table = new_table(app, "tres", seed=3)
    _to_a_choice(app, table)
    legal = _legal(table)
    for _ in range(len(table.my_hand()) + 2):
        app.dispatch(I.Intent(I.RIGHT))
        lifted = table.marks(legal)[0]
        assert len(lifted) == 1 and legal >> next(iter(lifted)) & 1


def test_the_hint_raises_its_card_says_it_above_the_hand_and_undo_clears_it(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table(app, "habanero", seed=2)
    settle(app, table)
    human = next(a for a in table.match.state.legal_actions() if a.kind == "play")
    table.act(human)  # something to undo
    settle(app, table)
    press(app, "hint")
    tick(app)
    card = table.hint_card
    assert card is not None and card in table.my_hand()
    lifted, outlined = table.marks(_legal(table))
    assert card in lifted and outlined[card] == GOLD
    # The hint's words first, then its reason where it has one (issue 31),
    # wrapped above the hand.
    words = tr(app.lang, "hint_is_card", action=table.hud.card(card_name(card)))
    assert any(t.startswith(words) for t in drawn_texts(app, monkeypatch))
    press(app, "undo")
    assert table.hint_card is None
    assert not any(t.startswith(words) for t in drawn_texts(app, monkeypatch))


def test_a_card_dragged_along_the_hand_stays_where_it_is_dropped(app: App) -> None:
    table = new_table(app, "habanero", seed=5)
    settle(app, table)
    hand = table.my_hand()
    last, first = hand[-1], hand[0]
    before = list(table.match.rounds[-1].actions)
    start = visible_point(table, last)
    drop = (int(table.sprites[first].x - table.geo.card_w), start[1])
    app.dispatch(I.Intent(I.PRESS, pos=start))
    app.dispatch(I.Intent(I.POINTER, pos=(start[0] - 40, start[1] - 5)))
    app.dispatch(I.Intent(I.POINTER, pos=drop))
    app.dispatch(I.Intent(I.RELEASE, pos=drop))
    assert table.my_hand()[0] == last
    assert table.match.rounds[-1].actions == before  # rearranging plays nothing
    # Cards drawn later join the end: the person's order is kept.
    mine = table.my_hand()[:]
    for _ in range(20):
        settle(app, table)
        st = table.match.state
        if not st.stock:
            break
        plays = [a for a in st.legal_actions() if a.kind == "play"]
        table.act(plays[-1] if plays else st.legal_actions()[-1])
        tick(app, 30)
    kept = [c for c in table.my_hand() if c in mine]
    assert kept == [c for c in mine if c in kept]


def test_the_stock_count_shows_only_once_the_stock_is_dealt(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table(app, "habanero", seed=1)
    stock_words = tr(app.lang, "stock", n=len(table.match.state.stock))
    assert stock_words not in drawn_texts(app, monkeypatch)  # the shuffle: no stock yet
    settle(app, table)
    # The face-down pile and the face-up trump card under it (RULES §6).
    assert tr(app.lang, "stock", n=table.board.stock_left()) in drawn_texts(app, monkeypatch)


def test_the_dealers_turned_up_trump_shows_in_parejas_until_it_is_played(app: App) -> None:
    for seed in range(1, 30):
        table = new_table(app, "parejas", seed=seed)
        if table.match.state.dealer != 0:
            break
    settle(app, table)
    dealer = table.match.state.dealer
    turned = table.board.turned
    assert turned in table.board.hands[dealer]
    assert table.sprites[turned].face_up  # in another player's hidden hand
    for _ in range(40):
        if turned not in table.board.hands[dealer]:
            break
        if table.human_turn():
            table.act(next(a for a in table.match.state.legal_actions() if a.kind == "play"))
        tick(app)
    assert table.board.turned == -1


def test_a_complete_trick_names_its_winner_and_points_and_marks_the_winning_card(
        app: App) -> None:
    table = new_table(app, "habanero", seed=4)
    settle(app, table)
    table.act(next(a for a in table.match.state.legal_actions() if a.kind == "play"))
    for _ in range(100):
        table.update(0.05)
        if table.hud.callout is not None:
            break
    step = table.controller.current
    assert step is not None and step.kind == "trick"
    ev = step.event
    words = table.hud.callout
    assert words == callout_text(app.lang, ev, table.hud.names)
    assert f"+{ev.points}" in words
    if ev.winner != 0:  # the person is spoken to as "you"
        assert table.name(ev.winner) in words
    winning = int(ev.cards[ev.seats.index(ev.winner)])
    assert table.marks(None)[1] == {winning: GOLD}
    tick(app, 40)
    assert table.hud.callout is None


def test_the_rule_line_says_what_the_person_may_do_now(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table(app, "tres", seed=3)
    _to_a_choice(app, table)
    if table.hud.toast is not None:  # (a word of the game's exchange first, §8: the
        table.hud.toast = None  # line shows once it has gone)
    words = rule_line(tr, app.lang, table.match.state, 0)
    assert words and table.hud.rule_line == words
    assert words in drawn_texts(app, monkeypatch)


def test_the_chronicle_opens_with_its_key_and_tells_the_last_plays(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table(app, "habanero", seed=2)
    settle(app, table)
    play = next(a for a in table.match.state.legal_actions() if a.kind == "play")
    table.act(play)
    tick(app, 10)
    press(app, "chronicle")
    assert table.hud.show_chronicle
    texts = drawn_texts(app, monkeypatch)
    assert tr(app.lang, "chronicle") in texts
    card_words = table.hud.card(str(play.card))
    assert any(card_words.lower() in t.lower() for t in texts if t != card_words)
    press(app, "chronicle")
    assert not table.hud.show_chronicle


def test_the_chronicle_scrolls_back_where_it_has_room_for_few_rows(app: App) -> None:
    """With four players the drawer has room for a few rows (nc82, a bridge
    player, could not read a whole trick back): the wheel and the arrows go
    back through what it keeps, its title says where the rest is, and it opens
    at the newest."""
    table = new_table(app, "cuatro", seed=2)
    for _ in range(6):  # a few tricks: more rows than it shows
        settle(app, table)
        st = table.match.state
        table.act(next((a for a in st.legal_actions() if a.kind == "play"),
                       st.legal_actions()[0]))
    settle(app, table)
    hud = table.hud
    press(app, "chronicle")

    def shown() -> list[str]:
        (panel,) = [p for p in table.describe().overlays if p.kind == "chronicle"]
        return [w.words for w in panel.words]

    rows = hud.chronicle_rows()
    every = [row for row, _ in rows]
    fit = hud.chronicle_fit(table.match.state)

    def whole(start: int, end: int) -> list[str]:
        """Rows start..end, without the end of an entry cut off at the top
        (nc112 read "(the Knight (11) of cups)" there)."""
        while end - start > 1 and rows[start][1]:
            start += 1
        return every[start:end]

    n = len(every)
    newest = shown()
    assert n > fit and newest[1:] == whole(n - fit, n)
    assert "↑" in newest[0] and "↓" not in newest[0]
    assert not rows[n - len(newest[1:])][1]  # (the first row shown starts an entry)
    app.dispatch(I.Intent(I.SCROLL, value=2))
    assert shown()[1:] == whole(n - fit - 2, n - 2) and "↓" in shown()[0]
    app.dispatch(I.Intent(I.DOWN))
    assert shown()[1:] == whole(n - fit - 1, n - 1)
    app.dispatch(I.Intent(I.SCROLL, value=100))  # as far back as it keeps
    assert shown()[1:] == every[:fit] and "↑" not in shown()[0]
    press(app, "chronicle")
    press(app, "chronicle")  # opened again: at the newest
    assert shown() == newest


def test_the_chronicles_top_row_starts_an_entry(app: App) -> None:
    """The drawer shows whole entries: where the oldest rows that would fit are
    the end of a long one, they are left out (nc112's first line read "(the
    Knight (11) of cups)", an entry's start cut off above it)."""
    table = new_table(app, "cuatro", seed=2)
    settle(app, table)
    hud = table.hud
    press(app, "chronicle")
    fit = hud.chronicle_fit(table.match.state)
    long = " ".join(["Bot 2 (hard) plays the Knight (11) of cups"] * 4)
    hud.chronicle_lines = [long] + [f"Entry {i}" for i in range(fit - 1)]
    rows = hud.chronicle_rows()
    assert len(rows) > fit and rows[len(rows) - fit][1]  # (the window starts mid-entry)
    (panel,) = [p for p in table.describe().overlays if p.kind == "chronicle"]
    assert [w.words for w in panel.words][1:] == [f"Entry {i}" for i in range(fit - 1)]


def test_a_resumed_match_shows_its_cards_without_dealing_again(app: App) -> None:
    seats = [Seat("Ana"), Seat("Bot 1", "random")]
    played = Match("habanero", seats, seed=8)
    played.apply(next(a for a in played.state.legal_actions() if a.kind == "play")
                 if played.is_human_turn() else played.state.legal_actions()[0])
    resumed = Match.from_json(played.to_json())
    table = TableScene(app, resumed)
    app.reset_to(table)
    assert not table.controller.animating()
    assert table.board.dealt


def test_with_sorting_off_the_hand_stays_in_the_order_it_was_dealt(app: App) -> None:
    table = new_table(app, "habanero", seed=6)
    settle(app, table)
    hand = table.my_hand()
    assert hand == sorted(hand, key=lambda c: (c // 10 == table.match.state.trump, c // 10,
                                               c % 10))  # sorted by default
    app.set_settings(app.settings.with_(sort_hand=False))
    table = new_table(app, "habanero", seed=6)
    settle(app, table)
    dealt = [int(c) for c in table.match.rounds[-1].deal.hands[0]]
    assert table.my_hand() == [c for c in dealt if c in table.my_hand()]


def test_every_special_button_explains_itself_on_hover_and_with_the_help_key(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table(app, "tres", seed=3)  # seat 0 may declare a 20 at its first lead
    for _ in range(200):
        settle(app, table)
        if table.actions.buttons:
            break
        st = table.match.state
        plays = [a for a in st.legal_actions() if a.kind == "play"]
        table.act(plays[0] if plays else st.legal_actions()[-1])
    special = [b for b in table.actions.buttons if b.label != "?"]
    assert special and all(b.tip for b in special)
    first = special[0]
    app.dispatch(I.Intent(I.POINTER, pos=first.rect.center))
    texts = drawn_texts(app, monkeypatch)
    assert any(line in first.tip for line in texts if len(line) > 12)
    app.dispatch(I.Intent(I.POINTER, pos=(1, 1)))
    assert not any(line in first.tip for line in drawn_texts(app, monkeypatch)
                   if len(line) > 12)
    app.dispatch(I.Intent(I.TEXT, char="?"))  # the help key shows it without a pointer
    assert any(line in first.tip for line in drawn_texts(app, monkeypatch) if len(line) > 12)
    # The box does not stay over the table (nc87): Esc closes it before it
    # opens the menu, and "?" after the last button's closes it too.
    app.dispatch(I.Intent(I.BACK))
    assert table.hud.explaining is None and app.top is table
    for _ in special:
        app.dispatch(I.Intent(I.TEXT, char="?"))
        assert table.hud.explaining is not None
    app.dispatch(I.Intent(I.TEXT, char="?"))
    assert table.hud.explaining is None
    assert not any(line in b.tip for b in special for line in drawn_texts(app, monkeypatch)
                   if len(line) > 12)


def test_undo_takes_the_undone_plays_out_of_the_chronicle(app: App) -> None:
    table = new_table(app, "habanero", seed=2)
    settle(app, table)
    before = list(table.hud.chronicle_lines)
    table.act(next(a for a in table.match.state.legal_actions() if a.kind == "play"))
    tick(app, 40)
    settle(app, table)
    assert table.hud.chronicle_lines != before
    press(app, "undo")
    assert table.hud.chronicle_lines == before


def test_a_resumed_match_tells_its_round_so_far(app: App) -> None:
    seats = [Seat("Ana"), Seat("Bot 1", "random")]
    played = Match("habanero", seats, seed=8)
    for _ in range(6):
        played.apply(played.state.legal_actions()[0])
    table = TableScene(app, Match.from_json(played.to_json()))
    app.reset_to(table)
    assert len(table.hud.chronicle_lines) >= 4


def test_enter_plays_the_hinted_card(app: App) -> None:
    table = new_table(app, "tres", seed=3)
    _to_a_choice(app, table)
    app.dispatch(I.Intent(I.POINTER, pos=(1, 1)))  # the pointer away from the hand
    press(app, "hint")
    tick(app)
    hinted = table.hint_card
    assert hinted is not None
    app.dispatch(I.Intent(I.CONFIRM))
    assert table.match.rounds[-1].actions[-1] == (0, f"play {card_name(hinted)}")


def test_enter_with_nothing_raised_raises_a_card_that_may_be_played(app: App) -> None:
    table = new_table(app, "tres", seed=3)
    _to_a_choice(app, table)
    app.dispatch(I.Intent(I.POINTER, pos=(1, 1)))
    before = list(table.match.rounds[-1].actions)
    app.dispatch(I.Intent(I.CONFIRM))
    assert table.match.rounds[-1].actions == before  # nothing played yet
    lifted = table.marks(_legal(table))[0]
    assert len(lifted) == 1 and _legal(table) >> next(iter(lifted)) & 1
    app.dispatch(I.Intent(I.CONFIRM))
    assert len(table.match.rounds[-1].actions) == len(before) + 1


def test_enter_plays_the_only_card_the_rules_allow_at_once(app: App) -> None:
    """The last card of the hand (or the one card that may follow, §3):
    one Enter plays it (cold play nc73: the first only raised it)."""
    table = new_table(app, "tres", seed=3)
    for _ in range(200):
        settle(app, table)
        if app.top is not table:
            break
        if table.human_turn() and len(table.match.state.legal_actions()) == 1:
            app.dispatch(I.Intent(I.POINTER, pos=(1, 1)))  # nothing raised
            assert table._raised() is None
            before = len(table.match.rounds[-1].actions)
            (only,) = table.match.state.legal_actions()
            app.dispatch(I.Intent(I.CONFIRM))
            assert len(table.match.rounds[-1].actions) == before + 1
            assert table.match.rounds[-1].actions[-1] == (0, str(only))
            return
        if table.human_turn():
            st = table.match.state
            plays = [a for a in st.legal_actions() if a.kind == "play"]
            table.act(plays[0] if plays else st.legal_actions()[-1])
    pytest.fail("no turn with one legal action came up")


def test_a_face_down_hand_lies_in_the_order_its_cards_came(app: App) -> None:
    """Sorted, the place a bot's card leaves from would tell its rank."""
    table = new_table(app, "habanero", seed=2)
    settle(app, table)
    tick(app, 20)
    dealt = [int(c) for c in table.match.rounds[-1].deal.hands[1]]
    hidden = table.board.hands[1]
    by_x = sorted(hidden, key=lambda c: table.sprites[c].x)
    assert [c for c in by_x if c in dealt] == [c for c in dealt if c in hidden]
    assert by_x != sorted(hidden) or len(hidden) < 2 or dealt == sorted(dealt)


def _observed(table: TableScene) -> tuple[object, ...]:
    """What the rest of the game may ask of the table: whether it is busy, which
    hands show, the cards' places and animations, the HUD's timers, the steps."""
    sprites = tuple((s.card, s.x, s.y, s.angle, s.face_up, s.z, s.scale, s.target,
                     None if s.tween is None else s.tween.elapsed, len(s.then))
                    for s in table.sprites.values())
    hud = table.hud
    return (table.busy(), table.hands_shown(), sprites, hud.banner, hud.toast, hud.callout,
            hud.explaining, hud.show_last, hud.show_chronicle, table.controller.current,
            len(table.controller.steps), table.selected, table.hover, table.describe())


@pytest.mark.parametrize("variant", ["habanero", "tres", "parejas"])
def test_drawing_a_frame_changes_nothing(app: App, variant: str) -> None:
    """Painting is free of side effects (issue 28): through a round with cards
    flying, the pointer over the hand and the buttons, the drawer, the last
    trick, a hint and banners, drawing a frame leaves everything the game may
    ask of the table as it was, and drawing it again gives the same pixels."""
    table = new_table(app, variant, seed=4)
    rng = random.Random(9)
    compared = moving = 0
    for frame in range(700):
        if app.top is not table:
            break
        if table.human_turn() and frame % 9 == 0:
            hand = table.my_hand()
            if rng.random() < 0.5 and hand:  # the pointer over a card, or a button
                app.dispatch(I.Intent(I.POINTER, pos=visible_point(table, rng.choice(hand))))
            else:
                buttons = table.hud.tools.buttons + table.hud.actions.buttons
                app.dispatch(I.Intent(I.POINTER, pos=rng.choice(buttons).rect.center))
            if rng.random() < 0.15:
                press(app, rng.choice(["chronicle", "last_trick", "hint"]))
            if rng.random() < 0.3:
                table.act(rng.choice([a for a in table.match.state.legal_actions()
                                      if a.kind != "play"] or
                                     table.match.state.legal_actions()))
        table.update(0.05)
        before = _observed(table)
        first = pygame.image.tobytes(app.picture(), "RGB")
        assert _observed(table) == before, f"frame {frame}: drawing changed the table"
        assert pygame.image.tobytes(app.picture(), "RGB") == first, f"frame {frame} differs"
        compared += 1
        moving += table.cards.moving()
    assert compared > 200 and moving > 20


def test_the_description_shows_no_hidden_card(app: App) -> None:
    """The description of the table names only the cards its viewer may see:
    the person's hand, the stock's face-up card, the trick; every other card is
    a back without a name; and the privacy query says what it shows."""
    table = new_table(app, "habanero", seed=2)
    settle(app, table)
    desc = table.describe()
    faces = {c.face for c in desc.cards if c.face is not None}
    backs = sum(c.face is None for c in desc.cards)
    board = table.board
    assert set(table.my_hand()) <= faces
    assert not faces & set(board.hands[1]) and not faces & set(board.stock)
    assert backs == len(board.hands[1]) + len(board.stock) + sum(map(len, board.piles))
    assert table.hands_shown().face_up[0] == frozenset(table.my_hand())
    assert table.hands_shown().face_up[1] == frozenset()


def test_a_table_renders_its_words_before_its_first_frame(app: App) -> None:
    """Opening a table loads its sounds and renders its words where nobody sees
    them, so its first frame shown renders no word and loads no font (it cost up
    to 54 ms at 2560x1440)."""
    for variant in ("habanero", "parejas"):
        new_table(app, variant, seed=2)
        before = (len(app.text._cache), len(app.text._fonts))
        app.draw_frame()
        assert (len(app.text._cache), len(app.text._fonts)) == before


def test_a_card_of_the_trick_is_named_once_it_lies_there(app: App) -> None:
    """At three players the person's card, on its way to the trick, has no name
    beside it yet; lying there, it has theirs, as their plate says it."""
    table = new_table(app, "tres", seed=2)
    settle(app, table)
    for _ in range(100):  # (the card played before the person's turn comes to rest)
        if not table.cards.moving():
            break
        tick(app, 1, 0.02)
    st = table.match.state
    play = next(a for a in st.legal_actions() if a.kind == "play")
    before = {t.seat for t in table.describe().trick_tags}
    assert before == set(st.trick_seats) == {1, 2}  # those that played before the person
    table.act(play)
    tick(app, 1, 0.01)
    assert 0 not in {t.seat for t in table.describe().trick_tags}
    card = int(play.card)  # type: ignore[arg-type]
    for _ in range(100):
        if not table.cards.flying([card]):
            break
        tick(app, 1, 0.02)
    assert (0, card) in table.board.trick
    desc = table.describe()
    plate = next(p for p in desc.plates if p.seat == 0)
    assert [t.words.words for t in desc.trick_tags if t.seat == 0] == [plate.name.words]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("variant", ["habanero", "tres", "parejas", "subastado"])
def test_the_dealers_plate_says_who_deals_beside_its_chip(app: App, lang: str,
                                                          variant: str) -> None:
    """A newcomer did not know what the "D" ("R") chip meant and never pointed
    at it for its tooltip: the dealer's plate says so under the name whenever
    it has nothing else to say (the turn, a declaration, a partner), in the
    game, a lesson and the review alike."""
    from dataclasses import replace

    from tute_desktop.engine import view
    from tute_desktop.ui.table.still import describe_table

    app.set_settings(replace(app.settings, language=lang))
    n = 4 if variant == "parejas" else (2 if variant == "habanero" else 3)
    said = tr(lang, "plate_dealer")
    assert said and said != "plate_dealer"
    others = {tr(lang, k) for k in ("plays_now", "your_turn", "your_partner")}
    dealers = set()
    for seed in range(1, 9):
        match = Match(variant, [Seat("Ana")] + [Seat(f"Bot {i}", "random")
                                                for i in range(1, n)], seed=seed)
        st = match.state
        desc = describe_table(app, match, view(st, 0), size=(1280, 720))
        for plate in desc.plates:
            status = plate.status.words if plate.status is not None else ""
            if plate.seat != st.dealer:
                assert plate.chip is None and status != said
                continue
            assert plate.chip is not None and plate.chip_word is not None
            # (else whose turn it is, or who partners: parejas' team colour says it too)
            assert status == said or status in others, (seed, plate.seat, status)
            if status == said:
                dealers.add(plate.seat)
    assert len(dealers) >= 2  # (each seat deals in turn: not only one seat's plate)


@pytest.mark.parametrize("variant", ["parejas", "cuatro"])
def test_the_dealers_turned_up_trump_stays_face_up_after_a_trick_and_after_a_resume(
        app: App, variant: str) -> None:
    """RULES §9, §13: the dealer's last card is shown to all and stays face up in
    their hand until played: after the first trick, and in a resumed match too."""
    for seed in range(1, 60):
        table = new_table(app, variant, seed=seed)
        dealer = table.match.state.dealer
        if dealer == 0:
            continue
        turned = table.board.turned
        for _ in range(40):
            settle(app, table)
            if table.match.state.tricks_played >= 1 or app.top is not table:
                break
            table.act(next(a for a in table.match.state.legal_actions() if a.kind == "play"))
        if app.top is table and turned in table.board.hands[dealer]:
            break
    assert table.match.state.tricks_played >= 1 and turned in table.board.hands[dealer]
    assert table.board.turned == turned and table.sprites[turned].face_up
    resumed = TableScene(app, Match.from_json(table.match.to_json()))
    app.reset_to(resumed)
    settle(app, resumed)
    assert resumed.board.turned == turned
    assert resumed.sprites[turned].face_up
    assert resumed.cards.face_up_cards() == table.cards.face_up_cards()


@pytest.mark.parametrize("variant", ["tres", "parejas"])
def test_no_plate_says_whose_turn_while_plays_are_still_being_shown(
        app: App, variant: str) -> None:
    """The engine moves on at once and the pictures follow: a newcomer read
    "Your turn" while a bot's card was still on its way, and the trick's
    winner "Plays now" while the trick was still on show. While earlier plays
    are shown no plate says whose turn it is (nor is lit); once they are, the
    seat to act's plate says it."""
    table = new_table(app, variant, seed=5)
    turn_words = {tr(app.lang, k) for k in ("your_turn", "plays_now", "plate_thinking")}
    shown_while_moving = 0
    for _ in range(3):
        settle(app, table)
        assert table.human_turn()
        plates = table.describe().plates
        assert any(p.status is not None and p.status.words == tr(app.lang, "your_turn")
                   for p in plates)
        st = table.match.state
        plays = [a for a in st.legal_actions() if a.kind == "play"]
        table.act(plays[0] if plays else st.legal_actions()[-1])
        for _ in range(400):
            if not table.controller.animating():
                break
            for plate in table.describe().plates:
                words = plate.status.words if plate.status is not None else ""
                assert words not in turn_words, (plate.seat, words)
            shown_while_moving += 1
            tick(app)
    assert shown_while_moving >= 3  # (a frame or more after each play)


def test_the_last_trick_closes_when_a_card_is_played_or_the_trick_is_gathered(
        app: App) -> None:
    """A newcomer opened the last trick (L) while the bots played: the panel
    stayed over the trick being played and into their own turn. It is a look
    back: the next card played on the table, the person's own or a bot's,
    closes it, and so does the trick being gathered."""
    table = new_table(app, "tres", seed=3)
    first_round = len(table.match.rounds)
    while not table.board.last_trick:  # play on to a trick gathered
        settle(app, table)
        plays = [a for a in table.match.state.legal_actions() if a.kind == "play"]
        table.act(plays[0] if plays else table.match.state.legal_actions()[-1])
        tick(app, 3)
    settle(app, table)
    assert len(table.match.rounds) == first_round
    press(app, "last_trick")
    tick(app)
    assert table.hud.show_last
    plays = [a for a in table.match.state.legal_actions() if a.kind == "play"]
    table.act(plays[0])  # the person's own card
    tick(app)
    assert not table.hud.show_last
    # A bot's card: open it while the bots are to play, and let one play.
    press(app, "last_trick")
    assert table.hud.show_last
    cards_on_table = len(table.match.state.trick_cards)
    for _ in range(100):
        tick(app)
        if len(table.board.trick) > cards_on_table + 1 or not table.board.trick:
            break
    assert not table.hud.show_last


def test_the_last_trick_asked_while_a_trick_is_on_the_table_says_it_is_that_one(
        app: App) -> None:
    """L pressed while a complete trick was still on the table ("Bot 4 takes
    it: +12") opened the trick before it under the title "Last trick" (cold
    play nc81). The one on the table is the last: it says so, and opens no
    panel of an older trick."""
    table = new_table(app, "habanero", seed=2)
    settle(app, table)
    press(app, "last_trick")  # none yet: said (nc83 saw nothing happen)
    assert not table.hud.show_last and table.hud.toast is not None
    assert table.hud.toast[0] == app.tr("last_none")
    table = new_table(app, "tres", seed=3)
    for _ in range(6000):
        step = table.controller.current
        if step is not None and isinstance(step.event, TrickWon) and not step.started \
                and table.board.last_trick:
            break
        play_first(app, table)
    else:
        pytest.fail("no second trick came to the table")
    press(app, "last_trick")
    assert not table.hud.show_last
    assert table.hud.toast is not None and table.hud.toast[0] == app.tr("last_on_table")
    for _ in range(200):  # gathered: L opens that trick, now the last
        if table.board.trick == []:
            break
        tick(app, 1, 0.05)
    press(app, "last_trick")
    assert table.hud.show_last
    assert [c for _, c in table.board.last_trick] == [int(c) for c in step.event.cards]


def test_a_person_who_lets_a_declaration_pass_at_the_first_trick_is_told(app: App) -> None:
    """RULES §4 use_or_lose: a player won his first trick holding a 20, led
    without declaring, and the button never came back, with no word why
    (cold play nc81). The table says so at once, to the person alone."""
    table = _at_a_declaration(app, first=True)
    table.act(next(a for a in table.match.state.legal_actions() if a.kind == "play"))
    assert table.match.state.lost_right[0]  # (the lead, with nothing declared)
    assert table.hud.toast is not None and table.hud.toast[0] == app.tr("right_lost")


def _at_a_declaration(app: App, first: bool = False) -> TableScene:
    """tres, the person to act with a declaration to make (``first``: at their
    first trick won), playing their first card until then."""
    for seed in range(60):
        table = new_table(app, "tres", seed=seed)
        for _ in range(40):
            settle(app, table)
            st = table.match.state
            if st.phase != "play" or not table.human_turn():
                break
            acts = st.legal_actions()
            if any(a.kind == "sing" for a in acts) and (st.tricks_won[0] == 1 or not first):
                return table
            plays = [a for a in acts if a.kind == "play"]
            table.act(plays[0] if plays else acts[-1])
    pytest.fail("no declaration to make came up")


def test_enter_with_a_declaration_to_make_raises_no_card(app: App) -> None:
    """Two Enters out of habit at a declaration window raised the leftmost card
    and led it: the 40 lost, and with it the right to declare (cold play nc83).
    There Enter says what to do and raises nothing; a card pointed at, or the
    declaration's button, still acts."""
    table = _at_a_declaration(app)
    before = len(table.match.rounds[-1].actions)
    for _ in range(2):
        app.dispatch(I.Intent(I.CONFIRM))
    assert len(table.match.rounds[-1].actions) == before
    assert table._raised() is None
    assert table.hud.toast is not None and table.hud.toast[0] == app.tr("enter_sing_pending")
    sing = next(b for b in table.actions.buttons if b.tag.startswith("sing"))
    app.dispatch(I.Intent(I.KEY, char=sing.key))
    assert table.match.rounds[-1].actions[before][1].startswith("sing")


def test_tres_compulsory_exchanges_show_each_change_of_the_dead_card(app: App) -> None:
    """tres (§8): the engine makes the compulsory exchanges with the deal. A
    newcomer saw the dead card already the 2 while the first exchange (the 7
    for the Ace) was on show, and the 7 back in their hand: the table now
    shows the card dealt, then each exchange as it is shown."""
    from tute_desktop.engine.events import Exchanged

    table = new_table(app, "tres", seed=3)  # Ana's 7 takes the Ace, then her 2 the 7
    st = table.match.state
    swaps = [ev for ev in table.match.round_events() if isinstance(ev, Exchanged)]
    assert [(ev.seat, int(ev.took)) for ev in swaps] == [(0, int(swaps[0].took)),
                                                         (0, int(swaps[0].gave))]
    dead_seen = []
    for _ in range(400):
        step = table.controller.current
        if step is not None and isinstance(step.event, Exchanged) and step.started:
            dead_seen.append((swaps.index(step.event), table.board.dead))
        if table.human_turn():
            break
        tick(app, 1, 0.05)
    shown = dict(dead_seen)
    assert shown[0] == int(swaps[0].gave)  # the 7 lies there while its exchange shows
    assert shown[1] == int(swaps[1].gave)  # then the 2
    assert table.board.dead == st.dead_card == int(swaps[1].gave)
    assert int(swaps[0].took) in table.board.hands[0] and int(swaps[1].took) in table.board.hands[0]


def test_the_rounds_last_trick_stays_before_the_summary(app: App) -> None:
    """A newcomer saw the round's last trick vanish into the summary before
    they could read it: it stays on the table, its callout shown, twice as
    long as a trick the person takes (``LAST_TRICK_HOLD``), before it is
    gathered (one a bot takes stays ``TAKEN_TRICK_HOLD``)."""
    from tute_desktop.ui.table.controller import LAST_TRICK_HOLD, STEPS

    table = new_table(app, "habanero", seed=2)
    held: dict[bool, float] = {}
    for _ in range(20000):
        step = table.controller.current
        if step is not None and isinstance(step.event, TrickWon) \
                and (step.event.diez or step.event.winner == 0):
            held.setdefault(step.event.diez, step.hold)
        if table.human_turn():
            st = table.match.state
            table.act(next((a for a in st.legal_actions() if a.kind == "play"),
                           st.legal_actions()[0]))
        if True in held:
            break
        tick(app, 1, 0.05)
    assert held[False] == STEPS[TrickWon].hold
    assert held[True] == LAST_TRICK_HOLD >= 2 * STEPS[TrickWon].hold


def _tricks_on_show(app: App, table: TableScene, frames: int = 6000) -> Iterator[TrickWon]:
    """Each complete trick while its callout is on show (the person plays
    their first legal card)."""
    for _ in range(frames):
        step = table.controller.current
        ev = step.event if step is not None else None
        if isinstance(ev, TrickWon) and step is not None and not step.started \
                and table.hud.callout is not None:
            yield ev
        if table.human_turn():
            st = table.match.state
            table.act(next((a for a in st.legal_actions() if a.kind == "play"),
                           st.legal_actions()[0]))
        tick(app, 1, 0.05)


def test_a_four_player_tricks_winner_does_not_cover_the_persons_card(app: App) -> None:
    """The trick's winning card, outlined in gold, was drawn over everything:
    when the partner opposite won, it covered the top half of the person's
    card (a newcomer's report). It keeps the trick's order now, the person's
    card over it; a hinted card is still drawn last."""
    table = new_table(app, "parejas", seed=5)
    checked = 0
    for ev in _tricks_on_show(app, table):
        if ev.winner != 2 or 0 not in ev.seats:
            continue
        desc = table.describe()
        order = [c.face for c in desc.cards]
        won = int(ev.cards[ev.seats.index(2)])
        mine = int(ev.cards[ev.seats.index(0)])
        assert next(c for c in desc.cards if c.face == won).outline == GOLD
        assert order.index(mine) > order.index(won)
        checked += 1
        if checked >= 2:
            break
    assert checked >= 1


def test_a_two_player_tricks_winner_is_drawn_whole(app: App) -> None:
    """With two, the winning card of the trick on show is drawn over the other
    (its gold frame and its index whole), whichever was played first."""
    table = new_table(app, "habanero", seed=2)
    checked = set()
    for ev in _tricks_on_show(app, table):
        order = [c.face for c in table.describe().cards]
        won = int(ev.cards[ev.seats.index(ev.winner)])
        other = next(int(c) for c in ev.cards if int(c) != won)
        assert order.index(won) > order.index(other)
        checked.add(ev.seats.index(ev.winner))
        if checked == {0, 1}:
            break
    assert checked == {0, 1}  # the winner played first, and second


def test_h_pressed_as_the_turn_is_drawn_is_asked_when_it_shows(app: App) -> None:
    """A player pressed H while the trick before their turn was still flying,
    and nothing happened: the press is kept for that position, and the hint is
    said to be coming."""
    table = new_table(app, "tres", seed=3)
    for _ in range(40):  # to a frame where the turn is the person's but still drawn
        settle(app, table)
        st = table.match.state
        table.act(next(a for a in st.legal_actions() if a.kind == "play"))
        for _ in range(60):
            if table.controller.turn_coming(table.confirmed) and not table.human_turn():
                break
            tick(app, dt=0.02)
        if table.controller.turn_coming(table.confirmed) and not table.human_turn():
            break
    else:
        pytest.fail("no turn came while the table still moved")
    press(app, "hint")
    assert table.controller.hint is None  # not yet: the turn does not show
    # ... but said at once, as a hint asked on the turn is (nc91 saw nothing)
    assert table.hud.toast is not None and table.hud.toast[0] == app.tr("hint_thinking")
    settle(app, table)
    tick(app, 2)
    assert table.hint_card is not None or table.hud.hinted  # a card raised, or an action ringed


def test_enter_plays_the_hinted_card_with_the_pointer_on_one_not_allowed(app: App) -> None:
    """A newcomer clicked a greyed card to see why, then pressed Enter with the
    hinted card still raised: a refusal came, not the hinted card."""
    table = new_table(app, "tres", seed=3)
    _to_a_choice(app, table)
    press(app, "hint")
    tick(app)
    hinted = table.hint_card
    assert hinted is not None
    bad = next(c for c in table.my_hand() if not _legal(table) >> c & 1)
    where = visible_point(table, bad)
    app.dispatch(I.Intent(I.POINTER, pos=where))
    app.dispatch(I.Intent(I.PRESS, pos=where))
    app.dispatch(I.Intent(I.RELEASE, pos=where))  # refused: the rule is said
    assert hinted in table.marks(_legal(table))[0]
    app.dispatch(I.Intent(I.CONFIRM))
    assert table.match.rounds[-1].actions[-1] == (0, f"play {card_name(hinted)}")


def test_a_claim_the_totals_show_false_is_said_first_and_made_on_a_second_press(
        app: App) -> None:
    """RULES §10.1, `claim = manual`: a false claim loses the game. A strong
    player found "Claim 101 [K]" beside the declarations at 67 points a trap:
    the first press says the total and claims nothing; a second one claims."""
    from tute_desktop.engine.actions import CLAIM
    from tute_desktop.engine.events import Next

    for seed in range(40):
        match = Match("habanero", [Seat("Ana"), Seat("Bot", "random")], seed=seed,
                      options={"claim": "manual"})
        rng = random.Random(seed)
        while match.state.outcome is None:
            match.apply(rng.choice([a for a in match.state.legal_actions()
                                    if a.kind is not CLAIM]))
        if match.state.outcome.next is Next.VUELTA:
            match.next_round()
            break
    else:
        pytest.fail("no vuelta came")
    table = TableScene(app, match)
    app.reset_to(table)
    settle(app, table)
    st = table.match.state
    assert not st.claim_is_true(0)
    claim = next(b for b in table.actions.buttons if b.tag == "claim 101")
    actions = len(table.match.rounds[-1].actions)
    app.dispatch(I.Intent(I.KEY, char=claim.key))
    assert len(table.match.rounds[-1].actions) == actions  # nothing claimed yet
    total = str(st.round_total(0))
    assert table.hud.toast is not None and total in table.hud.toast[0]
    app.dispatch(I.Intent(I.KEY, char=claim.key))
    assert table.match.rounds[-1].actions[actions] == (0, "claim 101")


def test_a_card_chosen_with_the_arrows_after_a_hint_rises_alone(app: App) -> None:
    """After a hint, the arrows choose another card: it alone rises (the
    one Enter plays), the hinted one keeps its gold frame, lowered (cold play
    nc74: the chosen card hid behind the raised hinted one)."""
    table = new_table(app, "habanero", seed=2)
    for _ in range(40):  # (to a turn with two cards or more to choose from)
        settle(app, table)
        if bin(_legal(table)).count("1") >= 2:
            break
        table.act(table.match.state.legal_actions()[0])
    press(app, "hint")
    tick(app)
    hinted = table.hint_card
    assert hinted is not None
    app.dispatch(I.Intent(I.RIGHT))  # one arrow moves on from the hinted card (nc75:
    chosen = table._raised()  # the first one seemed to do nothing)
    assert chosen is not None and chosen != hinted
    lifted, outlined = table.marks(_legal(table))
    # it alone is marked: the hinted card's gold frame read as a second card
    # chosen (nc94); the hint's words still name it
    assert lifted == {chosen} and hinted not in outlined
    # Drawn above its neighbours (nc75: it rose behind its right-hand one).
    assert table.describe().cards[-1].face == chosen
    app.dispatch(I.Intent(I.CONFIRM))
    assert table.match.rounds[-1].actions[-1] == (0, f"play {card_name(chosen)}")
    for _ in range(40):  # (to the person's next choice: no card raised there, nc75)
        settle(app, table)
        if table.human_turn() and bin(_legal(table)).count("1") >= 2:
            break
        table.act(table.match.state.legal_actions()[0])
    assert table.human_turn() and table.marks(_legal(table))[0] == frozenset()


def test_a_click_on_the_hinted_card_where_it_covers_its_neighbour_plays_it(app: App) -> None:
    """The hinted card is drawn over its neighbours; the click went by the
    cards' stacking and played the neighbour under it (cold play nc81, four
    times: "you play what you point at"). The card pointed at and played is
    the one painted there."""
    for seed in range(2, 30):
        table = new_table(app, "habanero", seed=seed)
        settle(app, table)
        press(app, "hint")
        tick(app)
        hinted, hand = table.hint_card, table.my_hand()
        if hinted is None or hand.index(hinted) == len(hand) - 1:
            continue  # (a hinted card with a neighbour on its right, over it)
        neighbour = hand[hand.index(hinted) + 1]
        spots = {s.face: s for s in table.describe().cards}
        cw = table.geo.card_w
        where = (int(spots[hinted].x + cw * 0.4), int(spots[hinted].y))
        if abs(where[0] - spots[neighbour].x) >= cw / 2:
            continue
        assert table.describe().cards[-1].face == hinted  # painted over it
        app.dispatch(I.Intent(I.POINTER, pos=where))
        assert table.hover == hinted  # it, not the one under it, rises
        app.dispatch(I.Intent(I.PRESS, pos=where))
        app.dispatch(I.Intent(I.RELEASE, pos=where))
        assert table.match.rounds[-1].actions[-1] == (0, f"play {card_name(hinted)}")
        return
    pytest.fail("no hinted card covering a neighbour came up")


def test_a_hint_asked_on_anothers_turn_says_to_wait(app: App) -> None:
    """P while a bot is to play: a word, not silence (cold play nc74)."""
    table = new_table(app, "habanero", seed=2)
    settle(app, table)
    table.act(table.match.state.legal_actions()[0])
    assert not table.human_turn() and not table.controller.turn_coming(table.confirmed)
    press(app, "hint")
    assert table.hud.toast is not None and table.hud.toast[0] == tr(app.lang, "hint_wait")
    settle(app, table)  # the person's turn again: the word to wait goes (nc75)
    assert table.human_turn()
    assert table.hud.toast is None or table.hud.toast[0] != tr(app.lang, "hint_wait")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_hint_on_the_stocks_last_trick_says_who_takes_the_face_up_card(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """RULES §6: the hint's words hide the rule line, which says who takes the
    face-up trump card on the stock's last trick; the hint says it too (a
    club player read no word of it, cold play nc76), and not a trick sooner."""
    from tute_desktop.engine import Action
    from tute_desktop.engine.cards import CARDS
    from tute_desktop.i18n.cards import card_in_sentence
    from tute_desktop.ui.table.why import action_in_sentence

    app.settings = app.settings.with_(language=lang)
    table = new_table(app, "habanero", seed=4)
    sooner = False
    for _ in range(200):
        settle(app, table)
        st = table.match.state
        if table.human_turn() and len(st.stock) == 1 and st.faceup >= 0:
            break
        if table.human_turn() and len(st.stock) == 3 and not sooner:  # (a trick sooner)
            press(app, "hint")
            tick(app)
            assert table.hud.toast is not None
            assert tr(lang, "hint_last_draw", faceup="").split(":")[0] not in table.hud.toast[0]
            sooner = True
        table.act([a for a in st.legal_actions() if a.kind == "play"][0])
    st = table.match.state
    assert sooner and len(st.stock) == 1 and table.human_turn()
    press(app, "hint")
    tick(app)
    assert table.hud.toast is not None
    said = table.hud.toast[0]
    words = tr(lang, "hint_last_draw", faceup=action_in_sentence(
        lang, f"play {CARDS[st.faceup]}", article=True))
    assert said.endswith(words), said
    assert card_in_sentence(lang, str(CARDS[st.faceup])) in said
    # An exchange hinted there: the card the other takes is the 7 given for
    # the face-up card ("Exchange the 7 of cups ... the other takes the 3 of
    # cups" read wrong, nc99).
    seven = Action.parse(f"swap {CARDS[st.trump * 10 + 4]}")
    monkeypatch.setattr(table.controller, "take_hint", lambda: seven)
    table.controller.hint_reasons = ()
    table._take_hint()
    assert table.hud.toast is not None
    said = table.hud.toast[0]
    assert said.endswith(tr(lang, "hint_last_draw", faceup=action_in_sentence(
        lang, f"play {CARDS[st.trump * 10 + 4]}", article=True))), said


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_hint_says_why_not_capote_where_its_button_shows(app: App, lang: str) -> None:
    """RULES §7.1: at the first lead after the stock a capote may be announced,
    and every card is known. Where it would fail, the hint (a card) says so
    beside its card (a village player saw the capote's button and read no word
    of it, cold play nc76); at a lead without the button, nothing of it."""
    from tute_desktop.engine import view
    from tute_desktop.engine.actions import CAPOTE
    from tute_desktop.engine.state import PLAYING
    from tute_desktop.game.review import capote_fails

    app.settings = app.settings.with_(language=lang)
    no_capote = tr(lang, "hint_no_capote")
    for seed in range(1, 12):
        table = new_table(app, "habanero", seed=seed)
        before = False
        for _ in range(200):
            settle(app, table)
            st = table.match.state
            if st.phase is not PLAYING or st.deal_no > 1:
                break
            legal = st.legal_actions()
            if table.human_turn() and any(a.kind is CAPOTE for a in legal):
                break
            if table.human_turn() and not st.trick_cards and not before:
                press(app, "hint")  # (a lead without the capote's button)
                tick(app)
                assert table.hud.toast is not None and no_capote not in table.hud.toast[0]
                before = True
            table.act([a for a in legal if a.kind == "play"][0])
        st = table.match.state
        if not (table.human_turn() and any(a.kind is CAPOTE for a in st.legal_actions())
                and capote_fails(view(st, 0))):
            continue
        press(app, "hint")
        tick(app)
        assert table.hud.toast is not None and before
        said = table.hud.toast[0]
        assert no_capote in said and not said.startswith(no_capote), said  # (after its card)
        return
    raise AssertionError("no failing capote found at the human's lead")


def test_a_declarations_key_stays_while_it_is_shown() -> None:
    """A newcomer saw "Declare 20 in swords [F]" turn [D] at the next trick, the
    40 declared meanwhile (cold play nc77): a declaration keeps its key while
    shown again; new ones take the first letters left."""
    from tute_desktop.ui.table.hud import sing_keys

    first = sing_keys("dfg", ["sing 40", "sing 20 e"], {})
    assert first == {"sing 40": "d", "sing 20 e": "f"}
    later = sing_keys("dfg", ["sing 20 e"], first)
    assert later == {"sing 20 e": "f"}
    more = sing_keys("dfg", ["sing 20 c", "sing 20 e"], {**first, **later})
    assert more == {"sing 20 c": "d", "sing 20 e": "f"}
    assert sing_keys("d", ["sing 20 c", "sing 20 e"], {}) == {"sing 20 c": "d", "sing 20 e": ""}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_partners_declaration_on_your_trick_says_why_you_were_not_asked(
        app: App, lang: str) -> None:
    """RULES §9: after a trick the winner's partner is asked first, and a trick
    allows one declaration. Where the partner declared on a trick the person
    won while the person held a pair too, the table says why the person was
    not asked, and names that pair (a bar player won a trick holding the 20 in
    clubs, the partner declared, and no word said why, cold play nc78)."""
    from tute_desktop.engine.cards import PAIR_MASKS
    from tute_desktop.i18n.cards import suit_name

    app.settings = app.settings.with_(language=lang)
    table = new_table(app, "parejas", seed=24, level="medium")
    head = tr(lang, "partner_sang_first", pair="").split(":")[0]
    seen = []
    for _ in range(400):
        settle(app, table)
        st = table.match.state
        if st.phase != "play":
            break
        legal = st.legal_actions()
        plays = [a for a in legal if a.kind == "play"]
        table.act(plays[0] if plays else legal[-1])
        for _ in range(30):
            tick(app)
            toast = table.hud.toast
            if toast is not None and toast[0].startswith(head):
                seen.append((toast[0], table.match.state.hands[0], table.match.state.sung))
                break
    assert seen, "the partner never declared on a trick the person won"
    said, hand, sung = seen[0]
    pairs = [s for s in range(4) if hand & PAIR_MASKS[s] == PAIR_MASKS[s] and not sung >> s & 1]
    assert pairs
    trump = table.match.state.trump
    pair = tr(lang, "partner_first_40") if pairs[0] == trump else \
        tr(lang, "partner_first_20", suit=suit_name(lang, pairs[0]))
    assert said == tr(lang, "partner_sang_first", pair=pair)
    assert any(text.startswith("sing") and seat == 2
               for r in table.match.rounds for seat, text in r.actions)  # (the partner's)


def test_enter_while_a_hint_is_worked_out_waits_for_it(app: App) -> None:
    """A newcomer pressed Enter on "Hint: thinking…" and the card under the
    pointer was played, not knowing which (cold play nc79): while the hint is
    worked out Enter does nothing; once it shows, Enter plays the hinted card."""
    table = new_table(app, "habanero", seed=5)
    settle(app, table)
    hand = table.my_hand()
    table.hover = hand[0]  # (the pointer over a card)
    played = len(table.match.rounds[-1].actions)
    press(app, "hint")
    assert table.controller.hint is not None  # (asked, not yet shown)
    app.dispatch(I.Intent(I.CONFIRM))
    assert len(table.match.rounds[-1].actions) == played
    tick(app)
    assert table.controller.hint is None and table.hint_card is not None
    hinted = table.hint_card
    table.hover = None
    app.dispatch(I.Intent(I.CONFIRM))
    assert table.match.rounds[-1].actions[played] == (0, f"play {card_name(hinted)}")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_games_compulsory_exchange_is_told_at_the_first_turn(app: App, lang: str) -> None:
    """RULES §8: in tres the trump 7 (then the 2) is exchanged with the face-up
    card by the game at the deal. At the person's first turn a word says what it
    did with their hand (a grandmother at a shared screen missed its banner and
    found the face-up card changed, cold play nc79); a person whose hand it did
    not touch reads nothing of it."""
    from tute_desktop.engine.cards import CARDS
    from tute_desktop.engine.events import SwapRecord
    from tute_desktop.i18n.cards import card_in_sentence
    from tute_desktop.ui.table.why import action_in_sentence

    app.settings = app.settings.with_(language=lang)
    told = untouched = 0
    for seed in range(1, 40):
        table = new_table(app, "tres", seed=seed)
        settle(app, table)
        swaps = [r for r in table.match.state.history if type(r) is SwapRecord and r.seat == 0]
        toast = table.hud.toast[0] if table.hud.toast is not None else ""
        head = tr(lang, "exchanged_compulsory")
        if swaps:
            r = swaps[0]
            took = action_in_sentence(lang, f"play {CARDS[r.took]}", "tres", article=True)
            assert tr(lang, "exchanged_for_you", gave=card_in_sentence(lang, str(CARDS[r.gave])),
                      took=took) in toast, toast
            assert head in toast
            told += 1
            table.hud.toast = None
            table.act([a for a in table.match.state.legal_actions() if a.kind == "play"][0])
            settle(app, table)  # (the next turn: not again)
            assert table.hud.toast is None or head not in table.hud.toast[0]
        else:
            assert head not in toast
            untouched += 1
        if told and untouched:
            return
    raise AssertionError((told, untouched))


@pytest.mark.parametrize("variant", ["parejas", "cuatro"])
@pytest.mark.parametrize(("lang", "size", "text_size"), [
    ("en", (1280, 720), "normal"), ("es", (1920, 1080), "large"), ("es", (1366, 768), "large")])
def test_the_trumps_words_name_the_card_the_person_turned_up_while_they_hold_it(
        app: App, monkeypatch: pytest.MonkeyPatch, variant: str, lang: str,
        size: tuple[int, int], text_size: str) -> None:
    """RULES §9, §13: the dealer's last card is turned up for trumps and stays in
    their hand; everyone knows it. A bot dealer's shows face up in front of it;
    nc87 dealt and nothing said which card of his own hand the others knew.
    The trump's words name it while he holds it, and no more once played."""
    from window_helpers import sized

    from tute_desktop.engine.actions import PLAY_ACTIONS
    from tute_desktop.engine.cards import CARDS
    from tute_desktop.engine.state import PLAYING
    from tute_desktop.i18n.cards import in_sentence, rank_name, suit_name

    sized(app, size, lang, text_size)
    table = new_table(app, variant, seed=2)  # seat 0 deals
    st = table.match.state
    assert st.dealer == 0
    turned = table.board.turned
    assert turned >= 0 and st.hands[0] >> turned & 1
    rank = in_sentence(lang, rank_name(lang, CARDS[turned].rank))
    held = tr(lang, "trumps_line_held", suit=suit_name(lang, st.trump), rank=rank)
    settle(app, table)  # (the deal shown)
    assert held in drawn_texts(app, monkeypatch)
    for _ in range(40):  # play it as soon as it may be played
        settle(app, table)
        if table.board.turned < 0 or table.match.state.phase is not PLAYING:
            break
        legal = table.match.state.legal_play_mask()
        card = turned if legal >> turned & 1 else next(c for c in table.my_hand()
                                                        if legal >> c & 1)
        table.act(PLAY_ACTIONS[card])
        tick(app, 30)
    assert table.board.turned < 0
    texts = drawn_texts(app, monkeypatch)
    assert held not in texts
    assert tr(lang, "trumps_line", suit=suit_name(lang, st.trump)) in texts


def test_a_bots_turned_up_card_at_the_bottom_is_not_called_yours(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A match of bots only (watched, as a tournament's): the bottom seat's
    turned-up card is not "your" card (RULES §9)."""
    from tute_desktop.i18n.cards import suit_name

    table = TableScene(app, Match("parejas", [Seat(f"Bot {i}", "random") for i in range(4)],
                                  seed=2))
    app.reset_to(table)
    tick(app, 40)
    st = table.match.state
    assert st.dealer == 0 and table.board.turned >= 0
    texts = drawn_texts(app, monkeypatch)
    assert tr("en", "trumps_line", suit=suit_name("en", st.trump)) in texts
    assert not any("turned up)" in t for t in texts)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_card_refused_by_its_number_key_is_named_before_the_rule(app: App, lang: str) -> None:
    # §3: nc94 pressed 3 meaning his 3 of clubs; the key took the third card of
    # his hand, another, and "You must follow suit: you hold clubs" made no
    # sense to him. The refusal names the card the key chose, then the rule.
    from tute_desktop.engine.actions import Action
    from tute_desktop.engine.errors import IllegalActionError
    from tute_desktop.i18n import refusal
    from tute_desktop.i18n.cards import card_in_sentence

    app.settings = app.settings.with_(language=lang)
    table = new_table(app, "tres", seed=3)
    _to_a_choice(app, table)
    hand = table.my_hand()
    index = next(i for i, c in enumerate(hand) if not _legal(table) >> c & 1)
    before = table.match.to_json()
    app.dispatch(I.Intent(I.NUMBER, value=index + 1))
    assert table.match.to_json() == before  # refused, and the game goes on
    with pytest.raises(IllegalActionError) as refused:  # the engine's own refusal
        table.match.state.clone().apply(Action.parse(f"play {card_name(hand[index])}"),
                                        record=False)
    why = refusal(lang, refused.value, section=False)
    assert table.hud.toast is not None
    assert table.hud.toast[0] == tr(lang, "illegal.card", card=card_in_sentence(
        lang, hand[index]), why=why)


def test_the_last_trick_opened_over_cards_on_the_table_closes_by_itself(app: App) -> None:
    """The last trick's panel lies over the trick being played; opened while
    its cards are on the table it is a look, and closes by itself (nc94 found
    it left open over the trick he was deciding). Opened between tricks it
    stays until closed or a card is played."""
    from tute_desktop.ui.table.hud import LAST_PEEK_SECONDS

    def play_on_until(wanted: Callable[[], bool]) -> None:
        for _ in range(60):
            settle(app, table)
            if table.human_turn() and wanted():
                return
            if table.human_turn():
                table.act(next(a for a in table.match.state.legal_actions()
                               if a.kind == "play"))
        pytest.fail("no such turn of the person's came")

    table = new_table(app, "parejas", seed=4)
    play_on_until(lambda: bool(table.board.trick and table.board.last_trick))
    press(app, "last_trick")
    assert table.hud.show_last
    tick(app, int(LAST_PEEK_SECONDS / 0.5) - 1, 0.5)
    assert table.hud.show_last  # long enough to read
    tick(app, 3, 0.5)
    assert not table.hud.show_last
    table.act(next(a for a in table.match.state.legal_actions() if a.kind == "play"))
    play_on_until(lambda: not table.board.trick)  # the person's lead, the table empty
    press(app, "last_trick")
    tick(app, int(LAST_PEEK_SECONDS / 0.5) + 4, 0.5)
    assert table.hud.show_last


@pytest.mark.parametrize("variant, seed, key", [
    ("tres", 115, "tute_held.two_rounds"), ("parejas", 317, "tute_held.two_rounds.team")])
def test_a_tute_held_is_pointed_out_once_a_round(app: App, variant: str, seed: int,
                                                  key: str) -> None:
    """§4: all four Kings or Knights in one hand are a tute, declared after a
    trick won; nc94 held one in pairs and nothing pointed it out. On the
    person's turn it is said, with what it does, once a round."""
    from tute_desktop.engine.cards import KINGS_MASK

    table = new_table(app, variant, seed=seed)
    hand = table.match.state.hands[0]
    what = app.tr("reyes" if hand & KINGS_MASK == KINGS_MASK else "caballos")
    said = app.tr(key, what=what)
    settle(app, table)
    assert table.human_turn() and table.hud.toast is not None
    assert table.hud.toast[0] == said
    table.hud.toast = None  # read; the next turn of the round says it no more
    table._tute_held()
    assert table.hud.toast is None


def test_no_tute_is_pointed_out_where_it_counts_for_nothing(app: App) -> None:
    """§7.1: in habanero four Kings or Knights score nothing; nothing is said."""
    from tute_desktop.engine.cards import KINGS_MASK, KNIGHTS_MASK

    table = new_table(app, "habanero", seed=784)
    hand = table.match.state.hands[0]
    assert hand & KINGS_MASK == KINGS_MASK or hand & KNIGHTS_MASK == KNIGHTS_MASK
    settle(app, table)
    assert table.human_turn()
    table._tute_held()
    assert table.hud.toast is None


@pytest.mark.parametrize("variant", ["corriente", "boricua"])
def test_a_lead_that_passes_a_declaration_by_is_held_back_once_a_round(
        app: App, variant: str) -> None:
    """§4: a declaration is made only right after a trick won, before the lead.
    nc95's grandson played a card beside "Cantar las 40" and the chance was
    gone without a word. The first such lead of a round is held back, and why
    said; the same card again leads; later in the round nothing holds it."""
    from tute_desktop.engine.events import Cante
    from tute_desktop.i18n import in_variant
    from tute_desktop.ui.table.advice import other_text

    def to_a_declaration(table: TableScene) -> bool:
        for _ in range(60):
            settle(app, table)
            st = table.match.state
            if st.phase != "play" or not table.human_turn():
                return False
            acts = st.legal_actions()
            if any(a.kind == "sing" for a in acts) and not st.trick_cards:
                return True
            plays = [a for a in acts if a.kind == "play"]
            table.act(plays[0] if plays else acts[-1])
        return False

    for seed in range(80):
        table = new_table(app, variant, seed=seed)
        if not to_a_declaration(table):
            continue
        st = table.match.state
        sings = [a for a in st.legal_actions() if a.kind == "sing"]
        best = max(sings, key=lambda a: (a.cante is Cante.TUTE, a.cante is Cante.FORTY))
        card = next(c for c in table.my_hand() if st.legal_play_mask() >> c & 1)
        before = len(table.match.rounds[-1].actions)
        assert not table._play(card)  # held back, and why said
        assert len(table.match.rounds[-1].actions) == before
        what = other_text(tr, app.lang, best, -1, variant)
        assert table.hud.toast is not None
        assert table.hud.toast[0] == app.tr(in_variant(variant, "declare_first"), what=what)
        assert table._play(card)  # the same card again: it leads
        assert table.hud.toast is None  # (and the words go: nc103 read them on after it)
        if to_a_declaration(table):  # later in the round: not held again
            card = next(c for c in table.my_hand()
                        if table.match.state.legal_play_mask() >> c & 1)
            assert table._play(card)
        return
    pytest.fail("no lead with a declaration to make came up")


@pytest.mark.parametrize("variant, options, key", [
    ("corriente", {}, "swap_deferred"), ("corriente", {"exchange": "immediate"}, "swap"),
    ("habanero", {}, "swap")])
def test_the_exchanges_button_says_what_it_does(app: App, variant: str,
                                               options: dict[str, str], key: str) -> None:
    """§7.2: corriente's exchange is deferred: the 7 goes under the face-up card,
    taken after the next trick won. "Cambiar el 7" promised nc95 a swap that did
    not come; the button says the card goes under the trump card. Where the
    exchange is at once (habanero, corriente's house rule), it says exchange."""
    from tute_desktop.engine.rules import VARIANTS
    from tute_desktop.i18n.cards import card_in_sentence

    n = VARIANTS[variant].players
    for seed in range(200):
        seats = [Seat("Ana")] + [Seat(f"Bot {i}", "random") for i in range(1, n)]
        table = TableScene(app, Match(variant, seats, options=options, seed=seed))
        app.reset_to(table)
        for _ in range(30):
            settle(app, table)
            st = table.match.state
            if st.phase != "play" or not table.human_turn():
                break
            swaps = [a for a in st.legal_actions() if a.kind == "swap"]
            if swaps:
                button = next(b for b in table.actions.buttons if b.tag == str(swaps[0]))
                assert button.label == app.tr(key, card=card_in_sentence(
                    app.lang, str(swaps[0].card)))
                return
            plays = [a for a in st.legal_actions() if a.kind == "play"]
            table.act(plays[0] if plays else st.legal_actions()[-1])
    pytest.fail("no exchange came up")


def test_the_trick_that_reaches_101_stays_before_the_summary() -> None:
    """§10.3: in boricua (and la vuelta, §10.1) 101 reached in play ends the
    game at once; nc99 saw the summary at once and never the trick that won
    it. The trick that ends the round stays as the round's last does
    (``LAST_TRICK_HOLD``); a trick in mid-round as before."""
    import random

    from tute_desktop.bots import Budget
    from tute_desktop.engine.events import Reason, RoundOver
    from tute_desktop.engine.state import PLAYING
    from tute_desktop.game.match import Match, Seat
    from tute_desktop.ui.table import InlineExecutor
    from tute_desktop.ui.table.controller import LAST_TRICK_HOLD, TableController

    found = 0
    for seed in range(1, 40):
        match = Match("boricua", [Seat("Ana"), Seat("Bea")], seed=seed)
        controller = TableController(match, InlineExecutor(), Budget(iterations=2),
                                     Budget(iterations=2))
        rng = random.Random(seed)
        while match.state.phase is PLAYING:
            events = match.apply(rng.choice(match.state.legal_actions()))
            controller.steps.clear()
            controller.enqueue(events)
            tricks = [s for s in controller.steps if isinstance(s.event, TrickWon)]
            over = [e for e in events if isinstance(e, RoundOver)]
            for step in tricks:
                assert isinstance(step.event, TrickWon)
                ending = step.event.diez or bool(over)
                assert (step.hold == LAST_TRICK_HOLD) == ending
                if over and over[0].outcome.reason is Reason.REACHED_101 \
                        and not step.event.diez:
                    found += 1
        if found >= 2:
            break
    assert found >= 2


def test_a_click_on_a_card_with_the_last_trick_open_plays_it(app: App) -> None:
    """A casino player opened the last trick at her turn, clicked her card, and
    the click only closed the panel; she thought it lost (cold play nc104). A
    press closes the panel and takes the card under it too; a press elsewhere
    only closes it."""
    table = new_table(app, "habanero", seed=3)
    while not table.board.last_trick:  # play on to a trick gathered
        settle(app, table)
        table.act(table.match.state.legal_actions()[0])
        tick(app, 3)
    settle(app, table)
    before = len(table.match.rounds[-1].actions)
    press(app, "last_trick")
    tick(app)
    assert table.hud.show_last
    app.dispatch(I.Intent(I.PRESS, pos=(5, table.geo.height // 2)))  # the felt
    app.dispatch(I.Intent(I.RELEASE, pos=(5, table.geo.height // 2)))
    assert not table.hud.show_last and len(table.match.rounds[-1].actions) == before
    press(app, "last_trick")
    tick(app)
    card = next(c for c in table.my_hand() if _legal(table) >> c & 1)
    where = visible_point(table, card)
    app.dispatch(I.Intent(I.POINTER, pos=where))
    app.dispatch(I.Intent(I.PRESS, pos=where))
    app.dispatch(I.Intent(I.RELEASE, pos=where))
    assert not table.hud.show_last
    assert table.match.rounds[-1].actions[before] == (0, f"play {card_name(card)}")
