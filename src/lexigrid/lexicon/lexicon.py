"""The Lexicon: a word list with frequencies and a compiled index answering every word query."""

from __future__ import annotations

import hashlib
import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Literal, NamedTuple

import numpy as np
import numpy.typing as npt

from lexigrid.errors import LexigridError, OptionError
from lexigrid.lexicon import cache, frequency
from lexigrid.lexicon.accents import unaccented
from lexigrid.lexicon.rack import MAX_BLANKS, MAX_TILES, SearchRack, parse_rack
from lexigrid.lexicon.sources import (
    Source,
    added_file,
    canonical_name,
    is_bundled,
    open_source,
    parse_words,
)

# Bump when the index's arrays or their contents change: old cache entries are then ignored.
INDEX_VERSION = 5
# The index: the words length-major as text (one per line), the letters it counts (A-Z, then any other
# glyph its words use: another alphabet's tiles), their counts in each word, letter sets (bit i for letter
# i of A-Z, bit 26 for any other), Zipf values and ranks (in the lexicon's language: `frequency`), where
# each length starts, and the content hash.
INDEX_ARRAYS = (
    "text",
    "letters",
    "counts",
    "letter_sets",
    "zipf",
    "rank",
    "frequency",
    "length_start",
    "sha256",
)
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

BISECTED_LOOKUPS = 2000
COUNTED_WORDS = 1 << 16  # words whose letters are counted at once when indexing (bounds the tallies' memory)
SortKey = Literal["length", "zipf", "alpha"]
CacheState = Literal["memory", "loaded", "built"]


@dataclass(frozen=True, slots=True)
class WordInfo:
    """A word found by a query, with its Zipf value, frequency rank and the letters blanks stand for."""

    word: str
    zipf: float
    rank: int | None
    blanks: str = ""

    @property
    def shown(self) -> str:
        """The word with the letters its blanks stand for in lower case (the rightmost of each)."""
        letters = list(self.word)
        for letter in self.blanks:
            at = "".join(letters).rfind(letter)
            if at >= 0:
                letters[at] = letter.lower()
        return "".join(letters)

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of a found word."""
        return {
            "word": self.word,
            "zipf": self.zipf,
            "rank": self.rank,
            "length": len(self.word),
            "blanks": self.blanks,
        }


def content_sha256(words: Iterable[str]) -> str:
    """The hash of a word list's content: sorted unique uppercase words joined by newlines."""
    return hashlib.sha256("\n".join(sorted(set(words))).encode()).hexdigest()


def counted_letters(words: Sequence[str]) -> str:
    """The letters an index counts: A-Z, then every other glyph the words use, in order (a lexicon of
    another alphabet: its tiles' one-byte glyphs), so A-Z keep their columns in every lexicon."""
    return ALPHABET + "".join(sorted(set("".join(words)) - set(ALPHABET)))


def letter_counts(words: Sequence[str], letters: str = ALPHABET) -> npt.NDArray[np.uint8]:
    """An (N, len(letters)) matrix: how many of each of `letters` every word holds."""
    counts = np.zeros((len(words), len(letters)), dtype=np.uint8)
    column = np.full(256, -1, dtype=np.intp)
    column[[ord(c) for c in letters]] = np.arange(len(letters))
    for start in range(0, len(words), COUNTED_WORDS):  # in blocks: the tallies are int64, the counts bytes
        block = words[start : start + COUNTED_WORDS]
        joined = column[np.frombuffer("".join(block).encode("latin-1"), dtype=np.uint8)]
        owner = np.repeat(np.arange(len(block)), [len(w) for w in block])
        counted = joined >= 0
        cells = owner[counted] * len(letters) + joined[counted]
        tally = np.bincount(cells, minlength=len(block) * len(letters))
        counts[start : start + len(block)] = tally.reshape(len(block), len(letters))
    return counts


