"""The exact endgame solver: once the bag is empty, negamax with alpha-beta over both known racks.

The search itself is compiled (`engine/endgame.c`); this module checks the position, hands it over and reads
the answer back: the value (the exact spread change for the side to move under best play, counting the
going-out bonus and the six-scoreless-turns rule as `lexigrid.scrabble.game.game` scores real games), the
principal variation and the best first moves.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, NamedTuple

from lexigrid.counts import count
from lexigrid.errors import LexigridError, OptionError, check_positive
from lexigrid.scrabble.core.alphabet import ENGLISH, Alphabet
from lexigrid.scrabble.core.board import Board
from lexigrid.scrabble.core.cgp import Position
from lexigrid.scrabble.core.ending import MAX_SCORELESS_TURNS
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.core.play_state import PlayState
from lexigrid.scrabble.engine import _engine
from lexigrid.scrabble.engine.movegen import BoardArrays, Engine, decode_bytes, tie_order

MAX_PLIES = 100  # deeper than any endgame lasts: each placement uses a tile and passes come in short runs
MAX_TOP = 64
INF = 30000  # the compiled search's infinity: no value reaches it
TABLE_BITS = 22  # at most 4M transposition-table entries of 24 bytes (96 MB), fewer for small endgames


class Table:
    """A transposition table kept from one endgame search to the next of the same engine (a pre-endgame's
    scenarios and plays meet the same endgame positions again): 2^bits entries, zeroed."""

    def __init__(self, bits: int = 20) -> None:
        if not 10 <= bits <= 30:
            raise LexigridError(f"an endgame table has 2^10 to 2^30 entries, not 2^{bits}")
        self.bits = bits
        self.entries = bytearray(_engine.ENDGAME_ENTRY_BYTES << bits)


class EndgameSearch(NamedTuple):
    """How the compiled endgame search runs: the scoreless turns so far, the bingo, the depth and time limits
    (0: none), the first moves to rank, the transposition table's size (2^bits entries), the root's window
    (the value is proven inside it, a bound outside it) and the most nodes it may visit (0: no limit; a
    count, so a search cut by it is cut at the same point on any machine)."""

    zeros: int
    bingo_tiles: int
    bingo_bonus: int
    max_plies: int
    seconds: float
    top: int
    table_bits: int
    alpha: int = -INF
    beta: int = INF
    max_nodes: int = 0


@dataclass(frozen=True)
class Step:
    """One move of a principal variation: who played it (0 = the side to move at the root) and its points."""

    player: int
    move: Move

    @property
    def score(self) -> int:
        """The points the move scored."""
        return self.move.score

    def as_dict(self, alphabet: Alphabet = ENGLISH) -> dict[str, Any]:
        """The JSON shape of a step, in the alphabet's labels."""
        move = self.move
        notation, paren = alphabet.write(move.notation), alphabet.write(move.paren)
        return {"player": self.player, "move": notation, "paren": paren, "score": self.score}


@dataclass(frozen=True)
class Ranked:
    """A first move with its value under best play from then on."""

    move: Move
    value: int

    def as_dict(self, alphabet: Alphabet = ENGLISH) -> dict[str, Any]:
        """The JSON shape of a ranked first move, in the alphabet's labels."""
        move = self.move
        notation, paren = alphabet.write(move.notation), alphabet.write(move.paren)
        return {"move": notation, "paren": paren, "score": move.score, "value": self.value}


@dataclass(frozen=True)
class Solution:
    """What the endgame search found: `exact` when it proved the value (no ply or time limit cut it)."""

    value: int
    best: Move
    pv: list[Step]
    top: list[Ranked]
    plies: int
    exact: bool
    nodes: int
    elapsed_ms: float
    end: str = ""  # how the principal variation ends: "out", "scoreless", or "" when it is cut short
    final_spread: int = field(default=0)  # mover minus opponent at the end of the principal variation
    bound: str = "exact"  # with a window: "lower" (value at least this) or "upper" (at most this) outside it

    def as_dict(self, alphabet: Alphabet = ENGLISH) -> dict[str, Any]:
        """The JSON shape of a solution, as `scrabble endgame --json` and the web API give it, moves in the
        alphabet's labels (`8D PAL·LA`)."""
        return {
            "value": self.value,
            "best": alphabet.write(self.best.notation),
            "pv": [step.as_dict(alphabet) for step in self.pv],
            "top": [ranked.as_dict(alphabet) for ranked in self.top],
            "plies": self.plies,
            "exact": self.exact,
            "nodes": self.nodes,
            "elapsed_ms": round(self.elapsed_ms, 1),
            "end": self.end,
            "final_spread": self.final_spread,
            "bound": self.bound,
        }


