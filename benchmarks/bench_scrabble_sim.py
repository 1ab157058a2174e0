"""Simulation benchmark: play-outs per second beside MAGPIE's `sim`, and the sim level against equity.

    python benchmarks/bench_scrabble_sim.py [--repeats 5] [--iterations 300] [--plays 15] [--plies 2]
        [--leaves learned|klv2|SPEC] [--language catalan|french] [--magpie-lib PATH] [--magpie-data DIR]
        [--no-magpie] [--speed-only] [--games 2000] [--minutes 40] [--jobs 2] [--players sim,equity]

Play-out speed (issue 24 item 0): on the reference board with AEINRST and AEINRT?, lexigrid's `simulate`
(TWL06 from ../shared; --leaves: the learned leaves, `klv2` for MAGPIE's own TWL06 KLV2 from ../shared, the
leaves MAGPIE plays with, or any --leaves of `scrabble sim`; --plays best plays by equity, --plies plies, at
most --iterations play-outs a play, seed = the round) beside MAGPIE's `sim` in this process (its shared
library through bench_scrabble_best.MagpieInProcess: TWL06 KWG + KLV2 + WMP, one thread, the same candidates
count and plies, --iterations play-outs a play, no stopping condition; the `cgp` command untimed, `gsim`
timed, so its one move generation is in its figure). CPU time (time.process_time: every thread of this
process) around each run; lexigrid and MAGPIE alternate run by run (which goes first flips every round),
--repeats rounds; the medians of play-outs per CPU second and the ratio lexigrid / MAGPIE (above 1: lexigrid
plays out faster), then the same ratio round by round (the two runs of a round are neighbours in time, so load
falls on both alike): its median, a 95 % interval for that median (order statistics, the sign test's binomial:
above 1 at its lower end means faster beyond the noise) and how many rounds were above 1. Without MAGPIE its
column says why and nothing is printed for it.

--language catalan|french (issue 25): the same in Catalan (DISC2) or French (FRA20), over the KWG and KLV2 in
../shared/data/scrabble/LANGUAGE read in the language's letter order, with its tile set, on two mid-game
positions of its positions.jsonl (the mover's rack only; --leaves klv2, the default there, is that KLV2,
or heuristic); MAGPIE plays the same CGP with `set -lex NAME -leaves NAME`, with its word map when the
data folder has lexica/NAME.wmp (MAGPIE makes one: `magpie "convert dawg2wordmap NAME NAME -path DATA"`,
with letterdistributions/name.csv naming the language's), else `-wmp false`.

Self-play then runs in batches of paired games (each bag from both seats, fresh bags per batch) until
--games or --minutes, printing the running win rate of the first player with its 95% Wilson interval after
each batch. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import statistics
import time
from pathlib import Path
from typing import Any

from lexigrid.lexicon import load
from lexigrid.runner import Runner
from lexigrid.scrabble import Engine, parse_cgp
from lexigrid.scrabble.analysis.sim import simulate
from lexigrid.scrabble.engine.leave import load_leaves
from lexigrid.scrabble.engine.playout import PlayoutLoop
from lexigrid.scrabble.learn.selfplay import tournament
from lexigrid.stats import wilson

REFERENCE = "15/15/15/15/15/2COZY9/3A11/3FLAMES1A4/8TAXI3/4RATIO1E4/4A3N6/4VERGE6/4E10/4N10/15"
RACKS = ("AEINRST", "AEINRT?")
SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"
TWL06 = SHARED / "lexicons" / "twl06.txt"
KLV2 = SHARED / "scrabble" / "TWL06.klv2"  # MAGPIE's TWL06 leaves
LANGUAGES = {"catalan": ("DISC2", (5, 12)), "french": ("FRA20", (5, 6))}  # lexicon, mid-game rows


def lexigrid_run(
    engine: Engine, cgp: str, plays: int, plies: int, iterations: int, seed: int
) -> tuple[int, float]:
    """One simulation: play-outs and CPU seconds."""
    position = parse_cgp(cgp, engine.rules)
    start = time.process_time()
    result = simulate(position, engine, plays=plays, plies=plies, iterations=iterations, seed=seed)
    return result.iterations, time.process_time() - start


def magpie_run(
    magpie: Any, cgp: str, plays: int, plies: int, iterations: int, seed: int
) -> tuple[int, float]:
    """One MAGPIE simulation (the position loaded untimed, `gsim` timed): play-outs and CPU seconds."""
    total = plays * iterations
    magpie.run(
        f"set -numplays {plays} -plies {plies} -iterations {total} -minp {iterations} -scondition none "
        f"-seed {seed} -threads 1"
    )
    magpie.run(f"cgp {cgp}")
    start = time.process_time()
    output = magpie.run("gsim")
    cpu = time.process_time() - start
    found = re.search(r"Iters:\s+(\d+)", output)
    return (int(found.group(1)) if found else total), cpu


def median_interval(values: list[float], level: float = 0.95) -> tuple[float, float]:
    """A distribution-free interval for the median (order statistics, the sign test's binomial): the
    k-th smallest and k-th largest, k the largest with P(Binomial(n, 1/2) < k) <= (1 - level) / 2;
    the smallest and largest when n is too small for the level."""
    ordered, n = sorted(values), len(values)
    k, tail = 0, 0.0
    while k < n and tail + math.comb(n, k) / 2**n <= (1 - level) / 2:
        tail += math.comb(n, k) / 2**n
        k += 1
    k = max(k, 1)
    return ordered[k - 1], ordered[n - k]


def open_magpie(args: argparse.Namespace) -> tuple[Any, str, Path | None]:
    """MAGPIE in this process (bench_scrabble_best's wrapper) and its data folder, or None and why not."""
    if args.no_magpie:
        return None, "MAGPIE not run (--no-magpie)", None
    from bench_scrabble_best import MagpieInProcess, find_magpie, magpie_commit

    lib, data, missing = find_magpie(args)
    if lib is None or data is None:
        return None, f"MAGPIE not run: {missing}", None
    try:
        magpie = MagpieInProcess(lib, data)
    except (OSError, RuntimeError) as error:
        return None, f"MAGPIE not run: {error}", None
    return magpie, f"MAGPIE {magpie_commit(lib)}: {lib} in process, data {data} (TWL06 KWG, KLV2, WMP)", data


def english_setup(args: argparse.Namespace) -> tuple[Engine, dict[str, str], str]:
    """TWL06 with --leaves, the reference board with each of RACKS, and what the lexicon is called."""
    leaves = load_leaves(KLV2 if args.leaves == "klv2" else args.leaves)
    engine = Engine(load(str(TWL06)), leaves=leaves).prepare()
    return engine, {rack: f"{REFERENCE} {rack}/ 0/0 0" for rack in RACKS}, "TWL06"


def language_setup(args: argparse.Namespace) -> tuple[Engine, dict[str, str], str]:
    """The language's KWG, tile set and leaves (its KLV2 unless --leaves heuristic), its mid-game positions
    with the mover's rack only, and the lexicon's name."""
    from lexigrid.lexicon import Lexicon
    from lexigrid.lexicon.kwg import kwg_words
    from lexigrid.scrabble.core.rules import Rules, layout, tile_set
    from lexigrid.scrabble.engine.leave import HeuristicLeaves, KlvLeaves, LeaveModel

    name, rows = LANGUAGES[args.language]
    folder, tiles = SHARED / "scrabble" / args.language, tile_set(args.language)
    words = kwg_words((folder / f"{name}.kwg").read_bytes(), name, tiles.alphabet.glyphs)
    leaves: LeaveModel = (
        HeuristicLeaves()
        if args.leaves == "heuristic"
        else KlvLeaves.read(folder / f"{name}.klv2", tiles.alphabet)
    )
    lexicon = Lexicon.from_words(words, name=name, alphabet=args.language)
    engine = Engine(lexicon, Rules(tiles, layout()), leaves).prepare()
    lines = (folder / "positions.jsonl").read_text(encoding="utf-8").splitlines()
    positions = {}
    for row in rows:
        board, racks, scores, zeros = json.loads(lines[row])["cgp"].split()[:4]
        rack = racks.split("/")[0]
        positions[f"#{row} {rack}"] = f"{board} {rack}/ {scores} {zeros}"
    return engine, positions, name


def playout_speed(args: argparse.Namespace) -> None:
    """Play-outs per CPU second, lexigrid beside MAGPIE, interleaved rounds, medians and ratios."""
    needed = SHARED / "scrabble" / args.language if args.language else TWL06
    if not needed.exists():
        print(f"{needed} is absent: the play-out benchmark needs ../shared beside the checkout")
        return
    engine, positions, lexicon = language_setup(args) if args.language else english_setup(args)
    magpie, note, data = open_magpie(args)
    if magpie is not None and data is not None and args.language:
        wmp = (data / "lexica" / f"{lexicon}.wmp").exists()
        magpie.run(f"set -lex {lexicon} -leaves {lexicon} -wmp {str(wmp).lower()}")
        note += f"; {lexicon} {'with' if wmp else 'without'} its word map"
    rates: dict[tuple[str, str], list[float]] = {}
    for round_ in range(args.repeats):
        for rack, cgp in positions.items():
            runs = [("lexigrid", lexigrid_run, engine)] + ([("MAGPIE", magpie_run, magpie)] if magpie else [])
            if round_ % 2:
                runs.reverse()
            for name, run, handle in runs:
                playouts, cpu = run(handle, cgp, args.plays, args.plies, args.iterations, round_ + 1)
                rates.setdefault((rack, name), []).append(playouts / cpu)
    board = f"{args.language} positions" if args.language else "reference board"
    print(
        f"Play-outs per CPU second, {board}, {args.plays} plays, {args.plies} plies, at most "
        f"{args.iterations} a play, {lexicon}, lexigrid's leaves {args.leaves} "
        f"({'compiled loop' if PlayoutLoop.fits(engine) else 'Python play state'}), one core, medians of "
        f"{args.repeats} interleaved rounds"
    )
    for rack in positions:
        ours = statistics.median(rates[rack, "lexigrid"])
        line = f"  {rack}: lexigrid {ours:,.0f}/s"
        if magpie is not None:
            theirs = statistics.median(rates[rack, "MAGPIE"])
            line += f", MAGPIE {theirs:,.0f}/s, lexigrid / MAGPIE {ours / theirs:.2f}"
            paired = [a / b for a, b in zip(rates[rack, "lexigrid"], rates[rack, "MAGPIE"], strict=True)]
            low, high = median_interval(paired)
            above = sum(r > 1 for r in paired)
            line += (
                f"; round by round median {statistics.median(paired):.3f}, 95 % interval {low:.3f}-{high:.3f}"
                f", above 1 in {above} of {len(paired)}"
            )
        print(line)
    print(f"  {note}")
    if magpie is not None:
        magpie.close()


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
    parser.add_argument("--speed-only", action="store_true", help="the play-out speed only (no self-play)")
    parser.add_argument("--repeats", type=int, default=5, help="interleaved rounds of the play-out speed")
    parser.add_argument("--iterations", type=int, default=300, help="play-outs a play at most")
    parser.add_argument("--plays", type=int, default=15)
    parser.add_argument("--plies", type=int, default=2)
    parser.add_argument("--leaves", help="lexigrid's: learned (English's default), klv2 (MAGPIE's), a file")
    parser.add_argument("--language", choices=sorted(LANGUAGES), help="Catalan or French (default English)")
    parser.add_argument("--magpie-lib", help="MAGPIE's libmagpie.so (see bench_scrabble_best.py)")
    parser.add_argument("--magpie-data", help="MAGPIE's data folder")
    parser.add_argument("--no-magpie", action="store_true")
    args = parser.parse_args()
    args.leaves = args.leaves or ("klv2" if args.language else "learned")
    if not args.skip_speed:
        playout_speed(args)
    if args.speed_only:
        return
    match(args.players, args.games, args.minutes, args.jobs, args.batch, args.seed)


if __name__ == "__main__":
    main()
