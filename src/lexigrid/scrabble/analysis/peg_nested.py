"""The nested pre-endgame step: a scenario played on to the end while tiles are left in the bag.

Inside one scenario of a pre-endgame the solver knows both racks and the bag's tiles; only the order of
the bag is not known: each draw is random. The two sides are not treated alike (the model of `peg`: what
the mover can make sure of, knowing only its own rack):

- the **opponent** answers as if it saw the bag and so the mover's rack: the worst case for the mover,
  which a real opponent can only match (once the bag is empty it does see everything);
- the **mover** (the side the pre-endgame is solved for) never uses what it cannot see: at its own node
  with tiles still in the bag (reached only after the opponent passed) it plays by its view alone
  (`Search.choose`: the board, its rack, the scores), the same play in every scenario it cannot tell
  apart. Its tally there is a **lower bound** (`Tally.bound == "lower"`): a better choice may exist.

With 2 or more tiles in the bag at the pre-endgame's root the search is given a **seat rule** instead
(`Search.seat`, set by `peg`): at every node with tiles in the bag, whichever side is to move, it plays the
move its own pre-endgame ranks first from its seat (its rack known, not the other's nor the bag), and the
tally is exact under that rule (`exact=False` when a seat's solve was cut short).

So the game from there is solved by expectimax:

- a **node** is a position with both racks known and the bag non-empty: the opponent takes the play
  (every placement and the pass; exchanges need 7 tiles in the bag) that is best for it, the mover the
  play its view picks;
- after a placement that leaves tiles in the bag, the player refills its rack by drawing: a **chance
  node** over the multisets it may draw, each as likely as the orderings of the bag that deal it;
- once the bag is empty the exact endgame search plays the rest (`endgame.solve` with the window around
  the spread that decides the game: won, drawn or lost; with `spreads` its exact value); six scoreless
  turns in a row end the game with each side losing its rack's value, as in a real game.

A result is a `Tally` over the equally likely orderings of the bag's tiles (the tiles told apart, as the
real ones are: a bag of b tiles has b! orderings): how many are won, drawn and lost under best play by
both sides, and with `spreads` the sum of the final spreads. Each side maximises its half-wins (a win 2,
a draw 1: win % counts a draw as half), then with `spreads` its spread sum, then its wins; these keys
make the best play's tally the same whatever order the plays are tried in. A node stops at the first
play that wins every ordering (nothing beats it) unless spreads are asked for. A bound travels up: the
opponent's best is exact when a proven branch is at least as good for it as every branch through a mover's
bounded node (those are at most what they show, seen from the opponent), else it is a bound too.

Past the deadline, or once the work allowed (`Work`: search nodes, the endgame's and the nested step's,
a count that is the same on any machine) is spent, a node stops trying plays and its tally says
`exact=False`: the best of what was tried, which is what the time or the work allowed, not a proof.

Peers model the step differently. MAGPIE (`peg.c`) enumerates each distinct ordering of the bag as a
leaf and, at a node that does not empty the bag, runs an inner pre-endgame of the side to move over
*its* unseen tiles (the other rack unknown again) with capped candidate lists and spread averages: a
ranking, not a proof. Macondo (`preendgame/`) orders the bag too (72 orderings for 2 tiles) and marks an
ordering lost as soon as any opponent reply loses it, the opponent knowing the order. The seat rule
is MAGPIE's inner pre-endgame, solved to the end instead of ranked.

Public API: `Tally`, `Work`, `Search`, `after(position, move, search)` (the mover's tally after `move`),
`best(position, search, mover)` (the side to move's tally), `draws(bag, n)`.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from itertools import product

from lexigrid.scrabble.analysis.endgame import INF, Table, prove
from lexigrid.scrabble.core.board import Rack
from lexigrid.scrabble.core.cgp import Position
from lexigrid.scrabble.core.ending import MAX_SCORELESS_TURNS
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.engine.movegen import Engine, tie_order


@dataclass(frozen=True)
class Tally:
    """Results over `orderings` equally likely orderings of the bag, for the side they are counted for:
    won, drawn, the sum of the final spreads (None: not solved for) and whether every one was proven."""

    orderings: int
    wins: int
    draws: int
    spread: int | None = None
    exact: bool = True
    bound: str = "exact"  # "lower": at least this for the side counted (a choice by the view); "upper"

    @property
    def losses(self) -> int:
        """The orderings lost."""
        return self.orderings - self.wins - self.draws

    @property
    def half_wins(self) -> int:
        """Twice the wins plus the draws."""
        return 2 * self.wins + self.draws

    def key(self) -> tuple[int, int, int]:
        """What a side maximises among tallies of the same orderings: half-wins, spread, wins."""
        return (self.half_wins, self.spread or 0, self.wins)

    def flipped(self) -> Tally:
        """The same results seen by the other side."""
        spread = None if self.spread is None else -self.spread
        bound = {"lower": "upper", "upper": "lower"}.get(self.bound, "exact")
        return Tally(self.orderings, self.losses, self.draws, spread, self.exact, bound)

    def times(self, factor: int) -> Tally:
        """The tally of `factor` copies of these orderings."""
        spread = None if self.spread is None else factor * self.spread
        orderings, wins, draws = factor * self.orderings, factor * self.wins, factor * self.draws
        return replace(self, orderings=orderings, wins=wins, draws=draws, spread=spread)

    def __add__(self, other: Tally) -> Tally:
        """Two sets of orderings together."""
        spread = None if self.spread is None or other.spread is None else self.spread + other.spread
        return Tally(
            self.orderings + other.orderings,
            self.wins + other.wins,
            self.draws + other.draws,
            spread,
            self.exact and other.exact,
            _joined(self.bound, other.bound),
        )


def _joined(one: str, other: str) -> str:
    """The bound of two sets of orderings together (the same side's: never a lower and an upper one)."""
    if one == "exact" or one == other:
        return other
    if other == "exact":
        return one
    raise ValueError(f"a {one} and an {other} bound do not add up to a bound")


def final(spread: int, orderings: int = 1, spreads: bool = True, exact: bool = True) -> Tally:
    """The tally of `orderings` that all end with the final `spread` (mover minus opponent)."""
    win, draw = int(spread > 0), int(spread == 0)
    return Tally(orderings, win * orderings, draw * orderings, spread * orderings if spreads else None, exact)


@dataclass
class Work:
    """A work budget: the search nodes allowed (the endgame searches' and the nested step's; None: no limit)
    and those spent so far. Counted, not timed, so a search cut by it is cut at the same point on any
    machine under any load (given the same table: a budgeted search starts from a fresh one)."""

    allowed: int | None = None
    spent: int = 0

    @property
    def out(self) -> bool:
        """Whether the budget is spent."""
        return self.allowed is not None and self.spent >= self.allowed

    @property
    def left(self) -> int:
        """The nodes an endgame search may still visit (0: no limit; at least 1 while there is a budget)."""
        return 0 if self.allowed is None else max(1, self.allowed - self.spent)


@dataclass
class Search:
    """One nested search: the engine, whether spreads are solved, the deadline (perf_counter seconds,
    None: none), the endgame word graph and table every endgame shares (`endgame.prove`; None: its own,
    none), the mover's answer when the game comes back to the pre-endgame's own view (`root`, the position
    the mover solved, after passes: `reply`, one play for every scenario), the plays that won before (tried
    first: the same reply often wins again), counters and the work budget (shared by the searches of one
    judgement)."""

    engine: Engine
    spreads: bool = False
    deadline: float | None = None
    graph: bytes | None = None
    table: Table | None = None
    root: Position | None = None
    reply: Move | None = None
    killers: Counter[str] = field(default_factory=Counter)
    nodes: int = 0
    endgames: int = 0
    seat: Callable[[Position], tuple[Move, bool]] | None = None  # the seat rule (2+ in the bag at the root)
    work: Work = field(default_factory=Work)

    def choose(self, position: Position) -> Move:
        """The mover's play at its node with tiles in the bag, by what it sees alone (the board, its rack,
        the scores; not the bag): `reply` back at the root's view, else its highest-scoring placement."""
        if self.reply is not None and self.root is not None and _same_view(position, self.root):
            return self.reply
        moves = self.engine.moves(position).placements()
        return min(moves, key=lambda m: (-m.score, *tie_order(m)), default=Move("pass"))

    def late(self) -> bool:
        """Whether the time is up or the work budget spent."""
        return self.work.out or (self.deadline is not None and time.perf_counter() > self.deadline)

    def seconds_left(self) -> float | None:
        """The seconds before the deadline (None: no limit)."""
        return None if self.deadline is None else max(0.001, self.deadline - time.perf_counter())


def draws(bag: Counter[str], n: int) -> Iterator[tuple[Counter[str], int]]:
    """Each multiset of `n` tiles that may be drawn from `bag`, with how many ways the real tiles (told
    apart) give it: the product of C(in the bag, drawn) over the kinds of tile."""
    kinds = sorted(t for t in bag if bag[t] > 0)
    for counts in product(*(range(min(bag[t], n) + 1) for t in kinds)):
        if sum(counts) == n:
            drawn = Counter({t: c for t, c in zip(kinds, counts, strict=True) if c})
            yield drawn, math.prod(math.comb(bag[t], c) for t, c in drawn.items())


def _same_view(position: Position, root: Position) -> bool:
    """Whether the mover sees in `position` what it saw at the `root`: the board, its rack, the scores."""
    return (
        position.scores == root.scores
        and position.racks[0].counts == root.racks[0].counts
        and position.board.tiles == root.board.tiles
    )


def after(position: Position, move: Move, search: Search, mover: bool = True) -> Tally:
    """The tally of the side to move (both racks known, tiles in the bag) playing `move`, drawing at random,
    then play to the end by the model (the `mover` the pre-endgame is solved for, or its opponent), over the
    orderings of the bag as it is now."""
    bag = position.bag()
    size = sum(bag.values())
    zeros = 0 if move.kind == "place" and move.score > 0 else position.zeros + 1
    scores = (position.scores[1], position.scores[0] + move.score)
    if move.kind == "pass":
        then = replace(position, racks=(position.racks[1], position.racks[0]), scores=scores, zeros=zeros)
        return _next(then, search, not mover).flipped()  # the same bag: the same orderings
    kept = Counter(position.rack.counts)
    kept.subtract(move.tiles_used)
    board = position.board.copy()
    board.place(move)
    need = min(size, position.rules.rack_size - sum(kept.values()))
    total = Tally(0, 0, 0, 0 if search.spreads else None)
    for drawn, ways in draws(bag, need):
        refilled = _rack(kept + drawn, position)
        then = Position(board, (position.racks[1], refilled), scores, zeros)
        # each way of drawing these tiles is need! orderings of them, each followed by the rest's
        total += _next(then, search, not mover).flipped().times(ways * math.factorial(need))
    return total


def best(position: Position, search: Search, mover: bool = False) -> Tally:
    """The tally of the side to move (both racks known, tiles in the bag) over the orderings of the bag: the
    opponent's best, or the `mover`'s play by its view (a lower bound unless it wins every ordering);
    `exact=False` when the deadline stopped it before every play was tried."""
    if search.work.out:  # not a node more than the budget allows: unproven
        return Tally(math.factorial(sum(position.bag().values())), 0, 0, None, False)
    search.nodes += 1
    search.work.spent += 1
    if search.seat is not None:  # the side to move plays what it would choose from its seat
        move, settled = search.seat(position)
        tally = after(position, move, search, mover)
        return replace(tally, exact=tally.exact and settled)
    if mover:
        tally = after(position, search.choose(position), search, True)
        settled = tally.wins == tally.orderings and not search.spreads  # nothing does better
        return replace(tally, bound="exact" if settled else "lower")
    moves = sorted(
        search.engine.moves(position).placements(),
        key=lambda m: (-search.killers[m.notation], -m.score, *tie_order(m)),
    )
    top: Tally | None = None
    capped: Tally | None = None  # the best branch through a mover's bounded node: at most this, for us
    exact = True  # every play tried was proven, and none was left untried
    for move in [*moves, Move("pass")]:
        if search.late():
            exact = False
            break
        tally = after(position, move, search, False)
        exact = exact and tally.exact
        if tally.bound != "exact":
            capped = tally if capped is None or tally.key() > capped.key() else capped
        elif top is None or tally.key() > top.key():
            top = tally
        if tally.bound == "exact" and tally.wins == tally.orderings and move.kind == "place":
            search.killers[move.notation] += 1
            if not search.spreads:
                break  # nothing beats winning every ordering
    if capped is not None and (top is None or capped.key() > top.key()):
        top = replace(capped, bound="upper")  # a branch may be worth less to us than it shows
    if top is None:
        top = Tally(math.factorial(sum(position.bag().values())), 0, 0, None)
    return replace(top, exact=exact)


def _next(position: Position, search: Search, mover: bool) -> Tally:
    """The tally of the side to move in `position` (the `mover` or its opponent), reached after a move: the
    game over by six scoreless turns, the endgame once the bag is empty, a node otherwise (one ordering when
    the bag is empty)."""
    bag = position.bag()
    orderings = math.factorial(sum(bag.values()))
    spread = position.scores[0] - position.scores[1]
    if position.zeros >= MAX_SCORELESS_TURNS:
        lost = _value(position.racks[0].counts, position) - _value(position.racks[1].counts, position)
        return final(spread - lost, orderings, search.spreads)
    if not bag:
        return _endgame(position, search)
    return best(position, search, mover)


def _endgame(position: Position, search: Search) -> Tally:
    """The endgame of the side to move (bag empty): won, drawn or lost by the window around the spread that
    decides the game, or its exact final spread with `spreads`."""
    if search.work.out:  # not a node more than the budget allows: unproven
        return Tally(1, 0, 0, None, False)
    search.endgames += 1
    spread = position.scores[0] - position.scores[1]
    window = (-INF, INF) if search.spreads else (max(-INF, -spread - 1), min(INF, -spread + 1))
    seconds, left = search.seconds_left(), search.work.left
    proof = prove(position, search.engine, None, seconds, window, search.table, search.graph, left)
    search.work.spent += proof.nodes
    end = spread + proof.value
    if proof.bound != "exact":  # a bound on the far side of the deciding spread: won or lost, never 0
        return Tally(1, int(end > 0), 0, None, proof.exact)
    return final(end, 1, search.spreads, proof.exact)


def _value(tiles: Counter[str], position: Position) -> int:
    """The face value of a multiset of tiles."""
    return sum(position.rules.tiles.score(t) * n for t, n in tiles.items() if n > 0)


def _rack(tiles: Counter[str], position: Position) -> Rack:
    """A rack of the position's alphabet holding `tiles`."""
    return Rack.of_tiles("".join(sorted((+tiles).elements())))