def check_endgame(position: Position) -> None:
    """Raise a one-line LexigridError unless the bag is empty and both racks are known."""
    position.validate()  # the racks and the board hold no more of a tile than the set has
    if len(position.rack) == 0:
        raise LexigridError("the side to move has no tiles: give its rack in the CGP (RACK/OPPONENT_RACK)")
    bag = position.bag_size()
    if len(position.racks[1]) == 0 and position.bag_when_full():
        raise LexigridError(
            _bag_not_empty(position.bag_when_full(), " even once the opponent holds a full rack")
        )
    if len(position.racks[1]) == 0:
        raise LexigridError(
            "the opponent's rack is unknown: an endgame needs both racks in the CGP (RACK/OPPONENT_RACK)"
            + (f"; the {bag} unseen tiles would be theirs" if bag else "")
        )
    if bag:
        raise LexigridError(_bag_not_empty(bag))


def _bag_not_empty(bag: int, when: str = "") -> str:
    """The refusal of a position whose bag holds tiles."""
    return (
        f"the bag is not empty ({count(bag, 'tile')}{when}): the endgame solver needs an empty bag; "
        "put every other tile on the board or the racks"
    )


def solve(
    position: Position,
    engine: Engine | None = None,
    plies: int | None = None,
    seconds: float | None = None,
    top: int = 1,
    window: tuple[int, int] | None = None,
    table: Table | None = None,
    max_nodes: int = 0,
) -> Solution:
    """Solve the endgame of `position` (bag empty, both racks known) as deep as `plies` within `seconds` and
    `max_nodes` search nodes (0: no limit; a count, so a search it cuts is cut the same way on any machine);
    with a `window` (low, high) the value is only proven when it lies strictly inside it, and is otherwise a
    bound (`Solution.bound`): a null window around the spread that decides the game answers win, draw or loss
    far faster than the exact value. A `table` kept from search to search (same engine) carries what one
    search proved into the next (values are unchanged; only the work to find them shrinks)."""
    check_endgame(position)
    _check_limits(plies, seconds, top)
    low, high = window or (-INF, INF)
    if not -INF <= low < high <= INF:
        raise LexigridError(f"an endgame window needs low < high, not ({low}, {high})")
    if position.rules.rack_size > 7:
        raise LexigridError("the endgame solver handles racks of up to 7 tiles")
    engine = engine or Engine.shared(rules=position.rules)
    started = time.perf_counter()
    depth, exact, nodes, ranked, pv_records = _search(
        position, engine, plies, seconds, top, (low, high), table, max_nodes=max_nodes
    )
    elapsed = 1000 * (time.perf_counter() - started)
    top_moves = sorted((Ranked(_decode(record, engine), value) for value, record in ranked), key=_rank_order)
    pv_moves = [_decode(record, engine) for record in pv_records]
    steps, end, spread = _replay(position, pv_moves)
    if exact and not end and pv_moves and pv_moves[-1].kind == "pass":
        # the search ends a game at two passes in a row, which has the same value as passing on to the
        # sixth scoreless turn (see engine/endgame.c): show the line the rules play out
        steps, end, spread = _replay(position, pv_moves + [Move("pass")] * MAX_SCORELESS_TURNS)
    best = top_moves[0]
    return Solution(
        value=best.value,
        best=best.move,
        pv=steps,
        top=top_moves[:top],
        plies=depth,
        exact=bool(exact),
        nodes=nodes,
        elapsed_ms=elapsed,
        end=end,
        final_spread=position.scores[0] - position.scores[1] + spread,
        bound="upper" if best.value <= low else "lower" if best.value >= high else "exact",
    )


def _check_limits(plies: int | None, seconds: float | None, top: int) -> None:
    """An OptionError for a depth, a time or a number of first moves a search cannot take."""
    if plies is not None and plies < 1:
        raise OptionError(
            f"an endgame search needs at least 1 ply, not {plies}",
            "plies",
            f"{{option}} must be at least 1, not {plies}",
        )
    check_positive(seconds, "seconds", "an endgame search's time", "seconds")
    if not 1 <= top <= MAX_TOP:
        raise OptionError(
            f"an endgame search ranks between 1 and {MAX_TOP} first moves, not {top}",
            "top",
            f"{{option}} must be between 1 and {MAX_TOP}, not {top}",
        )


def solve_in_steps(
    position: Position,
    engine: Engine | None = None,
    plies: int | None = None,
    seconds: float | None = None,
    top: int = 1,
) -> Iterator[Solution]:
    """`solve`, one ply deeper at a time, each depth's solution as it is found (for a progress line: an
    endgame with two blanks can take many minutes to prove): one transposition table carries each depth into
    the next; it ends with the exact solution, the one at `plies`, or the deepest finished when `seconds` run
    out. Each solution counts the nodes and time of every step so far."""
    check_endgame(position)
    _check_limits(plies, seconds, top)
    engine = engine or Engine.shared(rules=position.rules)
    table = Table(min(TABLE_BITS, 12 + len(position.racks[0]) + len(position.racks[1])))
    started, nodes, depth = time.perf_counter(), 0, 1
    while True:
        left = None if seconds is None else max(seconds - (time.perf_counter() - started), 1e-3)
        found = solve(position, engine, plies=depth, seconds=left, top=top, table=table)
        nodes += found.nodes
        found = replace(found, nodes=nodes, elapsed_ms=1000 * (time.perf_counter() - started))
        yield found
        if found.exact or found.plies < depth or depth == (plies or MAX_PLIES):
            return
        depth += 1


