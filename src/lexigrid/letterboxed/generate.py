"""New boards: a seeded box built around a two-word solution of common words, and the board of the day.

A *key* is the two-word solution a board is built from: two common words of 4+ letters, the second
starting with the first one's last letter, that together use exactly the board's letters. The letters are
then dealt to the sides so that no two consecutive letters of either word share a side, which makes the
key playable, with the vowels spread as evenly as that allows; a key with an offensive word is passed over
(unless allowed). A board that some single word of the
lexicon solves is thrown away, as the NYT's never are.
"""

from __future__ import annotations

import datetime as dt
import itertools
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lexigrid.dates import parse_date
from lexigrid.errors import LexigridError, OptionError
from lexigrid.letterboxed.board import DEFAULT_SHAPE, MIN_WORD_LENGTH, Board, Shape
from lexigrid.letterboxed.playable import playable_words
from lexigrid.lexicon import Lexicon, load
from lexigrid.lexicon.offensive import is_offensive

KEY_VOCABULARY = 20_000  # a key's words are among the lexicon's most frequent words
KEY_WORD_LENGTH = 4  # and have at least this many letters
VOWELS = frozenset("AEIOU")
MAX_TRIES = 5_000  # first words tried per seed before giving up (a 4x3 box needs a handful)


@dataclass(frozen=True, slots=True)
class NewBoard:
    """A generated board, the seed that made it and its key (the two-word solution it was built from)."""

    board: Board
    seed: int
    key: tuple[str, str]
    date: dt.date | None = None

    def as_dict(self, reveal: bool = True) -> dict[str, Any]:
        """The JSON shape of a new board (`letterboxed new --json`, `/api/letterboxed/new`); the key is
        null unless revealed."""
        return {
            "sides": str(self.board),
            "seed": self.seed,
            "date": self.date.isoformat() if self.date else None,
            "key": "-".join(self.key) if reveal else None,
        }


@lru_cache(maxsize=4)
def _key_words(lexicon: Lexicon, letters: int) -> dict[str, tuple[tuple[str, int], ...]]:
    """Common words that can be played on some box of `letters` letters, with their letter masks, by
    first letter (a word with a doubled letter never can: the two would share a side)."""
    by_first: dict[str, list[tuple[str, int]]] = {}
    for word in lexicon.common(KEY_VOCABULARY):
        word = word.upper()
        if len(word) < max(KEY_WORD_LENGTH, MIN_WORD_LENGTH) or not (word.isascii() and word.isalpha()):
            continue
        if any(a == b for a, b in itertools.pairwise(word)):
            continue
        mask = 0
        for c in word:
            mask |= 1 << (ord(c) - 65)
        if mask.bit_count() < letters:
            by_first.setdefault(word[0], []).append((word, mask))
    return {first: tuple(words) for first, words in by_first.items()}


def _deal(
    words: Sequence[str], sides: int, per_side: int, vowel_cap: int, rng: random.Random
) -> tuple[str, ...] | None:
    """The letters of `words` dealt to `sides` sides of `per_side`, with no two consecutive letters of a
    word on the same side and at most `vowel_cap` vowels a side (a backtracking colouring, most
    constrained letter first), or None."""
    apart: dict[str, set[str]] = {}
    for word in words:
        for a, b in itertools.pairwise(word):
            apart.setdefault(a, set()).add(b)
            apart.setdefault(b, set()).add(a)
    letters = sorted(apart, key=lambda c: (-len(apart[c]), rng.random()))
    side_of: dict[str, int] = {}
    filled, vowels = [0] * sides, [0] * sides

    def place(i: int) -> bool:
        if i == len(letters):
            return True
        c = letters[i]
        order = list(range(sides))
        rng.shuffle(order)
        vowel = c in VOWELS
        for s in order:
            if filled[s] == per_side or (vowel and vowels[s] == vowel_cap):
                continue
            if all(side_of.get(n) != s for n in apart[c]):
                side_of[c], filled[s], vowels[s] = s, filled[s] + 1, vowels[s] + vowel
                if place(i + 1):
                    return True
                del side_of[c]
                filled[s], vowels[s] = filled[s] - 1, vowels[s] - vowel
        return False

    if not place(0):
        return None
    return tuple("".join(c for c in letters if side_of[c] == s) for s in range(sides))


def generate(
    seed: int, lexicon: Lexicon | None = None, shape: Shape = DEFAULT_SHAPE, *, allow_offensive: bool = False
) -> NewBoard:
    """The board of a seed: a random key of common words (never an offensive one unless allowed), its
    letters dealt to the sides."""
    sides, per_side = shape
    letters = sides * per_side
    if sides < 2 or per_side < 1 or letters > 26:
        raise LexigridError(f"cannot make a {sides}x{per_side} box: it needs 2+ sides and at most 26 letters")
    lex = lexicon if lexicon is not None else load()
    by_first = _key_words(lex, letters)
    firsts = [(w, m) for words in by_first.values() for w, m in words]
    if not firsts:
        raise LexigridError(f"lexicon {lex.name!r} has no common words to build a board from")
    if seed < 0:  # random.Random(-5) is random.Random(5): two seeds, one board
        raise OptionError(
            f"a seed is 0 or more, not {seed}", "seed", f"{{option}} must be 0 or more, not {seed}"
        )
    rng = random.Random(seed)
    for _ in range(MAX_TRIES):
        first, first_mask = firsts[rng.randrange(len(firsts))]
        follows = by_first.get(first[-1], ())
        seconds = [w for w, m in follows if (first_mask | m).bit_count() == letters]
        if not seconds:
            continue
        second = seconds[rng.randrange(len(seconds))]
        if not allow_offensive and (is_offensive(first) or is_offensive(second)):
            continue  # drawn, then passed over: the seeds whose keys are clean keep their boards
        # vowels spread as evenly as the words allow
        spread = -(-len(VOWELS & set(first + second)) // sides)
        caps = range(spread, per_side + 1)
        dealt = next((d for cap in caps if (d := _deal((first, second), sides, per_side, cap, rng))), None)
        if dealt is None:
            continue
        board = Board(dealt)
        if not any(w.mask == board.full_mask for w in playable_words(board, lex)):
            return NewBoard(board, seed, (first, second))
    raise LexigridError(f"no {sides}x{per_side} board found for seed {seed}: try another seed or shape")


def new_board(
    seed: int | None = None,
    date: str | None = None,
    lexicon: Lexicon | None = None,
    shape: Shape = DEFAULT_SHAPE,
    *,
    allow_offensive: bool = False,
) -> NewBoard:
    """The board of a seed, of a date (YYYY-MM-DD or `today`), or of a random seed when neither is given."""
    if seed is not None and date is not None:
        raise LexigridError("give a seed or a date, not both")
    if date is not None:
        if shape != DEFAULT_SHAPE:
            raise LexigridError("the board of the day is a 4x3 box: give a seed for another shape")
        return daily(None if date == "today" else date, lexicon, allow_offensive=allow_offensive)
    seed = secrets.randbelow(2**31) if seed is None else seed
    return generate(seed, lexicon, shape, allow_offensive=allow_offensive)


def daily(
    day: dt.date | str | None = None, lexicon: Lexicon | None = None, *, allow_offensive: bool = False
) -> NewBoard:
    """The board of a date (today in UTC by default): the board of the seed YYYYMMDD."""
    date = day if isinstance(day, dt.date) else parse_date(day)
    seed = date.year * 10_000 + date.month * 100 + date.day
    found = generate(seed, lexicon, allow_offensive=allow_offensive)
    return NewBoard(found.board, found.seed, found.key, date)
