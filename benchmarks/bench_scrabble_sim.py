"""Simulation benchmark: play-outs per second on the reference board, and the sim level against equity.

    python benchmarks/bench_scrabble_sim.py [--games 2000] [--minutes 40] [--jobs 2] [--players sim,equity]

Self-play runs in batches of paired games (each bag from both seats, fresh bags per batch) until --games
or --minutes, printing the running win rate of the first player with its 95% Wilson interval after each
batch. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import time

from lexigrid.lexicon import load
from lexigrid.runner import Runner
from lexigrid.scrabble import Engine, parse_cgp
from lexigrid.scrabble.analysis.sim import simulate
from lexigrid.scrabble.learn.selfplay import tournament, wilson

REFERENCE = "15/15/15/15/15/2COZY9/3A11/3FLAMES1A4/8TAXI3/4RATIO1E4/4A3N6/4VERGE6/4E10/4N10/15"


def playout_speed(iterations: int = 300) -> None:
    """Play-outs per CPU second for the 15 best plays, 2 plies, on the reference board."""
    engine = Engine(load()).prepare()
    for rack in ("AEINRST", "AEINRT?"):
        position = parse_cgp(f"{REFERENCE} {rack}/ 0/0 0")
        start = time.process_time()
        result = simulate(position, engine, plays=15, plies=2, iterations=iterations, seed=1)
        cpu = time.process_time() - start
        print(
            f"{rack}: {result.iterations:,} play-outs in {cpu:.2f} s CPU = {result.iterations / cpu:,.0f}/s "
            f"({1000 * cpu / result.iterations:.2f} ms each, 3 engine moves), best {result.best.notation}"
        )


def match(players: str, games: int, minutes: float, jobs: int, batch: int, seed: int = 1) -> None:
    """Paired self-play in batches until `games` or `minutes`, with the running win rate."""
    levels = players.split(",")
    wins = total = turns = 0.0
    cpu = 0.0
    start = time.perf_counter()
    while total < games and time.perf_counter() - start < 60 * minutes:
        result = tournament(levels, batch, seed=seed, runner=Runner(jobs=jobs, progress=False))
        seed += batch // len(levels)
        wins += result.wins[result.labels[0]]
        total += result.games
        turns += result.turns
        cpu += result.cpu_seconds
        low, high = wilson(wins, int(total))
        print(
            f"{int(total)} games: {levels[0]} wins {wins:g} = {wins / total:.1%} (95% {low:.1%}-{high:.1%}), "
            f"{1000 * cpu / turns:.0f} ms CPU a turn (both players), "
            f"{(time.perf_counter() - start) / 60:.1f} min",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--minutes", type=float, default=40.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--batch", type=int, default=40)
    parser.add_argument("--players", default="sim,equity")
    parser.add_argument("--seed", type=int, default=1, help="the first bag's seed (batches follow on)")
    parser.add_argument("--skip-speed", action="store_true")
    args = parser.parse_args()
    if not args.skip_speed:
        playout_speed()
    match(args.players, args.games, args.minutes, args.jobs, args.batch, args.seed)


if __name__ == "__main__":
    main()
