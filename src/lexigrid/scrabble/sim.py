"""Monte Carlo simulation (Sheppard's Maven method): the best plays by static equity, each played out a
few plies ahead against random opponent racks, both sides playing the engine's static-equity moves.

An *iteration* deals the opponent a rack from the unseen tiles (or from a given distribution of leaves,
filled up at random) and shuffles the rest into a bag order; every candidate play is then played out from
that same deal (common random numbers: the differences between plays are measured on the same luck, so
they settle much faster than the plays' own values). A play-out applies the candidate, refills the rack,
and plays `plies` more moves with `Engine.best(position, "equity")`; when the bag is empty by then it goes
on to the end of the game (a few static moves at most), which also makes an empty-bag position exact.
Its *value* is the points margin the play-out gained for the mover, plus the leave value of the mover's
last leave, minus that of the opponent's (the tiles each kept on their last move; nothing once the game is
over); its *win probability* comes from the learned spread x tiles-left table (`winpct`).

Plays are ranked by mean win probability, then mean value. The stopping rule is successive elimination:
after each round, a play whose paired difference from the leader (win probability plus a tie-breaking
1e-6 x value, over the same iterations) is more than `Z` standard errors below zero is dropped; once one
play is left, or the budget is spent, the simulation stops. Moves are applied to one working board per
process and undone by restoring its tiles and cross-check arrays from a snapshot (a memory copy: no
cross-check is recomputed on undo). Iteration i's deal depends only on the seed and i, and rounds are
split over the shared runner by iteration, so a seeded run gives the same result with any `--jobs`.
"""

from __future__ import annotations

import math
import random
import time
import uuid
from array import array
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from lexigrid.errors import LexigridError
from lexigrid.lexicon import load
from lexigrid.runner import Backend, run
from lexigrid.scrabble.alphabet import take_tiles
from lexigrid.scrabble.board import Rack
from lexigrid.scrabble.cgp import Position, format_cgp, parse_cgp
from lexigrid.scrabble.ending import MAX_SCORELESS_TURNS
from lexigrid.scrabble.move import Move
from lexigrid.scrabble.movegen import Engine
from lexigrid.scrabble.winpct import WinTable, default_table

Z = 2.576  # elimination bound: 99% two-sided normal quantile of the paired difference
MIN_ITERATIONS = 32  # no play is dropped before this many iterations
MAX_ROUND = 256  # iterations per round at most (a round ends with the elimination check and a report)
TIE_BREAK = 1e-6  # value points added to win probability, so equal win chances rank by value
DEFAULT_PLAYS, DEFAULT_PLIES, DEFAULT_ITERATIONS = 15, 2, 1000
LeaveDistribution = Sequence[tuple[str, float]]
# What the opponent kept: a callable giving a leave from a random generator (None: nothing known, such
# as `Inference.sample_leave`), or (leave, weight) pairs (`Inference.choices()`); the rest of the rack is
# filled at random from the unseen tiles. None: a uniformly random rack.
OpponentRacks = Callable[[random.Random], str | None] | LeaveDistribution | None


@dataclass(frozen=True)
class Outcome:
    """One play-out: the value (points margin plus leave terms) and the mover's win probability."""

    value: float
    win: float


@dataclass
class PlayStats:
    """A candidate play's play-outs so far."""

    move: Move
    values: list[float] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    eliminated: bool = False

    @property
    def iterations(self) -> int:
        """Play-outs done."""
        return len(self.values)

    @property
    def mean_value(self) -> float:
        """Mean value (spread gained plus the final leave terms)."""
        return sum(self.values) / len(self.values) if self.values else 0.0

    @property
    def win_pct(self) -> float:
        """Mean win probability, in percent."""
        return 100.0 * sum(self.wins) / len(self.wins) if self.wins else 0.0

    @property
    def stderr(self) -> float:
        """Standard error of the mean value."""
        n = len(self.values)
        if n < 2:
            return 0.0
        mean = self.mean_value
        return math.sqrt(sum((v - mean) ** 2 for v in self.values) / (n - 1) / n)

    def key(self) -> tuple[float, float]:
        """The ranking key: win probability, then value."""
        return (self.win_pct, self.mean_value)

    def as_dict(self) -> dict[str, Any]:
        """One row of the JSON result."""
        return {
            "move": self.move.notation,
            "paren": self.move.paren,
            "score": self.move.score,
            "equity": self.move.equity,
            "win_pct": round(self.win_pct, 2),
            "mean_spread": round(self.mean_value, 2),
            "stderr": round(self.stderr, 2),
            "iterations": self.iterations,
        }


