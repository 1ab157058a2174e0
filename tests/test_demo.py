"""`lexigrid demo`, the README's first command, runs every step of the tour on the bundled defaults."""

from __future__ import annotations

from collections.abc import Callable

from lexigrid.cli.demo import TOUR
from tests.conftest import CliResult


def test_demo_runs_every_game(cli: Callable[..., CliResult]) -> None:
    result = cli("demo")
    assert result.exit_code == 0, result.stderr
    for title, _ in TOUR:
        assert title in result.stdout
    shown_by_steps = ("TRAINErS", "FOXGLOVE-EQUITY", "POKER-RELOCATING", "MONTH", "3.4384", "15B RETSINA")
    for shown in (*shown_by_steps, "a word of a solution: LOX", "MAMBO in 4: skill", "8K (A)QUAE"):
        assert shown in result.stdout
