"""Web routes for Scrabble: position analysis (moves, score breakdowns) and games against the computer."""

from __future__ import annotations

import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Path, Query, Request
from fastapi.responses import HTMLResponse, StreamingResponse
from pydantic import BaseModel, Field
from starlette.background import BackgroundTask

from lexigrid.budget import BudgetExceeded, report
from lexigrid.errors import LexigridError, NotFound
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import Engine, Position, parse_cgp, parse_move
from lexigrid.scrabble.analysis.chooser import PlayChooser
from lexigrid.scrabble.analysis.endgame import MAX_PLIES, MAX_TOP, check_endgame, solve
from lexigrid.scrabble.analysis.report import moves_report, position_report
from lexigrid.scrabble.analysis.sim import DEFAULT_ITERATIONS, MAX_PLAYS, Progress, check_request, simulate
from lexigrid.scrabble.analysis.sim_player import SimPlayer
from lexigrid.scrabble.analysis.thinking import Thinking, Watch, watching
from lexigrid.scrabble.core.cgp import cgp_language_rules, cgp_lexicon
from lexigrid.scrabble.core.referee import breakdown
from lexigrid.scrabble.core.rules import Rules, layout, parse_layout
from lexigrid.scrabble.engine.winpct import default_table
from lexigrid.scrabble.game.game import HUMAN, Game
from lexigrid.scrabble.game.players import ENDGAME_SECONDS, computer, with_clock
from lexigrid.scrabble.game.store import GameStore, kept
from lexigrid.scrabble.game.view import View
from lexigrid.web import common, pool
from lexigrid.web.common import budgeted, budgeted_fork, lexicon_by_name, solver_pool, templates
from lexigrid.web.stream import events as stream_events

api = APIRouter()
pages = APIRouter()

Cgp = Annotated[str, Field(min_length=1, max_length=2000, description="A position in CGP.")]
EMPTY_CGP = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0"
# An endgame search may use this share of the solve budget; the rest covers the solver process's own
# work (the root's moves, the answer) so that a search cut by time still answers instead of a 503.
ENDGAME_BUDGET_SHARE = 0.8
SIM_BUDGET_SHARE = 0.8  # the same for a simulation: it stops itself in time and answers what it has


def read_position(cgp: str, name: str | None) -> tuple[Position, Lexicon]:
    """A CGP read in its lexicon's language (the request's lexicon, else the CGP's `lex` opcode, else the
    default: by name only), and that lexicon."""
    lex = lexicon_by_name(name or cgp_lexicon(cgp))
    return parse_cgp(cgp, cgp_language_rules(cgp, lex.alphabet)), lex


def engine(lex: Lexicon, rules: Rules) -> Engine:
    """The shared engine of a lexicon and rules, built in the server process so that solves fork with it
    warm."""
    return Engine.shared(lex, rules)


class MovesRequest(BaseModel):
    """A position and how many of its moves to list."""

    cgp: Cgp
    top: int = Field(20, ge=1, le=1000)
    sort: Literal["score", "equity"] = "score"
    lexicon: str | None = Field(None, max_length=40)


def _moves(eng: Engine, position: Position, top: int, sort: Literal["score", "equity"]) -> dict[str, Any]:
    return moves_report(eng, position, top, sort)


def _moves_of_cgp(cgp: str, name: str, top: int, sort: Literal["score", "equity"]) -> dict[str, Any]:
    position, lex = read_position(cgp, name)
    return _moves(engine(lex, position.rules), position, top, sort)


@api.post("/moves")
def moves(request: MovesRequest) -> dict[str, Any]:
    """Every legal move of the player to move, best first. Same shape as `lexigrid scrabble moves --json`."""
    position, lex = read_position(request.cgp, request.lexicon)
    engine(lex, position.rules)
    return budgeted(_moves_of_cgp, request.cgp, lex.name, request.top, request.sort)


class PositionRequest(BaseModel):
    """A position in CGP, in its lexicon's language."""

    cgp: Cgp
    lexicon: str | None = Field(None, max_length=40)


