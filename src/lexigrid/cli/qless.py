"""`lexigrid qless`: roll the dice, solve a roll, check a grid, rate a roll, pick the daily roll."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.panel import Panel
from rich.text import Text

from lexigrid import counts
from lexigrid.cli.common import (
    JobsOption,
    JsonOption,
    LexiconOption,
    SchedulerOption,
    console,
    emit_json,
    err_console,
    make_runner,
    seed_option,
)

if TYPE_CHECKING:
    from lexigrid.qless import Grid

app = typer.Typer(
    help="Q-Less: roll 12 letter dice and use every letter in one crossword.", no_args_is_help=True
)

LettersArgument = Annotated[str, typer.Argument(help="The 12 letters of a roll, e.g. BFHLRCTTNOAE.")]
CommonOption = Annotated[
    int | None,
    typer.Option("--common", "-c", min=1, help="Only the N most frequent words of the lexicon (e.g. 10000)."),
]


def _draw(grid: Grid, title: str = "") -> Panel:
    """A grid as letter tiles in a panel."""
    text = Text()
    for i, row in enumerate(grid):
        for ch in row:
            text.append(
                f" {ch} " if ch != "." else "   ", style="bold black on bright_yellow" if ch != "." else ""
            )
        if i < len(grid) - 1:
            text.append("\n")
    return Panel(text, title=Text(title) if title else None, expand=False)


@app.command("roll")
def roll_command(
    seed: Annotated[int | None, seed_option("Seed for a reproducible roll.")] = None,
    json: JsonOption = False,
) -> None:
    """Roll the twelve Q-Less dice."""
    from lexigrid.qless import roll

    letters = roll(seed)
    if json:
        emit_json({"letters": letters, "seed": seed})
    else:
        console.print(letters)


@app.command("solve")
def solve_command(
    letters: LettersArgument,
    all_: Annotated[bool, typer.Option("--all", help="Every distinct solution.")] = False,
    count: Annotated[bool, typer.Option("--count", help="Only count the distinct solutions.")] = False,
    limit: Annotated[int | None, typer.Option(min=1, help="At most N solutions.")] = None,
    common: CommonOption = None,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """Solve a roll: the first solution, --all of them, or --count them (exit 1 when there is none)."""
    import time

    from lexigrid.errors import LexigridError
    from lexigrid.lexicon import load
    from lexigrid.qless import parse_roll, solve
    from lexigrid.qless.report import solve_report

    given = [name for name, on in (("--all", all_), ("--count", count), ("--limit", limit is not None)) if on]
    if len(given) > 1:
        raise LexigridError(
            f"give only one of {', '.join(given)}: --all lists every solution, --count counts them, "
            "--limit lists at most N"
        )
    roll = parse_roll(letters)
    lex = load(lexicon)
    wanted = limit if limit is not None else (None if all_ else 1)
    if count or json:
        with err_console.status(f"solving {roll}"):
            report = solve_report(roll, lex, common=common, limit=wanted, count=count)
        if json:
            emit_json(report)
        total, complete, elapsed_ms = report["count"], report["complete"], report["elapsed_ms"]
    else:  # drawn as the search finds them
        started = time.perf_counter()
        total, complete = 0, True
        for n, solution in enumerate(solve(roll, lex, common=common, limit=wanted and wanted + 1), start=1):
            if wanted is not None and n > wanted:
                complete = False  # one more than asked for exists
                break
            total = n
            console.print(_draw(solution.grid, f"{total}: {', '.join(solution.words)}"))
        elapsed_ms = (time.perf_counter() - started) * 1000
    if not json:
        what = counts.count(total, "solution") + ("" if complete else " shown (more exist)")
        note = f"{lex.name}{_common_note(common)}"
        if total == 0:
            console.print(
                Text.assemble(
                    f"{roll}: ", ("no solution", "red"), f" ({note}), proved in {elapsed_ms:,.0f} ms"
                )
            )
        else:
            console.print(f"{roll}: {what} ({note}) in {elapsed_ms:,.0f} ms")
    raise typer.Exit(0 if total else 1)


@app.command("check")
def check_command(
    grid: Annotated[
        str, typer.Argument(help="The grid: rows joined by '/', '.' for empty, e.g. CAT/A../T..")
    ],
    letters: LettersArgument,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """Check a grid against a roll; list what is wrong (exit 0 when it is a solution, 1 when not)."""
    from lexigrid.errors import LexigridError
    from lexigrid.lexicon import load
    from lexigrid.qless import parse_grid, parse_roll
    from lexigrid.qless.report import check_report

    if "/" in letters and "/" not in grid:  # the two arguments swapped
        raise LexigridError(f"the grid comes first, then the roll: lexigrid qless check {letters} {grid}")
    board = parse_grid(grid)
    report = check_report(parse_roll(letters), board, load(lexicon))
    if json:
        emit_json(report)
    else:
        console.print(_draw(board))
        for problem in report["problems"]:
            console.print(Text.assemble(("✗", "red"), f" {problem['message']}"))
        if report["valid"]:
            console.print("✓ a solution", style="green")
    raise typer.Exit(0 if report["valid"] else 1)


@app.command("difficulty")
def difficulty_command(
    letters: LettersArgument,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """Rate a roll Monday (easiest) .. Sunday (hardest), or unsolvable."""
    from lexigrid.lexicon import load
    from lexigrid.qless import difficulty, parse_roll

    rating = difficulty(parse_roll(letters), load(lexicon))
    if json:
        emit_json(rating.as_dict())
    else:
        console.print(
            Text.assemble(
                f"{rating.letters}: ", (rating.weekday or "unsolvable", "bold"), f" ({rating.reason})"
            )
        )


@app.command("daily")
def daily_command(
    date: Annotated[str | None, typer.Option(help="The day, YYYY-MM-DD (default: today, UTC).")] = None,
    solution: Annotated[bool, typer.Option("--solution", help="Also show a solution.")] = False,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """The roll of the day: deterministic, of the difficulty of its weekday."""
    from lexigrid.dates import parse_date
    from lexigrid.lexicon import load
    from lexigrid.qless.report import daily_report

    with err_console.status("rating seeded rolls until one fits the weekday"):
        report = daily_report(parse_date(date), load(lexicon), solution)
    if json:
        emit_json(report)
        return
    day = f"{report['date']} ({report['weekday']})"
    console.print(
        Text.assemble(f"{day}: ", (report["letters"], "bold"), f"  ({report['difficulty']['reason']})")
    )
    found = report.get("solution")
    if found:
        console.print(_draw(tuple(found["grid"]), ", ".join(found["words"])))


@app.command("survey")
def survey_command(
    rolls: Annotated[int, typer.Option(min=1, help="Seeded rolls to check (seeds 0..N-1).")] = 10_000,
    exact: Annotated[
        bool, typer.Option("--exact", help="Every distinct multiset of the dice, weighted: exact (slow).")
    ] = False,
    common: CommonOption = None,
    jobs: JobsOption = 1,
    scheduler: SchedulerOption = None,
    checkpoint: Annotated[
        Path | None, typer.Option(help="Keep finished blocks here (JSON Lines); rerun to resume.")
    ] = None,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """The fraction of unsolvable rolls: sampled with a 95% interval, or --exact over every multiset."""
    from lexigrid.qless.survey import Words, exact_survey, survey

    words, runner = Words(lexicon, common), make_runner(jobs, scheduler=scheduler, progress=not json)
    found = (
        exact_survey(words, checkpoint=checkpoint, runner=runner)
        if exact
        else survey(words, rolls, checkpoint=checkpoint, runner=runner)
    )
    report = found.as_dict()
    if json:
        emit_json(report)
        return
    low, high = report["interval"]
    what = "exact" if exact else f"95% interval {low:.4%} .. {high:.4%}"
    kind = f"top {counts.count(common, 'word')}" if common else "all words"
    console.print(
        Text.assemble(
            f"{counts.number(report['unsolvable'])} of {counts.count(report['rolls'], 'roll')} unsolvable: ",
            (f"{report['unsolvable_fraction']:.4%}", "bold"),
            f" ({what}; {kind})",
        )
    )
    if exact:
        likeliest = ", ".join(f"{x['letters']} ({x['probability']:.2e})" for x in report["likeliest"])
        console.print(
            f"= {report['fraction']}; {counts.number(report['unsolvable_multisets'])} of "
            f"{counts.count(report['multisets'], 'distinct multiset')} unsolvable; likeliest: {likeliest}",
            markup=False,
        )


def _common_note(common: int | None) -> str:
    return "" if common is None else f", top {counts.count(common, 'word')}"


@app.command("hint")
def hint_command(
    letters: LettersArgument,
    level: Annotated[
        int, typer.Option(min=1, max=4, help="1: is it solvable; 2: a word; 3: its place; 4: all.")
    ] = 1,
    grid: Annotated[str | None, typer.Option(help="What you have placed so far, e.g. CAT/A../T..")] = None,
    common: CommonOption = None,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """A clue for a roll from its exact solutions: each level gives away a little more."""
    from lexigrid.lexicon import load
    from lexigrid.qless import parse_grid, parse_roll
    from lexigrid.qless.hint import hint
    from lexigrid.qless.words import COMMON_WORDS

    partial = None if grid is None else parse_grid(grid)
    found = hint(parse_roll(letters), level, load(lexicon), partial=partial, common=common or COMMON_WORDS)
    if json:
        emit_json(found.as_dict())
        return
    console.print(Text(found.message))
    shown = found.as_dict()
    if "word" in shown:
        console.print(Text.assemble("a word of a solution: ", (shown["word"], "bold")))
    if "shape" in shown:
        console.print(Text(f"its cells (row, column): {shown['cells']}"))
        console.print(_draw(found.grid if level >= 4 else found.shape, "solution" if level >= 4 else "shape"))
