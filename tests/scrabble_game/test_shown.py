"""One notation for a move wherever it is shown: `Move.paren` (played-through letters in parentheses)."""

from __future__ import annotations

from collections.abc import Callable

from lexigrid.cli.scrabble_session import describe
from lexigrid.scrabble.game.game import Game
from lexigrid.scrabble.game.view import View
from tests.scrabble_game.test_rules import MIDGAME


def test_a_played_move_reads_as_the_engine_wrote_it(humans: Callable[..., Game]) -> None:
    """The record, the terminal game and the game's JSON show the move as the move list did (`J7 A(S)T`),
    not as the whole word (`J7 AST`) or GCG's dots (`J7 A.T`)."""
    game = humans(board=MIDGAME, racks=["AEINRST", "EIOQUXZ"])
    through = next(m for m in game.hint(200) if "(" in m.paren and m.kind == "place")
    (turn,) = game.play(through.notation)
    assert turn.paren == through.paren
    assert through.paren in describe(game, turn).plain
    assert turn.as_dict()["paren"] == through.paren
    (shown,) = View.of(game, 1).state()["moves"]
    assert shown["paren"] == through.paren
