"""The pre-endgame solver against an oracle that enumerates every scenario and solves each endgame by the
full game tree (`endgame_oracle`), sharing no code with the solver; and its one-line errors."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.runner import Runner
from lexigrid.scrabble import Engine
from lexigrid.scrabble.analysis.peg import peg_bag, solve_peg
from lexigrid.scrabble.core.board import Board, Rack
from lexigrid.scrabble.core.cgp import Position, parse_cgp
from lexigrid.scrabble.core.move import Move, parse_move
from lexigrid.scrabble.core.rules import Rules, TileSet, layout, tile_set
from tests.conftest import CliResult
from tests.scrabble.conftest import REFERENCE_BOARD
from tests.scrabble.endgame_oracle import EndgameOracle, possible_words, rack_value
from tests.scrabble.oracle import placements

ENGLISH = tile_set()


def peg_position(plays: Sequence[str], mover: str, unseen: str, scores: tuple[int, int] = (0, 0)) -> Position:
    """A 1-in-the-bag pre-endgame on a board built by `plays`, in a tile set of exactly the board's, the
    mover's and the `unseen` tiles; racks hold len(unseen) - 1 tiles (no bingo bonus at that size)."""
    board = Board()
    for play in plays:
        board.place(parse_move(play, board))
    counts = dict.fromkeys(ENGLISH.counts, 0)
    counts.update(board.tile_counts() + Counter(mover) + Counter(unseen))
    rules = Rules(TileSet("exact", counts, ENGLISH.scores), layout("standard"), len(unseen) - 1, 0)
    return Position(Board.from_rows(board.rows(), rules), (Rack(mover), Rack()), scores, 0)


@dataclass
class Tally:
    """The oracle's count for one play: weighted wins, draws, scenarios and the spread sum."""

    wins: int = 0
    draws: int = 0
    scenarios: int = 0
    spread: int = 0


def oracle_peg(position: Position, lexicon: Lexicon) -> dict[str, Tally]:
    """Every placement's tally over every tile that may be in the bag, each endgame by the full tree."""
    unseen = Counter(position.rules.tiles.counts)
    unseen.subtract(position.board.tile_counts() + position.racks[0].counts)
    unseen = +unseen
    mover = "".join(sorted(position.racks[0].counts.elements()))
    words = possible_words(position.board, mover + "".join(unseen.elements()), lexicon)
    tallies: dict[str, Tally] = {}
    for move in placements(position.board, Rack.of_tiles(mover), words).values():
        tally = tallies.setdefault(move.notation, Tally())
        for tile, weight in unseen.items():
            final = _play_out(position, move, mover, unseen, tile, lexicon)
            tally.scenarios += weight
            tally.spread += weight * final
            tally.wins += weight if final > 0 else 0
            tally.draws += weight if final == 0 else 0
    return tallies


def _play_out(
    position: Position, move: Move, mover: str, unseen: Counter[str], tile: str, lexicon: Lexicon
) -> int:
    """The final spread after `move` and drawing `tile`, the opponent holding the rest, best play after."""
    kept = Counter(mover)
    kept.subtract(move.tiles_used)
    kept[tile] += 1
    other = unseen.copy()
    other[tile] -= 1
    board = position.board.copy()
    board.place(move)
    now = position.scores[0] + move.score - position.scores[1]
    zeros = 0 if move.score > 0 else position.zeros + 1
    if zeros >= 6:
        tiles = position.rules.tiles
        return (
            now - rack_value("".join(kept.elements()), tiles) + rack_value("".join(other.elements()), tiles)
        )
    after = Position(
        board, (Rack("".join((+other).elements())), Rack("".join((+kept).elements()))), (0, 0), zeros
    )
    return now - EndgameOracle(after, lexicon).solve().value


POSITIONS = {
    "one-word": (["8G ANTI"], "RS", "EAT"),
    "blank-unseen": (["8G RAT"], "ES", "?NA"),
    "repeated-unseen": (["8G ANTI"], "ER", "AAT"),
}


ORACLE_POSITIONS = ["one-word"]  # the full-tree oracle takes about a minute here of CPU


@pytest.mark.slow
@pytest.mark.parametrize("name", ORACLE_POSITIONS)
def test_every_play_matches_the_oracle(name: str, small_lexicon: Lexicon) -> None:
    position = peg_position(*POSITIONS[name])
    expected = oracle_peg(position, small_lexicon)
    engine = Engine(small_lexicon, position.rules)
    for spreads in (False, True):
        solution = solve_peg(position, engine, top=1000, spreads=spreads)
        got = {play.move.notation: play for play in solution.plays}
        assert solution.exact and solution.unsolved == [("-", solution.unsolved[0][1])]
        assert set(got) == set(expected)
        for notation, tally in expected.items():
            play = got[notation]
            counts = (play.wins, play.draws, play.scenarios)
            assert counts == (tally.wins, tally.draws, tally.scenarios), notation
            if spreads:
                assert play.mean_spread == pytest.approx(tally.spread / tally.scenarios), notation
            else:
                assert play.mean_spread is None


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_window_finds_what_the_exact_values_find(name: str, small_lexicon: Lexicon) -> None:
    position = peg_position(*POSITIONS[name], scores=(0, 3))
    engine = Engine(small_lexicon, position.rules)
    exact = solve_peg(position, engine, top=1000, spreads=True).plays
    windowed = solve_peg(position, engine, top=1000).plays
    assert sorted((p.move.notation, p.wins, p.draws) for p in exact) == sorted(
        (p.move.notation, p.wins, p.draws) for p in windowed
    )
    for play in exact:
        assert all((o.spread or 0) > 0 if o.result == 2 else (o.spread or 0) <= 0 for o in play.outcomes)


