"""RULES §4: declarations (cantes) — veinte, cuarenta, tute; when, how many, until
when; the 3- and 4-player rules (forty first, use or lose); public cards."""

from __future__ import annotations

import random

import pytest
from engine_helpers import act, deal2, deal_many, legal

from tute_desktop.engine import State, find_variant, new_game, view
from tute_desktop.engine.cards import CABALLO, REY
from tute_desktop.engine.events import Cante, Declared
from tute_desktop.engine.rules import CantesPerTrick


def won_first_trick(hand0: str, variant: str = "habanero", **options: object) -> State:
    """Seat 0 (mano) holds ``hand0`` plus the As de espadas and wins the first trick."""
    st = deal2(variant, "1e " + hand0, "2e", trump="10o", options=dict(options) or None)
    act(st, "play 1e", "play 2e")
    assert st.to_act == 0
    return st


def sings(state: State) -> set[str]:
    return {a for a in legal(state) if a.startswith("sing")}


def test_s4_veinte_is_declared_right_after_winning_a_trick() -> None:
    st = deal2("habanero", "1e 12c 11c", "2e", trump="10o")
    assert not sings(st), "no declaration before the first trick is won"
    act(st, "play 1e", "play 2e")
    assert sings(st) == {"sing 20 c"}
    events = act(st, "sing 20 c")
    assert {"type": "sing", "seat": 0, "kind": "20", "suit": "c", "points": 20} in events
    assert st.points[0] == 11 + 20
    assert st.declarations == [Declared(0, Cante.TWENTY, 1, None, 20)]


def test_s4_no_declaration_while_following_or_after_leading() -> None:
    st = won_first_trick("12c 11c 3b")
    act(st, "play 3b")
    assert not sings(st)  # the window closed with the lead
    st2 = deal2("habanero", "1e", "2e 12c 11c", trump="10o")
    act(st2, "play 1e")
    assert not sings(st2), "the follower has not won a trick"


def test_s4_cuarenta_is_the_pair_in_trumps() -> None:
    st = won_first_trick("12o 11o")
    assert sings(st) == {"sing 40"}
    act(st, "sing 40")
    assert st.points[0] == 11 + 40


def test_s4_one_declaration_per_trick_won() -> None:
    st = won_first_trick("12c 11c 12b 11b 1c")
    assert sings(st) == {"sing 20 c", "sing 20 b"}
    act(st, "sing 20 c")
    assert not sings(st)
    act(st, "play 1c")  # seat 1 holds no copas: seat 0 wins again
    follow = sorted(legal(st))[0]
    act(st, follow)
    assert st.to_act == 0, "the As de copas wins: seat 1 holds no copas and no trumps"
    assert sings(st) == {"sing 20 b"}, "each marriage once; the other one now"


def test_s4_option_cantes_per_trick_all_highest_first() -> None:
    st = won_first_trick("12c 11c 12o 11o 12b 11b", cantes_per_trick="all")
    assert sings(st) == {"sing 40"}
    act(st, "sing 40")
    assert sings(st) == {"sing 20 c", "sing 20 b"}
    act(st, "sing 20 c", "sing 20 b")
    assert st.points[0] == 11 + 40 + 20 + 20


def test_s4_each_marriage_once_per_round() -> None:
    st = won_first_trick("12c 11c 1b")
    act(st, "sing 20 c", "play 1b")
    act(st, sorted(legal(st))[0])
    assert st.to_act == 0, "the As de bastos wins: seat 1 holds no trumps"
    assert not sings(st), "the twenty in copas was declared already"


def test_s4_declared_cards_become_public() -> None:
    st = won_first_trick("12c 11c")
    assert st.hands[0] >> (10 + REY) & 1
    before = view(st, 1).known[0]
    assert not before >> (10 + REY) & 1
    act(st, "sing 20 c")
    known = view(st, 1).known[0]
    assert known >> (10 + REY) & 1 and known >> (10 + CABALLO) & 1


def test_s4_habanero_and_boricua_have_no_tute() -> None:
    for variant in ("habanero", "boricua"):
        st = won_first_trick("12o 12c 12b 12e", variant=variant)
        assert not any("tute" in a for a in legal(st))


def test_s4_tute_in_corriente_wins_the_game() -> None:
    st = won_first_trick("12o 12c 12b 12e", variant="corriente")
    assert "sing tute 12" in sings(st)
    events = act(st, "sing tute 12")
    assert {"type": "game_over", "winner": 0, "reason": "tute"} in events
    assert st.totals == [1, 0] and st.phase == "round_over"


