"""A game of Wordle: guesses checked against the rules (word list, length, hard mode), replies, keyboard."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from lexigrid.counts import count
from lexigrid.errors import LexigridError
from lexigrid.wordle.reply import GREEN, GREY, YELLOW, Reply, colours_for, decode, encode, solved
from lexigrid.wordle.table import Indices, ReplyTable

MAX_GUESSES = 6
Turn = tuple[str, Reply]  # a guess and the reply it got

_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


def hard_mode_violation(guess: str, history: list[Turn]) -> str | None:
    """Why `guess` breaks the hard-mode rule after `history`, or None when it keeps it.

    The rule (the game's): every green letter stays in its place, and every revealed letter
    (green or yellow) is used again, as many times as it was revealed in one guess.
    """
    for previous, reply in history:
        colours = decode(reply, len(previous))
        for i, (letter, colour) in enumerate(zip(previous, colours, strict=True)):
            if colour == GREEN and guess[i] != letter:
                return f"hard mode: the {_ORDINALS[i]} letter must be {letter}"
        revealed = Counter(letter for letter, c in zip(previous, colours, strict=True) if c != GREY)
        have = Counter(guess)
        for letter, needed in sorted(revealed.items()):
            if have[letter] < needed:
                times = "" if needed == 1 else f" {needed} times"
                return f"hard mode: the guess must contain {letter}{times}"
    return None


def hard_mode_allowed(table: ReplyTable, allowed: Indices, guess: int, reply: Reply) -> Indices:
    """The guesses among `allowed` that keep the hard-mode rule after `guess` got `reply`."""
    from lexigrid.wordle.kernels import keep_hard_mode

    return keep_hard_mode(table.guess_letters, table.guess_counts, allowed, guess, reply)


@dataclass
class Game:
    """One game: the hidden answer, the turns so far, and whether hard mode is on."""

    table: ReplyTable
    answer: str
    hard: bool = False
    max_guesses: int = MAX_GUESSES
    history: list[Turn] = field(default_factory=list)

    @property
    def won(self) -> bool:
        """True once a guess got the all-green reply."""
        return bool(self.history) and self.history[-1][1] == solved(len(self.answer))

    @property
    def over(self) -> bool:
        """True when the game is won or out of guesses."""
        return self.won or len(self.history) >= self.max_guesses

    def rejection(self, guess: str) -> str | None:
        """Why the game would refuse `guess` now, or None when it accepts it."""
        guess = guess.strip().upper()
        length = len(self.answer)
        if self.over:
            return "the game is over"
        if not (guess.isascii() and guess.isalpha()):
            return f"{guess!r} is not a word of letters A-Z"
        if len(guess) != length:
            return f"{guess} has {count(len(guess), 'letter')}: guess a {length}-letter word"
        if not self.table.lists.is_guess(guess):
            return f"{guess} is not in the word list"
        if self.hard:
            return hard_mode_violation(guess, self.history)
        return None

    def guess(self, guess: str) -> Reply:
        """Play a guess and return its reply; a clear error (the reason) when the game refuses it."""
        reason = self.rejection(guess)
        if reason is not None:
            raise LexigridError(reason)
        guess = guess.strip().upper()
        reply = encode(colours_for(guess, self.answer))
        self.history.append((guess, reply))
        return reply

    def keyboard(self) -> dict[str, int]:
        """The best colour each guessed letter has shown so far (letters not yet guessed are absent)."""
        keys: dict[str, int] = {}
        for guess, reply in self.history:
            for letter, colour in zip(guess, decode(reply, len(guess)), strict=True):
                keys[letter] = max(keys.get(letter, GREY), colour)
        return keys


__all__ = [
    "GREEN",
    "GREY",
    "MAX_GUESSES",
    "YELLOW",
    "Game",
    "Turn",
    "hard_mode_allowed",
    "hard_mode_violation",
]
