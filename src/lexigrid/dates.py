"""The day of a daily puzzle: every date a user gives (Q-Less, Letter Boxed, Wordle games) is parsed here."""

from __future__ import annotations

import datetime as dt

from lexigrid.errors import LexigridError


def parse_date(text: str | None) -> dt.date:
    """A date from YYYY-MM-DD (today in UTC when None)."""
    if text is None:
        return dt.datetime.now(dt.UTC).date()
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise LexigridError(f"date {text!r} is not a date: use YYYY-MM-DD, e.g. 2026-11-22") from None
