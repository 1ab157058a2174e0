"""Game review: a whole GCG record analysed turn by turn, each turn judged by the method of its phase.

The record is replayed first (`replay_gcg`, with all its checks: a record that fails names its line). Then
every turn of the chosen players (a placement, an exchange or a pass whose rack the record gives) is judged
from the mover's seat, knowing only their own rack while the bag holds tiles:

The phase is `analysis.phase`'s, the one rule the computer players follow too:

- **sim** while the bag holds more tiles than the pre-endgame solver reaches: the simulation (`simulate`)
  of the best plays by static equity plus the play made; *win % lost* is the best play's win % less the
  play made, measured on the same play-outs (common random numbers), with its error bar (ERROR_BAR_Z
  standard errors of that paired difference). A mistake is only called where the loss exceeds its bar.
- **peg** with 1..`peg.MAX_BAG` tiles in the bag: the pre-endgame solver (`solve_peg`), exact; when it cannot
  solve the turn within its share of the turn's time, the turn falls back to simulation in the time left and
  says so (`method_note`). With a fixed number of play-outs (`iterations`) or a work budget (`peg_nodes`)
  only 1-in-the-bag turns go to the solver, within a work budget instead of a time (search nodes,
  PEG_NODES_PER_PLAYOUT a play-out by default), so no turn's method or result depends on the machine's speed
  or load; a turn the budget does not solve exactly is simulated.
- **endgame** with the bag empty: the exact endgame solver (`endgame.solve`) from the position with both
  racks known; *points lost* = the best first move's value less the value of the play made (the position
  after it solved for the opponent), as `lexigrid scrabble endgame` gives them.

Mistake sizes follow MAGPIE's and Woogles' scale: small / medium / large from 0.5 / 3 / 7 % of win chance
lost, or 1 / 7 / 15 points lost in the endgame, where throwing away a won endgame (the best play wins, the
play made does not) is always large. A player's **Mistake Index** is the sum over their turns of 0.2 per
small, 0.5 per medium and 1.0 per large mistake. A phony challenged off is judged as the pass it became
(MAGPIE does the same); a phony that stood is judged as played.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Literal

from lexigrid.counts import count
from lexigrid.errors import LexigridError, OptionError
from lexigrid.lexicon import Lexicon, load
from lexigrid.lexicon.sources import DEFAULT_LEXICON, is_lexicon_name, named_lexicons
from lexigrid.runner import DEFAULT_RUNNER, Runner
from lexigrid.scrabble.analysis import peg
from lexigrid.scrabble.analysis.chooser import PEG_SHARE
from lexigrid.scrabble.analysis.endgame import solve
from lexigrid.scrabble.analysis.phase import phase
from lexigrid.scrabble.analysis.sim import DEFAULT_PLAYS, DEFAULT_PLIES, PlayStats, simulate
from lexigrid.scrabble.analysis.sim_plies import ply_rows
from lexigrid.scrabble.core.alphabet import BLANK
from lexigrid.scrabble.core.board import Board, Rack
from lexigrid.scrabble.core.cgp import Position, cgp_language_rules, format_cgp, parse_cgp
from lexigrid.scrabble.core.ending import share
from lexigrid.scrabble.core.move import Move, parse_move
from lexigrid.scrabble.core.play_state import PlayState
from lexigrid.scrabble.core.referee import is_bingo
from lexigrid.scrabble.engine.movegen import Engine
from lexigrid.scrabble.records import upheld
from lexigrid.scrabble.records.contrast import contrast
from lexigrid.scrabble.records.gcg import Event, Record, parse_gcg
from lexigrid.scrabble.records.gcg_replay import TurnState, replay_gcg

Phase = Literal["sim", "peg", "endgame", "skipped"]
Mistake = Literal["none", "small", "medium", "large"]
WIN_PCT_SCALE = (0.5, 3.0, 7.0)  # win % lost from which a mistake is small, medium, large
POINTS_SCALE = (1, 7, 15)  # endgame points lost from which a mistake is small, medium, large
MISTAKE_WEIGHTS: dict[Mistake, float] = {"none": 0.0, "small": 0.2, "medium": 0.5, "large": 1.0}
DEFAULT_SECONDS_PER_TURN = 2.0
ERROR_BAR_Z = 1.96  # the error bar of a simulated win % lost: 95 % two-sided on the paired difference
PEG_TOP = 10  # pre-endgame plays listed
REPRODUCIBLE_BAG = 1  # with a work budget, the fullest bag given to the solver (2 is rarely exact)
PEG_NODES_PER_PLAYOUT = 10_000  # with --iterations N, a pre-endgame turn's work budget is N times this
ENDGAME_NODES = 20_000_000  # with a work budget, an endgame turn's searches' (each; tens of CPU s at most)
MIN_SIM_SECONDS = 0.1  # the least a simulation gets after the pre-endgame solver spent the turn's share
SHOWN_CANDIDATES = 10  # the other candidates a turn lists
UNPLAYABLE = frozenset({"phony_stood", "outside_lexicon"})  # a word the judging lexicon lacks: never the best
METHODS = {"sim": "simulation", "peg": "the pre-endgame solver", "endgame": "the exact endgame"}
FLAGS = {
    "phony_stood": "a phony that stood",
    "outside_lexicon": "a word the judging lexicon lacks (not the record's own: no phony called)",
    "phony_withdrawn": "a phony challenged off",
    "challenged_valid": "a valid play challenged",
    "bingo_missed": "a bingo available and missed",
}


@dataclass(frozen=True)
class Settings:
    """How hard to judge each turn: seconds (a simulation, pre-endgame or endgame at most), or a fixed
    number of play-outs a play (reproducible, whatever the machine's speed); plays simulated; the seed;
    the most tiles in the bag the pre-endgame solver is asked to solve (fuller bags are simulated); the
    pre-endgame solver's work budget a turn in search nodes (None: from `iterations`, or by time)."""

    seconds: float = DEFAULT_SECONDS_PER_TURN
    iterations: int | None = None
    plays: int = DEFAULT_PLAYS
    seed: int = 0
    peg_bag: int = peg.MAX_BAG
    peg_nodes: int | None = None

    @property
    def peg_budget(self) -> int | None:
        """The pre-endgame solver's work budget a turn: `peg_nodes`, else PEG_NODES_PER_PLAYOUT a play-out
        with `iterations`; None: it has a share of the turn's seconds instead."""
        if self.peg_nodes is not None or self.iterations is None:
            return self.peg_nodes
        return PEG_NODES_PER_PLAYOUT * self.iterations

    @property
    def solver_bag(self) -> int:
        """The most tiles in the bag a turn is given to the pre-endgame solver: `peg_bag`; with a work
        budget at most REPRODUCIBLE_BAG, so the method and the result of a turn never depend on the
        machine's speed."""
        return self.peg_bag if self.peg_budget is None else min(self.peg_bag, REPRODUCIBLE_BAG)

    @property
    def peg_seconds(self) -> float | None:
        """The pre-endgame solver's share of a turn's seconds (None with a work budget: no time limit); the
        simulation, when the solver does not finish exactly, has what is left of the turn's seconds."""
        return None if self.peg_budget is not None else PEG_SHARE * self.seconds

    def check(self) -> None:
        """One-line errors for settings that cannot run."""
        if not self.seconds > 0:
            raise OptionError(
                f"a game analysis needs more than 0 seconds a turn, not {self.seconds:g}",
                "seconds_per_turn",
                f"{{option}} must be more than 0, not {self.seconds:g}",
            )
        if not math.isfinite(self.seconds):  # a simulation would never stop
            raise OptionError(
                f"a game analysis needs a finite number of seconds a turn, not {self.seconds:g}",
                "seconds_per_turn",
                f"{{option}} must be a finite number of seconds, not {self.seconds:g}",
            )
        if self.iterations is not None and self.iterations < 1:
            raise OptionError(
                f"a game analysis needs at least 1 play-out a play, not {self.iterations}",
                "iterations",
                f"{{option}} must be at least 1, not {self.iterations}",
            )
        if self.peg_nodes is not None and self.peg_nodes < 1:
            raise OptionError(
                f"a pre-endgame turn's work budget must be at least 1 node, not {self.peg_nodes}",
                "peg_nodes",
                f"{{option}} must be at least 1, not {self.peg_nodes}",
            )


@dataclass(frozen=True)
class TurnJob:
    """One turn to judge, as a runner item: the position from the mover's seat (CGP), the play made, what
    the record says about it, the lexicon (name or path) and the settings."""

    turn: int
    player: int
    nick: str
    line: int
    cgp: str
    played: str  # the move judged (a phony challenged off: the pass it became)
    recorded: str  # the move as the record gives it
    points: int  # its recorded score
    flags: tuple[str, ...]
    skip: str  # why the turn is not judged ('' when it is)
    lexicon: str
    settings: Settings


@dataclass
class TurnReview:
    """One judged turn: the phase and its method, the play made against the best, the loss, the mistake."""

    turn: int
    player: int
    nick: str
    line: int
    cgp: str
    rack: str
    phase: Phase
    played: str
    best: str = ""
    rank: int | None = None
    place: str = ""  # the rank shown: `1=` when as good as the best (or a simulation cannot tell them apart)
    win_pct: float | None = None  # the mover's chance of winning after the play made
    best_win_pct: float | None = None
    win_pct_lost: float = 0.0
    error_bar: float = 0.0  # the win % lost's own uncertainty (0 when exact, infinite from one play-out)
    points_lost: int | None = None  # endgame turns
    final_spread_best: int | None = None  # endgame turns: the mover's final spread under best play
    final_spread_played: int | None = None  # ... after the play made
    equity_lost: float = 0.0  # points of spread (with leaves, in a simulation) the play made gave away
    mistake: Mistake = "none"
    flags: list[str] = field(default_factory=list)
    exact: bool = False
    method_note: str = ""
    bingo: bool = False
    candidates: list[dict[str, Any]] = field(default_factory=list)
    contrast: str = ""  # the play made beside the best in words (`contrast`): points, leaves, their answers

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of a turn (`scrabble analyze --json` and the web API)."""
        return {
            "turn": self.turn,
            "player": self.nick,
            "player_index": self.player,
            "line": self.line,
            "phase": self.phase,
            "cgp": self.cgp,
            "rack": self.rack,
            "played": self.played,
            "best": self.best,
            "rank": self.rank,
            "place": self.place,
            "win_pct": _round(self.win_pct),
            "best_win_pct": _round(self.best_win_pct),
            "win_pct_lost": round(self.win_pct_lost, 2),
            "error_bar": None if math.isinf(self.error_bar) else round(self.error_bar, 2),  # JSON has no inf
            "points_lost": self.points_lost,
            "final_spread_best": self.final_spread_best,
            "final_spread_played": self.final_spread_played,
            "equity_lost": round(self.equity_lost, 2),
            "mistake": self.mistake,
            "flags": self.flags,
            "exact": self.exact,
            "method_note": self.method_note,
            "bingo": self.bingo,
            "candidates": self.candidates,
            "lost_text": self.lost_text,
            "headline": self.headline,
            "verdict": self.verdict,
            "contrast": self.contrast,
            "flag_notes": [FLAGS[flag] for flag in self.flags],
        }

    @property
    def lost_text(self) -> str:
        """What the turn lost in words: points in the endgame, win % ± its error bar otherwise (exact: no
        bar); nothing when not judged."""
        if self.points_lost is not None:
            return f"{self.points_lost} pts"
        if self.phase == "skipped":
            return ""
        bar = " ±∞" if math.isinf(self.error_bar) else f" ±{self.error_bar:.1f}" if self.error_bar else ""
        return f"{self.win_pct_lost:.1f} %{bar}"

    @property
    def headline(self) -> str:
        """The play made, its rank and the best: `played H5 GOU(R)DE (rank 16); best J6 OU(T)GO`."""
        ranked = f" (rank {self.place})" if self.place else ""
        return f"played {self.played}{ranked}; best {self.best or '-'}"

    @property
    def verdict(self) -> str:
        """How the turn was judged and what it lost: `judged by simulation; lost 6.7 % ±4.7: a medium
        mistake`."""
        if self.phase == "skipped":
            return "not judged"
        mistake = "" if self.mistake == "none" else f": a {self.mistake} mistake"
        return f"judged by {METHODS[self.phase]}; lost {self.lost_text}{mistake}"


@dataclass(frozen=True)
class PlayerSummary:
    """A player's review: turns judged, mistakes by size, the Mistake Index, losses and bingos."""

    name: str
    full_name: str
    turns: int
    mistakes: dict[str, int]
    mistake_index: float
    equity_lost: float
    win_pct_lost: float
    bingos: int
    bingos_missed: int
    score: int

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of a player's summary."""
        return {
            "name": self.name,
            "full_name": self.full_name,
            "score": self.score,
            "turns": self.turns,
            "mistakes": self.mistakes,
            "mistake_index": round(self.mistake_index, 2),
            "equity_lost": round(self.equity_lost, 2),
            "win_pct_lost": round(self.win_pct_lost, 2),
            "bingos": self.bingos,
            "bingos_missed": self.bingos_missed,
        }


@dataclass
class GameReview:
    """A whole game judged: every turn reviewed (in record order) and each player's summary."""

    turns: list[TurnReview]
    players: list[PlayerSummary]
    lexicon: str
    settings: Settings
    elapsed_ms: float
    lexicon_note: str = ""

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of `scrabble analyze --json`, the web API and each line of a batch."""
        return {
            "turns": [turn.as_dict() for turn in self.turns],
            "players": [player.as_dict() for player in self.players],
            "lexicon": self.lexicon,
            "lexicon_note": self.lexicon_note,
            "seconds_per_turn": self.settings.seconds,
            "iterations": self.settings.iterations,
            "peg_nodes": self.settings.peg_budget,
            "elapsed_ms": round(self.elapsed_ms, 1),
        }


# --- the mistake scale ----------------------------------------------------------------------------------


def mistake_size(lost: float, scale: tuple[float, float, float]) -> Mistake:
    """The size of a loss on a scale of (small, medium, large) thresholds."""
    small, medium, large = scale
    if lost >= large:
        return "large"
    if lost >= medium:
        return "medium"
    return "small" if lost >= small else "none"


def endgame_mistake(best_spread: int, played_spread: int) -> Mistake:
    """An endgame turn's mistake from the final spreads under best play: a won game thrown away (the best
    play wins, the play made does not) is large, else by the points lost."""
    if best_spread > 0 >= played_spread:
        return "large"
    return mistake_size(best_spread - played_spread, POINTS_SCALE)


def mistake_index(mistakes: Sequence[Mistake]) -> float:
    """The Mistake Index: 0.2 a small, 0.5 a medium and 1.0 a large mistake, summed."""
    return sum(MISTAKE_WEIGHTS[m] for m in mistakes)


def outcome_pct(spread: int) -> float:
    """A finished game's win % for a final spread: 100 a win, 50 a draw, 0 a loss."""
    return 100.0 * share(spread)


