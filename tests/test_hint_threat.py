"""Where 101 reached in play ends the game (la vuelta, boricua: RULES §10.1,
§10.3), the hint warns of a declaration (§4) that would take the other player
there (cold play nc73: the hint said "you would keep your trumps", and the bot,
on 60, won the game with the 40 at the next trick)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from engine_helpers import deal2

from tute_desktop.app import App
from tute_desktop.engine import State, View, view
from tute_desktop.engine.actions import CAPOTE, CLAIM_ACTION, SING
from tute_desktop.engine.cards import PAIR_MASKS
from tute_desktop.engine.events import Next
from tute_desktop.engine.state import PLAYING
from tute_desktop.game.match import Match, Seat
from tute_desktop.game.review import declare_threat
from tute_desktop.i18n import in_variant, tr
from tute_desktop.ui.table.why import threat_words


def _vuelta(carry: tuple[int, int], hand0: str = "", options: dict[str, str] | None = None
            ) -> State:
    """Seat 0's first lead of a la vuelta (the second deal, §10.1) with the
    sides carrying ``carry``: trump oros, seat 0's hand of bastos and espadas
    (and ``hand0``), so every other pair may be the other player's."""
    st = deal2("habanero", hand0, "", "1o", options=options)
    st.deal_no = 2
    st.carry = list(carry)
    assert st.carries_points() and st.to_act == 0
    return st


def test_the_40_or_a_20_that_would_take_the_other_to_101() -> None:
    """On 70 only the 40 would; on 85 a 20 would too (said: the smaller
    that does); on 60 neither; with the trump Rey in the seat's hand, not the 40."""
    assert declare_threat(view(_vuelta((0, 70)), 0)) == (40, 31)
    assert declare_threat(view(_vuelta((0, 85)), 0)) == (20, 16)
    assert declare_threat(view(_vuelta((0, 60)), 0)) is None
    assert declare_threat(view(_vuelta((0, 70), "12o"), 0)) is None
    assert declare_threat(view(_vuelta((0, 85), "12o"), 0)) == (20, 16)
    # The seat's own side near 101 is not a threat (its own declarations are
    # the hint's: ``policy.declared_101``).
    assert declare_threat(view(_vuelta((95, 0)), 0)) is None


def test_no_threat_outside_the_race_or_once_nobody_may_declare() -> None:
    """The first deal of a game to 101 (its points do not end the game in
    play, §10.1), and the last trick of the stock (nobody declares after it, §4)."""
    st = _vuelta((0, 70))
    st.deal_no = 1
    assert declare_threat(view(st, 0)) is None
    last = earlier = 0
    for seed in range(20):
        st = deal2("habanero", "", "12o 11o", "1o")  # the 40 in the other hand
        st.deal_no = 2
        forty = PAIR_MASKS[st.trump]
        rng = random.Random(seed)
        while st.phase is PLAYING and st.stock_count >= 2:
            if st.to_act == 0 and not st.trick_cards and st.stock_count in (2, 4):
                # (its cards kept back where the rules allow: §3 may force one)
                w = st.clone()
                w.carry[1] = 70 - w.points[1]  # the other player on 70
                if w.stock_count == 2:  # the last trick of the stock: none
                    assert declare_threat(view(w, 0)) is None
                    last += 1
                elif w.hands[1] & forty == forty:  # one trick earlier
                    assert declare_threat(view(w, 0)) == (40, 31)
                    earlier += 1
            legal = st.legal_actions()
            kept = [a for a in legal if a.kind is not SING and not (
                st.to_act == 1 and a.card is not None and forty >> int(a.card) & 1)]
            st.apply(rng.choice(kept or legal))
    assert last and earlier


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_warning_says_what_they_lack_in_each_rule_sets_words(lang: str) -> None:
    for variant in ("habanero", "boricua"):
        for value in (20, 40):
            said = threat_words(lang, variant, (value, 16))
            assert said == tr(lang, in_variant(variant, f"hint_threat_{value}"), need=16)
            assert "16" in said and "101" in said
    assert "acuso" in threat_words("en", "boricua", (40, 16))
    assert "acusar" in threat_words("es", "boricua", (40, 16))


