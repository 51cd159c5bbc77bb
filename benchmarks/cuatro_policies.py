"""Rules of thumb for four seats each alone (``cuatro``), tried as changes of
the rule-based player (``Policy``) in self-play before any search uses them
(issue 32 item 5, docs/benchmarks.md): the tweaked player in each seat of a
deal against three ``Policy(0.0)``, the pairwise score per duplicate deal.

    nice -n 10 .venv/bin/python benchmarks/cuatro_policies.py masters 300

Tweaks: ``none`` (the plain player: 50.0% exactly), ``dump`` (when no card
wins the trick and its taker is not the points leader of the others, throw
the card worth most of those that can never win a trick), ``dumpall`` (that
whoever takes it), ``nodraw`` (draw trumps only holding as many as are out),
``masters`` (lead the master of a side suit worth most while three or more of
its cards are out), ``short`` / ``long`` (without a master or a trump to draw,
lead a blank of the shortest / longest side suit).

    nice -n 10 .venv/bin/python benchmarks/cuatro_policies.py --decisions 300

counts the plain player's choices between two or more cards in 300 rounds:
leads, and follows where every legal card wins the trick so far, none does,
or some do (a choice whether to take it).
"""

from __future__ import annotations

import random
import statistics
import sys

from arena import paired, pairwise, sprt

from tute_desktop.bots.policy import Policy
from tute_desktop.engine import State, find_variant, new_game
from tute_desktop.engine.cards import ALL_CARDS_MASK, CARD_POINTS, SUIT_MASKS, bits
from tute_desktop.engine.state import PLAYING
from tute_desktop.engine.tricks import ABOVE, BEATING, trick_result


class AlonePolicy(Policy):
    """The rule-based player (``Policy``) with one rule of thumb changed (``tweak``)."""

    __slots__ = ("tweak",)

    def __init__(self, eps: float = 0.0, tweak: str = "") -> None:
        super().__init__(eps)
        self.tweak = tweak

    def plain_card(self, st: State, rng: random.Random) -> int:
        c = super().plain_card(st, rng)
        if c < 0 or self.tweak in ("", "none"):
            return c
        seat = st.to_act
        if not st.trick_cards:
            assert seat is not None
            return self._lead(st, seat, st.legal_play_mask(), c)
        if self.tweak not in ("dump", "dumpall"):
            return c
        assert seat is not None
        mask = st.legal_play_mask()
        if not mask & (mask - 1):
            return c
        return self._follow(st, seat, mask, c)

    def _lead(self, st: State, seat: int, mask: int, default: int) -> int:
        tweak = self.tweak
        trump = st.trump
        hand = st.hands[seat]
        out = ALL_CARDS_MASK & ~st.played_mask() & ~hand
        tmask = SUIT_MASKS[trump]
        if tweak == "nodraw":
            # Draw trumps only holding as many as are out.
            if default // 10 == trump and (hand & tmask).bit_count() < (out & tmask).bit_count():
                rest = [c for c in bits(mask) if c // 10 != trump]
                if rest:
                    return min(rest, key=lambda c: CARD_POINTS[c] * 1.5 + c % 10 * 0.3)
            return default
        if tweak == "masters":
            # A card nobody can beat in its suit, led while every other seat
            # likely still holds the suit (fewer trumps risked).
            if default // 10 != trump and not (out & ABOVE[default]):
                return default
            ms = [c for c in bits(mask) if c // 10 != trump and not out & ABOVE[c]
                  and (out & SUIT_MASKS[c // 10]).bit_count() >= 3]
            if ms and default // 10 != trump:
                return max(ms, key=lambda c: CARD_POINTS[c])
            return default
        if tweak in ("short", "long"):
            if default // 10 == trump or not (out & ABOVE[default]):
                return default  # a trump drawn, or a master: the plain rules
            # A low card of the shortest (longest) side suit.
            def length(c: int) -> int:
                return (hand & SUIT_MASKS[c // 10]).bit_count()
            side = [c for c in bits(mask) if c // 10 != trump and CARD_POINTS[c] == 0]
            if not side:
                return default
            if tweak == "short":
                return min(side, key=lambda c: (length(c), c % 10))
            return min(side, key=lambda c: (-length(c), c % 10))
        return default

    def _follow(self, st: State, seat: int, mask: int, default: int) -> int:
        trick = st.trick_cards
        trump = st.trump
        wi, on_table = trick_result(trick, trump)
        if mask & BEATING[trump][trick[wi]]:
            return default  # a card of ours can win: the plain rules
        taker = st.trick_seats[wi]
        points = list(st.points)
        points[taker] += on_table
        others = [s for s in range(st.n) if s != seat]
        leader = max(others, key=points.__getitem__)
        if self.tweak == "dump" and taker == leader:
            return default
        # Cards that can never win a trick: dump the one worth most now.
        hand = st.hands[seat]
        out = ALL_CARDS_MASK & ~st.played_mask() & ~hand
        dead = [c for c in bits(mask) if c // 10 != trump and out & ABOVE[c]]
        if not dead:
            return default
        best = max(dead, key=CARD_POINTS.__getitem__)
        return best if CARD_POINTS[best] > CARD_POINTS[default] else default


def play(seed: int, a_seat: int, A: Policy, B: Policy) -> tuple[bool, float]:
    st = new_game(find_variant("cuatro"), seed=seed)
    rng = random.Random(seed)
    while st.phase is PLAYING:
        p = A if st.to_act == a_seat else B
        st.apply(p.act(st, rng), record=False)
    return st.round_winner == st.side_of(a_seat), st.points[st.side_of(a_seat)] - sum(st.points) / 4

def main(name: str, n: int, first: int = 1) -> None:
    A = AlonePolicy(tweak=name)
    B = Policy(0.0)
    scores: list[float] = []
    pts: list[float] = []
    for seed in range(first, first+n):
        r = [play(seed, s, A, B) for s in range(4)]
        scores.append(pairwise(sum(w for w, _ in r) / 4, 4))
        pts.append(sum(p for _, p in r) / 4)
    m, lo, hi = paired(scores)
    print(name, n, f"score {100 * m:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}%)",
          f"points {statistics.fmean(pts):+.2f} a game against the mean", "SPRT", sprt(scores))
def decisions(rounds: int) -> None:
    policy = Policy(0.0)
    leads = every = none = some = 0
    for seed in range(1, rounds + 1):
        st = new_game(find_variant("cuatro"), seed=seed)
        rng = random.Random(seed)
        while st.phase is PLAYING:
            mask = st.legal_play_mask() if st.ask == 0 else 0
            if mask & (mask - 1):
                if not st.trick_cards:
                    leads += 1
                else:
                    wi, _ = trick_result(st.trick_cards, st.trump)
                    wins = mask & BEATING[st.trump][st.trick_cards[wi]]
                    if wins and wins != mask:
                        some += 1
                    elif wins:
                        every += 1
                    else:
                        none += 1
            st.apply(policy.act(st, rng), record=False)
    print(f"{rounds} rounds: {leads} leads; follows where every card wins {every},"
          f" none wins {none}, some win {some}")


if __name__ == "__main__":
    if sys.argv[1] == "--decisions":
        decisions(int(sys.argv[2]))
    else:
        main(sys.argv[1], int(sys.argv[2]))
