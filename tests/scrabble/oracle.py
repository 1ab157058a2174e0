"""A slow, obviously correct move generator: every span of squares, every word that fits, then the referee."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.core.alphabet import BLANK
from lexigrid.scrabble.core.board import Board, Rack
from lexigrid.scrabble.core.move import THROUGH, Move
from lexigrid.scrabble.core.referee import check


def _blank_choices(letters: list[str], rack: Rack) -> list[tuple[int, ...]]:
    """Every set of positions in `letters` to play with blanks so that the rest come from the rack."""
    choices = []
    for k in range(rack.counts[BLANK] + 1):
        for blanks in itertools.combinations(range(len(letters)), k):
            real = Counter(t for i, t in enumerate(letters) if i not in blanks)
            if all(rack.counts[t] >= n for t, n in real.items()):
                choices.append(blanks)
    return choices


def spans(board: Board) -> Iterator[tuple[int, int, bool, list[str]]]:
    """Every span of 2+ squares in a line with empty squares (or the edge) at both ends, as its start,
    direction and the tiles on it ('' for an empty square)."""
    dim = board.dim
    for down in (False, True):
        dr, dc = (1, 0) if down else (0, 1)
        for row, col in itertools.product(range(dim), range(dim)):
            if board.in_bounds(row - dr, col - dc) and board[row - dr, col - dc]:
                continue
            for length in range(2, dim + 1):
                end = (row + dr * (length - 1), col + dc * (length - 1))
                if not board.in_bounds(*end):
                    break
                if board.in_bounds(end[0] + dr, end[1] + dc) and board[end[0] + dr, end[1] + dc]:
                    continue
                yield row, col, down, [board[row + dr * i, col + dc * i] for i in range(length)]


def placements(board: Board, rack: Rack, lexicon: Lexicon) -> dict[frozenset[tuple[int, int, str]], Move]:
    """Every distinct legal tile placement, keyed by its set of new tiles (a blank is lowercase)."""
    found: dict[frozenset[tuple[int, int, str]], Move] = {}
    for row, col, down, fixed in spans(board):
        length = len(fixed)
        empty = [i for i, t in enumerate(fixed) if not t]
        if not empty or len(empty) > len(rack) or not _connected(board, row, col, down, length):
            continue
        for word in lexicon.words_of_length(length):
            if any(f and f.upper() != w for f, w in zip(fixed, word, strict=True)):
                continue
            letters = [word[i] for i in empty]
            for blanks in _blank_choices(letters, rack):
                played = [THROUGH] * length
                for j, i in enumerate(empty):
                    played[i] = word[i].lower() if j in blanks else word[i]
                full = "".join(f or p for f, p in zip(fixed, played, strict=True))
                move = Move("place", row, col, down, full, "".join(played))
                try:
                    score = check(board, move, lexicon)
                except LexigridError:
                    continue
                key = frozenset(move.squares())
                move = Move("place", row, col, down, full, "".join(played), score)
                if key not in found or _preferred(board, move, found[key]):
                    found[key] = move
    return found


def _connected(board: Board, row: int, col: int, down: bool, length: int) -> bool:
    """Whether a span could hold a legal play: it covers the centre or touches a tile."""
    dr, dc = (1, 0) if down else (0, 1)
    span = [(row + dr * i, col + dc * i) for i in range(length)]
    if board.is_empty():
        return board.rules.layout.center in span
    return any(
        board.in_bounds(r + a, c + b) and board[r + a, c + b]
        for r, c in span
        for a, b in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))
    )


def _preferred(board: Board, move: Move, other: Move) -> bool:
    """Which notation a one-tile play gets: across when it forms an across word of 2+ letters."""
    return not move.down and other.down
