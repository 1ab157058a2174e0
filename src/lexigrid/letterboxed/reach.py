"""Completion bounds: from a chain's state, how good can the best completion in r more words be?

A chain's *state* is its last letter and the mask of board letters it covers. `bound(r)[c][covered]`
is the highest "rarest-word Zipf value" over every run of exactly r words that starts with board letter
c, covers the rest of the board only with its last word, and so completes a chain in that state;
-inf when there is none. The search looks these up to skip chains that cannot be completed, or cannot
beat the solutions it already holds.

Level 1 is a full table over every state (a superset-maximum transform with numpy) and level 2 can be
one (a numpy gather per word shape); `bound_at` computes a level in bulk at given states only (the
search asks it for the states right after a first word, far fewer than all), and deeper levels are
filled lazily, state by state. Only word *shapes* matter (first letter, last letter, mask, best Zipf
value).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from lexigrid.letterboxed.board import Board
from lexigrid.letterboxed.playable import PlayableWord

# Full tables have 2**letters entries per letter: beyond this many letters the search runs without.
MAX_TABLE_LETTERS = 16
Row = Sequence[float] | dict[int, float]


class SearchStopped(Exception):
    """The search ran past its deadline (a `--seconds` budget) and stopped."""


def word_shapes(board: Board, words: Sequence[PlayableWord]) -> list[tuple[int, int, int, float]]:
    """The distinct (first, last, mask) shapes of the words with their best Zipf value, sorted."""
    # No dominance between masks: a word holding more letters is not always better, since it may
    # cover the board before the last word of a chain.
    index = {c: i for i, c in enumerate(board.letters)}
    best: dict[tuple[int, int, int], float] = {}
    for w in words:
        key = (index[w.first], index[w.last], w.mask)
        if best.get(key, -math.inf) < w.zipf:
            best[key] = w.zipf
    return sorted((*key, zipf) for key, zipf in best.items())


class _LazyRow(dict[int, float]):
    """One letter's row of a deep level, filled as the search asks for states."""

    def __init__(self, bounds: CompletionBounds, level: int, letter: int) -> None:
        super().__init__()
        self.bounds, self.level, self.letter = bounds, level, letter

    def __missing__(self, covered: int) -> float:
        value = self.bounds.compute(self.level, self.letter, covered)
        self[covered] = value
        return value


