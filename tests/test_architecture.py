"""The layer picture of docs/architecture.md holds in the real import graph (import-linter's contracts)."""

from __future__ import annotations

from pathlib import Path

from importlinter.cli import lint_imports

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def test_the_import_graph_keeps_the_layers_and_has_no_cycles() -> None:
    """Every contract in pyproject's [tool.importlinter] is kept (the report is printed when one breaks)."""
    assert lint_imports(config_filename=str(PYPROJECT), no_cache=True, no_logo=True) == 0
