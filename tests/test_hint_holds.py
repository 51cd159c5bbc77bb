"""The hint on the brink of 101 (RULES §10.1, §10.3): the card that keeps the
game alive, said as such, and "most likely lost" kept for the end of a race.

A village player (cold play nc75), the bot on 98 leading the 3 de copas, was
told only "most likely lost whatever you play", where every card but the rey
de espadas lost the game at once; and every vuelta opened with "your opponent
will most likely reach 101 first", discouraging where the hint's card still
mattered."""

from __future__ import annotations

import random

import pytest

from tests.engine_helpers import act, deal2
from tute_desktop.bots import Budget
from tute_desktop.bots.analysis import judge
from tute_desktop.bots.policy import holds_101, lost_101
from tute_desktop.bots.reasons import DECIDING, HOLDS_101, LIKELY_LOST
from tute_desktop.engine import State, find_variant, view
from tute_desktop.engine.cards import Card
from tute_desktop.game import review as R
from tute_desktop.ui.table.why import hint_words, reason_words


def _led(variant: str, hand0: str, totals: tuple[int, int]) -> State:
    """Seat 1 (on ``totals[1]``) has led the rey de oros (4 points) into seat
    0's ``hand0``; copas trumps, the stock still out; la vuelta in habanero."""
    st = deal2(variant, hand0, "12o", "4c", dealer=0, prefer="b")
    st.carry = list(totals)
    if variant == "habanero":
        st.deal_no = 2  # la vuelta: 101 reached in play wins the game (§10.1)
    act(st, "play 12o")
    return st


@pytest.mark.parametrize("variant", ["habanero", "boricua"])
def test_s10_1_and_s10_3_the_cards_that_keep_the_other_player_short_of_101(variant: str) -> None:
    """The other player, 11 short, led 4 points: an As or a Tres that does
    not beat the card led would take them to 101 (§10.1: at that moment),
    a blank or the As de oros (it beats the rey) would not; nothing holds
    where every card does, or where nothing does (``lost_101``), or where
    101 ends nothing in play (a first deal of habanero)."""
    st = _led(variant, "1b 3e 1o 4b 5b 6e 7e", (40, 90))
    hand = st.hands[0]
    held = sorted(holds_101(st, 0))
    names = {str(Card(c)) for c in held}
    filled = {str(Card(c)) for c in range(40) if hand >> c & 1}  # (deal2 fills the hand)
    assert {"1o", "4b", "5b", "6e", "7e"} <= names == filled - {"1b", "3e"}
    far = _led(variant, "1b 3e 1o 4b 5b 6e 7e", (40, 60))  # 37 short: every card holds
    assert holds_101(far, 0) == []
    lost = _led(variant, "1b 3e 1e 3b 10b 11e 4b", (40, 97))  # 4 short: the rey alone does it
    assert lost_101(lost, 0) and holds_101(lost, 0) == []
    if variant == "habanero":
        first = _led(variant, "1b 3e 1o 4b 5b 6e 7e", (40, 90))
        first.deal_no = 1
        assert holds_101(first, 0) == []


@pytest.mark.parametrize("variant", ["habanero", "boricua"])
def test_the_hint_says_which_card_keeps_the_game_alive(variant: str) -> None:
    """The hint is a card that holds, and says so, naming a card that would
    lose the game at once; with one such card, that it is the only one. No
    warning is added at the table (``DECIDING``: it says more)."""
    st = _led(variant, "1b 3e 1o 4b 5b 6e 7e", (40, 90))
    action, why = R.hint_why(view(st, 0), random.Random(0), Budget(iterations=30))
    assert action.card is not None and action.card in holds_101(st, 0)
    assert [r.kind for r in why] == [HOLDS_101] and HOLDS_101 in DECIDING
    r = why[0]
    assert r.best == str(action) and r.other in ("play 1b", "play 3e")
    assert r.what == len(holds_101(st, 0)) > 1
    game = {"habanero": ("game", "juego"), "boricua": ("match", "partida")}[variant]
    for lang, word in zip(("en", "es"), game, strict=True):
        text = reason_words(lang, r, variant)
        assert "101" in text and word in text and "{" not in text, text
        assert any(s in text for s in ("bastos", "espadas", "clubs", "swords")), text
    size = find_variant(variant).hand_size  # (7 in boricua, 8 in habanero)
    cards = " ".join("1b 3b 1e 3e 10b 11e 1o 12b".split()[:size])
    only = _led(variant, cards, (40, 95))  # 6 short: only the As de oros holds
    assert [str(Card(c)) for c in holds_101(only, 0)] == ["1o"]
    action, why = R.hint_why(view(only, 0), random.Random(0), Budget(iterations=30))
    assert str(action) == "play 1o" and [(r.kind, r.what) for r in why] == [(HOLDS_101, 1)]
    for lang, word in (("en", "only card"), ("es", "única carta")):
        said = hint_words(lang, "H", why[0], variant)
        assert word in said and "?" not in said, said


