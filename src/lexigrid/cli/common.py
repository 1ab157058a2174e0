"""What every command shares: the `--lexicon` and `--json` options, JSON output and the console."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer
from rich.console import Console

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

LexiconOption = Annotated[
    str | None,
    typer.Option(
        "--lexicon",
        "-L",
        help="Lexicon name (see `lexigrid lexicon list`) or path to a word-list file.",
        show_default="nwl",
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print exactly one JSON object on stdout.")]


def emit_json(payload: dict[str, Any]) -> None:
    """Print one JSON object on stdout (no colours, no wrapping)."""
    sys.stdout.write(json.dumps(payload, ensure_ascii=False) + "\n")
    sys.stdout.flush()
