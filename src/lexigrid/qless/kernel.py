"""The compiled fill search (C, `_search.c`): a depth-first walk of the step trie with an explicit stack.

Arrays, in three groups (`search(trie, words, state, ...)`, from `solver.FlatTrie` and `word_table`):
- trie: `node_moves[n]..node_moves[n+1]` are node n's moves; `node_leaves[n]..node_leaves[n+1]` its leaves;
  per move: slot `length`, `child`, crossings (`cross_pos`, `cross_cell`, `n_cross`) and new cells
  (`new_pos`, `new_cell`, `n_new`); per leaf: `mirror` (each cell's mirror image when the shape is its
  own transpose, else -1 in column 0) and `row_major` (cells in reading order).
- words: `letters[w, i]` letter codes, `letter_sets[w]` their letters as bits, `by_length` and
  `by_letter` offsets into `ids` (key `(length * 12 + position) * 26 + letter`), and anagram groups:
  `anagram_keys` (sorted letter codes + 1, five bits each) sorted within each length, `by_anagram`
  offsets by length, `anagram_ids` the words in that order. A move is `last` when its child only
  finishes shapes: its slot then takes exactly the letters left, so its words are one anagram group.
  Word numbers are the lexicon's word index's (`words.word_index`), whose letters and letter sets the
  words' arrays are; `word_table` (C, `_words.c`) finds a roll's candidate words there and lists them.
A fill is recorded as (leaf, letter codes in fill order); on a self-transposed shape only the fill that
reads no later than its transpose is kept, so each solution is recorded once.

The walk's stack lives in a `State` the caller keeps, so the search can stop after a batch of fills and
carry on where it stopped at the next call: solutions stream out while the search runs.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from lexigrid.qless import _search
from lexigrid.qless.words import WordIndex

Ints = npt.NDArray[np.int32]
Longs = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Codes = npt.NDArray[np.int8]
Arrays = tuple[npt.NDArray[Any], ...]  # the trie's (`FlatTrie.arrays`), the words' or the word index's

# state.scalars: the depth (-1 once the walk is over; -2 before it starts), the letters left as bits, fills
# found so far
DEPTH, HELD, FOUND = 0, 1, 2
NOT_STARTED = -2


def counts(roll: str) -> Ints:
    """The roll's letters as counts, letter code by letter code."""
    rack = np.zeros(26, np.int32)
    for ch in roll:
        rack[ord(ch) - 65] += 1
    return rack


class State:
    """The walk's stack and rack between calls of `search`."""

    def __init__(self, roll: str) -> None:
        n_cells, depth_max = len(roll), len(roll) + 2
        self.rack = counts(roll)  # the letters left
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


def search(
    trie: Arrays, words: Arrays, state: State, limit: int, record: bool, batch: int
) -> tuple[Ints, Codes]:
    """Go on with the walk of `state` over the trie and words: count (and, with `record`, record) fills
    until `limit` fills in all (limit < 0: no limit), the end, or, with batch > 0, a batch of about `batch`
    new ones; returns the fills recorded in this call (leaf numbers, and letter codes in fill order one
    row each)."""
    leaves, cells = _search.search(*trie, *words, *state.arrays, limit, record, batch)
    return np.frombuffer(leaves, np.int32), np.frombuffer(cells, np.int8).reshape(-1, len(state.cells))


def word_table(index: WordIndex, roll: str) -> Arrays:
    """The roll's candidate words, found in the word index, as the words' arrays `search` takes."""
    lists = _search.word_table(*index, counts(roll))
    by_length, by_letter, ids, keys, anagram_ids, by_anagram = (
        np.frombuffer(data, dtype) for data, dtype in zip(lists, WORD_LISTS, strict=True)
    )
    return index.letters, by_length, by_letter, ids, index.letter_sets, keys, anagram_ids, by_anagram


WORD_LISTS = (np.int32, np.int32, np.int32, np.int64, np.int32, np.int32)  # what `_search.word_table` returns


def solvable(trie: Arrays, index: WordIndex, racks: Ints) -> Bools:
    """Whether each rack (a row of letter counts, as many letters as the trie's shapes have cells) has a
    solution: the search of each stops at its first fill."""
    return np.frombuffer(_search.solvable(*trie, *index, np.ascontiguousarray(racks, np.int32)), np.bool_)
