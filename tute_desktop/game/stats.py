"""Statistics per player name, kept between runs in ``statistics.json``.

What is counted, for each person (bots are not counted):

- *games* played and won, per variant and per opponent level. A game is a deal
  with a winner; in habanero and corriente it is one game to 101 (§10.1), which
  may take two deals ("la vuelta"). A thrown-in deal (§11) counts for nobody.
- *matches* played and won, the same way;
- the best round points per variant (cards + diez de últimas + declarations);
- declarations (cantes) made: 20, 40, tute; capotes won;
- tournaments played and won (§10.4);
- subastado's contracts (§12), where the person was the bidder: how many, how
  many made (the others failed), the bids' sum and the points made as bidder
  (card points, diez de últimas and declarations), for the averages;
- recent form: the results of the last ``RECENT`` games;
- rounds played with an undo: counted there only, none of their results (an
  undo deals the cards the person has not seen again, so a round could be
  played over until won); their logs are kept for the review all the same;
- the logs of the last ``KEPT_ROUNDS`` rounds the person played, so they can be
  reviewed with the expert (``review``): each the match's saved payload up to
  that round (``Match.to_json``), the person's seat and the save format's
  version it was written in (``schema.SAVE_SCHEMA``). A kept round in an older
  format is read as a save of that format is (``match.SAVE_FORMAT``'s migration);
  one in a format this version cannot read is dropped; files without kept rounds (before
  issue 19) load with none.

What is kept is bounded (``Stats.bound``, issue 27): rounds for the
``KEPT_PEOPLE`` most recently seen people only, all of them under
``KEPT_BYTES``, counters for the ``COUNTED_PEOPLE`` most recently seen, so the
file stays under ``FILE_BYTES``; ``players`` runs from the least recently seen
to the most. The game writes the file off its frame loop (``stats_writer``
with ``persist.Writer``), on one line.

The file is versioned JSON (kind "stats", ``SCHEMA``) written atomically beside
the saves, checked field by field against ``PLAYER`` and ``FILE`` when read. An
older file is brought up to date by the steps in ``MIGRATIONS``; fields this
version does not know are ignored and missing ones start at zero, so a newer
version may add counters without a new schema. A bad field is left out (at
zero) and reported; the rest is kept. No pygame here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from ..engine.events import Reason
from ..engine.rules import VARIANTS, Scoring
from ..engine.seeds import check_seed
from ..i18n import Notice
from .match import SAVE_FORMAT, SAVED
from .names import clean_name
from .persist import read, user_data_dir, write, write_payload
from .schema import (
    SAVE_SCHEMA,
    Count,
    DictOf,
    Field,
    Flag,
    Format,
    Int,
    Invalid,
    ListOf,
    Object,
    Record,
    Report,
    Text,
    Tuple,
    Where,
    required,
)

if TYPE_CHECKING:
    from .match import Match

KIND: Final = "stats"
SCHEMA: Final = 2
"""1: the first; 2: subastado's contracts (issue 33)."""
FILENAME: Final = "statistics.json"
RECENT: Final = 20
"""How many recent games the form chart remembers."""
KEPT_ROUNDS: Final = 20
"""How many rounds' logs are kept per person, for the review."""
KEPT_PEOPLE: Final = 20
"""How many people keep rounds: the most recently seen (README's promise)."""
COUNTED_PEOPLE: Final = 200
"""How many people's counters are kept: the most recently seen (a few hundred
bytes each)."""
KEPT_BYTES: Final = 4_000_000
"""The kept rounds' logs together (as written, on one line) stay under this
many bytes, the oldest of the least recently seen dropped first, so the file
stays under 5 MB (``FILE_BYTES``) whatever the matches' lengths."""
FILE_BYTES: Final = 5_000_000
COUNT_MAX: Final = 10**9
"""Far above any count a person could reach (a drawn number must fit its box)."""
REMEMBERED_ROUNDS: Final = 200
"""How many recorded rounds are remembered, so a round is never counted twice."""
PERSON: Final = "person"
"""The opponent level under which games against people are counted."""
DECLARATION_KINDS: Final = ("20", "40", "tute")

