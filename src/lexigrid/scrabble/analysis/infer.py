"""Rack inference: what a player kept, judged from the play they made (MAGPIE's exhaustive inference).

Given the position before the play (the player who made it to move, their rack unknown) and the play,
every **leave** they might have kept is tried: a rack is the tiles the play used plus a leave drawn from
the tiles they could have held (the unseen tiles less the observer's rack and the tiles played). A leave
is **consistent** when the play's static equity with that rack is within `margin` of the rack's best
move. Each consistent leave is weighted by the chance of drawing its whole rack (multivariate
hypergeometric: the product over tiles of C(pool count, count in rack)), and the weights are normalised
into the **leave distribution**. When only one leave is possible (the play used every tile, or the pool
holds just enough tiles), it is certain and kept whatever its equity.

Weights: MAGPIE weighs a leave by the ways of drawing the leave from the pool less the tiles played;
here the whole rack is weighed, which is the posterior of a uniformly drawn rack given the play (the
two differ by a factor 1 / C(played + kept, played) per tile, so kept duplicates of played tiles count
a little less).

Speed: the best-move search is the cost. Before searching a rack, two cheap bounds can prove it
inconsistent: the best exchange (the rack's leave table, when exchanging is legal) and the best moves
found for earlier racks (*killers*): a move whose tiles the rack holds has a known equity, so if one
beats the play by more than the margin no search is needed. Consistent racks are always searched.

**Soft weights** (a `temperature` T): a rack whose best beats the play by `loss` points is also weighted by
exp(-loss / T), as if the player chose a play less often the further it falls below their best (a
Boltzmann player); the margin is then only where the weight is taken as 0. The hard rule counts a play 5
points below the rack's best as likely as the best itself, and drops the rack at 5.1.

**Within a time** (`infer(seconds=S)`): the leaves are judged likeliest rack first (by their draws) until S
has passed; the answer says how many of the leave space it judged (`complete` once all were), and the
leaves left out are the least likely to have been drawn. The space is not listed to be ordered: its
leaves are handed out heaviest first by a best-first search (`draws.heaviest_first`), so a short time is
spent judging, not listing. Judging every leave can take tens of seconds: a one-tile play beside a short
word, the observer's rack unknown, may have kept any of 737,309 leaves (30 s).
"""

from __future__ import annotations

import functools
import itertools
import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from lexigrid.errors import LexigridError, OptionError, check_positive
from lexigrid.lexicon import Lexicon
from lexigrid.lexicon import load as load_lexicon
from lexigrid.runner import DEFAULT_RUNNER, Runner
from lexigrid.scrabble.analysis.draws import heaviest_first, leave_count, rack_draws, sub_multisets
from lexigrid.scrabble.analysis.inference import Inference, InferredLeave
from lexigrid.scrabble.core.alphabet import sorted_tiles
from lexigrid.scrabble.core.board import Rack, column_name
from lexigrid.scrabble.core.cgp import Position, format_cgp, parse_cgp
from lexigrid.scrabble.core.move import Move, parse_coordinate, parse_move
from lexigrid.scrabble.core.referee import check, exchange_refusal, shown
from lexigrid.scrabble.core.rules import Rules
from lexigrid.scrabble.engine.leave import LeaveModel
from lexigrid.scrabble.engine.movegen import PASS_EQUITY, Codes, Engine, RackEquity

DEFAULT_MARGIN = 5.0  # points of static equity, MAGPIE's default
EPSILON = 1e-9  # equities equal up to float rounding count as equal
KILLERS = 16  # the best moves of earlier racks kept to refute later ones
INFER_SHARE = 0.1  # of a simulation's time spent inferring what the opponent kept (when it infers)


@dataclass
class _Killer:
    """A best move found for an earlier rack: its tiles, score and opening vowel penalties."""

    tiles: Codes
    score: int
    penalties: tuple[float, ...]


