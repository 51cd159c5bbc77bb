"""The one range of a deal seed, everywhere: the command line (``tute --seed``,
the benchmarks' ``--seed``), the protocol (``new``, ``next``, ``bot``,
``analyze``), saves, tournaments and the statistics' round keys all take a
whole number from 0 to ``SEED_MAX`` (docs/protocol.md "Seeds", docs/files.md).

2**63 - 1 is the largest signed 64-bit integer, so a seed fits a 64-bit field
in any other program that drives the engine, and a statistics round key made
from it ("<seed>/<round>") stays short.
"""

from __future__ import annotations

from typing import Final

from .errors import TuteError

SEED_MAX: Final = 2**63 - 1
"""The largest seed: seeds are whole numbers 0 to this."""


class SeedError(TuteError):
    """A seed that is not a whole number from 0 to ``SEED_MAX``. ``code`` is the
    protocol's (an error line's ``code``)."""

    code: Final = "bad_seed"


def is_seed(value: object) -> bool:
    """A whole number (not a bool) from 0 to ``SEED_MAX``."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= SEED_MAX


def check_seed(value: object, what: str = "seed") -> int:
    """``value`` when it is a seed; else raises ``SeedError`` saying the range."""
    if not is_seed(value):
        raise SeedError(f"'{what}' must be a whole number from 0 to {SEED_MAX}")
    assert isinstance(value, int)
    return value


def parse_seed(text: str) -> int:
    """A seed written in decimal (a command line's); raises ``SeedError``."""
    try:
        value = int(text.strip(), 10)
    except ValueError:  # not a number, or more digits than Python reads (4300)
        raise SeedError(f"a seed is a whole number from 0 to {SEED_MAX}") from None
    if not is_seed(value):
        raise SeedError(f"a seed is a whole number from 0 to {SEED_MAX}")
    return value
