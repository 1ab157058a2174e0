"""`lexigrid lexicon`: the lexicons there are and what is known about one."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from lexigrid.cli.common import JsonOption, console, emit_json

app = typer.Typer(help="List lexicons and show what is known about one.", no_args_is_help=True)


@app.command("list")
def list_lexicons(json: JsonOption = False) -> None:
    """The lexicons selectable by name with --lexicon."""
    from lexigrid.lexicon import DEFAULT_LEXICON, named_lexicons
    from lexigrid.lexicon.sources import aliases

    names = named_lexicons()
    alias_of: dict[str, list[str]] = {}
    for alias, name in aliases().items():
        alias_of.setdefault(name, []).append(alias)
    if json:
        emit_json(
            {
                "default": DEFAULT_LEXICON,
                "lexicons": [
                    {
                        "name": n,
                        "aliases": sorted(alias_of.get(n, [])),
                        "description": lx.description,
                    }
                    for n, lx in names.items()
                ],
            }
        )
        return
    table = Table(title="Lexicons (or give --lexicon PATH to a word-list file)")
    for column in ("name", "aliases", "description"):
        table.add_column(column)
    for name, lx in names.items():
        table.add_row(name, ", ".join(sorted(alias_of.get(name, []))), lx.description)
    console.print(table)


@app.command("info")
def info(
    lexicon: Annotated[str | None, typer.Argument(help="Lexicon name or word-list path.")] = None,
    json: JsonOption = False,
) -> None:
    """Word count, source, content hash and cache state of a lexicon."""
    import time

    from lexigrid.lexicon import load

    start = time.perf_counter()
    lex = load(lexicon)
    elapsed = time.perf_counter() - start
    lengths = {str(n): len(lex.words_of_length(n)) for n in range(1, lex.max_length + 1)}
    payload = {
        "name": lex.name,
        "words": len(lex),
        "source": lex.description,
        "location": lex.location,
        "sha256": lex.sha256,
        "cache": lex.cache_state,
        "cache_path": str(lex.cache_path) if lex.cache_path else None,
        "load_ms": round(elapsed * 1000, 1),
        "lengths": {k: v for k, v in lengths.items() if v},
    }
    if json:
        emit_json(payload)
        return
    table = Table(show_header=False, title=f"Lexicon {lex.name}")
    for key in ("words", "source", "location", "sha256", "cache", "cache_path", "load_ms"):
        table.add_row(key, str(payload[key]))
    table.add_row("lengths", " ".join(f"{k}:{v}" for k, v in lengths.items() if v))
    console.print(table)
