"""Simulation quality without games: how much a short simulation's choice is worth, against the static best.

    nice -n 10 python benchmarks/bench_sim_oracle.py [--iterations 150] [--seconds 0.2 0.5 1]
        [--players sim magpie old sim/plays=30 sim/plies=3 sim/spread=0 sim/confidence=0.9 sim/stop=none
        sim/aside=0]
        [--seeds 2] [--plays 15] [--plies 2] [--long-plays 30] [--long-plies 2 4] [--min-bag 10]
        [--max-bag 100] [--from-games N [--games-cache FILE]] [--out FILE]

On each reference position of ../shared/data/scrabble/positions.jsonl (TWL06, MAGPIE's KLV2 leaves as in
bench_match.py; the opponent's rack hidden, as a player sees it; positions with at least --min-bag tiles
in the bag, where the `sim` level simulates, and at most --max-bag: 1 to 9 for the pre-endgame's), each
player of --players chooses a move at each --seconds of CPU with --seeds seeds; then the --long-plays best
plays by static equity, and any play a player chose outside them, are each played out --long-plies ahead
(each depth a table of its own; with the bag emptied, to the end of the game) on the same --iterations
deals (every play on every deal: common random numbers, no best-arm sampling), which values them by the
simulation's own utility (win probability plus the spread term) far more surely than a move's budget does:
the *long* values. Each choice is looked up in them. Players (the options as bench_match.py's, after slashes):
- `sim`: `simulate` as the `sim` level runs it (--plays, --plies); `sim/plays=30`, `sim/plies=3`,
  `sim/spread=0` (its SPREAD_WEIGHT), `sim/confidence=0.9` (its stopping confidence), `sim/stop=none`
  (no stop on identification: the whole budget), `sim/aside=0` (no play set aside as a reordering of
  the leader: `sim.reordering`), `sim/sampling=uniform` (every play sampled alike, round
  robin, and no stop: what MAGPIE's sampling amounts to at 0.5 s, where its minimum of 500 play-outs a play
  before best-arm sampling and stopping is not reached);
- `magpie`: MAGPIE's `gsimulate` through its library, exactly as bench_match.py's `magpie` player runs it
  (15 plays, the plies of --plies, stopped at the CPU budget);
- `old`: the previous `sim` level, bench_match.py's `old` player itself (its `make_player`: 10 plays, 2
  plies, 100 play-outs each, whatever the budget);
- `sim/infer=1`: `sim` drawing the opponent's racks from what their last placement says they kept
  (`chooser.opponent_kept`, within INFER_SHARE of the budget, as the `sim` level with `infer` set);
  `sim/infer=full`: the same from the exhaustive inference (MAGPIE's model: every rack within 5 points of
  equity alike; once a position, its time not counted); `sim/infer=soft`: the exhaustive inference with
  the chooser's model (OPPONENT_TEMPERATURE); `sim/keep=1`: told what the opponent really kept after that
  placement (the most any inference could tell); `sim/cheat=1`: told the opponent's whole rack (kept and
  drawn since). These need positions with a last play and known racks: --from-games.
**--from-games N** takes the positions from N games of `old` against itself instead (seeds GAME_SEED on,
which no match has played): one turn of each game drawn at random among those that follow the opponent's
placement with --min-bag to --max-bag tiles in the bag. The players see what the mover saw (their rack, and
the opponent's last play), and the long values are played out with the opponent's real rack: a choice is
judged by what it was worth against the rack the opponent held, so the mean over the positions is the regret
against the racks real play leaves (which is what inference is for). --games-cache FILE keeps the games'
positions (JSON Lines, a game a line) so that another run on them does not play them again.
Reported for the static best (the `equity` level's move) and for each player at each budget: the mean
*regret* (the long value's best less the chosen play's, in percentage points of utility, i.e. of winning
with the spread term at its default weight; of winning alone; and in points of spread), with a 95 %
bootstrap interval over the positions (a position's seeds averaged), how many choices were better or worse
than static equity's, the CPU a choice used, and each player's mean regret less the first player's
(paired by position, with its bootstrap interval): the measure of a change. A regret the short simulation
does not remove is the value a move's budget leaves; a regret above static's would be a simulation that
loses value. The long values' own noise is shared by every player (the same deals). CPU time
(time.process_time); not part of the test suite. --out keeps each position's values, choices and CPU as it
is judged (a checkpoint: JSON Lines under a header of the run's settings); a rerun with the same settings
and file judges only the positions not yet in it (a long run survives a stop), and the summary covers all.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import random
import sys
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from bench_match import MagpiePlayer, make_player
from bench_match import engine as match_engine
from bench_scrabble_best import MAGPIE_DATA, MAGPIE_LIB
from lexigrid.checkpoint import Checkpoint
from lexigrid.errors import LexigridError
from lexigrid.scrabble.analysis import sim as sim_module
from lexigrid.scrabble.analysis.chooser import (
    OPPONENT_MARGIN,
    OPPONENT_TEMPERATURE,
    opponent_kept,
)
from lexigrid.scrabble.analysis.infer import INFER_SHARE, kept_after
from lexigrid.scrabble.analysis.sim_player import SimPlayer
from lexigrid.scrabble.core.alphabet import leave_after
from lexigrid.scrabble.core.cgp import Position, cgp_language_rules, format_cgp, parse_cgp
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.engine.movegen import Engine
from lexigrid.scrabble.engine.winpct import lexicon_table
from lexigrid.scrabble.game.game import Game

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
POSITIONS = SHARED / "scrabble" / "positions.jsonl"
LONG_SEED = 987654  # the long values' deals: none of the short simulations' seeds
GAME_SEED = 50001  # --from-games: the games' seeds from here (no match has played them)
NO_STOP = 1 - 1e-12  # a stopping confidence the budget always ends first (`sim/stop=none`)
NEVER = 10**12  # play-outs no leader reaches: nothing set aside (`sim/aside=0`)
BOOTSTRAP = 4000  # resamples of the positions for the intervals
BOOTSTRAP_SEED = 20261126
Rows = dict[str, list[list[tuple[float, float, float, float]]]]  # label: positions: seeds: regrets and CPU


class CpuTime:
    """A stand-in for the `time` module whose clock is this process's CPU time (as bench_match.py)."""

    perf_counter = staticmethod(time.process_time)


