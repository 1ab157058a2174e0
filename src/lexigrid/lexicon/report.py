"""The JSON shapes of word queries, shared by `lexigrid words ... --json` and the web API."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lexigrid.lexicon.lexicon import Lexicon, WordInfo


def check_report(lex: Lexicon, words: Sequence[str], spell: Callable[[str], str] = str) -> dict[str, Any]:
    """Whether each word (spelled in the lexicon's glyphs by `spell`: another alphabet's) is in it."""
    verdicts = {w.upper(): lex.is_word(spell(w.upper())) for w in words}
    return {"lexicon": lex.name, "words": verdicts, "all_valid": all(verdicts.values())}


def word_dict(lex: Lexicon, word: WordInfo, write: Callable[[str], str] = str) -> dict[str, Any]:
    """A found word's JSON shape, written by `write`; its Zipf value null in a lexicon without frequencies
    (wordfreq has no list in its language), never 0 as if unseen."""
    shown = {"word": write(word.word), "blanks": write(word.blanks), "shown": write(word.shown)}
    return word.as_dict() | shown | ({} if lex.frequencies else {"zipf": None})


def find_report(
    lex: Lexicon,
    rack: str,
    found: Sequence[WordInfo],
    limit: int | None = None,
    write: Callable[[str], str] = str,
) -> dict[str, Any]:
    """The words a rack makes (`count` is all of them; `words` at most `limit`), each written by `write` (a
    lexicon of another alphabet: its tiles' labels); `length` counts tiles, `shown` is the word with the
    letters blanks stand for in lower case (see `word_dict`)."""
    return {
        "lexicon": lex.name,
        "rack": rack.upper(),
        "count": len(found),
        "words": [word_dict(lex, w, write) for w in found[:limit]],
    }