def is_lexicon_word(word: str) -> bool:
    """Whether an upper-case word may be in a lexicon: letters of one byte each (A-Z, or the Latin-1 letters
    that spell another alphabet's tiles; see lexigrid.scrabble.core.alphabet)."""
    return word.isalpha() and word.isupper() and all(ord(c) < 256 for c in word)


def pattern_regex(pattern: str, letters: str = ALPHABET) -> re.Pattern[str]:
    """Compile a word pattern: letters, `?` or `.` for one letter, `*` for any run of letters (`letters`: the
    lexicon's, A-Z unless told: another alphabet's glyphs)."""
    text = pattern.strip().upper()
    text = unaccented(text) if letters == ALPHABET else text
    if not text or any(c not in letters and c not in "?.*" for c in text):
        raise LexigridError(
            f"pattern {pattern!r} is not valid: use letters, '?' for one letter and '*' for any run, e.g. C?T"
        )
    one = "[A-Z]" if letters == ALPHABET else f"[{re.escape(letters)}]"
    body = "".join(one if c in "?." else f"{one}*" if c == "*" else c for c in text)
    return re.compile(f"^{body}$")


class Spelled(NamedTuple):
    """Words found by `Lexicon.spelled_with`, alphabetically, with their letter sets and Zipf values."""

    words: list[str]
    letter_sets: npt.NDArray[np.int32]
    zipf: npt.NDArray[np.float64]


