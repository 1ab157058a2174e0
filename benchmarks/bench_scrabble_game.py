"""Scrabble game benchmarks: static self-play throughput per turn, and equity v best-score over many games.

Run: python benchmarks/bench_scrabble_game.py [--games 1000] [--jobs 2] [--turn-games 200] [--repeat 3]
       [--magpie-lib PATH] [--magpie-data DIR] [--no-magpie] [--beside-only] [--leaves learned|klv2|FILE]
First, side by side with MAGPIE (issue 24): static equity self-play on TWL06, lexigrid's games (the self-play
runner's `play_one` with two `equity` players, no endgame solver: the compiled game loop; --leaves klv2:
that loop with MAGPIE's own TWL06 KLV2 from ../shared, the leaves autoplay plays with) beside MAGPIE's
`autoplay` in this process (its shared
library, one thread, TWL06 KWG + KLV2 + WMP), --turn-games games a run, runs alternating (the order flips
every round), --repeat rounds: the median CPU ms per turn of each and the ratio.
Uses the bundled default lexicon (no ../shared needed). Times are CPU time of this process (the machine is
shared: other processes stretch wall time, not the work done), the best of --repeat runs of the same games
(a neighbour's load only ever adds time); the tournament also reports wall time.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table


def instrumented(owner: Any, name: str, totals: dict[str, float]) -> Callable[[], None]:
    """Wrap owner.name to add its CPU time to totals[name]; returns the undo."""
    original = getattr(owner, name)

    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return original(*args, **kwargs)
        finally:
            totals[name] += time.process_time() - start

    setattr(owner, name, timed)
    return lambda: setattr(owner, name, original)


def throughput(levels: list[str], games: int, seed: int) -> dict[str, float]:
    """CPU ms per turn of whole self-play games in this process, and the engine's share of it."""
    from lexigrid.lexicon import load
    from lexigrid.scrabble.engine import _engine
    from lexigrid.scrabble.engine.movegen import Engine
    from lexigrid.scrabble.game.game import Game

    lexicon = load()
    for warm in range(5):  # engines built, GADDAG loaded, caches warm
        Game.new(levels, seed=seed - 1 - warm, lexicon=lexicon, endgame_seconds=None).play_computers()
    totals = {"best": 0.0, "_build_leave_table": 0.0, "generate": 0.0}
    undo = [instrumented(Engine, name, totals) for name in ("best", "_build_leave_table")]
    undo.append(instrumented(_engine, "generate", totals))
    turns = 0
    start = time.process_time()
    try:
        for i in range(games):
            game = Game.new(levels, seed=seed + i, lexicon=lexicon, endgame_seconds=None)  # static player
            game.play_computers()
            turns += sum(1 for t in game.turns if t.kind not in ("out", "rack"))
    finally:
        for u in undo:
            u()
    total = time.process_time() - start
    return {
        "turns": turns,
        "total": 1000 * total / turns,
        "engine": 1000 * totals["best"] / turns,
        "leaves": 1000 * totals["_build_leave_table"] / turns,
        "search": 1000 * totals["generate"] / turns,
    }


TWL06 = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "lexicons" / "twl06.txt"
KLV2 = TWL06.parents[1] / "scrabble" / "TWL06.klv2"  # MAGPIE's TWL06 leaves


def lexigrid_games(lexicon: str, games: int, seed: int, leaves: str = "learned") -> tuple[int, float]:
    """Static equity self-play games as the self-play runner plays them (`selfplay.play_one`: the compiled
    game loop; with other `leaves` than the learned ones, that loop with them: `StaticGames`): turns played
    and CPU seconds."""
    from lexigrid.lexicon import load
    from lexigrid.scrabble.engine.leave import load_leaves
    from lexigrid.scrabble.engine.movegen import Engine
    from lexigrid.scrabble.engine.playout import StaticGames
    from lexigrid.scrabble.learn.selfplay import play_one

    static = None
    if leaves != "learned":
        static = _STATIC.get(leaves) or _STATIC.setdefault(
            leaves,
            StaticGames(
                Engine.shared(load(lexicon), None, load_leaves(KLV2 if leaves == "klv2" else leaves))
            ),
        )
    turns = 0
    start = time.process_time()
    for i in range(games):
        if static is not None:
            turns += static.play(seed + i).turns
        else:
            turns += play_one((seed + i, 0, ("equity", "equity"), lexicon, None)).turns
    return turns, time.process_time() - start


_STATIC: dict[str, Any] = {}  # the compiled game loop by leaves, made once


def magpie_games(magpie: Any, games: int, seed: int) -> tuple[int, float]:
    """MAGPIE's `autoplay` of static equity games, one thread: turns played and CPU seconds."""
    magpie.run(f"set -seed {seed} -threads 1")
    with tempfile.TemporaryFile() as printed:  # autoplay prints its totals to the process's stdout
        sys.stdout.flush()
        saved = os.dup(1)
        os.dup2(printed.fileno(), 1)
        try:
            start = time.process_time()
            magpie.handle.run(f"autoplay games {games}", human_readable=True)
            cpu = time.process_time() - start
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        printed.seek(0)
        output = printed.read().decode(errors="replace")
    found = re.search(r"Turns Played:\s+(\d+)", output)
    if not found:
        raise RuntimeError(f"MAGPIE's autoplay gave no turn count: {output[:200]!r}")
    return int(found.group(1)), cpu


