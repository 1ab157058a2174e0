"""Self-play tournaments: the interval, the labels, and totals that add up."""

from __future__ import annotations

import pytest

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.runner import QUIET_RUNNER
from lexigrid.scrabble.learn.selfplay import labels_for, play_one, tournament
from lexigrid.stats import wilson


@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [(50, 100, 0.4038, 0.5962), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (635, 1000, 0.6047, 0.6642)],
)
def test_wilson_interval(wins: float, n: int, low: float, high: float) -> None:
    found = wilson(wins, n)
    assert found == pytest.approx((low, high), abs=1e-4)


def test_labels_number_repeated_levels() -> None:
    assert labels_for(["equity", "score"]) == ["equity", "score"]
    assert labels_for(["equity", "equity", "score"]) == ["equity#1", "equity#2", "score"]


def test_three_player_tournament_adds_up(default_lexicon: Lexicon) -> None:
    result = tournament(["equity", "score", "top:2"], 6, seed=40, runner=QUIET_RUNNER)
    assert sum(result.wins.values()) == pytest.approx(6)
    games = [play_one((40 + i // 3, i % 3, ("equity", "score", "top:2"), None, None)) for i in range(6)]
    for k, level in enumerate(["equity", "score", "top:2"]):
        scores = [g.scores[(k - g.rotation) % 3] for g in games]
        assert all(g.levels[(k - g.rotation) % 3] == level for g in games)
        assert result.avg_score[level] == pytest.approx(sum(scores) / 6)
    assert result.turns == sum(g.turns for g in games)


def test_bad_tournaments_are_refused() -> None:
    with pytest.raises(LexigridError, match="2 to 4 players"):
        tournament(["equity"], 2, runner=QUIET_RUNNER)
    with pytest.raises(LexigridError, match="at least 1"):
        tournament(["equity", "score"], 0, runner=QUIET_RUNNER)
