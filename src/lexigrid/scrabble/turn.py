"""A turn: one line of a game's record (a move, a withdrawal, a bonus, end-of-game rack points)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

TurnKind = Literal["place", "exchange", "pass", "withdrawn", "lost-challenge", "bonus", "out", "rack"]


@dataclass(frozen=True)
class Turn:
    """One line of the game record: who, their rack before it, the move in GCG form, points, new total."""

    player: int
    kind: TurnKind
    rack: str
    move: (
        str  # GCG form: `8D W.RD` (played-through squares as '.'), `-ABC`, `-`, `--`, `(challenge)`, `(EIR)`
    )
    score: int
    total: int
    notation: str = ""  # the whole main word for placements: `8D WORD`
    bingo: bool = False

    def as_dict(self) -> dict[str, Any]:
        """The turn as JSON-able data."""
        return {
            "player": self.player,
            "kind": self.kind,
            "rack": self.rack,
            "move": self.move,
            "notation": self.notation or self.move,
            "score": self.score,
            "total": self.total,
            "bingo": self.bingo,
        }