# --- the record and its lexicon -------------------------------------------------------------------------


def read_record(data: str | bytes) -> Record:
    """A GCG record from its text or bytes (a file's or a page's)."""
    return parse_gcg(data)


def record_lexicon(record: Record, asked: str | None = None) -> tuple[Lexicon, str, str]:
    """The lexicon to judge a record in: the one asked for, else the record's #lexicon when installed, else
    the default; with its spec (name or path) and a note when the record's own could not be used."""
    if asked:
        lexicon = load(asked)
        return lexicon, asked, asked_note(record, lexicon)
    named = record.lexicon
    if named and is_lexicon_name(named):
        try:
            return load(named), named, ""
        except LexigridError:
            pass
    language = record.alphabet.name
    if language != "english":  # judged in a lexicon of the record's language, never in English words
        same = [name for name, lx in named_lexicons().items() if lx.alphabet == language]
        if not same:
            raise LexigridError(
                f"the record is in {language} and no {language} lexicon is installed (its lexicon: "
                f"{named or 'not named'}): add one with `lexigrid lexicon add NAME FILE`, or name one"
            )
        lexicon = load(same[0])
    else:
        lexicon = load(DEFAULT_LEXICON)
    if named:
        note = f"the record's lexicon {named} is not installed: judged in {lexicon.name}"
    else:  # taken for the game's own: the words it lacks are called phonies
        note = f"the record names no lexicon: judged in {lexicon.name} (name the game's if it was another)"
    return lexicon, lexicon.name if language != "english" else DEFAULT_LEXICON, note


