"""Game review benchmark: a 25-turn game analysed whole (`lexigrid scrabble analyze`), at the default settings
on one core, and the speed-up of --jobs 2 (and of a local Dask cluster of 2 workers, when dask is installed).

Run: python benchmarks/bench_analyze.py [--repeat 3] [--iterations 200] [--seconds-per-turn 2] [--tasks]

The game is seeded self-play on the bundled default lexicon (static-equity players; the first seed whose
record has 25 turns), so no ../shared is needed. Two measurements:

- *default settings* (`--seconds-per-turn 2`, one process): CPU seconds of the whole analysis, median of
  --repeat runs. Goal (issue 29): <= 60 s. A simulation stops early once its best play is identified, so
  this is at most about 25 x 2 s plus the endgame and move generation.
- *the same work over workers* (`--iterations N`: a fixed number of play-outs a play, so every run does the
  same work, whatever the machine's load): wall seconds with 1 process, --jobs 2 and Dask (2 workers), the
  ratios beside; CPU seconds (this process and its children, plus the Dask workers' own, read from them)
  say how much work each did. Dask twice: a local cluster started by the run itself (as `--jobs 2
  --backend dask` does: its start and each worker's lexicon and engine inside the timing), and one started
  once before the timing (set as the runner's own, `runner.local_cluster`) and reached by its address
  (as `--scheduler ADDR` does: the review's runner setup,
  `review.prepare_worker`, has built each worker's engine by then). Turns are the runner's tasks, so the
  speed-up is bounded by the longest turn and by the cores left free by others: on a machine whose cores
  are already busy (the load average is printed, at the start and after each row) no wall speed-up can
  show. With `--iterations` a turn's method and result never depend on the time (1 tile in the bag given
  to the pre-endgame solver with a work budget of search nodes, 2 simulated).

`--tasks` instead measures the tasks themselves, which no load confounds: each turn's CPU seconds at
`--iterations` (judged one after another in this process), and from them the finish time of 2 workers each
taking the next task when free (as the process pool and a Dask scheduler hand out queued tasks), in record
order and in the review's order (`review.dearest_first`), beside the bound no order beats (the longest task,
or half the total): the best wall speed-up the task split allows on 2 idle cores.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import resource
import statistics
import time
from typing import Any

from rich.console import Console
from rich.table import Table

TURNS = 25


def game_record(turns: int = TURNS) -> str:
    """The GCG record of the first seeded self-play game with `turns` turns."""
    from lexigrid.lexicon import load
    from lexigrid.scrabble.game.game import Game
    from lexigrid.scrabble.game.view import View
    from lexigrid.scrabble.records.gcg import export_gcg

    lexicon = load()
    for seed in range(1000):
        game = Game.new(["equity", "equity"], seed=seed, lexicon=lexicon, endgame_seconds=None)
        game.play_computers()
        if sum(1 for t in game.turns if t.kind not in ("out", "rack")) == turns:
            return export_gcg(View.full(game))
    raise SystemExit(f"no seeded game of {turns} turns")


def cpu(scheduler: str | None = None) -> float:
    """CPU seconds of this process and its finished children, and of a running Dask cluster's workers."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    found = own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime
    if scheduler is not None:
        from distributed import Client

        with Client(scheduler) as client:  # type: ignore[no-untyped-call]  # distributed is untyped
            found += sum(client.run(_own_cpu).values())
    return found


def _own_cpu() -> float:
    """CPU seconds of this process (run in each Dask worker)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


def analyse(text: str, **runner: Any) -> dict[str, float]:
    """One analysis of the record: wall and CPU seconds, and its result's turn count."""
    from lexigrid.runner import Runner
    from lexigrid.scrabble.records.review import Settings, analyze_text

    settings = Settings(**{k: v for k, v in runner.pop("settings").items() if v is not None})
    scheduler = runner.get("scheduler")
    started_wall, started_cpu = time.perf_counter(), cpu(scheduler)
    review = analyze_text(text, settings, runner=Runner(progress=False, **runner))
    wall = time.perf_counter() - started_wall
    return {
        "wall": wall,
        "cpu": cpu(scheduler) - started_cpu,
        "turns": len(review.turns),
        "mistake_index": sum(p.mistake_index for p in review.players),
    }


def task_times(text: str, iterations: int) -> list[tuple[int, str, float]]:
    """Each turn's task judged in this process, in record order: (turn, phase, CPU seconds)."""
    from lexigrid.scrabble.records.review import (
        Settings,
        judge_turn,
        plan_review,
        read_record,
        record_lexicon,
    )

    record = read_record(text)
    words, spec, _ = record_lexicon(record)
    found: list[tuple[int, str, float]] = []
    for job in plan_review(record, words, spec, Settings(iterations=iterations)).jobs:
        started = time.process_time()
        review = judge_turn(job)
        found.append((job.turn, review.phase, time.process_time() - started))
    return found


