"""Builders for golden positions: explicit deals written with the cards that
matter, the rest filled in a fixed order, and a shorthand to play actions."""

from __future__ import annotations

import random
from typing import Any

from tute_desktop.bots import Budget
from tute_desktop.bots.analysis import round_difference
from tute_desktop.bots.base import Bot
from tute_desktop.engine import CARDS, Action, Card, Deal, State, find_variant, new_game, view
from tute_desktop.engine.events import Event, events_json
from tute_desktop.engine.state import PLAYING


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def _rest(used: list[Card], prefer: str) -> list[Card]:
    """Unused cards, those of the ``prefer`` suits first (in that order), so filled
    hands rarely hold cards of the suits a test is about."""
    taken = set(used)
    order = prefer + "".join(s for s in "oceb" if s not in prefer)
    return [c for s in order for c in CARDS if c not in taken and c.suit_letter == s]


def deal2(
    variant: str,
    hand0: str,
    hand1: str,
    trump: str,
    stock_top: str = "",
    dealer: int = 1,
    options: dict[str, Any] | None = None,
    prefer: str = "be",
) -> State:
    """A 2-player match from the given cards; hands are completed and the stock
    filled, after ``stock_top``, from the unused cards (``prefer`` suits first)."""
    rules = find_variant(variant, options)
    k = rules.hand_size
    h0, h1, top = cards(hand0), cards(hand1), cards(stock_top)
    t = Card.parse(trump)
    rest = _rest(h0 + h1 + top + [t], prefer)
    # Keep the trump 7 and 2 out of filled hands so no exchange is offered unasked.
    swappers = {Card.of(7, t.suit), Card.of(2, t.suit)}
    rest = [c for c in rest if c not in swappers] + [c for c in rest if c in swappers]
    h0 += [rest.pop(0) for _ in range(k - len(h0))]
    h1 += [rest.pop(0) for _ in range(k - len(h1))]
    stock = top + rest
    return new_game(rules, deal=Deal(dealer, (tuple(h0), tuple(h1)), t, tuple(stock)))


def deal_many(
    variant: str,
    hands: list[str],
    trump: str,
    dealer: int = 0,
    options: dict[str, Any] | None = None,
    events: list[dict[str, Any]] | None = None,
    prefer: str = "eb",
    fill_order: list[int] | None = None,
) -> State:
    """A 3- or 4-player match. Every hand but mano's is completed from the unused
    cards of the ``prefer`` suits first; mano (who leads, so whose holding limits
    nothing) takes what is left."""
    rules = find_variant(variant, options)
    k = rules.hand_size
    hs = [cards(h) for h in hands]
    t = Card.parse(trump)
    used = [c for h in hs for c in h] + ([t] if rules.players == 3 else [])
    rest = _rest(used, prefer + t.suit_letter)
    mano = (dealer + 1) % rules.players
    order = fill_order or [s for s in range(rules.players) if s != mano] + [mano]
    for seat in order:
        h = hs[seat]
        while len(h) < k:
            h.append(rest.pop(0))
    if rules.players == 4 and t not in hs[dealer]:
        raise ValueError("parejas: the trump card must be in the dealer's hand")
    raw: list[Event] = []
    st = State.new(rules, deal=Deal(dealer, tuple(tuple(h) for h in hs), t), events=raw)
    if events is not None:
        events.extend(events_json(raw))  # the protocol's form (PROTOCOL "Events")
    return st


def act(state: State, *actions: str) -> list[dict[str, Any]]:
    """Apply actions given as protocol text; returns all events in the
    protocol's form (PROTOCOL "Events")."""
    events: list[dict[str, Any]] = []
    for a in actions:
        events += events_json(state.apply(Action.parse(a)))
    return events


def legal(state: State) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def hand(state: State, seat: int) -> set[str]:
    return {str(c) for c in CARDS if state.hands[seat] >> c & 1}


