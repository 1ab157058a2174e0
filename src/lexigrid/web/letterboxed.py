"""Web routes for Letter Boxed: solve a board, check a chain (with every reason), hints; the pages."""

from __future__ import annotations

import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse

from lexigrid.errors import LexigridError
from lexigrid.letterboxed import Board, parse_shape, parse_words
from lexigrid.letterboxed import check as check_chain
from lexigrid.letterboxed import hint as hints_for
from lexigrid.letterboxed import new_board as make_board
from lexigrid.letterboxed.report import hints_report, solve_report
from lexigrid.letterboxed.solve import check_max_words
from lexigrid.lexicon import Lexicon
from lexigrid.web.common import budgeted, lexicon_by_name, templates

api = APIRouter()
pages = APIRouter()

Sides = Annotated[str, Query(max_length=60, description="The sides, e.g. VYQ,FIG,OTE,XLU.")]
Shape = Annotated[str, Query(max_length=10, description="NxM sides x letters, or 'any'.")]
MaxWords = Annotated[int, Query(ge=1, le=6)]
Common = Annotated[int | None, Query(ge=1)]
AllowOffensive = Annotated[
    bool, Query(description="Also use offensive words (left out by default), as --allow-offensive.")
]
# Boards to play, from the NYT's published puzzles.
PLAY_BOARDS = ("VYQ,FIG,OTE,XLU", "RME,WCL,TGK,API", "UAP,LTI,DRO,CEN", "IKN,SOH,ALB,UCT")


def _lexicon(name: str | None) -> Lexicon:
    """A lexicon by name, loaded in this process before a solve forks."""
    return lexicon_by_name(name)


# The share of the server's solve budget a search may use before it stops and answers what it finished.
SEARCH_SHARE = 0.8


def _solve(
    board: Board,
    name: str,
    top: int,
    max_words: int,
    common: int | None,
    seconds: float | None,
    allow_offensive: bool,
) -> dict[str, Any]:
    from lexigrid.letterboxed import solver
    from lexigrid.web import common as web

    lex = _lexicon(name)
    started = time.perf_counter()
    s = solver(board, lex, common, allow_offensive=allow_offensive)
    limit = SEARCH_SHARE * web.SOLVE_BUDGET_SECONDS
    s.stop_after(limit if seconds is None else min(seconds, limit))
    solutions = s.best(top, max_words)
    return solve_report(board, lex, s, solutions, (time.perf_counter() - started) * 1000, 0.0)


@api.get("/solve")
def solve(
    sides: Sides,
    top: Annotated[int, Query(ge=1, le=500)] = 20,
    max_words: MaxWords = 4,
    common: Common = None,
    shape: Shape = "4x3",
    seconds: Annotated[
        float | None,
        Query(
            gt=0, allow_inf_nan=False, description="Stop the search after this many seconds (as --seconds)."
        ),
    ] = None,
    allow_offensive: AllowOffensive = False,
    lexicon: str | None = None,
) -> dict[str, Any]:
    """The best solutions of a board. Same shape as `lexigrid letterboxed solve --json`."""
    board = Board.parse(sides, parse_shape(shape))
    check_max_words(max_words)
    name = _lexicon(lexicon).name
    return budgeted(_solve, board, name, top, max_words, common, seconds, allow_offensive)


@api.get("/new")
def new_board(
    seed: Annotated[int | None, Query(ge=0, le=2**62, description="The board of this seed.")] = None,
    date: Annotated[str | None, Query(max_length=10, description="The board of a date, YYYY-MM-DD.")] = None,
    reveal: bool = False,
    allow_offensive: AllowOffensive = False,
) -> dict[str, Any]:
    """A new board with a two-word solution (random, seeded or of a date), as `letterboxed new --json`."""
    return make_board(seed, date, _lexicon(None), allow_offensive=allow_offensive).as_dict(reveal)


