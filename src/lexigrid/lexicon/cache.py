"""The on-disk cache of compiled indexes, keyed by content hash, safe when processes build at once."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from lexigrid.lexicon import cachedir
from lexigrid.lexicon.cachedir import CACHE_ENV

T = TypeVar("T")
__all__ = ["CACHE_ENV", "artifact_path", "cache_dir", "cached", "read_pickle", "write_atomically"]


def cache_dir() -> Path:
    """The cache directory: $LEXIGRID_CACHE_DIR, or the user cache directory."""
    return Path(cachedir.cache_root())


def artifact_path(kind: str, key: str, version: int, suffix: str = "pickle") -> Path:
    """Where the artifact `kind` for content hash `key` at format `version` lives."""
    return cache_dir() / kind / f"{key}-v{version}.{suffix}"


def write_atomically(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that readers see the old file or the whole new one, never a part."""
    import tempfile  # (imports here keep a one-shot command that only reads the cache light)

    path.parent.mkdir(parents=True, exist_ok=True)
    # A temporary file in the same directory, then rename: two processes building the same
    # artifact at once each write their own temporary file and the last rename wins, whole.
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_pickle(path: Path) -> Any | None:
    """The object pickled at `path`, or None when it is missing or unreadable."""
    import pickle

    try:
        with path.open("rb") as handle:
            return pickle.load(handle)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError, TypeError):
        return None


def cached(kind: str, key: str, version: int, build: Callable[[], T]) -> tuple[T, bool]:
    """Load artifact (kind, key, version) from the cache, or build and store it; True when loaded."""
    path = artifact_path(kind, key, version)
    found = read_pickle(path)
    if found is not None:
        return found, True
    import pickle

    value = build()
    # A read-only or full cache directory only costs a rebuild next time.
    with contextlib.suppress(OSError):
        write_atomically(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    return value, False