def _oracle_sings(st: State) -> set[str]:
    """RULES §4 for 2 players, written independently of the engine."""
    seat = st.to_act
    assert seat is not None
    h = st.hands[seat]
    limit = 2 if st.rules.declare_until == "stock_gt_2" else 0
    if not st.window or st.stock_count <= limit:
        return set()
    if st.rules.cantes_per_trick is CantesPerTrick.ONE and st.window_sings:
        return set()
    out = set()
    for s in range(4):
        if h >> (s * 10 + REY) & 1 and h >> (s * 10 + CABALLO) & 1 and not st.sung >> s & 1:
            out.add("sing 40" if s == st.trump else f"sing 20 {'oceb'[s]}")
    return out


@pytest.mark.parametrize("until", ["stock", "stock_gt_2"])
def test_s4_two_players_declare_while_the_stock_holds_cards(until: str) -> None:
    rules = find_variant("habanero", {"declare_until": until})
    seen_open = seen_closed = 0
    for seed in range(150):
        rng = random.Random(seed)
        st = new_game(rules, seed=seed)
        while st.phase == "play":
            if not st.trick_cards and st.ask == 0 and st.window:
                expected = _oracle_sings(st)
                assert sings(st) == expected
                if expected:
                    seen_open += 1
                elif st.stock_count <= (2 if until == "stock_gt_2" else 0):
                    h = st.hands[st.to_act or 0]
                    if any(h >> (s * 10 + REY) & 1 and h >> (s * 10 + CABALLO) & 1
                           and not st.sung >> s & 1 for s in range(4)):
                        seen_closed += 1
            acts = st.legal_actions()
            st.apply(rng.choice(acts))
    assert seen_open > 20 and seen_closed > 3


# --- 3 and 4 players --------------------------------------------------------------


def tres_first_trick(h0: str, h2: str = "", **options: object) -> State:
    """tres, trump oros (4o face up), seat 0 wins the first trick with the As de bastos."""
    h1 = "2b" if "12o" in h0 else "2b 12o 11o"  # the forty only where a test puts it
    st = deal_many("tres", ["1b " + h0, h1, "4b " + h2], "4o", dealer=2,
                   options=dict(options) or None, fill_order=[2, 1, 0], prefer="ec")
    act(st, "play 1b", "play 2b", "play 4b")
    assert st.to_act == 0 and st.window
    return st


def test_s4_three_players_forty_before_any_twenty() -> None:
    st = tres_first_trick("12o 11o 12c 11c")
    assert sings(st) == {"sing 40"}


def test_s4_three_players_use_or_lose_at_the_first_won_trick() -> None:
    st = tres_first_trick("12b 11b 3b")
    assert sings(st) == {"sing 20 b"}
    act(st, "play 3b")  # declines
    assert st.lost_right == [True, False, False]
    # Win another trick later: still no declaration.
    while st.phase == "play" and not (st.to_act == 0 and st.window and not st.trick_cards):
        act(st, sorted(legal(st), key=lambda a: a.startswith("sing"))[0])
    assert not sings(st)


def test_s4_option_use_or_lose_off_keeps_the_right() -> None:
    st = tres_first_trick("12b 11b 3b", use_or_lose=False)
    act(st, "play 3b")
    assert st.lost_right == [False, False, False]


def test_s4_no_loss_when_nothing_could_be_declared() -> None:
    st = tres_first_trick("3b", h2="12b 12c 12e")
    assert not sings(st)
    act(st, "play 3b")
    assert st.lost_right == [False, False, False]


def test_s4_three_players_declare_until_the_end_of_the_round() -> None:
    st = tres_first_trick("12b 11b")
    assert st.stock_count == 0 and sings(st) == {"sing 20 b"}


def test_s4_tute_in_tres_ends_the_round_with_two_lost_rounds_each() -> None:
    st = tres_first_trick("12o 12c 12b 12e")
    assert "sing tute 12" in sings(st)
    events = act(st, "sing tute 12")
    assert st.phase == "round_over" and st.round_winner == 0 and st.reason == "tute"
    assert st.totals == [0, 2, 2]
    assert any(e["type"] == "round_over" for e in events)


def test_s4_option_tute_match_wins_the_match() -> None:
    st = tres_first_trick("12o 12c 12b 12e", tute="match")
    act(st, "sing tute 12")
    assert st.phase == "match_over" and st.winner == 0


def test_s4_until_when_declarations_are_allowed_by_the_stock() -> None:
    """§4: with two players while the stock holds a card (option
    ``stock_gt_2``: more than two); three and four players all the round.
    ``Rules.declaring_with`` is the rule every window and hint reads."""
    stock = find_variant("habanero")
    assert [stock.declaring_with(n) for n in (0, 1, 2, 3)] == [False, True, True, True]
    gt2 = find_variant("habanero", {"declare_until": "stock_gt_2"})
    assert [gt2.declaring_with(n) for n in (0, 2, 3, 4)] == [False, False, True, True]
    assert find_variant("tres").declaring_with(0) and find_variant("parejas").declaring_with(0)