def show_payload(position: Position, lex: Lexicon) -> dict[str, Any]:
    """The `lexigrid scrabble show --json` shape, plus what draws it (`Rules.as_dict`: the premium squares,
    tile values, the alphabet's labels and spellings) and the lexicon's name."""
    return {**position_report(position), **position.rules.as_dict(), "lexicon": lex.name}


@api.post("/show")
def show(request: PositionRequest) -> dict[str, Any]:
    """The board, racks and scores of a position (the `show --json` shape, plus premiums and tile values)."""
    return show_payload(*read_position(request.cgp, request.lexicon))


class ExplainRequest(BaseModel):
    """A move in a position."""

    cgp: Cgp
    move: str = Field(min_length=1, max_length=40, description="e.g. 8D WORD or H8 W(OR)D.")
    lexicon: str | None = Field(None, max_length=40)


@api.post("/explain")
def explain(request: ExplainRequest) -> dict[str, Any]:
    """A placement's score, word by word and tile by tile, as the referee computes it."""
    position, lex = read_position(request.cgp, request.lexicon)
    board = position.board
    move = parse_move(request.move, board)
    if move.kind != "place":
        raise LexigridError(f"{move.notation} is not a tile placement: only placements have a breakdown")
    explained = breakdown(board, move, lex)
    squares = [{"row": r, "col": c, "tile": t} for r, c, t in move.squares()]
    return {"move": move.notation, "paren": move.paren, "squares": squares, **explained.as_dict()}


class EndgameRequest(BaseModel):
    """An endgame (bag empty, both racks known) and how far to search it."""

    cgp: Cgp
    lexicon: str | None = Field(None, max_length=40)
    plies: int | None = Field(None, ge=1, le=MAX_PLIES, description="Search depth (default: to the end).")
    seconds: float | None = Field(None, gt=0, le=3600, description="Time limit (capped by the budget).")
    top: int = Field(1, ge=1, le=MAX_TOP, description="Rank the K best first moves.")


def endgame_seconds(requested: float | None) -> float:
    """The search's time limit: the request's, within the server's solve budget (so a long endgame
    answers with the best found so far instead of being stopped)."""
    allowed = common.SOLVE_BUDGET_SECONDS * ENDGAME_BUDGET_SHARE
    return allowed if requested is None else min(requested, allowed)


def _endgame_of_cgp(cgp: str, name: str, plies: int | None, seconds: float, top: int) -> dict[str, Any]:
    position, lex = read_position(cgp, name)
    eng = engine(lex, position.rules)
    solution = solve(position, eng, plies=plies, seconds=seconds, top=top)
    return solution.as_dict(eng.alphabet)


@api.post("/endgame")
def endgame(request: EndgameRequest) -> dict[str, Any]:
    """Solve an endgame: its value, the principal variation and the best first moves. Same shape as
    `lexigrid scrabble endgame --json`."""
    position, lex = read_position(request.cgp, request.lexicon)
    check_endgame(position)  # bad input answers at once, before a solver process is asked
    engine(lex, position.rules)
    seconds = endgame_seconds(request.seconds)
    return budgeted(_endgame_of_cgp, request.cgp, lex.name, request.plies, seconds, request.top)


# --- Monte Carlo simulation, streamed ------------------------------------------------------------------

MAX_SIM_PLIES, MAX_SIM_ITERATIONS = 4, 100_000
MAX_SIM_SECONDS = 3600  # the longest simulation the server runs (by time or by play-outs)
WEB_SIM_PLAYS = 10
SimId = Annotated[str, Path(pattern="^[0-9a-f]{32}$", description="A running simulation's id.")]
_sims: dict[str, threading.Event] = {}  # running simulations by id: set the event to stop one


