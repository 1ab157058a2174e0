"""Where the cache lives, found without importing pathlib, typing or platformdirs on Linux.

A one-shot `words check` reads one cached file; these imports would cost it more than the check itself.
"""

from __future__ import annotations

import os
import sys

CACHE_ENV = "LEXIGRID_CACHE_DIR"


def cache_root() -> str:
    """The cache directory: $LEXIGRID_CACHE_DIR, or the user cache directory."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return override
    platform: str = sys.platform  # (a variable: the check is made at run time, not by mypy)
    if platform.startswith("linux"):
        # The XDG rule platformdirs follows on Linux; elsewhere platformdirs knows the conventions.
        base = os.environ.get("XDG_CACHE_HOME", "").strip() or os.path.expanduser("~/.cache")
        return os.path.join(base, "lexigrid")
    import platformdirs

    return str(platformdirs.user_cache_dir("lexigrid"))


def artifact_file(kind: str, key: str, version: int, suffix: str = "pickle") -> str:
    """Where the artifact `kind` for content hash `key` at format `version` lives."""
    return os.path.join(cache_root(), kind, f"{key}-v{version}.{suffix}")
