"""A boricua tournament (RULES §10.4): 2 to 6 participants, people or bots,
single elimination after a random draw, with byes where the count is not a
power of two; every match is one against one to 101 (boricua, §7.3, §10.3).

The bracket is a list of rounds, each a list of pairings; round 0 holds the
draw, later rounds fill in as winners are known. A bye exists only in round 0:
its player goes through at once. A tournament in progress is saved as
versioned JSON (kind "tournament") written atomically, with the match being
played stored as its own recipe (``Match.to_json``), so it can be continued
from the title screen like a game. No pygame here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from .match import Match, Seat
from .persist import dump_versioned, load_json, user_data_dir, write_json_atomic

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
        """Rebuild a saved tournament; ValueError when it does not make sense."""
        if not isinstance(d, dict):
            raise ValueError("a saved tournament is an object")
        try:
            participants = [Participant(str(p["name"]), p.get("level"))
                            for p in d["participants"]]
            seed = int(d["seed"])
            speed = float(d.get("speed", 2.0))
            rounds = [[Pairing(_index(p.get("a")), _index(p.get("b")),
                               _index(p.get("winner")),
                               tuple(p["score"]) if p.get("score") else None)
                       for p in ps] for ps in d["rounds"]]
        except (KeyError, TypeError, AttributeError) as e:
            raise ValueError(f"a saved tournament lacks {e}") from e
        _check_participants(participants)
        t = cls(participants, seed, speed, rounds, d.get("current"))
        n = len(participants)
        expected = Tournament.draw(participants, seed)
        if [len(ps) for ps in t.rounds] != [len(ps) for ps in expected.rounds]:
            raise ValueError("the saved bracket does not fit its participants")
        for ps in t.rounds:
            for p in ps:
                for x in (p.a, p.b, p.winner):
                    if x is not None and not 0 <= x < n:
                        raise ValueError("the saved bracket names an unknown participant")
                if p.winner is not None and p.winner not in p.players:
                    raise ValueError("a saved winner did not play that match")
        if t.current is not None and not isinstance(t.current, dict):
            raise ValueError("the saved match in progress is not an object")
        return t


def _index(x: Any) -> int | None:
    if x is None:
        return None
    if isinstance(x, bool) or not isinstance(x, int):
        raise ValueError(f"not a participant index: {x!r}")
    return x


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


def tournament_path() -> Path:
    return user_data_dir() / "saves" / FILENAME


def save_tournament(t: Tournament, path: Path | None = None) -> None:
    """Write atomically; raises OSError when the disk refuses."""
    write_json_atomic(path or tournament_path(), dump_versioned(KIND, SCHEMA, t.to_json()))


def load_tournament(path: Path | None = None) -> tuple[Tournament | None, str | None]:
    """The saved tournament (None when there is none) and a message for the player
    when the file could not be used (it is then moved aside)."""
    path = path or tournament_path()
    loaded = load_json(path, KIND, SCHEMA)
    if loaded.data is None:
        return None, loaded.problem
    try:
        return Tournament.from_json(loaded.data), None
    except ValueError as e:
        from .persist import move_aside

        try:
            moved = move_aside(path)
        except OSError:
            moved = path
        return None, f"The saved tournament could not be used ({e}); it was moved to {moved}."


def delete_tournament(path: Path | None = None) -> None:
    (path or tournament_path()).unlink(missing_ok=True)
