"""`lexigrid scrabble`: draw a position and list its legal moves, best first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table
from rich.text import Text

from lexigrid.cli.common import (
    JobsOption,
    JsonOption,
    LexiconOption,
    console,
    emit_json,
    make_runner,
    seed_option,
)
from lexigrid.cli.scrabble_input import BoardOption, read_position
from lexigrid.counts import count

if TYPE_CHECKING:
    from pathlib import Path

    from lexigrid.lexicon import Lexicon
    from lexigrid.scrabble import Position
    from lexigrid.scrabble.engine.leave import LeaveModel

app = typer.Typer(
    help="Scrabble: draw positions (CGP), generate every legal move, solve endgames, play games.",
    no_args_is_help=True,
)

LeavesOption = Annotated[
    str | None,
    typer.Option(
        "--leaves",
        help="Leave values for equity: learned (default), heuristic, a KLV/KLV2 or JSON file, or the name "
        "of a lexicon added with its leave table.",
    ),
]
CgpArgument = Annotated[
    str,
    typer.Argument(help="A position in CGP: 'BOARD RACKS SCORES ZEROS', e.g. '15/15/.../15 AEINRST/ 0/0 0'."),
]


StrictOption = Annotated[
    bool,
    typer.Option("--strict", help="Refuse a board no game could reach (start square empty, unknown words)."),
]


def _lexicon(name: str | None, position: Position, strict: bool = False) -> Lexicon:
    """The --lexicon, else the CGP's `lex` opcode, else the default lexicon; warns of an unreal board."""
    from lexigrid.cli.common import err_console
    from lexigrid.errors import LexigridError
    from lexigrid.lexicon import load
    from lexigrid.scrabble.core.sanity import board_warnings

    lex = load(position.lexicon_spec(name))
    warnings = board_warnings(position.board, lex)
    if warnings and strict:
        raise LexigridError(f"{'; '.join(warnings)} (--strict): fix the CGP, or drop --strict")
    for warning in warnings:
        err_console.print(Text.assemble(("warning:", "yellow"), f" {warning}"), soft_wrap=True)
    return lex


def _leaves(name: str | None, position: Position) -> LeaveModel | None:
    """The --leaves model, read in the position's alphabet; None: the engine's default for the lexicon (the
    leave table added with a lexicon in another language, the learned model in English)."""
    from lexigrid.scrabble.engine.leave import load_leaves

    return load_leaves(name, position.rules.tiles.alphabet) if name else None


@app.command("show")
def show(
    cgp: CgpArgument, lexicon: LexiconOption = None, board: BoardOption = None, json: JsonOption = False
) -> None:
    """Draw the board with its premium squares, the racks, the scores, the bag and the unseen tiles."""
    from lexigrid.cli.scrabble_render import board_table
    from lexigrid.scrabble.analysis.report import position_report

    position = read_position(cgp, lexicon, board, tiles=False)
    report = position_report(position)
    if json:
        emit_json(report)
        return
    console.print(board_table(position.board))
    console.print(
        Text.assemble(
            "to move: ",
            (report["racks"][0] or "-", "bold"),
            f"  opponent: {report['racks'][1] or '?'}  scores {position.scores[0]}-{position.scores[1]}  "
            f"bag {position.bag_size()}  scoreless turns {position.zeros}",
        )
    )
    unseen = f"({report['unseen_count']}): {report['unseen']}"
    console.print(Text(f"unseen by the player to move {unseen}"), soft_wrap=True)


