"""Difficulty classes and the daily roll."""

from __future__ import annotations

import datetime as dt

import pytest

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.qless import WEEKDAYS, count_solutions, daily, difficulty, parse_date, solve
from lexigrid.qless.difficulty import weekday_for

# name: (common-word solutions, whole-lexicon solutions, class)
CLASSES = {
    "many common": (3787, 0, "Monday"),
    "500 common": (500, 0, "Monday"),
    "499 common": (499, 0, "Tuesday"),
    "100 common": (100, 0, "Tuesday"),
    "20 common": (20, 0, "Wednesday"),
    "19 common": (19, 0, "Thursday"),
    "5 common": (5, 0, "Thursday"),
    "4 common": (4, 0, "Friday"),
    "1 common": (1, 0, "Friday"),
    "none common, many": (0, 100, "Saturday"),
    "none common, 99": (0, 99, "Sunday"),
    "none common, 1": (0, 1, "Sunday"),
    "none at all": (0, 0, None),
}


@pytest.mark.parametrize("name", CLASSES)
def test_weekday_rule(name: str) -> None:
    common, solutions, weekday = CLASSES[name]
    assert weekday_for(common, solutions) == weekday


@pytest.mark.parametrize("letters", ["MVHRRNPBMNEO", "BGRRGNPJCNEO", "LVHLDXHDTNUO", "BCDFGHJKLMNP"])
def test_difficulty_follows_the_exact_counts(default_lexicon: Lexicon, letters: str) -> None:
    rating = difficulty(letters, default_lexicon)
    common = count_solutions(letters, default_lexicon, common=10_000)
    assert rating.common_solutions == common
    whole = 0 if common else len(list(solve(letters, default_lexicon, limit=100)))
    assert rating.solutions == whole
    assert rating.weekday == weekday_for(common, whole)
    assert rating.as_dict()["weekday"] == rating.weekday


def test_daily_is_deterministic_and_matches_its_weekday(default_lexicon: Lexicon) -> None:
    day = dt.date(2026, 11, 22)
    puzzle = daily(day, default_lexicon)
    assert puzzle.weekday == WEEKDAYS[day.weekday()] == "Sunday"
    assert puzzle.difficulty.weekday == "Sunday"
    assert difficulty(puzzle.letters, default_lexicon).weekday == "Sunday"
    assert daily("2026-11-22", default_lexicon) == puzzle


@pytest.mark.slow
def test_a_week_of_dailies_covers_every_class(default_lexicon: Lexicon) -> None:
    week = [daily(dt.date(2026, 11, 16) + dt.timedelta(days=i), default_lexicon) for i in range(7)]
    assert [p.difficulty.weekday for p in week] == list(WEEKDAYS)
    assert len({p.letters for p in week}) == 7


@pytest.mark.parametrize("text", ["2026-13-01", "yesterday", "22/11/2026"])
def test_bad_dates_are_refused(text: str) -> None:
    with pytest.raises(LexigridError, match="YYYY-MM-DD"):
        parse_date(text)
