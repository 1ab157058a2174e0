"""The pre-endgame solver on MAGPIE's solved TWL06 pre-endgames (../shared/data/scrabble/peg.jsonl, PEG.md):
every move MAGPIE proved at full depth has the same win % here, and the best play found is exact and at least
as good as the best MAGPIE proved. One test per proven move and per full solve, so none nears the per-test
timeout; the full solve runs on the positions won in every scenario by the best plays (a loss drops a play
there at once) whose mover holds no blank (a blank multiplies the plays: position 3's full solve outlasted the
600 s per-test timeout on the loaded machine; position 1's takes about 16 s of CPU). The split and the lost
positions take many minutes of CPU here: bench_peg.py times them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from lexigrid.scrabble import Engine
from lexigrid.scrabble.analysis.peg import judge, solve_peg
from lexigrid.scrabble.core.cgp import parse_cgp
from lexigrid.scrabble.core.move import Move
from tests.conftest import SHARED, shared_file

PEG_FILE = SHARED / "data" / "scrabble" / "peg.jsonl"
ROWS: list[dict[str, Any]] = (
    [json.loads(line) for line in PEG_FILE.read_text().splitlines()] if PEG_FILE.exists() else []
)
PROVEN_MOVES = [(i, proven["move"]) for i, row in enumerate(ROWS) for proven in row["magpie_exact"]] or [
    (0, "")
]
WON = [
    i
    for i, row in enumerate(ROWS)
    if any(found["win_pct"] == 100 for found in row["magpie_exact"]) and "?" not in row["cgp"].split()[1]
] or [0]


def _row(index: int) -> dict[str, Any]:
    """A position of peg.jsonl (skips when ../shared is absent)."""
    shared_file("data", "scrabble", "peg.jsonl")
    return ROWS[index]


@pytest.fixture(scope="module")
def engine() -> Engine:
    """The TWL06 engine of the shared positions (skips when ../shared is absent)."""
    from lexigrid.lexicon import load

    position = parse_cgp(_row(0)["cgp"])
    return Engine(load(shared_file("data", "lexicons", "twl06.txt")), position.rules)


def _moves(row: dict[str, Any], engine: Engine) -> dict[str, Move]:
    """The position's placements by notation."""
    return {move.notation: move for move in engine.moves(parse_cgp(row["cgp"])).placements()}


@pytest.mark.slow
@pytest.mark.parametrize(("index", "move"), PROVEN_MOVES)
def test_magpies_proven_moves_have_the_same_win_pct(index: int, move: str, engine: Engine) -> None:
    row = _row(index)
    proven = next(found for found in row["magpie_exact"] if found["move"] == move)
    judged = judge(parse_cgp(row["cgp"]), _moves(row, engine)[move], engine)
    assert judged is not None and judged.exact
    assert (judged.win_pct, judged.scenarios) == (pytest.approx(proven["win_pct"]), proven["orderings"])


@pytest.mark.slow
@pytest.mark.parametrize("index", WON)
def test_the_best_play_is_exact_and_at_least_magpies(index: int, engine: Engine) -> None:
    row = _row(index)
    solution = solve_peg(parse_cgp(row["cgp"]), engine, top=1)
    assert solution.exact
    assert solution.plays[0].win_pct >= max(proven["win_pct"] for proven in row["magpie_exact"])
