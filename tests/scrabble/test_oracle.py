"""The compiled generator against the brute-force oracle and the independent referee."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import Board, Engine, Position, Rack, parse_cgp
from lexigrid.scrabble.core.referee import check
from tests.scrabble.conftest import REFERENCE_BOARD
from tests.scrabble.oracle import placements

RACK_TILES = "AEINRSTXZQO??"


def _key(move: object) -> frozenset[tuple[int, int, str]]:
    from lexigrid.scrabble import Move

    assert isinstance(move, Move)
    return frozenset(move.squares())


def _grown_board(engine: Engine, seed: int, turns: int) -> Board:
    """A board grown by playing random legal moves of the compiled engine (checked by the referee)."""
    rng = random.Random(seed)
    board = Board()
    for _ in range(turns):
        rack = Rack("".join(rng.choice("AEINRSTOXZ") for _ in range(7)))
        moves = list(engine.moves(Position(board, (rack, Rack()))).placements())
        if not moves:
            continue
        move = rng.choice(moves)
        assert check(board, move, engine.lexicon) == move.score
        board.place(move)
    return board


def _compare(engine: Engine, lexicon: Lexicon, board: Board, rack: Rack) -> None:
    compiled = {_key(m): m for m in engine.moves(Position(board, (rack, Rack()))).placements()}
    slow = placements(board, rack, lexicon)
    assert len(compiled) == engine.count(Position(board, (rack, Rack())))  # no duplicates
    assert set(compiled) == set(slow)
    for key, move in slow.items():
        assert (compiled[key].notation, compiled[key].score) == (move.notation, move.score)


@pytest.mark.parametrize("rack", ["RETAINS", "AEINRST", "TARS?", "EINRT??", "QAT", "ZAX"])
def test_empty_board_matches_the_oracle(small_engine: Engine, small_lexicon: Lexicon, rack: str) -> None:
    _compare(small_engine, small_lexicon, Board(), Rack(rack))


@pytest.mark.parametrize("seed", range(4))
def test_grown_boards_match_the_oracle(small_engine: Engine, small_lexicon: Lexicon, seed: int) -> None:
    board = _grown_board(small_engine, seed, 6)
    for rack in ("AEINRST", "SAT?", "OXEN"):
        _compare(small_engine, small_lexicon, board, Rack(rack))


@pytest.mark.parametrize("seed", range(2))
def test_a_move_is_found_in_the_list_only_when_generated(small_engine: Engine, seed: int) -> None:
    """`MoveList.find` gives back each generated move (by `Move.key`, value and all) and nothing for a
    play of another rack, checked against the list walked whole."""
    from lexigrid.scrabble import parse_move

    board = _grown_board(small_engine, seed, 6)
    mine = small_engine.moves(Position(board, (Rack("AEINRST"), Rack())))
    theirs = small_engine.moves(Position(board, (Rack("OXEN?"), Rack())))
    walked = {m.key: m for m in mine}
    assert all(mine.find(m) == m for m in mine)
    for other in theirs:
        assert mine.find(other) == walked.get(other.key)
        assert mine.find(parse_move(other.notation, board)) == walked.get(other.key)  # score unknown, found


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), turns=st.integers(1, 8), rack=st.text(RACK_TILES, min_size=1, max_size=7))
def test_property_oracle_agrees(
    small_engine: Engine, small_lexicon: Lexicon, seed: int, turns: int, rack: str
) -> None:
    if rack.count("?") > 2:
        rack = rack.replace("?", "", rack.count("?") - 2)
    _compare(small_engine, small_lexicon, _grown_board(small_engine, seed, turns), Rack(rack))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rack=st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ??", min_size=1, max_size=7), pick=st.randoms())
def test_property_every_move_is_legal_and_rescored(
    twl_engine: Engine, rack: str, pick: random.Random
) -> None:
    if rack.count("?") > 2:
        rack = rack.replace("?", "", rack.count("?") - 2)
    try:
        position = parse_cgp(f"{REFERENCE_BOARD} {rack}/ 0/0 0")
    except LexigridError:
        assume(False)  # more of a letter than the tile set holds
    moves = list(twl_engine.moves(position).placements())
    for move in pick.sample(moves, min(len(moves), 40)):
        assert check(position.board, move, twl_engine.lexicon) == move.score


def test_incremental_cross_checks_equal_a_fresh_computation(small_engine: Engine) -> None:
    board = Board()
    checks = small_engine.cross_checks(board)
    rng = random.Random(7)
    for _ in range(8):
        moves = list(small_engine.moves(Position(board, (Rack("AEINRST"), Rack()))).placements())
        if not moves:
            break
        board.place(rng.choice(moves))
        small_engine.cross_checks(board)
        fresh = small_engine.cross_checks(board.copy())
        assert checks.checks == fresh.checks
        assert checks.cscores == fresh.cscores


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 8), rack=st.text(RACK_TILES, min_size=1, max_size=7))
def test_property_best_move_is_the_maximum(small_engine: Engine, seed: int, turns: int, rack: str) -> None:
    """The shadow-pruned best move scores (and values) exactly the maximum of the full list."""
    if rack.count("?") > 2:
        rack = rack.replace("?", "", rack.count("?") - 2)
    position = Position(_grown_board(small_engine, seed, turns), (Rack(rack), Rack()))
    moves = small_engine.moves(position)
    placements_found = list(moves.placements())
    best = small_engine.best(position, "score")
    if not placements_found:
        assert best is None
        return
    assert best is not None
    assert best.score == max(m.score for m in placements_found)
    by_equity = small_engine.best(position, "equity")
    assert by_equity is not None
    assert by_equity.equity == pytest.approx(max(m.equity for m in [*placements_found, *moves.exchanges]))


def test_super_scrabble_board_matches_the_oracle(small_lexicon: Lexicon) -> None:
    """The 21x21 layout (quadruple squares) through the same generator, against the oracle."""
    from lexigrid.scrabble import rules

    engine = Engine(small_lexicon, rules("super", "super"))
    board = Board(rules("super", "super"))
    rng = random.Random(2)
    for _ in range(5):
        moves = list(engine.moves(Position(board, (Rack("AEINRST"), Rack()))).placements())
        board.place(rng.choice(moves))
    for rack in ("RETAINS", "ZAX?"):
        _compare(engine, small_lexicon, board, Rack(rack))
