"""Every opener's optimal total: each first guess solved exactly, or refuted by a proven lower bound.

An opener's *total* is the least total guesses of a tree that starts with it (`OptimalSearch`). To rank
openers, a few likely ones (the *seeds*: least bound, see `optimal.likeliest`) are solved exactly; every
other opener is then searched against the best seed total + 1 (the *bar*) and stops as soon as its proven
lower bound reaches the bar: its row then holds that bound (`total: null, exact: false`), which proves it
worse than the best. So when every allowed first guess has a row, the best exact opener is proven
optimal (`proven`). An opener no tree can finish within six guesses is exact with no total.

Each opener is one task for the shared runner. A process keeps one solver per lists and mode, so the
sets that openers share are solved once (docs/wordle.md, L8): an exact total never depends on what the
memo held, a refuted opener's bound may (any bound at or above the bar proves the same thing).

The checkpoint (JSON Lines) starts with a header naming the job, the lists and the mode, then holds one
row per finished opener: `{"opener", "total", "lower_bound", "exact", "cpu_ms"}`. A rerun skips every
opener it holds, so a copy of a finished proof answers at once, and deleting a row re-proves that opener.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexigrid.checkpoint import Checkpoint
from lexigrid.runner import Runner
from lexigrid.wordle.optimal import INFINITE, OptimalSearch, likeliest
from lexigrid.wordle.table import ReplyTable, reply_table
from lexigrid.wordle.words import WordLists

SEEDS = 10  # openers solved exactly before the rest are searched against their best
FORMAT = 2  # of the checkpoint rows (1 had no lower_bound)


@dataclass(frozen=True)
class OpenerTotal:
    """An opener's row: its exact total, or (exact=False) a proven lower bound; no total when six
    guesses cannot do (exact) or when it was refuted (not exact)."""

    opener: str
    total: int | None
    lower_bound: int | None
    exact: bool
    cpu_ms: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        """The JSON row."""
        return {
            "opener": self.opener,
            "total": self.total,
            "lower_bound": self.lower_bound,
            "exact": self.exact,
        }

    def rank(self) -> tuple[int, bool, str]:
        """Best first: lower totals (or bounds), exact before bounds, then alphabetical."""
        value = self.total if self.exact else self.lower_bound
        return (INFINITE if value is None else value, not self.exact, self.opener)


@dataclass(frozen=True)
class Task:
    """What every opener search shares: the lists, the rules and the bar (INFINITE: search exactly)."""

    lists: WordLists
    hard: bool
    bar: int = INFINITE


_solvers: dict[tuple[str, bool], OptimalSearch] = {}


def solver(table: ReplyTable, hard: bool) -> OptimalSearch:
    """This process's solver for these lists and mode (its memo kept from opener to opener)."""
    key = (table.lists.sha256, hard)
    if key not in _solvers or _solvers[key].table is not table:
        _solvers[key] = OptimalSearch(table, hard=hard)
    return _solvers[key]


def fresh_solvers() -> None:
    """Forget this process's solvers (the next opener starts from an empty memo)."""
    _solvers.clear()


def opener_total(task: Task, opener: str) -> OpenerTotal:
    """One opener's exact total, or a lower bound >= task.bar once it provably cannot go below it."""
    table = reply_table(task.lists)
    search = solver(table, task.hard)
    guess = table.guess_id(opener)
    started = time.process_time()
    value = search.guess_cost(guess, table.all_answers(), table.all_guesses(), search.max_guesses, task.bar)
    ms = (time.process_time() - started) * 1000
    if value >= INFINITE:
        return OpenerTotal(opener, None, None, True, ms)
    if value < task.bar:
        return OpenerTotal(opener, value, value, True, ms)
    return OpenerTotal(opener, None, value, False, ms)


@dataclass(frozen=True)
class OpenersResult:
    """The ranked rows of a search over openers, the best, and whether the rows prove it optimal."""

    rows: list[OpenerTotal]
    hard: bool
    proven: bool
    elapsed_ms: float

    @property
    def best(self) -> OpenerTotal | None:
        """The best exact opener, if any opener has a total."""
        return next((r for r in self.rows if r.exact and r.total is not None), None)

    def as_dict(self, top: int | None = None) -> dict[str, Any]:
        """The JSON report (the best `top` rows)."""
        best = self.best
        return {
            "openers": [row.as_dict() for row in self.rows[:top]],
            "best": None if best is None else best.opener,
            "proven": self.proven,
            "hard": self.hard,
            "searched": len(self.rows),
            "elapsed_ms": round(self.elapsed_ms, 1),
        }


def proves_best(rows: Sequence[OpenerTotal], every: int) -> bool:
    """Whether ranked rows, one per allowed opener, prove the first optimal: it is exact and every other
    row is exact or bounded at or above its total."""
    if len(rows) != every or not rows or not rows[0].exact or rows[0].total is None:
        return False
    best = rows[0].total
    return all(r.exact or (r.lower_bound is not None and r.lower_bound >= best) for r in rows)


class Done:
    """The openers already searched, kept in a checkpoint (a header naming the lists and mode)."""

    def __init__(self, path: Path | None, lists: WordLists, hard: bool) -> None:
        header = {"job": "wordle openers", "format": FORMAT, "lists": lists.sha256, "hard": hard}
        self.checkpoint = Checkpoint(path, header)
        self.rows = {r["opener"]: _row(r) for r in self.checkpoint.records}

    def add(self, row: OpenerTotal) -> None:
        """Keep a finished row (on disk at once)."""
        self.rows[row.opener] = row
        self.checkpoint.add({**row.as_dict(), "cpu_ms": round(row.cpu_ms, 1)})


def _row(record: dict[str, Any]) -> OpenerTotal:
    return OpenerTotal(
        record["opener"], record["total"], record["lower_bound"], record["exact"], record.get("cpu_ms", 0.0)
    )


def _settled(row: OpenerTotal | None, bar: int) -> bool:
    """Whether a kept row answers a search against this bar: exact, or bounded at or above it."""
    return row is not None and (row.exact or (row.lower_bound is not None and row.lower_bound >= bar))


def _search(task: Task, openers: Sequence[str], done: Done, how: Runner, what: str) -> None:
    todo = [w for w in openers if not _settled(done.rows.get(w), task.bar)]
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
    answers, allowed = table.all_answers(), table.all_guesses()
    seeds = given or [lists.guesses[g] for g in likeliest(table, answers, allowed, SEEDS)]
    done = Done(checkpoint, lists, hard)
    _search(Task(lists, hard), seeds, done, how, "seed openers")
    if every:
        best = min((r.total for r in (done.rows[w] for w in seeds) if r.total is not None), default=None)
        bar = INFINITE if best is None else best + 1
        _search(Task(lists, hard, bar), list(lists.guesses), done, how, "every opener")
    wanted = list(lists.guesses) if every else seeds
    rows = sorted((done.rows[w] for w in dict.fromkeys(wanted)), key=OpenerTotal.rank)
    proven = every and proves_best(rows, len(lists.guesses))
    return OpenersResult(rows, hard, proven, (time.perf_counter() - started) * 1000)
