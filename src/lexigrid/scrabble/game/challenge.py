"""Challenge rules as small rule objects: `void`, `double` and `five` (see docs/scrabble_game.md).

Under `void` a play with an invalid word is refused when played. Under `double` and `five` a phony
stands until challenged: the last placement stays *pending* while the next player may challenge it, and
a challenged phony is withdrawn. A challenge of a valid play costs the challenger their turn (`double`)
or gives the player challenged 5 points (`five`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.core.turn import Turn
from lexigrid.scrabble.game.action import IllegalMove

ChallengeName = Literal["void", "double", "five"]
CHALLENGE_BONUS = 5


@dataclass
class Pending:
    """The last placement while it may still be challenged (double and five-point rules)."""

    player: int
    move: Move
    words: list[str]
    drawn: str
    zeros_before: int
    out: bool  # it emptied the rack with the bag empty: the game ends unless it is challenged off


@dataclass(frozen=True)
class Penalty:
    """What challenging a valid play costs: a record line (its total the new score) and maybe the turn."""

    turn: Turn
    loses_turn: bool


class ChallengeRule(Protocol):
    """A challenge rule: whether phonies may stand, and the penalty for challenging a valid play."""

    name: ChallengeName
    phonies_stand: bool

    def penalty(
        self, challenger: int, pending: Pending, racks: Sequence[str], scores: Sequence[int]
    ) -> Penalty:
        """The cost of `challenger` challenging the valid play `pending`."""
        ...


class Void:
    """Phonies are refused when played, so there is never a play to challenge."""

    name: ChallengeName = "void"
    phonies_stand = False

    def penalty(
        self, challenger: int, pending: Pending, racks: Sequence[str], scores: Sequence[int]
    ) -> Penalty:
        """No challenges under this rule."""
        raise IllegalMove("challenges are void in this game: invalid words are refused when played")


class Double:
    """A phony is withdrawn; a wrong challenger loses their turn."""

    name: ChallengeName = "double"
    phonies_stand = True

    def penalty(
        self, challenger: int, pending: Pending, racks: Sequence[str], scores: Sequence[int]
    ) -> Penalty:
        """The challenger's lost turn."""
        lost = Turn(challenger, "lost-challenge", racks[challenger], "-", 0, scores[challenger])
        return Penalty(lost, True)


class Five:
    """A phony is withdrawn; a wrong challenge gives the player challenged 5 points."""

    name: ChallengeName = "five"
    phonies_stand = True

    def penalty(
        self, challenger: int, pending: Pending, racks: Sequence[str], scores: Sequence[int]
    ) -> Penalty:
        """Five points to the player challenged; the challenger still moves."""
        p = pending.player
        bonus = Turn(p, "bonus", racks[p], "(challenge)", CHALLENGE_BONUS, scores[p] + CHALLENGE_BONUS)
        return Penalty(bonus, False)


CHALLENGES: dict[str, ChallengeRule] = {rule.name: rule for rule in (Void(), Double(), Five())}
CHALLENGE_RULES: tuple[ChallengeName, ...] = ("void", "double", "five")
