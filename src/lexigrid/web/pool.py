"""Solver processes forked once from the warm server, each solve run in one of them within a time budget.

Forking a fresh child per solve costs ~40 ms and loses the child's memo caches; a pool forks its workers
once (after the tables are built), so a solve costs only its own time. A solve over budget has its worker
killed and replaced by a new fork; requests wait (up to a bound) for a free worker, so concurrent requests
queue instead of thrashing the CPU. Functions and arguments cross to the workers by pickling: pass names
and plain values, and let the worker look heavy objects up in its own (inherited) caches. A streamed solve
sends its progress with `budget.report`.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from lexigrid.budget import STOP, BudgetExceeded, outcome_of, reporting_to, result_of

R = TypeVar("R")
PARENT_CHECK_SECONDS = 2.0  # how often an idle worker checks that the server still runs
STOP_CHECK_SECONDS = 0.1  # how often a streamed solve's caller checks for a stop while waiting for news


def _detach(conn: Connection) -> None:
    """Keep only the worker's own pipe: inherited descriptors (sockets, other workers' pipes, a test
    browser's pipes) would otherwise stay open as long as the worker lives; and take default signals."""
    keep = conn.fileno()
    os.closerange(3, keep)
    os.closerange(keep + 1, os.sysconf("SC_OPEN_MAX"))
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the server, which stops its workers


def _serve(conn: Connection, parent: int) -> None:
    """A worker's loop: run each (fn, args, kwargs) it receives and send back the outcome."""
    _detach(conn)
    while True:
        try:
            while not conn.poll(PARENT_CHECK_SECONDS):
                if os.getppid() != parent:
                    return  # the server is gone
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task == STOP:
            continue  # a stop that arrived after its solve had ended
        fn, args, kwargs, streamed = task
        reporting_to(conn if streamed else None)
        outcome = outcome_of(fn, args, kwargs)
        reporting_to(None)
        try:
            conn.send(outcome)
        except Exception as error:  # e.g. an unpicklable result
            conn.send(("failed", f"{type(error).__name__}: {error}"))


class _Worker:
    def __init__(self) -> None:
        context = multiprocessing.get_context("fork")
        self.conn, child_end = context.Pipe()
        self.process: BaseProcess = context.Process(target=_serve, args=(child_end, os.getpid()), daemon=True)
        self.process.start()
        child_end.close()

    def stop(self) -> None:
        self.conn.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join()


class SolverPool:
    """`size` worker processes; `call` runs a function in a free one within a time budget."""

    def __init__(self, size: int) -> None:
        self.size = max(1, size)
        self._idle: queue.LifoQueue[_Worker] = queue.LifoQueue()
        self._workers: list[_Worker] = []
        self._lock = threading.Lock()

    def _start(self) -> None:
        with self._lock:
            while len(self._workers) < self.size:
                worker = _Worker()
                self._workers.append(worker)
                self._idle.put(worker)

    def _replace(self, worker: _Worker) -> None:
        worker.stop()
        fresh = _Worker()
        with self._lock:
            self._workers = [fresh if w is worker else w for w in self._workers]
        self._idle.put(fresh)

    def _acquire(self, wait: float) -> _Worker:
        """A free worker, waiting up to `wait` seconds (BudgetExceeded then)."""
        if len(self._workers) < self.size:
            self._start()
        try:
            return self._idle.get(timeout=wait)
        except queue.Empty:
            raise BudgetExceeded(f"not started: every solver was busy for {wait:g} s") from None

    def call(self, fn: Callable[..., R], *args: Any, seconds: float, wait: float, **kwargs: Any) -> R:
        """fn(*args, **kwargs) in a worker; BudgetExceeded after `seconds` running or `wait` queued."""
        worker = self._acquire(wait)
        healthy = False
        try:
            worker.conn.send((fn, args, kwargs, False))
            if not worker.conn.poll(seconds):
                raise BudgetExceeded(f"stopped after the {seconds:g} s time budget")
            try:
                outcome = worker.conn.recv()
            except EOFError:
                raise RuntimeError(f"the solver process died (exit code {worker.process.exitcode})") from None
            healthy = True
        finally:
            if healthy:
                self._idle.put(worker)
            else:
                self._replace(worker)
        result: R = result_of(outcome)
        return result

    def stream(
        self,
        fn: Callable[..., Any],
        *args: Any,
        seconds: float,
        wait: float,
        stop: threading.Event | None = None,
        **kwargs: Any,
    ) -> SolveStream:
        """Start fn(*args, **kwargs) in a worker (waiting up to `wait` for one) and stream what it reports."""
        worker = self._acquire(wait)
        try:
            worker.conn.send((fn, args, kwargs, True))
        except BaseException:
            self._replace(worker)
            raise
        return SolveStream(self, worker, seconds, stop)

    def close(self) -> None:
        """Stop every worker."""
        with self._lock:
            workers, self._workers = self._workers, []
        for worker in workers:
            worker.stop()
        self._idle = queue.LifoQueue()


