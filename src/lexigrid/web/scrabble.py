"""Web routes for Scrabble position analysis: moves, score breakdowns, endgames and simulations."""

from __future__ import annotations

import threading
import uuid
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Path, Request
from fastapi.responses import HTMLResponse, StreamingResponse
from pydantic import Field

from lexigrid.budget import report, stopping_clock
from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import Engine, Position, parse_cgp, parse_move
from lexigrid.scrabble.analysis.endgame import MAX_PLIES, MAX_TOP, check_endgame, solve
from lexigrid.scrabble.analysis.infer import (
    DEFAULT_MARGIN,
    check_last_play,
    check_simulation_request,
    infer_for_simulation,
    infer_request,
)
from lexigrid.scrabble.analysis.report import moves_report, position_report
from lexigrid.scrabble.analysis.sim import (
    DEFAULT_CONFIDENCE,
    DEFAULT_ITERATIONS,
    INFERENCE_SHOWN,
    MAX_PLAYS,
    Progress,
    check_request,
    read_plays,
    simulate,
)
from lexigrid.scrabble.core.cgp import cgp_language_rules, cgp_lexicon
from lexigrid.scrabble.core.referee import breakdown
from lexigrid.scrabble.core.rules import Rules
from lexigrid.scrabble.engine.winpct import default_table
from lexigrid.web import common, pool
from lexigrid.web.common import ApiRequest, budgeted, lexicon_by_name, solver_pool, templates
from lexigrid.web.stream import response as stream_response

api = APIRouter()
pages = APIRouter()

Cgp = Annotated[str, Field(min_length=1, max_length=2000, description="A position in CGP.")]
EMPTY_CGP = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0"
# An endgame search may use this share of the solve budget; the rest covers the solver process's own
# work (the root's moves, the answer) so that a search cut by time still answers instead of a 503.
ENDGAME_BUDGET_SHARE = 0.8
INFER_BUDGET_SHARE = 0.8  # the same for an inference: it judges the likeliest racks first, then stops
SIM_BUDGET_SHARE = 0.8  # the same for a simulation: it stops itself in time and answers what it has
MAX_ADDED = 10  # plays a simulation request may add to the best


def read_position(cgp: str, name: str | None) -> tuple[Position, Lexicon]:
    """A CGP read in its lexicon's language (the request's lexicon, else the CGP's `lex` opcode, else the
    default: by name only), and that lexicon."""
    lex = lexicon_by_name(name or cgp_lexicon(cgp))
    return parse_cgp(cgp, cgp_language_rules(cgp, lex.alphabet)), lex


def engine(lex: Lexicon, rules: Rules) -> Engine:
    """The shared engine of a lexicon and rules, built in the server process so that solves fork with it
    warm."""
    return Engine.shared(lex, rules)


class MovesRequest(ApiRequest):
    """A position and how many of its moves to list."""

    cgp: Cgp
    top: int = Field(20, ge=1, le=1000)
    sort: Literal["score", "equity"] = "score"
    lexicon: str | None = Field(None, max_length=40)


def _moves_of_cgp(cgp: str, name: str, top: int, sort: Literal["score", "equity"]) -> dict[str, Any]:
    position, lex = read_position(cgp, name)
    return moves_report(engine(lex, position.rules), position, top, sort)


@api.post("/moves")
def moves(request: MovesRequest) -> dict[str, Any]:
    """Every legal move of the player to move, best first. Same shape as `lexigrid scrabble moves --json`."""
    position, lex = read_position(request.cgp, request.lexicon)
    engine(lex, position.rules)
    return budgeted(_moves_of_cgp, request.cgp, lex.name, request.top, request.sort)


class PositionRequest(ApiRequest):
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


class ExplainRequest(ApiRequest):
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


class EndgameRequest(ApiRequest):
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


# --- Rack inference -----------------------------------------------------------------------------------

Move = Annotated[str, Field(min_length=1, max_length=40, description="e.g. 8D W(OR)D or an exchange -ABC.")]
Margin = Annotated[
    float, Field(ge=0, le=100, description="Points of equity a play may fall below a rack's best.")
]
Temperature = Annotated[
    float | None,
    Field(gt=0, le=100, description="Soft weights exp(-loss/T) (default: MAGPIE's hard margin)."),
]


class InferRequest(ApiRequest):
    """A play and the position before it (or after it, its maker's opponent to move)."""

    cgp: Cgp
    move: Move
    after: bool = Field(False, description="The CGP is the position after the play.")
    score: int | None = Field(None, ge=0, le=10_000, description="The score they were credited (checked).")
    margin: Margin = DEFAULT_MARGIN
    temperature: Temperature = None
    seconds: float | None = Field(None, gt=0, le=3600, description="Time limit (capped by the budget).")
    top: int = Field(15, ge=1, le=1000, description="The K likeliest leaves.")
    lexicon: str | None = Field(None, max_length=40)


def infer_seconds(requested: float | None) -> float:
    """The inference's time limit: the request's, within the server's solve budget (so one that cannot
    judge every rack in time answers with the likeliest judged instead of being stopped)."""
    allowed = common.SOLVE_BUDGET_SECONDS * INFER_BUDGET_SHARE
    return allowed if requested is None else min(requested, allowed)


def _infer_of_cgp(cgp: str, name: str, move: str, options: tuple[Any, ...], top: int) -> dict[str, Any]:
    position, lex = read_position(cgp, name)
    eng = engine(lex, position.rules)
    after, score, margin, temperature, seconds = options
    found = infer_request(
        position, move, eng, after=after, score=score, margin=margin, temperature=temperature, seconds=seconds
    )
    return found.as_dict(top, eng.alphabet)


