"""Grading a game: skill and luck (0-99) for every guess, the opener included (definitions in docs/wordle.md).

Skill compares the guess's *total* (the fewest guesses a tree starting with it needs over the candidates,
within the guesses left) with the best guess's: 99 when they are equal, else 99 x (1 - guesses lost per
candidate), at most 98 and at least 0. Luck is the reply's mid-rank among the replies the guess could have
got, each weighted by its chance (its part's share of the candidates), ranked by the candidates it leaves.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from lexigrid.wordle import kernels
from lexigrid.wordle.game import MAX_GUESSES, Turn, hard_mode_allowed
from lexigrid.wordle.table import Indices, ReplyTable

if TYPE_CHECKING:
    from lexigrid.wordle.optimal import OptimalSearch

TOP = 99


@dataclass(frozen=True)
class GuessGrade:
    """One guess of a game: its skill and luck, the candidates before and after, the best guess there."""

    turn: int
    guess: str
    reply: int
    skill: int
    luck: Fraction  # exact, 0..99; shown rounded
    candidates_before: int
    candidates_after: int
    best: str
    total: int  # the guess's total over the candidates (a lower bound when `exact` is False)
    best_total: int
    exact: bool
    measure: str  # by what the guess is judged, in words


def skill(total: int, best_total: int, m: int) -> int:
    """99 for a guess as good as the best; else 99 x (1 - guesses lost per candidate), within 0..98."""
    lost = total - best_total
    if lost <= 0:
        return TOP
    return max(0, min(TOP - 1, TOP * (m - lost) // m))


def left_after(table: ReplyTable, candidates: Indices, guess: int) -> dict[int, tuple[int, int]]:
    """For each reply `guess` can get: (how many candidates give it, how many it leaves; 0 when solved)."""
    _, replies, starts = kernels.group(table.codes, guess, candidates)
    found = {}
    for p in range(replies.shape[0]):
        size = int(starts[p + 1] - starts[p])
        reply = int(replies[p])
        found[reply] = (size, 0 if reply == table.solved else size)
    return found


def luck(table: ReplyTable, candidates: Indices, guess: int, reply: int) -> Fraction:
    """99 x the chance of a worse reply plus half the chance of one as good (mid-rank; averages 49.5)."""
    parts = left_after(table, candidates, guess)
    here = parts[reply][1]
    worse = sum(n for n, left in parts.values() if left > here)
    same = sum(n for n, left in parts.values() if left == here)
    return Fraction(TOP * (2 * worse + same), 2 * candidates.shape[0])


def grade(table: ReplyTable, history: list[Turn], hard: bool = False) -> list[GuessGrade]:
    """Every guess of a played game graded (the history is checked by `assistant.replay` first)."""
    from lexigrid.wordle.assistant import replay, warm_search

    replay(table, history, hard)
    search = warm_search(table, hard, None)
    candidates, allowed = table.all_answers(), table.all_guesses()
    grades = []
    for turn, (word, reply) in enumerate(history):
        guess = table.guess_id(word)
        grades.append(_grade_one(table, search, candidates, allowed, turn, guess, reply, hard))
        candidates = table.filter(candidates, guess, reply)
        if hard:
            allowed = hard_mode_allowed(table, allowed, guess, reply)
    return grades


def _grade_one(
    table: ReplyTable,
    search: OptimalSearch,
    candidates: Indices,
    allowed: Indices,
    turn: int,
    guess: int,
    reply: int,
    hard: bool,
) -> GuessGrade:
    """One guess against the best guess in its position."""
    from lexigrid.wordle.optimal import INFINITE

    m = candidates.shape[0]
    depth, best_total, best, measure = _best(table, search, candidates, allowed, turn, hard)
    total = search.guess_cost(guess, candidates, allowed, depth, best_total + m)
    exact = total < best_total + m
    if total < best_total:  # a better opener than the likeliest ones the best was taken from
        best_total, best = total, guess
    if not exact:
        measure = "lower bound (a guess or more lost per candidate)"
    after = table.filter(candidates, guess, reply).shape[0]
    return GuessGrade(
        turn + 1,
        table.lists.guesses[guess],
        reply,
        skill(min(total, INFINITE), best_total, m),
        luck(table, candidates, guess, reply),
        m,
        after,
        table.lists.guesses[best],
        total,
        best_total,
        exact,
        measure,
    )


def _best(
    table: ReplyTable, search: OptimalSearch, candidates: Indices, allowed: Indices, turn: int, hard: bool
) -> tuple[int, int, int, str]:
    """(guesses left, the best total, a guess that reaches it, how it is known) in this position."""
    from lexigrid.wordle.optimal import INFINITE, cached_optimal_tree, default_openers

    depth = MAX_GUESSES - turn
    if turn == 0:
        opener = table.guess_id(cached_optimal_tree(table, hard=hard).guess)
        total = search.guess_cost(opener, candidates, allowed, depth)
        tried = default_openers(table)
        if tried is None:
            return depth, total, opener, "exact; best of every opener"
        return depth, total, opener, f"exact; best of the {tried} likeliest openers"
    if depth < 1 or search.best(candidates, allowed, depth)[0] >= INFINITE:
        depth = MAX_GUESSES  # past the guesses the game allows: judged as if it went on
    total, best = search.best(candidates, allowed, depth)
    return depth, total, best, "exact"


def summary(grades: list[GuessGrade]) -> tuple[int, int]:
    """The game's skill and luck: the mean of its guesses', rounded."""
    n = len(grades)
    return rounded(Fraction(sum(g.skill for g in grades), n)), rounded(
        sum((g.luck for g in grades), Fraction()) / n
    )


def rounded(x: Fraction) -> int:
    """A luck or skill to the nearest whole number, halves up."""
    return int(x + Fraction(1, 2))


def summary_line(report_skill: int, report_luck: int, guesses: int, answer: str) -> str:
    """The game in one line, as WordleBot sums it up."""
    return f"{answer} in {guesses}: skill {report_skill}/99, luck {report_luck}/99"
