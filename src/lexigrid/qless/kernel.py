"""The compiled fill search (numba): a depth-first walk of the step trie with an explicit stack.

Arrays (built by `solver.FlatTrie` and `solver.WordTable`):
- trie: `node_moves[n]..node_moves[n+1]` are node n's moves; `node_leaves[n]..node_leaves[n+1]` its leaves;
  per move: slot `length`, `child`, crossings (`cross_pos`, `cross_cell`, `n_cross`) and new cells
  (`new_pos`, `new_cell`, `n_new`); per leaf: `mirror` (each cell's mirror image when the shape is its
  own transpose, else -1 in column 0) and `row_major` (cells in reading order).
- words: `letters[w, i]` letter codes, `letter_sets[w]` their letters as bits, `by_length` and
  `by_letter` offsets into `ids` (key `(length * 12 + position) * 26 + letter`), and anagram groups:
  `anagram_keys` (sorted letter codes + 1, five bits each) sorted within each length, `by_anagram`
  offsets by length, `anagram_ids` the words in that order. A move is `last` when its child only
  finishes shapes: its slot then takes exactly the letters left, so its words are one anagram group.
A fill is recorded as (leaf, letter codes in fill order); on a self-transposed shape only the fill that
reads no later than its transpose is kept, so each solution is recorded once.

The walk's stack lives in a `State` the caller keeps, so the search can stop after a batch of fills and
carry on where it stopped at the next call: solutions stream out while the search runs.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

Ints = npt.NDArray[np.int32]
Longs = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Codes = npt.NDArray[np.int8]

# state.scalars: the depth (-1 once the walk is over; -2 before it starts), the letters left as bits, fills
# found so far
DEPTH, HELD, FOUND = 0, 1, 2
NOT_STARTED = -2


class State:
    """The walk's stack and rack between calls of `search`."""

    def __init__(self, roll: str) -> None:
        n_cells, depth_max = len(roll), len(roll) + 2
        self.rack = np.zeros(26, np.int32)  # the letters left, as counts
        for ch in roll:
            self.rack[ord(ch) - 65] += 1
        self.cells = np.full(n_cells, -1, np.int8)
        self.node = np.zeros(depth_max, np.int32)
        self.move = np.zeros(depth_max, np.int32)
        self.option = np.zeros(depth_max, np.int32)
        self.option_end = np.zeros(depth_max, np.int32)
        self.chosen = np.full(depth_max, -1, np.int32)
        self.allowed = np.zeros(depth_max, np.int32)  # letters a word may hold: those left + those it crosses
        self.exact = np.zeros(depth_max, np.bool_)  # this slot is the last: its options are anagrams
        self.scalars = np.array([NOT_STARTED, 0, 0], np.int64)

    @property
    def arrays(self) -> tuple[Ints | Codes | Bools | Longs, ...]:
        """The state as `search` takes it."""
        return (
            self.rack, self.cells, self.node, self.move, self.option, self.option_end, self.chosen,
            self.allowed, self.exact, self.scalars,
        )  # fmt: skip

    @property
    def done(self) -> bool:
        """Whether the walk is over."""
        return bool(self.scalars[DEPTH] == -1)

    @property
    def found(self) -> int:
        """Fills found so far."""
        return int(self.scalars[FOUND])


@njit(cache=True)
def _keep(leaf: int, cells: Codes, mirror: Ints, row_major: Ints) -> bool:  # pragma: no cover - compiled
    if mirror[leaf, 0] < 0:
        return True
    for k in range(row_major.shape[1]):
        i = row_major[leaf, k]
        if i < 0:
            break
        j = mirror[leaf, i]
        if cells[i] != cells[j]:
            return bool(cells[i] < cells[j])
    return True


