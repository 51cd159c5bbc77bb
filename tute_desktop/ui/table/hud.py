"""The table's heads-up display: the score panel, the seats' names, the stock's
count, the buttons (the person's special actions, and the tools), banners for
declarations and exchanges, short notices (toasts), and the last trick."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Final, NamedTuple

import pygame

from ...engine import Action
from ...engine.actions import BID_ACTIONS, PASS_ACTION, PLAY, SING, TRUMP_ACTIONS
from ...engine.cards import CARDS, PAIR_MASKS, bits, mask_of
from ...engine.events import (
    Ask,
    Cante,
    Declared,
    Event,
    ExchangeCompleted,
    Exchanged,
    ExchangeDeferred,
    TrickWon,
)
from ...engine.rules import Exchange, Scoring, TrumpFrom
from ...engine.state import PLAYING, State
from ...game.match import Match
from ...i18n import (
    Notice,
    SpokenName,
    in_variant,
    short_name,
    spoken_name,
    suit_name,
    you_form,
)
from ...i18n import tr as catalog_tr
from ...i18n.cards import card_in_sentence, card_label, in_sentence, rank_name
from ...i18n.rules_text import VARIANT_TITLES
from .. import intents as I
from ..scoreboard import SCORE_UNITS, first_deal, running_text
from ..services import Services
from ..widgets import (
    DARK,
    DIM,
    GOLD,
    INK,
    PANEL,
    TEAM_COLOURS,
    TEAM_INK,
    Button,
    ButtonSet,
    layout_row,
    row_width,
)
from .advice import explain, no_exchange
from .board import (
    DEAD_SCALE,
    FACE_UP_UNDER_STOCK,
    OPPONENT_SCALE,
    STOCK_STEP,
    Board,
    Geometry,
    declared_mask,
    pile_where,
    trick_offset,
)
from .chronicle import Move, Names, banner_text, move_words
from .controller import BANNER_SECONDS
from .describe import (
    Box,
    ButtonLook,
    CardSpot,
    Panel,
    Plate,
    SeatTag,
    TrumpMark,
    Words,
    action_words,
)
from .why import and_list

TOAST_SECONDS = 2.8
"""How long a short notice (an illegal card, a failed save) stays."""
EXPLAIN_SECONDS = 8.0
"""How long the help key shows a button's explanation."""
LAST_PEEK_SECONDS = 4.0
"""How long the last trick's panel stays when opened over a trick being played
(it covers that trick's cards: nc94 found it left open over the trick he was
deciding)."""
READ_WORDS = 3.5
"""Words a second a newcomer reads a notice at (``reading_seconds``)."""


def reading_seconds(text: str) -> float:
    """How long ``text`` stays at least: a second, and its words at ``READ_WORDS``."""
    return 1.0 + len(text.split()) / READ_WORDS


HINT_SECONDS = 3600.0
"""How long the hint's words stay at most: until the position changes
(``TableScene._drop_stale_hint``: a card played, an undo, ...). A hint went
after 4 s, or 12 s with its reason, before a player at a slow machine had
read it, and she took the hint for one without words (cold play nc72)."""
PLATE_TURN = (60, 48, 12, 215)
"""A plate's colour while its seat is to act (its border turns gold too)."""
HAND_LINE_SHARE = 0.62
"""The line above the hand may be this share of the window's width."""
TOOLTIP_SHARE = 0.42
"""A tooltip's lines are at most this share of the window's width."""
CHRONICLE_SHARE = 0.3
"""The chronicle's drawer is this share of the window's width."""
CHRONICLE_LEAST = 3
"""The chronicle's drawer goes under the right-hand seat's won pile where above
it there is room for fewer rows than this."""
TRUMPS_CLEAR = 8 / 720
"""The least gap between the chronicle's drawer and the trump's mark and words,
a share of the window's height (8 px at 1280x720)."""
PANEL_MAX_SHARE = 0.3
"""The score panel is at most this share of the window's width (or reaches to
what lies right of it, ``Hud.panel_most``)."""
PANEL_LINE = 1.2
"""The score panel's line height, in its text size (a team's long names take
two lines at the smallest window: the panel must stay above the left hand)."""
RUNNING_MOST = 330
"""The highest running total boricua's score panel makes room for: under 101
before a round, and a round's cards, las diez and every declaration on top."""
EDGE_PX = 8
PLATE_GROWTH = 1.8
"""A plate grows at most this many times its width to hold its seat's name."""
PLATE_RIM = 3
"""Points of the gold rim of the plate of the seat to act (its words stay inside)."""
DECLARED_STATUS = {Cante.TWENTY: "plate_declared_20", Cante.FORTY: "plate_declared_40",
                   Cante.TUTE: "plate_declared_tute"}
"""What a plate says under the name of a seat that declared, until the next
trick is won (``Hud.declared``)."""
EXCHANGED_STATUS = {7: "plate_exchanged_7", 2: "plate_exchanged_2"}
"""What a plate says under the name of a seat that exchanged its trump 7 or 2
(§5, §8), until the next trick is won (nc100 missed a bot's exchange of the 2
at the deal: it was on show while he looked at his new hand)."""
PLATE_STATUSES = ("your_turn", "plays_now", "plate_thinking", "your_partner", "plate_dealer",
                  "plate_bidder", "plate_bidder_you",
                  *DECLARED_STATUS.values(), *EXCHANGED_STATUS.values())
"""What a plate may say under its name (it is as wide as the widest)."""
"""Pixels between the score panel and the window's corner."""
MOVE_CARD_SCALE = OPPONENT_SCALE
"""An exchange's cards in the panel by its seat, a share of the card size (a
size cards rest at: their pictures are made at it)."""
CALLOUT_CARDS = 7
"""The trick's callout is at most this many cards wide (centred under the trick,
between the side seats' plates)."""
MOVE_SHARE = 0.3
DECLARED_OVERLAP = 0.55
"""A tute's four cards in the move's panel lie this share of a card's width
apart (their corner indices in sight); a pair's lie side by side."""
AUCTION_BIG_STEP = 25
"""Points the up and down arrows move the bid the stepper shows (the left and
right arrows, − and +: one step of 5, §12)."""


EVEN_WRAPS = 64
"""``Hud.even_wrap``'s answers kept (a few lines on screen at once; cleared when full)."""