# --- turns from the record ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReviewPlan:
    """The jobs of the turns to judge, and the words the lexicon lacks that the record's challenges upheld
    (`upheld.upheld_outside`)."""

    jobs: list[TurnJob]
    upheld: list[str]


def plan_review(
    record: Record, lexicon: Lexicon, spec: str, settings: Settings, player: str | None = None
) -> ReviewPlan:
    """The record replayed once (every check; a failure names its line) into one job per turn to judge."""
    settings.check()
    if len(record.players) != 2:
        raise LexigridError(f"a game analysis takes two-player records; this one has {len(record.players)}")
    chosen = _player_index(record, player)
    replayed = replay_gcg(record, lexicon)
    if not replayed.tiles_scored:
        raise LexigridError(
            f"the record holds tiles outside the {record.alphabet.name} tile set ({_foreign(record)}): a "
            "game analysis needs its own: name it in the record (`#tile-distribution NAME`) or its `#lexicon`"
        )
    phonies = {phony.line for phony in replayed.phonies}
    upheld_words = upheld.upheld_outside(record, replayed)
    own = judges_own(record, lexicon, upheld_words)
    following = {event.number: record.events[i + 1 :] for i, event in enumerate(record.events)}
    states = replayed.turns
    jobs = []
    for turn, state in enumerate(states, 1):
        if chosen is not None and state.player != chosen:
            continue
        flags = _record_flags(state.event, following[state.event.number], phonies, own)
        if turn < len(states) and _after_going_out(states[turn]):  # the next turn a challenge's loss
            flags += ("challenged_valid",)
        jobs.append(_job(turn, state, flags, spec, settings))
    return ReviewPlan(jobs, upheld_words)


