"""The pre-endgame solver: 1 to MAX_BAG tiles in the bag, the opponent's rack unknown, each play played out.

A scenario is a multiset of tiles that may be the ones in the bag (the opponent holds the rest), weighted by
how many ways the real unseen tiles give it (the product of C(unseen, in the bag) over the kinds of tile).
The mover knows only its own rack, so it chooses one play for every scenario; inside a scenario both racks
and the bag are known, and the game goes on by best play by both sides with the draws at random: the exact
endgame once the bag is empty, the nested pre-endgame step (`peg_nested`: expectimax over the draws) while
it is not. A scenario's b tiles have b! equally likely orderings (the tiles told apart), each won, drawn or
lost; a play's win % counts the orderings of every scenario, a draw as half. With 1 tile in the bag a
scenario is one tile and one ordering, as before.

Win, draw or loss is all the ranking needs, so each endgame is searched with a narrow window around the
spread that decides the game (the "first win" idea of MAGPIE's and Macondo's pre-endgame solvers): it
proves far faster than the exact value. With `spreads=True` every endgame of the plays shown is solved to
its exact value as well, for the mean final spread.

Candidates are ordered by a cheap first pass (each play's result in every scenario with the endgame cut at
a few plies; plays that leave tiles in the bag come after those that empty it, by score), then solved exactly
best first; a play is dropped as soon as even winning every scenario it has left could not lift it into the
top K (ties with the K-th broken as the ranking breaks them), so a dropped play is never shown, let alone
shown better than it is. The result is the same in any order.

A solve is bounded by seconds (wall time: what a machine reaches in them depends on its speed and load) or
by a **work budget** (`nodes`: search nodes, the endgame's and the nested step's, counted, so the result is
the same on any machine, under any load, over any number of jobs). With a budget the plays are judged in
batches of BUDGET_BATCH; each play of a batch may spend an equal share of what is left, from an endgame
table of its own (a table filled by other searches would change how many nodes a search needs); the first
pass (one ply) is not counted but has a table of its own too. A play that spends its share is not judged
("the work budget ran out first", even when the search gave a result: it is not proven) and the solve stops
after its batch, not exact, as past a deadline. The solve never spends more than the budget (with fewer
nodes left than a batch has plays, some get none).

The model (docs/scrabble.md). With 1 tile in the bag a play's result is what the mover can make sure of: it
knows only its rack, and the opponent is taken to answer as if it saw the bag (the worst case; once the bag
is empty it does see everything). A play that empties the bag is then judged exactly; the pass (the mover
may have to choose again, not knowing the bag, should the opponent pass back) is settled against every
answer the mover could give (`_settle_pass`), else it is a **lower bound** (`Judged.bound`). With 2 tiles
in the bag every later move made while tiles remain in the bag follows the **seat rule**: the side to move
plays what this solver ranks first from its own seat (its rack known, the other rack and the bag not:
`_seat_choice`, memoised per seat), MAGPIE's inner pre-endgame solved to the end; so every play is exact
there, its win % the win chance against a player who solves its own pre-endgame this way. The pass is
judged last. Exchanges need 7 tiles in the bag, so a pre-endgame has none.

Public API (stable; the computer player, the game clock and the game review call it):
    peg_bag(position) -> int                    the tiles in the bag, or a one-line LexigridError
    solve_peg(position, engine=None, top=10, seconds=None, spreads=False, nodes=None) -> PegSolution
    judge(position, move, engine, spreads=False) -> Judged      one play over every scenario
    PegSolution.plays (best first: list[Judged]), .bag, .exact, .elapsed_ms, .nodes, .as_dict() (--json),
          .settled (the play to make when the solve is sure of it, exact or not)
    Judged.move, .win_pct, .wins, .draws, .scenarios, .mean_spread (None unless spreads), .losing_tiles,
          .exact (the numbers are exact under the model), .bound ("exact", or "lower": at least these)
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from typing import Any

from lexigrid.errors import LexigridError, OptionError, check_positive
from lexigrid.lexicon import Lexicon
from lexigrid.lexicon import load as load_lexicon
from lexigrid.runner import QUIET_RUNNER, Runner
from lexigrid.scrabble.analysis import peg_nested
from lexigrid.scrabble.analysis.endgame import INF, Table, prove, words_graph
from lexigrid.scrabble.analysis.peg_nested import Search, Tally, Work
from lexigrid.scrabble.core.alphabet import ENGLISH, Alphabet
from lexigrid.scrabble.core.board import Board, Rack
from lexigrid.scrabble.core.cgp import Position
from lexigrid.scrabble.core.ending import MAX_SCORELESS_TURNS
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.engine.movegen import Engine, tie_order

MAX_BAG = 2  # the most tiles in the bag the solver takes (the nested step reaches further, too slowly)
BATCH_PER_JOB = 4  # plays judged at once per worker between two updates of the bar
FIRST_PASS_PLIES = 1  # the cheap first pass's endgame depth (it only orders the plays)
FIRST_PASS_BAG = 1  # the most tiles in the bag the first pass estimates with (36 scenarios at 2: too dear)
FIRST_PASS_PROBE = 64  # the plays the first pass estimates before it stops where every one of them loses
WIN, DRAW, LOSS = 2, 1, 0  # half-wins of an ordering
LATE_NOTE = "the time ran out first"
BUDGET_NOTE = "the work budget ran out first"
BUDGET_BATCH = 8  # plays judged at once with a work budget, whatever the jobs: the same shares on any runner
BOUND_NOTE = "at least {:.2f} %, a lower bound below the top {}: the solver could not settle it"
TABLE_BITS = 21  # the endgame table each process keeps across a pre-endgame's searches (48 MB)


@dataclass(frozen=True)
class Outcome:
    """One scenario of a play: the tiles in the bag, how many ways the unseen tiles give them, and the
    play's tally over the orderings of those tiles (won, drawn, the final spread sum when solved for)."""

    bag: str
    weight: int
    tally: Tally

    @property
    def scenarios(self) -> int:
        """The weighted orderings this scenario stands for."""
        return self.weight * self.tally.orderings


