"""Real NYT puzzles from ../shared: the official answer is found, every solution checks out."""

from __future__ import annotations

import gzip
import json
from functools import cache
from typing import Any

import pytest

from lexigrid.letterboxed import Board, iter_solutions, solve
from lexigrid.lexicon import Lexicon
from tests.conftest import shared_file
from tests.letterboxed import oracle

PUZZLES = 697
SAMPLE = range(0, PUZZLES, 35)
CHUNK = 50  # puzzles per slow test: each well inside the per-test timeout, even on a loaded machine


@cache
def nyt_puzzles() -> list[dict[str, Any]]:
    """The 697 puzzles with their official answer and the NYT's word list of the day."""
    path = shared_file("data", "letterboxed", "nyt_puzzles_with_dictionaries.json.gz")
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        puzzles: list[dict[str, Any]] = json.load(handle)["puzzles"]
    return puzzles


def check_with_the_days_word_list(number: int) -> None:
    """With the NYT's own word list: two-word solutions equal the oracle's and include the answer.

    Every solution, offensive words allowed: the NYT's answers use four words the offensive list holds
    (EUNUCH, SEX, SEXY, DOMINATRIX), and the oracle knows no such list."""
    puzzle = nyt_puzzles()[number]
    board = Board(tuple(puzzle["sides"]))
    words = puzzle["dictionary"]
    lex = Lexicon.from_words(words, name=f"nyt {puzzle['date']}")
    two = {s.words for s in iter_solutions(board, lex, max_words=2, allow_offensive=True)}
    assert tuple(puzzle["ourSolution"]) in two
    assert two == oracle.solutions(board.sides, words, 2)
    best = solve(board, lex, top=40, max_words=3)
    assert best[0].words in two
    for solution in best:
        assert oracle.is_valid(board.sides, solution.words, words)
        assert not oracle.is_redundant(board.sides, solution.words)


def check_with_the_default_lexicon(number: int, lexicon: Lexicon) -> None:
    """With the default lexicon the answer is found exactly when both its words are in it."""
    puzzle = nyt_puzzles()[number]
    answer = tuple(puzzle["ourSolution"])
    board = Board(tuple(puzzle["sides"]))
    two = {s.words for s in iter_solutions(board, lexicon, max_words=2, allow_offensive=True)}
    assert (answer in two) is all(w in lexicon for w in answer)


def test_the_data_is_what_we_expect() -> None:
    puzzles = nyt_puzzles()
    assert len(puzzles) == PUZZLES
    assert all(len(p["ourSolution"]) == 2 and len(p["sides"]) == 4 for p in puzzles)


@pytest.mark.parametrize("number", SAMPLE)
def test_sample_with_the_days_word_list(number: int) -> None:
    check_with_the_days_word_list(number)


@pytest.mark.parametrize("number", SAMPLE)
def test_sample_with_the_default_lexicon(number: int, default_lexicon: Lexicon) -> None:
    check_with_the_default_lexicon(number, default_lexicon)


@pytest.mark.slow
@pytest.mark.parametrize("first", range(0, PUZZLES, CHUNK))
def test_every_puzzle(first: int, default_lexicon: Lexicon) -> None:
    for number in range(first, min(first + CHUNK, PUZZLES)):
        check_with_the_days_word_list(number)
        check_with_the_default_lexicon(number, default_lexicon)
