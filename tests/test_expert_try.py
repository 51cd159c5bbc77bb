"""``benchmarks/expert_try.py``: issue 30's candidates for tres and parejas
patched into the arena's process. A candidate must change the expert's
rollouts only (``levels.EXPERT_POLICY``): ``expert-base`` and hard, the
players it is measured against, keep theirs."""

from __future__ import annotations

import random

import expert_try
import pytest

from tute_desktop.bots import levels, search
from tute_desktop.bots.alone import Each
from tute_desktop.bots.finish import finished_rollout
from tute_desktop.bots.policy import Policy
from tute_desktop.engine import find_variant, new_game
from tute_desktop.engine.cards import bits


@pytest.fixture
def patched(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a candidate patches is put back after the test."""
    monkeypatch.setattr(search, "rollout", search.rollout)
    monkeypatch.setattr(levels, "pimc", levels.pimc)
    monkeypatch.setattr(search, "_observed", search._observed)


def _values(variant: str, seed: int) -> tuple[float, float]:
    root = new_game(find_variant(variant), seed=seed)
    side = root.side_of(root.to_act)  # type: ignore[arg-type]
    expert = search.rollout(root.clone(), levels.EXPERT_POLICY, random.Random(seed), root, side)
    base = search.rollout(root.clone(), Policy(0.0), random.Random(seed), root, side)
    return expert, base


def test_leaf3_solves_the_experts_rollouts_only(patched: None) -> None:
    """§8, §9: ``leaf3`` ends the expert's tres rollouts in an ``Each`` solve
    and its parejas rollouts in ``finished_rollout`` from three cards; the
    rule-based player's rollouts (``expert-base``'s, hard's) stay as they are."""
    before = {(v, s): _values(v, s) for v in ("tres", "parejas") for s in range(1, 6)}
    expert_try.CANDIDATES["leaf3"]()
    changed = 0
    for (variant, seed), (expert, base) in before.items():
        new_expert, new_base = _values(variant, seed)
        assert new_base == base, (variant, seed)
        changed += new_expert != expert
        root = new_game(find_variant(variant), seed=seed)
        side = root.side_of(root.to_act)  # type: ignore[arg-type]
        if variant == "parejas":
            want = finished_rollout(root.clone(), levels.EXPERT_POLICY, random.Random(seed),
                                    root, side, 3)
        else:  # by hand: the rule-based player to a trick of the last three, then Each
            w = root.clone()
            rng = random.Random(seed)
            while not (len(w.trick_cards) == 1 and max(h.bit_count() for h in w.hands) <= 3):
                w.apply(levels.EXPERT_POLICY.act(w, rng), record=False)
            want = Each(w).values(w)[side]
        assert new_expert == pytest.approx(want), (variant, seed)
    assert changed


def test_share_reweighs_the_margin_of_the_experts_rollouts_only(patched: None) -> None:
    """``share1``: a won or lost round plus the whole margin of 130, instead of
    a quarter of it, for the expert's rollouts alone."""
    before = _values("tres", 4)
    expert_try.CANDIDATES["share1"]()
    after = _values("tres", 4)
    assert after[1] == before[1]
    root = new_game(find_variant("tres"), seed=4)
    side = root.side_of(root.to_act)  # type: ignore[arg-type]
    w = root.clone()
    search.play_out(w, levels.EXPERT_POLICY, random.Random(4))
    margin = w.points[side] - max(p for s, p in enumerate(w.points) if s != side)
    assert after[0] == pytest.approx(before[0] + 0.75 * margin / 130.0)


def test_a_candidate_run_needs_one_process(capsys: pytest.CaptureFixture[str]) -> None:
    """The patch lives in the process: ``--jobs 2`` would run deals without it."""
    assert expert_try.run(expert_try.CANDIDATES, ["none", "--variant", "tres", "--jobs", "2"],
                          "expert_try.py") == 2
    assert "--jobs 1" in capsys.readouterr().err


def test_search_candidates_change_the_experts_searches_only(
        patched: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """``solve0`` and ``rivals`` change the keywords of the expert's searches
    (``search.pimc`` called with ``EXPERT_POLICY``) in their rule sets, and no
    other player's."""
    from tute_desktop.engine import view

    asked: list[dict[str, object]] = []
    monkeypatch.setattr(levels, "pimc", lambda *a, **kw: asked.append(kw))
    expert_try.CANDIDATES["solve0"]()
    expert_try.CANDIDATES["rivals"]()
    for variant in ("tres", "parejas", "habanero"):
        v = view(new_game(find_variant(variant), seed=1), 0)
        for policy in (levels.EXPERT_POLICY, Policy(0.0)):
            levels.pimc(v, [], random.Random(1), None, 1000.0, policy, solve_cards=5, rivals=0)
    assert asked == [{"solve_cards": 0, "rivals": 5}, {"solve_cards": 5, "rivals": 0},
                     {"solve_cards": 0, "rivals": 0}, {"solve_cards": 5, "rivals": 0},
                     {"solve_cards": 5, "rivals": 0}, {"solve_cards": 5, "rivals": 0}]


def test_whole_weighs_the_round_in_the_experts_tres_searches_only(
        patched: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """``whole`` has the expert's searches in ``tres`` explain every play of
    the round (``search._observed``), and no other player's or rule set's."""
    from tute_desktop.engine import view

    seen: list[tuple[str, bool]] = []
    monkeypatch.setattr(levels, "pimc", lambda v, *a, **kw: seen.append(
        (v.state.rules.name, v.state.rules.name in search.WHOLE_ROUND)))
    expert_try.CANDIDATES["whole"]()
    for variant in ("tres", "parejas", "cuatro"):
        v = view(new_game(find_variant(variant), seed=1), 0)
        for policy in (levels.EXPERT_POLICY, Policy(0.0)):
            levels.pimc(v, [], random.Random(1), None, 1000.0, policy)
    assert seen == [("tres", True), ("tres", False), ("parejas", True), ("parejas", True),
                    ("cuatro", True), ("cuatro", True)]
    assert "tres" not in search.WHOLE_ROUND


def test_opponents_leaves_out_the_partners_plays_in_the_experts_parejas_searches(
        patched: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """``opponents``: the plays the expert's searches in ``parejas`` explain are
    the opponents' only; other players' searches, and the expert's elsewhere,
    explain what they did."""
    from tute_desktop.engine import view

    st = new_game(find_variant("parejas"), seed=3)
    while st.tricks_played < 3 or st.to_act != 0 or st.ask:  # seat 0 to play, tricks in
        acts = st.legal_actions()
        st.apply(next((a for a in acts if a.kind == "play"), acts[0]))
    every = {ob.seat for ob in search._observed(st, 0)}
    assert every == {1, 2, 3}
    seen: list[set[int]] = []
    monkeypatch.setattr(levels, "pimc", lambda v, *a, **kw: seen.append(
        {ob.seat for ob in search._observed(v.state, v.seat)}))
    expert_try.CANDIDATES["opponents"]()
    v = view(st, 0)
    for policy in (levels.EXPERT_POLICY, Policy(0.0)):
        levels.pimc(v, [], random.Random(1), None, 1000.0, policy)
    assert seen == [{1, 3}, {1, 2, 3}]
    assert {ob.seat for ob in search._observed(st, 0)} == {1, 2, 3}  # outside a search


def test_a_pooled_world_is_drawn_by_its_weight() -> None:
    """``search.pimc(pool=...)`` (the ``pool4`` candidate): each world searched
    is one of ``pool`` dealt, drawn with a chance proportional to its weight, so
    a world of weight 0 is never searched and equal weights are drawn alike."""
    from tute_desktop.engine import view

    v = view(new_game(find_variant("parejas"), seed=5), 0)
    rng = random.Random(3)
    first = search.resample(v, random.Random(9))
    heavy = [first.hands[1]]

    def only_the_first(world: object) -> float:
        return 1.0 if world is first else 0.0

    for _ in range(20):
        assert search._picked(first, 1.0, 4, v, only_the_first, rng) is first  # type: ignore[arg-type]
    seen = {search._picked(first, 1.0, 4, v, lambda w: 1.0, rng).hands[1]  # type: ignore[arg-type]
            for _ in range(40)}
    assert len(seen - set(heavy)) >= 20  # (the others drawn too)


def _model() -> dict[str, list[float]]:
    """Weights that make every feature count (no two alike)."""
    import play_model

    return {"lead": [0.3 * (i % 5) - 0.5 for i in range(len(play_model.LEAD))],
            "follow": [0.7 - 0.2 * (i % 7) for i in range(len(play_model.FOLLOW))]}


@pytest.mark.parametrize("seed", [1, 2])
def test_the_learned_weight_of_the_true_deal_is_its_plays_chances_when_made(seed: int) -> None:
    """§9 (parejas: every play of the round explained): ``LearnedWeigher``
    rebuilds, for the true deal, what each other seat knew when it played
    (its hand then, the trick so far, the cards gone, the suits declared), so
    its weight is the product of the chances the model gave each of those
    plays at the moment it was made (``play_model.decision``, what
    ``collect`` records); a seat's own plays and forced ones count 1."""
    import play_model

    weights = _model()
    st = new_game(find_variant("parejas"), seed=seed)
    rng = random.Random(seed)
    chances: list[tuple[int, float]] = []
    while st.tricks_played < 6 or len(st.trick_cards) != 2:
        acts = st.legal_actions()
        plays = [a for a in acts if a.kind == "play"]
        if not plays or st.ask:
            st.apply(acts[0])
            continue
        a = plays[rng.randrange(len(plays))]
        mask = st.legal_play_mask()
        if mask & (mask - 1):
            lead, rows = play_model.decision(st, st.to_act, mask)  # type: ignore[arg-type]
            chances.append((st.to_act, play_model.chance(weights, lead, rows, int(a.card))))  # type: ignore[arg-type]
        else:
            chances.append((st.to_act, 1.0))  # type: ignore[arg-type]
        st.apply(a)
    seat = st.to_act
    assert seat is not None
    weigher = play_model.LearnedWeigher(st, search._observed(st, seat), Policy(0.0), weights)
    want = 1.0
    for s, p in chances:
        if s != seat:
            want *= p
    assert want < 1e-3  # the plays say something
    assert weigher(st.clone()) == pytest.approx(want)


def test_the_learned_chances_of_the_legal_cards_add_up_and_follow_the_weights() -> None:
    """A play's chance is the softmax of its weighted features among the legal
    cards, mixed with a uniformly random one (``MIX``); a fitted model
    recovers a preference its data show (here: always the card marked 1)."""
    import play_model

    rows = [(5, [1.0, 0.0]), (7, [0.0, 1.0]), (9, [0.0, 0.0])]
    w = {"lead": [2.0, -1.0], "follow": [0.0, 0.0]}
    ps = [play_model.chance(w, True, rows, c) for c, _ in rows]
    assert sum(ps) == pytest.approx(1.0)
    assert ps[0] > ps[2] > ps[1]
    assert play_model.chance(w, False, rows, 5) == pytest.approx(1 / 3)
    feats = [[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]]
    fitted = play_model.fit_weights([(0, feats)] * 30, 2, steps=200)
    assert fitted[0] > 2.0 > -2.0 > fitted[1]
    assert play_model.chance({"lead": fitted, "follow": fitted}, True,
                             list(enumerate(feats)), 0) > 0.85


def test_learned_weighs_the_experts_parejas_searches_only(
        patched: None, monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    """``learned``: the expert's searches in ``parejas`` weigh their worlds by
    the learned model; other players', and the expert's elsewhere, by the
    rule-based player (``search.Weigher``)."""
    import json

    import play_model

    plain = search.Weigher
    monkeypatch.setattr(search, "Weigher", plain)
    path = f"{tmp_path}/model.json"
    with open(path, "w", encoding="utf-8") as f:
        json.dump(_model(), f)
    expert_try._learned(path=path)()
    st = new_game(find_variant("parejas"), seed=1)
    for policy, want in ((levels.EXPERT_POLICY, play_model.LearnedWeigher),
                         (Policy(0.0), plain)):
        assert type(search.Weigher(st, [], policy, 0.0)) is want
    tres = new_game(find_variant("tres"), seed=1)
    assert type(search.Weigher(tres, [], levels.EXPERT_POLICY, 0.0)) is plain


def _parejas_end(seed: int, cards: int = 5):  # type: ignore[no-untyped-def]
    """A ``parejas`` round played by the rule-based player until every hand
    holds at most ``cards`` cards."""
    from tute_desktop.engine.state import PLAYING

    st = new_game(find_variant("parejas"), seed=seed)
    rng, policy = random.Random(seed), Policy(0.0)
    while st.phase is PLAYING and max(h.bit_count() for h in st.hands) > cards:
        st.apply(policy.act(st, rng), record=False)
    return st


def test_partner_rule_values_no_card_above_a_partner_who_sees_everything() -> None:
    """§9: with the partner choosing by its rule of thumb (``PartnerRule``)
    rather than as a maximizer who sees every card, no card's value in a
    ``parejas`` end is higher than the full solve's, and some are lower."""
    from tute_desktop.bots.solver import Endgame

    lower = 0
    for seed in range(1, 13):
        st = _parejas_end(seed)
        seat = st.to_act
        assert seat is not None
        full = Endgame(st, seat).root_values(st)
        ruled = expert_try.PartnerRule(st, seat).root_values(st)
        assert ruled.keys() == full.keys()
        assert max(ruled.values()) <= max(full.values())
        lower += max(ruled.values()) < max(full.values())
    assert lower


def test_partner_rule_follows_its_rule() -> None:
    """§2, §3: the partner puts its cheapest card on a trick its side holds,
    beats with its lowest plain winner before a trump, throws its cheapest
    card otherwise, and leads a plain card no unseen card beats."""
    from tute_desktop.engine.cards import CARD_POINTS

    st = _parejas_end(2)
    seat = st.to_act
    assert seat is not None
    rule = expert_try.PartnerRule(st, seat)
    partner = rule.partner
    assert st.side_of(partner) == st.side_of(seat) and partner != seat
    trump = st.trump
    hands = [0, 0, 0, 0]
    # Leading: the As of the first plain suit is unbeaten; a 2 is not.
    plain = (trump + 1) % 4
    as_, two = plain * 10 + 9, plain * 10
    hands[partner] = 1 << as_ | 1 << two
    hands[(partner + 1) % 4] = 1 << (plain * 10 + 5)
    assert rule._rule(hands, hands[partner], hands[partner], [], []) == as_
    # Following on its side's winning card, not last: the cheapest card.
    cards, seats = [as_], [seat]
    mask = 1 << two | 1 << (plain * 10 + 8)
    assert rule._rule(hands, mask, mask, cards, seats) == two
    # Last to play on its side's trick: the most points.
    cards, seats = [as_, plain * 10 + 1, plain * 10 + 2], [seat, 0, 0]
    seats = [seat, (seat + 1) % 4, (seat + 3) % 4]
    got = rule._rule(hands, mask, mask, cards, seats)
    assert CARD_POINTS[got] == max(CARD_POINTS[plain * 10 + 8], CARD_POINTS[two])
    # An opponent's card in the lead: the lowest plain winner, before a trump.
    opp = (seat + 1) % 4
    lead = plain * 10 + 3
    mask = 1 << (plain * 10 + 4) | 1 << (plain * 10 + 9) | 1 << (trump * 10 + 9)
    assert rule._rule(hands, mask, mask, [lead], [opp]) == plain * 10 + 4


@pytest.mark.parametrize("candidate", ["ismcts", "ismcts-model"])
def test_ismcts_searches_for_the_expert_only_and_from_the_view(
        patched: None, monkeypatch: pytest.MonkeyPatch, candidate: str) -> None:
    """``ismcts`` (and ``ismcts-model``): in tres and parejas the expert's
    searches at a fixed budget before the exact ends (§8, §9) are one tree over
    the worlds (``benchmarks/ismcts.py``); any other player's, and habanero's,
    go to ``pimc`` as they were. The tree's choice is a legal action, the same
    for the same view and seed (it reads the view only: with the hidden hands
    dealt otherwise, it is unchanged)."""
    from tute_desktop.bots.base import Budget
    from tute_desktop.engine import view

    plain: list[str] = []
    monkeypatch.setattr(levels, "pimc", lambda v, *a, **kw: plain.append(v.state.rules.name))
    expert_try.CANDIDATES[candidate]()
    for variant in ("tres", "parejas", "habanero"):
        st = new_game(find_variant(variant), seed=2)
        seat = st.to_act
        assert seat is not None
        v = view(st, seat)
        actions = st.legal_actions()
        levels.pimc(v, actions, random.Random(1), Budget(iterations=3), 1000.0, Policy(0.0),
                    solve_cards=5)
        chosen = levels.pimc(v, actions, random.Random(1), Budget(iterations=3), 1000.0,
                             levels.EXPERT_POLICY, solve_cards=5)
        if variant == "habanero":
            assert plain[-2:] == ["habanero", "habanero"]
            continue
        assert plain[-1] == variant and chosen in actions
        other = st.clone()  # the hidden hands dealt otherwise: the same choice
        hidden = [s for s in range(st.n) if s != seat]
        pool = [c for s in hidden for c in bits(other.hands[s])]
        random.Random(5).shuffle(pool)
        for s in hidden:
            k = other.hands[s].bit_count()
            other.hands[s] = sum(1 << c for c in pool[:k])
            pool = pool[k:]
        again = levels.pimc(view(other, seat), actions, random.Random(1), Budget(iterations=3),
                            1000.0, levels.EXPERT_POLICY, solve_cards=5)
        assert again == chosen
    assert plain == ["tres", "parejas", "habanero", "habanero"]


def test_silent_draws_the_experts_worlds_only_where_no_silent_side_held_a_pair(
        patched: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """§4 (3 and 4 players, use or lose): a side that won a trick and declared
    nothing held no pair it could have declared then. ``silent`` reads those
    moments from the public record; the true deal always agrees with them (the
    bots declare at once); about a fifth of the worlds drawn in parejas do not,
    and the expert's searches (not hard's) draw only worlds that agree."""
    import silent

    from tute_desktop.bots import Budget
    from tute_desktop.engine import view

    monkeypatch.setattr(search, "resample", search.resample)
    st = new_game(find_variant("parejas"), seed=3)
    bot = levels.make_bot("medium")
    rng = random.Random(3)
    while len(silent.silences(st, st.to_act)) < 2 or st.ask:  # type: ignore[arg-type]
        st.apply(bot.choose(view(st, st.to_act), rng))  # type: ignore[arg-type]
    seat = st.to_act
    assert seat is not None
    said = silent.silences(st, seat)
    assert silent.consistent(st, said)  # the true deal
    v = view(st, seat)
    drawn = [search.resample(v, random.Random(k)) for k in range(200)]
    assert 0 < sum(not silent.consistent(w, said) for w in drawn) < 200
    silent.patch()
    inner = search.resample
    seen: list = []

    def spy(v, r):  # type: ignore[no-untyped-def]
        seen.append(w := inner(v, r))
        return w

    monkeypatch.setattr(search, "resample", spy)
    actions = st.legal_actions()
    levels.pimc(v, actions, random.Random(1), Budget(iterations=30), 1000.0, levels.EXPERT_POLICY)
    assert len(seen) == 30 and all(silent.consistent(w, said) for w in seen)
    seen.clear()
    levels.pimc(v, actions, random.Random(1), Budget(iterations=30), 1000.0, Policy(0.0))
    assert len(seen) == 30 and not all(silent.consistent(w, said) for w in seen)


def test_prior3_gives_the_rule_card_in_tres_and_parejas_before_the_exact_ends(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """§8, §9: ``prior3`` makes the rule-based card the expert's default
    (``search.rule_lead``) with 3 and 4 players while some hand holds more
    than the solve's cards; from there on, and with 2 players, as before.
    Only the expert asks for it (``expert-base`` and hard have no prior)."""
    from tute_desktop.bots.policy import choose_card
    from tute_desktop.engine.state import PLAYING

    monkeypatch.setattr(search, "rule_lead", search.rule_lead)
    plain = search.rule_lead
    expert_try.CANDIDATES["prior3"]()
    for variant in ("tres", "parejas", "habanero"):
        st = new_game(find_variant(variant), seed=3)
        rng = random.Random(3)
        seen = {True: False, False: False}
        while st.phase is PLAYING:
            actions = st.legal_actions()
            plays = [a for a in actions if a.kind == "play"]
            if len(plays) == len(actions) > 1:
                got = search.rule_lead(st, actions, levels.EXPERT_POLICY, True)
                deep = max(h.bit_count() for h in st.hands) > levels.EXPERT_SOLVE_CARDS.get(
                    variant, 99)
                if variant == "habanero":
                    assert got == plain(st, actions, levels.EXPERT_POLICY, True)
                elif deep:
                    mask = sum(1 << int(a.card) for a in plays)  # type: ignore[arg-type]
                    assert got is not None and int(got.card) == choose_card(  # type: ignore[arg-type]
                        st, st.to_act, mask, True)  # type: ignore[arg-type]
                else:
                    assert got is None
                seen[deep] = True
            st.apply(rng.choice(actions))
        assert variant == "habanero" or all(seen.values()), (variant, seen)
