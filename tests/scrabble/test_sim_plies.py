"""A simulated play's replies ply by ply (`sim_plies`): the counts, means, spreads and bingo rates of a table
of replies, and the plies growing as deeper replies come."""

from __future__ import annotations

import pytest

from lexigrid.scrabble.analysis.sim_plies import PlyStats, Reply, count_replies, ply_rows, side


@pytest.mark.parametrize(
    ("replies", "mean", "stdev", "bingo_pct"),
    [
        ([], 0.0, 0.0, 0.0),  # no reply at this ply (every play-out's game ended sooner)
        ([(35, False)], 35.0, 0.0, 0.0),  # one reply: no spread
        ([(10, False), (20, True), (30, False)], 20.0, 10.0, 100 / 3),
        ([(0, False), (0, False)], 0.0, 0.0, 0.0),  # exchanges and passes score nothing
        ([(86, True), (86, True), (12, False), (12, False)], 49.0, 74 / 3**0.5, 50.0),
    ],
)
def test_a_ply_s_replies_give_its_mean_spread_and_bingo_rate(
    replies: list[Reply], mean: float, stdev: float, bingo_pct: float
) -> None:
    ply = PlyStats()
    for points, bingo in replies:
        ply.add(points, bingo)
    assert ply.moves == len(replies)
    assert ply.mean_points == pytest.approx(mean)
    assert ply.stdev == pytest.approx(stdev)
    assert ply.bingo_pct == pytest.approx(bingo_pct)


def test_plies_grow_as_deeper_replies_come_and_each_counts_its_own() -> None:
    plies: list[PlyStats] = []
    count_replies(plies, [(20, False)])  # a play-out whose game ended after the opponent's answer
    count_replies(plies, [(80, True), (14, False)])
    count_replies(plies, [])  # the candidate went out: no reply
    assert ply_rows(plies) == [
        {"ply": 1, "side": "opponent", "moves": 2, "mean_points": 50.0, "stdev": 42.43, "bingo_pct": 50.0},
        {"ply": 2, "side": "mover", "moves": 1, "mean_points": 14.0, "stdev": 0.0, "bingo_pct": 0.0},
    ]


@pytest.mark.parametrize(("ply", "who"), [(1, "opponent"), (2, "mover"), (3, "opponent"), (4, "mover")])
def test_the_opponent_answers_at_odd_plies(ply: int, who: str) -> None:
    assert side(ply) == who
