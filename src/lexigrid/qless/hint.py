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
        if self.level >= 4 and self.word is not None:
            out["grid"] = list(self.grid)
        return out


def completes(solution: Grid, partial: Grid) -> bool:
    """Whether `solution` holds the partial grid's letters in place (after a translation or transposition)."""
    placed = grid_cells(partial)
    if not placed:
        return True
    top, left = min(r for r, _ in placed), min(c for _, c in placed)
    rel = {(r - top, c - left): ch for (r, c), ch in placed.items()}
    for board in (solution, transpose(solution)):
        cells = grid_cells(board)
        for r0, c0 in cells:
            if all(cells.get((r0 + r, c0 + c)) == ch for (r, c), ch in rel.items()):
                return True
    return False


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
    n_common = count_solutions(roll, lex, common=common)
    pool = common if n_common else None
    n_all = n_common if pool is not None else count_solutions(roll, lex)
    found = list(islice(solve(roll, lex, common=pool), MAX_LISTED))
    if partial is not None:
        found = [s for s in found if completes(s.grid, partial)]
    if not found:
        why = "no solution completes the grid as placed: take some letters back" if n_all else "no solution"
        return Hint(roll, level, n_all > 0, n_common > 0, n_all, why)
    kind = f"with the {count(common, 'most common word')}" if n_common else "only with rarer words"
    hardest = hardest_letter(found)
    message = f"solvable {kind}: {count(n_all, 'solution')}; the hardest letter to place is {hardest}"
    best = max(found, key=lambda s: _plausible(s, lex))
    placed = set(grid_cells(partial).values()) if partial is not None else set()
    word = max(best.words, key=lambda w: (hardest in w, not set(w) <= placed, len(w), w))
    shape = tuple("".join("#" if ch != EMPTY else EMPTY for ch in row) for row in best.grid)
    return Hint(
        roll, level, True, n_common > 0, n_all, message, word, _word_cells(best, word), shape, best.grid
    )