def test_most_likely_lost_is_said_only_with_the_other_player_near_101() -> None:
    """``likely_lost`` (RULES §10.1): every choice lost in most sampled deals
    is said only where the other player is ``NEED_SAID`` or fewer short; at
    the start of a vuelta, 40 short, the hint gives its card's reasons."""
    st = deal2("habanero", "4c 5c 6c 4b 5b 6b", "1o 3o", "2o", dealer=1)
    st.deal_no = 2

    def said(totals: tuple[int, int]) -> bool:
        st.carry = list(totals)
        j = judge(view(st, 0), random.Random(0), Budget(iterations=8), record=True, race=True)
        assert j.events is not None
        lost = [[e._replace(game=-1) for e in row] for row in j.events]  # every deal lost
        others = [k for k in range(len(j.actions)) if k != j.best]
        r = R.likely_lost(view(st, 0), j._replace(events=lost), others)
        assert r is None or r.kind == LIKELY_LOST
        return r is not None

    assert said((30, 101 - R.NEED_SAID)) and said((30, 96))
    assert not said((30, 100 - R.NEED_SAID)) and not said((30, 61))


def test_a_near_tie_the_reason_skips_is_named_before_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint's reason compares with the best-valued choice the deals tell
    apart from it; a choice valued between them, within the margin of the
    hint's and told apart by no reason, is named first as about the same (a
    club player read the hint compare a blank with the As of trumps, never
    naming the blank beside it: cold play nc76). Not where it is clearly worse."""
    from tute_desktop.bots.analysis import Judgement
    from tute_desktop.bots.reasons import TRUMPS, Reason

    st = _led("habanero", "1b 3e 1o 4b 5b 6e 7e", (40, 60))
    v = view(st, 0)
    actions = st.legal_actions()
    best, tie, far = 0, 1, 2

    def judged(gap: float) -> Judgement:
        rows = [[10.0 + (i % 5) if k == best else 10.0 - gap + (i * 7 % 5) if k == tie
                 else 0.0 for k in range(len(actions))] for i in range(40)]
        rows = [[x + (5.0 if k == far else 0.0) for k, x in enumerate(r)] for r in rows]
        means = [sum(r[k] for r in rows) / len(rows) for k in range(len(actions))]
        return Judgement(actions, rows, False, means, best, None)

    told = Reason(TRUMPS, str(actions[best]), str(actions[far]), 40, 2.0, 1.0)
    monkeypatch.setattr(R, "reasons", lambda st_, seat, j, b, k, fallback=True:
                        (told,) if k == far else ())
    (r,) = R.hint_reasons(v, judged(0.3))
    assert r.other == str(actions[far]) and r.tie == str(actions[tie])
    for lang, words in (("en", "would do about as well, counting the whole round. Why not"),
                        ("es", "daría casi lo mismo, contando toda la mano. ¿Por qué no")):
        said = hint_words(lang, "H", r, "habanero")
        assert words in said and said.index(words) > 2, said
    (r,) = R.hint_reasons(v, judged(4.0))  # clearly below the hint's: not a tie
    assert r.other == str(actions[far]) and r.tie == ""
    assert "casi igual" not in hint_words("es", "H", r, "habanero")


@pytest.mark.parametrize("variant", ["habanero", "boricua"])
def test_s10_1_a_card_that_takes_the_trick_led_to_101_says_so_not_whatever_is_played(
        variant: str) -> None:
    """RULES §10.1: answering a card led, a card that takes the trick and
    reaches 101 wins the game; the hint said "whatever your opponent plays"
    after the opponent had played (a newcomer read it as wrong, cold play
    nc77). Leading, the words stay as they were."""
    from tute_desktop.bots.reasons import REACH_101

    st = _led(variant, "1b 3e 1o 4b 5b 6e 7e", (97, 40))  # 4 short; the As de oros takes it
    action, why = R.hint_why(view(st, 0), random.Random(0), Budget(iterations=20))
    assert [r.kind for r in why] == [REACH_101] and why[0].answer
    for lang, word in (("en", "take this trick"), ("es", "te llevas esta baza")):
        text = reason_words(lang, why[0], variant)
        assert word in text and "whatever" not in text and "juegue lo que" not in text, text
