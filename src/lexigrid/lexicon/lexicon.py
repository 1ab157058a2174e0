"""The Lexicon: a word list with frequencies and a compiled index answering every word query."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from lexigrid.errors import LexigridError
from lexigrid.lexicon import cache, frequency
from lexigrid.lexicon.rack import MAX_BLANKS, MAX_TILES, Rack, parse_rack
from lexigrid.lexicon.sources import Source, open_source, parse_words

# Bump when the pickled index layout or its contents change: old cache files are then ignored.
INDEX_VERSION = 2
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

SortKey = Literal["length", "zipf", "alpha"]
CacheState = Literal["memory", "loaded", "built"]


@dataclass(frozen=True, slots=True)
class WordInfo:
    """A word found by a query, with its Zipf value, frequency rank and the letters blanks stand for."""

    word: str
    zipf: float
    rank: int | None
    blanks: str = ""

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


def letter_counts(words: Sequence[str]) -> npt.NDArray[np.uint8]:
    """An (N, 26) matrix: how many of each letter every word holds."""
    if not words:
        return np.zeros((0, 26), dtype=np.uint8)
    joined = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8) - ord("A")
    owner = np.repeat(np.arange(len(words)), [len(w) for w in words])
    flat = np.bincount(owner * 26 + joined, minlength=len(words) * 26)
    return flat.reshape(len(words), 26).astype(np.uint8)


def pattern_regex(pattern: str) -> re.Pattern[str]:
    """Compile a word pattern: letters, `?` or `.` for one letter, `*` for any run of letters."""
    text = pattern.strip().upper()
    if not text or any(not (c.isascii() and c.isalpha()) and c not in "?.*" for c in text):
        raise LexigridError(
            f"pattern {pattern!r} is not valid: use letters, '?' for one letter and '*' for any run, e.g. C?T"
        )
    body = "".join("[A-Z]" if c in "?." else "[A-Z]*" if c == "*" else c for c in text)
    return re.compile(f"^{body}$")


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
    ) -> None:
        if index is None:
            index = build_index(words, frequencies)
        self.name = name
        self.description = description
        self.location = location
        self.sha256: str = index["sha256"]
        self.cache_state: CacheState = cache_state
        self.cache_path = cache_path
        self._words: tuple[str, ...] = tuple(index["words"])
        self._counts: npt.NDArray[np.uint8] = index["counts"]
        self._zipf: npt.NDArray[np.float64] = index["zipf"]
        self._rank: npt.NDArray[np.int32] = index["rank"]
        self._length_start: list[int] = index["length_start"]

    @classmethod
    def from_words(
        cls,
        words: Iterable[str],
        name: str = "custom",
        frequencies: Mapping[str, float] | None = None,
    ) -> Lexicon:
        """An in-memory lexicon from words (any case), e.g. a tiny hand lexicon in a test."""
        normalized = sorted({w.strip().upper() for w in words if w.strip()})
        bad = [w for w in normalized if not (w.isascii() and w.isalpha())]
        if bad:
            raise LexigridError(f"{bad[0]!r} is not a word of letters A-Z")
        return cls(normalized, name=name, description="in-memory word list", frequencies=frequencies)

    # -- membership and frequency -------------------------------------------------------------

    @cached_property
    def _position(self) -> dict[str, int]:
        """Word -> its row, built on first use (a one-shot command that only scans rows never needs it)."""
        return {w: i for i, w in enumerate(self._words)}

    def __len__(self) -> int:
        return len(self._words)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.upper() in self._position

    def __iter__(self) -> Iterator[str]:
        """Every word, alphabetically."""
        return iter(sorted(self._words))

    def __repr__(self) -> str:
        return f"Lexicon({self.name!r}, {len(self)} words)"

    def is_word(self, word: str) -> bool:
        """Is `word` in this lexicon (case-insensitive)?"""
        return word.upper() in self._position

    def zipf(self, word: str) -> float:
        """The Zipf value of a word (0.0 when wordfreq has not seen it or it is not in the lexicon)."""
        i = self._position.get(word.upper())
        return 0.0 if i is None else float(self._zipf[i])

    def rank(self, word: str) -> int | None:
        """The frequency rank of a word among this lexicon's words (1 = most common), or None."""
        i = self._position.get(word.upper())
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
        if n < 1:
            raise LexigridError(f"--common must be at least 1, not {n}")
        keep = [w for w, r in zip(self._words, self._rank, strict=True) if 0 < r <= n]
        return self.restrict(keep, name=f"{self.name} (top {n})")

    def restrict(self, words: Iterable[str], name: str | None = None) -> Lexicon:
        """The sub-lexicon of the given words that are in this one, keeping their frequencies."""
        keep = sorted({w.upper() for w in words} & self._position.keys(), key=lambda w: (len(w), w))
        rows = np.array([self._position[w] for w in keep], dtype=np.int64)
        index = {
            "sha256": content_sha256(keep),
            "words": keep,
            "counts": self._counts[rows] if keep else np.zeros((0, 26), np.uint8),
            "zipf": self._zipf[rows] if keep else np.zeros(0, np.float64),
            "rank": self._rank[rows] if keep else np.zeros(0, np.int32),
            "length_start": _length_starts(keep),
        }
        return Lexicon(
            keep,
            name=name or f"{self.name} (subset)",
            description=self.description,
            location=self.location,
            index=index,
        )

    # -- queries ---------------------------------------------------------------------------------

    def find(
        self,
        rack: str | Rack,
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
    ) -> list[WordInfo]:
        """Every word buildable from the rack (`?` = blank), as STAR's findWords.

        `prefix`, `suffix` and `contains` are letters already on the board: the word must start with /
        end with / contain them, and its other letters (at least one) come from the rack.
        """
        tiles = rack if isinstance(rack, Rack) else parse_rack(rack, max_blanks=max_blanks)
        prefix, suffix, contains = (
            _board_letters(x, what)
            for x, what in ((prefix, "prefix"), (suffix, "suffix"), (contains, "contains"))
        )
        if contains and (prefix or suffix):
            raise LexigridError("use --contains on its own, or --prefix and/or --suffix, not both")
        fixed = prefix + suffix + contains
        shortest = max(min_len, len(fixed) + 1, 1)
        longest = len(tiles) + len(fixed)
        if max_len is not None:
            longest = min(longest, max_len)
        lo, hi = self._slice(shortest, longest)
        if lo >= hi:
            return []
        available = np.zeros(26, dtype=np.uint8)
        for letter in tiles.letters + fixed:
            available[ord(letter) - 65] += 1
        counts = self._counts[lo:hi]
        missing = counts - np.minimum(counts, available)
        shortfall = missing.sum(axis=1, dtype=np.int32)
        hits = np.flatnonzero(shortfall <= tiles.blanks) + lo
        regex = pattern_regex(pattern) if pattern else None
        found: list[WordInfo] = []
        for i in hits.tolist():
            word = self._words[i]
            if not (word.startswith(prefix) and word.endswith(suffix) and contains in word):
                continue
            if regex is not None and not regex.match(word):
                continue
            if common is not None and not 0 < self._rank[i] <= common:
                continue
            blanks = "".join(ALPHABET[j] * int(k) for j, k in enumerate(missing[i - lo]) if k)
            found.append(WordInfo(word, float(self._zipf[i]), _rank_or_none(self._rank[i]), blanks))
        return sort_words(found, sort)

    def match(
        self,
        pattern: str,
        *,
        min_len: int = 1,
        max_len: int | None = None,
        common: int | None = None,
        sort: SortKey = "alpha",
    ) -> list[WordInfo]:
        """Every word matching a pattern such as `C?T` (`?` one letter, `*` any run of letters)."""
        regex = pattern_regex(pattern)
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


