"""The independent referee: checks a tile placement against the rules from scratch and scores it, word by
word and tile by tile (`breakdown`: what the web page shows to explain a score)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from lexigrid.errors import LexigridError
from lexigrid.scrabble.core.board import Board
from lexigrid.scrabble.core.move import THROUGH, Move
from lexigrid.scrabble.core.rules import Rules

if TYPE_CHECKING:  # annotations only: cgp imports the exchange rule, and drawing a position loads no words
    from lexigrid.lexicon import Lexicon

Square = tuple[int, int, str, bool]  # row, column, tile, whether it is new


class SquareScore(NamedTuple):
    """A tile of a word: its face value and the square's multipliers (which count only under a new tile)."""

    row: int
    col: int
    tile: str
    new: bool
    value: int
    letter_multiplier: int
    word_multiplier: int

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of a square."""
        return self._asdict()


class WordScore(NamedTuple):
    """One word a placement forms: its squares, their letter points, the word multiplier and the points."""

    formed: tuple[Square, ...]
    letters: int
    word_multiplier: int
    rules: Rules

    @property
    def word(self) -> str:
        """The word, upper case."""
        return "".join(tile for _, _, tile, _ in self.formed).upper()

    @property
    def score(self) -> int:
        """The word's points."""
        return self.letters * self.word_multiplier

    @property
    def squares(self) -> list[SquareScore]:
        """Each tile with its value and multipliers."""
        return [SquareScore(r, c, t, new, *_terms(self.rules, r, c, t, new)) for r, c, t, new in self.formed]

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of a word."""
        return {
            "word": self.word,
            "squares": [s.as_dict() for s in self.squares],
            "letters": self.letters,
            "word_multiplier": self.word_multiplier,
            "score": self.score,
        }


class Breakdown(NamedTuple):
    """A legal placement's score: each word it forms (the main word first), and the bingo bonus."""

    words: tuple[WordScore, ...]
    bingo: int

    @property
    def score(self) -> int:
        """The placement's points."""
        return sum(word.score for word in self.words) + self.bingo

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of the breakdown (the web's explanation adds the move)."""
        return {"words": [w.as_dict() for w in self.words], "bingo": self.bingo, "score": self.score}


def _terms(rules: Rules, row: int, col: int, tile: str, new: bool) -> tuple[int, int, int]:
    """A tile's face value and its square's letter and word multipliers, which count only under a new tile."""
    layout = rules.layout
    if new:
        return rules.tiles.score(tile), layout.letter_multiplier(row, col), layout.word_multiplier(row, col)
    return rules.tiles.score(tile), 1, 1


def word_points(rules: Rules, word: list[Square]) -> tuple[int, int]:
    """How a word scores: its tiles' face values times their letter multipliers, summed; and the product
    of the word multipliers (the word's points are the two multiplied)."""
    letters, multiplier = 0, 1
    for r, c, tile, new in word:
        value, lm, wm = _terms(rules, r, c, tile, new)
        letters += value * lm
        multiplier *= wm
    return letters, multiplier


def word_score(rules: Rules, word: list[Square]) -> WordScore:
    """A word's score with its parts (see `word_points`)."""
    return WordScore(tuple(word), *word_points(rules, word), rules)


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


def words_formed(board: Board, move: Move) -> list[list[Square]]:
    """Every word of 2+ letters a placement forms, as (row, col, tile, is_new) squares; main word first."""
    new = {(r, c): t for r, c, t in move.squares()}
    if not new:
        raise LexigridError(f"{shown(board, move)} places no tile")
    for (r, c), tile in new.items():
        if not board.in_bounds(r, c):
            raise LexigridError(f"{shown(board, move)} runs off the board")
        if board[r, c]:
            raise LexigridError(
                f"{shown(board, move)} puts {board.alphabet.write(tile)} on an occupied square"
            )
    rows = {r for r, _ in new}
    cols = {c for _, c in new}
    if len(rows) > 1 and len(cols) > 1:
        raise LexigridError(f"{shown(board, move)}: the new tiles are not in one line")
    first = min(new)
    main = _run(board, new, first[0], first[1], move.down)
    if not set(new) <= set(main):
        raise LexigridError(f"{shown(board, move)}: the new tiles leave a gap")
    lines = [main] + [_run(board, new, r, c, not move.down) for r, c in sorted(new)]
    return [
        [(r, c, new.get((r, c)) or board[r, c], (r, c) in new) for r, c in line]
        for line in lines
        if len(line) >= 2
    ]


def check(board: Board, move: Move, lexicon: Lexicon) -> int:
    """The score of a legal tile placement; raise LexigridError saying why an illegal one is illegal."""
    rules, words = board.rules, judged(board, move, lexicon)
    total = 0
    for word in words:
        letters, multiplier = word_points(rules, word)
        total += letters * multiplier
    return total + bingo_bonus(rules, move)


def breakdown(board: Board, move: Move, lexicon: Lexicon) -> Breakdown:
    """A legal tile placement's score word by word and tile by tile; raise LexigridError saying why an
    illegal one is illegal."""
    rules, words = board.rules, judged(board, move, lexicon)
    return Breakdown(tuple(word_score(rules, word) for word in words), bingo_bonus(rules, move))


def is_bingo(rules: Rules, move: Move) -> bool:
    """Whether a move places a whole rack."""
    return move.kind == "place" and len(move.squares()) == rules.rack_size


def bingo_bonus(rules: Rules, move: Move) -> int:
    """The bonus for a placement of a whole rack."""
    return rules.bingo_bonus if is_bingo(rules, move) else 0


def exchange_refusal(rack_size: int, bag: int) -> str | None:
    """Why an exchange is not legal with `bag` tiles in the bag (fewer than a rack), or None when it is."""
    if bag >= rack_size:
        return None
    return f"exchanges need at least {rack_size} tiles in the bag; it holds {bag}"


def shown(board: Board, move: Move) -> str:
    """A move as an error message shows it, in the board's alphabet's labels (`8D PAL·LA`)."""
    return board.alphabet.write(move.notation)


def judged(board: Board, move: Move, lexicon: Lexicon) -> list[list[Square]]:
    """The words a legal tile placement forms; raise LexigridError saying why an illegal one is illegal."""
    if move.kind != "place":
        raise LexigridError(f"{shown(board, move)} is not a tile placement")
    words = words_formed(board, move)
    new = move.squares()
    if not words:
        raise LexigridError(f"{shown(board, move)} forms no word of two or more letters")
    dr, dc = (1, 0) if move.down else (0, 1)
    for i, tile in enumerate(move.played):
        if tile == THROUGH and not board[move.row + dr * i, move.col + dc * i]:
            raise LexigridError(f"{shown(board, move)} plays through an empty square")
    if board.is_empty():
        center = board.rules.layout.center
        if all((r, c) != center for r, c, _ in new):
            raise LexigridError(f"{shown(board, move)}: the opening must cover the centre square")
        if len(new) < 2:
            raise LexigridError(f"{shown(board, move)}: the opening must place at least two tiles")
    elif all(all(is_new for *_, is_new in word) for word in words):
        raise LexigridError(f"{shown(board, move)} does not touch a tile on the board")
    for word in words:
        text = "".join(t for _, _, t, _ in word)
        if not lexicon.is_word(text.upper()):
            raise LexigridError(
                f"{shown(board, move)} forms {board.alphabet.write(text.upper())}, which is not in "
                f"{lexicon.name}"
            )
    return words
