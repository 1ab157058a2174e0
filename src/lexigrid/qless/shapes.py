"""Shapes: the cells a Q-Less grid can fill, found by a row-by-row search, and their slots.

A *shape* is a set of `n` connected cells in which no maximal horizontal or vertical run has exactly two
cells (so every run of two or more can hold a word of three or more letters). A *slot* is a maximal run of
two or more cells; the word in it reads across or down. Shapes are kept translated to the top-left corner,
one *representative* per transposition pair. For 12 cells there are 16,699 shapes (8,363 up to
transposition); they ship as `shapes12.txt` because finding them takes seconds.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources

from lexigrid.errors import LexigridError
from lexigrid.qless.notation import Cell

PACKAGED_SIZE = 12
FILLED = "#"


@dataclass(frozen=True, slots=True)
class Slot:
    """A maximal run of two or more cells: `cells` index the shape's cells, in reading order."""

    across: bool
    cells: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Shape:
    """A valid set of cells, translated to the top-left corner, in row-major order."""

    cells: tuple[Cell, ...]

    @classmethod
    def from_cells(cls, cells: set[Cell] | frozenset[Cell] | list[Cell]) -> Shape:
        """The shape of these cells, translated to the top-left corner."""
        top = min(r for r, _ in cells)
        left = min(c for _, c in cells)
        return cls(tuple(sorted((r - top, c - left) for r, c in cells)))

    @classmethod
    def parse(cls, text: str) -> Shape:
        """A shape from its text form: rows joined by `/`, `#` filled, `.` empty."""
        return cls.from_cells(
            [(r, c) for r, row in enumerate(text.split("/")) for c, ch in enumerate(row) if ch == FILLED]
        )

    @property
    def height(self) -> int:
        """Number of rows."""
        return max(r for r, _ in self.cells) + 1

    @property
    def width(self) -> int:
        """Number of columns."""
        return max(c for _, c in self.cells) + 1

    def text(self) -> str:
        """The text form: rows joined by `/`, `#` filled, `.` empty."""
        filled = set(self.cells)
        return "/".join(
            "".join(FILLED if (r, c) in filled else "." for c in range(self.width))
            for r in range(self.height)
        )

    def transpose(self) -> Shape:
        """The shape mirrored in its main diagonal."""
        return Shape(tuple(sorted((c, r) for r, c in self.cells)))

    def slots(self) -> tuple[Slot, ...]:
        """Every slot: across slots top to bottom, then down slots left to right."""
        index = {cell: i for i, cell in enumerate(self.cells)}
        found: list[Slot] = []
        for across in (True, False):
            step = (0, 1) if across else (1, 0)
            starts = sorted(
                (cell for cell in self.cells if (cell[0] - step[0], cell[1] - step[1]) not in index),
                key=lambda cell: cell if across else (cell[1], cell[0]),
            )
            for r, c in starts:
                run = []
                while (r, c) in index:
                    run.append(index[(r, c)])
                    r, c = r + step[0], c + step[1]
                if len(run) >= 2:
                    found.append(Slot(across, tuple(run)))
        return tuple(found)


def _runs(mask: int, width: int) -> list[int]:
    """The maximal runs of set bits in `mask`, each as a mask."""
    runs, run = [], 0
    for i in range(width + 1):
        if i < width and mask >> i & 1:
            run |= 1 << i
        elif run:
            runs.append(run)
            run = 0
    return runs


def enumerate_shapes(n: int) -> list[Shape]:
    """Every shape of `n` cells (all placements, transposes counted apart), by a row-by-row search.

    Rows are bitmasks over the bounding box's `width` columns. The search keeps, per column, whether the
    vertical run ending in the last row has one or two cells (a run of two must go on), the connected
    components met in the last row (each must reach the next row, or the shape falls apart), and which
    columns are used (all must be, and there must be cells left to use them).
    """
    if n < 1:
        raise LexigridError(f"a shape needs at least one cell, not {n}")
    if n < 3:
        return []  # one or two cells hold no word of three letters
    return [shape for width in range(1, n + 1) for shape in _shapes_of_width(n, width)]


def _shapes_of_width(n: int, width: int) -> Iterator[Shape]:
    """The shapes of `n` cells whose bounding box is `width` columns wide."""
    full = (1 << width) - 1
    rows = []
    for mask in range(1, 1 << width):
        runs = _runs(mask, width)
        if all(run.bit_count() != 2 for run in runs):
            rows.append((mask.bit_count(), mask, runs))
    rows.sort()

    def extend(
        masks: list[int], last: int, parts: list[int], ones: int, twos: int, left: int, used: int
    ) -> Iterator[list[int]]:
        if left == 0:
            if twos == 0 and used == full and len(parts) == 1:
                yield masks
            return
        if (full & ~used).bit_count() > left:
            return
        for count, mask, runs in rows:
            if count > left:
                break
            if not mask & last or twos & ~mask:
                continue
            groups = list(runs)
            for part in parts:
                hit = 0
                for run in groups:
                    if run & part:
                        hit |= run
                if not hit:
                    break  # this part of the shape would end here, cut off from the rest
                groups = [run for run in groups if not run & hit]
                groups.append(hit | part)
            else:
                masks.append(mask)
                yield from extend(
                    masks,
                    mask,
                    [g & mask for g in groups],
                    mask & ~last,
                    mask & ones,
                    left - count,
                    used | mask,
                )
                masks.pop()

    for count, mask, runs in rows:
        if count > n:
            break
        for masks in extend([mask], mask, list(runs), mask, 0, n - count, mask):
            yield Shape(tuple((r, c) for r, m in enumerate(masks) for c in range(width) if m >> c & 1))


def representatives(shapes: list[Shape]) -> list[Shape]:
    """One shape per transposition pair: the wider one (or the smaller text form), in the given order."""
    seen: set[Shape] = set()
    chosen = []
    for shape in shapes:
        if shape in seen:
            continue
        mirror = shape.transpose()
        seen.update((shape, mirror))
        chosen.append(min(shape, mirror, key=lambda s: (-s.width, s.text())))
    return chosen


@cache
def shapes(n: int = PACKAGED_SIZE) -> tuple[Shape, ...]:
    """The representative shapes of `n` cells, in search order (packaged for 12, found for others)."""
    if n == PACKAGED_SIZE:
        text = resources.files("lexigrid.qless").joinpath("shapes12.txt").read_text(encoding="ascii")
        return tuple(Shape.parse(line) for line in text.split() if line)
    return tuple(sorted(representatives(enumerate_shapes(n)), key=search_order))


def search_order(shape: Shape) -> tuple[int, int, str]:
    """The default order to try shapes in: fewest slots first (fewer crossings fill more easily)."""
    return (len(shape.slots()), -shape.width, shape.text())