class SimRequest(BaseModel):
    """A position to simulate and how far: the best plays, plies ahead, iterations or seconds."""

    cgp: Cgp
    lexicon: str | None = Field(None, max_length=40)
    plays: int = Field(WEB_SIM_PLAYS, ge=1, le=MAX_PLAYS, description="The N best plays by equity.")
    plies: int = Field(2, ge=1, le=MAX_SIM_PLIES, description="Moves played out after each candidate.")
    iterations: int | None = Field(
        None,
        ge=1,
        le=MAX_SIM_ITERATIONS,
        description=f"Play-outs a play at most (default {DEFAULT_ITERATIONS}).",
    )
    seconds: float | None = Field(
        None,
        gt=0,
        le=MAX_SIM_SECONDS,
        description="Time limit: the run's own, not the solve budget's (it streams and can be stopped).",
    )
    seed: int = Field(0, ge=0, le=2**31, description="Seed of the random racks and bags.")


def sim_seconds(requested: float | None = None) -> float:
    """A simulation's time limit within the server's solve budget (so a long one answers what it has
    instead of being stopped): the request's, at most the budget's share."""
    allowed = common.SOLVE_BUDGET_SECONDS * SIM_BUDGET_SHARE
    return allowed if requested is None else min(requested, allowed)


def streamed_sim_seconds(requested: float | None) -> float:
    """A streamed simulation's time limit: the request's own (the run reports each round and can be
    stopped, so the solve budget, meant for one-shot solves, does not cut short a run the user chose); a
    run by play-outs gets the longest run the server allows."""
    return MAX_SIM_SECONDS if requested is None else requested


def sim_budget(seconds: float) -> float:
    """The stream's hard limit (over it the worker is killed): the run's own seconds, and the solve
    budget's remaining share past them for its last round and the solver process's own work."""
    return seconds + common.SOLVE_BUDGET_SECONDS * (1 - SIM_BUDGET_SHARE)


def _simulate_cgp(
    cgp: str, name: str, plays: int, plies: int, iterations: int | None, seconds: float, seed: int
) -> tuple[dict[str, Any], str | None]:
    """Run in a solver process: simulate, reporting each round's table (`Progress.as_dict`) to the server
    until it asks to stop; the result (`SimResult.as_dict`) and why it ended early (stop, time, or None)."""
    position, lex = read_position(cgp, name)
    eng = engine(lex, position.rules)
    stopped = False

    def on_round(progress: Progress) -> bool:
        nonlocal stopped
        stopped = report(progress.as_dict(eng.alphabet))
        return stopped

    result = simulate(
        position,
        eng,
        plays=plays,
        plies=plies,
        iterations=iterations,
        seconds=seconds,
        seed=seed,
        lexicon=name,
        on_round=on_round,
    )
    timed_out = result.stopped == "budget" and result.elapsed_ms >= seconds * 1000
    return result.as_dict(eng.alphabet), "stop" if stopped else "time" if timed_out else None


def _end_sim(stream: pool.SolveStream, sim_id: str) -> None:
    """Stop the simulation if it still runs (its worker goes back to the pool) and forget its id."""
    stream.close()
    _sims.pop(sim_id, None)


@api.post("/sim", response_class=StreamingResponse)
def sim(request: SimRequest) -> StreamingResponse:
    """Simulate the best plays, streamed as NDJSON: `{"event": "start", "id", ...}`, then after each round
    `{"event": "progress", "progress": <the running table>}`, then `{"event": "result", "result": <the
    `scrabble sim --json` shape>, "stopped": "stop"|"time"|null}`, or `{"event": "error", "error"}`.
    `POST /api/scrabble/sim/{id}/stop` (or closing the connection) stops it."""
    if request.iterations is not None and request.seconds is not None:
        raise LexigridError("give iterations or seconds, not both")
    position, lex = read_position(request.cgp, request.lexicon)
    check_request(position, request.plays, request.plies, request.iterations, request.seconds)
    engine(lex, position.rules)
    seconds = streamed_sim_seconds(request.seconds)
    iterations = request.iterations or (DEFAULT_ITERATIONS if request.seconds is None else None)
    sim_id, stop = uuid.uuid4().hex, threading.Event()
    stream = solver_pool().stream(
        _simulate_cgp,
        request.cgp,
        lex.name,
        request.plays,
        request.plies,
        iterations,
        seconds,
        request.seed,
        seconds=sim_budget(seconds),
        wait=common.SOLVE_QUEUE_SECONDS,
        stop=stop,
    )
    _sims[sim_id] = stop
    start = {
        "event": "start",
        "id": sim_id,
        "plays": request.plays,
        "plies": request.plies,
        "iterations": iterations,
        "seconds": seconds,
        "capped": request.seconds is None,  # the server's longest run, not the request, set the time
        "seed": request.seed,
    }
    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    # the background task also ends a run whose page went away before the stream began
    return StreamingResponse(
        stream_events(
            stream,
            start,
            what="simulation",
            progress=lambda table: {"progress": table},
            result=lambda done: {"result": done[0], "stopped": done[1]},
            close=lambda: _end_sim(stream, sim_id),
        ),
        media_type="application/x-ndjson",
        headers=headers,
        background=BackgroundTask(_end_sim, stream, sim_id),
    )