def play_out(state: State) -> list[dict[str, Any]]:
    """Finish the round with the first legal action each time (declining extras)."""
    events: list[dict[str, Any]] = []
    while state.phase == "play":
        acts = state.legal_actions()
        plays = [a for a in acts if a.kind == "play"]
        choice = plays[0] if plays else next(a for a in acts if a.kind == "pass")
        events += events_json(state.apply(choice))
    return events


def bot_moves(state: State, bot: Bot, iterations: int) -> list[str]:
    """The moves ``bot`` makes from ``state`` to its end at a fixed budget,
    every seat's, the k-th with ``random.Random(k)`` (the recorded-moves
    tests: a refactor must repeat them)."""
    played = []
    k = 0
    while not state.is_terminal():
        seat = state.to_act
        assert seat is not None
        action = bot.choose(view(state, seat), random.Random(k), Budget(iterations=iterations))
        played.append(str(action))
        state.apply(action)
        k += 1
    return played


def minimax(st: State, side: int) -> float:
    """The round-points difference for ``side`` with best play by both, by brute
    force through the engine itself, written apart from the solver (small
    positions only): what the analysis' and the review's exact values must equal."""
    if st.phase is not PLAYING:
        return round_difference(st, side)
    to_act = st.to_act
    assert to_act is not None
    values = []
    for a in st.legal_actions():
        w = st.clone()
        w.apply(a, record=False)
        values.append(minimax(w, side))
    return max(values) if st.side_of(to_act) == side else min(values)


def claimed_in_vuelta(seed: int, true: bool, names: tuple[str, str] = ("Ana", "Bot")
                      ) -> Any:
    """A habanero match with claims by hand (RULES §10.1), played at random
    (seeded, nobody claiming) to la vuelta, where seat 0 claims 101 at its
    first turn that claim would be ``true`` (true or false): the match
    (``game.match.Match``), or None where no vuelta or no such turn came."""
    from tute_desktop.engine.actions import CLAIM, CLAIM_ACTION
    from tute_desktop.engine.events import Next
    from tute_desktop.game.match import Match, Seat

    m = Match("habanero", [Seat(names[0]), Seat(names[1], "random")], seed=seed,
              options={"claim": "manual"})
    rng = random.Random(seed)
    while m.state.outcome is None:
        m.apply(rng.choice([a for a in m.state.legal_actions() if a.kind is not CLAIM]))
    if m.state.outcome.next is not Next.VUELTA:
        return None
    m.next_round()
    while m.state.phase is PLAYING:
        st = m.state
        if st.to_act == 0 and CLAIM_ACTION in st.legal_actions() \
                and st.claim_is_true(0) == true:
            m.apply(CLAIM_ACTION)
            break
        m.apply(rng.choice([a for a in st.legal_actions() if a.kind is not CLAIM]))
    return m if m.rounds[-1].actions[-1] == (0, "claim 101") else None


def vuelta_at_99(seed: int) -> State:
    """The first lead of seat 0 in a la vuelta of habanero (RULES §10.1,
    automatic claims) reached by random play from ``seed`` where, its side put
    on 99, a card of its hand takes 101 whatever the other holds and another
    card does not."""
    from tute_desktop.bots.policy import sure_101
    from tute_desktop.engine.actions import CAPOTE, CLAIM_ACTION, PLAY
    from tute_desktop.game.match import Match, Seat

    m = Match("habanero", [Seat("A"), Seat("B")], seed=seed)
    rng = random.Random(seed)
    while True:
        st = m.state
        if st.phase is not PLAYING:
            m.next_round()
            continue
        if st.carries_points() and st.to_act == 0 and not st.trick_cards:
            w = st.clone()
            w.carry[w.side_of(0)] = 99 - w.points[w.side_of(0)]
            sure = sure_101(w, 0)
            if sure and any(a.kind is PLAY and int(a.card or 0) not in sure
                            for a in w.legal_actions()):
                return w
        legal = st.legal_actions()
        m.apply(rng.choice([a for a in legal if a != CLAIM_ACTION and a.kind is not CAPOTE]
                           or legal))

