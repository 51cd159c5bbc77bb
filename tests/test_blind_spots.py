"""benchmarks/blind_spots.py (issue 30): which leads it counts, and that a
round's count says whether the other seat took the trick."""

from __future__ import annotations

import random

import pytest
from blind_spots import LOADED, SIDE, TRUMP_TRES, blind_spot, play_round, summary

from tests.engine_helpers import act, deal2, vuelta_at_99
from tute_desktop.bots import Budget
from tute_desktop.bots.analysis import judge
from tute_desktop.engine import Action, State, view
from tute_desktop.game import review as R


def test_a_side_as_or_tres_in_the_stock_phase_and_the_trump_tres_before_its_as() -> None:
    st = deal2("habanero", "1c 3e 3o 2b 4b 5b 6b 7b", "", "12o")
    v = view(st, 0)
    kinds = {a: blind_spot(st, v, Action.parse(a)) for a in ("play 1c", "play 3e", "play 3o",
                                                              "play 2b")}
    assert kinds == {"play 1c": SIDE, "play 3e": SIDE, "play 3o": TRUMP_TRES, "play 2b": None}
    # The As of trumps face up: the Tres of trumps is no gamble.
    st = deal2("habanero", "3o 2b 4b 5b 6b 7b 10b 11b", "", "1o")
    assert blind_spot(st, view(st, 0), Action.parse("play 3o")) is None


def test_points_thrown_on_a_lost_trick_beyond_a_cheaper_loser_are_counted() -> None:
    """nc99 saw the expert throw a Sota, a Rey and a Rey de oros onto tricks it
    was losing while the stock lasted: following with 2 players in the stock
    phase, a card that loses the trick is counted with the points it throws
    beyond the cheapest card that would lose it too; a card that wins, the
    cheapest loser, or a card after the stock is not."""
    from blind_spots import thrown

    from tute_desktop.engine.cards import Card

    st = deal2("habanero", "1c 4c 5c 6c 7c 10c 11c 12c", "3e 4b 5b 6b 7b 6o 11b 12b", "12o",
               dealer=1)
    act(st, "play 1c")  # seat 0 leads the As de copas; seat 1 holds no cup, one trump
    v = view(st, 1)
    kinds = {a: blind_spot(st, v, Action.parse(a))
             for a in ("play 3e", "play 4b", "play 12b", "play 6o")}
    assert kinds == {"play 3e": LOADED, "play 4b": None, "play 12b": LOADED, "play 6o": None}
    assert thrown(st, int(Card.parse("3e"))) == 10
    assert thrown(st, int(Card.parse("12b"))) == 4
    assert thrown(st, int(Card.parse("4b"))) == 0


def test_a_round_reports_each_lead_taken_or_not_and_a_row_for_every_kind() -> None:
    found, moves = play_round("habanero", "expert-base", 3, 4)
    assert moves > 20 and found
    for st, action, lead in found:
        assert blind_spot(st, view(st, st.to_act), action) == lead.kind
        if lead.kind != LOADED:
            assert lead.points >= 10  # an As or a Tres was in the trick
    rows = summary([x[2] for x in found], 1, 2.0, ["habanero"], ["expert-base"])
    assert [r["kind"] for r in rows] == [SIDE, TRUMP_TRES, LOADED]
    assert sum(r["leads"] for r in rows) == len(found)
    assert sum(r["taken"] for r in rows) == sum(x[2].taken for x in found)


def test_against_a_taker_only_the_levels_own_leads_count_and_each_is_taken() -> None:
    """cold play nc96: a person trumps an As led while the stock lasts more
    readily than the expert's own seats do. ``--opponent taker`` plays the
    other side by the player that takes every As or Tres it can with its
    cheapest winning card: the leads counted are the level's seat's only, and
    a side As or Tres it leads into a seat holding a trump is taken."""
    from blind_spots import make_player

    st = deal2("habanero", "1c 3e 4c 5c 6c 7c 10c 11c", "6o 4b 5b 6b 7b 10b 11b 12b", "12o")
    act(st, "play 1c")
    taker = make_player("taker")
    assert taker.choose(view(st, 1), random.Random(0)) == Action.parse("play 6o")
    seats = set()
    for seed in range(1, 7):
        for side in (0, 1):
            found, moves = play_round("habanero", "hard", seed, 4, "taker", side)
            assert moves > 20
            seats |= {before.to_act for before, _, _ in found}
            assert all(before.side_of(before.to_act) == side for before, _, _ in found)
    assert seats == {0, 1}


