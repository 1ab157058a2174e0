"""Match harness: two players over pairs of games with the same seeded tile order, seats swapped.

    nice -n 5 python benchmarks/bench_match.py A B [--pairs 50] [--seconds 0.5] [--minutes M]
        [--checkpoint FILE] [--seed 1] [--jobs 1] [--magpie-lib PATH] [--magpie-data DIR]

A and B are players:
- `sim` / `best` (lexigrid's play chooser, `analysis/chooser.py`, at --seconds a move: simulation, the
  pre-endgame solver for `best`, the exact endgame), with options after slashes: `sim/plies=3`,
  `best/plays=20`, `sim/spread=0.001` (the simulation's spread weight, SPREAD_WEIGHT, for this player),
  `sim/infer=1` (the opponent's racks drawn from what their last placement says they kept; `sim/infer=0`
  draws them at random);
- `old` (the previous `sim` level: 10 plays, 2 plies, 100 play-outs each, the endgame solver);
- `equity` (static equity, the endgame solver at --seconds);
- `magpie` (MAGPIE 183bebc in this process through bin/libmagpie.so and its command API, one thread:
  `gsimulate -plies P -numplays 15` while the bag holds tiles (P at most the bag's size), `endgame -etlim
  S -eplies 25` with it empty, each also stopped once it has used --seconds of CPU; its best static move
  if a search gave none), as lexigrid's `sim` plays: simulation through the pre-endgame, the exact
  endgame; options `magpie/plies=3`, `magpie/eplies=N`, `magpie/peg=1` (MAGPIE's pre-endgame solver, `peg
  -pegtlim S`, with 1 to 4 in the bag). The endgame gets MAGPIE's own time limit (wall time, which under
  load is more than the CPU time it gets): without it the endgame ran through a deepening iteration past
  the stop request, and the pre-endgame solver planned for the simulation's safety net, several times the
  budget (3.1 s of CPU a move at 0.5 s); the pre-endgame solver still overruns its -pegtlim (2.9 s of CPU
  on a 4-in-the-bag reference position at 0.5 s), so it is not the default.
Both sides play TWL06 (../shared/data/lexicons/twl06.txt; MAGPIE its TWL06.kwg) with MAGPIE's KLV2
leaves (../shared/data/scrabble/TWL06.klv2 for lexigrid too). A pair's two games share the seed (the
bag's order); the engines swap seats, so the luck of the draw largely cancels. Each game is a task of
the shared runner (`lexigrid.runner`, progress bar), recorded in the checkpoint (JSON Lines, one record
a game) as it finishes: a rerun with the same arguments skips the games already played. Reported: games,
A's wins and draws, the Wilson 95 % interval of A's win rate (draws half), A's mean spread, the CPU time
(time.process_time, MAGPIE's thread included) per move on each side, overall and by phase (midgame,
pre-endgame, endgame), a warning when the two sides' CPU a move differ by more than CPU_TOLERANCE (a
static player such as `equity` always does), **where games are decided** (each record keeps A's lead at
the first move of each phase; for the games reaching the pre-endgame and the endgame: the points A gained
from there to the end, and how many games each side won from behind, the other leading as it began), and
the command. Time per move is
CPU time for both engines (this process's, so a shared machine's load does not tilt it): lexigrid's
searches read a CPU clock (`CpuTime`), MAGPIE is stopped once its thread has used the time (the exact
endgame solvers of both stop on their own wall clocks); the CPU columns show what each really used.
Not part of the test suite.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import random
import re
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from lexigrid.checkpoint import Checkpoint
from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon, load
from lexigrid.runner import Runner
from lexigrid.scrabble.analysis import peg as peg_module
from lexigrid.scrabble.analysis import sim as sim_module
from lexigrid.scrabble.analysis.chooser import BEST_METHODS, SIM_METHODS, GameClock, PlayChooser
from lexigrid.scrabble.analysis.phase import PHASES, phase
from lexigrid.scrabble.analysis.sim_player import SimPlayer
from lexigrid.scrabble.core.board import Rack
from lexigrid.scrabble.core.cgp import Position, format_cgp
from lexigrid.scrabble.core.move import Move, parse_move
from lexigrid.scrabble.core.referee import check
from lexigrid.scrabble.engine.leave import load_leaves
from lexigrid.scrabble.engine.movegen import Engine
from lexigrid.scrabble.game.game import Game
from lexigrid.scrabble.game.players import EquityPlayer, Player
from lexigrid.stats import wilson

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_scrabble_best import MAGPIE_DATA, MAGPIE_LIB  # where the reference engines are

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
TWL06 = SHARED / "lexicons" / "twl06.txt"
KLV2 = SHARED / "scrabble" / "TWL06.klv2"
MAGPIE_PEG_MAX_BAG = 4  # MAGPIE's pre-endgame solver takes 1 to 4 tiles in the bag
MAGPIE_ENDGAME_PLIES = 25  # MAGPIE's endgame depth cap (`magpie/eplies=N`)


class Magpie:
    """MAGPIE's library in this process: one handle, commands as strings (its own C API, ctypes)."""

    def __init__(self, lib: Path, data: Path) -> None:
        self.lib = ctypes.CDLL(str(lib))
        self.lib.magpie_create.restype = ctypes.c_void_p
        self.lib.magpie_create.argtypes = [ctypes.c_char_p]
        for name in ("magpie_run_sync", "magpie_run_async"):
            getattr(self.lib, name).restype = ctypes.c_int
            getattr(self.lib, name).argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        self.lib.magpie_await.argtypes = [ctypes.c_void_p]
        self.lib.magpie_get_thread_status.restype = ctypes.c_int
        self.lib.magpie_get_thread_status.argtypes = [ctypes.c_void_p]
        self.lib.magpie_stop_current_command.argtypes = [ctypes.c_void_p]
        for name in ("magpie_get_last_command_output", "magpie_get_and_clear_error"):
            getattr(self.lib, name).restype = ctypes.c_void_p
            getattr(self.lib, name).argtypes = [ctypes.c_void_p]
        self.lib.magpie_free_string.argtypes = [ctypes.c_void_p]
        self.handle = self.lib.magpie_create(str(data).encode())
        self.run("set -savesettings false -lex TWL06 -ld english -threads 1 -wmp true -ttfraction 0.01")

    def _text(self, pointer: int | None) -> str:
        if not pointer:
            return ""
        text = ctypes.string_at(pointer).decode(errors="replace")
        self.lib.magpie_free_string(pointer)
        return text

    def run(self, command: str) -> str:
        """A command run to its end; its output."""
        status = self.lib.magpie_run_sync(self.handle, command.encode())
        if status == 1:
            raise RuntimeError(
                f"MAGPIE: {command}: {self._text(self.lib.magpie_get_and_clear_error(self.handle))}"
            )
        return self._text(self.lib.magpie_get_last_command_output(self.handle))

    def run_for(self, command: str, seconds: float) -> str:
        """A command stopped once this process has used `seconds` of CPU time (MAGPIE's thread's, this
        waiting loop's being negligible) if still running; its output."""
        self.lib.magpie_run_async(self.handle, command.encode())
        deadline = time.process_time() + seconds
        while self.lib.magpie_get_thread_status(self.handle) in (0, 1) and time.process_time() < deadline:
            time.sleep(0.002)
        if self.lib.magpie_get_thread_status(self.handle) in (0, 1):
            self.lib.magpie_stop_current_command(self.handle)
        self.lib.magpie_await(self.handle)
        self._text(self.lib.magpie_get_and_clear_error(self.handle))
        return self._text(self.lib.magpie_get_last_command_output(self.handle))


