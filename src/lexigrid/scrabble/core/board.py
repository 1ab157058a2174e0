"""The board's squares and the rack's tiles, encoded as the compiled generator reads them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Protocol

from lexigrid.errors import LexigridError
from lexigrid.scrabble.core.alphabet import BLANK, BLANK_FLAG, ENGLISH, Alphabet, sorted_tiles
from lexigrid.scrabble.core.rules import Rules, rules

COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # column names (a Super Scrabble board has 21)


class Placement(Protocol):
    """What the board needs of a move to lay its tiles (a `move.Move`; the board does not import it)."""

    @property
    def kind(self) -> str:
        """'place' for a tile placement."""
        ...

    @property
    def row(self) -> int:
        """The first square's row."""
        ...

    @property
    def col(self) -> int:
        """The first square's column."""
        ...

    @property
    def down(self) -> bool:
        """Whether the word runs down."""
        ...

    @property
    def played(self) -> str:
        """The main word with '.' on played-through squares."""
        ...


def column_name(col: int) -> str:
    """The letter naming column `col` (0 -> 'A')."""
    return COLUMNS[col]


BoardSnapshot = tuple[bytes, tuple[object, ...]]  # the tiles, and what each listener needs to restore


class Board:
    """A square grid of tiles; lowercase tiles are blanks. Remembers which lines changed for cross-checks."""

    __slots__ = ("_codes", "_listeners", "_tiles_of", "dim", "rules", "tiles")

    def __init__(self, board_rules: Rules | None = None) -> None:
        self.rules = board_rules or rules()
        self.dim = self.rules.dim
        self.tiles = bytearray(self.dim * self.dim)  # square codes (see `alphabet`): 0 empty
        self._listeners: list[LineListener] = []
        alphabet = self.rules.tiles.alphabet
        self._codes, self._tiles_of = alphabet.square_codes, alphabet.square_tiles

    @property
    def alphabet(self) -> Alphabet:
        """The tile set's letters."""
        return self.rules.tiles.alphabet

    @classmethod
    def from_rows(cls, rows: list[str], board_rules: Rules | None = None) -> Board:
        """A board from one string per row: a letter per square, '.' or ' ' for an empty one."""
        board = cls(board_rules)
        if len(rows) != board.dim or any(len(row) != board.dim for row in rows):
            raise LexigridError(f"a board needs {board.dim} rows of {board.dim} squares")
        letters = board.alphabet.letters_hint
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch in board._codes:
                    board.tiles[r * board.dim + c] = board._codes[ch]
                elif ch not in ". ":
                    raise LexigridError(
                        f"unknown board character {ch!r} at row {r + 1}: "
                        f"use {letters}, {letters.lower()} or '.'"
                    )
        return board

    def __getitem__(self, square: tuple[int, int]) -> str:
        """The tile on (row, col), '' when empty."""
        return self._tiles_of[self.tiles[square[0] * self.dim + square[1]]]

    def __setitem__(self, square: tuple[int, int], tile: str) -> None:
        """Put a tile on (row, col) ('' empties the square)."""
        row, col = square
        self.tiles[row * self.dim + col] = self._codes[tile] if tile else 0
        for listener in self._listeners:
            listener.lines_changed((row,), (col,))

    def in_bounds(self, row: int, col: int) -> bool:
        """Whether (row, col) lies on the board."""
        return 0 <= row < self.dim and 0 <= col < self.dim

    def is_empty(self) -> bool:
        """Whether no tile is on the board yet."""
        return not any(self.tiles)

    def rows(self) -> list[str]:
        """One string per row, '.' for an empty square."""
        return ["".join(self[r, c] or "." for c in range(self.dim)) for r in range(self.dim)]

    def tile_counts(self) -> Counter[str]:
        """How many of each tile lie on the board ('?' for blanks)."""
        counts: Counter[str] = Counter()
        for code in self.tiles:
            if code:
                counts[BLANK if code & BLANK_FLAG else self._tiles_of[code]] += 1
        return counts

    def squares(self) -> Iterator[tuple[int, int, str]]:
        """Every occupied square as (row, col, tile)."""
        for index, code in enumerate(self.tiles):
            if code:
                yield index // self.dim, index % self.dim, self._tiles_of[code]

    def place(self, move: Placement) -> None:
        """Put a tile placement's new tiles on the board (no legality check: see `referee`)."""
        if move.kind != "place":
            return
        dr, dc = (1, 0) if move.down else (0, 1)
        rows: set[int] = set()
        cols: set[int] = set()
        for i, tile in enumerate(move.played):
            if tile == ".":
                continue
            row, col = move.row + dr * i, move.col + dc * i
            self.tiles[row * self.dim + col] = self._codes[tile]
            rows.add(row)
            cols.add(col)
        for listener in self._listeners:
            listener.lines_changed(tuple(rows), tuple(cols))

    def copy(self) -> Board:
        """An independent copy of the tiles (cross-checks are recomputed on demand)."""
        board = Board(self.rules)
        board.tiles[:] = self.tiles
        return board

    def listeners(self) -> tuple[LineListener, ...]:
        """What is kept in step with this board."""
        return tuple(self._listeners)

    def snapshot(self) -> BoardSnapshot:
        """The tiles and the listeners' states, for `restore` (a memory copy: nothing is recomputed)."""
        return bytes(self.tiles), tuple(listener.snapshot() for listener in self._listeners)

    def restore(self, snapshot: BoardSnapshot) -> None:
        """The tiles and the listeners as `snapshot` found them (a listener added since, or one that keeps no
        snapshot, takes every line as changed)."""
        tiles, states = snapshot
        self.tiles[:] = tiles
        every = tuple(range(self.dim))
        for i, listener in enumerate(self._listeners):
            state = states[i] if i < len(states) else None
            if state is None:
                listener.lines_changed(every, every)
            else:
                listener.restore(state)

    def listen(self, listener: LineListener) -> None:
        """Tell `listener` about every row and column a later change touches."""
        self._listeners.append(listener)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.rules == other.rules and self.tiles == other.tiles

    def __hash__(self) -> int:
        return hash(bytes(self.tiles))

    def __repr__(self) -> str:
        return f"Board({'/'.join(self.rows())!r})"


