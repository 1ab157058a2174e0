"""Difficulty classes and the daily roll."""

from __future__ import annotations

import datetime as dt

import pytest

from lexigrid.dates import parse_date
from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.qless import COMMON_WORDS, WEEKDAYS, daily, difficulty, first_solution, solve
from lexigrid.qless.difficulty import weekday_for

# name: (common-word solutions, class)
CLASSES = {
    "many common": (3787, "Monday"),
    "500 common": (500, "Monday"),
    "499 common": (499, "Tuesday"),
    "100 common": (100, "Tuesday"),
    "30 common": (30, "Wednesday"),
    "29 common": (29, "Thursday"),
    "10 common": (10, "Thursday"),
    "9 common": (9, "Friday"),
    "4 common": (4, "Friday"),
    "3 common": (3, "Saturday"),
    "2 common": (2, "Saturday"),
    "1 common": (1, "Sunday"),
    "none common": (0, None),
}


@pytest.mark.parametrize("name", CLASSES)
def test_weekday_rule(name: str) -> None:
    common, weekday = CLASSES[name]
    assert weekday_for(common) == weekday


@pytest.mark.parametrize("letters", ["MVHRRNPBMNEO", "BGRRGNPJCNEO", "LVHLDXHDTNUO", "BCDFGHJKLMNP"])
def test_difficulty_follows_the_exact_counts(default_lexicon: Lexicon, letters: str) -> None:
    rating = difficulty(letters, default_lexicon)
    common = sum(1 for _ in solve(letters, default_lexicon, common=10_000))
    assert rating.common_solutions == common
    assert rating.solutions == sum(1 for _ in solve(letters, default_lexicon))  # exact, never capped
    assert rating.weekday == weekday_for(common)
    assert rating.as_dict()["weekday"] == rating.weekday


def test_daily_is_deterministic_and_matches_its_weekday(default_lexicon: Lexicon) -> None:
    day = dt.date(2026, 11, 22)
    puzzle = daily(day, default_lexicon)
    assert puzzle.weekday == WEEKDAYS[day.weekday()] == "Sunday"
    assert puzzle.difficulty.weekday == "Sunday"
    assert difficulty(puzzle.letters, default_lexicon).weekday == "Sunday"
    assert daily("2026-11-22", default_lexicon) == puzzle
    # the hardest day is still solvable with common words (the old rule gave LVHLDXHDTNUO: VULN, DOX)
    assert first_solution(puzzle.letters, default_lexicon, common=COMMON_WORDS) is not None


@pytest.mark.slow
def test_a_week_of_dailies_covers_every_class(default_lexicon: Lexicon) -> None:
    week = [daily(dt.date(2026, 11, 16) + dt.timedelta(days=i), default_lexicon) for i in range(7)]
    assert [p.difficulty.weekday for p in week] == list(WEEKDAYS)
    assert len({p.letters for p in week}) == 7


@pytest.mark.parametrize("text", ["2026-13-01", "yesterday", "22/11/2026"])
def test_bad_dates_are_refused(text: str) -> None:
    with pytest.raises(LexigridError, match="YYYY-MM-DD"):
        parse_date(text)
