"""The pre-endgame solver: 1 tile in the bag, the opponent's rack unknown, every play judged to the end.

For each candidate placement and each distinct tile that may be the one in the bag (weighted by how many of
it are unseen), the mover plays, draws that tile, and the exact endgame solver (`endgame.solve`) plays the
rest under best play by both sides with both racks known. A play's win % counts a draw as half. Plays are
tried best score first; one is dropped as soon as even winning every scenario left could not lift it into
the top K, so a dropped play is never shown, let alone shown better than it is. The pass leaves the
opponent a pre-endgame of its own, which is not solved here: it is listed apart as not exact (unless it
ends the game by six scoreless turns). More than 1 tile in the bag is refused with a one-line error.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from lexigrid.errors import LexigridError
from lexigrid.scrabble.analysis.endgame import solve
from lexigrid.scrabble.core.board import Rack
from lexigrid.scrabble.core.cgp import Position
from lexigrid.scrabble.core.ending import MAX_SCORELESS_TURNS
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.engine.movegen import Engine, tie_order

MAX_BAG = 1  # tiles in the bag solved exactly so far
PASS_NOTE = "the pass leaves the opponent a pre-endgame, which is not solved yet"


@dataclass(frozen=True)
class Outcome:
    """One scenario of a play: the tile in the bag, how many unseen tiles it stands for, the final spread."""

    bag_tile: str
    weight: int
    spread: int  # mover minus opponent at the end of the game


@dataclass(frozen=True)
class Judged:
    """A play with every scenario played to the end (`exact` when every endgame was proven)."""

    move: Move
    outcomes: tuple[Outcome, ...]
    exact: bool

    @property
    def scenarios(self) -> int:
        """The scenarios, weighted: how many unseen tiles could be the one in the bag."""
        return sum(o.weight for o in self.outcomes)

    @property
    def wins(self) -> int:
        """The weighted scenarios won."""
        return sum(o.weight for o in self.outcomes if o.spread > 0)

    @property
    def draws(self) -> int:
        """The weighted scenarios drawn."""
        return sum(o.weight for o in self.outcomes if o.spread == 0)

    @property
    def win_pct(self) -> float:
        """Wins plus half the draws, in % of the scenarios."""
        return 100 * (self.wins + self.draws / 2) / self.scenarios

    @property
    def mean_spread(self) -> float:
        """The weighted mean final spread."""
        return sum(o.weight * o.spread for o in self.outcomes) / self.scenarios

    @property
    def losing_tiles(self) -> list[str]:
        """The bag tiles with which the play loses."""
        return [o.bag_tile for o in self.outcomes if o.spread < 0]

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of a judged play."""
        return {
            "move": self.move.notation,
            "paren": self.move.paren,
            "win_pct": round(self.win_pct, 3),
            "mean_spread": round(self.mean_spread, 3),
            "wins": self.wins,
            "draws": self.draws,
            "scenarios": self.scenarios,
            "exact": self.exact,
            "losing_bag_tiles": self.losing_tiles,
        }