def same_move(a: Move, b: Move) -> bool:
    """Whether two moves are the same play (an exchange's tiles in any order)."""
    if a.kind == "exchange" and b.kind == "exchange":
        return sorted(a.word) == sorted(b.word)
    return a.notation == b.notation


@dataclass(frozen=True)
class View:
    """A position to choose in: as the mover sees it, the truth (the opponent's rack too, when known), the
    opponent's last placement and what they really kept after it (when known)."""

    seen: Position
    truth: Position
    last: str | None = None
    kept: str | None = None


Source = tuple[str, str | None, str | None]  # a position's CGP, the last play and what its player kept


@dataclass
class Recorder:
    """A player that records each position it is given with the opponent's last play, then plays as
    `player` and logs what it kept (in `log`, shared by both players: the game's moves in order)."""

    player: Any
    min_bag: int  # the game is stopped (Enough) once fewer tiles are in the bag
    log: list[str]
    seen: list[tuple[str, str | None, int, int]] = field(default_factory=list)  # CGP, last, bag, move number
    level: str = "recorder"

    def choose(self, position: Position, rng: random.Random) -> Move:
        bag = position.seen_by_mover().bag_when_full()
        if bag < self.min_bag:
            raise Enough
        self.seen.append((format_cgp(position), position.last_play(), bag, len(self.log)))
        move: Move = self.player.choose(position, rng)
        self.log.append(leave_after(str(position.rack), move.tiles_used))
        return move


class Enough(Exception):
    """A game has given every position it can (the bag below --min-bag)."""


