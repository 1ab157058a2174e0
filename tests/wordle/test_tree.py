"""Tree files: text and JSON round trips, and the checker catching broken trees."""

from __future__ import annotations

import pytest

from lexigrid.errors import LexigridError
from lexigrid.wordle.optimal import optimal_tree
from lexigrid.wordle.reply import parse_reply
from lexigrid.wordle.table import ReplyTable
from lexigrid.wordle.tree import Tree, check_tree, dumps_tree, loads_tree


@pytest.fixture(scope="module")
def salet(table: ReplyTable) -> Tree:
    return optimal_tree(table, "SALET")[0]


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_round_trip(table: ReplyTable, salet: Tree, fmt: str) -> None:
    text = dumps_tree(salet, table.lists.answers, fmt)
    again = loads_tree(text)
    assert again == salet
    assert check_tree(again, table.lists.answers, set(table.lists.guesses)).total == 7920


def test_text_form_has_one_line_per_answer(table: ReplyTable, salet: Tree) -> None:
    lines = dumps_tree(salet, table.lists.answers).splitlines()
    assert len(lines) == 2315
    assert all(line.startswith("SALET ") and line.endswith(" GGGGG") for line in lines)
    assert lines[0].split()[-2] == "ABACK"


def test_checker_rejects_a_missing_branch(table: ReplyTable, salet: Tree) -> None:
    broken = Tree(salet.guess, dict(salet.children))
    broken.children.pop(parse_reply("....."))
    with pytest.raises(LexigridError, match="no move after SALET"):
        check_tree(broken, table.lists.answers, set(table.lists.guesses))


def test_checker_rejects_a_hard_mode_break(table: ReplyTable, salet: Tree) -> None:
    with pytest.raises(LexigridError, match="hard mode"):
        check_tree(salet, table.lists.answers, set(table.lists.guesses), hard=True)


def test_checker_rejects_an_unknown_word(table: ReplyTable) -> None:
    with pytest.raises(LexigridError, match="does not accept"):
        check_tree(Tree("QQQQQ"), table.lists.answers, set(table.lists.guesses))


@pytest.mark.parametrize(
    "text",
    ["SALET ..", "SALET ..... CRANE\n", "{not json", '{"guess": 3}', ""],
    ids=["odd reply", "odd tokens", "bad json", "bad node", "empty"],
)
def test_bad_tree_files(text: str) -> None:
    with pytest.raises(LexigridError):
        loads_tree(text)


def test_disagreeing_lines() -> None:
    with pytest.raises(LexigridError, match="already plays"):
        loads_tree("SALET ..... CRONY GGGGG\nSALET ..... BRINK GGGGG\n")
