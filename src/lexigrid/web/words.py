"""Web routes for the word finder: check words, find the words a rack makes."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse

from lexigrid.errors import LexigridError
from lexigrid.lexicon.lexicon import SortKey
from lexigrid.lexicon.report import check_report, find_report
from lexigrid.scrabble.core.language import spelled_find, typed_word
from lexigrid.scrabble.core.rules import alphabet
from lexigrid.web.common import lexicon_by_name, templates

api = APIRouter()
pages = APIRouter()

MAX_RESULTS = 5000


@api.get("/check")
def check(
    words: Annotated[str, Query(max_length=2000, description="Words separated by spaces or commas.")],
    lexicon: str | None = None,
) -> dict[str, Any]:
    """Is each word (in the lexicon's tile labels or aliases) in the lexicon?

    Same shape as `lexigrid words check --json`."""
    lex = lexicon_by_name(lexicon)
    listed = [w for w in words.replace(",", " ").split() if w]
    if not listed:
        raise LexigridError("give at least one word to check")
    letters = alphabet(lex.alphabet)
    return check_report(lex, listed, lambda word: typed_word(word, letters))


@api.get("/find")
def find(
    rack: Annotated[str, Query(max_length=20, description="Tiles, '?' for a blank, e.g. RETAINS?")],
    prefix: Annotated[str, Query(max_length=15)] = "",
    suffix: Annotated[str, Query(max_length=15)] = "",
    contains: Annotated[str, Query(max_length=15)] = "",
    pattern: Annotated[str | None, Query(max_length=30)] = None,
    min_len: Annotated[int, Query(ge=1, le=30)] = 2,
    max_len: Annotated[int | None, Query(ge=1, le=30)] = None,
    common: Annotated[int | None, Query(ge=1)] = None,
    sort: SortKey = "length",
    lexicon: str | None = None,
) -> dict[str, Any]:
    """Every word the rack makes, typed and answered in the lexicon's tile labels (aliases too).

    Same shape as `lexigrid words find --json`."""
    lex = lexicon_by_name(lexicon)
    found = spelled_find(
        lex,
        rack,
        prefix=prefix,
        suffix=suffix,
        contains=contains,
        pattern=pattern,
        min_len=min_len,
        max_len=max_len,
        common=common,
        sort=sort,
    )
    return find_report(lex, rack, found, MAX_RESULTS, alphabet(lex.alphabet).write)


@api.get("/alphabet")
def letters(lexicon: str | None = None) -> dict[str, Any]:
    """The lexicon's alphabet, for a page that draws and reads its tiles (`Alphabet.as_dict`)."""
    lex = lexicon_by_name(lexicon)
    return {"lexicon": lex.name, "alphabet": alphabet(lex.alphabet).as_dict()}


@pages.get("", response_class=HTMLResponse)
def finder_page(request: Request) -> HTMLResponse:
    """The word finder page."""
    return templates.TemplateResponse(request, "words.html", {})