def game_position(
    seed: int, min_bag: int, max_bag: int, cache: Checkpoint | None, known: dict[int, Any]
) -> Source | None:
    """A position from a game of `old` against itself (seed `seed`): a turn drawn at random among those after
    the opponent's placement with --min-bag to --max-bag tiles in the bag; its CGP with both racks, that
    placement and what the opponent kept (None: no such turn). The game stops once the bag holds fewer than
    --min-bag. With a --games-cache (`known`: its records by seed) the game is played once."""
    if seed in known:
        return (
            None
            if known[seed]["cgp"] is None
            else (known[seed]["cgp"], known[seed]["last"], known[seed]["kept"])
        )
    lexicon, _ = match_engine()
    game = Game.new(["equity", "equity"], seed=seed, lexicon=lexicon, endgame_seconds=None)
    log: list[str] = []
    recorders = [Recorder(make_player("old", 1.0, MAGPIE_LIB, MAGPIE_DATA), min_bag, log) for _ in range(2)]
    for i, recorder in enumerate(recorders):
        game.seat_computer(i, recorder)
    with contextlib.suppress(Enough):
        game.play_computers()
    turns = [
        (cgp, last, log[number - 1])
        for recorder in recorders
        for cgp, last, bag, number in recorder.seen
        if last is not None and min_bag <= bag <= max_bag
    ]
    print(f"game {seed}: {len(turns)} turns to choose from", file=sys.stderr, flush=True)
    found = random.Random(seed).choice(turns) if turns else None
    if cache is not None:
        cache.add(
            {"seed": seed, "cgp": None, "last": None, "kept": None}
            if found is None
            else dict(zip(("seed", "cgp", "last", "kept"), (seed, *found), strict=True))
        )
    return found


@dataclass
class Chooser:
    """A player of --players: its label and how it chooses."""

    spec: str
    plays: int
    plies: int
    spread: float | None = None
    confidence: float = sim_module.DEFAULT_CONFIDENCE
    uniform: bool = False  # every play sampled alike (round robin), no stop: MAGPIE's at 0.5 s
    magpie: bool = False
    match: bool = False  # bench_match.py's player of this spec (`old`)
    infer: str = ""  # "1": the opponent's racks drawn from what their last play says they kept (sampled);
    # "full" / "soft": the same from the exhaustive inference, MAGPIE's model / the chooser's (not timed)
    keep: bool = False  # told what the opponent really kept after their last play (what inference could give)
    cheat: bool = False  # told the opponent's whole rack (kept and drawn)
    aside: bool = True  # the leader's reorderings set aside (`sim.REORDER_AFTER`)

    def choose(self, view: View, engine: Engine, seconds: float, seed: int) -> tuple[Move, float]:
        """The chosen move and the CPU seconds it took."""
        start = time.process_time()
        position = view.truth if self.cheat else view.seen
        plies = min(self.plies, position.bag_when_full())
        if self.magpie:
            player = MagpiePlayer(MAGPIE_LIB, MAGPIE_DATA, seconds, plies)
            move = player.choose(position, random.Random(seed))
            return move, time.process_time() - start
        if self.match:
            match_player = make_player(self.spec, seconds, MAGPIE_LIB, MAGPIE_DATA)
            return match_player.choose(position, random.Random(seed)), time.process_time() - start
        weight, sampling, aside = (
            sim_module.SPREAD_WEIGHT,
            vars(sim_module)["top_two"],
            sim_module.REORDER_AFTER,
        )
        if not self.aside:
            sim_module.REORDER_AFTER = NEVER
        if self.spread is not None:
            sim_module.SPREAD_WEIGHT = self.spread
        if self.uniform:
            vars(sim_module)["top_two"] = round_robin
        opponent: sim_module.LeaveDistribution | None = None
        if self.keep and view.kept is not None:
            opponent = [(view.kept, 1.0)]
        elif self.infer == "1" and view.last is not None:
            opponent = opponent_kept(position, view.last, engine, INFER_SHARE * seconds, time.process_time)
            seconds -= time.process_time() - start
        elif self.infer in ("full", "soft") and view.last is not None:
            opponent = exhaustive_kept(format_cgp(view.seen), view.last, engine, self.infer == "soft")
            start = time.process_time()
        try:
            result = sim_module.simulate(
                position,
                engine,
                plays=self.plays,
                plies=plies,
                seconds=seconds,
                seed=seed,
                confidence=self.confidence,
                opponent=opponent,
            )
        finally:
            sim_module.SPREAD_WEIGHT = weight
            vars(sim_module)["top_two"] = sampling
            sim_module.REORDER_AFTER = aside
        return result.best, time.process_time() - start


