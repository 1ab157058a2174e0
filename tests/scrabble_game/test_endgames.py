"""Endgames in games: the equity level plays the solver's move once the bag is empty, hints show the
solved best sequence, self-play keeps static endgames unless asked."""

from __future__ import annotations

import io
import json
from collections.abc import Callable

import pytest
from rich.console import Console

from lexigrid.cli.scrabble_peg import losing_line, plays_table
from lexigrid.cli.scrabble_session import Session
from lexigrid.lexicon import Lexicon
from lexigrid.runner import QUIET_RUNNER
from lexigrid.scrabble import parse_cgp
from lexigrid.scrabble.analysis.endgame import solve
from lexigrid.scrabble.analysis.peg import solve_peg
from lexigrid.scrabble.core.alphabet import ENGLISH
from lexigrid.scrabble.engine.movegen import Engine
from lexigrid.scrabble.game.game import Game, Seat
from lexigrid.scrabble.game.players import EquityPlayer
from lexigrid.scrabble.learn.selfplay import tournament
from tests.conftest import CliResult
from tests.scrabble.test_peg import POSITIONS, peg_position
from tests.scrabble_game.conftest import RACED, at_endgame, set_up
from tests.scrabble_game.test_play import scripted


def test_the_equity_level_plays_the_solved_move_in_an_endgame(default_lexicon: Lexicon) -> None:
    game = at_endgame(Game.new(["equity", "human"], seed=1, lexicon=default_lexicon))
    engine = Engine.shared(default_lexicon, game.rules)
    static = engine.best(game.position(), "equity")
    assert static is not None and static.notation == "3A CADE"
    (turn,) = game.play_computer()
    assert turn.notation == "D2 RACED" and turn.score == 16
    game.play("6G OR")  # the opponent's best reply goes out
    assert game.over and game.scores[0] - game.scores[1] == 364 - 412 + 5


def test_static_endgames_when_the_solver_is_off(default_lexicon: Lexicon) -> None:
    game = at_endgame(Game.new(["equity", "human"], seed=1, lexicon=default_lexicon, endgame_seconds=None))
    (turn,) = game.play_computer()
    assert turn.notation == "3A CADE"


def test_a_solve_cut_short_by_time_is_still_played(default_lexicon: Lexicon) -> None:
    game = at_endgame(Game.new(["equity", "human"], seed=1, lexicon=default_lexicon))
    game.seat_computer(0, EquityPlayer(Engine.shared(default_lexicon, game.rules), endgame_seconds=1e-6))
    (turn,) = game.play_computer()  # whatever the search reached, a legal move is played
    assert turn.kind in ("place", "pass") and game.to_move == 1


def test_endgames_only_with_two_players_and_an_empty_bag(default_lexicon: Lexicon) -> None:
    game = Game.new(["equity", "human"], seed=1, lexicon=default_lexicon)
    assert not game.position().is_endgame() and game.endgame() is None
    three = Game.new(["equity", "human", "human"], seed=1, lexicon=default_lexicon)
    set_up(three, racks=["AB", "CD", "EF"], bag=0)
    assert not three.position().is_endgame() and three.endgame() is None


def test_the_games_endgame_is_the_solvers(default_lexicon: Lexicon) -> None:
    game = at_endgame(Game.new(["human", "human"], seed=1, lexicon=default_lexicon))
    solution = game.endgame(top=3)
    assert solution is not None and solution.exact
    expected = solve(parse_cgp(RACED), Engine.shared(default_lexicon, game.rules), top=3)
    assert solution.as_dict() | {"elapsed_ms": 0} == expected.as_dict() | {"elapsed_ms": 0}
    assert [s.move.notation for s in solution.pv] == ["D2 RACED", "6G OR"] and solution.value == 5


def test_hint_in_an_endgame_shows_the_best_sequence_and_its_value(default_lexicon: Lexicon) -> None:
    game = at_endgame(Game.new(["human", "equity"], seed=1, lexicon=default_lexicon))
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, highlight=False)
    Session(game, None, scripted(["hint 3", "quit"]), console).run()
    text = out.getvalue()
    assert "endgame solved" in text and "value +5 (exact)" in text
    assert "D2 (R)ACED" in text and "6G OR" in text and "out: 2 × (A)" in text
    assert f"{364 - 412 + 5:+d}" in text  # the final spread under best play
    assert "the 3 best first moves" in text and "13E CAD" in text
    assert game.actions == []  # a hint plays nothing


