"""Rack inference in a hurry: the likeliest racks first (`infer(seconds=S)`) against racks drawn at random
(`sample_infer`), at equal CPU time, on positions from real games.

    nice -n 10 python benchmarks/bench_infer_timed.py [--games 40] [--seconds 0.05 0.5] [--games-cache FILE]

Positions are bench_sim_oracle.py's --from-games ones (its --games-cache file serves here too). For each
with a kept leave, the exhaustive inference (MAGPIE's model, every leave judged) is the truth, and each
hurried one is given S seconds of CPU (`time.process_time`): the likeliest-first order, and the sample as
the play chooser draws it (at most SAMPLE_DRAWS leaves) and unbounded (as many draws as the time allows).
Reported per method and S: the share of the exhaustive distribution's mass among the leaves it found, the
mean log of the probability it gave the leave really kept (a leave it missed counts as 1e-6, log -13.8),
the racks judged, and each sample's mass less the likeliest-first one's with a 95 % bootstrap interval over
the positions. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

from bench_match import engine as match_engine
from bench_sim_oracle import BOOTSTRAP, GAME_SEED, game_position
from lexigrid.checkpoint import Checkpoint
from lexigrid.scrabble.analysis.infer import (
    SAMPLE_DRAWS,
    Inference,
    before_play,
    infer,
    read_play,
    sample_infer,
)
from lexigrid.scrabble.core.alphabet import sorted_tiles
from lexigrid.scrabble.core.cgp import Position, parse_cgp
from lexigrid.scrabble.engine.movegen import Engine

FLOOR = 1e-6  # the probability a missed leave counts as
MIN_BAG, MAX_BAG = 10, 100  # bench_sim_oracle.py's defaults, so its --games-cache serves here
UNBOUNDED = 10**9  # draws: as many as the time allows
Method = Callable[[Position, str, Engine, float], Inference]


def likeliest(before: Position, last: str, engine: Engine, seconds: float) -> Inference:
    """The product's timed inference: the likeliest racks first."""
    return infer(before, last, engine, seconds=seconds, clock=time.process_time)


def sampled(draws: int) -> Method:
    """The sampled inference with at most `draws` leaves."""

    def method(before: Position, last: str, engine: Engine, seconds: float) -> Inference:
        play = read_play(before, last, engine)
        return sample_infer(
            before, play, engine, random.Random(0), draws=draws, seconds=seconds, clock=time.process_time
        )

    return method


METHODS: dict[str, Method] = {
    "likeliest first": likeliest,
    f"sampled, {SAMPLE_DRAWS:,} draws at most": sampled(SAMPLE_DRAWS),
    "sampled, unbounded": sampled(UNBOUNDED),
}


def scores(found: Inference, truth: dict[str, float], kept: str) -> tuple[float, float, float]:
    """The truth's mass among the leaves found, the log-probability given the kept leave, racks judged."""
    mass = sum(truth[leave.tiles] for leave in found.leaves)
    given = {leave.tiles: leave.probability for leave in found.leaves}.get(kept, 0.0)
    return mass, math.log(max(FLOOR, given)), float(found.racks_checked)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--games-cache", type=Path, default=None)
    parser.add_argument("--seconds", type=float, nargs="+", default=[0.05, 0.5])
    args = parser.parse_args()
    _, engine = match_engine()
    header = {"job": "bench_sim_oracle games", "seed": GAME_SEED, "min_bag": MIN_BAG, "max_bag": MAX_BAG}
    cache = Checkpoint(args.games_cache, header) if args.games_cache else None
    known = {r["seed"]: r for r in cache.records} if cache is not None else {}
    rows: dict[tuple[str, float], list[tuple[float, float, float]]] = {}
    for seed in range(GAME_SEED, GAME_SEED + args.games):
        found = game_position(seed, MIN_BAG, MAX_BAG, cache, known)
        if found is None or not found[2]:
            continue
        cgp, last, kept = found
        assert last is not None and kept is not None
        before = before_play(parse_cgp(cgp).seen_by_mover(), last, engine)
        exhaustive = infer(before, last, engine)
        if not exhaustive.leaves:
            continue
        truth = {leave.tiles: leave.probability for leave in exhaustive.leaves}
        for seconds in args.seconds:
            for name, method in METHODS.items():
                rows.setdefault((name, seconds), []).append(
                    scores(method(before, last, engine, seconds), truth, sorted_tiles(kept))
                )
    report(rows, args.seconds)


def report(rows: dict[tuple[str, float], list[tuple[float, float, float]]], all_seconds: list[float]) -> None:
    """One table: per S and method, the means, and the mass less the likeliest-first one's."""
    positions = len(next(iter(rows.values()))) if rows else 0
    table = Table(title=f"timed rack inference at equal CPU, {positions} positions from games")
    for name in ("CPU s", "method", "mass found", "log p kept", "racks judged", "mass less likeliest [95 %]"):
        table.add_column(name, justify="left" if name == "method" else "right")
    rng = np.random.default_rng(20261128)
    draws = rng.integers(0, max(1, positions), size=(BOOTSTRAP, positions))
    for seconds in all_seconds:
        base = np.array(rows[("likeliest first", seconds)])
        for name in METHODS:
            values = np.array(rows[(name, seconds)])
            diff = values[:, 0] - base[:, 0]
            low, high = np.percentile(diff[draws].mean(axis=1), [2.5, 97.5])
            table.add_row(
                f"{seconds:g}",
                name,
                f"{values[:, 0].mean():.3f}",
                f"{values[:, 1].mean():.2f}",
                f"{values[:, 2].mean():,.0f}",
                "" if name == "likeliest first" else f"{diff.mean():+.3f} [{low:+.3f} to {high:+.3f}]",
            )
    Console(width=120).print(table)


if __name__ == "__main__":
    main()
