"""The phase of a two-player game, one rule for every method that picks or judges a move.

*Midgame* while the bag holds more tiles than the pre-endgame solver takes (simulation), *pre-endgame*
with 1 to `peg.MAX_BAG` tiles in the bag (the pre-endgame solver), *endgame* with the bag empty (the exact
endgame solver). The bag is counted from the mover's side: the unseen tiles less a full rack for the
opponent (`Position.bag_when_full`), so a position whose opponent rack is unknown (a CGP, what a player
may see) has the same phase as the game it comes from.
"""

from __future__ import annotations

from typing import Literal

from lexigrid.scrabble.analysis.peg import MAX_BAG
from lexigrid.scrabble.core.cgp import Position

Phase = Literal["midgame", "pre-endgame", "endgame"]
PHASES: tuple[Phase, ...] = ("midgame", "pre-endgame", "endgame")


def phase(position: Position) -> Phase:
    """The game's phase for the side to move."""
    bag = position.bag_when_full()
    if bag == 0:
        return "endgame"
    return "pre-endgame" if bag <= MAX_BAG else "midgame"