class Lexicon:
    """A word list with Zipf frequencies, ranks and an index for rack, pattern and membership queries."""

    def __init__(
        self,
        words: Sequence[str],
        *,
        name: str,
        description: str = "",
        location: str = "",
        frequencies: Mapping[str, float] | None = None,
        index: Mapping[str, Any] | None = None,
        cache_state: CacheState = "memory",
        cache_path: Path | None = None,
        alphabet: str = "english",
    ) -> None:
        if index is None:
            index = build_index(words, frequencies, alphabet)
        self.name = name
        self.alphabet = alphabet  # the alphabet its words' letters are glyphs of (lexigrid.scrabble's names)
        self.description = description
        self.location = location
        self.sha256: str = str(index["sha256"])
        self.cache_state: CacheState = cache_state
        self.cache_path = cache_path
        self._text: npt.NDArray[np.uint8] = index["text"]
        self._letters = str(index["letters"])  # the letters `_counts` counts, one column each
        self._counts: npt.NDArray[np.uint8] = index["counts"]
        self._letter_sets: npt.NDArray[np.int32] = index["letter_sets"]
        self._zipf: npt.NDArray[np.float64] = index["zipf"]
        self._rank: npt.NDArray[np.int32] = index["rank"]
        self.frequencies = bool(index["frequency"])  # False: no frequencies in its language (Zipf 0, no rank)
        self._length_start: list[int] = [int(n) for n in index["length_start"]]
        self._lookups = 0

    @classmethod
    def from_words(
        cls,
        words: Iterable[str],
        name: str = "custom",
        frequencies: Mapping[str, float] | None = None,
        alphabet: str = "english",
    ) -> Lexicon:
        """An in-memory lexicon from words (any case), e.g. a tiny hand lexicon in a test."""
        normalized = sorted({w.strip().upper() for w in words if w.strip()})
        bad = [w for w in normalized if not is_lexicon_word(w)]
        if bad:
            raise LexigridError(f"{bad[0]!r} is not a word of letters A-Z")
        return cls(
            normalized,
            name=name,
            description="in-memory word list",
            frequencies=frequencies,
            alphabet=alphabet,
        )

    # -- the words -------------------------------------------------------------------------------

    @cached_property
    def _joined(self) -> str:
        """The words one per line, length-major (decoding it is quick; splitting it into words is not)."""
        return self._text.tobytes().decode("latin-1")

    @cached_property
    def _words(self) -> tuple[str, ...]:
        """Every word, length-major, split on first use (a query that finds a few words never needs it)."""
        return tuple(self._joined.split("\n")) if self._joined else ()

    @cached_property
    def _text_start(self) -> list[int]:
        """Where each length's words start in the text: within a length they are evenly spaced."""
        starts = [0]
        for n in range(len(self._length_start) - 1):
            starts.append(starts[-1] + (self._length_start[n + 1] - self._length_start[n]) * (n + 1))
        return starts

    def _word(self, row: int) -> str:
        """The word in a row, read from the text when the words are not decoded yet."""
        if "_words" in self.__dict__:
            return self._words[row]
        n = bisect_right(self._length_start, row) - 1
        at = self._text_start[n] + (row - self._length_start[n]) * (n + 1)
        return self._joined[at : at + n]

    # -- membership and frequency -------------------------------------------------------------

    @cached_property
    def _position(self) -> dict[str, int]:
        """Word -> its row, built on first use (a one-shot command that only scans rows never needs it)."""
        return {w: i for i, w in enumerate(self._words)}

    def __len__(self) -> int:
        return len(self._zipf)  # (one value per word: counting needs no decoded words)

    def _row(self, word: str) -> int | None:
        """The row of an upper-case word, or None. The first lookups search the word's length block;
        after `BISECTED_LOOKUPS` the word -> row table is built (it costs ~0.1 s, more than a one-shot
        command's few lookups, less than many)."""
        self._lookups += 1
        if self._lookups > BISECTED_LOOKUPS or "_position" in self.__dict__:
            return self._position.get(word)
        n = len(word)
        if n + 1 >= len(self._length_start):
            return None
        lo, hi = self._length_start[n], self._length_start[n + 1]
        while lo < hi:
            mid = (lo + hi) // 2
            if self._word(mid) < word:
                lo = mid + 1
            else:
                hi = mid
        return lo if lo < self._length_start[n + 1] and self._word(lo) == word else None

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self._row(word.upper()) is not None

    def __iter__(self) -> Iterator[str]:
        """Every word, alphabetically."""
        return iter(sorted(self._words))

    def __repr__(self) -> str:
        return f"Lexicon({self.name!r}, {len(self)} words)"

    def is_word(self, word: str) -> bool:
        """Is `word` in this lexicon (case-insensitive)?"""
        return self._row(word.upper()) is not None

    def rows(self, words: Sequence[str]) -> npt.NDArray[np.int64]:
        """The row of each upper-case word, -1 when absent: searched in bulk, each length's block of
        the text seen as a sorted array of fixed-width strings."""
        found = np.full(len(words), -1, dtype=np.int64)
        by_length: dict[int, list[int]] = {}
        for k, word in enumerate(words):
            by_length.setdefault(len(word), []).append(k)
        for n, where in by_length.items():
            if not 0 < n < len(self._length_start) - 1 or self._length_start[n] == self._length_start[n + 1]:
                continue
            first, count = self._length_start[n], self._length_start[n + 1] - self._length_start[n]
            start = self._text_start[n]
            block = np.frombuffer(self._text, dtype=np.uint8, count=count * (n + 1) - 1, offset=start)
            keys = np.lib.stride_tricks.as_strided(block, (count, n), (n + 1, 1)).copy().view(f"S{n}").ravel()
            wanted = np.array([words[k] for k in where], dtype=f"S{n}")
            at = np.minimum(np.searchsorted(keys, wanted), count - 1)
            found[where] = np.where(keys[at] == wanted, at + first, -1)
        return found

    def zipfs(self, words: Sequence[str]) -> npt.NDArray[np.float64]:
        """The Zipf value of each word (case-insensitive; 0.0 when unseen or absent), in bulk."""
        rows = self.rows([w.upper() for w in words])
        return np.where(rows >= 0, self._zipf[np.maximum(rows, 0)] if len(self._zipf) else 0.0, 0.0)

    def zipf(self, word: str) -> float:
        """The Zipf value of a word (0.0 when wordfreq has not seen it or it is not in the lexicon)."""
        i = self._row(word.upper())
        return 0.0 if i is None else float(self._zipf[i])

    def rank(self, word: str) -> int | None:
        """The frequency rank of a word among this lexicon's words (1 = most common), or None."""
        i = self._row(word.upper())
        return None if i is None or self._rank[i] == 0 else int(self._rank[i])

    def info(self, word: str) -> WordInfo:
        """The word with its Zipf value and rank."""
        return WordInfo(word.upper(), self.zipf(word), self.rank(word))

    def words_of_length(self, length: int) -> tuple[str, ...]:
        """Every word of exactly `length` letters, alphabetically."""
        lo, hi = self._slice(length, length)
        return self._words[lo:hi]

    def zipf_table(self) -> dict[str, float]:
        """Word -> Zipf value for every word."""
        return {w: float(z) for w, z in zip(self._words, self._zipf, strict=True)}

    @property
    def max_length(self) -> int:
        """The length of the longest word."""
        return len(self._length_start) - 2

    def common(self, n: int) -> Lexicon:
        """The sub-lexicon of the `n` most frequent words (by wordfreq rank within this lexicon)."""
        self._ranked(n)
        if n < 1:
            raise OptionError(
                f"keep at least 1 of the most common words, not {n}",
                "common",
                f"{{option}} must be at least 1, not {n}",
            )
        keep = [w for w, r in zip(self._words, self._rank, strict=True) if 0 < r <= n]
        return self.restrict(keep, name=f"{self.name} (top {n})")

    def _ranked(self, common: int | None) -> None:
        """Refuse to keep only the `common` most frequent words of a lexicon without frequencies."""
        if common is not None and not self.frequencies:
            raise OptionError(
                f"lexicon {self.name} has no word frequencies (wordfreq has no {self.alphabet} list), so no "
                "most common words",
                "common",
                f"{{option}} needs word frequencies: lexicon {self.name} has none (wordfreq has no "
                f"{self.alphabet} list)",
            )

    def restrict(self, words: Iterable[str], name: str | None = None) -> Lexicon:
        """The sub-lexicon of the given words that are in this one, keeping their frequencies."""
        keep = sorted({w.upper() for w in words} & self._position.keys(), key=lambda w: (len(w), w))
        rows = np.array([self._position[w] for w in keep], dtype=np.int64)
        index = {
            "sha256": content_sha256(keep),
            "text": _text_of(keep),
            "letters": np.array(self._letters),
            "counts": self._counts[rows] if keep else np.zeros((0, len(self._letters)), np.uint8),
            "letter_sets": self._letter_sets[rows] if keep else np.zeros(0, np.int32),
            "zipf": self._zipf[rows] if keep else np.zeros(0, np.float64),
            "rank": self._rank[rows] if keep else np.zeros(0, np.int32),
            "frequency": np.array(self.frequencies),
            "length_start": _length_starts(keep),
        }
        return Lexicon(
            keep,
            name=name or f"{self.name} (subset)",
            description=self.description,
            location=self.location,
            index=index,
            alphabet=self.alphabet,
        )

    # -- queries ---------------------------------------------------------------------------------

    def find(
        self,
        rack: str | SearchRack,
        *,
        prefix: str = "",
        suffix: str = "",
        contains: str = "",
        pattern: str | None = None,
        min_len: int = 2,
        max_len: int | None = None,
        common: int | None = None,
        max_blanks: int = MAX_BLANKS,
        sort: SortKey = "length",
        letters: str = ALPHABET,
    ) -> list[WordInfo]:
        """Every word buildable from the rack (`?` = blank), as STAR's findWords.

        `prefix`, `suffix` and `contains` are letters already on the board: the word must start with /
        end with / contain them, and its other letters (at least one) come from the rack. `letters`: the
        lexicon's, for one in another alphabet (its tiles' glyphs).
        """
        self._ranked(common)
        tiles = (
            rack
            if isinstance(rack, SearchRack)
            else parse_rack(rack, max_blanks=max_blanks, letters=letters if letters != ALPHABET else None)
        )
        prefix, suffix, contains = (
            _board_letters(x, what, letters)
            for x, what in ((prefix, "prefix"), (suffix, "suffix"), (contains, "contains"))
        )
        if contains and (prefix or suffix):
            raise OptionError(
                "use contains on its own, or prefix and/or suffix, not both",
                "contains",
                "use {option} on its own, or --prefix and/or --suffix, not both",
            )
        fixed = prefix + suffix + contains
        shortest = max(min_len, len(fixed) + 1, 1)
        longest = len(tiles) + len(fixed)
        if max_len is not None:
            longest = min(longest, max_len)
        lo, hi = self._slice(shortest, longest)
        if lo >= hi:
            return []
        regex = pattern_regex(pattern, letters) if pattern else None
        available = self._tally(tiles.letters + fixed)
        rows = self._within(lo, hi, None if tiles.blanks else available)
        counts = self._counts[rows]
        missing = counts - np.minimum(counts, available)
        fits = np.flatnonzero(missing.sum(axis=1, dtype=np.int32) <= tiles.blanks)
        hits = rows[fits]
        # plain Python lists from here: a loop over numpy scalars costs ~10x more per hit
        needs = missing[fits].tolist() if tiles.blanks else [()] * len(fits)
        zipfs, ranks = self._zipf[hits].tolist(), self._rank[hits].tolist()
        found: list[WordInfo] = []
        for i, need, zipf, rank in zip(hits.tolist(), needs, zipfs, ranks, strict=True):
            word = self._word(i)
            if not (word.startswith(prefix) and word.endswith(suffix) and contains in word):
                continue
            if regex is not None and not regex.match(word):
                continue
            if common is not None and not 0 < rank <= common:
                continue
            blanks = "".join(self._letters[j] * n for j, n in enumerate(need) if n)
            found.append(WordInfo(word, zipf, rank if rank > 0 else None, blanks))
        return sort_words(found, sort)

    def spellable(
        self, letters: str, *, shortest: int = 1, longest: int | None = None, common: int | None = None
    ) -> list[str]:
        """The words of `shortest`..`longest` letters these letters spell, each used at most as often as
        given (a Q-Less roll's words), length-major and alphabetical; with `common`, the most frequent."""
        self._ranked(common)
        available = self._tally(letters.upper())
        lo, hi = self._slice(shortest, min(len(letters), longest or len(letters)))
        rows = self._within(lo, hi, available)
        rows = rows[(self._counts[rows] <= available).all(axis=1)]
        if common is not None:
            rank = self._rank[rows]
            rows = rows[(rank > 0) & (rank <= common)]
        return [self._word(i) for i in rows.tolist()]

    def _tally(self, letters: str) -> npt.NDArray[np.uint8]:
        """How many of each letter the index counts `letters` holds (a letter no word uses is left out)."""
        available = np.zeros(len(self._letters), dtype=np.uint8)
        for letter in letters:
            column = self._letters.find(letter)
            if column >= 0:
                available[column] += 1
        return available

    def _within(self, lo: int, hi: int, available: npt.NDArray[np.uint8] | None) -> npt.NDArray[np.int64]:
        """The rows in lo..hi whose letters may all be among the available ones (None: any letter): exact
        for A-Z; a word with another letter passes when any other letter is available (its counts decide)."""
        if available is None:
            return np.arange(lo, hi, dtype=np.int64)
        allowed = _letter_set(available)
        return np.flatnonzero((self._letter_sets[lo:hi] & ~allowed) == 0) + lo

    def spelled_with(self, letters: str, *, shortest: int = 1, common: int | None = None) -> Spelled:
        """The words of `shortest` or more letters spelled with these letters only, each as often as
        wanted (a Letter Boxed board's words), alphabetically; with `common`, only the most frequent."""
        self._ranked(common)
        allowed = 0
        for letter in letters.upper():
            allowed |= 1 << (ord(letter) - 65)
        lo, hi = self._slice(shortest, self.max_length)
        rows = np.flatnonzero((self._letter_sets[lo:hi] & ~allowed) == 0) + lo
        if common is not None:
            rank = self._rank[rows]
            rows = rows[(rank > 0) & (rank <= common)]
        words = [self._word(i) for i in rows.tolist()]
        order = sorted(range(len(words)), key=words.__getitem__)
        rows = rows[order]
        return Spelled([words[k] for k in order], self._letter_sets[rows], self._zipf[rows])

    def match(
        self,
        pattern: str,
        *,
        min_len: int = 1,
        max_len: int | None = None,
        common: int | None = None,
        sort: SortKey = "alpha",
        letters: str = ALPHABET,
    ) -> list[WordInfo]:
        """Every word matching a pattern such as `C?T` (`?` one letter, `*` any run of letters; `letters`: the
        lexicon's, for one in another alphabet)."""
        self._ranked(common)
        regex = pattern_regex(pattern, letters)
        text = pattern.strip().upper()
        if "*" not in text:
            min_len = max(min_len, len(text))
            max_len = len(text) if max_len is None else min(max_len, len(text))
        lo, hi = self._slice(min_len, max_len if max_len is not None else self.max_length)
        found = [
            WordInfo(w, float(self._zipf[i]), _rank_or_none(self._rank[i]))
            for i, w in enumerate(self._words[lo:hi], start=lo)
            if regex.match(w) and (common is None or 0 < self._rank[i] <= common)
        ]
        return sort_words(found, sort)

    def _slice(self, shortest: int, longest: int) -> tuple[int, int]:
        """The index range of the words of `shortest`..`longest` letters."""
        top = len(self._length_start) - 1
        shortest = min(max(shortest, 0), top)
        longest = min(max(longest + 1, 0), top)
        return self._length_start[shortest], self._length_start[max(longest, shortest)]


