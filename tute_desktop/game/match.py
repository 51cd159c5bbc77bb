"""A match as the game window plays it: who sits where (people or bots), the
engine state, and the log of deals and actions that saves, undo and replays use.

No pygame here: the window drives a ``Match`` and animates the events it returns.
A save is the match's recipe, not a snapshot: the deal of every round and every
action taken, replayed through the engine on load, so a save can never hold a
position the rules could not reach. A save is checked against ``SAVED`` field
by field, then replayed as far as it makes sense: the longest valid prefix of
its log is kept (``Match.restore``).

Undo against bots (``Match.undo``) takes back the person's last action and, so
that nothing they saw during the moves taken back (the card they drew, the
bot's reply) tells them anything about the cards they have not seen, deals
those cards again at random from their view (``engine.redeal``). The redeal is
logged with the round (a save replays it), and the bots' generator counts the
undos (``bot_rng``): after an undo they answer afresh; a match without undo is
repeated exactly by its seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Final

from ..bots import LEVELS
from ..engine import (
    Action,
    Deal,
    Redeal,
    State,
    apply_redeal,
    deal_cards,
    find_variant,
    parse_deal,
    parse_redeal,
    redeal,
    view,
)
from ..engine.events import Dealt, Event, Outcome
from ..engine.replay import Step, replay_all
from ..engine.rules import VARIANTS
from ..engine.seeds import SEED_MAX, check_seed
from ..engine.state import MATCH_OVER
from ..engine.view import View
from .names import clean_name
from .schema import (
    SAVE_SCHEMA,
    Anything,
    Count,
    Field,
    Format,
    Int,
    Invalid,
    ListOf,
    Maybe,
    Object,
    OneOf,
    Path,
    Record,
    Report,
    Text,
    Tuple,
    Where,
    required,
)

NAME: Final = Text(clean=clean_name, empty=False)
"""A person's or a bot's name read from a file: cleaned, never empty."""
LEVEL: Final = Maybe(OneOf(*LEVELS))
"""A seat's bot level; null for a person."""
SEAT: Final = Record({"name": required(NAME), "level": required(LEVEL)})


def distinct_names(records: list[dict[str, Any]]) -> bool:
    """No two of these seats (or tournament participants) have one name, whatever
    the case: the rule of New game and the tournament setup, which the
    statistics and the privacy screen count on."""
    names = [r["name"].casefold() for r in records]
    return len(set(names)) == len(names)


SEATS: Final = Where(ListOf(SEAT, bad="fail", min_len=2, max_len=4), distinct_names,
                     "two seats with one name")
"""A match's seats: a bad one, or two with one name, make the save unusable."""
ACTION: Final = Tuple(Int(0, 3), Text(max_len=40))
"""``[seat, "play 1o"]``: checked as the log is replayed, so that a bad one cuts
the log there."""
ROUND: Final = Record({
    "deal": required(Object()),  # the engine checks it (parse_deal)
    "actions": Field(ListOf(Anything()), default=[], strict=True),
    # {"at": k, "seat", "hands", "stock"}: checked as the log is replayed
    "redeals": Field(ListOf(Anything()), default=[], strict=True),
})
REDEAL_AT: Final = Record({"at": required(Count())})
"""After how many actions of its round a redeal was made."""
SAVED: Final = Record({
    "variant": required(OneOf(*VARIANTS)),
    "options": Field(Object(), default={}, strict=True),  # find_variant checks them
    "seed": required(Int(0, SEED_MAX)),
    "seats": required(SEATS),
    "rounds": required(ListOf(ROUND, bad="cut", min_len=1)),
    "undos": Field(Int(0, SEED_MAX), default=0),  # bot_rng's; bounded like seeds
})
"""A saved match (``Match.to_json``). The rules come from the variant and its
options, so a bad one of those, a seat (or two seats with one name) or the first
deal make the save unusable;
a bad round cuts the log there."""


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
        """A seat from a file: raises ValueError (``schema.Invalid``) for a missing
        or empty name, or a level that is not a bot's."""
        clean = SEAT(d)
        return Seat(clean["name"], clean["level"])


@dataclass
class RoundLog:
    deal: Deal
    actions: list[tuple[int, str]] = field(default_factory=list)
    redeals: list[tuple[int, Redeal]] = field(default_factory=list)
    """``(k, redeal)``: after the first ``k`` actions the cards the person had not
    seen were dealt again (an undo); in the order they were made."""

    def steps(self) -> Iterator[tuple[int, str] | Redeal]:
        """The round's log in order: each action ``(seat, text)``, each redeal
        where it was made."""
        redeals = self.redeals
        j = 0
        for i, action in enumerate(self.actions):
            while j < len(redeals) and redeals[j][0] <= i:
                yield redeals[j][1]
                j += 1
            yield action
        for _, r in redeals[j:]:
            yield r

    @property
    def arrival(self) -> Deal | Redeal:
        """Where the cards held now came from: the last redeal, or the deal (the
        order face-down hands are shown in, ``Board.arrive_as``)."""
        return self.redeals[-1][1] if self.redeals else self.deal


