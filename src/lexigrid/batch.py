"""Bulk grading: one puzzle per JSON line in, one result per line out, in order, over the shared runner.

A *line* is a JSON object naming one puzzle of a game (a Letter Boxed board, a Q-Less roll, a Wordle
answer with a strategy, a Scrabble CGP position) and the options of the CLI command that solves it; its
*result* is that command's `--json` object, built by the same library code. A line that cannot be graded
gets an *error record* `{"line": i, "error": "..."}` (lines count from 1). Results are written in input
order as soon as the ones before them are done, so a killed batch resumes after its last whole line.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from lexigrid.checkpoint import cut_torn_line
from lexigrid.counts import count
from lexigrid.errors import LexigridError, OptionError
from lexigrid.runner import DEFAULT_RUNNER, Runner

Record = dict[str, Any]
GAMES = ("letterboxed", "qless", "wordle", "scrabble", "scrabble-analyze")
RECORD_SUFFIX = ".gcg"  # the records a folder given to `scrabble-analyze` holds


def _option(line: Mapping[str, Any], key: str, default: Any = None) -> Any:
    """The line's value for `key` (or the default), refused when it is not of the key's kind (`KINDS`)."""
    kind = KINDS[key]
    value = line.get(key, default)
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if value is not None and (not isinstance(value, kind) or (kind is int and isinstance(value, bool))):
        raise LexigridError(f'"{key}" must be {_KIND_NAMES[kind]}, not {json.dumps(value)}')
    return value


_KIND_NAMES = {str: "a string", int: "an integer", float: "a number", bool: "true or false"}
# The kind of every key a line of any game may hold (a key means the same in every game that reads it).
KINDS: dict[str, type] = {
    **dict.fromkeys(("sides", "shape", "letters", "answer", "strategy", "opener", "cgp", "sort"), str),
    **dict.fromkeys(("gcg", "player", "lexicon", "leaves", "answers", "guesses"), str),
    **dict.fromkeys(
        ("max_words", "top", "common", "limit", "length", "iterations", "peg_nodes", "seed"), int
    ),
    **dict.fromkeys(("seconds", "seconds_per_turn"), float),
    **dict.fromkeys(("allow_offensive", "all", "count", "hard"), bool),
}


def _path(line: Mapping[str, Any], key: str) -> Path | None:
    value = _option(line, key)
    return None if value is None else Path(value)


def _required(line: Mapping[str, Any], key: str) -> str:
    value = _option(line, key)
    if value is None:
        raise LexigridError(f'the line has no "{key}"')
    return str(value)


def letterboxed(line: Mapping[str, Any]) -> Record:
    """`lexigrid letterboxed solve SIDES --json` for `{"sides": "ABC,DEF,GHI,JKL", "max_words": 4, ...}`."""
    from lexigrid.letterboxed import Board, parse_shape, solver
    from lexigrid.letterboxed.report import solve_report
    from lexigrid.letterboxed.solve import check_max_words
    from lexigrid.lexicon import load

    board = Board.parse(_required(line, "sides"), parse_shape(_option(line, "shape", "4x3")))
    max_words = check_max_words(_option(line, "max_words", 4))
    started = time.perf_counter()
    lex = load(_option(line, "lexicon"))
    loaded = time.perf_counter()
    allow_offensive = bool(_option(line, "allow_offensive", False))
    s = solver(board, lex, _option(line, "common"), allow_offensive=allow_offensive)
    s.stop_after(_option(line, "seconds", 60.0) or None)
    solutions = s.best(_option(line, "top", 20), max_words)
    finished = time.perf_counter()
    return solve_report(board, lex, s, solutions, (finished - loaded) * 1000, (loaded - started) * 1000)


def qless(line: Mapping[str, Any]) -> Record:
    """`lexigrid qless solve LETTERS --json` for `{"letters": "BFHLRCTTNOAE", "common": 10000, ...}`."""
    from lexigrid.lexicon import load
    from lexigrid.qless import parse_roll
    from lexigrid.qless.report import solve_report

    roll = parse_roll(_required(line, "letters"))
    count = bool(_option(line, "count", False))
    limit = None if _option(line, "all", False) else _option(line, "limit", 1)
    lex = load(_option(line, "lexicon"))
    return solve_report(roll, lex, common=_option(line, "common"), limit=limit, count=count)


def wordle(line: Mapping[str, Any]) -> Record:
    """`lexigrid wordle backtest --answer WORD --json` for `{"answer": "CIGAR", "strategy": "entropy"}`."""
    from lexigrid.wordle.report import answer_report
    from lexigrid.wordle.words import word_lists

    lists = word_lists(
        answers=_path(line, "answers"),
        guesses=_path(line, "guesses"),
        length=_option(line, "length"),
        lexicon=_option(line, "lexicon"),
    )
    return answer_report(
        lists,
        _required(line, "answer"),
        _option(line, "strategy", "entropy"),
        opener=_option(line, "opener"),
        hard=bool(_option(line, "hard", False)),
    )


def scrabble(line: Mapping[str, Any]) -> Record:
    """`lexigrid scrabble moves CGP --json` for `{"cgp": "...", "top": 20, "sort": "score", ...}`."""
    from lexigrid.scrabble import parse_cgp
    from lexigrid.scrabble.analysis.report import moves_report

    position = parse_cgp(_required(line, "cgp"))
    if not len(position.rack):
        raise LexigridError("the CGP gives the player to move no tiles: add racks after the board")
    sort = _option(line, "sort", "score")
    if sort not in ("score", "equity"):
        raise LexigridError(f"unknown sort {sort!r}: use score or equity")
    spec = position.lexicon_spec(_option(line, "lexicon"))
    engine = _engine(spec, position.rules, _option(line, "leaves"))
    return moves_report(engine, position, _option(line, "top", 20), sort)


def scrabble_analyze(line: Mapping[str, Any]) -> Record:
    """`lexigrid scrabble analyze GAME.gcg --json` for `{"gcg": "path", "player": ..., "seconds_per_turn": 2,
    "iterations": ..., "peg_nodes": ..., "seed": 0, "lexicon": ...}`, with the record's path first."""
    from lexigrid.runner import QUIET_RUNNER
    from lexigrid.scrabble.records.review import DEFAULT_SECONDS_PER_TURN, Settings, analyze_text

    path = _required(line, "gcg")
    settings = Settings(
        seconds=_option(line, "seconds_per_turn", DEFAULT_SECONDS_PER_TURN),
        iterations=_option(line, "iterations"),
        seed=_option(line, "seed", 0),
        peg_nodes=_option(line, "peg_nodes"),
    )
    settings.check()
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise LexigridError(f"cannot read {path!r}: {error.strerror}") from None
    player, lexicon = _option(line, "player"), _option(line, "lexicon")
    try:
        review = analyze_text(data, settings, player, lexicon, QUIET_RUNNER)
    except LexigridError as error:  # a folder's line is a record: its error names the file at fault
        raise LexigridError(f"{path}: {error}") from None
    return {"gcg": path, **review.as_dict()}


