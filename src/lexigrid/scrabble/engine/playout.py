"""The simulation's play-out loop in the compiled engine: a candidate play and the replies after it, each the
best move by static equity, applied to one play state in C (engine/playout.c) under the rules of the play
state (`core.play_state`) and the end of the game (`core.ending`), so Python is entered once per deal, not
once per move. The bag is the caller's dealt order, drawn from its end, and exchanged tiles go back in at
places drawn from the caller's random generator, as `OrderedBag` does: a play-out here is move for move the
one the Python play state plays (tests/scrabble/test_playout.py replays them through it).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from lexigrid.scrabble.core.alphabet import THROUGH_FLAG
from lexigrid.scrabble.core.bag import Bag
from lexigrid.scrabble.core.board import Board, Rack
from lexigrid.scrabble.core.cgp import Position
from lexigrid.scrabble.core.ending import MAX_SCORELESS_TURNS
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.engine import _engine
from lexigrid.scrabble.engine.movegen import SHORTEST_WORD, Engine, Search, decode_bytes

KINDS = {"place": 0, "exchange": 1, "pass": 2}
OUT, SCORELESS = 1, 2  # how a play-out's game ended (0: it did not)
MAX_BAG = 256  # the most tiles the loop's bag holds (engine.h)
REPLIES_KEPT = 64  # the replies of a play-out the loop gives back, at most (PLAYOUT_MOVES in engine.h)


class Ending(NamedTuple):
    """Where a play-out stopped: both scores (the mover's first), whether and how the game ended, who is to
    move, the tiles in the bag, the tiles on the rack of the side not to move, and the tiles each side kept
    on its last move."""

    scores: tuple[int, int]
    end: int
    to_move: int
    bag: int
    other_rack: int
    kept: tuple[str, str]


class Deal(NamedTuple):
    """A play-out's deal as the loop reads it: the opponent's rack (tile counts by code) and the bag (codes,
    drawn from the end)."""

    opponent: bytes
    bag: bytes


class Measure(NamedTuple):
    """How a simulation values a play-out's end (analysis/sim.py, `Playout._measure`): the win table's
    intercepts and slopes by tiles unseen (doubles), the spread it clamps to, and the value of tiles kept
    (given as codes in code order)."""

    intercepts: bytes
    slopes: bytes
    spread_limit: float
    leave_value: Callable[[bytes], float]


class Record(NamedTuple):
    """A play-out move by move (for checking): its ending, the replies, both racks and the bag left."""

    ending: Ending
    replies: list[Move]
    racks: tuple[str, str]
    bag: str


class PlayoutLoop:
    """The compiled play-out loop for one start position and its candidates."""

    @staticmethod
    def fits(engine: Engine) -> bool:
        """Whether the loop can play for this engine: an additive leave model or a KLV table of leaves (in any
        alphabet the engine takes), racks of at most 8 tiles, at most MAX_BAG tiles in the set."""
        rules = engine.rules
        return _leaves(engine) is not None and rules.rack_size <= 8 and rules.tiles.total <= MAX_BAG

    def __init__(self, engine: Engine, position: Position, candidates: Sequence[Move]) -> None:
        leaves, end = _leaves(engine), engine.leave_coefficients(True)
        if leaves is None or end is None:
            raise ValueError("the compiled play-out loop needs an additive leave model or a KLV's table")
        board = position.board.copy()
        checks = engine.cross_checks(board)
        self.alphabet = alphabet = engine.alphabet
        glyphs = [alphabet.glyph(code) for code in range(alphabet.size + 1)]
        table = bytearray(range(256))
        for code, glyph in enumerate(glyphs):
            table[ord(glyph)] = code
        self._to_codes = bytes(table)
        self._to_glyphs = bytes(ord(glyphs[c]) if c < len(glyphs) else 0 for c in range(256))
        search = Search(0, engine.rules.rack_size, engine.rules.bingo_bonus, board.rules.layout.symmetric,
                        engine.gaddag.word_map(SHORTEST_WORD), 0.0)  # fmt: skip
        self.state = _engine.playout_new(
            engine.gaddag.search_graph,
            engine.layout(board, True),
            search,
            leaves,
            end,
            (engine.rules.rack_size, MAX_SCORELESS_TURNS),
            checks.arrays,
            alphabet.rack_codes(position.racks[0].counts),
            tuple(position.scores),
            position.zeros,
            [self._play(move) for move in candidates],
        )

    def _play(self, move: Move) -> tuple[int, int, int, int, bytes, int, bytes]:
        """A candidate as the loop reads it: kind, start, direction, letter codes, score, exchanged codes."""
        alphabet = self.alphabet
        if move.kind != "place":
            return KINDS[move.kind], 0, 0, 0, b"", 0, self.codes(move.tiles_used)
        letters = bytes(
            THROUGH_FLAG | alphabet.square_code(w) if p == "." else alphabet.square_code(p)
            for w, p in zip(move.word, move.played, strict=True)
        )
        return KINDS[move.kind], move.row, move.col, int(move.down), letters, move.score, b""

    def codes(self, tiles: str) -> bytes:
        """Rack tiles ('?' a blank) as codes."""
        return tiles.encode("latin-1").translate(self._to_codes)

    def glyphs(self, codes: bytes) -> str:
        """Codes as rack tiles."""
        return codes.translate(self._to_glyphs).decode("latin-1")

    def deal(self, opponent: str, bag: Sequence[str]) -> Deal:
        """A deal as the loop reads it: the opponent's rack as tile counts, the bag as codes."""
        return Deal(self.alphabet.rack_codes(Counter(opponent)), self.codes("".join(bag)))

    def run(
        self, plays: Sequence[int], deal: Deal, randrange: Callable[[int], int], plies: int
    ) -> list[Ending]:
        """Play out the candidates at `plays` (in order, sharing `randrange` for exchanges) on one deal."""
        found = _engine.playout_run(
            self.state, bytes(plays), deal.opponent, deal.bag, plies, randrange, False
        )
        return [self._ending(item) for item in found]

    def outcomes(
        self, plays: Sequence[int], deal: Deal, randrange: Callable[[int], int], plies: int, measure: Measure
    ) -> list[tuple[float, float, tuple[tuple[int, bool], ...]]]:
        """Play out the candidates at `plays` as `run` does, each measured in C as a simulation measures it:
        (value, win) (see Measure; the same `leave_value` for every call on this loop, which remembers it),
        and its replies, each (points, whether it placed a whole rack): the `plies` asked and, the bag
        emptied, every move to the end of the game (the first REPLIES_KEPT)."""
        found: list[tuple[float, float, tuple[tuple[int, bool], ...]]] = _engine.playout_run(
            self.state, bytes(plays), deal.opponent, deal.bag, plies, randrange, False, measure
        )
        return found

    def record(self, play: int, opponent: str, bag: Sequence[str], rng: random.Random, plies: int) -> Record:
        """One play-out with its replies, racks and bag (for checking it move by move)."""
        (item,) = _engine.playout_run(
            self.state,
            bytes([play]),
            self.alphabet.rack_codes(Counter(opponent)),
            self.codes("".join(bag)),
            plies,
            rng.randrange,
            True,
        )
        replies = [self._reply(kind, data) for kind, data in item[8]]
        racks = (self.glyphs(item[9]), self.glyphs(item[10]))
        return Record(self._ending(item), replies, racks, self.glyphs(item[11]))

    def _ending(self, item: tuple[Any, ...]) -> Ending:
        """The loop's answer for one play-out as an Ending."""
        s0, s1, end, to_move, bag, other, kept0, kept1 = item[:8]
        return Ending((s0, s1), end, to_move, bag, other, (self.glyphs(kept0), self.glyphs(kept1)))

    def _reply(self, kind: int, data: bytes) -> Move:
        """A reply as a Move: a placement's record, an exchange's codes, or the pass."""
        if kind == KINDS["place"]:
            return decode_bytes(data, self.alphabet)
        if kind == KINDS["exchange"]:
            return Move("exchange", word=self.glyphs(data))
        return Move("pass")


def _leaves(engine: Engine) -> object | None:
    """The leave model as the loop reads it: an additive model's coefficients, a KLV's compiled table, or
    None."""
    return engine.leave_coefficients(False) or engine.leave_trie()


class GameResult(NamedTuple):
    """A static game's totals, in seat order: scores, bingos played, turns (moves) played."""

    scores: tuple[int, int]
    bingos: tuple[int, int]
    turns: int


class GameTurn(NamedTuple):
    """A turn of a recorded static game: who moved, both scores, the tiles in the bag and the tiles unseen by
    the mover (the bag and the other rack) before the move, the move, and the tiles the mover kept."""

    player: int
    scores: tuple[int, int]
    bag: int
    unseen: int
    move: Move
    kept: str


STATIC_LEVELS = ("equity", "score")  # the computer levels the compiled game loop plays


class StaticGames:
    """Whole games between two static players (the `equity` and `score` levels) in the compiled loop: the
    game `Game.new` plays from a seed with those players and no endgame solver (its seeded `Bag`: racks
    drawn first player first, exchanges put back and the bag shuffled by the bag itself), move for move."""

    def __init__(self, engine: Engine) -> None:
        rules = engine.rules
        empty = Position(Board(rules), (Rack(""), Rack("")), (0, 0), 0)
        self.rules = rules
        self.loop = PlayoutLoop(engine, empty, [])

    def play(self, seed: int, levels: tuple[str, str] = ("equity", "equity")) -> GameResult:
        """The game from the bag of `seed` between the levels (each `equity` or `score`), in seat order."""
        scores, bingos, turns = _engine.static_game(self.loop.state, *self._game(seed, levels))
        return GameResult(scores, bingos, turns)

    def record(
        self, seed: int, levels: tuple[str, str] = ("equity", "equity")
    ) -> tuple[GameResult, list[GameTurn]]:
        """The game `play` plays, with each of its turns (for learning from self-play)."""
        scores, bingos, turns, log = _engine.static_game(self.loop.state, *self._game(seed, levels), True)
        loop = self.loop
        found = [
            GameTurn(player, (s0, s1), bag, unseen, loop._reply(*move), loop.glyphs(kept))
            for player, s0, s1, bag, unseen, move, kept in log
        ]
        return GameResult(scores, bingos, turns), found

    def _game(
        self, seed: int, levels: tuple[str, str]
    ) -> tuple[bytes, Callable[[bytes, bytes], bytes], tuple[bool, bool]]:
        """What the compiled game starts from: the bag of `seed`, how exchanged tiles go back, who plays by
        score."""
        bag = Bag(self.rules.tiles, seed)
        loop = self.loop

        def put_back(codes: bytes, back: bytes) -> bytes:
            """The bag as `Bag.put_back` leaves it once the exchanged tiles go back in."""
            bag.rewind(list(loop.glyphs(codes)))
            bag.put_back(loop.glyphs(back))
            return loop.codes("".join(bag.tiles))

        return loop.codes("".join(bag.tiles)), put_back, (levels[0] == "score", levels[1] == "score")
