"""`lexigrid scrabble analyze`: a whole GCG record judged turn by turn, with each player's summary."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from lexigrid.cli.common import (
    BackendOption,
    JobsOption,
    JsonOption,
    LexiconOption,
    SchedulerOption,
    console,
    emit_json,
    make_runner,
    seed_option,
)
from lexigrid.cli.scrabble_render import board_table
from lexigrid.scrabble.core.cgp import parse_cgp

if TYPE_CHECKING:
    from lexigrid.scrabble.records.review import GameReview, TurnReview

MISTAKE_STYLES = {"none": "", "small": "yellow", "medium": "dark_orange", "large": "bold red"}


def analyze(
    path: Annotated[Path, typer.Argument(metavar="GAME.gcg", help="A GCG game record.")],
    player: Annotated[
        str | None, typer.Option(help="Judge only this player's turns (nickname or full name).")
    ] = None,
    seconds_per_turn: Annotated[
        float, typer.Option("--seconds-per-turn", help="Time to judge each turn (simulation or solving).")
    ] = 2.0,
    iterations: Annotated[
        int | None,
        typer.Option(help="Play-outs a play instead of a time (the same result on any machine)."),
    ] = None,
    peg_nodes: Annotated[
        int | None,
        typer.Option(
            help="The pre-endgame solver's work budget a turn in search nodes instead of a time "
            "(default with --iterations: 10,000 a play-out)."
        ),
    ] = None,
    jobs: JobsOption = 1,
    backend: BackendOption = "auto",
    scheduler: SchedulerOption = None,
    seed: Annotated[int, seed_option("Seed of the simulations' random racks and bags.")] = 0,
    turn: Annotated[
        list[int] | None,
        typer.Option(
            "--turn",
            metavar="N",
            help="Also show turn N: the board before it, the play made and the candidates, each with what "
            "it gave the opponent when simulated (repeatable).",
        ),
    ] = None,
    only: Annotated[
        bool,
        typer.Option(
            "--only", help="Judge only the --turn turns: quick, the summary then covers those turns alone."
        ),
    ] = False,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """Judge every turn of a game: the best play by simulation, pre-endgame or endgame, what each play
    lost, the mistakes by size and each player's Mistake Index."""
    from lexigrid.errors import LexigridError
    from lexigrid.scrabble.records.review import Settings, analyze_text

    settings = Settings(seconds=seconds_per_turn, iterations=iterations, seed=seed, peg_nodes=peg_nodes)
    settings.check()
    runner = make_runner(jobs, backend, scheduler, progress=not json)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise LexigridError(f"cannot read {str(path)!r}: {error.strerror}") from None
    review = analyze_text(data, settings, player, lexicon, runner, shown=turn or (), only_shown=only)
    if json:
        emit_json(review.as_dict())
        return
    console.print(turns_table(review))
    for line in turn_notes(review):
        console.print(line)
    console.print(players_table(review))
    if review.lexicon_note:
        console.print(review.lexicon_note, style="yellow")
    for number in turn or ():
        shown = next(t for t in review.turns if t.turn == number)
        console.print(turn_title(shown))
        if shown.contrast:
            console.print(Text(shown.contrast))
        console.print(board_table(parse_cgp(shown.cgp).board))
        console.print(candidates_table(shown))
    console.print(f"{review.elapsed_ms / 1000:,.1f} s", style="dim")


def turn_title(turn: TurnReview) -> Text:
    """A turn shown in detail: who played what from which rack, its rank, the best, what it lost."""
    return Text.assemble(
        f"turn {turn.turn}: ", Text(turn.nick), f" ({turn.rack}) {turn.headline}; {turn.verdict}"
    )


FIRST_PLACE = ("1", "1=")  # the places of the first group: the best and the plays tied with it


