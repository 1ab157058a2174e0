"""Time budgets: run a solve in a forked child process and stop it when it takes too long."""

from __future__ import annotations

import multiprocessing
import os
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from lexigrid.errors import LexigridError

R = TypeVar("R")


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


def _child(conn: Connection, fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    try:
        conn.send(outcome_of(fn, args, kwargs))
    finally:
        conn.close()


def call_with_budget(fn: Callable[..., R], *args: Any, seconds: float, **kwargs: Any) -> R:
    """fn(*args, **kwargs) in a forked child; BudgetExceeded (child killed) after `seconds`.

    The child is forked, so whatever the parent has loaded (lexicons, indexes) costs nothing to reuse.
    """
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(sender, fn, args, kwargs), daemon=True)
    child.start()
    sender.close()
    try:
        if not receiver.poll(seconds):
            raise BudgetExceeded(f"stopped after the {seconds:g} s time budget")
        try:
            outcome = receiver.recv()
        except EOFError:
            raise RuntimeError(f"the solver process died (exit code {child.exitcode})") from None
    finally:
        receiver.close()
        if child.is_alive():
            child.kill()
        child.join()
        if hasattr(child, "close"):
            child.close()
    result: R = result_of(outcome)
    return result


def fork_available() -> bool:
    """Can this platform fork (Linux, macOS)?"""
    return hasattr(os, "fork")
