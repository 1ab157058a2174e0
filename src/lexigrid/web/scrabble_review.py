"""Web routes for the game review: `POST /api/scrabble/analyze`, streamed turn by turn, and its page."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, StreamingResponse
from pydantic import Field

from lexigrid.budget import report
from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.engine.movegen import Engine
from lexigrid.scrabble.game.store import GameStore
from lexigrid.scrabble.game.view import View
from lexigrid.scrabble.records.gcg import Record, export_gcg
from lexigrid.scrabble.records.review import (
    DEFAULT_SECONDS_PER_TURN,
    Settings,
    TurnReview,
    analyze_game,
    asked_note,
    job_position,
    plan_review,
    read_record,
    record_lexicon,
    shown_jobs,
)
from lexigrid.scrabble.records.upheld import lexicon_note
from lexigrid.web import common
from lexigrid.web.common import ApiRequest, GameId, lexicon_by_name, solver_pool, templates
from lexigrid.web.stream import response as stream_response

api = APIRouter()
pages = APIRouter()
REVIEW_BUDGET_SHARE = 0.5  # the turns' seconds add up to this share of the solve budget (the rest: the
# moves of each turn, an endgame's second solve, the answer), so a review answers instead of a 503
MAX_GCG = 200_000  # characters of a pasted record


class AnalyzeRequest(ApiRequest):
    """A GCG record to review and how hard to judge each turn."""

    gcg: str = Field(min_length=1, max_length=MAX_GCG, description="The game record (GCG text).")
    lexicon: str | None = Field(None, max_length=40)
    seconds_per_turn: float | None = Field(
        None,
        description=f"Seconds to judge a turn (default {DEFAULT_SECONDS_PER_TURN:g}; within the budget).",
    )
    iterations: int | None = Field(None, ge=1, le=100_000, description="Play-outs a play instead of seconds.")
    peg_nodes: int | None = Field(
        None,
        ge=1,
        le=10**9,
        description="A pre-endgame turn's work budget in search nodes instead of seconds.",
    )
    player: str | None = Field(None, max_length=60, description="Judge only this player's turns.")
    turns: list[Annotated[int, Field(ge=1)]] | None = Field(
        None,
        min_length=1,
        max_length=100,
        description="Judge only these turns (numbered as the review numbers them; the summaries then cover "
        "them alone), each with the whole review's budget shared among them alone.",
    )
    seed: int = Field(0, ge=0, le=2**31)


def turn_seconds(requested: float | None, turns: int) -> float:
    """Each turn's seconds: the request's (or the default), within the solve budget for the whole game."""
    allowed = common.SOLVE_BUDGET_SECONDS * REVIEW_BUDGET_SHARE / max(1, turns)
    return min(requested or DEFAULT_SECONDS_PER_TURN, allowed)


def _review(
    gcg: str, lexicon: str, settings: Settings, player: str | None, turns: list[int], note: str
) -> dict[str, Any]:
    """Run in a solver process: judge every turn (or the `turns` asked), reporting each as it is done; the
    whole review."""
    record = read_record(gcg)
    words = lexicon_by_name(lexicon)

    def on_turn(done: int, total: int, turn: TurnReview) -> None:
        report({"done": done, "total": total, "turn": turn.as_dict()})

    review = analyze_game(
        record,
        words,
        words.name,
        settings,
        player,
        on_turn=on_turn,
        lexicon_note=note,
        shown=turns,
        only_shown=bool(turns),
    )
    return review.as_dict()


@api.post("/analyze", response_class=StreamingResponse)
def analyze(request: AnalyzeRequest) -> StreamingResponse:
    """Review a whole game, streamed as NDJSON: `{"event": "start", "turns", "seconds_per_turn", ...}`, a
    `{"event": "progress", "done", "total", "turn"}` line per judged turn, then `{"event": "result",
    "result": <the `scrabble analyze --json` shape>}`, or `{"event": "error", "error"}`; `turns`: those
    alone, as `scrabble analyze --turn N --only`. A record that fails replay, an unknown player, a turn not
    judged or seconds <= 0 answer 400 at once."""
    if request.seconds_per_turn is not None and not request.seconds_per_turn > 0:
        Settings(seconds=request.seconds_per_turn).check()
    record = read_record(request.gcg)
    words, note = _judging_lexicon(record, request.lexicon)
    plan = plan_review(record, words, words.name, Settings(iterations=request.iterations), request.player)
    turns = request.turns or []
    jobs = shown_jobs(plan.jobs, turns, bool(turns))
    seconds = turn_seconds(request.seconds_per_turn, len(jobs))
    settings = Settings(seconds, request.iterations, seed=request.seed, peg_nodes=request.peg_nodes)
    if jobs:  # solver processes fork with the record's engine warm
        Engine.shared(words, job_position(jobs[0]).rules).prepare()
    stream = solver_pool().stream(
        _review,
        request.gcg,
        words.name,
        settings,
        request.player,
        turns,
        note,
        seconds=common.SOLVE_BUDGET_SECONDS,
        wait=common.SOLVE_QUEUE_SECONDS,
    )
    start = {
        "event": "start",
        "turns": len(jobs),
        "seconds_per_turn": seconds,
        "capped": (request.seconds_per_turn or DEFAULT_SECONDS_PER_TURN) > seconds,
        "lexicon": words.name,
        "lexicon_note": lexicon_note(plan.upheld, words, note),
    }
    return stream_response(
        stream,
        start,
        what="review",
        result=lambda review: {"result": review},
        close=stream.close,
    )


def _judging_lexicon(record: Record, asked: str | None) -> tuple[Lexicon, str]:
    """The lexicon judging the record, and the note made when choosing it: the one `asked` for (by name
    only: the web never opens a path), else the record's #lexicon (a name), else the default."""
    if asked:
        words = lexicon_by_name(asked)
        return words, asked_note(record, words)
    words, _, note = record_lexicon(record)
    return words, note


@api.get("/games/{game_id:path}/gcg")  # (a path: an id with a slash, from a typed link, is refused as an id)
def game_record(game_id: GameId) -> dict[str, Any]:
    """A finished saved game's GCG record (every rack shown, as the game is over), to review it."""
    game = GameStore().load(game_id)
    if not game.over:
        raise LexigridError("the game is not over: finish it before reviewing it")
    return {"gcg": export_gcg(View.of_people(game)), "id": game_id}


@pages.get("/review", response_class=HTMLResponse)
def review_page(request: Request) -> HTMLResponse:
    """Review a game: paste, upload or pick a finished game's record; the win % graph, each turn judged."""
    return templates.TemplateResponse(request, "scrabble_review.html", {})