def beside_magpie(args: argparse.Namespace, console: Console) -> None:
    """Static self-play ms per turn, lexigrid beside MAGPIE's autoplay on TWL06, interleaved, medians."""
    if not TWL06.exists():
        console.print(f"{TWL06} is absent: the side-by-side needs the shared TWL06 beside the checkout")
        return
    from bench_scrabble_sim import open_magpie

    lexicon = str(TWL06)
    lexigrid_games(lexicon, 5, seed=1, leaves=args.leaves)  # the engine built, caches warm
    magpie, note, _ = open_magpie(args)
    per_turn: dict[str, list[float]] = {}
    for round_ in range(args.repeat):
        runs = [("lexigrid", lexigrid_games, lexicon)] + (
            [("MAGPIE", magpie_games, magpie)] if magpie else []
        )
        if round_ % 2:
            runs.reverse()
        for name, run, handle in runs:
            if name == "lexigrid":
                turns, cpu = lexigrid_games(
                    lexicon, args.turn_games, 1000 + round_ * args.turn_games, args.leaves
                )
            else:
                turns, cpu = run(handle, args.turn_games, 1000 + round_ * args.turn_games)
            per_turn.setdefault(name, []).append(1000 * cpu / turns)
    ours = statistics.median(per_turn["lexigrid"])
    line = (
        f"Static self-play beside MAGPIE (TWL06, lexigrid's leaves {args.leaves}, {args.turn_games} games a "
        f"run, medians of {args.repeat}): "
    )
    line += f"lexigrid {ours:.3f} ms CPU a turn"
    if magpie is not None:
        theirs = statistics.median(per_turn["MAGPIE"])
        line += f", MAGPIE autoplay {theirs:.3f} ms, lexigrid / MAGPIE {ours / theirs:.2f}"
        magpie.close()
    console.print(line)
    console.print(note)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="tournament games (equity v score; 0: none)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes for the tournament")
    parser.add_argument("--turn-games", type=int, default=200, help="games timed for the per-turn figure")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of those games (the best is shown)")
    parser.add_argument("--magpie-lib", help="MAGPIE's libmagpie.so (see bench_scrabble_best.py)")
    parser.add_argument("--magpie-data", help="MAGPIE's data folder")
    parser.add_argument("--no-magpie", action="store_true", help="lexigrid alone in the side-by-side")
    parser.add_argument("--beside-only", action="store_true", help="only the side-by-side with MAGPIE")
    parser.add_argument(
        "--leaves", default="learned", help="lexigrid's in the side-by-side: learned, klv2, a file"
    )
    args = parser.parse_args()
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # idle BLAS threads would count as this process's CPU
    os.environ.setdefault("LEXIGRID_CACHE_DIR", tempfile.mkdtemp(prefix="lexigrid-bench-"))
    from lexigrid.cli.scrabble_game import tournament_table
    from lexigrid.runner import Runner
    from lexigrid.scrabble.learn.selfplay import tournament

    console = Console()
    beside_magpie(args, console)
    if args.beside_only:
        return
    table = Table(title="Static self-play throughput (CPU per turn, one process, NWL, best of --repeat runs)")
    columns = ("players", "turns", "per turn", "engine best move", "C search", "leave tables", "game layer")
    for column in columns:
        table.add_column(column, justify="left" if column == "players" else "right")
    for levels in (["equity", "equity"], ["score", "score"]):
        found = min(
            (throughput(levels, args.turn_games, seed=1000) for _ in range(max(args.repeat, 1))),
            key=lambda run: run["total"],
        )
        table.add_row(
            " v ".join(levels),
            f"{int(found['turns']):,}",
            f"{found['total']:.3f} ms",
            f"{found['engine']:.3f} ms",
            f"{found['search']:.3f} ms",
            f"{found['leaves']:.3f} ms",
            f"{found['total'] - found['engine']:.3f} ms",
        )
    console.print(table)
    console.print("target: <= 0.2 ms CPU per turn of static self-play (issue 12)")

    if args.games < 1:
        return
    result = tournament(["equity", "score"], args.games, seed=1, runner=Runner(jobs=args.jobs))
    title = f"Equity v best score: {result.games} games, seats alternating on paired bags"
    console.print(tournament_table(result, title))
    console.print(
        f"{result.turns:,} turns in {result.wall_seconds:.1f} s wall with --jobs {args.jobs}: "
        f"{result.turns_per_second:,.0f} turns/s; {result.ms_per_turn:.3f} ms CPU per turn per worker"
    )


if __name__ == "__main__":
    main()
