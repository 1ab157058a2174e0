"""The independent referee: checks a tile placement against the rules from scratch and scores it."""

from __future__ import annotations

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.board import Board
from lexigrid.scrabble.move import THROUGH, Move


def _run(
    board: Board, new: dict[tuple[int, int], str], row: int, col: int, down: bool
) -> list[tuple[int, int]]:
    """The squares of the maximal line of tiles through (row, col) once `new` is placed."""
    dr, dc = (1, 0) if down else (0, 1)

    def filled(r: int, c: int) -> bool:
        return board.in_bounds(r, c) and (bool(board[r, c]) or (r, c) in new)

    r, c = row, col
    while filled(r - dr, c - dc):
        r, c = r - dr, c - dc
    squares = []
    while filled(r, c):
        squares.append((r, c))
        r, c = r + dr, c + dc
    return squares


def words_formed(board: Board, move: Move) -> list[list[tuple[int, int, str, bool]]]:
    """Every word of 2+ letters a placement forms, as (row, col, tile, is_new) squares; main word first."""
    new = {(r, c): t for r, c, t in move.squares()}
    if not new:
        raise LexigridError(f"{move.notation} places no tile")
    for (r, c), tile in new.items():
        if not board.in_bounds(r, c):
            raise LexigridError(f"{move.notation} runs off the board")
        if board[r, c]:
            raise LexigridError(f"{move.notation} puts {tile} on an occupied square")
    rows = {r for r, _ in new}
    cols = {c for _, c in new}
    if len(rows) > 1 and len(cols) > 1:
        raise LexigridError(f"{move.notation}: the new tiles are not in one line")
    first = min(new)
    main = _run(board, new, first[0], first[1], move.down)
    if not set(new) <= set(main):
        raise LexigridError(f"{move.notation}: the new tiles leave a gap")
    lines = [main] + [_run(board, new, r, c, not move.down) for r, c in sorted(new)]
    return [
        [(r, c, new.get((r, c)) or board[r, c], (r, c) in new) for r, c in line]
        for line in lines
        if len(line) >= 2
    ]


def check(board: Board, move: Move, lexicon: Lexicon) -> int:
    """The score of a legal tile placement; raise LexigridError saying why an illegal one is illegal."""
    if move.kind != "place":
        raise LexigridError(f"{move.notation} is not a tile placement")
    words = words_formed(board, move)
    new = move.squares()
    if not words:
        raise LexigridError(f"{move.notation} forms no word of two or more letters")
    dr, dc = (1, 0) if move.down else (0, 1)
    for i, tile in enumerate(move.played):
        if tile == THROUGH and not board[move.row + dr * i, move.col + dc * i]:
            raise LexigridError(f"{move.notation} plays through an empty square")
    if board.is_empty():
        center = board.rules.layout.center
        if all((r, c) != center for r, c, _ in new):
            raise LexigridError(f"{move.notation}: the opening must cover the centre square")
        if len(new) < 2:
            raise LexigridError(f"{move.notation}: the opening must place at least two tiles")
    elif all(all(is_new for *_, is_new in word) for word in words):
        raise LexigridError(f"{move.notation} does not touch a tile on the board")
    for word in words:
        text = "".join(t for _, _, t, _ in word)
        if not lexicon.is_word(text.upper()):
            raise LexigridError(f"{move.notation} forms {text.upper()}, which is not in {lexicon.name}")
    rules = board.rules
    total = 0
    for word in words:
        word_total, multiplier = 0, 1
        for r, c, tile, is_new in word:
            value = rules.tiles.score(tile)
            if is_new:
                value *= rules.layout.letter_multiplier(r, c)
                multiplier *= rules.layout.word_multiplier(r, c)
            word_total += value
        total += word_total * multiplier
    if len(new) == rules.rack_size:
        total += rules.bingo_bonus
    return total