def _engine(lexicon: str | None, rules: Any, leaves: str | None) -> Any:
    """The shared, prepared move generator of a line's lexicon, rules and leaves (kept while unchanged)."""
    from lexigrid.lexicon import load as load_lexicon
    from lexigrid.scrabble import Engine
    from lexigrid.scrabble.engine.leave import load_leaves

    return Engine.shared(load_lexicon(lexicon), rules, load_leaves(leaves)).prepare()


@dataclass(frozen=True)
class Grader:
    """A game's grading function and the keys its lines may hold (the one it needs first)."""

    grade: Callable[[Mapping[str, Any]], Record]
    keys: tuple[str, ...]

    def check_keys(self, line: Mapping[str, Any], game: str) -> None:
        """Refuse a key the game does not read (a misspelt option would otherwise be ignored unseen)."""
        unknown = [key for key in line if key not in self.keys]
        if unknown:
            raise LexigridError(
                f"unknown key {json.dumps(unknown[0])}: a {game} line takes {', '.join(self.keys)}"
            )


GRADERS: dict[str, Grader] = {
    "letterboxed": Grader(
        letterboxed,
        ("sides", "shape", "max_words", "top", "common", "allow_offensive", "seconds", "lexicon"),
    ),
    "qless": Grader(qless, ("letters", "common", "limit", "all", "count", "lexicon")),
    "wordle": Grader(
        wordle, ("answer", "strategy", "opener", "hard", "answers", "guesses", "length", "lexicon")
    ),
    "scrabble": Grader(scrabble, ("cgp", "top", "sort", "leaves", "lexicon")),
    "scrabble-analyze": Grader(
        scrabble_analyze, ("gcg", "player", "seconds_per_turn", "iterations", "peg_nodes", "seed", "lexicon")
    ),
}


def grader(game: str) -> Grader:
    """The grader of a game, or an error naming the games."""
    found = GRADERS.get(game.lower())
    if found is None:
        raise LexigridError(f"unknown game {game!r}: use one of {', '.join(GAMES)}")
    return found


def parse_setting(text: str, game: str) -> tuple[str, Any]:
    """`KEY=VALUE` (`--set`): a key the game's lines take and its value, of the key's kind (text as given;
    numbers and true/false as JSON)."""
    key, equals, value = text.partition("=")
    if not equals or not key:
        raise OptionError(f"{text!r} is not KEY=VALUE", "set", f"{{option}} takes KEY=VALUE, not {text!r}")
    grader(game).check_keys({key: value}, game.lower())
    if KINDS[key] is str:
        return key, value
    try:
        parsed = json.loads(value)
    except json.JSONDecodeError:
        parsed = value
    return key, _option({key: parsed}, key)


