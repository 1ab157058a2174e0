"""How a lexicon's language reads words as it writes them (wordfreq's) in its alphabet's glyphs: the Scrabble
package, which knows the alphabets, registers the reader (the lexicon layer cannot import it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

# How words as a language writes them (lower case, accents: wordfreq's) read in its alphabet's glyphs, upper
# case, the way `lexicon add` reads a word list (None: a letter outside the alphabet). Importing
# lexigrid.scrabble registers it; without it a lexicon in another alphabet has no word frequencies.
WordReader = Callable[[str, Sequence[str]], list[str | None]]
_WORD_READERS: list[WordReader] = []


def register_word_reader(reader: WordReader) -> None:
    """Read the words of a lexicon's language (wordfreq's) in its alphabet with `reader` from now on."""
    _WORD_READERS[:] = [reader]


def word_reader() -> WordReader | None:
    """The registered word reader, if any."""
    return _WORD_READERS[0] if _WORD_READERS else None
