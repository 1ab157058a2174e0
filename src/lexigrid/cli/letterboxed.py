"""`lexigrid letterboxed`: solve NYT Letter Boxed boards, check a solution, get a hint, make new boards."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer
from rich.text import Text

from lexigrid.cli.common import JsonOption, LexiconOption, console, emit_json, seed_option
from lexigrid.counts import count, nouns, number
from lexigrid.terminal import progress_bar

if TYPE_CHECKING:
    from rich.console import RenderableType

    from lexigrid.letterboxed import Board, Solver
    from lexigrid.lexicon import Lexicon

app = typer.Typer(
    help="Solve NYT Letter Boxed boards, check solutions, get hints, make new boards.", no_args_is_help=True
)

SidesArgument = Annotated[
    str, typer.Argument(help="The board's sides, e.g. VYQ,FIG,OTE,XLU (any case; commas or spaces).")
]
ShapeOption = Annotated[
    str,
    typer.Option(help="The box: N sides of M letters as NxM, or 'any' for any box of equal sides."),
]
MaxWordsOption = Annotated[int, typer.Option("--max-words", help="Most words in a solution (1-6).")]
CommonOption = Annotated[
    int | None, typer.Option(help="Only the N most frequent words of the lexicon.", show_default=False)
]

AllowOffensiveOption = Annotated[
    bool,
    typer.Option(
        "--allow-offensive",
        help="Also use offensive words (left out of solutions, hints and new boards by default).",
    ),
]


def _board(sides: str, shape: str) -> Board:
    from lexigrid.letterboxed import Board, parse_shape

    return Board.parse(sides, parse_shape(shape))


SecondsOption = Annotated[
    float, typer.Option(min=0, help="Stop the search after this many seconds (0: no limit).")
]


@app.command("solve")
def solve(
    sides: SidesArgument,
    max_words: MaxWordsOption = 4,
    top: Annotated[int, typer.Option(min=1, help="How many ranked solutions to give.")] = 20,
    all_: Annotated[
        bool,
        typer.Option(
            "--all", help="Every non-redundant solution, streamed as found (with --json: JSON Lines)."
        ),
    ] = False,
    common: CommonOption = None,
    shape: ShapeOption = "4x3",
    seconds: SecondsOption = 60.0,
    allow_offensive: AllowOffensiveOption = False,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """The best solutions of a board: fewer words first, then common, tight words."""
    from lexigrid.letterboxed import solver
    from lexigrid.letterboxed.report import solve_report
    from lexigrid.letterboxed.solve import check_max_words
    from lexigrid.lexicon import load

    board = _board(sides, shape)
    check_max_words(max_words)
    started = time.perf_counter()
    lex = load(lexicon)
    loaded = time.perf_counter()
    s = solver(board, lex, common, allow_offensive=allow_offensive)
    s.stop_after(seconds or None)
    if all_:
        _stream_all(board, lex, s, max_words, seconds, json)
        return
    with _searching(
        f"searching {board} (stops after {seconds:g} s)" if seconds else f"searching {board}", json
    ):
        solutions = s.best(top, max_words)
    finished = time.perf_counter()
    if json:
        emit_json(
            solve_report(board, lex, s, solutions, (finished - loaded) * 1000, (loaded - started) * 1000)
        )
        return
    from rich.table import Table

    playable = count(len(s.words), "playable word")
    table = Table(title=f"best {count(len(solutions), 'solution')} ({lex.name}, {playable})")
    for column in ("#", "solution", "words", "score"):
        table.add_column(column, justify="left" if column == "solution" else "right")
    for rank, solution in enumerate(solutions, start=1):
        table.add_row(str(rank), str(solution), str(len(solution)), f"{solution.score:.2f}")
    console.print(_box(board))
    console.print(table if solutions else f"no solution of up to {count(max_words, 'word')}")
    if s.stopped:
        console.print(_stopped_message(seconds, s.complete_words, max_words))
    console.print(f"solved in {(finished - loaded) * 1000:,.0f} ms", style="dim")


def _stopped_message(seconds: float, complete_words: int, max_words: int) -> str:
    done = (
        f"solutions of up to {count(complete_words, 'word')} are complete"
        if complete_words
        else "no level finished"
    )
    return (
        f"stopped after {seconds:g} s (--seconds): {done}, longer ones (up to {max_words}) were not all "
        "searched; raise --seconds (0: no limit) or lower --max-words"
    )


@contextmanager
def _searching(description: str, quiet: bool) -> Iterator[None]:
    """A spinner with the elapsed time on stderr while a search runs, when stderr is a terminal."""
    from lexigrid.cli.common import err_console

    if quiet or not err_console.is_terminal:
        yield
        return
    with err_console.status(description):
        yield


def _stream_all(board: Board, lex: Lexicon, s: Solver, max_words: int, seconds: float, json: bool) -> None:
    """Every solution as found, one a line (JSON Lines under --json), with the count to expect first."""
    import json as json_module
    import sys

    from lexigrid.letterboxed.estimate import covering_chains
    from lexigrid.letterboxed.reach import SearchStopped
    from lexigrid.letterboxed.report import stream_footer, stream_header

    expect = covering_chains(board, s.words, max_words)
    started = time.perf_counter()
    out = sys.stdout
    if json:
        emit_json(stream_header(board, lex, s, max_words, expect))
    else:
        console.print(_box(board))
        about = "no estimate for a board this large" if expect is None else f"at most {expect:,}"
        console.print(
            f"solutions of up to {count(max_words, 'word')} ({lex.name}): {about} (covering chains)"
        )
    found, stopped = 0, None
    with progress_bar("solutions", expect, eta=False) as advance:
        try:
            for solution in s.solutions(max_words):
                if json:
                    out.write(json_module.dumps(solution.as_dict()) + "\n")
                else:
                    out.write(f"{solution}  {solution.score:.2f}\n")
                found += 1
                if found & 1023 == 0:
                    advance(1024)
        except SearchStopped:
            stopped = seconds
    out.flush()
    elapsed = (time.perf_counter() - started) * 1000
    if json:
        emit_json(stream_footer(found, s, stopped, elapsed))
        return
    console.print(
        Text.assemble(
            (number(found), "bold"),
            f" {nouns(found, 'solution')} of up to {count(max_words, 'word')} ({lex.name})",
        )
    )
    if stopped is not None:
        console.print(_stopped_message(stopped, s.complete_words, max_words))


@app.command("new")
def new(
    seed: Annotated[int | None, seed_option("The board of this seed (random when not given).")] = None,
    date: Annotated[
        str | None, typer.Option(help="The board of a date, YYYY-MM-DD ('today': today in UTC).")
    ] = None,
    reveal: Annotated[bool, typer.Option(help="Also show the two-word solution it was built from.")] = False,
    shape: Annotated[str, typer.Option(help="The box: N sides of M letters as NxM.")] = "4x3",
    allow_offensive: AllowOffensiveOption = False,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """A new board with a two-word solution of common words: seeded, or the board of the day."""
    from lexigrid.errors import LexigridError
    from lexigrid.letterboxed import new_board, parse_shape
    from lexigrid.lexicon import load

    box = parse_shape(shape)
    if box is None:
        raise LexigridError("--shape must be NxM for a new board, e.g. 4x3")
    found = new_board(seed, date, load(lexicon), box, allow_offensive=allow_offensive)
    if json:
        emit_json(found.as_dict(reveal))
        return
    console.print(_box(found.board))
    made = f"the board of {found.date.isoformat()}" if found.date else f"seed {found.seed}"
    console.print(Text.assemble((str(found.board), "bold"), f"  ({made}; solvable in two words)"))
    if reveal:
        console.print(Text.assemble("built from ", ("-".join(found.key), "bold")))


@app.command("check")
def check(
    sides: SidesArgument,
    words: Annotated[str, typer.Argument(help="The solution, e.g. FOXGLOVE-EQUITY.")],
    shape: ShapeOption = "4x3",
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """Is WORDS a solution of the board, and if not, exactly why (exit 0 when valid, 1 otherwise)."""
    from lexigrid.errors import LexigridError
    from lexigrid.letterboxed import check as check_solution
    from lexigrid.letterboxed import format_words, parse_words
    from lexigrid.lexicon import load

    board = _board(sides, shape)
    chain = parse_words(words)
    if not chain:
        raise LexigridError("no words given: write the solution's words, e.g. FOXGLOVE-EQUITY")
    lex = load(lexicon)
    verdict = check_solution(board, chain, lex)
    if json:
        emit_json({**verdict.as_dict(), "lexicon": lex.name})
    elif verdict.valid:
        console.print(
            Text.assemble(
                ("valid", "green"), f" {format_words(chain)}  ", (f"score {verdict.score:.2f}", "dim")
            )
        )
        if verdict.shorter is not None:
            console.print(f"redundant: {format_words(verdict.shorter)} already covers every letter")
    else:
        console.print(Text.assemble(("not a solution", "red"), f" {format_words(chain)}"))
        for problem in verdict.problems:
            console.print(f"  - {problem.message}")
    raise typer.Exit(0 if verdict.valid else 1)


@app.command("hint")
def hint(
    sides: SidesArgument,
    played: Annotated[
        str, typer.Argument(help="The words played so far, e.g. FOXGLOVE (none for a first word).")
    ] = "",
    top: Annotated[int, typer.Option(min=1, help="How many next words to suggest.")] = 10,
    max_words: MaxWordsOption = 4,
    in_par: Annotated[
        bool,
        typer.Option(
            "--par",
            help="Say the board's par and aim for a finish in it (instead of --max-words; "
            "beyond par only when no finish is in par from here).",
        ),
    ] = False,
    common: CommonOption = None,
    shape: ShapeOption = "4x3",
    allow_offensive: AllowOffensiveOption = False,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """The best next words after the words played so far, each with the finish it leads to."""
    from lexigrid.letterboxed import format_words, parse_words, solver
    from lexigrid.letterboxed import hint as hints_for
    from lexigrid.letterboxed.report import hints_report
    from lexigrid.letterboxed.solve import check_max_words
    from lexigrid.lexicon import load

    board = _board(sides, shape)
    words = parse_words(played)
    check_max_words(max_words)
    lex = load(lexicon)
    s = solver(board, lex, common, allow_offensive=allow_offensive)
    board_par, in_reach = None, None
    if in_par:
        from lexigrid.letterboxed.par import hints_in_par, par

        board_par = par(board, lex, allow_offensive=allow_offensive)
        found, in_reach = hints_in_par(s, lex, words, board_par, top=top)
    else:
        found = hints_for(s, lex, words, top=top, max_words=max_words)
    if json:
        emit_json(hints_report(board, lex, words, found, board_par, in_reach))
        return
    console.print(_box(board))
    if board_par is not None:
        console.print(
            f"par {board_par.words} words" + ("" if in_reach or not found else ": no finish in par from here")
        )
    if not found:
        console.print("no next word: " + ("the board is solved" if words else "no solution found"))
        return
    from rich.table import Table

    title = f"next words after {format_words(words)}" if words else "first words"
    table = Table(title=title)
    for column in ("word", "new letters", "best finish", "score"):
        table.add_column(column)
    for h in found:
        table.add_row(h.word, h.new_letters, str(h.solution), f"{h.solution.score:.2f}")
    console.print(table)


def _box(board: Board) -> RenderableType:
    """The board drawn as a box: sides top, right, bottom, left (or listed, for other shapes)."""
    from rich.panel import Panel
    from rich.text import Text

    if len(board.sides) != 4:
        return Panel(Text("  ".join(board.sides), style="bold"), title="board", expand=False)
    top, right, bottom, left = board.sides
    width = max(len(top), len(bottom), 1) * 4 + 1
    lines = ["    " + "".join(f"  {c} " for c in top), "   ┌" + "─" * width + "┐"]
    height = max(len(left), len(right))
    for i in range(height):
        a = left[i] if i < len(left) else " "
        b = right[i] if i < len(right) else " "
        lines.append(f" {a} │" + " " * width + f"│ {b}")
    lines.append("   └" + "─" * width + "┘")
    lines.append("    " + "".join(f"  {c} " for c in bottom))
    return Text("\n".join(lines), style="bold")
