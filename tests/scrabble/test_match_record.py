"""Issue 24's third `sim` v `old` match, published in docs/proofs: every game fixed in advance was played,
and the figures docs/scrabble.md reports are its games' (counted here by hand, the interval checked by the
score test it inverts, not by `lexigrid.stats`)."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "docs" / "proofs" / "scrabble-match-sim-old-0.5.jsonl"
ROW = re.compile(
    r"\| `sim` v `old` \(third match, 10,000 games fixed in advance\) \| \S+ \| 10,000 \| "
    r"([\d,]+) \((\d+)\) \| "
    r"([\d.]+) % \(([\d.]+)-([\d.]+) %\) \| ([+-][\d.]+) \|"
)
Z95 = 1.959964  # the 97.5th percentile of the standard normal


def _match() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    header, *games = (json.loads(line) for line in RECORD.read_text().splitlines())
    return header, games


def _score_z(rate: float, games: int, p: float) -> float:
    """How many standard errors the win rate lies from p, the error taken at p (Wilson's score test)."""
    return abs(rate - p) / math.sqrt(p * (1 - p) / games)


def test_the_match_is_every_game_fixed_in_advance() -> None:
    header, games = _match()
    assert header == {"job": "bench_match", "a": "sim", "b": "old", "seconds": 0.5, "seed": 7001}
    played = sorted((game["pair"], game["seat"]) for game in games)
    assert played == [(pair, seat) for pair in range(7001, 12001) for seat in (0, 1)]


def test_the_reported_figures_are_the_games() -> None:
    _, games = _match()
    found = ROW.search((ROOT / "docs" / "scrabble.md").read_text())
    assert found is not None, "docs/scrabble.md has no row for the third match"
    wins, draws, rate, low, high, spread = found.groups()
    won = sum(1 for game in games if game["spread"] > 0)
    drawn = sum(1 for game in games if game["spread"] == 0)
    assert (int(wins.replace(",", "")), int(draws)) == (won, drawn)
    share = (won + drawn / 2) / len(games)
    assert f"{100 * share:.1f}" == rate
    assert f"{sum(game['spread'] for game in games) / len(games):+.1f}" == spread
    for end, side in ((float(low) / 100, -1), (float(high) / 100, 1)):  # each end, shown to 0.1 %
        inside, outside = end - side * 0.0005, end + side * 0.0005
        assert _score_z(share, len(games), inside) < Z95 < _score_z(share, len(games), outside)
