"""Word selection: the lexicon's words of three or more letters that a roll can spell."""

from __future__ import annotations

from lexigrid.lexicon import Lexicon, load

MIN_WORD = 3
MAX_WORD = 12
COMMON_WORDS = 10_000  # "common words" mode: the 10,000 most frequent words of the lexicon


def candidate_words(letters: str, lexicon: Lexicon | None = None, common: int | None = None) -> list[str]:
    """Every word of 3+ letters spellable from `letters` (each letter used at most as often as it is
    given), length-major and alphabetical; with `common`, only the `common` most frequent."""
    lex = lexicon if lexicon is not None else load()
    return lex.spellable(letters, shortest=MIN_WORD, longest=MAX_WORD, common=common)