def _letter_set(counts: npt.NDArray[np.uint8]) -> int:
    """The set of letters with a non-zero count as the index's letter sets hold it: bit i for letter i of
    A-Z, bit 26 for any other."""
    listed = counts.tolist()
    return sum(1 << i for i, n in enumerate(listed[:26]) if n) | (1 << 26 if any(listed[26:]) else 0)


def letter_sets(
    counts: npt.NDArray[np.uint8], other: npt.NDArray[np.bool_] | None = None
) -> npt.NDArray[np.int32]:
    """Each row's set of letters, bit i for letter i."""
    present = np.zeros((len(counts), 32), dtype=np.bool_)
    present[:, :26] = counts[:, :26] > 0
    if other is not None:
        present[:, 26] = other  # a letter beyond A-Z: no query on A-Z letters ever spells the word
    packed = np.packbits(present, axis=1, bitorder="little").view("<u4").ravel()
    return packed.astype(np.int32)


def _rank_or_none(rank: np.int32) -> int | None:
    return int(rank) if rank > 0 else None


def _board_letters(text: str, what: str, alphabet: str = ALPHABET) -> str:
    letters = unaccented(text.strip().upper()) if alphabet == ALPHABET else text.strip().upper()
    if any(c not in alphabet for c in letters):
        raise LexigridError(
            f"--{what} {text!r} must be letters {'A-Z' if alphabet == ALPHABET else 'of the lexicon'} only"
        )
    return letters


