"""The shared runner gives the same results, in order, in process, over processes and on Dask."""

from __future__ import annotations

import functools

import pytest

from lexigrid import runner
from lexigrid.errors import LexigridError, OptionError
from tests.conftest import run_cli


def square(n: int) -> int:
    """A picklable job."""
    return n * n


@pytest.mark.parametrize("jobs", [1, 2])
def test_results_in_item_order(jobs: int) -> None:
    items = list(range(101))
    assert runner.run(square, items, jobs=jobs, progress=False) == [n * n for n in items]


def test_empty_and_small_inputs() -> None:
    assert runner.run(square, [], jobs=2) == []
    assert runner.run(square, [3], jobs=2, chunk_size=5) == [9]


def test_bad_jobs() -> None:
    with pytest.raises(LexigridError, match="at least 1 worker process, not 0"):  # the library's words
        runner.run(square, [1], jobs=0)


def test_a_runner_checks_itself_and_the_cli_names_its_options() -> None:
    with pytest.raises(OptionError, match="at least 1 worker process") as bad_jobs:
        runner.Runner(jobs=0)
    assert bad_jobs.value.naming("--jobs") == "--jobs must be at least 1, not 0"
    with pytest.raises(OptionError, match="unknown runner backend 'bogus'"):
        runner.Runner(backend="bogus")  # type: ignore[arg-type]
    result = run_cli("scrabble", "selfplay", "--games", "2", "--backend", "bogus")
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: unknown --backend 'bogus': use auto, process or dask"


@pytest.mark.slow
def test_dask_local_cluster() -> None:
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    items = list(range(40))
    assert runner.run(square, items, jobs=2, backend="dask", progress=False) == [n * n for n in items]


SET_UP: list[int] = []  # in each worker: the process ids `mark_worker` ran in


def mark_worker() -> None:
    """A runner setup: notes that it ran in this process."""
    import os

    SET_UP.append(os.getpid())


def set_up_here(n: int) -> tuple[int, list[int]]:
    """A job: the item, and the setups that ran in this worker before it."""
    import os

    return n, [pid for pid in SET_UP if pid == os.getpid()]


def test_a_setup_runs_once_in_each_worker_before_its_tasks() -> None:
    found = runner.run(set_up_here, list(range(40)), jobs=2, progress=False, chunk_size=1, setup=mark_worker)
    assert [n for n, _ in found] == list(range(40))
    assert all(len(setups) == 1 for _, setups in found)  # once, before the first task, in every worker
    assert SET_UP == []  # never in this process


@pytest.mark.slow
def test_a_setup_runs_in_each_dask_worker() -> None:
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    found = runner.run(set_up_here, list(range(8)), jobs=2, backend="dask", progress=False, setup=mark_worker)
    assert [n for n, _ in found] == list(range(8)) and all(len(setups) == 1 for _, setups in found)


@pytest.mark.slow
def test_a_dask_worker_that_joins_after_the_set_up_runs_it_before_its_tasks() -> None:
    distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
        runner._set_up(client, functools.partial(mark_worker)),  # as the review's: a partial, no name
    ):
        cluster.scale(2)  # a second worker joins after the set-up was registered
        client.wait_for_workers(2, timeout=120)
        workers = list(client.scheduler_info()["workers"])
        found = [
            client.submit(set_up_here, i, workers=[w], pure=False).result() for i, w in enumerate(workers)
        ]
    assert len(workers) == 2 and all(len(setups) == 1 for _, setups in found)  # once in each, late or not
