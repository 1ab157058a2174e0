"""The one runner behind every bulk job: in process, over processes, or on a Dask cluster.

A *job* is a picklable module-level function applied to each *item* (an answer, a game seed, ...).
`run` returns the results in item order; `each` yields them as they finish, with their item index, so
a caller can checkpoint. A rich progress bar (with an ETA) shows work that takes a while.

A `setup` (a picklable module-level function of no arguments) runs once in each worker before its tasks:
the process pool's initializer, or on a Dask cluster a worker plugin (`worker_setup`: every worker there,
and every worker that joins later, runs it as it starts; removed when the run ends), so what a job needs in
every worker (a lexicon, an engine) is made there at the start, side by side, and not inside a first task.

On Dask, a worker that dies mid-task is replaced by its nanny and the scheduler runs the task again
elsewhere (up to `distributed.scheduler.allowed-failures` times); a task that raises is retried
`retries` times. A scheduler address that does not answer within `CONNECT_SECONDS` is an error.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from lexigrid.errors import LexigridError, OptionError
from lexigrid.terminal import progress_bar

Item = TypeVar("Item")
Result = TypeVar("Result")
Backend = Literal["auto", "process", "dask"]
Done = tuple[int, list[Any]]  # a finished chunk: its number and its results
Setup = Callable[[], None] | None  # run once in each worker before its tasks

CONNECT_SECONDS = 10  # how long to wait for a Dask scheduler to answer
RETRIES = 1  # extra tries for a Dask task that raised (a dead worker is handled by the scheduler)
# A Dask cluster the runner starts (`local_cluster`) runs CPU-bound tasks, one thread a worker; Dask's
# defaults cost it CPU beside them (traced on the game review, docs/scrabble.md): the statistical profiler
# samples the running task's stack every 10 ms from the worker's event loop, taking the GIL from the task
# (with the 20 ms event-loop health check, ~100 wake-ups a second in each worker, ~13 without them); the
# system monitor reads the host's disk counters twice a second; and MALLOC_TRIM_THRESHOLD_=65536 makes
# glibc hand memory back at once, so a review faults in ~35 % more pages. The threads' caps stay.
CLUSTER_CONFIG: dict[str, Any] = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.disk": False,
    "distributed.nanny.pre-spawn-environ": {
        "OMP_NUM_THREADS": 1,
        "MKL_NUM_THREADS": 1,
        "OPENBLAS_NUM_THREADS": 1,
    },
}


def default_jobs() -> int:
    """The number of CPUs this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _run_chunk(job: Callable[[Item], Result], chunk: Sequence[Item]) -> list[Result]:
    return [job(item) for item in chunk]


