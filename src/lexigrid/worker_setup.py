"""The runner's per-worker set-up on a Dask cluster: a worker plugin, so that every worker runs it once
before its tasks, the workers there at the start and those that join the cluster later alike."""

from __future__ import annotations

import uuid
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


def plugin_name() -> str:
    """A name to register a run's set-up under on the scheduler: its own, so that runs sharing a cluster
    never replace or remove each other's."""
    return f"lexigrid-setup-{uuid.uuid4().hex}"
