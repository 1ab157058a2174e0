"""benchmarks/bench_sim_oracle.py's long values: every candidate played out on every deal, and they are the
simulation's own play-outs on those deals (a run of the benchmark broke when the play-outs gained their
replies, and no other test runs it)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

import pytest

from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import Engine, parse_cgp
from lexigrid.scrabble.analysis.sim import simulate
from tests.scrabble.conftest import REFERENCE_BOARD


@pytest.fixture(scope="module")
def oracle() -> ModuleType:
    """The benchmark as a module (it imports bench_match.py beside it)."""
    benchmarks = str(Path(__file__).parents[2] / "benchmarks")
    sys.path.insert(0, benchmarks)
    try:
        return importlib.import_module("bench_sim_oracle")
    finally:
        sys.path.remove(benchmarks)


def test_the_long_values_are_the_simulation_s_play_outs_on_the_same_deals(
    oracle: ModuleType, default_lexicon: Lexicon
) -> None:
    position = parse_cgp(f"{REFERENCE_BOARD} AEINRST/ 0/0 0")
    engine = Engine(default_lexicon)
    candidates, found = oracle.long_values(position, engine, 3, [], 1, 4)
    assert found.shape == (4, 3, 2)  # deals, candidates, (value, win)
    result = simulate(position, engine, plays=3, plies=1, iterations=4, seed=oracle.LONG_SEED)
    for play in result.plays:
        column = next(i for i, move in enumerate(candidates) if move.key == play.move.key)
        assert list(found[:, column, 0]) == play.values and list(found[:, column, 1]) == play.wins
