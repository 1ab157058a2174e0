"""`lexigrid words`: check words and find every word a rack can make."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from lexigrid.cli.common import JsonOption, LexiconOption, console, emit_json
from lexigrid.counts import count, number

app = typer.Typer(help="Check words and find the words a rack can make.", no_args_is_help=True)


@app.command("check")
def check(
    words: Annotated[list[str], typer.Argument(help="Words to look up.")],
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """Say whether each word is in the lexicon (exit 0 when all are, 1 otherwise); in a lexicon of another
    alphabet, words are read by its tiles' labels and aliases (Catalan PAL·LA or PAL.LA)."""
    from lexigrid.lexicon.membership import check_report, records_of, verdicts

    language = records_of(lexicon)[1]
    spell = None
    if language != "english":  # labels, aliases and accents as players type them (PAL.LA, été)
        from functools import partial

        from lexigrid.scrabble.core.language import typed_word
        from lexigrid.scrabble.core.rules import alphabet

        spell = partial(typed_word, letters=alphabet(language))
    name, found = verdicts(words, lexicon, spell)
    if json:
        emit_json(check_report(name, found))
    else:
        for word, ok in found.items():
            mark = Text("valid", "green") if ok else Text("not a word", "red")
            console.print(f"{word:<16}", mark)
    raise typer.Exit(0 if all(found.values()) else 1)


@app.command("find")
def find(
    rack: Annotated[str, typer.Argument(help="Tiles, '?' for a blank (at most 2), e.g. RETAINS?")],
    prefix: Annotated[str, typer.Option(help="Board letters the word must start with.")] = "",
    suffix: Annotated[str, typer.Option(help="Board letters the word must end with.")] = "",
    contains: Annotated[str, typer.Option(help="Board letters the word must contain.")] = "",
    pattern: Annotated[
        str | None, typer.Option(help="Only words matching a pattern: '?' one letter, '*' any run.")
    ] = None,
    min_len: Annotated[int, typer.Option("--min-len", min=1, help="Shortest word.")] = 2,
    max_len: Annotated[int | None, typer.Option("--max-len", min=1, help="Longest word.")] = None,
    common: Annotated[
        int | None, typer.Option(min=1, help="Only the N most frequent words of the lexicon.")
    ] = None,
    sort: Annotated[str, typer.Option(help="length, zipf (most common first) or alpha.")] = "length",
    limit: Annotated[int | None, typer.Option(min=1, help="Show at most N words (table only).")] = None,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """Every word buildable from RACK, with its frequency (blank letters shown lowercase)."""
    from lexigrid.lexicon import load
    from lexigrid.lexicon.lexicon import SortKey
    from lexigrid.lexicon.report import find_report

    lex = load(lexicon)
    key: SortKey = sort  # type: ignore[assignment]  # validated by sort_words
    query = {"prefix": prefix, "suffix": suffix, "contains": contains, "pattern": pattern}
    limits = {"min_len": min_len, "max_len": max_len, "common": common}
    write: Callable[[str], str] = str
    if lex.alphabet == "english":  # (the Scrabble package, and its alphabets, stay unloaded)
        found = lex.find(rack, **query, **limits, sort=key)  # type: ignore[arg-type]
    else:  # a lexicon in another alphabet: its tiles' labels and aliases in, its labels out
        from lexigrid.scrabble.core.language import spelled_find
        from lexigrid.scrabble.core.rules import alphabet

        found = spelled_find(lex, rack, **query, **limits, sort=key)  # type: ignore[arg-type]
        write = alphabet(lex.alphabet).write
    report = find_report(lex, rack, found, None if json else limit, write)
    if json:
        emit_json(report)
        return
    table = Table(title=f"{count(len(found), 'word')} from {rack.upper()} ({lex.name})")
    for column in ("word", "length", "zipf", "rank"):
        table.add_column(column, justify="left" if column == "word" else "right")
    for w in report["words"]:
        zipf = "—" if w["zipf"] is None else f"{w['zipf']:.2f}"
        table.add_row(w["shown"], str(w["length"]), zipf, "" if w["rank"] is None else number(w["rank"]))
    console.print(table)


@app.command("match")
def match(
    pattern: Annotated[str, typer.Argument(help="Letters, '?' for one letter, '*' for any run: C?T")],
    common: Annotated[
        int | None, typer.Option(min=1, help="Only the N most frequent words of the lexicon.")
    ] = None,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """Every word matching PATTERN (in a lexicon of another alphabet, its tiles' labels: PAL·L?)."""
    from lexigrid.lexicon import load
    from lexigrid.lexicon.lexicon import ALPHABET
    from lexigrid.lexicon.report import word_dict

    lex = load(lexicon)
    text, letters = pattern.upper(), ALPHABET

    def write(word: str) -> str:
        return word

    if lex.alphabet != "english":
        from lexigrid.scrabble.core.rules import alphabet

        tiles = alphabet(lex.alphabet)
        text, letters, write = tiles.read(text), tiles.glyphs, tiles.write  # type: ignore[assignment]
    found = lex.match(text, common=common, letters=letters)
    if json:
        emit_json(
            {
                "lexicon": lex.name,
                "pattern": pattern.upper(),
                "count": len(found),
                "words": [word_dict(lex, w, write) | {"length": len(w.word)} for w in found],
            }
        )
        return
    console.print(" ".join(write(w.word) for w in found) or "no words match")
