"""The golden baseline in the repository (tests/scrabble/golden_nwl.jsonl, on the bundled nwl): a dozen
positions' placement counts, top moves and best moves, as the engine found them and the brute-force
oracle confirmed (`python -m tests.scrabble.golden` writes it). Needs nothing beside the checkout."""

from __future__ import annotations

from typing import Any

import pytest

from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import Engine
from tests.scrabble.golden import TOP, baseline, move_row, position_of
from tests.scrabble.oracle import placements

ROWS = baseline()


@pytest.fixture(scope="module")
def nwl_engine(default_lexicon: Lexicon) -> Engine:
    """The engine over the bundled lexicon."""
    return Engine(default_lexicon)


def test_the_baseline_covers_what_it_should() -> None:
    names = [row["name"] for row in ROWS]
    assert len(ROWS) >= 12 and len(set(names)) == len(names)
    positions = {row["name"]: position_of(row) for row in ROWS}
    assert any(p.board.is_empty() for p in positions.values())  # openings
    assert any("?" in str(p.rack) for p in positions.values())  # blanks
    assert any(p.bag_size() == 0 for p in positions.values())  # an endgame
    assert any(0 < p.bag_size() < 7 for p in positions.values())  # few tiles in the bag
    assert any("." in m["paren"] or "(" in m["paren"] for row in ROWS for m in row["top_by_score"])


@pytest.mark.parametrize("row", ROWS, ids=[row["name"] for row in ROWS])
def test_counts_top_moves_and_best_moves(nwl_engine: Engine, row: dict[str, Any]) -> None:
    position = position_of(row)
    moves = nwl_engine.moves(position)
    assert moves.count == nwl_engine.count(position) == row["placements"]
    assert len(moves.exchanges) + 1 == row["exchanges_and_pass"]
    assert [move_row(m) for m in moves.top(TOP, "score", mirrors=True)] == row["top_by_score"]
    best_score, best_equity = nwl_engine.best(position, "score"), nwl_engine.best(position, "equity")
    assert (move_row(best_score) if best_score else None) == row["best_by_score"]
    assert best_equity is not None and move_row(best_equity) == row["best_by_equity"]


def test_an_opening_still_agrees_with_the_oracle(nwl_engine: Engine) -> None:
    """The oracle's check of the baseline, again, on the quickest position (an opening)."""
    row = next(row for row in ROWS if row["name"] == "opening")
    _agrees_with_the_oracle(nwl_engine, row)


@pytest.mark.slow
@pytest.mark.timeout(3600)  # the two-blank rack's brute force is ~3 CPU min: 14 min wall on a loaded machine
@pytest.mark.parametrize("row", ROWS, ids=[row["name"] for row in ROWS])
def test_every_position_agrees_with_the_oracle(nwl_engine: Engine, row: dict[str, Any]) -> None:
    _agrees_with_the_oracle(nwl_engine, row)


def _agrees_with_the_oracle(engine: Engine, row: dict[str, Any]) -> None:
    position = position_of(row)
    compiled = {frozenset(m.squares()): (m.notation, m.score) for m in engine.moves(position).placements()}
    slow = placements(position.board, position.rack, engine.lexicon)
    assert len(compiled) == len(slow) == row["placements"]
    assert compiled == {key: (m.notation, m.score) for key, m in slow.items()}
