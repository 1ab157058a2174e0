"""The optimal decision tree: a depth-limited exact search (Selby's method) with memoised answer sets.

cost(S, d) is the fewest total guesses a tree needs to find every answer of S with at most d guesses.
A guess g splits S into parts P by reply; cost = |S| + sum over parts other than all-green of cost(P, d-1).
Bounds: a part of n answers costs at least 2n - 1 (one may be found at once, the rest need two
guesses), exactly 1 for n = 1 and 3 for n = 2. So a guess with k non-green parts costs at least
3|S| - 2[g in S] - k, and guesses are tried in that order, stopping once the bound reaches the best.
By default every guess is tried (pruned only by that sound bound), so the result is proven optimal.
With `breadth` set, only the best `breadth` guesses by the bound are tried at each set: the result is
then the best over those trees (a valid tree; optimal whenever the best tree uses only such guesses).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from lexigrid.errors import LexigridError
from lexigrid.wordle.game import MAX_GUESSES, hard_mode_allowed
from lexigrid.wordle.position import Position
from lexigrid.wordle.table import Indices, ReplyTable
from lexigrid.wordle.tree import Tree

INFINITE = 1 << 40
SMALL_LISTS = 300  # answer lists this small get every first guess tried by default
DEFAULT_OPENERS = 5


def default_openers(table: ReplyTable) -> int | None:
    """How many first guesses a search without an opener tries: all for small lists, else the 5 likeliest."""
    return None if len(table.lists.answers) <= SMALL_LISTS else DEFAULT_OPENERS


@dataclass
class _Entry:
    value: int
    exact: bool
    guess: int


@dataclass
class OptimalSearch:
    """One search: the table, the rules (hard mode, guesses allowed) and the memo of solved sets."""

    table: ReplyTable
    hard: bool = False
    breadth: int | None = None
    max_guesses: int = MAX_GUESSES
    memo: dict[bytes, _Entry] = field(default_factory=dict)
    nodes: int = 0

    def __post_init__(self) -> None:
        from lexigrid.wordle import kernels

        self._k = kernels
        self._codes = self.table.codes
        self._by_answer = self.table.by_answer
        self._n = self.table.n_replies
        self._solved = self.table.solved
        self._answer_guess = self.table.answer_guess
        self._guess_answer = self.table.guess_answer
        self._in_set = np.zeros(len(self.table.lists.answers), bool)

    def _key(self, answers: Indices, allowed: Indices, depth: int) -> bytes:
        key = answers.astype(np.int32).tobytes() + bytes([depth])
        if self.hard:
            key += hashlib.blake2b(allowed.tobytes(), digest_size=16).digest()
        return key

    def cost(self, answers: Indices, allowed: Indices, depth: int, beta: int = INFINITE) -> int:
        """Least total guesses for `answers` within `depth` guesses (a value >= beta: 'not below beta')."""
        m = int(answers.shape[0])
        if m == 1:
            return 1 if depth >= 1 else INFINITE
        if depth <= 1:
            return INFINITE
        if m == 2:
            return 3
        if 2 * m - 1 >= beta:
            return 2 * m - 1
        key = self._key(answers, allowed, depth)
        entry = self.memo.get(key)
        if entry is not None and (entry.exact or entry.value >= beta):
            return entry.value
        self.nodes += 1
        value, guess = self._search(answers, allowed, depth, beta)
        self.memo[key] = _Entry(value, value < beta, guess)
        return value

    def _search(
        self, answers: Indices, allowed: Indices, depth: int, beta: int, limit: int | None = None
    ) -> tuple[int, int]:
        k = self._k
        m = int(answers.shape[0])
        own = self._answer_guess[answers]
        j = k.first_perfect(self._codes, own, answers, self._n)
        if j >= 0:
            return 2 * m - 1, int(own[j])
        if 2 * m >= beta:
            return 2 * m, -1
        parts = k.count_parts(self._by_answer, allowed, answers, self._n)
        perfect = np.flatnonzero(parts == m)
        if perfect.shape[0]:
            return 2 * m, int(allowed[perfect[0]])
        if depth <= 2:
            return INFINITE, -1
        self._in_set[answers] = True
        answer_of = self._guess_answer[allowed]
        is_candidate = (answer_of >= 0) & self._in_set[np.maximum(answer_of, 0)]
        self._in_set[answers] = False
        bound = 3 * m - is_candidate - parts  # 3m - 2[g in S] - (parts - [g in S])
        hopeful = np.flatnonzero(bound < beta)
        # bound first, then candidates, then word order (a stable sort keeps the last)
        order = hopeful[np.argsort(2 * bound[hopeful] + ~is_candidate[hopeful], kind="stable")]
        limit = self.breadth if limit is None else limit
        if limit is not None:
            order = order[:limit]
        best, best_guess = beta, -1
        for position in order:
            if bound[position] >= best:
                break
            guess = int(allowed[position])
            value = self._try(guess, answers, allowed, depth, best)
            if value < best:
                best, best_guess = value, guess
        return best, best_guess

    def _try(self, guess: int, answers: Indices, allowed: Indices, depth: int, best: int) -> int:
        """|S| + the cost of each part, abandoned as soon as the total reaches `best`."""
        ordered, replies, starts = self._k.group(self._codes, guess, answers)
        sizes = np.diff(starts)
        open_parts = replies != self._solved
        if depth <= 2 and ((depth <= 1 and open_parts.any()) or (sizes[open_parts] > 1).any()):
            return INFINITE  # the next guess must be the last: every open part must be one answer
        floors = np.where(sizes == 1, 1, np.where(sizes == 2, 3, 2 * sizes - 1))
        floors[~open_parts] = 0
        total = int(answers.shape[0] + floors.sum())
        if total >= best:
            return total
        for p in np.argsort(-sizes, kind="stable"):
            if replies[p] == self._solved or sizes[p] <= 2:
                continue
            part = ordered[starts[p] : starts[p + 1]]
            sub_allowed = (
                hard_mode_allowed(self.table, allowed, guess, int(replies[p])) if self.hard else allowed
            )
            floor = int(floors[p])
            value = self.cost(part, sub_allowed, depth - 1, best - (total - floor))
            total += value - floor
            if total >= best:
                return total
        return total

    def guess_cost(
        self, guess: int, answers: Indices, allowed: Indices, depth: int, best: int = INFINITE
    ) -> int:
        """The least total guesses for `answers` after `guess` (a value >= best means 'not below best')."""
        if depth < 1:
            return INFINITE
        return self._try(guess, answers, allowed, depth, best)

    def tree(self, answers: Indices, allowed: Indices, depth: int, guess: int | None = None) -> Tree:
        """The decision tree the memo holds for `answers` (after `cost` has solved it)."""
        m = int(answers.shape[0])
        if guess is None:
            if m <= 2:
                guess = int(self._answer_guess[answers[0]])
            else:
                entry = self.memo.get(self._key(answers, allowed, depth))
                if entry is None or not entry.exact or entry.guess < 0:
                    self.cost(answers, allowed, depth)
                    entry = self.memo[self._key(answers, allowed, depth)]
                guess = entry.guess
        ordered, replies, starts = self._k.group(self._codes, guess, answers)
        children: dict[int, Tree] = {}
        for p in range(replies.shape[0]):
            reply = int(replies[p])
            if reply == self._solved:
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
        total, guess = search._search(answers, allowed, depth, INFINITE, limit=openers)
        if total >= INFINITE:
            raise LexigridError(f"no tree solves every answer within {depth} guesses")
        if progress is not None:
            progress(answers.shape[0])
        return search.tree(answers, allowed, depth, guess), search
    guess = table.guess_id(opener)
    ordered, replies, starts = search._k.group(table.codes, guess, answers)
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


TREE_CACHE_VERSION = 1  # bump when the search could return a different tree for the same inputs


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
            total, guess = search._search(candidates, allowed, depth, INFINITE, limit=default_openers(table))
        else:
            total = search.cost(candidates, allowed, depth)
            entry = search.memo.get(search._key(candidates, allowed, depth))
            guess = entry.guess if entry is not None else -1
        if total >= INFINITE or guess < 0:
            raise LexigridError(f"no tree finds every candidate within the {depth} guesses left")
        return guess