@dataclass
class SimResult:
    """The candidates, best first, with the run's totals."""

    plays: list[PlayStats]
    stopped_early: bool
    elapsed_ms: float

    @property
    def iterations(self) -> int:
        """Play-outs done over all candidates."""
        return sum(p.iterations for p in self.plays)

    @property
    def best(self) -> Move:
        """The best play."""
        return self.plays[0].move

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of `scrabble sim --json` and the web API."""
        return {
            "plays": [p.as_dict() for p in self.plays],
            "iterations": self.iterations,
            "stopped_early": self.stopped_early,
            "elapsed_ms": round(self.elapsed_ms, 1),
        }


@dataclass(frozen=True)
class SimSpec:
    """What a worker needs to play out iterations: the position, the candidates and the settings."""

    cgp: str
    candidates: tuple[Move, ...]
    plies: int
    seed: int
    opponent: Callable[[random.Random], str | None] | tuple[tuple[str, float], ...] | None
    lexicon: str | None
    lexicon_sha256: str
    token: str  # names this simulation's working board in each process (`_PLAYOUTS`)


class Playout:
    """One process's working board, on which candidates and the plies after them are applied and undone."""

    def __init__(self, engine: Engine, position: Position, spec: SimSpec, table: WinTable) -> None:
        self.engine = engine
        self.spec = spec
        self.table = table
        self.position = position
        self.board = position.board.copy()
        self.checks = engine.cross_checks(self.board)
        self.saved_tiles = bytes(self.board.tiles)
        self.saved_checks = array("I", self.checks.checks)
        self.saved_scores = array("i", self.checks.cscores)
        self.rack_size = position.rules.rack_size
        self.points = position.rules.tiles.score
        self.known = str(position.racks[1])
        pool = Counter(position.unseen())
        pool.subtract(position.racks[1].counts)
        self.pool = sorted((+pool).elements())  # unseen tiles not known to be on the opponent's rack

    def restore(self) -> None:
        """Put the working board and its cross-checks back as they were in the position."""
        self.board.tiles[:] = self.saved_tiles
        self.checks.checks[:] = self.saved_checks
        self.checks.cscores[:] = self.saved_scores
        self.checks.pending_rows.clear()
        self.checks.pending_cols.clear()

    def deal(self, index: int) -> tuple[str, list[str], random.Random]:
        """Iteration `index`'s opponent rack and bag order (drawn from the end), and its generator."""
        rng = random.Random(f"{self.spec.seed}:{index}")
        kept = self.known + self._opponent_leave(rng)
        pool = list(self.pool)
        for tile in kept[len(self.known) :]:
            if tile not in pool:
                raise LexigridError(f"the opponent leave {kept!r} is not drawable from the unseen tiles")
            pool.remove(tile)
        rng.shuffle(pool)
        need = max(0, min(self.rack_size - len(kept), len(pool)))
        return kept + "".join(pool[len(pool) - need :]), pool[: len(pool) - need], rng

    def _opponent_leave(self, rng: random.Random) -> str:
        """The tiles the opponent is taken to have kept (beyond the known ones), from the distribution."""
        opponent = self.spec.opponent
        if opponent is None or len(self.known) >= self.rack_size:
            return ""
        if callable(opponent):
            return (opponent(rng) or "").upper()  # None or "": nothing known, a uniform draw
        leaves = [leave for leave, _ in opponent]
        return rng.choices(leaves, weights=[w for _, w in opponent])[0].upper()

    def iterate(self, index: int, active: Sequence[int]) -> list[Outcome]:
        """Iteration `index`: the same deal played out for each active candidate."""
        opponent, bag, rng = self.deal(index)
        return [self.play_out(self.spec.candidates[c], opponent, list(bag), rng) for c in active]

    def play_out(self, move: Move, opponent: str, bag: list[str], rng: random.Random) -> Outcome:
        """Apply the candidate and the plies after it, measure, and undo."""
        start = self.position
        state = _State([str(start.rack), opponent], bag, start.zeros, rng)
        self._apply(state, 0, move)
        side, ply = 1, 0
        while not state.over and (ply < self.spec.plies or not state.bag):
            racks = (Rack.of_tiles(state.racks[side]), Rack.of_tiles(state.racks[1 - side]))
            reply = self.engine.best(Position(self.board, racks), "equity")
            assert reply is not None
            self._apply(state, side, reply)
            side, ply = 1 - side, ply + 1
        self.restore()
        return self._measure(state, side)

    def _apply(self, state: _State, side: int, move: Move) -> None:
        """Play a move for `side` on the working board: points, rack, draws, the end of the game."""
        rack = state.racks[side]
        if move.kind == "pass":
            state.leaves[side] = rack
            state.scoreless(self._rack_points)
            return
        kept = take_tiles(rack, move.tiles_used)
        state.leaves[side] = kept
        if move.kind == "exchange":
            n = len(move.tiles_used)
            drawn = state.bag[len(state.bag) - n :]
            del state.bag[len(state.bag) - n :]
            for tile in move.tiles_used:
                state.bag.insert(state.rng.randrange(len(state.bag) + 1), tile)
            state.racks[side] = kept + "".join(drawn)
            state.scoreless(self._rack_points)
            return
        self.board.place(move)
        need = min(self.rack_size - len(kept), len(state.bag))
        state.racks[side] = kept + "".join(state.bag[len(state.bag) - need :])
        del state.bag[len(state.bag) - need :]
        state.gains[side] += move.score
        if move.score:
            state.zeros = 0
        else:
            state.scoreless(self._rack_points)
        if not state.racks[side]:
            state.gains[side] += 2 * self._rack_points(state.racks[1 - side])
            state.over = True

    def _rack_points(self, rack: str) -> int:
        """The face value of a rack's tiles."""
        return sum(self.points(t) for t in rack)

    def _measure(self, state: _State, to_move: int) -> Outcome:
        """The play-out's value and the mover's chance of winning from where it ended."""
        value = float(state.gains[0] - state.gains[1])
        spread = self.position.scores[0] - self.position.scores[1] + value
        if state.over:
            return Outcome(value, 1.0 if spread > 0 else 0.0 if spread < 0 else 0.5)
        value += self.engine.leave_value(state.leaves[0]) - self.engine.leave_value(state.leaves[1])
        spread = self.position.scores[0] - self.position.scores[1] + value
        unseen = len(state.bag) + len(state.racks[1 - to_move])
        if to_move == 0:
            return Outcome(value, self.table.win_probability(spread, unseen))
        return Outcome(value, 1.0 - self.table.win_probability(-spread, unseen))


