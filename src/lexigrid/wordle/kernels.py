"""The compiled inner loops (C, `_kernels.c`): the reply table and the partition statistics of guesses.

Everything here works on integer arrays: words are rows of letter numbers 0-25, a set of answers is an
array of answer indices, and table[g, a] is the reply code of guess g against answer a. `group` is numpy;
`keep_hard_mode` is the compiled hard-mode filter the optimal search (`solver.c`) uses too.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from lexigrid.wordle import _kernels

Codes = npt.NDArray[np.unsignedinteger[Any]]
Indices = npt.NDArray[np.int64]


def _indices(values: npt.ArrayLike) -> Indices:
    """Index sets as the compiled loops take them: contiguous int64 (no copy when they already are)."""
    return np.ascontiguousarray(values, dtype=np.int64)


def build_table(guesses: npt.NDArray[np.uint8], answers: npt.NDArray[np.uint8], out: Codes) -> None:
    """Fill out[g, a] with the reply code of guess g against answer a (greens, then yellows)."""
    _kernels.build_table(np.ascontiguousarray(guesses), np.ascontiguousarray(answers), out)


def partition_stats(
    table: Codes, guesses: Indices, answers: Indices, n_replies: int
) -> tuple[Indices, Indices, Indices, npt.NDArray[np.float64]]:
    """For each guess: the number of parts, the largest part, the sum of squares and of n log2 n."""
    guesses, answers = _indices(guesses), _indices(answers)
    parts, largest, squares = (np.zeros(len(guesses), np.int64) for _ in range(3))
    nlogn = np.zeros(len(guesses), np.float64)
    _kernels.partition_stats(table, guesses, answers, n_replies, parts, largest, squares, nlogn)
    return parts, largest, squares, nlogn


def count_parts(by_answer: Codes, guesses: Indices, answers: Indices, n_replies: int) -> Indices:
    """For each guess, the number of distinct replies it can get over the answers.

    Reads the answer-major table (by_answer[a, g]): each answer's row is contiguous, so a set of m
    answers touches m rows instead of a few bytes of every guess's row.
    """
    guesses = _indices(guesses)
    parts = np.zeros(len(guesses), np.int64)
    _kernels.count_parts(by_answer, guesses, _indices(answers), n_replies, parts)
    return parts


def first_perfect(table: Codes, guesses: Indices, answers: Indices, n_replies: int) -> int:
    """The first guess (position in `guesses`) that gives every answer a different reply, or -1."""
    return _kernels.first_perfect(table, _indices(guesses), _indices(answers), n_replies)


def group(table: Codes, guess: int, answers: Indices) -> tuple[Indices, Indices, Indices]:
    """The answers sorted by reply to `guess`: (sorted answers, reply of each part, start of each part)."""
    replies = table[guess][answers]
    order = np.argsort(replies, kind="mergesort")
    ordered = answers[order]
    sorted_replies = replies[order]
    starts = np.flatnonzero(np.diff(sorted_replies)) + 1
    start_arr = np.concatenate(([0], starts, [len(ordered)])).astype(np.int64)
    codes = sorted_replies[start_arr[:-1]].astype(np.int64)
    return ordered, codes, start_arr


def keep_hard_mode(
    letters: npt.NDArray[np.uint8], counts: npt.NDArray[np.uint8], allowed: Indices, guess: int, reply: int
) -> Indices:
    """The allowed guesses that keep every green of `guess` in place and use each revealed letter as often."""
    given = np.ascontiguousarray(allowed, dtype=np.int32)
    out = np.empty_like(given)
    kept = _kernels.keep_hard(
        np.ascontiguousarray(letters), np.ascontiguousarray(counts), given, guess, reply, out
    )
    return out[:kept].astype(np.int64)
