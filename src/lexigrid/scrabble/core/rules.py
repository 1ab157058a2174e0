"""The rules as data: tile sets, premium layouts, rack size and the bingo bonus."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from lexigrid.errors import LexigridError
from lexigrid.scrabble.core.alphabet import BLANK, ENGLISH, MAX_LETTERS, Alphabet, face_value

LETTER_MULTIPLIERS = {"d": 2, "t": 3, "q": 4}
WORD_MULTIPLIERS = {"D": 2, "T": 3, "Q": 4, "*": 2}


def _data_lines(name: str) -> list[str]:
    """The non-comment lines of a bundled data file."""
    text = resources_text(name)
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


@dataclass(frozen=True)
class TileSet:
    """How many tiles of each letter the bag holds and what each scores ('?' is the blank)."""

    name: str
    counts: dict[str, int]  # by glyph (see `alphabet`), in code order
    scores: dict[str, int]
    alphabet: Alphabet = ENGLISH
    vowels: frozenset[str] = frozenset("AEIOU")  # glyphs (the opening penalty and the leave mix count them)
    needs: tuple[str, str] | None = ("Q", "U")  # a tile clumsy on a rack without another (glyphs), or None

    @cached_property
    def total(self) -> int:
        """The number of tiles in a full bag."""
        return sum(self.counts.values())

    def value(self, tiles: str) -> int:
        """The face value of some rack tiles."""
        return face_value(tiles, self.scores)

    def score(self, tile: str) -> int:
        """A tile's score: a lowercase letter is a blank and scores 0."""
        return 0 if tile == BLANK or tile.islower() else self.scores[tile]


@dataclass(frozen=True)
class Layout:
    """A square board's premium squares: letter and word multipliers, row-major."""

    name: str
    dim: int
    cells: tuple[str, ...] = field(repr=False)

    @property
    def center(self) -> tuple[int, int]:
        """The start square (row, column)."""
        return self.dim // 2, self.dim // 2

    @cached_property
    def symmetric(self) -> bool:
        """Whether the layout is its own transpose (then a down opening mirrors an across one)."""
        return all(self.cells[r][c] == self.cells[c][r] for r in range(self.dim) for c in range(self.dim))

    def letter_multiplier(self, row: int, col: int) -> int:
        """The letter multiplier of a square."""
        return LETTER_MULTIPLIERS.get(self.cells[row][col], 1)

    def word_multiplier(self, row: int, col: int) -> int:
        """The word multiplier of a square."""
        return WORD_MULTIPLIERS.get(self.cells[row][col], 1)

    def premium(self, row: int, col: int) -> str:
        """The square's code: '.', d/t/q (letter), D/T/Q (word) or '*' (start)."""
        return self.cells[row][col]


@dataclass(frozen=True)
class Rules:
    """Everything that fixes legality and scores apart from the lexicon."""

    tiles: TileSet
    layout: Layout
    rack_size: int = 7
    bingo_bonus: int = 50

    @property
    def dim(self) -> int:
        """The board's side."""
        return self.layout.dim

    def as_dict(self) -> dict[str, Any]:
        """The rules a face needs to draw and read a position: the layout (its name and premium squares, row
        by row), the tile set's name and scores (by glyph) and the alphabet (`Alphabet.as_dict`)."""
        board = self.layout
        return {
            "layout": board.name,
            "premiums": ["".join(board.premium(r, c) for c in range(board.dim)) for r in range(board.dim)],
            "tile_set": self.tiles.name,
            "tile_scores": dict(self.tiles.scores),
            "alphabet": self.tiles.alphabet.as_dict(),
        }

    @cached_property
    def key(self) -> tuple[object, ...]:
        """Everything that makes two rule sets differ: the tiles (counts and scores), the layout's squares,
        the rack size and the bingo bonus."""
        tiles = self.tiles
        return (
            tuple(sorted(tiles.counts.items())),
            tuple(sorted(tiles.scores.items())),
            self.layout.cells,
            self.rack_size,
            self.bingo_bonus,
        )


def tile_set_names() -> list[str]:
    """The bundled tile sets' names (`english`, `super`, `catalan`, `super_catalan`, ...)."""
    folder = resources.files("lexigrid.scrabble").joinpath("data")
    found = (p.name for p in folder.iterdir() if p.name.startswith("tiles_") and p.name.endswith(".txt"))
    return sorted(name[len("tiles_") : -len(".txt")] for name in found)


