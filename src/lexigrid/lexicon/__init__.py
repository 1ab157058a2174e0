"""The lexicon layer: the only place word lists are read. Every game imports its words from here.

Glossary: a *lexicon* is a set of valid words (uppercase A-Z); its *index* is compiled once per content
hash and cached on disk; a word's *Zipf value* is log10 of its uses per billion words (wordfreq) and its
*rank* is its position among the lexicon's words by frequency; a *search rack* is letters plus `?` blanks (a
Scrabble player's tiles are `lexigrid.scrabble.Rack`).
"""

from __future__ import annotations

import importlib

from lexigrid.lexicon.sources import (
    DEFAULT_LEXICON,
    NamedLexicon,
    named_lexicons,
    parse_word_list,
    register_lexicon,
)

TYPE_CHECKING = False  # typing is not imported: one-shot commands do without it (mypy knows the name)
if TYPE_CHECKING:
    from lexigrid.lexicon.lexicon import Lexicon, WordInfo, load, pattern_regex, sort_words
    from lexigrid.lexicon.rack import BLANK, MAX_BLANKS, SearchRack, parse_rack

# The index (and numpy with it) and racks load on first use: importing the lexicon layer stays cheap.
_LAZY = {
    name: "lexigrid.lexicon.lexicon"
    for name in ("Lexicon", "WordInfo", "load", "pattern_regex", "sort_words")
} | {name: "lexigrid.lexicon.rack" for name in ("BLANK", "MAX_BLANKS", "SearchRack", "parse_rack")}


def __getattr__(name: str) -> object:
    """The names that need the index module, imported on first use."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_LAZY[name]), name)


__all__ = [
    "BLANK",
    "DEFAULT_LEXICON",
    "MAX_BLANKS",
    "Lexicon",
    "NamedLexicon",
    "SearchRack",
    "WordInfo",
    "load",
    "named_lexicons",
    "parse_rack",
    "parse_word_list",
    "pattern_regex",
    "register_lexicon",
    "sort_words",
]
