"""A slow, obviously-correct Q-Less oracle: every polyomino of N cells, every arrangement of the letters."""

from __future__ import annotations

from itertools import permutations

Cell = tuple[int, int]


def polyominoes(n: int) -> set[frozenset[Cell]]:
    """Every fixed polyomino of n cells, translated to the top-left corner, grown one cell at a time."""

    def normal(cells: set[Cell]) -> frozenset[Cell]:
        top = min(r for r, _ in cells)
        left = min(c for _, c in cells)
        return frozenset((r - top, c - left) for r, c in cells)

    level = {frozenset({(0, 0)})}
    for _ in range(n - 1):
        grown = set()
        for cells in level:
            for r, c in cells:
                for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if near not in cells:
                        grown.add(normal(set(cells) | {near}))
        level = grown
    return level


def lines(cells: frozenset[Cell]) -> list[list[Cell]]:
    """Every maximal run of 2+ cells of a cell set, across and down."""
    found = []
    for dr, dc in ((0, 1), (1, 0)):
        for r, c in cells:
            if (r - dr, c - dc) in cells:
                continue
            run = []
            while (r, c) in cells:
                run.append((r, c))
                r, c = r + dr, c + dc
            if len(run) >= 2:
                found.append(run)
    return found


def crossword_shapes(n: int) -> set[frozenset[Cell]]:
    """The polyominoes of n cells with no run of exactly two cells."""
    return {cells for cells in polyominoes(n) if all(len(run) != 2 for run in lines(cells))}


def grid_text(placed: dict[Cell, str]) -> tuple[str, ...]:
    """The placed letters as rows, '.' empty."""
    height = max(r for r, _ in placed) + 1
    width = max(c for _, c in placed) + 1
    return tuple("".join(placed.get((r, c), ".") for c in range(width)) for r in range(height))


def flipped(grid: tuple[str, ...]) -> tuple[str, ...]:
    """The grid mirrored in its diagonal."""
    return tuple("".join(row[c] for row in grid) for c in range(len(grid[0])))


def oracle_solutions(letters: str, words: set[str]) -> set[tuple[str, ...]]:
    """Every solution (the smaller of a grid and its transpose) by trying every arrangement on every shape."""
    found = set()
    arrangements = set(permutations(letters.upper()))
    for cells in polyominoes(len(letters)):
        order = sorted(cells)
        runs = [[order.index(cell) for cell in run] for run in lines(cells)]
        if not runs:
            continue
        for arrangement in arrangements:
            if all(len(run) >= 3 and "".join(arrangement[i] for i in run) in words for run in runs):
                grid = grid_text(dict(zip(order, arrangement, strict=True)))
                found.add(min(grid, flipped(grid)))
    return found