def sort_words(words: list[WordInfo], by: SortKey) -> list[WordInfo]:
    """Sort found words: `length` (longest, then most common), `zipf` (most common) or `alpha`."""
    if by == "length":
        return sorted(words, key=lambda w: (-len(w.word), -w.zipf, w.word))
    if by == "zipf":
        return sorted(words, key=lambda w: (-w.zipf, w.word))
    if by == "alpha":
        return sorted(words, key=lambda w: w.word)
    raise LexigridError(f"unknown sort {by!r}: use length, zipf or alpha")


def _length_starts(words: Sequence[str]) -> list[int]:
    """Offsets where each word length starts in a length-major word list (one past the longest)."""
    longest = max((len(w) for w in words), default=0)
    starts = [0] * (longest + 2)
    for w in words:
        starts[len(w) + 1] += 1
    for length in range(1, longest + 2):
        starts[length] += starts[length - 1]
    return starts


def _text_of(words: Sequence[str]) -> npt.NDArray[np.uint8]:
    """The words one per line, as bytes."""
    return np.frombuffer("\n".join(words).encode("latin-1"), dtype=np.uint8)


def build_index(
    words: Sequence[str], frequencies: Mapping[str, float] | None = None, language: str = "english"
) -> dict[str, Any]:
    """Compile the index of a word list (`INDEX_ARRAYS`): length-major words, letter counts and sets,
    Zipf values and ranks by `frequencies` (lower-case word -> frequency), else wordfreq's in `language`
    (none when wordfreq has no list for it)."""
    ordered = sorted(sorted(set(words)), key=len)  # length-major, alphabetical within (a stable sort)
    if frequencies is None:
        frequencies = frequency.frequencies_in(language)
    raw = frequency.frequencies_of(ordered, frequencies)
    letters = counted_letters(ordered)
    counts = letter_counts(ordered, letters)
    return {
        "sha256": np.array(content_sha256(ordered)),
        "text": _text_of(ordered),
        "letters": np.array(letters),
        "counts": counts,
        "letter_sets": letter_sets(counts, np.array([not w.isascii() for w in ordered], dtype=np.bool_)),
        "zipf": frequency.zipf_values(raw),
        "rank": frequency.ranks(ordered, raw),
        "frequency": np.array(frequencies is not None),
        "length_start": np.array(_length_starts(ordered), dtype=np.int64),
    }


