"""The end of a game (NASPA rules): going out with the bag empty, or six scoreless turns in a row.

Going out, two players: the player who went out gains twice the opponent's rack. Three or four players:
each other player loses their rack's value and the one who went out gains their sum. Six scoreless
turns: each player loses their rack's value. Each function gives the record lines; their totals are
the new scores. `verdict` says the result in words, `share` as a number (a win 1, a draw 1/2, a loss 0).
"""

from __future__ import annotations

from collections.abc import Sequence

from lexigrid.scrabble.core.rules import TileSet
from lexigrid.scrabble.core.turn import Turn

MAX_SCORELESS_TURNS = 6


def rack_value(rack: str, tiles: TileSet) -> int:
    """The face value of a rack's tiles."""
    return tiles.value(rack)


def going_out(player: int, racks: Sequence[str], scores: Sequence[int], tiles: TileSet) -> list[Turn]:
    """The record lines when `player` empties their rack with the bag empty."""
    others = [q for q in range(len(racks)) if q != player]
    if len(racks) == 2:
        q = others[0]
        gain = 2 * rack_value(racks[q], tiles)
        return [Turn(player, "out", "", f"({racks[q]})", gain, scores[player] + gain)]
    turns = []
    for q in others:
        value = rack_value(racks[q], tiles)
        turns.append(Turn(q, "rack", racks[q], f"({racks[q]})", -value, scores[q] - value))
    gain = sum(rack_value(racks[q], tiles) for q in others)
    lost = "".join(racks[q] for q in others)
    return [*turns, Turn(player, "out", "", f"({lost})", gain, scores[player] + gain)]


def scoreless_end(racks: Sequence[str], scores: Sequence[int], tiles: TileSet) -> list[Turn]:
    """The record lines after six scoreless turns in a row: each player loses their rack's value."""
    turns = []
    for q, rack in enumerate(racks):
        value = rack_value(rack, tiles)
        turns.append(Turn(q, "rack", rack, f"({rack})", -value, scores[q] - value))
    return turns


def share(spread: float) -> float:
    """A finished game's share of a win for the side whose final spread this is: 1, 0.5 for a draw, or 0."""
    return 1.0 if spread > 0 else 0.5 if spread == 0 else 0.0


def verdict(names: Sequence[str], scores: Sequence[int], reason: str, out: int | None = None) -> str:
    """The result in words: `You win 402–351 (Computer went out)`, `ann and bob tie 300–300–250 (six
    scoreless turns)`; `out` is the player who went out."""
    top = max(scores)
    winners = [name for name, score in zip(names, scores, strict=True) if score == top]
    if len(winners) > 1:
        result = f"{' and '.join(winners)} tie"
    else:
        result = f"{winners[0]} {'win' if winners[0].lower() == 'you' else 'wins'}"
    why = f"{names[out]} went out" if reason == "out" and out is not None else "six scoreless turns"
    return f"{result} {'–'.join(str(s) for s in sorted(scores, reverse=True))} ({why})"
