"""Clues for a stuck player, from the exact solution set: each level gives away a little more.

Level 1: is the roll solvable with common words, how many solutions, and the hardest letter to place (the
letter found in the fewest distinct words over the solutions). Level 2: one word of a solution (the most
common-worded solution first: the one whose rarest word is most frequent), not its place. Level 3: that
word's cells and the solution's shape. Level 4: the whole grid. With a partial grid, only the solutions
that complete it count (up to translation and transposition); a grid no solution completes is said so.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import islice
from typing import Any

from lexigrid.counts import count
from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon, load
from lexigrid.qless.notation import EMPTY, Cell, Grid, grid_cells, transpose
from lexigrid.qless.solver import Solution, count_solutions, letters_of, solve
from lexigrid.qless.words import COMMON_WORDS

LEVELS = (1, 2, 3, 4)
MAX_LISTED = 20_000  # solutions read to choose a hint from (the counts are always exact)
MAX_SCANNED = 200_000  # solutions looked through for those completing a partial grid, per word pool


@dataclass(frozen=True)
class Hint:
    """A clue at one level: what is known of the roll; the word, its cells and grid as the level allows."""

    letters: str
    level: int
    solvable: bool
    common_solvable: bool
    solutions: int
    message: str
    word: str | None = None
    cells: tuple[Cell, ...] = ()
    shape: Grid = ()
    grid: Grid = ()
    origin: Cell | None = None  # where the partial grid's top-left square lies in `grid` (turned to match it)

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of a hint."""
        out: dict[str, Any] = {
            "letters": self.letters,
            "level": self.level,
            "solvable": self.solvable,
            "common_solvable": self.common_solvable,
            "solutions": self.solutions,
            "message": self.message,
        }
        if self.level >= 2 and self.word is not None:
            out["word"] = self.word
        if self.level >= 3 and self.word is not None:
            out["cells"] = [list(c) for c in self.cells]
            out["shape"] = list(self.shape)
            if self.origin is not None:
                out["origin"] = list(self.origin)
        if self.level >= 4 and self.word is not None:
            out["grid"] = list(self.grid)
        return out


def placement(solution: Grid, partial: Grid) -> tuple[Grid, Cell] | None:
    """The solution turned to match the partial grid (transposed when it must be) and where the partial
    grid's top-left square falls in it, when the solution holds the partial's letters in place (after a
    translation or transposition); else None."""
    placed = sorted(grid_cells(partial).items())
    if not placed:
        return solution, (0, 0)
    (r1, c1), first = placed[0]
    for board in (solution, transpose(solution)):
        height, width = len(board), len(board[0]) if board else 0
        for r0, row in enumerate(board):
            for c0, ch in enumerate(row):
                if ch != first:
                    continue
                dr, dc = r0 - r1, c0 - c1
                if all(
                    0 <= r + dr < height and 0 <= c + dc < width and board[r + dr][c + dc] == letter
                    for (r, c), letter in placed
                ):
                    return board, (dr, dc)
    return None


def completes(solution: Grid, partial: Grid) -> bool:
    """Whether `solution` holds the partial grid's letters in place (after a translation or transposition)."""
    return placement(solution, partial) is not None


def runs(grid: Grid) -> list[str]:
    """The grid's runs of two or more adjacent letters, across and down."""
    lines = [*grid, *transpose(grid)]
    return [run for line in lines for run in line.split(EMPTY) if len(run) >= 2]


def impossible_run(partial: Grid, lex: Lexicon) -> str | None:
    """A run of the partial grid that no word of the lexicon holds (so no solution completes it), if any."""
    for run in runs(partial):
        if not any(run in word for word in lex):
            return run
    return None


def _check_partial(roll: str, partial: Grid) -> None:
    """A one-line error when the partial grid uses letters the roll does not have."""
    extra = Counter(grid_cells(partial).values()) - Counter(roll)
    if extra:
        shown = "".join(sorted(extra.elements()))
        raise LexigridError(
            f"the grid uses {shown!r}, which the roll {roll} does not have: place only its letters"
        )


def _plausible(solution: Solution, lex: Lexicon) -> tuple[float, float]:
    """Commoner solutions first: the Zipf of its rarest word, then of all its words."""
    zipfs = [lex.zipf(w) for w in solution.words]
    return (min(zipfs), sum(zipfs))


