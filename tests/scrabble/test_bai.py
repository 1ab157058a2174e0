"""Best-arm identification: Top-Two's picks, the paired test and GK16's threshold."""

from __future__ import annotations

import math
import random

import numpy as np

from lexigrid.scrabble.analysis.bai import evidence, leader_confidence, paired_glr, threshold, top_two


def test_the_threshold_grows_with_confidence_and_slowly_with_play_outs() -> None:
    assert math.isclose(threshold(1000, 0.99), math.log((1 + math.log(1000)) / 0.01))
    assert threshold(1000, 0.999) > threshold(1000, 0.99) > threshold(1000, 0.9)
    assert threshold(10**6, 0.99) - threshold(1000, 0.99) < 1
    assert math.isclose(leader_confidence(threshold(1000, 0.99), 1000), 0.99)
    assert leader_confidence(0.0, 1000) == 0.0 and leader_confidence(math.inf, 1000) == 1.0


def test_the_paired_test_uses_the_common_iterations() -> None:
    leader = np.array([1.0, 0.0, 1.0, 1.0, 0.5])
    assert paired_glr(leader, leader - 0.1) == math.inf  # an exact difference
    assert paired_glr(leader, leader) == 0.0 and paired_glr(leader - 0.1, leader) == 0.0
    other = np.array([0.9, 0.1, 0.7])  # only the first three iterations are paired
    diffs = np.array([0.1, -0.1, 0.3])
    assert math.isclose(paired_glr(leader, other), 3 * diffs.mean() ** 2 / (2 * diffs.var(ddof=1)))
    assert evidence([leader, other], 0)[0] == math.inf


def test_one_paired_difference_is_no_evidence_unless_the_play_outs_are_exact() -> None:
    """One play-out each (`scrabble sim --iterations 1`) named a best play "identified at 99 %": a single
    difference has no spread to measure, so it proves nothing; an empty bag's one play-out is exact."""
    leader, other = np.array([0.9]), np.array([0.4])
    assert paired_glr(leader, other) == 0.0 and evidence([leader, other], 0) == [math.inf, 0.0]
    assert paired_glr(leader, other, exact=True) == math.inf
    assert evidence([leader, other], 0, exact=True) == [math.inf, math.inf]


def test_top_two_splits_between_the_leader_and_the_closest_rival() -> None:
    rng = np.random.default_rng(1)
    arms = [rng.normal(mean, 1.0, 100) for mean in (0.5, 0.45, -3.0)]
    picks = top_two(arms, 10**9, 400, random.Random(2))
    assert len(picks) == 400
    assert 150 < picks.count(0) < 250 and picks.count(1) > 5 * max(1, picks.count(2))
    assert top_two(arms, 101, 400, random.Random(2)).count(0) == 1  # no play past its cap
    assert top_two(arms, 100, 400, random.Random(2)) == []
    assert top_two(arms, 10**9, 50, random.Random(2)) == top_two(arms, 10**9, 50, random.Random(2))


def _top_two_by_definition(
    utilities: list[np.ndarray], caps: int, picks: int, rng: random.Random
) -> list[int]:
    """Top-Two as written down: each pick, the challenger is the open play (not the leader) of least
    transportation cost + log n, the first of equals; a coin gives the leader half the picks."""
    means = [float(u.mean()) for u in utilities]
    variances = [max(float(u.var(ddof=1)), 1e-6) for u in utilities]
    counts = [len(u) for u in utilities]
    leader = max(range(len(means)), key=lambda c: (means[c], -c))
    chosen: list[int] = []
    for _ in range(picks):
        open_ = [c for c in range(len(counts)) if counts[c] < caps]
        if not open_:
            break
        costs = {}
        for c in open_:
            if c != leader:
                gap = means[leader] - means[c]
                spread = variances[leader] / counts[leader] + variances[c] / counts[c]
                costs[c] = (gap * gap / (2 * spread) if gap > 0 else 0.0) + math.log(counts[c])
        challenger = min(costs, key=lambda c: (costs[c], c)) if costs else None
        coin = rng.random() < 0.5
        pick = leader if (coin or challenger is None) and leader in open_ else challenger
        assert pick is not None  # the leader is open whenever no challenger is
        chosen.append(pick)
        counts[pick] += 1
    return chosen


def test_top_two_picks_as_its_definition_does() -> None:
    """The incremental picker (costs made again only when the leader's count moves) picks exactly what the
    rule picks recomputed from scratch, caps reached and ties included."""
    setup = random.Random(3)
    for trial in range(60):
        plays = setup.randint(1, 12)
        utilities = [
            np.array([setup.gauss(setup.choice((0.4, 0.5, 0.5)), 0.2) for _ in range(setup.randint(2, 40))])
            for _ in range(plays)
        ]
        caps = setup.randint(2, 60)
        picks = setup.randint(1, 300)
        assert top_two(utilities, caps, picks, random.Random(trial)) == _top_two_by_definition(
            utilities, caps, picks, random.Random(trial)
        ), trial
