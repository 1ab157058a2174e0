"""The `lexigrid` command line: thin typer commands over the library, one module per group."""

from __future__ import annotations

import importlib
import sys

import typer

from lexigrid import __version__
from lexigrid.cli.common import fail, usage_message
from lexigrid.errors import LexigridError

app = typer.Typer(
    name="lexigrid",
    help="Solve and play Scrabble, Wordle, NYT Letter Boxed and Q-Less.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode="rich",
)

# Each group lives in lexigrid.cli.<name> and exposes `app` (a group) or `register(app)`.
GROUPS = ("words", "lexicon", "letterboxed", "qless", "wordle", "scrabble", "serve", "demo")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"lexigrid {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Solve and play Scrabble, Wordle, NYT Letter Boxed and Q-Less."""


def _register_groups() -> None:
    for name in GROUPS:
        try:
            module = importlib.import_module(f"lexigrid.cli.{name}")
        except ModuleNotFoundError as error:
            if error.name == f"lexigrid.cli.{name}":
                continue  # that game's issue has not landed yet
            raise
        if hasattr(module, "register"):
            module.register(app)
        else:
            app.add_typer(module.app, name=name)


_register_groups()


def main() -> None:
    """Run the CLI; bad input (a usage error or a LexigridError) is one line and exit 2, never a traceback."""
    args = sys.argv[1:]
    try:
        code = app(args=args, standalone_mode=False)
    except typer.TyperException as error:  # typer's usage errors: bad option values, unknown options
        if type(error).__name__ == "NoArgsIsHelpError":
            sys.exit(2)  # the help is already printed
        fail(usage_message(error), args)
    except LexigridError as error:
        fail(str(error), args)
    except typer.Abort:
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)
