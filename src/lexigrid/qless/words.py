"""Word selection: the lexicon's words of three or more letters that a roll can spell, and the word index
that finds them for the compiled search.

The *word index* holds every word a roll of up to 12 letters could use (the candidate words of a roll
with every letter 12 times), length-major and alphabetical, and an *anagram trie* of their letters in
alphabetical order: a node is a multiset of letters that begins some word's sorted letters, its
children add one letter no earlier in the alphabet, and its words are those spelled by exactly its
letters. A roll's candidate words are the words of the nodes its letters reach, found by the compiled
search (`kernel.word_table`) in the same order as `candidate_words` gives them.
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from lexigrid.lexicon import Lexicon, load
from lexigrid.lexicon.cache import cached_arrays

MIN_WORD = 3
MAX_WORD = 12
COMMON_WORDS = 10_000  # "common words" mode: the 10,000 most frequent words of the lexicon
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

INDEX_VERSION = 2
BITS = 5  # bits per letter in a key


class WordIndex(NamedTuple):
    """The word index as arrays (in this order, the compiled search's arguments)."""

    letters: npt.NDArray[np.int8]  # each word's letter codes, -1 after its end
    lengths: npt.NDArray[np.int8]
    letter_sets: npt.NDArray[np.int32]  # its letters as bits
    anagram_keys: npt.NDArray[np.int64]  # its sorted letters, codes 1..26 five bits each
    # per trie node (the root is 0, then depth by depth, each depth in key order):
    child_start: npt.NDArray[np.int32]  # its children are child_start[n]..child_start[n+1]-1
    child_letters: npt.NDArray[np.int32]  # the letters leading to them, as bits (children in letter order)
    word_start: npt.NDArray[np.int32]  # its words are word_ids[word_start[n]..word_start[n+1]-1]
    word_ids: npt.NDArray[np.int32]


def candidate_words(letters: str, lexicon: Lexicon | None = None, common: int | None = None) -> list[str]:
    """Every word of 3+ letters spellable from `letters` (each letter used at most as often as it is
    given), length-major and alphabetical; with `common`, only the `common` most frequent."""
    lex = lexicon if lexicon is not None else load()
    return lex.spellable(letters, shortest=MIN_WORD, longest=MAX_WORD, common=common)


@functools.lru_cache(maxsize=16)
def word_index(lexicon: Lexicon, common: int | None) -> WordIndex:
    """The word index of a lexicon (and common-words cut), memory-mapped from the disk cache."""

    def build() -> dict[str, npt.NDArray[Any]]:
        return build_index(candidate_words(ALPHABET * MAX_WORD, lexicon, common))

    key = f"{lexicon.sha256}-{'all' if common is None else common}"
    found, _ = cached_arrays("qless-words", key, INDEX_VERSION, WordIndex._fields, build)
    return WordIndex(*(found[name] for name in WordIndex._fields))


def build_index(words: list[str]) -> dict[str, npt.NDArray[Any]]:
    """The word index of these words (length-major and alphabetical, 3..12 letters)."""
    letters = _letter_codes(words)
    length = (letters >= 0).sum(axis=1)
    bits = np.where(letters >= 0, np.left_shift(1, np.maximum(letters, 0), dtype=np.int32), 0)
    # each word's sorted letters as codes 1..26 from the top five bits down: a prefix is a right shift
    ordered = np.sort(np.where(letters >= 0, letters + 1, PAD), axis=1).astype(np.int64)
    left = (np.where(ordered == PAD, 0, ordered) << SHIFTS).sum(axis=1)
    levels = _trie_levels(np.unique(left))
    starts = np.cumsum([0] + [len(level) for level in levels])
    node = np.zeros(len(words), dtype=np.int64)  # the node each word's letters reach
    for n in range(MIN_WORD, MAX_WORD + 1):
        of_length = length == n
        node[of_length] = starts[n] + np.searchsorted(levels[n], left[of_length] >> SHIFTS[n - 1])
    word_ids = np.argsort(node, kind="stable").astype(np.int32)
    return {
        "letters": letters,
        "lengths": length.astype(np.int8),
        "letter_sets": np.bitwise_or.reduce(bits, axis=1).astype(np.int32),
        "anagram_keys": left >> np.where(length > 0, SHIFTS[np.maximum(length - 1, 0)], 0),
        "child_start": _child_starts(levels, starts),
        "child_letters": _child_letters(levels, starts),
        "word_start": np.searchsorted(node[word_ids], np.arange(starts[-1] + 1)).astype(np.int32),
        "word_ids": word_ids,
    }


PAD = 99  # sorts after every letter code
SHIFTS = BITS * np.arange(MAX_WORD - 1, -1, -1, dtype=np.int64)  # where each sorted letter's field starts


def _letter_codes(words: list[str]) -> npt.NDArray[np.int8]:
    """The words' letter codes 0..25 in rows of MAX_WORD, -1 after the end (words length-major)."""
    letters = np.full((len(words), MAX_WORD), -1, dtype=np.int8)
    start = 0
    for n in range(MIN_WORD, MAX_WORD + 1):
        stop = start
        while stop < len(words) and len(words[stop]) == n:
            stop += 1
        text = "".join(words[start:stop]).encode("ascii")
        letters[start:stop, :n] = np.frombuffer(text, dtype=np.uint8).reshape(-1, n) - 65
        start = stop
    return letters


def _trie_levels(keys: npt.NDArray[np.int64]) -> list[npt.NDArray[np.int64]]:
    """The anagram trie's nodes depth by depth (the root, then each distinct k-letter beginning of the
    sorted keys, as a key of k letters), each level sorted."""
    levels = [np.zeros(1, dtype=np.int64)]
    for k in range(1, MAX_WORD + 1):
        prefixes = keys >> SHIFTS[k - 1]
        prefixes = prefixes[(prefixes & 31) != 0]
        levels.append(prefixes[np.r_[True, prefixes[1:] != prefixes[:-1]]] if len(prefixes) else prefixes)
    return levels


def _child_starts(
    levels: list[npt.NDArray[np.int64]], starts: npt.NDArray[np.int64]
) -> npt.NDArray[np.int32]:
    """Where each node's children start (the nodes after it at the next depth whose parent it is)."""
    parts = [np.searchsorted(levels[k + 1] >> BITS, levels[k]) + starts[k + 1] for k in range(MAX_WORD)]
    parts.append(np.full(len(levels[MAX_WORD]) + 1, starts[-1]))
    return np.concatenate(parts).astype(np.int32)


def _child_letters(
    levels: list[npt.NDArray[np.int64]], starts: npt.NDArray[np.int64]
) -> npt.NDArray[np.int32]:
    """Each node's children's letters, as bits."""
    letters = np.zeros(starts[-1], dtype=np.int32)
    for k in range(1, MAX_WORD + 1):
        parent = starts[k - 1] + np.searchsorted(levels[k - 1], levels[k] >> BITS)
        np.bitwise_or.at(letters, parent, np.left_shift(1, (levels[k] & 31) - 1).astype(np.int32))
    return letters
