"""Moves and their notation: `8D WORD` across, `D8 WORD` down, `-ABC` an exchange, `-` a pass."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from lexigrid.errors import LexigridError
from lexigrid.scrabble.core.alphabet import ENGLISH, Alphabet, leave_after, played_tiles
from lexigrid.scrabble.core.board import COLUMNS, Board, column_name

MoveKind = Literal["place", "exchange", "pass"]
THROUGH = "."


@dataclass(frozen=True, slots=True)
class Move:
    """A tile placement (start square, direction, main word), an exchange or a pass, with its value."""

    kind: MoveKind
    row: int = 0
    col: int = 0
    down: bool = False
    word: str = ""  # the whole main word, blanks lowercase; for an exchange, the tiles exchanged
    played: str = ""  # the main word with '.' on played-through squares: the new tiles
    score: int = 0
    equity: float = 0.0

    @property
    def key(self) -> tuple[Any, ...]:
        """What tells two moves apart (not their values): a placement's square, line and word; an exchange's
        tiles in any order."""
        if self.kind == "exchange":
            return (self.kind, "".join(sorted(self.word)))
        return (self.kind, self.row, self.col, self.down, self.word)

    def as_dict(self, rack: str, alphabet: Alphabet = ENGLISH) -> dict[str, Any]:
        """The JSON shape of a move from `rack`, as `scrabble moves --json` and the web API give it, in the
        alphabet's labels (`8D PAL·LA`)."""
        notation = f"-{alphabet.write_tiles(self.word)}" if self.kind == "exchange" else None
        return {
            "move": notation or alphabet.write(self.notation),
            "paren": notation or alphabet.write(self.paren),
            "score": self.score,
            "equity": self.equity,
            "leave": alphabet.write_tiles(leave_after(rack, self.tiles_used)),
        }

    @property
    def coordinate(self) -> str:
        """`8D` for across (row, then column), `D8` for down."""
        if self.down:
            return f"{column_name(self.col)}{self.row + 1}"
        return f"{self.row + 1}{column_name(self.col)}"

    @property
    def tiles_used(self) -> str:
        """The rack tiles this move uses (or exchanges), '?' for a blank."""
        if self.kind == "exchange":
            return self.word
        return played_tiles(self.played)

    def squares(self) -> list[tuple[int, int, str]]:
        """The new tiles as (row, col, tile)."""
        dr, dc = (1, 0) if self.down else (0, 1)
        return [(self.row + dr * i, self.col + dc * i, t) for i, t in enumerate(self.played) if t != THROUGH]

    @property
    def notation(self) -> str:
        """The move with the whole main word: `15B RETSINA`, `L8 CERIUM`, `-ABC`, `-`."""
        if self.kind == "pass":
            return "-"
        if self.kind == "exchange":
            return f"-{self.word}"
        return f"{self.coordinate} {self.word}"

    @property
    def paren(self) -> str:
        """The move as every command and page shows it: played-through letters in parentheses, as in
        GCG (`L8 (C)ERIUM`); `-ABC` an exchange, `-` a pass."""
        if self.kind != "place":
            return self.notation
        return f"{self.coordinate} {parenthesized(self.word, self.played)}"

    def __str__(self) -> str:
        return self.notation


def parenthesized(word: str, played: str) -> str:
    """The main word with its played-through letters (`.` in `played`) in parentheses: `(C)ERIUM`."""
    out, inside = [], False
    for letter, new in zip(word, played, strict=True):
        through = new == THROUGH
        if through != inside:
            out.append("(" if through else ")")
        inside = through
        out.append(letter)
    return "".join(out) + (")" if inside else "")


_COORD = re.compile(r"^(?:(\d{1,2})([A-Za-z])|([A-Za-z])(\d{1,2}))$")


def parse_coordinate(text: str) -> tuple[int, int, bool]:
    """(row, col, down) from `8D` (across) or `D8` (down)."""
    found = _COORD.match(text.strip())
    if not found:
        raise LexigridError(f"bad coordinate {text!r}: write 8D for across or D8 for down")
    if found.group(1):
        return int(found.group(1)) - 1, COLUMNS.index(found.group(2).upper()), False
    return int(found.group(4)) - 1, COLUMNS.index(found.group(3).upper()), True


def parse_move(text: str, board: Board, glyphs: bool = False) -> Move:
    """A move in notation, against `board` (which tells played-through squares); score left at 0.

    Accepts `8D WORD` (played-through letters read from the board), `8D W(OR)D`, `8D W..D`,
    `-ABC` (exchange, '?' a blank) and `-` (pass); written in the alphabet's labels, or with `glyphs` in its
    glyphs (a move the package wrote itself, such as a record's, already read)."""
    text = text.strip()
    if text == "-" or text.lower() == "pass":
        return Move("pass")
    alphabet = board.alphabet

    def read(letters: str) -> str:
        return letters if glyphs else alphabet.read(letters)

    if text.startswith("-"):
        tiles = read(text[1:].upper())
        if not tiles or not all(alphabet.is_rack_tile(t) for t in tiles):
            raise LexigridError(
                f"bad exchange {text!r}: write -ABC with {alphabet.letters_hint} and '?' for a blank"
            )
        return Move("exchange", word=tiles)
    parts = text.split()
    if len(parts) != 2:
        raise LexigridError(f"bad move {text!r}: write '8D WORD' (across) or 'D8 WORD' (down)")
    row, col, down = parse_coordinate(parts[0])
    dr, dc = (1, 0) if down else (0, 1)
    word: list[str] = []
    played: list[str] = []
    through = False
    for ch in read(parts[1]):
        if ch == "(":
            through = True
            continue
        if ch == ")":
            through = False
            continue
        i = len(word)
        r, c = row + dr * i, col + dc * i
        if not board.in_bounds(r, c):
            raise LexigridError(f"move {text!r} runs off the board")
        on_board = board[r, c]
        if ch == THROUGH:
            if not on_board:
                raise LexigridError(f"move {text!r}: '.' marks an empty square at {i + 1}")
            word.append(on_board)
            played.append(THROUGH)
        elif not alphabet.is_board_tile(ch):
            letters = alphabet.letters_hint
            raise LexigridError(
                f"bad letter {ch!r} in move {text!r}: use {letters}, {letters.lower()} for a blank"
            )
        elif on_board:
            if on_board.upper() != ch.upper():
                raise LexigridError(f"move {text!r} puts {ch} on a square holding {on_board}")
            word.append(on_board)
            played.append(THROUGH)
        else:
            if through:
                raise LexigridError(f"move {text!r}: parentheses mark an empty square at {i + 1}")
            word.append(ch)
            played.append(ch)
    return Move("place", row, col, down, "".join(word), "".join(played))
