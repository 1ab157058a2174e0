"""Wordle fixtures: the original lists and their reply table, tiny hand-made lists, ../shared lists."""

from __future__ import annotations

import random

import pytest

from lexigrid.wordle.table import ReplyTable, reply_table
from lexigrid.wordle.words import WordLists, from_words, original


@pytest.fixture(scope="session")
def lists() -> WordLists:
    """The original lists (2,315 answers, 12,972 guesses), shipped as package data."""
    return original()


@pytest.fixture(scope="session")
def table(lists: WordLists) -> ReplyTable:
    """The original lists' reply table."""
    return reply_table(lists)


def small_lists(seed: int, n_answers: int, n_extra: int) -> WordLists:
    """A few real answers and extra guesses drawn at random: small enough for brute force."""
    full = original()
    rng = random.Random(seed)
    answers = rng.sample(full.answers, n_answers)
    extra = rng.sample(full.guesses, n_extra)
    return from_words(answers, [*answers, *extra], name=f"small-{seed}")


def clustered_lists(seed: int, n_answers: int, n_extra: int) -> WordLists:
    """Answers that share three letters in place (hard to split, like -ATCH) plus random extra guesses."""
    full = original()
    rng = random.Random(seed)
    while True:
        pivot = rng.choice(full.answers)
        keep = rng.sample(range(5), 3)
        cluster = [w for w in full.answers if all(w[i] == pivot[i] for i in keep)]
        if len(cluster) >= n_answers:
            break
    answers = rng.sample(cluster, n_answers)
    extra = rng.sample(full.guesses, n_extra)
    return from_words(answers, [*answers, *extra], name=f"cluster-{seed}")


TINY = from_words(
    ["BEACH", "HATCH", "BATCH", "MATCH", "PATCH", "LATCH", "WATCH", "CATCH"],
    ["BEACH", "HATCH", "BATCH", "MATCH", "PATCH", "LATCH", "WATCH", "CATCH", "CLAMP", "WHELP", "BLIMP"],
    name="tiny",
)


@pytest.fixture(scope="session")
def tiny() -> ReplyTable:
    """Eight -ATCH style answers where one guess cannot split them all."""
    return reply_table(TINY)
