"""Solving several boards at once (Dordle, Quordle): a greedy guesser and its backtest over seeded games."""

from __future__ import annotations

import functools
import random
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from lexigrid.errors import LexigridError, OptionError
from lexigrid.runner import DEFAULT_RUNNER, Runner
from lexigrid.wordle.strategies import score_guesses
from lexigrid.wordle.table import Indices, ReplyTable, reply_table
from lexigrid.wordle.tree import TreeSummary
from lexigrid.wordle.variants import multi_board_guesses
from lexigrid.wordle.words import WordLists

GIVE_UP = 40
# Per process: games share their first positions (all answers on every board), so remember decisions.
_decisions: dict[tuple[str, tuple[bytes, ...]], int] = {}


def multi_board_guess(table: ReplyTable, boards: list[Indices]) -> int:
    """The next guess for the unsolved boards' candidates: a sure answer first, else the most total bits.

    Among guesses with equal total information, one that could be an answer on some board wins.
    """
    open_boards = [c for c in boards if c.shape[0] > 0]
    for candidates in open_boards:
        if candidates.shape[0] == 1:
            return int(table.answer_guess[candidates[0]])
    allowed = table.all_guesses()
    bits = np.zeros(allowed.shape[0])
    could_be = np.zeros(allowed.shape[0], bool)
    for candidates in open_boards:
        scores = score_guesses(table, candidates, allowed)
        bits += scores.entropy(candidates.shape[0])
        could_be |= scores.is_candidate
    order = np.lexsort((allowed, ~could_be, -np.round(bits, 9)))
    return int(allowed[order[0]])


def play_boards(table: ReplyTable, answers: tuple[int, ...]) -> list[str]:
    """The guesses the greedy guesser plays until every board is solved."""
    boards = [table.all_answers() for _ in answers]
    solved = [False] * len(answers)
    played: list[str] = []
    while not all(solved) and len(played) < GIVE_UP:
        open_boards = [b for b, s in zip(boards, solved, strict=True) if not s]
        key = (table.lists.sha256, tuple(sorted(b.astype(np.int32).tobytes() for b in open_boards)))
        if key not in _decisions:
            if _decisions and next(iter(_decisions))[0] != key[0]:
                _decisions.clear()
            _decisions[key] = multi_board_guess(table, open_boards)
        guess = _decisions[key]
        played.append(table.lists.guesses[guess])
        for k, answer in enumerate(answers):
            if solved[k]:
                continue
            reply = int(table.codes[guess, answer])
            if reply == table.solved:
                solved[k] = True
            boards[k] = table.filter(boards[k], guess, reply)
    return played


@dataclass(frozen=True)
class MultiBoardResult:
    """Guess counts of the multi-board guesser over seeded games."""

    boards: int
    guesses: list[list[str]]
    seconds: float

    @property
    def counts(self) -> list[int]:
        """Guesses used in each game."""
        return [len(g) for g in self.guesses]

    @property
    def totals(self) -> TreeSummary:
        """Games, guesses, worst, failures (past the boards' guess limit) and the distribution."""
        return TreeSummary.of(self.counts, multi_board_guesses(self.boards))

    def summary(self) -> dict[str, Any]:
        """The JSON summary (the backtest's fields)."""
        return {
            "strategy": "multi-board entropy",
            "opener": self.guesses[0][0] if self.guesses else None,
            "boards": self.boards,
            **self.totals.as_dict(),
            "seconds": round(self.seconds, 3),
        }

    @property
    def distribution(self) -> dict[int, int]:
        """Games by number of guesses."""
        return self.totals.distribution


def _play(lists: WordLists, answers: tuple[int, ...]) -> list[str]:
    return play_boards(reply_table(lists), answers)


def multi_board_backtest(
    lists: WordLists,
    boards: int,
    *,
    games: int = 200,
    seed: int = 0,
    runner: Runner = DEFAULT_RUNNER,
) -> MultiBoardResult:
    """Play `games` seeded games of `boards` distinct answers each over `runner`."""
    if boards < 2:
        raise OptionError(
            "a multi-board backtest needs 2 boards or more",
            "boards",
            "a multi-board backtest needs {option} 2 or more",
        )
    if boards > len(lists.answers):
        raise LexigridError(f"{boards} boards need {boards} answers; the list has {len(lists.answers)}")
    start = time.perf_counter()
    reply_table(lists)
    rng = random.Random(seed)
    deals = [tuple(rng.sample(range(len(lists.answers)), boards)) for _ in range(games)]
    played = runner.run(functools.partial(_play, lists), deals, f"{boards}-board backtest")
    return MultiBoardResult(boards, played, time.perf_counter() - start)
