"""The search: every non-redundant chain of 1..K playable words covering a board, or the best N of them.

A *chain* is a sequence of playable words, each starting with the last letter of the one before; it
*covers* the board when its words use every board letter. A covering chain is *redundant* when a proper
subsequence of its words, kept in order, is itself a chain covering the board (FOXGLOVE-EYE-EQUITY, as
FOXGLOVE-EQUITY covers every letter of VYQ,FIG,OTE,XLU). Solutions are the non-redundant covering chains.

The search is a depth-first extension of chains from a first-letter index, with words held as board
letter masks. It runs level by level (all 1-word solutions, then 2-word ones, ...), so fewer words come
first. Completion bounds (lexigrid.letterboxed.reach) skip chains that cannot be completed, and the last
word is found by ANDing per-letter bitsets of the words that hold each missing letter. For the best N
it is branch and bound: words are tried most frequent first and a chain is dropped as soon as an upper
bound of its score falls below the N-th best score found at that level.
"""

from __future__ import annotations

import heapq
import math
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from lexigrid.errors import OptionError
from lexigrid.letterboxed.board import Board
from lexigrid.letterboxed.playable import PlayableWord
from lexigrid.letterboxed.ranking import repeats, score
from lexigrid.letterboxed.reach import CompletionBounds, Row, SearchStopped
from lexigrid.letterboxed.solution import Solution

Chain = tuple[PlayableWord, ...]
Scored = tuple[float, Chain]
MAX_WORDS = 6


@cache
def _kept_subsequences(k: int, fixed: int) -> tuple[tuple[int, ...], ...]:
    """Index tuples of every proper subsequence of k words keeping the first `fixed` and the last."""
    # A covering subsequence that drops the last word would make a prefix cover the board, and the
    # search never extends a covering prefix, so only these need checking.
    free = k - 1 - fixed
    return tuple(
        (*range(fixed), *(fixed + i for i in range(free) if keep >> i & 1), k - 1)
        for keep in range((1 << free) - 1)
    )


def is_redundant(chain: Sequence[PlayableWord], full_mask: int, fixed: int = 0) -> bool:
    """Does a proper subsequence of the chain's words, in order, still make a covering chain?

    With `fixed`, only subsequences keeping the first `fixed` words count (words already played).
    """
    k = len(chain)
    covered = 0
    for word in chain[:-1]:
        covered |= word.mask
        if covered == full_mask:
            return True  # a covering prefix is a shorter covering chain
    if k <= fixed:
        return False
    for kept in _kept_subsequences(k, min(fixed, k - 1)):
        covered = 0
        previous: PlayableWord | None = None
        for i in kept:
            word = chain[i]
            if previous is not None and previous.last != word.first:
                break
            covered |= word.mask
            previous = word
        else:
            if covered == full_mask:
                return True
    return False


def _returns_idle(
    chain: Sequence[PlayableWord], covers: Sequence[int], new: int, last: str, fixed: int
) -> bool:
    """Would the next word end where an earlier word ended, with no letter added since?"""
    # Then the words after that earlier one can be dropped from any completion, which is redundant.
    i = len(chain) - 1
    while i >= max(fixed - 1, 0) and covers[i] == new:
        if chain[i].last == last:
            return True
        i -= 1
    return False


def chain_score(chain: Sequence[PlayableWord], board_letters: int) -> float:
    """The ranking score of a covering chain (see lexigrid.letterboxed.ranking)."""
    return score(
        min(w.zipf for w in chain),
        repeats(sum(len(w.word) for w in chain), board_letters, len(chain)),
        sum(w.s_form for w in chain),
    )


def sort_key(solution: Solution) -> tuple[int, float, int, tuple[str, ...]]:
    """Fewer words, then higher score, then fewer letters traced, then alphabetical."""
    return (len(solution.words), -solution.score, solution.letter_count, solution.words)


@dataclass
class _Best:
    """The best `size` chains of one level: a heap of their scores and every candidate at or above it."""

    size: int
    scores: list[float] = field(default_factory=list)
    candidates: list[tuple[float, Chain]] = field(default_factory=list)
    threshold: float = -math.inf

    def offer(self, value: float, chain: Chain) -> None:
        """Keep a scored chain if it may be among the best, raising the threshold as the heap fills."""
        if len(self.scores) < self.size:
            heapq.heappush(self.scores, value)
        elif value > self.scores[0]:
            heapq.heapreplace(self.scores, value)
        elif value < self.scores[0]:
            return
        self.candidates.append((value, chain))
        if len(self.scores) == self.size:
            self.threshold = self.scores[0]
            if len(self.candidates) > 4 * self.size:
                self.candidates = [c for c in self.candidates if c[0] >= self.threshold]


