"""Multi-letter tiles against the brute-force oracle: a Catalan hand lexicon with L·L, NY, QU and Ç words.

The oracle (tests/scrabble/oracle.py) shares no code with the compiled engine: it tries every span and every
word of the span's length in tiles, then asks the referee. A multi-letter tile is one square and one tile to
both, so a word's length is counted in tiles (PAL·LA is 4) and a blank may stand for L·L, NY or QU.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import Board, Engine, Move, Position, Rack, parse_cgp
from lexigrid.scrabble.core.referee import check
from lexigrid.scrabble.core.rules import Rules, layout, tile_set
from tests.scrabble.oracle import placements

CATALAN = Rules(tile_set("catalan"), layout())
ALPHABET = CATALAN.tiles.alphabet
_WORDS = (
    "PAL·LA COL·LA BOL·LA CEL·LA NUL·LA IL·LÚS AL·LOT SIL·LABA CANYA ANY ANYS NYAP NYA BANY BANYS SENYA "
    "QUE QUI QUAN QUANT QUE AQUEST QUOTA QUEST ESQUI ÇA CAÇA DOLÇ BRAÇ FORÇA PEÇA LLAÇ PLAÇA "
    "A AL ALS LA LES EL ELS ES SI NO ON UN UNA TE TA SA SE SO LO OS AS AT ET IT NA NE NI NU TU DE DA DO "
    "ALA ALES SAL SOL SOLA COLA CAL CALA CAN CANT CANTA CASA CASES SAC SEC SET SETA TES TOT TOTS NOU NOUS "
    "ESTA ESTAT NOTA NOTES PASTA PASTES ROSA ROSES SANT SANTA TANT TANTA LLANA LLAC LLOC"
)
WORDS = sorted({ALPHABET.read(w) for w in _WORDS.split() if ALPHABET.unknown(w) is None})
RACK_TILES = ALPHABET.read("AAEEILL·LNNYOQUSTÇC??")


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    """The hand lexicon, in the Catalan alphabet's glyphs."""
    return Lexicon.from_words(WORDS, name="catalan-hand")


@pytest.fixture(scope="module")
def engine(lexicon: Lexicon) -> Engine:
    """The compiled engine over it, with the Catalan tile set."""
    return Engine(lexicon, CATALAN)


def _key(move: Move) -> frozenset[tuple[int, int, str]]:
    return frozenset(move.squares())


def _compare(engine: Engine, lexicon: Lexicon, board: Board, rack: Rack) -> None:
    position = Position(board, (rack, Rack(alphabet=ALPHABET)))
    compiled = {_key(m): m for m in engine.moves(position).placements()}
    slow = placements(board, rack, lexicon)
    assert len(compiled) == engine.count(position)
    assert set(compiled) == set(slow)
    for key, move in slow.items():
        assert (compiled[key].notation, compiled[key].score) == (move.notation, move.score)


def _grown(engine: Engine, seed: int, turns: int) -> Board:
    rng = random.Random(seed)
    board = Board(CATALAN)
    for _ in range(turns):
        rack = Rack.of_tiles("".join(rng.choice(RACK_TILES.replace("?", "")) for _ in range(7)))
        moves = list(engine.moves(Position(board, (rack, Rack(alphabet=ALPHABET)))).placements())
        if moves:
            move = rng.choice(moves)
            assert check(board, move, engine.lexicon) == move.score
            board.place(move)
    return board


def test_the_hand_lexicon_has_multi_letter_words() -> None:
    assert ALPHABET.read("PAL·LA") in WORDS and len(ALPHABET.read("PAL·LA")) == 4
    assert ALPHABET.read("QUAN") in WORDS and len(ALPHABET.read("QUAN")) == 3


@pytest.mark.parametrize("rack", ["PAL·LAS", "CANYA", "QUANT", "ÇAAL?", "ESTA??", "L·LNYQU"])
def test_empty_board_matches_the_oracle(engine: Engine, lexicon: Lexicon, rack: str) -> None:
    _compare(engine, lexicon, Board(CATALAN), Rack(rack, 7, ALPHABET))


def test_a_blank_stands_for_a_multi_letter_tile(engine: Engine, lexicon: Lexicon) -> None:
    """With PA?A on the rack the blank must be L·L: the move reads `8D PAl·lA` and scores no L·L points."""
    moves = engine.moves(Position(Board(CATALAN), (Rack("PAA?", 7, ALPHABET), Rack(alphabet=ALPHABET))))
    words = {ALPHABET.write(m.word) for m in moves.placements()}
    assert "PAl·lA" in words
    assert ALPHABET.write(ALPHABET.read("PAl·lA")) == "PAl·lA"
    _compare(engine, lexicon, Board(CATALAN), Rack("PAA?", 7, ALPHABET))


@pytest.mark.parametrize("seed", range(3))
def test_grown_boards_match_the_oracle(engine: Engine, lexicon: Lexicon, seed: int) -> None:
    board = _grown(engine, seed, 5)
    for rack in ("PAL·LAS", "QUANY?", "ÇAEST"):
        _compare(engine, lexicon, board, Rack(rack, 7, ALPHABET))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seed=st.integers(0, 10_000), turns=st.integers(0, 6), tiles=st.text(RACK_TILES, min_size=1, max_size=7)
)
def test_property_oracle_agrees(engine: Engine, lexicon: Lexicon, seed: int, turns: int, tiles: str) -> None:
    if tiles.count("?") > 2:
        tiles = tiles.replace("?", "", tiles.count("?") - 2)
    _compare(engine, lexicon, _grown(engine, seed, turns), Rack(ALPHABET.write(tiles), 7, ALPHABET))


def test_cgp_round_trip_with_blanks_for_multi_letter_tiles(engine: Engine) -> None:
    """A board holding a blank L·L and a real NY, written as MAGPIE writes it and read back."""
    board = Board(CATALAN)
    moves = engine.moves(Position(board, (Rack("PAA?", 7, ALPHABET), Rack(alphabet=ALPHABET))))
    board.place(next(m for m in moves.placements() if ALPHABET.write(m.word) == "PAl·lA"))
    position = Position(board, (Rack("CANYA?", 7, ALPHABET), Rack(alphabet=ALPHABET)))
    text = str(position)
    assert text.split()[:2] == ["15/15/15/15/15/15/15/4PA[l·l]A7/15/15/15/15/15/15/15", "AAC[NY]?/"]
    again = parse_cgp(text, CATALAN)
    assert again.board.rows() == board.rows() and again.racks == position.racks