_MAGPIE: list[Magpie] = []


def magpie(lib: Path, data: Path) -> Magpie:
    """This process's MAGPIE handle."""
    if not _MAGPIE:
        _MAGPIE.append(Magpie(lib, data))
    return _MAGPIE[0]


WALL_LIMIT_FACTOR = 1000  # MAGPIE's wall-time limit, x the CPU budget that `run_for` enforces
_MOVE_LINE = re.compile(r"(?:^|\s)1:\s+(.+?)\s{2,}")
_EXCHANGE = re.compile(r"\(exch\s+([^)\s]+)\)", re.IGNORECASE)  # the tiles only, not a score after it


def magpie_move(text: str, position: Position) -> Move | None:
    """The first ranked move of MAGPIE's output as a lexigrid move (None if there is none)."""
    for line in text.splitlines():
        found = _MOVE_LINE.search(line + "  ")
        candidate = found.group(1) if found else None
        if candidate is None and re.match(r"^[0-9]{1,2}[A-O] |^[A-O][0-9]{1,2} ", line):
            candidate = " ".join(line.split()[:2])  # an endgame's principal variation starts its line
        if candidate is not None:
            return _as_move(candidate.strip(), position)
    return None


def _as_move(text: str, position: Position) -> Move | None:
    """MAGPIE's notation (`8D FLAMES`, `H1 ARSENIT(E)`, `(exch ABC)`, `(Pass)`) as a move."""
    lowered = text.lower()
    if "pass" in lowered:
        return Move("pass")
    if "exch" in lowered:
        exchanged = _EXCHANGE.search(text)
        return Move("exchange", word=exchanged.group(1)) if exchanged else None
    square, _, word = text.partition(" ")
    try:
        move = parse_move(f"{square} {word.split()[0]}", position.board)
    except LexigridError:
        return None
    return replace(move, score=check(position.board, move, LEXICON[0]))  # scored (and checked) by lexigrid


