"""The optimal decision tree: a depth-limited exact search (Selby's method) with a memo of proven bounds.

cost(S, d) is the fewest total guesses a tree needs to find every answer of S with at most d guesses:

    cost({a}, d) = 1 (d >= 1);   cost(S, d) = infinite when d = 0, or d = 1 and |S| >= 2;
    cost(S, d) = min over allowed guesses g of  |S| + sum over the parts P of S by g, other than the
                 all-green one, of cost(P, d - 1)       (hard mode: P's allowed guesses keep the rule)

The search (`solver.c`) prunes with lower bounds only, each proved sound in docs/wordle.md: a part of q
answers costs at least 2q - 1, and 2q - 1 + max(0, q - p) when no allowed guess makes more than p parts
on it; 2q - 1 exactly when a candidate splits it into singletons, 2q when none does but one leaves a
single pair (or a non-candidate splits it into singletons); a guess costs at least |S| plus its parts'
bounds. Guesses are tried in the order of their bound and the loop stops once the bound reaches the best
found; the parts of a guess are searched smallest first with the budget the others leave. A value found
under a bar is exact below it and otherwise a proven lower bound, and the memo keeps both, across calls.
By default every guess is tried (pruned only by those bounds), so the result is proven optimal. With
`breadth` set, only the first `breadth` guesses in that order are tried at each set: the result is then
the best over those trees (a valid tree; optimal whenever the best tree uses only such guesses).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from lexigrid.errors import LexigridError
from lexigrid.wordle.game import MAX_GUESSES, hard_mode_allowed
from lexigrid.wordle.position import Position
from lexigrid.wordle.table import Indices, ReplyTable
from lexigrid.wordle.tree import Tree

if TYPE_CHECKING:
    from lexigrid.wordle._kernels import Solver

INFINITE = 1 << 30  # the solver's "no tree within the guesses left" (above any total)
SMALL_LISTS = 300  # answer lists this small get every first guess tried by default
DEFAULT_OPENERS = 5
MEMO_BYTES = 1 << 30  # the memo is emptied at the start of a call once it holds more


def default_openers(table: ReplyTable) -> int | None:
    """How many first guesses a search without an opener tries: all for small lists, else the 5 likeliest."""
    return None if len(table.lists.answers) <= SMALL_LISTS else DEFAULT_OPENERS


def likeliest(table: ReplyTable, answers: Indices, allowed: Indices, k: int) -> list[int]:
    """The k allowed guesses of least bound 3|S| - [g in S] - parts (candidates first, then table order)."""
    from lexigrid.wordle import kernels

    parts = kernels.count_parts(table.by_answer, allowed, answers, table.n_replies)
    in_set = np.zeros(len(table.lists.answers), bool)
    in_set[answers] = True
    answer_of = table.guess_answer[allowed]
    is_candidate = (answer_of >= 0) & in_set[np.maximum(answer_of, 0)]
    bound = 3 * answers.shape[0] - is_candidate - parts
    order = np.lexsort((~is_candidate, bound))
    return [int(allowed[i]) for i in order[:k]]


def _int32(indices: Indices) -> npt.NDArray[np.int32]:
    return np.ascontiguousarray(indices, dtype=np.int32)


@dataclass
class OptimalSearch:
    """One search: the table, the rules (hard mode, guesses allowed) and the compiled solver with its memo."""

    table: ReplyTable
    hard: bool = False
    breadth: int | None = None
    max_guesses: int = MAX_GUESSES
    memory_limit: int = MEMO_BYTES
    solver: Solver = field(init=False, repr=False)

    def __post_init__(self) -> None:
        from lexigrid.wordle import _kernels

        t = self.table
        self.solver = _kernels.Solver(
            t.by_answer,
            t.codes,
            _int32(t.answer_guess),
            _int32(t.guess_answer),
            t.guess_letters,
            t.guess_counts,
            t.n_replies,
            self.hard,
            self.breadth or 0,
            self.memory_limit,
        )

    @property
    def nodes(self) -> int:
        """How many sets were searched guess by guess so far."""
        return self.solver.stats()["nodes"]

    def stats(self) -> dict[str, int]:
        """The solver's counters: sets searched, memo answers, memo entries and bytes."""
        return self.solver.stats()

    def cost(self, answers: Indices, allowed: Indices, depth: int, beta: int = INFINITE) -> int:
        """Least total guesses for `answers` within `depth` guesses (a value >= beta: 'not below beta')."""
        return self.solver.cost(_int32(answers), _int32(allowed), depth, min(beta, INFINITE))

    def guess_cost(
        self, guess: int, answers: Indices, allowed: Indices, depth: int, best: int = INFINITE
    ) -> int:
        """The least total guesses for `answers` after `guess` (a value >= best means 'not below best')."""
        return self.solver.guess_cost(guess, _int32(answers), _int32(allowed), depth, min(best, INFINITE))

    def best(self, answers: Indices, allowed: Indices, depth: int) -> tuple[int, int]:
        """The exact least total for `answers` and a guess that reaches it (-1 when none does)."""
        return self.solver.best(_int32(answers), _int32(allowed), depth)

    def best_opener(
        self, answers: Indices, allowed: Indices, depth: int, limit: int | None
    ) -> tuple[int, int]:
        """The best first guess among the `limit` likeliest (every guess when None): (total, guess)."""
        if limit is None:
            return self.best(answers, allowed, depth)
        total, found = INFINITE, -1
        for guess in likeliest(self.table, answers, allowed, limit):
            value = self.guess_cost(guess, answers, allowed, depth, total)
            if value < total:
                total, found = value, guess
        return total, found

    def tree(self, answers: Indices, allowed: Indices, depth: int, guess: int | None = None) -> Tree:
        """The decision tree of least total for `answers` (from `guess` when given)."""
        from lexigrid.wordle import kernels

        if guess is None:
            _, guess = self.best(answers, allowed, depth)
            if guess < 0:
                raise LexigridError(f"no tree finds every answer within {depth} guesses")
        ordered, replies, starts = kernels.group(self.table.codes, guess, answers)
        children: dict[int, Tree] = {}
        for p in range(replies.shape[0]):
            reply = int(replies[p])
            if reply == self.table.solved:
                continue
            part = ordered[starts[p] : starts[p + 1]]
            sub_allowed = hard_mode_allowed(self.table, allowed, guess, reply) if self.hard else allowed
            children[reply] = self.tree(part, sub_allowed, depth - 1)
        return Tree(self.table.lists.guesses[guess], children)