@dataclass
class Judge:
    """Decides rack by rack whether a play is within the margin of that rack's best move."""

    engine: Engine
    position: Position  # before the play; racks[1] is the observer's rack (may be empty)
    play: Move  # with its score
    margin: float
    killers: list[_Killer] = field(default_factory=list)
    searched: int = 0

    def __post_init__(self) -> None:
        self.used = self.engine.codes(self.play.tiles_used)
        self.penalties = self.engine.opening_penalties(self.position.board, self.play)
        full = self._rack_position("?" * self.engine.rules.rack_size)  # the player's rack, its tiles unknown
        self.can_exchange = full.can_exchange()
        self.bag = full.bag_when_full()  # once the observer's rack is full

    def _rack_position(self, rack: str) -> Position:
        """The position before the play with `rack` on the player's rack."""
        p = self.position
        return Position(p.board, (Rack.of_tiles(rack), p.racks[1]), p.scores, p.zeros, p.ops)

    def equity_loss(self, leave: str) -> float | None:
        """The rack's best equity less the play's, or None when that exceeds the margin."""
        position = self._rack_position(self.play.tiles_used + leave)
        rack = self.engine.rack_equity(position)
        if self.play.kind == "exchange":
            played = rack.leave(self.used)
        else:
            played = rack.placement(self.play.score, self.used, self.penalties)
        threshold = played + self.margin + EPSILON
        swap = rack.best_exchange() if self.can_exchange else None
        if swap is not None and swap > threshold:
            return None
        if self._refuted(rack, threshold):
            return None
        self.searched += 1
        best = self.engine.best(position, "equity")
        assert best is not None
        if best.kind == "pass":
            top = PASS_EQUITY
        elif best.kind == "exchange":
            top = rack.leave(self.engine.codes(best.word))
        else:
            penalties = self.engine.opening_penalties(self.position.board, best)
            killer = _Killer(self.engine.codes(best.tiles_used), best.score, penalties)
            top = rack.placement(killer.score, killer.tiles, killer.penalties)
            self._remember(killer)
        return None if top > threshold else max(0.0, top - played)

    def until(
        self, leaves: Iterable[str], deadline: float, clock: Callable[[], float]
    ) -> tuple[list[str], list[float | None]]:
        """The leaves judged in order until `clock` reaches `deadline` (a prefix of them), and their equity
        losses."""
        judged: list[str] = []
        losses: list[float | None] = []
        for leave in leaves:
            if clock() >= deadline:
                break
            judged.append(leave)
            losses.append(self.equity_loss(leave))
        return judged, losses

    def _refuted(self, rack: RackEquity, threshold: float) -> bool:
        """Whether a remembered move the rack can make beats the threshold (moved to the front if so)."""
        for i, killer in enumerate(self.killers):
            if (
                rack.holds(killer.tiles)
                and rack.placement(killer.score, killer.tiles, killer.penalties) > threshold
            ):
                self.killers.insert(0, self.killers.pop(i))
                return True
        return False

    def _remember(self, killer: _Killer) -> None:
        """Keep a best move to try on later racks (most recent first, a few at most)."""
        if killer not in self.killers:
            self.killers.insert(0, killer)
            del self.killers[KILLERS:]


def read_play(position: Position, text: str, engine: Engine, score: int | None = None) -> Move:
    """The play in notation, checked legal on the position's board and scored (LexigridError if not)."""
    if not text.strip():
        raise LexigridError("empty move: give a play such as '8D WORD' or an exchange such as '-ABC'")
    move = parse_move(text, position.board)
    if move.kind == "pass":
        raise LexigridError("a pass uses no tiles, so it tells nothing about the rack: infer from a play")
    if move.kind == "place":
        points = check(position.board, move, engine.lexicon)  # the referee's reason, naming the play
        move = Move("place", move.row, move.col, move.down, move.word, move.played, points)
    size = engine.rules.rack_size
    if len(move.tiles_used) > size:
        raise LexigridError(
            f"{shown(position.board, move)} uses {len(move.tiles_used)} tiles: a rack holds {size}"
        )
    if score is not None and score != move.score:
        raise LexigridError(f"{shown(position.board, move)} scores {move.score} on this board, not {score}")
    return move


def before_play(after: Position, text: str, engine: Engine) -> Position:
    """The position before the opponent's play, from the one after it (the observer to move).

    The play's new tiles are its letters outside parentheses (GCG style: `8D W(OR)D`; `.` also marks a
    played-through square): they come off the board, the opponent is to move with their rack unknown
    and the play's points come off their score. An exchange or a pass changes only whose turn it is."""
    swapped = (Rack(), after.racks[0])
    if not text.strip() or text.strip().startswith("-"):
        return Position(
            after.board.copy(), swapped, (after.scores[1], after.scores[0]), after.zeros, after.ops
        )
    parts = text.split()
    if len(parts) != 2:
        raise LexigridError(f"bad move {text!r}: write '8D W(OR)D', played-through letters in parentheses")
    row, col, down = parse_coordinate(parts[0])
    board = after.board.copy()
    through, i = False, 0
    for ch in parts[1]:
        if ch in "()":
            through = ch == "("
            continue
        r, c = (row + i, col) if down else (row, col + i)
        if not board.in_bounds(r, c):
            raise LexigridError(f"{text} runs off the board")
        if not board[r, c] or (ch != "." and board[r, c].upper() != ch.upper()):
            square = f"{column_name(c)}{r + 1}" if down else f"{r + 1}{column_name(c)}"
            found = f"{square} holds {board[r, c]}, not {ch}" if board[r, c] else f"{square} is empty"
            raise LexigridError(
                f"{text} is not on the board ({found}): give the last play as it stands on the board"
            )
        if not through and ch != ".":
            board[r, c] = ""
        i += 1
    try:
        points = check(board, parse_move(text, board), engine.lexicon)
    except LexigridError as error:
        raise LexigridError(f"{text} is not a legal play on the board before it: {error}") from None
    scores = (after.scores[1] - points, after.scores[0])
    return Position(board, swapped, scores, after.zeros, after.ops)