@dataclass
class MagpiePlayer:
    """MAGPIE's simulating player, by phase, at `seconds` a move."""

    lib: Path
    data: Path
    seconds: float
    plies: int = 2
    level: str = "magpie"
    peg: bool = False  # MAGPIE's pre-endgame solver with 1 to 4 in the bag (else it simulates on)
    eplies: int = MAGPIE_ENDGAME_PLIES

    def choose(self, position: Position, rng: random.Random) -> Move:
        mp = magpie(self.lib, self.data)
        bag = position.bag_when_full()
        opponent = position.racks[1] if bag == 0 else Rack()
        seen = Position(position.board, (position.rack, opponent), position.scores, position.zeros)
        mp.run("cgp " + " ".join(format_cgp(seen).split()[:4]) + f" -seed {rng.getrandbits(31)}")
        # MAGPIE's own -tlim is wall time, only a safety net here: under a heavy load (a nice 19 run gets a
        # few % of a core) 10 x S of wall time was ~0.35 x S of CPU, so its searches stopped early
        wall = f"{WALL_LIMIT_FACTOR * self.seconds:g}"
        budget = f"{self.seconds:g}"
        if bag == 0:
            command = f"endgame -threads 1 -eplies {self.eplies} -etlim {budget}"
        elif bag <= MAGPIE_PEG_MAX_BAG and self.peg:
            command = f"peg -threads 1 -pegtlim {budget} -tlim {budget}"
        else:
            limits = f"-tlim {wall} -threads 1 -iterations 100000000"
            command = f"gsimulate -plies {min(self.plies, bag)} -numplays 15 {limits}"
        move = magpie_move(mp.run_for(command, self.seconds), seen)
        if move is None:  # no search result in time: MAGPIE's best static move
            mp.run("generate")
            move = magpie_move(mp.run("shmoves 1"), seen)
        if move is None:
            raise RuntimeError(f"MAGPIE gave no move for {format_cgp(seen)}")
        return move


class CpuTime:
    """A stand-in for the `time` module whose clock is this process's CPU time: lexigrid's searches then
    stop at a CPU budget, as MAGPIE's are stopped here (`Magpie.run_for`)."""

    perf_counter = staticmethod(time.process_time)