@functools.cache
def exhaustive_kept(cgp: str, last: str, engine: Engine, soft: bool) -> sim_module.LeaveDistribution | None:
    """The exhaustive inference's leaves after `last` in the position `cgp` (once per position): MAGPIE's
    model, or with `soft` the play chooser's (OPPONENT_MARGIN and OPPONENT_TEMPERATURE)."""
    if not soft:
        return kept_after(parse_cgp(cgp), last, engine).distribution()
    found = kept_after(parse_cgp(cgp), last, engine, margin=OPPONENT_MARGIN, temperature=OPPONENT_TEMPERATURE)
    return found.distribution()


def round_robin(utilities: list[Any], caps: int, picks: int, rng: random.Random) -> list[int]:
    """`picks` plays to sample next, always the play with the fewest play-outs (`top_two`'s signature)."""
    counts = [len(u) for u in utilities]
    chosen = []
    for _ in range(picks):
        pick = min(range(len(counts)), key=lambda c: (counts[c], c))
        if counts[pick] >= caps:
            break
        chosen.append(pick)
        counts[pick] += 1
    return chosen


def make_chooser(spec: str, plays: int, plies: int) -> Chooser:
    """A player from its spec (see the module's docstring)."""
    name, *options = spec.split("/")
    settings = {k: v for k, _, v in (o.partition("=") for o in options)}
    if name == "magpie":
        return Chooser(spec, 15, int(settings.get("plies", plies)), magpie=True)
    if name == "old":  # bench_match.py's player, its one definition (its plays count for --long-plays)
        old = make_player(spec, 0.0, MAGPIE_LIB, MAGPIE_DATA)
        assert isinstance(old, SimPlayer)
        return Chooser(spec, old.plays, old.plies, match=True)
    if name != "sim":
        raise SystemExit(f"error: unknown player {spec!r}: use sim, magpie or old (with /key=value)")
    chooser = Chooser(spec, int(settings.get("plays", plays)), int(settings.get("plies", plies)))
    if "spread" in settings:
        chooser.spread = float(settings["spread"])
    if "confidence" in settings:
        chooser.confidence = float(settings["confidence"])
    if settings.get("sampling") == "uniform":
        chooser.uniform, chooser.confidence = True, NO_STOP
    if settings.get("stop") == "none":
        chooser.confidence = NO_STOP
    chooser.aside = settings.get("aside") != "0"
    chooser.infer, chooser.cheat = settings.get("infer", ""), settings.get("cheat") == "1"
    chooser.keep = settings.get("keep") == "1"
    return chooser


def long_values(
    position: Position, engine: Engine, plays: int, extra: list[Move], plies: int, n: int
) -> tuple[list[Move], Any]:
    """The candidates (the `plays` best by equity, then `extra`) and an (n, candidates, 2) array of each
    deal's (value, win) for each of them."""
    position = sim_module.with_known_opponent(position)
    every = engine.moves(position).top(None, "equity")
    candidates = every[:plays]
    for move in extra:  # as the engine makes it (a move read from MAGPIE's text has only its notation)
        if not any(same_move(move, c) for c in candidates):
            candidates.append(next((m for m in every if same_move(move, m)), move))
    spec = sim_module.SimSpec(
        format_cgp(position),
        tuple(candidates),
        plies,
        LONG_SEED,
        None,
        None,
        engine.lexicon.sha256,
        uuid.uuid4().hex,
    )
    playout = sim_module.Playout(engine, position, spec, lexicon_table(engine.lexicon.name))
    deals = (playout.iterate(i, range(len(candidates))) for i in range(n))
    found = np.array([[(o.value, o.win) for o in outcomes] for outcomes in deals])  # (replies dropped)
    return candidates, found


