"""RULES §12 subastado in the window: offered in New game with its house rules,
an auction a person follows and takes part in (each bid and pass as it comes,
the high bid and who holds it, a stepper for the bid, Pass, the keys), trump
named by a button or a key and shown as in the other rule sets, the contract on
the score panel, la contra as partners for the round, the early end and the
all-pass round explained, and hot-seat privacy before each person's bid."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import replace
from functools import partial

import pytest
from layout_check import assert_laid_out, cut_words
from test_hotseat import turns_of_people, watch_every_frame
from window_helpers import (
    drawn_texts,
    enter_ready,
    new_table,
    on_title,
    play_to_summary,
    press,
    settle,
    show_hand,
    sized,
    tick,
)

from tute_desktop.app import App
from tute_desktop.engine.actions import Action
from tute_desktop.engine.events import Ask, Reason
from tute_desktop.engine.rules import OPTIONS, VARIANTS, Scoring
from tute_desktop.game.match import Match, Seat
from tute_desktop.i18n import lookup
from tute_desktop.i18n.rules_text import rules_text
from tute_desktop.ui import intents as I
from tute_desktop.ui.scenes import NewGameScene, PrivacyScene, SummaryScene
from tute_desktop.ui.table import TableScene


def auction_words(table: TableScene) -> list[str]:
    panel = table.describe().before_play
    assert panel is not None, "the auction's panel shows"
    return [w.words for w in panel.words]


def to_bid(app: App, table: TableScene) -> None:
    """Run frames until the person is asked to bid (§12)."""
    settle(app, table)
    assert table.human_turn() and table.match.state.ask is Ask.BID


def click(app: App, table: TableScene, tag: str) -> None:
    """Press and release the pointer on the action button that does ``tag``."""
    button = next(b for b in table.actions.buttons if b.tag == tag)
    for kind in (I.POINTER, I.PRESS, I.RELEASE):
        app.dispatch(I.Intent(kind, pos=button.rect.center))


def test_subastado_is_offered_in_new_game_with_every_house_rule(app: App) -> None:
    # §12's options: min_bid, auction, stop_when_decided, target, use_or_lose,
    # cantes_per_trick, undertrump; three players, totals per seat.
    rules = VARIANTS["subastado"]
    assert (rules.players, rules.scoring, rules.totals_by_seat) == (3, Scoring.CONTRACT, True)
    on_title(app)
    press(app, "new_game")
    scene = app.top
    assert isinstance(scene, NewGameScene)
    while scene.variant != "subastado":
        scene._cycle_variant(1)
    scene.layout(app.size)
    app.draw_frame()
    assert scene._players() == 3 and scene.teams == ""  # the sides are decided each round
    for option, values in OPTIONS["subastado"].items():
        seen = set()
        for _ in values:
            scene._cycle_option(option, 1)
            seen.add(scene.options[option])
        assert seen == set(values), option
    for lang in ("en", "es"):
        for n in (1, 2):
            assert lookup(lang, f"variant_lines.subastado.{n}") is not None
        headings = [h for h, _ in rules_text("subastado", lang)]
        assert len(headings) >= 6


def test_the_auction_shows_each_bid_as_it_comes_and_the_person_bids_by_keys(
        app: App) -> None:
    # §12: every bid and pass is public, in order; a bid is a multiple of 5
    # above the high bid. Seed 1: Bot 1 (mano) and Bot 2 speak before Ana.
    table = new_table(app, "subastado", seed=1, level="medium")
    to_bid(app, table)
    auction = table.match.state.auction
    assert auction is not None and len(auction.bids) == 2
    words = auction_words(table)
    for seat, bid in auction.bids:  # the bots' words, as they came
        said = app.tr("auction_pass") if bid is None else str(bid)
        assert any(w.startswith(f"{table.name(seat)}: ") and said in w for w in words)
    lowest = auction.lowest_bid(table.match.rules)
    assert table.hud.chosen_bid(table.match.state) == lowest
    assert table.describe().trump is None  # no trump before the auction ends
    # What a bid counts, to value a hand by (§12, §2: nc107 had nothing to count with)
    assert words[-2:] == [app.tr("auction_values_cards"), app.tr("auction_values_more")]
    app.dispatch(I.Intent(I.RIGHT))
    app.dispatch(I.Intent(I.RIGHT))
    app.dispatch(I.Intent(I.TEXT, char="-"))
    app.dispatch(I.Intent(I.UP))  # + 25
    assert table.hud.chosen_bid(table.match.state) == lowest + 30
    app.dispatch(I.Intent(I.TEXT, char="+"))
    app.dispatch(I.Intent(I.DOWN))
    assert table.hud.chosen_bid(table.match.state) == lowest + 10
    assert any(b.tag == f"bid {lowest + 10}" for b in table.actions.buttons)
    app.dispatch(I.Intent(I.CONFIRM))  # Enter bids what the stepper shows
    assert table.match.rounds[-1].actions[-1][1] == f"bid {lowest + 10}"
    tick(app, 3)
    assert any(str(lowest + 10) in w for w in auction_words(table))


def test_the_stepper_stays_inside_the_allowed_bids(app: App) -> None:
    # §12: at most 230; the lowest allowed is 5 above the high bid.
    table = new_table(app, "subastado", seed=1, level="medium")
    to_bid(app, table)
    for _ in range(40):
        app.dispatch(I.Intent(I.UP))
    assert table.hud.chosen_bid(table.match.state) == 230
    plus = next(b for b in table.actions.buttons if b.tag == "bid_up")
    assert not plus.enabled
    for _ in range(60):
        app.dispatch(I.Intent(I.LEFT))
    lowest = table.match.state.auction.lowest_bid(table.match.rules)  # type: ignore[union-attr]
    assert table.hud.chosen_bid(table.match.state) == lowest


def test_the_hand_is_not_dimmed_while_the_person_bids_or_names_trump(app: App) -> None:
    """§12: no card is played in the auction; a newcomer took the whole hand
    greyed out there for a fault. Once play begins, the cards that may not be
    played are dimmed again."""
    table = new_table(app, "subastado", seed=1, level="medium")
    asked = set()
    for _ in range(20):
        to_bid(app, table)
        hand = set(table.my_hand())
        spots = [s for s in table.describe().cards if s.face in hand]
        assert len(spots) == len(hand) and not any(s.dimmed for s in spots)
        asked.add(table.match.state.ask)
        click(app, table, "bid_up")
        click(app, table, f"bid {table.hud.chosen_bid(table.match.state)}")
        settle(app, table)
        if table.match.state.ask is Ask.TRUMP:
            hand = set(table.my_hand())
            assert not any(s.dimmed for s in table.describe().cards if s.face in hand)
            app.dispatch(I.Intent(I.NUMBER, value=3))
            break
    for _ in range(3000):  # to a trick where the person must follow suit
        settle(app, table)
        if table.human_turn() and table.match.state.trick_cards:
            break
        if table.human_turn():
            hand = table.my_hand()
            mask = table.match.state.legal_play_mask()
            app.dispatch(I.Intent(I.NUMBER, value=1 + next(
                i for i, c in enumerate(hand) if mask >> c & 1)))
    mask = table.match.state.legal_play_mask()
    hand = set(table.my_hand())
    dimmed = {s.face for s in table.describe().cards if s.face in hand and s.dimmed}
    assert dimmed == {c for c in hand if not mask >> c & 1}


def test_the_person_bids_and_names_trump_by_clicks_then_plays_the_contract(
        app: App) -> None:
    # §12: the highest bidder names trump; the trump's mark shows it; la contra
    # are partners for the round; the contract is on the score panel.
    table = new_table(app, "subastado", seed=1, level="medium")
    for _ in range(20):
        to_bid(app, table)
        click(app, table, "bid_up")
        high = table.hud.chosen_bid(table.match.state)
        click(app, table, f"bid {high}")
        settle(app, table)
        if table.match.state.ask is Ask.TRUMP:
            break
    st = table.match.state
    assert st.ask is Ask.TRUMP and st.to_act == 0
    assert [b.key for b in table.actions.buttons] == ["1", "2", "3", "4"]
    app.dispatch(I.Intent(I.NUMBER, value=3))  # espadas
    settle(app, table)
    st = table.match.state
    assert st.contract == (0, high) and st.trump == 2
    desc = table.describe()
    assert desc.trump is not None and desc.trump.suit == 2 and desc.before_play is None
    plates = {p.seat: p for p in desc.plates}
    assert plates[1].side_colour is not None and plates[1].side_colour == plates[2].side_colour
    assert plates[0].side_colour is None  # the bidder alone
    # and said under the bidder's name once it is not their turn to speak
    # (nc107 saw la contra's stripe and no word on the bidder's plate)
    seen = dataclasses.replace(table._seen(), my_turn=False, animating=True)  # (nobody's
    # turn said: what the plate says the rest of the round)
    assert table.hud.plate_status(0, seen)[0] == app.tr("plate_bidder_you", bid=high)
    watched = dataclasses.replace(seen, viewer=None)
    assert table.hud.plate_status(0, watched)[0] == app.tr("plate_bidder", bid=high)
    assert table.hud.plate_status(1, seen)[0] in ("", app.tr("plate_dealer"))  # la contra
    note = table.hud.panel_note(st)
    assert note == app.tr("panel_contract", name="Ana", bid=high, points=st.points[0])
    score = next(p for p in desc.panels if p.kind == "score")
    assert note in [w.words for w in score.words]  # on one line of its own
    # Then the round is played out by keys: a card by its number, a
    # declaration by its button's key; it ends at the summary.
    for _ in range(3000):
        if isinstance(app.top, SummaryScene):
            break
        if table.human_turn():
            st = table.match.state
            sings = [b for b in table.actions.buttons if b.tag.startswith("sing")]
            if sings:
                app.dispatch(I.Intent(I.KEY, char=sings[0].key))
            else:
                hand = table.my_hand()
                mask = st.legal_play_mask()
                index = next(i for i, c in enumerate(hand) if mask >> c & 1)
                app.dispatch(I.Intent(I.NUMBER, value=index + 1))
        tick(app)
    assert isinstance(app.top, SummaryScene)
    outcome = table.match.state.outcome
    assert outcome is not None and outcome.reason in (
        Reason.MADE, Reason.FAILED, Reason.MADE_EARLY, Reason.FAILED_EARLY)
    change = high if outcome.reason in (Reason.MADE, Reason.MADE_EARLY) else -high
    assert table.match.state.match_totals() == [change, 0, 0]


def test_a_whole_round_with_bots_reaches_a_summary_that_says_why(app: App) -> None:
    # The person passes at once (the first legal action): the bots bid, name
    # trump and play; the summary says the contract, made or failed, and why
    # the cards left were not played when the round stopped early (§12).
    for seed in (1, 2, 3):
        table = new_table(app, "subastado", seed=seed, level="medium")
        summary = play_to_summary(app, table)
        outcome = table.match.state.outcome
        assert outcome is not None
        lines = summary.lines()
        bidder = table.match.state.auction.bidder  # type: ignore[union-attr]
        # The history's match column says who leads until the match is decided
        # (a newcomer saw it always empty).
        from tute_desktop.ui.scoreboard import history_rows
        from tute_desktop.ui.table.why import and_list
        names = [table.name(s) for s in range(3)]
        (row,) = history_rows(app, table.match, names)
        totals = table.match.history[-1].totals
        top = [names[s] for s, t in enumerate(totals) if t == max(totals)]
        assert row[-1] == (app.tr("hist_leads", name=top[0], total=max(totals), target=500)
                           if len(top) == 1 else
                           app.tr("hist_none_yet", target=500) if max(totals) == 0
                           and len(top) == 3 else  # (not "Level at 0 of 500", nc96)
                           app.tr("hist_level", total=max(totals), target=500,
                                  name=and_list(app.lang, top)))
        if outcome.reason is Reason.ALL_PASSED:
            assert lines[0] == app.tr("sub_all_passed")
            continue
        name = table.name(bidder)
        made = outcome.reason in (Reason.MADE, Reason.MADE_EARLY)
        assert lines[0].startswith(name) and (
            "+" if made else "−") + str(table.match.state.auction.bid) in lines[0]  # type: ignore[union-attr]
        if outcome.reason in (Reason.MADE_EARLY, Reason.FAILED_EARLY):
            assert "not played" in lines[1]


def test_an_early_end_is_explained_in_both_languages(app: App) -> None:
    # stop_when_decided (§12): the round stops when decided; the summary says why.
    for lang in ("en", "es"):
        app.settings = app.settings.with_(language=lang)
        for seed in range(1, 8):
            table = new_table(app, "subastado", seed=seed, level="medium")
            summary = play_to_summary(app, table)
            outcome = table.match.state.outcome
            assert outcome is not None
            if outcome.reason in (Reason.MADE_EARLY, Reason.FAILED_EARLY):
                auction = table.match.state.auction
                assert auction is not None
                why = summary.lines()[1]  # the line after the result says why
                assert table.name(auction.bidder) in why and str(auction.bid) in why
                tricks = max(h.bit_count() for h in table.match.state.hands)
                assert tricks > 0 and str(tricks) in why
                break
        else:
            raise AssertionError("no round of these seeds ended early")


def test_hot_seat_privacy_before_each_persons_bid_and_the_all_pass_round(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    # Three people share the screen: each bid is made behind its own privacy
    # screen, nobody sees another's hand; all pass: nobody plays, nobody scores (§12).
    table = TableScene(app, Match("subastado", [Seat("Ana"), Seat("Luis"), Seat("Eva")],
                                  seed=5))
    app.reset_to(table)
    watch_every_frame(app, table, monkeypatch)  # asserts before every frame
    screens = 0
    for _ in range(400):
        top = app.top
        if isinstance(top, SummaryScene):
            break
        if isinstance(top, PrivacyScene):
            assert top.seat == table.match.to_act
            assert table.describe().before_play is not None  # the auction behind it
            screens += 1
            tick(app)
            show_hand(app)
            continue
        if top is table and table.human_turn():
            assert table.match.state.ask is Ask.BID
            press(app, "pass")  # P passes
        tick(app)
    summary = app.top
    assert isinstance(summary, SummaryScene)
    assert screens == turns_of_people(table) == 3
    outcome = table.match.state.outcome
    assert outcome is not None and outcome.reason is Reason.ALL_PASSED
    assert summary.lines()[:2] == [app.tr("sub_all_passed"), app.tr("sub_all_passed_next")]
    assert table.match.state.match_totals() == [0, 0, 0]
    # no table of points: its columns were the bidder's, headed by nobody, and
    # all three names over la contra's (a newcomer's report)
    from window_helpers import drawn_texts
    texts = drawn_texts(app, monkeypatch)
    assert app.tr("cards") not in texts and "Ana + Luis + Eva" not in " ".join(texts), texts


def test_a_hint_in_the_auction_enter_does_it_and_undo_takes_the_bid_back(app: App) -> None:
    # The hint answers the auction in its own words, with the reason of the
    # expert's estimate (§12's auction is not a trick: issue 33, a newcomer saw
    # a ring and no reason); Enter does it; undo takes it back, and the
    # auction's panel shows the bids as they were.
    from tute_desktop.bots.reasons import AUCTION_KINDS
    from tute_desktop.ui.table.why import reason_words

    table = new_table(app, "subastado", seed=1, level="medium")
    to_bid(app, table)
    before = table.match.state.auction.bids  # type: ignore[union-attr]
    press(app, "hint")
    tick(app, 3)
    hinted = Action.parse(table.hud.hinted)
    assert table.hud.toast is not None
    (reason,) = table.controller.hint_reasons
    assert reason.kind in AUCTION_KINDS
    said = app.tr("hint_is", action=table.hud.action_label(hinted))
    assert table.hud.toast[0] == app.tr("hint_why", hint=said, reason=reason_words(
        app.lang, reason, "subastado"))
    assert table.hint_action == hinted  # a bid the stepper shows, or a pass: Enter
    app.dispatch(I.Intent(I.CONFIRM))  # does it (nc84)
    assert table.match.state.auction.bids == (*before, (0, hinted.bid))  # type: ignore[union-attr]
    settle(app, table)
    app.dispatch(I.Intent(I.UNDO))
    assert table.match.state.auction.bids == before  # type: ignore[union-attr]
    assert table.board.bids == list(before)
    assert not any(w.startswith("Ana: ") and w != "Ana: …" for w in auction_words(table))


@pytest.mark.parametrize("text_size", ["normal", "large"])
def test_naming_trump_and_bidding_are_laid_out_at_every_size(app: App, text_size: str) -> None:
    # The auction's panel and its controls (the stepper, the four suits) keep
    # clear of the hands, plates and each other, their words whole, from the
    # smallest window up, in both languages (the layout checks of issue 29).
    table = new_table(app, "subastado", seed=1, level="medium")
    asked = []
    for _ in range(20):
        if table.match.state.ask is not Ask.TRUMP:
            to_bid(app, table)
        for lang in ("en", "es"):
            for size in ((960, 540), (1280, 720), (1920, 1080)):
                app.set_settings(replace(app.settings, language=lang, text_size=text_size))
                app.set_window_size(size)
                app.dispatch(I.Intent(I.RESIZE, size=size))
                with cut_words() as cut:
                    desc = table.describe()
                assert desc.before_play is not None
                assert_laid_out(desc, app.text.font, 3, cut,
                                (table.match.state.ask, lang, text_size, size))
        asked.append(table.match.state.ask)
        if table.match.state.ask is Ask.TRUMP:
            break
        click(app, table, "bid_up")
        click(app, table, f"bid {table.hud.chosen_bid(table.match.state)}")
        settle(app, table)
    assert asked[0] is Ask.BID and asked[-1] is Ask.TRUMP


def test_the_match_end_says_the_last_contract_by_its_bidder(app: App) -> None:
    # The last round's line names the bidder (side 0 of that round, §12), not
    # seat 0: the end of the match names players by seat.
    import random

    from tute_desktop.bots.bidding import auction_action
    from tute_desktop.ui import scoreboard as SB
    from tute_desktop.ui.match_end import MatchEndScene

    rng = random.Random(1)
    for seed in range(1, 30):
        m = Match("subastado", [Seat("Ana"), Seat("Bot 1", "medium"), Seat("Bot 2", "medium")],
                  seed=seed)
        while m.state.phase == "play":
            m.apply(auction_action(m.state) or rng.choice(m.state.legal_actions()))
        a = m.state.auction
        if a is not None and a.bidder > 0:
            break
    else:
        raise AssertionError("no bot won an auction")
    names = ["Ana", "Bot 1", "Bot 2"]
    scene = MatchEndScene(app, m, names)
    first = scene.lines()[0]
    contract = SB.contract_lines(app, m, m.history[-1], names)[0]
    assert first == app.tr("last_deal", line=contract)
    assert names[a.bidder] in first and "Ana" not in first


@pytest.mark.parametrize("bidder", [0, 1])
def test_la_contras_points_show_once_as_shared_on_the_score_panel(app: App, bidder: int) -> None:
    # §12: la contra's points are counted together. Each contra row showed them,
    # as if each seat had taken them: now the bidder's row has the bidder's
    # points, the contract line under the rows says them against the bid, and
    # la contra's are said once, shared, on a line naming both (Ana bidding, and
    # Ana in la contra).
    from window_helpers import subastado_in_play
    match = subastado_in_play(bidder, ("Ana", "Bot 1", "Bot 2"))
    st = match.state
    while st.outcome is None and (st.tricks_played < 2 or st.points[1] == 0
                                  or st.trick_cards):
        match.apply(st.legal_actions()[0])
    assert st.outcome is None and st.contract == (bidder, 60) and st.points[1] > 0
    table = TableScene(app, match)
    app.reset_to(table)
    heads, rows = table.hud.contract_rows(st)
    assert [row[1] for row in rows] == [str(st.points[0]) if s == bidder else ""
                                        for s in range(3)]
    assert [row[2] for row in rows] == ["0", "0", "0"]
    names = " + ".join(table.name(s) for s in range(3) if s != bidder)
    contra = app.tr("panel_contra", names=names, points=st.points[1])
    assert table.hud.panel_notes(st) == [
        app.tr("panel_contract", name=table.name(bidder), bid=60, points=st.points[0]), contra]
    score = next(p for p in table.describe().panels if p.kind == "score")
    said = [w.words for w in score.words]
    assert contra in said and said.count(str(st.points[1])) == 0  # once, in its own line
    for lang in ("en", "es"):
        assert "{names}" in (lookup(lang, "panel_contra") or "")


@pytest.mark.parametrize("size", ["1280x720", "960x540"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_contract_lines_fit_or_break_evenly_in_the_lessons_narrow_table(
        tmp_path, monkeypatch: pytest.MonkeyPatch, size: str, lang: str) -> None:
    # "You: 70 to make, 11 so far" broke leaving "far" alone, and la contra's
    # line wrapped at the lesson's narrow table (issue 33, a newcomer's shots).
    from window_helpers import inline_app

    from tute_desktop.ui.lesson import LessonScene

    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    app = inline_app("--size", size)
    try:
        app.settings = app.settings.with_(language=lang)
        for start in (6, 8):
            scene = LessonScene(app, lesson="subastado", start=start)
            app.reset_to(scene)
            score = next(p for p in scene.describe().panels if p.kind == "score")
            said = [w.words for w in score.words]
            assert not [w for w in said if w.endswith("…")]
            first = said.index(next(w for w in said if w.startswith(app.tr("you"))
                                    and len(w) > 6))  # the contract's line, then la contra's
            notes = said[first:]
            assert " ".join(notes).startswith(app.tr(
                "panel_contract_you", bid=70, points=scene.coach.state.points[0]))
            assert all(" " in line for line in notes), notes  # no word alone on a line
        scene = LessonScene(app, lesson="subastado", start=1)  # the rule line of the auction
        app.reset_to(scene)
        line = next(p for p in scene.describe().overlays if p.kind == "line")
        rows = [w.words for w in line.words]
        assert " ".join(rows) == app.tr("rule.ask_bid", bid=60, key=app.tr("key.pass").upper())
        assert all(len(row.split()) >= 3 for row in rows), rows  # ("pasar" was alone)
    finally:
        app.nav.close_all()
        app.writer.close()
        app.screen.close()


def test_a_note_too_wide_breaks_after_a_comma_with_words_on_each_side(app: App) -> None:
    table = new_table(app, "subastado", seed=1, level="medium")
    hud = table.hud
    size = hud.font(0.12)
    note = "You: 70 to make, 11 so far"
    whole = hud.text_width(note, size, True)
    assert hud.note_lines(note, size, whole, True) == [note]
    assert hud.note_lines(note, size, whole - 1, True) == ["You: 70 to make,", "11 so far"]
    contra = "La contra, Opponent 1 + Opponent 2: 34 together"
    lines = hud.note_lines(contra, size, hud.text_width(contra, size) * 2 // 3, False)
    assert len(lines) == 2 and all(len(line.split()) >= 2 for line in lines)


def test_a_pass_hinted_in_the_auction_enter_passes_and_the_buttons_say_so(
        app: App) -> None:
    # A newcomer read "Bid 75 [Enter]" beside a pass hinted, and Enter passed;
    # another, used to Enter doing what a hint says, bid 90 on a pass hinted and
    # failed it (nc84). With a pass hinted, Enter passes, and the buttons say
    # so: "Pass [P · Enter]" beside "Bid 75"; the stepper moved, Enter bids
    # what it shows again, and the buttons say that.
    from tute_desktop.engine.actions import PASS_ACTION

    table = new_table(app, "subastado", seed=1, level="medium")
    to_bid(app, table)
    table.controller.take_hint = lambda: PASS_ACTION  # type: ignore[method-assign]
    table.controller.hint_reasons = ()
    table._take_hint()
    assert table.hint_action == PASS_ACTION and table.hud.hinted == "pass"
    st = table.match.state
    choice = table.hud.chosen_bid(st)
    assert choice is not None
    enter = f"{app.tr('key.pass').upper()} · {app.tr('enter_key')}"
    captions = {b.tag: b.caption() for b in table.actions.buttons}
    assert captions["pass"].endswith(f"[{enter}]")
    assert captions[f"bid {choice}"] == app.tr("bid_button_plain", bid=choice)
    app.dispatch(I.Intent(I.RIGHT))  # the stepper moved: Enter bids again
    choice = table.hud.chosen_bid(st)
    captions = {b.tag: b.caption() for b in table.actions.buttons}
    assert captions[f"bid {choice}"] == app.tr("bid_button", bid=choice)
    assert not captions["pass"].endswith(f"[{enter}]")
    # A pass hinted once the person set the stepper: their bid stays on its
    # button (nc90 found a hint had changed his), but Enter passes, as Enter
    # plays a hinted card (nc93 pressed Enter on a pass hinted over her 70 and
    # bid it), and the words say both.
    table._take_hint()
    captions = {b.tag: b.caption() for b in table.actions.buttons}
    assert captions["pass"].endswith(f"[{enter}]") and table.hint_action == PASS_ACTION
    assert table.hud.chosen_bid(st) == choice
    assert app.tr("hint_pass_kept", bid=choice) in (table.hud.toast or ("",))[0]
    before = st.auction.bids  # type: ignore[union-attr]
    app.dispatch(I.Intent(I.CONFIRM))
    assert st.auction.bids == (*before, (0, None))  # type: ignore[union-attr]


def test_the_auctions_hint_is_for_the_bid_the_stepper_shows(app: App) -> None:
    # (a newcomer moved the stepper up with + and the hint's words still spoke of
    # the lowest bid): the hint is asked for the bid shown, and its words go as
    # soon as the stepper moves, as they go when anything else changes; one
    # being worked out when it moves is never shown.
    from tute_desktop.engine.actions import PASS_ACTION

    table = new_table(app, "subastado", seed=1, level="medium")
    to_bid(app, table)
    st = table.match.state
    lowest = table.hud.allowed_bids(st)[0]
    app.dispatch(I.Intent(I.RIGHT))
    app.dispatch(I.Intent(I.RIGHT))
    shown = table.hud.chosen_bid(st)
    assert shown == lowest + 10
    press(app, "hint")
    tick(app, 3)
    assert table.hud.toast is not None
    words = table.hud.toast[0]
    hinted = Action.parse(table.hud.hinted)
    (reason,) = table.controller.hint_reasons
    if hinted == PASS_ACTION:  # its reason says the bid on the stepper
        assert (reason.shown, table.hud.chosen_bid(st)) == (shown, shown)
        assert str(shown) in words and str(lowest) in words
    # The stepper the person set stays (nc90 set 80, asked, and found 65 under
    # Enter): Enter bids it where another bid is hinted, passes where a pass
    # is (as a hinted card is played, nc93); the words say which.
    assert table.hud.chosen_bid(st) == shown
    if hinted == PASS_ACTION:
        assert table.hint_action == PASS_ACTION
        assert app.tr("hint_pass_kept", bid=shown) in words
    else:
        assert table.hint_action is None
        # (and how to bid the hinted one: the ringed − or + steps toward it, nc107)
        step = "−" if (hinted.bid or 0) < shown else "+"
        assert (app.tr("hint_bid_kept", bid=shown, hinted=hinted.bid, step=step) in words) \
            == (hinted.bid != shown)
        if hinted.bid != shown:
            ringed = [b for b in table.hud.actions.buttons if table.hud.is_hinted(b)]
            assert [b.label for b in ringed] == ["−" if hinted.bid < shown else "+"], ringed
    app.dispatch(I.Intent(I.RIGHT))  # the stepper moves: the hint's words go
    tick(app)
    assert table.hud.chosen_bid(st) != shown or hinted != PASS_ACTION
    assert table.hud.toast is None or table.hud.toast[0] != words
    assert table.hud.hinted == "" and table.hint_action is None
    press(app, "hint")  # asked, then the stepper moves before it is taken
    app.dispatch(I.Intent(I.LEFT))
    for _ in range(5):
        tick(app)
        assert table.hud.toast is None or not table.hud.toast[0].startswith(
            words.split(":")[0]), table.hud.toast
    assert table.hud.hinted == ""


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_round_stopped_early_counts_its_tricks_left_in_words(app: App, lang: str) -> None:
    """§12: the round stops once the contract is decided; the summary said
    "with 1 tricks still to play" (a newcomer's report): the tricks left are
    said with their noun, "1 trick" or "11 tricks"."""
    import random
    from dataclasses import replace

    from tute_desktop.i18n import tr
    from tute_desktop.ui import scoreboard as SB

    app.set_settings(replace(app.settings, language=lang))
    match = Match("subastado", [Seat("A", "random"), Seat("B", "random"),
                                Seat("C", "random")], seed=0)
    rng = random.Random(0)
    while match.state.phase == "play":
        match.apply(rng.choice(match.state.legal_actions()))
    outcome = match.state.outcome
    assert outcome is not None and outcome.reason is Reason.FAILED_EARLY
    left = max(h.bit_count() for h in match.state.hands)
    assert left == 11
    said = SB.contract_lines(app, match, outcome, ["A", "B", "C"])[1]
    assert tr(lang, "tricks_left", n=left) in said
    one = tr(lang, "tricks_left_one", n=1)
    assert one.startswith("1 ") and not one.endswith("s")


@pytest.mark.parametrize("bidder", [0, 1])
def test_la_contras_pile_says_it_is_la_contras(app: App, bidder: int) -> None:
    # §12: la contra's tricks go to one pile, beside one of its seats. A newcomer
    # bidding read "Tricks: 3" beside Bot 2 as Bot 2's after Bot 3 had won some:
    # to the bidder it says "La contra: 3"; to la contra, "Ours" (a bar player
    # read "Yours: 1" after the partner had won it, cold play nc78); the
    # bidder's own pile "Yours".
    from window_helpers import subastado_in_play
    match = subastado_in_play(bidder, ("Ana", "Bot 1", "Bot 2"))
    st = match.state
    while st.outcome is None and (st.points[1] == 0 or st.points[0] == 0 or st.trick_cards):
        match.apply(st.legal_actions()[0])
    assert st.outcome is None and st.collected[0] and st.collected[1]
    table = TableScene(app, match)
    app.reset_to(table)
    labels = [w.words for w in table.describe().labels]
    tricks = st.collected[1].bit_count() // 3
    contra, ours = app.tr("tricks_contra", n=tricks), app.tr("tricks_ours", n=tricks)
    assert (contra in labels) == (bidder == 0) and (ours in labels) == (bidder != 0), labels
    mine = st.collected[0].bit_count() // 3  # (the bidder's pile)
    assert (app.tr("tricks_yours", n=mine) in labels) == (bidder == 0), labels
    assert not any(w == app.tr("tricks_count", n=tricks) for w in labels)


def test_the_historys_seat_columns_say_they_are_totals(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    # §12: each seat keeps its own total; the history gives it after each round
    # (a player read those columns as the round's points).
    table = new_table(app, "subastado", seed=1, level="medium")
    play_to_summary(app, table)
    texts = drawn_texts(app, monkeypatch)
    assert app.tr("hist_totals") in texts
    assert app.tr("hist_result") in texts


def test_a_defender_who_wins_a_trick_holding_a_pair_is_told_only_the_bidder_declares(
        app: App) -> None:
    """RULES §12: only the bidder declares. nc90 (who plays where the defenders
    declare too) won a trick as a defender holding the King and Knight of cups
    and waited for a button that never came: the table says why, once a round."""
    import random

    from tute_desktop.bots import Budget, make_bot
    from tute_desktop.engine import view
    from tute_desktop.engine.cards import PAIR_MASKS
    from tute_desktop.engine.state import PLAYING
    from tute_desktop.i18n.cards import suit_name

    bot = make_bot("medium")  # (the person's choices)
    said: list[str] = []
    for seed in range(13, 60):  # (13: the first such round, seats played by medium)
        table = new_table(app, "subastado", seed=seed, level="medium")
        rng = random.Random(seed)
        said.clear()
        table.hud.show_toast = partial(heard, said, table.hud.show_toast)  # type: ignore
        told_at = None
        for _ in range(60):
            settle(app, table)
            st = table.match.state
            if app.top is not table or st.phase is not PLAYING:
                break
            seat = st.to_act
            held = [s for s in range(4) if st.hands[0] & PAIR_MASKS[s] == PAIR_MASKS[s]]
            if seat == 0 and st.contract is not None and st.side_of(0) and held \
                    and not st.trick_cards and st.last_winner == 0 and told_at is None:
                told_at = app.tr("defenders_pair", suit=suit_name(app.lang, held[0]))
                assert said.count(told_at) == 1, said
            table.act(bot.choose(view(st, 0), rng, Budget(iterations=4)))
            tick(app, 20)
        if told_at is not None:
            assert said.count(told_at) == 1  # once a round
            break
    else:
        raise AssertionError("no defender won a trick holding a pair")
    # The bidder is never told so.
    assert all(not w.startswith(app.tr("defenders_pair", suit="")[:12]) or w == told_at
               for w in said)


def heard(said: list[str], real: Callable[..., None], text: str, *args: object,
          **kwargs: object) -> None:
    """A toast shown, and its words kept in ``said``."""
    said.append(text)
    real(text, *args, **kwargs)


def test_a_round_stopped_early_says_so_at_the_table_before_the_summary(app: App) -> None:
    """§12 stop_when_decided: nc90 saw a trick won and the summary at once, the
    cards left unplayed and nothing said at the table. As the round stops, a
    banner says who made the contract (or can no longer make it) and that the
    cards left are not played, and the table holds it before the summary."""
    import random

    from tute_desktop.bots import Budget, make_bot
    from tute_desktop.engine import view
    from tute_desktop.engine.events import RoundOver
    from tute_desktop.ui.table.controller import EARLY_END_HOLD, EARLY_ENDS

    bot = make_bot("medium")  # (the person's choices)
    for seed in range(2, 30):  # (2: the first such round, seats played by medium)
        table = new_table(app, "subastado", seed=seed, level="medium")
        rng = random.Random(seed)
        step = None
        for _ in range(3000):
            step = table.controller.current
            if step is not None and isinstance(step.event, RoundOver) and step.started:
                break
            if table.human_turn() and not table.controller.animating():
                table.act(bot.choose(view(table.match.state, 0), rng, Budget(iterations=4)))
            tick(app)
        assert step is not None and isinstance(step.event, RoundOver)
        if step.event.outcome.reason in EARLY_ENDS:
            break
    else:
        raise AssertionError("no round stopped early")
    bidder, bid = table.match.state.contract  # type: ignore[misc]
    made = step.event.outcome.reason.value == "made_early"
    key = ("early_made" if made else "early_failed") + ("_you" if bidder == 0 else "")
    said = app.tr(key, name=table.hud.name(bidder), bid=bid,
                  points=step.event.outcome.sides[0].points)
    assert table.hud.banner is not None and table.hud.banner[0] == said
    assert step.settle >= EARLY_END_HOLD
    # The cards left, never played, are shown: every hand face up (nc93 never
    # saw them); the next round's bots' hands are hidden again.
    left = [c for hand in table.board.hands for c in hand]
    assert left and set(left) <= set(table.describe().faces())
    table.update(EARLY_END_HOLD / table.animation_speed() * 0.8)
    assert not isinstance(app.top, SummaryScene)
    settle(app, table)
    assert isinstance(app.top, SummaryScene)
    enter_ready(app)
    app.dispatch(I.Intent(I.CONFIRM))
    settle(app, table)
    assert table.match.state.outcome is None and table.face_up_seats == {0}
    bots = [c for seat in (1, 2) for c in table.board.hands[seat]]
    assert bots and not set(bots) & set(table.describe().faces())


@pytest.mark.parametrize("size, lang", [((960, 540), "es"), ((1366, 768), "en")])
def test_the_auctions_buttons_stay_put_when_a_hint_is_said_or_the_bid_stepped(
        app: App, size: tuple[int, int], lang: str) -> None:
    # nc93 asked for a hint in the auction; its words took two lines, the row of
    # buttons rose with them and the pass hinted widened Pass, so her click
    # where Pass had been landed on the words (§12). The row keeps its place:
    # each button as wide as its longest caption, the words above the row.
    from tute_desktop.engine.actions import PASS_ACTION

    sized(app, size, lang, "large")
    table = new_table(app, "subastado", seed=1, level="medium")
    to_bid(app, table)

    def places() -> dict[str, tuple[int, int, int, int]]:
        return {b.tag: tuple(b.rect) for b in table.actions.buttons}  # type: ignore[misc]

    before = places()
    table.controller.take_hint = lambda: PASS_ACTION  # type: ignore[method-assign]
    table.controller.hint_reasons = ()
    table._take_hint()
    long_words = " ".join([app.tr("hint_pass_kept", bid=65)] * 3)
    table.hud.show_toast(long_words)
    assert len(table.hud.hand_line_rows()) >= 2
    assert places() == before
    line = table.hud.hand_line_rect()
    assert all(line.bottom <= b.rect.top for b in table.actions.buttons)
    assert table.hud.auction_rect(table._seen()).bottom <= line.top
    for _ in range(30):  # up the bids (the last is the widest)
        app.dispatch(I.Intent(I.RIGHT))
    assert {tag.split()[0] for tag in places()} == {t.split()[0] for t in before}
    assert [r for t, r in places().items() if not t.startswith("bid ")] == \
        [r for t, r in before.items() if not t.startswith("bid ")]


def test_the_match_column_before_anyone_scored_says_so(app: App) -> None:
    # §12: "Empate a 0 de 500: Ana, Bot 1 y Bot 2" before any round counted read
    # clumsily to a club player (nc96); once someone is at 0 below others, or
    # level above 0, the level and names are said.
    from tute_desktop.ui.scoreboard import _leader

    names = ["Ana", "Bot 1", "Bot 2"]
    assert _leader(app, [0, 0, 0], names, 500) == app.tr("hist_none_yet", target=500)
    assert _leader(app, [0, 0, -80], names, 500).startswith(
        app.tr("hist_level", total=0, target=500, name="|").split("|")[0])
    assert _leader(app, [70, 0, 0], names, 500) == app.tr("hist_leads", name="Ana", total=70,
                                                         target=500)


def test_a_tie_at_the_top_of_the_match_column_reads_as_the_lead(app: App) -> None:
    # §12: "Empate a 0 de 500: Bot 2 y Bot 3" beside a person on -65 read as a tie
    # of everyone (cold play nc110): the two on top lead together.
    from tute_desktop.ui.scoreboard import _leader

    names = ["Ana", "Bot 2", "Bot 3"]
    for lang, lead in (("es", "En cabeza"), ("en", "Leading")):
        app.settings = app.settings.with_(language=lang)
        line = _leader(app, [-65, 0, 0], names, 500)
        assert line.startswith(lead) and "Bot 2" in line and "Bot 3" in line \
            and "Ana" not in line, line


def test_the_first_lead_waits_for_the_trumps_banner(app: App) -> None:
    # §12: "Bot 3 (expert): pintan copas" lay over the opening card and its
    # "Led by Bot 2", and a club player took it for another seat's lead (nc96).
    # The first card comes once the banner has gone.
    from tute_desktop.engine.events import Played, TrumpNamed

    table = new_table(app, "subastado", seed=1, level="medium")
    named = False
    for _ in range(4000):
        step = table.controller.current
        if step is not None and isinstance(step.event, TrumpNamed) and step.started:
            named = True
        if named and step is not None and isinstance(step.event, Played) and step.started:
            assert table.hud.banner is None
            return
        if table.human_turn():
            st = table.match.state
            table.act(next(a for a in st.legal_actions() if a.kind == "pass")
                      if any(a.kind == "pass" for a in st.legal_actions())
                      else st.legal_actions()[0])
        tick(app, 1, 0.05)
    pytest.fail("no first lead after trumps were named")


def test_the_auctions_end_stays_in_view_before_a_bot_names_trump(app: App) -> None:
    # §12: the high bid and who holds it stay on the auction's panel for
    # AUCTION_END_HOLD before another seat's trump is named (nc107 looked away
    # and found play begun under a bid of 100 he had never seen made).
    from tute_desktop.engine.events import TrumpNamed
    from tute_desktop.ui.table.controller import AUCTION_END_HOLD

    table = new_table(app, "subastado", seed=1, level="medium")
    waited = 0.0
    for _ in range(4000):
        step = table.controller.current
        if step is not None and isinstance(step.event, TrumpNamed):
            if step.started:
                break
            words = auction_words(table)  # the panel as the auction ended
            assert words[-1] == app.tr("auction_high", name=table.name(step.event.seat),
                                       bid=table.match.state.contract[1]), words
            waited += 0.05
        if table.human_turn():
            table.act(next(a for a in table.match.state.legal_actions() if a.kind == "pass"))
        tick(app, 1, 0.05)
    else:
        pytest.fail("no trump named")
    speed = table.animation_speed()
    assert AUCTION_END_HOLD / speed - 0.1 <= waited <= AUCTION_END_HOLD / speed + 0.1


def test_the_hands_shown_at_an_early_end_lie_inside_the_window(app: App) -> None:
    # §12 stop_when_decided: the round stops and every hand is shown. The side
    # seats' cards, face up at full size across, lay cut at the window's edges
    # (nc107, behind the early end's banner): they lie inside it.
    from tute_desktop.engine.events import RoundOver

    for seed in range(3, 10):  # (seed 3 ends early, playing the first legal action)
        table = new_table(app, "subastado", seed=seed, level="medium")
        for _ in range(5000):
            step = table.controller.current
            if step is not None and isinstance(step.event, RoundOver) and step.started:
                break
            if table.human_turn():
                table.act(table.match.state.legal_actions()[0])
            tick(app, 1, 0.2)
        outcome = table.match.state.outcome
        if outcome is not None and outcome.reason in (Reason.MADE_EARLY, Reason.FAILED_EARLY):
            break
    else:
        pytest.fail("no round of these seeds ended early")
    tick(app, 20)  # the cards turned and come to rest
    desc = table.describe()
    assert len(table.face_up_seats) == 3
    w, h = app.size
    cw, ch = desc.card_size
    across = [s for s in desc.cards if s.face is not None and s.angle == 90]
    assert len(across) >= 2
    for s in across:
        assert 0 <= s.x - ch * s.scale / 2 and s.x + ch * s.scale / 2 <= w, s


def test_a_first_enter_on_a_bid_nobody_chose_only_says_what_a_second_does(app: App) -> None:
    # §12: a bid binds. nc108 pressed Enter out of habit, to close the
    # chronicle, and was bound to the lowest bid, 65 (lost at −65): on the bid
    # the turn came with, a first Enter says that a second bids it, as a first
    # Enter only raises a card; a bid the person set is made at once.
    table = new_table(app, "subastado", seed=1, level="medium")
    to_bid(app, table)
    actions = table.match.rounds[-1].actions
    before = len(actions)
    shown = table.hud.chosen_bid(table.match.state)
    app.dispatch(I.Intent(I.CONFIRM))
    assert len(actions) == before
    assert table.hud.toast is not None
    assert table.hud.toast[0] == app.tr("enter_bid_again", bid=shown)
    app.dispatch(I.Intent(I.CONFIRM))
    assert actions[-1][1] == f"bid {shown}"