CLOCK_READERS = (sim_module, peg_module)  # the searches that stop by `time.perf_counter`


@dataclass
class Timed:
    """A player whose moves' CPU time is counted, in all and by the game's phase."""

    player: Player
    cpu: float = 0.0
    moves: int = 0
    level: str = field(default="")
    by_phase: dict[str, list[float]] = field(default_factory=dict)  # phase: [CPU seconds, moves]
    sign: int = 1  # +1 for A, -1 for B: A's lead is sign x (the mover's score - the other's)
    leads: dict[str, int] = field(default_factory=dict)  # phase: A's lead at its first move (shared)

    def choose(self, position: Position, rng: random.Random) -> Move:
        start = time.process_time()
        seen = Position(position.board, (position.rack, Rack()), position.scores, position.zeros)
        now = phase(seen)
        counted = self.by_phase.setdefault(now, [0.0, 0])
        self.leads.setdefault(now, self.sign * (position.scores[0] - position.scores[1]))
        weight = sim_module.SPREAD_WEIGHT
        clocks = [vars(module)["time"] for module in CLOCK_READERS]
        spread = getattr(self.player, "spread", None)
        if spread is not None:
            sim_module.SPREAD_WEIGHT = spread
        for module in CLOCK_READERS:
            vars(module)["time"] = CpuTime
        try:
            return self.player.choose(position, rng)
        finally:
            sim_module.SPREAD_WEIGHT = weight
            for module, clock in zip(CLOCK_READERS, clocks, strict=True):
                vars(module)["time"] = clock
            used = time.process_time() - start
            self.cpu += used
            self.moves += 1
            counted[0] += used
            counted[1] += 1


@dataclass
class SpreadChooser(PlayChooser):
    """A play chooser with its own spread weight (the bench sets sim.SPREAD_WEIGHT around its moves)."""

    spread: float | None = None


_ENGINES: dict[str, tuple[Lexicon, Engine]] = {}
LEXICON: list[Lexicon] = []


def engine() -> tuple[Lexicon, Engine]:
    """TWL06 with MAGPIE's KLV2 leaves, once per process."""
    if not _ENGINES:
        lexicon = load(str(TWL06))
        _ENGINES["twl06"] = (lexicon, Engine(lexicon, leaves=load_leaves(KLV2)).prepare())
        LEXICON.append(lexicon)
    return _ENGINES["twl06"]


def make_player(spec: str, seconds: float, lib: Path, data: Path) -> Player:
    """A player from its spec (see the module's docstring)."""
    name, *options = spec.split("/")
    settings = {k: v for k, _, v in (o.partition("=") for o in options)}
    _, eng = engine()
    if name == "magpie":
        plies = int(settings.get("plies", 2))
        eplies = int(settings.get("eplies", MAGPIE_ENDGAME_PLIES))
        return MagpiePlayer(lib, data, seconds, plies, spec, settings.get("peg") == "1", eplies)
    if name == "equity":
        return EquityPlayer(eng, spec, endgame_seconds=seconds)
    if name == "old":
        return SimPlayer(eng, spec, plays=10, plies=2, iterations=100, endgame_seconds=seconds)
    if name in ("sim", "best"):
        methods = dict(BEST_METHODS if name == "best" else SIM_METHODS)
        chooser = SpreadChooser(eng, spec, GameClock(seconds, time.process_time), methods, per_move=seconds)
        chooser.plies = int(settings.get("plies", chooser.plies))
        chooser.plays = int(settings.get("plays", chooser.plays))
        chooser.spread = float(settings["spread"]) if "spread" in settings else None
        chooser.infer = settings.get("infer", "1" if chooser.infer else "0") == "1"
        return chooser
    raise SystemExit(
        f"error: unknown player {spec!r}: use sim, best, old, equity or magpie (with /key=value)"
    )