@app.command("moves")
def moves(
    cgp: CgpArgument,
    top: Annotated[int, typer.Option("--top", "-n", min=1, help="Show the N best moves.")] = 20,
    sort: Annotated[
        str, typer.Option(help="score (placements) or equity (score + leave, with exchanges).")
    ] = "score",
    strict: StrictOption = False,
    lexicon: LexiconOption = None,
    board: BoardOption = None,
    leaves: LeavesOption = None,
    json: JsonOption = False,
) -> None:
    """Every legal move of the player to move; prints the count and the best N."""
    from lexigrid.errors import LexigridError
    from lexigrid.scrabble import Engine
    from lexigrid.scrabble.analysis.report import moves_report

    if sort not in ("score", "equity"):
        raise LexigridError(f"unknown --sort {sort!r}: use score or equity")
    position = read_position(cgp, lexicon, board)
    lex = _lexicon(lexicon, position, strict)
    chosen = _leaves(leaves, position)
    engine = Engine.shared(lex, position.rules, chosen).prepare(word_map=False)  # every move: no word map
    report = moves_report(engine, position, top, "score" if sort == "score" else "equity")
    if json:
        emit_json(report)
        return
    placements, exchanges = count(report["count"], "placement"), count(report["exchanges"], "exchange")
    mirrors = f"; {report['notes']['mirrored']}" if report["mirrored"] else ""
    table = Table(title=f"{placements}, {exchanges} ({report['elapsed_ms']:,.2f} ms){mirrors}")
    for name, justify in (("#", "right"), ("move", "left"), ("score", "right"), ("equity", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    table.add_column("leave")
    for i, shown in enumerate(report["moves"], 1):
        table.add_row(str(i), shown["paren"], str(shown["score"]), f"{shown['equity']:.1f}", shown["leave"])
    console.print(table)


@app.command("best")
def best(
    cgp: CgpArgument,
    by: Annotated[str, typer.Option(help="score or equity.")] = "score",
    strict: StrictOption = False,
    lexicon: LexiconOption = None,
    board: BoardOption = None,
    leaves: LeavesOption = None,
    json: JsonOption = False,
) -> None:
    """The single best move, found with shadow pruning (no full move list)."""
    import time

    from lexigrid.errors import LexigridError
    from lexigrid.scrabble import Engine

    if by not in ("score", "equity"):
        raise LexigridError(f"unknown --by {by!r}: use score or equity")
    position = read_position(cgp, lexicon, board)
    lex = _lexicon(lexicon, position, strict)
    engine = Engine.shared(lex, position.rules, _leaves(leaves, position)).prepare()
    if json:
        from lexigrid.scrabble.analysis.report import best_report

        emit_json(best_report(engine, position, "score" if by == "score" else "equity"))
        return
    start = time.perf_counter()
    move = engine.best(position, "score" if by == "score" else "equity")
    elapsed_ms = (time.perf_counter() - start) * 1000
    if move is None:
        console.print("no tile placement is possible")
        return
    console.print(
        Text.assemble(
            (engine.alphabet.write(move.paren), "bold"),
            f"  score {move.score}  equity {move.equity:.1f}  ({elapsed_ms:.3f} ms)",
        )
    )


@app.command("endgame")
def endgame(
    cgp: CgpArgument,
    plies: Annotated[
        int | None, typer.Option(help="Search at most N plies deep (default: to the end of the game).")
    ] = None,
    seconds: Annotated[
        float | None, typer.Option(help="Stop after S seconds with the best found so far (not proven).")
    ] = None,
    top: Annotated[int, typer.Option("--top", "-n", help="Also rank the K best first moves.")] = 1,
    strict: StrictOption = False,
    lexicon: LexiconOption = None,
    board: BoardOption = None,
    json: JsonOption = False,
) -> None:
    """Solve an endgame exactly (bag empty, both racks known): the value and the best sequence of moves."""
    from lexigrid.cli.common import err_console
    from lexigrid.cli.scrabble_render import board_table, endgame_summary, pv_table, top_table
    from lexigrid.scrabble import Engine
    from lexigrid.scrabble.analysis.endgame import check_endgame, solve, solve_in_steps

    position = read_position(cgp, lexicon, board)
    check_endgame(position)
    engine = Engine.shared(_lexicon(lexicon, position, strict), position.rules).prepare()
    letters = position.rules.tiles.alphabet
    if json:  # one search, as the library and the web app make it (the same nodes)
        emit_json(solve(position, engine, plies=plies, seconds=seconds, top=top).as_dict(engine.alphabet))
        return
    with err_console.status("solving the endgame…") as status:
        for solution in solve_in_steps(position, engine, plies=plies, seconds=seconds, top=top):
            status.update(  # a long search (two blanks on a rack: minutes) shows each depth as it is done
                f"solving the endgame… {count(solution.plies, 'ply')} deep: best "
                f"{letters.write(solution.best.notation)} {solution.value:+d} "
                f"({count(solution.nodes, 'node')}, {solution.elapsed_ms / 1000:,.1f} s); searching deeper"
            )
    console.print(board_table(position.board))
    console.print(
        Text.assemble(
            "to move: ",
            (letters.write_tiles(str(position.racks[0])), "bold"),
            f"  opponent: {letters.write_tiles(str(position.racks[1]))}  scores {position.scores[0]}-"
            f"{position.scores[1]}  scoreless turns {position.zeros}",
        )
    )
    console.print(endgame_summary(solution, letters))
    console.print(pv_table(position, solution))
    if len(solution.top) > 1:
        console.print(top_table(solution, letters))
    console.print(
        f"{count(solution.nodes, 'node')}, {count(solution.plies, 'ply')}, {solution.elapsed_ms:,.1f} ms",
        style="dim",
    )


@app.command("learn-leaves")
def learn_leaves(
    out: Annotated[
        str | None,
        typer.Option(
            help="Where to write the learned leave weights (JSON); default with -L NAME of an added lexicon: "
            "kept with it, its default leaves from then on."
        ),
    ] = None,
    games: Annotated[int, typer.Option(min=2, help="Self-play games per round.")] = 2500,
    rounds: Annotated[
        int, typer.Option(min=1, help="Rounds (each plays with the previous round's values).")
    ] = 3,
    jobs: JobsOption = 1,
    start: Annotated[
        str | None, typer.Option(help="Weights (JSON) to play the first round with; default: the heuristic.")
    ] = None,
    seed: Annotated[int, seed_option("The first game's seed.")] = 1,
    lexicon: LexiconOption = None,
) -> None:
    """Learn leave values by self-play (fitted value iteration over leave features) in the lexicon's language
    and tile set; kept with an added lexicon (-L NAME) as its default leaves unless --out is given."""
    from pathlib import Path

    from lexigrid.scrabble.engine.leave import LinearLeaves
    from lexigrid.scrabble.learn.training import learn

    path = _learned_out(out, lexicon, "leaves")
    first = LinearLeaves.read(Path(start)) if start else None
    model = learn(games, rounds, make_runner(jobs), lexicon, seed=seed, start=first)
    model.save(path)
    console.print(f"wrote {count(len(model.weights), 'leave weight')} to {path}")


def _learned_out(out: str | None, lexicon: str | None, kind: str) -> Path:
    """Where a learned table goes: --out, else kept with the added lexicon -L names."""
    from pathlib import Path

    from lexigrid.errors import LexigridError
    from lexigrid.lexicon.added import added_name, learned_path

    if out is not None:
        return Path(out)
    name = added_name(lexicon)
    if name is None:
        raise LexigridError(
            "say where to write the learned table with --out FILE, or name an added lexicon with -L NAME to "
            "keep it with that lexicon"
        )
    return learned_path(name, kind)


@app.command("compare-leaves")
def compare_leaves(
    leaves: LeavesOption = None,
    pairs: Annotated[
        int, typer.Option(min=2, help="Pairs of games (same bag, each side first once).")
    ] = 1000,
    jobs: JobsOption = 1,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """Play learned leave values against the heuristic: win rate and mean spread."""
    from lexigrid.scrabble.engine.leave import HeuristicLeaves, load_leaves
    from lexigrid.scrabble.learn.training import compare

    model = load_leaves(leaves)
    result = compare(model, HeuristicLeaves(), pairs, make_runner(jobs), lexicon)
    payload = {
        "games": result.games,
        "win_rate": round(result.win_rate, 4),
        "mean_spread": round(result.mean_spread, 2),
        "spread_stderr": round(result.spread_stderr, 2),
    }
    if json:
        emit_json(payload)
        return
    console.print(
        f"learned vs heuristic over {count(result.games, 'game')}: win rate {result.win_rate:.1%}, "
        f"mean spread {result.mean_spread:+.1f} ± {result.spread_stderr:.1f}"
    )


# The game layer's commands (play, resume, games, selfplay, export, import) live in their own module.
from lexigrid.cli.scrabble_game import register_commands  # noqa: E402

register_commands(app)

# Simulation (sim, learn-winpct) lives in its own module too.
from lexigrid.cli.scrabble_analysis import register_commands as register_analysis  # noqa: E402

register_analysis(app)

# The pre-endgame solver (peg) lives in its own module too.
from lexigrid.cli.scrabble_peg import register_commands as register_peg  # noqa: E402

register_peg(app)

# Game review (analyze) lives in its own module too.
from lexigrid.cli.scrabble_review import register_commands as register_review  # noqa: E402

register_review(app)
