"""The reply table: the reply code of every guess against every answer, built once and cached on disk."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from lexigrid.counts import count
from lexigrid.errors import LexigridError
from lexigrid.lexicon import cache
from lexigrid.wordle.reply import Reply, solved
from lexigrid.wordle.words import WordLists

TABLE_VERSION = 1
Indices = npt.NDArray[np.int64]
Codes = npt.NDArray[np.unsignedinteger[Any]]


def letter_rows(words: tuple[str, ...]) -> npt.NDArray[np.uint8]:
    """Words as rows of letter numbers 0-25."""
    joined = np.frombuffer("".join(words).encode("ascii"), np.uint8)
    return (joined - ord("A")).reshape(len(words), -1)


def build_codes(lists: WordLists) -> Codes:
    """Compute the table (uint8 codes up to 5 letters, else uint16; guesses x answers), compiled."""
    from lexigrid.wordle.kernels import build_table

    dtype = np.uint8 if 3**lists.length <= 256 else np.uint16
    out = np.empty((len(lists.guesses), len(lists.answers)), dtype)
    build_table(letter_rows(lists.guesses), letter_rows(lists.answers), out)
    return out


@dataclass
class ReplyTable:
    """Word lists plus table[g, a], the reply to guess g (index in guesses) when the answer is a."""

    lists: WordLists
    codes: Codes
    state: str = "memory"
    _hash: int = field(default=0, repr=False)

    @property
    def n_replies(self) -> int:
        """How many reply codes exist for this word length."""
        return int(3**self.lists.length)

    @property
    def solved(self) -> Reply:
        """The all-green reply code."""
        return solved(self.lists.length)

    @cached_property
    def by_answer(self) -> Codes:
        """The same codes answer-major (answers x guesses), for scans over a set of answers (cached on
        disk beside the table: transposing 30 MB costs a one-shot `wordle suggest` more than its search)."""
        shape = (len(self.lists.answers), len(self.lists.guesses))
        codes, _ = _cached_array("wordle-replies-by-answer", self.lists.sha256, shape, self._transposed)
        return codes

    def _transposed(self) -> Codes:
        return np.ascontiguousarray(self.codes.T)

    @cached_property
    def answer_guess(self) -> Indices:
        """For each answer, its index among the guesses."""
        return np.array([self.lists.guess_index(w) for w in self.lists.answers], np.int64)

    @cached_property
    def guess_answer(self) -> Indices:
        """For each guess, its index among the answers, or -1."""
        out = np.full(len(self.lists.guesses), -1, np.int64)
        out[self.answer_guess] = np.arange(len(self.lists.answers))
        return out

    @cached_property
    def guess_letters(self) -> npt.NDArray[np.uint8]:
        """The guesses as rows of letter numbers."""
        return letter_rows(self.lists.guesses)

    @cached_property
    def guess_counts(self) -> npt.NDArray[np.uint8]:
        """How many of each letter every guess holds (guesses x 26)."""
        rows = self.guess_letters
        counts = np.zeros((rows.shape[0], 26), np.uint8)
        for i in range(rows.shape[1]):
            np.add.at(counts, (np.arange(rows.shape[0]), rows[:, i]), 1)
        return counts

    def guess_id(self, word: str) -> int:
        """The index of a guess, or a clear error when the game does not accept it."""
        return self.lists.guess_index(self.lists.check_guess(word))

    def answer_id(self, word: str) -> int:
        """The index of an answer, or a clear error when it is not one of the possible answers."""
        word = word.upper()
        if len(word) != self.lists.length:
            raise LexigridError(f"answer {word!r} has {count(len(word), 'letter')}, not {self.lists.length}")
        try:
            return self.lists.answer_index(word)
        except KeyError:
            raise LexigridError(f"{word!r} is not one of the possible answers of these word lists") from None

    def all_answers(self) -> Indices:
        """Every answer index."""
        return np.arange(len(self.lists.answers), dtype=np.int64)

    def all_guesses(self) -> Indices:
        """Every guess index."""
        return np.arange(len(self.lists.guesses), dtype=np.int64)

    def filter(self, answers: Indices, guess: int, reply: Reply) -> Indices:
        """The answers that would give `reply` to `guess`."""
        found: Indices = answers[self.codes[guess, answers] == reply]
        return found


_tables: dict[str, ReplyTable] = {}


def _cached_array(
    kind: str, key: str, shape: tuple[int, int], build: Callable[[], Codes]
) -> tuple[Codes, str]:
    """A code array from the disk cache, memory-mapped (a command reads only the rows it touches), or
    built and stored; with "loaded" or "built"."""
    path = cache.artifact_path(kind, key, TABLE_VERSION, "npy")
    with contextlib.suppress(OSError, ValueError):
        codes: Codes = np.load(path, mmap_mode="r", allow_pickle=False)
        if codes.shape == shape:
            return codes, "loaded"
    codes = build()
    buffer = io.BytesIO()
    np.save(buffer, codes, allow_pickle=False)
    with contextlib.suppress(OSError):
        cache.write_atomically(path, buffer.getvalue())
    return codes, "built"


def reply_table(lists: WordLists) -> ReplyTable:
    """The reply table of these lists: from this process, the disk cache, or built (and cached)."""
    key = lists.sha256
    if key not in _tables:
        shape = (len(lists.guesses), len(lists.answers))
        codes, state = _cached_array("wordle-replies", key, shape, lambda: build_codes(lists))
        _tables[key] = ReplyTable(lists, codes, state)
    return _tables[key]
