"""How well rack inference predicts what a player kept: the mean log-likelihood of the real leave.

    nice -n 10 python benchmarks/bench_infer_model.py [--games 40] [--games-cache FILE]
        [--temperatures 0.5 1 2 3 4 8] [--margin 25]

Positions are bench_sim_oracle.py's --from-games ones (games of `old` against itself from its GAME_SEED,
one turn of each after the opponent's placement with 10 or more tiles in the bag; --games-cache is the same
file as there, so no game is played twice). For each with a kept leave (a bingo keeps nothing), the
exhaustive inference judges every leave up to --margin points of equity, and each model weighs them: MAGPIE's
(every leave within 5 points alike, the rest 0) and the soft one at each temperature T (exp(-loss / T), the
play chooser's OPPONENT_TEMPERATURE among them). Reported per model: the mean natural log of the probability
it gave the leave the player really kept (higher is better; a leave given 0 counts as 1e-6, log -13.8), how
often it gave it 0, and the mean log-likelihood less MAGPIE's model's with a 95 % bootstrap interval over the
positions. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

from bench_match import engine as match_engine
from bench_sim_oracle import BOOTSTRAP, GAME_SEED, game_position
from lexigrid.checkpoint import Checkpoint
from lexigrid.scrabble.analysis.infer import DEFAULT_MARGIN, before_play, infer, likelihood
from lexigrid.scrabble.analysis.inference import Inference
from lexigrid.scrabble.core.alphabet import sorted_tiles
from lexigrid.scrabble.core.cgp import parse_cgp

FLOOR = 1e-6  # the probability a leave given 0 counts as
MIN_BAG, MAX_BAG = 10, 100  # bench_sim_oracle.py's defaults, so its --games-cache serves here


def log_likelihood(found: Inference, kept: str, temperature: float | None) -> float:
    """The log of the probability a model gives `kept` (MAGPIE's: None, within DEFAULT_MARGIN alike)."""
    if temperature is None:
        weights = {
            leave.tiles: float(leave.draws) for leave in found.leaves if leave.equity_loss <= DEFAULT_MARGIN
        }
    else:
        weights = {
            leave.tiles: leave.draws * likelihood(leave.equity_loss, temperature) for leave in found.leaves
        }
    total = sum(weights.values())
    return math.log(max(FLOOR, weights.get(kept, 0.0) / total if total else 0.0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--games-cache", type=Path, default=None)
    parser.add_argument("--temperatures", type=float, nargs="+", default=[0.5, 1, 2, 3, 4, 8])
    parser.add_argument("--margin", type=float, default=25.0)
    args = parser.parse_args()
    _, engine = match_engine()
    header = {"job": "bench_sim_oracle games", "seed": GAME_SEED, "min_bag": MIN_BAG, "max_bag": MAX_BAG}
    cache = Checkpoint(args.games_cache, header) if args.games_cache else None
    known = {r["seed"]: r for r in cache.records} if cache is not None else {}
    models: list[float | None] = [None, *args.temperatures]
    rows: list[list[float]] = []
    for seed in range(GAME_SEED, GAME_SEED + args.games):
        found = game_position(seed, MIN_BAG, MAX_BAG, cache, known)
        if found is None or not found[2]:
            continue
        cgp, last, kept = found
        assert last is not None and kept is not None
        before = before_play(parse_cgp(cgp).seen_by_mover(), last, engine)
        inference = infer(before, last, engine, margin=args.margin)
        rows.append([log_likelihood(inference, sorted_tiles(kept), model) for model in models])
    table = Table(title=f"log-likelihood of the kept leave, {len(rows)} positions (margin {args.margin:g})")
    for name in ("model", "mean log p", "given 0", "less MAGPIE's [95 %]"):
        table.add_column(name, justify="left" if name == "model" else "right")
    values = np.array(rows)
    rng = np.random.default_rng(20261128)
    draws = rng.integers(0, len(values), size=(BOOTSTRAP, len(values)))
    for j, model in enumerate(models):
        diff = values[:, j] - values[:, 0]
        means = diff[draws].mean(axis=1)
        low, high = np.percentile(means, [2.5, 97.5])
        table.add_row(
            "MAGPIE's (5 points, alike)" if model is None else f"soft, T = {model:g}",
            f"{values[:, j].mean():.3f}",
            str(int((values[:, j] <= math.log(FLOOR) + 1e-9).sum())),
            "" if j == 0 else f"{diff.mean():+.3f} [{low:+.3f} to {high:+.3f}]",
        )
    Console().print(table)


if __name__ == "__main__":
    main()
