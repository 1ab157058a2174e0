"""The play made beside the best, in a coach's words: what each scored and kept and, on a simulated turn,
what the opponent answered and what the mover scored next (the plays' plies, `sim_plies`).

    yours against the best: 8 points against 10, keeping LO against DEGLO; their answer 41.6 (22% bingos)
    against 38.5 (24%); your next move 35.2 against 37.9
"""

from __future__ import annotations

from collections.abc import Sequence

from lexigrid.scrabble.analysis.sim_plies import PlyStats
from lexigrid.scrabble.core.alphabet import Alphabet, leave_after
from lexigrid.scrabble.core.move import Move

NO_PLIES: tuple[PlyStats, ...] = ()


def contrast(
    played: Move,
    best: Move,
    rack: str,
    letters: Alphabet,
    plies: tuple[Sequence[PlyStats], Sequence[PlyStats]] = (NO_PLIES, NO_PLIES),
) -> str:
    """The play made from `rack` beside the best, tiles in the alphabet's labels, with their plies when
    simulated (the play made's, then the best's); empty when the play made is the best."""
    if played.key == best.key:
        return ""
    parts = [f"{played.score} points against {best.score}"]
    kept = _kept(played, rack, letters), _kept(best, rack, letters)
    if kept[0] != kept[1]:
        parts[0] += f", keeping {kept[0]} against {kept[1]}"
    yours, bests = plies
    if _reached(yours, bests, 0):
        after_yours, after_best = yours[0], bests[0]
        answer = f"{after_yours.mean_points:.1f} ({after_yours.bingo_pct:.0f}% bingos)"
        parts.append(
            f"their answer {answer} against {after_best.mean_points:.1f} ({after_best.bingo_pct:.0f}%)"
        )
    if _reached(yours, bests, 1):
        parts.append(f"your next move {yours[1].mean_points:.1f} against {bests[1].mean_points:.1f}")
    return "yours against the best: " + "; ".join(parts)


def _reached(yours: Sequence[PlyStats], bests: Sequence[PlyStats], ply: int) -> bool:
    """Whether both plays' play-outs reached this ply (0: the opponent's answer)."""
    return all(len(plies) > ply and plies[ply].moves > 0 for plies in (yours, bests))


def _kept(move: Move, rack: str, letters: Alphabet) -> str:
    """The tiles a move keeps of the rack (`nothing` when it plays them all)."""
    return letters.write_tiles(leave_after(rack, move.tiles_used)) or "nothing"