@dataclass
class _State:
    """A play-out in progress: both racks, the bag order, points gained, scoreless turns, last leaves."""

    racks: list[str]
    bag: list[str]
    zeros: int
    rng: random.Random
    gains: list[int] = field(default_factory=lambda: [0, 0])
    leaves: list[str] = field(default_factory=lambda: ["", ""])
    over: bool = False

    def scoreless(self, points: Callable[[str], int]) -> None:
        """Count a scoreless turn; the sixth in a row ends the game, each side losing its rack's value."""
        self.zeros += 1
        if self.zeros >= MAX_SCORELESS_TURNS:
            self.gains[0] -= points(self.racks[0])
            self.gains[1] -= points(self.racks[1])
            self.over = True


_PLAYOUTS: dict[str, Playout] = {}


def _playout(spec: SimSpec) -> Playout:
    """This process's working board for a spec: registered by the parent (and inherited by forked
    workers), else built here from the spec's lexicon (a Dask worker)."""
    found = _PLAYOUTS.get(spec.token)
    if found is None:
        lexicon = load(spec.lexicon)
        if lexicon.sha256 != spec.lexicon_sha256:
            raise LexigridError("a remote simulation worker needs the lexicon by name or path (--lexicon)")
        position = parse_cgp(spec.cgp)
        if len(_PLAYOUTS) > 8:  # a long-lived remote worker: forget earlier simulations
            _PLAYOUTS.clear()
        found = _PLAYOUTS[spec.token] = Playout(
            Engine(lexicon, position.rules), position, spec, default_table()
        )
    return found


