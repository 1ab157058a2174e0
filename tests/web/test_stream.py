"""A streamed solve's NDJSON lines: start, progress, the result or a one-line error; closed at the end."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import anyio
import pytest

from lexigrid.budget import BudgetExceeded
from lexigrid.errors import LexigridError
from lexigrid.web.stream import events


def _lines(reports: Iterator[tuple[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """Every line the stream yields, decoded, and what `close` saw."""
    closed: list[str] = []

    async def collect() -> list[dict[str, Any]]:
        stream = events(
            reports,  # type: ignore[arg-type]  # any iterator of (kind, value) stands for a SolveStream
            {"event": "start"},
            what="review",
            result=lambda value: {"result": value},
            close=lambda: closed.append("closed"),
        )
        return [json.loads(line) async for line in stream]

    return anyio.run(collect), closed


def _reports(*items: tuple[str, Any], error: Exception | None = None) -> Iterator[tuple[str, Any]]:
    yield from items
    if error is not None:
        raise error


def test_start_progress_and_result_then_closed() -> None:
    lines, closed = _lines(
        _reports(("progress", {"progress": 1}), ("progress", {"progress": 2}), ("result", {"best": "X"}))
    )
    assert lines == [
        {"event": "start"},
        {"event": "progress", "progress": 1},
        {"event": "progress", "progress": 2},
        {"event": "result", "result": {"best": "X"}},
    ]
    assert closed == ["closed"]


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (LexigridError("no such player: <b>X</b>"), "no such player: <b>X</b>"),
        (BudgetExceeded("stopped after 5 s"), "the review was stopped after 5 s"),
        (RuntimeError("a bug"), "internal error (see the server log)"),
    ],
)
def test_an_error_ends_the_stream_in_one_line(error: Exception, message: str) -> None:
    lines, closed = _lines(_reports(("progress", {"progress": 1}), error=error))
    assert lines == [
        {"event": "start"},
        {"event": "progress", "progress": 1},
        {"event": "error", "error": message},
    ]
    assert closed == ["closed"]