class Proof(NamedTuple):
    """What `prove` found: the value (exact inside the window, else a bound), which, whether proven, and the
    nodes the search visited."""

    value: int
    bound: str
    exact: bool
    nodes: int = 0


def prove(
    position: Position,
    engine: Engine,
    plies: int | None,
    seconds: float | None,
    window: tuple[int, int],
    table: Table | None,
    graph: bytes | None = None,
    max_nodes: int = 0,
) -> Proof:
    """The value of an endgame `solve` would give, without the checks, the principal variation or the moves
    (a pre-endgame asks this of positions it built itself, thousands of times); `graph`: a `words_graph`
    that holds this endgame's words (default: its own); `max_nodes`: the most nodes to visit (0: no limit)."""
    low, high = window
    _, exact, nodes, ranked, _ = _search(position, engine, plies, seconds, 1, window, table, graph, max_nodes)
    value = ranked[0][0]
    bound = "upper" if value <= low else "lower" if value >= high else "exact"
    return Proof(value, bound, bool(exact), nodes)


def _search(
    position: Position,
    engine: Engine,
    plies: int | None,
    seconds: float | None,
    top: int,
    window: tuple[int, int],
    table: Table | None,
    graph: bytes | None = None,
    max_nodes: int = 0,
) -> tuple[int, int, int, list[tuple[int, bytes]], list[bytes]]:
    """The compiled search's answer for a checked endgame position (see _engine.endgame)."""
    board = position.board
    checks = engine.cross_checks(board)
    search = EndgameSearch(
        zeros=min(position.zeros, MAX_SCORELESS_TURNS - 1),
        bingo_tiles=position.rules.rack_size,
        bingo_bonus=position.rules.bingo_bonus,
        max_plies=plies or MAX_PLIES,
        seconds=seconds or 0.0,
        top=top,
        table_bits=table.bits
        if table
        else min(TABLE_BITS, 12 + len(position.racks[0]) + len(position.racks[1])),
        alpha=window[0],
        beta=window[1],
        max_nodes=max_nodes,
    )
    mine, theirs = (engine.alphabet.rack_codes(rack.counts) for rack in position.racks)
    return _engine.endgame(
        graph or endgame_graph(position, engine),
        BoardArrays(bytes(board.tiles), board.dim, checks.checks, checks.cscores),
        engine.layout(board, vowels=False),
        (mine, theirs),
        search,
        table.entries if table else None,
    )


def endgame_graph(position: Position, engine: Engine) -> bytes:
    """The search graph of just the words this endgame can form (endgame_words_build in engine/endgame.c)."""
    return words_graph(position.board, position.racks[0].counts + position.racks[1].counts, engine)


def words_graph(board: Board, tiles: Counter[str], engine: Engine) -> bytes:
    """The search graph of the words that fit a line of `board` with `tiles`: enough for every endgame on
    this board or one grown from it by placing some of these tiles (a pre-endgame's plays and scenarios)."""
    racks = engine.alphabet.rack_codes(tiles)
    return _words_graph(engine.gaddag.search_graph, bytes(board.tiles), board.dim, racks)


@lru_cache(maxsize=8)
def _words_graph(graph: bytes, tiles: bytes, dim: int, racks: bytes) -> bytes:
    """The search graph of the words that fit the board with the racks' tiles, kept for the next endgame
    of the same board and tiles (a pre-endgame's scenarios split the same tiles between the racks)."""
    return _engine.search_graph(_engine.build_gaddag(_engine.endgame_words(graph, tiles, dim, racks)))


def _decode(record: bytes, engine: Engine) -> Move:
    """A record from the compiled search as a Move (empty: the pass)."""
    return decode_bytes(record, engine.alphabet) if record else Move("pass")


def _rank_order(ranked: Ranked) -> tuple[int, int, str]:
    """Best value first; ties by placements first, then notation (as `tie_order`)."""
    return (-ranked.value, *tie_order(ranked.move))


def _replay(position: Position, moves: list[Move]) -> tuple[list[Step], str, int]:
    """The steps of a principal variation played through the play state, how the game ends ("out",
    "scoreless", or "" when the moves stop first), and the spread change (for the side to move)."""
    state = PlayState.of_position(position)
    steps = []
    for move in moves:
        steps.append(Step(state.to_move, move))
        state.apply(move)
        if state.over:
            break
    spread = state.spread() - (position.scores[0] - position.scores[1])
    return steps, state.end or "", spread
