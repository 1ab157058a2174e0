"""What every command shares: the `--lexicon`, `--json` and runner options, JSON output and the consoles
(which print user and file text literally: `lexigrid.terminal`)."""

from __future__ import annotations

import difflib
import json
import re
import sys
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.text import Text

from lexigrid.errors import LexigridError, OptionError
from lexigrid.terminal import literal_console

if TYPE_CHECKING:
    from lexigrid.runner import Runner

console = literal_console()
err_console = literal_console(stderr=True)


def lexicon_spec(spec: str | None) -> str | None:
    """A --lexicon as given; a file's KWG is then read in its own alphabet (the Scrabble package, which knows
    the alphabets, reads it: DISC2.kwg as Catalan), never assumed English, and a lexicon in another alphabet
    gets its language's word frequencies (the same package reads wordfreq's words in its alphabet)."""
    if spec and ("/" in spec or "." in spec or _other_alphabet(spec)):
        import lexigrid.scrabble  # noqa: F401  (registers the KWG and word readers with the lexicon layer)
    return spec


def _other_alphabet(spec: str) -> bool:
    """Whether a lexicon's name names one whose alphabet is not English (an added Catalan list, ...)."""
    from lexigrid.lexicon.sources import canonical_name, named_lexicons

    key = canonical_name(spec)
    return key is not None and named_lexicons()[key].alphabet != "english"


LexiconOption = Annotated[
    str | None,
    typer.Option(
        "--lexicon",
        "-L",
        help="Lexicon name (see `lexigrid lexicon list`) or path to a word-list or KWG file.",
        show_default="nwl",
        callback=lexicon_spec,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print exactly one JSON object on stdout.")]
# The shared runner's options, for every bulk command.
JobsOption = Annotated[int, typer.Option(min=1, help="Worker processes (the shared runner).")]
BackendOption = Annotated[
    str, typer.Option(help="auto, process or dask (a local Dask cluster of --jobs workers).")
]
SchedulerOption = Annotated[str | None, typer.Option(help="A Dask scheduler address (tcp://host:8786).")]


def seed_option(help: str) -> Any:
    """A `--seed` option: a whole number 0 or more (Python seeds -5 and 5 alike: two seeds, one game)."""
    return typer.Option(min=0, help=help)


def make_runner(
    jobs: int = 1, backend: str = "auto", scheduler: str | None = None, progress: bool = True
) -> Runner:
    """The shared runner of a bulk command's options, made once (it checks them itself)."""
    from lexigrid.runner import Runner

    return Runner(jobs, backend, scheduler, progress)  # type: ignore[arg-type]  # an unknown backend: refused


def error_message(error: LexigridError) -> str:
    """A library error in the CLI's words: a complaint about one parameter names its option (`--plays`)."""
    if isinstance(error, OptionError):
        return error.naming("--" + error.option.replace("_", "-"))
    return str(error)


def emit_json(payload: dict[str, Any]) -> None:
    """Print one JSON object on stdout (no colours, no wrapping)."""
    sys.stdout.write(json.dumps(payload, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def wants_json(args: list[str]) -> bool:
    """Did the command line ask for JSON (`--json` before any `--`)?"""
    return "--json" in args[: args.index("--")] if "--" in args else "--json" in args


def usage_message(error: typer.TyperException) -> str:
    """A usage error as one line: what was wrong, and the command whose --help explains it."""
    message = (
        _out_of_range(error) or _unknown_option(error) or " ".join(error.format_message().split()).rstrip(".")
    )
    message = message[:1].lower() + message[1:]
    ctx = getattr(error, "ctx", None)
    return f"{message} (see `{ctx.command_path} --help`)" if ctx is not None else message


def _unknown_option(error: typer.TyperException) -> str | None:
    """An unknown `--option` that a command taking unknown options as words (`infer`'s `-ABC`) was left with,
    worded as click words a mistyped option elsewhere: `no such option: --tpo (Possible options: --top)`."""
    found = re.match(r"Got unexpected extra argument\S* \((--[^\s=)]+)", getattr(error, "message", ""))
    ctx: Any = getattr(error, "ctx", None)
    if found is None or ctx is None:
        return None
    typed = found.group(1)
    known = [opt for param in ctx.command.params for opt in param.opts if opt.startswith("--")]
    close = difflib.get_close_matches(typed, known)
    return f"no such option: {typed}" + (f" (Possible options: {', '.join(sorted(close))})" if close else "")


def _out_of_range(error: typer.TyperException) -> str | None:
    """A number out of an option's range, worded as every other limit: `--top must be at least 1, not 0`."""
    param: Any = getattr(error, "param", None)
    kind: Any = getattr(param, "type", None)
    found = re.match(r"(\S+) is not in the range", getattr(error, "message", ""))
    if found is None or not hasattr(kind, "min_open"):
        return None
    low, high = kind.min, kind.max
    if low is not None and high is not None:
        bound = f"between {low} and {high}"
    elif low is not None:
        bound = f"more than {low}" if kind.min_open else ("0 or more" if low == 0 else f"at least {low}")
    else:
        bound = f"less than {high}" if kind.max_open else f"at most {high}"
    name = max(param.opts, key=len) if param.opts else param.human_readable_name
    return f"{name} must be {bound}, not {found.group(1)}"


def fail(message: str, args: list[str]) -> NoReturn:
    """Print `error: MESSAGE` on stderr (and `{"error": ...}` on stdout under --json); exit 2."""
    if wants_json(args):
        emit_json({"error": message})
    err_console.print(Text.assemble(("error:", "bold red"), " ", message), soft_wrap=True)
    sys.exit(2)
