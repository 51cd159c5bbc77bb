"""Dealing: a ``Deal`` value (who deals, every hand, the trump card, the stock)
made from an injected random generator, or checked when given explicitly
(PROTOCOL "deal")."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .cards import CARDS, Card, card_name, parse_cards
from .errors import InvalidDealError
from .rules import Rules, TrumpFrom


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one round before play. ``stock`` is face down, top (next drawn)
    first; ``trump`` is the face-up card (2 players: drawn last; ``tres``: the 40th
    card, out of play; ``parejas``, ``cuatro``: a card of the dealer's hand;
    ``subastado``: None, the auction names trump, §12)."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    trump: Card | None
    stock: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "dealer": self.dealer,
            "hands": [[card_name(c) for c in h] for h in self.hands],
        }
        if self.trump is not None:
            out["trump"] = card_name(self.trump)
        if self.stock:
            out["stock"] = [card_name(c) for c in self.stock]
        return out


@dataclass(frozen=True, slots=True)
class Redeal:
    """The cards ``seat`` has not seen dealt again from its view, in the middle of
    a round (an undo against bots, ``Match.undo``; ``view.redeal`` makes one,
    ``view.apply_redeal`` checks and applies it). ``hands``: every hand as it is
    afterwards, each in the order its face-down cards are shown held; ``stock``:
    face down, top (next drawn) first."""

    seat: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "hands": [[card_name(c) for c in h] for h in self.hands],
            "stock": [card_name(c) for c in self.stock],
        }


def parse_redeal(rules: Rules, data: Any) -> Redeal:
    """The shape of a ``Redeal`` read from a file (whether its cards fit the
    position is ``view.apply_redeal``'s check); raises InvalidDealError."""
    if not isinstance(data, dict):
        raise InvalidDealError("redeal must be an object with seat, hands (and stock)")
    n = rules.players
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
        raise InvalidDealError(f"redeal: seat must be a seat number 0..{n - 1}")
    hands_raw = data.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != n:
        raise InvalidDealError(f"redeal: hands must be a list of {n} hands")
    try:
        hands = tuple(tuple(parse_cards(h)) for h in hands_raw)
        stock = tuple(parse_cards(data.get("stock", [])))
    except ValueError as e:
        raise InvalidDealError(f"redeal: {e}") from None
    return Redeal(seat, hands, stock)


def deal_cards(rules: Rules, dealer: int, rng: random.Random) -> Deal:
    """Shuffle with ``rng`` and deal as the variant does (RULES §6, §8, §9, §12, §13)."""
    deck = list(CARDS)
    rng.shuffle(deck)
    # subastado: the same shuffle, the 2s left out (§12).
    deck = [c for c in deck if rules.deck >> c & 1]
    n, k = rules.players, rules.hand_size
    # Deal starting with the seat after the dealer, as at a real table.
    order = [(dealer + 1 + i) % n for i in range(n)]
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i, seat in enumerate(order):
        hands[seat] = sorted(deck[i * k:(i + 1) * k])
    rest = deck[n * k:]
    if rules.trump_from is TrumpFrom.AUCTION:  # no card turned (§12)
        return Deal(dealer, tuple(tuple(h) for h in hands), None)
    if rules.has_stock:
        return Deal(dealer, tuple(tuple(h) for h in hands), rest[-1], tuple(rest[:-1]))
    if rules.trump_from is TrumpFrom.TURNED_CARD:
        return Deal(dealer, tuple(tuple(h) for h in hands), rest[0])
    # The dealer's last card is shown and marks trump (§9, §13).
    trump = deck[order.index(dealer) * k + k - 1]
    return Deal(dealer, tuple(tuple(h) for h in hands), trump)


def parse_deal(rules: Rules, data: Any) -> Deal:
    """Check an explicit deal from the protocol; raises InvalidDealError naming the fault."""
    if not isinstance(data, dict):
        raise InvalidDealError("deal must be an object with dealer, hands, trump (and stock)")
    n, k = rules.players, rules.hand_size
    dealer = data.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise InvalidDealError(f"deal: dealer must be a seat number 0..{n - 1}")
    hands_raw = data.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != n:
        raise InvalidDealError(f"deal: hands must be a list of {n} hands")
    auction = rules.trump_from is TrumpFrom.AUCTION
    trump: Card | None = None
    try:
        hands = [parse_cards(h) for h in hands_raw]
        trump_raw = data.get("trump")
        if auction:
            if trump_raw is not None:
                raise ValueError(f"{rules.name} turns no trump card: the auction names trump")
        elif not isinstance(trump_raw, str):
            raise ValueError("deal: trump must be a card such as '3o'")
        else:
            trump = Card.parse(trump_raw)
        stock = parse_cards(data.get("stock", []))
    except ValueError as e:
        raise InvalidDealError(f"deal: {e}") from None
    for seat, h in enumerate(hands):
        if len(h) != k:
            raise InvalidDealError(f"deal: hand {seat} has {len(h)} cards; {rules.name} deals {k}")
    everything: list[Card] = [c for h in hands for c in h]
    if auction:
        if stock:
            raise InvalidDealError(f"deal: {rules.name} has no stock")
        out = [str(c) for c in everything if not rules.deck >> c & 1]
        if out:
            raise InvalidDealError(
                f"deal: {rules.name} plays without the 2s: {' '.join(out)} not in its deck")
    elif trump is None:  # pragma: no cover - parsed above
        raise InvalidDealError("deal: trump must be a card such as '3o'")
    elif rules.has_stock:
        expected_stock = 40 - n * k - 1
        if len(stock) != expected_stock:
            raise InvalidDealError(
                f"deal: the stock must hold {expected_stock} face-down cards besides the trump"
                f" card, not {len(stock)}"
            )
        everything += [trump, *stock]
    elif rules.trump_from is TrumpFrom.TURNED_CARD:
        if stock:
            raise InvalidDealError(
                f"deal: {rules.name} has no stock; the trump card is the 40th card")
        everything.append(trump)
    else:
        if stock:
            raise InvalidDealError(f"deal: {rules.name} has no stock")
        if trump not in hands[dealer]:
            raise InvalidDealError(
                f"deal: in {rules.name} the trump card must be in the dealer's hand")
    seen: set[int] = set()
    for c in everything:
        if c in seen:
            raise InvalidDealError(f"deal: {c} appears more than once")
        seen.add(c)
    missing = [str(c) for c in CARDS if c not in seen and rules.deck >> c & 1]
    if missing:
        raise InvalidDealError(f"deal: missing cards: {' '.join(missing)}")
    return Deal(dealer, tuple(tuple(sorted(h)) for h in hands), trump, tuple(stock))