@njit(cache=True)
def search(  # pragma: no cover - compiled
    node_moves: Ints,
    node_leaves: Ints,
    length: Ints,
    child: Ints,
    n_cross: Ints,
    cross_pos: Ints,
    cross_cell: Ints,
    n_new: Ints,
    new_pos: Ints,
    new_cell: Ints,
    last: Bools,
    mirror: Ints,
    row_major: Ints,
    letters: Codes,
    by_length: Ints,
    by_letter: Ints,
    ids: Ints,
    letter_sets: Ints,
    anagram_keys: Longs,
    anagram_ids: Ints,
    by_anagram: Ints,
    rack: Ints,
    cells: Codes,
    node: Ints,
    move: Ints,
    option: Ints,
    option_end: Ints,
    chosen: Ints,
    allowed: Ints,
    exact: Bools,
    scalars: Longs,
    limit: int,
    record: bool,
    batch: int,
) -> tuple[Ints, Codes]:
    """Go on with the walk of a State: count (and, with `record`, record) fills until `limit` fills in
    all (limit < 0: no limit), the end, or, with batch > 0, a batch of about `batch` new ones; returns the
    fills recorded in this call."""
    n_cells = cells.shape[0]
    capacity = 1024 if record else 1
    out_leaf = np.empty(capacity, np.int32)
    out_cells = np.empty((capacity, n_cells), np.int8)
    counts = np.zeros(26, np.int32)
    d = scalars[DEPTH]
    held = scalars[HELD]  # the letters left, as bits
    found = scalars[FOUND]
    recorded = 0
    if d == NOT_STARTED:  # enter the root (no shape is finished there: it has no slot filled)
        for i in range(26):
            if rack[i] > 0:
                held |= 1 << i
        d = 0
        node[0] = 0
        move[0] = node_moves[0] - 1
        option[0] = 0
        option_end[0] = 0
    while d >= 0:
        m = move[d]
        if chosen[d] >= 0:  # take back the word placed at this depth
            w = chosen[d]
            for k in range(n_new[m]):
                ch = letters[w, new_pos[m, k]]
                rack[ch] += 1
                held |= 1 << ch
            chosen[d] = -1
        if option[d] >= option_end[d]:
            # next move of this node
            m += 1
            move[d] = m
            if m >= node_moves[node[d] + 1]:
                d -= 1
                continue
            mask = held
            for k in range(n_cross[m]):
                mask |= 1 << cells[cross_cell[m, k]]
            allowed[d] = mask
            exact[d] = last[m]
            if last[m]:
                # the last slot takes exactly the letters left: find its anagram group
                for i in range(26):
                    counts[i] = rack[i]
                for k in range(n_cross[m]):
                    counts[cells[cross_cell[m, k]]] += 1
                key = 0
                for i in range(26):
                    for _ in range(counts[i]):
                        key = key * 32 + i + 1
                lo = by_anagram[length[m]]
                hi = by_anagram[length[m] + 1]
                start = lo + np.searchsorted(anagram_keys[lo:hi], key)
                end = start
                while end < hi and anagram_keys[end] == key:
                    end += 1
                option[d] = start
                option_end[d] = end
            elif n_cross[m] == 0:
                option[d] = by_length[length[m]]
                option_end[d] = by_length[length[m] + 1]
            else:
                key = (length[m] * 12 + cross_pos[m, 0]) * 26 + cells[cross_cell[m, 0]]
                option[d] = by_letter[key]
                option_end[d] = by_letter[key + 1]
            continue
        w = anagram_ids[option[d]] if exact[d] else ids[option[d]]
        option[d] += 1
        if letter_sets[w] & ~allowed[d]:
            continue
        fits = True
        for k in range(0 if exact[d] else 1, n_cross[m]):
            if letters[w, cross_pos[m, k]] != cells[cross_cell[m, k]]:
                fits = False
                break
        if not fits:
            continue
        taken = 0
        for k in range(n_new[m]):
            ch = letters[w, new_pos[m, k]]
            rack[ch] -= 1
            taken += 1
            if rack[ch] < 0:
                fits = False
                break
        if not fits:
            for k in range(taken):
                rack[letters[w, new_pos[m, k]]] += 1
            continue
        for k in range(n_new[m]):
            ch = letters[w, new_pos[m, k]]
            if rack[ch] == 0:
                held &= ~(1 << ch)
        chosen[d] = w
        for k in range(n_new[m]):
            cells[new_cell[m, k]] = letters[w, new_pos[m, k]]
        # enter the child
        c = child[m]
        for leaf in range(node_leaves[c], node_leaves[c + 1]):
            if _keep(leaf, cells, mirror, row_major):
                if record:
                    if recorded >= capacity:
                        capacity *= 2
                        grown_leaf = np.empty(capacity, np.int32)
                        grown_leaf[:recorded] = out_leaf[:recorded]
                        grown_cells = np.empty((capacity, n_cells), np.int8)
                        grown_cells[:recorded] = out_cells[:recorded]
                        out_leaf = grown_leaf
                        out_cells = grown_cells
                    out_leaf[recorded] = leaf
                    out_cells[recorded] = cells
                    recorded += 1
                found += 1
                if limit >= 0 and found >= limit:
                    scalars[DEPTH], scalars[HELD], scalars[FOUND] = -1, held, found
                    return out_leaf[:recorded], out_cells[:recorded]
        if node_moves[c] < node_moves[c + 1]:
            d += 1
            node[d] = c
            move[d] = node_moves[c] - 1
            option[d] = 0
            option_end[d] = 0
            chosen[d] = -1
        if batch > 0 and recorded >= batch:  # a whole step taken: the stack is ready to go on from
            break
    scalars[DEPTH], scalars[HELD], scalars[FOUND] = d, held, found
    return out_leaf[:recorded], out_cells[:recorded]
