"""The `sim` computer level: each move chosen by Monte Carlo simulation within an iteration or time budget.

`sim` simulates the PLAYS best moves by static equity, PLIES ahead, ITERATIONS play-outs each at most;
`sim:N` gives N play-outs a play, `sim:Ns` (`sim:1.5s`) a time budget per move instead (a time budget
makes a game depend on the machine's speed; an iteration budget replays exactly from the game's seed).
It never looks at the opponent's rack: the play-outs deal it from the unseen tiles.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from lexigrid.errors import LexigridError
from lexigrid.scrabble.analysis.endgame import solve
from lexigrid.scrabble.analysis.sim import sim_bag, simulate
from lexigrid.scrabble.core.board import Rack
from lexigrid.scrabble.core.cgp import Position
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.engine.movegen import Engine

PLAYS, PLIES, ITERATIONS = 10, 2, 100


@dataclass
class SimPlayer:
    """Plays the simulation's best move (two players; with more, the best move by static equity)."""

    engine: Engine
    level: str = "sim"
    plays: int = PLAYS
    plies: int = PLIES
    iterations: int | None = ITERATIONS
    seconds: float | None = None
    endgame_seconds: float | None = None  # the endgame solver's time a move (None: simulate there too)

    def choose(self, position: Position, rng: random.Random) -> Move:
        """The simulation's best move from what this player can see (its rack, the board, the scores);
        with the bag empty, the endgame solver's when `endgame_seconds` is set."""
        if self.endgame_seconds is not None and position.is_endgame():
            return solve(position, self.engine, seconds=self.endgame_seconds).best
        if position.player_count() != 2:
            move = self.engine.best(position, "equity")
            assert move is not None
            return move
        seen = Position(position.board, (position.rack, Rack()), position.scores, position.zeros)
        plies = min(self.plies, sim_bag(seen)) or self.plies  # a nearly empty bag: fewer plies
        result = simulate(
            seen,
            self.engine,
            plays=self.plays,
            plies=plies,
            iterations=self.iterations,
            seconds=self.seconds,
            seed=rng.getrandbits(32),
        )
        return result.best


def sim_player(level: str, arg: str, engine: Engine, endgame_seconds: float | None = None) -> SimPlayer:
    """The `sim`, `sim:N` (play-outs a play) or `sim:Ns` (seconds a move) player."""
    if not arg:
        return SimPlayer(engine, level, endgame_seconds=endgame_seconds)
    try:
        budget = float(arg[:-1]) if arg.endswith("s") else int(arg)
    except ValueError:
        budget = 0
    if not budget > 0:
        raise LexigridError(
            f"bad computer level {level!r}: write sim, sim:N (play-outs a play) or sim:Ns (seconds a move)"
        )
    if arg.endswith("s"):
        return SimPlayer(
            engine, level, iterations=None, seconds=float(budget), endgame_seconds=endgame_seconds
        )
    return SimPlayer(engine, level, iterations=int(budget), endgame_seconds=endgame_seconds)