def _foreign(record: Record) -> str:
    """The letters of a record's racks that its alphabet has no tile for (`Ć, Ę, Ń`)."""
    known = set(record.alphabet.glyphs) | {BLANK}
    return ", ".join(sorted({ch.upper() for e in record.events for ch in e.rack if ch.upper() not in known}))


def _after_going_out(state: TurnState) -> bool:
    """Whether the turn comes after the opponent went out (under double challenge, the turn a challenger of
    the valid out-play loses, recorded as a pass)."""
    return bool(state.event.rack) and _opponent_went_out(_position(state.board, state.event.rack, (0, 0), 0))


def _opponent_went_out(position: Position) -> bool:
    """Whether the opponent has gone out: the mover sees every tile (none in the bag or on their rack)."""
    return not sum(position.unseen().values())


def _player_index(record: Record, name: str | None) -> int | None:
    """The player named (by nickname or full name), None for both; an error naming the record's players."""
    if name is None:
        return None
    for i, (nick, full) in enumerate(record.players):
        if name in (nick, full):
            return i
    names = ", ".join(nick for nick, _ in record.players)
    raise LexigridError(f"no player {name!r} in the record: its players are {names}")


def asked_note(record: Record, lexicon: Lexicon) -> str:
    """The note on a record judged in the lexicon asked for when the record names another ('' if not)."""
    if judges_own(record, lexicon):
        return ""
    return f"the record's lexicon is {record.lexicon}: judged in {lexicon.name}, as asked"


def judges_own(record: Record, lexicon: Lexicon, upheld_words: Sequence[str] = ()) -> bool:
    """Whether `lexicon` is the record's own: no word it lacks was upheld by the record's challenges
    (`upheld_words`, `upheld.upheld_outside`), and the record names no lexicon, or the one it names is
    installed and is this."""
    if upheld_words:
        return False
    named = record.lexicon
    if not named:
        return True
    try:
        return is_lexicon_name(named) and load(named).sha256 == lexicon.sha256
    except LexigridError:  # not installed
        return False


def _record_flags(event: Event, after: Sequence[Event], phonies: set[int], own: bool) -> tuple[str, ...]:
    """What the record says of a turn: a phony that stood (a word outside the lexicon judging, when it is not
    the record's own), a phony taken back, a valid play challenged."""
    flags = []
    if event.number in phonies:
        flags.append("phony_stood" if own else "outside_lexicon")
    if event.kind == "place" and after and after[0].nick == event.nick:
        if after[0].kind == "withdrawn":
            flags.append("phony_withdrawn")
        elif upheld.upheld(event, after[0]):
            flags.append("challenged_valid")
    return tuple(flags)


