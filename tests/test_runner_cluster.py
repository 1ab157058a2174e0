"""The runner on a real Dask cluster: a loopback scheduler and worker processes (a `LocalCluster`).

Results must equal the process pool's exactly, survive a worker killed mid-job, and a scheduler that
does not answer must be a one-line error, not a hang.
"""

from __future__ import annotations

import functools
import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from lexigrid import runner
from lexigrid.errors import LexigridError
from lexigrid.wordle.reply import reply_for

distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")

WORDS = ("CRANE", "SLATE", "HATCH", "BEACH", "LLAMA", "EERIE", "SALET", "GEESE", "ROBOT", "TREAT")
PAIRS = [(g, a) for g in WORDS for a in WORDS]


def replies(pair: tuple[str, str]) -> int:
    """A picklable job with a checkable answer: the reply code of a guess against an answer."""
    return reply_for(*pair)


def dies_once(marker: str, n: int) -> int:
    """Square n, but the first worker to reach n == 7 kills its own process (no clean exit)."""
    if n == 7 and not os.path.exists(marker):
        Path(marker).write_text(str(os.getpid()))
        os._exit(1)
    return n * n


def worker_settings(_: int) -> tuple[bool, str | None, float]:
    """A job that reports its worker's Dask profiler setting, malloc trim threshold and tick interval."""
    import dask

    return (
        dask.config.get("distributed.worker.profile.enabled"),
        os.environ.get("MALLOC_TRIM_THRESHOLD_"),
        distributed.get_worker()._tick_interval,
    )


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a two-worker local cluster: worker processes under nannies, a loopback scheduler."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


def free_port() -> int:
    """A loopback port nothing listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_cluster_results_equal_the_process_pool_and_in_process(scheduler: str) -> None:
    expected = [reply_for(g, a) for g, a in PAIRS]
    pool = runner.run(replies, PAIRS, jobs=2, progress=False)
    cluster = runner.run(replies, PAIRS, scheduler=scheduler, progress=False, chunk_size=7)
    assert pool == cluster == expected


@pytest.mark.slow
def test_each_yields_every_item_once_on_the_cluster(scheduler: str) -> None:
    done = list(runner.each(replies, PAIRS, scheduler=scheduler, progress=False, chunk_size=3))
    assert sorted(i for i, _ in done) == list(range(len(PAIRS)))
    assert all(result == reply_for(*PAIRS[i]) for i, result in done)


@pytest.mark.slow
def test_a_worker_killed_mid_job_is_retried(scheduler: str, tmp_path: Path) -> None:
    marker = tmp_path / "killed"
    job: Any = functools.partial(dies_once, str(marker))
    items = list(range(20))
    assert runner.run(job, items, scheduler=scheduler, progress=False, chunk_size=1) == [n * n for n in items]
    assert marker.exists()  # a worker really died on item 7, and the task ran again elsewhere


def test_a_scheduler_that_does_not_answer_is_one_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "CONNECT_SECONDS", 1)
    address = f"tcp://127.0.0.1:{free_port()}"
    with pytest.raises(LexigridError, match="no Dask scheduler answered at tcp://"):
        runner.run(replies, PAIRS, scheduler=address, progress=False)


def test_a_bad_scheduler_address_is_one_error() -> None:
    with pytest.raises(LexigridError, match="bad Dask scheduler address"):
        runner.run(replies, PAIRS, scheduler="no-port-here", progress=False)


def test_the_cli_reports_an_unreachable_scheduler_in_one_line(
    cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runner, "CONNECT_SECONDS", 1)
    address = f"tcp://127.0.0.1:{free_port()}"
    result = cli("wordle", "backtest", "--limit", "3", "--scheduler", address)
    assert result.exit_code == 2
    assert result.stderr.strip().startswith("error: no Dask scheduler answered")
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_a_cluster_the_runner_starts_runs_without_dask_s_profiler_or_malloc_trim(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`--jobs N --backend dask` starts its own cluster set by `runner.CLUSTER_CONFIG` (results unchanged)."""
    monkeypatch.delenv("MALLOC_TRIM_THRESHOLD_", raising=False)  # a default cluster's nanny leaves it here
    found = runner.run(worker_settings, range(4), jobs=2, backend="dask", progress=False)
    assert found == [(False, None, 1.0)] * 4
    expected = [reply_for(*pair) for pair in PAIRS]
    assert runner.run(replies, PAIRS, jobs=2, backend="dask", progress=False) == expected
