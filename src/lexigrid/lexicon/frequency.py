"""Word frequencies from wordfreq: Zipf values (log10 of uses per billion words) and ranks."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

FREQUENCY_SOURCE = "wordfreq 'best' English list"


@cache
def english_frequencies() -> Mapping[str, float]:
    """wordfreq's English frequencies by lower-case word."""
    import wordfreq

    result: Mapping[str, float] = wordfreq.get_frequency_dict("en", wordlist="best")
    return result


def zipf_of(frequency: float) -> float:
    """The Zipf value of a frequency, rounded as wordfreq rounds it; 0 for an unseen word."""
    return round(math.log10(frequency) + 9, 2) if frequency > 0 else 0.0


def frequencies_of(
    words: Sequence[str], frequencies: Mapping[str, float] | None = None
) -> npt.NDArray[np.float64]:
    """The frequency of every (uppercase) word; 0 for words wordfreq has not seen."""
    table = english_frequencies() if frequencies is None else frequencies
    return np.array([table.get(w.lower(), 0.0) for w in words], dtype=np.float64)


def zipf_values(frequency: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Zipf values of an array of frequencies, rounded to 0.01; 0 where the frequency is 0."""
    with np.errstate(divide="ignore"):
        zipf = np.where(frequency > 0, np.round(np.log10(frequency) + 9, 2), 0.0)
    return zipf.astype(np.float64)


def ranks(words: Sequence[str], frequency: npt.NDArray[np.float64]) -> npt.NDArray[np.int32]:
    """Frequency rank of every word among these words (1 = most common; 0 = never seen)."""
    # Most frequent first, ties alphabetical, so ranks are reproducible across machines.
    values = frequency.tolist()  # Python floats: indexing the array per comparison key is slow
    seen = [i for i in range(len(words)) if values[i] > 0]
    order = sorted(seen, key=lambda i: (-values[i], words[i]))
    result = np.zeros(len(words), dtype=np.int32)
    for position, i in enumerate(order, start=1):
        result[i] = position
    return result
