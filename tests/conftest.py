"""Shared test fixtures: where ../shared is, tiny lexicons, running the CLI."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from lexigrid.lexicon import Lexicon, load

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
TWL06 = SHARED / "data" / "lexicons" / "twl06.txt"

# Hypothesis: no per-example deadline and no slow-generation check (both measure the wall clock, so a
# loaded machine would fail them), and the same examples on every run, so CI never goes red on a draw
# that no commit caused. `pytest --hypothesis-profile=explore` draws fresh examples each run.
settings.register_profile(
    "deterministic", deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("explore", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("deterministic")


def shared_file(*parts: str) -> Path:
    """A file under ../shared, or skip the test with the reason when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent: the shared test data is not beside this checkout")
    return path


@pytest.fixture(autouse=True, scope="session")
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Keep the tests' compiled indexes apart from the user's, unless CI points somewhere else."""
    import os

    if "LEXIGRID_CACHE_DIR" in os.environ:
        yield
        return
    os.environ["LEXIGRID_CACHE_DIR"] = str(tmp_path_factory.getbasetemp().parent / "lexigrid-cache")
    yield


@pytest.fixture(autouse=True)
def _data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's user data (added lexicons, saved games, learned tables) in a directory of its own, never
    the user's, and never another test's (with pytest-xdist a worker runs files in any order)."""
    monkeypatch.setenv("LEXIGRID_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(scope="session")
def default_lexicon() -> Lexicon:
    """The bundled default lexicon."""
    return load()


@pytest.fixture(scope="session")
def twl06() -> Lexicon:
    """TWL06 from ../shared (skips when absent)."""
    return load(shared_file("data", "lexicons", "twl06.txt"))


@dataclass
class CliResult:
    """What a CLI run printed and its exit code."""

    exit_code: int
    stdout: str
    stderr: str


def run_cli(*args: str) -> CliResult:
    """Run `lexigrid ARGS...` in this process and capture its output and exit code."""
    from lexigrid.cli import main

    out, err = io.StringIO(), io.StringIO()
    old_argv = sys.argv
    sys.argv = ["lexigrid", *args]
    code = 0
    try:
        with redirect_stdout(out), redirect_stderr(err):
            main()
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
    finally:
        sys.argv = old_argv
    return CliResult(code, out.getvalue(), err.getvalue())


@pytest.fixture
def cli() -> Callable[..., CliResult]:
    """Run the CLI in process: `cli("words", "check", "QI")`."""
    return run_cli