def play_game(item: tuple[int, int, str, str, float, str, str]) -> dict[str, Any]:
    """One game: pair `pair`'s seed, A in seat `seat`; the result from A's side."""
    pair, seat, a_spec, b_spec, seconds, lib, data = item
    lexicon, _ = engine()
    leads: dict[str, int] = {}
    a = Timed(make_player(a_spec, seconds, Path(lib), Path(data)), leads=leads)
    b = Timed(make_player(b_spec, seconds, Path(lib), Path(data)), sign=-1, leads=leads)
    game = Game.new(["equity", "equity"], seed=pair, lexicon=lexicon, endgame_seconds=None)
    seats = (a, b) if seat == 0 else (b, a)
    for i, player in enumerate(seats):
        game.seat_computer(i, player)
    game.play_computers()
    spread = game.scores[seat] - game.scores[1 - seat]
    return {
        "pair": pair,
        "seat": seat,
        "spread": spread,
        "a_cpu": a.cpu,
        "a_moves": a.moves,
        "b_cpu": b.cpu,
        "b_moves": b.moves,
        "a_phases": a.by_phase,
        "b_phases": b.by_phase,
        "a_leads": {name: leads[name] for name in PHASES if name in leads},
        "scores": list(game.scores),
    }


def report(records: list[dict[str, Any]], a: str, b: str, command: str) -> dict[str, Any]:
    """The match's figures from A's side."""
    games = len(records)
    wins = sum(1 for r in records if r["spread"] > 0)
    draws = sum(1 for r in records if r["spread"] == 0)
    low, high = wilson(wins + draws / 2, games)
    a_moves = sum(r["a_moves"] for r in records) or 1
    b_moves = sum(r["b_moves"] for r in records) or 1
    return {
        "a": a,
        "b": b,
        "games": games,
        "wins": wins,
        "draws": draws,
        "win_rate": (wins + draws / 2) / games if games else 0.0,
        "interval": [round(low, 4), round(high, 4)],
        "mean_spread": sum(r["spread"] for r in records) / games if games else 0.0,
        "a_cpu_ms_per_move": 1000 * sum(r["a_cpu"] for r in records) / a_moves,
        "b_cpu_ms_per_move": 1000 * sum(r["b_cpu"] for r in records) / b_moves,
        "a_cpu_ms_by_phase": _by_phase(records, "a_phases"),
        "b_cpu_ms_by_phase": _by_phase(records, "b_phases"),
        "endings": endings(records),
        "command": command,
    }


CPU_TOLERANCE = 0.2  # the sides' CPU a move may differ by this share before the report says so
ENDINGS = ("pre-endgame", "endgame")


