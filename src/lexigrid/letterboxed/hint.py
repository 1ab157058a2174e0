"""Hints: the best next words after the words played so far, each with the best finish it leads to."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lexigrid.counts import count
from lexigrid.errors import LexigridError, OptionError
from lexigrid.letterboxed.check import check, playable_word
from lexigrid.letterboxed.search import Solver
from lexigrid.letterboxed.solution import Solution, format_words
from lexigrid.lexicon import Lexicon

# How many ranked finishes to look through for distinct next words.
FINISHES_SEARCHED = 500


@dataclass(frozen=True, slots=True)
class Hint:
    """A next word, the letters it adds, and the best solution it leads to."""

    word: str
    new_letters: str
    solution: Solution

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of a hint."""
        return {
            "word": self.word,
            "new_letters": self.new_letters,
            "solution": self.solution.as_dict(),
        }


def hint(
    solver: Solver, lexicon: Lexicon, played: Sequence[str] = (), *, top: int = 10, max_words: int = 4
) -> list[Hint]:
    """The `top` best next words after `played`, finishing within `max_words` words in all.

    Words already played are kept as they are: only the words after them must not be redundant. A word
    that adds no new letter is offered only when no word that does leads to a finish. The list is empty
    when the played words already cover the board.
    """
    board = solver.board
    words = tuple(w.upper() for w in played)
    if words:
        verdict = check(board, words, lexicon)
        chain_problems = [p for p in verdict.problems if p.kind != "uncovered"]
        if chain_problems:
            raise LexigridError(f"{format_words(words)} cannot be played: {chain_problems[0].message}")
        if verdict.valid:
            return []
    if len(words) >= max_words:
        played_words = f"{len(words)} word{'s are' if len(words) > 1 else ' is'} played"
        raise OptionError(
            f"{played_words} and a solution has at most {count(max_words, 'word')}: no next word fits; "
            f"allow at least {len(words) + 1}",
            "max_words",
            f"{played_words} and {{option}} is {max_words} (words in all): no next word fits; "
            f"raise {{option}} to at least {len(words) + 1}",
        )
    prefix = tuple(playable_word(board, lexicon, w) for w in words)
    covered = 0
    for w in prefix:
        covered |= w.mask
    finishes = solver.best(FINISHES_SEARCHED, max_words, prefix, played=True)
    hints: dict[str, Hint] = {}
    bridges: dict[str, Hint] = {}  # next words that add no letter (FOG-GOGO): only a way to another letter
    for solution in finishes:
        nxt = solution.words[len(words)]
        if nxt not in hints and nxt not in bridges:
            new = board.letters_of(board.mask(nxt) & ~covered)
            (hints if new else bridges)[nxt] = Hint(nxt, new, solution)
            if len(hints) == top:
                break
    return list((hints or bridges).values())[:top]
