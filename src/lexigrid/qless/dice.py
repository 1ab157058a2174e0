"""The twelve Q-Less letter dice and rolling them."""

from __future__ import annotations

import random

from lexigrid.qless.notation import Roll

# The published Q-Less dice, six faces each (rules data, not test data).
DICE: tuple[str, ...] = (
    "MMLLBY",
    "VFGKPP",
    "HHNNRR",
    "DFRLLW",
    "RRDLGG",
    "XKBSZN",
    "WHHTTP",
    "CCBTJD",
    "CCMTTS",
    "OIINNY",
    "AEIOUU",
    "AAEEOO",
)


def roll(seed: int | None = None) -> Roll:
    """Roll the twelve dice: one face of each, in dice order (a fixed seed gives a fixed roll)."""
    rng = random.Random(seed)
    return "".join(rng.choice(die) for die in DICE)
