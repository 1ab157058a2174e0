"""Web routes for Q-Less: roll, solve, count, rate and check grids, the daily roll; the pages."""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse

from lexigrid.dates import parse_date
from lexigrid.lexicon import Lexicon
from lexigrid.qless import difficulty, first_solution, parse_grid, parse_roll, roll
from lexigrid.qless.report import check_report, daily_report, solve_report
from lexigrid.web.common import budgeted, lexicon_by_name, templates

api = APIRouter()
pages = APIRouter()

Letters = Annotated[str, Query(max_length=40, description="The 12 letters of a roll, e.g. BFHLRCTTNOAE.")]
# A roll the solver warms its word tables on, in the server process, before solves fork from it.
WARM_ROLL = "BFHLRCTTNOAE"
MAX_LIMIT = 1000


@lru_cache(maxsize=8)
def _warm(name: str) -> None:
    first_solution(WARM_ROLL, lexicon_by_name(name))


def _lexicon(name: str | None) -> Lexicon:
    lex = lexicon_by_name(name)
    _warm(lex.name)
    return lex


@api.get("/roll")
def roll_dice(seed: Annotated[int | None, Query(ge=0, le=2**63)] = None) -> dict[str, Any]:
    """Roll the twelve dice. Same shape as `lexigrid qless roll --json`."""
    return {"letters": roll(seed), "seed": seed}


def _solve(letters: str, name: str, common: int | None, limit: int, count: bool) -> dict[str, Any]:
    return solve_report(letters, _lexicon(name), common=common, limit=limit, count=count)


@api.get("/solve")
def solve_roll(
    letters: Letters,
    limit: Annotated[int, Query(ge=1, le=MAX_LIMIT, description="At most N solutions.")] = 1,
    count: Annotated[bool, Query(description="Only count every distinct solution.")] = False,
    common: Annotated[int | None, Query(ge=1, description="Only the N most frequent words.")] = None,
    lexicon: str | None = None,
) -> dict[str, Any]:
    """Solutions of a roll (the first by default). Same shape as `lexigrid qless solve --json`."""
    return budgeted(_solve, parse_roll(letters), _lexicon(lexicon).name, common, limit, count)


@api.get("/check")
def check(
    grid: Annotated[str, Query(max_length=800, description="Rows joined by '/', '.' empty: CAT/A../T..")],
    letters: Letters,
    lexicon: str | None = None,
) -> dict[str, Any]:
    """What is wrong with a grid. Same shape as `lexigrid qless check --json`."""
    return check_report(parse_roll(letters), parse_grid(grid), lexicon_by_name(lexicon))


def _difficulty(letters: str, name: str) -> dict[str, Any]:
    return difficulty(letters, _lexicon(name)).as_dict()


@api.get("/difficulty")
def rate(letters: Letters, lexicon: str | None = None) -> dict[str, Any]:
    """A roll's weekday class. Same shape as `lexigrid qless difficulty --json`."""
    return budgeted(_difficulty, parse_roll(letters), _lexicon(lexicon).name)


def _hint(letters: str, level: int, grid: str | None, name: str, common: int | None) -> dict[str, Any]:
    from lexigrid.qless.hint import hint
    from lexigrid.qless.words import COMMON_WORDS

    partial = None if grid is None else parse_grid(grid)
    found = hint(letters, level, _lexicon(name), partial=partial, common=common or COMMON_WORDS)
    return found.as_dict()


@api.get("/hint")
def hint_for(
    letters: Letters,
    level: Annotated[
        int, Query(ge=1, le=4, description="1: is it solvable; 2: a word; 3: its place; 4: all.")
    ] = 1,
    grid: Annotated[
        str | None, Query(max_length=800, description="What is placed so far, e.g. CAT/A../T..")
    ] = None,
    common: Annotated[
        int | None, Query(ge=1, description="The N most frequent words count as common.")
    ] = None,
    lexicon: str | None = None,
) -> dict[str, Any]:
    """A clue from the exact solutions, from the grid placed on. Same as `lexigrid qless hint --json`."""
    roll_letters = parse_roll(letters)
    if grid is not None:
        parse_grid(grid)  # a grid that does not parse is refused here, in one line
    return budgeted(_hint, roll_letters, level, grid, _lexicon(lexicon).name, common)


def _daily(day: str, name: str, with_solution: bool) -> dict[str, Any]:
    return daily_report(parse_date(day), _lexicon(name), with_solution)


@api.get("/daily")
def daily_roll(
    date: Annotated[str | None, Query(max_length=10, description="YYYY-MM-DD (default: today, UTC).")] = None,
    solution: bool = False,
    lexicon: str | None = None,
) -> dict[str, Any]:
    """The roll of the day, of its weekday's difficulty. Same shape as `lexigrid qless daily --json`."""
    return budgeted(_daily, parse_date(date).isoformat(), _lexicon(lexicon).name, solution)


@pages.get("", response_class=HTMLResponse)
def clues_page(request: Request) -> HTMLResponse:
    """Letters or a roll, the solutions list, the solution viewer."""
    return templates.TemplateResponse(request, "qless.html", {})


@pages.get("/play", response_class=HTMLResponse)
def play_page(request: Request) -> HTMLResponse:
    """Build a grid from a roll; the validator says what is wrong."""
    return templates.TemplateResponse(request, "qless_play.html", {})


def warm() -> None:
    """Build the default lexicon's word tables in this process before solves fork from it."""
    _lexicon(None)
