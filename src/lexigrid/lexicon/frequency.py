"""Word frequencies from wordfreq in the lexicon's own language: Zipf values (log10 of uses per billion
words) and ranks.

A lexicon in another alphabet holds its words as that alphabet's glyphs (Catalan L·L a stand-in letter,
accents without a tile dropped), so wordfreq's words are read the way `lexicon add` reads a word list (a
reader the Scrabble package, which knows the alphabets, registers) and the frequencies of every form that
reads as one lexicon word are summed: French ETE is wordfreq's été + ete, A is a + à. A language wordfreq
has no list for has no frequencies (never English's)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from lexigrid.lexicon.word_readers import word_reader

# wordfreq's code of each alphabet (lexigrid.scrabble's names) it has a word list for.
WORDFREQ_LANGUAGES = {
    "english": "en",
    "catalan": "ca",
    "dutch": "nl",
    "french": "fr",
    "german": "de",
    "norwegian": "nb",
    "polish": "pl",
    "spanish": "es",
}


def can_read(language: str) -> bool:
    """Whether the frequencies of a lexicon in `language` can be looked up here (English always; another
    language once the Scrabble package registered its word reader)."""
    return language == "english" or word_reader() is not None


@cache
def english_frequencies() -> Mapping[str, float]:
    """wordfreq's English frequencies by lower-case word."""
    import wordfreq

    result: Mapping[str, float] = wordfreq.get_frequency_dict("en", wordlist="best")
    return result


def frequencies_in(language: str) -> Mapping[str, float] | None:
    """wordfreq's frequencies of a language by word as a lexicon in its alphabet holds it (lower-case keys;
    the forms that read as one word summed), or None when wordfreq has no list for it or it cannot be read."""
    code = WORDFREQ_LANGUAGES.get(language)
    if language == "english" or code is None or not can_read(language):
        return english_frequencies() if language == "english" else None
    return _read_frequencies(language, code)


@cache
def _read_frequencies(language: str, code: str) -> Mapping[str, float]:
    """wordfreq's list for `code`, its words read in `language`'s alphabet, the frequencies of one reading
    summed."""
    import wordfreq

    read = word_reader()
    assert read is not None  # (see can_read)
    listed: Mapping[str, float] = wordfreq.get_frequency_dict(code, wordlist="best")
    table: dict[str, float] = {}
    for glyphs, value in zip(read(language, list(listed)), listed.values(), strict=True):
        if glyphs is not None:
            key = glyphs.lower()
            table[key] = table.get(key, 0.0) + value
    return table


def zipf_of(frequency: float) -> float:
    """The Zipf value of a frequency, rounded as wordfreq rounds it; 0 for an unseen word."""
    return round(math.log10(frequency) + 9, 2) if frequency > 0 else 0.0


def frequencies_of(words: Sequence[str], frequencies: Mapping[str, float] | None) -> npt.NDArray[np.float64]:
    """The frequency of every (uppercase) word in a table by lower-case word; 0 for words it lacks (all of
    them without a table)."""
    if frequencies is None:
        return np.zeros(len(words), dtype=np.float64)
    return np.fromiter((frequencies.get(w.lower(), 0.0) for w in words), dtype=np.float64, count=len(words))


def zipf_values(frequency: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Zipf values of an array of frequencies, rounded to 0.01; 0 where the frequency is 0."""
    with np.errstate(divide="ignore"):
        zipf = np.where(frequency > 0, np.round(np.log10(frequency) + 9, 2), 0.0)
    return zipf.astype(np.float64)


def ranks(words: Sequence[str], frequency: npt.NDArray[np.float64]) -> npt.NDArray[np.int32]:
    """Frequency rank of every word among these words (1 = most common; 0 = never seen)."""
    # Most frequent first, ties alphabetical, so ranks are reproducible across machines.
    seen = np.flatnonzero(frequency > 0)
    values, rows = frequency[seen].tolist(), seen.tolist()  # Python floats: numpy scalars as keys are slow
    order = sorted(range(len(rows)), key=lambda k: (-values[k], words[rows[k]]))
    result = np.zeros(len(words), dtype=np.int32)
    result[seen[order]] = np.arange(1, len(order) + 1, dtype=np.int32)
    return result