def _vuelta_turn(seed: int, want: Callable[[View], object] = declare_threat) -> Match | None:
    """A habanero match played at random (seeded) into la vuelta, up to seat
    0's first turn with a choice where ``want`` (of its view) holds: by
    default, where the other player could declare their way to 101."""
    m = Match("habanero", [Seat("Ana"), Seat("Bot", "random")], seed=seed)
    rng = random.Random(seed)
    while m.state.outcome is None:
        m.apply(rng.choice(m.state.legal_actions()))
    if m.state.outcome.next is not Next.VUELTA:
        return None
    m.next_round()
    while m.state.phase is PLAYING:
        st = m.state
        if st.to_act == 0 and len(st.legal_actions()) > 1 and want(view(st, 0)):
            return m
        m.apply(rng.choice([a for a in st.legal_actions()
                            if a != CLAIM_ACTION and a.kind is not CAPOTE]))
    return None


def _hint_at(app: App, m: Match) -> tuple[str, bool]:
    """The hint's words at the table for seat 0 of ``m``, and whether it says
    the game is decided (``DECIDING``, ``LIKELY_LOST``: no warning then)."""
    from window_helpers import press, settle, tick

    from tute_desktop.bots.reasons import DECIDING, LIKELY_LOST
    from tute_desktop.ui.table.scene import TableScene

    table = TableScene(app, Match.from_json(m.to_json()))
    app.reset_to(table)
    settle(app, table)
    press(app, "hint")
    tick(app)
    assert table.hud.toast is not None
    reasons = table.controller.hint_reasons
    return table.hud.toast[0], bool(reasons) and reasons[0].kind in (*DECIDING, LIKELY_LOST)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_hint_at_the_table_ends_with_the_warning(app: App, lang: str) -> None:
    """Beside any card hinted; not where the hint says the game is decided
    (won now, lost whatever is played, most likely lost: ``DECIDING``,
    ``LIKELY_LOST``), which says more."""
    app.settings = app.settings.with_(language=lang)
    for seed in range(1, 400):
        match = _vuelta_turn(seed)
        if match is None:
            continue
        threat = declare_threat(view(match.state, 0))
        assert threat is not None
        said, decided = _hint_at(app, match)
        assert said.endswith(" " + threat_words(lang, "habanero", threat)) != decided, said
        if not decided:
            return
    pytest.fail("no hint with the warning came up")


def test_the_only_card_that_loses_the_game_is_said_to_lose_it() -> None:
    """§10.1: the one legal card, and the other player takes the trick and
    101 with it: the hint says the game is lost, not only that the card is
    the only one (and no warning of a declaration: cold play nc74)."""
    from tute_desktop.bots import Budget
    from tute_desktop.bots.policy import lost_101
    from tute_desktop.bots.reasons import LOST_101
    from tute_desktop.engine.cards import CARD_POINTS
    from tute_desktop.engine.tricks import BEATING
    from tute_desktop.game.review import hint_why
    from tute_desktop.ui.table.why import reason_words

    for seed in range(300):
        st = _vuelta((0, 0))
        rng = random.Random(seed)
        while st.phase is PLAYING:
            legal = st.legal_actions()
            if st.to_act == 0 and len(legal) == 1 and len(st.trick_cards) == 1 \
                    and legal[0].card is not None:
                led, mine = st.trick_cards[0], int(legal[0].card)
                if not BEATING[st.trump][led] >> mine & 1:
                    break
            st.apply(rng.choice(legal))
        else:
            continue
        points = CARD_POINTS[led] + CARD_POINTS[mine]
        st.carry[1] = 101 - st.points[1] - max(points, 1)  # (this trick reaches 101)
        if not lost_101(st, 0):
            continue
        action, why = hint_why(view(st, 0), random.Random(0), Budget(iterations=4))
        assert action == legal[0]
        assert [(r.kind, r.what) for r in why] == [(LOST_101, 1)]
        for lang in ("en", "es"):
            said = reason_words(lang, why[0], "habanero")
            assert said == tr(lang, "reason_lost_101_only") and "101" in said
        return
    pytest.fail("no lone card losing the game came up")


