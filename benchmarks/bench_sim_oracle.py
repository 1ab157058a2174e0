"""Simulation quality without games: how much a short simulation's choice is worth, against the static best.

    nice -n 10 python benchmarks/bench_sim_oracle.py [--iterations 150] [--seconds 0.2 0.5 1]
        [--seeds 2] [--plays 15] [--plies 2] [--min-bag 10]

On each reference position of ../shared/data/scrabble/positions.jsonl (TWL06, MAGPIE's KLV2 leaves as in
bench_match.py; the opponent's rack hidden, as a player sees it; positions with at least --min-bag tiles
in the bag, where the `sim` level simulates), the --plays best plays by static equity are each played out
on the same --iterations deals (every play on every deal: common random numbers, no best-arm sampling),
which values them by the simulation's own utility (win probability plus the spread term) far more surely
than a move's budget does: the *long* values. Then `simulate` is run as the `sim` level runs it, at each
--seconds of CPU, with --seeds seeds, and its chosen play is looked up in the long values. Reported for the
static best (the `equity` level's move) and for the short simulation's choice: the mean *regret* (the long
value's best less the chosen play's, in percentage points of winning, and in points of spread), and in how
many positions the short simulation chose better or worse than static equity. A regret the short
simulation does not remove is the value a move's budget leaves; a regret above static's would be a
simulation that loses value. CPU time (time.process_time); not part of the test suite.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import uuid
from pathlib import Path
from typing import Any

import numpy as np

from lexigrid.lexicon import load
from lexigrid.scrabble.analysis import sim as sim_module
from lexigrid.scrabble.analysis.phase import bag_left
from lexigrid.scrabble.core.board import Rack
from lexigrid.scrabble.core.cgp import Position, cgp_language_rules, format_cgp, parse_cgp
from lexigrid.scrabble.engine.leave import load_leaves
from lexigrid.scrabble.engine.movegen import Engine
from lexigrid.scrabble.engine.winpct import lexicon_table

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
POSITIONS = SHARED / "scrabble" / "positions.jsonl"
TWL06 = SHARED / "lexicons" / "twl06.txt"
KLV2 = SHARED / "scrabble" / "TWL06.klv2"
LONG_SEED = 987654  # the long values' deals: none of the short simulations' seeds


class CpuTime:
    """A stand-in for the `time` module whose clock is this process's CPU time (as bench_match.py)."""

    perf_counter = staticmethod(time.process_time)


def hidden(position: Position) -> Position:
    """The position as its mover sees it: the opponent's rack unknown."""
    return Position(position.board, (position.rack, Rack()), position.scores, position.zeros)


def long_values(position: Position, engine: Engine, plays: int, plies: int, n: int) -> tuple[list[str], Any]:
    """The candidates' notations and an (n, plays, 2) array of each deal's (value, win) for each of them."""
    position = sim_module.with_known_opponent(position)
    candidates = tuple(engine.moves(position).top(plays, "equity"))
    spec = sim_module.SimSpec(
        format_cgp(position),
        candidates,
        plies,
        LONG_SEED,
        None,
        None,
        engine.lexicon.sha256,
        uuid.uuid4().hex,
    )
    playout = sim_module.Playout(engine, position, spec, lexicon_table(engine.lexicon.name))
    found = np.array([playout.iterate(i, range(len(candidates))) for i in range(n)])
    return [m.notation for m in candidates], found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=150, help="deals of the long values")
    parser.add_argument("--seconds", type=float, nargs="+", default=[0.2, 0.5, 1.0])
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--plays", type=int, default=sim_module.DEFAULT_PLAYS)
    parser.add_argument("--plies", type=int, default=sim_module.DEFAULT_PLIES)
    parser.add_argument("--min-bag", type=int, default=10)
    args = parser.parse_args()
    lexicon = load(str(TWL06))
    engine = Engine(lexicon, leaves=load_leaves(KLV2)).prepare()
    vars(sim_module)["time"] = CpuTime  # the short simulations stop at a CPU budget
    regrets: dict[str, list[tuple[float, float]]] = {"static": []}
    regrets.update({f"{s:g} s": [] for s in args.seconds})
    for k, line in enumerate(POSITIONS.read_text().splitlines()):
        cgp = json.loads(line)["cgp"]
        position = hidden(parse_cgp(cgp, cgp_language_rules(cgp, lexicon.alphabet)))
        bag = bag_left(position)
        if bag < args.min_bag:
            continue
        plies = min(args.plies, bag)
        names, found = long_values(position, engine, args.plays, plies, args.iterations)
        utility = (found[:, :, 1] + sim_module.SPREAD_WEIGHT * found[:, :, 0]).mean(axis=0)
        value = found[:, :, 0].mean(axis=0)
        best = int(utility.argmax())
        win_regret = 100 * (utility[best] - utility)
        spread_regret = value[best] - value
        regrets["static"].append((float(win_regret[0]), float(spread_regret[0])))
        row = [f"#{k} bag {bag}: long best {names[best]} (static's #{best + 1})"]
        for seconds in args.seconds:
            picks = []
            for seed in range(1, args.seeds + 1):
                result = sim_module.simulate(
                    position, engine, plays=args.plays, plies=plies, seconds=seconds, seed=seed
                )
                c = names.index(result.best.notation)
                picks.append(c + 1)
                regrets[f"{seconds:g} s"].append((float(win_regret[c]), float(spread_regret[c])))
            row.append(f"{seconds:g} s picks #{','.join(map(str, picks))}")
        print("; ".join(row), flush=True)
    static = regrets["static"]
    print(f"{len(static)} positions, {args.iterations} deals a play, {args.plays} plays, {args.plies} plies:")
    for name, found_regrets in regrets.items():
        mean_win = statistics.fmean(r[0] for r in found_regrets)
        mean_spread = statistics.fmean(r[1] for r in found_regrets)
        line = f"  {name:>7}: regret {mean_win:.2f} % of winning, {mean_spread:.2f} points a move"
        if name != "static":
            own = [r[0] for r in found_regrets]
            base = [s[0] for s in static for _ in range(args.seeds)]
            better = sum(1 for o, b in zip(own, base, strict=True) if o < b - 1e-9)
            worse = sum(1 for o, b in zip(own, base, strict=True) if o > b + 1e-9)
            line += f"; better than static {better}, worse {worse} of {len(own)} choices"
        print(line)


if __name__ == "__main__":
    main()
