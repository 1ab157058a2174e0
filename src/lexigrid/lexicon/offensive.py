"""Offensive words: the English list of the PyPI package badwords-py (the List of Dirty, Naughty,
Obscene and Otherwise Bad Words, CC BY 4.0, with the package's own curation; MIT).

Puzzles and ranked answers leave these out by default, as the NYT's do; checking a word a player typed
never does (the word is still a word).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from badwords import ProfanityFilter

LANGUAGE = "en"


@lru_cache(maxsize=1)
def _filter() -> ProfanityFilter:
    from badwords import ProfanityFilter

    found = ProfanityFilter()
    found.init(languages=[LANGUAGE])
    return found


def is_offensive(word: str) -> bool:
    """Whether a word is on the offensive list (the whole word, any case: SCUNTHORPE is not)."""
    return _filter().contains_word(word)


def offensive(words: Iterable[str]) -> frozenset[str]:
    """The words of `words` on the offensive list."""
    return frozenset(w for w in words if is_offensive(w))
