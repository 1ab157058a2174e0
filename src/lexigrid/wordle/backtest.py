"""The backtester: play a strategy against every answer (through the shared runner) and summarise."""

from __future__ import annotations

import functools
import hashlib
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from lexigrid.errors import LexigridError
from lexigrid.runner import DEFAULT_RUNNER, Runner
from lexigrid.wordle.game import MAX_GUESSES, hard_mode_allowed
from lexigrid.wordle.position import Position, Strategy
from lexigrid.wordle.reply import Reply
from lexigrid.wordle.strategies import strategy
from lexigrid.wordle.table import ReplyTable, reply_table
from lexigrid.wordle.tree import Tree, TreeSummary
from lexigrid.wordle.words import WordLists

GIVE_UP = 30  # a strategy that has not found the answer after this many guesses has failed for good


@dataclass(frozen=True)
class Plan:
    """What every game of a backtest shares: the lists, the strategy (or tree), the opener and the rules."""

    lists: WordLists
    strategy: str
    opener: str | None = None
    hard: bool = False
    tree: Tree | None = None


@dataclass(frozen=True)
class BacktestResult:
    """The guess counts of a strategy over every answer."""

    strategy: str
    opener: str | None
    hard: bool
    guesses: list[list[str]]
    seconds: float
    max_guesses: int = MAX_GUESSES

    @property
    def counts(self) -> list[int]:
        """Guesses used in each game."""
        return [len(g) for g in self.guesses]

    @functools.cached_property
    def totals(self) -> TreeSummary:
        """Games, guesses, the most any game took, failures and the distribution."""
        return TreeSummary.of(self.counts, self.max_guesses)

    def summary(self) -> dict[str, Any]:
        """The JSON summary."""
        return {
            "strategy": self.strategy,
            "opener": self.opener,
            "hard": self.hard,
            **self.totals.as_dict(),
            "seconds": round(self.seconds, 3),
        }


# Per process: the decision of a deterministic strategy depends only on the position (the word lists,
# candidates and allowed guesses), and games share their early positions, so each process remembers
# them, for the lists of the latest backtest only.
_decisions: dict[tuple[str, str, bytes], int] = {}


def _position_key(name: str, position: Position) -> tuple[str, str, bytes]:
    digest = hashlib.blake2b(position.allowed.tobytes(), digest_size=16).digest() if position.hard else b""
    return name, position.table.lists.sha256, position.candidates.astype(np.int32).tobytes() + digest


def _choose(chooser: Strategy, position: Position) -> int:
    key = _position_key(chooser.name, position)
    if key not in _decisions:
        if _decisions and next(iter(_decisions))[1] != key[1]:
            _decisions.clear()
        _decisions[key] = chooser.choose(position)
    return _decisions[key]


def play_game(table: ReplyTable, plan: Plan, answer: int) -> list[str]:
    """The guesses a strategy plays until it finds `answer` (an answer index)."""
    chooser = strategy(plan.strategy) if plan.tree is None else None
    candidates, allowed = table.all_answers(), table.all_guesses()
    node = plan.tree
    played: list[str] = []
    for turn in range(GIVE_UP):
        if node is not None:
            guess = table.lists.guess_index(node.guess)
        elif turn == 0 and plan.opener is not None:
            guess = table.guess_id(plan.opener)
        else:
            assert chooser is not None
            guess = _choose(chooser, Position(table, candidates, allowed, turn, plan.hard))
        reply: Reply = int(table.codes[guess, answer])
        played.append(table.lists.guesses[guess])
        if reply == table.solved:
            break
        candidates = table.filter(candidates, guess, reply)
        if plan.hard:
            allowed = hard_mode_allowed(table, allowed, guess, reply)
        if plan.tree is not None:
            node = node.children.get(reply) if node is not None else None
            if node is None:
                raise LexigridError(
                    f"the tree has no move after {played} (answer {table.lists.answers[answer]})"
                )
    return played


def _play(plan: Plan, answer: int) -> list[str]:
    return play_game(reply_table(plan.lists), plan, answer)


def backtest(
    lists: WordLists,
    strategy_name: str,
    *,
    opener: str | None = None,
    hard: bool = False,
    answers: list[str] | None = None,
    breadth: int | None = None,
    runner: Runner = DEFAULT_RUNNER,
) -> BacktestResult:
    """Play `strategy_name` against every answer (or the given ones) over `runner` and time it."""
    start = time.perf_counter()
    table = reply_table(lists)
    if opener is not None:
        opener = lists.guesses[table.guess_id(opener)]
    tree = None
    name = strategy_name.lower()
    if name == "optimal":
        from lexigrid.wordle.optimal import cached_optimal_tree

        tree = cached_optimal_tree(table, opener, hard=hard, breadth=breadth)
        opener = tree.guess
    else:
        strategy(name)  # a clear error for an unknown name before any work starts
    targets = [table.answer_id(a) for a in answers] if answers else list(range(len(lists.answers)))
    plan = Plan(lists, name, opener, hard, tree)
    games = runner.run(functools.partial(_play, plan), targets, f"{name} backtest")
    if opener is None and games:
        opener = games[0][0]
    return BacktestResult(name, opener, hard, games, time.perf_counter() - start)
