"""The Scrabble engine: rules as data, CGP positions, a packed GADDAG and a compiled move generator."""

from lexigrid.scrabble.board import Board, Rack
from lexigrid.scrabble.cgp import Position, format_cgp, parse_cgp
from lexigrid.scrabble.leave import HeuristicLeaves, LeaveModel, TableLeaves
from lexigrid.scrabble.move import Move, parse_move
from lexigrid.scrabble.movegen import Engine, MoveList
from lexigrid.scrabble.rules import Layout, Rules, TileSet, layout, rules, tile_set

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
