"""Shapes: the row-by-row search against growing every polyomino, and the packaged 12-cell list."""

from __future__ import annotations

import pytest

from lexigrid.qless.shapes import Shape, enumerate_shapes, representatives, shapes
from tests.qless.oracle import crossword_shapes


def test_one_or_two_cells_make_no_shape() -> None:
    assert enumerate_shapes(1) == enumerate_shapes(2) == []


@pytest.mark.parametrize("n", range(3, 10))
def test_row_search_finds_exactly_the_polyominoes_without_two_cell_runs(n: int) -> None:
    found = [frozenset(shape.cells) for shape in enumerate_shapes(n)]
    assert len(found) == len(set(found))
    assert set(found) == crossword_shapes(n)


def test_packaged_shapes_are_the_16699_placements_up_to_transposition() -> None:
    packaged = shapes(12)
    assert len(packaged) == len(set(packaged)) == 8363
    placements = {s for shape in packaged for s in (shape, shape.transpose())}
    assert len(placements) == 16699
    for shape in packaged:
        cells = frozenset(shape.cells)
        assert len(cells) == 12
        assert min(r for r, _ in cells) == 0
        assert min(c for _, c in cells) == 0


@pytest.mark.slow
def test_packaged_shapes_equal_a_fresh_search() -> None:
    assert set(representatives(enumerate_shapes(12))) == set(shapes(12))


def test_shape_text_and_slots() -> None:
    shape = Shape.parse("###/#../#..")
    assert shape.text() == "###/#../#.."
    slots = shape.slots()
    assert [(s.across, [shape.cells[i] for i in s.cells]) for s in slots] == [
        (True, [(0, 0), (0, 1), (0, 2)]),
        (False, [(0, 0), (1, 0), (2, 0)]),
    ]
    assert shape.transpose() == shape