def interval(values: np.ndarray, rng: np.random.Generator) -> tuple[float, float]:
    """A 95 % bootstrap interval of the mean over the positions (rows)."""
    draws = rng.integers(0, len(values), size=(BOOTSTRAP, len(values)))
    means = values[draws].mean(axis=1)
    return float(np.percentile(means, 2.5)), float(np.percentile(means, 97.5))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=150, help="deals of the long values")
    parser.add_argument("--seconds", type=float, nargs="+", default=[0.2, 0.5, 1.0])
    parser.add_argument("--players", nargs="+", default=["sim"])
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--plays", type=int, default=sim_module.DEFAULT_PLAYS)
    parser.add_argument("--plies", type=int, default=sim_module.DEFAULT_PLIES)
    parser.add_argument("--long-plays", type=int, default=None, help="default: the most plays of a player")
    parser.add_argument("--long-plies", type=int, nargs="+", default=None, help="default: --plies")
    parser.add_argument("--min-bag", type=int, default=10)
    parser.add_argument("--max-bag", type=int, default=100)
    parser.add_argument("--from-games", type=int, default=0, help="positions from N games, racks known")
    parser.add_argument("--games-cache", type=Path, default=None, help="--from-games' positions, kept")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    choosers = [make_chooser(spec, args.plays, args.plies) for spec in args.players]
    long_plays = args.long_plays or max(c.plays for c in choosers)
    long_plies = args.long_plies or [args.plies]
    lexicon, engine = match_engine()
    vars(sim_module)["time"] = CpuTime  # the short simulations stop at a CPU budget
    labels = [f"{c.spec} {s:g} s" for s in args.seconds for c in choosers]
    # per position, per label: the seeds' (utility regret, win regret, spread regret, cpu, static's)
    rows: dict[int, Rows] = {deep: {label: [] for label in ["static", *labels]} for deep in long_plies}
    settings = {k: v for k, v in vars(args).items() if k not in ("out", "games_cache")}
    try:
        checkpoint = Checkpoint(args.out, {"job": "bench_sim_oracle", **settings})
    except LexigridError as error:  # another run's file: one line, as the CLI says it
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
    done = {r["position"]: r for r in checkpoint.records}
    warmed = False
    for k, source in enumerate(sources(args)):
        record = done.get(k)
        found = (
            source()
            if record is None or "kept" not in record
            else (record["cgp"], record["last"], record["kept"])
        )
        if found is None:
            continue
        cgp, last, kept = found
        truth = parse_cgp(cgp, cgp_language_rules(cgp, lexicon.alphabet))
        view = View(truth.seen_by_mover(), truth if args.from_games else truth.seen_by_mover(), last, kept)
        bag = view.seen.bag_when_full()
        if not args.min_bag <= bag <= args.max_bag:
            continue
        if record is None:
            if not warmed:  # the first simulation loads the win table and play-out state: not a choice's CPU
                sim_module.simulate(view.seen, engine, plays=2, plies=1, iterations=1)
                warmed = True
            record = judged(k, bag, view, choosers, engine, args, long_plays, long_plies)
            checkpoint.add(record)
        text = [f"#{k} bag {bag}"] + [judge(record, str(deep), rows[deep]) for deep in long_plies]
        print("; ".join(text), flush=True)
    for deep in long_plies:
        summarize(rows[deep], args, long_plays, deep)


def sources(args: Any) -> list[Callable[[], Source | None]]:
    """Position k's maker: the reference positions', or game k's of --from-games (made only when needed)."""
    if args.from_games:
        header = {"job": "bench_sim_oracle games", "seed": GAME_SEED, "min_bag": args.min_bag}
        cache = (
            Checkpoint(args.games_cache, {**header, "max_bag": args.max_bag}) if args.games_cache else None
        )
        known = {r["seed"]: r for r in cache.records} if cache is not None else {}
        seeds = range(GAME_SEED, GAME_SEED + args.from_games)
        bags = (args.min_bag, args.max_bag)
        return [functools.partial(game_position, seed, *bags, cache, known) for seed in seeds]
    return [functools.partial(reference_position, line) for line in POSITIONS.read_text().splitlines()]


def reference_position(line: str) -> Source:
    """A reference position's CGP (it has no last play)."""
    return json.loads(line)["cgp"], None, None


