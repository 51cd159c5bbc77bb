"""A pair that can never be declared, and the two tricks' points said only
where the whole round agrees (cold play nc73: a hint to play the Rey de copas
out of a held 20 on the last trick of the stock said only "this trick and the
next, about 35 points better", the round's values 3 apart)."""

from __future__ import annotations

import random

import pytest
from engine_helpers import deal2, deal_many

from tute_desktop.bots.reasons import (
    DIEZ,
    MIN_POINTS,
    SPENT,
    TRICKS,
    TRICKS_FAR,
    Event,
    Reason,
    compare,
    spent_pair,
)
from tute_desktop.engine import Action, State
from tute_desktop.engine.actions import PLAY, SING
from tute_desktop.engine.cards import PAIR_MASKS, Card
from tute_desktop.engine.state import PLAYING
from tute_desktop.i18n import tr
from tute_desktop.ui.table.why import action_in_sentence, hint_words, reason_words

COPAS = Card.parse("12c").suit
PAIR = PAIR_MASKS[COPAS]
NOTHING = Event(0.0, 0, 0, False, 0, 0, 0)


def _keeping_the_pair(stock: int, options: dict[str, str] | None = None,
                      seed: int = 3) -> State:
    """Habanero (trump oros), seat 0 dealt the Rey and Caballo de copas,
    played at random without declaring and without either of them until the
    stock holds ``stock`` cards (the face-up one included) and seat 0 is to
    play a card, with nothing to declare first."""
    for attempt in range(200):
        st = deal2("habanero", "12c 11c", "", "1o", options=options)
        rng = random.Random(seed * 1000 + attempt)
        while st.phase is PLAYING:
            if st.stock_count == stock and st.to_act == 0 and any(
                    a.kind is PLAY for a in st.legal_actions()):
                if all(a.kind is not SING for a in st.legal_actions()):
                    return st  # (a declaration open now: its own reasons say it)
                break
            if st.stock_count < stock:
                break
            legal = [a for a in st.legal_actions() if a.kind is not SING and not (
                st.to_act == 0 and a.card is not None and PAIR >> int(a.card) & 1)]
            st.apply(rng.choice(legal or st.legal_actions()))
    raise AssertionError("no such position")  # pragma: no cover


def _plays(st: State) -> tuple[list[Action], int, int]:
    """The legal actions, the Rey de copas' index and another card's."""
    actions = st.legal_actions()
    rey = actions.index(Action.parse("play 12c"))
    other = next(k for k, a in enumerate(actions)
                 if a.kind is PLAY and a.card is not None and not PAIR >> int(a.card) & 1)
    return actions, rey, other


def test_a_pair_kept_to_the_last_trick_of_the_stock_is_spent() -> None:
    """RULES §4: with two players, declared while the stock holds a card after
    that trick's draws; on the last trick of the stock a pair not declared now
    never will be, and playing one of its cards is said so."""
    st = _keeping_the_pair(2)
    assert st.hands[0] & PAIR == PAIR and not st.sung >> COPAS & 1
    actions, rey, other = _plays(st)
    assert spent_pair(st, 0, actions, rey, other) == COPAS
    # Compared with the pair's other card: nothing spent by choosing one.
    caballo = actions.index(Action.parse("play 11c"))
    assert spent_pair(st, 0, actions, rey, caballo) == -1
    # Another card hinted, the pair kept: not this reason.
    assert spent_pair(st, 0, actions, other, rey) == -1
    events = [[NOTHING] * len(actions) for _ in range(40)]
    (r,) = compare(st, 0, actions, events, rey, other)
    assert (r.kind, r.what, r.trump) == (SPENT, COPAS, st.trump)


def test_one_trick_earlier_the_pair_may_still_be_declared() -> None:
    """Four cards in the stock: a trick won now opens a window (§4)."""
    st = _keeping_the_pair(4)
    actions, rey, other = _plays(st)
    assert spent_pair(st, 0, actions, rey, other) == -1


def test_with_declarations_until_two_cards_the_window_closes_a_trick_sooner() -> None:
    """``declare_until = stock_gt_2`` (000's reading, §4): four cards in the
    stock is the last trick after which one may declare; at two nothing can
    be declared already (not "after this trick")."""
    options = {"declare_until": "stock_gt_2"}
    st = _keeping_the_pair(4, options)
    actions, rey, other = _plays(st)
    assert spent_pair(st, 0, actions, rey, other) == COPAS
    st = _keeping_the_pair(2, options)
    actions, rey, other = _plays(st)
    assert spent_pair(st, 0, actions, rey, other) == -1


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_spent_pair_is_said_in_both_languages(lang: str) -> None:
    """The hint names the pair and the card, and no count of deals."""
    r = Reason(SPENT, "play 12c", "play 4e", 40, 0.0, 0.0, COPAS, trump=Card.parse("1o").suit,
               rank=2)
    said = reason_words(lang, r, "habanero", table=True)
    assert tr(lang, "reason_pair_20", suit={"en": "cups", "es": "copas"}[lang]) in said, said
    assert action_in_sentence(lang, "play 12c", "habanero", article=True) in said, said
    assert "40" not in said
    hint = tr(lang, "hint_is_card", action="X")
    assert said[1:] in hint_words(lang, hint, r, "habanero")
    forty = Reason(SPENT, "play 12o", "play 4e", 40, 0.0, 0.0, 0, trump=0)
    assert tr(lang, "reason_pair_40") in reason_words(lang, forty, "habanero")
    acuso = reason_words(lang, r, "boricua")
    assert {"en": "acuso", "es": "acusar"}[lang] in acuso, acuso


