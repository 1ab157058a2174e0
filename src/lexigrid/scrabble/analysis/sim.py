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
over); its *win probability* comes from the learned spread x tiles-left table (`winpct`). The moves are
played through the play state (`play_state.PlayState`): the rules of a real game, going out and six
scoreless turns included.

Plays are ranked by their mean *utility*: win probability plus SPREAD_WEIGHT x value (1/2000 a point: 20
points of spread weigh as one percentage point of winning, enough to prefer the bigger win among plays
equally likely to win, as MAGPIE's sim does). Which play to sample next is best-arm identification by
Top-Two sampling (Jourdan, Degenne, Baudry, de Heide, Kaufmann 2022, "Top Two Algorithms Revisited"): every
play gets MIN_ITERATIONS play-outs first; then the *leader* is the play with the best mean utility and the
*challenger* the other play with the smallest Gaussian transportation cost to it (TCB: (mean gap)^2 /
2(var_L/n_L + var_b/n_b), plus log n_b so that no play is starved); a seeded coin picks the leader with
probability 1/2, else the challenger. A play's k-th play-out always uses iteration k's deal (common random
numbers), so any two plays are compared by paired differences over the iterations both have.
Once the leader has REORDER_AFTER play-outs, the plays that *reorder* it (its tiles on its squares in
another order: 8C STEARIN and 8C RATINES; MAGPIE's similar plays, its epigons) are *set aside*: they keep
their play-outs, take no more and leave the stopping test, since telling them from the leader would take the
run to its budget (not a move under review, `weigh`: what it lost is the question). The run stops when the
leader is *identified*: for every other play b the generalized likelihood ratio of "the leader beats b" (n
d^2 / 2 s^2 over the paired differences d of their first n common iterations) is above Garivier and
Kaufmann's threshold log((1 + log t) / delta) at t play-outs (GK16, delta = 1 - the confidence, 99 % by
default); or when the budget is spent (iterations a play at most, or
seconds), or when `on_round` asks (`stopped`: identified, budget, user). Plays the leader has not beaten by
that test are *tied* with it: shown beside it, not ranked below it by noise. Sampling is chosen a round at a
time (from the means at the round's start, the counts advancing as plays are picked), and rounds are split
over the shared runner by iteration, so a seeded run with an iteration budget gives the same result with any
`--jobs`. Moves are applied to one working board per process and undone by restoring its tiles and
cross-check arrays from a snapshot (a memory copy: no cross-check is recomputed on undo).
"""

from __future__ import annotations

import itertools
import math
import random
import time
import uuid
from array import array
from collections import Counter, OrderedDict
from collections.abc import Callable, Container, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

import numpy as np

from lexigrid.counts import count
from lexigrid.errors import LexigridError, OptionError, check_positive
from lexigrid.lexicon import load
from lexigrid.runner import DEFAULT_RUNNER, Runner
from lexigrid.scrabble.analysis.bai import evidence, leader_confidence, threshold, top_two
from lexigrid.scrabble.analysis.sim_notes import SimNotes, reordered_note, stopped_note, sure_note, ties_note
from lexigrid.scrabble.analysis.sim_plies import PlyStats, Reply, count_replies, ply_rows
from lexigrid.scrabble.core.alphabet import ENGLISH, Alphabet, shortfall
from lexigrid.scrabble.core.board import Rack
from lexigrid.scrabble.core.cgp import Position, cgp_language_rules, format_cgp, parse_cgp
from lexigrid.scrabble.core.ending import share
from lexigrid.scrabble.core.move import Move, parse_move
from lexigrid.scrabble.core.play_state import OrderedBag, PlayState
from lexigrid.scrabble.core.referee import check, exchange_refusal, is_bingo, shown
from lexigrid.scrabble.engine.movegen import Engine
from lexigrid.scrabble.engine.playout import REPLIES_KEPT, Deal, Ending, Measure, PlayoutLoop
from lexigrid.scrabble.engine.winpct import SPREAD_LIMIT, WinTable, lexicon_table

if TYPE_CHECKING:
    from lexigrid.scrabble.analysis.inference import Inference

MIN_ITERATIONS = 32  # play-outs every play gets before Top-Two sampling begins
ROUND_PLAYOUTS = 1024  # play-outs a round at most (a round ends with the stopping test and a report)
INFERENCE_SHOWN = 10  # the likeliest inferred leaves a simulation's answer lists
SPREAD_WEIGHT = 1 / 2000  # utility = win probability + this x value: 20 points weigh as 1 % of winning
DEFAULT_PLAYS, DEFAULT_PLIES, DEFAULT_ITERATIONS = 15, 2, 1000
DEFAULT_CONFIDENCE, MAX_PLAYS = 0.99, 100
DEALS_KEPT = 8192  # deals a process keeps for the plays that have not yet been played out on them
REORDER_AFTER = 128  # the leader's play-outs before the plays reordering it are set aside (`reordering`)
Stopped = Literal["identified", "budget", "user"]
LeaveDistribution = Sequence[tuple[str, float]]
# What the opponent kept: a callable giving a leave from a random generator (None: nothing known, such
# as `Inference.sample_leave`), or (leave, weight) pairs (`Inference.distribution()`); the rest of the rack is
# filled at random from the unseen tiles. None: a uniformly random rack.
OpponentRacks = Callable[[random.Random], str | None] | LeaveDistribution | None


def utility(win: np.ndarray, value: np.ndarray) -> np.ndarray:
    """The ranking key of play-outs (or of their means): win probability plus SPREAD_WEIGHT x value."""
    return win + SPREAD_WEIGHT * value


class Outcome(NamedTuple):
    """One play-out: the value (points margin plus leave terms), the mover's win probability, and its replies
    (`sim_plies.Reply`: points, bingo): the plies asked and, the bag emptied, every move on to the end."""

    value: float
    win: float
    replies: tuple[Reply, ...] = ()


@dataclass
class PlayStats:
    """A candidate play's play-outs so far."""

    move: Move
    values: list[float] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    tied: bool = False  # not yet told apart from the leader at the run's confidence
    added: bool = False  # not among the best by equity: simulated because it was asked for (`include`)
    plies: list[PlyStats] = field(default_factory=list)  # the replies ply by ply (`sim_plies`)
    reorders: Move | None = None  # set aside as this leader's tiles on its squares in another order
    _utilities: np.ndarray = field(default_factory=lambda: np.empty(0), repr=False, compare=False)

    @property
    def iterations(self) -> int:
        """Play-outs done."""
        return len(self.values)

    def record(self, outcome: Outcome) -> None:
        """Add a play-out."""
        self.values.append(outcome.value)
        self.wins.append(outcome.win)
        count_replies(self.plies, outcome.replies)

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

    def utilities(self) -> np.ndarray:
        """Each play-out's utility: win probability plus SPREAD_WEIGHT x value (only the play-outs added
        since the last call are converted: a long run reads these every round)."""
        have = len(self._utilities)
        if have < len(self.values):
            fresh = utility(np.asarray(self.wins[have:]), np.asarray(self.values[have:]))
            self._utilities = np.concatenate((self._utilities, fresh))
        return self._utilities

    @property
    def utility(self) -> float:
        """Mean utility, the ranking key."""
        return float(self.utilities().mean()) if self.values else 0.0

    def as_dict(self, alphabet: Alphabet = ENGLISH) -> dict[str, Any]:
        """One row of the JSON result, the move in the alphabet's labels."""
        return {
            "move": alphabet.write(self.move.notation),
            "paren": alphabet.write(self.move.paren),
            "score": self.move.score,
            "equity": self.move.equity,
            "win_pct": round(self.win_pct, 2),
            "mean_spread": round(self.mean_value, 2),
            "stderr": round(self.stderr, 2),
            "iterations": self.iterations,
            "tied": self.tied,
            "added": self.added,
            "reorders": None if self.reorders is None else alphabet.write(self.reorders.paren),
            "plies": ply_rows(self.plies),
        }


def places(plays: Sequence[PlayStats]) -> list[str]:
    """Each play's place, best first: the plays tied with the leader share the first place with it (1=)."""
    tied = any(p.tied for p in plays)
    return ["1=" if p.tied or (i == 1 and tied) else str(i) for i, p in enumerate(plays, 1)]


def play_rows(plays: Sequence[PlayStats], alphabet: Alphabet) -> list[dict[str, Any]]:
    """The plays as JSON rows, best first, each with its place (`places`)."""
    return [{**p.as_dict(alphabet), "place": place} for p, place in zip(plays, places(plays), strict=True)]


@dataclass
class SimResult:
    """The candidates, best first, with the run's totals."""

    plays: list[PlayStats]
    stopped: Stopped
    elapsed_ms: float
    confidence: float = DEFAULT_CONFIDENCE  # the confidence asked
    leader_confidence: float = 0.0  # how sure the run is that the leader is best (by the same test)
    exact: bool = False  # the bag empty and every play played out: each value is exact, ties are equalities
    time_limit: float | None = None  # the seconds asked, when the run ended on them (stopped: "budget")

    @property
    def iterations(self) -> int:
        """Play-outs done over all candidates."""
        return sum(p.iterations for p in self.plays)

    @property
    def best(self) -> Move:
        """The best play."""
        return self.plays[0].move

    def notes(self) -> SimNotes:
        """Why the run stopped, how sure it is and what its ties are, in words (`sim_notes`)."""
        tied = sum(p.tied for p in self.plays)
        return {
            "stopped": stopped_note(self.stopped, self.exact, self.confidence, self.time_limit),
            "sure": sure_note(self.leader_confidence, tied, self.exact),
            "ties": ties_note(bool(tied), self.exact, self.confidence),
            "reordered": reordered_note(sum(p.reorders is not None for p in self.plays)),
        }

    def as_dict(self, alphabet: Alphabet = ENGLISH, inferred: Inference | None = None) -> dict[str, Any]:
        """The JSON shape of `scrabble sim --json` and the web API, moves in the alphabet's labels; with the
        inference the opponent's racks were drawn from (`Inference.as_dict`, its likeliest leaves)."""
        shown = {} if inferred is None else {"inference": inferred.as_dict(INFERENCE_SHOWN, alphabet)}
        return {
            "plays": play_rows(self.plays, alphabet),
            "iterations": self.iterations,
            "stopped": self.stopped,
            "confidence": self.confidence,
            "leader_confidence": round(self.leader_confidence, 4),
            "exact": self.exact,
            "time_limit": self.time_limit,
            "notes": self.notes(),
            "elapsed_ms": round(self.elapsed_ms, 1),
            **shown,
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
    """One process's working state, on which candidates and the plies after them are applied and undone."""

    def __init__(self, engine: Engine, position: Position, spec: SimSpec, table: WinTable) -> None:
        self.engine = engine
        self.spec = spec
        self.table = table
        self.position = position
        self.state = PlayState.of_position(position)
        self.state.undoable = False  # each play-out goes back to the start at once (`restore`)
        # the compiled loop plays whole play-outs; the play state is the way for other leave models
        self.loop = PlayoutLoop(engine, position, spec.candidates) if PlayoutLoop.fits(engine) else None
        self._deals: OrderedDict[int, Deal] = OrderedDict()
        self._leaves: dict[str, float] = {}
        if self.loop is not None:  # the loop measures its play-outs as _measure does
            loop = self.loop
            self.measure = Measure(
                array("d", table.intercepts).tobytes(),
                array("d", table.slopes).tobytes(),
                float(SPREAD_LIMIT),
                lambda codes: self._leave(loop.glyphs(codes)),
            )
        if self.loop is None:
            engine.cross_checks(self.state.board)  # kept in step with the working board, and restored with it
        self.start = self.state.checkpoint()
        self.rack_size = position.rules.rack_size
        self.known = str(position.racks[1])
        pool = Counter(position.unseen())
        pool.subtract(position.racks[1].counts)
        self.pool = sorted((+pool).elements())  # unseen tiles not known to be on the opponent's rack
        # a leave distribution's running totals, made once: a deal then draws from it in log time, not in
        # the distribution's size (thousands of leaves made each deal cost more than its play-outs)
        leaves = spec.opponent if spec.opponent is not None and not callable(spec.opponent) else ()
        self._kept_leaves = [leave.upper() for leave, _ in leaves]
        self._kept_totals = list(itertools.accumulate(weight for _, weight in leaves))

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

    def _compiled_deal(self, index: int) -> tuple[Deal, Callable[[int], int]]:
        """Iteration `index`'s deal as the compiled loop reads it, and where its exchanges' random numbers
        come from: the deal's generator as `deal` leaves it. A play is sampled on the same iterations as the
        others, so each deal is made once (kept while among the last DEALS_KEPT) and its generator is made
        again only when a play-out exchanges."""
        found = self._deals.get(index)
        if found is not None:
            self._deals.move_to_end(index)
            return found, _Redealt(self, index)
        loop = self.loop
        assert loop is not None
        opponent, bag, rng = self.deal(index)
        deal = self._deals[index] = loop.deal(opponent, bag)
        if len(self._deals) > DEALS_KEPT:
            self._deals.popitem(last=False)
        return deal, rng.randrange

    def _opponent_leave(self, rng: random.Random) -> str:
        """The tiles the opponent is taken to have kept (beyond the known ones), from the distribution."""
        opponent = self.spec.opponent
        if opponent is None or len(self.known) >= self.rack_size:
            return ""
        if callable(opponent):
            return (opponent(rng) or "").upper()  # None or "": nothing known, a uniform draw
        return rng.choices(self._kept_leaves, cum_weights=self._kept_totals)[0]

    def iterate(self, index: int, active: Sequence[int]) -> list[Outcome]:
        """Iteration `index`: the same deal played out for each active candidate."""
        if self.loop is not None:
            deal, randrange = self._compiled_deal(index)
            found = self.loop.outcomes(active, deal, randrange, self.spec.plies, self.measure)
            return list(map(Outcome._make, found))
        opponent, bag, rng = self.deal(index)
        return [self.play_out(self.spec.candidates[c], opponent, list(bag), rng) for c in active]

    def play_out(self, move: Move, opponent: str, bag: list[str], rng: random.Random) -> Outcome:
        """Apply the candidate and the plies after it through the play state, measure, and undo."""
        state = self.state
        state.racks[1] = opponent
        state.bag = OrderedBag(bag, rng)
        leaves = ["", ""]  # the tiles each side kept on its last move
        leaves[0] = state.apply(move).kept
        replies: list[Reply] = []
        ply = 0
        while state.end is None and (ply < self.spec.plies or not len(state.bag)):
            side = state.to_move
            reply = self.engine.best(state.position(), "equity")
            assert reply is not None
            leaves[side] = state.apply(reply).kept
            if ply < REPLIES_KEPT:
                replies.append((reply.score, is_bingo(state.board.rules, reply)))
            ply += 1
        scores = (state.scores[0], state.scores[1])
        other = len(state.racks[1 - state.to_move])
        ending = Ending(scores, int(state.over), state.to_move, len(state.bag), other, (leaves[0], leaves[1]))
        state.restore(self.start)
        return self._measure(ending)._replace(replies=tuple(replies))

    def _leave(self, kept: str) -> float:
        """The leave model's value of the tiles kept, memoised as the play-outs give them."""
        found = self._leaves.get(kept)
        if found is None:
            found = self._leaves[kept] = self.engine.leave_value(kept)
        return found

    def _measure(self, ending: Ending) -> Outcome:
        """The play-out's value and the mover's chance of winning from where it ended."""
        start = self.position
        value = float(ending.scores[0] - ending.scores[1] - (start.scores[0] - start.scores[1]))
        spread = start.scores[0] - start.scores[1] + value
        if ending.end:
            return Outcome(value, share(spread))
        value += self._leave(ending.kept[0]) - self._leave(ending.kept[1])
        spread = start.scores[0] - start.scores[1] + value
        unseen = ending.bag + ending.other_rack
        if ending.to_move == 0:
            return Outcome(value, self.table.win_probability(spread, unseen))
        return Outcome(value, 1.0 - self.table.win_probability(-spread, unseen))


class _Redealt:
    """A deal's generator as `Playout.deal` leaves it, made again on the first number asked."""

    __slots__ = ("index", "playout", "rng")

    def __init__(self, playout: Playout, index: int) -> None:
        self.playout, self.index = playout, index
        self.rng: random.Random | None = None

    def __call__(self, n: int) -> int:
        if self.rng is None:
            self.rng = self.playout.deal(self.index)[2]
        return self.rng.randrange(n)


_PLAYOUTS: dict[str, Playout] = {}


def _playout(spec: SimSpec) -> Playout:
    """This process's working board for a spec: registered by the parent (and inherited by forked
    workers), else built here from the spec's lexicon (a Dask worker)."""
    found = _PLAYOUTS.get(spec.token)
    if found is None:
        lexicon = load(spec.lexicon)
        if lexicon.sha256 != spec.lexicon_sha256:
            raise OptionError(
                "a remote simulation worker needs the lexicon by name or path",
                "lexicon",
                "a remote simulation worker needs the lexicon by name or path ({option})",
            )
        position = parse_cgp(spec.cgp, cgp_language_rules(spec.cgp, lexicon.alphabet))
        if len(_PLAYOUTS) > 8:  # a long-lived remote worker: forget earlier simulations
            _PLAYOUTS.clear()
        found = _PLAYOUTS[spec.token] = Playout(
            Engine.shared(lexicon, position.rules), position, spec, lexicon_table(lexicon.name)
        )
    return found


Deals = tuple[tuple[int, tuple[int, ...]], ...]  # (iteration, the candidates played out on its deal)


def play_iterations(item: tuple[SimSpec, Deals]) -> list[list[Outcome]]:
    """Runner job: iterations, each for its candidates."""
    spec, deals = item
    playout = _playout(spec)
    return [playout.iterate(i, plays) for i, plays in deals]


def check_request(
    position: Position,
    plays: int,
    plies: int,
    iterations: int | None,
    seconds: float | None,
    confidence: float = DEFAULT_CONFIDENCE,
) -> None:
    """One-line errors for a simulation that cannot run."""
    if not len(position.rack):
        raise LexigridError(
            "the CGP gives the player to move no tiles: add racks after the board, e.g. AEINRST/"
        )
    for asked, option, thing in (
        (plays, "plays", "play"),
        (plies, "plies", "ply"),
        (iterations, "iterations", "iteration"),
    ):
        if asked is not None and asked <= 0:
            raise OptionError(
                f"a simulation needs at least 1 {thing}, not {asked}",
                option,
                f"{{option}} must be at least 1, not {asked}",
            )
    if plays > MAX_PLAYS:
        raise OptionError(
            f"a simulation takes at most {MAX_PLAYS} plays, not {plays}",
            "plays",
            f"{{option}} must be at most {MAX_PLAYS}, not {plays}",
        )
    if not 0.5 <= confidence < 1:
        raise OptionError(
            f"the confidence must be from 50 to under 100 %, not {100 * confidence:g}",
            "confidence",
            f"{{option}} must be from 50 to under 100 (%), not {100 * confidence:g}",
        )
    check_positive(seconds, "seconds", "a simulation's time", "seconds")
    check_bag(position, plies)


def read_plays(position: Position, engine: Engine, texts: Sequence[str]) -> list[Move]:
    """Plays in notation (`8D W(OR)D`, `-ABC`, `-`) to simulate beside the best (`simulate`'s `include`),
    each as the move list has it (scored, with its equity); a one-line error for one that is not a legal
    play from the rack, saying why."""
    if not texts:
        return []
    moves, found = engine.moves(position), []
    for text in texts:
        move = parse_move(text, position.board)
        generated = moves.find(move)
        if generated is None:
            raise LexigridError(_illegal(position, engine, move))
        found.append(generated)
    return found


def _illegal(position: Position, engine: Engine, move: Move) -> str:
    """Why a play missing from the move list is not legal: the referee's reason, else the rack's."""
    if move.kind == "place":
        try:
            check(position.board, move, engine.lexicon)
        except LexigridError as error:
            return str(error)
    play = shown(position.board, move)
    bag = position.bag_when_full()
    refused = exchange_refusal(engine.rules.rack_size, bag) if move.kind == "exchange" else None
    if refused is not None:
        return f"{play} is not legal here: {refused}"
    letters, rack = position.board.alphabet, str(position.rack)
    lacking = letters.write(shortfall(rack, move.tiles_used))  # the game umpire's words for it
    return f"{play} is not legal here: the rack ({letters.write_tiles(rack)}) has {lacking}"


def check_bag(position: Position, plies: int) -> None:
    """Refuse a bag too small for the plies asked: each ply must be able to draw (an empty bag is fine:
    the play-outs then go to the end of the game)."""
    bag = position.bag_when_full()
    if 0 < bag < plies:
        too_few = f"the bag holds {count(bag, 'tile')}, too few for {count(plies, 'ply')}"
        raise OptionError(
            f"{too_few}: ask for {count(bag, 'ply')} or fewer",
            "plies",
            f"{too_few}: ask for {{option}} {bag} or fewer",
        )


@dataclass
class Progress:
    """A snapshot of a running simulation, for a live display."""

    plays: list[PlayStats]
    iterations: int
    elapsed_ms: float
    leader_confidence: float = 0.0

    def as_dict(self, alphabet: Alphabet = ENGLISH) -> dict[str, Any]:
        """The running table in the final result's shape (a web page streams these as it converges), with
        how sure it is so far (`notes.sure`)."""
        tied = sum(p.tied for p in self.plays)
        return {
            "plays": play_rows(self.plays, alphabet),
            "iterations": self.iterations,
            "leader_confidence": round(self.leader_confidence, 4),
            "notes": {"sure": sure_note(self.leader_confidence, tied, exact=False)},
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
    confidence: float = DEFAULT_CONFIDENCE,
    seed: int = 0,
    opponent: OpponentRacks = None,
    runner: Runner = DEFAULT_RUNNER,
    lexicon: str | None = None,
    table: WinTable | None = None,
    on_round: Callable[[Progress], bool | None] | None = None,
    include: Sequence[Move] = (),
    weigh: Sequence[Move] = (),
) -> SimResult:
    """Simulate the `plays` best moves by static equity, `plies` ahead, until the best is identified at
    `confidence` or the budget is spent: `iterations` play-outs a play at most (default 1000) or `seconds`;
    `opponent` gives what the opponent kept (see OpponentRacks). `on_round` gets the ranked plays after
    every round and stops the run by returning True. Rounds are split over `runner`'s workers by iteration.
    `include`: moves simulated as well even when not among the best by equity (a down opening as its
    across mirror, `MoveList.mirror_free`); `weigh`: the same, and never set aside as a leader's reordering
    (a game's move under review: what it lost is the question, so it takes play-outs as long as the run)."""
    check_request(position, plays, plies, iterations, seconds, confidence)
    position = with_known_opponent(position)
    start = time.perf_counter()
    cap = iterations if iterations is not None else (10**9 if seconds is not None else DEFAULT_ITERATIONS)
    moves = engine.moves(position)
    best = tuple(moves.top(plays, "equity"))
    added = _added(best, map(moves.mirror_free, [*include, *weigh]))
    kept = {moves.mirror_free(m).notation for m in weigh}
    candidates = best + added
    if opponent is not None and not callable(opponent):
        opponent = tuple((str(leave), float(w)) for leave, w in opponent)
    token = uuid.uuid4().hex
    spec = SimSpec(
        format_cgp(position), candidates, plies, seed, opponent, lexicon, engine.lexicon.sha256, token
    )
    _PLAYOUTS[spec.token] = Playout(engine, position, spec, table or lexicon_table(engine.lexicon.name))
    stats = [PlayStats(m, added=i >= len(best)) for i, m in enumerate(candidates)]
    exact = position.bag_when_full() == 0  # the opponent holds every unseen tile: each play-out is the same
    if exact:
        cap = 1
    picker = random.Random(f"{seed}:top-two")
    stopped: Stopped = "budget"
    sure, time_limit = 0.0, None
    try:
        while True:
            picks = _picks(stats, cap, picker, start, seconds)
            if not picks:
                break
            _run_round(spec, _deals(stats, picks), stats, runner)
            if not exact:  # (an empty bag's plays are valued exactly: none is set aside)
                _set_aside(stats, kept)
            identified, sure = _judge(stats, confidence, exact)
            first = min(stats[c].iterations for c in _active(stats))
            identified = identified and first >= min(MIN_ITERATIONS, cap)
            snapshot = Progress(_ranked(stats), sum(s.iterations for s in stats), _ms(start), sure)
            if on_round is not None and on_round(snapshot):  # True: stop now (a web page's stop button)
                stopped = "user"
                break
            if identified:
                stopped = "identified"
                break
            if seconds is not None and time.perf_counter() - start >= seconds:
                time_limit = seconds
                break
    finally:
        del _PLAYOUTS[spec.token]
    exact = exact and all(s.iterations for s in stats)  # not when stopped before every play had its one
    if exact and stopped == "budget":  # each play's one play-out is its exact value: nothing is left to learn
        stopped, sure, time_limit = "identified", 1.0, None  # (plays tied with the leader: exactly as good)
    return SimResult(_ranked(stats), stopped, _ms(start), confidence, sure, exact, time_limit)


def _added(best: Sequence[Move], include: Iterable[Move]) -> tuple[Move, ...]:
    """The plays asked for that are not among the best, each once, in the order asked."""
    named = {move.notation for move in best}
    return tuple({m.notation: m for m in include if m.notation not in named}.values())


def _picks(
    stats: list[PlayStats], cap: int, picker: random.Random, start: float, seconds: float | None
) -> list[int]:
    """The next round's plays to sample, of those not set aside: MIN_ITERATIONS of each first, a deal for
    every play at a time (in one round; with a time budget, one deal to measure the pace, then as many as
    the time left allows a round), then Top-Two's picks."""
    active = _active(stats)
    done = sum(s.iterations for s in stats)
    dealt, first = min(stats[c].iterations for c in active), min(MIN_ITERATIONS, cap)
    if seconds is None and done == 0:
        return [c for _ in range(first) for c in active]
    elapsed = time.perf_counter() - start
    left = None if seconds is None else seconds - elapsed
    if dealt < first:
        deals = 1 if done == 0 else min(first - dealt, _round_size(first, dealt / elapsed, left))
        return [c for _ in range(deals) for c in active]
    size = _round_size(done, done / elapsed, left)
    return [active[i] for i in top_two([stats[c].utilities() for c in active], cap, size, picker)]


def _deals(stats: list[PlayStats], picks: list[int]) -> Deals:
    """The picks as iterations: a play's k-th play-out is on iteration k's deal."""
    following = [s.iterations for s in stats]
    by_deal: dict[int, list[int]] = {}
    for c in picks:
        by_deal.setdefault(following[c], []).append(c)
        following[c] += 1
    return tuple((i, tuple(by_deal[i])) for i in sorted(by_deal))


def _judge(stats: list[PlayStats], confidence: float, exact: bool = False) -> tuple[bool, float]:
    """Mark the plays tied with the leader; whether the leader is identified among the plays not set
    aside, and how surely (`exact`: the play-outs are, an empty bag's)."""
    active = _active(stats)
    leader = active.index(_leader(stats))
    found = evidence([stats[c].utilities() for c in active], leader, exact)
    playouts = sum(s.iterations for s in stats)
    bound = threshold(playouts, confidence)
    for i, (c, strength) in enumerate(zip(active, found, strict=True)):
        stats[c].tied = i != leader and strength <= bound
    return min(found) > bound, leader_confidence(min(found), playouts)


def _leader(stats: list[PlayStats]) -> int:
    """The play not set aside with the best mean utility (the first of equals)."""
    return max(_active(stats), key=lambda c: (stats[c].utility, -c))


def _active(stats: list[PlayStats]) -> list[int]:
    """The plays still simulated: all but those set aside as reorderings of a leader."""
    return [c for c, s in enumerate(stats) if s.reorders is None]


def reordering(a: Move, b: Move) -> bool:
    """Whether two placements put the same tiles on the same squares in another order (8C STEARIN and 8C
    RATINES; MAGPIE's similar plays): close in value, and no cheaper to tell apart for it."""
    same_squares = (a.row, a.col, a.down, len(a.word)) == (b.row, b.col, b.down, len(b.word))
    same_tiles = sorted(a.tiles_used) == sorted(b.tiles_used)
    return a.kind == b.kind == "place" and same_squares and same_tiles and a.key != b.key


def _set_aside(stats: list[PlayStats], kept: Container[str] = ()) -> None:
    """Once the leader has REORDER_AFTER play-outs, set aside the plays that reorder it (`reordering`) but
    those `kept` (notations): a run spent telling them from it would end at its budget, not sooner. Set
    aside, a play keeps its play-outs but takes no more, and is neither tied with the leader nor in the test
    that identifies it."""
    lead = stats[_leader(stats)]
    if lead.iterations < REORDER_AFTER:
        return
    for s in stats:
        if s.reorders is None and s.move.notation not in kept and reordering(s.move, lead.move):
            s.reorders, s.tied = lead.move, False


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


def _round_size(done: int, rate: float, left: float | None) -> int:
    """Play-outs in the next round: as many as done so far, up to ROUND_PLAYOUTS (the same for any number
    of workers, so a seeded run's rounds do not depend on --jobs); with a time budget, no more than the
    time left allows at the rate seen so far."""
    size = min(done, ROUND_PLAYOUTS)
    if left is not None and rate > 0 and rate * left < size:  # (an endless budget: the rounds as ever)
        size = max(1, int(rate * left) + 1)
    return size


def _run_round(spec: SimSpec, deals: Deals, stats: list[PlayStats], runner: Runner) -> None:
    """Play out a round of iterations (split over the workers by iteration) and record the outcomes."""
    parts = max(1, min(runner.jobs, len(deals)))
    step = -(-len(deals) // parts)
    items = [(spec, deals[i : i + step]) for i in range(0, len(deals), step)]
    if runner.in_process:
        results = [play_iterations(item) for item in items]
    else:
        results = runner.run(play_iterations, items, progress=False, chunk_size=1)
    outcomes_each = [outcomes for part in results for outcomes in part]
    for (_, plays), outcomes in zip(deals, outcomes_each, strict=True):
        for c, outcome in zip(plays, outcomes, strict=True):
            stats[c].record(outcome)


def _ranked(stats: list[PlayStats]) -> list[PlayStats]:
    """The plays best first: the leader, the plays tied with it, the rest, then the plays set aside, each
    by utility."""
    leader = _leader(stats)
    order = sorted(
        range(len(stats)),
        key=lambda i: (stats[i].reorders is not None, i != leader, not stats[i].tied, -stats[i].utility, i),
    )
    return [stats[i] for i in order]
