"""A simulated play's replies ply by ply: what the opponent's answer (ply 1), the mover's next move (ply 2)
and so on scored over the play-outs, and how often each was a bingo, so a player sees why a play wins more
(a lane opened for the opponent's bingo, a rack kept for one's own), as Macondo's `sim details` and
Quackle's columns do.

A play-out counts the replies it played: the plies asked, fewer when its game ended sooner, and more when it
went on to the end of the game (the bag emptied: a pre-endgame's play-outs), so each ply has its own count
of play-outs that reached it, and the plies past those asked tell how the game ended.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, TypedDict

Side = Literal["opponent", "mover"]
Reply = tuple[int, bool]  # a reply's points and whether it placed a whole rack


class PlyRow(TypedDict):
    """One ply of a play's row in the JSON result."""

    ply: int
    side: Side
    moves: int
    mean_points: float
    stdev: float
    bingo_pct: float


def side(ply: int) -> Side:
    """Who plays at ply `ply` (1: the opponent's answer to the candidate)."""
    return "opponent" if ply % 2 else "mover"


@dataclass
class PlyStats:
    """The replies at one ply of a play's play-outs: how many, their points (and their squares, for the
    spread of the points), and how many were bingos. Sums of integers: the same whatever order the workers
    return their play-outs in."""

    moves: int = 0
    points: int = 0
    squares: int = 0
    bingos: int = 0

    def add(self, points: int, bingo: bool) -> None:
        """Count one reply."""
        self.moves += 1
        self.points += points
        self.squares += points * points
        self.bingos += bingo

    @property
    def mean_points(self) -> float:
        """The replies' mean points."""
        return self.points / self.moves if self.moves else 0.0

    @property
    def stdev(self) -> float:
        """The standard deviation of the replies' points (over the replies, not of their mean)."""
        if self.moves < 2:
            return 0.0
        n = self.moves  # in integers, exact: n * sum of squares - (sum)^2 is never negative
        return math.sqrt((n * self.squares - self.points * self.points) / (n * (n - 1)))

    @property
    def bingo_pct(self) -> float:
        """The share of replies that were bingos, in percent."""
        return 100.0 * self.bingos / self.moves if self.moves else 0.0

    def as_dict(self, ply: int) -> PlyRow:
        """This ply's row in the JSON result."""
        return {
            "ply": ply,
            "side": side(ply),
            "moves": self.moves,
            "mean_points": round(self.mean_points, 2),
            "stdev": round(self.stdev, 2),
            "bingo_pct": round(self.bingo_pct, 2),
        }


def count_replies(plies: list[PlyStats], replies: Iterable[Reply]) -> None:
    """Add one play-out's replies to its play's plies (one PlyStats a ply, added as deeper plies come)."""
    for k, (points, bingo) in enumerate(replies):
        if k == len(plies):
            plies.append(PlyStats())
        plies[k].add(points, bingo)


def ply_rows(plies: list[PlyStats]) -> list[PlyRow]:
    """A play's plies as JSON rows, ply 1 first."""
    return [stats.as_dict(ply) for ply, stats in enumerate(plies, 1)]