@api.post("/sim/{sim_id}/stop")
def stop_sim(sim_id: SimId) -> dict[str, Any]:
    """Stop a running simulation: its stream ends with the result so far (`stopped`: "stop")."""
    stop = _sims.get(sim_id)
    if stop is None:
        raise HTTPException(404, "no such simulation running (it may have ended)")
    stop.set()
    return {"stopping": True}


# --- play against the computer --------------------------------------------------------------------

GameId = Annotated[str, Path(pattern="^[0-9a-f]{1,32}$", description="A saved game's id.")]
Level = Literal["equity", "score", "beginner", "sim", "best"]
WEB_CLOCK_MINUTES = 5.0  # the sim and best levels' game clock when a new game names none (about 23 s a move)
MEMORY_GAMES = 32  # games held in memory, the latest used; the others are replayed from the store
_games: OrderedDict[str, Game] = OrderedDict()  # by id, least recently used first
_locks: dict[str, threading.Lock] = {}  # a game is not thread-safe: one request at a time per game
_registry = threading.Lock()  # guards the two dicts; held only to look a game up
_moving: dict[
    str, Moving
] = {}  # by game id: a computer move out (the requests that only read it need not wait)
THINKING_REPORT_SECONDS = 0.5  # the least time between two reports of the same task from a thinking computer


@dataclass
class Moving:
    """A computer move under way in a game: the game's state as it began, for the requests that only read
    it (the move holds the game), and the thinking computer's latest report (None before the first)."""

    state: dict[str, Any]
    report: dict[str, Any] | None = None


def _store() -> GameStore:
    return GameStore()


def _remember(game: Game) -> None:
    """Hold the game in memory as the latest used (a game opened and never played is forgotten once
    MEMORY_GAMES others have been used since: the store does not keep it)."""
    with _registry:
        _games[game.id] = game
        _games.move_to_end(game.id)
        while len(_games) > MEMORY_GAMES:
            _games.popitem(last=False)


@contextmanager
def _holding(game_id: str) -> Iterator[None]:
    """This request alone works on the game until it is done with it."""
    with _registry:
        lock = _locks.setdefault(game_id, threading.Lock())
    with lock:
        yield


def _forget(game_id: str) -> None:
    """Keep no lock for a game that does not exist (any longer)."""
    with _registry:
        _locks.pop(game_id, None)


@contextmanager
def _playing(game_id: str) -> Iterator[Game]:
    """The game (resumed from the saved games if needed), held by this request until it is done with it."""
    with _holding(game_id):
        with _registry:
            found = _games.get(game_id)
        if found is None:
            try:
                found = _store().load(game_id)
            except LexigridError:
                _forget(game_id)
                raise
        _remember(found)
        yield found


def _clock_share(game: Game) -> float | None:
    """The seconds the computer to move may think when it plays against a game clock (`sim`, `best`): the
    share of its clock's time left that its chooser gives this move; None for the other levels, which fit
    the solve budget."""
    if game.over or game.seat.is_human:
        return None
    player = game.wind(game.to_move, computer(game.seat.kind, game.lexicon, game.rules))
    if not isinstance(player, PlayChooser):
        return None
    return min(float(MAX_SIM_SECONDS), player.budget(game.position().seen_by_mover()))


