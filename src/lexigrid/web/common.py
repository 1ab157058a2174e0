"""What every page and API route shares: templates, lexicons by name, time budgets, JSON errors."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from fastapi.templating import Jinja2Templates

from lexigrid.budget import call_with_budget
from lexigrid.errors import LexigridError
from lexigrid.lexicon import DEFAULT_LEXICON, Lexicon, load
from lexigrid.lexicon.sources import canonical_name

R = TypeVar("R")

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=HERE / "templates")

# Seconds one solve may take before the server stops it and answers 503.
SOLVE_BUDGET_SECONDS = float(os.environ.get("LEXIGRID_SOLVE_BUDGET", "5"))
# The largest request body accepted (bytes); larger ones get 413.
MAX_BODY_BYTES = 64 * 1024
MAX_QUERY_BYTES = 4 * 1024


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


def budgeted(fn: Callable[..., R], *args: Any, **kwargs: Any) -> R:
    """Run a solve within the server's time budget (BudgetExceeded -> HTTP 503)."""
    return call_with_budget(fn, *args, seconds=SOLVE_BUDGET_SECONDS, **kwargs)
