"""Drawing a board with its premium squares in the terminal (rich)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from lexigrid.scrabble.board import Board, column_name

PREMIUM_STYLES = {
    "T": ("TW", "white on red3"),
    "Q": ("QW", "white on dark_red"),
    "D": ("DW", "black on light_pink1"),
    "*": ("★", "black on light_pink1"),
    "t": ("TL", "white on blue3"),
    "q": ("QL", "white on navy_blue"),
    "d": ("DL", "black on light_sky_blue1"),
    ".": ("·", "dim"),
}
TILE_STYLE = "bold black on wheat1"
BLANK_STYLE = "bold red on wheat1"


def board_table(board: Board, title: str | None = None) -> Table:
    """The board as a rich table: tiles (blanks in red, lowercase) over premium squares."""
    table = Table(title=title, show_lines=False, padding=(0, 0), box=None, show_edge=False)
    table.add_column("", justify="left", style="dim", width=3)
    for col in range(board.dim):
        table.add_column(column_name(col), justify="center", width=3)
    for row in range(board.dim):
        cells: list[Text] = [Text(f"{row + 1:>2} ")]
        for col in range(board.dim):
            tile = board[row, col]
            if tile:
                cells.append(Text(f" {tile} ", style=BLANK_STYLE if tile.islower() else TILE_STYLE))
            else:
                label, style = PREMIUM_STYLES[board.rules.layout.premium(row, col)]
                cells.append(Text(f"{label:^3}", style=style))
        table.add_row(*cells)
    return table