def _rank_or_none(rank: np.int32) -> int | None:
    return int(rank) if rank > 0 else None


def _board_letters(text: str, what: str) -> str:
    letters = text.strip().upper()
    if letters and not (letters.isascii() and letters.isalpha()):
        raise LexigridError(f"--{what} {text!r} must be letters A-Z only")
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


def build_index(words: Sequence[str], frequencies: Mapping[str, float] | None = None) -> dict[str, Any]:
    """Compile the index of a word list: length-major words, letter counts, Zipf values and ranks."""
    ordered = sorted(sorted(set(words)), key=len)  # length-major, alphabetical within (a stable sort)
    raw = frequency.frequencies_of(ordered, frequencies)
    return {
        "version": INDEX_VERSION,
        "sha256": content_sha256(ordered),
        "words": ordered,
        "counts": letter_counts(ordered),
        "zipf": frequency.zipf_values(raw),
        "rank": frequency.ranks(ordered, raw),
        "length_start": _length_starts(ordered),
    }


_loaded: dict[str, Lexicon] = {}


def load(spec: str | Path | None = None) -> Lexicon:
    """The lexicon for a name (default: the bundled list) or a word-list path, indexed and cached."""
    source = open_source(spec)
    key = source.raw_sha256
    if key not in _loaded:
        _loaded[key] = _from_source(source)
    return _loaded[key]


def _from_source(source: Source) -> Lexicon:
    path = cache.artifact_path("lexicons", source.raw_sha256, INDEX_VERSION)

    def build() -> dict[str, Any]:
        return build_index(parse_words(source.data, source.location))

    index, was_cached = cache.cached("lexicons", source.raw_sha256, INDEX_VERSION, build)
    return Lexicon(
        index["words"],
        name=source.name,
        description=source.description,
        location=source.location,
        index=index,
        cache_state="loaded" if was_cached else "built",
        cache_path=path,
    )


__all__ = ["MAX_BLANKS", "MAX_TILES", "Lexicon", "WordInfo", "load"]