def candidates_table(turn: TurnReview) -> Table:
    """A turn's candidates, best first, the play made in bold: the place (1=: tied with the best; a rule
    under the first place), win % and mean spread (or the endgame's value and final spread) and, on a
    simulated turn, the opponent's answer after each (its ply 1: mean points, how often a bingo)."""
    simulated, solved = turn.phase == "sim", turn.phase == "endgame"
    table = Table(title=f"turn {turn.turn}'s candidates")
    names = ("#", "candidate", "score", *(("value", "final") if solved else ("win %", "spread")))
    for name in names + (("their reply",) if simulated else ()):
        table.add_column(name, justify="left" if name == "candidate" else "right")
    first = [c["place"] in FIRST_PLACE for c in turn.candidates]
    for i, c in enumerate(turn.candidates):
        if solved:
            values = [f"{c['value']:+d}", f"{c['final_spread']:+d}"]
        else:
            values = [f"{c['win_pct']:.1f}", "-" if c["mean_spread"] is None else f"{c['mean_spread']:+.1f}"]
        reply = [_reply(c["plies"][0]) if c["plies"] else "-"] if simulated else []
        style = "bold" if c["move"] == turn.played else None
        under = first[i] and i + 1 < len(first) and not first[i + 1]
        table.add_row(c["place"], c["move"], str(c["score"]), *values, *reply, style=style, end_section=under)
    return table


def _reply(ply: dict[str, Any]) -> str:
    """A simulated candidate's ply 1: `31.2 (18% bingos)`."""
    return f"{ply['mean_points']:.1f} ({ply['bingo_pct']:.0f}% bingos)"


def turns_table(review: GameReview) -> Table:
    """Every judged turn: the play made against the best, what it lost and the mistake's size."""
    table = Table(title=f"game review ({review.lexicon})")
    for name in ("#", "player", "phase", "played", "rank", "best", "lost", "mistake"):
        table.add_column(name, justify="left" if name in ("player", "played", "best") else "right")
    for turn in review.turns:
        table.add_row(
            str(turn.turn),
            Text(turn.nick),
            turn.phase,
            turn.played,
            turn.place,
            turn.best,
            turn.lost_text,
            Text(turn.mistake if turn.mistake != "none" else "", style=MISTAKE_STYLES[turn.mistake]),
        )
    return table


def turn_notes(review: GameReview) -> list[Text]:
    """One line per turn with flags, a note on its method or a medium or large mistake (with its contrast):
    `turn 3 (ann): a phony challenged off`."""
    from lexigrid.scrabble.records.review import FLAGS

    lines = []
    for turn in review.turns:
        notes = [FLAGS[f] for f in turn.flags] + ([turn.method_note] if turn.method_note else [])
        if turn.mistake in ("medium", "large") and turn.contrast:
            notes.append(f"a {turn.mistake} mistake, {turn.contrast}")
        if notes:
            lines.append(Text.assemble(f"turn {turn.turn} (", Text(turn.nick), "): " + "; ".join(notes)))
    return lines


def players_table(review: GameReview) -> Table:
    """Each player's summary: mistakes by size, the Mistake Index, losses in total, bingos."""
    table = Table(title="summary")
    table.add_column("player")
    for name in ("score", "turns", "mistakes S/M/L", "Mistake Index", "equity lost", "win % lost", "bingos"):
        table.add_column(name, justify="right")
    for p in review.players:
        if not p.turns:  # --player chose the other: no figures, rather than a clean game's zeros
            table.add_row(Text(p.name), str(p.score), "0", Text("not judged", style="dim"))
            continue
        table.add_row(
            Text(p.name),
            str(p.score),
            str(p.turns),
            "/".join(str(p.mistakes[size]) for size in ("small", "medium", "large")),
            f"{p.mistake_index:.1f}",
            f"{p.equity_lost:.1f}",
            f"{p.win_pct_lost:.1f}",
            f"{p.bingos} ({p.bingos_missed} missed)",
        )
    return table


def register_commands(app: typer.Typer) -> None:
    """Add `analyze` to the `lexigrid scrabble` group."""
    app.command("analyze")(analyze)