def play_iterations(item: tuple[SimSpec, range, tuple[int, ...]]) -> list[list[Outcome]]:
    """Runner job: a range of iterations for the active candidates."""
    spec, indices, active = item
    playout = _playout(spec)
    return [playout.iterate(i, active) for i in indices]


def check_request(
    position: Position, plays: int, plies: int, iterations: int | None, seconds: float | None
) -> None:
    """One-line errors for a simulation that cannot run."""
    if not len(position.rack):
        raise LexigridError(
            "the CGP gives the player to move no tiles: add racks after the board, e.g. AEINRST/"
        )
    if plays <= 0:
        raise LexigridError(f"--plays must be at least 1, not {plays}")
    if plies <= 0:
        raise LexigridError(f"--plies must be at least 1, not {plies}")
    if iterations is not None and iterations <= 0:
        raise LexigridError(f"--iterations must be at least 1, not {iterations}")
    if seconds is not None and not seconds > 0:
        raise LexigridError(f"--seconds must be more than 0, not {seconds:g}")
    check_bag(position, plies)


def sim_bag(position: Position) -> int:
    """The bag's size once the opponent holds a full rack (the opponent's rack may be unknown in a CGP)."""
    return max(0, sum(position.unseen().values()) - position.rules.rack_size)


def check_bag(position: Position, plies: int) -> None:
    """Refuse a bag too small for the plies asked: each ply must be able to draw (an empty bag is fine:
    the play-outs then go to the end of the game)."""
    bag = sim_bag(position)
    if 0 < bag < plies:
        raise LexigridError(
            f"the bag holds {bag} tile(s), too few for {plies} plies: ask for --plies {bag} or fewer"
        )


@dataclass
class Progress:
    """A snapshot of a running simulation, for a live display."""

    plays: list[PlayStats]
    iterations: int
    elapsed_ms: float

    def as_dict(self) -> dict[str, Any]:
        """The running table in the final result's shape (a web page streams these as it converges)."""
        return {
            "plays": [p.as_dict() for p in self.plays],
            "iterations": self.iterations,
            "elapsed_ms": round(self.elapsed_ms, 1),
        }


def simulate(
    position: Position,
    engine: Engine,
    *,
    plays: int = DEFAULT_PLAYS,
    plies: int = DEFAULT_PLIES,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    opponent: OpponentRacks = None,
    jobs: int = 1,
    backend: Backend = "auto",
    scheduler: str | None = None,
    lexicon: str | None = None,
    table: WinTable | None = None,
    on_round: Callable[[Progress], bool | None] | None = None,
) -> SimResult:
    """Simulate the `plays` best moves by static equity, `plies` ahead, for up to `iterations` iterations
    per play (default 1000) or `seconds`; `opponent` gives what the opponent kept (see OpponentRacks).
    `on_round` gets the ranked plays after every round and stops the run by returning True."""
    check_request(position, plays, plies, iterations, seconds)
    position = with_known_opponent(position)
    start = time.perf_counter()
    budget = iterations if iterations is not None else (10**9 if seconds is not None else DEFAULT_ITERATIONS)
    candidates = tuple(engine.moves(position).top(plays, "equity"))
    if opponent is not None and not callable(opponent):
        opponent = tuple((str(leave), float(w)) for leave, w in opponent)
    token = uuid.uuid4().hex
    spec = SimSpec(
        format_cgp(position), candidates, plies, seed, opponent, lexicon, engine.lexicon.sha256, token
    )
    _PLAYOUTS[spec.token] = Playout(engine, position, spec, table or default_table())
    stats = [PlayStats(m) for m in candidates]
    if sim_bag(position) == 0:  # the opponent holds every unseen tile: each play-out is the same
        budget = 1
    done = 0
    try:
        while done < budget:
            active = tuple(i for i, s in enumerate(stats) if not s.eliminated)
            elapsed = time.perf_counter() - start
            left = None if seconds is None else seconds - elapsed
            size = _round_size(done, budget, done / elapsed if done else 0.0, left)
            _run_round(spec, range(done, done + size), active, stats, jobs, backend, scheduler)
            done += size
            if len(active) > 1:
                _eliminate(stats, active)
            snapshot = Progress(_ranked(stats), sum(s.iterations for s in stats), _ms(start))
            if on_round is not None and on_round(snapshot):  # True: stop now (a web page's stop button)
                break
            if sum(not s.eliminated for s in stats) == 1:
                break
            if seconds is not None and time.perf_counter() - start >= seconds:
                break
    finally:
        del _PLAYOUTS[spec.token]
    early = done < budget and sum(not s.eliminated for s in stats) == 1 and len(stats) > 1
    return SimResult(_ranked(stats), early, _ms(start))


