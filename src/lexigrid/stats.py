"""Intervals for proportions, shared by every game's surveys (self-play win rates, unsolvable rolls)."""

from __future__ import annotations

import math

Z95 = 1.959964  # the standard normal's 97.5th percentile


def wilson(wins: float, n: int) -> tuple[float, float]:
    """Wilson's 95% score interval for a proportion of wins out of n."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)
