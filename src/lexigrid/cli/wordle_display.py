"""Drawing Wordle with rich: coloured tiles, the keyboard, and guess-count distributions."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from lexigrid.wordle.reply import GREEN, GREY, YELLOW, Reply, decode, format_reply

_STYLE = {
    GREEN: "bold white on #538d4e",
    YELLOW: "bold white on #b59f3b",
    GREY: "bold white on #3a3a3c",
}
_UNUSED = "bold black on #d3d6da"
_KEYBOARD = ("QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM")


def tiles(guess: str, reply: Reply) -> Text:
    """One row of coloured tiles, then the reply as text (GY..G), readable without colour."""
    row = Text()
    for letter, colour in zip(guess, decode(reply, len(guess)), strict=True):
        row.append(f" {letter} ", style=_STYLE[colour])
        row.append(" ")
    row.append(format_reply(reply, len(guess)), style="dim")
    return row


def board(history: list[tuple[str, Reply]]) -> Group:
    """Every guess so far as rows of tiles."""
    return Group(*(tiles(g, r) for g, r in history))


def keyboard(keys: dict[str, int]) -> Group:
    """The keyboard, each key coloured by the best colour its letter has shown."""
    rows = []
    for i, letters in enumerate(_KEYBOARD):
        row = Text(" " * i)
        for letter in letters:
            row.append(f" {letter} ", style=_STYLE[keys[letter]] if letter in keys else _UNUSED)
            row.append(" ")
        rows.append(row)
    return Group(*rows)


def distribution(counts: dict[int, int], max_guesses: int = 6, width: int = 40) -> Table:
    """A bar chart of games by number of guesses (failures in red)."""
    chart = Table.grid(padding=(0, 1))
    chart.add_column(justify="right")
    chart.add_column()
    chart.add_column(justify="right")
    top = max(counts.values(), default=1)
    for guesses in range(1, max(max(counts, default=max_guesses), max_guesses) + 1):
        n = counts.get(guesses, 0)
        bar = "█" * max(1 if n else 0, round(width * n / top))
        style = "red" if guesses > max_guesses else "green"
        chart.add_row(str(guesses), Text(bar, style=style), str(n))
    return chart
