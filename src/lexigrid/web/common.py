"""What every page and API route shares: templates, lexicons by name, time budgets, JSON errors."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

from fastapi import Path as PathPart
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict

from lexigrid.budget import call_with_budget
from lexigrid.errors import LexigridError
from lexigrid.lexicon import DEFAULT_LEXICON, Lexicon, load
from lexigrid.lexicon.sources import canonical_name
from lexigrid.web.pool import SolveCache, SolverPool

R = TypeVar("R")

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=HERE / "templates")

# Seconds one solve may take before the server stops it and answers 503.
SOLVE_BUDGET_SECONDS = float(os.environ.get("LEXIGRID_SOLVE_BUDGET", "5"))
# Solver processes (forked once from the warm server) and how long a request may wait for a free one.
SOLVE_WORKERS = int(os.environ.get("LEXIGRID_SOLVE_WORKERS", "0")) or os.cpu_count() or 2
SOLVE_QUEUE_SECONDS = float(os.environ.get("LEXIGRID_SOLVE_QUEUE", "20"))
# Solves are deterministic: the latest results are kept, and identical requests in flight share one solve.
SOLVE_CACHE_SIZE = 512
_pool: SolverPool | None = None
_solves = SolveCache(SOLVE_CACHE_SIZE)
# The largest request body accepted (bytes); larger ones get 413.
MAX_BODY_BYTES = 64 * 1024
MAX_QUERY_BYTES = 4 * 1024
GameId = Annotated[str, PathPart(pattern="^[0-9a-f]{1,32}$", description="A saved game's id.")]


class ApiRequest(BaseModel):
    """A JSON request body. A NaN or infinity is refused as not a finite number: JSON parsers read them,
    and a NaN passes no bound, so it would be refused as out of range, the wrong reason."""

    model_config = ConfigDict(allow_inf_nan=False)


def lexicon_by_name(name: str | None) -> Lexicon:
    """A lexicon by registered name only: the web never opens a file path."""
    if not name:
        return load(DEFAULT_LEXICON)
    canonical = canonical_name(name)
    if canonical is None:
        raise LexigridError(
            f"unknown lexicon {name!r}: the web app takes lexicon names only (see /api/lexicons)"
        )
    return load(canonical)


def solver_pool() -> SolverPool:
    """The server's solver processes (forked on first use)."""
    global _pool
    if _pool is None:
        _pool = SolverPool(SOLVE_WORKERS)
    return _pool


def budgeted(fn: Callable[..., R], *args: Any, budget: float | None = None, **kwargs: Any) -> R:
    """Run a solve in the solver pool within the server's time budget, or `budget` seconds when given
    (BudgetExceeded -> HTTP 503).

    fn, the arguments and the result are pickled: pass names and plain values, not lexicons or engines.
    """
    pool = solver_pool()
    seconds = SOLVE_BUDGET_SECONDS if budget is None else budget
    key = (fn.__module__, fn.__qualname__, args, tuple(sorted(kwargs.items())))
    return _solves.get(key, lambda: pool.call(fn, *args, seconds=seconds, wait=SOLVE_QUEUE_SECONDS, **kwargs))


def budgeted_fork(fn: Callable[..., R], *args: Any, budget: float | None = None, **kwargs: Any) -> R:
    """Run a call on live state (e.g. a game) in a child forked for it, within the server's time budget,
    or `budget` seconds when given (BudgetExceeded -> HTTP 503)."""
    seconds = SOLVE_BUDGET_SECONDS if budget is None else budget
    return call_with_budget(fn, *args, seconds=seconds, **kwargs)
