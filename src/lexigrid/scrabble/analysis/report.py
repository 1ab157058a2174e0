"""The JSON shapes of positions and moves: `lexigrid scrabble ... --json` and the web API alike."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Literal

from lexigrid.scrabble.core.alphabet import sorted_tiles
from lexigrid.scrabble.core.cgp import Position, format_cgp

if TYPE_CHECKING:
    from lexigrid.scrabble.engine.movegen import Engine

Sort = Literal["score", "equity"]
MIRRORED_NOTE = "down openings listed as their across mirrors"  # the words of `mirrored`, for both faces


def position_report(position: Position) -> dict[str, Any]:
    """A position, for the CLI's `--json` and the web alike: its CGP, the board rows as CGP writes them
    (`PA[L·L]A`), each square's label (`.` empty, lower case a blank's letter), the racks, the scores, the
    scoreless turns, the bag's size and the tiles the player to move cannot see (the bag and the opponent's
    rack) with their count; tiles in the alphabet's labels, never the engine's stand-in glyphs."""
    letters = position.rules.tiles.alphabet
    rows = position.board.rows()
    unseen = sorted_tiles(position.unseen().elements())
    return {
        "cgp": format_cgp(position),
        "board": [letters.write(row, brackets=True) for row in rows],
        "squares": [[letters.write(glyph) for glyph in row] for row in rows],
        "racks": [letters.write_tiles(str(r)) for r in position.racks],
        "scores": list(position.scores),
        "zeros": position.zeros,
        "bag": position.bag_size(),
        "unseen": letters.write_tiles(unseen),
        "unseen_count": len(unseen),
    }


def moves_report(engine: Engine, position: Position, top: int, sort: Sort) -> dict[str, Any]:
    """Every legal move counted, the best `top` listed (by score or equity), and the time taken; `mirrored`:
    an opening on a symmetric layout, whose down placements (counted) are listed as their across mirrors
    (`notes`: that in words, else None)."""
    start = time.perf_counter()
    found = engine.moves(position)
    elapsed_ms = (time.perf_counter() - start) * 1000
    rack = str(position.rack)
    return {
        "count": found.count,
        "exchanges": len(found.exchanges),
        "mirrored": found.mirrored,
        "notes": {"mirrored": MIRRORED_NOTE if found.mirrored else None},
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
