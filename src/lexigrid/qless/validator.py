"""The independent validator: is a grid a Q-Less solution for a roll, and if not, what is wrong."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal

from lexigrid.lexicon import Lexicon, load
from lexigrid.qless.notation import EMPTY, Cell, Grid, grid_cells, parse_grid

ProblemKind = Literal["empty", "no_word", "letters", "disconnected", "two_letters", "not_a_word"]
MIN_WORD = 3


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a grid: what kind, a sentence for the player, and the cells and word at fault."""

    kind: ProblemKind
    message: str
    cells: tuple[Cell, ...] = field(default=())
    word: str = ""

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of a problem."""
        return {
            "kind": self.kind,
            "message": self.message,
            "cells": [list(c) for c in self.cells],
            "word": self.word,
        }


def runs(grid: Grid) -> list[tuple[str, tuple[Cell, ...]]]:
    """Every maximal run of two or more letters, across (top to bottom) then down (left to right)."""
    found = []
    height, width = len(grid), len(grid[0]) if grid else 0
    lines = [[(r, c) for c in range(width)] for r in range(height)]
    lines += [[(r, c) for r in range(height)] for c in range(width)]
    for line in lines:
        run: list[Cell] = []
        for cell in [*line, None]:
            if cell is not None and grid[cell[0]][cell[1]] != EMPTY:
                run.append(cell)
                continue
            if len(run) >= 2:
                found.append(("".join(grid[r][c] for r, c in run), tuple(run)))
            run = []
    return found


def _components(cells: set[Cell]) -> list[set[Cell]]:
    """The connected groups of cells (edge-adjacent), largest first."""
    groups, unseen = [], set(cells)
    while unseen:
        start = unseen.pop()
        group, frontier = {start}, [start]
        while frontier:
            r, c = frontier.pop()
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near in unseen:
                    unseen.remove(near)
                    group.add(near)
                    frontier.append(near)
        groups.append(group)
    return sorted(groups, key=len, reverse=True)


def _beyond_the_roll(extra: Counter[str], used: Counter[str], given: Counter[str]) -> str:
    """The letters the grid uses more often than the roll has them: `A is used 2 times, the roll has 1`."""
    return "; ".join(
        f"{ch} is used {used[ch]} times, the roll has {given[ch]}"
        if given[ch]
        else f"{ch} is not in the roll"
        for ch in sorted(extra)
    )


def validate(grid: Grid | str, letters: str, lexicon: Lexicon | None = None) -> list[Problem]:
    """Everything that stops `grid` being a solution for `letters` (an empty list when it is one)."""
    board = parse_grid(grid) if isinstance(grid, str) else grid
    lex = lexicon if lexicon is not None else load()
    filled = grid_cells(board)
    if not filled:
        return [Problem("empty", "the grid is empty: place every letter of the roll")]
    problems = []
    given, used = Counter(letters.upper()), Counter(filled.values())
    unused, extra = given - used, used - given
    if unused:
        problems.append(Problem("letters", f"letters left unused: {''.join(sorted(unused.elements()))}"))
    if extra:
        at = tuple(sorted(cell for cell, ch in filled.items() if ch in extra))
        problems.append(Problem("letters", _beyond_the_roll(extra, used, given), at))
    groups = _components(set(filled))
    if len(groups) > 1:
        stray = tuple(sorted(cell for group in groups[1:] for cell in group))
        problems.append(
            Problem("disconnected", f"the grid falls into {len(groups)} parts: connect them", stray)
        )
    words = runs(board)
    if not words:
        problems.append(Problem("no_word", "no word is formed: letters must make words of three or more"))
    for word, cells in words:
        if len(word) < MIN_WORD:
            problems.append(
                Problem("two_letters", f"{word} is only two letters: words need at least three", cells, word)
            )
        elif not lex.is_word(word):
            problems.append(Problem("not_a_word", f"{word} is not in the lexicon ({lex.name})", cells, word))
    return problems


def is_solution(grid: Grid | str, letters: str, lexicon: Lexicon | None = None) -> bool:
    """Is `grid` a solution for `letters`?"""
    return not validate(grid, letters, lexicon)