def test_with_three_players_a_trump_face_under_an_unseen_trump_and_a_side_as_or_tres() -> None:
    """Issue 30, item 3 (§3, §8): with no stock, the leads counted are a Rey,
    Caballo or Sota of trumps while a higher trump is unseen (the parejas lead
    of the Rey of trumps into the As) and a side As or Tres (taken when
    trumped); a row per kind that exists with 3 and 4 players."""
    from blind_spots import SIDE_MANY, TRUMP_FACE

    from tests.engine_helpers import deal_many
    from tute_desktop.engine.cards import Card

    st = deal_many("tres", ["1o", "12o 1c 3b 2c", "3o"], "5o")
    seat = st.to_act
    assert seat == 1 and st.trump == Card.parse("5o").suit
    assert not st.hands[1] & (1 << Card.parse("1o") | 1 << Card.parse("3o"))
    v = view(st, 1)
    kinds = {a: blind_spot(st, v, Action.parse(a))
             for a in ("play 12o", "play 1c", "play 3b", "play 2c")}
    assert kinds == {"play 12o": TRUMP_FACE, "play 1c": SIDE_MANY, "play 3b": SIDE_MANY,
                     "play 2c": None}
    rows = summary([], 1, 2.0, ["tres"], ["hard"])
    assert [r["kind"] for r in rows] == [TRUMP_TRES, TRUMP_FACE, SIDE_MANY]


def _on_97(variant: str, lead: str = "", options: dict[str, str] | None = None) -> State:
    """Seat 0 on 97 with the top trump (As de oros) and the 7 de copas, the
    other seat on 87, where 101 reached in play wins the game (RULES §10.3:
    boricua; la vuelta, §10.1, is the same race); the other seat led ``lead``."""
    st = deal2(variant, "7c 1o 2b 4b 5b 6e 4e", "2c 3c", "4o", dealer=0, options=options)
    st.carry = [97, 87]
    if variant == "habanero":
        st.deal_no = 2  # la vuelta: the first deal's points carried
    if lead:
        act(st, f"play {lead}")
    return st


@pytest.mark.parametrize("variant", ["boricua", "habanero"])
def test_the_experts_rollouts_take_a_sure_101(variant: str) -> None:
    """RULES §10.1, §10.3: 101 reached in play wins the game at once. A strong
    player's cold play: on 97 the review valued winning a trick for no points
    (the 7 de copas over the 2) as the game lost in most deals, where the
    player then leads the As of trumps, 11 points nobody can beat. The
    expert's rollout player takes a sure 101: leading, a card no unseen one
    beats worth enough; following, a winning card with enough in the trick.
    The levels below keep the plain rule player (they lead a blank)."""
    from tute_desktop.bots.levels import EXPERT_POLICY
    from tute_desktop.bots.policy import Policy
    from tute_desktop.engine.tricks import trick_result

    st = _on_97(variant)
    assert R.racing(st)
    act(st, "play 2c", "play 7c")  # seat 0 won the trick: its lead, still on 97
    assert st.to_act == 0 and st.round_total(0) == 97
    rng = random.Random(0)
    assert str(EXPERT_POLICY.act(st, rng)) == "play 1o"
    assert str(Policy().act(st, rng)) != "play 1o"
    st = _on_97(variant, "3c")  # 10 on the table: any winning card reaches 101
    card = EXPERT_POLICY.act(st, rng)
    assert card.card is not None
    winner, points = trick_result([*st.trick_cards, int(card.card)], st.trump)
    assert winner == 1 and 97 + points >= 101


def test_the_review_counts_the_game_won_after_a_trick_that_leaves_a_sure_101() -> None:
    """The review's and the hint's values (the expert's rollouts, the game
    counted): on 97, the 7 de copas over the 2 leaves the As of trumps to
    lead: the game won in every deal (it was in 34 of 60)."""
    st = _on_97("boricua", "2c")
    j = judge(view(st, 0), random.Random(1), Budget(iterations=60), record=True, race=True)
    assert j.events is not None
    k = [str(a) for a in j.actions].index("play 7c")
    assert all(row[k].game == 1 for row in j.events)


