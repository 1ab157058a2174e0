"""Playable words: the words of a lexicon that can be traced on a board, as board letter masks."""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from lexigrid.letterboxed.board import MIN_WORD_LENGTH, Board
from lexigrid.letterboxed.ranking import is_s_form
from lexigrid.lexicon import Lexicon, cache

# Bump when the cached alphabet index changes layout.
INDEX_VERSION = 1


@dataclass(frozen=True, slots=True)
class PlayableWord:
    """A word playable on a board: its board mask, first and last letters, Zipf value, -S form flag."""

    word: str
    mask: int
    first: str
    last: str
    zipf: float
    s_form: bool


@dataclass(frozen=True)
class AlphabetIndex:
    """Every word of a lexicon with its A-Z letter mask, Zipf value and frequency rank (0 = unseen)."""

    words: tuple[str, ...]
    masks: npt.NDArray[np.int32]
    zipf: npt.NDArray[np.float64]
    rank: npt.NDArray[np.int32]


def _build_index(lexicon: Lexicon) -> AlphabetIndex:
    words = tuple(w for w in lexicon if len(w) >= MIN_WORD_LENGTH)
    masks = np.zeros(len(words), dtype=np.int32)
    for i, w in enumerate(words):
        m = 0
        for c in w:
            m |= 1 << (ord(c) - 65)
        masks[i] = m
    zipf = np.array([lexicon.zipf(w) for w in words], dtype=np.float64)
    rank = np.array([lexicon.rank(w) or 0 for w in words], dtype=np.int32)
    return AlphabetIndex(words, masks, zipf, rank)


# Keyed on the Lexicon object, not its content hash: two in-memory lexicons with the same words may
# carry different frequencies. Only lexicons loaded from a source (cache_path set) go to disk.
_indexes: weakref.WeakKeyDictionary[Lexicon, AlphabetIndex] = weakref.WeakKeyDictionary()


def alphabet_index(lexicon: Lexicon) -> AlphabetIndex:
    """The alphabet index of a lexicon, cached in process and, for loaded lexicons, on disk."""
    found = _indexes.get(lexicon)
    if found is not None:
        return found
    if lexicon.cache_path is not None:
        built, _ = cache.cached("letterboxed", lexicon.sha256, INDEX_VERSION, lambda: _build_index(lexicon))
    else:
        built = _build_index(lexicon)
    _indexes[lexicon] = built
    return built


def playable_words(board: Board, lexicon: Lexicon, common: int | None = None) -> list[PlayableWord]:
    """Every word of the lexicon playable on the board (only the `common` most frequent, if given)."""
    index = alphabet_index(lexicon)
    board_bits = 0
    for c in board.letters:
        board_bits |= 1 << (ord(c) - 65)
    keep = (index.masks & ~np.int32(board_bits)) == 0
    if common is not None:
        keep &= (index.rank > 0) & (index.rank <= common)
    rows = np.flatnonzero(keep)
    if not len(rows):
        return []
    words = index.words
    candidates = [words[i] for i in rows.tolist()]
    # Board masks of the candidates in one numpy pass: bit i <- the alphabet bit of the i-th letter.
    alphabet = index.masks[rows]
    board_masks = np.zeros(len(rows), dtype=np.int64)
    for i, c in enumerate(board.letters):
        board_masks |= ((alphabet >> (ord(c) - 65)) & 1).astype(np.int64) << i
    info = dict(
        zip(candidates, zip(board_masks.tolist(), index.zipf[rows].tolist(), strict=True), strict=True)
    )
    found: list[PlayableWord] = []
    for word in board.playable_regex.findall("\n".join(candidates)):
        mask, zipf = info[word]
        found.append(PlayableWord(word, mask, word[0], word[-1], zipf, is_s_form(word, lexicon)))
    return found