@dataclass(frozen=True)
class Judged:
    """A play with every scenario played to the end: `exact` when every endgame was proven and the result
    is not a bound; `bound` "lower" when the result is only a lower bound (see the module's docstring)."""

    move: Move
    outcomes: tuple[Outcome, ...]
    exact: bool
    bound: str = "exact"

    @property
    def scenarios(self) -> int:
        """The scenarios, weighted, in orderings of the bag: (unseen)! / (unseen - bag)! in all."""
        return sum(o.scenarios for o in self.outcomes)

    @property
    def wins(self) -> int:
        """The weighted orderings won."""
        return sum(o.weight * o.tally.wins for o in self.outcomes)

    @property
    def draws(self) -> int:
        """The weighted orderings drawn."""
        return sum(o.weight * o.tally.draws for o in self.outcomes)

    @property
    def half_wins(self) -> int:
        """Twice the wins plus the draws: the ranking's integer measure."""
        return 2 * self.wins + self.draws

    @property
    def win_pct(self) -> float:
        """Wins plus half the draws, in % of the scenarios."""
        return 50 * self.half_wins / self.scenarios

    @property
    def mean_spread(self) -> float | None:
        """The weighted mean final spread, when every scenario was solved for it (and not bounded: the
        bound is on the win %, not the spread)."""
        if self.bound != "exact" or any(o.tally.spread is None for o in self.outcomes):
            return None
        return sum(o.weight * (o.tally.spread or 0) for o in self.outcomes) / self.scenarios

    @property
    def losing_tiles(self) -> list[str]:
        """The bags (their tiles) with which the play loses in some ordering."""
        return [o.bag for o in self.outcomes if o.tally.losses]

    def as_dict(self, alphabet: Alphabet = ENGLISH) -> dict[str, Any]:
        """The JSON shape of a judged play, tiles in the alphabet's labels."""
        spread = self.mean_spread
        return {
            "move": alphabet.write(self.move.notation),
            "paren": alphabet.write(self.move.paren),
            "score": self.move.score,
            "win_pct": round(self.win_pct, 3),
            "mean_spread": None if spread is None else round(spread, 3),
            "wins": self.wins,
            "draws": self.draws,
            "scenarios": self.scenarios,
            "exact": self.exact,
            "bound": self.bound,
            "losing_bag_tiles": [alphabet.write(tile) for tile in self.losing_tiles],
        }