@pytest.mark.parametrize("variant", ["boricua", "habanero"])
def test_the_hint_says_a_card_that_reaches_101_in_this_trick_wins_the_game(
        variant: str) -> None:
    """A strong player's hint on 97, leading with the As of trumps in hand,
    said "draws your opponent's trumps": the As takes 101 whatever the other
    holds (RULES §10.1, §10.3), and the hint now says so, in both languages,
    the game's word or boricua's match; no such reason where no card is sure."""
    from tute_desktop.bots.policy import sure_101
    from tute_desktop.bots.reasons import REACH_101
    from tute_desktop.ui.table.why import reason_words

    st = _on_97(variant)
    act(st, "play 2c", "play 7c")
    assert sure_101(st, 0) == [int(Action.parse("play 1o").card or 0)]
    action, why = R.hint_why(view(st, 0), random.Random(0), Budget(iterations=30))
    assert str(action) == "play 1o" and [r.kind for r in why] == [REACH_101]
    game = {"boricua": ("match", "partida"), "habanero": ("game", "juego")}[variant]
    for lang, word in zip(("en", "es"), game, strict=True):
        text = reason_words(lang, why[0], variant)
        card = {"en": "Ace (1) of coins", "es": "as de oros"}[lang]
        assert "101" in text and word in text and card in text, text
    st = _on_97(variant)  # seat 1 to lead: seat 0 has no card to play yet
    assert sure_101(st, 0) == [] and sure_101(st, 1) == []
    st.carry = [80, 87]  # 80 + 11 is not 101: no sure card, no such reason
    act(st, "play 2c", "play 7c")
    assert sure_101(st, 0) == []
    _, why = R.hint_why(view(st, 0), random.Random(0), Budget(iterations=30))
    assert REACH_101 not in [r.kind for r in why]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_hint_says_the_game_is_lost_in_this_trick_whatever_is_played(lang: str) -> None:
    """A strong player's hint, the other on 97 leading the Rey de oros and no
    card of theirs able to take it, said "behind your opponent either way ...
    on average" of sampled values: whatever is played the other reaches 101
    with this trick (RULES §10.3), and the hint says so, its card giving the
    fewest points; not where a card can still take the trick."""
    from tute_desktop.bots.policy import lost_101
    from tute_desktop.bots.reasons import LOST_101
    from tute_desktop.ui.table.why import reason_words

    st = deal2("boricua", "10b 4b 5b 6e 4e 7e 2b", "12o", "4c", dealer=0, prefer="o")
    st.carry = [50, 97]
    act(st, "play 12o")
    assert lost_101(st, 0) and not lost_101(st, 1)
    action, why = R.hint_why(view(st, 0), random.Random(0), Budget(iterations=20))
    assert [r.kind for r in why] == [LOST_101] and str(action) != "play 10b"
    text = reason_words(lang, why[0], "boricua")
    assert "101" in text and {"en": "match is lost", "es": "partida está perdida"}[lang] in text
    st.carry = [50, 90]  # 90 + 4 is short of 101: the game goes on
    assert not lost_101(st, 0)


def test_with_manual_claims_the_hint_says_to_claim_the_101_it_reaches() -> None:
    """RULES §10.1, `claim = manual`: 101 wins the game once claimed at a turn.
    A strong player read "you reach 101 in this trick ...: the game is yours"
    and, beside it, the review's "101 reached in play wins the game at once",
    where the game waited for the claim: both say the claim now."""
    from tute_desktop.bots.reasons import REACH_101
    from tute_desktop.ui.table.why import reason_words

    st = _on_97("habanero", options={"claim": "manual"})
    act(st, "play 2c", "play 7c")
    action, why = R.hint_why(view(st, 0), random.Random(0), Budget(iterations=30))
    assert str(action) == "play 1o" and [r.kind for r in why] == [REACH_101]
    words = {"en": "claim it at your next turn", "es": "cántalo en tu próximo turno"}
    for lang, said in words.items():
        assert said in reason_words(lang, why[0], "habanero")
    assert R.notes(st, st.legal_actions())[-1] == R.NOTE_RACE_CLAIM
    auto = _on_97("habanero")
    act(auto, "play 2c", "play 7c")
    _, why = R.hint_why(view(auto, 0), random.Random(0), Budget(iterations=30))
    assert "claim" not in reason_words("en", why[0], "habanero")
    assert R.notes(auto, auto.legal_actions())[-1] == R.NOTE_RACE