def _computer_actions(game: Game, clock_share: float | None) -> tuple[list[str], dict[int, float]]:
    """The computer players' actions until a person is to move, and the game clocks' time spent after them
    (run in a forked child: no saving); a player against a game clock thinks for `clock_share` seconds at
    most (its move's share of the clock)."""
    game.listeners = []
    seconds = endgame_seconds(ENDGAME_SECONDS)
    for seat, kind in enumerate(s.kind for s in game.seats):
        if kind == HUMAN:
            continue
        player = computer(kind, game.lexicon, game.rules, min(seconds, ENDGAME_SECONDS))
        if isinstance(player, SimPlayer):  # its play-outs stop in time: the move fits the solve budget
            player.seconds = sim_seconds(player.seconds)
        elif isinstance(player, PlayChooser):  # its clock's share, computed before the fork
            player.cap = sim_seconds() if clock_share is None else clock_share
        elif seconds >= ENDGAME_SECONDS:
            continue  # the seat's own player fits the budget
        game.seat_computer(seat, player)
    before = len(game.actions)
    with watching(_reporter(game)):
        game.play_computers()
    return game.actions[before:], game.clocks


def _reporter(game: Game) -> Watch:
    """In the forked child: send the server what the computer to move is thinking (`Thinking.as_dict`, its
    plays hidden from the people): a new task and its first round at once, then at most a report every
    THINKING_REPORT_SECONDS (a simulation's rounds come far faster than a page polls)."""
    last_stage: tuple[str, bool] | None = None
    last_sent = 0.0

    def watch(thinking: Thinking) -> None:
        nonlocal last_stage, last_sent
        now, stage = time.monotonic(), (thinking.task, thinking.progress is None)
        if stage == last_stage and now - last_sent < THINKING_REPORT_SECONDS:
            return
        last_stage, last_sent = stage, now
        shown = View.of_people(game).sees(game.to_move)
        report({"player": game.to_move, **thinking.as_dict(game.rules.tiles.alphabet, moves_shown=shown)})

    return watch


def _computers_move(game: Game) -> None:
    """Let the computer players move, then save the game (the store keeps it from the person's first move
    on: a visit to the play page lists no game)."""
    if not game.over and not game.seat.is_human:
        actions, clocks = _computers_think(game)
        game.replay(actions)
        game.clocks.update(clocks)
    _store().save(game)


def _computers_think(game: Game) -> tuple[list[str], dict[int, float]]:
    """`_computer_actions` in a forked child. A move against a game clock may take its share of the clock,
    and the solve budget past it for the child's own work; any other move, the solve budget. While they
    think, the game is `_moving` (with their reports); a move over its budget is a 503 saying how to retry."""
    share = _clock_share(game)
    budget = None if share is None else share + common.SOLVE_BUDGET_SECONDS

    moving = _moving[game.id] = Moving({**_state(game), "computer_moving": True})

    def on_report(thinking: dict[str, Any]) -> None:
        moving.report = thinking

    try:
        return budgeted_fork(_computer_actions, game, share, budget=budget, on_report=on_report)
    except BudgetExceeded as error:
        raise HTTPException(503, f"the computer's move was {error}; to try again, {_go_on(game)}") from None
    finally:
        del _moving[game.id]


def _go_on(game: Game) -> str:
    """How to let the computer make its move (after its move failed)."""
    return f"let the computer move (the page's button, or POST /api/scrabble/games/{game.id}/computer)"


def _view(game: Game) -> View:
    """The game as the person at the page may see it (`view.View`: the computer's racks stay hidden)."""
    return View.of_people(game)


def _state(game: Game, since: int = 0) -> dict[str, Any]:
    """The game from the person's seat (other racks hidden), with the record lines since `since`."""
    state = _view(game).state()
    state["human"] = next((i for i, seat in enumerate(game.seats) if seat.is_human), None)
    state["saved"] = kept(game)  # the store keeps a game from the person's first move
    state["new_moves"] = state["moves"][since:]
    state["computer_moving"] = False  # see `game_state`
    return state