def _with_contracts(payload: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 to 2: every player gets subastado's contracts, none yet (a
    file of schema 1 was written before subastado was played); contracts
    already there (a hand-edited file) are kept, to be checked as any field."""
    players = payload.get("players")
    if not isinstance(players, dict):
        return payload
    return {**payload, "players": {
        name: ({"contracts": Contracts().to_json(), **p} if isinstance(p, dict) else p)
        for name, p in players.items()}}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _with_contracts}
"""``MIGRATIONS[n]`` turns a schema-n payload into schema n+1; a change of
format adds its step here."""


def migrate(payload: dict[str, Any], old: int,
            steps: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] | None = None,
            schema: int = SCHEMA) -> dict[str, Any]:
    """Bring an older payload up to ``schema`` one step at a time (persist's hook)."""
    steps = MIGRATIONS if steps is None else steps
    for n in range(old, schema):
        if n not in steps:
            raise ValueError(f"no way from statistics format {n} to {n + 1}")
        payload = steps[n](payload)
    return payload


@dataclass
class Tally:
    """Played and won."""

    played: int = 0
    won: int = 0

    def add(self, won: bool) -> None:
        self.played += 1
        self.won += int(won)

    @property
    def share(self) -> float:
        return self.won / self.played if self.played else 0.0

    def to_json(self) -> list[int]:
        return [self.played, self.won]

    @staticmethod
    def from_json(d: Any) -> Tally:
        """A tally from ``[played, won]``; zero when that is not what ``d`` holds."""
        try:
            played, won = TALLY(d)
        except Invalid:
            return Tally()
        return Tally(played, won)


@dataclass
class Contracts:
    """subastado's contracts of one person (§12): held as the bidder, made (the
    rest failed), the bids' sum and the points made as bidder, for the averages."""

    played: int = 0
    made: int = 0
    bids: int = 0
    points: int = 0

    def add(self, bid: int, points: int, made: bool) -> None:
        self.played += 1
        self.made += int(made)
        self.bids += bid
        self.points += points

    @property
    def failed(self) -> int:
        return self.played - self.made

    @property
    def average_bid(self) -> float:
        return self.bids / self.played if self.played else 0.0

    @property
    def average_points(self) -> float:
        """The points made as bidder, on average (the result of a contract)."""
        return self.points / self.played if self.played else 0.0

    def to_json(self) -> dict[str, int]:
        return {"played": self.played, "made": self.made, "bids": self.bids,
                "points": self.points}


_COUNT: Final = Count(hi=COUNT_MAX)
TALLY: Final = Where(Tuple(_COUNT, _COUNT), lambda t: t[1] <= t[0], "more won than played")
"""``[played, won]``."""
_KEY: Final = Text(empty=False, max_len=64)
"""A variant, an opponent level or a declaration as a key: the ones this version
does not know are kept (a newer one may count more)."""


@dataclass
class PlayerStats:
    """Everything counted for one name."""

    games: dict[str, Tally] = field(default_factory=dict)  # by variant
    matches: dict[str, Tally] = field(default_factory=dict)  # by variant
    games_vs: dict[str, Tally] = field(default_factory=dict)  # by opponent level
    matches_vs: dict[str, Tally] = field(default_factory=dict)  # by opponent level
    best: dict[str, int] = field(default_factory=dict)  # best round points, by variant
    declarations: dict[str, int] = field(default_factory=dict)  # "20", "40", "tute"
    capotes: int = 0
    undone: int = 0
    """Rounds played with an undo: counted here only (an undo deals the unseen
    cards again, so a round could be played again until it was won; nc87 and
    nc90 called counting its win cheating)."""
    tournaments: Tally = field(default_factory=Tally)
    contracts: Contracts = field(default_factory=Contracts)  # subastado's, as bidder
    recent: list[tuple[str, bool]] = field(default_factory=list)  # (variant, won), oldest first
    kept: list[KeptRound] = field(default_factory=list)  # oldest first

    def total(self, what: str) -> Tally:
        """All variants together: ``what`` is "games" or "matches"."""
        out = Tally()
        for t in getattr(self, what).values():
            out.played += t.played
            out.won += t.won
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "games": {k: t.to_json() for k, t in self.games.items()},
            "matches": {k: t.to_json() for k, t in self.matches.items()},
            "games_vs": {k: t.to_json() for k, t in self.games_vs.items()},
            "matches_vs": {k: t.to_json() for k, t in self.matches_vs.items()},
            "best": dict(self.best),
            "declarations": dict(self.declarations),
            "capotes": self.capotes,
            "undone": self.undone,
            "tournaments": self.tournaments.to_json(),
            "contracts": self.contracts.to_json(),
            "recent": [[v, int(w)] for v, w in self.recent],
            "kept": [k.to_json() for k in self.kept],
        }

    @staticmethod
    def from_json(d: Any) -> PlayerStats:
        """Whatever of ``d`` makes sense; anything else starts at zero."""
        try:
            return PlayerStats.from_clean(PLAYER(d))
        except Invalid:
            return PlayerStats()

    @staticmethod
    def from_clean(d: dict[str, Any]) -> PlayerStats:
        """From a payload checked by ``PLAYER``."""
        tallies = {name: {k: Tally(*t) for k, t in d[name].items()}
                   for name in ("games", "matches", "games_vs", "matches_vs")}
        return PlayerStats(
            **tallies, best=dict(d["best"]), declarations=dict(d["declarations"]),
            capotes=d["capotes"], undone=d["undone"], tournaments=Tally(*d["tournaments"]),
            contracts=Contracts(**d["contracts"]),
            recent=[(variant, won) for variant, won in d["recent"]],
            kept=[KeptRound(k["key"], k["seat"], k["match"]) for k in d["kept"]
                  if _reviewable(k)])


