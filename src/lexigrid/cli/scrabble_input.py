"""What the Scrabble commands read: a position in CGP, in its lexicon's language, on a board layout."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from lexigrid.scrabble import Position

BoardOption = Annotated[
    str | None,
    typer.Option(
        "--board",
        help="The board layout: standard, super (21x21) or a layout file (see docs/scrabble.md); default: "
        "the CGP's bdn opcode, else the bundled layout of its row count.",
    ),
]


def read_position(
    cgp: str, lexicon: str | None = None, board: str | None = None, tiles: bool = True
) -> Position:
    """The CGP's position, read in the language of its lexicon (--lexicon, else the CGP's `lex` opcode,
    else the default: English) on the --board layout; with `tiles`, the player to move must have some."""
    from lexigrid.errors import LexigridError
    from lexigrid.scrabble import parse_cgp
    from lexigrid.scrabble.core.cgp import cgp_language_rules, cgp_lexicon
    from lexigrid.scrabble.core.rules import board_layout

    spec = lexicon or cgp_lexicon(cgp)
    language = "english"
    if spec:  # the lexicon's language (`show` without one loads no lexicon, nor numpy)
        from lexigrid.lexicon import load

        language = load(spec).alphabet
    layout = board_layout(board) if board is not None else None
    position = parse_cgp(cgp, cgp_language_rules(cgp, language, layout))
    if tiles and not len(position.rack):
        raise LexigridError(
            "the CGP gives the player to move no tiles: add racks after the board, e.g. AEINRST/"
        )
    return position
