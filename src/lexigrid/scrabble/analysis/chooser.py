"""The play chooser: a computer player that plays a whole game against a game clock, by phase.

Each move gets the clock's time left (less a small reserve) split over the mover's turns likely left: the
tiles not yet played (bag and both racks) at TILES_PER_TURN_PAIR a pair of turns. That budget goes to the
method of the game's phase (`phase.phase`): simulation in the midgame, the pre-endgame solver with 1 to
`peg.MAX_BAG` tiles in the bag (the `best` level; its answer is taken when exact or when its best play is
proven to win every scenario, otherwise simulation decides in the time left), the exact endgame solver with
the bag empty. Every method stops itself at the budget it is given, and the clock is charged the time the move
really took, read from `GameClock.time` (any time source: a test passes a stand-in). Below MIN_SEARCH seconds
no search starts: the move is the best by static equity, so the clock is never overrun by more than one
search's stopping granularity, which the reserve absorbs. A chooser made in the middle of a game is wound to
the time the game recorded (`Game.wind`); if that is unknown (a game saved before it was kept), it takes
its past turns to have used their share. With more than two players, static equity.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from lexigrid.counts import count
from lexigrid.scrabble.analysis.endgame import solve
from lexigrid.scrabble.analysis.infer import INFER_SHARE, kept_if_known
from lexigrid.scrabble.analysis.peg import solve_peg
from lexigrid.scrabble.analysis.phase import Phase, phase
from lexigrid.scrabble.analysis.sim import (
    DEFAULT_PLAYS,
    DEFAULT_PLIES,
    LeaveDistribution,
    Progress,
    simulate,
    with_known_opponent,
)
from lexigrid.scrabble.analysis.thinking import Thinking, is_watched, tell
from lexigrid.scrabble.core.cgp import Position
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.engine.movegen import Engine

DEFAULT_CLOCK_MINUTES = 25.0
TILES_PER_TURN_PAIR = 8  # both sides' tiles a pair of turns: about 4 tiles a placement
RESERVE_SHARE, RESERVE_MAX = 0.02, 5.0  # of the clock (at most 5 s) held back for overruns
RESERVE_MIN = 1.0  # seconds held back at least (at most a quarter of the clock): a search's start-up
MIN_SEARCH = 0.05  # seconds: a smaller budget plays the best move by static equity
PEG_SHARE = 0.5  # of a pre-endgame move's budget for the pre-endgame solver; simulation may use the rest
# of an endgame move's budget for the endgame solver: it searches to its time after the first ply, then
# re-searches the principal variation for as long again (engine/endgame.c), so up to twice its time
ENDGAME_SHARE = 0.5
# The opponent's play as the inference models it: a rack is weighted by exp(-loss / OPPONENT_TEMPERATURE)
# for a play `loss` points of equity below its best, up to OPPONENT_MARGIN. Measured on the plays of `old`
# (docs/scrabble.md, "Rack inference in the game"): 2 to 4 made the kept leave likeliest.
OPPONENT_TEMPERATURE, OPPONENT_MARGIN = 3.0, 15.0

Method = Callable[["PlayChooser", Position, float, random.Random], Move]


@dataclass
class GameClock:
    """A player's clock for one game: `seconds` in all, the time `spent` so far, read from `time`."""

    seconds: float
    time: Callable[[], float] = time.perf_counter
    spent: float = 0.0
    started: bool = False  # a move has been charged (else a chooser made mid-game pro-rates the past)

    @property
    def remaining(self) -> float:
        """Seconds left on the clock (never below 0)."""
        return max(0.0, self.seconds - self.spent)

    def charge(self, seconds: float) -> None:
        """Count a move's time against the clock."""
        self.spent += max(0.0, seconds)
        self.started = True


def turns_left(position: Position) -> int:
    """The mover's turns likely left: the tiles not yet played (bag and both racks) a pair of turns."""
    unplayed = sum(position.unseen().values()) + len(position.rack)
    return max(1, math.ceil(unplayed / TILES_PER_TURN_PAIR))


def reserve(clock_seconds: float) -> float:
    """The seconds held back from a clock for the searches' overruns: RESERVE_SHARE of it, at least
    RESERVE_MIN (a quarter of a shorter clock), at most RESERVE_MAX."""
    return min(RESERVE_MAX, max(RESERVE_SHARE * clock_seconds, min(RESERVE_MIN, clock_seconds / 4)))


def move_budget(remaining: float, clock_seconds: float, position: Position) -> float:
    """A move's seconds: the clock's time left less the reserve, over the mover's turns likely left."""
    return max(0.0, remaining - reserve(clock_seconds)) / turns_left(position)


def spent_before(clock_seconds: float, position: Position) -> float:
    """The time a chooser made mid-game takes its past turns to have used: their share of the clock."""
    fresh = math.ceil(position.rules.tiles.total / TILES_PER_TURN_PAIR)
    return clock_seconds * max(0.0, 1.0 - turns_left(position) / fresh)


def opponent_kept(
    position: Position,
    last: str,
    engine: Engine,
    seconds: float,
    clock: Callable[[], float] = time.perf_counter,
) -> LeaveDistribution | None:
    """What the opponent likely kept after their last placement `last` (`8D W(OR)D`), the mover to move:
    their likeliest racks judged within `seconds` of `clock` (None: no rack fits the play, or it formed a
    word the engine's lexicon does not hold, so no equity can judge it)."""
    found = kept_if_known(
        position,
        last,
        engine,
        margin=OPPONENT_MARGIN,
        temperature=OPPONENT_TEMPERATURE,
        seconds=seconds,
        clock=clock,
    )
    return None if found is None else found.distribution()


