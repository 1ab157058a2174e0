"""The referee's score breakdown: word by word and tile by tile, the same total as `check`."""

from __future__ import annotations

import pytest

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import Board, Engine, parse_cgp, parse_move
from lexigrid.scrabble.core.referee import breakdown, check
from tests.scrabble.conftest import REFERENCE_BOARD


def test_an_opening_on_the_centre_doubles_the_word(small_lexicon: Lexicon) -> None:
    board = Board()
    found = breakdown(board, parse_move("8H AT", board), small_lexicon)
    (word,) = found.words
    assert (word.word, word.letters, word.word_multiplier, word.score) == ("AT", 2, 2, 4)
    assert [(s.tile, s.new, s.value, s.letter_multiplier, s.word_multiplier) for s in word.squares] == [
        ("A", True, 1, 1, 2),
        ("T", True, 1, 1, 1),
    ]
    assert found.bingo == 0 and found.score == 4 == check(board, parse_move("8H AT", board), small_lexicon)


def test_premiums_count_only_under_new_tiles_and_a_bingo_adds_its_bonus(default_lexicon: Lexicon) -> None:
    position = parse_cgp(f"{REFERENCE_BOARD} AEINRST/ 0/0 0")
    move = parse_move("15B RETSINA", position.board)
    found = breakdown(position.board, move, default_lexicon)
    assert found.bingo == 50 and found.score == 83 == check(position.board, move, default_lexicon)
    as_dict = found.as_dict()
    assert as_dict["score"] == 83 and as_dict["words"][0]["word"] == "RETSINA"
    through = next(m for m in Engine(default_lexicon).moves(position).top(50, "score") if "." in m.played)
    found = breakdown(position.board, through, default_lexicon)
    old = [s for word in found.words for s in word.squares if not s.new]
    assert old and all((s.letter_multiplier, s.word_multiplier) == (1, 1) for s in old)
    assert found.score == through.score


def test_an_illegal_placement_has_no_breakdown(small_lexicon: Lexicon) -> None:
    board = Board()
    with pytest.raises(LexigridError, match="centre"):
        breakdown(board, parse_move("1A AT", board), small_lexicon)