def test_two_tricks_far_above_the_whole_round_are_not_the_reason() -> None:
    """``tricks`` 35 points ahead where the round's values are 3 apart: not
    said; within ``TRICKS_FAR`` times the round's difference: said."""
    st = _keeping_the_pair(6)
    actions = st.legal_actions()
    plays = [k for k, a in enumerate(actions) if a.kind is PLAY]
    best, other = plays[0], plays[1]
    n = 40
    for gain, whole, said in ((35.0, 3.0, False), (8.0, 3.0, True),
                              (TRICKS_FAR * MIN_POINTS + 1, 0.0, False),
                              (TRICKS_FAR * MIN_POINTS - 1, 0.0, True)):
        events = [[NOTHING] * len(actions) for _ in range(n)]
        means = [0.0] * len(actions)
        means[best] = whole
        for i in range(n):
            events[i][best] = Event(gain + i % 3, 0, 0, False, 0, 0, 0)
            events[i][other] = Event(float(i % 3), 0, 0, False, 0, 0, 0)
        found = compare(st, 0, actions, events, best, other, means)
        assert any(r.kind == TRICKS for r in found) == said, (gain, whole)
        # (without the values, as before: the two tricks alone)
        assert any(r.kind == TRICKS for r in compare(st, 0, actions, events, best, other))


def test_las_diez_are_said_only_near_the_end() -> None:
    """RULES §1 (las diez de últimas): won in every deal after the best and in
    none after the other, yet said with two players only from the last two
    tricks of the stock (four cards in it), with three or four from six cards
    a hand (cold play nc73: "half the time" with ten cards in the stock)."""
    won = Event(0.0, 0, 0, True, 0, 0, 0)
    n = 40
    for stock, said in ((10, False), (6, False), (4, True), (2, True)):
        st = _keeping_the_pair(stock)
        actions = st.legal_actions()
        best, other = [k for k, a in enumerate(actions) if a.kind is PLAY][:2]
        events = [[NOTHING] * len(actions) for _ in range(n)]
        for row in events:
            row[best] = won
        found = compare(st, 0, actions, events, best, other)
        assert any(r.kind == DIEZ for r in found) == said, stock
    st = deal_many("tres", ["", "", ""], "1o")
    for cards_left, said in ((13, False), (7, False), (6, True)):
        while st.hands[st.to_act or 0].bit_count() > cards_left or st.trick_cards:
            st.apply(st.legal_actions()[0])
        seat = st.to_act or 0
        actions = st.legal_actions()
        events = [[NOTHING] * len(actions) for _ in range(n)]
        for row in events:
            row[0] = won
        found = compare(st, seat, actions, events, 0, 1)
        assert any(r.kind == DIEZ for r in found) == said, cards_left


def test_an_exchange_that_makes_the_40_says_so_and_no_other_pair() -> None:
    """§5, §4: holding the Rey of trumps, the 7 takes the face-up Caballo:
    the hint says it makes the 40, and not a 20 of another suit that the
    deals tell (cold play nc74: "aún podrías cantar las 20 en espadas");
    the same 20 is said of a plain card where the seat holds it."""
    from tute_desktop.bots.reasons import DECLARE, PAIRS, pairs_up
    from tute_desktop.engine.actions import SWAP

    st = deal2("habanero", "12o 7o", "", "11o")
    actions = st.legal_actions()
    swap = next(k for k, a in enumerate(actions) if a.kind is SWAP)
    card = next(k for k, a in enumerate(actions) if a.kind is PLAY)
    assert pairs_up(st, 0, actions[swap]) == st.faceup == Card.parse("11o")
    espadas = Card.parse("12e").suit
    sung = Event(0.0, 1 << espadas, 0, False, 0, 0, 0)
    events = [[NOTHING] * len(actions) for _ in range(40)]
    for row in events[:30]:
        row[swap] = row[card] = sung  # (the 20 in espadas, told apart from the other)
    other = next(k for k in range(len(actions)) if k not in (swap, card))
    found = compare(st, 0, actions, events, swap, other)
    assert [r.kind for r in found] == [PAIRS] and found[0].what == st.faceup
    found = compare(st, 0, actions, events, card, other)
    # (two plain cards, neither a piece of the 20 in espadas, nor held: not
    # said, nc99; held, it is)
    assert found == []
    st.hands[0] |= PAIR_MASKS[espadas]
    found = compare(st, 0, actions, events, card, other)
    assert [(r.kind, r.what) for r in found] == [(DECLARE, espadas)]
    # Not where the Rey is not the seat's (the 7 takes a plain higher trump).
    st = deal2("habanero", "7o", "12o", "11o")
    actions = st.legal_actions()
    swap = next(k for k, a in enumerate(actions) if a.kind is SWAP)
    assert pairs_up(st, 0, actions[swap]) == -1


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_exchange_that_makes_the_40_is_said_with_its_cards(lang: str) -> None:
    from tute_desktop.bots.reasons import PAIRS
    from tute_desktop.i18n.cards import card_label

    r = Reason(PAIRS, "swap 7o", "play 4e", 40, 0.0, 0.0, int(Card.parse("11o")), trump=0)
    said = reason_words(lang, r, "habanero", table=True)
    for c in ("7o", "11o", "12o"):
        assert card_label(lang, int(Card.parse(c))).lower() in said.lower(), said
    assert "40" in said and "«" not in said and "“" not in said