def check_last_play(after: Position, text: str, engine: Engine) -> None:
    """Raise unless `text` is a play that stands on the board after it, and was legal before it."""
    before = before_play(after, text, engine)
    _check_drawable(read_play(before, text, engine), rack_pool(before), before)


def rack_pool(position: Position) -> Counter[str]:
    """The tiles the player's rack was drawn from: all but the board's and the observer's (racks[1]), in the
    language's letter order."""
    pool = position.bag() + position.racks[0].counts
    return Counter({tile: pool[tile] for tile in position.board.alphabet.in_code_order("".join(pool))})


def infer(
    position: Position,
    play: str | Move,
    engine: Engine,
    *,
    margin: float = DEFAULT_MARGIN,
    score: int | None = None,
    runner: Runner = DEFAULT_RUNNER,
    lexicon_spec: str | None = None,
    temperature: float | None = None,
    seconds: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Inference:
    """The distribution of the leave kept by the player to move, who made `play` from this position.

    racks[0] may list tiles known to be on their rack (MAGPIE's known rack); racks[1] is the observer's.
    With a runner of several workers the racks are checked over it; each worker loads `lexicon_spec`
    (else it is sent the engine's lexicon). A `temperature` weighs the consistent leaves by `likelihood`.
    Given `seconds` (of `clock`; of the wall clock over several workers) the likeliest racks are judged
    first and the rest left out once the time has passed."""
    check_model(margin, temperature)
    start = time.perf_counter()
    deadline = math.inf if seconds is None else clock() + seconds
    move = play if isinstance(play, Move) else read_play(position, play, engine, score)
    pool = rack_pool(position)
    _check_drawable(move, pool, position)
    judge = Judge(engine, position, move, margin)
    refused = exchange_refusal(engine.rules.rack_size, judge.bag)
    if move.kind == "exchange" and refused is not None:
        raise LexigridError(f"{shown(position.board, move)} is not legal here: {refused}")
    space = LeaveSpace.of(position, move, pool)
    total = space.count()
    certain = total == 1
    leaves: list[str]
    losses: list[float | None]
    if certain:
        leaves, losses = space.listed(), [0.0]
    elif not runner.in_process:
        wall_deadline = time.time() + (deadline - clock())
        leaves, losses, judge.searched = _fan_out(
            position, move, engine, margin, runner, lexicon_spec, wall_deadline
        )
    else:
        order = space.listed() if seconds is None else space.likeliest()
        leaves, losses = judge.until(order, deadline, clock)
    found = _distribution(
        move, margin, pool, space.size, leaves, losses, judge.searched, start, certain, temperature, total
    )
    found.stopped = seconds is None and not found.complete  # only a clock that read infinity stops it
    return found


def check_model(margin: float, temperature: float | None) -> None:
    """Raise unless the margin is 0 or more points of equity and the temperature more than 0."""
    if not margin >= 0:  # (a NaN too: it would make every rack consistent)
        raise OptionError(
            f"the margin must be 0 or more points of equity, not {margin:g}",
            "margin",
            f"{{option}} must be 0 or more, not {margin:g}",
        )
    check_positive(temperature, "temperature", "the temperature", "points of equity")


def _check_drawable(move: Move, pool: Counter[str], position: Position) -> None:
    """Raise unless the play's tiles (and any known rack tiles) could have been on the rack."""
    missing = Counter(move.tiles_used) - pool
    if missing:
        tiles = sorted_tiles("".join(missing.elements()))
        raise LexigridError(
            f"{shown(position.board, move)} uses {position.board.alphabet.write(tiles)}, which are not "
            "unseen in this position"
        )


@dataclass(frozen=True)
class LeaveSpace:
    """What the player could have kept: the known rack tiles the play did not use (`base`, on every leave)
    and `extra` more of the `free` tiles, `size` tiles in all, from a rack drawn from `pool`."""

    base: str
    free: Counter[str]
    extra: int
    size: int
    played: str  # the play's tiles
    pool: Counter[str]

    @classmethod
    def of(cls, position: Position, move: Move, pool: Counter[str]) -> LeaveSpace:
        """The space of a play from a position whose player's rack was drawn from `pool`."""
        used = Counter(move.tiles_used)
        known = position.racks[0].counts
        rack_size = min(position.rules.rack_size, sum(pool.values()))
        kept_known = known - used  # known tiles the play did not use stay on the rack
        size = rack_size - len(move.tiles_used)
        extra = size - sum(kept_known.values())
        if extra < 0:
            raise LexigridError(
                f"the known rack {position.board.alphabet.write(str(position.racks[0]))} and "
                f"{shown(position.board, move)} need more than {rack_size} tiles"
            )
        free = pool - (used | known)
        return cls("".join(kept_known.elements()), free, extra, size, move.tiles_used, pool)

    def count(self) -> int:
        """How many leaves the space holds, counted without listing them."""
        return leave_count(self.free, self.extra)

    def listed(self) -> list[str]:
        """Every leave, in the listing's order."""
        return [
            sorted_tiles(self.base + tail) for tail in sub_multisets(sorted(self.free.items()), self.extra)
        ]

    def likeliest(self) -> Iterator[str]:
        """The listing in the order of its racks' draws, likeliest first (ties in its order), found without
        listing it."""
        fixed = Counter(self.played) + Counter(self.base)
        tails = heaviest_first(
            sorted(self.free.items()), self.extra, lambda tile, k: math.comb(self.pool[tile], fixed[tile] + k)
        )
        return (sorted_tiles(self.base + tail) for tail in tails)


def _distribution(
    move: Move,
    margin: float,
    pool: Counter[str],
    leave_size: int,
    leaves: list[str],
    losses: Sequence[float | None],
    searched: int,
    start: float,
    certain: bool,
    temperature: float | None,
    leaves_total: int,
) -> Inference:
    """The consistent leaves weighted by their racks' draws (times `likelihood`), likeliest first."""
    kept = [
        (leave, loss, rack_draws(pool, move.tiles_used + leave))
        for leave, loss in zip(leaves, losses, strict=True)
        if loss is not None
    ]
    weights = [draws * likelihood(loss, temperature) for _, loss, draws in kept]
    total = sum(weights)
    found = [
        InferredLeave(leave, weight / total, draws, loss)
        for (leave, loss, draws), weight in zip(kept, weights, strict=True)
    ]
    found.sort(key=lambda leave: (-leave.probability, leave.tiles))
    pool_tiles = dict(pool)  # (in letter order)
    elapsed = time.perf_counter() - start
    return Inference(
        move,
        margin,
        pool_tiles,
        leave_size,
        found,
        len(leaves),
        len(found),
        searched,
        elapsed,
        certain,
        temperature,
        leaves_total,
    )


def likelihood(loss: float, temperature: float | None) -> float:
    """The chance, up to a constant, that a player holding a rack makes a play `loss` points of equity below
    its best: 1 within the margin (MAGPIE's model), or exp(-loss / temperature) (a Boltzmann player)."""
    return 1.0 if temperature is None else math.exp(-loss / temperature)


Stride = tuple[int, int]  # (first, step): every step-th leave of `LeaveSpace.likeliest` from the first on
Block = tuple[str | Lexicon | None, LeaveModel, Rules, str, str, float, list[str] | Stride, float]


def judge_block(block: Block) -> tuple[list[str], list[float | None], int]:
    """Runner job: a block's leaves (a list, or a stride of the likeliest order) judged in order until the
    wall clock's deadline, their equity losses (None: inconsistent), and the searches made."""
    lexicon, leaves, rules, cgp, play, margin, part, deadline = block
    position = parse_cgp(cgp, rules)
    lex = lexicon if isinstance(lexicon, Lexicon) else load_lexicon(lexicon)
    engine = Engine.shared(lex, position.rules, leaves)
    judge = Judge(engine, position, read_play(position, play, engine), margin)
    order: Iterable[str]
    if isinstance(part, list):
        order = part
    else:
        space = LeaveSpace.of(position, judge.play, rack_pool(position))
        order = itertools.islice(space.likeliest(), part[0], None, part[1])
    judged, losses = judge.until(order, deadline, time.time)
    return judged, losses, judge.searched


def _fan_out(
    position: Position,
    move: Move,
    engine: Engine,
    margin: float,
    runner: Runner,
    lexicon_spec: str | None,
    deadline: float,
) -> tuple[list[str], list[float | None], int]:
    """Judge the leaves in blocks over the shared runner: the leaves judged, their losses and the searches.
    Without a deadline the listed leaves, a few blocks a worker in turn; with one, a stride of the likeliest
    order a worker, each every `jobs`-th leaf, so that the workers judge the likeliest together."""
    lexicon: str | Lexicon | None = lexicon_spec if lexicon_spec is not None else engine.lexicon
    parts: list[list[str] | Stride]
    if math.isinf(deadline):
        leaves = LeaveSpace.of(position, move, rack_pool(position)).listed()
        size = max(1, -(-len(leaves) // (runner.jobs * 4)))
        parts = [leaves[i : i + size] for i in range(0, len(leaves), size)]
    else:
        parts = [(k, runner.jobs) for k in range(runner.jobs)]
    cgp, play = format_cgp(position), move.paren
    blocks: list[Block] = [
        (lexicon, engine.leaves, position.rules, cgp, play, margin, part, deadline) for part in parts
    ]
    results = runner.run(judge_block, blocks, progress=False, chunk_size=1)
    judged = [leave for leaves, _, _ in results for leave in leaves]
    return judged, [loss for _, losses, _ in results for loss in losses], sum(n for _, _, n in results)


def kept_after(
    after: Position,
    text: str,
    engine: Engine,
    *,
    runner: Runner = DEFAULT_RUNNER,
    margin: float = DEFAULT_MARGIN,
    temperature: float | None = None,
    seconds: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Inference:
    """What the opponent kept after their last play `text`, seen from the position after it (the observer
    to move); `distribution()` is what `simulate(opponent=...)` draws from."""
    before = before_play(after, text, engine)
    return infer(
        before,
        text,
        engine,
        runner=runner,
        margin=margin,
        temperature=temperature,
        seconds=seconds,
        clock=clock,
    )


def kept_if_known(
    after: Position,
    text: str,
    engine: Engine,
    *,
    margin: float = DEFAULT_MARGIN,
    temperature: float | None = None,
    seconds: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Inference | None:
    """`kept_after`, or None when the play tells nothing an equity can judge: it formed a word the engine's
    lexicon lacks (a phony that stood), or is not what the board shows."""
    try:
        return kept_after(
            after, text, engine, margin=margin, temperature=temperature, seconds=seconds, clock=clock
        )
    except LexigridError:
        return None


def infer_request(
    position: Position,
    play: str,
    engine: Engine,
    *,
    after: bool = False,
    score: int | None = None,
    margin: float = DEFAULT_MARGIN,
    temperature: float | None = None,
    seconds: float | None = None,
    runner: Runner = DEFAULT_RUNNER,
    lexicon_spec: str | None = None,
) -> Inference:
    """`scrabble infer` as the faces ask it: from the position before the play, or `after` it (the observer
    to move), within `seconds` if given."""
    check_positive(seconds, "seconds", "an inference's time", "seconds")
    before = before_play(position, play, engine) if after else position
    return infer(
        before,
        play,
        engine,
        margin=margin,
        score=score,
        runner=runner,
        lexicon_spec=lexicon_spec,
        temperature=temperature,
        seconds=seconds,
    )


def check_simulation_request(last: str | None, temperature: float | None) -> None:
    """Raise when a simulation is given a temperature but no last play to infer from."""
    if temperature is not None and last is None:
        raise OptionError(
            "a temperature weighs what the opponent's last play tells: give their last play too",
            "temperature",
            "{option} weighs the inference from their last play: give --infer MOVE too",
        )


def infer_for_simulation(
    after: Position,
    text: str,
    engine: Engine,
    seconds: float | None,
    *,
    runner: Runner = DEFAULT_RUNNER,
    margin: float = DEFAULT_MARGIN,
    temperature: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[Inference, float | None]:
    """What the opponent kept after `text`, inferred before a simulation of `seconds` (within INFER_SHARE
    of them by `clock`; every leave judged when the simulation counts play-outs), and the seconds left for
    it (at least as many as the inference was given, should setting it up have overrun)."""
    kept = functools.partial(
        kept_after, after, text, engine, runner=runner, margin=margin, temperature=temperature, clock=clock
    )
    if seconds is None:
        return kept(), None
    share, start = INFER_SHARE * seconds, time.perf_counter()
    found = kept(seconds=share)
    return found, max(share, seconds - (time.perf_counter() - start))
