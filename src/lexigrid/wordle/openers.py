"""Every opener's optimal total: each first guess searched exactly, or until it provably cannot win.

An opener's *total* is the least total guesses of a tree that starts with it (`OptimalSearch`). To rank
openers, a few likely ones (the *seeds*: the most parts, then answers first) are solved exactly; every
other opener is then searched against the best seed total + 1 (the *bar*) and stops as soon as its
sound lower bound reaches the bar: its row then holds that bound (`exact: false`), which proves it
worse than the best. So when every allowed first guess has been searched, the best exact opener is
proven optimal. Each opener is one task for the shared runner (a fresh search, so a row never depends
on which process ran it); a checkpoint file (JSON Lines) keeps every finished row for a resume.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from lexigrid.checkpoint import Checkpoint
from lexigrid.runner import Runner
from lexigrid.wordle.optimal import INFINITE, OptimalSearch
from lexigrid.wordle.table import ReplyTable, reply_table
from lexigrid.wordle.words import WordLists

SEEDS = 10  # openers solved exactly before the rest are searched against their best


@dataclass(frozen=True)
class OpenerTotal:
    """An opener's total: exact, or (exact=False) a proven lower bound; None when six guesses cannot do."""

    opener: str
    total: int | None
    exact: bool
    ms: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        """The JSON row."""
        return {"opener": self.opener, "total": self.total, "exact": self.exact}

    def rank(self) -> tuple[int, bool, str]:
        """Best first: lower totals, exact before bounds, then alphabetical."""
        return (INFINITE if self.total is None else self.total, not self.exact, self.opener)


@dataclass(frozen=True)
class Task:
    """What every opener search shares: the lists, the rules and the bar (INFINITE: search exactly)."""

    lists: WordLists
    hard: bool
    bar: int = INFINITE


def opener_total(task: Task, opener: str) -> OpenerTotal:
    """One opener's exact total, or a lower bound >= task.bar once it provably cannot go below it."""
    started = time.perf_counter()
    table = reply_table(task.lists)
    search = OptimalSearch(table, hard=task.hard)
    guess = table.guess_id(opener)
    value = search.guess_cost(guess, table.all_answers(), table.all_guesses(), search.max_guesses, task.bar)
    ms = (time.perf_counter() - started) * 1000
    if value >= INFINITE:
        return OpenerTotal(opener, None, True, ms)
    return OpenerTotal(opener, value, value < task.bar, ms)


def likely_openers(table: ReplyTable, k: int) -> list[str]:
    """The k first guesses with the most parts (answers before other guesses, then word order)."""
    from lexigrid.wordle import kernels

    parts = kernels.count_parts(table.by_answer, table.all_guesses(), table.all_answers(), table.n_replies)
    is_answer = table.guess_answer[table.all_guesses()] >= 0
    order = np.lexsort((~is_answer, -parts))
    return [table.lists.guesses[int(g)] for g in order[:k]]


@dataclass(frozen=True)
class OpenersResult:
    """The ranked rows of a search over openers and whether it proves the best one optimal."""

    rows: list[OpenerTotal]
    hard: bool
    proven_optimal: bool
    elapsed_ms: float

    def as_dict(self, top: int | None = None) -> dict[str, Any]:
        """The JSON report (the best `top` rows)."""
        return {
            "openers": [row.as_dict() for row in self.rows[:top]],
            "hard": self.hard,
            "proven_optimal": self.proven_optimal,
            "searched": len(self.rows),
            "elapsed_ms": round(self.elapsed_ms, 1),
        }


class Done:
    """The openers already searched, kept in a checkpoint (a header naming the lists and mode)."""

    def __init__(self, path: Path | None, lists: WordLists, hard: bool) -> None:
        self.checkpoint = Checkpoint(path, {"job": "wordle openers", "lists": lists.sha256, "hard": hard})
        self.rows = {r["opener"]: _row(r) for r in self.checkpoint.records}

    def add(self, row: OpenerTotal) -> None:
        """Keep a finished row (on disk at once)."""
        self.rows[row.opener] = row
        self.checkpoint.add({**row.as_dict(), "ms": round(row.ms, 1)})


def _row(record: dict[str, Any]) -> OpenerTotal:
    return OpenerTotal(record["opener"], record["total"], record["exact"], record["ms"])


def _search(task: Task, openers: Sequence[str], done: Done, how: Runner, what: str) -> None:
    todo = [w for w in openers if w not in done.rows]
    job = functools.partial(opener_total, task)
    for _, row in how.each(job, todo, what):
        done.add(row)


def openers_search(
    lists: WordLists,
    *,
    hard: bool = False,
    candidates: Iterable[str] | None = None,
    every: bool = False,
    checkpoint: Path | None = None,
    how: Runner | None = None,
) -> OpenersResult:
    """Rank openers by their optimal totals: the candidates exactly, or (every=True) all, with a proof."""
    started = time.perf_counter()
    how = how or Runner()
    table = reply_table(lists)
    given = [lists.guesses[table.guess_id(w)] for w in candidates] if candidates else None
    seeds = given or likely_openers(table, SEEDS)
    done = Done(checkpoint, lists, hard)
    _search(Task(lists, hard), seeds, done, how, "seed openers")
    if every:
        best = min((r.total for r in (done.rows[w] for w in seeds) if r.total is not None), default=None)
        bar = INFINITE if best is None else best + 1
        _search(Task(lists, hard, bar), list(lists.guesses), done, how, "every opener")
    wanted = list(lists.guesses) if every else seeds
    rows = sorted((done.rows[w] for w in dict.fromkeys(wanted)), key=OpenerTotal.rank)
    proven = every and bool(rows) and rows[0].exact and rows[0].total is not None
    return OpenersResult(rows, hard, proven, (time.perf_counter() - started) * 1000)
