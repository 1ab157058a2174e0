"""`lexigrid lexicon`: the lexicons there are and what is known about one."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from lexigrid.cli.common import JsonOption, console, emit_json
from lexigrid.counts import count, number

app = typer.Typer(
    help="List, add and remove named lexicons and show what is known about one.", no_args_is_help=True
)


@app.command("list")
def list_lexicons(json: JsonOption = False) -> None:
    """The lexicons selectable by name with --lexicon: bundled and added, with word counts."""
    from lexigrid.lexicon import DEFAULT_LEXICON, load, named_lexicons
    from lexigrid.lexicon.added import leaves_path
    from lexigrid.lexicon.sources import aliases, is_bundled

    names = named_lexicons()
    alias_of: dict[str, list[str]] = {}
    for alias, name in aliases().items():
        alias_of.setdefault(name, []).append(alias)
    rows = [
        {
            "name": lx.name,
            "kind": "bundled" if is_bundled(key) else "added",
            "words": len(load(key)),
            "aliases": sorted(alias_of.get(key, [])),
            "leaves": not is_bundled(key) and leaves_path(key).is_file(),
            "description": lx.description,
        }
        for key, lx in names.items()
    ]
    if json:
        emit_json({"default": DEFAULT_LEXICON, "lexicons": rows})
        return
    table = Table(title="Lexicons (or give --lexicon PATH to a word-list or KWG file)")
    for column in ("name", "kind", "words", "aliases", "description"):
        table.add_column(column, justify="right" if column == "words" else "left")
    for row in rows:
        kind = f"{row['kind']} + leaves" if row["leaves"] else str(row["kind"])
        aliases_text = ", ".join(row["aliases"])  # type: ignore[arg-type]
        words = number(row["words"]) if isinstance(row["words"], int) else str(row["words"])
        table.add_row(str(row["name"]), kind, words, aliases_text, str(row["description"]))
    console.print(table)


@app.command("add")
def add(
    name: Annotated[str, typer.Argument(help="The name to select it by, e.g. CSW21.")],
    file: Annotated[Path, typer.Argument(help="A word list (one word per line) or a KWG word graph.")],
    leaves: Annotated[
        Path | None, typer.Option(help="A KLV/KLV2 leave table to keep with it (then --leaves NAME).")
    ] = None,
    alphabet: Annotated[
        str | None,
        typer.Option(
            help="Its alphabet: catalan, dutch, english, french, german, spanish (a KWG's is recognised)."
        ),
    ] = None,
    skip_bad: Annotated[
        bool, typer.Option("--skip-bad", help="Leave out words with letters outside the alphabet.")
    ] = False,
    json: JsonOption = False,
) -> None:
    """Add (or replace) a named lexicon in the user data directory, compiled once into the cache."""
    from lexigrid.lexicon import load
    from lexigrid.scrabble.core.language import store_lexicon

    added, skipped = store_lexicon(name, file, leaves, alphabet, skip_bad)
    load(added.name)  # compile the index into the cache now (the words read above are freed by now)
    payload = {
        "name": added.name,
        "words": added.words,
        "path": str(added.path),
        "leaves": str(added.leaves) if added.leaves else None,
        "skipped": skipped,
    }
    if json:
        emit_json(payload)
        return
    with_leaves = " with its leave table" if added.leaves else ""
    why = "letters outside the alphabet or only typing a tile, or too long"
    left_out = f", {count(skipped, 'word')} left out ({why})" if skipped else ""
    console.print(
        f"added lexicon {added.name}: {count(added.words, 'word')}{with_leaves}{left_out} ({added.path})"
    )


@app.command("remove")
def remove(
    name: Annotated[str, typer.Argument(help="An added lexicon's name.")],
    json: JsonOption = False,
) -> None:
    """Remove an added lexicon (bundled ones stay)."""
    from lexigrid.lexicon.added import remove_lexicon

    path = remove_lexicon(name)
    if json:
        emit_json({"removed": name, "path": str(path)})
        return
    console.print(f"removed lexicon {name} ({path})")


@app.command("info")
def info(
    lexicon: Annotated[str | None, typer.Argument(help="Lexicon name or word-list path.")] = None,
    json: JsonOption = False,
) -> None:
    """Word count, source, content hash and cache state of a lexicon."""
    import time

    from lexigrid.cli.common import lexicon_spec
    from lexigrid.lexicon import load

    lexicon = lexicon_spec(lexicon)
    start = time.perf_counter()
    lex = load(lexicon)
    elapsed = time.perf_counter() - start
    lengths = {str(n): len(lex.words_of_length(n)) for n in range(1, lex.max_length + 1)}
    payload = {
        "name": lex.name,
        "words": len(lex),
        "alphabet": lex.alphabet,
        "source": lex.description,
        "frequencies": f"wordfreq ({lex.alphabet})" if lex.frequencies else None,
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
    for key in ("words", "alphabet", "source", "frequencies", "location", "sha256", "cache", "cache_path"):
        value = payload[key]
        table.add_row(key, number(value) if isinstance(value, int) else "—" if value is None else str(value))
    table.add_row("load_ms", str(payload["load_ms"]))
    table.add_row("lengths", " ".join(f"{k}:{number(v)}" for k, v in lengths.items() if v))
    console.print(table)
