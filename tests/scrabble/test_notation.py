"""Rules data, CGP positions and move notation: parsing, printing and bad input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lexigrid.errors import LexigridError
from lexigrid.scrabble import Board, Move, Rack, format_cgp, layout, parse_cgp, parse_move, tile_set
from lexigrid.scrabble.core.rules import language_rules
from tests.scrabble.conftest import REFERENCE_BOARD


def test_english_tile_set() -> None:
    tiles = tile_set("english")
    assert tiles.total == 100
    assert (tiles.counts["?"], tiles.counts["E"], tiles.counts["Q"]) == (2, 12, 1)
    assert (tiles.scores["Q"], tiles.scores["Z"], tiles.scores["A"], tiles.scores["?"]) == (10, 10, 1, 0)
    assert tile_set("super").total == 200


@pytest.mark.parametrize(
    ("name", "dim", "premiums"), [("standard", 15, (8, 16, 12, 24)), ("super", 21, None)]
)
def test_layouts_are_symmetric(name: str, dim: int, premiums: tuple[int, int, int, int] | None) -> None:
    board = layout(name)
    assert board.dim == dim
    assert board.premium(dim // 2, dim // 2) == "*"
    for r in range(dim):
        for c in range(dim):
            assert board.premium(r, c) == board.premium(c, r) == board.premium(dim - 1 - r, c)
    if premiums:
        cells = "".join(board.cells)
        assert (cells.count("T"), cells.count("D"), cells.count("t"), cells.count("d")) == premiums


def test_reference_cgp_round_trips() -> None:
    text = f"{REFERENCE_BOARD} AEINRST/ 0/0 0"
    position = parse_cgp(text)
    assert format_cgp(position) == text
    assert position.board[7, 3] == "F"
    assert str(position.rack) == "AEINRST"
    assert position.bag_size() == 100 - 31 - 7


def test_cgp_blanks_scores_zeros_and_opcodes() -> None:
    position = parse_cgp("15/15/15/15/15/15/15/6CaT6/15/15/15/15/15/15/15 ?E/AB 12/-3 2 lex TWL06;")
    assert position.board[7, 7] == "a"
    assert position.racks == (Rack("E?"), Rack("AB"))
    assert (position.scores, position.zeros, position.ops) == ((12, -3), 2, {"lex": "TWL06"})
    assert format_cgp(parse_cgp(format_cgp(position))) == format_cgp(position)


@pytest.mark.parametrize(
    ("cgp", "message"),
    [
        ("", "empty CGP"),
        ("15/15", "15 rows"),
        ("15/15/15/15/15/15/15/15/15/15/15/15/15/15/16", "covers 16"),
        ("15/15/15/15/15/15/15/14#/15/15/15/15/15/15/15", "bad character"),
        (f"{REFERENCE_BOARD} AEINRSTT/ 0/0 0", "at most 7"),
        (f"{REFERENCE_BOARD} AEIN1/ 0/0 0", "unknown rack tile"),
        (f"{REFERENCE_BOARD} ZZ/ 0/0 0", "impossible position"),
        (f"{REFERENCE_BOARD} ???/ 0/0 0", "impossible position"),
        (f"{REFERENCE_BOARD} AE/ x/0 0", "bad CGP scores"),
        (f"{REFERENCE_BOARD} AE/ 0/0 0 lex TWL06", "end each with ';'"),
    ],
)
def test_bad_cgp_is_one_clear_error(cgp: str, message: str) -> None:
    with pytest.raises(LexigridError, match=message):
        parse_cgp(cgp)


def test_move_notation_and_parsing() -> None:
    board = parse_cgp(f"{REFERENCE_BOARD} AEINRST/ 0/0 0").board
    across = parse_move("15B RETSINA", board)
    assert (across.row, across.col, across.down, across.played) == (14, 1, False, "RETSINA")
    board = parse_cgp("15/15/15/15/15/15/15/7C7/15/15/15/15/15/15/15").board
    through = parse_move("H8 CERIUm", board)
    assert (through.word, through.played, through.tiles_used) == ("CERIUm", ".ERIUm", "ERIU?")
    assert through.paren == "H8 (C)ERIUm"
    assert parse_move("H8 (C)ERIUm", board) == through
    assert parse_move("H8 .ERIUm", board) == through
    assert parse_move("-AB?", board) == Move("exchange", word="AB?")
    assert parse_move("-", board) == Move("pass")
    assert Move("place", 7, 3, True, "ReTINAS", "ReTINAS").coordinate == "D8"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8D", "bad move"),
        ("8# WORD", "bad coordinate"),
        ("99Z WORD", "off the board"),
        ("15K RETSINA", "off the board"),
        ("-A1", "exchange"),
    ],
)
def test_bad_move_notation(text: str, message: str) -> None:
    with pytest.raises(LexigridError, match=message):
        parse_move(text, Board())


@given(
    st.lists(
        st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz..."), min_size=225, max_size=225
    )
)
def test_property_board_rows_round_trip(cells: list[str]) -> None:
    rows = ["".join(cells[r * 15 : r * 15 + 15]) for r in range(15)]
    board = Board.from_rows(rows)
    assert board.rows() == rows
    assert Board.from_rows(parse_cgp(format_cgp(parse_cgp("/".join(["15"] * 15)))).board.rows()).is_empty()


def test_the_lexicon_of_a_position_is_asked_then_its_opcode_then_the_default() -> None:
    plain = parse_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0")
    tagged = parse_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0 lex TWL06;")
    assert (plain.lexicon_spec(), plain.lexicon_spec("csw")) == ("nwl", "csw")
    assert (tagged.lexicon_spec(), tagged.lexicon_spec("csw"), tagged.lexicon_spec("")) == (
        "TWL06",
        "csw",
        "TWL06",
    )


@pytest.mark.parametrize(
    ("row", "tiles"),
    [
        ("4CHE8", ["C", "H", "E"]),
        ("4[CH]E9", ["CH", "E"]),
        ("4[ch]E9", ["ch", "E"]),
        ("1C1H2[RR]8", ["C", "H", "RR"]),
    ],
)
def test_a_spanish_cgp_row_spells_a_multi_letter_tile_only_in_brackets(row: str, tiles: list[str]) -> None:
    rules = language_rules("spanish")  # CH, LL, RR are also C H, L L, R R: MAGPIE's CGP brackets them
    position = parse_cgp("/".join(["15"] * 7 + [row] + ["15"] * 7) + " A/ 0/0 0", rules)
    letters = rules.tiles.alphabet
    assert [letters.write(g) for g in position.board.rows()[7] if g != "."] == tiles
    assert parse_cgp(str(position), rules).board.rows() == position.board.rows()  # written back bracketed


@pytest.mark.parametrize(
    ("rack", "tiles"),
    [("CHORRE?", ["CH", "O", "RR", "E", "?"]), ("[CH]", ["CH"]), ("1LL", ["CH", "LL"])],
)
def test_a_spanish_cgp_rack_is_read_greedily_as_typed(rack: str, tiles: list[str]) -> None:
    rules = language_rules("spanish")  # unlike a board row, a bare CH on a rack is the CH tile
    position = parse_cgp("/".join(["15"] * 15) + f" {rack}/ 0/0 0", rules)
    letters = rules.tiles.alphabet
    assert sorted(letters.write(g) for g in position.racks[0].counts.elements()) == sorted(tiles)
