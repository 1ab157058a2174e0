"""A streamed solve as NDJSON lines: start, a line a progress report, then the result or a one-line error."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

import anyio
from fastapi.responses import StreamingResponse
from starlette.background import BackgroundTask

from lexigrid.budget import BudgetExceeded
from lexigrid.errors import LexigridError
from lexigrid.web import pool

log = logging.getLogger("lexigrid.web")


NO_BUFFERING = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}  # each line reaches the page at once


def response(
    stream: pool.SolveStream,
    start: dict[str, Any],
    *,
    what: str,
    result: Callable[[Any], dict[str, Any]],
    close: Callable[[], None],
) -> StreamingResponse:
    """The stream's `events` as an NDJSON response; `close` runs when they end, and again once the response
    is done (also when the page went away before the stream began)."""
    lines = events(stream, start, what=what, result=result, close=close)
    return StreamingResponse(
        lines, media_type="application/x-ndjson", headers=NO_BUFFERING, background=BackgroundTask(close)
    )


def line(event: dict[str, Any]) -> bytes:
    """One NDJSON line."""
    return json.dumps(event, separators=(",", ":")).encode() + b"\n"


async def events(
    stream: pool.SolveStream,
    start: dict[str, Any],
    *,
    what: str,
    result: Callable[[Any], dict[str, Any]],
    close: Callable[[], None],
) -> AsyncIterator[bytes]:
    """The stream's lines: `start`, each progress report (a dict: its keys beside `"event"`), then
    `result(value)` or an error naming `what` (the solve, e.g. "simulation"); `close` runs at the end, also
    when the page went away."""
    try:
        yield line(start)
        while True:
            try:
                kind, value = await anyio.to_thread.run_sync(next, stream)
            except (LexigridError, BudgetExceeded) as error:
                message = str(error) if isinstance(error, LexigridError) else f"the {what} was {error}"
                yield line({"event": "error", "error": message})
                return
            except Exception:
                log.exception("internal error in a %s", what)
                yield line({"event": "error", "error": "internal error (see the server log)"})
                return
            if kind == "progress":
                yield line({"event": "progress", **value})
                continue
            yield line({"event": "result", **result(value)})
            return
    finally:
        close()
