"""The root `lexigrid` typer app, built with only the command groups a command line needs."""

from __future__ import annotations

import importlib
import sys

import typer

from lexigrid import __version__
from lexigrid.cli import GROUPS, groups_for
from lexigrid.cli.common import error_message, fail, usage_message
from lexigrid.errors import LexigridError


def _version(value: bool) -> None:
    if value:
        typer.echo(f"lexigrid {__version__}")
        raise typer.Exit()


def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Solve and play Scrabble, Wordle, NYT Letter Boxed and Q-Less."""


def build_app(groups: tuple[str, ...] = GROUPS) -> typer.Typer:
    """The root command with the given groups (the demo runs the others, so it brings them all)."""
    app = typer.Typer(
        name="lexigrid",
        help="Solve and play Scrabble, Wordle, NYT Letter Boxed and Q-Less.",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        add_completion=False,
        rich_markup_mode="rich",
    )
    app.callback()(_root)
    for name in GROUPS if "demo" in groups else groups:
        module = importlib.import_module(f"lexigrid.cli.{name}")
        if hasattr(module, "register"):
            module.register(app)
        else:
            app.add_typer(module.app, name=name)
    return app


def run(args: list[str]) -> None:
    """Run a command line through typer; usage errors and LexigridErrors become one line and exit 2."""
    try:
        code = build_app(groups_for(args))(args=args, standalone_mode=False)
    except typer.TyperException as error:  # typer's usage errors: bad option values, unknown options
        if type(error).__name__ == "NoArgsIsHelpError":
            sys.exit(2)  # the help is already printed
        fail(usage_message(error), args)
    except LexigridError as error:
        fail(error_message(error), args)
    except typer.Abort:
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)
