"""A turn: one line of a game's record (a move, a withdrawal, a bonus, end-of-game rack points)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from lexigrid.scrabble.core.move import parenthesized

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

    @property
    def paren(self) -> str:
        """The move as every command and page shows it (`Move.paren`): `8D W(OR)D`, else its GCG form."""
        if self.kind != "place" or not self.notation:
            return self.move
        coordinate, word = self.notation.split(" ", 1)
        return f"{coordinate} {parenthesized(word, self.move.split(' ', 1)[1])}"

    def as_dict(self) -> dict[str, Any]:
        """The turn as JSON-able data."""
        return {
            "player": self.player,
            "kind": self.kind,
            "rack": self.rack,
            "move": self.move,
            "notation": self.notation or self.move,
            "paren": self.paren,
            "score": self.score,
            "total": self.total,
            "bingo": self.bingo,
        }