def judged(
    k: int,
    bag: int,
    view: View,
    choosers: list[Chooser],
    engine: Engine,
    args: Any,
    long_plays: int,
    long_plies: list[int],
) -> dict[str, Any]:
    """Position k's record (`bag` tiles in its bag): each player's choices and their CPU at each budget, and
    for each depth of --long-plies the long values of the candidates (the best by equity and every choice)."""
    picks: dict[str, list[tuple[Move, float]]] = {}
    for seconds in args.seconds:
        for c in choosers:
            found = [c.choose(view, engine, seconds, seed) for seed in range(1, args.seeds + 1)]
            picks[f"{c.spec} {seconds:g} s"] = found
    extra = [move for found in picks.values() for move, _ in found]
    record: dict[str, Any] = {"position": k, "bag": bag, "cgp": format_cgp(view.truth)}
    record.update(last=view.last, kept=view.kept)
    record["cpu"] = {label: [cpu for _, cpu in found] for label, found in picks.items()}
    for deep in long_plies:
        candidates, values = long_values(
            view.truth, engine, long_plays, extra, min(deep, bag), args.iterations
        )
        win, value = values[:, :, 1].mean(axis=0), values[:, :, 0].mean(axis=0)
        record[str(deep)] = {
            "candidates": [c.notation for c in candidates],
            "utility": sim_module.utility(win, value).tolist(),
            "win": win.tolist(),
            "value": value.tolist(),
            "picks": {
                label: [next(i for i, c in enumerate(candidates) if same_move(move, c)) for move, _ in found]
                for label, found in picks.items()
            },
        }
    return record


def judge(record: dict[str, Any], deep: str, rows: Rows) -> str:
    """Each choice's regret by the long values `deep` plies ahead, added to `rows`; a line naming them."""
    values = record[deep]
    utility, win, value = (np.asarray(values[key]) for key in ("utility", "win", "value"))
    best = int(utility.argmax())
    regret = (100 * (utility.max() - utility), 100 * (win.max() - win), value[best] - value)
    rows["static"].append([(regret[0][0], regret[1][0], regret[2][0], 0.0)])
    text = [f"long best {values['candidates'][best]}"]
    for label, found_at in values["picks"].items():
        cpus = record["cpu"][label]
        rows[label].append(
            [(regret[0][i], regret[1][i], regret[2][i], cpu) for i, cpu in zip(found_at, cpus, strict=True)]
        )
        text.append(f"{label} #{','.join(str(i + 1) for i in found_at)}")
    return ", ".join(text)


def summarize(rows: Rows, args: Any, plays: int, plies: int) -> None:
    """Each player's mean regrets with intervals, and the differences from the first player."""
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    static = [seeds[0][0] for seeds in rows["static"]]
    means = {label: np.array([np.mean(seeds, axis=0) for seeds in found]) for label, found in rows.items()}
    print(
        f"{len(static)} positions, {args.iterations} deals a play, the {plays} best plays by equity and the"
        f" players' choices, {plies} plies; regret in % of utility (winning + spread term) [95 % bootstrap],"
        " % of winning alone, points of spread; CPU a choice:"
    )
    first = next(label for label in rows if label != "static")
    for label, found in rows.items():
        per = means[label]
        low, high = interval(per[:, 0], rng)
        line = f"  {label:>26}: regret {per[:, 0].mean():.3f} % [{low:.3f}-{high:.3f}]"
        line += f", win {per[:, 1].mean():.3f} %, {per[:, 2].mean():.2f} points"
        if label != "static":
            own = [(r[0], s) for seeds, s in zip(found, static, strict=True) for r in seeds]
            better = sum(1 for o, b in own if o < b - 1e-9)
            worse = sum(1 for o, b in own if o > b + 1e-9)
            line += f"; v static better {better}, worse {worse} of {len(own)}"
            line += f"; CPU {1000 * per[:, 3].mean():.0f} ms"
        if label not in ("static", first):
            line += f"; less {first}: " + ", win ".join(
                difference(per[:, j] - means[first][:, j], rng) for j in (0, 1)
            )
        print(line, flush=True)


def difference(diff: np.ndarray, rng: np.random.Generator) -> str:
    """A paired mean difference with its bootstrap interval."""
    low, high = interval(diff, rng)
    return f"{diff.mean():+.3f} [{low:+.3f} to {high:+.3f}]"


if __name__ == "__main__":
    main()
