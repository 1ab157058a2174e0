"""`lexigrid scrabble play | resume | games | selfplay | export | import`: the Scrabble game layer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from lexigrid.cli.common import (
    BackendOption,
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
from lexigrid.cli.scrabble_input import BoardOption
from lexigrid.counts import count

if TYPE_CHECKING:
    from lexigrid.scrabble.game.store import GameStore
    from lexigrid.scrabble.learn.selfplay import Tournament

PlayersOption = Annotated[
    str,
    typer.Option(
        help="2-4 comma-separated players: human, or a computer level "
        "(computer = equity, score, beginner, top:N, common:N, sim, best; sim:Nm, best:Nm with an "
        "N-minute game clock, sim:N with N play-outs a play, sim:Ns with N seconds a move)."
    ),
]


def play(
    players: PlayersOption = "human,computer",
    names: Annotated[str | None, typer.Option(help="Comma-separated player names.")] = None,
    seed: Annotated[int | None, seed_option("Seed of the bag (random when left out).")] = None,
    challenge: Annotated[
        str, typer.Option(help="void (phonies refused), double (phony withdrawn) or five (5-point bonus).")
    ] = "void",
    lexicon: LexiconOption = None,
    clock: Annotated[
        float | None,
        typer.Option(
            help="The sim and best players' game clock in minutes (default 25): each move gets its share "
            "of the time left."
        ),
    ] = None,
    board: BoardOption = None,
) -> None:
    """Play a game in the terminal against people or the computer; saved after every move."""
    from lexigrid.cli.scrabble_session import Session
    from lexigrid.scrabble.core.rules import board_layout
    from lexigrid.scrabble.game.game import Game
    from lexigrid.scrabble.game.players import with_clock
    from lexigrid.scrabble.game.store import GameStore

    game = Game.new(
        [with_clock(p, clock) for p in _split(players)],
        names=_split(names) if names else None,
        seed=seed,
        lexicon=lexicon,
        challenge=challenge,
        board=board_layout(board),
    )
    Session(game, GameStore(), console=console).run()


def resume(
    game_id: Annotated[
        str | None, typer.Argument(help="The game's id (default: the latest unfinished).")
    ] = None,
) -> None:
    """Resume a saved game where it stopped."""
    from lexigrid.cli.scrabble_session import Session
    from lexigrid.scrabble.game.store import GameStore

    store = GameStore()
    game = store.load(game_id)
    if game.over:
        console.print(f"game {game.id} is over")
    Session(game, store, console=console).run()


def games(
    delete: Annotated[
        list[str] | None,
        typer.Option("--delete", metavar="ID", help="Delete this saved game (repeat for several)."),
    ] = None,
    json: JsonOption = False,
) -> None:
    """List the saved games, most recent first, or delete some (--delete ID)."""
    import datetime

    from lexigrid.scrabble.game.store import GameStore

    store = GameStore()
    if delete:
        _delete_games(store, delete, json)
        return
    saved = store.games()
    if json:
        emit_json({"games": [s.__dict__ for s in saved]})
        return
    table = Table(title=count(len(saved), "saved game"))
    for column in ("id", "players", "scores", "status", "moves", "last played"):
        table.add_column(column)
    for s in saved:
        when = datetime.datetime.fromtimestamp(s.updated).strftime("%Y-%m-%d %H:%M")
        table.add_row(s.id, ", ".join(s.players), "-".join(map(str, s.scores)), s.status, str(s.moves), when)
    console.print(table)


def _delete_games(store: GameStore, ids: list[str], json: bool) -> None:
    """Delete saved games by id: every id is checked before any game goes."""
    from lexigrid.errors import NotFound

    known = {g.id for g in store.games()}
    for game_id in ids:
        if game_id not in known:
            raise NotFound(f"no saved game {game_id!r}: see `lexigrid scrabble games` for the ids")
    for game_id in dict.fromkeys(ids):
        store.delete(game_id)
    if json:
        emit_json({"deleted": list(dict.fromkeys(ids))})
        return
    for game_id in dict.fromkeys(ids):
        console.print(f"deleted saved game {game_id}")


def selfplay(
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games to play.")] = 100,
    players: PlayersOption = "equity,score",
    seed: Annotated[int, seed_option("Seed of the first game's bag.")] = 1,
    jobs: JobsOption = 1,
    backend: BackendOption = "auto",
    scheduler: SchedulerOption = None,
    endgame_seconds: Annotated[
        float,
        typer.Option(
            help="Solve the equity level's endgames exactly, S seconds a move at most "
            "(0: static equity, the fast default; games stay exactly reproducible).",
        ),
    ] = 0.0,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """Computer players against each other: win rate with a 95% interval, scores, bingos, speed."""
    from lexigrid.scrabble.learn.selfplay import tournament

    result = tournament(
        _split(players),
        games,
        seed=seed,
        runner=make_runner(jobs, backend, scheduler, not json),
        lexicon=lexicon,
        endgame_seconds=endgame_seconds or None,
    )
    if json:
        emit_json(result.as_dict())
        return
    speed = f"{result.turns_per_second:,.0f} turns/s"
    title = f"{count(result.games, 'game')}, {count(result.turns, 'turn')}, {speed}"
    console.print(tournament_table(result, title))


def tournament_table(result: Tournament, title: str) -> Table:
    """A tournament's players: wins, win rate with its 95% interval, average score, bingos a game."""
    table = Table(title=title)
    for column in ("player", "wins", "win rate (95% interval)", "avg score", "bingos/game"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for label in result.labels:
        low, high = result.interval[label]
        table.add_row(
            label,
            f"{result.wins[label]:g}",
            f"{result.win_rate[label]:.1%} ({low:.1%}-{high:.1%})",
            f"{result.avg_score[label]:.1f}",
            f"{result.bingos_per_game[label]:.2f}",
        )
    return table


def export(
    game_id: Annotated[str, typer.Argument(help="A saved game's id (see `lexigrid scrabble games`).")],
    out: Annotated[str | None, typer.Option(help="Write to this file instead of stdout.")] = None,
    cgp: Annotated[bool, typer.Option("--cgp", help="The current position in CGP instead of GCG.")] = False,
    at: Annotated[
        int | None, typer.Option(min=0, help="With --cgp: the position after the first N actions.")
    ] = None,
    reveal: Annotated[
        bool,
        typer.Option(
            "--reveal",
            help="Show the computer players' racks of a game still on (for reviewing your own finished "
            "or abandoned game; a finished game's record shows every rack anyway).",
        ),
    ] = False,
) -> None:
    """A saved game as a GCG record (or its position as CGP), as the people at it see it: while the game
    is on, the computer players' racks are left out unless --reveal is given."""
    from pathlib import Path

    from lexigrid.errors import LexigridError
    from lexigrid.scrabble.game.store import GameStore
    from lexigrid.scrabble.game.view import View
    from lexigrid.scrabble.records.gcg import export_gcg

    game = GameStore().load(game_id)
    view = View.full(game) if reveal else View.of_people(game)
    if at is not None:
        view = view.at(at)
    text = view.cgp() + "\n" if cgp else export_gcg(view)
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        Path(out).write_text(text, encoding="utf-8")
    except OSError as error:
        raise LexigridError(f"cannot write {out}: {error.strerror}") from None
    console.print(f"wrote {out}")


def import_(
    path: Annotated[str, typer.Argument(help="A GCG file (UTF-8 or ISO-8859-1).")],
    lexicon: LexiconOption = None,
    no_lexicon_check: Annotated[
        bool,
        typer.Option(
            "--no-lexicon-check", help="Replay by the rules and arithmetic alone: no words looked up."
        ),
    ] = False,
    json: JsonOption = False,
) -> None:
    """Replay a GCG record, checking every move, rack and score; show the final position.

    Words the lexicon lacks that stood unchallenged are listed as phonies, not refused. When the record's
    #lexicon is not installed, the record is replayed without word checks (with a warning)."""
    from pathlib import Path

    from lexigrid.cli.scrabble_render import board_table
    from lexigrid.errors import LexigridError
    from lexigrid.lexicon import Lexicon, load
    from lexigrid.scrabble.core.language import language_alphabet
    from lexigrid.scrabble.records.gcg import parse_gcg
    from lexigrid.scrabble.records.gcg_replay import replay_gcg
    from lexigrid.scrabble.records.upheld import upheld_note, upheld_outside

    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise LexigridError(f"cannot read {path}: {error.strerror}") from None
    words: Lexicon | None = load(lexicon) if lexicon else None
    record = parse_gcg(data, language_alphabet(words.alphabet) if words else None)
    if no_lexicon_check:
        words = None
    elif words is None:
        try:
            words = load(_record_lexicon(record.lexicon))
        except LexigridError as error:
            err_console.print(f"warning: {error}; replaying without word checks", soft_wrap=True)
    replayed = replay_gcg(record, words)
    note = upheld_note(upheld_outside(record, replayed), words) if words else ""
    if json:
        emit_json(
            {
                "players": [nick for nick, _ in record.players],
                "scores": replayed.scores,
                "events": len(record.events),
                "board": [replayed.board.alphabet.write(row, brackets=True) for row in replayed.board.rows()],
                "lexicon": words.name if words else None,
                "phonies": [str(phony) for phony in replayed.phonies],
                "lexicon_note": note,
                "tiles_scored": replayed.tiles_scored,
            }
        )
        return
    console.print(board_table(replayed.board))
    console.print(
        "replayed: "
        + "  ".join(
            f"{nick} {score}" for (nick, _), score in zip(record.players, replayed.scores, strict=True)
        )
    )
    if replayed.phonies and words is not None:  # phonies are looked up only in a lexicon
        stood = f"words {words.name} lacks that stood" if note else f"phonies that stood ({words.name})"
        console.print(f"{stood}: " + ", ".join(map(str, replayed.phonies)))
    if note:
        console.print(note, style="yellow")
    if not replayed.tiles_scored:
        console.print(
            f"the record is not in the {record.alphabet.name} tile set: checked by turns and totals only"
        )


def _record_lexicon(name: str | None) -> str | None:
    """A record's #lexicon as a lexicon name (never a path: a record does not open files)."""
    from lexigrid.errors import LexigridError
    from lexigrid.lexicon.sources import is_lexicon_name

    if name is not None and not is_lexicon_name(name):
        raise LexigridError(f"the record's #lexicon {name!r} is not a lexicon name")
    return name


def _split(text: str) -> list[str]:
    """A comma-separated option as a list."""
    return [part.strip() for part in text.split(",") if part.strip()]


def register_commands(app: typer.Typer) -> None:
    """Add the game commands to the `lexigrid scrabble` group."""
    app.command("play")(play)
    app.command("resume")(resume)
    app.command("games")(games)
    app.command("selfplay")(selfplay)
    app.command("export")(export)
    app.command("import")(import_)
