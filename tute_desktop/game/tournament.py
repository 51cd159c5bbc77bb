"""A boricua tournament (RULES §10.4): 2 to 6 participants, people or bots,
single elimination after a random draw, with byes where the count is not a
power of two; every match is one against one to 101 (boricua, §7.3, §10.3).

The bracket is a list of rounds, each a list of pairings; round 0 holds the
draw, later rounds fill in as winners are known. A bye exists only in round 0:
its player goes through at once. A tournament in progress is saved as
versioned JSON (kind "tournament") written atomically, with the match being
played stored as its own recipe (``Match.to_json``), so it can be continued
from the title screen like a game. The file is checked against ``FILE`` field by
field: a bad speed or score falls back and the rest is kept, the match in
progress keeps the longest valid prefix of its log (or starts again), and a
broken bracket or participant sets the whole file aside. No pygame here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ..engine.seeds import SEED_MAX, check_seed
from ..i18n import Notice
from .match import LEVEL, NAME, SAVED, Match, Seat
from .persist import read, user_data_dir, write
from .schema import (
    Anything,
    Count,
    Field,
    Format,
    Int,
    Invalid,
    ListOf,
    Maybe,
    Number,
    Record,
    Report,
    Tuple,
    Where,
    required,
)

VARIANT: Final = "boricua"
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
KIND: Final = "tournament"
SCHEMA: Final = 1
FILENAME: Final = "tournament.json"
SPEEDS: Final = (1.0, 2.0, 4.0, 8.0)
"""How fast a match between two bots may run while the others watch."""

# Where byes go in round 0, pairing by pairing: alternate halves of the
# bracket, so two byes never meet before the players who earned them do.
_BYE_ORDER: Final = {1: [0], 2: [0, 1], 4: [0, 3, 1, 2]}


@dataclass(frozen=True)
class Participant:
    """A player in the tournament: a person (``level`` None) or a bot."""

    name: str
    level: str | None = None

    @property
    def is_human(self) -> bool:
        return self.level is None

    def seat(self) -> Seat:
        return Seat(self.name, self.level)


@dataclass
class Pairing:
    """Two places of the bracket. ``a``/``b`` are participant indexes; None is a
    bye in round 0 and a place still to be decided in later rounds. ``score``:
    the final running totals (a's, b's)."""

    a: int | None = None
    b: int | None = None
    winner: int | None = None
    score: tuple[int, int] | None = None

    @property
    def players(self) -> list[int]:
        return [p for p in (self.a, self.b) if p is not None]


@dataclass
class Tournament:
    participants: list[Participant]
    seed: int
    speed: float = 2.0
    rounds: list[list[Pairing]] = field(default_factory=list)
    current: dict[str, Any] | None = None
    """The match being played, as ``Match.to_json()``; None between matches."""

    # ------------------------------------------------------------------ the draw
    @classmethod
    def draw(cls, participants: list[Participant], seed: int | None = None,
             speed: float = 2.0) -> Tournament:
        """A new tournament: the participants in a random order (from ``seed``),
        byes where needed."""
        _check_participants(participants)
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        check_seed(seed)
        n = len(participants)
        order = list(range(n))
        random.Random(seed).shuffle(order)
        size = bracket_size(n)
        pairs = size // 2
        byes = set(_BYE_ORDER[pairs][: size - n])
        first: list[Pairing] = []
        it = iter(order)
        for k in range(pairs):
            if k in byes:
                first.append(Pairing(next(it), None))
            else:
                first.append(Pairing(next(it), next(it)))
        rounds = [first]
        while len(rounds[-1]) > 1:
            rounds.append([Pairing() for _ in range(len(rounds[-1]) // 2)])
        t = cls(list(participants), seed, speed, rounds)
        t._advance()
        return t

    # ------------------------------------------------------------------ queries
    def is_bye(self, r: int, k: int) -> bool:
        p = self.rounds[r][k]
        return r == 0 and (p.a is None or p.b is None)

    def next_match(self) -> tuple[int, int] | None:
        """(round, pairing) of the next match to play, or None when it is over."""
        for r, pairings in enumerate(self.rounds):
            for k, p in enumerate(pairings):
                if p.winner is None and p.a is not None and p.b is not None:
                    return (r, k)
        return None

    @property
    def champion(self) -> int | None:
        return self.rounds[-1][0].winner

    @property
    def is_over(self) -> bool:
        return self.champion is not None

    def played(self) -> int:
        """Matches decided on the table (byes not counted)."""
        return sum(1 for r, ps in enumerate(self.rounds) for k, p in enumerate(ps)
                   if p.winner is not None and not self.is_bye(r, k))

    def rounds_left(self, r: int) -> int:
        """How many rounds come after round ``r`` (0 for the final)."""
        return len(self.rounds) - 1 - r

    def name(self, index: int | None) -> str:
        return self.participants[index].name if index is not None else ""

    def match_seed(self, r: int, k: int) -> int:
        return random.Random(f"{self.seed}/match/{r}/{k}").randrange(1 << 31)

    def new_match(self, r: int, k: int) -> Match:
        """The match of pairing (r, k): a against b, one against one to 101."""
        p = self.rounds[r][k]
        if p.a is None or p.b is None or p.winner is not None:
            raise ValueError(f"pairing {r}/{k} has no match to play")
        seats = [self.participants[p.a].seat(), self.participants[p.b].seat()]
        return Match(VARIANT, seats, seed=self.match_seed(r, k))

    def resume_match(self) -> Match | None:
        """The match in progress (``current``, checked when the file was read), or
        None when there is none or it is not the next match's."""
        nxt = self.next_match()
        if self.current is None or nxt is None:
            return None
        try:
            match = Match.from_json(self.current)
        except ValueError:
            return None
        p = self.rounds[nxt[0]][nxt[1]]
        if match.seats != [self.participants[i].seat() for i in p.players]:
            return None
        return match

    # ------------------------------------------------------------------ results
    def record(self, r: int, k: int, winner: int, score: tuple[int, int]) -> None:
        """Pairing (r, k) was won by participant ``winner`` with final ``score``."""
        p = self.rounds[r][k]
        if p.winner is not None:
            raise ValueError(f"pairing {r}/{k} is already decided")
        if p.a is None or p.b is None or winner not in (p.a, p.b):
            raise ValueError(f"participant {winner} does not play pairing {r}/{k}")
        p.winner = winner
        p.score = (int(score[0]), int(score[1]))
        self.current = None
        self._advance()

    def record_match(self, r: int, k: int, match: Match) -> int:
        """Record a finished match; returns the winner's participant index."""
        outcome = match.state.outcome
        if outcome is None or outcome.match_winner is None:
            raise ValueError("the match is not over")
        p = self.rounds[r][k]
        assert p.a is not None and p.b is not None
        winner = (p.a, p.b)[outcome.match_winner]
        self.record(r, k, winner, (outcome.sides[0].running, outcome.sides[1].running))
        return winner

    def _advance(self) -> None:
        """Byes go through; winners move into the next round's places."""
        for p in self.rounds[0]:
            if p.winner is None and (p.a is None) != (p.b is None):
                p.winner = p.a if p.a is not None else p.b
        for r in range(1, len(self.rounds)):
            for k, p in enumerate(self.rounds[r]):
                p.a = self.rounds[r - 1][2 * k].winner
                p.b = self.rounds[r - 1][2 * k + 1].winner

    # ------------------------------------------------------------------ saves
    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "speed": self.speed,
            "participants": [{"name": p.name, "level": p.level} for p in self.participants],
            "rounds": [[{"a": p.a, "b": p.b, "winner": p.winner,
                         "score": list(p.score) if p.score else None} for p in ps]
                       for ps in self.rounds],
            "current": self.current,
        }

    @classmethod
    def from_json(cls, d: Any) -> Tournament:
        """Rebuild a saved tournament exactly; ValueError (``schema.Invalid``) when
        any part of it cannot be used."""
        t, losses = FORMAT.read(d)
        if losses:
            raise Invalid(losses[0].why, losses[0].path)
        return t

    @classmethod
    def from_clean(cls, d: dict[str, Any], report: Report) -> Tournament:
        """The tournament of a payload checked by ``FILE``; raises Invalid when
        its participants or bracket do not make sense. The match in progress
        keeps the longest valid prefix of its log; when it cannot be used, or is
        not the next match's, it is dropped (a loss) and starts again."""
        participants = [Participant(p["name"], p["level"]) for p in d["participants"]]
        try:
            _check_participants(participants)
        except ValueError as e:
            raise Invalid(str(e), ("participants",)) from None
        rounds = [[Pairing(p["a"], p["b"], p["winner"],
                           (p["score"][0], p["score"][1]) if p["score"] else None)
                   for p in ps] for ps in d["rounds"]]
        t = cls(participants, d["seed"], d["speed"], rounds)
        # The draw follows from the seed and who plays, and every later place
        # from the winners before it: a bracket that says otherwise is broken.
        expected = Tournament.draw(participants, d["seed"])
        if [len(ps) for ps in t.rounds] != [len(ps) for ps in expected.rounds]:
            raise Invalid("the bracket does not fit its participants", ("rounds",))
        for k, (saved, drawn) in enumerate(zip(t.rounds[0], expected.rounds[0], strict=True)):
            if (saved.a, saved.b) != (drawn.a, drawn.b):
                raise Invalid("not the draw of this seed", ("rounds", 0, k))
        placed = [[(p.a, p.b) for p in ps] for ps in t.rounds]
        bye_winners = [p.winner for p in t.rounds[0]]
        t._advance()
        for k, p in enumerate(t.rounds[0]):
            if t.is_bye(0, k) and p.winner != bye_winners[k]:
                report.lose(("rounds", 0, k, "winner"), "a bye's player goes through")
        for r, ps in enumerate(t.rounds):
            for k, p in enumerate(ps):
                if (p.a, p.b) != placed[r][k]:
                    raise Invalid("not the winners of the round before", ("rounds", r, k))
                if p.winner is not None and p.winner not in p.players:
                    raise Invalid("a winner who did not play", ("rounds", r, k, "winner"))
        t.current = _current(t, d["current"], report)
        return t


