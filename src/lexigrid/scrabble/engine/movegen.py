"""Move generation: every legal tile placement, exchanges and the pass, and the best move, compiled."""

from __future__ import annotations

import itertools
import math
import struct
from array import array
from collections import Counter, OrderedDict
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field, replace
from typing import Literal, NamedTuple

import numpy as np
import numpy.typing as npt

from lexigrid.lexicon import Lexicon
from lexigrid.lexicon import load as load_lexicon
from lexigrid.scrabble.core.alphabet import ENGLISH, Alphabet
from lexigrid.scrabble.core.board import Board, LineListener
from lexigrid.scrabble.core.cgp import Position
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.core.rules import Rules
from lexigrid.scrabble.engine import _engine
from lexigrid.scrabble.engine.gaddag import Gaddag
from lexigrid.scrabble.engine.gaddag import load as load_gaddag
from lexigrid.scrabble.engine.leave import (
    AdditiveLeaves,
    Coefficients,
    KlvLeaves,
    LeaveFacts,
    LeaveModel,
    leave_trie,
    leaves_key,
    lexicon_leaves,
    lexicon_leaves_key,
)

SortKey = Literal["score", "equity"]
PASS_EQUITY = -1000.0  # the pass only wins when nothing else is legal
OPENING_VOWEL_PENALTY = 0.35
SHORTEST_WORD = 2  # the word map holds the words of 2+ letters: any whole-rack play
MODE_ALL, MODE_BEST_SCORE, MODE_BEST_EQUITY, MODE_COUNT = 0, 1, 2, 3
SHARED_ENGINES = 8  # engines `Engine.shared` keeps in a process (the most recently used)

# One generated placement as the compiled generator writes it (see MoveRec in engine.h).
RECORD = np.dtype(
    [
        ("row", "u1"), ("col", "u1"), ("down", "u1"), ("length", "u1"), ("ntiles", "u1"), ("leave", "u1"),
        ("score", "<i2"), ("equity", "<f8"), ("letters", "u1", (24,)),
    ]
)  # fmt: skip
RECORD_STRUCT = struct.Struct("<6Bhd24s")  # RECORD, for decoding one record without numpy


class BoardArrays(NamedTuple):
    """A board as the compiled engine reads it: tiles (square codes), side, cross-checks and cross scores
    (across, then down stored transposed)."""

    tiles: bytearray | bytes
    dim: int
    checks: array[int]
    cscores: array[int]


class LayoutArrays(NamedTuple):
    """A layout as the compiled engine reads it: letter and word multipliers (row-major, then transposed),
    the tile scores by code, the opening vowel penalties (b"": none) and the vowels' codes (bit per code)."""

    lmul: bytes
    wmul: bytes
    scores: bytes
    vowel: bytes
    vowel_codes: int


class RackLeaves(NamedTuple):
    """A rack as the compiled engine reads it: a count per tile code (blank first) and its leave table."""

    counts: bytes
    strides: bytes
    leaves: bytes


class Search(NamedTuple):
    """What the compiled generator is to find: the mode, the bingo, whether the layout is its own transpose,
    the word map (b"": none) and, by equity, the least equity wanted (-inf: any)."""

    mode: int
    bingo_tiles: int
    bingo_bonus: int
    symmetric: bool
    word_map: bytes | memoryview
    floor: float