@pytest.mark.parametrize("variant", ["habanero", "boricua"])
def test_the_hint_says_when_the_game_is_likely_lost_whatever_is_played(variant: str) -> None:
    """RULES §10.1, §10.3: the other player on 96 with the As and Tres of
    trumps, the stock still out. A strong player's hint gave a trumps reason
    where every card lost the game in most deals: the hint says the game is
    most likely lost whatever is played, how often even with its card, and
    names no other card to prefer; not so where the race is open."""
    from tute_desktop.bots.reasons import LIKELY_LOST
    from tute_desktop.ui.table.why import hint_words, reason_words

    def on(totals: tuple[int, int]) -> State:
        st = deal2(variant, "4c 5c 6c 4b 5b 6b", "1o 3o", "2o", dealer=1)
        st.carry = list(totals)
        if variant == "habanero":
            st.deal_no = 2  # la vuelta
        return st

    st = on((30, 96))
    assert R.racing(st) and st.stock_in_play()
    action, why = R.hint_why(view(st, 0), random.Random(0), Budget(iterations=40))
    assert [r.kind for r in why] == [LIKELY_LOST] and why[0].best == str(action)
    assert why[0].best_stat >= 0.75 * why[0].deals and why[0].rank == 0
    for lang, word in (("en", "101 first"), ("es", "antes a 101")):
        text = reason_words(lang, why[0], variant)
        assert word in text and str(int(why[0].best_stat)) in text and "{" not in text, text
        said = hint_words(lang, "H", why[0], variant)
        assert "?" not in said, said  # no other card named as better
    _, open_race = R.hint_why(view(on((85, 40)), 0), random.Random(0), Budget(iterations=40))
    assert LIKELY_LOST not in [r.kind for r in open_race]


def test_a_card_that_wins_the_game_now_is_the_best_over_more_round_points() -> None:
    """RULES §10.1: in la vuelta 101 reached in play wins the game at once, and
    habanero's match counts games, not the points after. A newcomer on 99 with
    the As of trumps was hinted a 4 (+142.2: the game won a trick later, with
    more round points) over the As (+141.0, the game won now), and the review
    then marked the As a mistake (cold play nc71). A card sure to reach 101 is
    the hint's and the review's best, and the expert's move, wherever another
    is valued higher; in a first deal (101 not reached in play) the values
    decide as before."""
    from tute_desktop.bots.analysis import best_index
    from tute_desktop.bots.levels import make_bot
    from tute_desktop.bots.policy import sure_101, wins_at_once
    from tute_desktop.bots.reasons import REACH_101
    from tute_desktop.engine.actions import PLAY

    st = vuelta_at_99(27)  # (seed 27: the top-valued card is not a sure one)
    actions = st.legal_actions()
    won = wins_at_once(st, actions)
    sure = sure_101(st, 0)
    assert won == [j for j, a in enumerate(actions) if a.card is not None and int(a.card) in sure]
    j = judge(view(st, 0), random.Random(1), Budget(iterations=40), race=True)
    top = max(range(len(j.actions)), key=lambda k: (j.means[k], -k))
    assert top not in won and j.best in won  # (the nc71 case: more points later)
    action, why = R.hint_why(view(st, 0), random.Random(1), Budget(iterations=40))
    assert actions.index(action) in won and [r.kind for r in why] == [REACH_101]
    bot = make_bot("expert")
    assert actions.index(bot.choose(view(st, 0), random.Random(2), Budget(iterations=40))) in won
    assert bot.stats.worlds == 0  # (decided at once: nothing to search)
    # Another card ahead by 5 in every deal (far beyond the margin): still the sure one.
    other = next(k for k, a in enumerate(actions) if k not in won and a.kind is PLAY)
    rows = [[100.0 + i % 7 + (5.0 if k == other else 0.0) for k in range(len(actions))]
            for i in range(40)]
    means = [sum(r[k] for r in rows) / len(rows) for k in range(len(actions))]
    assert best_index(st, actions, rows, means, False) in won
    assert best_index(st, actions, [rows[0]], rows[0], True) in won
    first = st.clone()
    first.deal_no = 1  # a first deal: 101 ends nothing in play, the values decide
    assert wins_at_once(first, actions) == []
    assert best_index(first, actions, rows, means, False) == other