def makespan(costs: list[float], workers: int) -> float:
    """The finish time of tasks of these costs handed out in this order, each to the first worker free (as
    the runner's process pool and a Dask scheduler hand out queued tasks)."""
    free = [0.0] * workers
    for cost in costs:
        free[free.index(min(free))] += cost
    return max(free)


def task_report(console: Console, text: str, iterations: int) -> None:
    """The turns' CPU seconds, and the best wall speed-up 2 workers can give for them in each task order."""
    from lexigrid.scrabble.records.review import (
        Settings,
        dearest_first,
        plan_review,
        read_record,
        record_lexicon,
    )

    times = task_times(text, iterations)
    costs = [cpu_s for *_, cpu_s in times]
    total, longest = sum(costs), max(costs)
    record = read_record(text)
    words, spec, _ = record_lexicon(record)
    order = dearest_first(plan_review(record, words, spec, Settings(iterations=iterations)).jobs)
    print("turn CPU s: " + ", ".join(f"{turn} {phase} {cpu_s:.2f}" for turn, phase, cpu_s in times))
    table = Table(title=f"the {len(costs)} turn tasks at {iterations} play-outs: {total:.1f} CPU s in all")
    for name in ("2 workers, tasks in", "finish (CPU s)", "speed-up at most"):
        table.add_column(name, justify="left" if name.startswith("2") else "right")
    bound = max(longest, total / 2)
    for name, ordered in (
        ("record order", costs),
        ("dearest first (the review's order)", [costs[i] for i in order]),
        (f"any order: the bound (longest task {longest:.2f} s, half the total)", None),
    ):
        span = bound if ordered is None else makespan(ordered, 2)
        table.add_row(name, f"{span:.2f}", f"{total / span:.2f}x")
    console.print(table)


def median_of(repeat: int, text: str, **runner: Any) -> dict[str, float]:
    """The median wall and CPU seconds of `repeat` analyses."""
    runs = [analyse(text, **{**runner, "settings": dict(runner["settings"])}) for _ in range(repeat)]
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--seconds-per-turn", type=float, default=2.0)
    parser.add_argument("--skip-default", action="store_true", help="Only the speed-up over workers.")
    parser.add_argument(
        "--tasks", action="store_true", help="Only each turn's CPU seconds and the speed-up they allow."
    )
    args = parser.parse_args()
    console = Console()
    text = game_record()
    analyse(text, settings={"iterations": 8})  # engines built, tables loaded
    if args.tasks:
        print(f"load average {os.getloadavg()[0]:.1f}")
        task_report(console, text, args.iterations)
        return
    load = os.getloadavg()[0]
    cores = os.cpu_count()
    title = f"a {TURNS}-turn game analysed (median of {args.repeat}; load average {load:.1f}, {cores} cores)"
    table = Table(title=title)
    for name in ("settings", "runner", "wall s", "CPU s", "wall speed-up", "Mistake Index (both)"):
        table.add_column(name, justify="left" if name in ("settings", "runner") else "right")
    if not args.skip_default:
        found = median_of(args.repeat, text, settings={"seconds": args.seconds_per_turn})
        verdict = "meets" if found["cpu"] <= 60 else "misses"
        table.add_row(
            f"default ({args.seconds_per_turn:g} s a turn)",
            "1 process",
            f"{found['wall']:.1f}",
            f"{found['cpu']:.1f} ({verdict} <= 60)",
            "",
            f"{found['mistake_index']:.1f}",
        )
        load = os.getloadavg()[0]
        print(f"default: wall {found['wall']:.1f} s, CPU {found['cpu']:.1f} s, load {load:.1f}", flush=True)
    fixed = {"iterations": args.iterations}
    runners: list[tuple[str, dict[str, Any]]] = [("1 process", {}), ("--jobs 2", {"jobs": 2})]
    cluster = None
    if importlib.util.find_spec("distributed") is not None:
        from lexigrid.runner import local_cluster

        runners.append(("Dask, 2 workers, started by the run", {"jobs": 2, "backend": "dask"}))
        cluster = local_cluster(2)  # set as the runner's own (`runner.CLUSTER_CONFIG`)
        runners.append(("Dask, 2 workers, started before", {"scheduler": cluster.scheduler_address}))
    base = None
    for name, runner in runners:
        if "scheduler" in runner:  # its workers set up once, before the timing, as a kept cluster's are
            analyse(text, settings={"iterations": 8}, **runner)
        found = median_of(args.repeat, text, settings=fixed, **runner)
        base = base or found["wall"]
        table.add_row(
            f"{args.iterations} play-outs a play",
            name,
            f"{found['wall']:.1f}",
            f"{found['cpu']:.1f}",
            f"{base / found['wall']:.2f}x",
            f"{found['mistake_index']:.1f}",
        )
        load = os.getloadavg()[0]
        print(f"{name}: wall {found['wall']:.1f} s, CPU {found['cpu']:.1f} s, load {load:.1f}", flush=True)
    console.print(table)
    if cluster is not None:
        cluster.close()


if __name__ == "__main__":
    main()
