"""The one runner behind the Wordle backtester and Scrabble self-play: in process, over processes, or Dask.

A *job* is a picklable module-level function applied to each *item* (an answer, a game seed, ...).
Results come back in item order; a rich progress bar shows work that takes a while.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Literal, TypeVar

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from lexigrid.errors import LexigridError

Item = TypeVar("Item")
Result = TypeVar("Result")
Backend = Literal["auto", "process", "dask"]


def default_jobs() -> int:
    """The number of CPUs this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _run_chunk(job: Callable[[Item], Result], chunk: Sequence[Item]) -> list[Result]:
    return [job(item) for item in chunk]


def _chunks(items: Sequence[Item], size: int) -> list[Sequence[Item]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


@contextmanager
def _progress(description: str, total: int, show: bool) -> Iterator[Callable[[int], None]]:
    console = Console(stderr=True)
    if not show or not console.is_terminal:
        yield lambda n: None
        return
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(description, total=total)
        yield lambda n: bar.advance(task, n)


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
) -> list[Result]:
    """Apply `job` to every item and return the results in item order.

    jobs=1 runs in this process; jobs>1 fans out over a process pool; backend="dask" (or a
    `scheduler` address such as tcp://host:8786) sends the chunks to a Dask cluster.
    """
    if jobs < 1:
        raise LexigridError(f"--jobs must be at least 1, not {jobs}")
    if backend == "auto":
        backend = "dask" if scheduler else "process"
    items = list(items)
    size = chunk_size or max(1, len(items) // (max(jobs, 1) * 8) or 1)
    chunks = _chunks(items, size)
    results: list[list[Result] | None] = [None] * len(chunks)
    with _progress(description, len(items), progress) as advance:
        if backend == "dask":
            _run_dask(job, chunks, results, advance, scheduler, jobs)
        elif jobs == 1 or len(chunks) == 1:
            for i, chunk in enumerate(chunks):
                results[i] = _run_chunk(job, chunk)
                advance(len(chunk))
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                futures = {pool.submit(_run_chunk, job, chunk): i for i, chunk in enumerate(chunks)}
                for future in as_completed(futures):
                    i = futures[future]
                    results[i] = future.result()
                    advance(len(chunks[i]))
    return [result for chunk_results in results for result in chunk_results or []]


def _run_dask(
    job: Callable[[Item], Result],
    chunks: list[Sequence[Item]],
    results: list[list[Result] | None],
    advance: Callable[[int], None],
    scheduler: str | None,
    jobs: int,
) -> None:
    try:
        from distributed import Client, LocalCluster
        from distributed import as_completed as dask_completed
    except ImportError:
        raise LexigridError(
            "the Dask backend needs the cluster extra: pip install 'lexigrid[cluster]'"
        ) from None
    cluster = (
        None
        if scheduler
        else LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None)
    )
    try:
        with Client(scheduler or cluster) as client:
            futures = [client.submit(_run_chunk, job, chunk, pure=False) for chunk in chunks]
            position = {future.key: i for i, future in enumerate(futures)}
            for future in dask_completed(futures):
                i = position[future.key]
                results[i] = future.result()
                advance(len(chunks[i]))
    finally:
        if cluster is not None:
            cluster.close()
