"""Web routes for games against the computer: `/api/scrabble/games` (new, saved, a move, the computer's
move, what it is thinking, a hint) and the play page."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse
from pydantic import Field

from lexigrid.budget import BudgetExceeded, report
from lexigrid.errors import LexigridError, NotFound
from lexigrid.scrabble import Engine
from lexigrid.scrabble.analysis.chooser import PlayChooser
from lexigrid.scrabble.analysis.inference import KEPT_SHOWN
from lexigrid.scrabble.analysis.report import moves_report
from lexigrid.scrabble.analysis.sim_player import SimPlayer
from lexigrid.scrabble.analysis.thinking import Thinking, Watch, watching
from lexigrid.scrabble.core.rules import layout, parse_layout
from lexigrid.scrabble.game.game import HUMAN, Game
from lexigrid.scrabble.game.players import ENDGAME_SECONDS, computer, with_clock
from lexigrid.scrabble.game.store import GameStore, kept
from lexigrid.scrabble.game.view import View
from lexigrid.web import common
from lexigrid.web.common import ApiRequest, GameId, budgeted_fork, lexicon_by_name, templates
from lexigrid.web.scrabble import MAX_SIM_SECONDS, endgame_seconds, engine, sim_seconds

api = APIRouter()
pages = APIRouter()
Level = Literal["equity", "score", "beginner", "sim", "best"]
WEB_CLOCK_MINUTES = 5.0  # the sim and best levels' game clock when a new game names none (about 23 s a move)
MEMORY_GAMES = 32  # games held in memory, the latest used; the others are replayed from the store
_games: OrderedDict[str, Game] = OrderedDict()  # by id, least recently used first
_locks: dict[str, threading.Lock] = {}  # a game is not thread-safe: one request at a time per game
_registry = threading.Lock()  # guards the two dicts; held only to look a game up
# by game id: a computer move out (the requests that only read the game need not wait for it)
_moving: dict[str, Moving] = {}
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


def _check_turn(game: Game, *, person: bool) -> None:
    """Refuse a move when the game is over, or when it is not the turn of the side moving (`person`: the
    person's move, else the computer's)."""
    if game.over:
        raise LexigridError("the game is over: start a new one")
    if game.seat.is_human != person:
        raise LexigridError(
            f"it is the computer's turn: {_go_on(game)}" if person else "it is your turn, not the computer's"
        )


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


class NewGameRequest(ApiRequest):
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


class MoveRequest(ApiRequest):
    """The person's move: new tiles on squares, or an action (`8D WORD`, `-ABC`, `-`, `challenge`)."""

    tiles: list[tuple[int, int, str]] | None = Field(None, max_length=7)
    action: str | None = Field(None, max_length=40)


@api.post("/games/{game_id}/move")
def move(game_id: GameId, request: MoveRequest) -> dict[str, Any]:
    """Play the person's move (refused with the reason when illegal), then the computer's reply."""
    with _playing(game_id) as game:
        _check_turn(game, person=True)
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
        _check_turn(game, person=False)
        since = len(game.turns)
        _computers_move(game)
        return _state(game, since)


def _hint(game: Game, eng: Engine, top: int, nodes: int | None) -> dict[str, Any]:
    """The best moves by equity; with 1..peg.MAX_BAG tiles in the bag also the solved pre-endgame, once
    the bag is empty the solved endgame, else what the opponent likely kept after their last play (run in
    a forked child; with a work budget of `nodes`, every rack judged)."""
    payload = moves_report(eng, game.position(), top, "equity")
    seconds = endgame_seconds(ENDGAME_SECONDS)
    solution = game.endgame(seconds, top)
    if solution is not None:
        payload["endgame"] = solution.as_dict(eng.alphabet)
        return payload
    pre = game.pre_endgame(seconds, top, nodes)
    if pre is not None:
        payload["pre_endgame"] = pre.as_dict(eng.alphabet)
        return payload
    inferred = game.opponent_kept(seconds if nodes is None else None)
    if inferred is not None:
        payload["inference"] = inferred.as_dict(KEPT_SHOWN, eng.alphabet)
    return payload


@api.get("/games/{game_id}/hint")
def hint(
    game_id: GameId,
    top: Annotated[int, Query(ge=1, le=20)] = 5,
    nodes: Annotated[int | None, Query(ge=1)] = None,
) -> dict[str, Any]:
    """The best moves for the person to move, by equity (the `moves --json` shape); in the midgame after
    the opponent's placement, `inference` holds what they likely kept (the `infer --json` shape); in a
    pre-endgame, `pre_endgame` holds the solved plays (the `peg --json` shape, with its `verdict`), within
    the solve budget and a work budget of `nodes` search nodes if given; in the endgame, `endgame` holds
    the solved best sequence and its value (the `endgame --json` shape)."""
    with _playing(game_id) as game:
        _check_turn(game, person=True)
        _view(game).own_turn()  # a hint for another seat would show its rack
        return budgeted_fork(_hint, game, engine(game.lexicon, game.rules), top, nodes)


@pages.get("/play", response_class=HTMLResponse)
def play_page(request: Request) -> HTMLResponse:
    """Play against the computer; games are saved after every move and listed for resuming."""
    context = {"clock_minutes": f"{WEB_CLOCK_MINUTES:g}"}  # the Clock field's default: the API's
    return templates.TemplateResponse(request, "scrabble_play.html", context)
