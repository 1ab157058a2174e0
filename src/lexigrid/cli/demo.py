"""`lexigrid demo`: a tour of the four games on the bundled defaults (no files, no network)."""

from __future__ import annotations

import typer
from rich.rule import Rule
from rich.text import Text

from lexigrid.cli.common import console

REFERENCE_BOARD = "15/15/15/15/15/2COZY9/3A11/3FLAMES1A4/8TAXI3/4RATIO1E4/4A3N6/4VERGE6/4E10/4N10/15"

# Each step is a title and the CLI arguments it runs, exactly as a person would type them.
TOUR: tuple[tuple[str, list[str]], ...] = (
    ("Word finder: every word RETAINS? makes (? is a blank)", ["words", "find", "RETAINS?", "--limit", "8"]),
    (
        "Letter Boxed: the best solutions of VYQ,FIG,OTE,XLU",
        ["letterboxed", "solve", "VYQ,FIG,OTE,XLU", "--top", "5"],
    ),
    (
        "Letter Boxed: a new board, built around a two-word solution (seed 5)",
        ["letterboxed", "new", "--seed", "5", "--reveal"],
    ),
    ("Q-Less: a seeded roll of the twelve dice, solved", ["qless", "solve", "MGRLGXHJTNOO", "--limit", "2"]),
    ("Q-Less: a clue for the same roll, not its answer", ["qless", "hint", "MGRLGXHJTNOO", "--level", "2"]),
    (
        "Wordle: greedy entropy from CRANE against all 2,315 answers",
        ["wordle", "backtest", "--strategy", "entropy", "--opener", "crane"],
    ),
    ("Wordle: the assistant after CRANE then SLOTH", ["wordle", "suggest", "CRANE:..Y..,SLOTH:..Y.."]),
    (
        "Wordle: that game played out, each guess graded for skill and luck",
        ["wordle", "grade", "CRANE:..Y..,SLOTH:..Y..,AUDIO:Y...G,MAMBO:GGGGG"],
    ),
    (
        "Scrabble: the best move on a mid-game board with rack AEINRST",
        ["scrabble", "moves", f"{REFERENCE_BOARD} AEINRST/ 0/0 0", "--top", "5"],
    ),
    (
        "Scrabble: the best plays for AEIKLQU by simulation (win % over play-outs)",
        ["scrabble", "sim", f"{REFERENCE_BOARD} AEIKLQU/ 0/0 0", "--plays", "6", "--iterations", "300"],
    ),
)


def register(app: typer.Typer) -> None:
    """Add the top-level `demo` command."""

    @app.command("demo")
    def demo() -> None:
        """A tour of all four games on the bundled defaults: the main job after install."""
        for title, args in TOUR:
            console.print(Rule(Text(title, "bold")))
            console.print(f"$ lexigrid {' '.join(_quoted(a) for a in args)}", style="dim")
            try:
                app(args, standalone_mode=False)
            except typer.Exit as done:
                if done.exit_code not in (0, None):
                    raise
        console.print(Rule(Text("More", "bold")))
        console.print("lexigrid --help · lexigrid serve (the web app on http://127.0.0.1:8000/)")
        console.print("lexigrid scrabble analyze GAME.gcg: a whole game of yours reviewed, turn by turn")


def _quoted(arg: str) -> str:
    return f"'{arg}'" if any(c in arg for c in " ?*,") else arg
