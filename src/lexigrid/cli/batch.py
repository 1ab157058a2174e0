"""`lexigrid batch GAME INPUT.jsonl --out OUTPUT.jsonl`: grade one puzzle per line over the shared runner."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from lexigrid.cli.common import JobsOption, JsonOption, SchedulerOption, console, emit_json, make_runner
from lexigrid.counts import count, number


def batch(
    game: Annotated[
        str, typer.Argument(metavar="GAME", help="letterboxed, qless, wordle, scrabble or scrabble-analyze.")
    ],
    source: Annotated[
        Path,
        typer.Argument(
            metavar="INPUT", help="JSON Lines: one puzzle per line (scrabble-analyze: also a folder of .gcg)."
        ),
    ],
    out: Annotated[Path, typer.Option("--out", "-o", help="Where the results go, one line per input line.")],
    resume: Annotated[
        bool,
        typer.Option("--resume", help="Continue an OUTPUT a killed run left (after its last whole line)."),
    ] = False,
    settings: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            metavar="KEY=VALUE",
            help="Give every line this key unless it has its own (a folder's records: seconds_per_turn=1).",
        ),
    ] = None,
    jobs: JobsOption = 1,
    scheduler: SchedulerOption = None,
    json: JsonOption = False,
) -> None:
    """Grade a file of puzzles: each line's result is the game command's --json (errors as records)."""
    from lexigrid.batch import grade, parse_setting

    given = dict(parse_setting(text, game) for text in settings or ())
    runner = make_runner(jobs, scheduler=scheduler, progress=not json)
    summary = grade(game, source, out, resume=resume, runner=runner, settings=given)
    if json:
        emit_json(summary.as_dict())
        return
    again = f", {number(summary.resumed)} kept from before" if summary.resumed else ""
    console.print(
        f"{count(summary.written, 'line')} graded ({count(summary.errors, 'error')}{again}) -> {summary.out} "
        f"in {summary.elapsed_ms / 1000:,.1f} s"
    )


def register(app: typer.Typer) -> None:
    """Add `batch` to the root command."""
    app.command("batch")(batch)