def test_a_declaration_that_reaches_101_wins_the_game_now() -> None:
    """RULES §4, §10.1: a 20 or the 40 that takes the side to 101 in la vuelta
    wins the game as it is declared: ``wins_at_once`` counts it; not a smaller
    one that stops short, nor the same in a first deal."""
    from tute_desktop.bots.policy import wins_at_once
    from tute_desktop.engine.actions import SING
    from tute_desktop.engine.events import Cante

    st = deal2("habanero", "11b 12b 1o 2e 4e 5c 6c", "2c 3c", "4o", dealer=1)
    st.deal_no = 2
    act(st, "play 2e", "play 2c")  # seat 0 leads, seat 1 follows: seat 0 wins (2e led)
    if st.to_act != 0:
        pytest.skip("the deal did not give seat 0 the lead")
    actions = st.legal_actions()
    sing = next(k for k, a in enumerate(actions) if a.kind is SING and a.cante is Cante.TWENTY)
    st.carry[st.side_of(0)] = 81 - st.points[st.side_of(0)]  # 81 + 20 = 101
    assert sing in wins_at_once(st, actions)
    st.carry[st.side_of(0)] = 80 - st.points[st.side_of(0)]  # 80 + 20 = 100
    assert sing not in wins_at_once(st, actions)
    st.carry[st.side_of(0)] = 81 - st.points[st.side_of(0)]
    st.deal_no = 1
    assert wins_at_once(st, actions) == []


def test_values_shown_equal_choose_the_card_worth_least() -> None:
    """A player read the hint to throw the As de oros where the 5 de bastos was
    worth as much (every card known, both −82, nc73): among choices shown at the
    same value the hint and the review name the card giving away fewest points
    (RULES §1 card points), not the first in the engine's order; a value
    higher by a shown point still wins."""
    from tute_desktop.bots.analysis import best_index

    st = deal2("habanero", "1o 5b 2e 4e 6e 7e 10e", "", "4c")
    actions = [Action.parse(a) for a in ("play 1o", "play 5b", "play 2e")]
    assert best_index(st, actions, [[-82.0, -82.0, -90.0]], [-82.0, -82.0, -90.0], True) == 1
    assert best_index(st, actions, [[-81.0, -82.0, -90.0]], [-81.0, -82.0, -90.0], True) == 0


def test_the_experts_rule_card_holds_following_too_while_a_2_player_stock_lasts() -> None:
    """Issue 30 (stop 58): the expert's default card (``search.rule_lead``, the
    search's prior and the review's best) is the rule-based card when following
    while a 2-player stock lasts as well as when leading; stop 57's expert
    (``arena.lead_prior_expert``) had it for leads only, and the rule card
    following throws no points on a trick lost anyway (``blind_spot``)."""
    from arena import lead_prior_expert

    from tute_desktop.bots import make_bot
    from tute_desktop.bots.analysis import best_index
    from tute_desktop.bots.levels import (
        EXPERT_FOLLOW_PRIOR,
        EXPERT_POLICY,
        EXPERT_PRIOR,
        SearchBot,
    )
    from tute_desktop.bots.search import paired_lead, rule_lead

    expert, before = make_bot("expert"), lead_prior_expert()
    assert isinstance(expert, SearchBot) and isinstance(before, SearchBot)
    assert expert.prior_follows == EXPERT_FOLLOW_PRIOR > 0 and before.prior_follows == 0
    assert before.prior == expert.prior == EXPERT_PRIOR
    st = deal2("habanero", "1c 4c 5c 6c 7c 10c 11c 12c", "3e 4b 5b 6b 7b 6o 11b 12b", "12o",
               dealer=1)
    plays = [a for a in st.legal_actions() if a.kind == "play"]
    leading = rule_lead(st, plays, EXPERT_POLICY)
    assert rule_lead(st, plays, EXPERT_POLICY, following=True) == leading
    act(st, "play 1c")
    plays = st.legal_actions()
    assert rule_lead(st, plays, EXPERT_POLICY) is None
    card = rule_lead(st, plays, EXPERT_POLICY, following=True)
    assert card is not None and card in plays and blind_spot(st, view(st, 1), card) is None
    # The review's best follows the rule card unless another leads it by the prior.
    rule = plays.index(card)
    other = next(j for j in range(len(plays)) if j != rule)
    for gain in (0.2, 3.0):
        rows = [[0.0] * len(plays) for _ in range(8)]
        for k, row in enumerate(rows):
            row[other] = gain + (1.0 if k % 2 else -1.0)
        means = [sum(r[j] for r in rows) / len(rows) for j in range(len(plays))]
        wanted = rule if paired_lead(rows, other, rule) < EXPERT_FOLLOW_PRIOR else other
        assert best_index(st, plays, rows, means, False) == wanted
        assert wanted == (rule if gain < 1 else other)