@pytest.mark.parametrize("name", sorted(POSITIONS))
@pytest.mark.parametrize("top", [1, 2])
def test_pruning_keeps_the_best_plays_exact(name: str, top: int, small_lexicon: Lexicon) -> None:
    position = peg_position(*POSITIONS[name])
    engine = Engine(small_lexicon, position.rules)
    for spreads in (False, True):
        full = solve_peg(position, engine, top=1000, spreads=spreads).plays
        pruned = solve_peg(position, engine, top=top, spreads=spreads).plays
        assert [p.win_pct for p in pruned] == [p.win_pct for p in full[:top]]
        assert [(p.move, p.mean_spread) for p in pruned] == [(p.move, p.mean_spread) for p in full[:top]]


def test_any_number_of_jobs_gives_the_same_result(small_lexicon: Lexicon) -> None:
    position = peg_position(*POSITIONS["repeated-unseen"])
    one = solve_peg(position, Engine(small_lexicon, position.rules), top=3)
    two = solve_peg(position, top=3, runner=Runner(jobs=2, progress=False), lexicon=small_lexicon)
    assert [p.as_dict() for p in two.plays] == [p.as_dict() for p in one.plays]


def test_losing_tiles_are_the_scenarios_lost(small_lexicon: Lexicon) -> None:
    position = peg_position(*POSITIONS["one-word"], scores=(0, 30))
    solution = solve_peg(position, Engine(small_lexicon, position.rules), top=1000, spreads=True)
    for play in solution.plays:
        lost = [o.bag_tile for o in play.outcomes if (o.spread or 0) < 0]
        assert play.losing_tiles == lost and play.wins + len(lost) <= play.scenarios


@pytest.mark.parametrize(
    ("cgp", "message"),
    [
        (f"{REFERENCE_BOARD} AEINRST/ 0/0 0", "use `lexigrid scrabble sim`"),
        (f"{REFERENCE_BOARD} AEINRST/DEQUIT 0/0 0", "opponent's rack as unknown"),
    ],
)
def test_positions_peg_refuses(cgp: str, message: str) -> None:
    with pytest.raises(LexigridError, match=message):
        solve_peg(parse_cgp(cgp))


def test_json_shape(small_lexicon: Lexicon) -> None:
    position = peg_position(*POSITIONS["one-word"])
    solution = solve_peg(position, Engine(small_lexicon, position.rules), top=3)
    assert solution.as_dict()["plays"][0]["move"] == solution.plays[0].move.notation
    assert json.loads(json.dumps(solution.as_dict()))["exact"] is True


@pytest.mark.parametrize(
    ("cgp", "message"),
    [
        (f"{REFERENCE_BOARD} AEINRST/ 0/0 0", "error: the bag holds 55 tiles: peg solves 1 tile"),
        (f"{REFERENCE_BOARD} AEINRST/DEQUIT 0/0 0", "error: peg takes the opponent's rack as unknown"),
    ],
)
def test_cli_error_is_one_line(cli: Callable[..., CliResult], cgp: str, message: str) -> None:
    result = cli("scrabble", "peg", cgp)
    assert result.exit_code == 2
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1


def test_a_game_solves_the_pre_endgame_only_with_tiles_left_in_the_bag() -> None:
    from lexigrid.scrabble.game.game import Game

    game = Game.new(["equity", "equity"], seed=3, endgame_seconds=None)  # its bag holds 1 tile at one turn
    while len(game.bag) > 1:
        assert game.pre_endgame(seconds=0.01) is None
        game.play_computer()
    solution = game.pre_endgame(seconds=0.05, top=3)
    assert solution is not None and solution.bag == 1 and len(solution.plays) <= 3
    game.play_computer()
    assert len(game.bag) == 0 and game.pre_endgame(seconds=0.01) is None


def test_an_empty_bag_is_sent_to_the_endgame_solver() -> None:
    position = peg_position(["8G ANTI"], "RS", "EAT")  # 3 unseen tiles, racks of 2: 1 in the bag
    assert peg_bag(position) == 1
    rules = position.rules
    bigger = Rules(rules.tiles, rules.layout, 3, 0)  # racks of 3: the opponent holds all 3
    board = Board.from_rows(position.board.rows(), bigger)
    with pytest.raises(LexigridError, match="the bag is empty: use `lexigrid scrabble endgame`"):
        peg_bag(Position(board, (Rack("RS"), Rack()), (0, 0), 0))


@settings(max_examples=8, deadline=None)
@given(
    mover=st.text("AEINRST", min_size=2, max_size=2),
    unseen=st.text("AEINRST?", min_size=3, max_size=3),
    behind=st.integers(-12, 12),
)
def test_random_pre_endgames_are_won_by_the_window_as_by_exact_values(
    mover: str, unseen: str, behind: int, small_lexicon: Lexicon
) -> None:
    position = peg_position(["8G ANTI"], mover, unseen, scores=(0, behind))
    engine = Engine.shared(small_lexicon, position.rules)
    exact = {p.move: p for p in solve_peg(position, engine, top=1000, spreads=True).plays}
    windowed = {p.move: p for p in solve_peg(position, engine, top=1000).plays}
    assert set(exact) == set(windowed)
    for move, play in exact.items():
        by_spread = [
            (o.bag_tile, 2 if (o.spread or 0) > 0 else 1 if o.spread == 0 else 0) for o in play.outcomes
        ]
        assert by_spread == [(o.bag_tile, o.result) for o in windowed[move].outcomes], move
    best = solve_peg(position, engine, top=1).plays
    assert [p.win_pct for p in best] == [max(p.win_pct for p in exact.values())] if exact else best == []
