"""The alphabet: tiles as codes, text read by greedy longest match, board codes, rack arithmetic."""

from __future__ import annotations

import pytest

from lexigrid.errors import LexigridError
from lexigrid.scrabble import Board, Rack, parse_move
from lexigrid.scrabble.core.alphabet import (
    BLANK,
    BLANK_FLAG,
    ENGLISH,
    THROUGH_FLAG,
    Alphabet,
    face_value,
    leave_after,
    missing_tiles,
    played_tiles,
    sorted_tiles,
    take_tiles,
)
from lexigrid.scrabble.core.rules import Rules, TileSet, layout, tile_set

# Catalan's tiles include three of two or more letters (MAGPIE's letter distribution names them so).
CATALAN = Alphabet(("A", "B", "C", "Ç", "D", "E", "L", "L·L", "N", "NY", "O", "QU", "S", "T", "U"))


def test_english_codes_and_labels() -> None:
    assert ENGLISH.size == 26 and ENGLISH.letters_hint == "A-Z"
    assert [ENGLISH.code(t) for t in "?AZ"] == [0, 1, 26]
    assert [ENGLISH.glyph(c) for c in (0, 1, 26)] == ["?", "A", "Z"]
    assert ENGLISH.read("RETAINS?") == "RETAINS?" and ENGLISH.write("ReTAINS") == "ReTAINS"


def test_board_codes_flag_blanks() -> None:
    assert ENGLISH.square_code("A") == 1 and ENGLISH.square_code("a") == 1 | BLANK_FLAG
    assert ENGLISH.square_tile(26 | BLANK_FLAG) == "z" and ENGLISH.square_tile(0) == ""
    board = Board.from_rows(["." * 15] * 7 + ["...QaT........."] + ["." * 15] * 7)
    assert board[7, 4] == "a" and board.tiles[7 * 15 + 4] == 1 | BLANK_FLAG
    assert board.tile_counts() == {"Q": 1, "?": 1, "T": 1}


def test_multi_letter_tiles_read_by_longest_match() -> None:
    assert CATALAN.tokens("QUALL·LA") == ["QU", "A", "L", "L·L", "A"]
    assert CATALAN.tokens("CANYA") == ["C", "A", "NY", "A"]
    glyphs = CATALAN.read("QUALL·LA")
    assert len(glyphs) == 5 and CATALAN.write(glyphs) == "QUALL·LA"
    assert [CATALAN.code(g) for g in glyphs] == [12, 1, 7, 8, 1]
    blank = CATALAN.read("l·l")  # a blank standing for L·L, as it lies on the board
    assert len(blank) == 1 and blank.islower() and CATALAN.write(blank) == "l·l"
    assert CATALAN.square_code(blank) == 8 | BLANK_FLAG
    assert CATALAN.letters_hint.startswith("A, B, C, Ç")


def test_a_tile_set_names_its_alphabet() -> None:
    catalan = tile_set("catalan")
    assert catalan.alphabet.name == "catalan" and catalan.alphabet.size == 26
    assert catalan.alphabet.labels[:5] == ("A", "B", "C", "Ç", "D")
    assert tile_set("super_catalan").alphabet == catalan.alphabet  # same letters, same codes
    assert tile_set().alphabet is ENGLISH and tile_set("super").alphabet is ENGLISH
    assert tile_set("french").alphabet == ENGLISH and tile_set("french").alphabet.name == "french"
    some = TileSet("tiny", {"Q": 1, "A": 2, BLANK: 1}, {"Q": 10, "A": 1, BLANK: 0})
    assert some.alphabet is ENGLISH and some.alphabet.code("Q") == 17


def test_placement_codes_decode_to_word_and_new_tiles() -> None:
    letters = bytes([3, 5 | THROUGH_FLAG, 18 | BLANK_FLAG, 9])  # C, (E), r, I
    assert ENGLISH.placement(letters) == ("CErI", "C.rI")
    nya = CATALAN.placement(bytes([10, 1 | BLANK_FLAG]))
    assert CATALAN.write(nya[0]) == "NYa"


def test_rack_arithmetic() -> None:
    assert sorted_tiles("?ZA?E") == "AEZ??"
    assert take_tiles("AEINRST", "TEN") == "AIRS"
    assert missing_tiles("AEIN?", "ENZZ?") == "ZZ"
    assert leave_after("AEINRST", "TENQ") == "AIRS"  # tiles not on the rack are ignored
    assert played_tiles("C.rI") == "C?I"
    assert face_value("QZ?", tile_set().scores) == 20 and tile_set().value("QZ?") == 20
    with pytest.raises(ValueError):
        take_tiles("AB", "C")


def test_racks_and_moves_are_read_through_the_alphabet() -> None:
    assert str(Rack("aeinrs?")) == "AEINRS?"
    with pytest.raises(LexigridError, match="use A-Z and '\\?' for a blank"):
        Rack("AB1")
    catalan = Rules(TileSet("ca", {BLANK: 2, **dict.fromkeys(CATALAN.glyphs, 2)}, {}, CATALAN), layout())
    rack = Rack("QUL·L?", 7, catalan.tiles.alphabet)
    assert len(rack) == 3
    move = parse_move("8D QUA", Board(catalan))
    assert move.tiles_used == catalan.tiles.alphabet.read("QUA") and len(move.tiles_used) == 2