def simulation(chooser: PlayChooser, position: Position, seconds: float, rng: random.Random) -> Move:
    """The simulation's best move within `seconds` (fewer plies when the bag is nearly empty), the opponent's
    racks drawn from what they likely kept when the chooser infers."""
    plies = min(chooser.plies, position.bag_when_full()) or chooser.plies
    seed = rng.getrandbits(32)
    opponent = None
    if chooser.infer:
        started = chooser.clock.time()
        opponent = chooser.kept(position, INFER_SHARE * seconds)
        seconds -= chooser.clock.time() - started
    task = f"simulating {count(chooser.plays, 'play')}, {count(plies, 'ply', 'plies')} deep"
    chooser.tell(task)
    result = simulate(
        position,
        chooser.engine,
        plays=chooser.plays,
        plies=plies,
        seconds=seconds,
        seed=seed,
        opponent=opponent,
        on_round=(lambda progress: chooser.tell(task, progress)) if is_watched() else None,
    )
    return result.best


def pre_endgame(chooser: PlayChooser, position: Position, seconds: float, rng: random.Random) -> Move:
    """The pre-endgame solver's best move when it is sure of it within its share of `seconds` (the solve
    exact, or a play proven to win every scenario); else the simulation's in the time left."""
    started = chooser.clock.time()
    chooser.tell("solving the pre-endgame")
    solution = solve_peg(position, chooser.engine, top=1, seconds=PEG_SHARE * seconds)
    if solution.settled is not None:
        return solution.settled
    left = seconds - (chooser.clock.time() - started)
    if left < MIN_SEARCH:
        return static(chooser, position, left, rng)
    return simulation(chooser, position, left, rng)


def endgame(chooser: PlayChooser, position: Position, seconds: float, rng: random.Random) -> Move:
    """The endgame solver's best move within `seconds` (its best so far if cut short): it is given
    ENDGAME_SHARE of them, as it may take twice its time."""
    chooser.tell("solving the endgame")
    return solve(with_known_opponent(position), chooser.engine, seconds=ENDGAME_SHARE * seconds).best


def static(chooser: PlayChooser, position: Position, seconds: float, rng: random.Random) -> Move:
    """The best move by static equity (no search: no time to speak of)."""
    move = chooser.engine.best(with_known_opponent(position), "equity")
    assert move is not None  # by equity there is always a move: at worst the pass
    return move


# The methods of each level by phase: `sim` simulates through the pre-endgame, `best` solves it.
SIM_METHODS: Mapping[Phase, Method] = {"midgame": simulation, "pre-endgame": simulation, "endgame": endgame}
BEST_METHODS: Mapping[Phase, Method] = {"midgame": simulation, "pre-endgame": pre_endgame, "endgame": endgame}


@dataclass
class PlayChooser:
    """Plays a game against `clock`, each move by its phase's method (`methods`) within the move's budget;
    `per_move` fixes the budget instead (seconds a move, a match at equal time), `cap` bounds it (a web
    request's time)."""

    engine: Engine
    level: str = "sim"
    clock: GameClock = field(default_factory=lambda: GameClock(60 * DEFAULT_CLOCK_MINUTES))
    methods: Mapping[Phase, Method] = field(default_factory=lambda: dict(SIM_METHODS))
    plays: int = DEFAULT_PLAYS
    plies: int = DEFAULT_PLIES
    per_move: float | None = None
    cap: float | None = None
    infer: bool = False  # simulate the opponent's racks from what their last play says they kept
    last_phase: Phase | None = None  # the phase of the last move chosen (for a report)
    _move: tuple[float, float, float | None] = (0.0, 0.0, None)  # this move's start, budget, clock left
    _last: str | None = None  # this move's view of the opponent's last play (`Position.last_play`)

    def budget(self, position: Position) -> float:
        """This move's seconds."""
        if self.per_move is not None:
            seconds = self.per_move
        else:
            if not self.clock.started:
                self.clock.spent = max(self.clock.spent, spent_before(self.clock.seconds, position))
            seconds = move_budget(self.clock.remaining, self.clock.seconds, position)
        return seconds if self.cap is None else min(seconds, self.cap)

    def choose(self, position: Position, rng: random.Random) -> Move:
        """The move of the phase's method within this move's budget, from what this player can see."""
        if position.player_count() != 2:
            move = self.engine.best(position, "equity")
            assert move is not None
            return move
        seen = position.seen_by_mover()
        self._last = position.last_play()
        started = self.clock.time()
        seconds = self.budget(seen)
        self._move = (started, seconds, None if self.per_move is not None else self.clock.remaining)
        self.last_phase = phase(seen)
        method = self.methods[self.last_phase] if seconds >= MIN_SEARCH else static
        move = method(self, seen, seconds, rng)
        self.clock.charge(self.clock.time() - started)
        return move

    def kept(self, position: Position, seconds: float) -> LeaveDistribution | None:
        """What the opponent likely kept after their last play (`opponent_kept`), None if it is unknown."""
        if self._last is None:
            return None
        self.tell("inferring what the opponent kept")
        return opponent_kept(position, self._last, self.engine, seconds, self.clock.time)

    def tell(self, task: str, progress: Progress | None = None) -> None:
        """Report what this move's search is doing, against the move's budget (see `thinking`)."""
        if is_watched():
            started, budget, left = self._move
            tell(Thinking(task, budget, started, self.clock.time, left, progress))