class CrossChecks(LineListener):
    """Per-square allowed letters and cross-word scores for both directions, updated line by line."""

    def __init__(self, gaddag: Gaddag, board: Board, scores: bytes) -> None:
        n = board.dim * board.dim
        self.gaddag = gaddag
        self.board = board
        self.scores = scores
        self.checks = array("Q", bytes(16 * n))  # a 64-bit letter set per square and direction
        self.cscores = array("i", bytes(8 * n))
        self.pending_rows: set[int] = set(range(board.dim))
        self.pending_cols: set[int] = set(range(board.dim))
        self.arrays = BoardArrays(board.tiles, board.dim, self.checks, self.cscores)
        board.listen(self)

    def lines_changed(self, rows: tuple[int, ...], cols: tuple[int, ...]) -> None:
        """Only the changed rows (checks for down play) and columns (for across play) are recomputed."""
        self.pending_rows.update(rows)
        self.pending_cols.update(cols)

    def snapshot(self) -> object:
        """The checks, cross scores and pending lines as they are (a memory copy)."""
        rows, cols = self.pending_rows, self.pending_cols
        return (
            array("Q", self.checks),
            array("i", self.cscores),
            tuple(rows) if rows else (),
            tuple(cols) if cols else (),
        )

    def restore(self, state: object) -> None:
        """Back to a snapshot: copied in, no check recomputed."""
        assert isinstance(state, tuple)  # what `snapshot` gave
        self.checks[:], self.cscores[:] = state[0], state[1]
        self.pending_rows, self.pending_cols = set(state[2]), set(state[3])

    def refresh(self) -> CrossChecks:
        """Bring the pending lines up to date."""
        if self.pending_rows or self.pending_cols:
            _engine.update_checks(
                self.gaddag.search_graph,
                self.board.tiles,
                self.board.dim,
                self.scores,
                self.checks,
                self.cscores,
                bytes(sorted(self.pending_rows)),
                bytes(sorted(self.pending_cols)),
            )
            self.pending_rows.clear()
            self.pending_cols.clear()
        return self


def _move(
    row: int, col: int, down: int, letters: bytes, score: int, equity: float, alphabet: Alphabet
) -> Move:
    """A generated placement as a Move: `letters` holds its codes (code | BLANK_FLAG | THROUGH_FLAG)."""
    word, played = alphabet.placement(letters)
    return Move("place", row, col, bool(down), word, played, score, round(equity, 3))


def decode(record: np.void, alphabet: Alphabet = ENGLISH) -> Move:
    """A generated placement as a Move."""
    letters = record["letters"][: int(record["length"])].tobytes()
    return _move(
        int(record["row"]),
        int(record["col"]),
        int(record["down"]),
        letters,
        int(record["score"]),
        float(record["equity"]),
        alphabet,
    )


def decode_bytes(data: bytes, alphabet: Alphabet = ENGLISH) -> Move:
    """The first generated placement of `data` as a Move (as `decode`, without numpy)."""
    row, col, down, length, _, _, score, equity, letters = RECORD_STRUCT.unpack_from(data)
    return _move(row, col, down, letters[:length], score, equity, alphabet)


@dataclass
class MoveList:
    """The moves of a position: placements as compact records, then exchanges and the pass."""

    records: npt.NDArray[np.void]
    exchanges: list[Move] = field(default_factory=list)
    pass_move: Move | None = None
    alphabet: Alphabet = ENGLISH
    mirrored: bool = False  # an empty board on a layout that is its own transpose: see `mirror_free`

    @property
    def count(self) -> int:
        """The number of distinct legal tile placements."""
        return len(self.records)

    def __len__(self) -> int:
        return self.count + len(self.exchanges) + (self.pass_move is not None)

    def placements(self) -> Iterator[Move]:
        """Every tile placement, in generation order."""
        for record in self.records:
            yield decode(record, self.alphabet)

    def __iter__(self) -> Iterator[Move]:
        yield from self.placements()
        yield from self.exchanges
        if self.pass_move is not None:
            yield self.pass_move

    def find(self, move: Move) -> Move | None:
        """The generated move that is `move` (`Move.key`: the same placement, exchange or pass), with its
        score and equity; None when it was not generated (not legal from the rack)."""
        if move.kind != "place":
            others = [*self.exchanges, *([self.pass_move] if self.pass_move else [])]
            return next((m for m in others if m.key == move.key), None)
        records = self.records
        line = records[
            (records["row"] == move.row) & (records["col"] == move.col) & (records["down"] == move.down)
        ]
        return next((m for m in (decode(r, self.alphabet) for r in line) if m.key == move.key), None)

    def mirror_free(self, move: Move) -> Move:
        """`move` as the rankings show it: on a mirrored position every down placement is an across one
        transposed (same score, same equity), and the rankings, as `Engine.best`, show the across one."""
        if not (self.mirrored and move.kind == "place" and move.down):
            return move
        return replace(move, row=move.col, col=move.row, down=False)

    def top(
        self,
        n: int | None = None,
        sort: SortKey = "score",
        placements_only: bool = False,
        mirrors: bool = False,
    ) -> list[Move]:
        """The n best moves by score (placements only) or equity, in `Engine.best`'s order (`tie_order`);
        on a mirrored position each mirrored pair once (`mirror_free`), unless `mirrors` asks for both (every
        legal move, as reference lists give them)."""
        once = self.mirrored and not mirrors
        records = self.records[self.records["down"] == 0] if once else self.records
        values = records[sort]
        if n is not None and len(values) > n:
            threshold = np.partition(values, len(values) - n)[len(values) - n]
            chosen = records[values >= threshold]
        else:
            chosen = records
        # placements are ranked by their exact equity (a Move shows it rounded)
        ranked = [(float(r["equity"]), decode(r, self.alphabet)) for r in chosen]
        if sort == "equity" and not placements_only:
            others = [*self.exchanges, *([self.pass_move] if self.pass_move else [])]
            ranked += [(m.equity, m) for m in others]
        if sort == "score":
            ranked.sort(key=lambda pair: (-pair[1].score, tie_order(pair[1])))
        else:
            ranked.sort(key=lambda pair: (-pair[0], -pair[1].score, tie_order(pair[1])))
        moves = [move for _, move in ranked]
        return moves if n is None else moves[:n]


