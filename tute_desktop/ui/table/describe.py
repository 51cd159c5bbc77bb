"""The table at one moment, as a value: what is on it and where, nothing drawn.

One ``TableDescription`` says everything the window shows of a table: the felt,
every card (face up by its id, or a back: a hidden card has no id here), the
seats' plates, whose each card of the trick is, the panels (the score, the
last trick, the chronicle, banners, the line above the hand, tooltips, and one
day a panel before play such as an auction), the labels on the felt, the
trump's mark and the buttons. Places and sizes are in points.
``picture.paint_table`` paints one on a ``gfx.Canvas``; the table scene
describes itself every frame (``TableScene.describe``, its
cards where their animations have them now), and ``still.describe_table``
describes a table at rest from what a seat, or nobody in particular, may see
(``engine.view`` / ``engine.public_view``): a lesson or the review builds one,
paints it, then paints its own overlay over it::

    from tute_desktop.ui.table.still import describe_table
    from tute_desktop.ui.table.picture import paint_table

    desc = describe_table(app, match, view, size=canvas.get_size())
    paint_table(canvas, desc, app)
    ...  # the coach's box, the review's panel

Nothing here imports pygame or the table's scene: what an action is called
(``action_words``) lives here too, for the lessons and the review.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass, field

from ...engine import Action
from ...engine.actions import BID, PLAY, SING, SWAP, TRUMP
from ...i18n import card_label, in_variant, suit_name, tr
from ...i18n.cards import card_in_sentence, in_sentence
from .board import Board, Geometry, layout

Box = tuple[float, float, float, float]
"""A rectangle in points: left, top, width, height."""
Colour = tuple[int, ...]


@dataclass(frozen=True)
class CardSpot:
    """One card on the table."""

    face: int | None
    """The card shown face up (0-39), or None: its back (which card it is, the
    description does not know)."""
    x: float
    y: float
    """Its centre, in points (a raised card's lift included)."""
    angle: float = 0.0
    """Degrees turned to the left (as the layout counts them)."""
    scale: float = 1.0
    """A share of the table's card size."""
    z: int = 0
    """Stacking order (cards come lowest first anyway)."""
    dimmed: bool = False
    """A card of the hand that may not be played now."""
    raised: bool = False
    """Lifted out of the hand (pointed at, chosen, hinted)."""
    outline: Colour | None = None
    """Drawn with a coloured outline (the hint, a trick's winning card)."""
    flying: bool = False
    """On its way somewhere (dealt, played, gathered): painted over the plates,
    which a card at rest never lies under but a moving one may cross (issue 29:
    a card passed under a name plate)."""


@dataclass(frozen=True)
class Words:
    """A line of words at ``at``, placed by ``anchor`` (as pygame.Rect names)."""

    words: str
    size: int
    at: tuple[float, float]
    colour: Colour
    anchor: str = "topleft"
    bold: bool = False


@dataclass(frozen=True)
class Panel:
    """A rounded box with words and cards in it: the score panel
    (``kind`` "score"), the last trick ("last_trick"), the chronicle
    ("chronicle"), a banner ("banner"), the trick's callout ("callout"), the
    line above the hand ("line"), a tooltip ("tooltip"), a panel before play
    ("before_play")."""

    kind: str
    box: Box
    colour: Colour
    radius: int = 10
    words: tuple[Words, ...] = ()
    cards: tuple[CardSpot, ...] = ()
    """Cards in the panel (the last trick), at full card size times ``scale``."""


@dataclass(frozen=True)
class Plate:
    """A seat's plate: its name, what it is doing, its side's colour, the
    dealer's chip."""

    seat: int
    box: Box
    name: Words
    status: Words | None
    turn: bool
    """This seat is to act (the plate is gold-rimmed)."""
    side_colour: Colour | None
    """The team's colour (sides of more than one seat), a strip at its left."""
    chip: Box | None
    """The dealer's chip, on the dealer's plate."""
    chip_word: Words | None = None
    colour: Colour = (0, 0, 0, 150)


@dataclass(frozen=True)
class SeatTag:
    """Whose card of the trick in progress this is: the seat's name, as its
    plate says it, in a small box beside its card (``Geometry.trick_tag_spots``;
    a newcomer at a table of three could not tell who had played what)."""

    seat: int
    box: Box
    words: Words
    colour: Colour = (0, 0, 0, 150)
    card: int = -1
    """The card it lies on (a ribbon across its foot, ``Geometry.trick_tag_spots``);
    -1: it lies beside its card."""


@dataclass(frozen=True)
class ButtonLook:
    """A button as shown: its words, its key, where, and how it looks."""

    label: str
    key: str
    box: Box
    size: int
    enabled: bool = True
    hot: bool = False
    focus: bool = False
    """What the hint suggests: drawn as if pointed at (Enter does it)."""
    tag: str = ""
    """What it does, for a caller that acts on it (an action's text: "sing 20 c")."""
    shown_key: str = ""
    """What its brackets say in place of ``key`` ("P · Enter": a pass hinted in
    the auction, which Enter does)."""


@dataclass(frozen=True)
class TrumpMark:
    """The round mark of the trump suit, with its ace's emblem."""

    suit: int
    x: float
    y: float
    r: float


@dataclass(frozen=True)
class Felt:
    colour: Colour
    ring: Box
    """The soft ring around the trick."""
    ring_colour: Colour


@dataclass(frozen=True)
class TableDescription:
    """Everything the window shows of a table, painted in this order: felt,
    cards at rest, the trick's names, cards in flight, plates, labels, panels,
    the trump's mark, buttons, then the overlays (the last trick, the
    chronicle, banners, the hand's line, tooltips) and a panel before play."""

    size: tuple[int, int]
    """The window in points."""
    card_size: tuple[float, float]
    """A card at scale 1, in points."""
    back: str
    """The card back chosen in the settings."""
    felt: Felt
    cards: tuple[CardSpot, ...] = ()
    plates: tuple[Plate, ...] = ()
    labels: tuple[Words, ...] = ()
    panels: tuple[Panel, ...] = ()
    trump: TrumpMark | None = None
    buttons: tuple[ButtonLook, ...] = ()
    overlays: tuple[Panel, ...] = ()
    before_play: Panel | None = None
    """Room for what comes before the first card (an auction): drawn last."""
    trick_tags: tuple[SeatTag, ...] = ()
    """Whose each card of the trick in progress is (three and four players),
    drawn over the cards at rest, under the cards in flight and the plates."""
    extra: dict[str, object] = field(default_factory=dict, compare=False, hash=False)
    """Anything a screen wants to carry along (not painted)."""

    def faces(self) -> frozenset[int]:
        """The cards shown face up, wherever they lie (the panels' too)."""
        shown = {c.face for c in self.cards if c.face is not None}
        for p in (*self.panels, *self.overlays):
            shown.update(c.face for c in p.cards if c.face is not None)
        return frozenset(shown)


def action_words(lang: str, a: Action, variant: str = "", inside: bool = False,
                 deferred: bool = False) -> str:
    """An action in words: "the 3 of cups", "Sing the 20 in swords", "Pass"...
    The one place the game says what an action is called (the table's buttons
    and hints, the lessons, the review); in `variant`'s own words where its
    players have them ("Acuso 20 en copas" in boricua, docs/glossary.md).
    ``inside``: a card as named inside a sentence ("Pista: rey de bastos",
    ``i18n.cards.in_sentence``); a button's label is not. ``deferred``: the
    exchange is deferred (§7.2): its card goes under the face-up one, taken
    after a trick won ("Cambiar el 7" promised nc95 a swap that did not come)."""
    if a.kind is SING:
        if a.cante == "20":
            return tr(lang, in_variant(variant, "sing20"), suit=suit_name(lang, a.suit or 0))
        if a.cante == "40":
            return tr(lang, in_variant(variant, "sing40"))
        return tr(lang, "singtute", what=tr(lang, "reyes" if a.rank == 12 else "caballos"))
    if a.kind is SWAP:
        return tr(lang, "swap_deferred" if deferred else "swap",
                  card=card_in_sentence(lang, str(a.card)))
    if a.kind is PLAY:
        words = card_label(lang, str(a.card))
        return in_sentence(lang, words) if inside else words
    if a.kind is BID:  # subastado's auction (§12): "Bid 70", "Trumps: coins"
        return tr(lang, "action_bid", bid=a.bid)
    if a.kind is TRUMP:
        return tr(lang, "action_trump_inside" if inside else "action_trump",
                  suit=suit_name(lang, a.suit or 0))
    return tr(lang, str(a.kind))


FELT_SHADE = 0.9
"""The ring around the trick is the table's colour this much darker."""


def felt_for(geo: Geometry, rgb: Colour) -> Felt:
    """The felt of a table of ``geo``'s measures in the colour ``rgb``."""
    cx, cy = geo.trick_center
    ring = (cx - geo.card_h * 1.4, cy - geo.card_h * 0.95, geo.card_h * 2.8, geo.card_h * 1.9)
    return Felt(tuple(rgb), ring, tuple(int(c * FELT_SHADE) for c in rgb))


def spots_at_rest(board: Board, geo: Geometry, perspective: int,
                  face_up: frozenset[int], legal: int | None = None) -> tuple[CardSpot, ...]:
    """Every card of ``board`` where it lies at rest (no animation), lowest
    first: ``face_up`` hands shown, the others as backs; the cards of the
    bottom hand not in ``legal`` dimmed (None: none)."""
    places = layout(board, geo, perspective, face_up)
    hand = set(board.hands[perspective])
    dim = 0 if legal is None else sum(1 << c for c in hand) & ~legal
    return tuple(
        CardSpot(c if p.face_up else None, p.x, p.y, p.angle, p.scale, p.z, bool(dim >> c & 1))
        for c, p in sorted(places.items(), key=lambda item: item[1].z))


def card_under(desc: TableDescription, cards: Collection[int],
               pos: tuple[float, float]) -> int | None:
    """The one of ``cards`` (face up in ``desc``) painted topmost at ``pos``:
    the order and the places the picture paints them in (cards at rest, then
    those in flight; a raised card where it is raised; each turned as its hand
    fans it). The table chose by the cards' stacking alone, and so a click on
    a hinted card drawn over its neighbour played the neighbour (cold play
    nc81: "you play what you point at")."""
    cw, ch = desc.card_size
    spots = [s for s in desc.cards if s.face in cards]
    for spot in reversed([s for s in spots if not s.flying] + [s for s in spots if s.flying]):
        turn = math.radians(spot.angle)
        dx, dy = pos[0] - spot.x, pos[1] - spot.y
        x = dx * math.cos(turn) - dy * math.sin(turn)
        y = dx * math.sin(turn) + dy * math.cos(turn)
        if abs(x) <= cw * spot.scale / 2 and abs(y) <= ch * spot.scale / 2:
            return spot.face
    return None