def _job(turn: int, state: TurnState, flags: tuple[str, ...], spec: str, s: Settings) -> TurnJob:
    """A turn as a job: the position from the mover's seat (the opponent's rack once the bag is empty)."""
    event, p = state.event, state.player
    position = _position(state.board, event.rack, (state.scores[p], state.scores[1 - p]), state.zeros)
    skip = ""
    if not event.rack:
        skip = "the record does not give the rack"
    elif event.kind == "exchange" and event.move[1:].isdigit():
        skip = "an exchange of tiles the record does not name"
    elif _opponent_went_out(position):
        skip = "the game was over: the opponent had gone out (a turn lost to a challenge)"
    played = "-" if "phony_withdrawn" in flags else event.move
    cgp = format_cgp(position)
    return TurnJob(
        turn, p, event.nick, event.number, cgp, played, event.move, event.score, flags, skip, spec, s
    )


def _position(board: Board, rack: str, scores: tuple[int, int], zeros: int) -> Position:
    """The mover's position: their rack; the opponent's rack only when it is certain (the bag empty)."""
    mover = Rack.of_tiles(rack) if rack else Rack()
    position = Position(board, (mover, Rack()), scores, zeros)
    unseen = position.unseen()
    if rack and sum(unseen.values()) <= position.rules.rack_size:
        position = replace(position, racks=(mover, Rack.of_tiles("".join(sorted(unseen.elements())))))
    return position


# --- judging a turn -------------------------------------------------------------------------------------


def job_position(job: TurnJob) -> Position:
    """A turn's position, read in its lexicon's language (its tile set on the board of its row count)."""
    return parse_cgp(job.cgp, cgp_language_rules(job.cgp, load(job.lexicon).alphabet))


def prepare_worker(job: TurnJob) -> None:
    """Runner setup: the lexicon loaded and the engine of a game's turns built in a worker, before its first
    turn (every turn of a record has the same lexicon and rules)."""
    Engine.shared(load(job.lexicon), job_position(job).rules).prepare()


def judge_turn(job: TurnJob) -> TurnReview:
    """Runner job: judge one turn by the method of its phase."""
    position = job_position(job)
    review = TurnReview(
        job.turn, job.player, job.nick, job.line, job.cgp, str(position.rack), "skipped", job.played
    )
    review.flags = list(job.flags)
    if job.skip:
        review.method_note = job.skip
        return _in_labels(review, position)
    engine = Engine.shared(load(job.lexicon), position.rules)
    moves = engine.moves(position)
    played = _played_move(job, position, engine)
    review.played = played.paren if played.kind != "pass" else job.recorded
    review.bingo = is_bingo(position.rules, played) and "phony_withdrawn" not in job.flags
    played = moves.mirror_free(played)  # a down opening is judged as the across one the rankings show
    if not review.bingo and bool((moves.records["ntiles"] == position.rules.rack_size).any()):
        review.flags.append("bingo_missed")
    stage, s = phase(position), job.settings
    if stage == "pre-endgame" and position.bag_when_full() > s.solver_bag:
        stage = "midgame"
        review.method_note = f"more than {s.solver_bag} in the bag for the review's pre-endgame solver"
    started = time.perf_counter()
    if stage == "endgame":
        _judge_endgame(review, position, played, engine, s)
    elif stage == "pre-endgame" and _judge_peg(review, position, played, engine, s):
        pass
    else:  # the turn's seconds once: what the pre-endgame solver left of them
        left = max(MIN_SIM_SECONDS, s.seconds - (time.perf_counter() - started))
        _judge_sim(review, position, played, engine, job, position.bag_when_full(), left)
    return _in_labels(review, position)


def _in_labels(review: TurnReview, position: Position) -> TurnReview:
    """The judged turn's tiles written in the alphabet's labels (`8E BOL·LA`), as every result gives them."""
    letters = position.rules.tiles.alphabet
    review.rack, review.played = letters.write_tiles(review.rack), letters.write(review.played)
    review.best = letters.write(review.best)
    review.candidates = [{**c, "move": letters.write(c["move"])} for c in review.candidates]
    return review


def _played_move(job: TurnJob, position: Position, engine: Engine) -> Move:
    """The play made as the engine generates it (its score and equity); a phony that stood, which the
    engine does not generate, with its recorded score and its leave's value."""
    move = parse_move(job.played, position.board, glyphs=True)
    generated = engine.moves(position).find(move)
    if generated is not None:
        return generated
    leave = Counter(position.rack.counts)
    leave.subtract(Counter(move.tiles_used))
    score = job.points if move.kind == "place" else 0
    equity = score + engine.leave_value("".join(sorted((+leave).elements())))
    return replace(move, score=score, equity=equity)


