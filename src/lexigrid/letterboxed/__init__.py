"""NYT Letter Boxed: boards, playable words, every non-redundant solution ranked, checks and hints.

Glossary: a *board* is a box of *sides* of letters (`VYQ,FIG,OTE,XLU`); a *playable word* has 3+
letters, all on the board, no two consecutive ones on the same side; a *chain* is a run of words each
starting with the last letter of the one before (`FOXGLOVE-EQUITY`); a *solution* is a chain using
every board letter, none of whose proper subsequences (words kept in order) is also one; a *key* is the
two-word solution a generated board is built around.
"""

from lexigrid.letterboxed.board import DEFAULT_SHAPE, Board, parse_shape
from lexigrid.letterboxed.check import CheckResult, Problem, check
from lexigrid.letterboxed.generate import NewBoard, daily, generate, new_board
from lexigrid.letterboxed.hint import Hint, hint
from lexigrid.letterboxed.playable import PlayableWord, playable_words
from lexigrid.letterboxed.search import MAX_WORDS, Solver, is_redundant
from lexigrid.letterboxed.solution import Solution, format_words, parse_words
from lexigrid.letterboxed.solve import (
    DEFAULT_MAX_WORDS,
    DEFAULT_TOP,
    iter_solutions,
    solve,
    solver,
)

__all__ = [
    "DEFAULT_MAX_WORDS",
    "DEFAULT_SHAPE",
    "DEFAULT_TOP",
    "MAX_WORDS",
    "Board",
    "CheckResult",
    "Hint",
    "NewBoard",
    "PlayableWord",
    "Problem",
    "Solution",
    "Solver",
    "check",
    "daily",
    "format_words",
    "generate",
    "hint",
    "is_redundant",
    "iter_solutions",
    "new_board",
    "parse_shape",
    "parse_words",
    "playable_words",
    "solve",
    "solver",
]