Codes = tuple[tuple[int, int], ...]  # a multiset of tiles as (tile code, count) pairs


class RackEquity:
    """A rack's static equities as the compiled generator sums them: a move's equity from its score, the
    tiles it uses (as codes) and its opening vowel penalties, from the rack's leave table."""

    __slots__ = ("counts", "full", "strides", "values")

    def __init__(self, counts: bytes, strides: bytes, table: bytes) -> None:
        self.counts = counts
        self.strides = strides
        self.values = memoryview(table).cast("d")
        self.full = sum(counts[c] * strides[c] for c in range(len(counts)) if counts[c])

    def holds(self, used: Codes) -> bool:
        """Whether the rack holds these tiles."""
        counts = self.counts
        return all(counts[c] >= n for c, n in used)

    def leave(self, used: Codes) -> float:
        """The leave's equity term once these tiles are played or exchanged."""
        strides = self.strides
        return float(self.values[self.full - sum(n * strides[c] for c, n in used)])

    def placement(self, score: int, used: Codes, penalties: tuple[float, ...] = ()) -> float:
        """A placement's static equity: score, leave term, then each opening vowel penalty (this order)."""
        strides = self.strides
        equity = score + self.values[self.full - sum(n * strides[c] for c, n in used)]
        for penalty in penalties:
            equity += penalty
        return float(equity)

    def best_exchange(self) -> float | None:
        """The best exchange's equity (None when there is nothing to exchange)."""
        values = self.values
        return max(values[:-1]) if len(values) > 1 else None


KIND_ORDER = {"place": 0, "exchange": 1, "pass": 2}


def tie_order(move: Move) -> tuple[int, str]:
    """How moves equal on the sort key are ordered: placements first, then by notation in ASCII order.

    This is the reference positions' convention, and the compiled search breaks ties the same way, so the
    best move never depends on the order the search met the candidates in.
    """
    return KIND_ORDER[move.kind], move.notation


def _transposed(values: list[int], dim: int) -> list[int]:
    """A row-major grid followed by its transpose, as the generator reads layouts."""
    return [*values, *(values[c * dim + r] for r in range(dim) for c in range(dim))]


_SHARED: OrderedDict[tuple[str, Hashable, Hashable], Engine] = OrderedDict()


