"""Drawing a board with its premium squares, and a solved endgame, in the terminal (rich)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text

from lexigrid.scrabble.core.alphabet import ENGLISH, Alphabet
from lexigrid.scrabble.core.board import Board, column_name
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.core.play_state import PlayState

if TYPE_CHECKING:
    from lexigrid.scrabble.analysis.endgame import Solution
    from lexigrid.scrabble.analysis.thinking import Thinking
    from lexigrid.scrabble.core.cgp import Position

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
    """The board as a rich table: tiles by their labels (blanks in red, lowercase) over premium squares."""
    write = board.alphabet.write
    width = max(3, *(len(label) for label in board.alphabet.labels))  # `L·L` fits a square
    table = Table(title=title, show_lines=False, padding=(0, 0), box=None, show_edge=False)
    table.add_column("", justify="left", style="dim", width=3)
    for col in range(board.dim):
        table.add_column(column_name(col), justify="center", width=width)
    for row in range(board.dim):
        cells: list[Text] = [Text(f"{row + 1:>2} ")]
        for col in range(board.dim):
            tile = board[row, col]
            if tile:
                style = BLANK_STYLE if tile.islower() else TILE_STYLE
                cells.append(Text(f"{write(tile):^{width}}", style=style))
            else:
                label, style = PREMIUM_STYLES[board.rules.layout.premium(row, col)]
                cells.append(Text(f"{label:^{width}}", style=style))
        table.add_row(*cells)
    return table


def shown(move: Move, letters: Alphabet = ENGLISH) -> str:
    """A move as the tables show it, in the alphabet's labels: played-through letters in parentheses,
    `pass` for the pass."""
    return "pass" if move.kind == "pass" else letters.write(move.paren)


def endgame_summary(solution: Solution, letters: Alphabet = ENGLISH) -> Text:
    """One line: the value for the side to move, whether it is proven, and the best first move."""
    proof = "exact" if solution.exact else "best found so far, not proven"
    best = shown(solution.best, letters)
    return Text.assemble("value ", (f"{solution.value:+d}", "bold"), f" ({proof})  best ", (best, "bold"))


def pv_table(
    position: Position, solution: Solution, sides: tuple[str, str] = ("to move", "opponent")
) -> Table:
    """The principal variation played through the play state: each ply's player, move, points and the
    mover's running spread, then how the game ends (a player out with twice the other rack, or six
    scoreless turns, as the state's end-of-game lines say)."""
    state = PlayState.of_position(position)
    letters = position.rules.tiles.alphabet
    spread = state.spread()
    table = Table(title="principal variation (best play by both sides)")
    for name in ("ply", "player", "move", "score", "spread"):
        table.add_column(name, justify="left" if name in ("player", "move") else "right")
    for ply, step in enumerate(solution.pv, 1):
        state.apply(step.move)
        spread += step.score if step.player == 0 else -step.score
        table.add_row(
            str(ply), sides[step.player], shown(step.move, letters), str(step.score), f"{spread:+d}"
        )
    if state.end == "out":
        out = state.end_turns[-1]
        ending = f"out: 2 × ({letters.write_tiles(state.racks[1 - out.player])})"  # the rack left
        table.add_row("", sides[out.player], ending, f"+{out.score}", f"{state.spread():+d}", style="bold")
    elif state.end == "scoreless":
        racks = [letters.write_tiles(rack) or "-" for rack in state.racks]
        ending = f"six scoreless turns: racks lost ({racks[0]} / {racks[1]})"
        table.add_row("", "both", ending, "", f"{state.spread():+d}", style="bold")
    else:
        table.add_row("", "", "(cut short here: the game goes on)", "", "", style="dim")
    return table


def top_table(solution: Solution, letters: Alphabet = ENGLISH) -> Table:
    """The best first moves with their values under best play."""
    table = Table(title=f"the {len(solution.top)} best first moves")
    for name in ("#", "move", "score", "value"):
        table.add_column(name, justify="left" if name == "move" else "right")
    for i, ranked in enumerate(solution.top, 1):
        table.add_row(str(i), shown(ranked.move, letters), str(ranked.move.score), f"{ranked.value:+d}")
    return table


def thinking_text(
    name: str, thinking: Thinking | None, letters: Alphabet = ENGLISH, *, moves_shown: bool = True
) -> Text:
    """A computer player's status line while it thinks: `alice is simulating 15 plays, 2 plies deep — 4.1 s
    of 12.0 s · leader 8D WORD 54.3 % (1,230 play-outs, 91 % sure) · clock 23:10 left`. Without
    `moves_shown` (a person plays against it: its candidate plays would tell its tiles) the leader is not
    named: `· best so far 54.3 % (...)`."""
    line = Text.assemble((name, "bold"), " is thinking")
    if thinking is None:
        return line
    shown = thinking.as_dict(letters, moves_shown=moves_shown)
    line = Text.assemble((name, "bold"), f" is {shown['task']} — {shown['elapsed']:.1f} s")
    if shown["budget"] is not None:
        line.append(f" of {shown['budget']:.1f} s")
    leader = shown["leader"]
    if leader is not None:
        if "move" in leader:
            line.append(" · leader ")
            line.append(leader["move"], "bold")
        else:
            line.append(" · best so far")
        line.append(f" {leader['said']}")
    if shown["clock_left"] is not None:
        line.append(f" · {clock_text(shown['clock_left'])}")
    return line


def clock_text(seconds: float) -> str:
    """A game clock's time left, `clock 23:10 left` (whole seconds, never below 0)."""
    left = max(0, round(seconds))
    return f"clock {left // 60}:{left % 60:02d} left"


class ThinkingLine:
    """A status line that follows a computer player's reports (`update`), its time redrawn at each refresh."""

    def __init__(
        self,
        name: str,
        thinking: Thinking | None = None,
        letters: Alphabet = ENGLISH,
        *,
        moves_shown: bool = True,
    ) -> None:
        self.name, self.thinking, self.letters, self.moves_shown = name, thinking, letters, moves_shown

    def update(self, thinking: Thinking) -> None:
        """The player's latest report."""
        self.thinking = thinking

    def __rich__(self) -> Text:
        return thinking_text(self.name, self.thinking, self.letters, moves_shown=self.moves_shown)