@api.post("/infer")
def infer(request: InferRequest) -> dict[str, Any]:
    """What a player kept, inferred from their play: the likeliest leaves and each tile's chance. Same shape
    as `lexigrid scrabble infer --json`."""
    position, lex = read_position(request.cgp, request.lexicon)
    engine(lex, position.rules)
    seconds = infer_seconds(request.seconds)
    options = (request.after, request.score, request.margin, request.temperature, seconds)
    return budgeted(_infer_of_cgp, request.cgp, lex.name, request.move, options, request.top)


# --- Monte Carlo simulation, streamed ------------------------------------------------------------------

MAX_SIM_PLIES, MAX_SIM_ITERATIONS = 4, 100_000
MAX_SIM_SECONDS = 3600  # the longest simulation the server runs (by time or by play-outs)
WEB_SIM_PLAYS = 10
SimId = Annotated[str, Path(pattern="^[0-9a-f]{32}$", description="A running simulation's id.")]
_sims: dict[str, threading.Event] = {}  # running simulations by id: set the event to stop one


class SimRequest(ApiRequest):
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
    confidence: float = Field(
        100 * DEFAULT_CONFIDENCE,
        ge=50,
        lt=100,
        description="Stop once the best play is identified at this confidence (%, like the CLI's; the "
        "result gives it as a fraction).",
    )
    seed: int = Field(0, ge=0, le=2**31, description="Seed of the random racks and bags.")
    infer: Move | None = Field(
        None, description="The opponent's last play: their racks drawn from what it tells they kept."
    )
    temperature: Temperature = None
    add: list[Move] = Field(
        default_factory=list,
        max_length=MAX_ADDED,
        description="Plays to simulate too, among the best or not (the one the user weighs).",
    )


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
    cgp: str,
    name: str,
    plays: int,
    plies: int,
    iterations: int | None,
    seconds: float,
    confidence: float,
    seed: int,
    last: tuple[str, float | None] | None = None,
    added: tuple[str, ...] = (),
) -> tuple[dict[str, Any], str | None]:
    """Run in a solver process: simulate (first inferring what the opponent kept after `last`, their play and
    the temperature, within a share of a timed run or until a stop, and reporting it), reporting each
    round's table (`Progress.as_dict`) to the server until it asks to stop; the result (`SimResult.as_dict`)
    and why it ended early (stop, time, or None)."""
    position, lex = read_position(cgp, name)
    eng = engine(lex, position.rules)
    stopped, inferred = False, None
    if last is not None:
        timed = seconds if iterations is None else None
        # the Stop button stops the inference too (every leave is judged when the run counts play-outs)
        inferred, left = infer_for_simulation(
            position, last[0], eng, timed, temperature=last[1], clock=stopping_clock()
        )
        seconds = seconds if left is None else left
        report({"inference": inferred.as_dict(INFERENCE_SHOWN, eng.alphabet)})  # the page shows it at once

    def on_round(progress: Progress) -> bool:
        nonlocal stopped
        stopped = report({"progress": progress.as_dict(eng.alphabet)})
        return stopped

    result = simulate(
        position,
        eng,
        plays=plays,
        plies=plies,
        iterations=iterations,
        seconds=seconds,
        confidence=confidence,
        seed=seed,
        opponent=None if inferred is None else inferred.distribution(),
        lexicon=name,
        on_round=on_round,
        include=read_plays(position, eng, added),
    )
    timed_out = result.time_limit is not None
    return result.as_dict(eng.alphabet, inferred), "stop" if stopped else "time" if timed_out else None


def _end_sim(stream: pool.SolveStream, sim_id: str) -> None:
    """Stop the simulation if it still runs (its worker goes back to the pool) and forget its id."""
    stream.close()
    _sims.pop(sim_id, None)


@api.post("/sim", response_class=StreamingResponse)
def sim(request: SimRequest) -> StreamingResponse:
    """Simulate the best plays, streamed as NDJSON: `{"event": "start", "id", ...}`, with `infer` then
    `{"event": "progress", "inference": <the infer --json shape>}`, then after each round `{"event":
    "progress", "progress": <the running table>}`, then `{"event": "result", "result": <the
    `scrabble sim --json` shape>, "stopped": "stop"|"time"|null}`, or `{"event": "error", "error"}`.
    `POST /api/scrabble/sim/{id}/stop` (or closing the connection) stops it."""
    if request.iterations is not None and request.seconds is not None:
        raise LexigridError("give iterations or seconds, not both")
    position, lex = read_position(request.cgp, request.lexicon)
    confidence = request.confidence / 100
    check_request(position, request.plays, request.plies, request.iterations, request.seconds, confidence)
    check_simulation_request(request.infer, request.temperature)
    eng = engine(lex, position.rules)
    read_plays(position, eng, request.add)  # bad input answers at once, not in the stream
    if request.infer is not None:
        check_last_play(position, request.infer, eng)
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
        confidence,
        request.seed,
        None if request.infer is None else (request.infer, request.temperature),
        tuple(request.add),
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
        "confidence": confidence,
        "seed": request.seed,
        "infer": request.infer,
        "add": request.add,
    }
    return stream_response(
        stream,
        start,
        what="simulation",
        result=lambda done: {"result": done[0], "stopped": done[1]},
        close=lambda: _end_sim(stream, sim_id),
    )


@api.post("/sim/{sim_id}/stop")
def stop_sim(sim_id: SimId) -> dict[str, Any]:
    """Stop a running simulation: its stream ends with the result so far (`stopped`: "stop")."""
    stop = _sims.get(sim_id)
    if stop is None:
        raise HTTPException(404, "no such simulation running (it may have ended)")
    stop.set()
    return {"stopping": True}


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
