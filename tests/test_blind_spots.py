"""benchmarks/blind_spots.py (issue 30): which leads it counts, and that a
round's count says whether the other seat took the trick."""

from __future__ import annotations

from blind_spots import SIDE, TRUMP_TRES, blind_spot, play_round, summary

from tests.engine_helpers import deal2
from tute_desktop.engine import Action, view


def test_a_side_as_or_tres_in_the_stock_phase_and_the_trump_tres_before_its_as() -> None:
    st = deal2("habanero", "1c 3e 3o 2b 4b 5b 6b 7b", "", "12o")
    v = view(st, 0)
    kinds = {a: blind_spot(st, v, Action.parse(a)) for a in ("play 1c", "play 3e", "play 3o",
                                                              "play 2b")}
    assert kinds == {"play 1c": SIDE, "play 3e": SIDE, "play 3o": TRUMP_TRES, "play 2b": None}
    # The As of trumps face up: the Tres of trumps is no gamble.
    st = deal2("habanero", "3o 2b 4b 5b 6b 7b 10b 11b", "", "1o")
    assert blind_spot(st, view(st, 0), Action.parse("play 3o")) is None


def test_a_round_reports_each_lead_taken_or_not_and_a_row_for_every_kind() -> None:
    found, moves = play_round("habanero", "expert-base", 3, 4)
    assert moves > 20 and found
    for st, action, lead in found:
        assert blind_spot(st, view(st, st.to_act), action) == lead.kind
        assert lead.points >= 10  # an As or a Tres was in the trick
    rows = summary([x[2] for x in found], 1, 2.0, ["habanero"], ["expert-base"])
    assert [r["kind"] for r in rows] == [SIDE, TRUMP_TRES]
    assert sum(r["leads"] for r in rows) == len(found)
    assert sum(r["taken"] for r in rows) == sum(x[2].taken for x in found)


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