def _reviewable(k: dict[str, Any]) -> bool:
    """A kept round the review can replay: in this version's save format, read
    whole (every deal and action legal), the seat one of the match's."""
    if not 1 <= k["save"] <= SAVE_SCHEMA:
        return False
    try:
        payload = k["match"]
        if k["save"] < SAVE_SCHEMA and SAVE_FORMAT.migrate is not None:
            payload = SAVE_FORMAT.migrate(payload, k["save"])
        match, losses = SAVE_FORMAT.read(payload)
    except (Invalid, ValueError):
        return False
    return not losses and k["seat"] < len(match.seats) and match.state.outcome is not None


@dataclass(frozen=True)
class KeptRound:
    """A round's log kept for the review: ``match`` is the match's saved payload
    up to that round (its last), ``seat`` the person's."""

    key: str
    seat: int
    match: dict[str, Any]
    size: int = field(default=0, compare=False)
    """The log's bytes as written (on one line); worked out when made."""

    def __post_init__(self) -> None:
        if not self.size:
            object.__setattr__(self, "size", _bytes(self.match))

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "seat": self.seat, "save": SAVE_SCHEMA, "match": self.match}


def _bytes(value: Any) -> int:
    try:
        return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode())
    except ValueError:  # a NaN made in memory: no room for it (the write leaves it out)
        return FILE_BYTES


def _a_save(match: dict[str, Any]) -> bool:
    try:
        SAVED(match)
    except Invalid:
        return False
    return True


ROUND_KEY: Final = Text(max_len=64)
"""A round's key in the file (``round_key``)."""

KEPT: Final = Record({
    "key": Field(ROUND_KEY, default=""),
    "seat": required(Int(0, 3)),
    "save": required(Count()),
    # Kept as it is when a save's fields are there and no NaN or infinity is
    # anywhere inside (it could not be written back); replayed when read (_reviewable).
    "match": required(Where(Object(), _a_save, "not a saved match")),
})
"""One kept round (``KeptRound.to_json``)."""


CONTRACTS: Final = Where(
    Record({"played": Field(_COUNT, default=0), "made": Field(_COUNT, default=0),
            "bids": Field(_COUNT, default=0), "points": Field(_COUNT, default=0)}),
    lambda c: c["made"] <= c["played"], "more made than held")
"""subastado's contracts (``Contracts.to_json``)."""

PLAYER: Final = Record({
    "games": Field(DictOf(_KEY, TALLY), default={}),
    "matches": Field(DictOf(_KEY, TALLY), default={}),
    "games_vs": Field(DictOf(_KEY, TALLY), default={}),
    "matches_vs": Field(DictOf(_KEY, TALLY), default={}),
    "best": Field(DictOf(_KEY, _COUNT), default={}),
    "declarations": Field(DictOf(_KEY, _COUNT), default={}),
    "capotes": Field(_COUNT, default=0),
    "undone": Field(_COUNT, default=0),
    "tournaments": Field(TALLY, default=[0, 0]),
    "contracts": Field(CONTRACTS, default=Contracts().to_json()),
    "recent": Field(ListOf(Tuple(_KEY, Flag()), max_len=RECENT, keep="last"), default=[]),
    "kept": Field(ListOf(KEPT, max_len=KEPT_ROUNDS, keep="last"), default=[]),
})
"""One player's statistics in the file (``PlayerStats.to_json``): a bad or
missing counter is zero."""


CONTRACT_VARIANTS: Final = frozenset(
    name for name, rules in VARIANTS.items() if rules.scoring is Scoring.CONTRACT)
"""Rule sets of a bidder against two (subastado, §12): a defender's round points
are la contra's, not theirs, so they set no best round."""