class Match:
    """One match: engine state plus the log that rebuilds it."""

    state: State
    rounds: list[RoundLog]
    history: list[Outcome]
    """How each finished deal ended, in order: one entry per round of ``rounds``
    that is over. Derived from the log (the save holds no outcomes), so a
    reloaded match shows the same history."""

    def __init__(
        self,
        variant: str,
        seats: list[Seat],
        *,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        rounds: list[RoundLog] | None = None,
        undos: int = 0,
    ) -> None:
        """A new match, or, given ``rounds`` (from a save), that match replayed;
        ``undos``: how many undos it has had (``bot_rng``). A ``seed`` outside
        0..``SEED_MAX`` raises ``SeedError`` (a ValueError)."""
        self.variant = variant
        self.options = dict(options or {})
        self.rules = find_variant(variant, self.options)
        if len(seats) != self.rules.players:
            raise ValueError(f"{variant} is played by {self.rules.players}, not {len(seats)}")
        self.seats = list(seats)
        self.seed = (check_seed(seed) if seed is not None
                     else random.SystemRandom().randrange(1 << 31))
        self.first_events: list[Event] = []
        self.history = []
        self.undos = undos
        self.resumed = bool(rounds)
        """Rebuilt from a saved log: its cards were dealt before (no deal to show)."""
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

    def replay_setup(self) -> Match:
        """A new match with the same variant, options and seats, dealt from a new
        seed (Play again)."""
        return Match(self.variant, self.seats, options=self.options)

    def view(self, seat: int) -> View:
        return view(self.state, seat)

    def bot_rng(self) -> random.Random:
        """The generator for the next bot decision: fixed by the seed, the
        position in the log and the undos so far, so a replayed match makes the
        same choices, and after an undo the bots choose afresh."""
        key = f"{self.seed}/{len(self.rounds)}/{len(self.rounds[-1].actions)}"
        return random.Random(f"{key}/undo/{self.undos}" if self.undos else key)

    # -- acting
    def apply(self, action: Action) -> list[Event]:
        """Apply for the seat to act (raises IllegalActionError, state unchanged)."""
        seat = self.state.to_act
        events = self.state.apply(action)
        assert seat is not None
        self.rounds[-1].actions.append((seat, str(action)))
        self._note_outcome()
        return events

    def _note_outcome(self) -> None:
        """Keep the outcome of the round that just ended (once)."""
        outcome = self.state.outcome
        if outcome is not None and len(self.history) < len(self.rounds):
            self.history.append(outcome)

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

    def undo(self) -> str | None:
        """Take back the person's last action this round and everything after it,
        then deal every card they have not seen again from their view (the
        module doc): whatever they saw of the moves taken back tells them
        nothing of where those cards are now. Returns that action (its text),
        None when there is none to take back."""
        if not self.can_undo():
            return None
        person = self.humans()[0]
        log = self.rounds[-1]
        last = max(i for i, (seat, _) in enumerate(log.actions) if seat == person)
        taken = log.actions[last][1]
        del log.actions[last:]
        log.redeals = [(at, r) for at, r in log.redeals if at < last]
        self._replay()
        self.undos += 1
        dealt = redeal(self.state, person, random.Random(f"{self.seed}/undo/{self.undos}"))
        apply_redeal(self.state, dealt)
        log.redeals.append((last, dealt))
        return taken

    def _replay(self) -> None:
        state = State.new(self.rules, deal=self.rounds[0].deal)
        self.state = state
        self.history = []
        for i, rnd in enumerate(self.rounds):
            if i:
                state.start_next_round(deal=rnd.deal)
            replay_all(state, rnd.steps())
            self._note_outcome()

    def round_events(self) -> list[Event]:
        """What happened in the round being played, from its deal, as events: the
        log replayed (the table's chronicle after an undo, or a resumed match)."""
        events: list[Event] = []
        last = len(self.rounds) - 1
        state = State.new(self.rules, deal=self.rounds[0].deal,
                          events=events if last == 0 else None)
        for i, rnd in enumerate(self.rounds):
            if i:
                dealt = state.start_next_round(deal=rnd.deal)
                if i == last:
                    events.extend(dealt)
            replay_all(state, rnd.steps(), events if i == last else None)
        return events

    # -- saves
    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "options": self.options,
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "rounds": [_round_json(r) for r in self.rounds],
            "undos": self.undos,
        }

    @classmethod
    def from_json(cls, d: Any) -> Match:
        """Rebuild a saved match exactly; raises ValueError (``schema.Invalid``)
        when any part of the save cannot be used."""
        match, losses = SAVE_FORMAT.read(d)
        if losses:
            raise Invalid(losses[0].why, losses[0].path)
        return match

    @classmethod
    def restore(cls, d: dict[str, Any], report: Report, path: Path = ()) -> Match:
        """The match of a save checked by ``SAVED``, replayed as far as it makes
        sense: the longest valid prefix of its log. The first action that is
        malformed, of the wrong seat or illegal (or a deal that cannot follow)
        cuts the log there, a loss in `report`; raises Invalid when not even the
        first deal can be used."""
        variant, options = d["variant"], d["options"]
        try:
            rules = find_variant(variant, options)
        except ValueError as e:
            raise Invalid(str(e), (*path, "options")) from None
        seats = [Seat(s["name"], s["level"]) for s in d["seats"]]
        if len(seats) != rules.players:
            raise Invalid(f"{variant} is played by {rules.players}", (*path, "seats"))
        logs: list[RoundLog] = []
        state: State | None = None
        raw_rounds = d["rounds"]
        for i, raw in enumerate(raw_rounds):
            here = (*path, "rounds", i)
            try:
                deal = parse_deal(rules, raw["deal"])
                if state is None:
                    state = State.new(rules, deal=deal)
                else:
                    state.start_next_round(deal=deal)
            except ValueError as e:
                if state is None:
                    raise Invalid(str(e), (*here, "deal")) from None
                report.lose((*here, "deal"), _cut_why(str(e), len(raw_rounds) - i - 1))
                break
            log = RoundLog(deal)
            logs.append(log)
            if _replay_prefix(state, seats, raw, log, here, report):
                if i + 1 < len(raw_rounds):
                    report.lose((*path, "rounds", i + 1),
                                _cut_why("after a cut log", len(raw_rounds) - i - 2))
                break
        return cls(variant, seats, options=options, seed=d["seed"], rounds=logs,
                   undos=d["undos"])


