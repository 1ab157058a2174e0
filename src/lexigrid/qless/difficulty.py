"""Difficulty: a roll's weekday class, Monday (easiest) to Sunday, from its exact solution counts.

The rule counts what a player can find: solutions made only of common words (the lexicon's 10,000 most
frequent), and, when there are none, solutions with the whole lexicon.

| class | common-word solutions | whole-lexicon solutions |
|---|---|---|
| Monday | 500 or more | |
| Tuesday | 100-499 | |
| Wednesday | 20-99 | |
| Thursday | 5-19 | |
| Friday | 1-4 | |
| Saturday | 0 | 100 or more |
| Sunday | 0 | 1-99 |

Rolls with no solution at all get no class. Over random rolls of the real dice the seven classes hold
between about 5% and 22% of rolls each (see `benchmarks/bench_qless.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lexigrid.lexicon import Lexicon, load
from lexigrid.qless.solver import count_solutions, letters_of, solve
from lexigrid.qless.words import COMMON_WORDS

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
# Least common-word solutions for Monday..Friday.
COMMON_THRESHOLDS = (500, 100, 20, 5, 1)
# Least whole-lexicon solutions for Saturday (fewer, but at least one, is Sunday).
SATURDAY_SOLUTIONS = 100


@dataclass(frozen=True, slots=True)
class Difficulty:
    """A roll's rating: its class (None when unsolvable) and the counts behind it."""

    letters: str
    weekday: str | None
    common_solutions: int
    solutions: int  # whole-lexicon solutions, counted up to SATURDAY_SOLUTIONS (only when no common one)

    @property
    def level(self) -> int | None:
        """0 (Monday) .. 6 (Sunday), None when unsolvable."""
        return None if self.weekday is None else WEEKDAYS.index(self.weekday)

    @property
    def reason(self) -> str:
        """Why the roll has its class, in words."""
        if self.common_solutions:
            return f"{self.common_solutions} solutions with common words"
        if self.solutions >= SATURDAY_SOLUTIONS:
            return f"no solution with common words, {SATURDAY_SOLUTIONS}+ with the whole lexicon"
        if self.solutions:
            return f"no solution with common words, {self.solutions} with the whole lexicon"
        return "no solution"

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of a rating."""
        return {
            "letters": self.letters,
            "weekday": self.weekday,
            "level": self.level,
            "common_solutions": self.common_solutions,
            "solutions": self.solutions,
            "reason": self.reason,
        }


def weekday_for(common_solutions: int, solutions: int) -> str | None:
    """The class of a roll with these counts (see the module's table)."""
    for weekday, least in zip(WEEKDAYS, COMMON_THRESHOLDS, strict=False):
        if common_solutions >= least:
            return weekday
    if solutions >= SATURDAY_SOLUTIONS:
        return "Saturday"
    return "Sunday" if solutions else None


def difficulty(letters: str, lexicon: Lexicon | None = None, *, common: int = COMMON_WORDS) -> Difficulty:
    """Rate a roll: count its common-word solutions, and its whole-lexicon ones when there are none."""
    roll = letters_of(letters)
    lex = lexicon if lexicon is not None else load()
    common_solutions = count_solutions(roll, lex, common=common)
    solutions = 0
    if not common_solutions:
        solutions = sum(1 for _ in solve(roll, lex, limit=SATURDAY_SOLUTIONS))
    return Difficulty(roll, weekday_for(common_solutions, solutions), common_solutions, solutions)
