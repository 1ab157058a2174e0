"""The JSON shapes of solves, checks and daily rolls: `lexigrid qless ... --json` and the web API alike."""

from __future__ import annotations

import datetime as dt
import time
from itertools import islice
from typing import Any

from lexigrid.lexicon import Lexicon
from lexigrid.qless.daily import daily
from lexigrid.qless.notation import Grid
from lexigrid.qless.solver import count_solutions, first_solution, solve
from lexigrid.qless.validator import validate


def solve_report(
    letters: str, lex: Lexicon, *, common: int | None = None, limit: int | None = 1, count: bool = False
) -> dict[str, Any]:
    """A roll's solutions (at most `limit`; None: all), or only their count; `complete` when all are listed.

    The search asks for one solution more than `limit`, so `complete` is exact: false only when more
    solutions exist than are listed.
    """
    started = time.perf_counter()
    if count:
        total, solutions, complete = count_solutions(letters, lex, common=common), [], True
    else:
        found = solve(letters, lex, common=common, limit=None if limit is None else limit + 1)
        solutions = list(islice(found, limit))
        complete = next(found, None) is None
        total = len(solutions)
    return {
        "letters": letters,
        "lexicon": lex.name,
        "common": common,
        "solvable": total > 0,
        "solutions": [s.as_dict() for s in solutions],
        "count": total,
        "complete": complete,
        "elapsed_ms": round((time.perf_counter() - started) * 1000, 3),
    }


def check_report(letters: str, grid: Grid, lex: Lexicon) -> dict[str, Any]:
    """What is wrong with a grid for a roll (nothing: it is a solution)."""
    problems = validate(grid, letters, lex)
    return {
        "letters": letters,
        "grid": list(grid),
        "valid": not problems,
        "problems": [p.as_dict() for p in problems],
    }


def daily_report(day: dt.date, lex: Lexicon, with_solution: bool = False) -> dict[str, Any]:
    """The roll of a day with its rating, and one solution when asked."""
    puzzle = daily(day, lex)
    payload = puzzle.as_dict()
    if with_solution:
        found = first_solution(puzzle.letters, lex)
        payload["solution"] = found.as_dict() if found else None
    return payload