class Engine:
    """The move generator for one lexicon and set of rules."""

    @classmethod
    def shared(
        cls, lexicon: Lexicon | None = None, rules: Rules | None = None, leaves: LeaveModel | None = None
    ) -> Engine:
        """The process's engine for a lexicon, rules and leave model (defaults as `Engine`), built once and
        kept while it is among the last SHARED_ENGINES used: its GADDAG, word map, layout arrays and leave
        tables are built once for every caller. Keyed on what makes two engines differ: the lexicon's
        hash, the rules' tiles, layout, rack size and bonus (`Rules.key`), and the leave model's key (for the
        lexicon's default model, the file it is read from: `lexicon_leaves_key`)."""
        from lexigrid.scrabble.core.rules import rules as default_rules

        lexicon = lexicon if lexicon is not None else load_lexicon()
        rules = rules or default_rules()
        chosen = leaves_key(leaves) if leaves else lexicon_leaves_key(lexicon.name, lexicon.alphabet)
        key = (lexicon.sha256, rules.key, chosen)
        found = _SHARED.get(key)
        if found is None:
            found = _SHARED[key] = cls(lexicon, rules, leaves)
            if len(_SHARED) > SHARED_ENGINES:
                _SHARED.popitem(last=False)
        else:
            _SHARED.move_to_end(key)
        return found

    def __init__(
        self,
        lexicon: Lexicon | None = None,
        rules: Rules | None = None,
        leaves: LeaveModel | None = None,
    ) -> None:
        from lexigrid.scrabble.core.rules import rules as default_rules

        self.lexicon = lexicon if lexicon is not None else load_lexicon()
        self.rules = rules or default_rules()
        tiles = self.rules.tiles
        self.alphabet = alphabet = tiles.alphabet
        self.leaves = leaves or lexicon_leaves(self.lexicon.name, self.lexicon.alphabet, alphabet)
        if isinstance(self.leaves, AdditiveLeaves):  # its mix and Q-without-U terms in this tile set's terms
            self.leaves = self.leaves.speaking(LeaveFacts.of(tiles))
        self.gaddag = load_gaddag(self.lexicon, alphabet)
        self.tile_scores = bytes([0, *(tiles.scores.get(letter, 0) for letter in alphabet.glyphs)])
        self._layouts: dict[int, tuple[bytes, bytes, bytes]] = {}
        self._layout_arrays: dict[tuple[int, bool], LayoutArrays] = {}
        self._leave_tables: dict[tuple[bytes, bool, int], tuple[bytes, bytes]] = {}
        self._exchange_peaks: dict[tuple[bytes, bool, int], tuple[int, float] | None] = {}
        self._leave_values: dict[str, float] = {}
        self._exchange_lists: dict[tuple[bytes, bool, int], list[Move]] = {}
        self._copies = 8  # racks of up to 8 tiles (at most 256 leaves) get their leave table compiled
        self._trie: object | None = None  # see leave_trie
        self._coefficients = (
            self.leaves.coefficients(self._copies, alphabet)
            if isinstance(self.leaves, AdditiveLeaves)
            else None
        )
        # with the bag empty a leave is worth -2 x its points - 10 (keeping nothing, index 0, is set apart)
        codes = range(alphabet.size + 1)
        self._end_coefficients: Coefficients = (
            array(
                "d", [-2.0 * tiles.score(alphabet.glyph(c)) for c in codes for _ in range(self._copies)]
            ).tobytes(),
            bytes(8 * len(codes) ** 2),
            array("d", [-10.0] * (self._copies + 1) ** 2).tobytes(),
            0.0,
            self._copies,
            0,
            0,
            0,
        )

    def leave_trie(self) -> object | None:
        """A KLV leave model's table compiled for the engine's lookups (klv.c), built on first use; None for
        other models."""
        if self._trie is None and isinstance(self.leaves, KlvLeaves):
            self._trie = leave_trie(self.leaves.table, self.alphabet)
        return self._trie

    def leave_coefficients(self, bag_empty: bool) -> Coefficients | None:
        """The leave terms the compiled engine builds leave tables from (`AdditiveLeaves.coefficients`): the
        leave model's, or with the bag empty the endgame's; None: the model is not additive."""
        return self._end_coefficients if bag_empty else self._coefficients

    def prepare(self, word_map: bool = True) -> Engine:
        """Build the per-process tables now (graph relayout; the word map, which only the best-move
        search reads), not on the first search."""
        _ = self.gaddag.search_graph
        if word_map:
            self.gaddag.word_map(SHORTEST_WORD)
        return self

    def layout_arrays(self, board: Board) -> tuple[bytes, bytes, bytes]:
        """Letter and word multipliers and the opening vowel penalty, row-major then transposed."""
        found = self._layouts.get(board.dim)
        if found is None:
            layout, dim = board.rules.layout, board.dim
            cells = [(r, c) for r in range(dim) for c in range(dim)]
            lmul = [layout.letter_multiplier(r, c) for r, c in cells]
            wmul = [layout.word_multiplier(r, c) for r, c in cells]

            def penalty(r: int, c: int, down: bool) -> float:
                total = 0.0
                for rr, cc in ((r, c - 1), (r, c + 1)) if down else ((r - 1, c), (r + 1, c)):
                    if 0 <= rr < dim and 0 <= cc < dim:
                        total -= OPENING_VOWEL_PENALTY * (layout.word_multiplier(rr, cc) - 1)
                        total -= OPENING_VOWEL_PENALTY * (layout.letter_multiplier(rr, cc) - 1)
                return total

            across = [penalty(r, c, False) for r, c in cells]
            down = [penalty(c, r, True) for r, c in cells]  # stored transposed: index c*dim + r
            found = (
                bytes(_transposed(lmul, dim)),
                bytes(_transposed(wmul, dim)),
                array("d", across + down).tobytes(),
            )
            self._layouts[board.dim] = found
        return found

    def layout(self, board: Board, vowels: bool) -> LayoutArrays:
        """The layout's arrays as the compiled engine reads them, with the opening vowel penalties or not."""
        found = self._layout_arrays.get((board.dim, vowels))
        if found is None:
            lmul, wmul, vowel = self.layout_arrays(board)
            vowel_codes = sum(1 << self.alphabet.code(v) for v in self.rules.tiles.vowels)
            found = LayoutArrays(lmul, wmul, self.tile_scores, vowel if vowels else b"", vowel_codes)
            self._layout_arrays[board.dim, vowels] = found
        return found

    def cross_checks(self, board: Board) -> CrossChecks:
        """The board's cross-checks for this lexicon, kept in step with later moves."""
        for listener in board.listeners():
            if isinstance(listener, CrossChecks) and listener.gaddag is self.gaddag:
                return listener.refresh()
        return CrossChecks(self.gaddag, board, self.tile_scores).refresh()

    def leave_table(self, position: Position) -> tuple[bytes, bytes]:
        """The rack's mixed-radix strides per tile and the equity adjustment of every possible leave."""
        return self._leave_table(self._leave_key(position))

    def _leave_table(self, key: tuple[bytes, bool, int]) -> tuple[bytes, bytes]:
        """The leave table of a leave key (see `_leave_key`), memoised."""
        found = self._leave_tables.get(key)
        if found is None:
            if len(self._leave_tables) > 4096:  # racks seen in a long self-play run: start afresh
                self._leave_tables.clear()
                self._exchange_peaks.clear()
            found = self._leave_tables[key] = self._build_leave_table(*key)
        return found

    def _leave_key(self, position: Position, bag_size: int | None = None) -> tuple[bytes, bool, int]:
        """What a leave table depends on: the rack, whether the bag is empty, the opponent's tiles then."""
        bag_empty = (position.bag_size() if bag_size is None else bag_size) == 0
        opponent = (
            sum(self.rules.tiles.score(t) for t in position.racks[1].counts.elements()) if bag_empty else 0
        )
        return self.alphabet.rack_codes(position.rack.counts), bag_empty, opponent

    def rack_equity(self, position: Position) -> RackEquity:
        """The static equities of the position's rack (see RackEquity)."""
        key = self._leave_key(position)
        strides, table = self._leave_table(key)
        return RackEquity(key[0], strides, table)

    def codes(self, tiles: str) -> Codes:
        """A multiset of tiles as (code, count) pairs, in tile order."""
        code = self.alphabet.code
        return tuple((code(t), n) for t, n in sorted(Counter(tiles).items()))

    def opening_penalties(self, board: Board, move: Move) -> tuple[float, ...]:
        """The opening vowel penalties of a placement's new vowels on an empty board, in the order the
        generator adds them (none once the board has tiles)."""
        if move.kind != "place" or not board.is_empty():
            return ()
        vowel = memoryview(self.layout_arrays(board)[2]).cast("d")
        dim = board.dim
        return tuple(
            vowel[dim * dim + c * dim + r] if move.down else vowel[r * dim + c]
            for r, c, tile in move.squares()
            if tile.upper() in self.rules.tiles.vowels
        )

    def leave_value(self, leave: str) -> float:
        """The leave model's value of the tiles kept, memoised by sorted leave."""
        key = "".join(sorted(leave))
        found = self._leave_values.get(key)
        if found is None:
            found = self._leave_values[key] = self.leaves.value(key)
        return found

    def _build_leave_table(self, codes: bytes, bag_empty: bool, opponent: int) -> tuple[bytes, bytes]:
        """Strides and leave adjustments for a rack given as a count per tile code."""
        if not bag_empty and self._coefficients is not None and sum(codes) <= self._copies:
            table: tuple[bytes, bytes] = _engine.leave_table(codes, *self._coefficients)
            return table
        trie = None if bag_empty or sum(codes) > self._copies else self.leave_trie()
        if trie is not None:
            found: tuple[bytes, bytes] = _engine.trie_leave_table(trie, codes)
            return found
        if bag_empty and sum(codes) <= self._copies:
            end_strides, end_values = _engine.leave_table(codes, *self._end_coefficients)
            return end_strides, array("d", [2.0 * opponent]).tobytes() + end_values[8:]
        held = [(code, codes[code]) for code in range(len(codes)) if codes[code]]
        strides = bytearray(len(codes))
        size = 1
        for code, count in held:
            strides[code] = size
            size *= count + 1
        tiles = self.rules.tiles
        if not bag_empty and isinstance(self.leaves, AdditiveLeaves):
            held_tiles = [(self.alphabet.glyph(code), count) for code, count in held]
            return bytes(strides), self.leaves.table(held_tiles).astype(np.float64).tobytes()
        values = array("d")
        # product() varies its last range fastest; the first held tile has stride 1, so go backwards.
        backwards = [(self.alphabet.glyph(code), count) for code, count in reversed(held)]
        for kept_counts in itertools.product(*(range(count + 1) for _, count in backwards)):
            kept = "".join(tile * n for (tile, _), n in zip(backwards, kept_counts, strict=True))
            if bag_empty:
                left = sum(tiles.score(t) for t in kept)
                values.append(2.0 * opponent if not kept else -2.0 * left - 10.0)
            else:
                values.append(self.leave_value(kept))
        return bytes(strides), values.tobytes()

    def _generate(
        self,
        position: Position,
        mode: int,
        key: tuple[bytes, bool, int] | None = None,
        floor: float | None = None,
    ) -> bytes | int:
        """Run the compiled generator (`key`: the position's leave key when already known; `floor`: by
        equity, only a placement of that equity or more is wanted)."""
        board = position.board
        checks = self.cross_checks(board)
        if key is None:
            key = self._leave_key(position)
        strides, leave_values = self._leave_table(key)
        best = mode in (MODE_BEST_SCORE, MODE_BEST_EQUITY)
        search = Search(
            mode,
            self.rules.rack_size,
            self.rules.bingo_bonus,
            board.rules.layout.symmetric,
            self.gaddag.word_map(SHORTEST_WORD) if best else b"",
            -math.inf if floor is None else floor,
        )
        layout = self.layout(board, mode in (MODE_ALL, MODE_BEST_EQUITY))
        rack = RackLeaves(key[0], strides, leave_values)
        result: bytes | int = _engine.generate(self.gaddag.search_graph, checks.arrays, layout, rack, search)
        return result

    def count(self, position: Position) -> int:
        """The number of distinct legal tile placements (nothing decoded)."""
        found = self._generate(position, MODE_COUNT)
        assert isinstance(found, int)
        return found

    def placements(self, position: Position) -> npt.NDArray[np.void]:
        """Every legal tile placement as compact records (see RECORD)."""
        found = self._generate(position, MODE_ALL)
        assert isinstance(found, bytes)
        return np.frombuffer(found, dtype=RECORD)

    def exchanges(self, position: Position) -> list[Move]:
        """Every distinct exchange (a non-empty sub-multiset of the rack), when exchanging is legal."""
        if not position.can_exchange():
            return []
        key = self._leave_key(position)
        found = self._exchange_lists.get(key)
        if found is None:
            if len(self._exchange_lists) > 4096:
                self._exchange_lists.clear()
            found = self._exchange_lists[key] = self._all_exchanges(position)
        return list(found)

    def _all_exchanges(self, position: Position) -> list[Move]:
        """The exchanges of the position's rack with their equity (the leave kept)."""
        rack = position.rack
        tiles = sorted(rack.counts)
        strides, values = self.leave_table(position)
        leave_values = array("d")
        leave_values.frombytes(values)
        codes = [self.alphabet.code(t) for t in tiles]
        full_index = sum(rack.counts[t] * strides[c] for t, c in zip(tiles, codes, strict=True))
        moves = []
        for used in itertools.product(*(range(rack.counts[t] + 1) for t in tiles)):
            if not any(used):
                continue
            swapped = "".join(t * n for t, n in zip(tiles, used, strict=True))
            index = full_index - sum(n * strides[c] for n, c in zip(used, codes, strict=True))
            moves.append(Move("exchange", word=swapped, equity=round(leave_values[index], 3)))
        return moves

    def _exchange_peak(self, key: tuple[bytes, bool, int]) -> tuple[int, float] | None:
        """The leave index and value of the best exchange of a leave key's rack (None: nothing to swap)."""
        if key in self._exchange_peaks:
            return self._exchange_peaks[key]
        values = np.frombuffer(self._leave_table(key)[1])[:-1]  # the last index keeps the whole rack
        peak = None
        if len(values):
            index = int(values.argmax())
            peak = index, float(values[index])
        self._exchange_peaks[key] = peak
        return peak

    def _exchange_move(self, key: tuple[bytes, bool, int], index: int, value: float) -> Move:
        """The exchange that keeps the leave at `index` of a leave key's table."""
        strides = self._leave_table(key)[0]
        swapped = []
        for code, count in enumerate(key[0]):
            if count:
                kept = (index // strides[code]) % (count + 1)
                swapped.append(self.alphabet.glyph(code) * (count - kept))
        return Move("exchange", word="".join(swapped), equity=round(value, 3))

    def moves(self, position: Position) -> MoveList:
        """Every legal move: the placements, then the exchanges, then the pass."""
        pass_move = Move("pass", equity=PASS_EQUITY)
        mirrored = position.board.is_empty() and position.rules.layout.symmetric
        return MoveList(
            self.placements(position), self.exchanges(position), pass_move, self.alphabet, mirrored
        )

    def best(self, position: Position, by: SortKey = "score") -> Move | None:
        """The best placement by score, or the best move by equity (exchanges included); ties as `top`."""
        bag = position.bag_size()
        key = self._leave_key(position, bag)
        if by == "score":
            found = self._generate(position, MODE_BEST_SCORE, key)
            assert isinstance(found, bytes)
            return decode_bytes(found, self.alphabet) if found else None
        # an exchange wins only on a strictly higher equity (against the placement's exact value), so the
        # search needs only the placements of at least the best exchange's equity
        peak = self._exchange_peak(key) if position.can_exchange(bag) else None
        found = self._generate(position, MODE_BEST_EQUITY, key, None if peak is None else peak[1])
        assert isinstance(found, bytes)
        if found:
            return decode_bytes(found, self.alphabet)
        if peak is not None:
            return self._exchange_move(key, *peak)
        return Move("pass", equity=PASS_EQUITY)


def generate(position: Position, lexicon: Lexicon | None = None) -> MoveList:
    """Every legal move of a position with the default rules of its board."""
    return Engine.shared(lexicon, position.rules).moves(position)