class LineListener:
    """Something kept in step with a board's tiles line by line (the cross-checks)."""

    def lines_changed(self, rows: tuple[int, ...], cols: tuple[int, ...]) -> None:
        """Rows and columns whose tiles changed."""
        raise NotImplementedError

    def snapshot(self) -> object:
        """What `restore` needs to bring this listener back to now (None: every line counts as changed)."""
        return None

    def restore(self, state: object) -> None:
        """Back to a state `snapshot` gave."""
        raise NotImplementedError


class Rack:
    """The tiles a player holds: the alphabet's letters and '?' for blanks, as a multiset."""

    __slots__ = ("counts",)

    def __init__(self, tiles: str = "", size_limit: int = 7, alphabet: Alphabet = ENGLISH) -> None:
        text = alphabet.read(tiles.strip().upper())
        bad = sorted({ch for ch in text if not alphabet.is_rack_tile(ch)})
        if bad:
            raise LexigridError(
                f"unknown rack tile(s) {''.join(bad)!r} in {tiles!r}: "
                f"use {alphabet.letters_hint} and '?' for a blank"
            )
        if len(text) > size_limit:
            raise LexigridError(f"rack {tiles!r} has {len(text)} tiles: at most {size_limit}")
        self.counts: Counter[str] = Counter(text)

    @classmethod
    def of_tiles(cls, tiles: str) -> Rack:
        """A rack of tiles already known to be valid (a game's own racks): no checks."""
        rack = cls.__new__(cls)
        rack.counts = Counter(tiles)
        return rack

    def __len__(self) -> int:
        return sum(self.counts.values())

    def __str__(self) -> str:
        return sorted_tiles(self.counts.elements())

    def __repr__(self) -> str:
        return f"Rack({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rack) and self.counts == other.counts

    def __hash__(self) -> int:
        return hash(str(self))
