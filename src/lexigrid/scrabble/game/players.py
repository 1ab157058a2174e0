"""Computer players: static equity with the exact endgame solver (strongest), best score, and beginner
levels; all behind one Protocol."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from lexigrid.errors import LexigridError, OptionError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.core.cgp import Position
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.core.rules import Rules
from lexigrid.scrabble.engine.movegen import Engine

if TYPE_CHECKING:
    from lexigrid.scrabble.analysis.endgame import Solution

BEGINNER_TOP = 10  # a beginner picks at random among the 10 highest-scoring placements...
BEGINNER_VOCABULARY = 20_000  # ...made only of the 20,000 most frequent words of the lexicon
LEVELS = (
    *("equity", "score", "beginner", "top:N", "common:N"),
    *("sim", "sim:Nm", "sim:N", "sim:Ns", "best", "best:Nm"),
)
ALIASES = {"computer": "equity", "cpu": "equity", "strong": "equity", "greedy": "score"}
# The endgame solver's time per move, for the equity player and for hints; a search cut short by it
# (exact: false) still gives its best move so far.
ENDGAME_SECONDS = 2.0


class Player(Protocol):
    """A computer player: picks a legal move (placement, exchange or pass) for the player to move."""

    @property
    def level(self) -> str:
        """The level's name, as written on the command line (`equity`, `top:5`, ...)."""
        ...

    def choose(self, position: Position, rng: random.Random) -> Move:
        """The move to play; `position.racks[0]` is this player's rack, the bag is behind `bag_size`."""
        ...


class Clock(Protocol):
    """A game clock's reading (`analysis.chooser.GameClock`)."""

    seconds: float  # in all
    spent: float
    started: bool  # the time spent is known (else a player made mid-game pro-rates the past)


@runtime_checkable
class Clocked(Protocol):
    """A computer player against a game clock (the `sim` and `best` levels)."""

    clock: Clock


_VOCABULARIES: dict[tuple[str, int], Lexicon] = {}


def vocabulary(lexicon: Lexicon, n: int) -> Lexicon:
    """The n most frequent words of a lexicon, made once per process."""
    key = (lexicon.sha256, n)
    found = _VOCABULARIES.get(key)
    if found is None:
        found = _VOCABULARIES[key] = lexicon.common(n)
    return found


def solve_endgame(
    position: Position, engine: Engine, seconds: float = ENDGAME_SECONDS, top: int = 1
) -> Solution:
    """The endgame solved for the player to move within `seconds` (best found so far if cut short)."""
    from lexigrid.scrabble.analysis.endgame import solve  # loaded at the first endgame, not at start-up

    return solve(position, engine, seconds=seconds, top=top)


@dataclass
class EquityPlayer:
    """The strongest player: the best move by static equity (score + leave value, exchanges included);
    with the bag empty, the endgame solver's best move within `endgame_seconds` (None: static there too)."""

    engine: Engine
    level: str = "equity"
    endgame_seconds: float | None = ENDGAME_SECONDS

    def choose(self, position: Position, rng: random.Random) -> Move:
        """The endgame solver's best move in an endgame, else the engine's best move by static equity."""
        if self.endgame_seconds is not None and position.is_endgame():
            return solve_endgame(position, self.engine, self.endgame_seconds).best
        move = self.engine.best(position, "equity")
        assert move is not None  # by equity there is always a move: at worst the pass
        return move


@dataclass
class ScorePlayer:
    """Plays the highest-scoring placement; with none, the best exchange, else passes."""

    engine: Engine
    level: str = "score"

    def choose(self, position: Position, rng: random.Random) -> Move:
        """The engine's best move by score."""
        move = self.engine.best(position, "score")
        if move is None:
            move = self.engine.best(position, "equity")
        assert move is not None
        return move


@dataclass
class BeginnerPlayer:
    """Picks at random among the `top` highest-scoring placements, using only its own vocabulary."""

    engine: Engine  # over the player's vocabulary: a sub-lexicon, so its words are valid in the game's
    top: int
    level: str = field(default="beginner")

    def choose(self, position: Position, rng: random.Random) -> Move:
        """A random move among the best few; the best exchange (or the pass) when no word fits."""
        moves = self.engine.moves(position).top(self.top, "score", placements_only=True)
        if moves:
            return moves[rng.randrange(len(moves))]
        move = self.engine.best(position, "equity")
        assert move is not None
        return move


def _count(spec: str, text: str) -> int:
    """The N of `top:N` / `common:N`."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise LexigridError(f"bad computer level {spec!r}: N must be a positive whole number")
    return n


def with_clock(level: str, minutes: float | None) -> str:
    """The level with a game clock of `minutes`: `sim` and `best` given without a budget become `sim:Nm`
    and `best:Nm`; other levels (and None) are left as they are."""
    if minutes is None:
        return level
    if not (minutes > 0 and math.isfinite(minutes)):
        raise OptionError(
            f"a game clock must be more than 0 minutes, not {minutes:g}",
            "clock",
            f"{{option}} must be more than 0 (minutes), not {minutes:g}",
        )
    spec = level.strip().lower()
    return f"{spec}:{minutes:g}m" if spec in ("sim", "best") else level


def computer(
    level: str, lexicon: Lexicon, rules: Rules, endgame_seconds: float | None = ENDGAME_SECONDS
) -> Player:
    """The computer player of a level: equity (its endgames solved within `endgame_seconds` a move, or
    played by static equity when None), score, beginner, top:N (random among the N best by score) or
    common:N (best score using only the N most frequent words); sim, sim:Nm, best, best:Nm against a game
    clock by phase (simulation, pre-endgame, endgame), sim:N, sim:Ns by simulation a move."""
    spec = ALIASES.get(level.strip().lower(), level.strip().lower())
    name, _, arg = spec.partition(":")
    if spec == "equity":
        return EquityPlayer(Engine.shared(lexicon, rules), endgame_seconds=endgame_seconds)
    if spec == "score":
        return ScorePlayer(Engine.shared(lexicon, rules))
    if spec == "beginner":
        words = vocabulary(lexicon, BEGINNER_VOCABULARY)
        return BeginnerPlayer(Engine.shared(words, rules), BEGINNER_TOP, "beginner")
    if name == "top" and arg:
        return BeginnerPlayer(Engine.shared(lexicon, rules), _count(level, arg), spec)
    if name == "common" and arg:
        return BeginnerPlayer(Engine.shared(vocabulary(lexicon, _count(level, arg)), rules), 1, spec)
    if name in ("sim", "best"):
        from lexigrid.scrabble.analysis.sim_player import (
            sim_player,  # the simulation loads for this level only
        )

        return sim_player(spec, arg, Engine.shared(lexicon, rules), endgame_seconds)
    raise LexigridError(f"unknown computer level {level!r}: use one of {', '.join(LEVELS)}")
