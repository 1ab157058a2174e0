"""Strategies: given what is known (the position), choose the next guess; registered by name.

Greedy strategies score every allowed guess by how it splits the candidates (the *parts*:
answers grouped by the reply they would give) and take the best; ties go to the smaller expected part (not for
entropy), then a candidate, then the first word: the tie-breaks that reproduce the published figures.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial

import numpy as np
import numpy.typing as npt

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.wordle.optimal import OptimalStrategy
from lexigrid.wordle.position import Position, Strategy
from lexigrid.wordle.table import Indices, ReplyTable


@dataclass(frozen=True)
class Scores:
    """How each allowed guess splits the candidates."""

    guesses: Indices
    parts: Indices
    largest: Indices
    squares: Indices
    nlogn: npt.NDArray[np.float64]
    is_candidate: npt.NDArray[np.bool_]

    def entropy(self, m: int) -> npt.NDArray[np.float64]:
        """Expected information of each guess in bits."""
        return np.log2(m) - self.nlogn / m  # type: ignore[no-any-return]


def score_guesses(table: ReplyTable, candidates: Indices, allowed: Indices) -> Scores:
    """The split statistics of every allowed guess over the candidates."""
    from lexigrid.wordle.kernels import partition_stats

    parts, largest, squares, nlogn = partition_stats(table.codes, allowed, candidates, table.n_replies)
    mask = np.zeros(len(table.lists.answers), bool)
    mask[candidates] = True
    answer_of = table.guess_answer[allowed]
    is_candidate = (answer_of >= 0) & mask[np.maximum(answer_of, 0)]
    return Scores(allowed, parts, largest, squares, nlogn, is_candidate)


def best_by(scores: Scores, key: npt.NDArray[np.float64] | Indices, by_size: bool = True) -> int:
    """The guess with the smallest key; then the smaller expected part, a candidate, the first word."""
    secondary = scores.squares if by_size else np.zeros_like(scores.squares)
    order = np.lexsort((scores.guesses, ~scores.is_candidate, secondary, key))
    return int(scores.guesses[order[0]])


@dataclass(frozen=True)
class GreedyStrategy:
    """Score every allowed guess by one split statistic and play the best (Norvig's greedy guesser)."""

    name: str
    description: str

    def keys(self, scores: Scores, m: int) -> npt.NDArray[np.float64]:
        """Smaller is better."""
        if self.name == "entropy":
            return -scores.entropy(m)
        if self.name == "minimax":
            return scores.largest.astype(np.float64)
        if self.name == "most-parts":
            return -scores.parts.astype(np.float64)
        return scores.squares / m  # expected-size

    def choose(self, position: Position) -> int:
        """The guess with the best score; with one or two candidates left, a candidate."""
        table, candidates = position.table, position.candidates
        if candidates.shape[0] <= 2:
            return int(table.answer_guess[candidates[0]])
        scores = score_guesses(table, candidates, position.allowed)
        return best_by(scores, self.keys(scores, candidates.shape[0]), by_size=self.name != "entropy")


@cache
def _zipf(words: tuple[str, ...]) -> npt.NDArray[np.float64]:
    lex = Lexicon.from_words(words)
    return np.array([lex.zipf(w) for w in words])


@dataclass(frozen=True)
class FrequencyStrategy:
    """The seed's letter-frequency guesser: the candidate whose distinct letters are most common."""

    name: str = "frequency"
    description: str = "candidate whose distinct letters occur in the most candidates (the seed's)"

    def choose(self, position: Position) -> int:
        """Score each candidate by the sum, over its distinct letters, of candidates holding that letter."""
        words = position.table.lists.answers
        cands = [words[i] for i in position.candidates]
        holding = Counter(letter for w in cands for letter in set(w))
        best = max(range(len(cands)), key=lambda i: (sum(holding[c] for c in set(cands[i])), -i))
        return int(position.table.answer_guess[position.candidates[best]])


@dataclass(frozen=True)
class RankStrategy:
    """The seed's rank guesser: the most common candidate word (wordfreq)."""

    name: str = "rank"
    description: str = "most frequent candidate word by wordfreq (the seed's)"

    def choose(self, position: Position) -> int:
        """The candidate with the highest Zipf value, the first word among equals."""
        zipf = _zipf(position.table.lists.answers)[position.candidates]
        best = int(np.argmax(zipf))
        return int(position.table.answer_guess[position.candidates[best]])


GREEDY = {
    "entropy": "most expected information (bits) over the candidates",
    "minimax": "smallest worst-case part",
    "most-parts": "most distinct replies",
    "expected-size": "smallest expected part size",
}
REGISTRY: dict[str, Callable[[], Strategy]] = {
    "frequency": FrequencyStrategy,
    "rank": RankStrategy,
    **{key: partial(GreedyStrategy, key, description) for key, description in GREEDY.items()},
    "optimal": OptimalStrategy,
}
STRATEGIES = tuple(REGISTRY)


def strategy(name: str) -> Strategy:
    """A strategy by name."""
    make = REGISTRY.get(name.lower())
    if make is None:
        raise LexigridError(f"unknown strategy {name!r}: use one of {', '.join(STRATEGIES)}")
    return make()