def _judge_endgame(review: TurnReview, position: Position, played: Move, engine: Engine, s: Settings) -> None:
    """Bag empty: the exact endgame (within the turn's seconds, or with a work budget within ENDGAME_NODES
    search nodes a search: the same on any machine). Points lost = the best value less the play made's."""
    review.phase = "endgame"
    seconds, nodes = (None, ENDGAME_NODES) if s.peg_budget is not None else (s.seconds, 0)
    solution = solve(position, engine, seconds=seconds, top=SHOWN_CANDIDATES, max_nodes=nodes)
    value, exact = solution.value, solution.exact
    if played.key != solution.best.key:
        value, exact = _value_after(position, played, engine, seconds, nodes)
        exact = exact and solution.exact
    start = position.scores[0] - position.scores[1]
    best_spread, played_spread = start + solution.value, start + value
    review.best = solution.best.paren
    review.contrast = contrast(played, solution.best, str(position.rack), position.rules.tiles.alphabet)
    review.points_lost = solution.value - value
    review.final_spread_best, review.final_spread_played = best_spread, played_spread
    review.equity_lost = float(review.points_lost)
    review.win_pct, review.best_win_pct = outcome_pct(played_spread), outcome_pct(best_spread)
    review.win_pct_lost = review.best_win_pct - review.win_pct
    review.mistake = endgame_mistake(best_spread, played_spread)
    review.exact = exact
    review.rank = exact_rank(value, [r.value for r in solution.top])
    mine = _endgame_row(played, value, start, solution.top)
    review.place = mine["place"]
    review.candidates = _listing(
        [_endgame_row(r.move, r.value, start, solution.top) for r in solution.top], mine
    )


def _endgame_row(move: Move, value: int, start: int, top: Sequence[Any]) -> dict[str, Any]:
    """An endgame candidate's row: its place among the `top` solved, its value under best play and the
    final spread it leads to."""
    place = exact_place(value, [r.value for r in top if r.move.key != move.key])
    return {
        "move": move.paren,
        "place": place,
        "score": move.score,
        "value": value,
        "final_spread": start + value,
    }


def exact_place(value: Any, others: Sequence[Any]) -> str:
    """An exactly valued play's place: its rank among the others, with `=` when one is as good (`3=`)."""
    rank = exact_rank(value, others)
    return f"{rank}=" if value in others else str(rank)


def exact_rank(value: Any, others: Sequence[Any]) -> int:
    """An exactly valued play's rank: 1 + the others better (equals do not count)."""
    return 1 + sum(1 for other in others if other > value)


def _listing(rows: list[dict[str, Any]], played: dict[str, Any]) -> list[dict[str, Any]]:
    """A turn's candidates as shown: the best ones, then the play made when it is not among them (a player
    looks for their own play in the list)."""
    return rows if any(row["move"] == played["move"] for row in rows) else [*rows, played]


def _value_after(
    position: Position, move: Move, engine: Engine, seconds: float | None, nodes: int
) -> tuple[int, bool]:
    """The value of `move` (the spread it gains under best play to the end), and whether it is proven."""
    state = PlayState.of_position(position)
    state.apply(move)
    gained = state.scores[0] - state.scores[1] - (position.scores[0] - position.scores[1])
    if state.over:
        return gained, True
    reply = solve(state.position(), engine, seconds=seconds, max_nodes=nodes)
    return gained - reply.value, reply.exact


def _judge_peg(review: TurnReview, position: Position, played: Move, engine: Engine, s: Settings) -> bool:
    """1..MAX_BAG tiles in the bag: the pre-endgame solver, when it solves the turn exactly in time (or
    within its work budget: the solve and the played play's judgement share it)."""
    seconds, nodes = s.peg_seconds, s.peg_budget
    deadline = None if seconds is None else time.perf_counter() + seconds
    try:
        solution = peg.solve_peg(position, engine, top=PEG_TOP, seconds=seconds, nodes=nodes)
    except LexigridError as error:
        review.method_note = f"the pre-endgame solver declined ({error}): judged by simulation"
        return False
    judged = next((j for j in solution.plays if j.move.key == played.key), None)
    if judged is None and solution.exact:
        left = None if nodes is None else max(1, nodes - solution.nodes)
        judged = peg.judge_beside(position, played, engine, solution, deadline, left)
    if not solution.exact or not solution.plays or judged is None or not judged.exact:
        within = f" within {count(nodes, 'search node')}" if nodes is not None else f" in {seconds:g} s"
        review.method_note = (
            f"the pre-endgame solver did not solve this turn exactly{within}: judged by simulation"
        )
        return False
    best = solution.plays[0]
    review.phase, review.exact = "peg", True
    review.best = best.move.paren
    review.contrast = contrast(played, best.move, str(position.rack), position.rules.tiles.alphabet)
    review.win_pct, review.best_win_pct = judged.win_pct, best.win_pct
    review.win_pct_lost = max(0.0, best.win_pct - judged.win_pct)
    if best.mean_spread is not None and judged.mean_spread is not None:  # (only solved with spreads=True)
        review.equity_lost = best.mean_spread - judged.mean_spread
    review.mistake = mistake_size(review.win_pct_lost, WIN_PCT_SCALE)
    review.rank = exact_rank(_peg_key(judged), [_peg_key(j) for j in solution.plays])
    mine = _peg_row(judged, solution.plays)
    review.place = mine["place"]
    review.candidates = _listing([_peg_row(j, solution.plays) for j in solution.plays], mine)
    return True


def _peg_row(judged: peg.Judged, plays: Sequence[peg.Judged]) -> dict[str, Any]:
    """A pre-endgame candidate's row: its place among the `plays` solved, its exact win % (and mean spread,
    when solved with spreads)."""
    spread = judged.mean_spread
    return {
        "move": judged.move.paren,
        "place": exact_place(_peg_key(judged), [_peg_key(j) for j in plays if j.move.key != judged.move.key]),
        "score": judged.move.score,
        "win_pct": round(judged.win_pct, 2),
        "mean_spread": None if spread is None else round(spread, 2),
    }


