"""Checking a proposed solution: valid or not, and every reason why, as data."""

from __future__ import annotations

import pytest

from lexigrid.letterboxed import Board, check
from lexigrid.lexicon import Lexicon
from tests.letterboxed import oracle
from tests.letterboxed.conftest import BOXCHAR, BOXCHAR_WORDS

CASES = {
    "valid": ("FOXGLOVE-EQUITY", []),
    "valid, redundant": ("FOXGLOVE-EYE-EQUITY", []),
    "valid, four words": ("FOG-GLOVE-EXILE-EQUITY", []),
    "same side": (
        "FOXGLOVE-QUIET",
        [("same_side", 1, "ET"), ("broken_chain", 1, "EQ"), ("uncovered", None, "Y")],
    ),
    "off board": (
        "TAXI-FOXGLOVE",
        [("off_board", 0, "A"), ("broken_chain", 1, "IF"), ("uncovered", None, "YQU")],
    ),
    "not a word": ("FOXGLOVE-EQUITYX", [("not_a_word", 1, "")]),
    "broken chain": ("EQUITY-FOXGLOVE", [("broken_chain", 1, "YF")]),
    "uncovered": ("FOG-GLOVE", [("uncovered", None, "YQITXU")]),
    "too short": (
        "FOXGLOVE-EQ",
        [("too_short", 1, ""), ("not_a_word", 1, ""), ("uncovered", None, "YITU")],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_check(name: str, boxchar_lexicon: Lexicon) -> None:
    text, expected = CASES[name]
    board = Board.parse(BOXCHAR)
    words = tuple(text.split("-"))
    verdict = check(board, words, boxchar_lexicon)
    assert [(p.kind, p.index, p.letters) for p in verdict.problems] == expected
    assert verdict.valid is oracle.is_valid(board.sides, words, BOXCHAR_WORDS)
    assert verdict.valid is (not expected)
    assert all(p.message for p in verdict.problems)
    if verdict.valid:
        assert verdict.redundant is oracle.is_redundant(board.sides, words)
        assert verdict.score is not None


def test_redundant_solution_names_the_shorter_chain(boxchar_lexicon: Lexicon) -> None:
    verdict = check(Board.parse(BOXCHAR), ("FOXGLOVE", "EYE", "EQUITY"), boxchar_lexicon)
    assert verdict.valid and verdict.redundant
    assert verdict.shorter == ("FOXGLOVE", "EQUITY")
    assert verdict.as_dict()["shorter"] == ["FOXGLOVE", "EQUITY"]


def test_no_words(boxchar_lexicon: Lexicon) -> None:
    verdict = check(Board.parse(BOXCHAR), (), boxchar_lexicon)
    assert [p.kind for p in verdict.problems] == ["no_words"]
