"""The JSON shapes of replies, suggestions and reviews: `lexigrid wordle ... --json` and the web API."""

from __future__ import annotations

from typing import Any

from lexigrid.errors import LexigridError
from lexigrid.wordle import assistant
from lexigrid.wordle.reply import (
    format_reply,
    reply_for,
    reply_report,
)  # (reply_report lives there: one-shot path)
from lexigrid.wordle.table import reply_table
from lexigrid.wordle.words import WordLists


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
            raise LexigridError(
                "the game does not end on an all-green row: give the answer with --answer WORD"
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


__all__ = ["answer_report", "grade_report", "reply_report", "suggest_report"]
