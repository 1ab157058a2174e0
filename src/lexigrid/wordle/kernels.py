"""The compiled inner loops (numba): the reply table and the partition statistics of guesses.

Everything here works on integer arrays: words are rows of letter numbers 0-25, a set of answers is an
array of answer indices, and table[g, a] is the reply code of guess g against answer a.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

Codes = npt.NDArray[np.unsignedinteger[Any]]
Indices = npt.NDArray[np.int64]


@njit(cache=True)
def build_table(guesses: npt.NDArray[np.uint8], answers: npt.NDArray[np.uint8], out: Codes) -> None:
    """Fill out[g, a] with the reply code of guess g against answer a (greens, then yellows)."""
    n_guesses, length = guesses.shape
    n_answers = answers.shape[0]
    by_position = np.ascontiguousarray(answers.T).astype(np.int32)
    letter_sets = np.zeros(n_answers, np.int32)
    for a in range(n_answers):
        for i in range(length):
            letter_sets[a] |= 1 << answers[a, i]
    for g in range(n_guesses):
        repeated = False
        for i in range(length):
            for j in range(i):
                if guesses[g, i] == guesses[g, j]:
                    repeated = True
        if not repeated:
            # Distinct guess letters: a letter not in place is yellow iff the answer has it
            # anywhere, since a green elsewhere would be a different letter. Answer-wise loops
            # over contiguous arrays, which the compiler vectorises.
            row = np.zeros(n_answers, np.int32)
            power = 1
            for i in range(length):
                letter = np.int32(guesses[g, i])
                column = by_position[i]
                for a in range(n_answers):
                    green = column[a] == letter
                    present = (letter_sets[a] >> letter) & 1
                    row[a] += power * (2 * green + (1 - green) * present)
                power *= 3
            for a in range(n_answers):
                out[g, a] = row[a]
            continue
        left = np.zeros(26, np.int8)
        for a in range(n_answers):
            code = 0
            power = 1
            for i in range(length):
                if guesses[g, i] != answers[a, i]:
                    left[answers[a, i]] += 1
            for i in range(length):
                letter = guesses[g, i]
                if letter == answers[a, i]:
                    code += 2 * power
                elif left[letter] > 0:
                    left[letter] -= 1
                    code += power
                power *= 3
            for i in range(length):
                left[answers[a, i]] = 0
            out[g, a] = code


@njit(cache=True)
def partition_stats(
    table: Codes, guesses: Indices, answers: Indices, n_replies: int
) -> tuple[Indices, Indices, Indices, npt.NDArray[np.float64]]:
    """For each guess: the number of parts, the largest part, the sum of squares and of n log2 n."""
    n = guesses.shape[0]
    m = answers.shape[0]
    parts = np.zeros(n, np.int64)
    largest = np.zeros(n, np.int64)
    squares = np.zeros(n, np.int64)
    nlogn = np.zeros(n, np.float64)
    counts = np.zeros(n_replies, np.int64)
    touched = np.zeros(m, np.int64)
    nlog = np.zeros(m + 1, np.float64)
    for k in range(2, m + 1):
        nlog[k] = k * np.log2(k)
    for j in range(n):
        row = table[guesses[j]]
        p = 0
        for a in answers:
            c = row[a]
            if counts[c] == 0:
                touched[p] = c
                p += 1
            counts[c] += 1
        big = 0
        sq = 0
        ent = 0.0
        for i in range(p):
            c = touched[i]
            k = counts[c]
            counts[c] = 0
            if k > big:
                big = k
            sq += k * k
            ent += nlog[k]
        parts[j] = p
        largest[j] = big
        squares[j] = sq
        nlogn[j] = ent
    return parts, largest, squares, nlogn


@njit(cache=True)
def count_parts(by_answer: Codes, guesses: Indices, answers: Indices, n_replies: int) -> Indices:
    """For each guess, the number of distinct replies it can get over the answers.

    Reads the answer-major table (by_answer[a, g]): each answer's row is contiguous, so a set of m
    answers touches m rows instead of a few bytes of every guess's row.
    """
    n = guesses.shape[0]
    parts = np.zeros(n, np.int64)
    seen = np.zeros((n, (n_replies + 63) // 64), np.uint64)
    one = np.uint64(1)
    for a in answers:
        row = by_answer[a]
        for j in range(n):
            code = row[guesses[j]]
            word = code >> 6
            bit = one << np.uint64(code & 63)
            if not seen[j, word] & bit:
                seen[j, word] |= bit
                parts[j] += 1
    return parts


@njit(cache=True)
def first_perfect(table: Codes, guesses: Indices, answers: Indices, n_replies: int) -> int:
    """The first guess (position in `guesses`) that gives every answer a different reply, or -1."""
    seen = np.full(n_replies, -1, np.int64)
    for j in range(guesses.shape[0]):
        row = table[guesses[j]]
        ok = True
        for a in answers:
            if seen[row[a]] == j:
                ok = False
                break
            seen[row[a]] = j
        if ok:
            return j
    return -1


@njit(cache=True)
def group(table: Codes, guess: int, answers: Indices) -> tuple[Indices, Indices, Indices]:
    """The answers sorted by reply to `guess`: (sorted answers, reply of each part, start of each part)."""
    replies = table[guess][answers]
    order = np.argsort(replies, kind="mergesort")
    ordered = answers[order]
    sorted_replies = replies[order]
    starts = [0]
    for i in range(1, ordered.shape[0]):
        if sorted_replies[i] != sorted_replies[i - 1]:
            starts.append(i)
    start_arr = np.empty(len(starts) + 1, np.int64)
    codes = np.empty(len(starts), np.int64)
    for k in range(len(starts)):
        start_arr[k] = starts[k]
        codes[k] = sorted_replies[starts[k]]
    start_arr[len(starts)] = ordered.shape[0]
    return ordered, codes, start_arr


@njit(cache=True)
def keep_hard_mode(
    letters: npt.NDArray[np.uint8],
    counts: npt.NDArray[np.uint8],
    allowed: Indices,
    guess: npt.NDArray[np.uint8],
    colours: Indices,
) -> Indices:
    """The allowed guesses that keep every green of `guess` in place and use each revealed letter as often."""
    length = guess.shape[0]
    needed = np.zeros(26, np.int64)
    for i in range(length):
        if colours[i] != 0:
            needed[guess[i]] += 1
    keep = np.empty(allowed.shape[0], np.int64)
    n = 0
    for w in allowed:
        ok = True
        for i in range(length):
            if colours[i] == 2 and letters[w, i] != guess[i]:
                ok = False
                break
            if colours[i] != 0 and counts[w, guess[i]] < needed[guess[i]]:
                ok = False
                break
        if ok:
            keep[n] = w
            n += 1
    return keep[:n]
