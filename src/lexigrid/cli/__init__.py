"""The `lexigrid` command line: thin typer commands over the library, one module per group.

A one-shot process imports only the group it runs (`lexigrid words ...` never imports the other games),
and the plainest calls of `words check` and `wordle reply` skip typer altogether (`lexigrid.cli.quick`).
"""

from __future__ import annotations

import os
import sys

from lexigrid.errors import LexigridError

# Each group lives in lexigrid.cli.<name> and exposes `app` (a group) or `register(app)`.
GROUPS = ("words", "lexicon", "letterboxed", "qless", "wordle", "scrabble", "batch", "serve", "demo")


def groups_for(args: list[str]) -> tuple[str, ...]:
    """The groups a command line needs: the one it names, or all of them (root help, unknown names)."""
    first = next((a for a in args if not a.startswith("-")), None)
    return (first,) if first in GROUPS else GROUPS


def main() -> None:
    """Run the CLI; bad input (a usage error or a LexigridError) is one line and exit 2, never a traceback."""
    # No lexigrid computation is a large matrix product, and OpenBLAS starting a thread per core costs
    # each one-shot command ~0.05 s CPU (and oversubscribes a process pool's workers).
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from lexigrid.cli.quick import run_quick

    args = sys.argv[1:]
    try:
        if run_quick(args):
            return
    except LexigridError:
        pass  # the typer command says what is wrong, in the one format of every error
    except KeyboardInterrupt:
        sys.exit(130)
    from lexigrid.cli.root import run

    run(args)