def _second_to_a_trick(stock: int) -> tuple[State, list[Action], int, int]:
    """Seat 0 second to a trick with the stock at ``stock`` cards, holding
    the Rey and Caballo de copas (not declared): the state, its actions, a
    card that beats the one led and one that does not (neither of the pair)."""
    from tute_desktop.engine.tricks import BEATING

    for seed in range(300):
        st = deal2("habanero", "12c 11c", "", "1o")
        rng = random.Random(seed)
        while st.phase is PLAYING and st.stock_count >= stock:
            actions = st.legal_actions()
            if st.stock_count == stock and st.to_act == 0 and len(st.trick_cards) == 1 \
                    and st.hands[0] & PAIR == PAIR:
                beats = BEATING[st.trump][st.trick_cards[0]]
                plays = [k for k, a in enumerate(actions) if a.kind is PLAY and a.card is not None
                         and not PAIR >> int(a.card) & 1]
                win = [k for k in plays if beats >> int(actions[k].card or 0) & 1]
                lose = [k for k in plays if not beats >> int(actions[k].card or 0) & 1]
                if win and lose:
                    return st, actions, win[0], lose[0]
                break
            kept = [a for a in actions if a.kind is not SING and not (
                st.to_act == 0 and a.card is not None and PAIR >> int(a.card) & 1)]
            st.apply(rng.choice(kept or actions))
    raise AssertionError("no such trick")  # pragma: no cover


def test_a_card_that_takes_the_trick_opens_the_declaration_of_a_pair_held() -> None:
    """§4: declared right after a trick won. Second to the trick, holding the
    20 in copas: the card that takes it says the 20 can be declared after it;
    the one that loses it, or on the last trick of the stock (no window
    after), not (cold play nc74)."""
    from tute_desktop.bots.reasons import OPENS, opens_pair

    st, actions, win, lose = _second_to_a_trick(10)
    assert opens_pair(st, 0, actions, win, lose) == COPAS
    assert opens_pair(st, 0, actions, lose, win) == -1
    assert opens_pair(st, 0, actions, win, win) == -1  # (both take it: nothing between them)
    events = [[NOTHING] * len(actions) for _ in range(40)]
    found = compare(st, 0, actions, events, win, lose)
    assert [(r.kind, r.what) for r in found] == [(OPENS, COPAS)]
    st, actions, win, lose = _second_to_a_trick(2)
    assert opens_pair(st, 0, actions, win, lose) == -1


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_opened_declaration_is_said_with_both_cards(lang: str) -> None:
    from tute_desktop.bots.reasons import OPENS

    r = Reason(OPENS, "play 1e", "play 2b", 40, 0.0, 0.0, COPAS, trump=Card.parse("1o").suit)
    said = reason_words(lang, r, "habanero", table=True)
    for a in ("play 1e", "play 2b"):
        assert action_in_sentence(lang, a, "habanero", article=True) in said, said
    assert tr(lang, "reason_pair_20", suit={"en": "cups", "es": "copas"}[lang]) in said


def test_an_exchange_for_a_plain_higher_trump_gives_no_other_pairs_reason() -> None:
    """§5: the 7 for the face-up 3 of trumps: a 20 elsewhere is not its
    reason (cold play nc75: "aún podrías cantar las 20 en copas"); the values
    say what it takes."""
    from tute_desktop.engine.actions import SWAP

    st = deal2("habanero", "7o", "", "3o")
    actions = st.legal_actions()
    swap = next(k for k, a in enumerate(actions) if a.kind is SWAP)
    other = next(k for k, a in enumerate(actions) if a.kind is PLAY)
    espadas = Card.parse("12e").suit
    sung = Event(0.0, 1 << espadas, 0, False, 0, 0, 0)
    events = [[NOTHING] * len(actions) for _ in range(40)]
    for row in events[:30]:
        row[swap] = sung
    assert compare(st, 0, actions, events, swap, other) == []
