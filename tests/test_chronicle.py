"""Issue 18: the chronicle, the trick callout and the banners say who did what,
in both languages, and never name a card drawn face down."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tute_desktop.engine import CARDS, Card, State, find_variant
from tute_desktop.engine.events import (
    Cante,
    Dealt,
    Declared,
    Drew,
    Event,
    ExchangeCompleted,
    Exchanged,
    ExchangeDeferred,
    Passed,
    Played,
    TrickWon,
)
from tute_desktop.i18n import card_label
from tute_desktop.ui.table.chronicle import (
    Chronicle,
    Move,
    Names,
    banner,
    banner_text,
    callout,
    callout_text,
    event_notices,
    move_words,
)

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("habanero", {"claim": "manual"}), ("corriente", {}), ("boricua", {}),
    ("tres", {"throw_in": True}), ("parejas", {"throw_in": True}), ("cuatro", {"throw_in": True}),
]
BOTS = ["Ana", "Bot 1", "Bot 2", "Bot 3"]


def names(variant: str = "habanero", you: int | None = None,
          options: dict[str, Any] | None = None) -> Names:
    return Names(lambda s: BOTS[s], find_variant(variant, options), lambda s: s == you)


def play_match(variant: str, options: dict[str, Any], seed: int) -> list[Event]:
    """The events of a whole match played at random, extras taken often."""
    rng = random.Random(seed)
    events: list[Event] = []
    st = State.new(find_variant(variant, options or None), rng=rng, events=events)
    for _ in range(200):
        while st.phase == "play":
            acts = st.legal_actions()
            others = [a for a in acts if a.kind != "play"]
            events += st.apply(rng.choice(others if others and rng.random() < 0.5 else acts))
        if st.phase == "match_over":
            return events
        events += st.start_next_round(rng=rng)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(("variant", "options"), VARIANTS)
def test_every_event_has_words_in_both_languages(variant: str, options: dict[str, Any]) -> None:
    for seed in range(3):
        events = play_match(variant, options, seed)
        for you in (None, 0, 1):
            seats = names(variant, you, options)
            for ev in events:
                for lang in ("en", "es"):
                    for n in event_notices(ev, seats):
                        text = n.render(lang)
                        assert text and "{" not in text, text
                        assert not text.startswith(("chron.", "banner_", "callout")), text
                    b = banner(ev, seats)
                    if b is not None:
                        assert not b.render(lang).startswith("banner_")
                    m = move_words(ev, seats)  # the words by a seat's move
                    assert (m is not None) == isinstance(ev, Move)
                    if m is not None:
                        said = m.render(lang)
                        assert "{" not in said and not said.startswith(("move_", "banner_"))
                    if isinstance(ev, TrickWon):
                        assert callout(ev, seats).render(lang).startswith(
                            ("You", "Te", *BOTS))


@pytest.mark.parametrize(("variant", "options"), VARIANTS[:3])
def test_a_card_drawn_face_down_is_never_named(variant: str, options: dict[str, Any]) -> None:
    for seed in range(4):
        events = play_match(variant, options, seed)
        hidden = [ev for ev in events if isinstance(ev, Drew) and not ev.public]
        assert hidden
        for ev in hidden:
            for you in (None, ev.seat, 1 - ev.seat):
                assert event_notices(ev, names("habanero", you)) == []
                assert banner(ev, names("habanero", you)) is None
        public = [ev for ev in events if isinstance(ev, Drew) and ev.public]
        for ev in public:  # the face-up card: everyone saw it taken
            (n,) = event_notices(ev, names())
            assert card_label("en", ev.card).lower() in n.render("en").lower()


def test_lines_name_the_seat_and_speak_to_the_person() -> None:
    seats = names("habanero", you=0)
    c3 = Card.parse("3c")
    assert [n.render("en") for n in event_notices(Played(1, c3), seats)] == [
        "Bot 1 played the 3 of cups"]
    assert [n.render("es") for n in event_notices(Played(1, c3), seats)] == [
        "Bot 1 echó el 3 de copas"]
    assert event_notices(Played(0, c3), seats)[0].render("es") == "Echaste el 3 de copas"
    trick = TrickWon(0, 21, (c3, CARDS[0]), (1, 0), False)
    assert event_notices(trick, seats)[0].render("en") == "You took the trick: +21"
    last = TrickWon(1, 31, (c3, CARDS[0]), (1, 0), True)
    assert event_notices(last, seats)[0].render("en") == (
        "Bot 1 took the trick: +31, with las diez de últimas")
    assert event_notices(last, seats)[0].render("es") == (
        "Bot 1 se llevó la baza: +31, con las diez de últimas")
    sang = Declared(0, Cante.TWENTY, 0, None, 20)
    assert event_notices(sang, names())[0].render("en") == "Ana declared the 20 in coins: +20"
    assert event_notices(sang, names())[0].render("es") == "Ana cantó las 20 en oros: +20"


def test_exchanges_say_who_and_why_a_hand_is_one_card_short() -> None:
    seats = names("habanero", you=0)
    swap = Exchanged(1, Card.parse("7o"), Card.parse("3o"))
    assert event_notices(swap, seats)[0].render("en") == (
        "Bot 1 exchanged the 7 of coins for the 3 of coins")
    deferred = ExchangeDeferred(1, Card.parse("7o"))
    assert event_notices(deferred, seats)[0].render("en") == (
        "Bot 1 put the 7 of coins under the trump card (the stock counts it): one card short"
        " until winning a trick")  # (the count grows by it: nc104 saw it rise, unsaid)
    assert event_notices(deferred, seats)[0].render("es") == (
        "Bot 1 dejó el 7 de oros bajo el triunfo (cuenta en el monte): juega con una carta"
        " menos hasta ganar una baza")
    assert banner(ExchangeDeferred(0, Card.parse("7o")), seats).render(  # type: ignore[union-attr]
        "es") == "Dejas el 7 de oros bajo el triunfo"  # (short: the trump's label beside it)
    done = ExchangeCompleted(1, Card.parse("7o"), Card.parse("3o"))
    assert "took the 3 of coins" in event_notices(done, seats)[0].render("en")
    assert banner(swap, seats) is not None
    assert banner(swap, seats).render("en") == (  # type: ignore[union-attr]
        "Bot 1 exchanges the 7 of coins for the 3 of coins")
    assert banner(Exchanged(0, Card.parse("7o"), Card.parse("10o")), seats).render(  # type: ignore[union-attr]
        "es") == "Cambias el 7 de oros por la sota de oros"


def test_a_teams_trick_says_who_took_it_and_for_whom() -> None:
    seats = names("parejas", you=0)
    cards = tuple(CARDS[:4])
    said = [event_notices(TrickWon(w, 12, cards, (0, 1, 2, 3), False), seats)[0].render("en")
            for w in range(4)]
    # (the points next to the trick, not after the partner's name: "...para su
    # pareja con / Marta: +5", wrapped, read as Marta's, nc88)
    assert said == [
        "You took the trick, +12, for your team with Bot 2",
        "Bot 1 took the trick, +12, for the team with Bot 3",
        "Bot 2, your partner, took the trick: +12",
        "Bot 3 took the trick, +12, for the team with Bot 1",
    ]


def test_in_cuatro_each_player_takes_tricks_and_wins_rounds_alone() -> None:
    # RULES §13: four players, each for themselves: no team, no partner asked.
    seats = names("cuatro", you=0, options={"throw_in": True})
    cards = tuple(CARDS[:4])
    said = [event_notices(TrickWon(w, 12, cards, (0, 1, 2, 3), False), seats)[0].render("en")
            for w in range(4)]
    assert said == ["You took the trick: +12", "Bot 1 took the trick: +12",
                    "Bot 2 took the trick: +12", "Bot 3 took the trick: +12"]
    chronicle = Chronicle(seats)
    chronicle.feed([Dealt(1, Card.parse("1o"), 1), Passed(2)])
    assert chronicle.lines("en")[-1] == "Bot 2 kept the hand"
    chronicle.feed([TrickWon(2, 12, cards, (0, 1, 2, 3), False), Passed(2)])
    assert chronicle.lines("en")[-1] == "Bot 2 passed"


def test_the_callout_names_the_winner_and_the_points() -> None:
    seats = names("habanero", you=0)
    cards = (CARDS[0], CARDS[1])
    assert callout(TrickWon(1, 21, cards, (0, 1), False), seats).render("en") == (
        "Bot 1 takes it: +21")
    assert callout(TrickWon(0, 31, cards, (0, 1), True), seats).render("en") == (
        "You take it: +31, with las diez de últimas")
    assert callout(TrickWon(0, 21, cards, (0, 1), False), seats).render("es") == (
        "Te la llevas: +21")
    assert callout(TrickWon(1, 21, cards, (0, 1), False), seats).render("es") == (
        "Bot 1 se la lleva: +21")


def test_the_chronicle_keeps_the_last_lines_and_follows_the_language() -> None:
    chronicle = Chronicle(names("habanero", you=0), size=3)
    for card in ("5c", "6c", "1e", "7c", "3e"):
        chronicle.feed([Played(len(chronicle.entries) % 2, Card.parse(card))])
    assert len(chronicle.lines("en")) == 3
    assert chronicle.lines("en")[-1].endswith("the 3 of swords")
    assert chronicle.lines("es")[-1].endswith("el 3 de espadas")
    chronicle.clear()
    assert chronicle.lines("en") == []


def test_text_helpers_say_the_same_words() -> None:
    seats = names("habanero", you=0)
    trick = TrickWon(1, 21, (CARDS[0], CARDS[1]), (0, 1), False)
    assert callout_text("es", trick, seats) == callout(trick, seats).render("es")
    assert banner_text("en", Played(1, CARDS[0]), seats) is None
    forty = Declared(1, Cante.FORTY, 0, None, 40)
    assert banner_text("en", forty, seats) == "Bot 1 declares the 40!"


def test_a_pass_says_what_was_declined() -> None:
    dealt = Dealt(1, Card.parse("1o"), 1)
    two = Chronicle(names("habanero", you=0))
    two.feed([dealt, Passed(1)])
    assert two.lines("en")[-1] == "Bot 1 did not exchange"
    four = Chronicle(names("parejas", you=0, options={"throw_in": True}))
    four.feed([dealt, Passed(2), Passed(3)])
    assert four.lines("es")[-2:] == ["Bot 2 no tiró las cartas", "Bot 3 no tiró las cartas"]
    four.feed([TrickWon(0, 12, tuple(CARDS[:4]), (0, 1, 2, 3), False), Passed(2)])
    assert four.lines("en")[-1] == "Bot 2 did not declare for the team"
    assert event_notices(Passed(0), names("habanero", you=0))[0].render("en") == "You passed"


def test_the_chronicle_says_each_line_once_and_always_the_same_words() -> None:
    """Lines are put into words once per entry and language (asked for at every
    step), and always read as the entries said afresh: after new entries push
    old ones out, after a change of language and back, after a clear."""
    chronicle = Chronicle(names("habanero", you=0), size=3)

    def fresh(lang: str) -> list[str]:
        return [n.render(lang) for n in chronicle.entries]

    for k, card in enumerate(("5c", "6c", "1e", "7c", "3e", "12o")):
        chronicle.feed([Played(k % 2, Card.parse(card))])
        for lang in ("en", "es", "en"):
            assert chronicle.lines(lang) == fresh(lang)
    said = chronicle.lines("en")
    assert all(a is b for a, b in zip(said, chronicle.lines("en"), strict=True))  # kept
    chronicle.clear()
    chronicle.feed([Played(0, Card.parse("1o"))])
    assert chronicle.lines("en") == fresh("en")


def test_a_trick_result_whose_plays_went_off_the_top_goes_with_them() -> None:
    """A strong player read "You took the trick: +0" at the top of the drawer
    as cut off: its plays had gone. A result whose plays have left the kept
    lines leaves with them; one with its plays stays."""
    seats = names("habanero", you=0)
    chronicle = Chronicle(seats, size=4)
    two = (Card.parse("5c"), Card.parse("6c"))
    chronicle.feed([Played(0, two[0]), Played(1, two[1]),
                    TrickWon(1, 0, two, (0, 1), False)])
    assert chronicle.lines("en")[0] == "You played the 5 of cups"
    chronicle.feed([Played(1, Card.parse("1e")), Played(0, Card.parse("7c"))])
    lines = chronicle.lines("en")
    assert len(lines) == 2 and lines[0].startswith("Bot 1 played the Ace")
