"""A copy of ../shared/bench/bare_rollout.py (the reference floor the project's
engine speed is measured against, issue 21), so that benchmarks/engine_speed.py can
run it in the same process on a fresh clone. Keep it identical to the shared file
but for this docstring and the function ``rounds_per_second`` at the end."""
import random
import sys
import time

ORDER = [10, 1, 9, 2, 3, 4, 5, 6, 7, 8]  # rank index 0..9 for 1,2,3,4,5,6,7,10,11,12 -> strength
PTS = [11, 0, 10, 0, 0, 0, 0, 2, 3, 4]


def rollout(rng):
    deck = list(range(40))
    rng.shuffle(deck)
    hands = [deck[0:8], deck[8:16]]
    stock = deck[16:]
    trump = stock[-1] // 10
    lead = 0
    pts = [0, 0]
    while hands[0]:
        a = rng.choice(hands[lead])
        hands[lead].remove(a)
        f = 1 - lead
        h = hands[f]
        sa = a // 10
        if stock:
            if sa == trump:
                t = [c for c in h if c // 10 == trump]
                legal = t or h
            else:
                legal = h
        else:
            same = [c for c in h if c // 10 == sa]
            if same:
                up = [c for c in same if ORDER[c % 10] > ORDER[a % 10]]
                legal = up or same
            else:
                t = [c for c in h if c // 10 == trump]
                legal = t or h
        b = rng.choice(legal)
        h.remove(b)
        sb = b // 10
        if sb == sa:
            w = f if ORDER[b % 10] > ORDER[a % 10] else lead
        else:
            w = f if sb == trump else lead
        pts[w] += PTS[a % 10] + PTS[b % 10]
        if stock:
            hands[w].append(stock.pop(0))
            hands[1 - w].append(stock.pop(0))
        lead = w
    pts[lead] += 10
    return pts



def rounds_per_second(seconds: float) -> float:
    """The bare rollout's rate, as the shared script measures it."""
    rng = random.Random(1)
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        rollout(rng)
        n += 1
    return n / (time.perf_counter() - t0)


if __name__ == "__main__":
    secs = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print(f"bare rollout: {rounds_per_second(secs):.0f} rounds/s")
