"""The validator: named grids and what it finds wrong with each."""

from __future__ import annotations

import pytest

from lexigrid.lexicon import Lexicon
from lexigrid.qless import is_solution, validate

WORDS = Lexicon.from_words(["CAT", "CATS", "ACT", "TEA", "SEA", "EAT", "TAB", "BAT", "CAB"])

# name: (grid, letters, expected problem kinds)
GRIDS = {
    "valid cross": ("CAT/A../B..", "CATAB", []),
    "valid with a crossing in the middle": ("CATS/..E./..A.", "CATSEA", []),
    "a letter left unused": ("CAT/A../B..", "CATABZ", ["letters"]),
    "a letter not in the roll": ("CAT/A../B..", "CATA", ["letters"]),
    "a letter swapped": ("CAT/A../B..", "CATAA", ["letters", "letters"]),
    "two parts": ("CAT./..../.EAT", "CATEAT", ["disconnected"]),
    "a two-letter run": ("CAT/A../B../E..", "CATABE", ["not_a_word"]),
    "two-letter fragments": ("CAT./A.EA", "CATAEA", ["two_letters", "two_letters", "two_letters"]),
    "a lone letter": ("CAT./...A", "CATA", ["disconnected"]),
    "side by side": ("CAT/EAT", "CATEAT", ["two_letters", "two_letters", "two_letters"]),
    "not a word": ("TAC/A../B..", "TACAB", ["not_a_word"]),
    "empty": ("...", "CAT", ["empty"]),
    "a single letter": ("C", "C", ["no_word"]),
}


@pytest.mark.parametrize("name", GRIDS)
def test_validator_names_every_problem(name: str) -> None:
    grid, letters, kinds = GRIDS[name]
    problems = validate(grid, letters, WORDS)
    assert sorted(p.kind for p in problems) == sorted(kinds)
    assert is_solution(grid, letters, WORDS) == (not kinds)
    assert all(p.message for p in problems)


@pytest.mark.parametrize(
    ("grid", "letters", "message"),
    [
        ("CAT/A../B..", "CATB", "A is used 2 times, the roll has 1"),  # one A rolled, not none
        ("CAT/A../B..", "CATAT", "B is not in the roll"),
        ("CAT/A../B..", "CATZ", "A is used 2 times, the roll has 1; B is not in the roll"),
    ],
)
def test_letters_beyond_the_roll_say_how_many_the_roll_has(grid: str, letters: str, message: str) -> None:
    assert message in [p.message for p in validate(grid, letters, WORDS) if p.kind == "letters"]


def test_problems_point_at_the_word_and_cells() -> None:
    (problem,) = validate("CAT/A../B../E..", "CATABE", WORDS)
    assert problem.word == "CABE"
    assert problem.cells == ((0, 0), (1, 0), (2, 0), (3, 0))
    assert problem.as_dict()["cells"] == [[0, 0], [1, 0], [2, 0], [3, 0]]