@dataclass(frozen=True)
class PegSolution:
    """The best plays, best first; `exact` when each was solved to the end and no play was left unjudged."""

    plays: list[Judged]
    bag: int
    exact: bool
    elapsed_ms: float
    candidates: int
    dropped: int  # plays proven unable to reach the top K
    unsolved: list[tuple[str, str]] = field(default_factory=list)  # (move, why) left out of `plays`
    nodes: int = 0  # search nodes spent judging the plays (the endgames' and the nested step's)

    @property
    def settled(self) -> Move | None:
        """The play to make when the solve says it for sure: the best play of an exact solve, or a play proven
        to win every scenario (no play wins more often, whatever was left unjudged); None otherwise."""
        best = self.plays[0] if self.plays else None
        if best is None or not (self.exact or (best.exact and best.wins == best.scenarios)):
            return None
        return best.move

    @property
    def verdict(self) -> str:
        """What `exact` means for this solution, in words."""
        if self.exact:
            return "exact"
        for note in (LATE_NOTE, BUDGET_NOTE):
            if any(why == note for _, why in self.unsolved):
                return f"not exact: {note}"
        if any(play.bound != "exact" for play in self.plays) or self.unsolved:
            return "not exact: some plays only have a lower bound (marked >=)"
        return "not exact: the time ran out first"

    def as_dict(self, alphabet: Alphabet = ENGLISH) -> dict[str, Any]:
        """The JSON shape of `scrabble peg --json` (and of the web's hint), tiles in the alphabet's labels."""
        return {
            "plays": [play.as_dict(alphabet) for play in self.plays],
            "bag": self.bag,
            "exact": self.exact,
            "verdict": self.verdict,
            "elapsed_ms": round(self.elapsed_ms, 1),
            "candidates": self.candidates,
            "dropped": self.dropped,
            "nodes": self.nodes,
            "unsolved": [{"move": alphabet.write(move), "reason": why} for move, why in self.unsolved],
        }


def peg_bag(position: Position) -> int:
    """The tiles in the bag of a pre-endgame (the opponent holds a full rack); raise unless 1..MAX_BAG."""
    position.validate()
    if not len(position.rack):
        raise LexigridError("the side to move has no tiles: give its rack in the CGP (RACK/)")
    if len(position.racks[1]):
        raise LexigridError("peg takes the opponent's rack as unknown: leave it out of the CGP (RACK/)")
    bag = sum(position.unseen().values()) - position.rules.rack_size
    if bag <= 0:
        raise LexigridError(
            "the bag is empty: use `lexigrid scrabble endgame` with both racks in the CGP (RACK/OPPONENT)"
        )
    if bag > MAX_BAG:
        raise LexigridError(
            f"the bag holds {bag} tiles: peg solves 1 to {MAX_BAG} tiles in the bag; "
            "use `lexigrid scrabble sim` for this position"
        )
    return bag