class NewGameRequest(BaseModel):
    """A new game against the computer."""

    level: Level = "equity"
    name: str = Field("You", min_length=1, max_length=20)
    computer_first: bool = False
    seed: int | None = Field(None, ge=0, le=2**31)
    challenge: Literal["void", "double", "five"] = "void"
    lexicon: str | None = Field(None, max_length=40)
    board: Literal["standard", "super"] = Field("standard", description="The board layout (super: 21x21).")
    layout: str | None = Field(
        None,
        max_length=4000,
        description="Another board: a layout file's text (docs/scrabble.md), for `board`.",
    )
    clock_minutes: float | None = Field(
        None,
        gt=0,
        le=600,
        description=f"The sim and best levels' game clock (default {WEB_CLOCK_MINUTES:g} minutes): each of"
        " the computer's moves thinks for its share of it.",
    )
    computer_moves: bool = Field(
        True,
        description="False: answer at once, before a computer that starts has moved (`POST"
        " .../{id}/computer` makes its move; the page does, to show what it thinks meanwhile).",
    )


@api.post("/games")
def new_game(request: NewGameRequest) -> dict[str, Any]:
    """Start a game against the computer; it is saved after every move and can be resumed by id."""
    lexicon = lexicon_by_name(request.lexicon).name
    level = with_clock(request.level, request.clock_minutes or WEB_CLOCK_MINUTES)
    kinds = [level, HUMAN] if request.computer_first else [HUMAN, level]
    computer_name = "Computer"
    names = [computer_name, request.name] if request.computer_first else [request.name, computer_name]
    game = Game.new(
        kinds,
        names=names,
        seed=request.seed,
        lexicon=lexicon,
        challenge=request.challenge,
        board=layout(request.board)
        if request.layout is None
        else parse_layout(request.layout, "custom", "the layout"),
    )
    _remember(game)
    with _playing(game.id):
        if request.computer_moves:
            _computers_move(game)
        return _state(game)


@api.get("/games")
def saved_games() -> dict[str, Any]:
    """The saved games, most recently played first."""
    return {"games": [asdict(g) for g in _store().games()]}


@api.delete("/games/{game_id}")
def delete_game(game_id: GameId) -> dict[str, Any]:
    """Delete a saved game (or one opened and not played yet); 404 when there is none."""
    with _holding(game_id):
        with _registry:
            opened = _games.pop(game_id, None) is not None
        try:
            _store().delete(game_id)
        except NotFound:
            if not opened:
                raise
        finally:
            _forget(game_id)
    return {"deleted": game_id}


@api.get("/games/{game_id}")
def game_state(game_id: GameId) -> dict[str, Any]:
    """A game as the person sees it (resumed from the saved games if needed). While a computer move is out
    it does not wait for it: the state as the move began, `computer_moving` true (the page reloaded
    mid-move shows the board and the thinking, then asks again)."""
    moving = _moving.get(game_id)
    if moving is not None:
        return moving.state
    with _playing(game_id) as game:
        return _state(game)


@api.get("/games/{game_id}/thinking")
def thinking(game_id: GameId) -> dict[str, Any]:
    """Whether a computer move is out in this game and what the computer is doing, `{"moving": true,
    "thinking": {"player", "task", "elapsed", "budget", "clock_left", "leader"} | null}` (`leader`: the
    simulation's best so far, its play never named; null before the first report), or `{"moving": false,
    "thinking": null}`; it does not wait for the move (the move holds the game)."""
    moving = _moving.get(game_id)
    if moving is None:
        with _registry:
            known = game_id in _games
        if not known and all(saved.id != game_id for saved in _store().games()):
            raise NotFound(f"no game {game_id!r}: see /api/scrabble/games for the saved ones")
    return {"moving": moving is not None, "thinking": None if moving is None else moving.report}


class MoveRequest(BaseModel):
    """The person's move: new tiles on squares, or an action (`8D WORD`, `-ABC`, `-`, `challenge`)."""

    tiles: list[tuple[int, int, str]] | None = Field(None, max_length=7)
    action: str | None = Field(None, max_length=40)


