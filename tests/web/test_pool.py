"""The solver pool: results, time budgets that kill and replace a worker, bad input, a full queue."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from lexigrid.budget import BudgetExceeded
from lexigrid.errors import LexigridError
from lexigrid.web.pool import SolverPool


def _pid() -> int:
    return os.getpid()


def _sleep(seconds: float) -> str:
    time.sleep(seconds)
    return "slept"


def _forever() -> None:
    threading.Event().wait()  # only a kill ends it


def _wait_for(path: str) -> str:
    while not os.path.exists(path):
        time.sleep(0.01)
    return "released"


def _bad() -> None:
    raise LexigridError("bad board")


def _broken() -> None:
    raise ValueError("a bug")


@pytest.fixture
def pool() -> Iterator[SolverPool]:
    solvers = SolverPool(1)
    yield solvers
    solvers.close()


def test_a_worker_is_reused_until_a_solve_overruns(pool: SolverPool) -> None:
    first = pool.call(_pid, seconds=10, wait=10)
    assert first != os.getpid() and pool.call(_pid, seconds=10, wait=10) == first  # forked once, reused
    with pytest.raises(BudgetExceeded, match="time budget"):  # it answers at all: the budget stopped it
        pool.call(_forever, seconds=0.3, wait=10)
    replacement = pool.call(_pid, seconds=10, wait=10)
    assert replacement != first  # the overrunning worker was killed and replaced


def test_errors_cross_back(pool: SolverPool) -> None:
    with pytest.raises(LexigridError, match="bad board"):
        pool.call(_bad, seconds=10, wait=10)
    with pytest.raises(RuntimeError, match="ValueError: a bug"):
        pool.call(_broken, seconds=10, wait=10)
    assert pool.call(_sleep, 0, seconds=10, wait=10) == "slept"


def test_a_request_waits_for_a_free_worker_then_gives_up(pool: SolverPool, tmp_path: Path) -> None:
    worker = pool.call(_pid, seconds=10, wait=10)  # the only worker, started and idle
    gate, answers = tmp_path / "go", dict[str, object]()
    busy = threading.Thread(
        target=lambda: answers.update(busy=pool.call(_wait_for, str(gate), seconds=600, wait=10))
    )
    busy.start()
    while not pool._idle.empty():  # until the busy call holds the worker (it keeps it until the gate opens)
        time.sleep(0.01)
    with pytest.raises(BudgetExceeded, match="busy"):
        pool.call(_pid, seconds=10, wait=0.1)
    queued = threading.Thread(target=lambda: answers.update(queued=pool.call(_pid, seconds=10, wait=600)))
    queued.start()
    gate.touch()
    busy.join()
    queued.join()
    assert answers == {"busy": "released", "queued": worker}  # the queued one ran once the busy one was done


def test_identical_requests_in_flight_share_one_solve() -> None:
    from lexigrid.web.pool import SolveCache

    cache = SolveCache(2)
    calls: list[int] = []
    gate = threading.Event()

    def slow() -> int:
        calls.append(1)
        gate.wait(5)
        return len(calls)

    results: list[int] = []
    waiters = [threading.Thread(target=lambda: results.append(cache.get("k", slow))) for _ in range(5)]
    for t in waiters:
        t.start()
    time.sleep(0.2)
    gate.set()
    for t in waiters:
        t.join()
    assert results == [1] * 5 and len(calls) == 1
    assert cache.get("k", lambda: 99) == 1  # kept
    cache.get("a", lambda: 2)
    cache.get("b", lambda: 3)
    assert cache.get("k", lambda: 99) == 99  # the oldest of three was dropped (size 2)
    with pytest.raises(ValueError):
        cache.get("e", lambda: int("x"))
    assert cache.get("e", lambda: 5) == 5  # errors are not kept
