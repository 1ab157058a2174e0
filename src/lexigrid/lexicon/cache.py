"""The on-disk cache of compiled indexes, keyed by content hash, safe when processes build at once."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from lexigrid.lexicon import cachedir
from lexigrid.lexicon.cachedir import CACHE_ENV

T = TypeVar("T")
__all__ = [
    "CACHE_ENV",
    "artifact_path",
    "cache_dir",
    "cached",
    "cached_arrays",
    "read_arrays",
    "read_pickle",
    "write_atomically",
]


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


def read_arrays(directory: Path, names: tuple[str, ...]) -> dict[str, Any] | None:
    """The arrays `names` saved in `directory`, memory-mapped, or None when any is missing or unreadable."""
    import numpy as np

    arrays: dict[str, Any] = {}
    try:
        for name in names:
            path = directory / f"{name}.npy"
            try:
                # a plain array over the map: numpy's memmap class indexes ~10x slower
                arrays[name] = np.asarray(np.load(path, mmap_mode="r", allow_pickle=False))
            except ValueError:  # an empty array cannot be memory-mapped: read it
                arrays[name] = np.load(path, allow_pickle=False)
    except (OSError, ValueError, EOFError):
        return None
    return arrays


def write_arrays(directory: Path, arrays: Mapping[str, Any]) -> None:
    """Save arrays as `directory/<name>.npy`, so that readers see the old directory or the whole new one."""
    import shutil
    import tempfile

    import numpy as np

    directory.parent.mkdir(parents=True, exist_ok=True)
    # Written in a temporary directory beside it, then renamed: a directory that exists is complete.
    tmp = Path(tempfile.mkdtemp(dir=directory.parent, prefix=directory.name + ".", suffix=".tmp"))
    try:
        for name, array in arrays.items():
            np.save(tmp / f"{name}.npy", array, allow_pickle=False)
        try:
            os.rename(tmp, directory)
        except OSError:  # another process renamed its own (equal) copy first
            shutil.rmtree(tmp, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def cached_arrays(
    kind: str, key: str, version: int, names: tuple[str, ...], build: Callable[[], Mapping[str, Any]]
) -> tuple[Mapping[str, Any], bool]:
    """The arrays `names` of artifact (kind, key, version), memory-mapped from the cache (a command reads
    only the pages it touches), or built and stored; True when loaded."""
    import shutil

    directory = artifact_path(kind, key, version, "arrays")
    present = directory.is_dir()
    found = read_arrays(directory, names)
    if found is not None:
        return found, True
    if present:  # there but unreadable: make way for a new one (maps already made stay valid)
        shutil.rmtree(directory, ignore_errors=True)
    built = build()
    with contextlib.suppress(OSError):
        write_arrays(directory, {name: built[name] for name in names})
    return built, False