@dataclass(frozen=True)
class PegSolution:
    """The best plays, best first; `exact` when each was solved to the end and no play was left unjudged."""

    plays: list[Judged]
    bag: int
    exact: bool
    elapsed_ms: float
    candidates: int
    dropped: int  # plays proven unable to reach the top K
    unsolved: list[tuple[str, str]] = field(default_factory=list)  # (move, why) left out of `plays`

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of `scrabble peg --json`."""
        return {
            "plays": [play.as_dict() for play in self.plays],
            "bag": self.bag,
            "exact": self.exact,
            "elapsed_ms": round(self.elapsed_ms, 1),
            "candidates": self.candidates,
            "dropped": self.dropped,
            "unsolved": [{"move": move, "reason": why} for move, why in self.unsolved],
        }


def peg_bag(position: Position) -> int:
    """The tiles in the bag of a pre-endgame (the opponent holds a full rack); raise unless 1..MAX_BAG."""
    position.validate()
    if not len(position.rack):
        raise LexigridError("the side to move has no tiles: give its rack in the CGP (RACK/)")
    if len(position.racks[1]):
        raise LexigridError("peg takes the opponent's rack as unknown: leave it out of the CGP (RACK/)")
    bag = sum(position.unseen().values()) - position.rules.rack_size
    if bag <= 0:
        raise LexigridError(
            "the bag is empty: use `lexigrid scrabble endgame` with both racks in the CGP (RACK/OPPONENT)"
        )
    if bag > MAX_BAG:
        raise LexigridError(
            f"the bag holds {bag} tiles: peg solves exactly {MAX_BAG} tile in the bag for now; "
            "use `lexigrid scrabble sim` for this position"
        )
    return bag


def solve_peg(
    position: Position, engine: Engine | None = None, top: int = 10, seconds: float | None = None
) -> PegSolution:
    """Judge every placement of a 1-in-the-bag pre-endgame; the `top` best, best first."""
    bag = peg_bag(position)
    if top < 1:
        raise LexigridError(f"--top must be at least 1, not {top}")
    if seconds is not None and seconds <= 0:
        raise LexigridError(f"--seconds must be positive, not {seconds}")
    engine = engine or Engine(rules=position.rules)
    started = time.perf_counter()
    deadline = None if seconds is None else started + seconds
    moves = sorted(engine.moves(position).placements(), key=lambda m: (-m.score, *tie_order(m)))
    kept: list[Judged] = []
    dropped, complete = 0, True
    for move in moves:
        if deadline is not None and time.perf_counter() > deadline:
            complete = False
            break
        judged = judge(position, move, engine, _bar(kept, top), deadline)
        if judged is None:
            dropped += 1
            continue
        kept = sorted([*kept, judged], key=_rank)[:top]
    pass_play, unsolved = _pass(position)
    if pass_play is not None:
        kept = sorted([*kept, pass_play], key=_rank)[:top]
    exact = complete and all(play.exact for play in kept)
    elapsed = 1000 * (time.perf_counter() - started)
    return PegSolution(kept, bag, exact, elapsed, len(moves) + 1, dropped, unsolved)


def scenarios(position: Position) -> list[tuple[str, int]]:
    """Each distinct tile that may be the one in the bag, with how many of it are unseen."""
    return sorted(position.unseen().items())


def judge(
    position: Position,
    move: Move,
    engine: Engine,
    bar: float = -1.0,
    deadline: float | None = None,
) -> Judged | None:
    """Play `move` out in every scenario; None as soon as its win count cannot exceed `bar` (half-wins)."""
    tiles = scenarios(position)
    total = sum(weight for _, weight in tiles)
    outcomes: list[Outcome] = []
    exact, half_wins, left = True, 0, total
    for tile, weight in tiles:
        if 2 * left + half_wins < bar:
            return None
        spread, proven = _play_out(position, move, tile, engine, deadline)
        outcomes.append(Outcome(tile, weight, spread))
        exact = exact and proven
        half_wins += weight * (2 if spread > 0 else 1 if spread == 0 else 0)
        left -= weight
    if 2 * left + half_wins < bar:
        return None
    return Judged(move, tuple(outcomes), exact)


def _play_out(
    position: Position, move: Move, bag_tile: str, engine: Engine, deadline: float | None
) -> tuple[int, bool]:
    """The final spread (mover minus opponent) after `move`, drawing `bag_tile`, and best play to the end."""
    opponent = position.unseen()
    opponent[bag_tile] -= 1
    mover = Counter(position.rack.counts)
    mover.subtract(move.tiles_used)
    mover[bag_tile] += 1
    spread = position.scores[0] + move.score - position.scores[1]
    zeros = 0 if move.score > 0 else position.zeros + 1
    rules = position.rules
    if zeros >= MAX_SCORELESS_TURNS:
        return spread - _value(mover, position) + _value(opponent, position), True
    board = position.board.copy()
    board.place(move)
    size = rules.rack_size
    after = replace(
        position,
        board=board,
        racks=(_rack(opponent, size, position), _rack(mover, size, position)),
        scores=(position.scores[1], position.scores[0] + move.score),
        zeros=zeros,
    )
    seconds = None if deadline is None else max(0.001, deadline - time.perf_counter())
    solution = solve(after, engine, seconds=seconds)
    return spread - solution.value, solution.exact


def _pass(position: Position) -> tuple[Judged | None, list[tuple[str, str]]]:
    """The pass, judged when it ends the game (six scoreless turns); otherwise listed as unsolved."""
    if position.zeros + 1 < MAX_SCORELESS_TURNS:
        return None, [("-", PASS_NOTE)]
    spread = position.scores[0] - position.scores[1] - _value(position.rack.counts, position)
    outcomes = []
    for tile, weight in scenarios(position):
        opponent = position.unseen()
        opponent[tile] -= 1
        outcomes.append(Outcome(tile, weight, spread + _value(opponent, position)))
    return Judged(Move("pass"), tuple(outcomes), True), []


def _value(tiles: Counter[str], position: Position) -> int:
    """The face value of a multiset of tiles."""
    return sum(position.rules.tiles.score(t) * n for t, n in tiles.items() if n > 0)


def _rack(tiles: Counter[str], size: int, position: Position) -> Rack:
    """A rack of the position's alphabet holding `tiles`."""
    return Rack("".join(sorted((+tiles).elements())), size, position.rules.tiles.alphabet)


def _rank(play: Judged) -> tuple[float, float, int, str]:
    """Best win % first, then the best mean spread, then placements before the pass and by notation."""
    return (-play.win_pct, -play.mean_spread, *tie_order(play.move))


def _bar(kept: list[Judged], top: int) -> float:
    """The half-win count a play must reach to enter the top `top` (-1: anything does, the list has room)."""
    if len(kept) < top:
        return -1.0
    worst = kept[-1]
    return 2 * worst.wins + worst.draws
