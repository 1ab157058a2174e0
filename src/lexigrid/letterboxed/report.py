"""The JSON shapes of solves and hints, shared by `lexigrid letterboxed ... --json` and the web API."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lexigrid.letterboxed.board import Board
from lexigrid.letterboxed.hint import Hint
from lexigrid.letterboxed.par import Par
from lexigrid.letterboxed.search import Solver
from lexigrid.letterboxed.solution import Solution
from lexigrid.lexicon import Lexicon


def solve_report(
    board: Board,
    lex: Lexicon,
    solver: Solver,
    solutions: Sequence[Solution],
    elapsed_ms: float,
    load_ms: float,
) -> dict[str, Any]:
    """A board's ranked solutions, its playable-word count, the time taken and whether a budget cut it."""
    return {
        "board": str(board),
        "lexicon": lex.name,
        "solutions": [x.as_dict() for x in solutions],
        "playable_words": len(solver.words),
        "complete": not solver.stopped,
        "complete_words": solver.complete_words,
        "elapsed_ms": round(elapsed_ms, 2),
        "load_ms": round(load_ms, 2),
    }


def stream_header(
    board: Board, lex: Lexicon, solver: Solver, max_words: int, expect: int | None
) -> dict[str, Any]:
    """The first line of `solve --all --json` (JSON Lines): the board and how many solutions to expect."""
    return {
        "board": str(board),
        "lexicon": lex.name,
        "playable_words": len(solver.words),
        "max_words": max_words,
        "expected_at_most": expect,
    }


def stream_footer(
    count: int, solver: Solver, stopped_after: float | None, elapsed_ms: float
) -> dict[str, Any]:
    """The last line of `solve --all --json`: how many solutions, and whether a budget stopped the search."""
    return {
        "count": count,
        "complete": stopped_after is None,
        "complete_words": solver.complete_words,
        "stopped_after_seconds": stopped_after,
        "elapsed_ms": round(elapsed_ms, 2),
    }


def hints_report(
    board: Board,
    lex: Lexicon,
    played: Sequence[str],
    hints: Sequence[Hint],
    board_par: Par | None = None,
    in_par: bool | None = None,
) -> dict[str, Any]:
    """The best next words after the words played; with the board's par, and whether they finish in it."""
    out: dict[str, Any] = {
        "board": str(board),
        "lexicon": lex.name,
        "played": list(played),
        "hints": [h.as_dict() for h in hints],
    }
    if board_par is not None:
        out |= {"par": board_par.as_dict(), "in_par": in_par}
    return out
