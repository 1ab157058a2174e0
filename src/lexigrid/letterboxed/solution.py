"""A Solution: a chain of words covering the board, its `WORD-WORD` notation and its score."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lexigrid.errors import LexigridError

_SEPARATORS = re.compile(r"[\s,\-]+")


def parse_words(text: str) -> tuple[str, ...]:
    """The words of a chain written `FOXGLOVE-EQUITY` (any case; hyphens, commas or spaces between)."""
    words = tuple(w for w in _SEPARATORS.split(text.strip().upper()) if w)
    for word in words:
        if not (word.isascii() and word.isalpha()):
            where = "" if len(words) == 1 else f" (in {text.strip()!r})"
            raise LexigridError(
                f"{word!r}{where} is not a word of letters A-Z: write words like FOXGLOVE-EQUITY"
            )
    return words


def format_words(words: Sequence[str]) -> str:
    """The `WORD-WORD` notation of a chain of words."""
    return "-".join(w.upper() for w in words)


@dataclass(frozen=True, slots=True, order=False)
class Solution:
    """A chain of words, each starting with the last letter of the one before, covering every letter."""

    words: tuple[str, ...]
    score: float

    @classmethod
    def parse(cls, text: str, score: float = 0.0) -> Solution:
        """A solution from its `WORD-WORD` notation (the score is not part of the notation)."""
        words = parse_words(text)
        if not words:
            raise LexigridError("the solution is empty: write its words like FOXGLOVE-EQUITY")
        return cls(words, score)

    def __str__(self) -> str:
        return format_words(self.words)

    def __len__(self) -> int:
        return len(self.words)

    @property
    def letter_count(self) -> int:
        """How many letters are traced in all."""
        return sum(len(w) for w in self.words)

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of a solution."""
        return {"words": list(self.words), "score": round(self.score, 4)}
