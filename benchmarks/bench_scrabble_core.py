"""The Scrabble core's paths in instructions, not seconds: move generation, self-play turns, simulation
play-outs, an endgame search with its principal-variation replay and a game replayed (callgrind).

Run: python benchmarks/bench_scrabble_core.py [--parts engine,selfplay,sim,endgame,replay] [--json]
     python benchmarks/bench_scrabble_core.py --run PART   (one part in this process: what callgrind runs)

On a shared 2-core machine CPU time moves with the neighbours' load; an instruction count does not. Each part
is a fixed, seeded workload on the bundled lexicon (no ../shared needed). It runs twice under
`valgrind --tool=callgrind`: once with the workload and once with only its set-up (imports, lexicon, engine,
warm caches); the difference is the workload's instructions (PYTHONHASHSEED=0 in both). Compare the figures of
two commits on the same machine: equal to a fraction of a percent means the same work. Needs valgrind.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

MIDGAME = "15/15/15/15/15/2COZY9/3A11/3FLAMES1A4/8TAXI3/4RATIO1E4/4A3N6/4VERGE6/4E10/4N10/15 AEINRST/ 0/0 0"
SEEDS = tuple(range(11, 21))
ENDGAME_SEED = 7  # a self-play game whose endgame position the endgame part solves and replays
REPLAYS = 50  # times the replay part replays one game's actions


def _game_class() -> Any:
    """`Game`, wherever the layout keeps it."""
    try:
        from lexigrid.scrabble.game.game import Game  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        from lexigrid.scrabble.game import Game  # type: ignore[no-redef,unused-ignore]  # (before the layout)
    return Game


def _warm() -> Any:
    """The default lexicon and an engine with its tables built (what every part needs first)."""
    from lexigrid.lexicon import load
    from lexigrid.scrabble import Engine, parse_cgp

    lexicon = load()
    engine = Engine(lexicon).prepare()
    engine.moves(parse_cgp(MIDGAME))
    Game = _game_class()
    Game.new(["equity", "equity"], seed=1, lexicon=lexicon, endgame_seconds=None).play_computers()
    return lexicon, engine


def engine(work: bool) -> None:
    """Every placement, the best by score and by equity, on the reference board's three racks and an
    opening, three times (the compiled generator's work, with its Python around it)."""
    from lexigrid.scrabble import parse_cgp

    _, found = _warm()
    board = MIDGAME.split()[0]
    positions = [
        parse_cgp(f"{b} {rack}/ 0/0 0") for b in (board,) for rack in ("AEINRST", "AEINRT?", "EINRT??")
    ]
    positions.append(parse_cgp(f"{'/'.join(['15'] * 15)} AEINRST/ 0/0 0"))
    for position in positions:
        found.best(position, "equity")
    if work:
        for _ in range(3):
            for position in positions:
                found.moves(position).top(20, "score")
                found.best(position, "score")
                found.best(position, "equity")


def selfplay(work: bool) -> None:
    """Ten static-equity self-play games."""
    lexicon, _ = _warm()
    Game = _game_class()
    if work:
        for seed in SEEDS:
            Game.new(["equity", "equity"], seed=seed, lexicon=lexicon, endgame_seconds=None).play_computers()


def sim(work: bool) -> None:
    """A simulation of 5 plays, 2 plies, 128 iterations each (no elimination before 32)."""
    from lexigrid.scrabble import parse_cgp

    try:
        from lexigrid.scrabble.analysis.sim import simulate  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        from lexigrid.scrabble.sim import simulate  # type: ignore[no-redef,import-not-found,unused-ignore]
    _, engine = _warm()
    position = parse_cgp(MIDGAME)
    simulate(position, engine, plays=5, plies=2, iterations=1, seed=0)  # the win table loaded
    if work:
        simulate(position, engine, plays=5, plies=2, iterations=128, seed=1)


def _endgame_position(lexicon: Any) -> Any:
    """The first endgame position of a seeded static self-play game."""
    Game = _game_class()
    game = Game.new(["equity", "equity"], seed=ENDGAME_SEED, lexicon=lexicon, endgame_seconds=None)
    while not game.over and not game.position().is_endgame():
        game.play_computer()
    return game.position()


def endgame(work: bool) -> None:
    """An endgame of a seeded self-play game solved to 3 plies, 5 times (the search, then its replay)."""
    try:
        from lexigrid.scrabble.analysis.endgame import solve  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        from lexigrid.scrabble.endgame import solve  # type: ignore[no-redef,import-not-found,unused-ignore]
    lexicon, engine = _warm()
    position = _endgame_position(lexicon)
    solve(position, engine, plies=1)
    if work:
        for _ in range(5):
            solve(position, engine, plies=3)


def replay(work: bool) -> None:
    """One seeded self-play game's actions replayed 50 times (the store's resume path)."""
    lexicon, _ = _warm()
    Game = _game_class()
    played = Game.new(["equity", "equity"], seed=SEEDS[0], lexicon=lexicon, endgame_seconds=None)
    played.play_computers()
    if work:
        for _ in range(REPLAYS):
            game = Game.new(["human", "human"], seed=played.seed, lexicon=lexicon)
            game.replay(played.actions)


PARTS: dict[str, Callable[[bool], None]] = {
    "engine": engine,
    "selfplay": selfplay,
    "sim": sim,
    "endgame": endgame,
    "replay": replay,
}


def _instructions(part: str, work: bool) -> int:
    """Instructions callgrind counts for one run of a part (with or without its workload)."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            sys.executable,
            __file__,
            "--run",
            part,
            *([] if work else ["--setup-only"]),
        ]
        env = {**os.environ, "PYTHONHASHSEED": "0"}  # the same dict and set orders in every run
        subprocess.run(command, check=True, capture_output=True, env=env)
        with open(out, encoding="utf-8") as handle:
            found = re.search(r"^summary:\s+(\d+)", handle.read(), re.MULTILINE)
        assert found, "no summary line in the callgrind output"
        return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", default=",".join(PARTS), help="comma-separated: " + ", ".join(PARTS))
    parser.add_argument("--run", choices=sorted(PARTS), help="run one part in this process (for callgrind)")
    parser.add_argument("--setup-only", action="store_true", help="with --run: only the part's set-up")
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    args = parser.parse_args()
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    os.environ.setdefault("LEXIGRID_CACHE_DIR", os.path.join(tempfile.gettempdir(), "lexigrid-bench-core"))
    if args.run:
        PARTS[args.run](not args.setup_only)
        return
    for part in args.parts.split(","):  # fill the on-disk caches outside the measured runs
        PARTS[part](False)
    counts = {}
    for part in args.parts.split(","):
        setup = _instructions(part, False)
        counts[part] = {"setup": setup, "workload": _instructions(part, True) - setup}
    if args.json:
        print(json.dumps(counts))
        return
    table = Table(title="Instructions (callgrind): each part's workload, its set-up subtracted")
    for column in ("part", "workload", "set-up"):
        table.add_column(column, justify="left" if column == "part" else "right")
    for part, found in counts.items():
        table.add_row(part, f"{found['workload']:,}", f"{found['setup']:,}")
    Console().print(table)


if __name__ == "__main__":
    main()
