"""Checking a proposed solution: is it valid, and if not, exactly why (the reasons as data)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise
from typing import Any, Literal

from lexigrid.letterboxed.board import MIN_WORD_LENGTH, Board
from lexigrid.letterboxed.playable import PlayableWord
from lexigrid.letterboxed.ranking import is_s_form
from lexigrid.letterboxed.search import chain_score, is_redundant
from lexigrid.lexicon import Lexicon

ProblemKind = Literal[
    "no_words", "too_short", "off_board", "same_side", "not_a_word", "broken_chain", "uncovered"
]


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a chain is not a solution: its kind, the word (index) at fault and the letters."""

    kind: ProblemKind
    index: int | None
    word: str | None
    letters: str
    message: str

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of a problem."""
        return {
            "kind": self.kind,
            "index": self.index,
            "word": self.word,
            "letters": self.letters,
            "message": self.message,
        }


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The verdict on a chain of words: its problems (none when valid), and a shorter chain if any."""

    board: Board
    words: tuple[str, ...]
    problems: tuple[Problem, ...]
    shorter: tuple[str, ...] | None
    score: float | None

    @property
    def valid(self) -> bool:
        """Does the chain solve the board?"""
        return not self.problems

    @property
    def redundant(self) -> bool:
        """Is the chain valid but some of its words, in order, would do?"""
        return self.shorter is not None

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of a verdict."""
        return {
            "board": str(self.board),
            "words": list(self.words),
            "valid": self.valid,
            "problems": [p.as_dict() for p in self.problems],
            "redundant": self.redundant,
            "shorter": None if self.shorter is None else list(self.shorter),
            "score": None if self.score is None else round(self.score, 4),
        }


def playable_word(board: Board, lexicon: Lexicon, word: str) -> PlayableWord:
    """A word the board can trace, as the search holds it."""
    return PlayableWord(
        word, board.mask(word), word[0], word[-1], lexicon.zipf(word), is_s_form(word, lexicon)
    )


def word_problems(board: Board, lexicon: Lexicon, index: int, word: str) -> list[Problem]:
    """Why one word cannot be played on the board (empty when it can)."""
    found: list[Problem] = []
    if len(word) < MIN_WORD_LENGTH:
        found.append(
            Problem("too_short", index, word, "", f"{word} is shorter than {MIN_WORD_LENGTH} letters")
        )
    foreign = board.foreign_letters(word)
    if foreign:
        found.append(Problem("off_board", index, word, foreign, f"{word} uses {foreign}, not on the board"))
    pair = board.same_side_pair(word)
    if pair is not None:
        a, b = word[pair], word[pair + 1]
        side = board.sides[board.side_of[a]]
        message = f"{word} goes from {a} to {b}, both on side {side}"
        found.append(Problem("same_side", index, word, a + b, message))
    if not lexicon.is_word(word):
        found.append(Problem("not_a_word", index, word, "", f"{word} is not in the lexicon ({lexicon.name})"))
    return found


def check(board: Board, words: Sequence[str], lexicon: Lexicon) -> CheckResult:
    """Is this chain of words a solution of the board, and if not, every reason why."""
    chain = tuple(w.upper() for w in words)
    problems: list[Problem] = []
    if not chain:
        problems.append(Problem("no_words", None, None, "", "no words given"))
    for i, word in enumerate(chain):
        problems.extend(word_problems(board, lexicon, i, word))
    for i in range(1, len(chain)):
        before, word = chain[i - 1], chain[i]
        if before[-1] != word[0]:
            message = f"{word} must start with {before[-1]}, the last letter of {before}"
            problems.append(Problem("broken_chain", i, word, before[-1] + word[0], message))
    used = {c for w in chain for c in w}
    uncovered = "".join(c for c in board.letters if c not in used)
    if uncovered and chain:
        problems.append(Problem("uncovered", None, None, uncovered, f"{uncovered} not used"))
    if problems:
        return CheckResult(board, chain, tuple(problems), None, None)
    played = [playable_word(board, lexicon, w) for w in chain]
    shorter = _shorter_chain(played, board.full_mask)
    return CheckResult(board, chain, (), shorter, chain_score(played, len(board.letters)))


def _shorter_chain(chain: Sequence[PlayableWord], full_mask: int) -> tuple[str, ...] | None:
    """The shortest covering chain made of some of these words in order, if shorter than all."""
    if not is_redundant(chain, full_mask):
        return None
    for size in range(1, len(chain)):
        for kept in combinations(chain, size):
            links = all(a.last == b.first for a, b in pairwise(kept))
            covered = 0
            for w in kept:
                covered |= w.mask
            if links and covered == full_mask:
                return tuple(w.word for w in kept)
    return None
