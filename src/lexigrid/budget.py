"""Time budgets: run a solve in a forked child process and stop it when it takes too long; a solve may
`report` its progress to its caller as it goes."""

from __future__ import annotations

import math
import multiprocessing
import os
import time
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from lexigrid.errors import LexigridError

R = TypeVar("R")
STOP = "stop"  # the message asking a reporting solve to stop
_channel: Connection | None = None  # in a child running a reporting solve: its pipe, for `report`
_stop_asked = False  # in that child: the caller asked the solve to stop


class BudgetExceeded(Exception):
    """A call took longer than its time budget and was stopped."""


Outcome = tuple[str, Any]


def outcome_of(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Outcome:
    """Run fn in a solver process and describe what happened for the parent: ok, bad-input or failed."""
    try:
        return ("ok", fn(*args, **kwargs))
    except LexigridError as error:
        return ("bad-input", str(error))
    except BaseException as error:  # reported to the parent, which raises it there
        return ("failed", f"{type(error).__name__}: {error}\n{traceback.format_exc()}")


def result_of(outcome: Outcome) -> Any:
    """The value an outcome carries, or the error it reports raised in this process."""
    status, value = outcome
    if status == "bad-input":
        raise LexigridError(value)
    if status == "failed":
        raise RuntimeError(value)
    return value


def report(message: Any) -> bool:
    """From a solve that reports (a streamed one in a solver pool, or a budgeted call given `on_report`):
    send its caller `message`; True once the caller asks it to stop (elsewhere nothing is sent and the
    answer is False)."""
    stopped = stop_asked()
    if _channel is not None:
        _channel.send(("progress", message))
    return stopped


def stop_asked() -> bool:
    """From a solve that reports: whether its caller has asked it to stop (False where nothing reports)."""
    global _stop_asked
    conn = _channel
    if conn is None:
        return False
    while conn.poll():
        _stop_asked = conn.recv() == STOP or _stop_asked
    return _stop_asked


def stopping_clock(clock: Callable[[], float] = time.perf_counter) -> Callable[[], float]:
    """`clock`, which reads infinity once the solve's caller asks it to stop: a search given it and a
    deadline (even an infinite one) ends at its next look."""
    return lambda: math.inf if stop_asked() else clock()


def reporting_to(conn: Connection | None) -> None:
    """Give `report` the pipe of the solve starting in this process (None: it does not report)."""
    global _channel, _stop_asked
    _channel, _stop_asked = conn, False


def _child(
    conn: Connection, fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], reports: bool
) -> None:
    reporting_to(conn if reports else None)
    try:
        conn.send(outcome_of(fn, args, kwargs))
    finally:
        conn.close()


def call_with_budget(
    fn: Callable[..., R],
    *args: Any,
    seconds: float,
    on_report: Callable[[Any], None] | None = None,
    **kwargs: Any,
) -> R:
    """fn(*args, **kwargs) in a forked child; BudgetExceeded (child killed) after `seconds`. With
    `on_report`, each message the child sends through `report` is handed to it (in this process) as it comes.

    The child is forked, so whatever the parent has loaded (lexicons, indexes) costs nothing to reuse.
    """
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe()
    reports = on_report is not None
    child = context.Process(target=_child, args=(sender, fn, args, kwargs, reports), daemon=True)
    child.start()
    sender.close()
    try:
        outcome = _outcome(receiver, lambda: child.exitcode, seconds, on_report)
    finally:
        receiver.close()
        if child.is_alive():
            child.kill()
        child.join()
        if hasattr(child, "close"):
            child.close()
    result: R = result_of(outcome)
    return result


def _outcome(
    receiver: Connection,
    exitcode: Callable[[], int | None],
    seconds: float,
    on_report: Callable[[Any], None] | None,
) -> Outcome:
    """The child's outcome, its reports handed to `on_report` on the way; BudgetExceeded after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not receiver.poll(left):
            raise BudgetExceeded(f"stopped after the {seconds:g} s time budget")
        try:
            message: Outcome = receiver.recv()
        except EOFError:
            raise RuntimeError(f"the solver process died (exit code {exitcode()})") from None
        if message[0] != "progress":
            return message
        if on_report is not None:
            on_report(message[1])


def fork_available() -> bool:
    """Can this platform fork (Linux, macOS)?"""
    return hasattr(os, "fork")
