"""Reading a player's input: an action typed (`8D word`, `-ABC`, `-`) or new tiles clicked on a board.

An *action* is an accepted input; the game keeps each one in a canonical form that replays literally.
"""

from __future__ import annotations

from collections.abc import Sequence

from lexigrid.errors import LexigridError
from lexigrid.scrabble.core.alphabet import missing_tiles
from lexigrid.scrabble.core.board import Board, column_name
from lexigrid.scrabble.core.move import Move, parse_move


class IllegalMove(LexigridError):
    """An input the rules reject; the message is the reason, and the same player moves again."""


def read_move(action: str, board: Board, rack: str, literal: bool = False) -> Move:
    """The move an input stands for. Typed all in lowercase, a word means capitals when the rack
    holds them (blanks are typed lowercase among capitals); saved actions (the game's own, in glyphs) are
    read literally."""
    try:
        move = parse_move(action, board, glyphs=literal)
        if not literal and move.kind == "place" and move.played.replace(".", "").islower():
            coordinate, _, word = action.partition(" ")
            capitals = parse_move(f"{coordinate} {word.upper()}", board)
            if not missing_tiles(rack, capitals.tiles_used):
                return capitals
    except LexigridError as error:
        raise IllegalMove(str(error)) from None
    return move


def tiles_notation(board: Board, tiles: Sequence[tuple[int, int, str]]) -> str:
    """The notation of a placement given as new tiles (row, col, tile; a blank's letter lowercase),
    e.g. from a board clicked in a browser; IllegalMove when they are not in one line or leave a gap."""
    new = _new_tiles(board, tiles)
    rows = {r for r, _ in new}
    cols = {c for _, c in new}
    if len(rows) > 1 and len(cols) > 1:
        raise IllegalMove("the new tiles are not in one line")
    row, col = min(new)
    if len(new) > 1:
        down = len(cols) == 1
    else:
        down = not any(board.in_bounds(row, c) and board[row, c] for c in (col - 1, col + 1))
    dr, dc = (1, 0) if down else (0, 1)

    def filled(r: int, c: int) -> bool:
        return board.in_bounds(r, c) and (bool(board[r, c]) or (r, c) in new)

    while filled(row - dr, col - dc):
        row, col = row - dr, col - dc
    word, r, c = [], row, col
    while filled(r, c):
        word.append(new.get((r, c)) or board[r, c])
        r, c = r + dr, c + dc
    covered = {(row + dr * i, col + dc * i) for i in range(len(word))}
    if not set(new) <= covered:
        raise IllegalMove("the new tiles leave a gap")
    move = Move("place", row, col, down, "".join(word), "")
    return f"{move.coordinate} {move.word}"


def _new_tiles(board: Board, tiles: Sequence[tuple[int, int, str]]) -> dict[tuple[int, int], str]:
    """The new tiles by square, each on the board, on an empty square and a letter."""
    if not tiles:
        raise IllegalMove("place at least one tile")
    new: dict[tuple[int, int], str] = {}
    alphabet = board.alphabet
    for r, c, tile in tiles:
        if not board.in_bounds(r, c):
            raise IllegalMove(f"square ({r + 1}, {c + 1}) is off the board")
        if board[r, c] or (r, c) in new:
            raise IllegalMove(f"square {r + 1}{column_name(c)} is already taken")
        glyph = alphabet.read(tile)
        if len(glyph) != 1 or not alphabet.is_board_tile(glyph):
            letters = alphabet.letters_hint
            raise IllegalMove(f"bad tile {tile!r}: use {letters}, or {letters.lower()} for a blank")
        new[r, c] = glyph
    return new
