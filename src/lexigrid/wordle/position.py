"""The position a Wordle strategy sees, and the Protocol every strategy follows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from lexigrid.wordle.table import Indices, ReplyTable


@dataclass(frozen=True)
class Position:
    """What a strategy knows: the candidates left, the guesses it may play, and the turn number."""

    table: ReplyTable
    candidates: Indices
    allowed: Indices
    turn: int = 0
    hard: bool = False


class Strategy(Protocol):
    """Chooses the next guess (an index into the guesses) in a position."""

    @property
    def name(self) -> str:
        """The strategy's name."""
        ...

    def choose(self, position: Position) -> int:
        """The guess to play."""
        ...