@cache
def tile_set(name: str = "english") -> TileSet:
    """A bundled tile set by name: one data file, `tiles_NAME.txt`, names its alphabet, its vowels and the
    tile that needs another (`needs Q U`: a Q is clumsy without a U; none when the line is absent), then lists
    each tile (`?` the blank) in code order with its count, its score and the aliases players type."""
    if name not in tile_set_names():
        raise LexigridError(f"unknown tile set {name!r}: use one of {', '.join(tile_set_names())}")
    alphabet_name, vowels, needs, rows = "english", "A E I O U", "", []
    for line in _data_lines(f"tiles_{name}.txt"):
        key, _, rest = line.partition(" ")
        if key == "alphabet":
            alphabet_name = rest.strip()
        elif key == "vowels":
            vowels = rest
        elif key == "needs":
            needs = rest
        else:
            label, count, score, *spellings = line.split()
            rows.append((label, int(count), int(score), spellings))
    labels = tuple(label for label, *_ in rows if label != BLANK)
    aliases = tuple((alias, label) for label, _, _, spelled in rows for alias in spelled)
    if len(labels) > MAX_LETTERS:
        raise LexigridError(
            f"the {name} tile set has {len(labels)} letters: the engine takes at most {MAX_LETTERS}"
        )
    alphabet = Alphabet(labels, alphabet_name, aliases)
    alphabet = ENGLISH if alphabet == ENGLISH and alphabet_name == "english" and not aliases else alphabet
    glyph = {BLANK: BLANK, **dict(zip(labels, alphabet.glyphs, strict=True))}
    counts = {glyph[label]: count for label, count, _, _ in rows}
    scores = {glyph[label]: score for label, _, score, _ in rows}
    pair = tuple(glyph[label] for label in needs.split())
    return TileSet(
        name, counts, scores, alphabet, frozenset(glyph[v] for v in vowels.split()), _pair(pair, name)
    )


def _pair(tiles: tuple[str, ...], name: str) -> tuple[str, str] | None:
    """A tile set's `needs` line as (tile, the tile it needs), None when absent."""
    if not tiles:
        return None
    if len(tiles) != 2:
        raise LexigridError(f"the {name} tile set's `needs` line names {len(tiles)} tiles, not 2")
    return tiles[0], tiles[1]


@cache
def alphabet(name: str) -> Alphabet:
    """A language's alphabet by name (`english`, `catalan`, ...): the one its standard tile set names."""
    if name not in tile_set_names() or tile_set(name).alphabet.name != name:
        known = sorted({tile_set(n).alphabet.name for n in tile_set_names() if _loads(n)})
        raise LexigridError(f"unknown alphabet {name!r}: use one of {', '.join(known)}")
    return tile_set(name).alphabet


def _loads(name: str) -> bool:
    """Whether a bundled tile set loads (each has at most MAX_LETTERS letters)."""
    try:
        tile_set(name)
    except LexigridError:
        return False
    return True


BUNDLED_LAYOUTS = ("standard", "super")
MIN_DIM, MAX_DIM = 3, 26  # the engine takes up to 32 squares a side; move notation names columns A-Z
SQUARES = ".dtqDTQ*"
# What other programs call the bundled layouts (MAGPIE's CGP `bdn`, Woogles' GCG `#board-layout`).
LAYOUT_ALIASES = {
    "standard15": "standard",
    "crosswordgame": "standard",
    "super21": "super",
    "standard21": "super",
    "supercrosswordgame": "super",
}


def layout(name: str = "standard") -> Layout:
    """A bundled premium layout by name ('standard' 15x15 or 'super' 21x21; MAGPIE's and Woogles' names
    for them too: standard15, CrosswordGame, super21, SuperCrosswordGame)."""
    found = LAYOUT_ALIASES.get(name.lower(), name)
    if found not in BUNDLED_LAYOUTS:
        raise LexigridError(f"unknown board layout {name!r}: use standard, super or a layout file")
    return _bundled_layout(found)


@cache
def _bundled_layout(name: str) -> Layout:
    """A bundled layout, read once."""
    return parse_layout(resources_text(f"layout_{name}.txt"), name)


def resources_text(name: str) -> str:
    """A bundled data file's text."""
    return resources.files("lexigrid.scrabble").joinpath("data", name).read_text(encoding="utf-8")


