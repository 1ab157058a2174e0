"""The runner's per-worker set-up on a Dask cluster: a worker plugin, so that every worker runs it once
before its tasks, the workers there at the start and those that join the cluster later alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from distributed import WorkerPlugin


class SetupPlugin(WorkerPlugin):
    """Runs a picklable module-level function of no arguments in each worker as it starts (or at once in
    a worker already running)."""

    def __init__(self, job: Callable[[], None]) -> None:
        self.job = job

    def setup(self, worker: Any) -> None:
        """The set-up, in the worker's process."""
        self.job()


def plugin_name(job: Callable[[], None]) -> str:
    """The name the set-up is registered under on the scheduler (one per set-up function)."""
    return f"lexigrid-setup-{job.__module__}.{job.__qualname__}"