class Solver:
    """The solutions of one board over its playable words."""

    def __init__(self, board: Board, words: Sequence[PlayableWord]) -> None:
        self.board = board
        self.full_mask = board.full_mask
        self.board_letters = len(board.letters)
        self.letter_index = {c: i for i, c in enumerate(board.letters)}
        ordered = sorted(words, key=lambda w: (-w.zipf, w.word))
        self.words: tuple[PlayableWord, ...] = tuple(ordered)
        starting: defaultdict[str, list[PlayableWord]] = defaultdict(list)
        for w in ordered:
            starting[w.first].append(w)
        self.starting = {c: tuple(ws) for c, ws in starting.items()}
        self.starting[""] = self.words  # a chain's first word may start anywhere
        self.bounds = CompletionBounds(board, self.words)
        self._rows_by_level: dict[tuple[int, bool], dict[str, Row]] = {}
        self._viable: dict[int, dict[tuple[str, int], tuple[PlayableWord, ...]]] = {}
        # Per start letter, per board letter bit: the positions (in `starting`) of words holding it.
        self._letter_sets: dict[str, dict[int, int]] = {}
        self._holders: dict[tuple[str, int], int] = {}
        self.complete_words = 0  # solutions of up to this many words were all searched
        self.stopped = False  # did the deadline stop the last best()?

    def stop_after(self, seconds: float | None) -> None:
        """Stop any search of this solver `seconds` from now (SearchStopped); None: never."""
        if seconds is not None and not seconds >= 0:  # (a NaN too)
            raise OptionError(
                f"a search's time must be 0 or more seconds, not {seconds:g}",
                "seconds",
                f"{{option}} must be 0 or more, not {seconds:g}",
            )
        self.bounds.deadline = math.inf if seconds is None else time.monotonic() + seconds

    def _check_deadline(self) -> None:
        if time.monotonic() > self.bounds.deadline:
            raise SearchStopped

    def solutions(self, max_words: int, prefix: Chain = (), played: bool = False) -> Iterator[Solution]:
        """Every solution of up to `max_words` words starting with `prefix`, fewer words first.

        With `played`, the prefix is words already played: it is kept whole, and only the words
        after it must not be redundant.
        """
        for k in range(max(1, len(prefix)), max_words + 1):
            for value, chain in self.level(k, prefix, played=played):
                yield Solution(tuple(w.word for w in chain), value)
            self.complete_words = k

    def level(
        self, k: int, prefix: Chain = (), best: _Best | None = None, played: bool = False
    ) -> Iterator[Scored]:
        """Every solution of exactly k words starting with `prefix`, scored (pruned by `best` if given)."""
        fixed = len(prefix) if played else 0
        if len(prefix) > k:
            return
        covered = 0
        covers: list[int] = []
        for i, word in enumerate(prefix):
            if i and prefix[i - 1].last != word.first:
                return
            covered |= word.mask
            covers.append(covered)
            if covered == self.full_mask and i < k - 1:
                return
        if len(prefix) == k:
            if covered == self.full_mask and not is_redundant(prefix, self.full_mask, fixed):
                yield chain_score(prefix, self.board_letters), prefix
            return
        min_zipf = min((w.zipf for w in prefix), default=math.inf)
        traced = sum(len(w.word) for w in prefix)
        s_forms = sum(w.s_form for w in prefix)
        yield from self._extend(list(prefix), covers, k, min_zipf, traced, s_forms, best, fixed)

    def best(self, top: int, max_words: int, prefix: Chain = (), played: bool = False) -> list[Solution]:
        """The `top` best solutions of up to `max_words` words starting with `prefix`, best first.

        When the deadline stops the search, the solutions of the levels searched to the end.
        """
        found: list[Solution] = []
        self.stopped = False
        for k in range(max(1, len(prefix)), max_words + 1):
            wanted = top - len(found)
            if wanted <= 0:
                break
            best = _Best(wanted)
            try:
                for value, chain in self.level(k, prefix, best, played):
                    best.offer(value, chain)
            except SearchStopped:
                self.stopped = True
                return found
            self.complete_words = k
            ranked = sorted(
                (
                    Solution(tuple(w.word for w in chain), value)
                    for value, chain in best.candidates
                    if value >= best.threshold
                ),
                key=sort_key,
            )
            found.extend(ranked[:wanted])
        return found

    def _holding(self, start: str, need: int) -> int:
        """The words starting with `start` holding every letter of `need`, as a bitset of positions."""
        key = (start, need)
        fits = self._holders.get(key)
        if fits is not None:
            return fits
        by_letter = self._letter_sets.get(start)
        if by_letter is None:
            by_letter = {}
            for i, word in enumerate(self.starting.get(start, ())):
                m = word.mask
                while m:
                    low = m & -m
                    m ^= low
                    by_letter[low] = by_letter.get(low, 0) | 1 << i
            self._letter_sets[start] = by_letter
        fits = (1 << len(self.starting.get(start, ()))) - 1
        while need and fits:
            low = need & -need
            need ^= low
            fits &= by_letter.get(low, 0)
        self._holders[key] = fits
        return fits

    def _viable_seconds(self, remaining: int) -> dict[tuple[str, int], tuple[PlayableWord, ...]]:
        """For each state right after a first word: the second words that keep it completable."""
        # Walking every word from the first word's last letter and testing its state costs most of
        # a 3-word search; one numpy pass per letter over (state, word) pairs leaves only the viable.
        found = self._viable.get(remaining)
        if found is not None:
            return found
        found = {}
        table = self.bounds.table(remaining)
        if table is not None:
            index = self.letter_index
            states: dict[str, set[int]] = {}
            for w in self.words:
                states.setdefault(w.last, set()).add(w.mask)
            for letter, covers in states.items():
                words = self.starting.get(letter, ())
                if not words:
                    continue
                covered = np.array(sorted(covers), dtype=np.int64)
                masks = np.array([w.mask for w in words], dtype=np.int64)
                lasts = np.array([index[w.last] for w in words], dtype=np.int64)
                new = covered[:, None] | masks[None, :]
                ok = (table[lasts[None, :], new] > -np.inf) & (new != self.full_mask)
                for cov, row in zip(covered.tolist(), ok, strict=True):
                    found[letter, cov] = tuple(words[i] for i in np.flatnonzero(row).tolist())
        self._viable[remaining] = found
        return found

    def _rows(self, remaining: int, first: bool) -> dict[str, Row]:
        """Completion bounds for `remaining` more words, by letter (after a first word: only there)."""
        key = (remaining, first)
        rows = self._rows_by_level.get(key)
        if rows is None:
            if first:
                index = self.letter_index
                states = {(index[w.last], w.mask) for w in self.words}
                level: Sequence[Row] = self.bounds.bound_at(remaining, states)
            else:
                level = self.bounds.bound(remaining)
            rows = dict(zip(self.board.letters, level, strict=True))
            self._rows_by_level[key] = rows
        return rows

    def _extend(
        self,
        chain: list[PlayableWord],
        covers: list[int],
        k: int,
        min_zipf: float,
        traced: int,
        s_forms: int,
        best: _Best | None,
        fixed: int,
    ) -> Iterator[Scored]:
        """Extend a chain that does not cover the board yet to k words in every possible way."""
        j = len(chain)
        full = self.full_mask
        covered = covers[-1] if covers else 0
        remaining = k - j - 1  # words still to come after the next one
        bounded = best is not None
        threshold = -math.inf
        if remaining == 0:
            start = chain[-1].last if chain else ""
            words = self.starting.get(start, ())
            fits = self._holding(start, full & ~covered)
            letters = self.board_letters
            while fits:
                low = fits & -fits
                fits ^= low
                word = words[low.bit_length() - 1]
                if bounded:
                    threshold = best.threshold  # type: ignore[union-attr]
                    if word.zipf < threshold:
                        break  # words come most frequent first: no later word can do better
                zipf = word.zipf if word.zipf < min_zipf else min_zipf
                value = score(zipf, traced + len(word.word) - letters - j, s_forms + word.s_form)
                if value < threshold:
                    continue
                done = (*chain, word)
                if not is_redundant(done, full, fixed):
                    yield value, done
            return
        if j == 1 and remaining <= 2:
            viable = self._viable_seconds(remaining).get((chain[0].last, covered))
            candidates = viable if viable is not None else self.starting.get(chain[0].last, ())
        else:
            candidates = self.starting.get(chain[-1].last, ()) if chain else self.words
        rows = self._rows(remaining, j == 0 and remaining >= 2)
        for word in candidates:
            if j <= 1:
                self._check_deadline()
            if bounded:
                threshold = best.threshold  # type: ignore[union-attr]
                if word.zipf < threshold:
                    break
            new = covered | word.mask
            if new == full:
                continue  # a shorter chain already covers the board
            reachable = rows[word.last][new]
            if reachable == -math.inf or reachable < threshold:
                continue
            zipf = word.zipf if word.zipf < min_zipf else min_zipf
            if reachable < zipf:
                zipf = reachable
            if new == covered and _returns_idle(chain, covers, new, word.last, fixed):
                continue
            length = traced + len(word.word)
            forms = s_forms + word.s_form
            if bounded and score(zipf, length - new.bit_count() - j, forms) < threshold:
                continue
            chain.append(word)
            covers.append(new)
            yield from self._extend(chain, covers, k, zipf, length, forms, best, fixed)
            chain.pop()
            covers.pop()
