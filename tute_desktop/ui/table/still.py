"""A table at rest, described from what one seat, or nobody in particular, may
see: what a lesson or the review shows, the same table the game shows.

``describe_table`` takes a ``View`` (``engine.view``: a seat's hand face up at
the bottom) or a ``PublicView`` (``engine.public_view``: every hand face down,
for a spectator or a privacy screen), never the full state: a hidden card it
lays out is a stand-in for one the viewer cannot place, and shows as a back.
"""

from __future__ import annotations

from ...engine import PublicView, View
from ...engine.cards import ALL_CARDS_MASK, bits
from ...match import Match
from ..services import Services
from .board import Board, Geometry
from .chronicle import Names
from .describe import TableDescription, felt_for, spots_at_rest
from .hud import Hud, Seen


def describe_table(services: Services, match: Match, view: View | PublicView, *,
                   size: tuple[int, int] | None = None, perspective: int | None = None,
                   legal: int | None = None, my_turn: bool = False,
                   caption: str = "") -> TableDescription:
    """The table of ``match`` as ``view`` sees it, at rest, ``size`` points (the
    window's when None): cards, plates, the score panel, the trump's mark and
    labels, no buttons (the caller adds its own). ``perspective``: the seat at
    the bottom (a ``View``'s own seat when None, else 0); ``legal``: the cards
    of the bottom hand that may be played (the others dimmed); ``my_turn``: the
    viewer is to act (their plate says so)."""
    size = size or services.size
    state = view.state.clone()
    seat = view.seat if isinstance(view, View) else None
    bottom = perspective if perspective is not None else (seat if seat is not None else 0)
    # Stand-ins for the cards the viewer cannot place: as many as each hidden
    # hand and the stock hold, laid face down (never named in the description).
    seen = state.played_mask()
    for mask in state.hands:
        seen |= mask
    for c in (state.faceup, state.pending_card):
        if c >= 0:
            seen |= 1 << c
    spare = iter(bits(ALL_CARDS_MASK & ~seen))
    for s in range(state.n):
        for _ in range(view.hand_sizes[s] - state.hands[s].bit_count()):
            state.hands[s] |= 1 << next(spare)
    state.stock = [next(spare) for _ in state.stock]
    board = Board(state)
    n = match.rules.players
    geo = Geometry.for_size(size[0], size[1], n)
    face_up = frozenset() if seat is None else frozenset({seat})
    hud = Hud(services, match, caption)
    hud.geo = geo
    hud.names = Names(hud.name, n, lambda s: s == seat)
    look = hud.describe(Seen(state, board, bottom, seat, my_turn, False))
    settings = services.settings
    return TableDescription(
        size, (geo.card_w, geo.card_h), settings.card_back, felt_for(geo, settings.table_rgb),
        spots_at_rest(board, geo, bottom, face_up, legal), look.plates, look.labels,
        look.panels, look.trump, (), look.overlays)
