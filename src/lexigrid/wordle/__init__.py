"""Wordle: the game, its replies, strategies from letter frequency to the optimal decision tree, a backtester.

Glossary: an *answer* is the hidden word, a *guess* any word the game accepts; a *reply* is the colour
of each guessed letter (green: right place, yellow: elsewhere in the answer, grey: not (again) in it);
the *candidates* are the answers consistent with every reply so far; a guess *splits* the candidates
into *parts* by the reply each would give; *hard mode* makes every revealed letter be used again; a
*decision tree* says which guess to play after every sequence of replies; its *total* is the number of
guesses it needs over all answers.
"""

from __future__ import annotations

import importlib

from lexigrid.wordle.reply import Reply, format_reply, parse_reply, reply_for

TYPE_CHECKING = False  # typing is not imported: `wordle reply` does without it (mypy knows the name)
if TYPE_CHECKING:
    from lexigrid.wordle.game import MAX_GUESSES, Game, hard_mode_violation
    from lexigrid.wordle.table import ReplyTable, reply_table
    from lexigrid.wordle.words import WordLists, original, word_lists

# The game and the reply table need numpy and the compiled kernels, the word lists the lexicon layer:
# imported on first use (a one-shot `wordle reply` needs only `reply`).
_LAZY = {
    "MAX_GUESSES": "lexigrid.wordle.game",
    "Game": "lexigrid.wordle.game",
    "hard_mode_violation": "lexigrid.wordle.game",
    "ReplyTable": "lexigrid.wordle.table",
    "reply_table": "lexigrid.wordle.table",
    "WordLists": "lexigrid.wordle.words",
    "original": "lexigrid.wordle.words",
    "word_lists": "lexigrid.wordle.words",
}


def __getattr__(name: str) -> object:
    """The heavier names, imported on first use."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_LAZY[name]), name)


__all__ = [
    "MAX_GUESSES",
    "Game",
    "Reply",
    "ReplyTable",
    "WordLists",
    "format_reply",
    "hard_mode_violation",
    "original",
    "parse_reply",
    "reply_for",
    "reply_table",
    "word_lists",
]