Loaded = tuple[str, str]  # a lexicon's name and its words' hash
_loaded: dict[Loaded, Lexicon] = {}


def load(spec: str | Path | None = None) -> Lexicon:
    """The lexicon for a name (default: the bundled list) or a word-list path, indexed and kept once a process
    by its name and its words (a file, or an added lexicon's, seen before with the same size and modification
    time is not read and hashed again)."""
    seen = _file_key(spec)
    if seen in _hashed and _hashed[seen] in _loaded:
        return _loaded[_hashed[seen]]
    source = open_source(spec)
    key = (source.name, source.raw_sha256)
    if key not in _loaded:
        _loaded[key] = _from_source(source)
    if seen is not None:
        _hashed[seen] = key
    return _loaded[key]


FileKey = tuple[str, int, int]
_hashed: dict[FileKey, Loaded] = {}  # a word-list file's lexicon by its path, size and modification time


def _file_key(spec: str | Path | None) -> FileKey | None:
    """A word-list file's resolved path, size and modification time (ns), an added lexicon's file's for its
    name; None for a bundled lexicon's name."""
    if not spec:
        return None
    if isinstance(spec, str) and (name := canonical_name(spec)) is not None:
        if is_bundled(name):
            return None
        spec = added_file(name)
    path = Path(spec).expanduser()
    try:
        stat = path.stat()
    except OSError:
        return None  # open_source says what is wrong
    return str(path.resolve()), stat.st_size, stat.st_mtime_ns


def _from_source(source: Source) -> Lexicon:
    # (built before the Scrabble package registered its word reader, a lexicon in another alphabet has no
    # frequencies: cached apart, so the index with them is built once it is registered)
    read = frequency.can_read(source.alphabet)
    key = source.raw_sha256 if read else f"{source.raw_sha256}-unread"
    path = cache.artifact_path("lexicons", key, INDEX_VERSION, "arrays")

    def build() -> dict[str, Any]:
        frequencies = source.frequencies() if source.frequencies is not None else None
        words = parse_words(source.data, source.location, source.alphabet)
        return build_index(words, frequencies, source.alphabet)

    index, was_cached = cache.cached_arrays("lexicons", key, INDEX_VERSION, INDEX_ARRAYS, build)
    return Lexicon(
        (),
        name=source.name,
        description=source.description,
        location=source.location,
        index=index,
        cache_state="loaded" if was_cached else "built",
        cache_path=path,
        alphabet=source.alphabet,
    )


__all__ = ["MAX_BLANKS", "MAX_TILES", "Lexicon", "Spelled", "WordInfo", "load"]
