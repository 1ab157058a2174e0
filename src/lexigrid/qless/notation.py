"""The game's text forms: a roll is 12 letters (`BFHLRCTTNOAE`); a grid is rows joined by `/`, `.` empty."""

from __future__ import annotations

from lexigrid.counts import count
from lexigrid.errors import LexigridError

Roll = str  # the letters to use, uppercase A-Z, e.g. "BFHLRCTTNOAE"
Grid = tuple[str, ...]  # rows of equal length; a letter per filled cell, "." per empty cell
Cell = tuple[int, int]  # (row, column)

EMPTY = "."
ROLL_SIZE = 12


def parse_roll(text: str, size: int = ROLL_SIZE) -> Roll:
    """The roll in `text` (any case, spaces ignored), or a one-line error saying what is wrong."""
    letters = "".join(text.split()).upper()
    bad = sorted({c for c in letters if not ("A" <= c <= "Z")})
    if bad:
        raise LexigridError(
            f"roll {text!r} holds {''.join(bad)!r}: give exactly {size} letters A-Z, e.g. BFHLRCTTNOAE"
        )
    if len(letters) != size:
        raise LexigridError(
            f"roll {text!r} has {count(len(letters), 'letter')}: "
            f"give exactly {size} letters A-Z, e.g. BFHLRCTTNOAE"
        )
    return letters


def format_roll(letters: Roll) -> str:
    """The roll's text form."""
    return letters


def parse_grid(text: str) -> Grid:
    """A grid from its text form: rows joined by `/` (or newlines), letters and `.` for empty cells."""
    rows = [r.strip().upper() for r in text.replace("\n", "/").split("/")]
    rows = [r for r in rows if r]
    if not rows:
        raise LexigridError(
            "the grid is empty: give rows joined by '/', '.' for an empty cell, e.g. CAT/A../T.."
        )
    width = len(rows[0])
    if any(len(r) != width for r in rows):
        raise LexigridError(
            f"grid {text!r} has rows of different lengths: pad every row with '.' to the same width"
        )
    bad = sorted({c for r in rows for c in r if not ("A" <= c <= "Z" or c == EMPTY)})
    if bad:
        raise LexigridError(
            f"grid {text!r} holds {''.join(bad)!r}: use letters A-Z and '.' for an empty cell"
        )
    return tuple(rows)


def format_grid(grid: Grid) -> str:
    """The grid's text form: rows joined by `/`."""
    return "/".join(grid)


def grid_cells(grid: Grid) -> dict[Cell, str]:
    """Filled cell -> its letter."""
    return {(r, c): ch for r, row in enumerate(grid) for c, ch in enumerate(row) if ch != EMPTY}


def grid_from_cells(cells: dict[Cell, str]) -> Grid:
    """The smallest grid holding these filled cells (translated to the top-left corner)."""
    if not cells:
        return ()
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    height = max(r for r, _ in cells) - top + 1
    width = max(c for _, c in cells) - left + 1
    rows = [[EMPTY] * width for _ in range(height)]
    for (r, c), ch in cells.items():
        rows[r - top][c - left] = ch
    return tuple("".join(row) for row in rows)


def transpose(grid: Grid) -> Grid:
    """The grid mirrored in its main diagonal (across words become down words)."""
    return tuple("".join(col) for col in zip(*grid, strict=True)) if grid else ()


def canonical(grid: Grid) -> Grid:
    """The grid up to translation and transposition: the smaller of it and its transpose (trimmed)."""
    trimmed = grid_from_cells(grid_cells(grid))
    return min(trimmed, transpose(trimmed))