def _current(t: Tournament, raw: Any, report: Report) -> dict[str, Any] | None:
    """The match in progress as the tournament can continue it, or None."""
    nxt = t.next_match()
    if raw is None or nxt is None:
        if raw is not None:
            report.lose(("current",), "no match is left to play")
        return None
    own = Report()
    try:
        match = Match.restore(SAVED(raw, ("current",), own), own, ("current",))
    except Invalid as bad:
        report.lose(bad.path, bad.why)
        return None
    p = t.rounds[nxt[0]][nxt[1]]
    if match.seats != [t.participants[i].seat() for i in p.players]:
        report.lose(("current", "seats"), "not the players of the next match")
        return None
    report.merge(own)
    return match.to_json()


def _check_participants(participants: list[Participant]) -> None:
    n = len(participants)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"a tournament has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    names = [p.name.casefold() for p in participants]
    if len(set(names)) != n or not all(p.name.strip() for p in participants):
        raise ValueError("every participant needs a name of their own")


def bracket_size(n: int) -> int:
    """Places in the first round: the power of two at or above ``n``."""
    size = 2
    while size < n:
        size *= 2
    return size


# ---------------------------------------------------------------------- the file


_INDEX: Final = Maybe(Int(0, MAX_PLAYERS - 1))
SCORE_MAX: Final = 9999
"""Far above any running total to 101 (a drawn number must fit its box)."""
PARTICIPANT: Final = Record({"name": required(NAME), "level": required(LEVEL)})
PAIRING: Final = Record({
    "a": required(_INDEX),
    "b": required(_INDEX),
    "winner": required(_INDEX),
    "score": Field(Maybe(Tuple(Count(hi=SCORE_MAX), Count(hi=SCORE_MAX))), default=None),
})
FILE: Final = Record({
    "seed": required(Int(0, SEED_MAX)),
    # One of the speeds the bracket offers: 0.001 would never start a bots' match.
    "speed": Field(Where(Number(), lambda v: v in SPEEDS, "not a speed"), default=2.0),
    "participants": required(ListOf(PARTICIPANT, bad="fail", min_len=MIN_PLAYERS,
                                    max_len=MAX_PLAYERS)),
    "rounds": required(ListOf(ListOf(PAIRING, bad="fail", min_len=1), bad="fail", min_len=1)),
    "current": Field(Maybe(Anything()), default=None),  # a saved match: see _current
})
"""A tournament in progress (``Tournament.to_json``). Who plays and the bracket
are its structure: any fault there sets the file aside. A bad speed or score
falls back (2.0, none shown), a bad match in progress starts again."""

FORMAT: Final[Format[Tournament]] = Format(KIND, SCHEMA, FILE, Tournament.from_clean,
                                           Tournament.to_json)


def tournament_path() -> Path:
    return user_data_dir() / "saves" / FILENAME


def tournament_saved(path: Path | None = None) -> bool:
    """A tournament file is there (False too when the folder cannot be looked into)."""
    try:
        return (path or tournament_path()).is_file()
    except OSError:
        return False


def save_tournament(t: Tournament, path: Path | None = None) -> None:
    """Write atomically; raises OSError when the disk refuses."""
    write(path or tournament_path(), FORMAT, t)


def load_tournament(path: Path | None = None) -> tuple[Tournament | None, Notice | None]:
    """The saved tournament (None when there is none or it cannot be used) and a
    message for the player when the file was bad, in whole or in part (it is
    then moved aside, and what was kept written back)."""
    found = read(path or tournament_path(), FORMAT)
    return found.value, found.problem


def delete_tournament(path: Path | None = None) -> bool:
    """Remove the file; False when the disk refuses (nothing breaks)."""
    try:
        (path or tournament_path()).unlink(missing_ok=True)
    except OSError:
        return False
    return True