@api.post("/games/{game_id}/move")
def move(game_id: GameId, request: MoveRequest) -> dict[str, Any]:
    """Play the person's move (refused with the reason when illegal), then the computer's reply."""
    with _playing(game_id) as game:
        if game.over:
            raise LexigridError("the game is over: start a new one")
        if not game.seat.is_human:
            raise LexigridError(f"it is the computer's turn: {_go_on(game)}")
        since = len(game.turns)
        if request.tiles is not None:
            game.play_tiles(request.tiles)
        elif request.action is not None:
            game.play(request.action)
        else:
            raise LexigridError("give the new tiles or an action such as '8D WORD', '-ABC' or '-'")
        _computers_move(game)
        return _state(game, since)


@api.post("/games/{game_id}/computer")
def computer_move(game_id: GameId) -> dict[str, Any]:
    """Let the computer move when it is its turn (a new game made with `computer_moves: false`, or after
    its move failed: the person's move stands), as after the person's move; 400 on the person's turn."""
    with _playing(game_id) as game:
        if game.over:
            raise LexigridError("the game is over: start a new one")
        if game.seat.is_human:
            raise LexigridError("it is your turn, not the computer's")
        since = len(game.turns)
        _computers_move(game)
        return _state(game, since)


def _hint(game: Game, eng: Engine, top: int, nodes: int | None) -> dict[str, Any]:
    """The best moves by equity; with 1..peg.MAX_BAG tiles in the bag also the solved pre-endgame, once
    the bag is empty the solved endgame (run in a forked child)."""
    payload = _moves(eng, game.position(), top, "equity")
    seconds = endgame_seconds(ENDGAME_SECONDS)
    solution = game.endgame(seconds, top)
    if solution is not None:
        payload["endgame"] = solution.as_dict(eng.alphabet)
        return payload
    pre = game.pre_endgame(seconds, top, nodes)
    if pre is not None:
        payload["pre_endgame"] = pre.as_dict(eng.alphabet)
    return payload


@api.get("/games/{game_id}/hint")
def hint(
    game_id: GameId,
    top: Annotated[int, Query(ge=1, le=20)] = 5,
    nodes: Annotated[int | None, Query(ge=1)] = None,
) -> dict[str, Any]:
    """The best moves for the person to move, by equity (the `moves --json` shape); in a pre-endgame,
    `pre_endgame` holds the solved plays (the `peg --json` shape, with its `verdict`), within the solve
    budget and a work budget of `nodes` search nodes if given; in the endgame, `endgame` holds the solved
    best sequence and its value (the `endgame --json` shape)."""
    with _playing(game_id) as game:
        _view(game).own_turn()  # a hint for another seat would show its rack
        return budgeted_fork(_hint, game, engine(game.lexicon, game.rules), top, nodes)


def warm() -> None:
    """Build the default engine and its tables in this process before solves fork from it."""
    position, lex = read_position(EMPTY_CGP, None)
    engine(lex, position.rules).prepare().moves(position)
    default_table()  # the simulation's win table


@pages.get("", response_class=HTMLResponse)
def analysis_page(request: Request) -> HTMLResponse:
    """Position analysis: edit or paste a position, list its moves, see each on the board."""
    context = {"empty": EMPTY_CGP, "max_sim_seconds": MAX_SIM_SECONDS}
    return templates.TemplateResponse(request, "scrabble.html", context)


@pages.get("/play", response_class=HTMLResponse)
def play_page(request: Request) -> HTMLResponse:
    """Play against the computer; games are saved after every move and listed for resuming."""
    context = {"clock_minutes": f"{WEB_CLOCK_MINUTES:g}"}  # the Clock field's default: the API's
    return templates.TemplateResponse(request, "scrabble_play.html", context)


# The game review (POST /analyze, the review page) lives in its own module.
from lexigrid.web import scrabble_review  # noqa: E402

api.include_router(scrabble_review.api)
pages.include_router(scrabble_review.pages)