def _ms(start: float) -> float:
    """Milliseconds since `start`."""
    return 1000 * (time.perf_counter() - start)


def with_known_opponent(position: Position) -> Position:
    """The position with the opponent's rack filled in when it is certain: all unseen tiles, the bag
    being empty (so the engine's equities use the endgame rules)."""
    unseen = position.unseen()
    if sum(unseen.values()) > position.rules.rack_size or len(position.racks[1]) == sum(unseen.values()):
        return position
    opponent = Rack.of_tiles("".join(sorted(unseen.elements())))
    return Position(position.board, (position.rack, opponent), position.scores, position.zeros, position.ops)


def _round_size(done: int, budget: int, rate: float, left: float | None) -> int:
    """Iterations in the next round: MIN_ITERATIONS, then doubling up to MAX_ROUND (the same for any number
    of workers, so a seeded run's rounds and eliminations do not depend on --jobs); with a time budget,
    no more than the time left allows at the rate seen so far."""
    size = MIN_ITERATIONS if done == 0 else min(done, MAX_ROUND)
    if left is not None and rate > 0:
        size = max(1, min(size, int(rate * left) + 1))
    return min(size, budget - done)


def _run_round(
    spec: SimSpec,
    indices: range,
    active: tuple[int, ...],
    stats: list[PlayStats],
    jobs: int,
    backend: Backend,
    scheduler: str | None,
) -> None:
    """Play out a round of iterations (split over the workers by iteration) and record the outcomes."""
    parts = max(1, min(jobs, len(indices)))
    step = -(-len(indices) // parts)
    items = [(spec, indices[i : i + step], active) for i in range(0, len(indices), step)]
    if jobs == 1 and scheduler is None and backend != "dask":
        results = [play_iterations(item) for item in items]
    else:
        results = run(
            play_iterations,
            items,
            jobs=jobs,
            backend=backend,
            scheduler=scheduler,
            progress=False,
            chunk_size=1,
        )
    for part in results:
        for outcomes in part:
            for c, outcome in zip(active, outcomes, strict=True):
                stats[c].values.append(outcome.value)
                stats[c].wins.append(outcome.win)


def _score(stats: PlayStats, i: int) -> float:
    """Iteration i's elimination statistic: win probability, value as a tie-break."""
    return stats.wins[i] + TIE_BREAK * stats.values[i]


def _eliminate(stats: list[PlayStats], active: tuple[int, ...]) -> None:
    """Drop the plays whose paired difference from the leader is significantly negative."""
    n = stats[active[0]].iterations
    if n < MIN_ITERATIONS:
        return
    leader = max(active, key=lambda c: sum(_score(stats[c], i) for i in range(n)))
    for c in active:
        if c == leader:
            continue
        diffs = [_score(stats[leader], i) - _score(stats[c], i) for i in range(n)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean > Z * math.sqrt(var / n) and mean > 0:
            stats[c].eliminated = True


def _ranked(stats: list[PlayStats]) -> list[PlayStats]:
    """The plays best first: more iterations (survivors) first, then win probability, then value."""
    order = sorted(range(len(stats)), key=lambda i: (stats[i].eliminated, *(-k for k in stats[i].key()), i))
    return [stats[i] for i in order]
