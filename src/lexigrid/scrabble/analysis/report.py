"""The JSON shapes of positions and moves: `lexigrid scrabble ... --json` and the web API alike."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Literal

from lexigrid.scrabble.core.alphabet import sorted_tiles
from lexigrid.scrabble.core.cgp import Position, format_cgp

if TYPE_CHECKING:
    from lexigrid.scrabble.engine.movegen import Engine

Sort = Literal["score", "equity"]


def position_report(position: Position, labels: bool = False) -> dict[str, Any]:
    """A position: its CGP, the board rows, the racks, the scores, the scoreless turns, the bag's size and
    the tiles the player to move cannot see (the bag and the opponent's rack); tiles as glyphs, or with
    `labels` in the alphabet's labels (a board row as CGP writes it, `PA[L·L]A`: one square a tile)."""
    letters = position.rules.tiles.alphabet
    write = letters.write if labels else str

    def row(text: str) -> str:
        return letters.write(text, brackets=True) if labels else text

    return {
        "cgp": format_cgp(position),
        "board": [row(text) for text in position.board.rows()],
        "racks": [write(str(r)) for r in position.racks],
        "scores": list(position.scores),
        "zeros": position.zeros,
        "bag": position.bag_size(),
        "unseen": write(sorted_tiles(position.unseen().elements())),
    }


def moves_report(engine: Engine, position: Position, top: int, sort: Sort) -> dict[str, Any]:
    """Every legal move counted, the best `top` listed (by score or equity), and the time taken."""
    start = time.perf_counter()
    found = engine.moves(position)
    elapsed_ms = (time.perf_counter() - start) * 1000
    rack = str(position.rack)
    return {
        "count": found.count,
        "exchanges": len(found.exchanges),
        "moves": [m.as_dict(rack, engine.alphabet) for m in found.top(top, sort)],
        "elapsed_ms": round(elapsed_ms, 3),
    }


def best_report(engine: Engine, position: Position, by: Sort) -> dict[str, Any]:
    """The single best placement (by score or equity; None when no placement is possible)."""
    start = time.perf_counter()
    move = engine.best(position, by)
    elapsed_ms = (time.perf_counter() - start) * 1000
    return {
        "move": engine.alphabet.write(move.notation) if move else None,
        "paren": engine.alphabet.write(move.paren) if move else None,
        "score": move.score if move else None,
        "equity": move.equity if move else None,
        "elapsed_ms": round(elapsed_ms, 3),
    }
