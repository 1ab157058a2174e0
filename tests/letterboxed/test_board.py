"""Board notation, validation and the playable-word filter."""

from __future__ import annotations

import pytest

from lexigrid.errors import LexigridError
from lexigrid.letterboxed import Board, parse_shape, playable_words
from lexigrid.lexicon import Lexicon
from tests.letterboxed import oracle
from tests.letterboxed.conftest import BOXCHAR


@pytest.mark.parametrize(
    "text", ["VYQ,FIG,OTE,XLU", "vyq,fig,ote,xlu", "VYQ FIG OTE XLU", "  vyq, fig ,OTE,  xlu "]
)
def test_notation_variants_parse_to_one_board(text: str) -> None:
    board = Board.parse(text)
    assert board.sides == ("VYQ", "FIG", "OTE", "XLU")
    assert str(board) == BOXCHAR
    assert Board.parse(str(board)) == board


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("empty", "  ", "empty"),
        ("three sides", "VYQ,FIG,OTE", "not 4 sides of 3 letters"),
        ("long side", "VYQ,FIG,OTE,XLUP", "not 4 sides of 3 letters"),
        ("repeated letter", "VYQ,FIG,OTE,XLV", "repeats the letter"),
        ("digit", "VYQ,FIG,OT3,XLU", "non-letter"),
        ("accent", "VYQ,FIG,OTÉ,XLU", "non-letter"),
        ("hyphen", "VYQ-FIG-OTE-XLU", "non-letter"),
    ],
)
def test_bad_boards_are_refused(name: str, text: str, message: str) -> None:
    with pytest.raises(LexigridError, match=message):
        Board.parse(text)


def test_other_box_sizes() -> None:
    assert Board.parse("AB,CD,EF", shape=(3, 2)).sides == ("AB", "CD", "EF")
    assert Board.parse("ABCD,EFGH", shape=None).full_mask == 0xFF
    with pytest.raises(LexigridError, match="same length"):
        Board.parse("AB,CDE", shape=None)
    with pytest.raises(LexigridError, match="at least 2 sides"):
        Board.parse("ABC", shape=None)


@pytest.mark.parametrize(
    ("text", "shape"), [("4x3", (4, 3)), ("5X4", (5, 4)), ("2x1", (2, 1)), ("any", None)]
)
def test_shapes(text: str, shape: tuple[int, int] | None) -> None:
    assert parse_shape(text) == shape


@pytest.mark.parametrize("text", ["4by3", "1x3", "9x3", "4x0", ""])
def test_bad_shapes(text: str) -> None:
    with pytest.raises(LexigridError, match="shape"):
        parse_shape(text)


@pytest.mark.parametrize(
    ("word", "playable"),
    [
        ("FOXGLOVE", True),
        ("EYE", True),
        ("QUIET", False),  # E then T, both on side OTE
        ("TAXI", False),  # A is not on the board
        ("FOX", True),
        ("FO", False),  # too short
        ("OFFICE", False),  # FF on one side
        ("foxglove", True),
    ],
)
def test_is_playable(word: str, playable: bool) -> None:
    board = Board.parse(BOXCHAR)
    assert board.is_playable(word.upper()) is playable
    assert oracle.playable(board.sides, word.upper()) is playable


def test_playable_words_match_the_oracle_on_a_hand_lexicon() -> None:
    board = Board.parse("ABC,DEF,GHI,JKL")
    words = ["ADG", "AD", "ABD", "ADGJ", "ADGA", "ZAD", "DAD", "GAGE", "JADE", "LEG", "ADAD"]
    found = {w.word for w in playable_words(board, Lexicon.from_words(words))}
    assert found == {w for w in words if oracle.playable(board.sides, w)}
    assert found == {"ADG", "ADGJ", "ADGA", "DAD", "GAGE", "LEG", "ADAD"}  # JADE: D-E share a side


@pytest.mark.parametrize("sides", [BOXCHAR, "LUA,SGC,YHK,ZOP", "AWI,TME,PNR,BKS"])
def test_playable_words_match_the_oracle_on_the_default_lexicon(sides: str, default_lexicon: Lexicon) -> None:
    board = Board.parse(sides)
    found = playable_words(board, default_lexicon)
    assert {w.word for w in found} == {w for w in default_lexicon if oracle.playable(board.sides, w)}
    for w in found:
        assert w.mask == board.mask(w.word) and w.zipf == default_lexicon.zipf(w.word)


def test_common_keeps_only_frequent_words(default_lexicon: Lexicon) -> None:
    board = Board.parse(BOXCHAR)
    every = {w.word for w in playable_words(board, default_lexicon)}
    common = {w.word for w in playable_words(board, default_lexicon, common=5000)}
    assert common < every and common
    assert all(0 < (default_lexicon.rank(w) or 0) <= 5000 for w in common)
