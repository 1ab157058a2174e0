"""MAGPIE's own files: with TWL06.kwg as the lexicon and TWL06.klv2 as the leaves, our best move by static
equity is MAGPIE's (or one tied with it) on all 40 reference positions, at MAGPIE's equity."""

from __future__ import annotations

from typing import Any

import pytest

from lexigrid.lexicon import load
from lexigrid.scrabble import Engine, parse_cgp
from lexigrid.scrabble.engine.leave import KlvLeaves, load_leaves
from tests.conftest import shared_file
from tests.scrabble.conftest import reference_positions

try:
    POSITIONS = reference_positions()
except pytest.skip.Exception:  # ../shared absent: the test skips through the fixture below
    POSITIONS = []


@pytest.fixture(scope="module")
def magpie_engine() -> Engine:
    """The engine over MAGPIE's KWG with MAGPIE's leave table."""
    lexicon = load(shared_file("data", "scrabble", "TWL06.kwg"))
    return Engine(lexicon, leaves=KlvLeaves.read(shared_file("data", "scrabble", "TWL06.klv2")))


@pytest.mark.parametrize("golden", POSITIONS, ids=[str(i) for i in range(len(POSITIONS))])
def test_best_equity_is_magpies(magpie_engine: Engine, golden: dict[str, Any]) -> None:
    position = parse_cgp(golden["cgp"])
    best = magpie_engine.best(position, "equity")
    expected = golden["best_equity"]
    assert best is not None
    assert best.notation in {expected["move"], *expected.get("tied_moves", [])}
    assert best.equity == pytest.approx(expected["equity"], abs=1.5e-3)


def test_all_forty_positions_are_there() -> None:
    assert len(reference_positions()) == 40


def test_leaves_by_file_and_by_added_name(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from lexigrid.lexicon.added import add_lexicon

    monkeypatch.setenv("LEXIGRID_DATA_DIR", str(tmp_path))
    klv = shared_file("data", "scrabble", "TWL06.klv2")
    add_lexicon("TWL06", shared_file("data", "lexicons", "twl06.txt"), klv)
    by_name, by_file = load_leaves("TWL06"), load_leaves(str(klv))
    assert isinstance(by_name, KlvLeaves) and by_name.table == by_file.table  # type: ignore[attr-defined]
    assert by_name.value("S?") == by_name.value("?S") > by_name.value("S") > 0 == by_name.value("")