def _peg_key(judged: peg.Judged) -> tuple[float, float]:
    """What ranks pre-endgame plays: win %, then the mean spread when it was solved."""
    return judged.win_pct, judged.mean_spread or 0.0


def _judge_sim(
    review: TurnReview,
    position: Position,
    played: Move,
    engine: Engine,
    job: TurnJob,
    bag: int,
    seconds: float,
) -> None:
    """The bag fuller than the pre-endgame solver reaches (or it declined): simulation, the play made among
    the candidates; a mistake only where the win % lost exceeds its error bar."""
    s = job.settings
    review.phase = "sim"
    result = simulate(
        position,
        engine,
        plays=s.plays,
        plies=min(DEFAULT_PLIES, bag),
        iterations=s.iterations,
        seconds=None if s.iterations is not None else seconds,
        seed=s.seed,
        lexicon=job.lexicon,
        weigh=[played],
    )
    mine = next(p for p in result.plays if p.move.key == played.key)
    valid = [p for p in result.plays if p is not mine or not UNPLAYABLE.intersection(job.flags)]
    best = valid[0] if valid else mine  # a phony that stood is never shown as the best play
    review.best = best.move.paren
    letters = position.rules.tiles.alphabet
    review.contrast = contrast(played, best.move, str(position.rack), letters, (mine.plies, best.plies))
    review.win_pct, review.best_win_pct = mine.win_pct, best.win_pct
    lost, bar = paired_loss(best, mine)
    review.win_pct_lost, review.error_bar = lost, bar
    review.equity_lost = best.mean_value - mine.mean_value if mine is not best else 0.0
    if mine is not best and lost > bar:
        review.mistake = mistake_size(lost, WIN_PCT_SCALE)
    _list_sim(review, result.plays, mine, best)


def _list_sim(review: TurnReview, plays: Sequence[PlayStats], mine: PlayStats, best: PlayStats) -> None:
    """A simulated turn's candidates in the review's order (`review_places`); the play made's rank, place."""
    placed = review_places(plays, best)
    review.rank = 1 + next(i for i, (p, _) in enumerate(placed) if p is mine)
    review.place = placed[review.rank - 1][1]
    rows = [_sim_row(p, place) for p, place in placed[:SHOWN_CANDIDATES]]
    review.candidates = _listing(rows, _sim_row(mine, review.place))


def review_places(plays: Sequence[PlayStats], best: PlayStats) -> list[tuple[PlayStats, str]]:
    """The simulated plays in the review's order, each with its place: the best, then the plays whose win %
    lost to it is within its error bar (`1=` with it: not told apart from it, so no mistake had they been
    played), then the rest (ranked), each group in the simulation's order."""
    close = {id(p) for p in plays if p is not best and _within_bar(best, p)}
    rest = [p for p in plays if p is not best and id(p) not in close]
    first = [(best, "1=" if close else "1")] + [(p, "1=") for p in plays if id(p) in close]
    return first + [(p, str(rank)) for rank, p in enumerate(rest, len(first) + 1)]


def _within_bar(best: PlayStats, play: PlayStats) -> bool:
    """Whether the win % `play` loses to `best` is within its error bar (`paired_loss`)."""
    lost, bar = paired_loss(best, play)
    return lost <= bar


def _sim_row(play: PlayStats, place: str) -> dict[str, Any]:
    """A simulated candidate's row: its place (`review_places`), win %, mean spread, play-outs and its plies
    (the opponent's answer first: what the play gave away)."""
    return {
        "move": play.move.paren,
        "place": place,
        "score": play.move.score,
        "win_pct": round(play.win_pct, 2),
        "mean_spread": round(play.mean_value, 2),
        "iterations": play.iterations,
        "plies": ply_rows(play.plies),
    }


def paired_loss(best: PlayStats, played: PlayStats) -> tuple[float, float]:
    """The win % the play made loses to the best, over the play-outs both have (the same deals), and its
    error bar (ERROR_BAR_Z standard errors of that paired mean); (0, 0) for the best itself."""
    n = min(best.iterations, played.iterations)
    if best is played or n == 0:
        return 0.0, 0.0
    diffs = [100 * (a - b) for a, b in zip(best.wins[:n], played.wins[:n], strict=True)]
    mean = sum(diffs) / n
    if n < 2:
        return max(0.0, mean), math.inf
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return max(0.0, mean), ERROR_BAR_Z * math.sqrt(variance / n)


# --- the whole game -------------------------------------------------------------------------------------