def _cut_why(why: str, rest: int) -> str:
    return why + (f"; the {rest} after it dropped" if rest else "")


def _round_json(r: RoundLog) -> dict[str, Any]:
    out: dict[str, Any] = {"deal": r.deal.to_json(),
                           "actions": [[seat, a] for seat, a in r.actions]}
    if r.redeals:
        out["redeals"] = [{"at": at, **rd.to_json()} for at, rd in r.redeals]
    return out


def _replay_prefix(state: State, seats: list[Seat], raw: dict[str, Any], log: RoundLog,
                   path: Path, report: Report) -> bool:
    """Apply a round's actions and redeals to `state` (the engine's replay) until
    one is malformed, of the wrong seat, illegal or out of place, logging those
    applied; True when one was (a loss in `report`, the rest of the round dropped)."""
    actions, redeals = raw["actions"], raw["redeals"]
    where: list[Any] = [path, 0]
    """The step being read or applied, and how many actions the log has after it."""

    def steps() -> Iterator[Step]:
        # Read lazily: the replay asks for a step only once the one before is
        # applied, so each is checked against the position it is taken in, and
        # logged once the engine has taken it.
        j = 0
        for k in range(len(actions) + 1):
            while j < len(redeals):
                here = (*path, "redeals", j)
                where[:] = [here, len(actions) - k]
                at = REDEAL_AT(redeals[j], here)["at"]
                if at > k:
                    break
                if at < k:
                    raise Invalid("out of order", (*here, "at"))
                dealt = _redeal_for(state, seats, redeals[j], here)
                yield dealt
                log.redeals.append((k, dealt))
                j += 1
            if k == len(actions):
                break
            here = (*path, "actions", k)
            where[:] = [here, len(actions) - k - 1]
            seat, text = ACTION(actions[k], here)
            action = Action.parse(text)
            yield seat, action
            log.actions.append((seat, str(action)))
        if j < len(redeals):
            where[:] = [(*path, "redeals", j), 0]
            raise Invalid("after the last action", (*path, "redeals", j))

    try:
        replay_all(state, steps())
    except ValueError as e:  # Invalid, a text that is no action, the engine's refusal
        here, rest = where
        why = e.why if isinstance(e, Invalid) else str(e)
        at_redeal = here[-2] == "redeals"
        report.lose(e.path if isinstance(e, Invalid) and at_redeal else here,
                    _cut_why(why, rest))
        return True
    return False


def _redeal_for(state: State, seats: list[Seat], raw: Any, path: Path) -> Redeal:
    """A saved redeal read for `state`: made, as an undo makes them, for the
    person whose turn it is (whether its cards fit is ``apply_redeal``'s check,
    made as the replay applies it); raises ValueError otherwise."""
    dealt = parse_redeal(state.rules, raw)
    if not seats[dealt.seat].is_human or state.to_act != dealt.seat:
        raise Invalid("not made for the person to act", (*path, "seat"))
    return dealt


def _migrate(payload: dict[str, Any], old: int) -> dict[str, Any]:
    """A save of an older schema as this one: schema 1 had no redeals nor undos,
    which the schema's defaults fill in."""
    if old != 1:
        raise ValueError(f"no way from save format {old} to {SAVE_SCHEMA}")
    return payload


SAVE_FORMAT: Final[Format[Match]] = Format("save", SAVE_SCHEMA, SAVED, Match.restore,
                                           Match.to_json, _migrate)
"""The saved match (``persist.SaveSlot``, kind "save")."""
