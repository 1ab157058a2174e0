"""Variants: several boards at once (Dordle, Quordle) and an adversary that moves the answer (Absurdle)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from lexigrid.errors import LexigridError
from lexigrid.wordle.game import Game, Turn, hard_mode_violation
from lexigrid.wordle.reply import GREEN, YELLOW, Reply, decode
from lexigrid.wordle.table import Indices, ReplyTable

BOARD_NAMES = {1: "Wordle", 2: "Dordle", 4: "Quordle", 8: "Octordle", 16: "Sedecordle"}


def multi_board_guesses(boards: int) -> int:
    """How many guesses N boards get: five more than boards (Dordle 7, Quordle 9)."""
    return boards + 5


@dataclass
class MultiGame:
    """N answers at once: each guess is played on every board not yet solved."""

    table: ReplyTable
    answers: list[str]
    hard: bool = False
    boards: list[Game] = field(init=False)

    def __post_init__(self) -> None:
        if not self.answers:
            raise LexigridError("a multi-board game needs at least one answer")
        limit = multi_board_guesses(len(self.answers))
        self.boards = [Game(self.table, a, self.hard, limit) for a in self.answers]

    @property
    def turns(self) -> int:
        """Guesses played so far."""
        return max(len(b.history) for b in self.boards)

    @property
    def won(self) -> bool:
        """True when every board is solved."""
        return all(b.won for b in self.boards)

    @property
    def over(self) -> bool:
        """True when won or out of guesses."""
        return self.won or self.turns >= multi_board_guesses(len(self.boards))

    def rejection(self, guess: str) -> str | None:
        """Why the guess is refused (the first open board's reason), or None."""
        if self.over:
            return "the game is over"
        for board in self.boards:
            if not board.won:
                return board.rejection(guess)
        return None

    def guess(self, guess: str) -> list[Reply | None]:
        """Play a guess on every open board; None for boards already solved."""
        reason = self.rejection(guess)
        if reason is not None:
            raise LexigridError(reason)
        replies: list[Reply | None] = []
        for board in self.boards:
            if board.won:
                replies.append(None)
            else:
                # hard mode is checked once for the game, on the first open board
                board.hard = False
                replies.append(board.guess(guess))
                board.hard = self.hard
        return replies


def _adversary_order(reply: Reply, length: int) -> tuple[int, int]:
    colours = decode(reply, length)
    return colours.count(GREEN), colours.count(YELLOW)


@dataclass
class Absurdle:
    """Absurdle: no fixed answer; each reply keeps the most candidates (then fewest greens, yellows)."""

    table: ReplyTable
    hard: bool = False
    candidates: Indices = field(init=False)
    history: list[Turn] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.candidates = self.table.all_answers()

    @property
    def won(self) -> bool:
        """True once the adversary had to answer all green."""
        return bool(self.history) and self.history[-1][1] == self.table.solved

    def rejection(self, guess: str) -> str | None:
        """Why the guess is refused, or None."""
        word = guess.strip().upper()
        length = self.table.lists.length
        if self.won:
            return "the game is over"
        if len(word) != length or not self.table.lists.is_guess(word):
            return f"{word} is not a {length}-letter word in the word list"
        return hard_mode_violation(word, self.history) if self.hard else None

    def guess(self, guess: str) -> Reply:
        """The adversary's reply: the part with the most candidates."""
        reason = self.rejection(guess)
        if reason is not None:
            raise LexigridError(reason)
        word = guess.strip().upper()
        g = self.table.lists.guess_index(word)
        replies = self.table.codes[g, self.candidates].astype(np.int64)
        counts = np.bincount(replies, minlength=self.table.n_replies)
        length = self.table.lists.length
        best = min(
            (int(r) for r in np.flatnonzero(counts)),
            key=lambda r: (-counts[r], _adversary_order(r, length)),
        )
        self.candidates = self.candidates[replies == best]
        self.history.append((word, best))
        return best


__all__ = ["BOARD_NAMES", "Absurdle", "MultiGame", "multi_board_guesses"]
