"""The assistant: candidates from a history, suggestions, grading a played game."""

from __future__ import annotations

from itertools import pairwise

import pytest

from lexigrid.errors import LexigridError
from lexigrid.lexicon import load
from lexigrid.wordle import assistant
from lexigrid.wordle.reply import parse_reply, reply_for
from lexigrid.wordle.table import ReplyTable

HISTORIES = {
    "two guesses": "CRANE:..Y.G,SLOTH:.....",
    "seed notation": "HATCH:FOFXX",
    "one yellow": "SALET:.Y...",
    "emoji reply": "TRACE:⬜⬜🟩⬜⬜",
}


@pytest.mark.parametrize("history", HISTORIES.values(), ids=HISTORIES.keys())
def test_candidates_are_exactly_the_consistent_answers(table: ReplyTable, history: str) -> None:
    turns = assistant.parse_history(history, table.lists.length)
    candidates, _ = assistant.replay(table, turns)
    found = [table.lists.answers[i] for i in candidates]
    expected = [a for a in table.lists.answers if all(reply_for(g, a) == r for g, r in turns)]
    assert found == expected


def test_history_from_words_needs_the_answer(table: ReplyTable) -> None:
    turns = assistant.parse_history("crane beach", table.lists.length, "BEACH")
    assert turns[0] == ("CRANE", reply_for("CRANE", "BEACH"))
    with pytest.raises(LexigridError, match="no reply"):
        assistant.parse_history("crane", table.lists.length)


def test_suggestions_are_ranked_by_exact_expectation(table: ReplyTable) -> None:
    turns = assistant.parse_history("CRANE:..Y.G,SLOTH:.....", table.lists.length)
    candidates, allowed = assistant.replay(table, turns)
    found = assistant.suggest(table, candidates, allowed, turn=2, top=5)
    expectations = [s.expected_guesses for s in found]
    assert all(e is not None for e in expectations)
    assert expectations == sorted(expectations)  # type: ignore[type-var]
    # a perfect split of m candidates by a non-candidate costs 2 guesses each: the floor
    m = candidates.shape[0]
    assert expectations[0] is not None and expectations[0] >= (2 * m - 1) / m


def test_solved_history_ends_the_game(table: ReplyTable) -> None:
    with pytest.raises(LexigridError, match="already all green"):
        assistant.replay(table, [("CRANE", parse_reply("GGGGG")), ("SLATE", 0)])


@pytest.mark.parametrize("history", ["AUDIO:G....", "AUDIO:GG...", "AUDIO:....."])
def test_equally_good_guesses_go_to_plausible_words(table: ReplyTable, history: str) -> None:
    turns = assistant.parse_history(history, table.lists.length)
    candidates, allowed = assistant.replay(table, turns)
    found = assistant.suggest(table, candidates, allowed, turn=1, top=10)
    in_answers, lex = set(table.lists.answers), load()
    for a, b in pairwise(found):
        if a.expected_guesses == b.expected_guesses:
            plausible_a = (a.is_candidate, a.guess in in_answers, lex.zipf(a.guess))
            assert plausible_a >= (b.is_candidate, b.guess in in_answers, lex.zipf(b.guess))


def test_equally_good_non_candidates_are_answer_words_not_the_alphabets_first(table: ReplyTable) -> None:
    # AUDIO:GG... leaves AUGUR and AUNTY; every word telling them apart ties at 2.0 expected guesses,
    # and the tie went alphabetically to AARGH, AARTI, ABAFT.
    turns = assistant.parse_history("AUDIO:GG...", table.lists.length)
    candidates, allowed = assistant.replay(table, turns)
    found = assistant.suggest(table, candidates, allowed, turn=1, top=5)
    assert {s.guess for s in found[:2]} == {"AUGUR", "AUNTY"}
    assert all(s.guess in table.lists.answers for s in found[2:])
    assert found[0].why(2).startswith("splits 2 candidates into 2 parts")
