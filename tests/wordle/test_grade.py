"""Wordle grade: skill is 99 exactly for the optimal tree's guesses, luck averages exactly 99/2."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexigrid.errors import LexigridError
from lexigrid.wordle import grade
from lexigrid.wordle.game import Turn
from lexigrid.wordle.optimal import INFINITE, OptimalSearch, cached_optimal_tree
from lexigrid.wordle.reply import reply_for
from lexigrid.wordle.table import ReplyTable, reply_table
from lexigrid.wordle.tree import tree_game
from tests.wordle.conftest import small_lists


@pytest.mark.parametrize("hard", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["normal", "hard"])
def test_the_optimal_trees_guesses_score_99(table: ReplyTable, hard: bool) -> None:
    tree = cached_optimal_tree(table, "SALET", hard=hard)
    for answer in random.Random(28).sample(table.lists.answers, 12):
        grades = grade.grade(table, tree_game(tree, answer), hard)
        assert [g.skill for g in grades] == [99] * len(grades), answer
        assert all(g.exact for g in grades)


def test_a_worse_opener_scores_below_99() -> None:
    table = reply_table(small_lists(3, 60, 60))
    search = OptimalSearch(table)
    answers, allowed = table.all_answers(), table.all_guesses()
    totals = {g: search.guess_cost(g, answers, allowed, 6) for g in range(len(table.lists.guesses))}
    best = min(totals.values())
    worse = max(totals, key=lambda g: (totals[g] < INFINITE, totals[g]))
    answer = table.lists.answers[0]
    word = table.lists.guesses[worse]
    first = grade.grade(table, [(word, reply_for(word, answer))])[0]
    assert first.best_total == best < totals[worse] == first.total
    assert first.skill == grade.skill(totals[worse], best, 60) < 99


def test_a_worse_later_guess_scores_below_99(table: ReplyTable) -> None:
    turns = [(w, reply_for(w, "BEACH")) for w in ("SALET", "BEACH")]
    first, second = grade.grade(table, turns)
    assert first.skill == 99 and second.best != "BEACH"
    assert second.total > second.best_total and second.skill < 99
    assert second.candidates_after == 1


def test_skill_is_99_only_without_loss() -> None:
    assert grade.skill(100, 100, 50) == 99
    assert grade.skill(101, 100, 50) == 97  # 99 x 49/50
    assert grade.skill(101, 100, 10_000) == 98  # never 99 for a guess that loses anything
    assert grade.skill(200, 100, 50) == 0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=4))
def test_luck_averages_exactly_99_over_2(seed: int, picks: list[int]) -> None:
    """For any fixed guess sequence, at each turn the mean luck over the answers reaching it is 99/2.

    At a position with candidates S, the reply a guess gets is a draw of the same distribution as the
    replies it is ranked against (each answer of S equally likely), so its mid-rank P(worse) + P(tie)/2
    averages 1/2 exactly; the answers reaching a turn are the union of such positions.
    """
    table = reply_table(small_lists(seed, 40, 30))
    words = [table.lists.guesses[p % len(table.lists.guesses)] for p in picks]
    by_turn: dict[int, list[Fraction]] = {}
    for answer in table.lists.answers:
        turns: list[Turn] = []
        for word in words:
            turns.append((word, reply_for(word, answer)))
            candidates = table.all_answers()
            for w, r in turns[:-1]:
                candidates = table.filter(candidates, table.guess_id(w), r)
            by_turn.setdefault(len(turns), []).append(
                grade.luck(table, candidates, table.guess_id(word), turns[-1][1])
            )
            if turns[-1][1] == table.solved:
                break
    for lucks in by_turn.values():
        assert sum(lucks) / len(lucks) == Fraction(99, 2)


def test_grade_refuses_a_history_that_is_not_a_game(table: ReplyTable) -> None:
    with pytest.raises(LexigridError, match="already all green"):
        grade.grade(table, [("BEACH", table.solved), ("SALET", 0)])
    with pytest.raises(LexigridError, match="no answer gives these replies"):
        grade.grade(table, [("SALET", 0), ("SALET", 0), ("SALET", table.solved)])
