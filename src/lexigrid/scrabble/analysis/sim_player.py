"""The `sim` and `best` computer levels: moves chosen by simulation against a game clock, or per move.

`sim` and `best` play the game against a clock (`chooser.PlayChooser`, 25 minutes unless `sim:Nm` /
`best:Nm` give N minutes), by phase: `sim` simulates until the bag is empty, `best` also solves the
pre-endgame; both solve the endgame exactly. `sim:N` simulates the PLAYS best moves by static equity,
PLIES ahead, N play-outs each at most, `sim:Ns` (`sim:1.5s`) for N seconds a move (a clock or a time
budget makes a game depend on the machine's speed; an iteration budget replays exactly from the game's
seed). None looks at the opponent's rack: the play-outs deal it from the unseen tiles.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace

from lexigrid.counts import count
from lexigrid.errors import LexigridError
from lexigrid.scrabble.analysis.chooser import (
    BEST_METHODS,
    DEFAULT_CLOCK_MINUTES,
    SIM_METHODS,
    GameClock,
    PlayChooser,
)
from lexigrid.scrabble.analysis.endgame import solve
from lexigrid.scrabble.analysis.sim import Progress, simulate
from lexigrid.scrabble.analysis.thinking import Thinking, is_watched, tell
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
            tell(Thinking("solving the endgame", self.endgame_seconds, time.perf_counter()))
            return solve(position, self.engine, seconds=self.endgame_seconds).best
        if position.player_count() != 2:
            move = self.engine.best(position, "equity")
            assert move is not None
            return move
        seen = position.seen_by_mover()
        plies = min(self.plies, seen.bag_when_full()) or self.plies  # a nearly empty bag: fewer plies
        report = Thinking(
            f"simulating {count(self.plays, 'play')}, {count(plies, 'ply', 'plies')} deep"
            + ("" if self.iterations is None else f", {count(self.iterations, 'play-out')} a play"),
            self.seconds,
            time.perf_counter(),
        )
        tell(report)

        def on_round(progress: Progress) -> None:
            tell(replace(report, progress=progress))

        result = simulate(
            seen,
            self.engine,
            plays=self.plays,
            plies=plies,
            iterations=self.iterations,
            seconds=self.seconds,
            seed=rng.getrandbits(32),
            on_round=on_round if is_watched() else None,
        )
        return result.best


LEVEL_HELP = (
    "write sim, best, sim:Nm or best:Nm (an N-minute game clock), sim:N (play-outs a play) "
    "or sim:Ns (seconds a move)"
)


def clock_minutes(level: str, arg: str) -> float:
    """The N of `sim:Nm` / `best:Nm` (25 when not given)."""
    if not arg:
        return DEFAULT_CLOCK_MINUTES
    try:
        minutes = float(arg[:-1])
    except ValueError:
        minutes = 0.0
    if not (minutes > 0 and math.isfinite(minutes)):
        raise LexigridError(f"bad computer level {level!r}: {LEVEL_HELP}")
    return minutes


def sim_player(
    level: str, arg: str, engine: Engine, endgame_seconds: float | None = None
) -> SimPlayer | PlayChooser:
    """The `sim` / `best` player: a game clock (`sim`, `sim:Nm`, `best`, `best:Nm`), N play-outs a play
    (`sim:N`) or N seconds a move (`sim:Ns`)."""
    name = level.partition(":")[0]
    if not arg or arg.endswith("m") or name == "best":
        if arg and not arg.endswith("m"):
            raise LexigridError(f"bad computer level {level!r}: {LEVEL_HELP}")
        methods = BEST_METHODS if name == "best" else SIM_METHODS
        clock = GameClock(60 * clock_minutes(level, arg))
        return PlayChooser(engine, level, clock, dict(methods))
    try:
        budget = float(arg[:-1]) if arg.endswith("s") else int(arg)
    except ValueError:
        budget = 0
    if not (budget > 0 and math.isfinite(budget)):
        raise LexigridError(f"bad computer level {level!r}: {LEVEL_HELP}")
    if arg.endswith("s"):
        return SimPlayer(
            engine, level, iterations=None, seconds=float(budget), endgame_seconds=endgame_seconds
        )
    return SimPlayer(engine, level, iterations=int(budget), endgame_seconds=endgame_seconds)