def endings(records: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Where games are decided: for the games that reached each of ENDINGS (records that kept the leads),
    how many, the points A gained from there to the end (its mean), and how many each side won from behind
    (the other led when it began); paired seats make the two sides' counts comparable."""
    found: dict[str, dict[str, float]] = {}
    for name in ENDINGS:
        reached = [(r["a_leads"][name], r["spread"]) for r in records if name in r.get("a_leads", {})]
        if not reached:
            continue
        found[name] = {
            "games": len(reached),
            "a_points_gained": sum(end - lead for lead, end in reached) / len(reached),
            "a_won_from_behind": sum(1 for lead, end in reached if lead < 0 < end),
            "b_won_from_behind": sum(1 for lead, end in reached if end < 0 < lead),
        }
    return found


def _by_phase(records: list[dict[str, Any]], key: str) -> dict[str, float]:
    """A side's CPU milliseconds a move in each phase (records from before phases were kept count in
    none)."""
    totals: dict[str, list[float]] = {}
    for r in records:
        for name, (cpu, moves) in r.get(key, {}).items():
            total = totals.setdefault(name, [0.0, 0])
            total[0] += cpu
            total[1] += moves
    return {name: 1000 * totals[name][0] / totals[name][1] for name in PHASES if name in totals}


def cpu_warning(result: dict[str, Any]) -> str | None:
    """A line saying the sides did not get equal CPU a move, when they differ by over CPU_TOLERANCE."""
    a, b = result["a_cpu_ms_per_move"], result["b_cpu_ms_per_move"]
    if not a or not b or max(a, b) <= (1 + CPU_TOLERANCE) * min(a, b):
        return None
    return (
        f"warning: unequal CPU a move, {a:.0f} ms ({result['a']}) v {b:.0f} ms ({result['b']}) "
        f"(ratio {a / b:.2f}): not a match at equal time"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--pairs", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=0.5, help="time a move for both sides")
    parser.add_argument("--minutes", type=float, default=None, help="stop starting games after this long")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--checkpoint", type=Path, default=None)
    parser.add_argument(
        "--magpie-lib", type=Path, default=Path(os.environ.get("LEXIGRID_MAGPIE_LIB", MAGPIE_LIB))
    )
    parser.add_argument(
        "--magpie-data", type=Path, default=Path(os.environ.get("LEXIGRID_MAGPIE_DATA", MAGPIE_DATA))
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    command = "python benchmarks/bench_match.py " + " ".join(sys.argv[1:])
    header = {"job": "bench_match", "a": args.a, "b": args.b, "seconds": args.seconds, "seed": args.seed}
    try:
        checkpoint = Checkpoint(args.checkpoint, header)
    except LexigridError as error:  # another match's checkpoint: one line, as the CLI says it
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
    done = {(r["pair"], r["seat"]) for r in checkpoint.records}
    items = [
        (args.seed + p, seat, args.a, args.b, args.seconds, str(args.magpie_lib), str(args.magpie_data))
        for p in range(args.pairs)
        for seat in (0, 1)
        if (args.seed + p, seat) not in done
    ]
    started = time.perf_counter()
    runner = Runner(jobs=args.jobs, progress=not args.json)
    for _, record in runner.each(play_game, items, f"{args.a} v {args.b}"):
        checkpoint.add(record)
        if args.minutes is not None and time.perf_counter() - started > 60 * args.minutes:
            break
    result = report(_whole_pairs(checkpoint.records), args.a, args.b, command)
    result["cpu_warning"] = cpu_warning(result)
    if args.json:
        print(json.dumps(result))
        return
    low, high = result["interval"]
    phases = "; ".join(
        f"{side}: " + ", ".join(f"{k} {v:.0f} ms" for k, v in result[f"{key}_cpu_ms_by_phase"].items())
        for side, key in ((args.a, "a"), (args.b, "b"))
        if result[f"{key}_cpu_ms_by_phase"]
    )
    warning = result["cpu_warning"]
    decided = "; ".join(
        f"from the {name} ({e['games']:,} games) {args.a} gained {e['a_points_gained']:+.1f} points a game, "
        f"won {e['a_won_from_behind']} from behind, {args.b} {e['b_won_from_behind']}"
        for name, e in result["endings"].items()
    )
    print(
        f"{args.a} v {args.b}, {args.seconds:g} s a move: {result['games']} games, {result['wins']} wins, "
        f"{result['draws']} draws, win rate {result['win_rate']:.1%} (95 % {low:.1%}-{high:.1%}), "
        f"mean spread {result['mean_spread']:+.1f}, CPU a move {result['a_cpu_ms_per_move']:.0f} ms "
        f"({args.a}) / {result['b_cpu_ms_per_move']:.0f} ms ({args.b})"
        + (f"; by phase {phases}" if phases else "")
        + (f"\n{decided}" if decided else "")
        + "\n"
        + (f"{warning}\n" if warning else "")
        + command
    )


def _whole_pairs(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The games of the pairs both of whose games are played (a pair's luck cancels only whole)."""
    seats: dict[int, set[int]] = {}
    for r in records:
        seats.setdefault(r["pair"], set()).add(r["seat"])
    return [r for r in records if seats[r["pair"]] == {0, 1}]


if __name__ == "__main__":
    main()