def analyze_game(
    record: Record,
    lexicon: Lexicon,
    spec: str,
    settings: Settings = Settings(),
    player: str | None = None,
    runner: Runner = DEFAULT_RUNNER,
    on_turn: Callable[[int, int, TurnReview], None] | None = None,
    lexicon_note: str = "",
    shown: Sequence[int] = (),
    only_shown: bool = False,
) -> GameReview:
    """Judge every turn of `player` (default: both) over `runner`, one turn a task (over workers the dearest
    first: `dearest_first`); `on_turn(done, total, turn)` as each turn is judged. `spec` names the lexicon
    for the workers (a name or a path); `lexicon_note` is the note made when choosing it (the record's
    upheld challenges may replace it: `upheld.lexicon_note`). `shown`: turns the caller will show in
    detail, each checked to be one judged before any is (`check_shown`); with `only_shown`, the only turns
    judged (the summaries then cover them alone)."""
    started = time.perf_counter()
    plan = plan_review(record, lexicon, spec, settings, player)
    jobs = shown_jobs(plan.jobs, shown, only_shown)
    if jobs:  # built here once, so that forked workers start with it warm
        Engine.shared(lexicon, job_position(jobs[0]).rules).prepare()
    reviews: list[TurnReview | None] = [None] * len(jobs)
    workers = (
        runner if runner.in_process or not jobs else replace(runner, setup=partial(prepare_worker, jobs[0]))
    )
    order = list(range(len(jobs))) if runner.in_process else dearest_first(jobs)
    tasks = [jobs[i] for i in order]
    for done, (k, review) in enumerate(workers.each(judge_turn, tasks, "analysing turns"), 1):
        reviews[order[k]] = review
        if on_turn is not None:
            on_turn(done, len(jobs), review)
    turns = [r for r in reviews if r is not None]
    replayed_scores = _final_scores(record)
    players = [summarize(i, record, turns, replayed_scores[i]) for i in range(len(record.players))]
    elapsed = 1000 * (time.perf_counter() - started)
    note = upheld.lexicon_note(plan.upheld, lexicon, lexicon_note)
    return GameReview(turns, players, spec, settings, elapsed, note)


def shown_jobs(jobs: list[TurnJob], shown: Sequence[int], only_shown: bool) -> list[TurnJob]:
    """The jobs to run: every turn `shown` checked to be among them (`check_shown`); with `only_shown`,
    the jobs of those turns alone."""
    check_shown(shown, [job.turn for job in jobs])
    return _only(jobs, shown) if only_shown else jobs


def _only(jobs: list[TurnJob], shown: Sequence[int]) -> list[TurnJob]:
    """The jobs of the turns shown: the review judges those alone."""
    if not shown:
        raise OptionError(
            "judging only the turns shown needs a turn to show",
            "only",
            "{option} judges only the turns given with --turn: give one, e.g. --turn 5",
        )
    return [job for job in jobs if job.turn in shown]


def check_shown(shown: Sequence[int], judged: Sequence[int]) -> None:
    """A one-line error for a turn asked to be shown that the review does not judge."""
    missing = [turn for turn in shown if turn not in judged]
    if not missing:
        return
    whole = bool(judged) and list(judged) == list(range(1, len(judged) + 1))
    listed = f"{judged[0]}-{judged[-1]}" if whole else ", ".join(map(str, judged)) or "none"
    raise LexigridError(f"turn {missing[0]} is not among the turns judged ({listed})")


def dearest_first(jobs: Sequence[TurnJob]) -> list[int]:
    """The jobs' indices, the dearest turns by a cheap estimate first, so that workers end together (a
    dear turn started last would run on alone): the turns given to the pre-endgame solver (its solve, then
    a simulation should it not finish), then the others from the last turn back (the endgame's first turn
    and late simulations, on a fuller board, cost more than early ones). A turn's result never depends on
    when it runs."""

    def solver_tried(job: TurnJob) -> bool:
        position = job_position(job)
        return phase(position) == "pre-endgame" and position.bag_when_full() <= job.settings.solver_bag

    return sorted(range(len(jobs)), key=lambda i: (not solver_tried(jobs[i]), -i))


def analyze_text(
    data: str | bytes,
    settings: Settings = Settings(),
    player: str | None = None,
    lexicon: str | None = None,
    runner: Runner = DEFAULT_RUNNER,
    on_turn: Callable[[int, int, TurnReview], None] | None = None,
    shown: Sequence[int] = (),
    only_shown: bool = False,
) -> GameReview:
    """Judge a GCG record given as text: parsed, its lexicon chosen (`record_lexicon`), every turn judged
    (`shown` and `only_shown`: as `analyze_game`'s)."""
    record = read_record(data)
    settings.check()
    words, spec, note = record_lexicon(record, lexicon)
    return analyze_game(record, words, spec, settings, player, runner, on_turn, note, shown, only_shown)


def _final_scores(record: Record) -> list[int]:
    """Each player's last recorded total."""
    totals = [0] * len(record.players)
    order = {nick: i for i, (nick, _) in enumerate(record.players)}
    for event in record.events:
        totals[order[event.nick]] = event.total
    return totals


def summarize(index: int, record: Record, turns: Sequence[TurnReview], score: int) -> PlayerSummary:
    """A player's summary over their judged turns."""
    nick, full = record.players[index]
    own = [t for t in turns if t.player == index and t.phase != "skipped"]
    sizes: list[Mistake] = [t.mistake for t in own]
    return PlayerSummary(
        name=nick,
        full_name=full,
        turns=len(own),
        mistakes={size: sizes.count(size) for size in ("small", "medium", "large")},
        mistake_index=mistake_index(sizes),
        equity_lost=sum(max(0.0, t.equity_lost) for t in own),
        win_pct_lost=sum(t.win_pct_lost for t in own),
        bingos=sum(t.bingo for t in own),
        bingos_missed=sum("bingo_missed" in t.flags for t in own),
        score=score,
    )


def _round(value: float | None) -> float | None:
    """A win % to two decimals (None stays None)."""
    return None if value is None else round(value, 2)
