"""Solving a board: its solver over the lexicon's playable words, the best N or every solution."""

from __future__ import annotations

from collections.abc import Iterator

from lexigrid.errors import OptionError
from lexigrid.letterboxed.board import Board
from lexigrid.letterboxed.playable import playable_words
from lexigrid.letterboxed.search import MAX_WORDS, Solver, sort_key
from lexigrid.letterboxed.solution import Solution
from lexigrid.lexicon import Lexicon, load
from lexigrid.lexicon.offensive import is_offensive

DEFAULT_MAX_WORDS = 4
DEFAULT_TOP = 500


def check_max_words(max_words: int) -> int:
    """The number of words allowed in a solution, or an error when it is out of range."""
    if not 1 <= max_words <= MAX_WORDS:
        raise OptionError(
            f"a solution has between 1 and {MAX_WORDS} words, not {max_words}",
            "max_words",
            f"{{option}} must be between 1 and {MAX_WORDS}, not {max_words}",
        )
    return max_words


def board_of(board: Board | str) -> Board:
    """A Board, parsing the notation when given text."""
    return board if isinstance(board, Board) else Board.parse(board)


def solver(
    board: Board | str,
    lexicon: Lexicon | None = None,
    common: int | None = None,
    *,
    allow_offensive: bool = False,
) -> Solver:
    """The solver of a board over the playable words of a lexicon (the default one when None), leaving
    out offensive words unless they are allowed: its solutions and hints never use them."""
    if common is not None and common < 1:
        raise OptionError(
            f"keep at least 1 of the most common words, not {common}",
            "common",
            f"{{option}} must be at least 1, not {common}",
        )
    b = board_of(board)
    lex = load() if lexicon is None else lexicon
    words = playable_words(b, lex, common)
    if not allow_offensive:
        words = [w for w in words if not is_offensive(w.word)]
    return Solver(b, words)


def solve(
    board: Board | str,
    lexicon: Lexicon | None = None,
    *,
    max_words: int = DEFAULT_MAX_WORDS,
    top: int | None = DEFAULT_TOP,
    common: int | None = None,
    allow_offensive: bool = False,
) -> list[Solution]:
    """The best `top` solutions of up to `max_words` words (every one when top is None), best first."""
    check_max_words(max_words)
    s = solver(board, lexicon, common, allow_offensive=allow_offensive)
    if top is None:
        return sorted(iter_solutions_of(s, max_words), key=sort_key)
    if top < 1:
        raise OptionError(
            f"ask for at least 1 solution, not {top}", "top", f"{{option}} must be at least 1, not {top}"
        )
    return s.best(top, max_words)


def iter_solutions(
    board: Board | str,
    lexicon: Lexicon | None = None,
    *,
    max_words: int = DEFAULT_MAX_WORDS,
    common: int | None = None,
    allow_offensive: bool = False,
) -> Iterator[Solution]:
    """Every solution of up to `max_words` words, as found: fewer words first, unranked within."""
    check_max_words(max_words)
    return iter_solutions_of(solver(board, lexicon, common, allow_offensive=allow_offensive), max_words)


def iter_solutions_of(s: Solver, max_words: int) -> Iterator[Solution]:
    """Every solution a solver finds, scored, as found."""
    return s.solutions(max_words)