class SolveStream:
    """A solve running in a worker: iterating gives ("progress", message) for each `report` it makes, then
    ("result", value); `stop` set, or `close()`, asks it to stop (its `report` answers True). Over the
    time budget the worker is killed and replaced (BudgetExceeded)."""

    def __init__(
        self, pool: SolverPool, worker: _Worker, seconds: float, stop: threading.Event | None
    ) -> None:
        self.pool, self.worker, self.seconds = pool, worker, seconds
        self.stop = stop or threading.Event()
        self.deadline = time.monotonic() + seconds
        self.asked = False  # the stop was sent to the worker
        self.done = False  # the worker is back in the pool (or replaced): nothing more comes

    def __iter__(self) -> SolveStream:
        return self

    def __next__(self) -> tuple[str, Any]:
        if self.done:
            raise StopIteration
        try:
            while True:
                if self.stop.is_set() and not self.asked:
                    self._ask_stop()
                message = self._receive(min(STOP_CHECK_SECONDS, self.deadline - time.monotonic()))
                if message is None:
                    continue
                if message[0] == "progress":
                    return ("progress", message[1])
                self._release(healthy=True)
                return ("result", result_of(message))
        except BaseException:
            if not self.done:
                self._release(healthy=False)
            raise

    def _ask_stop(self) -> None:
        self.asked = True
        with contextlib.suppress(OSError):  # the worker is gone: the next read says so
            self.worker.conn.send(STOP)

    def _receive(self, timeout: float) -> tuple[str, Any] | None:
        """The worker's next message, None if none came within `timeout`; BudgetExceeded past the deadline."""
        if timeout <= 0:
            raise BudgetExceeded(f"stopped after the {self.seconds:g} s time budget")
        if not self.worker.conn.poll(timeout):
            return None
        try:
            message: tuple[str, Any] = self.worker.conn.recv()
        except EOFError:
            code = self.worker.process.exitcode
            raise RuntimeError(f"the solver process died (exit code {code})") from None
        return message

    def _release(self, healthy: bool) -> None:
        self.done = True
        if healthy:
            self.pool._idle.put(self.worker)
        else:
            self.pool._replace(self.worker)

    def close(self) -> None:
        """Stop the solve (the caller went away): it ends in the background within its time budget, and
        its worker goes back to the pool (or is replaced when it overruns)."""
        if self.done:
            return
        self._ask_stop()
        self.done = True
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        """Wait for the stopped solve's outcome, then free its worker."""
        try:
            while True:
                message = self._receive(self.deadline - time.monotonic())
                if message is not None and message[0] != "progress":
                    self.pool._idle.put(self.worker)
                    return
        except (BudgetExceeded, RuntimeError, OSError):
            self.pool._replace(self.worker)


class SolveCache:
    """The latest `size` results by key; a key being computed is computed once for every caller."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._done: OrderedDict[Hashable, Any] = OrderedDict()
        self._running: dict[Hashable, Future[Any]] = {}
        self._lock = threading.Lock()

    def get(self, key: Hashable, compute: Callable[[], R]) -> R:
        """The cached result for `key`, else compute's (errors are not cached; waiters get them too)."""
        try:
            hash(key)
        except TypeError:
            return compute()
        with self._lock:
            if key in self._done:
                self._done.move_to_end(key)
                found: R = self._done[key]
                return found
            running = self._running.get(key)
            owner = running is None
            if running is None:
                running = self._running[key] = Future()
        if not owner:
            shared: R = running.result()
            return shared
        try:
            result = compute()
        except BaseException as error:
            running.set_exception(error)
            raise
        finally:
            with self._lock:
                self._running.pop(key, None)
        with self._lock:
            self._done[key] = result
            while len(self._done) > self.size:
                self._done.popitem(last=False)
        running.set_result(result)
        return result
