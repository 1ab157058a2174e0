"""Solver processes forked once from the warm server, each solve run in one of them within a time budget.

Forking a fresh child per solve costs ~40 ms and loses the child's memo caches; a pool forks its workers
once (after the tables are built), so a solve costs only its own time. A solve over budget has its worker
killed and replaced by a new fork; requests wait (up to a bound) for a free worker, so concurrent requests
queue instead of thrashing the CPU. Functions and arguments cross to the workers by pickling: pass names
and plain values, and let the worker look heavy objects up in its own (inherited) caches.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from lexigrid.budget import BudgetExceeded, outcome_of, result_of

R = TypeVar("R")
PARENT_CHECK_SECONDS = 2.0  # how often an idle worker checks that the server still runs


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
            fn, args, kwargs = conn.recv()
        except (EOFError, OSError):
            return
        outcome = outcome_of(fn, args, kwargs)
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

    def call(self, fn: Callable[..., R], *args: Any, seconds: float, wait: float, **kwargs: Any) -> R:
        """fn(*args, **kwargs) in a worker; BudgetExceeded after `seconds` running or `wait` queued."""
        if len(self._workers) < self.size:
            self._start()
        try:
            worker = self._idle.get(timeout=wait)
        except queue.Empty:
            raise BudgetExceeded(f"not started: every solver was busy for {wait:g} s") from None
        healthy = False
        try:
            worker.conn.send((fn, args, kwargs))
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

    def close(self) -> None:
        """Stop every worker."""
        with self._lock:
            workers, self._workers = self._workers, []
        for worker in workers:
            worker.stop()
        self._idle = queue.LifoQueue()


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