def grade_line(game: str, numbered: tuple[int, str], settings: Mapping[str, Any] | None = None) -> Record:
    """The result of one input line, or its error record (never an exception for bad input); `settings`
    (`--set`) fill in the keys the line does not give."""
    number, text = numbered
    if not text.strip():
        return {"line": number, "error": "empty line"}
    try:
        line = json.loads(text)
        if not isinstance(line, dict):
            raise LexigridError(f"a line must be a JSON object, not {text.strip()[:40] or 'empty'}")
        found = grader(game)
        found.check_keys(line, game)
        return found.grade({**(settings or {}), **line})
    except json.JSONDecodeError as error:
        return {"line": number, "error": f"not JSON: {error.msg} at column {error.colno}"}
    except (LexigridError, ValueError) as error:
        return {"line": number, "error": " ".join(str(error).split())}


@dataclass(frozen=True)
class BatchSummary:
    """What a batch did: lines in the input, lines written now, lines kept from before, error records."""

    game: str
    lines: int
    written: int
    resumed: int
    errors: int
    out: str
    elapsed_ms: float

    def as_dict(self) -> Record:
        """The JSON summary."""
        return {
            "game": self.game,
            "lines": self.lines,
            "written": self.written,
            "resumed": self.resumed,
            "errors": self.errors,
            "out": self.out,
            "elapsed_ms": round(self.elapsed_ms, 1),
        }


def read_lines(path: Path, game: str = "") -> list[str]:
    """The input's lines (a line per puzzle; a blank line is a line too, and gets an error record); for
    `scrabble-analyze`, a folder gives a line per GCG record in it, by name."""
    if path.is_dir():
        if game.lower() != "scrabble-analyze":
            raise LexigridError(f"{str(path)!r} is a folder: {game} takes a JSON Lines file")
        records = sorted(p for p in path.iterdir() if p.suffix.lower() == RECORD_SUFFIX and p.is_file())
        if not records:
            raise LexigridError(f"{str(path)!r} holds no {RECORD_SUFFIX} records")
        return [json.dumps({"gcg": str(p)}) for p in records]
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        raise LexigridError(f"cannot read {str(path)!r} as a UTF-8 text file: check the path") from None


def done_lines(out: Path) -> int:
    """How many whole result lines an earlier run wrote; a torn last line is cut off the file."""
    return cut_torn_line(out) if out.exists() else 0


def _in_order(done: Iterator[tuple[int, Record]]) -> Iterator[Record]:
    """Results in input order, each as soon as every result before it is in."""
    pending: dict[int, Record] = {}
    following = 0
    for i, record in done:
        pending[i] = record
        while following in pending:
            yield pending.pop(following)
            following += 1


def grade(
    game: str,
    source: Path,
    out: Path,
    *,
    resume: bool = False,
    runner: Runner = DEFAULT_RUNNER,
    settings: Mapping[str, Any] | None = None,
) -> BatchSummary:
    """Grade every line of `source` into `out` (one result per line, in order) over `runner`; resume after
    a kill. `settings` give every line the keys it does not give itself (`parse_setting`)."""
    started = time.perf_counter()
    grader(game)
    lines = read_lines(source, game)
    if out.exists() and not resume and out.stat().st_size:
        raise OptionError(
            f"{str(out)!r} exists: resume it or remove it",
            "resume",
            f"{str(out)!r} exists: pass {{option}} to continue it, or remove it",
        )
    kept = done_lines(out) if resume else 0
    if kept > len(lines):
        raise LexigridError(
            f"{str(out)!r} has {count(kept, 'result')} but the input {count(len(lines), 'line')}: wrong file?"
        )
    todo = [(n, text) for n, text in enumerate(lines, start=1)][kept:]
    errors = 0
    with _open(out, append=resume) as f:
        job = functools.partial(grade_line, game.lower(), settings=dict(settings or {}))
        done = runner.each(job, todo, f"{game} batch", chunk_size=None)
        for record in _in_order(done):
            errors += "error" in record and "line" in record and len(record) == 2
            f.write(json.dumps(record, ensure_ascii=False) + "\n")
            f.flush()
    return BatchSummary(game, len(lines), len(todo), kept, errors, str(out), _ms(started))


def _open(out: Path, append: bool) -> IO[str]:
    try:
        return out.open("a" if append else "w", encoding="utf-8")
    except OSError as error:
        raise LexigridError(f"cannot write {str(out)!r}: {error.strerror}") from None


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000