@api.get("/check")
def check(
    sides: Sides,
    words: Annotated[str, Query(max_length=200, description="The chain, e.g. FOXGLOVE-EQUITY.")],
    shape: Shape = "4x3",
    lexicon: str | None = None,
) -> dict[str, Any]:
    """Is the chain a solution, and every reason it is not. Same shape as `letterboxed check --json`."""
    board = Board.parse(sides, parse_shape(shape))
    lex = lexicon_by_name(lexicon)
    return {**check_chain(board, parse_words(words), lex).as_dict(), "lexicon": lex.name}


def _hints(
    board: Board,
    name: str,
    played: tuple[str, ...],
    top: int,
    max_words: int,
    common: int | None,
    allow_offensive: bool,
    in_par: bool = False,
) -> dict[str, Any]:
    from lexigrid.letterboxed import solver
    from lexigrid.letterboxed.par import hints_in_par, par

    lex = _lexicon(name)
    s = solver(board, lex, common, allow_offensive=allow_offensive)
    if not in_par:
        return hints_report(board, lex, played, hints_for(s, lex, played, top=top, max_words=max_words))
    board_par = par(board, lex, allow_offensive=allow_offensive)
    found, in_reach = hints_in_par(s, lex, played, board_par, top=top)
    return hints_report(board, lex, played, found, board_par, in_reach)


def _par(board: Board, name: str, allow_offensive: bool) -> dict[str, Any]:
    from lexigrid.letterboxed.par import par

    return {"board": str(board), **par(board, _lexicon(name), allow_offensive=allow_offensive).as_dict()}


@api.get("/par")
def board_par(
    sides: Sides,
    shape: Shape = "4x3",
    allow_offensive: AllowOffensive = False,
    lexicon: str | None = None,
) -> dict[str, Any]:
    """The board's par: the fewest words of a common-word solution plus two (docs/letterboxed.md)."""
    board = Board.parse(sides, parse_shape(shape))
    return budgeted(_par, board, _lexicon(lexicon).name, allow_offensive)


@api.get("/hint")
def hint(
    sides: Sides,
    played: Annotated[str, Query(max_length=200)] = "",
    top: Annotated[int, Query(ge=1, le=100)] = 10,
    max_words: MaxWords = 4,
    common: Common = None,
    shape: Shape = "4x3",
    allow_offensive: AllowOffensive = False,
    par: Annotated[
        bool, Query(description="Aim for a finish in the board's par instead of max_words, as --par.")
    ] = False,
    lexicon: str | None = None,
) -> dict[str, Any]:
    """The best next words after the words played. Same shape as `lexigrid letterboxed hint --json`."""
    board = Board.parse(sides, parse_shape(shape))
    check_max_words(max_words)
    words = parse_words(played)
    name = _lexicon(lexicon).name
    return budgeted(_hints, board, name, words, top, max_words, common, allow_offensive, par)


NewChoice = Annotated[Literal["today", "new"] | None, Query(description="Today's board, or a new one.")]


def _page(request: Request, mode: str, sides: str | None, board_choice: str | None = None) -> HTMLResponse:
    """The page of a board; a board that does not parse keeps the text as typed and shows why, with no
    other board in its place (its solutions would look like the answer for the board typed)."""
    board, problem = PLAY_BOARDS[0], ""
    if board_choice is not None:
        today = "today" if board_choice == "today" else None
        board = str(make_board(date=today, lexicon=_lexicon(None)).board)
    elif sides:
        try:
            board = str(Board.parse(sides))
        except LexigridError as error:
            board, problem = sides, str(error)
    context = {"mode": mode, "sides": board, "boards": PLAY_BOARDS, "problem": problem}
    return templates.TemplateResponse(request, "letterboxed.html", context)


@pages.get("", response_class=HTMLResponse)
def play_page(request: Request, sides: str | None = None, board: NewChoice = None) -> HTMLResponse:
    """Play a board (a board that does not parse shows the reason, and no board)."""
    return _page(request, "play", sides, board)


@pages.get("/solve", response_class=HTMLResponse)
def solve_page(request: Request, sides: str | None = None) -> HTMLResponse:
    """Solve a board."""
    return _page(request, "solve", sides)


def warm() -> None:
    """Build the default lexicon's alphabet index in this process before solves fork from it."""
    _lexicon(None)