def solve_peg(
    position: Position,
    engine: Engine | None = None,
    top: int = 10,
    seconds: float | None = None,
    spreads: bool = False,
    runner: Runner = QUIET_RUNNER,
    lexicon: str | Lexicon | None = None,
    nodes: int | None = None,
    seats: dict[SeatKey, Move] | None = None,
    checkpoint: MutableMapping[str, tuple[Judged | None, Work]] | None = None,
) -> PegSolution:
    """Judge every placement of a pre-endgame; the `top` best, best first (see the module's docstring),
    within `seconds` and a work budget of `nodes` (None: no limit); `seats`: the seat rule's settled
    choices (None: the process's, or with a budget each play's own, so its work does not depend on the
    past). A `runner` with several jobs or a cluster judges batches of plays at once, each worker loading
    the `lexicon` (a name or path) itself; the result is the same for any number of jobs. `checkpoint`:
    the plays an earlier run of this same solve judged, by `task_key` (replayed, not searched; a solve
    without `seconds` and `nodes` adds each play it judges: a long exact solve resumes where it stopped)."""
    bag = peg_bag(position)
    _check(top, seconds, nodes)
    engine = engine or Engine.shared(_lexicon(lexicon), position.rules)
    started = time.perf_counter()
    deadline = None if seconds is None else started + seconds
    own = None if nodes is None else Table(TABLE_BITS)  # a budgeted first pass's own table (see above)
    moves = first_pass(position, engine, None if seconds is None else started + seconds / 2, own)
    # scenarios lost so far by tile: tried first, they drop plays soonest (in one process, without a budget)
    losses: Counter[str] | None = Counter() if runner.in_process and nodes is None else None
    kept: list[Judged] = []
    dropped, complete, done, spent, out = 0, True, 0, 0, False  # out: a play spent its share of the budget
    late: list[Move] = []  # plays the deadline or the budget cut short
    bounded: list[tuple[str, str]] = []  # plays only bounded from below, below the top K: not settled
    batch = BUDGET_BATCH if nodes is not None else 1 if runner.in_process else BATCH_PER_JOB * runner.jobs
    sent = replace(position, board=position.board.copy())  # a board without the engine's caches: it pickles
    while done < len(moves):
        if _late(deadline) or out:
            complete = False
            break
        chunk = moves[done : done + batch]
        bar = _bar(kept, top, spreads)
        reply = _reply(kept)
        share = None if nodes is None else max(0, (nodes - spent) // len(chunk))  # 0: not judged
        tasks = [
            Task(lexicon, sent, move, spreads, bar, _left(deadline), reply, share, seats) for move in chunk
        ]
        keep = checkpoint if seconds is None and nodes is None else None
        results = _judge_batch(tasks, engine, losses, runner, checkpoint or {}, keep)
        for move, (judged, work) in zip(chunk, results, strict=True):
            spent += work.spent
            cut = work.out and (judged is None or not judged.exact)  # the budget ran out before the end
            if cut or (judged is None and _late(deadline)):
                late.append(move)  # perhaps dropped, perhaps cut short: not judged
            elif judged is None:
                dropped += 1
            else:
                if move.kind == "pass":
                    settling = Work(None if nodes is None else max(0, nodes - spent))
                    judged = _settle_pass(position, judged, kept, engine, spreads, deadline, bar, settling)
                    spent, out = spent + settling.spent, out or settling.out
                ranked = sorted([*kept, judged], key=_rank)
                kept, below = ranked[:top], [p for p in ranked[top:] if p.bound != "exact"]
                bounded += [(p.move.notation, BOUND_NOTE.format(p.win_pct, top)) for p in below]
            out = out or work.out  # the solve stops after this batch
        done += len(chunk)
    note = BUDGET_NOTE if out else LATE_NOTE
    unsolved = [*bounded, *((move.notation, note) for move in [*late, *moves[done:]])]
    exact = complete and not late and not bounded and all(play.exact for play in kept)
    elapsed = 1000 * (time.perf_counter() - started)
    return PegSolution(kept, bag, exact, elapsed, len(moves), dropped, unsolved, spent)


def _check(top: int, seconds: float | None, nodes: int | None) -> None:
    """One-line errors for a solve's options that cannot run."""
    if top < 1:
        raise OptionError(
            f"a pre-endgame solve shows at least 1 play, not {top}",
            "top",
            f"{{option}} must be at least 1, not {top}",
        )
    check_positive(seconds, "seconds", "a pre-endgame solve's time", "seconds")
    if nodes is not None and nodes < 1:
        raise OptionError(
            f"a pre-endgame solve's work budget must be at least 1 node, not {nodes}",
            "nodes",
            f"{{option}} must be at least 1, not {nodes}",
        )


def scenarios(position: Position) -> list[tuple[str, int]]:
    """Each multiset of tiles that may be the ones in the bag (sorted tiles), with how many ways the unseen
    tiles give it."""
    unseen = position.unseen()
    bag = sum(unseen.values()) - position.rules.rack_size
    return sorted(("".join(sorted(tiles.elements())), ways) for tiles, ways in peg_nested.draws(unseen, bag))


def first_pass(
    position: Position, engine: Engine, deadline: float | None = None, table: Table | None = None
) -> list[Move]:
    """Every placement, likeliest winners first, then the pass: half-wins over the scenarios with the
    endgame cut at FIRST_PASS_PLIES plies, then by score (only the order of the exact pass depends on it;
    the plays not reached before the `deadline` keep score order, after the others; `table`: the endgame
    table, default the process's). With more than FIRST_PASS_BAG tiles in the bag the scenarios are too
    many for this to pay: score order. When the FIRST_PASS_PROBE highest-scoring plays all come out lost in
    every scenario, the pass stops there and the rest keep score order (the mover is too far behind for a
    few plies to tell plays apart: the whole pass would most likely give score order too, at a cost)."""
    moves = sorted(engine.moves(position).placements(), key=lambda m: (-m.score, *tie_order(m)))
    estimate = dict.fromkeys(moves, -1)
    if peg_bag(position) > FIRST_PASS_BAG:
        moves.append(Move("pass"))
        return moves
    unseen = position.unseen()
    for count, move in enumerate(moves):
        if _late(deadline) or (count == FIRST_PASS_PROBE and not any(estimate[m] for m in moves[:count])):
            break
        half_wins = 0
        played = Played.of(position, move, unseen, engine)
        for tiles, weight in scenarios(position):
            spread, bound, _ = _play_out(played, tiles, engine, None, FIRST_PASS_PLIES, table=table)
            half_wins += weight * _result(spread, bound)
        estimate[move] = half_wins
    return [*sorted(moves, key=lambda m: -estimate[m]), Move("pass")]


@dataclass(frozen=True)
class Bar:
    """What a play must reach to enter the top K: the K-th's half-wins, and (without spreads) the K-th's
    tie key, since a play that can at best tie it is out when the ranking puts it after the K-th anyway."""

    half_wins: int
    tie_key: tuple[int, int, str] | None

    def out(self, reach: int, move: Move) -> bool:
        """Whether a play reaching at most `reach` half-wins cannot enter the top K."""
        if reach != self.half_wins:
            return reach < self.half_wins
        return self.tie_key is not None and (-move.score, *tie_order(move)) > self.tie_key


@dataclass(frozen=True)
class Task:
    """One play to judge in a worker: the lexicon to load, the position, the play, whether to solve the
    spreads, the bar it must reach, the seconds left, the mover's reply after a pass back and the nodes it
    may spend (None: no limit; then judged from an endgame table of its own)."""

    lexicon: str | Lexicon | None
    position: Position
    move: Move
    spreads: bool
    bar: Bar | None
    seconds: float | None
    reply: Move | None = None
    nodes: int | None = None
    seats: dict[SeatKey, Move] | None = None


def _judge_batch(
    tasks: list[Task],
    engine: Engine,
    losses: Counter[str] | None,
    runner: Runner,
    known: Mapping[str, tuple[Judged | None, Work]],
    keep: MutableMapping[str, tuple[Judged | None, Work]] | None,
) -> list[tuple[Judged | None, Work]]:
    """Each task's judgement and work: from `known` where it has the task's key, else searched (in this
    process or on the runner) and added to `keep` (None: not kept)."""
    fresh = [task for task in tasks if task_key(task) not in known]
    if runner.in_process:
        found = [_judge_task(task, engine, losses) for task in fresh]
    else:
        found = runner.run(_judge_job, fresh, "judging plays", progress=False, chunk_size=1) if fresh else []
    searched = dict(zip(map(task_key, fresh), found, strict=True))
    if keep is not None:
        keep.update(searched)
    return [searched[key] if key in searched else known[key] for key in map(task_key, tasks)]


def task_key(task: Task) -> str:
    """What a checkpoint knows a judged play by: the play, the bar it had to reach, the mover's reply."""
    reply = "" if task.reply is None else task.reply.notation
    return f"{task.move.notation}|{task.spreads}|{task.bar!r}|{reply}"


def _judge_job(task: Task) -> tuple[Judged | None, Work]:
    """Runner job: judge one play in a worker (its engine built once per process)."""
    engine = Engine.shared(_lexicon(task.lexicon), task.position.rules)
    return _judge_task(task, engine, None)


def _lexicon(spec: str | Lexicon | None) -> Lexicon:
    """The lexicon given, or loaded by name or path once per process."""
    return spec if isinstance(spec, Lexicon) else load_lexicon(spec)


def _judge_task(task: Task, engine: Engine, losses: Counter[str] | None) -> tuple[Judged | None, Work]:
    """Judge a task's play with `engine`: the judgement and the work it spent."""
    deadline = None if task.seconds is None else time.perf_counter() + task.seconds
    work = Work(task.nodes)
    table = None if task.nodes is None else _budget_table(task.nodes)
    judged = judge(
        task.position,
        task.move,
        engine,
        task.spreads,
        task.bar,
        deadline,
        losses,
        task.reply,
        work,
        table,
        seats=task.seats,
    )
    return judged, work


def _budget_table(nodes: int) -> Table:
    """A fresh endgame table for a search of at most `nodes` nodes (no bigger than it can fill)."""
    return Table(min(TABLE_BITS, max(12, nodes.bit_length())))


def judge(
    position: Position,
    move: Move,
    engine: Engine,
    spreads: bool = False,
    bar: Bar | None = None,
    deadline: float | None = None,
    losses: Counter[str] | None = None,
    reply: Move | None = None,
    work: Work | None = None,
    table: Table | None = None,
    seats: dict[SeatKey, Move] | None = None,
) -> Judged | None:
    """Play `move` on to the end in every scenario; None as soon as the `bar` is out of its reach (never on
    a lower bound: judged to the end), the `deadline` passes or the `work` budget is spent (`losses`:
    orderings lost so far by bag, tried first: they drop a play soonest; `reply`: the mover's answer should
    the opponent pass back to its own position, one play for every scenario; None: its highest-scoring
    placement; `table`: the endgame table, default the process's; `seats`: the seat rule's settled choices,
    default the process's, or this judgement's own with a budget)."""
    bags = scenarios(position)
    if losses is not None:
        bags.sort(key=lambda item: -losses[item[0]])
    orderings = math.factorial(peg_bag(position))
    left = 2 * orderings * sum(weight for _, weight in bags)  # the half-wins still open
    outcomes: list[Outcome] = []
    half_wins = 0
    graph = words_graph(position.board, position.rack.counts + position.unseen(), engine)
    search = Search(engine, spreads, deadline, graph, table or _table(engine), position, reply)
    search.work = work or search.work
    if peg_bag(position) > 1:
        memo = seats if seats is not None else _seats(engine) if search.work.allowed is None else {}
        search.seat = partial(_seat_choice, engine=engine, search=search, memo=memo)
    for tiles, weight in bags:
        bounded = any(o.tally.bound != "exact" for o in outcomes)
        if (bar is not None and not bounded and bar.out(half_wins + left, move)) or search.late():
            return None
        tally = peg_nested.after(scenario(position, tiles), move, search)
        outcomes.append(Outcome(tiles, weight, tally))
        half_wins += weight * tally.half_wins
        left -= 2 * weight * orderings
        if losses is not None:
            losses[tiles] += weight * tally.losses
    bound = "lower" if any(o.tally.bound != "exact" for o in outcomes) else "exact"
    if bar is not None and bound == "exact" and bar.out(half_wins, move):
        return None
    outcomes.sort(key=lambda o: o.bag)
    proven = all(o.tally.exact for o in outcomes)
    return Judged(move, tuple(outcomes), proven and bound == "exact", bound)


def judge_beside(
    position: Position,
    move: Move,
    engine: Engine,
    solution: PegSolution,
    deadline: float | None = None,
    nodes: int | None = None,
) -> Judged | None:
    """A play the `solution` (of `position`) does not list, judged on its own: the pass settled against the
    plays it lists (see `_settle_pass`); None past the `deadline` or once `nodes` (a work budget, searched
    from an endgame table of its own) are spent."""
    work, table = Work(nodes), None if nodes is None else _budget_table(nodes)
    reply = _reply(solution.plays)
    judged = judge(position, move, engine, deadline=deadline, reply=reply, work=work, table=table)
    if judged is None or move.kind != "pass" or not solution.plays:
        return judged
    placements = sum(play.move.kind == "place" for play in solution.plays)
    every = solution.dropped == 0 and placements == solution.candidates - 1  # every placement listed
    bar = None if every else Bar(solution.plays[-1].half_wins, None)
    return _settle_pass(position, judged, solution.plays, engine, False, deadline, bar, work, table)


def _reply(kept: list[Judged]) -> Move | None:
    """The mover's answer should the opponent pass back: the best placement judged so far (None: none)."""
    return next((play.move for play in kept if play.move.kind == "place"), None)


def _key(play: Judged) -> tuple[int, float, int]:
    """What the mover maximises: half-wins, then the spread (when solved), then wins."""
    return (play.half_wins, sum(o.weight * (o.tally.spread or 0) for o in play.outcomes), play.wins)


def _settle_pass(
    position: Position,
    passed: Judged,
    kept: list[Judged],
    engine: Engine,
    spreads: bool,
    deadline: float | None,
    bar: Bar | None,
    work: Work | None = None,
    table: Table | None = None,
) -> Judged:
    """The pass at its best: when the opponent may pass back, the mover (back at its own position, not
    knowing the bag) answers with one play for every scenario, so the pass is judged against each answer
    that could do better than the best so far: each play judged (its own result bounds the pass's with it
    as the answer) and passing on to the end. With 1 tile in the bag that is every answer there is when no
    play was dropped (no `bar` yet) or the pass beats the bar they were dropped under: the pass is exact.
    The judgements share the `work` budget (none: no limit), from a fresh `table` with one."""
    if work is not None and work.allowed is not None and table is None:
        table = _budget_table(work.allowed)
    if passed.bound == "exact":
        return passed
    top, proven = passed, all(o.tally.exact for o in passed.outcomes)
    answers = [play for play in kept if play.move.kind == "place"]  # the first one tried again at most once
    for answer in [*answers, None]:
        # a play's own result bounds the pass's with it as the answer (unless scoreless: the count differs)
        if answer is not None and answer.move.score > 0 and _key(answer) <= _key(top):
            continue
        reply = Move("pass") if answer is None else answer.move  # None: passing on to the end
        judged = judge(position, Move("pass"), engine, spreads, None, deadline, None, reply, work, table)
        if judged is None:
            return top  # the time or the budget ran out: the best found, a lower bound
        proven = proven and all(o.tally.exact for o in judged.outcomes)
        top = judged if _key(judged) > _key(top) else top
    if peg_bag(position) == 1 and (bar is None or top.half_wins > bar.half_wins):
        return replace(top, exact=proven, bound="exact")
    return top


def _seat_choice(
    position: Position, engine: Engine, search: Search, memo: dict[SeatKey, Move]
) -> tuple[Move, bool]:
    """The play the side to move in `position` (tiles in the bag) chooses from its seat, knowing its rack,
    the board, the scores and the scoreless turns but not the other rack or the bag: the play this solver
    ranks first there (win %, then score, then notation; spreads aside), memoised per seat in `memo`; and
    whether that choice is settled (False: the time or the search's work budget, which it shares, ran out
    first, the best found is played)."""
    rack = "".join(sorted(position.rack.counts.elements()))
    key = (bytes(position.board.tiles), rack, position.scores, position.zeros)
    chosen = memo.get(key)
    if chosen is not None:
        return chosen, True
    seat = replace(position, racks=(position.racks[0], _rack(Counter(), position.rules.rack_size, position)))
    work = search.work
    nodes = None if work.allowed is None else work.left
    solution = solve_peg(seat, engine, top=1, seconds=search.seconds_left(), nodes=nodes, seats=memo)
    work.spent += solution.nodes
    if not solution.plays:
        return Move("pass"), False
    best = solution.plays[0]
    settled = solution.exact or _only_the_pass_below(solution, best)
    if settled:
        memo[key] = best.move
    return best.move, settled


def _only_the_pass_below(solution: PegSolution, best: Judged) -> bool:
    """Whether the best play is settled though the solution is not exact: 1 tile in the bag, the best play
    exact and scoring, and the only play left unsettled the pass below it, which the best play's own result
    bounds (`_settle_pass`: its answers were the best play and passing on; any dropped answer is worth at
    most the best play), so it can at best tie it, and a scoring placement ranks before the pass on a tie."""
    return (
        solution.bag == 1
        and best.exact
        and best.move.score > 0
        and [move for move, _ in solution.unsolved] == ["-"]
        and all(why != LATE_NOTE for _, why in solution.unsolved)
    )


SeatKey = tuple[bytes, str, tuple[int, ...], int]  # what a seat sees: board, rack, scores, scoreless turns


@lru_cache(maxsize=2)
def _seats(engine: Engine) -> dict[SeatKey, Move]:
    """The seat choices this process settled for an engine (a seat's choice depends only on what it sees)."""
    return {}


def scenario(position: Position, bag: str) -> Position:
    """The position as it is in the scenario with `bag` in the bag: the opponent's rack known."""
    opponent = position.unseen()
    opponent.subtract(bag)
    return replace(position, racks=(position.racks[0], _rack(opponent, position.rules.rack_size, position)))


def _result(spread: int, bound: str) -> int:
    """A scenario's half-wins from its final spread (a bound when `bound` says so: it is never 0 then)."""
    if spread > 0:
        return WIN
    return DRAW if spread == 0 and bound == "exact" else LOSS


@dataclass
class Played:
    """A play made on a copy of the board, ready to be played out in every scenario: the board after it
    (its cross-checks computed once for all of them), the tiles left on the rack, the spread after it
    (mover minus opponent), the scoreless turns and the endgame word graph of the whole pre-endgame (the
    words of the board before the play with the rack and the unseen tiles: every endgame after any play
    forms only words of it, and it is built once)."""

    position: Position
    move: Move
    unseen: Counter[str]
    board: Board
    leave: Counter[str]
    spread: int
    zeros: int
    graph: bytes

    @classmethod
    def of(cls, position: Position, move: Move, unseen: Counter[str], engine: Engine) -> Played:
        """`move` played on a copy of the position's board."""
        graph = words_graph(position.board, position.rack.counts + unseen, engine)
        board = position.board.copy()
        board.place(move)
        leave = Counter(position.rack.counts)
        leave.subtract(move.tiles_used)
        spread = position.scores[0] + move.score - position.scores[1]
        zeros = 0 if move.score > 0 else position.zeros + 1
        return cls(position, move, unseen, board, leave, spread, zeros, graph)


def _play_out(
    played: Played,
    bag: str,
    engine: Engine,
    deadline: float | None,
    plies: int | None = None,
    spreads: bool = False,
    table: Table | None = None,
) -> tuple[int, str, bool]:
    """The final spread (mover minus opponent) after the play, which empties the bag, drawing all of `bag`,
    and best play to the end (the first pass's estimate; `judge` plays on with `peg_nested`): exact, or
    (without `spreads`) a bound on the far side of 0 ("lower"/"upper"); and whether proven."""
    position, spread = played.position, played.spread
    opponent = played.unseen.copy()
    opponent.subtract(bag)
    mover = played.leave.copy()
    mover.update(bag)
    if played.zeros >= MAX_SCORELESS_TURNS:
        return spread - _value(mover, position) + _value(opponent, position), "exact", True
    size = position.rules.rack_size
    after = replace(
        position,
        board=played.board,
        racks=(_rack(opponent, size, position), _rack(mover, size, position)),
        scores=(position.scores[1], position.scores[0] + played.move.score),
        zeros=played.zeros,
    )
    seconds = None if deadline is None else max(0.001, deadline - time.perf_counter())
    window = (-INF, INF) if spreads else (max(-INF, spread - 1), min(INF, spread + 1))
    proof = prove(after, engine, plies, seconds, window, table or _table(engine), played.graph)
    # the opponent's bound becomes the mover's the other way round
    bound = {"lower": "upper", "upper": "lower"}.get(proof.bound, "exact")
    return spread - proof.value, bound, proof.exact


@lru_cache(maxsize=2)
def _table(engine: Engine) -> Table:
    """The endgame table this process keeps for an engine: what one scenario's search proved, another's
    (of any play) finds again (a table entry is a whole endgame position's value, whichever search met it)."""
    return Table(TABLE_BITS)


def _value(tiles: Counter[str], position: Position) -> int:
    """The face value of a multiset of tiles."""
    return sum(position.rules.tiles.score(t) * n for t, n in tiles.items() if n > 0)


def _rack(tiles: Counter[str], size: int, position: Position) -> Rack:
    """A rack of the position's alphabet holding `tiles`."""
    return Rack.of_tiles("".join(sorted((+tiles).elements())))


def _rank(play: Judged) -> tuple[float, float, int, int, str]:
    """Best win % first, then the best mean spread (when known), the higher score, placements before the
    pass and by notation."""
    spread = play.mean_spread or 0.0
    return (-play.half_wins / play.scenarios, -spread, -play.move.score, *tie_order(play.move))


def _late(deadline: float | None) -> bool:
    """Whether the time is up."""
    return deadline is not None and time.perf_counter() > deadline


def _left(deadline: float | None) -> float | None:
    """The seconds left before the deadline (None: no limit)."""
    return None if deadline is None else max(0.001, deadline - time.perf_counter())


def _bar(kept: list[Judged], top: int, spreads: bool) -> Bar | None:
    """The bar a play must reach to enter the top `top` (None: the list has room). Every play has the same
    scenarios, so half-wins compare as win %."""
    if len(kept) < top:
        return None
    worst = kept[-1]
    return Bar(worst.half_wins, None if spreads else (-worst.move.score, *tie_order(worst.move)))