@dataclass(frozen=True)
class PersonResult:
    """How one round went for one person at the table."""

    name: str
    points: int  # the side's round points
    opponents: tuple[str, ...]  # the opponents' levels (PERSON for people), distinct
    won_game: bool | None  # None: no game was decided by this deal
    won_match: bool | None  # None: the match goes on
    declarations: tuple[str, ...] = ()
    capote: bool = False  # announced a capote and won it
    seat: int | None = None  # the person's seat, for the kept round
    contract: tuple[int, int, bool] | None = None
    """subastado, where the person was the bidder: the bid, the points made
    (cards, diez de últimas, declarations) and whether it was made (§12)."""


@dataclass(frozen=True)
class RoundResult:
    """A finished round, as statistics need it; ``key`` tells rounds apart."""

    key: str
    variant: str
    people: tuple[PersonResult, ...]
    log: dict[str, Any] | None = None
    """The match's saved payload up to this round (kept for the review)."""
    undone: int = 0
    """How many times an undo took a move of this round back (``Match.undo``):
    such a round is counted as played with an undo only (``PlayerStats.undone``)."""


def round_result(match: Match) -> RoundResult:
    """What the round just finished means for each person at ``match``'s table
    (read from the engine's ``Outcome``)."""
    st = match.state
    outcome = st.outcome
    if outcome is None:
        raise ValueError("the round is still being played")
    people = []
    for seat in match.humans():
        side = st.side_of(seat)
        opponents = sorted({s.level or PERSON for i, s in enumerate(match.seats)
                            if st.side_of(i) != side})
        declared = tuple(str(d.kind) for d in st.declarations if d.seat == seat)
        held = st.contract  # (bidder, bid) once trumps were named; None after all passed
        contract = None
        if held is not None and held[0] == seat:
            contract = (held[1], outcome.sides[side].points, outcome.winner == side)
        people.append(PersonResult(
            name=match.seats[seat].name,
            points=outcome.sides[side].points,
            opponents=tuple(opponents),
            won_game=(outcome.game_winner == side) if outcome.game_winner is not None
            else None,
            won_match=(outcome.match_winner == side) if outcome.match_winner is not None
            else None,
            declarations=declared,
            capote=outcome.reason is Reason.CAPOTE and outcome.winner == side,
            seat=seat,
            contract=contract,
        ))
    return RoundResult(round_key(match.seed, len(match.rounds)), match.variant,
                       tuple(people), match.to_json(), len(match.rounds[-1].redeals))


def round_key(seed: int, round_no: int) -> str:
    """How the statistics tell rounds apart: "<seed>/<round>". The seed is in the
    engine's one range (``SeedError`` otherwise): at most 19 digits, so the key is
    always one the file takes back (``ROUND_KEY``, at most 64 characters)."""
    return f"{check_seed(seed)}/{round_no}"


