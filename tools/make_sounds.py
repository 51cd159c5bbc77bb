"""Synthesize the game's sound effects into assets/sounds/<name>.wav.

Run ``python tools/make_sounds.py`` from the repository root.  Every sound is made
here from sine waves and seeded noise with the standard library only (no samples,
no numpy), written as mono 16-bit 22050 Hz WAV so each file stays well under 100 KB
and loads anywhere.  The noise generators are seeded, so the output is deterministic:
running the script again gives identical files.

Card sounds are filtered noise (paper sliding on cloth); the musical cues are a
plucked, guitar-like tone, which suits a Spanish card table.  Every sound is then
scaled to the same loudness so none jumps out over the others.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
import zlib
from array import array
from collections.abc import Callable
from pathlib import Path

RATE = 22050
TARGET_LOUDNESS = 0.16  # RMS of the loudest 50 ms window (about -16 dBFS)
PEAK_LIMIT = 0.89  # about -1 dBFS, headroom for the mixer

Signal = list[float]


# --------------------------------------------------------------------------- building blocks


def silence(seconds: float) -> Signal:
    return [0.0] * int(seconds * RATE)


def noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def mix(length: float, *parts: tuple[float, Signal, float]) -> Signal:
    """Sum (start seconds, signal, gain) parts into a buffer `length` seconds long."""
    out = silence(length)
    for start, sig, gain in parts:
        offset = int(start * RATE)
        for i, v in enumerate(sig[: max(0, len(out) - offset)]):
            out[offset + i] += v * gain
    return out


def envelope(sig: Signal, attack: float, decay: float, hold: float = 0.0) -> Signal:
    """Linear attack, optional hold, then exponential decay (time constant `decay`)."""
    a = max(1, int(attack * RATE))
    h = int(hold * RATE)
    out = []
    for i, v in enumerate(sig):
        if i < a:
            g = i / a
        elif i < a + h:
            g = 1.0
        else:
            g = math.exp(-(i - a - h) / (decay * RATE))
        out.append(v * g)
    return out


def bandpass(sig: Signal, freq: float | Callable[[float], float], q: float) -> Signal:
    """RBJ biquad band-pass; `freq` may vary with time (seconds) for sweeps."""
    x1 = x2 = y1 = y2 = 0.0
    out = []
    for i, x in enumerate(sig):
        f = freq(i / RATE) if callable(freq) else freq
        if callable(freq) or i == 0:
            w0 = 2 * math.pi * f / RATE
            alpha = math.sin(w0) / (2 * q)
            a0 = 1 + alpha
            b0, b2 = alpha / a0, -alpha / a0
            a1, a2 = -2 * math.cos(w0) / a0, (1 - alpha) / a0
        y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def lowpass(sig: Signal, freq: float) -> Signal:
    k = 1 - math.exp(-2 * math.pi * freq / RATE)
    y = 0.0
    out = []
    for x in sig:
        y += k * (x - y)
        out.append(y)
    return out


def sine(freq: float, seconds: float, decay: float) -> Signal:
    return [math.sin(2 * math.pi * freq * i / RATE) * math.exp(-i / (decay * RATE))
            for i in range(int(seconds * RATE))]


def pluck(freq: float, seconds: float, rng: random.Random, bright: float = 1.0) -> Signal:
    """A plucked string: harmonics that die away faster the higher they are, plus
    a few milliseconds of filtered noise for the attack of the nail on the string."""
    n = int(seconds * RATE)
    out = [0.0] * n
    for k in range(1, 9):
        f = freq * k
        if f > RATE * 0.45:
            break
        amp = (1.0 / k ** 1.3) * (bright if k > 2 else 1.0)
        # high notes and high harmonics die away sooner, as on a nylon string
        tau = 0.65 * (220 / freq) ** 0.5 / (1 + 0.6 * (k - 1))
        w = 2 * math.pi * f / RATE
        phase = rng.uniform(0, 2 * math.pi)
        for i in range(n):
            out[i] += amp * math.sin(w * i + phase) * math.exp(-i / (tau * RATE))
    attack = envelope(bandpass(noise(0.012, rng), freq * 3, 1.5), 0.0005, 0.003)
    for i, v in enumerate(attack):
        out[i] += 0.6 * v
    return fade(out, 0.002, seconds * 0.3)


def strum(freqs: list[float], start: float, spacing: float, seconds: float,
          rng: random.Random) -> list[tuple[float, Signal, float]]:
    """A chord strummed from the lowest string up, one note every `spacing` seconds."""
    return [(start + k * spacing, pluck(f, seconds - k * spacing, rng, 0.8), 0.55)
            for k, f in enumerate(freqs)]


def room(sig: Signal, amount: float = 0.18) -> Signal:
    """A touch of early reflections so the sounds sit in a room, not in a box."""
    out = sig + [0.0] * int(0.12 * RATE)
    for delay, gain in ((0.023, 0.6), (0.037, 0.45), (0.061, 0.3), (0.089, 0.2)):
        d = int(delay * RATE)
        for i, v in enumerate(sig):
            out[i + d] += v * gain * amount
    return out


def fade(sig: Signal, fade_in: float, fade_out: float) -> Signal:
    """Short ramps at both ends: a sound that starts or stops abruptly clicks."""
    a, b = int(fade_in * RATE), int(fade_out * RATE)
    out = list(sig)
    for i in range(min(a, len(out))):
        out[i] *= i / a
    for i in range(min(b, len(out))):
        out[-1 - i] *= i / b
    return out


def note(name: str) -> float:
    """Frequency of a note like 'E4' or 'G#5' (A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[name[0]]
    steps += name.count("#") - name.count("b")
    octave = int(name[-1])
    return 440.0 * 2 ** ((steps + 12 * (octave - 4)) / 12)


# --------------------------------------------------------------------------- card sounds


def slide(seconds: float, f0: float, f1: float, rng: random.Random) -> Signal:
    """A card sliding on cloth: band-passed noise whose colour sweeps from f0 to f1."""
    sig = bandpass(noise(seconds, rng), lambda t: f0 + (f1 - f0) * min(1.0, t / seconds), 1.2)
    return envelope(sig, seconds * 0.25, seconds * 0.3)


def tap(rng: random.Random, low: float = 170.0) -> Signal:
    """The soft knock of a card landing: a damped low tone and a little paper."""
    body = sine(low, 0.06, 0.012)
    paper = envelope(lowpass(noise(0.03, rng), 1800), 0.0008, 0.006)
    return [b * 0.8 + (paper[i] if i < len(paper) else 0.0) for i, b in enumerate(body)]


def flick(rng: random.Random, seconds: float = 0.06) -> Signal:
    """A card snapped off the deck: short and bright."""
    return envelope(bandpass(noise(seconds, rng), 3200, 0.9), 0.002, seconds * 0.25)


def s_play(rng: random.Random) -> Signal:
    return mix(0.24, (0.0, slide(0.13, 2600, 1100, rng), 1.0), (0.11, tap(rng), 0.6))


def s_deal(rng: random.Random) -> Signal:
    return mix(0.14, (0.0, flick(rng, 0.06), 1.0), (0.045, tap(rng, 210), 0.5))


def s_shuffle(rng: random.Random) -> Signal:
    # A riffle: many tiny flicks, faster in the middle, then the bridge as they settle.
    parts: list[tuple[float, Signal, float]] = []
    t = 0.02
    while t < 0.62:
        speed = 0.5 + 0.5 * math.sin(math.pi * t / 0.62)
        parts.append((t, flick(rng, 0.012), 0.35 + 0.5 * speed))
        t += (0.022 - 0.01 * speed) * rng.uniform(0.7, 1.3)
    bridge = envelope(bandpass(noise(0.22, rng), 1500, 0.8), 0.03, 0.07)
    parts.append((0.62, bridge, 0.9))
    parts.append((0.78, tap(rng, 140), 0.6))
    return mix(0.9, *parts)


def s_draw(rng: random.Random) -> Signal:
    return mix(0.22, (0.0, slide(0.18, 900, 2800, rng), 1.0))


def s_trick(rng: random.Random) -> Signal:
    return mix(0.42,
               (0.0, slide(0.1, 2200, 1200, rng), 0.8),
               (0.06, slide(0.1, 2000, 1000, rng), 0.8),
               (0.12, slide(0.12, 1800, 900, rng), 0.9),
               (0.25, tap(rng, 120), 1.0))


def s_exchange(rng: random.Random) -> Signal:
    return mix(0.55,
               (0.0, flick(rng), 1.0),
               (0.15, flick(rng), 1.0),
               (0.24, pluck(note("B5"), 0.35, rng), 0.18))


def s_click(rng: random.Random) -> Signal:
    body = sine(1400, 0.04, 0.006)
    snap = envelope(bandpass(noise(0.01, rng), 4000, 1.0), 0.0003, 0.002)
    return fade([b + (snap[i] if i < len(snap) else 0.0) for i, b in enumerate(body)],
                0.0005, 0.01)


# --------------------------------------------------------------------------- musical cues


def arpeggio(names: list[str], step: float, ring: float,
             rng: random.Random) -> list[tuple[float, Signal, float]]:
    return [(k * step, pluck(note(nm), ring, rng), 0.7) for k, nm in enumerate(names)]


def s_sing20(rng: random.Random) -> Signal:
    # "Las veinte": a quick rising E-major flourish.
    return room(mix(0.75, *arpeggio(["E5", "G#5", "B5"], 0.075, 0.55, rng)))


def s_sing40(rng: random.Random) -> Signal:
    # "Las cuarenta" is worth twice as much, so it gets a longer run and a full chord.
    run = arpeggio(["E4", "G#4", "B4", "E5", "G#5"], 0.07, 0.5, rng)
    chord = strum([note(x) for x in ("E3", "B3", "E4", "G#4", "B4", "E5")], 0.38, 0.018,
                  0.85, rng)
    return room(mix(1.3, *run, *chord))


def s_round_won(rng: random.Random) -> Signal:
    run = arpeggio(["A4", "C#5", "E5", "A5"], 0.09, 0.45, rng)
    chord = strum([note(x) for x in ("A2", "E3", "A3", "C#4", "E4", "A4")], 0.4, 0.022,
                  1.0, rng)
    top = [(0.45, pluck(note("C#6"), 0.9, rng), 0.35)]
    return room(mix(1.5, *run, *chord, *top))


def s_round_lost(rng: random.Random) -> Signal:
    # Falling, slower and in a minor key: a gentle "not this time", not a buzzer.
    run = [(k * 0.16, pluck(note(x), 0.5, rng, 0.7), 0.7)
           for k, x in enumerate(["A4", "G4", "E4", "C4"])]
    chord = strum([note(x) for x in ("A2", "E3", "A3", "C4", "E4")], 0.62, 0.035, 0.75, rng)
    return room(lowpass(mix(1.45, *run, *chord), 3000))


SOUNDS: dict[str, Callable[[random.Random], Signal]] = {
    "play": s_play,
    "deal": s_deal,
    "shuffle": s_shuffle,
    "draw": s_draw,
    "trick": s_trick,
    "sing20": s_sing20,
    "sing40": s_sing40,
    "exchange": s_exchange,
    "round_won": s_round_won,
    "round_lost": s_round_lost,
    "click": s_click,
}


# --------------------------------------------------------------------------- output


def loudness(sig: Signal, window: float = 0.05) -> float:
    """RMS of the loudest `window`-long stretch: what the ear notices in a short cue."""
    n = max(1, int(window * RATE))
    best = 0.0
    acc = sum(v * v for v in sig[:n])
    best = acc
    for i in range(n, len(sig)):
        acc += sig[i] * sig[i] - sig[i - n] * sig[i - n]
        best = max(best, acc)
    return math.sqrt(max(best, 0.0) / n)


def normalise(sig: Signal) -> Signal:
    gain = TARGET_LOUDNESS / max(loudness(sig), 1e-9)
    peak = max(abs(v) for v in sig) * gain
    if peak > PEAK_LIMIT:  # a very spiky sound gives up some loudness rather than clip
        gain *= PEAK_LIMIT / peak
    return [v * gain for v in sig]


def to_pcm(sig: Signal) -> bytes:
    samples = array("h", (max(-32767, min(32767, round(v * 32767))) for v in sig))
    if sys.byteorder == "big":  # WAV is little-endian
        samples.byteswap()
    return samples.tobytes()


def render(name: str) -> bytes:
    """The 16-bit PCM data of one sound."""
    rng = random.Random(zlib.crc32(name.encode()))  # stable seed (str hash() is salted)
    return to_pcm(fade(normalise(SOUNDS[name](rng)), 0.001, 0.01))


def write_wav(path: Path, pcm: bytes) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm)


def read_wav(path: Path) -> list[float]:
    """Samples of one of our WAVs as floats in [-1, 1] (used by the tests)."""
    with wave.open(str(path), "rb") as w:
        data = w.readframes(w.getnframes())
    return [v / 32767 for v in struct.unpack(f"<{len(data) // 2}h", data)]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path(__file__).resolve().parent.parent / "assets" / "sounds"
    out.mkdir(parents=True, exist_ok=True)
    for name in SOUNDS:
        path = out / f"{name}.wav"
        write_wav(path, render(name))
        print(f"{path.name:16} {path.stat().st_size / 1024:5.1f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
