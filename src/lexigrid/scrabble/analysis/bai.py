"""Best-arm identification for the simulation: which play to sample next (Top-Two sampling with the TCB
challenger) and when the best play is identified (a paired GLR test against Garivier and Kaufmann's
threshold). The rule is described in `lexigrid.scrabble.analysis.sim`; this module knows only arrays
of utilities.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import numpy as np

VARIANCE_FLOOR = 1e-6  # a play's utility variance at least this (a few equal play-outs are not certain)
EXACT = 1e-12  # a paired difference varying less than this (rounding) is taken as exact
LEADER_SHARE = 0.5  # Top-Two's beta: the chance that a pick goes to the leader


def threshold(playouts: int, confidence: float) -> float:
    """GK16's stopping threshold log((1 + log t) / delta) at t play-outs, delta = 1 - confidence."""
    return math.log((1.0 + math.log(max(playouts, 1))) / (1.0 - confidence))


def paired_glr(leader: np.ndarray, other: np.ndarray, exact: bool = False) -> float:
    """The evidence that `leader` beats `other`: n d^2 / 2 s^2 over the paired differences of the
    iterations both have (0 when the mean difference is not positive, or from one difference unless the
    play-outs are `exact`, an empty bag's; infinite when the difference is exact)."""
    n = min(len(leader), len(other))
    if n == 0 or (n == 1 and not exact):
        return 0.0
    diffs = leader[:n] - other[:n]
    mean = float(diffs.mean())
    if mean <= 0:
        return 0.0
    var = float(diffs.var(ddof=1)) if n > 1 else 0.0
    if var <= EXACT:
        return math.inf
    return n * mean * mean / (2.0 * var)


def evidence(utilities: Sequence[np.ndarray], leader: int, exact: bool = False) -> list[float]:
    """`paired_glr` of the leader against each play (infinite against itself)."""
    lead = utilities[leader]
    return [math.inf if c == leader else paired_glr(lead, u, exact) for c, u in enumerate(utilities)]


def leader_confidence(weakest: float, playouts: int) -> float:
    """The confidence at which the weakest evidence just passes the threshold (0 to 1)."""
    if math.isinf(weakest):
        return 1.0
    return max(0.0, 1.0 - (1.0 + math.log(max(playouts, 1))) * math.exp(-weakest))


def top_two(utilities: Sequence[np.ndarray], caps: int, picks: int, rng: random.Random) -> list[int]:
    """`picks` plays to sample next (repeats allowed), chosen one at a time from the means and variances
    now while the counts advance as plays are picked; no play past `caps` play-outs. A challenger is the
    open play of least Gaussian transportation cost from the leader plus log n (TCB's penalty)."""
    means = [float(u.mean()) for u in utilities]
    variances = [max(float(u.var(ddof=1)) if len(u) > 1 else 0.0, VARIANCE_FLOOR) for u in utilities]
    counts = [len(u) for u in utilities]
    leader = max(range(len(means)), key=lambda c: (means[c], -c))
    plays = range(len(counts))
    # a cost's parts kept per play (the cost is made again from them as counts move, the same floats):
    # the squared gap to the leader (None when not behind it), variance / count and log count
    gaps = [means[leader] - m for m in means]
    squares = [gap * gap if gap > 0 else None for gap in gaps]
    shares = [v / n for v, n in zip(variances, counts, strict=True)]
    logs = [math.log(n) for n in counts]
    costs: list[float] = []  # each play's cost against the leader (made again when the leader's count moves)
    chosen: list[int] = []
    for _ in range(picks):
        if not costs:
            lead = shares[leader]
            costs = [
                _cost(square, lead + share, log_count)
                for square, share, log_count in zip(squares, shares, logs, strict=True)
            ]
            costs[leader] = math.inf
        challenger, least = None, math.inf  # the open play of least cost, the first of equals
        for c in plays:
            if c != leader and counts[c] < caps and (challenger is None or costs[c] < least):
                challenger, least = c, costs[c]
        leader_open = counts[leader] < caps
        if challenger is None and not leader_open:
            break
        coin = rng.random() < LEADER_SHARE
        pick = leader if (coin or challenger is None) and leader_open else challenger
        assert pick is not None
        chosen.append(pick)
        counts[pick] += 1
        shares[pick] = variances[pick] / counts[pick]
        logs[pick] = math.log(counts[pick])
        if pick == leader:
            costs = []
        else:
            costs[pick] = _cost(squares[pick], shares[leader] + shares[pick], logs[pick])
    return chosen


def _cost(square: float | None, spread: float, log_count: float) -> float:
    """The transportation cost from a squared gap and the summed variances over counts, plus log n."""
    return (square / (2.0 * spread) if square is not None else 0.0) + log_count
