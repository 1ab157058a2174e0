"""`lexigrid scrabble peg`: solve a pre-endgame (a few tiles in the bag) to the end, every scenario."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table
from rich.text import Text

from lexigrid.cli.common import (
    JobsOption,
    JsonOption,
    LexiconOption,
    SchedulerOption,
    console,
    emit_json,
    make_runner,
)
from lexigrid.cli.scrabble_input import BoardOption, read_position
from lexigrid.counts import count
from lexigrid.scrabble.core.alphabet import ENGLISH, Alphabet

if TYPE_CHECKING:
    from lexigrid.scrabble.analysis.peg import PegSolution

CgpArgument = Annotated[
    str,
    typer.Argument(help="A position in CGP with the opponent's rack left out: 'BOARD RACK/ SCORES ZEROS'."),
]


def peg(
    cgp: CgpArgument,
    top: Annotated[int, typer.Option("--top", "-n", help="Show the K best plays.")] = 10,
    seconds: Annotated[
        float | None, typer.Option(help="Stop after S seconds (then the result is not exact).")
    ] = None,
    nodes: Annotated[
        int | None,
        typer.Option(
            help="A work budget instead of a time: at most N search nodes (the same result on any machine)."
        ),
    ] = None,
    spreads: Annotated[
        bool, typer.Option("--spreads", help="Also solve each shown play's exact mean final spread (slower).")
    ] = False,
    jobs: JobsOption = 1,
    scheduler: SchedulerOption = None,
    lexicon: LexiconOption = None,
    board: BoardOption = None,
    json: JsonOption = False,
) -> None:
    """Solve a pre-endgame (1 or 2 tiles in the bag): each play's win % and mean spread, every scenario."""
    from lexigrid.cli.common import err_console
    from lexigrid.cli.scrabble_render import board_table
    from lexigrid.lexicon import load
    from lexigrid.scrabble import Engine
    from lexigrid.scrabble.analysis.peg import BUDGET_NOTE, LATE_NOTE, peg_bag, solve_peg

    position = read_position(cgp, lexicon, board, tiles=False)
    peg_bag(position)
    spec = position.lexicon_spec(lexicon)
    engine = Engine.shared(load(spec), position.rules).prepare()
    runner = make_runner(jobs, scheduler=scheduler, progress=False)
    with err_console.status("solving the pre-endgame…"):
        solution = solve_peg(position, engine, top, seconds, spreads, runner, spec, nodes)
    letters = engine.alphabet
    if json:
        emit_json(solution.as_dict(letters))
        return
    console.print(board_table(position.board))
    console.print(
        Text.assemble(
            "to move: ",
            (letters.write_tiles(str(position.racks[0])), "bold"),
            f"  scores {position.scores[0]}-{position.scores[1]}  bag {solution.bag}",
        )
    )
    console.print(plays_table(solution, letters))
    if lost := losing_line(solution, letters):
        console.print(lost)
    cut = (LATE_NOTE, BUDGET_NOTE)
    for move, why in solution.unsolved:
        if why not in cut:
            console.print(f"{letters.write(move)}: {why}", style="yellow")
    for note in cut:
        late = [move for move, why in solution.unsolved if why == note]
        if late:
            console.print(f"not judged: {count(len(late), 'play')} ({note})", style="yellow")
    console.print(
        f"{solution.verdict}; {count(solution.candidates, 'candidate')}, "
        f"{solution.dropped} dropped as unable to reach the top {top}, {count(solution.nodes, 'node')}, "
        f"{solution.elapsed_ms:,.1f} ms",
        style="dim",
    )


def plays_table(solution: PegSolution, letters: Alphabet = ENGLISH) -> Table:
    """The best plays with win %, mean spread and the scenarios each wins."""
    from lexigrid.cli.scrabble_render import shown

    table = Table(title=f"the {len(solution.plays)} best plays")
    for name in ("#", "move", "score", "win %", "spread", "wins", "draws", "scenarios", "exact"):
        table.add_column(name, justify="left" if name == "move" else "right")
    for i, play in enumerate(solution.plays, 1):
        table.add_row(
            str(i),
            shown(play.move, letters),
            str(play.move.score),
            f"{'>= ' if play.bound != 'exact' else ''}{play.win_pct:.2f}",
            "" if play.mean_spread is None else f"{play.mean_spread:+.2f}",
            str(play.wins),
            str(play.draws),
            str(play.scenarios),
            "yes" if play.exact else "lower bound" if play.bound != "exact" else "no",
        )
    return table


def losing_line(solution: PegSolution, letters: Alphabet = ENGLISH) -> str:
    """The scenarios the best play loses, by the tiles in the bag (empty when it loses none)."""
    if not solution.plays or not solution.plays[0].losing_tiles:
        return ""
    losing = " ".join(letters.write(tile) for tile in solution.plays[0].losing_tiles)
    return f"the best play loses when the bag holds: {losing}"


def register_commands(app: typer.Typer) -> None:
    """Add `peg` to the `lexigrid scrabble` group."""
    app.command("peg")(peg)
