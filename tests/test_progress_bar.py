"""The one progress bar (lexigrid.terminal.progress_bar): drawn only on a terminal, its text literal."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from lexigrid import terminal


def _console_to(out: io.StringIO, *, is_terminal: bool) -> Any:
    def make(*, stderr: bool = False, **options: Any) -> Console:
        return Console(file=out, force_terminal=is_terminal, markup=False, emoji=False, highlight=False)

    return make


@pytest.mark.parametrize("eta", [True, False])
def test_a_terminal_sees_the_description_literally_and_the_count(
    monkeypatch: pytest.MonkeyPatch, eta: bool
) -> None:
    out = io.StringIO()
    monkeypatch.setattr(terminal, "literal_console", _console_to(out, is_terminal=True))
    with terminal.progress_bar("[bold]games:smile:", 3, eta=eta) as advance:
        advance(2)
        advance(1)
    drawn = out.getvalue()
    assert "[bold]games:smile:" in drawn and "3/3" in drawn


@pytest.mark.parametrize(("is_terminal", "show"), [(False, True), (True, False)])
def test_no_bar_off_a_terminal_or_when_not_shown(
    monkeypatch: pytest.MonkeyPatch, is_terminal: bool, show: bool
) -> None:
    out = io.StringIO()
    monkeypatch.setattr(terminal, "literal_console", _console_to(out, is_terminal=is_terminal))
    with terminal.progress_bar("games", 3, show=show) as advance:
        advance(3)
    assert out.getvalue() == ""