def test_selfplay_solves_endgames_only_when_asked(
    cli: Callable[..., CliResult], default_lexicon: Lexicon
) -> None:
    static = tournament(["equity", "score"], 2, seed=4, runner=QUIET_RUNNER)
    again = tournament(["equity", "score"], 2, seed=4, runner=QUIET_RUNNER)
    assert (static.wins, static.avg_score, static.turns) == (again.wins, again.avg_score, again.turns)
    solved = tournament(["equity", "score"], 2, seed=4, runner=QUIET_RUNNER, endgame_seconds=0.5)
    assert solved.games == 2 and sum(solved.wins.values()) == 2
    result = cli("scrabble", "selfplay", "--games", "2", "--endgame-seconds", "0.5", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["games"] == 2
    bad = cli("scrabble", "selfplay", "--games", "2", "--endgame-seconds", "-1")
    assert bad.exit_code == 2 and "--endgame-seconds must be more than 0, not " in bad.stderr


@pytest.mark.parametrize("seed", [2, 3])
def test_games_with_solved_endgames_follow_the_rules(default_lexicon: Lexicon, seed: int) -> None:
    game = Game.new(["equity", "equity"], seed=seed, lexicon=default_lexicon, endgame_seconds=0.5)
    game.play_computers()
    assert game.over
    people = Game.new(["human", "human"], seed=seed, lexicon=default_lexicon)
    people.replay(game.actions)  # the solver's moves, judged by the referee
    assert people.scores == game.scores and people.board == game.board


HINT_NODES = 200_000  # the pre-endgame hint's work budget: the same hint on any machine


def _at_pre_endgame(lexicon: Lexicon, scores: tuple[int, int]) -> Game:
    """A game between people at test_peg's one-word pre-endgame (8G ANTI; RS to move; E, A, T unseen,
    racks of 2, 1 in the bag), in its exact tile set; the opponent holds EA and the bag T."""
    position = peg_position(*POSITIONS["one-word"], scores=scores)
    game = Game((Seat("ann", "human"), Seat("ben", "human")), lexicon, seed=1, rules=position.rules)
    set_up(game, board=position.board.rows(), racks=["RS", "AE"])
    game.scores[:] = list(scores)
    return game


@pytest.mark.parametrize("scores", [(5, 0), (10, 0)], ids=["some-lost", "all-won"])
def test_hint_in_a_pre_endgame_shows_the_solver_s_plays_and_the_scenarios_lost(
    small_lexicon: Lexicon, scores: tuple[int, int]
) -> None:
    game = _at_pre_endgame(small_lexicon, scores)
    assert len(game.bag) == 1 and game.to_move == 0
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, highlight=False)
    Session(game, None, scripted(["hint 3", "quit"]), console, hint_nodes=HINT_NODES).run()
    text = out.getvalue()
    seen = peg_position(*POSITIONS["one-word"], scores=scores)  # the mover's view, solved directly
    expected = solve_peg(seen, Engine(small_lexicon, seen.rules), top=3, nodes=HINT_NODES)
    assert expected.exact and expected.plays
    assert f"hint: the pre-endgame solved (1 in the bag; {expected.verdict})" in text
    drawn = io.StringIO()
    shown = Console(file=drawn, width=120, color_system=None, highlight=False)
    shown.print(plays_table(expected, ENGLISH))
    if lost := losing_line(expected, ENGLISH):
        shown.print(lost)
    assert drawn.getvalue() in text  # the solver's plays, best first, and what the best play loses
    losing = {(5, 0): "E T", (10, 0): ""}[scores]  # 5 ahead: J7 S(I)R draws with A in the bag
    assert " ".join(expected.plays[0].losing_tiles) == losing
    assert ("the best play loses when the bag holds" in text) == bool(losing)
    assert game.actions == []  # a hint plays nothing
