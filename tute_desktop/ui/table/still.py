"""A table at rest, described from what one seat, or nobody in particular, may
see: what a lesson or the review shows, the same table the game shows.

``describe_table`` takes a ``View`` (``engine.view``: a seat's hand face up at
the bottom) or a ``PublicView`` (``engine.public_view``: every hand face down,
for a spectator or a privacy screen), never the full state: a hidden card it
lays out is a stand-in for one the viewer cannot place, and shows as a back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from ...engine import PublicView, View
from ...engine.cards import bits
from ...engine.events import Declared
from ...engine.view import unplaced
from ...game.match import Match
from ..services import Services
from .board import HAND_MAX_WIDTH, Board, Geometry
from .chronicle import Move, Names
from .describe import Colour, TableDescription, felt_for, spots_at_rest
from .hud import EDGE_PX, EXPLAIN_SECONDS, Hud, Seen

LIFT = 0.16
"""How far a card pointed at rises out of the hand, in card heights: the hand's
room has RAISED[0] above it, and the outer card of thirteen, turned, reaches
0.07 higher (issue 29: a lesson's pointed card ran into the line above)."""


def describe_table(services: Services, match: Match, view: View | PublicView, *,
                   size: tuple[int, int] | None = None, perspective: int | None = None,
                   legal: int | None = None, my_turn: bool = False,
                   caption: str = "", rule_line: str = "", show_last: bool = False,
                   last_button: bool = False, actions: bool = False,
                   hinted: str = "", explaining: int | None = None,
                   bid_choice: int = 0, others_turns: bool = True,
                   hand_share: float = HAND_MAX_WIDTH,
                   move: Move | None = None, turn_after: bool = False,
                   round_no: int | None = None) -> TableDescription:
    """The table of ``match`` as ``view`` sees it, at rest, ``size`` points (the
    window's when None): cards, plates, the score panel, the trump's mark and
    labels, no buttons (the caller adds its own). ``perspective``: the seat at
    the bottom (a ``View``'s own seat when None, else 0); ``legal``: the cards
    of the bottom hand that may be played (the others dimmed); ``my_turn``: the
    viewer is to act (their plate says so), and ``rule_line`` (what they may
    do) shows above their hand; ``show_last``: the last trick's panel, as the
    table's L shows it; ``last_button``: the table's Last trick button, where
    the table has it (the caller does what it says: ``key.last_trick``);
    ``actions``: on the viewer's turn, the table's buttons for what is not a card
    (declare, exchange...), each tagged with its action for the caller to do, the
    one ``hinted`` (an action's text) highlighted, and the table's "?" beside
    them (its button has no tag: the caller shows the next explanation);
    ``explaining``: which of those buttons' explanation shows, as "?" at the
    table shows it (None: none); ``bid_choice``: in subastado's auction, the
    bid the table's stepper shows (kept inside the bids allowed; 0: the
    lowest), its − and + tagged ``bid_down`` and ``bid_up`` for the caller;
    ``others_turns``: the other seats' plates say when it is their turn (a
    lesson's do not: its bots play only when the person goes on);
    ``hand_share``: the share of the width the bottom hand may span;
    ``move``: another seat's declaration or exchange on show by its seat, as
    the table shows one while it happens (a lesson's bot's); ``turn_after``:
    the viewer presses a button before they act (a lesson's Next): their plate
    says "Your turn", unlit, while it is their turn and the coach talks;
    ``round_no``: the round's number in the match, where ``match`` is not the
    whole match (the review's: its la vuelta note said "round 0", nc97)."""
    size = size or services.size
    state = view.state.clone()
    seat = view.seat if isinstance(view, View) else None
    bottom = perspective if perspective is not None else (seat if seat is not None else 0)
    # Stand-ins for the cards the viewer cannot place: as many as each hidden
    # hand and the stock hold, laid face down (never named in the description).
    spare = iter(bits(unplaced(state, state.hands)))
    for s in range(state.n):
        for _ in range(view.hand_sizes[s] - state.hands[s].bit_count()):
            state.hands[s] |= 1 << next(spare)
    state.stock = [next(spare) for _ in state.stock]
    board = Board(state)
    n = match.rules.players
    geo = Geometry.for_size(size[0], size[1], n, hand_share)
    face_up = frozenset() if seat is None else frozenset({seat})
    hud = Hud(services, match, caption)
    hud.geo = geo
    hud.still = True
    hud.round_no = round_no
    hud.others_turns = others_turns
    hud.turn_after = turn_after
    hud.names = Names(hud.name, match.rules, lambda s: s == seat, match.rules.name)
    hud.rule_line = rule_line
    hud.show_last = show_last and bool(board.last_trick)
    if last_button or actions:
        # The table's buttons laid out as the table lays them: the person's special
        # actions above the hand and "?" (issue 29), and of the tools only Last trick;
        # in subastado's auction the table's own stepper and Pass (§12).
        hud.bid_choice = bid_choice
        hud.build_buttons(Seen(state, board, bottom, seat, my_turn and actions, False),
                          _nothing, False, _nothing, _nothing, _nothing, _nothing, _nothing,
                          True, False, _nothing)
        key = services.tr("key.last_trick")
        hud.tools.buttons = [b for b in hud.tools.buttons if last_button and b.key == key]
        tsize = hud.font(0.12)
        for b in hud.tools.buttons:  # in the corner, its words whole (issue 29: right
            # of the won pile, a lesson's narrow table cut them)
            b.rect.width = hud.text_width(b.caption(), tsize) + tsize
            b.rect.topright = (geo.width - EDGE_PX, EDGE_PX)
        hud.hinted = hinted
        special = [b for b in hud.actions.buttons if b.label != "?"]
        if explaining is not None and explaining < len(special):
            hud.explaining = (explaining, EXPLAIN_SECONDS)
    if isinstance(move, Declared):
        hud.note_declared(move)
    look = hud.describe(Seen(state, board, bottom, seat, my_turn, False, move))
    settings = services.settings
    return TableDescription(
        size, (geo.card_w, geo.card_h), settings.card_back, felt_for(geo, settings.table_rgb),
        spots_at_rest(board, geo, bottom, face_up, legal), look.plates, look.labels,
        look.panels, look.trump, look.buttons, look.overlays, look.before_play,
        look.trick_tags)


def pointed_at(desc: TableDescription, outlines: Mapping[int, Colour], raised: set[int],
               lift: float = LIFT, in_place: frozenset[int] = frozenset()) -> TableDescription:
    """``desc`` with the cards of ``outlines`` outlined in their colours and those
    of ``raised`` (cards of the hand) lifted ``lift`` card heights: what a lesson's
    coach points at, the card the review's person played. An outlined card that
    is not raised (a card of the trick) comes on top, its outline whole, except
    those of ``in_place``: the face-up trump stays under the stock, where the
    coach says it is (it came over it), outlined where it shows."""
    up = desc.card_size[1] * lift
    cards = [dataclasses.replace(spot, y=spot.y - (up if spot.face in raised else 0),
                                 raised=spot.face in raised, outline=outlines[spot.face])
             if spot.face is not None and spot.face in outlines else spot
             for spot in desc.cards]
    cards.sort(key=lambda spot: spot.face in outlines and spot.face not in raised
               and spot.face not in in_place)
    return dataclasses.replace(desc, cards=tuple(cards))


def _nothing(*_: object) -> None:
    """What a button of a still table does itself: nothing (its caller acts)."""
