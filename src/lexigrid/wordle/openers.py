"""Every opener's optimal total: each first guess solved exactly, or refuted by a proven lower bound.

An opener's *total* is the least total guesses of a tree that starts with it (`OptimalSearch`). To rank
openers, a few likely ones (the *seeds*: least bound, see `optimal.likeliest`) are solved exactly; every
other opener is then searched against the best seed total + 1 (the *bar*) and stops as soon as its proven
lower bound reaches the bar: its row then holds that bound (`total: null, exact: false`), which proves it
worse than the best. So when every allowed first guess has a row, the best exact opener is proven
optimal (`proven`). An opener no tree can finish within six guesses is exact with no total. With
`exact_top` K > 1 the K best are then made exact too: the openers whose bound is below the K-th best exact
total are searched again against that total + 1, lowest bound first, a batch at a time (the K-th total
only falls as better ones are found), until the first K rows are exact and every other row is bounded at
or above the K-th (`proven_top`).

Each opener is one task for the shared runner. A process keeps one solver per lists and mode, so the
sets that openers share are solved once (docs/wordle.md, L8): an exact total never depends on what the
memo held, a refuted opener's bound may (any bound at or above the bar proves the same thing).

The checkpoint (JSON Lines) starts with a header naming the job, the lists and the mode, then holds one
row per finished opener: `{"opener", "total", "lower_bound", "exact", "cpu_ms"}` (a row searched again is
appended, the last one counts, and a finished search rewrites the file with one row per opener). A rerun
skips every opener whose row settles it, so a copy of a finished proof answers at once, and deleting a
row re-proves that opener.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexigrid.checkpoint import Checkpoint
from lexigrid.runner import DEFAULT_RUNNER, Runner
from lexigrid.wordle.optimal import INFINITE, OptimalSearch, likeliest
from lexigrid.wordle.table import ReplyTable, reply_table
from lexigrid.wordle.words import WordLists

SEEDS = 10  # openers solved exactly before the rest are searched against their best
TOP_BATCH = 16  # openers searched together while the K best are made exact
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
    proven_top: int
    elapsed_ms: float

    @property
    def proven(self) -> bool:
        """Whether the rows prove the best opener optimal."""
        return self.proven_top >= 1

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
            "proven_top": self.proven_top,
            "hard": self.hard,
            "searched": len(self.rows),
            "elapsed_ms": round(self.elapsed_ms, 1),
        }


def proven_top(rows: Sequence[OpenerTotal], every: int) -> int:
    """How many of the first ranked rows (one per allowed opener) are proven the best with their exact
    totals: the leading exact rows, as every row after them is exact or bounded at or above their totals."""
    if len(rows) != every:
        return 0
    return next((i for i, r in enumerate(rows) if not r.exact or r.total is None), len(rows))


class Done:
    """The openers already searched, kept in a checkpoint (a header naming the lists and mode)."""

    def __init__(self, path: Path | None, lists: WordLists, hard: bool) -> None:
        header = {"job": "wordle openers", "format": FORMAT, "lists": lists.sha256, "hard": hard}
        self.checkpoint = Checkpoint(path, header)
        self.rows = {r["opener"]: _row(r) for r in self.checkpoint.records}

    def add(self, row: OpenerTotal) -> None:
        """Keep a finished row (on disk at once)."""
        self.rows[row.opener] = row
        self.checkpoint.add(_record(row))

    def compact(self) -> None:
        """One row per opener on disk (a row searched again replaced the earlier one)."""
        if len(self.checkpoint.records) > len(self.rows):
            self.checkpoint.rewrite([_record(r) for r in self.rows.values()])


def _record(row: OpenerTotal) -> dict[str, Any]:
    return {**row.as_dict(), "cpu_ms": round(row.cpu_ms, 1)}


def _row(record: dict[str, Any]) -> OpenerTotal:
    return OpenerTotal(
        record["opener"], record["total"], record["lower_bound"], record["exact"], record.get("cpu_ms", 0.0)
    )


def _settled(row: OpenerTotal | None, bar: int) -> bool:
    """Whether a kept row answers a search against this bar: exact, or bounded at or above it."""
    return row is not None and (row.exact or (row.lower_bound is not None and row.lower_bound >= bar))


def _search(task: Task, openers: Sequence[str], done: Done, runner: Runner, what: str) -> None:
    todo = [w for w in openers if not _settled(done.rows.get(w), task.bar)]
    job = functools.partial(opener_total, task)
    for _, row in runner.each(job, todo, what):
        done.add(row)


def _settle_top(
    k: int, lists: WordLists, hard: bool, done: Done, runner: Runner, order: dict[str, int]
) -> None:
    """Search again, against the k-th best exact total + 1, the openers bounded below it, a batch at a time
    (lowest bound first, then likeliest), until none is left."""
    while True:
        totals = sorted(r.total for r in done.rows.values() if r.exact and r.total is not None)
        bar = totals[k - 1] + 1 if len(totals) >= k else INFINITE
        todo = [r for r in done.rows.values() if not _settled(r, bar)]
        if not todo:
            return
        todo.sort(key=lambda r: (INFINITE if r.lower_bound is None else r.lower_bound, order[r.opener]))
        batch = [r.opener for r in todo[: max(TOP_BATCH, 2 * runner.jobs)]]
        _search(Task(lists, hard, bar), batch, done, runner, f"the {k} best exactly")


def openers_search(
    lists: WordLists,
    *,
    hard: bool = False,
    candidates: Iterable[str] | None = None,
    every: bool = False,
    exact_top: int = 1,
    checkpoint: Path | None = None,
    runner: Runner = DEFAULT_RUNNER,
) -> OpenersResult:
    """Rank openers by their optimal totals: the candidates exactly, or (every=True) all, with a proof
    of the best (and of the `exact_top` best with their exact totals)."""
    started = time.perf_counter()
    table = reply_table(lists)
    given = [lists.guesses[table.guess_id(w)] for w in candidates] if candidates else None
    answers, allowed = table.all_answers(), table.all_guesses()
    likely = [lists.guesses[g] for g in likeliest(table, answers, allowed, len(lists.guesses))]
    seeds = given or likely[:SEEDS]
    done = Done(checkpoint, lists, hard)
    _search(Task(lists, hard), seeds, done, runner, "seed openers")
    if every:
        best = min((r.total for r in (done.rows[w] for w in seeds) if r.total is not None), default=None)
        bar = INFINITE if best is None else best + 1
        _search(Task(lists, hard, bar), list(lists.guesses), done, runner, "every opener")
        if exact_top > 1:
            _settle_top(exact_top, lists, hard, done, runner, {w: i for i, w in enumerate(likely)})
        done.compact()
    wanted = list(lists.guesses) if every else seeds
    rows = sorted((done.rows[w] for w in dict.fromkeys(wanted)), key=OpenerTotal.rank)
    top = proven_top(rows, len(lists.guesses)) if every else 0
    return OpenersResult(rows, hard, top, (time.perf_counter() - started) * 1000)
