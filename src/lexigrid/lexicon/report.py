"""The JSON shapes of word queries, shared by `lexigrid words ... --json` and the web API."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lexigrid.lexicon.lexicon import Lexicon, WordInfo


def check_report(lex: Lexicon, words: Sequence[str]) -> dict[str, Any]:
    """Whether each word is in the lexicon."""
    verdicts = {w.upper(): lex.is_word(w) for w in words}
    return {"lexicon": lex.name, "words": verdicts, "all_valid": all(verdicts.values())}


def find_report(
    lex: Lexicon, rack: str, found: Sequence[WordInfo], limit: int | None = None
) -> dict[str, Any]:
    """The words a rack makes (`count` is all of them; `words` at most `limit`)."""
    return {
        "lexicon": lex.name,
        "rack": rack.upper(),
        "count": len(found),
        "words": [w.as_dict() for w in found[:limit]],
    }
