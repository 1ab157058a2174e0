"""Q-Less: roll 12 letter dice and use all 12 letters in one connected crossword.

Glossary: a *roll* is the 12 letters (`BFHLRCTTNOAE`); a *grid* is the letters on cells (rows joined by
`/`, `.` empty); a *run* is a maximal line of two or more letters across or down, and every run must be a
*word* of three or more letters; a *shape* is a set of cells a grid can fill; a *slot* is a run of a
shape; a *solution* is a valid grid using every letter of the roll exactly once, counted once up to
translation and transposition; *common words* are the lexicon's most frequent words; a roll's
*difficulty* is its weekday class, Monday (easiest) to Sunday.
"""

from lexigrid.qless.daily import Daily, daily
from lexigrid.qless.dice import DICE, roll
from lexigrid.qless.difficulty import WEEKDAYS, Difficulty, difficulty
from lexigrid.qless.notation import (
    ROLL_SIZE,
    Grid,
    Roll,
    canonical,
    format_grid,
    format_roll,
    parse_grid,
    parse_roll,
    transpose,
)
from lexigrid.qless.shapes import Shape, enumerate_shapes, shapes
from lexigrid.qless.solver import Solution, count_solutions, first_solution, solvable, solve
from lexigrid.qless.validator import Problem, is_solution, validate
from lexigrid.qless.words import COMMON_WORDS, candidate_words

__all__ = [
    "COMMON_WORDS",
    "DICE",
    "ROLL_SIZE",
    "WEEKDAYS",
    "Daily",
    "Difficulty",
    "Grid",
    "Problem",
    "Roll",
    "Shape",
    "Solution",
    "candidate_words",
    "canonical",
    "count_solutions",
    "daily",
    "difficulty",
    "enumerate_shapes",
    "first_solution",
    "format_grid",
    "format_roll",
    "is_solution",
    "parse_grid",
    "parse_roll",
    "roll",
    "shapes",
    "solvable",
    "solve",
    "transpose",
    "validate",
]