def _chunks(items: Sequence[Item], size: int) -> list[Sequence[Item]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def run(
    job: Callable[[Item], Result],
    items: Sequence[Item],
    *,
    jobs: int = 1,
    backend: Backend = "auto",
    scheduler: str | None = None,
    description: str = "working",
    progress: bool = True,
    chunk_size: int | None = None,
    retries: int = RETRIES,
    setup: Setup = None,
) -> list[Result]:
    """Apply `job` to every item and return the results in item order.

    jobs=1 runs in this process; jobs>1 fans out over a process pool; backend="dask" (or a
    `scheduler` address such as tcp://host:8786) sends the chunks to a Dask cluster.
    """
    items = list(items)
    results: list[Result | None] = [None] * len(items)
    for i, result in each(
        job,
        items,
        jobs=jobs,
        backend=backend,
        scheduler=scheduler,
        description=description,
        progress=progress,
        chunk_size=chunk_size,
        retries=retries,
        setup=setup,
    ):
        results[i] = result
    return results  # type: ignore[return-value]  # every slot is filled


def each(
    job: Callable[[Item], Result],
    items: Sequence[Item],
    *,
    jobs: int = 1,
    backend: Backend = "auto",
    scheduler: str | None = None,
    description: str = "working",
    progress: bool = True,
    chunk_size: int | None = None,
    retries: int = RETRIES,
    setup: Setup = None,
) -> Iterator[tuple[int, Result]]:
    """Apply `job` to every item, yielding (item index, result) as each chunk of items finishes."""
    check(jobs, backend)
    if backend == "auto":
        backend = "dask" if scheduler else "process"
    items = list(items)
    size = chunk_size or max(1, len(items) // (jobs * 8) or 1)
    chunks = _chunks(items, size)
    if backend == "dask":
        done = _dask_chunks(job, chunks, scheduler, jobs, retries, setup)
    elif jobs == 1 or len(chunks) <= 1:
        done = ((i, _run_chunk(job, chunk)) for i, chunk in enumerate(chunks))
    else:
        done = _pool_chunks(job, chunks, jobs, setup)
    with progress_bar(description, len(items), show=progress) as advance:
        for i, results in done:
            yield from ((i * size + k, result) for k, result in enumerate(results))
            advance(len(results))


BACKENDS: tuple[Backend, ...] = ("auto", "process", "dask")


def check(jobs: int, backend: str) -> None:
    """Refuse a number of worker processes below 1 or an unknown backend."""
    if jobs < 1:
        raise OptionError(
            f"a runner needs at least 1 worker process, not {jobs}",
            "jobs",
            f"{{option}} must be at least 1, not {jobs}",
        )
    if backend not in BACKENDS:
        raise OptionError(
            f"unknown runner backend {backend!r}: use auto, process or dask",
            "backend",
            f"unknown {{option}} {backend!r}: use auto, process or dask",
        )


@dataclass(frozen=True)
class Runner:
    """How a bulk job runs: in this process or over processes (`jobs`), on a Dask cluster (`backend`,
    `scheduler`), and whether to show progress. Every bulk API takes one; it checks itself when made."""

    jobs: int = 1
    backend: Backend = "auto"
    scheduler: str | None = None
    progress: bool = True
    setup: Setup = None  # run once in each worker process before its tasks (see the module's docstring)

    def __post_init__(self) -> None:
        check(self.jobs, self.backend)

    @property
    def in_process(self) -> bool:
        """Whether the work stays in this process (one job, no cluster)."""
        return self.jobs == 1 and self.scheduler is None and self.backend != "dask"

    def run(
        self,
        job: Callable[[Item], Result],
        items: Sequence[Item],
        description: str = "working",
        *,
        progress: bool | None = None,
        chunk_size: int | None = None,
    ) -> list[Result]:
        """`run` with this runner's settings (`progress` overrides its own)."""
        return run(
            job,
            items,
            jobs=self.jobs,
            backend=self.backend,
            scheduler=self.scheduler,
            description=description,
            progress=self.progress if progress is None else progress,
            chunk_size=chunk_size,
            setup=self.setup,
        )

    def each(
        self,
        job: Callable[[Item], Result],
        items: Sequence[Item],
        description: str,
        *,
        chunk_size: int | None = 1,
    ) -> Iterator[tuple[int, Result]]:
        """`each` with this runner's settings; by default each item is its own task (a finished one can be
        checkpointed at once)."""
        return each(
            job,
            items,
            jobs=self.jobs,
            backend=self.backend,
            scheduler=self.scheduler,
            description=description,
            progress=self.progress,
            chunk_size=chunk_size,
            setup=self.setup,
        )


DEFAULT_RUNNER = Runner()  # one job in this process, with a progress bar for long work
QUIET_RUNNER = Runner(progress=False)  # the same without the bar (one answer inside a bigger job)


def _pool_chunks(
    job: Callable[[Item], Result], chunks: list[Sequence[Item]], jobs: int, setup: Setup
) -> Iterator[Done]:
    with ProcessPoolExecutor(max_workers=jobs, initializer=setup) as pool:
        futures = {pool.submit(_run_chunk, job, chunk): i for i, chunk in enumerate(chunks)}
        try:
            for future in as_completed(futures):
                yield futures[future], future.result()
        finally:
            for future in futures:
                future.cancel()


def _dask_chunks(
    job: Callable[[Item], Result],
    chunks: list[Sequence[Item]],
    scheduler: str | None,
    jobs: int,
    retries: int,
    setup: Setup,
) -> Iterator[Done]:
    try:
        from distributed import as_completed as dask_completed
    except ImportError:
        raise LexigridError(
            "the Dask backend needs the cluster extra: pip install 'lexigrid[cluster]'"
        ) from None
    cluster = None if scheduler else local_cluster(jobs)
    try:
        with _client(scheduler or cluster) as client, _set_up(client, setup):
            futures = [client.submit(_run_chunk, job, c, pure=False, retries=retries) for c in chunks]
            position = {future.key: i for i, future in enumerate(futures)}
            try:
                for future in dask_completed(futures):
                    yield position[future.key], future.result()
            finally:
                client.cancel(futures)
    finally:
        if cluster is not None:
            cluster.close()


def local_cluster(workers: int) -> Any:
    """A Dask cluster on this machine: `workers` processes of one thread under nannies, set by CLUSTER_CONFIG
    (the nannies keep it for the workers they start again)."""
    import dask
    from distributed import LocalCluster

    with dask.config.set(CLUSTER_CONFIG):
        return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)


@contextmanager
def _set_up(client: Any, setup: Setup) -> Iterator[None]:
    """The `setup` registered as a worker plugin for the run: each worker, present or joining, runs it once
    before its tasks; unregistered at the end (a kept cluster's later workers do not run it)."""
    if setup is None:
        yield
        return
    from lexigrid.worker_setup import SetupPlugin, plugin_name

    name = plugin_name()
    client.register_plugin(SetupPlugin(setup), name=name)
    try:
        yield
    finally:
        client.unregister_worker_plugin(name)


@contextmanager
def _client(address: Any) -> Iterator[Any]:
    """A Dask client of the cluster (or scheduler address); one line of error when it does not answer."""
    from distributed import Client

    try:
        client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError):
        raise LexigridError(
            f"no Dask scheduler answered at {address!s} within {CONNECT_SECONDS} s: "
            "start one there with `dask scheduler`, or check the address"
        ) from None
    except ValueError as error:  # not an address at all
        raise LexigridError(f"bad Dask scheduler address {address!s}: {error}") from None
    with client:
        yield client