def auction_steps(kind: str, char: str = "") -> int | None:
    """Steps of 5 that an auction key moves the stepper's bid (§12): ← → and
    − + one, ↓ ↑ ``AUCTION_BIG_STEP``; None for any other key. The table and
    the lesson read the same keys."""
    if kind == I.TEXT and char in ("+", "-", "="):
        return -1 if char == "-" else 1
    return {I.LEFT: -1, I.RIGHT: 1, I.DOWN: -AUCTION_BIG_STEP // 5,
            I.UP: AUCTION_BIG_STEP // 5}.get(kind)


FREE_SPOTS_MOST = 256
"""``Hud.move_rect``'s answers kept (all forgotten past this many)."""
RIBBON = (16, 16, 16, 215)
"""A name on its card of the trick (``Geometry.trick_tag_spots``): darker than one on
the felt, the card's picture under it."""
TRICK_TAG_MOST = 2.0
"""A name beside a card of the trick is at most this many card widths wide
(a longer one is cut with an ellipsis)."""
AUCTION_SHARE = 0.46
"""The auction's panel is at most this share of the window's width."""
"""The words by a seat's move are at most this share of the window's width."""
"""Card heights from the trick's centre to its bottom card's centre."""


@dataclass
class Seen:
    """What the table shows as the person who is looking: passed to the HUD
    each frame."""

    state: State
    board: Board
    perspective: int
    """The seat shown at the bottom."""
    viewer: int | None
    """The person whose hand is face up (None: every hand is hidden)."""
    my_turn: bool
    """That person may act now."""
    thinking: bool
    """A bot is thinking."""
    move: Move | None = None
    """Another seat's exchange or declaration on show at its seat now."""
    animating: bool = False
    """Plays already made are still being shown (a card in flight, a trick
    held before it is gathered): nobody's turn is said until they are."""
    screened: bool = False
    """A privacy screen stands over the table (hot-seat): the chronicle's
    drawer, left open, waits under it and opens again with the hand (drawn
    through the screen's panel it looked broken, cold play nc80)."""
    scores: State | None = None
    """The state whose points the score panel shows, while plays are still
    being shown (the points as the pictures have them so far); None: ``state``."""


PILE_NAME_LEAST: Final = 3
"""Letters of a name cut to fit a won pile's count ("Guadal…: 2"), fewest;
with fewer the count says "Tricks" (``Hud.pile_words``)."""


class Hud:
    """Everything drawn over the cards (see the module doc)."""

    def __init__(self, services: Services, match: Match,
                 caption: str | Callable[[], str] = "") -> None:
        self.services = services
        self.match = match
        self._caption = caption
        self._free_spots: dict[tuple[object, ...], pygame.Rect] = {}
        """``move_rect``'s answers, by what they depend on (the search tried up
        to thousands of spots, every frame a move was on show)."""
        self._even: dict[tuple[str, int, int, bool], list[str]] = {}
        """``even_wrap``'s answers: the table is described every frame, and
        evening a long hint out takes about ten wraps."""
        self.geo: Geometry | None = None
        self.banner: tuple[str, float] | None = None
        self.toast: tuple[str, float] | None = None
        self.said_in = services.lang
        """The language the banner and the toast were said in: a change of
        language in the settings drops them (``_said_now``; a hint said before
        it stayed in Spanish on an English table)."""
        self.shown_cards: dict[int, int] = {}
        """Each seat's cards declared this round (a mask; §4: shown to all): the
        plate of a seat that still holds some says so once its declaration's
        words are gone (``held_words``; a bridge player had to remember which
        declared cards a bot still held, nc112)."""
        self.shown_round = -1
        """The round (``State.round_no``) ``shown_cards`` are of: read in another,
        they say nothing (no event of the deal need pass here: nc113 read a card
        declared the round before on a plate, the bot holding it again)."""
        self.declared: dict[int, tuple[str, int]] = {}
        """Seats that declared or exchanged since the last trick was won, and
        what (a ``DECLARED_STATUS`` or ``EXCHANGED_STATUS`` key, and a 20's or
        40's suit, else -1): their plate says it until the next trick is won,
        after the move's own ``MOVE_SECONDS`` on show (issue 31: a newcomer
        missed a bot's 40)."""
        self.show_last = False
        self.scores: State | None = None
        """``Seen.scores`` as last given (``scored``)."""
        self.round_no: int | None = None
        """The round's number in the match where ``match`` holds only some of
        its rounds (the review's); None: the match's own count."""
        self.last_left: float | None = None
        """Seconds the last trick's panel has left, opened over cards on the
        table (``LAST_PEEK_SECONDS``); None: it stays until closed or a card is
        played."""
        self.actions = ButtonSet()
        self.tools = ButtonSet()
        self.hinted = ""
        """The action a hint suggests, when it is a button (``str`` of it): that
        button is drawn highlighted, since Enter does it."""
        self.callout: str | None = None
        """Who took the trick on the table, and for how many points."""
        self.rule_line = ""
        """What the person may do now (shown above the hand on their turn)."""
        self.pointer = (-1, -1)
        self.names = Names(self.name, match.rules, variant=match.rules.name)
        """How banners and the chronicle call the seats (the scene sets who is "you")."""
        self.show_chronicle = False
        self.chronicle_back = 0
        """Rows the chronicle's drawer is scrolled back from its newest (the
        wheel or the arrows: with four players it has room for a few, and a
        bridge player wanted the whole trick and the one before, nc82)."""
        self.sing_keys: dict[str, str] = {}
        """Each declaration's key once shown (its action's text): it keeps it
        while shown again (a newcomer saw "Declare 20 in swords [F]" turn
        [D] at the next trick, the 40 declared meanwhile, cold play nc77)."""
        self.explaining: tuple[int, float] | None = None
        """The help key: which special button's explanation shows, and for how long."""
        self.chronicle_lines: list[str] = []
        """What the chronicle's drawer shows (the scene's ``Chronicle``, said)."""
        self._names: dict[tuple[int, str, str], str] = {}
        self._move_said: tuple[Event, str, str] | None = None
        """The last move's words: its event, language and words."""
        self.still = False
        """A still table's HUD (a lesson's, the review's: ``still.describe_table``,
        issue 29): the viewer's plate is gold and says "Your turn" only while
        they may act (``Seen.my_turn``: a lesson's coach talks at the person's
        turn), and the score panel, narrower than the game's, gives up its
        breakdown before a name its column cannot hold."""
        self.others_turns = True
        """A still table's other seats' plates say "Plays now" on their turn (the
        review's); a lesson's do not: there nobody plays until the person
        goes on (a newcomer read "Plays now" while the coach waited for Next)."""
        self.turn_after = False
        """A still table whose viewer presses a button before they act (a
        lesson's Next): their plate says "Your turn" while it is their turn but
        they may not act yet, unlit (a newcomer read "Dealer" there after
        winning a trick, to lead once the coach had talked)."""
        self.perspective = 0
        """The seat shown at the bottom, as last seen (``describe``, ``regions``,
        ``build_buttons``): where each plate lies and how wide its name makes it."""
        self._plates_kept: dict[tuple[object, ...], pygame.Rect] = {}
        self.panel_titled = True
        """The score panel shows the variant's name (``_panel_layout``)."""
        self._panel_kept: tuple[Hashable, tuple[pygame.Rect, list[int], int,
                                                list[list[str]]]] | None = None
        """The score panel's last layout, and the words it was made for."""
        self._least_kept: dict[tuple[int, int, str], list[int]] = {}
        """The score panel's columns' least widths (``panel_least``)."""
        self._led_kept: tuple[Hashable, SeatTag | None] | None = None
        """Two players' led tag and what it was placed for (``_led_tag``: the
        table's regions cost a third of a frame's description)."""
        self.bid_choice = 0
        """subastado: the bid the person's stepper shows (Enter bids it); 0:
        the lowest allowed, set when their turn to bid comes (``build_buttons``)."""
        self.bid_kept = False
        """subastado: the person moved the stepper this turn: a hint leaves it as
        it is (nc90 set 80, asked for a hint, and found 65 under Enter); a pass
        hinted still takes Enter (``TableScene._take_hint``)."""
        self.trump_shown = -1
        """The trump suit the screen shows (the board's: subastado's is named
        after the deal, §12), as last seen; -1: none yet."""
        self.auction_controls = False
        """The row of buttons is the auction's (§12): it stays where it is, and
        the words above the hand go above it (``hand_line_rect``)."""
        self.dead_shown = -1
        """tres: the turned card the board shows (before the deal's exchanges
        are shown, the one first turned up; §8); -1: none."""
        self.turned_held = -1
        """parejas, cuatro: the card the bottom seat turned up as dealer (§9,
        §13) while it is still in that hand, which the trump's words name; -1:
        none (a bot dealer's shows face up in front of it)."""

    # ------------------------------------------------------------------ words
    def font(self, k: float) -> int:
        """Every text size at the table: ``k`` card heights, times the player's
        text size (issue 18)."""
        assert self.geo is not None
        scale = self.services.settings.text_scale
        return max(int(14 * scale), int(self.geo.card_h * k * scale))

    def name(self, seat: int) -> str:
        s = self.match.seats[seat]
        key = (seat, self.services.lang, s.name)
        said = self._names.get(key)
        if said is None:  # asked many times a frame: said once per language
            said = spoken_name(self.services.lang, s.name, s.level) if s.name \
                else self.services.tr("seat", n=seat + 1)
            self._names[key] = said
        return said

    def kept_name(self, seat: int) -> str:
        """The seat's name as a message keeps it (the chronicle's lines): said in
        the language shown when the line is drawn, not when it was fed."""
        s = self.match.seats[seat]
        return SpokenName(s.name, s.level) if s.name else Notice("seat", n=seat + 1)

    def side_name(self, side: int) -> str:
        """A side's name: its seat's, or a team's partners joined (its side map);
        in subastado this round's (the bidder, side 0; la contra, side 1, §12)."""
        if self.match.rules.totals_by_seat:
            st = self.match.state
            return " + ".join(self.name(s) for s in range(st.n) if st.side_of(s) == side)
        return " + ".join(self.name(s) for s in self.names.side_seats(side))

    def short_side_name(self, side: int) -> str:
        """``side_name`` with its numbered bots' levels left out ("Bot 2 + Bot 4"):
        the score panel's row of a team whose full names do not fit beside its
        numbers (shot 130: large text wrapped "Bot 2 (medium) + Bot 4 (medium)")."""
        return " + ".join(self.short_seat_name(s) for s in self.names.side_seats(side))

    def short_seat_name(self, seat: int) -> str:
        """``name`` with a numbered bot's level left out ("Bot 2"), where room is
        short; any other name as ``name`` says it."""
        s = self.match.seats[seat]
        if s.name and s.level is not None:
            return short_name(self.services.lang, s.name, s.level)
        return self.name(seat)

    def card(self, text: str) -> str:
        """A card's name as said inside a sentence ("Pista: rey de bastos":
        ``i18n.cards.in_sentence``)."""
        return card_in_sentence(self.services.lang, text)

    def action_label(self, a: Action) -> str:
        rules = self.match.rules
        return action_words(self.services.lang, a, rules.name,
                            deferred=rules.exchange is Exchange.DEFERRED)

    @property
    def caption(self) -> str:
        """What heads the score panel (a tournament's round), said now: a
        caller's function is asked each time, so a change of language rewords
        it (a newcomer read "Tournament · Final" on a Spanish table)."""
        c = self._caption
        return c() if callable(c) else c

    # ------------------------------------------------------------------ timed words
    def _said_now(self) -> None:
        """Drop the banner and toast said in another language than the table's now."""
        if self.said_in != self.services.lang:
            toast = self.toast
            self.banner = self.toast = None
            self.said_in = self.services.lang
            if toast is not None:
                self.place_actions()

    def update(self, dt: float) -> None:
        self._said_now()
        if self.banner is not None:
            text, left = self.banner
            self.banner = (text, left - dt) if left - dt > 0 else None
        if self.toast is not None:
            text, left = self.toast
            self.toast = (text, left - dt) if left - dt > 0 else None
            if self.toast is None:
                self.place_actions()
        if self.explaining is not None:
            index, left = self.explaining
            self.explaining = (index, left - dt) if left - dt > 0 else None
        if self.last_left is not None:
            self.last_left -= dt
            if self.last_left <= 0 or not self.show_last:
                self.last_left = None
                self.show_last = False

    def busy(self) -> bool:
        return self.banner is not None or self.toast is not None or self.explaining is not None

    def explain_next(self) -> None:
        """The help key: the next special button's explanation, shown above it;
        after the last one's, none (nc87 found the box stayed over the table,
        "?" only turning it to the next)."""
        special = [b for b in self.actions.buttons if b.label != "?"]
        if not special:
            return
        index = 0 if self.explaining is None else self.explaining[0] + 1
        self.explaining = (index, EXPLAIN_SECONDS) if index < len(special) else None

    def show_banner(self, text: str, speed: float) -> None:
        self._said_now()
        self.banner = (text, BANNER_SECONDS / speed)

    def show_toast(self, text: str, seconds: float = TOAST_SECONDS) -> None:
        """``text`` above the hand for ``seconds``, or as long as its words take
        to read (``reading_seconds``: Undo's two sentences went in 2.8 s, before
        a newcomer had read them)."""
        self._said_now()
        self.toast = (text, max(seconds, reading_seconds(text)))
        self.place_actions()

    def banner_for(self, ev: Event, speed: float, banner: bool = True) -> str | None:
        """Show the banner an event calls for (who did what); the name of its
        sound, if any. ``banner``: False when the move is shown by its seat
        instead (``describe_move``)."""
        words = banner_text(self.services.lang, ev, self.names) if banner else None
        if words is not None:
            self.show_banner(words, speed)
        self.note_declared(ev)
        if isinstance(ev, Declared):
            return "sing20" if ev.kind is Cante.TWENTY else "sing40"
        return None

    def sing_letters(self) -> str:
        """The keys declarations take, in order (boricua's start with the A of
        «acuso»: nc109 pressed A for "Acuso 20")."""
        return self.services.tr(in_variant(self.match.rules.name, "key.sings"))

    def note_declared(self, ev: Event) -> None:
        """Keep ``declared`` (what the plates say) up to date with ``ev``."""
        if isinstance(ev, TrickWon):
            self.declared.clear()
        if isinstance(ev, Declared):
            if self.shown_round != self.match.state.round_no:
                self.shown_cards.clear()
                self.shown_round = self.match.state.round_no
            self.shown_cards[ev.seat] = self.shown_cards.get(ev.seat, 0) | declared_mask(
                ev, self.match.state.trump)
            # (boricua's plate says «Acusó», as its banner and chronicle do)
            # (the 40's suit too: "Declared 40" told a newcomer nothing of it, nc94)
            self.declared[ev.seat] = (DECLARED_STATUS[ev.kind], -1 if ev.kind is Cante.TUTE
                                      or ev.suit is None else ev.suit)
        if isinstance(ev, Exchanged | ExchangeCompleted):
            rank = CARDS[int(ev.gave)].rank
            if rank in EXCHANGED_STATUS:
                self.declared[ev.seat] = (EXCHANGED_STATUS[rank], -1)

    def declared_words(self, seat: int, room: int | None = None) -> str:
        """What the plate of ``seat`` says of its declaration since the last
        trick was won, with the suit of a 20 (a newcomer read "Cantó 20" left
        unchanged after the bot's second 20 as the first one's words: nc71)
        where that fits in ``room`` pixels (else without it: the plate is not
        made wider for it, the score panel beside it in a small window)."""
        key, suit = self.declared[seat]
        variant, tr = self.match.rules.name, self.services.tr
        if suit >= 0:
            words = tr(in_variant(variant, f"{key}_suit"), suit=suit_name(self.services.lang, suit))
            if room is None or self.text_width(words, self.font(0.11)) <= room:
                return words
        return tr(in_variant(variant, key))

    def retell_declared(self, events: list[Event]) -> None:
        """``declared`` as the round's ``events`` leave it: after an undo (a
        plate said "Declared 40" of a declaration taken back, cold play nc70)
        and when a saved match resumes."""
        self.declared.clear()
        self.shown_cards.clear()
        for ev in events:
            self.note_declared(ev)

    # ------------------------------------------------------------------ buttons
    def build_buttons(self, seen: Seen, act: Callable[[Action], None], can_undo: bool,
                      undo: Callable[[], None], hint: Callable[[], None],
                      last: Callable[[], None], rules: Callable[[], None],
                      menu: Callable[[], None], spectate: bool, hot_seat: bool,
                      chronicle: Callable[[], None],
                      step_bid: Callable[[int], None] | None = None) -> None:
        """The person's special actions (declare, exchange, pass...) in a row above
        the hand, and the tools in the top-right corner. In subastado's auction
        (§12) the bid is a stepper, − and + around the bid Enter makes
        (``step_bid`` moves it), and Pass; naming trump, a button a suit."""
        assert self.geo is not None
        self.perspective = seen.perspective
        self.note_board(seen)
        tr = self.services.tr
        self.actions.buttons = []
        ask = seen.state.ask if seen.my_turn else Ask.NONE
        self.auction_controls = ask in (Ask.BID, Ask.TRUMP)
        if ask is Ask.BID:
            self.actions.buttons = self.bid_buttons(seen.state, act, step_bid)
        elif ask is Ask.TRUMP:
            for suit, a in enumerate(TRUMP_ACTIONS):
                self.actions.buttons.append(Button(
                    suit_name(self.services.lang, suit).capitalize(), _bind(act, a),
                    str(suit + 1), tag=str(a), tip=tr("explain.trump")))
        elif seen.my_turn:
            sings = [str(a) for a in seen.state.legal_actions() if a.kind is SING]
            given = sing_keys(self.sing_letters(), sings, self.sing_keys)
            self.sing_keys.update(given)
            lang = self.services.lang
            for a in seen.state.legal_actions():
                if a.kind is PLAY:
                    continue
                key = given.get(str(a), "") if a.kind is SING else tr(f"key.{a.kind}")
                self.actions.buttons.append(
                    Button(self.action_label(a), _bind(act, a), key, tag=str(a),
                           tip=explain(catalog_tr, lang, seen.state, a)))
            if self.actions.buttons:  # "?": each button's explanation in turn
                self.actions.buttons.append(
                    Button("?", self.explain_next, "", tip=tr("explain_key_hint")))
        self.explaining = None
        self.place_actions()
        undo_b = Button(tr("undo"), undo, tr("key.undo"), enabled=can_undo and seen.my_turn,
                        tip=tr("tip_undo"))  # (its cost said before: nc103 learnt it after)
        hint_b = Button(tr("hint"), hint, tr("key.hint"), enabled=seen.my_turn)
        last_b = Button(tr("last_trick"), last, tr("key.last_trick"),
                        enabled=bool(seen.board.last_trick))
        rules_b = Button(tr("rules"), rules, tr("key.rules"))
        menu_b = Button(tr("menu"), menu, "")
        chron_b = Button(tr("chronicle"), chronicle, tr("key.chronicle"))
        corner = (menu_b, rules_b, chron_b)
        # Spectators and people sharing the screen have nothing to undo or ask.
        self.tools.buttons = [last_b, *corner] if spectate else (
            [hint_b, last_b, *corner] if hot_seat else [hint_b, undo_b, last_b, *corner])
        # Rules and the menu in the top-right corner; the tools for the hand in a
        # column right of the person's won pile.
        tsize = self.font(0.12)
        h = int(tsize * 1.7)
        font = self.services.text.font(tsize)

        def width(b: Button) -> int:
            return int(font.size(b.caption())[0]
                       + tsize)

        x = self.geo.width - EDGE_PX
        for b in corner:
            x -= width(b)
            b.rect = pygame.Rect(x, 6, width(b), h)
            x -= 6
        column = [b for b in self.tools.buttons if b not in corner]
        if column:
            bx, _, bw, _ = self.geo.pile_box("bottom")
            left = bx + bw + self.geo.gap
            most = self.geo.width - EDGE_PX - left
            y = self.geo.height - EDGE_PX - len(column) * (h + 6) + 6
            for b in column:
                b.rect = pygame.Rect(left, y, min(width(b), most), h)
                y += h + 6

    def place_actions(self) -> None:
        """The special buttons in a row just above the line over the hand, as
        high as that line is now: a hint of two or three lines rises from the
        hand, and the row rises with it (issue 31: the hint's words covered
        "Exchange the 2 of coins"). Where the row is wider than the room between
        the side seats' plates (a lesson's narrow table in large text, naming
        trump), it goes on in a row above."""
        if self.geo is None or not self.actions.buttons:
            return
        size = self.font(0.16)
        line = self._hand_line_room() if self.auction_controls else self.hand_line_rect()
        y = int(line.top - self.geo.gap / 2 - size * 0.95)
        room = self.actions_room(y - size, y + size)
        rows: list[list[Button]] = [[]]
        for b in self.actions.buttons:  # (one row, but at a narrow table: a lesson's
            # four suits, §12, between the side plates: as many to a row as fit)
            if rows[-1] and row_width([*rows[-1], b], self.services.text, size) > room:
                rows.append([])
            rows[-1].append(b)
        per = -(-len(self.actions.buttons) // len(rows))  # (even rows: 2 and 2, not 3 and 1)
        rows = [self.actions.buttons[i:i + per]
                for i in range(0, len(self.actions.buttons), per)]
        step = int(size * 1.9) + self.geo.gap // 2
        for i, row in enumerate(rows):
            layout_row(row, self.services.text, size,
                       (self.geo.width // 2, y - (len(rows) - 1 - i) * step))

    def actions_room(self, top: int, bottom: int) -> int:
        """The width free for the row of special buttons between ``top`` and
        ``bottom``: the window's, less the side seats' plates at that height."""
        geo = self.geo
        assert geo is not None
        room = geo.width - 2 * EDGE_PX
        for where in ("left", "right"):
            if self.match.rules.players < 3:
                break
            plate = self.plate_rect(where)
            if plate.bottom > top and plate.top < bottom:
                inner = plate.right if where == "left" else geo.width - plate.left
                room = min(room, geo.width - 2 * (inner + geo.gap // 2))
        return room

    def allowed_bids(self, st: State) -> range:
        """The bids the seat to act may make now (§12), lowest first."""
        a = st.auction
        return a.allowed(self.match.rules) if a is not None else range(0)

    def chosen_bid(self, st: State) -> int | None:
        """The bid the stepper shows: the person's choice kept inside the bids
        allowed now (the lowest at first); None when no bid is allowed (230 is bid)."""
        allowed = self.allowed_bids(st)
        if not allowed:
            return None
        choice = min(max(self.bid_choice, allowed[0]), allowed[-1])
        return choice - (choice - allowed[0]) % allowed.step

    def bid_buttons(self, st: State, act: Callable[[Action], None],
                    step_bid: Callable[[int], None] | None) -> list[Button]:
        """The auction's controls (§12): −, the bid shown (Enter bids it), +,
        and Pass (P): one button for up to 35 bids, at any window size."""
        tr = self.services.tr
        buttons: list[Button] = []
        choice = self.chosen_bid(st)
        passing = self.hinted == str(PASS_ACTION)  # a pass hinted: Enter passes
        if choice is not None:
            allowed = self.allowed_bids(st)
            step = step_bid or (lambda d: None)
            bid = BID_ACTIONS[choice]
            buttons += [
                Button("−", lambda: step(-1), "", enabled=choice > allowed[0],
                       tag="bid_down", tip=tr("explain.bid_step")),
                Button(tr("bid_button_plain" if passing else "bid_button", bid=choice),
                       _bind(act, bid), "", tag=str(bid), tip=tr("explain.bid", bid=choice),
                       widest=tr("bid_button", bid=allowed[-1])),
                Button("+", lambda: step(1), "", enabled=choice < allowed[-1],
                       tag="bid_up", tip=tr("explain.bid_step")),
            ]
        both = f"{tr('key.pass').upper()} · {tr('enter_key')}"
        label = self.action_label(PASS_ACTION)
        buttons.append(Button(label, _bind(act, PASS_ACTION),
                              tr("key.pass"), tag=str(PASS_ACTION),
                              tip=tr("explain.pass_bid"), shown_key=both if passing else "",
                              widest=f"{label}  [{both}]"))
        return buttons

    # ------------------------------------------------------------------ places
    def text_width(self, words: str, size: int, bold: bool = False) -> int:
        return self.services.text.width(words, size, bold)

    def painted_width(self, words: str, size: int, bold: bool = False) -> int:
        """``words``' width in points as painted: at a pixel ratio other than 1
        they are rendered at ``size * ratio`` pixels, whose font is not exactly
        ``ratio`` times as wide (its size is rounded, its glyphs hinted: the rule
        line under subastado's bid buttons came out 4 to 9% wider at ratio 2
        and filled its plate to the edge); the wider of the two."""
        width = self.text_width(words, size, bold)
        ratio = self.services.pixel_ratio
        if ratio == 1:
            return width
        px = self.services.text.width(words, max(1, round(size * ratio)), bold)
        return max(width, math.ceil(px / ratio))

    def fit(self, words: str, size: int, width: int, bold: bool = False) -> str:
        """``words`` cut with an ellipsis to fit ``width`` pixels."""
        if self.text_width(words, size, bold) <= width:
            return words
        while words and self.text_width(words + "…", size, bold) > width:
            words = words[:-1]
        return words.rstrip() + "…"

    def regions(self, seen: Seen) -> dict[str, pygame.Rect]:
        """Where each label, plate, pile and hand lies now: what ``draw`` uses, and
        what the layout tests check for overlaps."""
        geo = self.geo
        assert geo is not None
        self.perspective = seen.perspective
        n = self.match.rules.players
        found: dict[str, pygame.Rect] = {"panel": self.panel_rect(seen.state)}
        for seat in range(n):
            where = geo.seat_position(seat, seen.perspective, n)
            found[f"plate{seat}"] = self.plate_rect(where)
            found[f"hand{seat}"] = pygame.Rect(geo.hand_box(where))
        for side in range(self.match.rules.sides):
            box = pygame.Rect(geo.pile_box(pile_where(seen.board, geo, side, seen.perspective)))
            found[f"pile{side}"] = box.union(self.pile_label_rect(box))
        self.note_board(seen)
        if not self.in_auction(seen):
            found["trump"] = self.trumps_rect(seen.state)
        dealer = self.dealer_where(seen.state)
        if seen.board.turned >= 0 and dealer is not None and dealer != "bottom":
            # the dealer's turned-up card, in front of it (a seat's move keeps off it)
            tx, ty, angle = geo.turned_pos(dealer)
            across, high = geo.card_w * OPPONENT_SCALE, geo.card_h * OPPONENT_SCALE
            if angle:
                across, high = high, across
            found["turned"] = pygame.Rect(int(tx - across / 2), int(ty - high / 2),
                                          int(across), int(high))
        cw, ch = geo.card_w, geo.card_h
        if self.match.rules.has_stock:
            found["stock"] = self.stock_rect()
        elif self.dead_card():
            dx, dy = geo.dead_pos
            dead = pygame.Rect(0, 0, int(cw * DEAD_SCALE), int(ch * DEAD_SCALE))
            dead.center = (int(dx), int(dy))
            found["dead"] = dead
        cx, cy = geo.trick_center
        trick = pygame.Rect(0, 0, int(self.trick_width()), int(ch * 1.66))
        trick.center = (int(cx), int(cy))
        if self.in_auction(seen):  # no card is played yet: the auction's panel is there
            found["auction"] = self.auction_rect(seen)
        else:
            found["trick"] = trick
        found["line"] = self.hand_line_rect()
        if self.callout is not None:
            found["callout"] = self.callout_rect()
        if self.services.settings.muted:
            found["muted"] = self.muted_rect()
        for i, b in enumerate(self.tools.buttons):
            found[f"tool{i}"] = b.rect
        for i, b in enumerate(self.actions.buttons):
            found[f"action{i}"] = b.rect
        return found

    def stock_rect(self) -> pygame.Rect:
        """The stock, the face-up trump card under it and the stock's count."""
        geo = self.geo
        assert geo is not None
        cw, ch = geo.card_w, geo.card_h
        sx, sy = geo.stock_pos
        stock = pygame.Rect(0, 0, int(cw * (1 + FACE_UP_UNDER_STOCK) + ch * 0.5), ch)
        stock.midleft = (int(sx - cw / 2 - 20), int(sy))
        return stock.union(self.stock_label_rect())

    def muted_rect(self) -> pygame.Rect:
        """Where "Sound off" shows while the sound is off: under the corner buttons."""
        geo = self.geo
        assert geo is not None
        size = self.font(0.11)
        corner = [b.rect for b in self.tools.buttons if b.rect.top < geo.height / 2]
        rect = pygame.Rect(0, 0, self.text_width(self.services.tr("sound_off"), size), size)
        rect.topright = (geo.width - EDGE_PX, (corner[0].bottom if corner else 0) + 4)
        return rect

    def hand_line_rect(self) -> pygame.Rect:
        """The line of words just above the person's hand: as many lines as its
        words take (``hand_line_rows``), rising from the hand. In the auction
        the buttons keep their place and the words go just above them (nc93
        clicked where Pass had been, and a hint's second line was there)."""
        room = self._hand_line_room()
        rect = room.copy()
        rect.height = room.height * max(1, len(self.hand_line_rows(room)))
        rect.bottom = room.bottom
        if self.auction_controls and self.actions.buttons and self.geo is not None:
            rect.bottom = min(b.rect.top for b in self.actions.buttons) - self.geo.gap // 2
        return rect

    def hand_line_rows(self, room: pygame.Rect | None = None) -> list[str]:
        """The words above the hand now (a notice, else the rule line), wrapped to
        its width (issue 29: at a lesson's narrow table a long rule was cut)."""
        words = self.toast[0] if self.toast is not None else self.rule_line
        if not words:
            return []
        size = self.font(0.13)
        room = room or self._hand_line_room()
        return self.even_wrap(words, size, room.width - size)

    def even_wrap(self, words: str, size: int, width: int, bold: bool = False) -> list[str]:
        """``words`` wrapped to ``width`` in as few lines as that takes, each as
        even as those lines allow: the narrowest width that keeps their number
        (a rule line at 960x540 left "pasar" alone on its second line)."""
        key = (words, size, width, bold)
        known = self._even.get(key)
        if known is None:
            if len(self._even) >= EVEN_WRAPS:
                self._even.clear()
            known = self._even[key] = self._even_wrap(words, size, width, bold)
        return known

    def _even_wrap(self, words: str, size: int, width: int, bold: bool) -> list[str]:
        wrap = self.services.text.wrap
        lines = wrap(words, size, width, bold)
        if len(lines) < 2:
            return lines
        low, high = width // 2, width
        while low < high:
            mid = (low + high) // 2
            if len(wrap(words, size, mid, bold)) <= len(lines):
                high = mid
            else:
                low = mid + 1
        return wrap(words, size, high, bold)

    def _hand_line_room(self) -> pygame.Rect:
        """One line's room above the hand."""
        geo = self.geo
        assert geo is not None
        size = self.font(0.13)
        _, top, _, _ = geo.hand_box("bottom")
        rect = pygame.Rect(0, 0, int(geo.width * HAND_LINE_SHARE), int(size * 1.1))
        rect.midbottom = (geo.width // 2, top - geo.gap // 2)
        if self.match.rules.players > 2:  # between the side seats' plates
            left, right = self.plate_rect("left"), self.plate_rect("right")
            if left.inflate(0, geo.gap).colliderect(rect.inflate(geo.width, 0)):
                half = min(rect.width // 2, geo.width // 2 - left.right - geo.gap,
                           right.left - geo.width // 2 - geo.gap)
                rect.width = half * 2
                rect.centerx = geo.width // 2
        return rect

    def callout_rect(self, words: str | None = None) -> pygame.Rect:
        """Where the trick's winner is named, just under the trick: as wide as
        ``words`` (the callout shown when None) and their air, up to
        ``CALLOUT_CARDS`` cards ("Bot 3 (medium) takes it: +18, with las diez de
        últimas" was cut at four)."""
        geo = self.geo
        assert geo is not None
        size = self.font(0.15)
        cx, cy = geo.trick_center
        widest = int(geo.card_w * CALLOUT_CARDS)
        if words is None:
            words = self.callout or ""
        width = min(widest, self.painted_width(words, size, bold=True) + size)
        rect = pygame.Rect(0, 0, width, int(size * 1.5))
        below = trick_offset("bottom", geo.players)[1]
        rect.midtop = (int(cx), int(cy + geo.card_h * (below + 0.5)) + geo.gap)
        return rect

    def trumps_rect(self, st: State) -> pygame.Rect:
        """The trump's mark and its words together."""
        x, y, r = self.trump_spot(st)
        mark = pygame.Rect(int(x - r), int(y - r), int(2 * r), int(2 * r))
        rect = mark.union(self.trump_label_rect(st))
        if self.dead_card():
            rect.union_ip(self.dead_note_rect(st))
        return rect

    def dead_note_rect(self, st: State) -> pygame.Rect:
        """Under the trump's words in tres (§8), the line saying the turned-up
        card beside them is nobody's and is not played (a newcomer wondered all
        round whose the face-up 2 was)."""
        label = self.trump_label_rect(st)
        size = self.font(0.11)
        lines = self.dead_note_lines()
        rect = pygame.Rect(0, 0, max(self.text_width(line, size) for line in lines),
                           int(size * 1.1) * len(lines))
        rect.topleft = label.bottomleft
        return rect

    def dead_note_lines(self) -> list[str]:
        """``dead_note_rect``'s words, on two short lines (they stay clear of the
        corner's buttons in large text at 960x540). That the trump 7 or 2 may
        take it, only while the card shown is one they take (§8: the deal's
        exchanges leave a 2 or a 4, which stays; nc92 read the note beside a 4
        and beside the 2 itself)."""
        lines = self.services.tr("dead_card_note").split("\n")
        dead = self.dead_shown
        taken = dead >= 0 and CARDS[dead].rank not in (2, 4)
        return lines if taken else lines[:1]

    def note_board(self, seen: Seen) -> None:
        """Keep what the trump's words say from ``seen``'s board, and the state
        the score panel shows (``Seen.scores``)."""
        self.scores = seen.scores
        board = seen.board
        self.trump_shown = board.trump
        self.dead_shown = board.dead
        held = 0 <= board.turned and board.turned in board.hands[seen.perspective] \
            and self.match.seats[seen.perspective].is_human  # ("your": a person's)
        self.turned_held = board.turned if held else -1

    def trumps_words(self, st: State) -> str:
        """"Trumps: swords"; boricua's players say "Vira: espadas" (docs/glossary.md).
        While the bottom seat holds the card it turned up as dealer, which:
        "Trumps: coins (your 4 turned up)" (nc87 dealt, and nothing said which
        card of his hand the others knew)."""
        suit = self.trump_shown if self.trump_shown >= 0 else max(st.trump, 0)
        lang = self.services.lang
        if self.turned_held >= 0:
            rank = in_sentence(lang, rank_name(lang, CARDS[self.turned_held].rank))
            held = self.services.tr("trumps_line_held", suit=suit_name(lang, suit), rank=rank)
            if self._fits_under_mark(held):  # (a lesson's narrow table: the short words)
                return held
        return self.services.tr(in_variant(self.match.rules.name, "trumps_line"),
                                suit=suit_name(lang, suit))

    def _fits_under_mark(self, words: str) -> bool:
        """``words`` fit under the person's trump mark (left of the trick)
        between the left seat's hand and the trick's cards (``_under_mark``)."""
        left, right = self._under_mark()
        return self.text_width(words, self.font(0.12), True) <= right - left

    def trick_width(self) -> float:
        """How wide the trick's cards lie across the table's middle: one card's
        width with two players, the side cards' reach with three and four."""
        geo = self.geo
        assert geo is not None
        if self.match.rules.players > 2:
            return geo.card_h * 1.24 + geo.card_w
        return geo.card_w

    def _under_mark(self) -> tuple[float, float]:
        """With four, the person dealing: from where to where the trump's words
        may run under its mark, clear of the left seat's hand and of the trick."""
        geo = self.geo
        assert geo is not None
        cx, _ = geo.trick_center
        trick_left = cx - self.trick_width() / 2
        hand_right = sum(geo.hand_box("left")[::2])  # its left edge plus its width
        return hand_right + geo.gap, trick_left - geo.gap

    def auctioned(self) -> bool:
        """The auction names trump (subastado, §12)."""
        return self.match.rules.trump_from is TrumpFrom.AUCTION

    def in_auction(self, seen: Seen) -> bool:
        """The screen shows subastado's auction (or the naming of trump): no trump
        shown yet, the round not over (after an all-pass round too, until the
        summary)."""
        return self.auctioned() and seen.board.trump < 0

    def trump_label_rect(self, st: State) -> pygame.Rect:
        geo = self.geo
        assert geo is not None
        x, y, r = self.trump_spot(st)
        size = self.font(0.12)
        words = self.trumps_words(st)
        rect = pygame.Rect(0, 0, self.text_width(words, size, True), int(size * 1.1))
        if self.dealer_where(st) == "top":  # right of the mark, away from the dealer's card
            rect.midleft = (int(x + r + geo.gap / 2), int(y))
        elif self.dead_card() or self.match.rules.has_stock:
            # Right of the mark: in tres the dead card is left of it; with two
            # the stock is under it, its pile rising as it is fuller (issue 29:
            # under the mark, the words ran into the stock's top cards).
            rect.midleft = (int(x + r + geo.gap / 2), int(y))
            cx, _ = geo.trick_center
            if self.match.rules.players == 2 and rect.right > cx - geo.card_w / 2 - geo.gap:
                # A narrow table (a lesson's, the review's): the trick is near;
                # under the stock's count instead, or, the stock gone, under
                # the mark itself (nc74 read the words left at the empty
                # stock's place, away from the mark, in the review).
                if st.stock_count == 0 and st.faceup < 0:
                    rect.midtop = (int(x), int(y + r + geo.gap / 2))
                else:
                    rect.midtop = (self.stock_label_rect().centerx,
                                   self.stock_label_rect().bottom + geo.gap // 2)
        else:
            rect.midtop = (int(x), int(y + r + geo.gap / 2))
            if self.turned_held >= 0:  # the longer words: under the mark, clear of
                # the trick and the left hand (``_fits_under_mark`` chose them)
                left, right = self._under_mark()
                rect.right = min(rect.right, int(right))
                rect.left = max(rect.left, int(left))
        return rect

    def trump_spot(self, st: State | None) -> tuple[float, float, float]:
        """The trump's mark, centre and radius: the table's (``Geometry.trump_mark``);
        with two, above the stock and no higher than keeps it under the score
        panel (issue 29: in large text the panel reached it), nor lower than
        keeps it off the stock's top card when the stock is full (the pile
        rises as it is fuller): where it lies is the same all the round (a
        newcomer saw it jump from beside the stock to above it as the stock
        went down)."""
        geo = self.geo
        assert geo is not None
        x, y, r = geo.trump_mark
        where = self.dealer_where(st)
        if where is not None and st is not None:
            words = self.text_width(self.trumps_words(st), self.font(0.12), True)
            x, y, r = geo.dealers_mark(where, words)
        if self.match.rules.players == 2 and st is not None:
            sx, sy = geo.stock_pos
            rules = self.match.rules
            full = len(CARDS) - rules.players * rules.hand_size
            stock_top = sy - geo.card_h / 2 - full * STOCK_STEP
            lowest = stock_top - geo.gap - r
            y = max(y, self.panel_rect(st).bottom + geo.gap + r)
            if y > lowest:  # no room: right of the stock and its face-up card
                x = sx + geo.card_w * (FACE_UP_UNDER_STOCK + 0.5) + geo.card_h / 2 \
                    + geo.gap + r
                y = sy - geo.card_h / 2 + r
        return (x, y, r)

    def dealer_where(self, st: State | None) -> str | None:
        """With four (parejas, cuatro: the dealer's last card marks trumps,
        §9, §13): where the dealer sits, whose side of the table the trump's
        mark and words lie on (``Geometry.dealers_mark``); else None."""
        rules = self.match.rules
        geo = self.geo
        if st is None or geo is None or rules.players != 4 \
                or rules.trump_from is not TrumpFrom.DEALERS_LAST:
            return None
        return geo.seat_position(st.dealer, self.perspective, rules.players)

    def dead_card(self) -> bool:
        """The turned card marks trumps and is not played: no stock takes it
        (tres, §8); it lies at the top of the table, left of the trump's mark."""
        rules = self.match.rules
        return rules.trump_from is TrumpFrom.TURNED_CARD and not rules.has_stock

    def stock_label_rect(self) -> pygame.Rect:
        geo = self.geo
        assert geo is not None
        size = self.font(0.12)
        sx, sy = geo.stock_pos
        rect = pygame.Rect(0, 0, self.text_width(self.services.tr("stock", n=40), size),
                           int(size * 1.1))
        rect.midtop = (int(sx), int(sy + geo.card_h * 0.5 + geo.gap))
        return rect

    def chip_pointed(self) -> bool:
        """The pointer rests on a plate's dealer chip (its tooltip shows)."""
        if self.geo is None:
            return False
        n = self.match.rules.players
        return any(
            self.dealer_chip(self.plate_rect(self.geo.seat_position(s, self.perspective, n)))
            .collidepoint(self.pointer) for s in range(n))

    # ------------------------------------------------------------------ drawing
    def is_hinted(self, b: Button) -> bool:
        """``b`` does what the hint on show suggests; in subastado's auction, a
        bid the stepper does not show is hinted by − or + toward it (the ring
        stays on the control that leads to the bid asked for, §12)."""
        if not self.hinted:
            return False
        if b.tag == self.hinted:
            return True
        wanted = _bid_of(self.hinted)
        if wanted is None or b.tag not in ("bid_down", "bid_up"):
            return False
        shown = next((_bid_of(o.tag) for o in self.actions.buttons
                      if _bid_of(o.tag) is not None), None)
        if shown is None or shown == wanted:
            return False
        return b.tag == ("bid_down" if shown > wanted else "bid_up")

    def tooltip_now(self, seen: Seen) -> tuple[str, pygame.Rect] | None:
        """The explanation shown now, and what it explains: the help key's, else
        the button under the pointer's, else the dealer chip's."""
        if self.explaining is not None:
            special = [b for b in self.actions.buttons if b.label != "?"]
            if special:
                b = special[self.explaining[0] % len(special)]
                return (b.tip, b.rect)
        for b in (*reversed(self.actions.buttons), *self.tools.buttons):
            if b.hot and b.tip:
                return (b.tip, b.rect)
        geo = self.geo
        assert geo is not None
        where = geo.seat_position(seen.state.dealer, seen.perspective, self.match.rules.players)
        chip = self.dealer_chip(self.plate_rect(where))
        if chip.collidepoint(self.pointer):
            return (self.services.tr("dealer"), chip)
        # The trump's mark and the score panel say what their words mean
        # (boricua's "Vira", "Acusos", "malas" puzzled a newcomer at the table).
        variant = self.match.rules.name
        st = seen.state
        if st.trump >= 0 and not self.in_auction(seen):
            trumps = self.trumps_rect(st)
            if not trumps.collidepoint(self.pointer) and self.match.rules.has_stock:
                stock = self.stock_rect()  # (the face-up card too: nc95 clicked it and
                if stock.collidepoint(self.pointer):  # nothing said what it was)
                    trumps = stock
            if trumps.collidepoint(self.pointer):
                words = self.services.tr(in_variant(variant, "tip_trumps"))
                # and why the person's trump 7 is offered no exchange, where it is not
                why = no_exchange(catalog_tr, self.services.lang, st, seen.viewer)
                return (words if why is None else f"{why} {words}", trumps)
        panel = self.panel_rect(st)
        if panel.collidepoint(self.pointer):
            return (self.services.tr(in_variant(variant, "tip_score")), panel)
        return None

    def plays_now(self, seat: int, seen: Seen) -> bool:
        """``seat``'s plate shows it is to act (see ``still``)."""
        st = seen.state
        if st.to_act != seat or st.phase is not PLAYING:
            return False
        if seen.animating and not self.still:
            # The engine is ahead of the pictures: a newcomer read "Your turn"
            # while a bot's card was still on its way, and the trick's winner
            # "Plays now" while the trick was still on show.
            return False
        if self.still and seat != seen.viewer and not self.others_turns:
            return False  # (a lesson's bots play when the person goes on, not before)
        return not (self.still and seat == seen.viewer and not seen.my_turn)

    def waits_for_turn(self, seat: int, seen: Seen) -> bool:
        """A still table's viewer is to act in the game but presses
        a button first (``turn_after``: a lesson's coach talks at their turn)."""
        st = seen.state
        return self.turn_after and self.still and seat == seen.viewer \
            and st.to_act == seat and st.phase is PLAYING and not seen.my_turn

    def plate_status(self, seat: int, seen: Seen, room: int | None = None
                     ) -> tuple[str, tuple[int, ...]]:
        """The small words under a seat's name: whose turn it is, what it
        declared or exchanged since the last trick was won, who partners, or else who
        deals (what the chip beside it means: a newcomer did not know the
        "D" and did not point at it for its tooltip)."""
        tr = self.services.tr
        if self.plays_now(seat, seen):
            if not self.match.seats[seat].is_human:
                return (tr("plate_thinking") if seen.thinking else tr("plays_now"), GOLD)
            return (tr("your_turn") if seat == seen.viewer else tr("plays_now"), GOLD)
        if self.waits_for_turn(seat, seen):
            return (tr("your_turn"), DIM)
        if seat in self.declared and seat != seen.viewer:
            return (self.declared_words(seat, room), GOLD)
        board = seen.board  # (subastado's sides: la contra's two partner once trump is named)
        if seen.viewer is not None and seat != seen.viewer and not self.in_auction(seen) \
                and board.side_of(seat) == board.side_of(seen.viewer):
            return (tr("your_partner"), DIM)
        if seat == board.bidder and not self.in_auction(seen):  # (subastado: the
            # contract's, against la contra's stripe; nc107 found no word of it)
            return (tr("plate_bidder_you" if seat == seen.viewer else "plate_bidder",
                       bid=board.bid), GOLD)
        held = self.held_words(seat, seen, room)
        if held:
            return (held, DIM)
        if seat == seen.state.dealer:
            return (tr("plate_dealer"), DIM)
        return ("", DIM)

    def held_words(self, seat: int, seen: Seen, room: int | None = None) -> str:
        """The cards ``seat`` declared this round and still holds, for its plate
        (§4: they were shown to all): "Still holds the 20 in coins", a card of a
        pair by name; "Declared in hand: 3" where that does not fit in ``room``
        pixels; "" where neither fits, for the viewer's own, or none."""
        if seat == seen.viewer or self.shown_round != seen.state.round_no:
            return ""
        held = self.shown_cards.get(seat, 0) & mask_of(seen.board.hands[seat])
        if not held:
            return ""
        tr, lang = self.services.tr, self.services.lang
        trump = seen.board.trump
        parts = []
        for suit in range(4):
            pair = PAIR_MASKS[suit]
            if held & pair == pair:
                parts.append(tr("plate_held_40") if suit == trump
                             else tr("plate_held_20", suit=suit_name(lang, suit)))
                held &= ~pair
        parts += [card_label(lang, c) for c in bits(held)]
        n = (self.shown_cards[seat] & mask_of(seen.board.hands[seat])).bit_count()
        for words in (tr("plate_still_holds", what=and_list(lang, parts)),
                      tr("plate_still_holds_n", n=n)):
            if room is None or self.text_width(words, self.font(0.11)) <= room:
                return words
        return ""  # (the plate is not made wider for it: the score panel beside it)

    def plate_rect(self, where: str) -> pygame.Rect:
        """The plate of the seat at ``where``: the table's (``Geometry.plate_box``),
        wider where its name or what it may say under it would not fit (issue
        29: "Bot 1 (exper…" in large text), up to PLATE_GROWTH times, growing away
        from what lies beside it: the person's and the top seat's to the left
        (their hand, the top pile on the right), a side seat's inwards."""
        geo = self.geo
        assert geo is not None
        n = self.match.rules.players
        seat = next((s for s in range(n)
                     if geo.seat_position(s, self.perspective, n) == where), 0)
        key = (where, self.name(seat), self.services.lang, self.font(0.14), geo)
        kept = self._plates_kept.get(key)
        if kept is not None:
            return kept.copy()
        rect = pygame.Rect(geo.plate_box(where))
        tr = self.services.tr
        small = self.font(0.11)
        # As high as its name over what it says under it (issue 29: in large text
        # "Your turn" lost its foot): the person's about its middle, the others'
        # downwards (their hand is above).
        high = self.services.text.font(self.font(0.14), True).get_height() + \
            self.services.text.font(small).get_height() + 2 * PLATE_RIM + 2
        if high > rect.height:
            grow = high - rect.height
            rect.height = high
            if where == "bottom":
                rect.y -= grow // 2
        # As wide as that name and those words, and the dealer's chip.
        pad = max(6, rect.height // 6)
        chip = self.dealer_chip(rect)
        variant = self.match.rules.name
        words = max(self.text_width(self.name(seat), self.font(0.14), True),
                    *(self.text_width(tr(in_variant(variant, k)), small) for k in PLATE_STATUSES))
        need = min(pad * 3 + 2 + words + chip.width, int(rect.width * PLATE_GROWTH))
        if need > rect.width:
            grow = need - rect.width
            if where in ("bottom", "top", "right"):
                rect.left = max(EDGE_PX, rect.left - grow)
                rect.width = rect.width + (geo.plate_box(where)[0] - rect.left)
            else:
                rect.width = min(need, geo.width - EDGE_PX - rect.left)
        if len(self._plates_kept) > 16:
            self._plates_kept.clear()
        self._plates_kept[key] = rect
        return rect.copy()

    def dealer_chip(self, plate: pygame.Rect) -> pygame.Rect:
        d = int(plate.height * 0.62)
        chip = pygame.Rect(0, 0, d, d)
        chip.midright = (plate.right - max(6, plate.height // 6), plate.centery)
        return chip

    def pile_label_rect(self, box: pygame.Rect) -> pygame.Rect:
        """The most room a pile's count of tricks takes."""
        size = self.font(0.11)
        rect = pygame.Rect(0, 0, self.pile_label_width(), size)
        rect.midtop = box.midtop
        return rect

    def pile_label_width(self) -> int:
        """How wide a pile's count may be: its widest form at 20 tricks ("Tricks:
        20", "Yours: 20"; in pairs "Ours", "Theirs")."""
        size = self.font(0.11)
        keys: tuple[str, ...] = ("tricks_count", "tricks_yours")
        if self.match.rules.scoring is Scoring.CONTRACT:  # (la contra's "Ours", §12)
            keys = ("tricks_count", "tricks_yours", "tricks_ours")
        if self.match.rules.partners:
            keys = ("tricks_count", "tricks_ours", "tricks_theirs")
        return max(self.text_width(self.services.tr(key, n=20), size) for key in keys)

    def pile_words(self, side: int, count: int, seen: Seen) -> str:
        """A won pile's count, saying whose it is. Each alone, the viewer's own
        says so ("Yours: 1": a newcomer took it, at the bottom right, for the
        seat whose plate is beside it), another seat's by its name ("Bot 1:
        2", where "Tricks: 2" left a newcomer with two players asking whose;
        "Tricks" where the name is too long for the room); a team's to the
        viewer "Ours" / "Theirs" (a newcomer took the other team's pile, beside
        Bot 2, for Bot 2's alone when Bot 4 had won); subastado's la contra's to
        the bidder "La contra", and to its own two seats "Ours"; a pile of
        several seats seen by nobody in particular "Tricks"."""
        tr = self.services.tr
        st = seen.state
        viewer = seen.viewer
        if self.match.rules.partners:
            if viewer is None:
                return tr("tricks_count", n=count)
            return tr("tricks_ours" if side == st.side_of(viewer) else "tricks_theirs", n=count)
        seats = [s for s in range(st.n) if seen.board.side_of(s) == side]
        if viewer is not None and side == st.side_of(viewer):
            # (la contra's two seats share a pile, §12: "Ours", as in pairs; a bar
            # player read "Yours: 1" after the partner won the trick, nc78)
            return tr("tricks_ours" if len(seats) > 1 else "tricks_yours", n=count)
        if len(seats) > 1 and st.contract is not None:  # subastado's la contra (§12):
            # its two seats' tricks in one pile (a newcomer read "Tricks: 3" beside
            # Bot 2 as Bot 2's, after Bot 3 had won some)
            return tr("tricks_contra", n=count)
        if len(seats) == 1:
            # A person's name too long for the room is cut, not dropped: "Tricks: 1"
            # beside "Leo: 1" and "Yours: 1" read three ways at one hot-seat table
            # (nc95); a bot's short name ("Bot 2") fits, else "Tricks" as before.
            name, size, room = self.short_seat_name(seats[0]), self.font(0.11), \
                self.pile_label_width()
            rest = self.text_width(tr("tricks_of", name="", n=count), size)
            person = self.match.seats[seats[0]].is_human  # (a bot's short name fits)
            cut = self.fit(name, size, room - rest) if person else name
            if len(cut.rstrip("…")) >= PILE_NAME_LEAST or cut == name:
                words = tr("tricks_of", name=cut, n=count)
                if self.text_width(words, size) <= room:
                    return words
        return tr("tricks_count", n=count)

    def chronicle_rect(self, lines: int, st: State | None = None) -> pygame.Rect:
        """The chronicle's drawer, on the right under the corner's buttons; with
        a seat on the right, left of its hand and plate, right of the trick and
        under the trump's mark and words (tres: at the top's middle), above that
        seat's won pile, or under it where above it there is room for fewer
        than ``CHRONICLE_LEAST`` rows (with four players there was room for one
        at every size: a bar player read it as the last trick's only, cold play
        nc78), and above the line over the person's hand (issue 29: it covered
        the right-hand seat's cards). ``lines``: the rows it shows
        (``chronicle_fit`` says how many fit); ``st``: the state (where the
        trump's words are; None: only the width matters)."""
        top, _, right, width = self._chronicle_span(st)
        size = self.font(0.12)
        rect = pygame.Rect(0, top, width, int((lines + 1.6) * size * 1.25))
        rect.right = right
        return rect

    def chronicle_fit(self, st: State | None = None) -> int:
        """How many rows the drawer has room for (``chronicle_rect``)."""
        top, bottom, _, _ = self._chronicle_span(st)
        return max(1, self._chronicle_rows_between(top, bottom))

    def _chronicle_rows_between(self, top: int, bottom: int) -> int:
        """Rows a drawer from ``top`` has room for, above ``bottom``."""
        assert self.geo is not None
        return int((bottom - self.geo.gap - top) / (self.font(0.12) * 1.25) - 1.6)

    def _chronicle_span(self, st: State | None) -> tuple[int, int, int, int]:
        """The drawer's top, the bottom it may reach, its right edge and width."""
        geo = self.geo
        assert geo is not None
        top = max(b.rect.bottom for b in self.tools.buttons if b.rect.top < geo.height / 2) \
            if self.tools.buttons else EDGE_PX
        right = geo.width - EDGE_PX
        width = int(geo.width * CHRONICLE_SHARE)
        bottom = self.hand_line_rect().top
        if self.match.rules.players > 2:
            hand, plate = pygame.Rect(geo.hand_box("right")), self.plate_rect("right")
            right = min(hand.left, plate.left) - geo.gap
            cx, _ = geo.trick_center
            trick_right = int(cx + geo.card_h * trick_offset("right", geo.players)[0]
                              + geo.card_w / 2)
            width = min(width, right - trick_right - geo.gap)
            if st is not None:
                # under the trump's mark and words where it would come near them
                # (a newcomer saw it 3 px from "Trumps: coins"): a clear gap
                trump = self.trumps_rect(st)
                clear = round(geo.height * TRUMPS_CLEAR)
                if trump.right + clear > right - width:
                    top = max(top, trump.bottom + clear - geo.gap)
            pile = pygame.Rect(geo.pile_box("right"))
            if pile.left < right and pile.right > right - width:
                below = pile.bottom + geo.gap
                if self._chronicle_rows_between(top + geo.gap, pile.top) < CHRONICLE_LEAST \
                        and self._chronicle_rows_between(below, bottom) >= CHRONICLE_LEAST:
                    return below, bottom, right, width
                bottom = min(bottom, pile.top)
        return top + geo.gap, bottom, right, width

    def scroll_chronicle(self, rows: int) -> None:
        """The drawer ``rows`` further back (up) or forward (down), within its rows."""
        most = max(0, len(self.chronicle_rows()) - self.chronicle_fit(self.match.state))
        self.chronicle_back = max(0, min(most, self.chronicle_back + rows))

    def chronicle_rows(self) -> list[tuple[str, int]]:
        """The drawer's lines, (words, indent): a long line wraps, indented."""
        size = self.font(0.12)
        pad = size // 2
        room = self.chronicle_rect(1).width - pad * 3
        rows: list[tuple[str, int]] = []
        for words in self.chronicle_lines:
            for i, part in enumerate(self.services.text.wrap(words, size, room)):
                rows.append((part, pad if i else 0))
        return rows or [(self.services.tr("chronicle_empty"), 0)]

    def tooltip_lines(self, words: str) -> list[str]:
        assert self.geo is not None
        return self.services.text.wrap(words, self.font(0.11),
                                       int(self.geo.width * TOOLTIP_SHARE))

    def tooltip_box(self, words: str, near: pygame.Rect) -> pygame.Rect:
        """Where an explanation of ``near`` shows: above it, inside the window;
        below it where above would cover it (the score panel, at the top)."""
        assert self.geo is not None
        size = self.font(0.11)
        lines = self.tooltip_lines(words)
        box = pygame.Rect(0, 0, max(self.text_width(t, size) for t in lines),
                          int(size * 1.2) * len(lines))
        box.midbottom = (near.centerx, near.top - 8)
        window = pygame.Rect(0, 0, self.geo.width, self.geo.height).inflate(-12, -8)
        box.clamp_ip(window)
        if box.inflate(14, 10).colliderect(near):
            box.midtop = (near.centerx, near.bottom + 8)
            box.clamp_ip(window)
        return box.inflate(14, 10)

    def panel_rows(self, st: State) -> tuple[list[str], list[list[str]]]:
        """The score panel's table: headers, and a row per side: name, card
        points, las diez de últimas ("–" until the last trick is taken: the
        column was added then and the panel jumped in width), declared points,
        the round's total (with the first round's points in la vuelta, the
        running total in boricua) and the match score where it counts something
        else."""
        rules = self.match.rules
        tr = self.services.tr
        if rules.scoring is Scoring.CONTRACT:
            return self.contract_rows(st)
        unit = SCORE_UNITS[rules.scoring]
        diez = st.diez_side >= 0
        heads = ["", tr("cards"), tr("panel_diez"),
                 tr(in_variant(rules.name, "panel_declared")), self.total_head()] + (
            [tr(unit).capitalize()] if unit else [])
        sung = [0] * rules.sides
        for d in st.declarations:
            sung[st.side_of(d.seat)] += d.points
        totals = st.match_totals()
        out = st.outcome
        # A round of la vuelta over: its running totals, as the note under the
        # rows says (a game won, the engine no longer carries them: a newcomer
        # saw 25 beside "totals include the first round" after reaching 101).
        ran = out is not None and rules.scoring is Scoring.GAMES_101 \
            and any(s.carried for s in out.sides)
        rows = []
        for side in range(rules.sides):
            last = 10 if st.diez_side == side else 0
            row = [self.side_name(side), str(st.points[side] - sung[side] - last),
                   str(last) if diez else "–"]
            if ran:
                assert out is not None
                total = out.sides[side].running
            else:
                total = st.round_total(side) if st.carries_points() else st.points[side]
            row += [str(sung[side]), str(total)]
            if rules.scoring is Scoring.RUNNING_101:  # the running total, as the summary says it
                row[-1] = running_text(self.services, self.match, totals[side])
            elif unit:
                row.append(str(totals[side]))
            rows.append(row)
        return heads, rows

    def contract_rows(self, st: State) -> tuple[list[str], list[list[str]]]:
        """subastado's score panel (§12): a row per seat, the bidder's points
        this round (once trump is named) and each seat's total, the bids it made
        minus those it failed. La contra's points are shared: not in each of its
        two rows (they read as if each had taken them) but once, on a line of
        their own under the contract (``panel_notes``)."""
        tr = self.services.tr
        heads = ["", tr("panel_round"), tr("panel_totals")]
        totals = st.match_totals()
        named = st.contract is not None

        def round_cell(seat: int) -> str:
            if not named:
                return "–"
            return str(st.points[0]) if st.side_of(seat) == 0 else ""

        rows = [[self.name(seat), round_cell(seat), str(totals[seat])] for seat in range(st.n)]
        return heads, rows

    def panel_note(self, st: State, points: str = "") -> str:
        """Under the table, in la vuelta: the totals include the first deal's.
        Only there: once the first round is over the engine already counts the
        next deal as la vuelta, so a round over asks what it carried in. In
        subastado, the contract: "Ana: 85 to make, 52 so far" (§12)."""
        if self.match.rules.scoring is Scoring.CONTRACT:
            contract = st.contract
            if contract is None:
                return ""
            bidder, bid = contract
            name = self.name(bidder)
            return self.services.tr(you_form(self.services.lang, "panel_contract", name),
                                    name=name, bid=bid, points=points or st.points[0])
        if self.match.rules.scoring is not Scoring.GAMES_101:
            return ""
        out = st.outcome
        vuelta = st.deal_no == 2 if out is None else any(s.carried for s in out.sides)
        # (the first deal by its number in the match, as the summaries and the
        # review number rounds: "la 1.ª mano" beside "Resumen de la mano 4")
        first = first_deal(self.match) if self.round_no is None else self.round_no - 1
        if vuelta:
            return self.services.tr("panel_vuelta_note", n=first)
        return self.over_101_note(st) if out is None else ""

    def over_101_note(self, st: State) -> str:
        """In a first deal (§10.1), once a player's points reach 101: that it wins
        the game when the round ends, if ahead (nc102 saw the bot at 104, 119, 147
        and play going on without a word, and thought she had the rules wrong)."""
        over = [side for side in range(self.match.rules.sides) if st.points[side] >= 101]
        if not over:
            return ""
        if len(over) > 1:
            return self.services.tr("panel_over_101_both")
        name = self.side_name(over[0])
        return self.services.tr(you_form(self.services.lang, "panel_over_101", name), name=name)

    def total_head(self) -> str:
        """The score panel's head over the round's total; boricua's says its
        target, 101 (two newcomers never read it in the tooltip or the rules)."""
        return self.services.tr(in_variant(self.match.rules.name, "total"))

    def panel_notes(self, st: State, points: str = "") -> list[str]:
        """The lines under the score panel's rows (``panel_note``); in subastado
        once trump is named, the contract's, then la contra's shared points:
        "La contra, Bot 1 + Bot 2: 34 together" (§12). With ``points``: those
        words in place of each side's points (the room the lines may take)."""
        note = self.panel_note(st, points)
        if not note:
            return []
        if self.match.rules.scoring is not Scoring.CONTRACT:
            return [note]
        contra = " + ".join(self.name(s) for s in range(st.n) if st.side_of(s) == 1)
        return [note, self.services.tr("panel_contra", names=contra,
                                       points=points or st.points[1])]

    def panel_rect(self, st: State) -> pygame.Rect:
        return self._panel_layout(st)[0]

    def scored(self, st: State) -> State:
        """The state whose points the score panel shows: the one the last
        ``Seen`` gave while plays are being shown (a trick's points counted as
        it is shown won, not as it is played: nc103), else ``st``."""
        return st if self.scores is None else self.scores

    def _panel_layout(self, st: State) -> tuple[pygame.Rect, list[int], int,
                                                list[list[str]]]:
        """The panel's rectangle, its columns' widths, its line height and its
        table (headers first, ``panel_rows``), from ``scored(st)``."""
        geo = self.geo
        assert geo is not None
        st = self.scored(st)
        size = self.font(0.12)
        heads, rows = self.panel_rows(st)
        notes = self.panel_notes(st)
        key = (tuple(heads), tuple(map(tuple, rows)), tuple(notes), size, geo,
               self.services.lang)
        if self._panel_kept is not None and self._panel_kept[0] == key:  # words as before
            rect, widths, line, table = self._panel_kept[1]
            return rect.copy(), widths, line, table
        pad = size // 2
        most = self.panel_most()
        least = self.panel_least(len(heads), size)
        if not self.match.rules.totals_by_seat:  # a team's too long a name: its short form
            room = most - pad * (len(heads) + 1) - sum(
                max(least[i], *(self.text_width(r[i], size) for r in [heads, *rows]))
                for i in range(1, len(heads)))
            if any(self.text_width(row[0], size, True) > room for row in rows):
                # every team's short form, not one (a bar player read "Bot 2 + Bot
                # 4" under "Tú + Bot 3 (difícil)" as two ways of naming, nc78)
                rows = [[self.short_side_name(side), *row[1:]] for side, row in enumerate(rows)]
        full = (heads, rows)
        for narrow in (False, True):
            laid, fits = self._panel_table(st, *full, notes, least, narrow)
            if fits:
                break
        self._panel_kept = (key, laid)
        return laid

    def _panel_table(self, st: State, heads: list[str], rows: list[list[str]], notes: list[str],
                     least: list[int], narrow: bool
                     ) -> tuple[tuple[pygame.Rect, list[int], int, list[list[str]]], bool]:
        """``_panel_layout``'s table laid out, with every column or (``narrow``,
        or where the panel has no room for them) the round's total and the match
        score only; and whether it fits above the left seat's hand."""
        geo = self.geo
        assert geo is not None
        size = self.font(0.12)
        pad = size // 2
        most = self.panel_most()
        widths = [max(least[i], *(self.text_width(r[i], size, i == 0) for r in [heads, *rows]))
                  for i in range(len(heads))]
        room = most - sum(widths[1:]) - pad * (len(widths) + 1)
        if narrow or room < size * 3 or self.still and max(
                self.text_width(r[0], size, True) for r in rows) > room:
            # Too narrow a table for every column (a lesson's, the review's at a
            # small window, issue 29; names in large text wrapped over the left
            # seat's hand): the round's total and the match score only.
            keep = [0, heads.index(self.total_head())]
            keep += list(range(keep[1] + 1, len(heads)))
            heads, rows = [heads[i] for i in keep], [[r[i] for i in keep] for r in rows]
            widths = [widths[i] for i in keep]
        title = self.text_width(self.panel_title(), size, True)
        widths[0] = max(min(widths[0], most - sum(widths[1:]) - pad * (len(widths) + 1)),
                        size * 3)
        width = max(sum(widths) + pad * (len(widths) + 1), title + pad * 2)
        long = [r for r in rows if self.text_width(r[0], size, True) > widths[0]]
        if long:
            # A name the column cannot hold (issue 29: "Bot 2 (experto) + Bot 4
            # (…"): across the panel, wrapped between its words, its numbers on
            # its last line if that line fits the column, else on a line under it.
            width = max(width, min(most, max(self.text_width(r[0], size, True) for r in long)
                                   + pad * 2))
            rows = [["\n".join(self.name_block(row[0], size, width - pad * 2, widths[0])),
                     *row[1:]] if row in long else row for row in rows]
        contract = self.match.rules.scoring is Scoring.CONTRACT
        if notes and contract:  # each on one line
            # (where one cannot, in lines as even as its words allow), as wide as
            # with any three-digit points, so the panel keeps its width as they grow
            widest = max("0123456789", key=lambda d: self.text_width(d, size, True)) * 3
            width = max(width, min(most, max(
                max(self.text_width(part, size, i == 0)
                    for part in self.note_lines(note, size, most - pad * 2, i == 0))
                for notes_as in (notes, self.panel_notes(st, widest))
                for i, note in enumerate(notes_as)) + pad * 2))
        line = int(size * PANEL_LINE)
        lines = 1 + sum(row[0].count("\n") + 1 for row in [heads, *rows]) + \
            (1 if self.caption else 0) + sum(
                len(self.note_lines(note, size, width - pad * 2, contract and i == 0))
                for i, note in enumerate(notes))
        self.panel_titled = True
        fits = True
        if self.match.rules.players > 2:
            # Above the left seat's hand: its lines close up; where even that
            # leaves the panel on the side hands (a short table in large text, four
            # rows: issue 29), the variant's name goes too.
            room = geo.hand_box("left")[1] - geo.gap // 2 - EDGE_PX - pad
            if lines * int(size * 1.05) > room:
                self.panel_titled = False
                lines -= 1
                fits = lines * int(size * 1.05) <= room
            line = max(int(size * 1.05), min(line, room // lines))
        laid = (pygame.Rect(EDGE_PX, EDGE_PX, width, lines * line + pad), widths, line,
                [heads, *rows])
        return laid, fits

    def panel_least(self, columns: int, size: int) -> list[int]:
        """The score panel's columns' least widths at ``size``: a number column
        holds any three-digit number, boricua's running total (the last column)
        any total a round reaches with its buenas or malas, so the panel keeps
        its width while the numbers grow through a round."""
        key = (columns, size, self.services.lang)
        kept = self._least_kept.get(key)
        if kept is not None:
            return kept
        digits = max(self.text_width(d * 3, size) for d in "0123456789")
        least = [0] + [digits] * (columns - 1)
        if self.match.rules.scoring is Scoring.RUNNING_101:
            least[-1] = max(self.text_width(running_text(self.services, self.match, total), size)
                            for total in range(RUNNING_MOST + 1))
        self._least_kept[key] = least
        return least

    def note_lines(self, note: str, size: int, width: int, bold: bool) -> list[str]:
        """A line under the score panel's rows in lines of ``width`` (``bold``:
        the contract's is drawn so): whole where it fits; else in two lines
        broken where they are most even, after a comma or a colon where one
        leaves two words or more each side ("You: 70 to make, | 11 so far", not
        a last line "far" alone); else its words wrapped, evened out."""
        if self.text_width(note, size, bold) <= width:
            return [note]
        words = note.split(" ")
        best: tuple[bool, int, list[str]] | None = None
        for cut in range(2, len(words) - 1):  # (two words or more each side)
            parts = [" ".join(words[:cut]), " ".join(words[cut:])]
            widest = max(self.text_width(part, size, bold) for part in parts)
            if widest > width:
                continue
            trial = (not words[cut - 1].endswith((",", ":")), widest, parts)
            if best is None or trial[:2] < best[:2]:
                best = trial
        if best is not None:
            return best[2]
        return self.even_wrap(note, size, width)

    def panel_most(self) -> int:
        """The score panel's widest: PANEL_MAX_SHARE of the window, or up to what
        lies right of it at the top (the top hand; in tres the dead card) when
        that leaves more (issue 29: names cut at the smallest window)."""
        geo = self.geo
        assert geo is not None
        if self.match.rules.players == 3:
            right = geo.dead_pos[0] - geo.card_w * DEAD_SCALE / 2
        else:
            right = geo.hand_box("top")[0]
        return max(int(geo.width * PANEL_MAX_SHARE), int(right - geo.gap - EDGE_PX))

    def name_block(self, name: str, size: int, across: int, column: int) -> list[str]:
        """A long name's lines in the score panel: wrapped to ``across``, and an
        empty line for its numbers when its last line is wider than ``column``."""
        lines = self.name_lines(name, size, across)
        if self.text_width(lines[-1], size, True) > column:
            lines.append("")
        return lines

    def name_lines(self, name: str, size: int, width: int) -> list[str]:
        """``name`` in bold, split between its words into lines of ``width``."""
        lines: list[str] = []
        for word in name.split(" "):
            trial = f"{lines[-1]} {word}" if lines else word
            if lines and self.text_width(trial, size, True) <= width:
                lines[-1] = trial
            else:
                lines.append(word)
        return lines or [name]

    def panel_title(self) -> str:
        lang = self.services.lang
        name = self.match.rules.name
        return VARIANT_TITLES.get(lang, VARIANT_TITLES["en"]).get(name, name)

    def last_trick_rect(self, cards: int, pitch: float | None = None) -> pygame.Rect:
        """The last trick's panel for ``cards`` cards ``pitch`` points apart
        (None: 1.15 card widths)."""
        geo = self.geo
        assert geo is not None
        step = pitch if pitch is not None else geo.card_w * 1.15
        rect = pygame.Rect(0, 0, int(step * (cards - 1) + geo.card_w * 1.6),
                           int(geo.card_h * 1.5))
        rect.center = (geo.width // 2, int(geo.height * 0.44))
        return rect

    def last_trick_names(self, seats: list[int], size: int) -> tuple[list[str], float]:
        """The names under the last trick's cards and how far apart (points) the
        cards lie so that each name keeps to its card's room: the cards spread
        for long names while the row fits the table; then numbered bots lose
        their level; then names are cut (four "Bot 1 (medium)" ran into each
        other on the review's narrow board at 960x540)."""
        geo = self.geo
        assert geo is not None
        cw = geo.card_w
        most = (geo.width - cw * 0.6 - cw) / max(1, len(seats) - 1)
        names = [self.name(s) for s in seats]

        def pitch(ns: list[str]) -> float:
            return max(cw * 1.15, max((self.text_width(n, size) for n in ns), default=0)
                       + cw * 0.2)

        if pitch(names) > most:
            names = [self.short_seat_name(s) for s in seats]
        step = min(pitch(names), max(cw * 1.15, most))
        room = math.ceil(step - cw * 0.2)
        return [n if self.text_width(n, size) <= room else self.fit(n, size, room)
                for n in names], step

    def banner_room(self) -> int:
        """How wide a banner's words may be: across the trick, clear of the
        face-up card beside the stock on both sides (at large text an
        exchange's words lay over it for the banner's seconds)."""
        geo = self.geo
        assert geo is not None
        size = self.font(0.24)
        edge = EDGE_PX
        if self.match.rules.has_stock:  # the face-up card lies across, right of the stock
            edge = int(geo.stock_pos[0] + geo.card_w * FACE_UP_UNDER_STOCK + geo.card_h / 2
                       + geo.gap)
        return int(geo.width - 2 * edge - size * 1.4)

    def banner_lines(self, words: str) -> list[str]:
        """A banner's words, in as few even lines as its room takes (bold, as
        painted)."""
        size = self.font(0.24)
        room = self.banner_room()
        if self.painted_width(words, size, True) <= room:
            return [words]
        return self.even_wrap(words, size, room, bold=True)

    def banner_line_height(self) -> int:
        """Points from one line of a banner to the next."""
        return int(self.font(0.24) * 1.2)

    def banner_rect(self, words: str) -> pygame.Rect:
        """The box of a banner (a declaration, an exchange) across the trick,
        its lines (``banner_lines``) in it."""
        geo = self.geo
        assert geo is not None
        size = self.font(0.24)
        lines = self.banner_lines(words)
        wide = max(self.painted_width(t, size, True) for t in lines)
        high = self.services.text.font(size, True).get_height() + \
            self.banner_line_height() * (len(lines) - 1)
        rect = pygame.Rect(0, 0, wide, high)
        rect.center = (geo.width // 2, int(geo.trick_center[1]))
        return rect.inflate(size * 1.4, size * 0.7)

    # ------------------------------------------------------------------ the description
    def describe(self, seen: Seen) -> HudLook:
        """Everything the HUD shows now, as values (``describe``'s types), in the
        order it is painted."""
        geo = self.geo
        assert geo is not None
        self.perspective = seen.perspective
        st = seen.state
        tr = self.services.tr
        n = self.match.rules.players
        plates = tuple(self.describe_plate(seat, seen) for seat in range(n))
        labels: list[Words] = []
        for side, pile in enumerate(seen.board.piles):
            if pile:
                box = pygame.Rect(geo.pile_box(pile_where(seen.board, geo, side,
                                                          seen.perspective)))
                # In parejas a team's count in its colour, as on the plates and
                # the score panel (a newcomer took the pile beside the person
                # for theirs alone; "Team tricks" does not fit at 960x540).
                team = bool(self.match.rules.partners)
                labels.append(Words(self.pile_words(side, len(pile) // n, seen), self.font(0.11),
                                    box.midtop, TEAM_INK[side % 2] if team else DIM, "midtop"))
        left = seen.board.stock_left()
        if self.match.rules.has_stock and seen.board.dealt and left:
            labels.append(Words(tr("stock", n=left), self.font(0.12),
                                self.stock_label_rect().midtop, DIM, "midtop"))
        if self.services.settings.muted:
            labels.append(Words(tr("sound_off"), self.font(0.11), self.muted_rect().topright,
                                DIM, "topright"))
        self.note_board(seen)
        auction = self.in_auction(seen)
        if not auction:  # (subastado: no trump until the bidder names it, §12)
            label = self.trump_label_rect(st)
            labels.append(Words(self.trumps_words(st), self.font(0.12), label.topleft, GOLD,
                                bold=True))
            if self.dead_card():
                note_size = self.font(0.11)
                nx, ny = self.dead_note_rect(st).topleft
                for i, note in enumerate(self.dead_note_lines()):
                    labels.append(Words(note, note_size, (nx, ny + i * int(note_size * 1.1)),
                                        DIM))
        x, y, r = self.trump_spot(st)
        buttons = tuple(
            ButtonLook(b.label, b.key, _box(b.rect), self.font(k), b.enabled, b.hot,
                       self.is_hinted(b), b.tag, b.shown_key)
            for group, k in ((self.actions, 0.16), (self.tools, 0.12)) for b in group.buttons)
        overlays: list[Panel] = []
        if self.callout is not None:
            overlays.append(self.describe_callout(self.callout))
        if self.show_last:
            overlays.append(self.describe_last_trick(seen))
        if self.show_chronicle and not seen.screened:
            overlays.append(self.describe_chronicle(st))
        if self.banner is not None:
            words = self.banner[0]
            size = self.font(0.24)
            lines = self.banner_lines(words)
            step = self.banner_line_height()
            y0 = geo.trick_center[1] - step * (len(lines) - 1) / 2
            overlays.append(Panel("banner", _box(self.banner_rect(words)), (0, 0, 0, 185), 10,
                                  tuple(Words(t, size, (geo.width // 2, int(y0 + i * step)),
                                              GOLD, "center", True)
                                        for i, t in enumerate(lines))))
        move = self.describe_move(seen)
        if move is not None:
            overlays.append(move)
        line = self.describe_hand_line(seen)
        if line is not None:
            overlays.append(line)
        tip = self.tooltip_now(seen)
        if tip is not None:
            overlays.append(self.describe_tooltip(*tip))
        # (under the last trick's panel the names would show cut at its edge:
        # "edium) led", a newcomer saw)
        tags = () if self.show_last else self.describe_trick_tags(seen)
        if self.banner is not None:  # (for its moment, a banner across the trick hides
            # the names under it: seen through it, they mixed with its words)
            over = self.banner_rect(self.banner[0])
            tags = tuple(t for t in tags if not over.colliderect(pygame.Rect(t.box)))
        return HudLook(plates, tuple(labels), (self.describe_panel(st),),
                       None if auction else TrumpMark(self.trump_shown, x, y, r), buttons,
                       tuple(overlays), self.describe_auction(seen) if auction else None,
                       tags)

    def describe_trick_tags(self, seen: Seen) -> tuple[SeatTag, ...]:
        """Whose each card of the trick on the table is, at three and four
        players: the seat's name as its plate says it, beside the card
        (``Geometry.trick_tag_spots``), in gold for the card led, which also
        says so ("Bot 2 led") where the words fit. With two the bottom card is
        the person's and the top one the other's: only the card led is tagged,
        with the same words ("Bot 1 led", "You led": a newcomer in boricua
        could not tell who had led), in the first spot they fit."""
        geo = self.geo
        assert geo is not None
        n = self.match.rules.players
        size = self.font(0.12)
        pad = max(3, size // 3)
        high = self.services.text.font(size).get_height() + 2
        most = int(geo.card_w * TRICK_TAG_MOST)
        tags = []
        lang, tr = self.services.lang, self.services.tr
        if n < 3:
            tag = self._led_tag(seen, size, pad, high, most)
            return () if tag is None else (tag,)
        covered = self._bottom_played(seen)
        for i, (seat, card) in enumerate(seen.board.trick):
            spots = geo.trick_tag_spots(geo.seat_position(seat, seen.perspective, n), covered)
            name, short = self.name(seat), self.short_seat_name(seat)

            def fits(spot: tuple[str, tuple[float, float], float, bool],
                     name: str = name, short: str = short) -> bool:
                # (on a card, a bot's short name will do: "Bot 2")
                least = min(self.painted_width(w, size) for w in (name, short)[:1 + spot[3]])
                return min(spot[2], most) >= least + pad * 2
            # The first spot the whole name fits, else the roomiest (cut there).
            anchor, at, room, on_card = next((s for s in spots if fits(s)),
                                             max(spots, key=lambda s: s[2]))
            room = int(min(room, most)) - pad * 2
            # The first card's tag says it was led (a newcomer could not tell),
            # where that fits (with a bot's short name, on a card); it is gold
            # either way.
            names = list(dict.fromkeys((name, short) if on_card else (name,)))
            said = [tr(you_form(lang, "trick_tag_led", w), name=w) for w in names] \
                if i == 0 else []
            words = next((w for w in (*said, *names) if self.painted_width(w, size) <= room),
                         None) or self.fit(name, size, room)
            rect = pygame.Rect(0, 0, self.painted_width(words, size) + pad * 2, high)
            setattr(rect, anchor, (round(at[0]), round(at[1])))
            tag = SeatTag(seat, _box(rect), Words(words, size, rect.center,
                                                  GOLD if i == 0 else INK, "center"))
            tags.append(replace(tag, colour=RIBBON, card=card) if on_card else tag)
        return tuple(tags)

    @staticmethod
    def _bottom_played(seen: Seen) -> bool:
        """The bottom seat's card lies in the trick (over the top card's foot:
        ``Geometry.trick_tag_spots``' ``covered``)."""
        return any(seat == seen.perspective for seat, _ in seen.board.trick)

    def _led_tag(self, seen: Seen, size: int, pad: int, high: int,
                 most: int) -> SeatTag | None:
        """With two players, the card led's tag: "Bot 1 led" ("You led"), in the
        first of its spots (``Geometry.trick_tag_spots``) where those words fit
        whole and run into nothing the table shows there (the stock, the
        trump's mark and words, a pile, a plate, a hand); else its seat's name
        alone so; else none (no words cut)."""
        geo = self.geo
        assert geo is not None
        if not seen.board.trick:
            return None
        st = seen.state
        key = (seen.board.trick[0], self._bottom_played(seen), seen.perspective, self.callout,
               self.services.lang, geo, size, len(seen.board.stock), tuple(st.points),
               seen.viewer)
        if self._led_kept is None or self._led_kept[0] != key:
            self._led_kept = (key, self._place_led_tag(seen, size, pad, high, most))
        return self._led_kept[1]

    def _place_led_tag(self, seen: Seen, size: int, pad: int, high: int,
                       most: int) -> SeatTag | None:
        """``_led_tag`` worked out."""
        geo = self.geo
        assert geo is not None
        seat, card = seen.board.trick[0]
        lang, tr = self.services.lang, self.services.tr
        spots = geo.trick_tag_spots(geo.seat_position(seat, seen.perspective, 2),
                                    self._bottom_played(seen))
        name, short = self.name(seat), self.short_seat_name(seat)
        taken = [r for k, r in self.regions(seen).items()
                 if k not in ("trick", "line", "callout") and r.width and r.height]
        if self.callout is not None:
            taken.append(self.callout_rect())
        led = [tr(you_form(lang, "trick_tag_led", w), name=w) for w in (name, short)]
        for choices in (led, [name, short]):
            for anchor, at, room, on_card in spots:
                for words in dict.fromkeys(choices[:1 + on_card]):
                    width = self.painted_width(words, size) + pad * 2
                    if width > min(room, most):
                        continue
                    rect = pygame.Rect(0, 0, width, high)
                    setattr(rect, anchor, (round(at[0]), round(at[1])))
                    if rect.collidelist(taken) >= 0:
                        continue
                    tag = SeatTag(seat, _box(rect), Words(words, size, rect.center, GOLD,
                                                          "center"))
                    return replace(tag, colour=RIBBON, card=card) if on_card else tag
        return None

    def auction_lines(self, seen: Seen) -> list[tuple[str, tuple[int, ...], bool]]:
        """The auction's panel, line by line (words, colour, bold): its title,
        each seat's bids and passes as the screen has shown them, from mano, and
        where it stands (the high bid and who holds it, who names trump, or
        that all passed)."""
        tr = self.services.tr
        board = seen.board
        st = seen.state
        n = self.match.rules.players
        lines: list[tuple[str, tuple[int, ...], bool]] = [(tr("auction_title"), GOLD, True)]
        said: dict[int, list[str]] = {s: [] for s in range(n)}
        for seat, bid in board.bids:
            said[seat].append(tr("auction_pass") if bid is None else str(bid))
        for k in range(1, n + 1):
            seat = (st.dealer + k) % n
            words = " · ".join(said[seat]) if said[seat] else "…"
            colour = GOLD if seat == board.bidder else INK
            lines.append((tr("auction_seat", name=self.name(seat), bids=words), colour, False))
        over = len(board.bids) >= n and all(b is None for _, b in board.bids)
        if over:
            where = tr("auction_all_passed")
        elif board.bidder >= 0 and st.ask is Ask.TRUMP and st.to_act == board.bidder \
                and len(board.bids) == len(st.auction.bids if st.auction else ()):
            where = (tr("auction_won_you", bid=board.bid) if board.bidder == seen.viewer
                     else tr("auction_won", name=self.name(board.bidder), bid=board.bid))
        elif board.bidder >= 0:
            where = tr("auction_high", name=self.name(board.bidder), bid=board.bid)
        else:
            where = tr("auction_none", bid=self.match.rules.min_bid)
        lines.append((where, GOLD, True))
        if st.ask is Ask.BID and not over:  # what a bid counts, to value a hand
            # by (nc107, a Spades player, found nothing to count with but the hint)
            lines += [(tr("auction_values_cards"), DIM, False),
                      (tr("auction_values_more"), DIM, False)]
        return lines

    def auction_rect(self, seen: Seen) -> pygame.Rect:
        """Where the auction's panel lies: in the table's middle, where the
        trick will be, above the person's controls and the line above the hand,
        below the top of the table, between the side seats."""
        geo = self.geo
        assert geo is not None
        size = self.font(0.13)
        pad = size // 2
        line_h = int(size * 1.3)
        lines = self.auction_lines(seen)
        most = int(geo.width * AUCTION_SHARE)
        width = min(most, max(self.text_width(t, size, b) for t, _, b in lines) + pad * 3)
        rect = pygame.Rect(0, 0, width, line_h * len(lines) + pad * 2)
        rect.center = (geo.width // 2, int(geo.trick_center[1]))
        floor = self.hand_line_rect().top - geo.gap
        if self.actions.buttons:
            floor = min(floor, min(b.rect.top for b in self.actions.buttons) - geo.gap)
        rect.bottom = min(rect.bottom, floor)
        roof = self.plate_rect("top").bottom + geo.gap if self.match.rules.players != 3 \
            else EDGE_PX + int(geo.card_h * 0.3)
        rect.top = max(rect.top, roof)
        return rect

    def describe_auction(self, seen: Seen) -> Panel:
        """The auction as it comes (§12): each seat's bids and passes, the high
        bid and who holds it; the person's controls are the buttons under it."""
        size = self.font(0.13)
        pad = size // 2
        line_h = int(size * 1.3)
        rect = self.auction_rect(seen)
        words = []
        for i, (text, colour, bold) in enumerate(self.auction_lines(seen)):
            fitted = self.fit(text, size, rect.width - pad * 2, bold)
            words.append(Words(fitted, size, (rect.centerx, rect.top + pad + i * line_h),
                               colour, "midtop", bold))
        return Panel("before_play", _box(rect), (0, 0, 0, 190), 10, tuple(words))

    def describe_plate(self, seat: int, seen: Seen) -> Plate:
        """A seat's plate: its name, whose turn it is or who partners, the dealer's
        chip, and the side's colour where a side is more than one seat."""
        geo = self.geo
        assert geo is not None
        st = seen.state
        n = self.match.rules.players
        size = self.font(0.14)
        small = self.font(0.11)
        rect = self.plate_rect(geo.seat_position(seat, seen.perspective, n))
        turn = self.plays_now(seat, seen)
        pad = max(6, rect.height // 6)
        chip = self.dealer_chip(rect) if seat == st.dealer else None
        room = rect.width - pad * 2 - (chip.width + pad if chip else 0)
        status, colour = self.plate_status(seat, seen, room)
        name = self.fit(self.name(seat), size, room, bold=turn)
        x = rect.left + pad + 2
        if status:
            name_words = Words(name, size, (x, rect.centery + 1), GOLD if turn else INK,
                               "bottomleft", turn)
            status_words: Words | None = Words(self.fit(status, small, room), small,
                                               (x, rect.centery + 1), colour)
        else:
            name_words = Words(name, size, (x, rect.centery), INK, "midleft")
            status_words = None
        side = seen.board.side_of(seat)
        shared = not self.in_auction(seen) and any(
            seen.board.side_of(s) == side for s in range(n) if s != seat)
        chip_word = None if chip is None else Words(
            self.services.tr("dealer_chip"), int(chip.height * 0.7), chip.center, DARK,
            "center", True)
        return Plate(seat, _box(rect), name_words, status_words, turn,
                     TEAM_COLOURS[side % 2] if shared else None,
                     None if chip is None else _box(chip), chip_word,
                     PLATE_TURN if turn else PANEL)

    def move_text(self, ev: Event) -> str:
        """The words by a seat's move (said once per move and language: they are
        asked for every frame it shows)."""
        lang, said = self.services.lang, self._move_said
        if said is None or said[0] is not ev or said[1] != lang:
            notice = move_words(ev, self.names)
            said = self._move_said = (ev, lang, "" if notice is None else notice.render(lang))
        return said[2]

    def move_rect(self, seen: Seen, size: tuple[int, int]) -> pygame.Rect:
        """Where a box of ``size`` showing a seat's move lies: by its seat, on
        the side of the table's middle (under the top plate and to its left, as
        its pile lies right of it; above the bottom hand; beside a side seat's
        won pile), then moved up or down the least that keeps it off the hands,
        plates, piles, the trump's mark and the panels; inside the window."""
        geo = self.geo
        assert geo is not None and seen.move is not None
        where = geo.seat_position(seen.move.seat, seen.perspective, self.match.rules.players)
        plate = self.plate_rect(where)
        hand = pygame.Rect(geo.hand_box("bottom"))
        g = geo.gap
        rect = pygame.Rect((0, 0), size)
        if where == "top":
            rect.topright = (plate.right, plate.bottom + g)
        elif where == "bottom":
            rect.midbottom = (hand.centerx, hand.top - g)
        else:
            pile = pygame.Rect(geo.pile_box(where))
            if where == "left":
                rect.midleft = (pile.right + g, int(geo.side_y))
            else:
                rect.midright = (pile.left - g, int(geo.side_y))
        window = pygame.Rect(0, 0, geo.width, geo.height).inflate(-EDGE_PX * 2, -EDGE_PX * 2)
        window.height = min(window.height, hand.top - g - window.top)  # above the bottom hand
        if where == "bottom":
            window.height = geo.height
        # (The trick is empty while a move shows: moves come between tricks.)
        taken = [r for k, r in self.regions(seen).items()
                 if k not in ("trick", "line", "callout") and not k.startswith("action")]
        if self.show_last and seen.board.last_trick:  # (a lesson opens it between tricks)
            taken.append(self.last_trick_box(seen)[0])
        # A side seat's panel with a declaration's cards may find no room up or
        # down beside the pile (cuatro's trump mark lies left of the trick): it
        # then moves sideways over the empty trick (the top seat's, rightwards).
        toward = {"left": 1, "right": -1, "top": 1}.get(where, 0)
        key = (tuple(rect), tuple(window), toward, g, tuple(tuple(r) for r in taken))
        found = self._free_spots.get(key)
        if found is None:  # (a move is on show for seconds: its place is searched once)
            if len(self._free_spots) >= FREE_SPOTS_MOST:
                self._free_spots.clear()
            found = self._free_spots[key] = _free_spot(rect, window, taken, toward, g,
                                                       geo.width // 2 // g, geo.height // g)
        return pygame.Rect(found)

    def describe_move(self, seen: Seen) -> Panel | None:
        """Another seat's exchange or declaration, by its plate while it is on
        show: who did what in words, and its cards face up: an exchange's, the
        one given and the one taken (§5: both are public); a declaration's
        (§4), here rather than raised out of a hand of backs at the table's
        edge, which they covered (the bottom hand's rise, ``Board.raised``)."""
        ev = seen.move
        geo = self.geo
        if ev is None or geo is None:
            return None
        size = self.font(0.14)
        small = self.font(0.11)
        pad = size // 2
        lines = self.even_wrap(self.move_text(ev), size, int(geo.width * MOVE_SHARE))
        line_h = int(size * 1.25)
        cards = move_cards(ev)
        labels = [self.services.tr("move_gave"), self.services.tr("move_took")][:len(cards)]
        cw, ch = geo.card_w * MOVE_CARD_SCALE, geo.card_h * MOVE_CARD_SCALE
        slot = max([cw, *(self.text_width(t, small) for t in labels)]) + pad
        where = geo.seat_position(ev.seat, seen.perspective, self.match.rules.players)
        if isinstance(ev, Declared) and where != "bottom":
            cards = tuple(bits(declared_mask(ev, seen.board.trump)))
            labels = []
            slot = cw * (1.0 if len(cards) <= 2 else DECLARED_OVERLAP) + pad
        words_w = max(self.text_width(t, size) for t in lines)
        width = max(words_w, slot * len(cards)) + pad * 2
        height = pad * 2 + line_h * len(lines) + (
            int(ch + pad + (small * 1.2 if labels else 0)) if cards else 0)
        rect = self.move_rect(seen, (int(width), int(height)))
        words = [Words(t, size, (rect.centerx, rect.top + pad + i * line_h), GOLD, "midtop")
                 for i, t in enumerate(lines)]
        spots = []
        top = rect.top + pad + line_h * len(lines)
        x0 = rect.centerx - slot * len(cards) / 2 + slot / 2
        for i, card in enumerate(cards):
            x = x0 + i * slot
            spots.append(CardSpot(card, x, top + ch / 2, scale=MOVE_CARD_SCALE))
            if labels:
                words.append(Words(labels[i], small, (int(x), int(top + ch + pad / 2)), INK,
                                   "midtop"))
        return Panel("move", _box(rect), (0, 0, 0, 200), 10, tuple(words), tuple(spots))

    def describe_hand_line(self, seen: Seen) -> Panel | None:
        """The words above the hand: a notice (a refused card, the hint), or what
        the person may do now."""
        words = self.toast[0] if self.toast is not None else self.rule_line
        if not words or (self.toast is None and not seen.my_turn):
            return None
        rect = self.hand_line_rect()
        size = self.font(0.13)
        rows = [self.fit(row, size, rect.width - size) for row in self.hand_line_rows()]
        line_h = rect.height // len(rows)
        box = pygame.Rect(0, 0, max(self.painted_width(row, size) for row in rows),
                          size + line_h * (len(rows) - 1))
        box.center = rect.center
        colour = GOLD if self.toast else INK
        return Panel("line", _box(box.inflate(size, size * 0.3)), (0, 0, 0, 150), 6, tuple(
            Words(row, size, (rect.centerx, rect.top + line_h * i + line_h // 2), colour,
                  "center") for i, row in enumerate(rows)))

    def describe_callout(self, words: str) -> Panel:
        rect = self.callout_rect(words)
        size = self.font(0.15)
        words = self.fit(words, size, rect.width - size, bold=True)
        box = pygame.Rect(0, 0, self.text_width(words, size, bold=True), size)
        box.center = rect.center
        return Panel("callout", _box(box.inflate(size, size * 0.4)), (0, 0, 0, 170), 8, (
            Words(words, size, rect.center, GOLD, "center", True),))

    def describe_chronicle(self, st: State) -> Panel:
        """The last plays and events, newest last, in a drawer the person opens."""
        size = self.font(0.12)
        pad = size // 2
        every = self.chronicle_rows()
        fit = self.chronicle_fit(st)
        back = min(self.chronicle_back, max(0, len(every) - fit))
        end = len(every) - back
        rows = every[max(0, end - fit):end]  # the newest that fit, or earlier ones
        while len(rows) > 1 and rows[0][1]:  # whole entries only (nc112's first line
            rows = rows[1:]  # read "(the Knight (11) of cups)", the end of one cut off)
        rect = self.chronicle_rect(len(rows), st)
        title = self.services.tr("chronicle")
        if len(every) > fit:  # (more than it shows: where the rest is)
            arrows = ("↑" if end > fit else "") + ("↓" if back else "")
            title = self.services.tr("chronicle_scroll", title=title, arrows=arrows)
        words = [Words(title, size, (rect.left + pad, rect.top + pad), GOLD, bold=True)]
        y = rect.top + pad + int(size * 1.35)
        for line, indent in rows:
            words.append(Words(line, size, (rect.left + pad + indent, y),
                               INK if self.chronicle_lines else DIM))
            y += int(size * 1.25)
        return Panel("chronicle", _box(rect), (8, 16, 12, 235), 10, tuple(words))

    def describe_tooltip(self, words: str, near: pygame.Rect) -> Panel:
        size = self.font(0.11)
        box = self.tooltip_box(words, near)
        line_h = int(size * 1.2)
        return Panel("tooltip", _box(box), (0, 0, 0, 230), 6, tuple(
            Words(line, size, (box.left + 7, box.top + 5 + i * line_h), INK)
            for i, line in enumerate(self.tooltip_lines(words))))

    def describe_panel(self, st: State) -> Panel:
        """The score panel: the caption, the variant, a row per side."""
        rect, widths, line, table = self._panel_layout(st)
        st = self.scored(st)
        size = self.font(0.12)
        pad = size // 2
        words: list[Words] = []
        y = rect.top + pad // 2 + 2
        titles = [self.panel_title()] if self.panel_titled else []
        for head in ([self.caption] if self.caption else []) + titles:
            words.append(Words(self.fit(head, size, rect.width - pad * 2), size,
                               (rect.left + pad, y), GOLD, bold=True))
            y += line
        shared = bool(self.match.rules.partners)  # teams: each row in its team's colour
        for r, row in enumerate(table):
            x = rect.left + pad
            # A name too long for its column is on lines of its own, the numbers
            # under it (``_panel_layout``).
            names = row[0].split("\n")
            across = rect.width - pad * 2 if len(names) > 1 else widths[0]
            below = y + line * (len(names) - 1)
            for i, cell in enumerate(row):
                colour = DIM if r == 0 else (INK if i else TEAM_INK[(r - 1) % 2]
                                             if shared else INK)
                if i == 0:
                    for k, part in enumerate(p for p in names if p):
                        room = widths[0] if k == len(names) - 1 else across
                        words.append(Words(self.fit(part, size, room, r > 0), size,
                                           (x, y + k * line), colour, bold=r > 0))
                else:
                    words.append(Words(cell, size, (x + widths[i], below), colour, "topright"))
                x += widths[i] + pad
            y += line * len(names)
        contract = self.match.rules.scoring is Scoring.CONTRACT  # the contract stands out
        for i, note in enumerate(self.panel_notes(st)):
            bold = contract and i == 0  # (la contra's shared points under it, in ink)
            colour = (GOLD if i == 0 else INK) if contract else DIM
            for part in self.note_lines(note, size, rect.width - pad * 2, bold):
                words.append(Words(self.fit(part, size, rect.width - pad * 2, bold), size,
                                   (rect.left + pad, y), colour, bold=bold))
                y += line
        return Panel("score", _box(rect), PANEL, 10, tuple(words))

    def _clear_of_trumps(self, rect: pygame.Rect, st: State) -> tuple[int, int]:
        """How far the last trick's panel moves (right, down) to leave the
        trump's mark and words in sight, with four players (the mark is left of
        the trick; a newcomer read "Trumps: sw…" under the panel) and with two
        on a narrow table (the review's). First right, as far as the right
        seat's hand allows with four (over a won pile there for the moment, as
        over the trick), as far as the table's edge with two (nothing lies right
        of it); else down, as far as the bottom hand allows (nc84 read "Trumps:
        cu" beside it on the pairs review's narrow table); else right over the
        right seat's hand; else where the least of the words is covered."""
        geo = self.geo
        assert geo is not None
        players = self.match.rules.players
        if players == 3 or st.trump < 0:
            return 0, 0
        trumps = self.trumps_rect(st)
        if not trumps.colliderect(rect):
            return 0, 0
        edge = geo.width - geo.gap
        limit = geo.hand_box("right")[0] - geo.gap if players == 4 else edge
        floor = geo.hand_box("bottom")[1] - geo.gap

        def right(most: int) -> int:
            return max(0, min(trumps.right + geo.gap - rect.left, most - rect.right))

        down = max(0, min(trumps.bottom + geo.gap - rect.top, floor - rect.bottom))
        moves = [(right(limit), 0), (0, down), (right(edge), 0), (right(limit), down)]
        for dx, dy in moves:
            if not trumps.colliderect(rect.move(dx, dy)):
                return dx, dy
        return min(moves, key=lambda m: _covered(trumps, rect.move(*m)))

    def last_trick_box(self, seen: Seen) -> tuple[pygame.Rect, int, str, list[str], float]:
        """The last trick's panel where it lies now, the left of its cards' room,
        its title, the names under its cards and their pitch."""
        board = seen.board
        fs = self.font(0.11)
        names, step = self.last_trick_names([seat for seat, _ in board.last_trick], fs)
        rect = self.last_trick_rect(len(board.last_trick), step)
        title = self.services.tr("last_trick")
        if board.last_winner >= 0:
            title = self.services.tr(
                "last_trick_won_diez" if board.last_diez else "last_trick_won",
                name=self.name(board.last_winner), points=board.last_points)
        size = self.font(0.14)
        left = rect.left  # (the cards' room; the panel is as wide as its title too)
        rect.inflate_ip(max(0, self.text_width(title, size) + size - rect.width), 0)
        dx, dy = self._clear_of_trumps(rect, seen.state)
        rect.move_ip(dx, dy)
        return rect, left + dx, title, names, step

    def describe_last_trick(self, seen: Seen) -> Panel:
        geo = self.geo
        assert geo is not None
        trick = seen.board.last_trick
        rect, left, title, names, step = self.last_trick_box(seen)
        fs = self.font(0.11)
        size = self.font(0.14)
        words = [Words(title, size, (rect.centerx, rect.top + 6), GOLD, "midtop")]
        cards = []
        for i, ((seat, card), name) in enumerate(zip(trick, names, strict=True)):
            x = left + int(geo.card_w * 0.3 + i * step)
            # The card that took it framed in gold, as on the table (nc112 read the
            # winner's name and had to work out which card it was)
            cards.append(CardSpot(card, x + geo.card_w / 2,
                                  rect.top + int(geo.card_h * 0.3) + geo.card_h / 2,
                                  outline=GOLD if seat == seen.board.last_winner else None))
            words.append(Words(name, fs, (x + geo.card_w // 2, rect.bottom - 4), INK,
                               "midbottom"))
        return Panel("last_trick", _box(rect), (8, 16, 12, 240), 10, tuple(words), tuple(cards))


def _covered(under: pygame.Rect, over: pygame.Rect) -> int:
    """The area of ``under`` that ``over`` covers."""
    clip = under.clip(over)
    return clip.w * clip.h


def _free_spot(rect: pygame.Rect, window: pygame.Rect, taken: list[pygame.Rect], toward: int,
               g: int, shifts: int, steps: int) -> pygame.Rect:
    """``rect`` moved the least, up or down by steps of ``g`` (then ``toward``
    one side by steps of ``g``, where ``toward`` is not 0), within ``window``,
    onto a spot that meets none of ``taken``; else ``rect`` kept in the window."""
    for shift in range(shifts if toward else 1):
        for step in range(steps + 1):
            for off in ((0,) if step == 0 else (-step * g, step * g)):
                spot = rect.move(toward * shift * g, off).clamp(window)
                if spot.collidelist(taken) < 0:
                    return spot
    return rect.clamp(window)


def move_cards(ev: Event) -> tuple[int, ...]:
    """The cards an exchange shows by its seat: the one given, then the one
    taken (a deferred exchange: the one given); none for a declaration (its
    cards rise in the hand)."""
    if isinstance(ev, Exchanged | ExchangeCompleted):
        return (int(ev.gave), int(ev.took))
    if isinstance(ev, ExchangeDeferred):
        return (int(ev.gave),)
    return ()


def _bid_of(tag: str) -> int | None:
    """The bid of a button's tag ("bid 70": 70); None for any other."""
    kind, _, value = tag.partition(" ")
    return int(value) if kind == "bid" and value.isdigit() else None


def sing_keys(letters: str, sings: list[str], before: dict[str, str]) -> dict[str, str]:
    """The keys of the declarations ``sings`` shown now (their actions'
    texts), from ``letters``: each its key of ``before`` where no other shown
    takes it, the others the first letters left, in order; "" when none is."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for text in sings:  # (the ones that keep a key first)
        key = before.get(text, "")
        if key and key in letters and key not in taken:
            out[text] = key
            taken.add(key)
    free = iter(c for c in letters if c not in taken)
    for text in sings:
        if text not in out:
            out[text] = next(free, "")
    return out


def _bind(act: Callable[[Action], None], action: Action) -> Callable[[], None]:
    return lambda: act(action)


def _box(rect: pygame.Rect) -> Box:
    return (rect.x, rect.y, rect.w, rect.h)


class HudLook(NamedTuple):
    """The HUD's share of a ``TableDescription`` (``Hud.describe``)."""

    plates: tuple[Plate, ...]
    labels: tuple[Words, ...]
    panels: tuple[Panel, ...]
    trump: TrumpMark | None
    buttons: tuple[ButtonLook, ...]
    overlays: tuple[Panel, ...]
    before_play: Panel | None = None
    """subastado's auction (``describe_auction``), while it is on."""
    trick_tags: tuple[SeatTag, ...] = ()
    """Whose each card of the trick is (``describe_trick_tags``)."""
