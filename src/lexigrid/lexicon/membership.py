"""Membership without the index: the sorted words as fixed-width records, memory-mapped and bisected.

A `words check` needs no letter counts, frequencies or numpy: one cached file per word list (key: the
raw bytes' hash) answers `is WORD in it?` in a few page reads. Layout: one byte giving the record width W,
then the words in byte order, each padded with spaces to W bytes (a space sorts before every letter,
so padded order is word order).
"""

from __future__ import annotations

import contextlib
import mmap
from collections.abc import Callable, Iterable

from lexigrid.errors import LexigridError
from lexigrid.lexicon.accents import unaccented
from lexigrid.lexicon.cachedir import artifact_file
from lexigrid.lexicon.sources import Source, open_source, parse_words

VERSION = 1


def pack(words: Iterable[str]) -> bytes:
    """The record file of a word list."""
    ordered = sorted({w.encode("latin-1") for w in words})  # one byte a letter (another alphabet's glyphs)
    width = max(map(len, ordered), default=1)
    return bytes([width]) + b"".join(w.ljust(width) for w in ordered)


def contains(records: bytes | mmap.mmap, word: str) -> bool:
    """Whether an uppercase word is in a record file (binary search over the records)."""
    width = records[0]
    key = word.encode("latin-1", "replace")
    if len(key) > width:
        return False
    key = key.ljust(width)
    lo, hi = 0, (len(records) - 1) // width
    while lo < hi:
        mid = (lo + hi) // 2
        start = 1 + mid * width
        if records[start : start + width] < key:
            lo = mid + 1
        else:
            hi = mid
    start = 1 + lo * width
    return records[start : start + width] == key


def records_of(spec: str | None) -> tuple[str, str, bytes | mmap.mmap]:
    """The name, alphabet and record file of a lexicon (name or path), built into the cache on first use (the
    file is found by the words' hash each time: a name or path may hold other words by the next call)."""
    source = open_source(spec)
    return source.name, source.alphabet, _records(source)


def _records(source: Source) -> bytes | mmap.mmap:
    path = artifact_file("words", source.raw_sha256, VERSION, "bin")
    with contextlib.suppress(OSError, ValueError), open(path, "rb") as handle:
        return mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    from pathlib import Path

    from lexigrid.lexicon.cache import write_atomically

    packed = pack(parse_words(source.data, source.location, source.alphabet))
    # A read-only or full cache directory only costs a rebuild next time.
    with contextlib.suppress(OSError):
        write_atomically(Path(path), packed)
    return packed


def verdicts(
    words: Iterable[str], spec: str | None = None, spell: Callable[[str], str] | None = None
) -> tuple[str, dict[str, bool]]:
    """The lexicon's name and whether each word (in upper case) is in it, spelled in its alphabet's letters
    by `spell` (a lexicon in another alphabet: `PAL·LA` as its tiles; else its accents dropped: `CAFÉ` is
    CAFE); an empty word is an error."""
    words = list(words)
    if not all(w.strip() for w in words):
        raise LexigridError("an empty word cannot be checked: give words of letters, e.g. QI ZA")
    name, _, records = records_of(spec)
    spelled = spell or unaccented
    return name, {w.upper(): contains(records, spelled(w.upper())) for w in words}


def check_report(name: str, found: dict[str, bool]) -> dict[str, object]:
    """The JSON shape of `words check`."""
    return {"lexicon": name, "words": found, "all_valid": all(found.values())}
