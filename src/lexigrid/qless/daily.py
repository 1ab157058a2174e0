"""The daily roll: for each date, the first seeded roll whose difficulty matches the date's weekday."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from lexigrid.dates import parse_date
from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon, load
from lexigrid.qless.dice import roll
from lexigrid.qless.difficulty import WEEKDAYS, Difficulty, difficulty

MAX_TRIES = 10_000  # seeds tried per day; each class holds at least ~1% of rolls, so this is never met


@dataclass(frozen=True, slots=True)
class Daily:
    """The puzzle of a date: its roll, the seed that rolled it and the roll's rating."""

    date: dt.date
    letters: str
    seed: int
    difficulty: Difficulty

    @property
    def weekday(self) -> str:
        """The date's weekday, which is also the roll's class."""
        return WEEKDAYS[self.date.weekday()]

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of a daily puzzle."""
        return {
            "date": self.date.isoformat(),
            "weekday": self.weekday,
            "letters": self.letters,
            "seed": self.seed,
            "difficulty": self.difficulty.as_dict(),
        }


def daily_seeds(day: dt.date) -> range:
    """The seeds tried for a date, in order: YYYYMMDD000, YYYYMMDD001, ..."""
    base = (day.year * 10_000 + day.month * 100 + day.day) * MAX_TRIES
    return range(base, base + MAX_TRIES)


def daily(day: dt.date | str | None = None, lexicon: Lexicon | None = None) -> Daily:
    """The roll of the day: the first of the date's seeds whose class is the date's weekday."""
    date = day if isinstance(day, dt.date) else parse_date(day)
    lex = lexicon if lexicon is not None else load()
    weekday = WEEKDAYS[date.weekday()]
    for seed in daily_seeds(date):
        letters = roll(seed)
        rating = difficulty(letters, lex)
        if rating.weekday == weekday:
            return Daily(date, letters, seed, rating)
    raise LexigridError(f"no {weekday} roll among {MAX_TRIES} seeds for {date}: is the lexicon tiny?")
