"""Wordle grade: every answer of the original lists graded as the optimal SALET tree plays it.

Run: python benchmarks/bench_wordle_grade.py [--limit N]
CPU time (process_time) per game, median and total, in one process (one search memo, as a web worker
or a batch would keep it); the first game, which also settles the opener's total, is reported apart.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from lexigrid.wordle import grade
from lexigrid.wordle.optimal import cached_optimal_tree
from lexigrid.wordle.table import reply_table
from lexigrid.wordle.tree import tree_game
from lexigrid.wordle.words import original


def main() -> None:
    """Grade the tree's game for each answer and print the CPU seconds per game."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--hard", action="store_true")
    args = parser.parse_args()
    table = reply_table(original())
    tree = cached_optimal_tree(table, "SALET", hard=args.hard)
    times: list[float] = []
    skills: list[int] = []
    for answer in table.lists.answers[: args.limit]:
        start = time.process_time()
        grades = grade.grade(table, tree_game(tree, answer), args.hard)
        times.append(time.process_time() - start)
        skills.extend(g.skill for g in grades)
    print(
        json.dumps(
            {
                "games": len(times),
                "first_game_s": round(times[0], 3),
                "median_game_ms": round(1000 * statistics.median(times), 3),
                "total_s": round(sum(times), 2),
                "all_skill_99": all(s == 99 for s in skills),
            }
        )
    )


if __name__ == "__main__":
    main()