def test_what_the_person_lacks_of_101_is_said_when_near() -> None:
    """§10.1: 30 points short or fewer, said (nc74 on 97 read only the
    other's 28); farther, or where 101 does not end the game in play, not."""
    from tute_desktop.game.review import NEED_SAID, own_need

    assert own_need(view(_vuelta((97, 0)), 0)) == 4
    assert own_need(view(_vuelta((101 - NEED_SAID, 0)), 0)) == NEED_SAID
    assert own_need(view(_vuelta((100 - NEED_SAID, 0)), 0)) is None
    assert own_need(view(_vuelta((0, 97)), 0)) is None
    st = _vuelta((97, 0))
    st.deal_no = 1
    assert own_need(view(st, 0)) is None


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_hint_at_the_table_says_what_the_person_lacks(app: App, lang: str) -> None:
    from tute_desktop.game.review import own_need

    app.settings = app.settings.with_(language=lang)
    for seed in range(1, 400):
        match = _vuelta_turn(seed, own_need)
        if match is None:
            continue
        need = own_need(view(match.state, 0))
        said, decided = _hint_at(app, match)
        if decided:
            continue
        assert " " + tr(lang, "hint_need", need=need) in said
        return
    pytest.fail("no hint near 101 came up")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_trick_that_reaches_101_says_so(app: App, lang: str) -> None:
    """§10.1: the callout over the trick that took a side to 101 and ended
    the game says 101 (nc74 saw "+11", then the summary)."""
    from window_helpers import settle, tick

    from tute_desktop.engine.events import Reason as EndReason
    from tute_desktop.ui.table.chronicle import callout_text
    from tute_desktop.ui.table.scene import TableScene

    app.settings = app.settings.with_(language=lang)
    for seed in range(1, 300):
        m = Match("habanero", [Seat("Ana"), Seat("Bot", "random")], seed=seed)
        rng = random.Random(seed)
        while m.state.outcome is None:
            m.apply(rng.choice(m.state.legal_actions()))
        if m.state.outcome.next is not Next.VUELTA:
            continue
        m.next_round()
        last = None
        while m.state.phase is PLAYING:
            st = m.state
            if st.to_act == 0 and len(st.trick_cards) == 1:
                for a in st.legal_actions():
                    trial = Match.from_json(m.to_json())
                    trial.apply(a)
                    o = trial.state.outcome
                    if o is not None and o.reason is EndReason.REACHED_101 and a.card is not None:
                        last = a
                        break
            if last is not None:
                break
            m.apply(rng.choice([x for x in st.legal_actions()
                                if x != CLAIM_ACTION and x.kind is not CAPOTE]))
        if last is None:
            continue
        table = TableScene(app, Match.from_json(m.to_json()))
        app.reset_to(table)
        settle(app, table)
        table.act(last)
        for _ in range(200):
            if table.hud.callout is not None:
                break
            tick(app)
        ev = table._trick_shown()
        assert ev is not None and table.hud.callout is not None
        plain = callout_text(lang, ev, table.hud.names)
        assert table.hud.callout == tr(lang, "callout_101", callout=plain)
        return
    pytest.fail("no trick reaching 101 came up")


def test_what_the_rival_lacks_of_101_is_said_when_near() -> None:
    """§10.1: the other player 30 points short or fewer (nc75 got no word
    with the bot 5 short and no declaration in sight)."""
    from tute_desktop.game.review import NEED_SAID, rival_need

    assert rival_need(view(_vuelta((0, 96)), 0)) == 5
    assert rival_need(view(_vuelta((0, 100 - NEED_SAID)), 0)) is None
    assert rival_need(view(_vuelta((96, 0)), 0)) is None


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_hint_says_what_the_rival_lacks_where_no_declaration_threatens(
        app: App, lang: str) -> None:
    from tute_desktop.game.review import rival_need

    app.settings = app.settings.with_(language=lang)
    for seed in range(1, 400):
        match = _vuelta_turn(seed, lambda v: rival_need(v) and not declare_threat(v))
        if match is None:
            continue
        need = rival_need(view(match.state, 0))
        said, decided = _hint_at(app, match)
        if decided:
            continue
        assert said.endswith(" " + tr(lang, "hint_rival_need", need=need))
        return
    pytest.fail("no hint with the rival near 101 came up")
