"""The JSON shapes of replies, suggestions and reviews: `lexigrid wordle ... --json` and the web API."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lexigrid.counts import count
from lexigrid.errors import LexigridError, OptionError
from lexigrid.wordle import assistant
from lexigrid.wordle.reply import (
    format_reply,
    reply_for,
    reply_report,
)  # (reply_report lives there: one-shot path)
from lexigrid.wordle.table import reply_table
from lexigrid.wordle.words import WordLists

if TYPE_CHECKING:
    from lexigrid.wordle.tree import TreeSummary


def suggest_report(
    lists: WordLists, history: str, *, hard: bool = False, top: int = 5, show: int | None = None
) -> dict[str, Any]:
    """The answers still possible after HISTORY (the first `show` of them) and the best next guesses."""
    turns = assistant.parse_history(history, lists.length) if history.strip() else []
    table = reply_table(lists)
    candidates, allowed = assistant.replay(table, turns, hard)
    found = assistant.suggest(table, candidates, allowed, turn=len(turns), hard=hard, top=top)
    words = [table.lists.answers[i] for i in candidates]
    m = len(words)
    return {
        "candidates": words if show is None else words[:show],
        "count": m,
        "suggestions": [s.as_dict(m) for s in found],
    }


def grade_report(
    lists: WordLists, history: str, answer: str | None = None, *, hard: bool = False
) -> dict[str, Any]:
    """Each guess of a game graded for skill and luck (0-99) against the best guess in its position."""
    from lexigrid.wordle import grade

    length = lists.length
    goal = assistant.last_word(history) if answer is None else answer.strip().upper()
    turns = assistant.parse_history(history, length, goal)
    if goal is None:
        goal = assistant.answer_of_history(turns, length)
        if goal is None:
            raise OptionError(
                "the game does not end on an all-green row: give the answer",
                "answer",
                "the game does not end on an all-green row: give the answer with {option} WORD",
            )
    table = reply_table(lists)
    table.answer_id(goal)
    for word, code in turns:
        table.guess_id(word)
        if reply_for(word, goal) != code:
            got, typed = format_reply(reply_for(word, goal), length), format_reply(code, length)
            raise LexigridError(f"{word} would get {got} with answer {goal}, not {typed}: check the reply")
    grades = grade.grade(table, turns, hard)
    skill, luck = grade.summary(grades)
    return {
        "answer": goal,
        "guesses": [
            {
                "guess": g.guess,
                "reply": format_reply(g.reply, length),
                "skill": g.skill,
                "luck": grade.rounded(g.luck),
                "candidates_before": g.candidates_before,
                "candidates_after": g.candidates_after,
                "best": g.best,
                "measure": g.measure,
            }
            for g in grades
        ],
        "skill": skill,
        "luck": luck,
        "summary": grade.summary_line(skill, luck, len(grades), goal),
    }


def answer_report(
    lists: WordLists,
    answer: str,
    strategy_name: str = "entropy",
    *,
    opener: str | None = None,
    hard: bool = False,
) -> dict[str, Any]:
    """A strategy played against one answer: the backtest summary of that game and its guesses."""
    from lexigrid.runner import QUIET_RUNNER
    from lexigrid.wordle.backtest import backtest

    word = answer.strip().upper()
    reply_table(lists).answer_id(word)
    result = backtest(lists, strategy_name, opener=opener, hard=hard, answers=[word], runner=QUIET_RUNNER)
    return {"answer": word, "guesses": result.guesses[0], **result.summary()}


@dataclass(frozen=True)
class TreeProof:
    """How far an optimal-tree search went, which says what its tree is proven to be."""

    opener: str  # the tree's first guess
    opener_given: bool  # the first guess was given, not searched
    tried: int  # first guesses searched
    guesses_allowed: int
    breadth: int | None  # guesses tried per set (None: every one)

    @property
    def from_opener(self) -> bool:
        """Optimal given its first guess: every later guess was searched."""
        return self.breadth is None

    @property
    def proven(self) -> bool:
        """Proven optimal: every first guess and every later guess searched."""
        return self.from_opener and self.tried == self.guesses_allowed

    def verdict(self) -> str:
        """What the tree is, in words."""
        if self.proven:
            return "proven optimal (every first guess and every later guess tried)"
        if self.from_opener and self.opener_given:
            return f"optimal from {self.opener}, the first guess given (other first guesses not tried)"
        if self.from_opener:
            return f"optimal from {self.opener}, the best of the {count(self.tried, 'likeliest first guess')}"
        return f"best over the top {count(self.breadth or 0, 'guess')} per set"


def tree_report(
    checked: TreeSummary, proof: TreeProof, *, hard: bool, sets: int, seconds: float, out: str | None
) -> dict[str, Any]:
    """An optimal tree's summary (`lexigrid wordle tree --json`): the checker's replay of every answer and
    what the search proved."""
    return {
        "strategy": "optimal",
        "opener": proof.opener,
        "hard": hard,
        **checked.as_dict(),
        "breadth": proof.breadth,
        "optimal_from_opener": proof.from_opener,
        "openers_tried": proof.tried,
        "guesses_allowed": proof.guesses_allowed,
        "proven_optimal": proof.proven,
        "sets_searched": sets,
        "seconds": round(seconds, 3),
        "out": out,
    }


__all__ = ["TreeProof", "answer_report", "grade_report", "reply_report", "suggest_report", "tree_report"]