def parse_layout(text: str, name: str, source: str | None = None) -> Layout:
    """A layout from its text: `#` comment lines, then one line per row with one character per square:
    `.` plain, `d t q` double/triple/quadruple letter, `D T Q` double/triple/quadruple word, `*` the start
    square (a double word) if marked. The board is square, 3 to 26 squares a side (columns A-Z), and starts
    at its centre. A bad square is named by `source` (the file), line and column."""
    where = source or name
    rows: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        row = line.strip()
        if row and not row.startswith("#"):
            rows.append((number, row))
    if not rows:
        raise LexigridError(f"{where}: no rows: write one line of squares ({SQUARES}) per row")
    dim = len(rows[0][1])
    for number, row in rows:
        for column, square in enumerate(row, 1):
            if square not in SQUARES:
                raise LexigridError(
                    f"{where} line {number}, column {column}: {square!r} is not a square: use . (plain), "
                    "d t q (double/triple/quadruple letter), D T Q (word), * (the start square)"
                )
        if len(row) != dim:
            raise LexigridError(
                f"{where} line {number}: {len(row)} squares, the first row has {dim}: rows are equally long"
            )
    if len(rows) != dim or not MIN_DIM <= dim <= MAX_DIM:
        raise LexigridError(
            f"{where}: {len(rows)} rows of {dim} squares: a board is square, {MIN_DIM} to {MAX_DIM} squares "
            "a side"
        )
    centre = dim // 2
    for r, (number, row) in enumerate(rows):
        for c, square in enumerate(row):
            if square == "*" and (r, c) != (centre, centre):
                raise LexigridError(
                    f"{where} line {number}, column {c + 1}: the start square '*' is the centre, line "
                    f"{rows[centre][0]}, column {centre + 1}: every game starts there"
                )
    return Layout(name, dim, tuple(row for _, row in rows))


def read_layout(path: str | Path) -> Layout:
    """A layout file (see `parse_layout`), named by its file name without the extension."""
    file = Path(path).expanduser()
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LexigridError(f"no board layout file {str(file)!r}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise LexigridError(f"cannot read the board layout file {str(file)!r}: {error}") from None
    return parse_layout(text, file.stem, str(file))


def board_layout(spec: str | None) -> Layout:
    """A layout by bundled name (standard, super) or by file path; the standard one when None."""
    if spec is None:
        return layout()
    if LAYOUT_ALIASES.get(spec.lower(), spec) in BUNDLED_LAYOUTS:
        return layout(spec)
    if Path(spec).expanduser().is_file() or "/" in spec or spec.endswith(".txt"):
        return read_layout(spec)
    raise LexigridError(f"unknown board layout {spec!r}: use standard, super or a layout file")


def is_bundled(board: Layout) -> bool:
    """Whether a layout is one of the bundled ones, squares and all."""
    return board.name in BUNDLED_LAYOUTS and board.cells == layout(board.name).cells


@cache
def layout_for_dim(dim: int) -> Layout:
    """The bundled layout with `dim` rows."""
    for name in BUNDLED_LAYOUTS:
        if layout(name).dim == dim:
            return layout(name)
    raise LexigridError(
        f"a board has 15 rows (standard) or 21 rows (Super Scrabble), not {dim}: another layout needs its "
        "layout file"
    )


SUPER_ABOVE = 15  # a board of more squares a side plays with the language's Super Scrabble tile set


@cache
def language_rules(language: str = "english", board: int | Layout = 15) -> Rules:
    """The rules in a language (its alphabet's name) on a board (a layout, or a bundled one by its side):
    its tile set, or its Super Scrabble set on a board of more than 15 squares a side."""
    board = layout_for_dim(board) if isinstance(board, int) else board
    if board.dim <= SUPER_ABOVE:
        return Rules(tile_set(alphabet(language).name), board)
    name = "super" if language == "english" else f"super_{language}"
    if name not in tile_set_names():
        raise LexigridError(
            f"there is no Super Scrabble tile set in {language} for a {board.dim}x{board.dim} board: play "
            f"it on a board of at most {SUPER_ABOVE} squares a side"
        )
    return Rules(tile_set(name), board)


@cache
def rules(layout_name: str = "standard", tiles_name: str = "english") -> Rules:
    """The standard rules on a bundled layout."""
    return Rules(tile_set(tiles_name), layout(layout_name))
