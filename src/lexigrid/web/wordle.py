"""Web routes for Wordle: replies, games by token (daily, seeded, random) and the assistant."""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse
from pydantic import Field

from lexigrid.dates import parse_date
from lexigrid.errors import LexigridError
from lexigrid.web.common import ApiRequest, budgeted, lexicon_by_name, templates
from lexigrid.wordle import Game, ReplyTable, format_reply, reply_table, word_lists
from lexigrid.wordle.game import MAX_GUESSES
from lexigrid.wordle.report import reply_report
from lexigrid.wordle.token import answer_of, daily_token, seed_token, share_text, token_label

api = APIRouter()
pages = APIRouter()

Word = Annotated[str, Query(min_length=1, max_length=16, description="A word of letters A-Z.")]


def _table(length: int | None = None, lexicon: str | None = None) -> ReplyTable:
    """The reply table of the original lists, or of another length from a named lexicon."""
    if not lexicon:
        return _cached_table(None if length == 5 else length, None, "")
    named = lexicon_by_name(lexicon)
    return _cached_table(length, named.name, named.sha256)


@lru_cache(maxsize=8)
def _cached_table(length: int | None, lexicon: str | None, words: str) -> ReplyTable:
    """`_table`'s tables, by length and lexicon; `words` (the lexicon's hash) only keys the cache, so a
    lexicon added again under its name gets a table of its new words."""
    return reply_table(word_lists(length=length, lexicon=lexicon))


def _word(text: str, what: str) -> str:
    word = text.strip().upper()
    if not (word.isascii() and word.isalpha()):
        raise LexigridError(f"{what} {word!r} is not a word of letters A-Z")
    return word


@api.get("/reply")
def reply(guess: Word, answer: Word, lexicon: str | None = None) -> dict[str, Any]:
    """The reply to GUESS when the answer is ANSWER. Same shape as `lexigrid wordle reply --json`."""
    guess, answer = _word(guess, "guess"), _word(answer, "answer")
    if len(guess) != len(answer):
        raise LexigridError(
            f"{guess} has {len(guess)} letters and {answer} {len(answer)}: give two words of one length"
        )
    table = _table(len(guess), lexicon)
    for word in (guess, answer):
        table.guess_id(word)
    return reply_report(guess, answer)


@api.get("/check")
def check(guess: Word) -> dict[str, Any]:
    """Whether the game accepts GUESS (400 with the reason if not), and whether it can be the answer."""
    lists = _table().lists
    word = lists.check_guess(_word(guess, "guess"))
    return {"guess": word, "answer": lists.is_answer(word)}


@api.get("/new")
def new_game(
    mode: Annotated[str, Query(pattern="^(daily|seeded|random)$")] = "daily",
    seed: Annotated[int | None, Query(ge=0, le=2**63)] = None,
    date: Annotated[
        str | None, Query(max_length=10, description="YYYY-MM-DD, for daily (default: today, UTC).")
    ] = None,
) -> dict[str, Any]:
    """A new game: its token (the answer stays on the server), word length and guess limit."""
    if mode == "daily":
        day = parse_date(date or None)
        token, label = daily_token(day), f"Daily {day.isoformat()}"
    elif mode == "seeded":
        if seed is None:
            raise LexigridError("a seeded game needs a seed: add seed=N")
        token, label = seed_token(seed), f"Seed {seed}"
    else:
        token, label = seed_token(), "Random"
    table = _table()
    answer_of(token, table)
    return {"token": token, "label": label, "length": table.lists.length, "max_guesses": MAX_GUESSES}


class GuessRequest(ApiRequest):
    """A guess in a game: the token, the guesses already played, the new guess and the mode."""

    token: str = Field(max_length=40)
    history: list[str] = Field(default_factory=list, max_length=MAX_GUESSES)
    guess: str = Field(max_length=16)
    hard: bool = False


@api.post("/guess")
def guess(request: GuessRequest) -> dict[str, Any]:
    """Play a guess: the reply, or the reason it is refused; the answer and share text once over."""
    table = _table()
    game = Game(table, answer_of(request.token, table), request.hard)
    for word in request.history:
        game.guess(word)
    code = game.guess(request.guess)
    n = len(game.answer)
    payload: dict[str, Any] = {
        "guess": request.guess.strip().upper(),
        "reply": format_reply(code, n),
        "won": game.won,
        "over": game.over,
        "keyboard": {k: ".YG"[v] for k, v in game.keyboard().items()},
    }
    if game.over:
        payload |= {"answer": game.answer, "share": share_text(token_label(request.token), game)}
    return payload


class GradeRequest(ApiRequest):
    """A finished game to grade: its token, every guess played and the mode."""

    token: str = Field(max_length=40)
    history: list[str] = Field(max_length=MAX_GUESSES)
    hard: bool = False


# A grade searches every guess's total (an unusual opener's takes the longest): a roomier budget than a solve.
GRADE_BUDGET_FACTOR = 12


def _grade(history: str, answer: str, hard: bool) -> dict[str, Any]:
    from lexigrid.wordle.report import grade_report

    return grade_report(_table().lists, history, answer, hard=hard)


@api.post("/grade")
def grade(request: GradeRequest) -> dict[str, Any]:
    """Skill and luck of every guess of a finished game. Same shape as `lexigrid wordle grade --json`.

    Refused (400) while the game is on: the answer stays on the server until the game is over.
    """
    from lexigrid.web import common

    table = _table()
    game = Game(table, answer_of(request.token, table), request.hard)
    for word in request.history:
        game.guess(word)
    if not game.over:
        raise LexigridError(
            f"the game is not over ({len(game.history)} of {game.max_guesses} guesses, not solved): "
            "a game is analysed once it ends"
        )
    history = " ".join(word for word, _ in game.history)
    seconds = GRADE_BUDGET_FACTOR * common.SOLVE_BUDGET_SECONDS
    return budgeted(_grade, history, game.answer, request.hard, budget=seconds)


def _suggest(history: str, hard: bool, top: int, show: int) -> dict[str, Any]:
    from lexigrid.wordle.report import suggest_report

    return suggest_report(_table().lists, history, hard=hard, top=top, show=show)


@api.get("/suggest")
def suggest(
    history: Annotated[str, Query(max_length=400, description="e.g. CRANE:..Y.G,SLOTH:.....")] = "",
    hard: bool = False,
    top: Annotated[int, Query(ge=1, le=50)] = 5,
    show: Annotated[int, Query(ge=0, description="Candidates to list (count has them all).")] = 30,
) -> dict[str, Any]:
    """Candidates and the best next guesses. Same shape as `lexigrid wordle suggest --json`."""
    key = ",".join(part.upper() for part in history.replace(" ", ",").split(",") if part)
    return budgeted(_suggest, key, hard, top, show)


@pages.get("", response_class=HTMLResponse)
def play_page(request: Request) -> HTMLResponse:
    """Play Wordle."""
    return templates.TemplateResponse(request, "wordle.html", {"today": dt.datetime.now(dt.UTC).date()})


@pages.get("/assistant", response_class=HTMLResponse)
def assistant_page(request: Request) -> HTMLResponse:
    """The Wordle assistant."""
    return templates.TemplateResponse(request, "wordle_assistant.html", {})


def warm() -> None:
    """Build the original lists' reply table and the assistant's tie-break table before workers fork."""
    from lexigrid.wordle.assistant import plausibility

    plausibility(_table())
