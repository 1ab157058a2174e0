"""Whether a position could come from a real game: its tiles touch the start square, its words are words.

A CGP is read as given (analysts set up positions by hand); these are the warnings a reader should see.
"""

from __future__ import annotations

import re

from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.core.board import Board

_WORD = re.compile(r"[^\W\d_]{2,}")  # letters of any alphabet (a multi-letter tile is one glyph)


def board_words(board: Board) -> set[str]:
    """Every run of two or more tiles across and down, upper case (blanks as their letters)."""
    rows = board.rows()
    columns = ["".join(row[c] for row in rows) for c in range(board.dim)]
    return {w.upper() for line in rows + columns for w in _WORD.findall(line)}


def board_warnings(board: Board, lexicon: Lexicon) -> list[str]:
    """Why this board could not have come from a game in this lexicon (empty when it could)."""
    found = []
    if not board.is_empty():
        row, col = board.rules.layout.center
        if not board[row, col]:
            found.append(f"no tile covers the start square (row {row + 1}, column {col + 1})")
    phonies = sorted(w for w in board_words(board) if not lexicon.is_word(w))
    if phonies:
        write = board.rules.tiles.alphabet.write
        found.append(f"words not in {lexicon.name}: {', '.join(write(w) for w in phonies)}")
    return found
