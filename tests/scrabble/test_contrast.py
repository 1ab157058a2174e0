"""The play made beside the best in words (`records.contrast`): a table of hand-made moves and plies."""

from __future__ import annotations

from dataclasses import replace

import pytest

from lexigrid.scrabble.analysis.sim_plies import PlyStats
from lexigrid.scrabble.core.alphabet import ENGLISH, Alphabet
from lexigrid.scrabble.core.board import Board
from lexigrid.scrabble.core.move import Move, parse_move
from lexigrid.scrabble.records.contrast import contrast

EMPTY = Board.from_rows(["." * 15] * 15)
CATALAN = Alphabet(("A", "B", "C", "Ç", "D", "E", "L", "L·L", "N", "NY", "O", "QU", "S", "T", "U"))


def _ply(*replies: tuple[int, bool]) -> PlyStats:
    """One ply of hand-made replies: (points, bingo) each."""
    ply = PlyStats()
    for points, bingo in replies:
        ply.add(points, bingo)
    return ply


YOURS = "yours against the best:"
ANSWERS = (_ply((30, False), (50, True)), _ply((20, False), (20, False)))  # 40.0 (50%); 20.0 (0%)


@pytest.mark.parametrize(
    ("played", "best", "plies", "expected"),
    [
        (("8D GOD", 10), ("8D GOD", 10), None, ""),  # the best itself: nothing to say
        (("8D GOD", 10), ("8D DOG", 12), None, "yours against the best: 10 points against 12"),  # same leave
        (("8D GOO", 8), ("8D LOGO", 12), None, f"{YOURS} 8 points against 12, keeping DLU against DU"),
        (("-DLOU", 0), ("8D LOGO", 12), None, f"{YOURS} 0 points against 12, keeping GO against DU"),
        (("8D GOOLD", 16), ("8D LOGO", 12), (ANSWERS[:1], ANSWERS[1:]),
         "yours against the best: 16 points against 12, keeping U against DU; their answer 40.0 (50% bingos)"
         " against 20.0 (0%)"),
        (("8D GOOLD", 16), ("8D LOGO", 12), (ANSWERS, ANSWERS[::-1]),
         "yours against the best: 16 points against 12, keeping U against DU; their answer 40.0 (50% bingos)"
         " against 20.0 (0%); your next move 20.0 against 40.0"),
        (("8D GOOLD", 16), ("8D LOGO", 12), (ANSWERS, ()),  # the best's play-outs reached no ply
         "yours against the best: 16 points against 12, keeping U against DU"),
    ],
)  # fmt: skip
def test_the_play_made_beside_the_best(
    played: tuple[str, int],
    best: tuple[str, int],
    plies: tuple[tuple[PlyStats, ...], tuple[PlyStats, ...]] | None,
    expected: str,
) -> None:
    """From DGLOOU: points, the tiles each keeps (only when they differ), their answers when simulated."""
    made, top = (replace(parse_move(text, EMPTY), score=score) for text, score in (played, best))
    assert contrast(made, top, "DGLOOU", ENGLISH, plies or ((), ())) == expected


def test_multi_letter_tiles_are_written_in_their_labels() -> None:
    """Catalan's L·L kept by one play: the leave in the alphabet's labels, as every result gives tiles."""
    rack = CATALAN.read("AL·LOQU?")
    made, best = (
        Move("place", 7, 3, False, word, word) for word in (CATALAN.read("QUA"), CATALAN.read("L·LO"))
    )
    assert (
        contrast(made, best, rack, CATALAN)
        == "yours against the best: 0 points against 0, keeping L·LO? against AQU?"
    )
