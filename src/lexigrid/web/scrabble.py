"""Web routes for Scrabble: position analysis (moves, score breakdowns) and games against the computer."""

from __future__ import annotations

import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import Engine, Position, format_cgp, parse_cgp, parse_move
from lexigrid.scrabble.referee import check as referee_check
from lexigrid.scrabble.referee import words_formed
from lexigrid.scrabble.rules import Rules
from lexigrid.web.common import budgeted, lexicon_by_name, templates

api = APIRouter()
pages = APIRouter()

Cgp = Annotated[str, Field(min_length=1, max_length=2000, description="A position in CGP.")]
EMPTY_CGP = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0"
_engines: dict[tuple[str, int, str], Engine] = {}


def _lexicon(name: str | None, position: Position) -> Lexicon:
    """The request's lexicon, else the CGP's `lex` opcode, else the default: by name only."""
    return lexicon_by_name(name or position.ops.get("lex") or None)


def engine(lex: Lexicon, rules: Rules) -> Engine:
    """One engine per lexicon and rules, built in the server process so that solves fork with it warm."""
    key = (lex.sha256, rules.dim, rules.tiles.name)
    found = _engines.get(key)
    if found is None:
        found = _engines[key] = Engine(lex, rules)
    return found


def _leave(rack: str, used: str) -> str:
    kept = list(rack)
    for tile in used:
        if tile in kept:
            kept.remove(tile)
    return "".join(kept)


class MovesRequest(BaseModel):
    """A position and how many of its moves to list."""

    cgp: Cgp
    top: int = Field(20, ge=1, le=1000)
    sort: Literal["score", "equity"] = "score"
    lexicon: str | None = Field(None, max_length=40)


def _moves(eng: Engine, position: Position, top: int, sort: Literal["score", "equity"]) -> dict[str, Any]:
    start = time.perf_counter()
    found = eng.moves(position)
    elapsed_ms = (time.perf_counter() - start) * 1000
    rack = str(position.rack)
    return {
        "count": found.count,
        "exchanges": len(found.exchanges),
        "moves": [
            {
                "move": m.notation,
                "paren": m.paren,
                "score": m.score,
                "equity": m.equity,
                "leave": _leave(rack, m.tiles_used),
            }
            for m in found.top(top, sort)
        ],
        "elapsed_ms": round(elapsed_ms, 3),
    }


@api.post("/moves")
def moves(request: MovesRequest) -> dict[str, Any]:
    """Every legal move of the player to move, best first. Same shape as `lexigrid scrabble moves --json`."""
    position = parse_cgp(request.cgp)
    eng = engine(_lexicon(request.lexicon, position), position.rules)
    return budgeted(_moves, eng, position, request.top, request.sort)


class PositionRequest(BaseModel):
    """A position in CGP."""

    cgp: Cgp


def show_payload(position: Position) -> dict[str, Any]:
    """The `lexigrid scrabble show --json` shape, plus the premium squares and tile values to draw it."""
    rules = position.rules
    return {
        "cgp": format_cgp(position),
        "board": position.board.rows(),
        "racks": [str(r) for r in position.racks],
        "scores": list(position.scores),
        "zeros": position.zeros,
        "bag": position.bag_size(),
        "premiums": ["".join(rules.layout.premium(r, c) for c in range(rules.dim)) for r in range(rules.dim)],
        "tile_scores": dict(rules.tiles.scores),
    }


@api.post("/show")
def show(request: PositionRequest) -> dict[str, Any]:
    """The board, racks and scores of a position (the `show --json` shape, plus premiums and tile values)."""
    return show_payload(parse_cgp(request.cgp))


class ExplainRequest(BaseModel):
    """A move in a position."""

    cgp: Cgp
    move: str = Field(min_length=1, max_length=40, description="e.g. 8D WORD or H8 W(OR)D.")
    lexicon: str | None = Field(None, max_length=40)


@api.post("/explain")
def explain(request: ExplainRequest) -> dict[str, Any]:
    """A placement's score, word by word and tile by tile, as the referee computes it."""
    position = parse_cgp(request.cgp)
    board, rules = position.board, position.rules
    move = parse_move(request.move, board)
    if move.kind != "place":
        raise LexigridError(f"{move.notation} is not a tile placement: only placements have a breakdown")
    total = referee_check(board, move, _lexicon(request.lexicon, position))
    layout = rules.layout
    words = []
    for line in words_formed(board, move):
        squares: list[dict[str, Any]] = []
        multiplier = 1
        for r, c, tile, is_new in line:
            letter_mult = layout.letter_multiplier(r, c) if is_new else 1
            word_mult = layout.word_multiplier(r, c) if is_new else 1
            multiplier *= word_mult
            squares.append(
                {
                    "row": r,
                    "col": c,
                    "tile": tile,
                    "new": is_new,
                    "value": rules.tiles.score(tile),
                    "letter_multiplier": letter_mult,
                    "word_multiplier": word_mult,
                }
            )
        letters = sum(s["value"] * s["letter_multiplier"] for s in squares)
        words.append(
            {
                "word": "".join(s["tile"] for s in squares).upper(),
                "squares": squares,
                "letters": letters,
                "word_multiplier": multiplier,
                "score": letters * multiplier,
            }
        )
    bingo = rules.bingo_bonus if len(move.squares()) == rules.rack_size else 0
    return {
        "move": move.notation,
        "paren": move.paren,
        "squares": [{"row": r, "col": c, "tile": t} for r, c, t in move.squares()],
        "words": words,
        "bingo": bingo,
        "score": total,
    }


def warm() -> None:
    """Build the default engine and its tables in this process before solves fork from it."""
    position = parse_cgp(EMPTY_CGP)
    engine(_lexicon(None, position), position.rules).moves(position)


@pages.get("", response_class=HTMLResponse)
def analysis_page(request: Request) -> HTMLResponse:
    """Position analysis: edit or paste a position, list its moves, see each on the board."""
    return templates.TemplateResponse(request, "scrabble.html", {"empty": EMPTY_CGP})
