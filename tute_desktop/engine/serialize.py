"""JSON forms of the referee state and of a seat's view (PROTOCOL "State";
every field is described in docs/protocol.md)."""

from __future__ import annotations

from typing import Any

from .actions import MAX_BID
from .cards import SUITS, card_name, cards_of
from .events import Ask, Cante
from .rules import Scoring
from .state import MATCH_OVER, PLAYING, State
from .view import View


def _cards(mask: int) -> list[str]:
    return [str(c) for c in cards_of(mask)]


def _declarations(st: State) -> list[dict[str, Any]]:
    out = []
    for d in st.declarations:
        entry: dict[str, Any] = {"seat": d.seat, "kind": str(d.kind), "points": d.points}
        if d.kind is Cante.TUTE:
            entry["rank"] = d.rank
        else:
            entry["suit"] = SUITS[d.suit or 0]
        out.append(entry)
    return out


def _auction(st: State) -> dict[str, Any]:
    """subastado's auction (PROTOCOL 1.2 ``auction``): every bid and pass in
    order (a pass: bid null), the high bidder and bid (the contract once trump
    is named); ``trump`` (the suit named) and ``lowest_bid`` (while bids are asked
for; null once 230 is bid) are this engine's."""
    a = st.auction
    assert a is not None
    lowest = a.lowest_bid(st.rules)
    return {
        "bids": [{"seat": seat, "bid": bid} for seat, bid in a.bids],
        "bidder": a.bidder if a.bidder >= 0 else None,
        "bid": a.bid or None,
        "trump": SUITS[a.trump] if a.trump >= 0 else None,
        "lowest_bid": lowest if st.ask is Ask.BID and lowest <= MAX_BID else None,
    }


def _public(st: State) -> dict[str, Any]:
    """Fields every seat may see."""
    playing = st.phase is PLAYING
    totals = st.match_totals()
    d: dict[str, Any] = {
        "variant": st.rules.name,
        "options": st.rules.options(),
        "phase": str(st.protocol_phase),
        "round": st.round_no,
        "dealer": st.dealer,
        "to_act": st.to_act,
        "trump_suit": SUITS[st.trump] if st.trump >= 0 else None,
        "trump_card": card_name(st.faceup) if st.faceup >= 0 else None,
        "stock_count": st.stock_count,
        "trick": [{"seat": s, "card": card_name(c)}
                  for s, c in zip(st.trick_seats, st.trick_cards, strict=True)],
        "last_trick": [{"seat": s, "card": card_name(c)} for s, c in st.last_trick],
        "leader": st.leader,
        "sides": st.rules.sides if st.auction is None or st.auction.trump >= 0 else None,
        "round_points": st.points[:],
        "tricks_won": st.tricks_won[:],
        "won_cards": [_cards(m) for m in st.collected],
        "declarations": _declarations(st),
        "totals": totals,
        "round_winner": None if playing else st.round_winner,
        "winner": st.winner if st.phase is MATCH_OVER else None,
        "reason": str(st.reason) if st.reason is not None else None,
        "capote": st.capote_seat if st.capote_seat >= 0 else None,
        "hand_sizes": [h.bit_count() for h in st.hands],
    }
    if st.rules.scoring is Scoring.GAMES_101:
        d["deal_in_game"] = st.deal_no
        d["game_points"] = [st.round_total(s) for s in range(2)]
    if st.rules.scoring is Scoring.RUNNING_101:
        forms = [st.rules.malas_buenas(t) for t in totals]
        d["buenas"] = [buenas for _, buenas in forms]
        d["malas"] = [malas for malas, _ in forms]
    if st.auction is not None:
        d["auction"] = _auction(st)
    if st.pending_card >= 0:
        d["pending_exchange"] = {"seat": st.pending_seat, "card": card_name(st.pending_card)}
    if st.dead_card >= 0:
        d["dead_card"] = card_name(st.dead_card)
    if playing and st.ask:
        d["asking"] = st.ask.protocol_name
    if not playing and st.outcome is not None:
        d["outcome"] = st.outcome.to_json()
    return d


def state_json(st: State) -> dict[str, Any]:
    """The referee view: everything (PROTOCOL "State")."""
    d = _public(st)
    d["hands"] = [_cards(h) for h in st.hands]
    d["stock"] = [card_name(c) for c in reversed(st.stock)]
    if st.faceup >= 0:
        d["stock"].append(card_name(st.faceup))
    d["lost_right"] = st.lost_right[:]
    return d


def view_json(v: View) -> dict[str, Any]:
    """Only what ``v.seat`` may know."""
    st = v.state
    d = _public(st)
    d["seat"] = v.seat
    d["hand_sizes"] = v.hand_sizes[:]
    d["hand"] = _cards(v.hand)
    d["known_cards"] = [_cards(m) if s != v.seat else [] for s, m in enumerate(v.known)]
    d["excluded"] = [_cards(v.excluded(s)) if s != v.seat else [] for s in range(st.n)]
    d["lost_right"] = st.lost_right[:]
    if st.to_act == v.seat:
        d["legal"] = [str(a) for a in st.legal_actions()]
    return d
