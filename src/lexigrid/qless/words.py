"""Word selection: the lexicon's words of three or more letters that a roll can spell."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from lexigrid.lexicon import Lexicon, load
from lexigrid.lexicon.cache import cached
from lexigrid.lexicon.lexicon import letter_counts

MIN_WORD = 3
MAX_WORD = 12
COMMON_WORDS = 10_000  # "common words" mode: the 10,000 most frequent words of the lexicon
INDEX_VERSION = 1


@dataclass(frozen=True)
class WordIndex:
    """The lexicon's words of 3..12 letters with letter sets, letter counts and frequency ranks."""

    words: tuple[str, ...]
    letter_sets: npt.NDArray[np.int64]  # bit i set when the word holds letter i
    counts: npt.NDArray[np.uint8]  # (N, 26) letter counts
    ranks: npt.NDArray[np.int64]  # frequency rank, 0 when unseen

    def spellable(self, letters: str, common: int | None = None) -> list[str]:
        """The words `letters` can spell (each letter used at most as often as it is given)."""
        available = np.zeros(26, dtype=np.uint8)
        letter_set = 0
        for ch in letters:
            available[ord(ch) - 65] += 1
            letter_set |= 1 << (ord(ch) - 65)
        keep = (self.letter_sets & ~letter_set) == 0
        if common is not None:
            keep &= (self.ranks > 0) & (self.ranks <= common)
        rows = np.flatnonzero(keep)
        fits = (self.counts[rows] <= available).all(axis=1)
        return [self.words[i] for i in rows[fits].tolist() if len(self.words[i]) <= len(letters)]


def _build(lexicon: Lexicon) -> WordIndex:
    words = tuple(w for n in range(MIN_WORD, MAX_WORD + 1) for w in lexicon.words_of_length(n))
    counts = letter_counts(list(words))
    letter_sets = ((counts > 0).astype(np.int64) << np.arange(26, dtype=np.int64)).sum(axis=1)
    ranks = np.array([lexicon.rank(w) or 0 for w in words], dtype=np.int64)
    return WordIndex(words, letter_sets, counts, ranks)


# Content hash -> index: a lexicon's index is built once per process (and once on disk for big ones).
_INDEXES: dict[str, WordIndex] = {}


def word_index(lexicon: Lexicon | None = None) -> WordIndex:
    """The word index of a lexicon (the default one when None), built once and cached on disk."""
    lex = lexicon if lexicon is not None else load()
    if lex.sha256 not in _INDEXES:
        if len(lex) < 5000:
            _INDEXES[lex.sha256] = _build(lex)
        else:
            _INDEXES[lex.sha256], _ = cached("qless-words", lex.sha256, INDEX_VERSION, lambda: _build(lex))
    return _INDEXES[lex.sha256]


def candidate_words(letters: str, lexicon: Lexicon | None = None, common: int | None = None) -> list[str]:
    """Every word of 3+ letters spellable from `letters`; with `common`, only the `common` most frequent."""
    return word_index(lexicon).spellable(letters.upper(), common)
