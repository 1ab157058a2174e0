"""The Board: the sides of the box, its text notation, and which words can be played on it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from lexigrid.errors import LexigridError, OptionError

Shape = tuple[int, int]
DEFAULT_SHAPE: Shape = (4, 3)
MIN_WORD_LENGTH = 3
_SEPARATORS = re.compile(r"[\s,]+")


@dataclass(frozen=True)
class Board:
    """A box of sides of letters: consecutive letters of a word must lie on different sides."""

    sides: tuple[str, ...]

    @classmethod
    def parse(cls, text: str, shape: Shape | None = DEFAULT_SHAPE) -> Board:
        """A board from its notation `VYQ,FIG,OTE,XLU` (any case, commas or spaces between sides).

        `shape` is (number of sides, letters per side); None accepts any box of equal sides.
        """
        parts = [p for p in _SEPARATORS.split(text.strip().upper()) if p]
        if not parts:
            raise LexigridError("the board is empty: give its sides like VYQ,FIG,OTE,XLU")
        for part in parts:
            if not (part.isascii() and part.isalpha()):
                raise LexigridError(
                    f"side {part!r} of board {text!r} holds a non-letter:"
                    " sides are letters A-Z, e.g. VYQ,FIG,OTE,XLU"
                )
        if shape is not None:
            n, m = shape
            if len(parts) != n or any(len(p) != m for p in parts):
                wrong = f"board {text!r} is not {n} sides of {m} letters: write it like VYQ,FIG,OTE,XLU"
                raise OptionError(
                    f"{wrong} (or give the shape of another box: NxM, or any)",
                    "shape",
                    f"{wrong} (or pass {{option}} NxM / {{option}} any for another box)",
                )
        elif len(parts) < 2 or len({len(p) for p in parts}) != 1:
            raise LexigridError(
                f"board {text!r} needs at least 2 sides, all of the same length, e.g. VYQ,FIG,OTE,XLU"
            )
        letters = "".join(parts)
        repeated = sorted({c for c in letters if letters.count(c) > 1})
        if repeated:
            raise LexigridError(
                f"board {text!r} repeats the letter(s) {''.join(repeated)}: every letter must appear once"
            )
        return cls(tuple(parts))

    def __str__(self) -> str:
        return ",".join(self.sides)

    @cached_property
    def letters(self) -> str:
        """Every letter of the board, side by side."""
        return "".join(self.sides)

    @cached_property
    def side_of(self) -> dict[str, int]:
        """Letter -> the index of its side."""
        return {c: i for i, side in enumerate(self.sides) for c in side}

    @cached_property
    def bit_of(self) -> dict[str, int]:
        """Letter -> its bit in a board mask (bit i = the i-th letter of `letters`)."""
        return {c: 1 << i for i, c in enumerate(self.letters)}

    @property
    def full_mask(self) -> int:
        """The mask of every letter of the board."""
        return (1 << len(self.letters)) - 1

    def mask(self, word: str) -> int:
        """The board mask of the letters of a playable word."""
        bits = self.bit_of
        m = 0
        for c in word:
            m |= bits[c]
        return m

    def letters_of(self, mask: int) -> str:
        """The board letters in a mask, in board order."""
        return "".join(c for i, c in enumerate(self.letters) if mask >> i & 1)

    def foreign_letters(self, word: str) -> str:
        """The letters of a word that are not on the board (in word order, once each)."""
        seen = self.side_of
        return "".join(dict.fromkeys(c for c in word.upper() if c not in seen))

    def same_side_pair(self, word: str) -> int | None:
        """The index i where word[i] and word[i+1] lie on the same side, or None."""
        side = self.side_of
        w = word.upper()
        for i in range(len(w) - 1):
            if side.get(w[i], -1) == side.get(w[i + 1], -2):
                return i
        return None

    def is_playable(self, word: str) -> bool:
        """Can the word be traced on the board: 3+ board letters, consecutive ones on different sides?"""
        return (
            len(word) >= MIN_WORD_LENGTH
            and not self.foreign_letters(word)
            and self.same_side_pair(word) is None
        )

    @cached_property
    def playable_regex(self) -> re.Pattern[str]:
        """A multiline regex matching exactly the playable lines of a newline-joined word list."""
        steps = "|".join(f"[{s}](?![{s}])" for s in self.sides)
        return re.compile(f"^(?:{steps}){{{MIN_WORD_LENGTH},}}$", re.MULTILINE)


def parse_shape(text: str) -> Shape | None:
    """A box shape from `NxM` (N sides of M letters), or None for `any`."""
    t = text.strip().lower()
    if t == "any":
        return None
    match = re.fullmatch(r"(\d+)x(\d+)", t)
    if not match or int(match[1]) < 2 or int(match[2]) < 1 or int(match[1]) * int(match[2]) > 26:
        raise LexigridError(
            f"shape {text!r} is not valid: write NxM (N >= 2 sides of M letters, at most 26 letters) or any"
        )
    return int(match[1]), int(match[2])
