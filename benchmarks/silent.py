"""What a trick won without a declaration tells (issue 30, candidate ``silent``).

With 3 and 4 players (RULES §4) a side that wins a trick may declare one pair
it holds, and one that wins its first trick and declares nothing although it
could loses the right for the round (``use_or_lose``): a side that wins a
trick and stays silent holds no pair it could declare then, unless it throws
a declaration away. The expert's worlds (``search.resample``) respect only the
plays' obligations (``View.excluded``); a world in which a silent side held a
pair then is one its rollouts value with a 20 or 40 for that side that a
player would have declared already. ``silences`` reads those moments from the
public record; ``consistent`` checks a world against them; ``patch`` makes the
expert's searches in ``tres`` and ``parejas`` draw each world again (up to
``TRIES`` times) until it is consistent.

    .venv/bin/python benchmarks/silent.py measure --variant parejas --rounds 20

prints how many of the worlds drawn at the expert's decisions a silence rules
out (the share the candidate changes).
"""

from __future__ import annotations

import argparse
import random
from typing import NamedTuple

from tute_desktop.bots import levels, search
from tute_desktop.engine import State
from tute_desktop.engine.cards import PAIR_MASKS
from tute_desktop.engine.events import PlayRecord, ShowRecord
from tute_desktop.engine.tricks import trick_result

TRIES = 30
"""Worlds drawn at most for one consistent with the silences."""


class Silence(NamedTuple):
    """The side of ``seats`` won a trick and declared nothing before the next
    lead; ``later[i]``: the cards ``seats[i]`` played after it (its hand then
    was the world's hand now plus those); ``sung``: the suits declared by then."""

    seats: tuple[int, ...]
    later: tuple[int, ...]
    sung: int


def silences(st: State, seat: int) -> list[Silence]:
    """The silent windows of the round so far, for the seats other than
    ``seat`` (a partner's hand is hidden too); none where there is a stock
    (2 players: draws change the hands, and declaring is not forced)."""
    if st.rules.has_stock:
        return []
    n = st.n
    trump = st.trump
    plays: list[tuple[int, int]] = []
    found: list[tuple[int, int, int]] = []  # (winner, plays so far, sung then)
    sung = 0
    pending = -1  # the winner of the trick just completed, until the next play
    for entry in st.history:
        if type(entry) is PlayRecord:
            if pending >= 0:
                found.append((pending, len(plays), sung))
                pending = -1
            plays.append((entry.seat, entry.card))
            if len(plays) % n == 0:
                trick = plays[-n:]
                wi, _ = trick_result([c for _, c in trick], trump)
                pending = trick[wi][0]
        elif type(entry) is ShowRecord:
            pending = -1  # declared: nothing is inferred
            mask = entry.mask
            if mask.bit_count() == 2:
                sung |= 1 << ((mask & -mask).bit_length() - 1) // 10
    out: list[Silence] = []
    for winner, at, then in found:
        side = st.side_of(winner)
        seats = tuple(s for s in range(n) if st.side_of(s) == side and s != seat)
        if not seats:
            continue
        later = [0] * n
        for s, c in plays[at:]:
            later[s] |= 1 << c
        out.append(Silence(seats, tuple(later[s] for s in seats), then))
    return out


def consistent(world: State, said: list[Silence]) -> bool:
    """Whether no silent side held, then, both cards of a pair not yet declared."""
    for silence in said:
        for s, later in zip(silence.seats, silence.later, strict=True):
            hand = world.hands[s] | later
            for suit in range(4):
                if not silence.sung >> suit & 1 and hand & PAIR_MASKS[suit] == PAIR_MASKS[suit]:
                    return False
    return True


VARIANTS = ("tres", "parejas")


def patch() -> None:
    """The expert's searches in ``tres`` and ``parejas`` draw worlds
    consistent with the silences (up to ``TRIES`` draws a world)."""
    plain, draw = levels.pimc, search.resample
    active: list[list[Silence]] = []

    def pimc(view, actions, rng, budget, default_ms, policy, **kw):  # type: ignore[no-untyped-def]
        mine = policy is levels.EXPERT_POLICY and view.state.rules.name in VARIANTS
        active.append(silences(view.state, view.seat) if mine else [])
        try:
            return plain(view, actions, rng, budget, default_ms, policy, **kw)
        finally:
            active.pop()

    def resample(view, rng):  # type: ignore[no-untyped-def]
        world = draw(view, rng)
        said = active[-1] if active else []
        if said:
            for _ in range(TRIES - 1):
                if consistent(world, said):
                    break
                world = draw(view, rng)
        return world

    levels.pimc = pimc  # type: ignore[assignment]
    search.resample = resample  # type: ignore[assignment]


def measure(variant: str, rounds: int, worlds: int) -> None:
    """Play ``rounds`` seeded rounds by the expert (40 worlds a move) and, at
    each of its card decisions, count the worlds drawn that a silence rules out."""
    from tute_desktop.bots import Budget
    from tute_desktop.engine import find_variant, new_game, view
    from tute_desktop.engine.state import PLAYING

    decisions = ruled = drawn = false = 0
    for seed in range(1, rounds + 1):
        rng = random.Random(seed)
        st = new_game(find_variant(variant), rng=random.Random(seed))
        bots = [levels.make_bot("expert") for _ in range(st.n)]
        while st.phase is PLAYING:
            seat = st.to_act
            assert seat is not None
            v = view(st, seat)
            said = silences(v.state, seat)
            if said and len(st.legal_actions()) > 1:
                decisions += 1
                false += not consistent(st, said)  # the true deal ruled out: a silence misread
                for _ in range(worlds):
                    drawn += 1
                    ruled += not consistent(search.resample(v, rng), said)
            st.apply(bots[seat].choose(v, rng, Budget(iterations=40)))
    print(f"{variant}: {decisions} decisions after a silence; "
          f"{ruled} of {drawn} worlds drawn ruled out ({ruled / max(drawn, 1):.1%}); "
          f"the true deal ruled out at {false}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", choices=["measure"])
    p.add_argument("--variant", default="parejas", choices=VARIANTS)
    p.add_argument("--rounds", type=int, default=10)
    p.add_argument("--worlds", type=int, default=50)
    a = p.parse_args()
    measure(a.variant, a.rounds, a.worlds)


if __name__ == "__main__":
    main()