def optimal_tree(
    table: ReplyTable,
    opener: str | None = None,
    *,
    hard: bool = False,
    breadth: int | None = None,
    openers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[Tree, OptimalSearch]:
    """The least-total-guesses tree from `opener`, or from the best of the `openers` likeliest first guesses.

    `progress` is called with the number of answers each finished part of the first guess holds.
    """
    search = OptimalSearch(table, hard=hard, breadth=breadth)
    answers, allowed = table.all_answers(), table.all_guesses()
    depth = search.max_guesses
    if opener is None:
        total, guess = search.best_opener(answers, allowed, depth, openers)
        if total >= INFINITE:
            raise LexigridError(f"no tree solves every answer within {depth} guesses")
        if progress is not None:
            progress(answers.shape[0])
        return search.tree(answers, allowed, depth, guess), search
    from lexigrid.wordle import kernels

    guess = table.guess_id(opener)
    ordered, replies, starts = kernels.group(table.codes, guess, answers)
    sizes = np.diff(starts)
    for p in np.argsort(-sizes, kind="stable"):
        reply = int(replies[p])
        if reply != table.solved:
            part = ordered[starts[p] : starts[p + 1]]
            sub = hard_mode_allowed(table, allowed, guess, reply) if hard else allowed
            if search.cost(part, sub, depth - 1) >= INFINITE:
                raise LexigridError(
                    f"no tree from {opener.upper()} solves every answer within {depth} guesses"
                )
        if progress is not None:
            progress(int(sizes[p]))
    return search.tree(answers, allowed, depth, guess), search


TREE_CACHE_VERSION = 2  # bump when the search could return a different tree for the same inputs


def cached_optimal_tree(
    table: ReplyTable, opener: str | None = None, *, hard: bool = False, breadth: int | None = None
) -> Tree:
    """`optimal_tree` with the default openers, kept in the on-disk cache: found once per lists and mode."""
    from lexigrid.lexicon.cache import cached

    openers = default_openers(table)
    inputs = f"{table.lists.sha256}|{opener}|{hard}|{breadth}|{openers}"
    key = hashlib.sha256(inputs.encode()).hexdigest()

    def build() -> Tree:
        return optimal_tree(table, opener, hard=hard, breadth=breadth, openers=openers)[0]

    tree, _ = cached("wordle-trees", key, TREE_CACHE_VERSION, build)
    return tree


@dataclass
class OptimalStrategy:
    """The Strategy Protocol over the optimal search: the first guess of the best tree for the position.

    One search (and its memo) is kept per word lists and mode, so a game's later positions are free.
    Without an opener the first guess is the best of the likeliest (see `default_openers`).
    """

    opener: str | None = None
    name: str = "optimal"
    _searches: dict[tuple[str, bool], OptimalSearch] = field(default_factory=dict, repr=False)

    def choose(self, position: Position) -> int:
        """The guess the optimal tree plays here (within the guesses left)."""
        table, candidates, allowed = position.table, position.candidates, position.allowed
        if position.turn == 0 and self.opener is not None:
            return table.guess_id(self.opener)
        if candidates.shape[0] <= 2:
            return int(table.answer_guess[candidates[0]])
        key = (table.lists.sha256, position.hard)
        search = self._searches.setdefault(key, OptimalSearch(table, hard=position.hard))
        depth = max(search.max_guesses - position.turn, 1)
        if position.turn == 0:
            total, guess = search.best_opener(candidates, allowed, depth, default_openers(table))
        else:
            total, guess = search.best(candidates, allowed, depth)
        if total >= INFINITE or guess < 0:
            raise LexigridError(f"no tree finds every candidate within the {depth} guesses left")
        return guess
