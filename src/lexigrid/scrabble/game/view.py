"""What a seat may see of a game: the one rule that keeps hidden information hidden, for every face.

While the game is on, a seat sees the board, the scores, every move made and its points, the bag's size
and the tiles it cannot see (the bag plus the other racks, lumped together), its own rack, and nothing
that tells another seat's tiles apart from the bag: not another rack as it stands, not the rack another
player held before a move (the leave would follow from it), not the tiles another player exchanged (only
how many), not the bag's seed (which orders every draw), nor the actions as saved. Once the game is over
the whole record is open, as a GCG record shows it. The web game and `lexigrid scrabble export` both read
a game through a `View`.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import Any

from lexigrid.errors import LexigridError
from lexigrid.scrabble.core import referee
from lexigrid.scrabble.core.alphabet import sorted_tiles
from lexigrid.scrabble.core.turn import Turn
from lexigrid.scrabble.game.game import Game


@dataclass(frozen=True)
class View:
    """A game as some seats see it: their own racks; the others' once the game is over or `everything`."""

    game: Game
    seats: frozenset[int]
    everything: bool = False  # the whole record: a finished game, or its owner reviewing it (`--reveal`)

    @classmethod
    def of(cls, game: Game, seats: int | Collection[int]) -> View:
        """The view of one seat (or of several, sharing a screen)."""
        chosen = frozenset([seats] if isinstance(seats, int) else seats)
        if not chosen or not chosen <= set(range(len(game.seats))):
            raise LexigridError(f"a game of {len(game.seats)} players has no seat {sorted(chosen)}")
        return cls(game, chosen)

    @classmethod
    def of_people(cls, game: Game) -> View:
        """What the people at the game see: every person's seat (a hot seat shares one screen)."""
        people = [i for i, seat in enumerate(game.seats) if seat.is_human]
        return cls.of(game, people) if people else cls.full(game)

    @classmethod
    def full(cls, game: Game) -> View:
        """The whole game, every rack included."""
        return cls(game, frozenset(range(len(game.seats))), True)

    def sees(self, player: int) -> bool:
        """Whether this view shows the player's tiles."""
        return self.everything or self.game.over or player in self.seats

    @property
    def open(self) -> bool:
        """Whether nothing is hidden (every rack seen)."""
        return all(self.sees(p) for p in range(len(self.game.seats)))

    @property
    def seat(self) -> int:
        """The seat whose side the view takes: the one to move if seen, else the first seen."""
        game = self.game
        return game.to_move if self.sees(game.to_move) else min(self.seats)

    def at(self, actions: int) -> View:
        """The same view of the game as it stood after its first `actions` actions (a finished game's
        positions stay open)."""
        return View(self.game.rewound(actions), self.seats, self.everything or self.game.over)

    def own_turn(self) -> int:
        """The seat to move, when this view may act or ask for hints for it (its moves show its rack)."""
        game = self.game
        if game.over:
            raise LexigridError("the game is over")
        if not self.sees(game.to_move):
            raise LexigridError(f"it is {game.seat.name}'s turn")
        return game.to_move

    # --- what is shown ------------------------------------------------------------------------------

    def rack(self, player: int) -> str | None:
        """A player's rack, or None when it is hidden."""
        return self.game.racks[player] if self.sees(player) else None

    def turn(self, turn: Turn) -> Turn:
        """A record line as seen: another player's rack left out ('') and their exchange as a count."""
        if self.sees(turn.player):
            return turn
        move = f"-{len(turn.move) - 1}" if turn.kind == "exchange" else turn.move
        return replace(turn, rack="", move=move, notation="" if turn.kind == "exchange" else turn.notation)

    def turns(self) -> list[Turn]:
        """The record as seen."""
        return [self.turn(t) for t in self.game.turns]

    def seed(self) -> int | None:
        """The bag's seed (it orders every draw), once nothing is hidden."""
        return self.game.seed if self.open else None

    def actions(self) -> list[str] | None:
        """The saved actions (another player's exchanged tiles among them), once nothing is hidden."""
        return list(self.game.actions) if self.open else None

    def unseen(self) -> str:
        """The tiles the view's seat cannot see (the bag and the other racks), sorted."""
        return sorted_tiles("".join(self.game.unseen(self.seat).elements()))

    def cgp(self) -> str:
        """The position in CGP (the player to move first), hidden racks left empty."""
        shown = [p for p in range(len(self.game.seats)) if self.sees(p)]
        return self.game.cgp(shown=shown)

    def last_racks(self) -> dict[int, str]:
        """The racks an unfinished record ends with (GCG `#rackN`): the seen ones."""
        if self.game.over:
            return {}
        return {p: rack for p, rack in enumerate(self.game.racks) if rack and self.sees(p)}

    def state(self) -> dict[str, Any]:
        """The game as JSON-able data, as this view sees it (racks and the unseen tiles in the language's
        letter order)."""
        game = self.game
        in_order = game.rules.tiles.alphabet.in_code_order
        turns = self.turns()
        last = next((t for t in reversed(turns) if t.kind not in ("out", "rack")), None)
        return {
            "id": game.id,
            "seed": self.seed(),
            "lexicon": game.lexicon.name,
            "rules": game.rules.as_dict(),
            "challenge": game.challenge,
            "players": [
                {
                    "name": seat.name,
                    "kind": seat.kind,
                    "score": game.scores[i],
                    "rack": None if self.rack(i) is None else in_order(game.racks[i]),
                    "tiles": len(game.racks[i]),
                    "clock_left": _seconds(game.clock_left(i)),  # a computer's against a game clock
                }
                for i, seat in enumerate(game.seats)
            ],
            "to_move": game.to_move,
            "awaiting": game.awaiting,
            "can_challenge": game.can_challenge(),
            "bag": len(game.bag),
            "exchange_refused": referee.exchange_refusal(game.rules.rack_size, len(game.bag)),
            "unseen": in_order(self.unseen()),
            "board": game.board.rows(),
            "cgp": self.cgp(),
            "zeros": game.zeros,
            "moves": [self._turn_dict(t) for t in turns],
            "last_move": self._turn_dict(last) if last else None,
            "over": game.over,
            "end_reason": game.end_reason,
            "winners": game.winners() if game.over else [],
            "verdict": game.verdict(),
            "actions": self.actions(),
        }

    def _turn_dict(self, turn: Turn) -> dict[str, Any]:
        """A record line as data: a hidden rack is null."""
        shown = turn.as_dict()
        if not self.sees(turn.player):
            shown["rack"] = None
        return shown


def _seconds(seconds: float | None) -> float | None:
    """Seconds to the tenth, for JSON (None stays None)."""
    return None if seconds is None else round(seconds, 1)
