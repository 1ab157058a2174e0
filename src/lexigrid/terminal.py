"""The consoles lexigrid prints through: user and file text reaches the terminal literally.

Rich reads `[bold]`, `[/x]` and `:smile:` in a printed string as markup and emoji codes, so a name,
a guess or a path holding them would change or crash the output. Every console comes from here, with
both off; styled output is built from `rich.text.Text` and styles (`Text.assemble(("valid", "green"))`),
never from markup strings, so any string printed is shown exactly as it is.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console


def literal_console(*, stderr: bool = False, **options: Any) -> Console:
    """A console that prints every string literally: no markup, no emoji codes, no highlighting."""
    return Console(stderr=stderr, markup=False, emoji=False, highlight=False, **options)