def hardest_letter(solutions: list[Solution]) -> str:
    """The roll's letter found in the fewest distinct words over the solutions (ties: alphabetical)."""
    words = {w for s in solutions for w in s.words}
    letters = {ch for s in solutions for row in s.grid for ch in row if ch != EMPTY}
    return min(sorted(letters), key=lambda ch: sum(ch in w for w in words))


def _word_cells(solution: Solution, word: str) -> tuple[Cell, ...]:
    """The cells of `word` in the solution's grid (across first, then down)."""
    grid = solution.grid
    for r, row in enumerate(grid):
        c = row.find(word)
        while c >= 0:
            before = c == 0 or row[c - 1] == EMPTY
            after = c + len(word) == len(row) or row[c + len(word)] == EMPTY
            if before and after:
                return tuple((r, c + i) for i in range(len(word)))
            c = row.find(word, c + 1)
    for c, col in enumerate(transpose(grid)):
        r = col.find(word)
        while r >= 0:
            before = r == 0 or col[r - 1] == EMPTY
            after = r + len(word) == len(col) or col[r + len(word)] == EMPTY
            if before and after:
                return tuple((r + i, c) for i in range(len(word)))
            r = col.find(word, r + 1)
    return ()


def _completing(
    roll: str, lex: Lexicon, pools: list[int | None], partial: Grid | None
) -> tuple[list[Solution], bool, int | None]:
    """Up to MAX_LISTED solutions completing the partial grid from the first word pool that has any,
    whether every solution of the pools was looked at (so that finding none is proof), and that pool."""
    exhaustive = True
    for pool in pools:
        if partial is None:
            return list(islice(solve(roll, lex, common=pool), MAX_LISTED)), True, pool
        scanned = islice(solve(roll, lex, common=pool), MAX_SCANNED + 1)
        found = []
        for n, solution in enumerate(scanned):
            if n == MAX_SCANNED:
                exhaustive = False
                break
            if completes(solution.grid, partial):
                found.append(solution)
                if len(found) == MAX_LISTED:
                    break
        if found:
            return found, exhaustive, pool
    return [], exhaustive, None


def hint(
    letters: str,
    level: int = 1,
    lexicon: Lexicon | None = None,
    *,
    partial: Grid | None = None,
    common: int = COMMON_WORDS,
) -> Hint:
    """The clue at `level` for the roll (continuing from `partial` when given), from the exact solutions."""
    if level not in LEVELS:
        raise LexigridError(f"level must be 1 to 4, not {level}")
    roll = letters_of(letters)
    lex = lexicon if lexicon is not None else load()
    if partial is not None:
        _check_partial(roll, partial)
        if not grid_cells(partial):
            partial = None
    n_common = count_solutions(roll, lex, common=common)
    n_all = n_common if n_common else count_solutions(roll, lex)
    if not n_all:
        return Hint(roll, level, False, False, 0, "no solution")
    dead = impossible_run(partial, lex) if partial is not None else None
    if dead is not None:
        why = f"no solution completes the grid as placed: no word holds {dead}; take some letters back"
        return Hint(roll, level, True, n_common > 0, n_all, why)
    pools: list[int | None] = [common, None] if n_common else [None]
    found, exhaustive, pool = _completing(roll, lex, pools if partial is not None else pools[:1], partial)
    if not found:
        why = "no solution completes the grid as placed: take some letters back"
        if not exhaustive:
            why = (
                f"none of the first {MAX_SCANNED:,} solutions completes the grid as placed: "
                "take some letters back"
            )
        return Hint(roll, level, True, n_common > 0, n_all, why)
    kind = f"with the {count(common, 'most common word')}" if n_common else "only with rarer words"
    hardest = hardest_letter(found)
    message = f"solvable {kind}: {count(n_all, 'solution')}; the hardest letter to place is {hardest}"
    if n_common and pool is None:
        message += " (the grid as placed is completed only with rarer words)"
    best = max(found, key=lambda s: _plausible(s, lex))
    placed = set(grid_cells(partial).values()) if partial is not None else set()
    grid, origin = best.grid, (0, 0)
    if partial is not None:
        grid, origin = placement(best.grid, partial) or (grid, origin)
        best = Solution(grid, best.words)
    word = max(best.words, key=lambda w: (hardest in w, not set(w) <= placed, len(w), w))
    shape = tuple("".join("#" if ch != EMPTY else EMPTY for ch in row) for row in grid)
    return Hint(
        roll,
        level,
        True,
        n_common > 0,
        n_all,
        message,
        word,
        _word_cells(best, word),
        shape,
        grid,
        origin if partial is not None else None,
    )
