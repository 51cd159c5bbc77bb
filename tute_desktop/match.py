"""A match as the game window plays it: who sits where (people or bots), the
engine state, and the log of deals and actions that saves, undo and replays use.

No pygame here: the window drives a ``Match`` and animates the events it returns.
A save is the match's recipe, not a snapshot: the deal of every round and every
action taken, replayed through the engine on load, so a save can never hold a
position the rules could not reach.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .engine import Action, Deal, State, deal_cards, find_variant, parse_deal, view
from .engine.events import Dealt, Event
from .engine.state import MATCH_OVER
from .engine.view import View

SAVE_SCHEMA = 1


@dataclass(frozen=True)
class Seat:
    """A place at the table: a person (``level`` None) or a bot of a level."""

    name: str
    level: str | None = None

    @property
    def is_human(self) -> bool:
        return self.level is None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "level": self.level}

    @staticmethod
    def from_json(d: Any) -> Seat:
        if not isinstance(d, dict) or not isinstance(d.get("name"), str):
            raise ValueError("a seat needs a name")
        level = d.get("level")
        if level is not None and not isinstance(level, str):
            raise ValueError("a bot level is a string")
        return Seat(d["name"], level)


@dataclass
class RoundLog:
    deal: Deal
    actions: list[tuple[int, str]] = field(default_factory=list)


class Match:
    """One match: engine state plus the log that rebuilds it."""

    state: State
    rounds: list[RoundLog]

    def __init__(
        self,
        variant: str,
        seats: list[Seat],
        *,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        rounds: list[RoundLog] | None = None,
    ) -> None:
        """A new match, or, given ``rounds`` (from a save), that match replayed."""
        self.variant = variant
        self.options = dict(options or {})
        self.rules = find_variant(variant, self.options)
        if len(seats) != self.rules.players:
            raise ValueError(f"{variant} is played by {self.rules.players}, not {len(seats)}")
        self.seats = list(seats)
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)
        self.first_events: list[Event] = []
        if rounds:
            self.rounds = rounds
            self._replay()
            self.first_events = [Dealt(self.state.dealer, rounds[-1].deal.trump,
                                       self.state.round_no)]
            return
        rng = random.Random(self.seed)
        first = deal_cards(self.rules, rng.randrange(self.rules.players), rng)
        self.rounds = [RoundLog(first)]
        self.state = State.new(self.rules, deal=first, events=self.first_events)

    # -- queries
    @property
    def to_act(self) -> int | None:
        return self.state.to_act

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def is_human_turn(self) -> bool:
        seat = self.state.to_act
        return seat is not None and self.seats[seat].is_human

    def view(self, seat: int) -> View:
        return view(self.state, seat)

    def bot_rng(self) -> random.Random:
        """The generator for the next bot decision: fixed by the seed and the
        position in the log, so a replayed match makes the same choices."""
        return random.Random(f"{self.seed}/{len(self.rounds)}/{len(self.rounds[-1].actions)}")

    # -- acting
    def apply(self, action: Action) -> list[Event]:
        """Apply for the seat to act (raises IllegalActionError, state unchanged)."""
        seat = self.state.to_act
        events = self.state.apply(action)
        assert seat is not None
        self.rounds[-1].actions.append((seat, str(action)))
        return events

    def next_round(self) -> list[Event]:
        rng = random.Random(f"{self.seed}/deal/{len(self.rounds)}")
        deal = deal_cards(self.rules, self.state.next_dealer, rng)
        events = self.state.start_next_round(deal=deal)
        self.rounds.append(RoundLog(deal))
        return events

    def can_undo(self) -> bool:
        """Against bots only: a person's play this round can be taken back."""
        humans = self.humans()
        if len(humans) != 1 or self.state.phase is MATCH_OVER:
            return False
        return any(seat in humans for seat, _ in self.rounds[-1].actions)

    def undo(self) -> bool:
        """Take back the person's last action this round and everything after it.
        The deal stays the same, so nothing unseen is revealed."""
        if not self.can_undo():
            return False
        log = self.rounds[-1].actions
        humans = set(self.humans())
        last = max(i for i, (seat, _) in enumerate(log) if seat in humans)
        del log[last:]
        self._replay()
        return True

    def _replay(self) -> None:
        state = State.new(self.rules, deal=self.rounds[0].deal)
        for i, rnd in enumerate(self.rounds):
            if i:
                state.start_next_round(deal=rnd.deal)
            for seat, text in rnd.actions:
                if seat != state.to_act:
                    raise ValueError(f"the log says seat {seat} acted when seat"
                                     f" {state.to_act} was to act")
                state.apply(Action.parse(text))
        self.state = state

    # -- saves
    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "options": self.options,
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "rounds": [
                {"deal": r.deal.to_json(), "actions": [[seat, a] for seat, a in r.actions]}
                for r in self.rounds
            ],
        }

    @classmethod
    def from_json(cls, d: Any) -> Match:
        """Rebuild a saved match; raises ValueError (or an engine error) when the
        save does not describe a reachable match."""
        if not isinstance(d, dict):
            raise ValueError("a saved match is an object")
        seats = [Seat.from_json(s) for s in d.get("seats", [])]
        seed = d.get("seed")
        if not isinstance(seed, int):
            raise ValueError("a saved match needs its seed")
        rounds = d.get("rounds")
        if not isinstance(rounds, list) or not rounds:
            raise ValueError("a saved match needs its rounds")
        rules = find_variant(d.get("variant", ""), d.get("options") or {})
        logs = []
        for r in rounds:
            deal = parse_deal(rules, r.get("deal"))
            actions = [(int(seat), str(text)) for seat, text in r.get("actions", [])]
            logs.append(RoundLog(deal, actions))
        return cls(d.get("variant", ""), seats, options=d.get("options") or {}, seed=seed,
                   rounds=logs)