class CompletionBounds:
    """Completion bounds of one board's words, `bound(r)[letter][covered]`."""

    def __init__(self, board: Board, words: Sequence[PlayableWord]) -> None:
        self.letters = len(board.letters)
        self.full = board.full_mask
        shapes = word_shapes(board, words)
        self.firsts = np.array([s[0] for s in shapes], dtype=np.int64)
        self.lasts = np.array([s[1] for s in shapes], dtype=np.int64)
        self.masks = np.array([s[2] for s in shapes], dtype=np.int64)
        self.zipf = np.array([s[3] for s in shapes], dtype=np.float64)
        starts = np.searchsorted(self.firsts, np.arange(self.letters + 1))
        self.starting = [slice(int(starts[c]), int(starts[c + 1])) for c in range(self.letters)]
        self._arrays: list[npt.NDArray[np.float64]] = []
        self._rows: list[list[Any]] = [[]]
        self.deadline = math.inf  # time.monotonic() past which the search stops (SearchStopped)

    @property
    def tabled(self) -> bool:
        """Are full tables possible (the board is small enough)?"""
        return self.letters <= MAX_TABLE_LETTERS

    def bound(self, level: int) -> list[Row]:
        """The rows of one level: `bound(r)[letter][covered]`."""
        while len(self._rows) <= level:
            r = len(self._rows)
            if r <= 2 and self.tabled:
                table = self._first_level() if r == 1 else self._next_level(self._arrays[-1])
                self._arrays.append(table)
                self._rows.append(table.tolist())
            else:
                self._rows.append([_LazyRow(self, r, c) for c in range(self.letters)])
        return self._rows[level]

    def table(self, level: int) -> npt.NDArray[np.float64] | None:
        """The full numpy table of a level (1 or 2), or None when there is none."""
        if level > 2 or not self.tabled:
            return None
        self.bound(level)
        return self._arrays[level - 1]

    def bound_at(self, level: int, states: Iterable[tuple[int, int]]) -> list[dict[int, float]]:
        """The rows of one level at the given (letter, covered) states only, computed in bulk."""
        by_letter: list[set[int]] = [set() for _ in range(self.letters)]
        for letter, covered in states:
            by_letter[letter].add(covered)
        rows: list[dict[int, float]] = [{} for _ in range(self.letters)]
        if level == 1 or level - 1 > 2 or not self.tabled:
            for letter, covers in enumerate(by_letter):
                rows[letter] = {c: self.compute(level, letter, c) for c in covers}
            return rows
        self.bound(level - 1)
        below = self._arrays[level - 2]
        for letter, covers in enumerate(by_letter):
            if not covers:
                continue
            states_in = np.array(sorted(covers), dtype=np.int64)
            span = self.starting[letter]
            if span.start == span.stop:
                rows[letter] = dict.fromkeys(states_in.tolist(), -math.inf)
                continue
            masks = states_in[:, None] | self.masks[span][None, :]
            through = np.minimum(below[self.lasts[span][None, :], masks], self.zipf[span][None, :])
            through[(masks == self.full) | (states_in[:, None] == self.full)] = -np.inf
            rows[letter] = dict(zip(states_in.tolist(), through.max(axis=1).tolist(), strict=True))
        return rows

    def compute(self, level: int, letter: int, covered: int) -> float:
        """The bound of one state at a deep level, from the level below."""
        if covered == self.full:
            return -math.inf
        if time.monotonic() > self.deadline:
            raise SearchStopped
        span = self.starting[letter]
        masks = covered | self.masks[span]
        if level == 1:
            need = self.full & ~covered
            fits = (self.masks[span] & need) == need
            return float(self.zipf[span][fits].max()) if fits.any() else -math.inf
        below = self.bound(level - 1)
        if level - 1 <= len(self._arrays):
            after = self._arrays[level - 2][self.lasts[span], masks]
        else:
            after = np.array(
                [below[last][m] for last, m in zip(self.lasts[span].tolist(), masks.tolist(), strict=True)],
                dtype=np.float64,
            )
        through = np.minimum(after, self.zipf[span])
        through[masks == self.full] = -math.inf
        return float(through.max()) if len(through) else -math.inf

    def _first_level(self) -> npt.NDArray[np.float64]:
        """Level 1 for every state: the best word starting with c holding every uncovered letter."""
        size = 1 << self.letters
        holds = np.full((self.letters, size), -np.inf)
        np.maximum.at(holds, (self.firsts, self.masks), self.zipf)
        for bit in range(self.letters):
            # Masks without `bit` sit at [:, :, 0, :] of this view, the same masks with it at [:, :, 1, :].
            pairs = holds.reshape(self.letters, size >> (bit + 1), 2, 1 << bit)
            np.maximum(pairs[:, :, 0, :], pairs[:, :, 1, :], out=pairs[:, :, 0, :])
        level = holds[:, ::-1].copy()  # covered -> the letters still missing, full ^ covered
        level[:, self.full] = -np.inf  # a covered chain takes no more words
        return level

    def _next_level(self, below: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """One more word in front, for every state: it must leave something for the words after."""
        size = 1 << self.letters
        everything = np.arange(size, dtype=np.int64)
        level = np.full((self.letters, size), -np.inf)
        for c, span in enumerate(self.starting):
            if span.start == span.stop:
                continue
            after = below[self.lasts[span][:, None], everything[None, :] | self.masks[span][:, None]]
            level[c] = np.minimum(after, self.zipf[span][:, None]).max(axis=0)
        level[:, self.full] = -np.inf
        return level
