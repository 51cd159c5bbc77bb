"""The table scene: a match being played, drawn in card units and animated.

It puts the parts together: the ``TableController`` (the match, its steps, the
bots, undo, saves), the ``Board`` the screen shows and the ``CardLayer`` that
moves and draws the cards, the ``Hud`` (panel, names, buttons, banners) and the
hot-seat ``Viewers``. The path of a played card: a click or a key becomes an
intent, the scene asks the controller to act, the engine returns typed events,
the controller turns them into timed steps, and each step moves the board and
the cards (docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace

import pygame

from ...bots.reasons import DECIDING, LIKELY_LOST
from ...engine import Action, IllegalActionError, view
from ...engine.actions import BID_ACTIONS, CLAIM, PASS, PLAY, SING, SING20_ACTIONS, SING40, SWAP
from ...engine.cards import CARDS, KINGS_MASK, KNIGHTS_MASK, card_name, pair_suits
from ...engine.events import Ask, Cante, Dealt, Declared, Outcome, RoundOver, SwapRecord, TrickWon
from ...engine.events import Reason as EndReason
from ...engine.rules import DealerRule, Exchange, Tute
from ...engine.state import PLAYING
from ...engine.tricks import trick_result
from ...game.match import Match
from ...game.review import capote_fails, declare_threat, own_need, rival_need
from ...i18n import in_variant, refusal, refusal_of, tr
from ...i18n.cards import card_in_sentence, suit_name
from .. import intents as I
from ..gfx import Canvas
from ..scene import Scene
from ..services import Services
from ..sound import toggle_mute
from ..widgets import GOLD, ButtonSet
from .advice import Advice, advice, last_draw, line, other_text
from .board import OPPONENT_SCALE, PILE_SCALE, Board, Geometry
from .cards import CardLayer, Sprite
from .chronicle import Chronicle, Move, Names, callout_text
from .controller import EARLY_ENDS, Step, TableController
from .describe import TableDescription, card_under, felt_for
from .hud import HINT_SECONDS, LAST_PEEK_SECONDS, Hud, Seen, auction_steps, move_cards
from .picture import card_kept, draw_card, paint_table
from .privacy import HandsShown, Viewers
from .why import action_in_sentence, hint_reason, hint_words, party_of, threat_words

SOUNDS = {"shuffle": "shuffle", "deal": "deal", "play": "play", "trick": "trick", "draw": "draw",
          "swap": "exchange", "swap_done": "exchange", "capote": "sing40",
          "claim": "sing40", "throw_in": "shuffle", "bid": "click", "trump": "sing20"}
"""The sound each step makes when it starts."""
MIN_SPEED = 0.05
"""The slowest the animations may run."""
RESETTLE = 0.35
"""Seconds (at speed 1) for the cards to settle after an undo, a declaration or
a new viewer."""
CHRONICLE_LINES = 10
"""The chronicle keeps the last this many plays and events."""
BACK_SCALES = (1.0, OPPONENT_SCALE, PILE_SCALE)
"""The sizes (shares of the card size) a card's back is shown at: the stock and
a card in flight (the full size, scaled), a hidden hand, a won pile."""
SUMMARY_REHEARSAL = 0.002
"""Seconds a frame spends, at most, rendering the words of the summary to come
(``_rehearse_summary``); at least one word a frame."""



class TableScene(Scene):
    """The match being played, with its animations, buttons and panels."""

    def __init__(
        self,
        app: Services,
        match: Match,
        *,
        autosave: bool = True,
        spectate: bool = False,
        speed: float | None = None,
        on_save: Callable[[Match], None] | None = None,
        on_match_over: Callable[[Match], None] | None = None,
        caption: str | Callable[[], str] = "",
    ) -> None:
        """``spectate``: every hand face down (a tournament match watched by the
        others); ``speed`` overrides the animation speed setting; ``on_save`` and
        ``on_match_over`` replace the autosave slot and the return to the title
        (a tournament keeps its own save and bracket); ``caption`` heads the panel
        (a function: asked each time it is shown, in the language then)."""
        super().__init__(app)
        self.match = match
        humans = match.humans()
        self.spectate = spectate
        self.speed = speed
        """The animation speed for this table (None: the player's setting)."""
        self.on_match_over = on_match_over
        self.viewers = Viewers.for_table(humans, spectate)
        self.autosave = autosave and (bool(humans) or on_save is not None)
        thinking = app.thinking
        save = on_save or self._save_to_slot
        self.controller = TableController(
            match, thinking.executor(), thinking.bot_budget, thinking.hint_budget,
            hint_executor=thinking.for_people(), save=save if self.autosave else None,
            save_failed=self._save_failed, record_round=app.record_round)
        self.board = self._new_board()
        self.geo = Geometry.for_size(app.size[0], app.size[1], match.rules.players)
        self.cards = CardLayer(app, self.geo)
        self.hud = Hud(app, match, caption)
        self.hud.names = Names(self.hud.kept_name, match.rules, self._is_you,
                               match.rules.name)
        self.chronicle = Chronicle(self.hud.names, size=CHRONICLE_LINES)
        self.hint_card: int | None = None
        self._hint_said: tuple[int | None, str] | None = None
        """Whose hint was last shown, and its words."""
        self._hint_shown_at: tuple[tuple[int, int, int], int | None] | None = None
        self._hint_pending: tuple[int, int, int] | None = None
        self._until_act: str | None = None
        """A toast's words that go once the person acts (a refusal, an undo said):
        nc102 read a refusal through the trick after it, and the undo's two
        sentences over the next trick's rule line."""
        self._undo_pending: int | None = None
        """Undo pressed while the cards were moving: the round it was pressed in,
        undone once they settle (nc94's press was said and then dropped)."""
        self._forfeit_said: tuple[int, int, int] | None = None
        """Where a lead that would lose the right to declare was last held back."""
        self._declare_held = -1
        """The round whose lead passing a declaration by was held back once."""
        self._claim_warned: tuple[int, int, int] | None = None
        """Where a false claim was pressed once and said to lose (``_claim_meant``)."""
        """H pressed while the person's turn is still being drawn (the last
        card flying): the position it was pressed at, asked once the turn shows
        (a player's H as the turn started was lost without a word)."""
        """The position the hint on show is for (``_hint_position``)."""
        self.selected = 0
        self.pressed_card: int | None = None
        self.drag: tuple[int, float, float] | None = None
        self.hover: int | None = None
        """The card of the hand under the pointer."""
        self.keyboard = False
        """The arrows chose the card (not the pointer): the selected card rises."""
        self._exchange_told: set[tuple[int, int]] = set()
        self._right_lost: set[int] = set()
        """People who lost the right to declare (§4 use_or_lose) by their own
        lead, at a shared screen: told at their next turn, to them alone."""
        """(round, seat) told of the game's compulsory exchange (tres)."""
        self._seven_at: tuple[int, int] | None = None
        """When the rule line said why the 7 is offered no exchange: (round,
        tricks played) of that turn (``_seven_now``)."""
        self.hint_action: Action | None = None
        """A hint that is not a card (a declaration, the exchange, a pass...): Enter
        does it, until the person chooses a card (arrows, the pointer on a card)."""
        self._pair_said = -1
        """subastado: the round (by number) whose defender's pair was said
        (``_defenders_pair``), once a round."""
        self._tute_said = -1
        """The round whose tute held was said (``_tute_held``), once a round."""
        self._revealed = -1
        """The round ended early whose hands are shown (``face_up_seats``)."""
        self._lost_said = -1
        """The round (by number) in which a hint said in full that the game is
        most likely lost whatever is played; later hints say it short."""
        self.turn_shown = False
        """Whether the buttons and the rule line were last built for the person's turn."""
        self.bid_armed = False
        """A first Enter on a bid the person has not set (the lowest allowed)
        was pressed: a second bids it (``_confirm``)."""
        self._callout_said: tuple[TrickWon, str, str] | None = None
        """The last callout said: its trick, language and words."""
        self.summary_shown = False
        self._summary: Scene | None = None
        """The summary of the round just over, made before it is shown (see
        ``_rehearse_summary``)."""
        self._summary_ready = False
        if not match.resumed:  # a resumed match's cards are simply where they were
            self.controller.enqueue(match.first_events)
        else:
            self._retell()
        self.board.dealt = not any(s.new_round for s in self.controller.steps)

    # ------------------------------------------------------------------ parts, for others
    @property
    def sprites(self) -> dict[int, Sprite]:
        return self.cards.sprites

    @property
    def toast(self) -> tuple[str, float] | None:
        return self.hud.toast

    @property
    def banner(self) -> tuple[str, float] | None:
        return self.hud.banner

    @property
    def actions(self) -> ButtonSet:
        return self.hud.actions

    @property
    def tools(self) -> ButtonSet:
        return self.hud.tools

    @property
    def current(self) -> Step | None:
        return self.controller.current

    @property
    def tricks_seen(self) -> int:
        return self.controller.tricks_seen

    @property
    def hot_seat(self) -> bool:
        return self.viewers.hot_seat

    @property
    def confirmed(self) -> int | None:
        """The person whose hand may be face up now (None: every hand is hidden)."""
        return self.viewers.viewer

    @property
    def perspective(self) -> int:
        return self.viewers.perspective

    @property
    def face_up_seats(self) -> frozenset[int]:
        """The hands drawn face up: the viewer's; every hand once a round ended
        early is over, against bots (§12 stop_when_decided: the cards left are
        not played, and nc93 never saw them)."""
        if self._revealed == len(self.match.rounds) and self.match.state.outcome is not None:
            return frozenset(range(self.match.rules.players))
        return self.viewers.face_up

    @property
    def privacy_for(self) -> int | None:
        return self.viewers.waiting_for

    def hands_shown(self) -> HandsShown:
        """Which cards of which hands the table shows face up now, who is looking,
        whom a privacy screen waits for, and whose hint is on show."""
        up = self.describe().faces()  # what is painted face up
        board = self.board
        move = self.controller.move_on_show()
        exchanged = move_cards(move.event) if move is not None and move.event else ()
        hint = self._hint_said
        toast = self.hud.toast
        hinted = hint is not None and (
            self.hint_card is not None or (toast is not None and toast[0] == hint[1]))
        return HandsShown(
            tuple(frozenset(c for c in hand if c in up) for hand in board.hands),
            frozenset(c for c in (*board.raised, board.turned, *exchanged)
                      if any(c in hand for hand in board.hands)),
            self.viewers.viewer, self.viewers.waiting_for,
            hint[0] if hint is not None and hinted else None)

    def name(self, seat: int) -> str:
        return self.hud.name(seat)

    def side_name(self, side: int) -> str:
        return self.hud.side_name(side)

    def _is_you(self, seat: int) -> bool:
        """Banners and the chronicle speak to the one person at the table as
        "you"; at a shared screen or a watched match everyone is named."""
        return not (self.hot_seat or self.spectate) and self.match.seats[seat].is_human

    def animation_speed(self) -> float:
        """How fast the animations run now (the table's own speed, or the setting)."""
        return max(self.speed or self.app.settings.animation_speed, MIN_SPEED)

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        """Before its first frame the table loads its sounds and makes the
        pictures that frame needs (its words, plates, buttons, the trump's mark)
        and the card backs at every size cards lie or fly at, painting itself
        on the window's frame to come (cleared before it is drawn): its first
        frame shown cost 48-54 ms under Xvfb, every picture made at once
        (issue 28). Without a window (a test's services) only the words."""
        for name in set(SOUNDS.values()):
            self.app.resources.sound(name)
        screen = getattr(self.app, "screen", None)
        if screen is None:
            self.draw(self._words_only())
            return
        canvas = screen.canvas()
        desc = self.describe()
        if self.controller.animating():
            # (the cards are about to move: their faces come one a frame,
            # ``_make_a_face``, not all here)
            desc = replace(desc, cards=())
        paint_table(canvas, desc, self.app)
        cw, ch = self.geo.card_w, self.geo.card_h
        for scale in BACK_SCALES:
            draw_card(canvas, self.app.resources, None, self.app.settings.card_back,
                      (cw, ch), (cw * scale, ch * scale), show=False)
        # Drawn, not shown: the renderer's first use of these textures (Mesa's
        # llvmpipe: 10-15 ms of CPU) is done here too, not in the first frame.
        screen.finish()

    def exit(self) -> None:
        # Leaving the table (another scene, or the window closing) keeps the plays
        # made since the last trick; a finished match was already settled.
        if not self.controller.match_over():
            self.controller.autosave()
        self.controller.close()
        # (Its pictures are the window's textures, kept by the window.)
        self._summary = None

    def layout(self, size: tuple[int, int]) -> None:
        self.geo = Geometry.for_size(size[0], size[1], self.match.rules.players)
        self.hud.geo = self.geo
        self.cards.resize(self.geo)
        self._relayout(0.0)
        self._build_buttons()

    def busy(self) -> bool:
        c = self.controller
        return (c.animating() or c.thinking() or c.hint is not None or self.hud.busy()
                or self.cards.moving())

    # ------------------------------------------------------------------ steps (StepView)
    def step_started(self, step: Step, duration: float) -> None:
        sound = SOUNDS.get(step.kind)
        if sound:
            self.app.resources.play(sound)
        if step.event is not None:
            self.chronicle.feed([step.event])
            self.hud.chronicle_lines = self.chronicle.lines(self.app.lang)
        if step.new_round:  # a new round: its board replaces the last one
            self.board = self._new_board()
            self.board.rewind(self.controller.dealt_exchanges())
            self.hud.declared.clear()
            self.board.dealt = step.kind == "deal"
            self.summary_shown = False
            dealer_at = self._dealer_at()
            if step.kind == "shuffle":
                self.cards.shuffle(dealer_at, duration, self.match.rules.deck)
            else:
                self.cards.deal(self.board, self.perspective, self.face_up_seats, dealer_at,
                                duration)
                self._same_dealer(step.event)
            return
        if step.event is None:
            return
        if step.kind == "play":
            # The last trick is a look back: a card played on the table ends it
            # (a newcomer's panel stayed over the trick being played, into
            # their own turn).
            self.hud.show_last = False
        self.board.apply(step.event)
        # Another seat's move is shown by its seat (``Hud.describe_move``), not
        # in a banner across the trick.
        sound = self.hud.banner_for(step.event, self.animation_speed(), step.on_show <= 0)
        if sound:
            self.app.resources.play(sound)
        if isinstance(step.event, Declared):
            self._partner_sang_first(step.event)
        if isinstance(step.event, RoundOver) and step.event.outcome.reason in EARLY_ENDS:
            self._early_end(step.event.outcome)
        self._relayout(duration)

    def _partner_sang_first(self, ev: Declared) -> None:
        """In pairs (§9) the winner's partner is asked first, and a trick won
        allows one declaration: where the partner declared on a trick the person
        won, holding a pair of their own to declare, said why they were not
        asked (a bar player won a trick holding the 20 in clubs, the partner
        declared the 20 in cups, and no word said why, cold play nc78)."""
        st = self.match.state
        me = self.perspective
        last = self.board.last_trick  # (the trick won just before, as shown)
        if not self.match.rules.partners or not last or ev.seat == me \
                or st.side_of(ev.seat) != st.side_of(me) or not self.match.seats[me].is_human \
                or last[trick_result([c for _, c in last], st.trump)[0]][0] != me:
            return
        hand = sum(1 << c for c in self.my_hand())
        mine = [s for s in pair_suits(hand) if not st.sung >> s & 1 and s != ev.suit]
        if not mine:
            return
        suit = mine[0]
        pair = self.app.tr("partner_first_40") if suit == st.trump else \
            self.app.tr("partner_first_20", suit=suit_name(self.app.lang, suit))
        self.hud.show_toast(self.app.tr("partner_sang_first", pair=pair))

    def trick_gathered(self, step: Step, duration: float) -> None:
        assert step.event is not None
        self.chronicle.feed([step.event])
        self.hud.chronicle_lines = self.chronicle.lines(self.app.lang)
        trick = frozenset(card for _, card in self.board.trick)  # (face up: public)
        self.board.apply(step.event)
        # the trick is won and in its pile: what was declared before it is no
        # longer said on the plates (it was until the next turn was said), and
        # the last trick on show is no longer the last
        self.hud.declared.clear()
        self.hud.show_last = False
        self._relayout(duration, public=trick)
        self.app.resources.play("trick")

    def _defenders_pair(self) -> None:
        """subastado (RULES §12: only the bidder declares): the person, defending,
        leads after their side won a trick while holding a pair; said once a
        round (nc90 won a trick with the King and Knight of cups and waited for
        a declaration's button that never came)."""
        st = self.match.state
        seat = st.to_act
        if not self.match.rules.only_bidder_declares or seat is None or st.trick_cards \
                or not st.side_of(seat) or st.last_winner < 0 \
                or st.side_of(st.last_winner) != st.side_of(seat) \
                or self._pair_said == len(self.match.rounds):
            return
        held = pair_suits(st.hands[seat])
        if held:
            self._pair_said = len(self.match.rounds)
            self.hud.show_toast(self.app.tr("defenders_pair",
                                            suit=suit_name(self.app.lang, held[0])))

    def _tute_held(self) -> None:
        """The person's turn, holding all four Kings or Knights where a tute
        counts (§4) and can still be declared: said once a round, with what it
        does, unless its button is there now (nc94 held a tute in pairs and
        nothing pointed it out)."""
        st = self.match.state
        seat = st.to_act
        rules = self.match.rules
        if seat is None or rules.tute is Tute.NONE or self._tute_said == len(self.match.rounds) \
                or st.lost_right[st.side_of(seat)] or (rules.has_stock and not st.stock) \
                or any(a.kind is SING and a.cante is Cante.TUTE for a in st.legal_actions()):
            return
        hand = st.hands[seat]
        four = [word for mask, word in ((KINGS_MASK, "reyes"), (KNIGHTS_MASK, "caballos"))
                if hand & mask == mask]
        if four:
            self._tute_said = len(self.match.rounds)
            team = ".team" if st.partner_of(seat) >= 0 else ""
            self.hud.show_toast(self.app.tr(f"tute_held.{rules.tute}{team}",
                                            what=self.app.tr(four[0])))

    def _early_end(self, outcome: Outcome) -> None:
        """subastado (§12, stop_when_decided): the round stops as soon as the
        contract is decided, said at the table while it holds (``EARLY_END_HOLD``):
        who made it or can no longer make it, and that the cards left are not
        played (nc90 saw the summary come at once after a trick)."""
        contract = self.match.state.contract
        if contract is None:  # pragma: no cover - an early end has a contract
            return
        bidder, bid = contract
        key = "early_made" if outcome.reason is EndReason.MADE_EARLY else "early_failed"
        if self._is_you(bidder):
            key += "_you"
        self.hud.show_banner(self.app.tr(key, name=self.hud.name(bidder), bid=bid,
                                         points=outcome.sides[0].points), self.animation_speed())
        if not self.hot_seat:  # (at a shared screen the summary hides what is left)
            self._revealed = len(self.match.rounds)

    def _same_dealer(self, event: object) -> None:
        """boricua (RULES §7.3): the first round's dealer deals every round. Said
        when it first deals again (nc85, from Puerto Rico, read one dealer all
        match as a fault: the deal passes at her table)."""
        if not isinstance(event, Dealt) or event.round != 2 \
                or self.match.rules.dealer_rule is not DealerRule.FIXED:
            return
        seat = event.dealer
        key = "same_dealer_you" if self._is_you(seat) else "same_dealer"
        self.hud.show_toast(self.app.tr(key, name=self.hud.name(seat)))

    def step_finished(self, step: Step) -> None:
        kind = step.kind
        if kind == "trick":
            self.app.screenshot(f"trick-{self.tricks_seen:02d}")
        elif kind == "deal":
            self.app.screenshot("deal")
        elif kind in ("sing", "swap", "swap_done", "capote"):
            self.app.screenshot(kind)
        if kind == "sing":
            self.board.raised.clear()
            self._relayout(RESETTLE / self.animation_speed())
        self._build_buttons()

    def _new_board(self) -> Board:
        """The board of the match as it is now; unless the person wants their hand
        sorted, every hand is held in the order its cards were dealt."""
        board = Board(self.match.state)
        board.arrive_as(self.match.rounds[-1].arrival)
        if not self.app.settings.sort_hand:
            board.sorted_hands = False
            for seat, dealt in enumerate(self.match.rounds[-1].deal.hands):
                board.keep_order(seat, [int(c) for c in dealt])
        return board

    def _retell(self) -> None:
        """The chronicle told again from the log: after an undo (the plays taken
        back are gone from it) and when a saved match resumes."""
        self.chronicle.clear()
        events = self.match.round_events()
        self.chronicle.feed(events)
        self.hud.chronicle_lines = self.chronicle.lines(self.app.lang)
        self.hud.retell_declared(events)  # (the plates' "Declared 40" too)

    def _dealer_at(self) -> tuple[float, float]:
        where = self.geo.seat_position(self.match.state.dealer, self.perspective,
                                       self.match.rules.players)
        return self.geo.dealer_pos(where)

    def _relayout(self, duration: float, unseen: int = 0,
                  public: frozenset[int] = frozenset()) -> None:
        self.cards.relayout(self.board, self.perspective, self.face_up_seats, duration, unseen,
                            public)

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        self._make_a_face()
        self.cards.update(dt)
        self.hud.update(dt)
        self.hud.callout = self._callout()
        self._take_hint()
        self._drop_stale_hint()
        self.controller.advance(dt, self.animation_speed(), self)
        if not self.summary_shown and self.controller.round_over():
            self._rehearse_summary()
        turn = self.human_turn()
        if turn != self.turn_shown:  # the buttons and the rule line follow the turn
            self.turn_shown = turn
            self.hud.bid_choice = 0  # a turn to bid starts at the lowest bid allowed
            self.hud.bid_kept = False
            self.bid_armed = False
            self._build_buttons()
            if turn:
                self._defenders_pair()
                self._tute_held()
            toast = self.hud.toast
            if turn and toast is not None and toast[0] == self.app.tr("hint_wait"):
                self.hud.toast = None  # (its turn come: "wait" stayed up, cold play nc75)
        pending = self._hint_pending
        if pending is not None and (turn or pending != self.controller.position()):
            self._hint_pending = None
            if turn and pending == self.controller.position():
                self.hint()
        if not self.controller.animating():
            self._undo_when_settled()
            self._idle(dt)

    def _undo_when_settled(self) -> None:
        """The undo pressed while the cards moved, now that they have settled;
        dropped if the round it was pressed in is over."""
        pending, self._undo_pending = self._undo_pending, None
        if pending is not None and pending == len(self.match.rounds) \
                and not self.controller.round_over():
            self.undo()

    def _faces_soon(self) -> list[tuple[int, float]]:
        """The card faces the bottom seat will soon see, soonest first, with the
        share of the card size each will be shown at: the cards about to be
        turned up (played, drawn, exchanged: at a hand's size, then flying at
        full size), the face-up
        trump, the hands shown to the viewer (the bottom hand's cards are dealt
        small). Only cards face up for the viewer, or about to be."""
        board = self.board
        wanted = [(card, scale) for card in self.controller.coming_faces(self.face_up_seats)
                  for scale in (OPPONENT_SCALE, 1.0)]
        wanted.append((board.faceup, 1.0))
        for seat in self.face_up_seats:
            scales = (1.0, OPPONENT_SCALE) if seat == self.perspective else (OPPONENT_SCALE,)
            wanted.extend((card, scale) for scale in scales for card in board.hands[seat])
        return [(card, scale) for card, scale in wanted if card >= 0]

    def _face_width(self, scale: float) -> int:
        return max(1, round(self.geo.card_w * scale * self.app.pixel_ratio))

    def _make_a_face(self) -> None:
        """Have the card faces of ``_faces_soon`` rasterised from their SVG before
        the frames that show them (``Resources.faces_ahead``: on a thread in the
        window; without one, one a frame at once), about 3 ms each, instead of
        all in the frame that shows them (the deal turned the person's hand up
        with ten faces made in one frame: 34 ms at 1280x720; a bot's card played
        made two in the two frames that showed it, issue 28). The pictures are
        kept, not shown."""
        widths = {scale: self._face_width(scale) for scale in (1.0, OPPONENT_SCALE)}
        self.app.resources.faces_ahead([(card_name(card), widths[scale])
                                        for card, scale in self._faces_soon()])

    def _prepare_a_card(self, canvas: Canvas, made_before: int) -> None:
        """Make the texture of one card of ``_faces_soon`` whose face is rasterised
        already, when the frame painted so far made none (``made_before``: the
        window's textures made before it began): the deal turned ten
        cards up in one frame, each a texture made then (issue 28). The texture
        is kept in the window's cache, not drawn; nothing of the scene changes."""
        textures = getattr(canvas, "textures", None)
        if textures is None or textures.made != made_before:
            return
        desc_size = (self.geo.card_w, self.geo.card_h)
        back = self.app.settings.card_back
        resources = self.app.resources
        for card, scale in self._faces_soon():
            size = (desc_size[0] * scale, desc_size[1] * scale)
            if card_kept(canvas, card, size) or \
                    not resources.has_card_face(card_name(card), self._face_width(scale)):
                continue
            draw_card(canvas, resources, card, back, (size[0], size[1]), size, show=False)
            return

    def _rehearse_summary(self) -> None:
        """While the round's last steps are shown, the summary to come renders its
        words a little each frame, where nobody sees it (its first frame cost
        16-21 ms under Xvfb, most of it new words: a stall at the round's end)."""
        if self._summary is None:
            self._summary = self.app.nav.make("summary", table=self)
            self._summary.layout(self.app.size)
            self._summary_ready = False
        if self._summary_ready:
            return
        # Drawn on a canvas that only renders words: they are what costs.
        words = self._words_only()
        summary = self._summary
        self._summary_ready = self.app.text.rehearse(lambda: summary.draw(words),
                                                     SUMMARY_REHEARSAL)

    def _words_only(self) -> WordsOnly:
        """A canvas of the window's size and pixel ratio that only renders words."""
        screen = getattr(self.app, "screen", None)
        return WordsOnly(getattr(screen, "ratio", 1.0), self.app.size)

    def animate(self, dt: float) -> None:
        """Move the cards only (while a screen over the table waits)."""
        self.cards.update(dt)

    def animating(self) -> bool:
        """Cards are still moving."""
        return self.cards.moving()

    def _idle(self, dt: float) -> None:
        st = self.match.state
        if self.controller.round_over():
            if not self.summary_shown:
                self.summary_shown = True
                if self.hot_seat:  # the summary is for everyone: hide what is left
                    self.show_viewer(None)
                self.controller.count_round()
                self._build_buttons()
                summary, self._summary = self._summary, None
                if summary is None:
                    summary = self.app.nav.make("summary", table=self)
                self.app.nav.push_scene(summary)
            return
        seat = st.to_act
        assert seat is not None
        if self.match.seats[seat].is_human:
            if self.viewers.needs_screen(seat):
                forced = self._forced_last_card()
                if forced is not None:
                    # Said, once a round: the last trick playing itself surprised
                    # a family (nc88).
                    if self.hud.toast is None or self.hud.toast[0] != self.app.tr("last_forced"):
                        self.hud.show_toast(self.app.tr("last_forced"))
                    self.act(forced)
                else:
                    self._ask_privacy(seat)
            return
        action = self.controller.think(dt, self.animation_speed())
        if action is not None:
            self.act(action)

    def _forced_last_card(self) -> Action | None:
        """The last card of a hand, when it is all the person may do: at a
        shared screen it is played for them, face up as every card played is,
        with no privacy screen before it (a screen to show one card that must
        be played anyway slowed each round's end, cold play nc80)."""
        st = self.match.state
        seat = st.to_act
        if seat is None or st.hands[seat].bit_count() != 1:
            return None
        actions = st.legal_actions()
        return actions[0] if len(actions) == 1 and actions[0].kind == "play" else None

    # ------------------------------------------------------------------ acting
    def human_turn(self) -> bool:
        """The person looking at the screen may act now."""
        return self.controller.human_turn(self.confirmed)

    def my_hand(self) -> list[int]:
        """The cards of the hand shown at the bottom, in their order on screen."""
        return self.board.hands[self.perspective]

    def act(self, action: Action) -> bool:
        """Apply an action for the seat to act; an illegal one shows the reason."""
        st = self.match.state
        seat = st.to_act
        side = st.side_of(seat) if seat is not None else -1
        had_right = seat is not None and not st.lost_right[side]
        try:
            self.controller.act(action)
        except IllegalActionError as e:
            self._toast_until_act(refusal_of(self.app.lang, action, e))
            self.app.resources.play("click")
            return False
        self._forget_hint_action()
        self.hint_card = None
        toast = self.hud.toast
        if toast is not None and toast[0] == self._until_act:  # (answered by this action)
            self.hud.toast = None
        if had_right and self.match.state.lost_right[side] and seat is not None \
                and self.match.seats[seat].is_human:
            self._right_lost.add(seat)
        if self.viewers.turn_over(self.match.to_act):
            # Hidden in this very frame: whoever sits at the screen next must
            # not see the hand while the played card flies or the bots think.
            self.show_viewer(None, RESETTLE / self.animation_speed())
            return True
        self._build_buttons()
        return True

    def _toast_until_act(self, words: str) -> None:
        """Say ``words`` in the toast until the person's next action (or its own time)."""
        self.hud.show_toast(words)
        self._until_act = words

    def no_declaration(self) -> None:
        """A declaration's key with no declaration to make: why, as the rules
        say it (nc85 pressed it holding a pair before any trick was won, and
        nothing happened): no pair in hand, else the engine's refusal of the
        declaration (only right after a trick won, the stock over, the right
        lost...)."""
        if not self.human_turn():
            return
        st = self.match.state
        seat = st.to_act
        assert seat is not None
        hand = st.hands[seat]
        held = pair_suits(hand)
        if not held:
            self.hud.show_toast(self.app.tr(in_variant(self.match.rules.name, "sing_none_held")))
        else:
            suit = held[0]
            sing = SING40 if suit == st.trump else SING20_ACTIONS[suit]
            try:
                st.clone().apply(sing, record=False)
            except IllegalActionError as e:
                self.hud.show_toast(refusal(self.app.lang, e, section=False))
            else:  # pragma: no cover - the engine allows it: its button shows
                return
        self.app.resources.play("click")

    def _play(self, card: int) -> bool:
        if not self.human_turn():
            return False
        hand = self.my_hand()
        if card in hand:
            self.selected = hand.index(card)
        if self._would_forfeit():
            return False
        played = self.act(Action.parse(f"play {card_name(card)}"))
        if played:  # no card of the hand stays raised after it (cold play nc75):
            self.keyboard = False  # the next arrow starts again from an end
        return played

    def _would_forfeit(self) -> bool:
        """A lead that would lose the side's right to declare (§4 use_or_lose: its
        first trick won, a declaration to make) is held back once, and why said:
        nc87 lost his 20 to one click, told only afterwards. The same card
        again leads. Elsewhere the first lead of a round that passes a
        declaration by is held back once too (§4: only right after a trick won;
        nc95's grandson played a card beside "Cantar las 40" and it was gone)."""
        st = self.match.state
        seat = st.to_act
        if seat is None or not st.window or st.trick_cards:
            return False
        sings = [a for a in st.legal_actions() if a.kind is SING]
        side = st.side_of(seat)
        if not sings or st.window_sings or st.lost_right[side]:
            return False
        forfeit = st.rules.use_or_lose and st.tricks_won[side] == 1
        if not forfeit and self._declare_held == len(self.match.rounds):
            return False
        here = self.controller.position()
        if self._forfeit_said == here:
            return False
        self._forfeit_said = here
        self._declare_held = len(self.match.rounds)
        team = ".team" if st.partner_of(seat) >= 0 else ""
        # (until the person acts: nc103 read "Declare first" on after declaring)
        if forfeit:
            self._toast_until_act(self.app.tr("forfeit_warning" + team))
        else:
            rules = self.match.rules
            best = max(sings, key=lambda a: (a.cante is Cante.TUTE, a.cante is Cante.FORTY))
            what = other_text(tr, self.app.lang, best, -1, rules.name)
            self._toast_until_act(self.app.tr(in_variant(rules.name, "declare_first"), what=what))
        self.app.resources.play("click")
        return True

    def undo(self) -> None:
        if self.hot_seat:  # said, not silent (a newcomer pressed U and saw nothing)
            self.hud.show_toast(self.app.tr("undo_shared"))
            return
        before = len(self.match.rounds[-1].actions)
        taken = self.controller.undo()
        if taken is None:
            if self.controller.animating() and self.match.can_undo():
                # (said, not silent: a bar player pressed D while a trick was
                # on show and saw nothing, cold play nc78; and done once the
                # cards settle: nc94's press was said and dropped)
                self._undo_pending = len(self.match.rounds)
                self.hud.show_toast(self.app.tr("undo_wait"))
            elif not self.match.can_undo() and self.match.state.phase is PLAYING:
                # (nothing of the person's this round yet: said, nc84 saw nothing)
                self.hud.show_toast(self.app.tr("undo_none"))
            return
        # Only that move went (a declaration, or a card before anyone answered
        # it): not "and what came after it" (a newcomer undid the 40 at once).
        st = self.match.state
        alone = before - len(self.match.rounds[-1].actions) == 1 and (
            Action.parse(taken).kind is not PLAY or len(st.trick_cards) < st.n - 1)
        order = self.my_hand()[:]
        arranged = self.perspective in self.board.arranged
        self.board = self._new_board()
        if arranged:  # the person's own order; otherwise the card goes back in its place
            self.board.keep_order(self.perspective, order)
            self.board.arranged.add(self.perspective)
        self._retell()
        self._forget_hint_action()
        self.hint_card = None
        # Said, with why the next cards drawn may differ (a newcomer saw the
        # hand go back without a word, and drew another card after it).
        self._toast_until_act(self.app.tr(
            "undone_alone" if alone else "undone",
            action=action_in_sentence(self.app.lang, taken, self.match.rules.name)))
        # The cards the person has not seen were dealt again: none of them may
        # fly from where it was to where it is now.
        self._relayout(RESETTLE / self.animation_speed(),
                       self.match.view(self.perspective).unseen())
        self._build_buttons()

    def hint(self) -> None:
        viewer = self.confirmed
        if not self.human_turn() and self.controller.turn_coming(viewer):
            self._hint_pending = self.controller.position()  # asked once the turn shows
            # (said at once, as when it is asked: nc91 pressed H as the last card
            # of a trick was still moving and saw nothing, and another time
            # "wait until it comes")
            self.hud.show_toast(self.app.tr("hint_thinking"))
            return
        if not self.human_turn() or viewer is None:
            if viewer is not None and self.match.state.outcome is None:
                # (another's turn: said, not silence; a village player pressed P
                # while the bot thought and saw nothing, cold play nc74)
                self.hud.show_toast(self.app.tr("hint_wait"), 3.0)
            return
        # The card the person has raised (pointed at, or chosen with the arrows)
        # is the one they weigh: why not that one is told first (nc86).
        weighed = self._raised()
        compare = f"play {card_name(weighed)}" if weighed is not None \
            and weighed != self.hint_card else None
        self.controller.ask_hint(viewer, self._stepper_bid(), compare)
        # Said at once, until the hint comes (it can take seconds: a newcomer
        # saw nothing after H, pressed Enter, and played a card not meant).
        self.hud.show_toast(self.app.tr("hint_thinking"))

    def _take_hint(self) -> None:
        action = self.controller.take_hint()
        toast = self.hud.toast
        if self.controller.hint is None and action is None and toast is not None \
                and toast[0] == self.app.tr("hint_thinking"):
            self.hud.toast = None  # the hint worked out went with its position
        if action is None or not self.human_turn():
            return
        own = self._stepper_bid() if self.hud.bid_kept else None  # (a bid the person set)
        if action.kind is PLAY and action.card is not None:
            self.hint_card = int(action.card)
            # Raised as the hinted card (``_raised``), and Enter plays it; not
            # chosen with the arrows: once played, no other card of the hand
            # stays raised on the next turn (a newcomer saw one there, unexplained).
            self.selected = self.my_hand().index(self.hint_card)
            self.keyboard = False
            self.hover = None
            words = self.hud.card(str(action.card))
        else:  # Enter does what the hint says: no card stays raised
            if action.bid is not None and own is None:  # the stepper shows the bid hinted
                self.hud.bid_choice = action.bid
                self._build_buttons()
            # (A bid the person set stays, and Enter bids it: the hint rings the
            # control that leads to its own, nc90. A pass hinted takes Enter all
            # the same, as a hinted card does: nc84 and nc93 pressed Enter on a
            # pass hinted over a bid of their own and bid it.)
            self.hint_action = None if own is not None and action.kind is not PASS else action
            # (A pass hinted in the auction: Enter passes, and the buttons say so,
            # "Pass [P · Enter]" beside "Bid 75": a newcomer had read "Bid 75
            # [Enter]" and Enter passed; another, used to Enter doing what a
            # hint says, bid 90 on a pass hinted and failed it, nc84.)
            self.hud.hinted = str(action)
            if action.kind is PASS and self.asked() is Ask.BID:
                self._build_buttons()
            self.keyboard = False
            self.hover = None
            words = self.hud.action_label(action)
        # A card hinted is raised with a gold frame, and Enter plays it: said so
        # (two newcomers did not know what to do with the raised card).
        card = action.kind is PLAY and action.card is not None
        said = self.app.tr("hint_is_card" if card else "hint_is", action=words)
        # (In subastado's auction the reason is the expert's estimate, §12.)
        # Who "you" are, from the round's sides (subastado: the bidder alone, §12).
        seat = self.match.state.to_act
        form = party_of(self.match.state, seat) if seat is not None else None
        r = hint_reason(self.controller.hint_reasons)
        again = r is not None and r.kind == LIKELY_LOST \
            and self._lost_said == len(self.match.rounds)
        if again:  # said once a round in full: after that, short (nc91 read the same
            # "Whatever you play, ... 9 times in 10" on every hint of la vuelta)
            said = self.app.tr("hint_why", hint=said, reason=self.app.tr(
                in_variant(self.match.variant, "hint_likely_lost_again")))
        elif r is not None:
            if r.kind == LIKELY_LOST:
                self._lost_said = len(self.match.rounds)
            # The choice the reason compares the hint with, named (issue 31: a
            # newcomer read "against 2.3 with the Jack of clubs" and did not
            # know why that card; "the third best choice" puzzled the next).
            said = hint_words(self.app.lang, said, r, self.match.variant, form,
                              self.match.rules.exchange is Exchange.DEFERRED)
        elif len(self.match.state.legal_actions()) == 1:  # (said, not left without words)
            said = self.app.tr("hint_only_move", hint=said)
        if seat is not None and (r is None or r.kind not in (*DECIDING, LIKELY_LOST)):
            # Where 101 reached in play ends the game (la vuelta, boricua): what
            # the person lacks, when near, and a declaration that would take
            # the other player there, beside any card (nc73 kept its trumps as
            # hinted, and the bot won the game with the 40 at the next trick).
            seen = view(self.match.state, seat)
            if capote_fails(seen):  # (its button shows: said why the hint is a card,
                # not the capote; a village player read no word of it, cold play nc76)
                said += " " + self.app.tr("hint_no_capote")
            need = own_need(seen)
            if need is not None:
                said += " " + self.app.tr("hint_need", need=need)
            threat = declare_threat(seen)
            if threat is not None:
                said += " " + threat_words(self.app.lang, self.match.variant, threat)
            elif (short := rival_need(seen)) is not None:
                said += " " + self.app.tr("hint_rival_need", need=short)
            last = last_draw(self.match.state)
            if action.kind is SWAP and action.card is not None \
                    and self.match.rules.exchange is Exchange.IMMEDIATE:
                last = int(action.card) if last >= 0 else last  # (the card face up
                # once the hinted exchange is made: "the other takes the 3 of cups"
                # read wrong beside "Exchange the 7 of cups", nc99)
            if last >= 0:  # the hint hides the rule line, which says it (nc76 read
                # no word of who takes the face-up card on the stock's last trick)
                said += " " + self.app.tr("hint_last_draw", faceup=action_in_sentence(
                    self.app.lang, f"play {CARDS[last]}", article=True))
        if own is not None and action != BID_ACTIONS[own]:
            said += " " + self.app.tr(
                "hint_pass_kept" if action.kind is PASS else "hint_bid_kept", bid=own,
                hinted=action.bid, step="−" if (action.bid or 0) < own else "+")
        self._hint_said = (self.confirmed, said)
        self._hint_shown_at = self._hint_position()
        self.hud.show_toast(said, HINT_SECONDS)

    def _stepper_bid(self) -> int | None:
        """The bid the auction's stepper shows the person now (§12); None when
        they are not asked to bid."""
        return self.hud.chosen_bid(self.match.state) if self.asked() is Ask.BID else None

    def _hint_position(self) -> tuple[tuple[int, int, int], int | None]:
        """What a hint on show is for: the match's position and the bid the
        stepper shows (a newcomer moved it up and still read of the lowest bid)."""
        return self.controller.position(), self._stepper_bid()

    def _drop_stale_hint(self) -> None:
        """A hint is for the position it was asked in: once a card is played
        (by anyone), a trick taken, a declaration or any other action made, a
        play undone, or the auction's stepper moved, its words, its raised
        card and what Enter would do go (a newcomer read "Hint: 4 of swords"
        above the next trick's "Declare 20 in coins", issue 31)."""
        if self._hint_shown_at is None or self._hint_shown_at == self._hint_position():
            return
        self._hint_shown_at = None
        toast = self.hud.toast
        if self._hint_said is not None and toast is not None and toast[0] == self._hint_said[1]:
            self.hud.toast = None
        self._forget_hint_action()
        self.hint_card = None

    def _forget_hint_action(self) -> None:
        self.hint_action = None
        self.hud.hinted = ""

    def _save_to_slot(self, match: Match) -> None:
        self.app.save_slot.save(match.to_json())

    def _save_failed(self, e: Exception) -> None:
        self.hud.show_toast(self.app.tr("autosave_failed", error=str(e)), 3.0)

    def to_title(self) -> None:
        """Leave the table for the title screen (the match stays saved)."""
        self.controller.autosave()
        self.app.nav.reset("title")

    def open_menu(self) -> None:
        """The in-game menu over the table, which pauses under it."""
        self.app.nav.push("pause", table=self)

    def show_rules(self) -> None:
        self.app.nav.push("rules", variant=self.match.variant, options=self.match.options)

    def toggle_chronicle(self) -> None:
        self.hud.show_chronicle = not self.hud.show_chronicle
        self.hud.chronicle_back = 0
        self.hud.chronicle_lines = self.chronicle.lines(self.app.lang)

    def toggle_last(self) -> None:
        if self._trick_shown() is not None and not self.hud.show_last:
            # (the panel showed the trick before it, titled the last: cold play nc81)
            self.hud.show_toast(self.app.tr("last_on_table"))
            return
        if not self.board.last_trick and not self.hud.show_last:  # (said: nc83 saw nothing)
            self.hud.show_toast(self.app.tr("last_none"))
            return
        self.hud.show_last = not self.hud.show_last and bool(self.board.last_trick)
        # over cards on the table: a look, which closes by itself
        self.hud.last_left = LAST_PEEK_SECONDS if self.hud.show_last and self.board.trick \
            else None

    def _build_buttons(self) -> None:
        seen = self._seen()
        self.hud.build_buttons(
            seen, self._act_button, self.match.can_undo(), self.undo, self.hint,
            self.toggle_last, self.show_rules, self.open_menu, self.spectate, self.hot_seat,
            self.toggle_chronicle, self.step_bid)
        # What the person may do now, and why (only for the hand shown face up).
        adv = advice(self.match.state, seen.viewer) \
            if seen.my_turn and seen.viewer is not None else None
        if adv is not None and not self._seven_now(adv):
            adv = replace(adv, seven_stays=False)
        self.hud.rule_line = line(tr, self.app.lang, adv) if adv is not None else ""
        if adv is not None and seen.viewer is not None:
            self._tell_compulsory_exchange(seen.viewer)
        if seen.viewer in self._right_lost and (adv is not None or not self.hot_seat):
            self._tell_right_lost(seen.viewer)

    def _tell_right_lost(self, seat: int) -> None:
        """§4 use_or_lose: the person led with nothing declared after their
        side's first won trick, holding what they could have declared; the
        button went and nothing said why (cold play nc81: "he lost his 20
        without being told"). Said to them once: at once when they play alone,
        at their next turn at a shared screen (their hand is private)."""
        self._right_lost.discard(seat)
        team = ".team" if self.match.state.partner_of(seat) >= 0 else ""
        self.hud.show_toast(self.app.tr("right_lost" + team))

    def _tell_compulsory_exchange(self, seat: int) -> None:
        """tres (§8): the exchange of the trump 7 (and the 2) with the face-up
        card is compulsory and made by the game at the deal; at the person's
        first turn of the round a word says what it did with their hand (a
        grandmother at a shared screen missed its banner behind the privacy
        screen and found the face-up card changed, cold play nc79). Once."""
        st = self.match.state
        moment = (len(self.match.rounds), seat)
        if st.rules.exchange is not Exchange.COMPULSORY or moment in self._exchange_told:
            return
        swaps = [r for r in st.history if type(r) is SwapRecord and r.seat == seat]
        self._exchange_told.add(moment)
        if swaps:
            lang = self.app.lang
            said = " ".join(self.app.tr(
                "exchanged_for_you", gave=card_in_sentence(lang, str(CARDS[r.gave])),
                took=action_in_sentence(lang, f"play {CARDS[r.took]}", st.rules.name,
                                        article=True)) for r in swaps)
            self.hud.show_toast(said + " " + self.app.tr("exchanged_compulsory"))

    def _seven_now(self, adv: Advice) -> bool:
        """Whether the rule line says why the 7 is offered no exchange
        (``adv.seven_stays``): at the first turn of the round where it
        applies, and again at that same turn (a layout, a language changed),
        not at the later ones (a club player read it at every lead, cold
        play nc76)."""
        moment = (len(self.match.rounds), self.match.state.tricks_played)
        if adv.seven_stays and (self._seven_at is None or self._seven_at[0] != moment[0]):
            self._seven_at = moment
        return self._seven_at == moment

    def _act_button(self, action: Action) -> None:
        if action.kind is CLAIM and not self._claim_meant():
            return
        self.act(action)

    def _claim_meant(self) -> bool:
        """A claim of 101 the totals show false loses the game at once (§10.1):
        the first press says so and claims nothing; a second press in the same
        position claims (a strong player found the button, beside the
        declarations, a trap at 67 points). The totals are public: nothing
        hidden is told."""
        st = self.match.state
        seat = st.to_act
        if seat is None or st.claim_is_true(seat):
            return True
        at = self.controller.position()
        if self._claim_warned == at:
            return True
        self._claim_warned = at
        self.hud.show_toast(self.app.tr(
            "claim_false_warning", total=st.round_total(st.side_of(seat))), 8.0)
        return False

    def asked(self) -> Ask:
        """What the person is asked now, when it is their turn (subastado: a bid
        or the trump, §12); ``Ask.NONE`` otherwise."""
        return self.match.state.ask if self.human_turn() else Ask.NONE

    def step_bid(self, steps: int) -> None:
        """Move the bid the stepper shows by ``steps`` bids of 5 (§12), inside
        the bids allowed now."""
        st = self.match.state
        choice = self.hud.chosen_bid(st)
        if self.asked() is not Ask.BID or choice is None:
            return
        allowed = self.hud.allowed_bids(st)
        self.hud.bid_choice = min(max(choice + steps * allowed.step, allowed[0]), allowed[-1])
        self._forget_hint_action()
        if self.hud.bid_choice != choice:  # a hint is for the bid shown: its words go
            self.hud.bid_kept = True  # (the person's own: a hint leaves it)
            self.controller.drop_hint()  # (and one being worked out was asked at another)
            self._drop_stale_hint()
        self._build_buttons()

    def _auction_key(self, intent: I.Intent) -> bool:
        """The auction's keys (§12): the arrows, − and + move the bid (up and
        down by 25), Enter bids it (``_confirm``), P passes (its button's key);
        naming trump, 1 to 4 name a suit. True when the key was the auction's."""
        asked = self.asked()
        kind = intent.kind
        if asked is Ask.BID:
            steps = auction_steps(kind, intent.char)
            if steps is not None:
                self.step_bid(steps)
                return True
            return kind == I.NUMBER  # (a digit would play a card: there is none to play)
        if asked is Ask.TRUMP and kind == I.NUMBER:
            self.hud.actions.key(str(intent.value))
            return True
        return False

    def _seen(self) -> Seen:
        move = self.controller.move_on_show()
        return Seen(self.match.state, self.board, self.perspective, self.confirmed,
                    self.human_turn(), self.controller.thinking(),
                    move.event if move is not None and isinstance(move.event, Move) else None,
                    self.controller.animating(), self.viewers.waiting_for is not None,
                    self.controller.shown_scores())

    # ------------------------------------------------------------------ hot-seat
    def show_viewer(self, seat: int | None, duration: float = 0.0) -> None:
        """Show ``seat``'s hand face up at the bottom (None: hide every hand).
        Whatever belonged to the previous viewer (hint, toast, selection, the
        last-trick view) goes with them."""
        self.viewers.show(seat)
        self._forget_hint_action()
        self.hint_card = None
        self.controller.drop_hint()
        self.hud.toast = None
        self.hud.show_last = False
        self.selected = 0
        self.pressed_card = None
        self.drag = None
        self._relayout(duration)
        self._build_buttons()

    def _ask_privacy(self, seat: int) -> None:
        """Another person's turn: hide every hand before anything else is drawn,
        and wait until that person says they are looking."""
        self.show_viewer(None)
        self.viewers.waiting_for = seat
        self.app.nav.push("privacy", table=self, seat=seat)

    def ask_privacy_again(self) -> None:
        """People sharing the screen: the person looking (if any) says so again
        before their hand shows (after the menu, which covers the table)."""
        seat = self.confirmed
        if seat is not None:
            self._ask_privacy(seat)

    def privacy_confirmed(self) -> None:
        """The privacy screen was dismissed by the person it waited for."""
        seat = self.viewers.confirmed()
        if seat is not None and self.match.to_act == seat:
            self.show_viewer(seat, RESETTLE / self.animation_speed())

    # ------------------------------------------------------------------ after a round
    def continue_after_round(self) -> None:
        """Called by the summary: deal the next round, or end the match (the
        end-of-match screen, or the tournament's own ending)."""
        self.app.round_finished()
        if self.controller.match_over():
            if self.on_match_over is not None:
                self.on_match_over(self.match)
                return
            if self.autosave:
                self.app.save_slot.delete()
            rules = self.match.rules
            names = [self.name(s) for s in range(rules.players)] if rules.totals_by_seat \
                else [self.side_name(s) for s in range(rules.sides)]  # (subastado: per seat)
            self.app.nav.reset("match_end", match=self.match, names=names)
            return
        self.controller.next_round()

    # ------------------------------------------------------------------ input
    def handle(self, intent: I.Intent) -> None:
        kind = intent.kind
        hud = self.hud
        if self._auction_key(intent):
            return
        if kind == I.POINTER:
            hud.actions.pointer(intent.pos)
            hud.tools.pointer(intent.pos)
            hud.pointer = intent.pos
            self.keyboard = False
            self.hover = self.card_under(intent.pos) if self.drag is None else None
            if self.hover is not None:  # the person points at a card: Enter plays it
                self._forget_hint_action()
            if self.drag is not None:
                card, ox, oy = self.drag
                sprite = self.cards.sprites[card]
                sprite.tween = None
                sprite.x, sprite.y = intent.pos[0] - ox, intent.pos[1] - oy
            elif self.pressed_card is not None:
                sprite = self.cards.sprites[self.pressed_card]
                if abs(intent.pos[0] - sprite.x) + abs(intent.pos[1] - sprite.y) > 0:
                    self.drag = (self.pressed_card, intent.pos[0] - sprite.x,
                                 intent.pos[1] - sprite.y)
            return
        if kind == I.PRESS:
            if hud.actions.press(intent.pos) or hud.tools.press(intent.pos):
                return
            # A press closes the last trick's panel; on a card of the hand it
            # takes the card too (a casino player's first click on her card
            # only closed the panel, and she thought it lost, cold play nc104).
            shown, hud.show_last = hud.show_last, False
            under = self.card_under(intent.pos)
            if shown and under is None:
                return
            if under is not None and self.human_turn():
                self.pressed_card = under
            return
        if kind == I.RELEASE:
            if hud.actions.release(intent.pos) or hud.tools.release(intent.pos):
                return
            pressed, self.pressed_card = self.pressed_card, None
            drag, self.drag = self.drag, None
            if pressed is None:
                return
            if drag is not None and intent.pos[1] > self.geo.height - self.geo.card_h * 1.2:
                self._rearrange(pressed, intent.pos[0])  # dropped back on the hand
                return
            if not self._play(pressed):
                self._relayout(0.2)
            return
        if kind == I.KEY:
            if hud.actions.key(intent.char) or hud.tools.key(intent.char):
                return
            if intent.char == self.app.tr("key.mute"):
                hud.show_toast(toggle_mute(self.app))
            elif intent.char == self.app.tr("key.undo"):
                # (no Undo button with people sharing the screen, or its button
                # off while a move is drawn or with nothing to undo: said why)
                self.undo()
            elif intent.char == self.app.tr("key.hint"):
                self.hint()  # (its button is off while the turn is being drawn)
            elif intent.char == self.app.tr("key.last_trick"):
                self.toggle_last()  # (its button off: none yet, or one on show; said why)
            elif intent.char in hud.sing_letters():
                self.no_declaration()
            return
        if kind == I.TEXT:  # "?" comes as typed text (Shift and a key that varies)
            if intent.char == "?":
                hud.explain_next()
            return
        if kind == I.UNDO:
            self.undo()
        elif kind == I.SCROLL and hud.show_chronicle:
            hud.scroll_chronicle(intent.value)
        elif kind in (I.UP, I.DOWN) and hud.show_chronicle:
            hud.scroll_chronicle(1 if kind == I.UP else -1)
        elif kind == I.BACK:  # Esc closes what is open over the table first
            # (the chronicle too: Esc there opened the menu, a player found)
            if hud.show_last or hud.show_chronicle or hud.explaining is not None:
                hud.show_last = hud.show_chronicle = False
                hud.explaining = None  # (the "?" box too, nc87)
            else:
                self.open_menu()
        elif kind == I.HELP:
            self.show_rules()
        elif kind in (I.LEFT, I.RIGHT):
            self._select(1 if kind == I.RIGHT else -1)
        elif kind == I.CONFIRM:
            self._confirm()
        elif kind == I.NUMBER:
            hand = self.my_hand()
            # 1 to 9, and 0 for the tenth card (hands of ten: pairs, cuatro)
            k = intent.value or 10
            if k <= len(hand) and self.human_turn():
                self.selected = k - 1
                self._play(hand[k - 1])

    def _rearrange(self, card: int, x: float) -> None:
        """The person dropped ``card`` back on their hand at ``x``: it takes its
        place there (their own order is kept for the rest of the round)."""
        hand = self.my_hand()
        others = [c for c in hand if c != card]
        index = sum(1 for c in others if self.cards.sprites[c].x < x)
        self.board.move_card(self.perspective, card, index)
        self._relayout(0.2)

    def _raised(self) -> int | None:
        """The card of the hand raised as the one to play: chosen with the arrows,
        or under the pointer, or else the hinted one."""
        legal = self.match.state.legal_play_mask() if self.human_turn() else 0
        card = self._pointed()
        if (card is None or not legal >> card & 1) and not self.keyboard:
            # (the pointer on a card that may not be played raises nothing: the
            # hinted card stays raised, and Enter plays it, as a newcomer expected)
            card = self.hint_card
        return card if card is not None and legal >> card & 1 else None

    def card_under(self, pos: tuple[int, int]) -> int | None:
        """The card of the hand at the bottom painted topmost at ``pos``, as
        this frame draws it (``describe.card_under``)."""
        return card_under(self.describe(), set(self.my_hand()), pos)

    def _pointed(self) -> int | None:
        """The card of the hand chosen with the arrows, or else under the pointer."""
        hand = self.my_hand()
        if self.keyboard:
            return hand[min(self.selected, len(hand) - 1)] if hand else None
        return self.hover

    def _confirm(self) -> None:
        """Enter does what a hint that is not a card says (``hint_action``); else
        it plays the card raised; with none raised, it plays the only legal
        card, else raises the first card that may be played (a second Enter
        plays it)."""
        if not self.human_turn() or not self.my_hand():
            return
        if self.controller.hint is not None:  # a hint is being worked out: Enter waits
            # for it (a newcomer pressed Enter on "Hint: thinking…" and played the
            # card under the pointer, not knowing which, cold play nc79)
            return
        hinted = self.hint_action
        if hinted is not None and hinted in self.match.state.legal_actions():
            self.act(hinted)
            return
        if self.asked() is Ask.BID:  # Enter bids what the stepper shows (§12)
            choice = self.hud.chosen_bid(self.match.state)
            if choice is None:
                return
            if not self.hud.bid_kept and not self.bid_armed:
                # A bid nobody chose (the lowest allowed, as the turn came):
                # a first Enter says what a second does, as a first Enter only
                # raises a card (nc108 pressed Enter out of habit, to close the
                # chronicle, and was bound to 65, lost at −65).
                self.bid_armed = True
                self.hud.show_toast(self.app.tr("enter_bid_again", bid=choice))
                return
            self.act(BID_ACTIONS[choice])
            return
        if self.asked() is Ask.TRUMP:  # a suit is named by its button or key
            return
        card = self._raised()
        if card is None:
            only = self.match.state.legal_actions()
            if any(a.kind is SING for a in only):
                # A declaration to make: Enter raises no card to lead (two Enters out
                # of habit led the lowest and lost the 40, and with it the right
                # to declare: cold play nc83); its button, or a card chosen, does.
                self.hud.show_toast(self.app.tr("enter_sing_pending"))
                return
            if len(only) == 1 and only[0].card is not None:
                # The one card the rules allow (the last of the hand, or the
                # only one that follows): played at once. A first Enter that
                # only raised the last card read as a key that did nothing
                # (cold play nc73).
                self._play(int(only[0].card))
                return
            self.selected = len(self.my_hand()) - 1
            self._select(1)
            return
        self._play(card)

    def _select(self, step: int) -> None:
        """The arrows: the next card of the hand, skipping those that may not be
        played now; the first press moves on from the card already raised (the
        hinted one: a player's first arrow after a hint seemed to do nothing,
        cold play nc75), or starts from an end of the hand."""
        hand = self.my_hand()
        if not hand:
            return
        self._forget_hint_action()  # the person chooses a card: Enter plays it
        legal = self.match.state.legal_play_mask() if self.human_turn() else -1
        if not self.keyboard:
            start = self._raised()
            self.selected = hand.index(start) if start in hand else (
                len(hand) - 1 if step > 0 else 0)
        self.keyboard = True
        i = min(self.selected, len(hand) - 1)
        for _ in range(len(hand)):
            i = (i + step) % len(hand)
            if legal >> hand[i] & 1:
                break
        self.selected = i
        self.hint_card = None  # (its gold frame read as a second card chosen, nc94:
        # Enter plays the chosen one; the hint's words stay until they fade)

    # ------------------------------------------------------------------ drawing
    def describe(self) -> TableDescription:
        """What the table shows now: its cards where their animations have them,
        hidden cards as backs, the HUD (see ``describe``). Changes nothing."""
        seen = self._seen()
        # In subastado's auction (§12) no card is played: the hand is for
        # reading, not dimmed (a newcomer took all of it greyed for a fault).
        bidding = self.asked() in (Ask.BID, Ask.TRUMP)
        legal = self.match.state.legal_play_mask() if seen.my_turn and not bidding else None
        lifted, outlined = self.marks(legal)
        hud = self.hud.describe(seen)
        geo = self.geo
        settings = self.app.settings
        # A card of the trick is named once it lies there, not on its way.
        trick = dict(self.board.trick)
        flying = self.cards.flying(list(trick.values()))
        return TableDescription(
            (geo.width, geo.height), (geo.card_w, geo.card_h), settings.card_back,
            felt_for(geo, settings.table_rgb),
            self.cards.spots(self.my_hand(), lifted, legal, outlined, self._winner_in_place(),
                             lifted if self.keyboard else frozenset()),
            hud.plates,
            hud.labels, hud.panels, hud.trump, hud.buttons, hud.overlays, hud.before_play,
            tuple(t for t in hud.trick_tags if trick.get(t.seat) not in flying))

    def draw(self, canvas: Canvas) -> None:
        textures = getattr(canvas, "textures", None)
        before = textures.made if textures is not None else -1
        paint_table(canvas, self.describe(), self.app)
        self._prepare_a_card(canvas, before)

    def marks(self, legal: int | None) -> tuple[frozenset[int],
                                                dict[int, tuple[int, int, int]]]:
        """The cards of the hand raised now (the one pointed at or chosen with
        the arrows, if it may be played; else the hinted one), and the cards
        outlined (the hint; a complete trick's winning card). ``legal``: the
        cards the person may play, None when it is not their turn."""
        lifted: set[int] = set()
        outlined: dict[int, tuple[int, int, int]] = {}
        if legal is not None and self.drag is None:
            pointed = self._pointed()
            chosen = pointed if pointed is not None and legal >> pointed & 1 else None
            if chosen is not None:
                lifted.add(chosen)  # an illegal card never rises
            if self.hint_card is not None:
                outlined[self.hint_card] = GOLD
                if chosen is None:  # (another card chosen: it alone rises, the one
                    # Enter plays; a player's chosen card hid behind the raised
                    # hinted one, cold play nc74)
                    lifted.add(self.hint_card)
        winner = self._trick_winner()
        if winner is not None:
            outlined[winner] = GOLD
        return frozenset(lifted), outlined

    def _trick_shown(self) -> TrickWon | None:
        """A complete trick still on the table (its hold before it is gathered)."""
        step = self.controller.current
        if step is None or step.kind != "trick" or step.started:
            return None
        assert isinstance(step.event, TrickWon)
        return step.event

    def _callout(self) -> str | None:
        """Who takes the trick on the table, and how many points it is worth (said
        once per trick and language: it is asked for every frame of the hold)."""
        ev = self._trick_shown()
        if ev is None:
            return None
        lang, said = self.app.lang, self._callout_said
        if said is None or said[0] is not ev or said[1] != lang:
            text = callout_text(lang, ev, self.hud.names)
            st = self.match.state
            if st.outcome is not None and st.outcome.reason is EndReason.REACHED_101 \
                    and [int(c) for c in ev.cards] == list(st.last_cards) \
                    and st.side_of(ev.winner) == st.outcome.winner:
                # The trick that reached 101 and ended the game: said on it (a
                # village player saw "+11" and then the summary, cold play nc74);
                # only where its taker is the one who won (the round's last
                # trick, taken by the other: "Bot takes it: +13 ... 101!" read
                # as the bot's 101 beside his own 108, nc105).
                text = self.app.tr("callout_101", callout=text)
            said = self._callout_said = (ev, lang, text)
        return said[2]

    def regions(self) -> dict[str, pygame.Rect]:
        """Where the table's labels, plates, piles, hands and buttons lie now."""
        return self.hud.regions(self._seen())

    def _winner_in_place(self) -> frozenset[int]:
        """With four, a trick's winning card keeps the trick's order (the
        person's card over the top one's): drawn over everything it covered
        the person's card when the partner opposite won (a newcomer's report).
        With two and three it is drawn last, whole."""
        winner = self._trick_winner()
        if winner is None or self.match.rules.players != 4:
            return frozenset()
        return frozenset({winner})

    def _trick_winner(self) -> int | None:
        """The winning card of a complete trick still on the table."""
        ev = self._trick_shown()
        return None if ev is None else int(ev.cards[ev.seats.index(ev.winner)])


class WordsOnly(Canvas):
    """A canvas that paints nothing and only renders the words it is given, at
    their pixel size (a rehearsal: ``Text.rehearse``)."""

    def __init__(self, ratio: float, size: tuple[int, int]) -> None:
        super().__init__(None, ratio, size, None)  # type: ignore[arg-type]

    def clear(self, color: object) -> None:
        return None

    def fill(self, *args: object, **kw: object) -> None:
        return None

    def rect(self, *args: object, **kw: object) -> None:
        return None

    def _shape(self, *args: object, **kw: object) -> None:
        return None

    def picture(self, *args: object, **kw: object) -> None:
        return None

    def surface(self, *args: object, **kw: object) -> None:
        return None

    def text(self, fonts, words, size, pos, color=(245, 240, 225), anchor="topleft",  # type: ignore[no-untyped-def]
             bold=False):
        rendered = fonts.render(words, max(1, round(size * self.ratio)), tuple(color), bold)
        rect = pygame.Rect(0, 0, round(rendered.get_width() / self.ratio),
                           round(rendered.get_height() / self.ratio))
        setattr(rect, anchor, (int(pos[0]), int(pos[1])))
        return rect

    @contextmanager
    def clipped(self, rect: object) -> Iterator[None]:
        yield
