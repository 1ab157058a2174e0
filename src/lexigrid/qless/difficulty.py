"""Difficulty: a roll's weekday class, Monday (easiest) to Sunday, from its exact solution counts.

The rule counts what a player can find: solutions made only of common words (the lexicon's 10,000 most
frequent). Every class has at least one, so every daily roll can be solved without obscure words; the
hardest days have few such solutions, not none.

| class | common-word solutions |
|---|---|
| Monday | 500 or more |
| Tuesday | 100-499 |
| Wednesday | 30-99 |
| Thursday | 10-29 |
| Friday | 4-9 |
| Saturday | 2-3 |
| Sunday | 1 |

Rolls with no common-word solution get no class (they are never a daily roll), whatever their
whole-lexicon count, which is reported exactly beside. The share of random rolls in each class is
measured by `benchmarks/bench_qless.py --difficulty-only` (see docs/qless.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lexigrid.lexicon import Lexicon, load
from lexigrid.qless.solver import count_solutions, letters_of
from lexigrid.qless.words import COMMON_WORDS

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
# Least common-word solutions for Monday..Sunday.
COMMON_THRESHOLDS = (500, 100, 30, 10, 4, 2, 1)


@dataclass(frozen=True, slots=True)
class Difficulty:
    """A roll's rating: its class (None when unsolvable) and the counts behind it."""

    letters: str
    weekday: str | None
    common_solutions: int
    solutions: int  # whole-lexicon solutions, exactly

    @property
    def level(self) -> int | None:
        """0 (Monday) .. 6 (Sunday), None when unsolvable."""
        return None if self.weekday is None else WEEKDAYS.index(self.weekday)

    @property
    def reason(self) -> str:
        """Why the roll has its class, in words."""
        plural = "" if self.common_solutions == 1 else "s"
        if self.common_solutions:
            return f"{self.common_solutions} solution{plural} with common words, {self.solutions} in all"
        if self.solutions:
            return f"no solution with common words ({self.solutions} in all): never a daily roll"
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


def weekday_for(common_solutions: int) -> str | None:
    """The class of a roll with this many common-word solutions (see the module's table)."""
    for weekday, least in zip(WEEKDAYS, COMMON_THRESHOLDS, strict=True):
        if common_solutions >= least:
            return weekday
    return None


def difficulty(letters: str, lexicon: Lexicon | None = None, *, common: int = COMMON_WORDS) -> Difficulty:
    """Rate a roll: count its common-word solutions and its whole-lexicon ones, exactly."""
    roll = letters_of(letters)
    lex = lexicon if lexicon is not None else load()
    common_solutions = count_solutions(roll, lex, common=common)
    solutions = count_solutions(roll, lex)
    return Difficulty(roll, weekday_for(common_solutions), common_solutions, solutions)
