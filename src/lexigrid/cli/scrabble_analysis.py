"""`lexigrid scrabble sim | learn-winpct`: Monte Carlo simulation of a position and its win table."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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
from lexigrid.cli.scrabble_input import BoardOption, read_position
from lexigrid.counts import count, number
from lexigrid.scrabble.analysis import inference as notes
from lexigrid.scrabble.core.alphabet import ENGLISH, Alphabet

if TYPE_CHECKING:
    from lexigrid.scrabble.analysis.inference import Inference
    from lexigrid.scrabble.analysis.sim import PlayStats, Progress, SimResult
    from lexigrid.scrabble.analysis.sim_plies import PlyStats

CgpArgument = Annotated[
    str,
    typer.Argument(help="A position in CGP: 'BOARD RACKS SCORES ZEROS', e.g. '15/15/.../15 AEINRST/ 0/0 0'."),
]
SHOWN = 15  # rows of the live table
TemperatureOption = Annotated[
    float | None,
    typer.Option(
        help="Weigh a rack by exp(-loss/T) for a play `loss` points of equity below its best (soft weights; "
        "default: MAGPIE's hard margin, every rack within it alike).",
    ),
]


def sim(
    cgp: CgpArgument,
    plays: Annotated[
        int, typer.Option("--plays", "-n", help="Simulate the N best plays by static equity.")
    ] = 15,
    plies: Annotated[int, typer.Option(help="Moves played out after each candidate.")] = 2,
    iterations: Annotated[
        int | None, typer.Option("--iterations", "-i", help="Play-outs per play at most (default 1000).")
    ] = None,
    seconds: Annotated[
        float | None,
        typer.Option(help="Simulate for S seconds instead (less only if the best play is identified)."),
    ] = None,
    confidence: Annotated[
        float, typer.Option(help="Stop once the best play is identified at this confidence (%).")
    ] = 99.0,
    jobs: JobsOption = 1,
    backend: BackendOption = "auto",
    scheduler: SchedulerOption = None,
    seed: Annotated[int, seed_option("Seed of the random racks and bags.")] = 0,
    infer: Annotated[
        str | None,
        typer.Option(
            "--infer",
            metavar="MOVE",
            help="The opponent's last play (8D W(OR)D): draw their rack from what it tells they kept "
            "(inferred within a tenth of --seconds).",
        ),
    ] = None,
    temperature: TemperatureOption = None,
    add: Annotated[
        list[str] | None,
        typer.Option(
            "--add",
            metavar="MOVE",
            help="Simulate this play too, among the best or not (repeatable): the one you are weighing, "
            "e.g. '8D W(OR)D', '-ABC' (exchange) or '-' (pass).",
        ),
    ] = None,
    details: Annotated[
        bool,
        typer.Option(
            "--details",
            help="Also show each play's moves ply by ply: the opponent's answer, your next move and so on, "
            "their mean points and how often each was a bingo (always in --json).",
        ),
    ] = False,
    lexicon: LexiconOption = None,
    board: BoardOption = None,
    json: JsonOption = False,
) -> None:
    """Rank the best plays by simulation: win chance and spread over random play-outs, best first.

    Plays rank by win chance plus 1/2000 of the mean spread (20 points weigh as 1 % of winning); plays not
    told apart from the leader at the confidence asked are tied with it (1=). Ctrl-C stops the run with the
    table so far ("stopped": "user"); a second Ctrl-C breaks off."""
    from lexigrid.cli.common import err_console
    from lexigrid.errors import LexigridError
    from lexigrid.lexicon import load
    from lexigrid.scrabble import Engine
    from lexigrid.scrabble.analysis.infer import check_simulation_request
    from lexigrid.scrabble.analysis.sim import check_request, read_plays, simulate

    runner = make_runner(jobs, backend, scheduler)
    if iterations is not None and seconds is not None:
        raise LexigridError("give --iterations or --seconds, not both")
    position = read_position(cgp, lexicon, board, tiles=False)
    check_request(position, plays, plies, iterations, seconds, confidence / 100)
    check_simulation_request(infer, temperature)
    spec = position.lexicon_spec(lexicon)
    engine = Engine.shared(load(spec), position.rules).prepare()
    added = read_plays(position, engine, add or [])
    inferred = None
    if infer is not None:
        from lexigrid.scrabble.analysis.infer import infer_for_simulation

        inferred, seconds = infer_for_simulation(
            position, infer, engine, seconds, runner=runner, temperature=temperature
        )
        if not json:
            err_console.print(notes.drawn_note(inferred, engine.alphabet), highlight=False)
    with live_rounds(not json, engine.alphabet) as on_round:
        result = simulate(
            position,
            engine,
            plays=plays,
            plies=plies,
            iterations=iterations,
            seconds=seconds,
            confidence=confidence / 100,
            seed=seed,
            opponent=None if inferred is None else inferred.distribution(),
            runner=runner,
            lexicon=spec,
            on_round=on_round,
            include=added,
        )
    if json:
        emit_json(result.as_dict(engine.alphabet, inferred))
        return
    spent = f"{count(result.iterations, 'play-out')} in {result.elapsed_ms / 1000:,.1f} s"
    title = f"{spent}; {stop_reason(result)}"
    console.print(sim_table(result.plays, title, engine.alphabet))
    said = result.notes()
    for note in (said["ties"], said["reordered"]):
        if note is not None:
            console.print(note, highlight=False)
    if details:
        console.print(plies_table(result.plays, engine.alphabet))


@contextmanager
def live_rounds(shown: bool, letters: Alphabet) -> Iterator[Callable[[Progress], bool]]:
    """While a simulation runs, its `on_round`: the table drawn after each round (on stderr, when `shown`),
    and True once Ctrl-C was pressed (the run stops after the round with the table so far: "user")."""
    from rich.live import Live

    from lexigrid.cli.common import err_console

    live = Live(console=err_console, transient=True, refresh_per_second=4) if shown else None
    interrupted = Interrupt()

    def on_round(progress: Progress) -> bool:
        if live is not None:
            title = f"{count(progress.iterations, 'play-out')}, {progress.elapsed_ms / 1000:,.1f} s"
            live.update(sim_table(progress.plays, title, letters))
        return interrupted.asked

    if live is not None:
        live.start()
    try:
        interrupted.catch()
        yield on_round
    finally:
        interrupted.release()
        if live is not None:
            live.stop()


class Interrupt:
    """The first Ctrl-C asks a run to stop and answer what it has; a second one breaks off as usual."""

    def __init__(self) -> None:
        self.asked = False
        self._previous: Any = None

    def catch(self) -> None:
        """Take SIGINT (in the main thread only: elsewhere Ctrl-C keeps its usual meaning)."""
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._ask)

    def release(self) -> None:
        """Give SIGINT back."""
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
            self._previous = None

    def _ask(self, signum: int, frame: object) -> None:
        self.asked = True
        self.release()


def stop_reason(result: SimResult) -> str:
    """Why the run stopped and, unless that settles it, how sure it is of its best (the library's words)."""
    said = result.notes()
    if said["sure"] is None or result.stopped == "identified":
        return said["stopped"]
    return f"{said['stopped']}, {said['sure']}"


def sim_table(plays: list[PlayStats], title: str, letters: Alphabet = ENGLISH) -> Table:
    """The simulated plays, best first: win chance, mean spread ± its standard error, play-outs; the
    plays tied with the leader share the first place with it (1=), the plays it has beaten are dim, a rule
    between the groups (`_last_of_group`); a play asked for with --add and not among the best says so."""
    from lexigrid.scrabble.analysis.sim import places

    table = Table(title=title)
    for name in ("#", "move", "score", "equity", "win %", "spread", "± error", "play-outs"):
        table.add_column(name, justify="left" if name == "move" else "right")
    shown = plays[:SHOWN]
    for i, (p, place) in enumerate(zip(shown, places(plays), strict=False)):
        style = None if i == 0 or p.tied else "dim"
        table.add_row(
            place,
            letters.write(p.move.paren) + (" (added)" if p.added else "") + _set_aside(p, letters),
            str(p.move.score),
            f"{p.move.equity:.1f}",
            f"{p.win_pct:.1f}",
            f"{p.mean_value:+.1f}",
            f"{p.stderr:.1f}",
            f"{p.iterations:,}",
            style=style,
            end_section=_last_of_group(shown, i),
        )
    return table


def plies_table(plays: list[PlayStats], letters: Alphabet = ENGLISH) -> Table:
    """The simulated plays' moves ply by ply (`sim_plies`): each ply's mean points ± their standard
    deviation and its bingo rate, with the share of the play's play-outs that reached it when not all (a
    game over sooner; the plies past those asked, played to the end with the bag empty), best first."""
    from lexigrid.scrabble.analysis.sim import places
    from lexigrid.scrabble.analysis.sim_plies import side

    depth = max((len(p.plies) for p in plays), default=0)
    table = Table(
        title="Ply by ply: mean points ± standard deviation (bingo rate), in N% of play-outs if not all"
    )
    table.add_column("#", justify="right")
    table.add_column("move")
    for ply in range(1, depth + 1):
        table.add_column(f"{ply}: {'them' if side(ply) == 'opponent' else 'you'}", justify="right")
    shown = plays[:SHOWN]
    for i, (p, place) in enumerate(zip(shown, places(plays), strict=False)):
        cells = [_ply_cell(s, p.iterations) for s in p.plies]
        cells += ["-"] * (depth - len(cells))  # no play-out of this play reached the ply
        style = None if i == 0 or p.tied else "dim"
        table.add_row(
            place, letters.write(p.move.paren), *cells, style=style, end_section=_last_of_group(shown, i)
        )
    return table


def _last_of_group(plays: list[PlayStats], i: int) -> bool:
    """Whether the play at `i` ends its group (the first place, the plays beaten, the plays set aside), so
    that a play of higher win % in a later group reads as set apart by the test, not misplaced."""
    return i + 1 < len(plays) and _group(plays[i], i) != _group(plays[i + 1], i + 1)


def _group(play: PlayStats, i: int) -> str:
    """A simulated play's group in the table: the first place (the leader and the plays tied with it), the
    plays the leader has beaten, the plays set aside as reorderings of a leader."""
    if i == 0 or play.tied:
        return "first"
    return "beaten" if play.reorders is None else "set aside"


def _ply_cell(ply: PlyStats, playouts: int) -> str:
    """A ply's cell: `37.0 ± 24.3 (26%)`, then `in 40%` when only that share of the play-outs reached it."""
    cell = f"{ply.mean_points:.1f} ± {ply.stdev:.1f} ({ply.bingo_pct:.0f}%)"
    return cell if ply.moves == playouts else f"{cell} in {100 * ply.moves / playouts:.0f}%"


def _set_aside(play: PlayStats, letters: Alphabet) -> str:
    """A play set aside says whose tiles it reorders: ` (reorders 8C STAINER)`."""
    return "" if play.reorders is None else f" (reorders {letters.write(play.reorders.paren)})"


def learn_winpct(
    games: Annotated[int, typer.Option("--games", "-n", help="Self-play games.")] = 20_000,
    seed: Annotated[int, seed_option("Seed of the first game's bag.")] = 1,
    jobs: JobsOption = 1,
    backend: BackendOption = "auto",
    scheduler: SchedulerOption = None,
    out: Annotated[
        str | None,
        typer.Option(
            help="Write the table here (the shipped one: src/.../data); default: kept with the added lexicon "
            "-L names (then its simulations' win table), else winpct.json."
        ),
    ] = None,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """Learn the win-probability table (spread x tiles left) from static-equity self-play."""
    from pathlib import Path

    from lexigrid.errors import LexigridError
    from lexigrid.lexicon.added import added_name, learned_path
    from lexigrid.scrabble.learn.winpct_learn import learn

    name = added_name(lexicon)
    path = Path(out) if out is not None else learned_path(name, "winpct") if name else Path("winpct.json")
    learned = learn(games, seed=seed, runner=make_runner(jobs, backend, scheduler, not json), lexicon=lexicon)
    try:
        learned.table.write(path)
    except OSError as error:
        raise LexigridError(f"cannot write {path}: {error.strerror}") from None
    if json:
        emit_json(
            {
                "games": learned.games,
                "samples": learned.samples,
                "seconds": round(learned.seconds, 1),
                "out": str(path),
            }
        )
        return
    table = learned.table
    console.print(
        f"{count(learned.games, 'game')}, {count(learned.samples, 'turn')} in {learned.seconds:,.1f} s; "
        f"wrote {path}"
    )
    shown = Table(title="P(win) of the player to move")
    shown.add_column("tiles left", justify="right")
    spreads = (-100, -50, -20, 0, 20, 50, 100)
    for s in spreads:
        shown.add_column(f"{s:+d}", justify="right")
    for t in (1, 7, 14, 30, 50, 70, 86, 93):
        shown.add_row(str(t), *(f"{100 * table.win_probability(s, t):.0f}%" for s in spreads))
    console.print(shown)


def infer(
    cgp: Annotated[
        str,
        typer.Argument(
            help="The position BEFORE the play (CGP), its player to move, their rack empty (with --after: "
            "the position after it, the other player to move)."
        ),
    ],
    move: Annotated[str, typer.Argument(help="Their play: '8D WORD', 'D8 W(OR)D' or an exchange '-ABC'.")],
    after: Annotated[
        bool,
        typer.Option("--after", help="The CGP is the position after the play (its new tiles on the board)."),
    ] = False,
    score: Annotated[int | None, typer.Option(help="The score they were credited (checked).")] = None,
    margin: Annotated[
        float, typer.Option(help="Keep leaves whose play is within M points of equity of that rack's best.")
    ] = 5.0,
    temperature: TemperatureOption = None,
    seconds: Annotated[
        float | None,
        typer.Option(help="Judge the likeliest racks first and stop after S seconds (default: every rack)."),
    ] = None,
    top: Annotated[int, typer.Option("--top", "-n", min=1, help="Show the K likeliest leaves.")] = 15,
    jobs: JobsOption = 1,
    lexicon: LexiconOption = None,
    board: BoardOption = None,
    json: JsonOption = False,
) -> None:
    """Infer what a player kept from the play they made: the likeliest leaves and each tile's chance."""
    from lexigrid.lexicon import load
    from lexigrid.scrabble import Engine
    from lexigrid.scrabble.analysis.infer import infer_request

    position = read_position(cgp, lexicon, board, tiles=False)
    spec = position.lexicon_spec(lexicon)
    engine = Engine.shared(load(spec), position.rules).prepare()
    found = infer_request(
        position,
        move,
        engine,
        after=after,
        score=score,
        margin=margin,
        temperature=temperature,
        seconds=seconds,
        runner=make_runner(jobs),
        lexicon_spec=spec,
    )
    if json:
        emit_json(found.as_dict(top, engine.alphabet))
        return
    console.print(infer_table(found, top, engine.alphabet))
    console.print(marginal_bars(found, engine.alphabet))
    took = f"{found.elapsed_s * 1000:,.0f} ms ({found.racks_per_second:,.0f} racks/s)"
    console.print(
        f"{notes.found_note(found)}, {number(found.searched)} searched, in {took}",
        style="dim",
        highlight=False,
    )


def infer_table(found: Inference, top: int, letters: Alphabet = ENGLISH) -> Table:
    """The likeliest leaves: probability, ways to draw the rack, equity given up against the best."""
    play = found.play
    played = f"(played {letters.write(play.tiles_used)})"
    title = f"kept after {letters.write(play.paren)}, {count(play.score, 'point')} {played}"
    if found.certain:
        title += " (only one leave is possible)"
    elif not found.leaves:
        title += f": no rack makes this play within {found.margin:g} of its best"
    table = Table(title=title)
    for name in ("#", "leave", "probability", "equity loss"):
        table.add_column(name, justify="left" if name == "leave" else "right")
    for i, leave in enumerate(found.leaves[:top], 1):
        kept = letters.write_tiles(leave.tiles) or "(none)"
        table.add_row(str(i), kept, f"{leave.probability:.2%}", f"{leave.equity_loss:.1f}")
    return table


def marginal_bars(found: Inference, letters: Alphabet = ENGLISH, width: int = 40) -> Table:
    """Each tile's chance of being kept (at least one), as a bar."""
    table = Table(title="chance of keeping at least one", show_header=False, box=None)
    table.add_column("tile")
    table.add_column("bar")
    table.add_column("p", justify="right")
    for tile, p in found.marginals().items():
        bar = "█" * round(p * width)
        table.add_row(letters.write(tile), Text(bar, "cyan"), f"{p:.1%}")
    return table


def register_commands(app: typer.Typer) -> None:
    """Add the analysis commands to the `lexigrid scrabble` group."""
    app.command("sim")(sim)
    app.command("learn-winpct")(learn_winpct)
    # an exchange is written `-ABC`: read as the move, not as an option the command does not have
    app.command("infer", context_settings={"ignore_unknown_options": True})(infer)
