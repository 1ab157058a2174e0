"""The score that ranks solutions as a person would: fewer words first, then common, tight words.

Solutions are ordered by number of words, then by score (higher first), then by letters traced
(fewer first), then alphabetically. The score of a solution is

    score = min Zipf - REPEAT_PENALTY * repeats - S_FORM_PENALTY * s_forms

- min Zipf: the wordfreq Zipf value of its rarest word (a solution is as obscure as its rarest word);
- repeats: letters traced beyond the minimum, `letters traced - board letters - (words - 1)` (every
  board letter once, plus the shared letter of each link);
- s_forms: words that are the -S/-ES form of another word of the lexicon (CHAMPIONS for CHAMPION).

The weights were fitted on 697 NYT puzzles (see docs/letterboxed.md): the NYT's own answer covers the
board tightly with base forms of common words.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lexigrid.lexicon import Lexicon

REPEAT_PENALTY = 0.3
S_FORM_PENALTY = 1.0


def repeats(letters_traced: int, board_letters: int, words: int) -> int:
    """Letters traced beyond every board letter once and each link letter twice."""
    return letters_traced - board_letters - (words - 1)


def score(min_zipf: float, repeat_count: int, s_forms: int) -> float:
    """The score of a solution from its rarest word's Zipf value, its repeats and its -S forms."""
    return min_zipf - REPEAT_PENALTY * repeat_count - S_FORM_PENALTY * s_forms


def _may_be_s_form(word: str) -> bool:
    return len(word) >= 4 and word.endswith("S") and not word.endswith("SS")


def is_s_form(word: str, lexicon: Container[str]) -> bool:
    """Is the word the -S or -ES form of another word of the lexicon?"""
    if not _may_be_s_form(word):
        return False
    return word[:-1] in lexicon or (word.endswith("ES") and word[:-2] in lexicon)


def s_form_flags(words: Sequence[str], lexicon: Lexicon) -> list[bool]:
    """`is_s_form` of each upper-case word, the stems looked up in bulk."""
    maybe = [_may_be_s_form(w) for w in words]
    minus_s = lexicon.rows([w[:-1] if m else "" for w, m in zip(words, maybe, strict=True)]).tolist()
    minus_es = lexicon.rows(
        [w[:-2] if m and w.endswith("ES") else "" for w, m in zip(words, maybe, strict=True)]
    ).tolist()
    return [m and (a >= 0 or b >= 0) for m, a, b in zip(maybe, minus_s, minus_es, strict=True)]
