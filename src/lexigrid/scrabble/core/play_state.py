"""The play state: a position in play that moves are applied to and taken back from.

It holds the board, every player's rack and score, the bag, whose turn it is and the scoreless turns in a
row, and it is where the turn rules are written once: a move's tiles come off the rack and as many are
drawn, a placement scores, an exchange goes through the bag, a pass or a scoreless move counts towards
six scoreless turns, and the game ends when a player goes out with the bag empty or after the sixth
scoreless turn, with the end-of-game rack adjustments of `ending`. `undo` takes the last move back
exactly: board (and whatever listens to it, such as the engine's cross-checks), racks, scores, bag and the
end of the game. `Game`, the simulation's play-outs, the endgame's principal variation and the renderer
all play through it; what differs between them is the bag (a game's seeded bag, a play-out's dealt
order) and whether a game waits for a challenge before a player who went out ends it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal, NamedTuple, Protocol

from lexigrid.scrabble.core.alphabet import sorted_tiles, take_tiles
from lexigrid.scrabble.core.board import Board, BoardSnapshot, Rack
from lexigrid.scrabble.core.cgp import Position
from lexigrid.scrabble.core.ending import MAX_SCORELESS_TURNS, going_out, scoreless_end
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.core.turn import Turn

End = Literal["out", "scoreless"]
# board, racks, scores, scoreless turns, player to move, bag, end, end-of-game lines, history length
Checkpoint = tuple[BoardSnapshot, list[str], list[int], int, int, list[str], "End | None", list[Turn], int]


class TileBag(Protocol):
    """The tiles not yet drawn: a game's seeded bag or a play-out's dealt order."""

    def __len__(self) -> int:
        """How many tiles it holds."""
        ...

    def draw(self, n: int) -> str:
        """Up to n tiles ('?' a blank)."""
        ...

    def exchange(self, tiles: str) -> str:
        """As many tiles as `tiles`, which go back in (they cannot be drawn in their place)."""
        ...

    def mark(self) -> list[str]:
        """The tiles in their order, for `rewind`."""
        ...

    def rewind(self, mark: list[str]) -> None:
        """The tiles back as `mark` found them."""
        ...


class OrderedBag:
    """A bag in a given order, drawn from the end; exchanged tiles go back in at random places (a play-out's
    bag, dealt once per iteration; an endgame's empty bag)."""

    __slots__ = ("rng", "tiles")

    def __init__(self, tiles: list[str] | None = None, rng: random.Random | None = None) -> None:
        self.tiles = tiles if tiles is not None else []
        self.rng = rng

    def __len__(self) -> int:
        return len(self.tiles)

    def draw(self, n: int) -> str:
        """Up to n tiles from the end."""
        tiles = self.tiles
        n = min(n, len(tiles))
        drawn = "".join(tiles[len(tiles) - n :])
        del tiles[len(tiles) - n :]
        return drawn

    def exchange(self, tiles: str) -> str:
        """As many tiles from the end as given, then each given tile put in at a random place."""
        drawn = self.draw(len(tiles))
        rng = self.rng or random.Random(0)
        for tile in tiles:
            self.tiles.insert(rng.randrange(len(self.tiles) + 1), tile)
        return drawn

    def mark(self) -> list[str]:
        """The tiles in their order."""
        return list(self.tiles)

    def rewind(self, mark: list[str]) -> None:
        """The tiles as `mark` found them."""
        self.tiles[:] = mark


class Played(NamedTuple):
    """What applying a move did: who played it, the tiles they kept, the tiles drawn, the points scored."""

    player: int
    kept: str
    drawn: str
    points: int


class _Undo(NamedTuple):
    """What `undo` restores: the state's fields before a move, and the board's tiles when it changed."""

    to_move: int
    racks: list[str]
    scores: list[int]
    zeros: int
    bag: list[str]
    board: BoardSnapshot | None
    end: End | None
    end_turns: list[Turn]


@dataclass
class PlayState:
    """A position in play: board, racks and scores by player, bag, whose turn, scoreless turns, the end."""

    board: Board
    racks: list[str]
    scores: list[int]
    bag: TileBag
    zeros: int = 0
    to_move: int = 0
    end_on_out: bool = True  # False: going out waits for `finish_out` (a play that may still be challenged)
    undoable: bool = True  # False: no history kept (a real game never takes a move back)
    end: End | None = None
    end_turns: list[Turn] = field(default_factory=list)  # the end-of-game record lines (`ending`)
    history: list[_Undo] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        self.racks = [sorted_tiles(rack) for rack in self.racks]  # racks are kept in rack order

    @classmethod
    def of_position(cls, position: Position, bag: TileBag | None = None) -> PlayState:
        """A two-player state from a position (the mover first), on a copy of its board; the bag empty
        unless given."""
        return cls(
            position.board.copy(),
            [str(position.racks[0]), str(position.racks[1])],
            list(position.scores),
            bag if bag is not None else OrderedBag(),
            position.zeros,
        )

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.end is not None

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.racks)

    def position(self) -> Position:
        """The position as the player to move sees it in a two-player game (their rack, then the other)."""
        p, q = self.to_move, 1 - self.to_move
        racks = (Rack.of_tiles(self.racks[p]), Rack.of_tiles(self.racks[q]))
        return Position(self.board, racks, (self.scores[p], self.scores[q]), self.zeros)

    def spread(self, player: int = 0) -> int:
        """A player's score less the best of the others'."""
        return self.scores[player] - max(s for q, s in enumerate(self.scores) if q != player)

    # --- moves --------------------------------------------------------------------------------------

    def apply(self, move: Move, points: int | None = None) -> Played:
        """Play `move` for the player to move (its tiles are on their rack; `points` when the placement's
        score is known better than `move.score`, e.g. judged by the referee); the game may end."""
        p = self.to_move
        rack = self.racks[p]
        if self.undoable:
            self._remember(move)
        kind = move.kind
        if kind == "pass":
            played = Played(p, rack, "", 0)
        elif kind == "exchange":
            used = move.tiles_used
            kept = take_tiles(rack, used)
            drawn = self.bag.exchange(used)
            self.racks[p] = sorted_tiles(kept + drawn)
            played = Played(p, kept, drawn, 0)
        else:
            points = move.score if points is None else points
            self.board.place(move)
            kept = take_tiles(rack, move.tiles_used)
            drawn = self.bag.draw(self.board.rules.rack_size - len(kept))
            self.racks[p] = sorted_tiles(kept + drawn)
            self.scores[p] += points
            played = Played(p, kept, drawn, points)
        if played.points:  # a placement that scored
            self.zeros = 0
        else:
            self.scoreless_turn()
        if self.end is None and kind == "place" and not self.racks[p] and self.end_on_out:
            self.finish_out(p)
        if self.end is None:
            self.to_move = (p + 1) % len(self.racks)
        return played

    def scoreless_turn(self) -> None:
        """Count one more scoreless turn in a row (a pass, an exchange, a scoreless placement, a turn lost
        to a challenge); the sixth ends the game, each player losing their rack's value."""
        self.zeros += 1
        if self.zeros >= MAX_SCORELESS_TURNS and not self.over:
            self._end(scoreless_end(self.racks, self.scores, self.board.rules.tiles), "scoreless")

    def finish_out(self, player: int) -> None:
        """`player` went out: the game ends with the others' racks settled (see `ending.going_out`)."""
        self._end(going_out(player, self.racks, self.scores, self.board.rules.tiles), "out")

    def _end(self, turns: list[Turn], reason: End) -> None:
        """The game ends: the end-of-game record lines, their totals the final scores."""
        for turn in turns:
            self.scores[turn.player] = turn.total
        self.end, self.end_turns = reason, turns

    # --- taking moves back --------------------------------------------------------------------------

    def checkpoint(self) -> Checkpoint:
        """The whole state as it is, for `restore` (a play-out's start: one copy, no record a move)."""
        return (
            self.board.snapshot(),
            list(self.racks),
            list(self.scores),
            self.zeros,
            self.to_move,
            self.bag.mark(),
            self.end,
            self.end_turns,
            len(self.history),
        )

    def restore(self, saved: Checkpoint) -> None:
        """The state as `checkpoint` found it: board (and its listeners), racks, scores, bag and history."""
        board, racks, scores, self.zeros, self.to_move, bag, self.end, self.end_turns, length = saved
        self.board.restore(board)
        self.racks, self.scores = list(racks), list(scores)
        self.bag.rewind(bag)
        del self.history[length:]

    def _remember(self, move: Move) -> None:
        """Keep what `undo` needs to take `move` back."""
        board = self.board.snapshot() if move.kind == "place" else None
        self.history.append(
            _Undo(
                self.to_move,
                list(self.racks),
                list(self.scores),
                self.zeros,
                self.bag.mark(),
                board,
                self.end,
                self.end_turns,
            )
        )

    def undo(self) -> None:
        """Take the last move back."""
        self.rewind(len(self.history) - 1)

    def rewind(self, length: int = 0) -> None:
        """Take moves back until `length` are left (the board restored once, from the earliest)."""
        board: BoardSnapshot | None = None
        undo: _Undo | None = None
        while len(self.history) > length:
            undo = self.history.pop()
            board = undo.board or board
        if undo is None:
            return
        if board is not None:
            self.board.restore(board)
        self.to_move, self.racks, self.scores, self.zeros = undo.to_move, undo.racks, undo.scores, undo.zeros
        self.bag.rewind(undo.bag)
        self.end, self.end_turns = undo.end, undo.end_turns
