"""The Scrabble engine: rules as data, CGP positions, a packed GADDAG and a compiled move generator."""

import importlib
from collections.abc import Sequence

from lexigrid.lexicon.sources import register_kwg_reader
from lexigrid.lexicon.word_readers import register_word_reader
from lexigrid.scrabble.core.board import Board, Rack
from lexigrid.scrabble.core.cgp import Position, format_cgp, parse_cgp
from lexigrid.scrabble.core.move import Move, parse_move
from lexigrid.scrabble.core.rules import Layout, Rules, TileSet, layout, rules, tile_set

TYPE_CHECKING = False  # (mypy knows the name)
if TYPE_CHECKING:
    from lexigrid.scrabble.engine.leave import HeuristicLeaves, LeaveModel, TableLeaves
    from lexigrid.scrabble.engine.movegen import Engine, MoveList

# The engine and the leave models need numpy and the compiled engine: imported on first use, so that
# `scrabble show` (a board drawn from its CGP) does without them.
_LAZY = {
    **{name: "lexigrid.scrabble.engine.movegen" for name in ("Engine", "MoveList")},
    **{name: "lexigrid.scrabble.engine.leave" for name in ("HeuristicLeaves", "LeaveModel", "TableLeaves")},
}


def _read_kwg(data: bytes, location: str, name: str) -> tuple[str, list[str]]:
    """A KWG given by path read in its own alphabet (the tile sets' alphabets: see core.language)."""
    from lexigrid.scrabble.core.language import kwg_lexicon

    return kwg_lexicon(data, location, name)


def _read_words(language: str, words: Sequence[str]) -> list[str | None]:
    """wordfreq's words of a language read in its alphabet, as a word list is (see core.language)."""
    from lexigrid.scrabble.core.language import read_words

    return read_words(language, words)


register_kwg_reader(_read_kwg)
register_word_reader(_read_words)


def __getattr__(name: str) -> object:
    """The engine's names, imported on first use."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_LAZY[name]), name)


__all__ = [
    "Board",
    "Engine",
    "HeuristicLeaves",
    "Layout",
    "LeaveModel",
    "Move",
    "MoveList",
    "Position",
    "Rack",
    "Rules",
    "TableLeaves",
    "TileSet",
    "format_cgp",
    "layout",
    "parse_cgp",
    "parse_move",
    "rules",
    "tile_set",
]
