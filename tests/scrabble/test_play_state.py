"""The play state: moves applied and taken back exactly, and the rules of a turn and of the game's end."""

from __future__ import annotations

import random
from array import array

import pytest

from lexigrid.lexicon import Lexicon, load
from lexigrid.scrabble import Board, Engine, Move, parse_cgp, parse_move
from lexigrid.scrabble.core.ending import MAX_SCORELESS_TURNS
from lexigrid.scrabble.core.play_state import OrderedBag, PlayState
from lexigrid.scrabble.core.referee import check
from lexigrid.scrabble.core.rules import rules
from tests.scrabble.conftest import REFERENCE_BOARD

EMPTY = "/".join(["15"] * 15)


def _state(racks: list[str], bag: str = "", board: str = EMPTY, scores: list[int] | None = None) -> PlayState:
    """A state on a board given in CGP rows, with the bag in its drawing order (drawn from the end)."""
    position = parse_cgp(f"{board} / 0/0 0")
    return PlayState(position.board.copy(), list(racks), scores or [0] * len(racks), OrderedBag(list(bag)))


def _best(engine: Engine, state: PlayState) -> Move:
    """The best move by equity of the state's player (by equity there is always one: at worst the pass)."""
    move = engine.best(state.position(), "equity")
    assert move is not None
    return move


def _fingerprint(state: PlayState, engine: Engine) -> tuple[object, ...]:
    """Everything a move may change, the engine's cross-checks of the board included."""
    checks = engine.cross_checks(state.board)
    return (
        bytes(state.board.tiles),
        array("Q", checks.checks).tobytes(),
        array("i", checks.cscores).tobytes(),
        tuple(state.racks),
        tuple(state.scores),
        tuple(state.bag.mark()),
        state.zeros,
        state.to_move,
        state.end,
    )


def test_a_placement_takes_tiles_draws_scores_and_passes_the_turn() -> None:
    state = _state(["AEINRST", "EIOQUXZ"], bag="ABCDE")
    played = state.apply(_scored("8H AT", state.board))
    assert played == (0, "EINRS", "DE", 4)  # drawn from the end of the bag
    assert state.racks[0] == "DEEINRS" and state.bag.mark() == list("ABC")
    assert state.scores == [4, 0] and state.to_move == 1 and state.zeros == 0 and not state.over


def _scored(text: str, board: Board) -> Move:
    """A placement with its score as the referee gives it."""
    move = parse_move(text, board)
    return Move("place", move.row, move.col, move.down, move.word, move.played, check(board, move, load()))


def test_going_out_two_players_gains_twice_the_other_rack() -> None:
    state = _state(["AT", "QI"])
    state.apply(_scored("8H AT", state.board))
    assert state.end == "out" and state.scores == [4 + 2 * 11, 0]
    assert [(t.player, t.kind, t.move, t.score) for t in state.end_turns] == [(0, "out", "(IQ)", 22)]


def test_going_out_three_players_the_others_lose_their_own() -> None:
    state = _state(["AT", "QI", "ZA"])
    state.apply(_scored("8H AT", state.board))
    assert state.scores == [4 + 11 + 11, -11, -11]


def test_going_out_can_wait_for_a_challenge() -> None:
    state = _state(["AT", "QI"])
    state.end_on_out = False
    state.apply(_scored("8H AT", state.board))
    assert not state.over and state.racks[0] == "" and state.to_move == 1
    state.finish_out(0)
    assert state.end == "out" and state.scores == [26, 0]


def test_six_scoreless_turns_end_the_game_each_losing_their_rack() -> None:
    state = _state(["AEINRST", "EIOQUXZ"], bag="ABCDEFGHIJKLMNOP")
    for turn in range(MAX_SCORELESS_TURNS):
        assert not state.over
        rack = state.racks[state.to_move]
        state.apply(Move("pass") if turn % 2 else Move("exchange", word=rack[0]))
    assert state.end == "scoreless"
    values = [rules().tiles.value(rack) for rack in state.racks]
    assert state.scores == [-values[0], -values[1]]


def test_a_scoreless_placement_going_out_on_the_sixth_scoreless_turn_ends_scoreless() -> None:
    """The game's rule (the simulation's play-outs gave both the out bonus and the rack penalties)."""
    state = _state(["??", "QI"])
    state.zeros = MAX_SCORELESS_TURNS - 1
    state.apply(_scored("8H at", state.board))
    assert state.end == "scoreless" and state.scores == [0, -11]


def test_moves_are_taken_back_exactly(default_lexicon: Lexicon) -> None:
    """A seeded game of engine moves, undone move by move and all at once: every field and the
    cross-checks come back as they were, and the game played again plays the same moves."""
    engine = Engine(default_lexicon)
    position = parse_cgp(f"{REFERENCE_BOARD} AEINRST/DEIOQUV 10/20 0")
    unseen = sorted(position.bag().elements())
    random.Random(3).shuffle(unseen)
    state = PlayState.of_position(position, OrderedBag(unseen, random.Random(4)))
    engine.cross_checks(state.board)
    prints, moves = [_fingerprint(state, engine)], list[Move]()
    while not state.over:
        moves.append(_best(engine, state))
        state.apply(moves[-1])
        prints.append(_fingerprint(state, engine))
    assert len(moves) > 10 and state.end in ("out", "scoreless")
    for i in range(len(moves), len(moves) // 2, -1):
        state.undo()
        assert _fingerprint(state, engine) == prints[i - 1]
    state.rewind()
    assert _fingerprint(state, engine) == prints[0]
    bag = state.bag
    assert isinstance(bag, OrderedBag) and bag.rng is not None
    bag.rng.seed(4)  # the tiles come back, not the generator an exchange put them back with
    replayed: list[Move] = []
    while not state.over:
        replayed.append(_best(engine, state))
        state.apply(replayed[-1])
    assert replayed == moves


def test_an_undone_exchange_puts_the_bag_back_in_its_order() -> None:
    state = _state(["AEINRST", "EIOQUXZ"], bag="BCDFGHJKLMNP")
    before = state.bag.mark()
    state.apply(Move("exchange", word="AEI"))
    assert state.racks[0] != "AEINRST" and state.bag.mark() != before
    state.undo()
    assert state.racks[0] == "AEINRST" and state.bag.mark() == before and state.zeros == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_turn_goes_round(players: int) -> None:
    state = _state(["AEINRST"] * players, bag="")
    for turn in range(players + 1):
        assert state.to_move == turn % players
        state.apply(Move("pass"))


def test_a_checkpoint_puts_the_whole_state_back(default_lexicon: Lexicon) -> None:
    """What a play-out does: play from a checkpoint without keeping records, then restore it."""
    engine = Engine(default_lexicon)
    position = parse_cgp(f"{REFERENCE_BOARD} AEINRST/DEIOQUV 10/20 0")
    state = PlayState.of_position(position, OrderedBag(sorted(position.bag().elements())))
    state.undoable = False
    engine.cross_checks(state.board)
    start, before = state.checkpoint(), _fingerprint(state, engine)
    for _ in range(3):
        state.apply(engine.best(state.position(), "equity"))  # type: ignore[arg-type]
    assert _fingerprint(state, engine) != before and not state.history
    state.restore(start)
    assert _fingerprint(state, engine) == before