class Stats:
    """Every player's statistics, and which rounds were already counted."""

    def __init__(self) -> None:
        self.players: dict[str, PlayerStats] = {}
        self.recorded: list[str] = []

    def player(self, name: str) -> PlayerStats:
        return self.players.setdefault(name, PlayerStats())

    def names(self) -> list[str]:
        """Players, the most active first."""
        return sorted(self.players, key=lambda n: (-self.players[n].total("games").played,
                                                   n.casefold()))

    def record_round(self, result: RoundResult) -> bool:
        """Count a finished round once, and once for each name: a name at two
        seats (two people with one name, which New game and the file checks
        refuse) counts the first seat's result only. False when it was already
        counted or nobody at the table is a person."""
        if not result.people or result.key in self.recorded:
            return False
        self.recorded.append(result.key)
        del self.recorded[:-REMEMBERED_ROUNDS]
        v = result.variant
        counted: set[str] = set()
        for r in result.people:
            if r.name in counted:
                continue
            counted.add(r.name)
            p = self.seen(r.name)
            if result.log is not None and r.seat is not None:  # (reviewed all the same)
                p.kept.append(KeptRound(result.key, r.seat, result.log))
                del p.kept[:-KEPT_ROUNDS]
            if result.undone:
                p.undone += 1
                continue
            if r.contract is not None or v not in CONTRACT_VARIANTS:  # (subastado: a
                # defender's points are la contra's, two players': nc93 read 71 as hers)
                p.best[v] = max(p.best.get(v, 0), r.points)
            for kind in r.declarations:
                p.declarations[kind] = p.declarations.get(kind, 0) + 1
            p.capotes += int(r.capote)
            if r.contract is not None:
                p.contracts.add(*r.contract)
            if r.won_game is not None:
                p.games.setdefault(v, Tally()).add(r.won_game)
                for level in r.opponents:
                    p.games_vs.setdefault(level, Tally()).add(r.won_game)
                p.recent.append((v, r.won_game))
                del p.recent[:-RECENT]
            if r.won_match is not None:
                p.matches.setdefault(v, Tally()).add(r.won_match)
                for level in r.opponents:
                    p.matches_vs.setdefault(level, Tally()).add(r.won_match)
        self.bound()
        return True

    def record_tournament(self, names: list[str], champion: str | None) -> None:
        """One tournament played (won by ``champion``) for each name, once."""
        for name in dict.fromkeys(names):
            self.seen(name).tournaments.add(name == champion)
        self.bound()

    def seen(self, name: str) -> PlayerStats:
        """The player `name`, now the most recently seen (``players`` runs from
        the least recently seen to the most, in memory and in the file)."""
        p = self.players.pop(name, None) or PlayerStats()
        self.players[name] = p
        return p

    def bound(self, report: Report | None = None) -> None:
        """Keep what README promises and no more: counters for the
        ``COUNTED_PEOPLE`` most recently seen, kept rounds for the ``KEPT_PEOPLE``
        most recently seen (the last ``KEPT_ROUNDS`` each), all kept rounds
        together under ``KEPT_BYTES`` (the oldest of the least recent dropped
        first). What is dropped is told to `report` (a file read)."""
        names = list(self.players)
        for name in names[:-COUNTED_PEOPLE]:
            del self.players[name]
            if report is not None:
                report.lose(("players", name), f"only the {COUNTED_PEOPLE} most recently"
                                               " seen are kept")
        names = names[-COUNTED_PEOPLE:]
        for i, name in enumerate(names):
            kept = self.players[name].kept
            keep = 0 if i < len(names) - KEPT_PEOPLE else KEPT_ROUNDS
            if len(kept) > keep:
                if report is not None:
                    report.lose(("players", name, "kept"), f"only the {KEPT_PEOPLE} most"
                                " recently seen keep rounds")
                del kept[:len(kept) - keep]
        total = sum(k.size for name in names for k in self.players[name].kept)
        for name in names:
            kept = self.players[name].kept
            while kept and total > KEPT_BYTES:
                total -= kept.pop(0).size
                if report is not None:
                    report.lose(("players", name, "kept"), "more rounds than room")

    def to_json(self) -> dict[str, Any]:
        return {"players": {n: p.to_json() for n, p in self.players.items()},
                "recorded": list(self.recorded)}

    @staticmethod
    def from_json(d: Any) -> Stats:
        """Whatever of ``d`` makes sense (``FILE``); anything else is left out."""
        try:
            return FORMAT.read(d)[0]
        except Invalid:
            return Stats()

    @staticmethod
    def from_clean(d: dict[str, Any], report: Report | None = None) -> Stats:
        """From a payload checked by ``FILE``."""
        s = Stats()
        s.players = {name: PlayerStats.from_clean(p) for name, p in d["players"].items()}
        s.recorded = list(d["recorded"])
        s.bound(report)
        return s


FILE: Final = Record({
    # A name from a hand-edited file is cleaned like a typed one; empty, it is dropped.
    "players": Field(DictOf(Text(clean=clean_name, empty=False), PLAYER), default={}),
    "recorded": Field(ListOf(ROUND_KEY, max_len=REMEMBERED_ROUNDS, keep="last"),
                      default=[]),
})
"""The statistics file's payload (``Stats.to_json``)."""

FORMAT: Final[Format[Stats]] = Format(KIND, SCHEMA, FILE, Stats.from_clean, Stats.to_json,
                                      migrate)


def stats_path() -> Path:
    return user_data_dir() / FILENAME


def load_stats(path: Path | None = None) -> tuple[Stats, Notice | None]:
    """The statistics on disk (empty when there are none) and a message for the
    player when a file existed but could not be used, in whole or in part (it
    is then moved aside, and what was kept written back)."""
    found = read(path or stats_path(), FORMAT)
    return (found.value if found.value is not None else Stats()), found.problem


def save_stats(stats: Stats, path: Path | None = None) -> None:
    """Write atomically; raises OSError when the disk refuses."""
    write(path or stats_path(), FORMAT, stats, indent=None)


def stats_writer(stats: Stats, path: Path | None = None) -> Callable[[], None]:
    """The write of `stats` as they are now, to be run later on any thread
    (``persist.Writer``): the payload is taken here, on the caller's thread, so
    rounds counted meanwhile wait for the next write. On one line: the kept
    rounds' logs are most of the file."""
    payload = FORMAT.dump(stats)
    target = path or stats_path()
    return lambda: write_payload(target, FORMAT, payload, indent=None)
