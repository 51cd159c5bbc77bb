"""Time-based tweens (seconds, not frames), eased, updated by ``dt``."""

from __future__ import annotations

import math
from collections.abc import Callable

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


class Tween:
    """Moves a value (a tuple of floats) from ``start`` to ``end`` over ``duration``
    seconds, after ``delay`` seconds."""

    __slots__ = ("start", "end", "duration", "delay", "easing", "elapsed")

    def __init__(
        self,
        start: tuple[float, ...],
        end: tuple[float, ...],
        duration: float,
        easing: Easing = ease_out_cubic,
        delay: float = 0.0,
    ) -> None:
        self.start = start
        self.end = end
        self.duration = max(duration, 1e-6)
        self.delay = delay
        self.easing = easing
        self.elapsed = 0.0

    def update(self, dt: float) -> tuple[float, ...]:
        self.elapsed += dt
        return self.value

    @property
    def value(self) -> tuple[float, ...]:
        t = (self.elapsed - self.delay) / self.duration
        k = self.easing(0.0 if t < 0.0 else 1.0 if t > 1.0 else t)
        return tuple([a + (b - a) * k for a, b in zip(self.start, self.end, strict=True)])

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration
