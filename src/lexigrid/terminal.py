"""The consoles lexigrid prints through: user and file text reaches the terminal literally.

Rich reads `[bold]`, `[/x]` and `:smile:` in a printed string as markup and emoji codes, so a name,
a guess or a path holding them would change or crash the output. Every console comes from here, with
both off; styled output is built from `rich.text.Text` and styles (`Text.assemble(("valid", "green"))`),
never from markup strings, so any string printed is shown exactly as it is. Long work shows the one
progress bar, `progress_bar`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console


def literal_console(*, stderr: bool = False, **options: Any) -> Console:
    """A console that prints every string literally: no markup, no emoji codes, no highlighting."""
    return Console(stderr=stderr, markup=False, emoji=False, highlight=False, **options)


@contextmanager
def progress_bar(
    description: str, total: int | None, *, show: bool = True, eta: bool = True
) -> Iterator[Callable[[int], None]]:
    """A transient bar on stderr (a terminal only) with the time left (`eta`) or taken; yields `advance`."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    console = literal_console(stderr=True)
    if not show or not console.is_terminal:
        yield lambda n: None
        return
    clock = TimeRemainingColumn() if eta else TimeElapsedColumn()
    columns = (TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(), clock)
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(description, total=total)
        yield lambda n: bar.advance(task, n)
