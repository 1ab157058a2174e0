"""The Wordle oracle: least totals found by trying every guess at every node, no bounds, no pruning."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable
from functools import cache

from lexigrid.wordle.game import hard_mode_violation
from lexigrid.wordle.reply import reply_for, solved
from lexigrid.wordle.words import WordLists

Answers = frozenset[str]
Cost = Callable[[Answers, Answers, int], float]
After = Callable[[str, Answers, Answers, int], float]


def _search(lists: WordLists, hard: bool) -> tuple[Cost, After]:
    """The least total of a position (`cost`), and of a position after a given guess (`after`)."""
    done = solved(lists.length)

    @cache
    def cost(answers: Answers, allowed: Answers, depth: int) -> float:
        if len(answers) == 1:
            return 1 if depth >= 1 else math.inf
        if depth == 0:
            return math.inf
        return min((after(guess, answers, allowed, depth) for guess in sorted(allowed)), default=math.inf)

    def after(guess: str, answers: Answers, allowed: Answers, depth: int) -> float:
        parts: dict[int, set[str]] = defaultdict(set)
        for answer in answers:
            parts[reply_for(guess, answer)].add(answer)
        total: float = len(answers)
        for reply, part in parts.items():
            if reply != done:
                rest = allowed
                if hard:
                    rest = frozenset(w for w in allowed if hard_mode_violation(w, [(guess, reply)]) is None)
                total += cost(frozenset(part), rest, depth - 1)
        return total

    return cost, after


def brute_force_total(lists: WordLists, depth: int, hard: bool) -> float:
    """The least total guesses over every tree of at most `depth` guesses."""
    cost, _ = _search(lists, hard)
    return cost(frozenset(lists.answers), frozenset(lists.guesses), depth)


def brute_force_openers(lists: WordLists, hard: bool, depth: int = 6) -> dict[str, float]:
    """Each first guess's least total."""
    _, after = _search(lists, hard)
    every = frozenset(lists.guesses)
    return {g: after(g, frozenset(lists.answers), every, depth) for g in lists.guesses}
