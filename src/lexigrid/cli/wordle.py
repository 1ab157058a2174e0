"""`lexigrid wordle`: replies, play (hard mode, boards, Absurdle), backtests, optimal trees, assistant."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from lexigrid.cli.common import (
    BackendOption,
    JobsOption,
    JsonOption,
    LexiconOption,
    SchedulerOption,
    console,
    emit_json,
    make_runner,
    seed_option,
)
from lexigrid.counts import count, nouns, number
from lexigrid.errors import LexigridError
from lexigrid.terminal import progress_bar

if TYPE_CHECKING:
    from lexigrid.wordle.table import ReplyTable
    from lexigrid.wordle.words import WordLists

app = typer.Typer(
    help="Play and solve Wordle: replies, strategies, optimal trees, assistant.", no_args_is_help=True
)

HardOption = Annotated[bool, typer.Option("--hard", help="Hard mode: revealed letters must be used again.")]
AnswersOption = Annotated[
    Path | None, typer.Option("--answers", help="Answer list file (e.g. the NYT 2022 list), one word a line.")
]
GuessesOption = Annotated[
    Path | None, typer.Option("--guesses", help="Accepted-guess list file (answers are always accepted).")
]
LengthOption = Annotated[
    int | None,
    typer.Option(
        "--length", help="Word length other than 5: words from the lexicon, common ones as answers."
    ),
]


def _lists(answers: Path | None, guesses: Path | None, length: int | None, lexicon: str | None) -> WordLists:
    from lexigrid.wordle.words import word_lists

    return word_lists(answers=answers, guesses=guesses, length=length, lexicon=lexicon)


def _table(answers: Path | None, guesses: Path | None, length: int | None, lexicon: str | None) -> ReplyTable:
    from lexigrid.wordle.table import reply_table

    return reply_table(_lists(answers, guesses, length, lexicon))


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        raise LexigridError(f"cannot read {str(path)!r} as a text tree file: check the path") from None


def _check_word(word: str, what: str) -> str:
    word = word.strip().upper()
    if not (word.isascii() and word.isalpha()):
        raise LexigridError(f"{what} {word!r} is not a word of letters A-Z")
    return word


@app.command("reply")
def reply(
    guess: Annotated[str, typer.Argument(help="The guessed word.")],
    answer: Annotated[str, typer.Argument(help="The answer.")],
    style: Annotated[
        str, typer.Option(help="gy (GY..G), xof (the seed's: F grey, O yellow, X green) or emoji.")
    ] = "gy",
    length: LengthOption = None,
    answers: AnswersOption = None,
    guesses: GuessesOption = None,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """The reply the game gives to GUESS when the answer is ANSWER (G green, Y yellow, . grey)."""
    from lexigrid.wordle.reply import reply_report
    from lexigrid.wordle.words import word_lists

    guess, answer = _check_word(guess, "guess"), _check_word(answer, "answer")
    if len(guess) != len(answer):
        raise LexigridError(
            f"{guess} has {count(len(guess), 'letter')} and {answer} {len(answer)}: "
            "give two words of one length"
        )
    if length is not None and length != len(guess):
        raise LexigridError(
            f"{guess} has {count(len(guess), 'letter')}, not --length {length}: "
            f"give {count(length, 'letter')}"
        )
    lists = word_lists(answers=answers, guesses=guesses, length=len(guess), lexicon=lexicon)
    for word in (guess, answer):
        lists.check_guess(word)
    report = reply_report(guess, answer, style)
    if json:
        emit_json(report)
    else:
        console.print(report["shown"])


def _prompt_reader(prompt: str) -> str | None:
    try:
        return console.input(prompt)
    except EOFError:
        return None


@app.command("play")
def play(
    hard: HardOption = False,
    seed: Annotated[int | None, seed_option("Seed for the answer (same seed, same answer).")] = None,
    length: LengthOption = None,
    boards: Annotated[int, typer.Option(min=1, max=16, help="Boards at once: 2 Dordle, 4 Quordle.")] = 1,
    absurdle: Annotated[
        bool, typer.Option("--absurdle", help="Absurdle: the answer dodges your guesses.")
    ] = False,
    answer: Annotated[str | None, typer.Option(help="Play this answer (for practice).")] = None,
    answers: AnswersOption = None,
    guesses: GuessesOption = None,
    lexicon: LexiconOption = None,
) -> None:
    """Play in the terminal: type a guess at the prompt; invalid guesses are refused with the reason."""
    from lexigrid.cli.wordle_play import play_session

    table = _table(answers, guesses, length, lexicon)
    play_session(
        table, console, _prompt_reader, hard=hard, seed=seed, boards=boards, absurdle=absurdle, answer=answer
    )


def _summary_table(summary: dict[str, Any], distribution: dict[int, int], max_guesses: int = 6) -> None:
    from rich.table import Table

    from lexigrid.cli.wordle_display import distribution as chart

    console.print(chart(distribution, max_guesses))
    info = Table.grid(padding=(0, 2))
    for key in ("strategy", "opener", "boards", "games", "total", "average", "max", "failures", "seconds"):
        if key in summary:
            value = summary[key]
            shown = number(value) if isinstance(value, int) and not isinstance(value, bool) else str(value)
            info.add_row(key, shown)
    console.print(info)


@app.command("backtest")
def backtest(
    strategy: Annotated[
        str, typer.Option(help="frequency, rank, entropy, minimax, most-parts, expected-size, optimal.")
    ] = "entropy",
    opener: Annotated[str | None, typer.Option(help="The first guess (default: the strategy's own).")] = None,
    hard: HardOption = False,
    jobs: JobsOption = 1,
    backend: BackendOption = "auto",
    scheduler: SchedulerOption = None,
    limit: Annotated[int | None, typer.Option(min=1, help="Only the first N answers.")] = None,
    answer: Annotated[
        str | None,
        typer.Option(help="Only this answer; its guesses are listed (as `lexigrid batch wordle`)."),
    ] = None,
    boards: Annotated[
        int, typer.Option(min=1, max=16, help="Boards at once (2 Dordle, 4 Quordle): seeded games.")
    ] = 1,
    games: Annotated[int, typer.Option(min=1, help="Multi-board games to play.")] = 200,
    seed: Annotated[int, seed_option("Seed for the multi-board deals.")] = 0,
    length: LengthOption = None,
    answers: AnswersOption = None,
    guesses: GuessesOption = None,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """Play a strategy against every answer: the guess-count distribution, average, max, failures, time.

    With --boards N (N >= 2) the multi-board guesser plays --games seeded deals of N answers instead.
    """
    from lexigrid.wordle.backtest import backtest as run_backtest
    from lexigrid.wordle.multiboard import multi_board_backtest

    if answer is not None:
        from lexigrid.wordle.report import answer_report

        report = answer_report(
            _lists(answers, guesses, length, lexicon), answer, strategy, opener=opener, hard=hard
        )
        if json:
            emit_json(report)
        else:
            console.print(" ".join(report["guesses"]))
        return
    table = _table(answers, guesses, length, lexicon)
    if boards > 1:
        if hard or opener:
            raise LexigridError("multi-board backtests take neither --hard nor --opener: drop them")
        many = multi_board_backtest(
            table.lists,
            boards,
            games=games,
            seed=seed,
            runner=make_runner(jobs, backend, scheduler, not json),
        )
        if json:
            emit_json(many.summary())
        else:
            _summary_table(many.summary(), many.distribution, max_guesses=boards + 5)
        return
    targets = list(table.lists.answers[:limit]) if limit else None
    result = run_backtest(
        table.lists,
        strategy,
        opener=opener,
        hard=hard,
        answers=targets,
        runner=make_runner(jobs, backend, scheduler, not json),
    )
    if json:
        emit_json(result.summary())
    else:
        _summary_table(result.summary(), result.totals.distribution)


@app.command("tree")
def tree(
    opener: Annotated[str | None, typer.Option(help="The first guess (default: searched; slow).")] = None,
    hard: HardOption = False,
    out: Annotated[
        Path | None, typer.Option(help="Write the tree here (.json: JSON, else one line per answer).")
    ] = None,
    breadth: Annotated[
        int | None,
        typer.Option(min=1, help="Try only the best K guesses per set: faster, no longer a proof."),
    ] = None,
    openers: Annotated[
        int | None,
        typer.Option(
            min=1, help="Without --opener: first guesses tried (default 5; all for <= 300 answers)."
        ),
    ] = None,
    length: LengthOption = None,
    answers: AnswersOption = None,
    guesses: GuessesOption = None,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """The decision tree with the fewest total guesses, re-played by the checker against every answer."""
    from lexigrid.wordle.optimal import default_openers, optimal_tree
    from lexigrid.wordle.report import TreeProof, tree_report
    from lexigrid.wordle.tree import check_tree, dumps_tree

    table = _table(answers, guesses, length, lexicon)
    width = breadth
    if opener is None and openers is None:
        openers = default_openers(table)
    start = time.perf_counter()
    with progress_bar("optimal tree", len(table.lists.answers), show=not json, eta=False) as advance:
        found, search = optimal_tree(
            table, opener, hard=hard, breadth=width, openers=openers, progress=advance
        )
    seconds = time.perf_counter() - start
    guesses_allowed = len(table.lists.guesses)
    tried = 1 if opener is not None else guesses_allowed if openers is None else min(openers, guesses_allowed)
    proof = TreeProof(found.guess, opener is not None, tried, guesses_allowed, width)
    checked = check_tree(found, table.lists.answers, frozenset(table.lists.guesses), hard=hard)
    if out is not None:
        fmt = "json" if out.suffix == ".json" else "text"
        try:
            out.write_text(dumps_tree(found, table.lists.answers, fmt))
        except OSError as error:
            raise LexigridError(f"cannot write the tree to {str(out)!r}: {error.strerror}") from None
    summary = tree_report(
        checked, proof, hard=hard, sets=search.nodes, seconds=seconds, out=str(out) if out else None
    )
    if json:
        emit_json(summary)
    else:
        _summary_table(summary, checked.distribution)
        console.print(
            f"{proof.verdict()}; re-played against all {count(checked.games, 'answer')} by the checker"
        )


@app.command("openers")
def openers_command(
    hard: HardOption = False,
    candidates: Annotated[
        str | None, typer.Option(help="These first guesses (W1,W2,...), each solved exactly.")
    ] = None,
    all_: Annotated[
        bool,
        typer.Option(
            "--all", help="Every allowed first guess: proves the best one optimal (hours; use --checkpoint)."
        ),
    ] = False,
    top: Annotated[int, typer.Option(min=1, help="Rows to show (and to put in the JSON).")] = 20,
    exact_top: Annotated[
        int, typer.Option(min=1, help="With --all: prove the K best openers with their exact totals.")
    ] = 1,
    jobs: JobsOption = 1,
    scheduler: SchedulerOption = None,
    checkpoint: Annotated[
        Path | None, typer.Option(help="Keep finished openers here (JSON Lines); rerun to resume.")
    ] = None,
    answers: AnswersOption = None,
    guesses: GuessesOption = None,
    json: JsonOption = False,
) -> None:
    """Rank first guesses by their optimal totals (exact, or a proven lower bound that cannot win)."""
    from lexigrid.wordle.openers import openers_search

    if candidates is not None and all_:
        raise LexigridError("give --candidates or --all, not both")
    if exact_top > 1 and not all_:
        raise LexigridError("--exact-top needs --all (it ranks every opener)")
    words = [_check_word(w, "candidate") for w in candidates.split(",")] if candidates else None
    runner = make_runner(jobs, scheduler=scheduler, progress=not json)
    lists = _lists(answers, guesses, None, None)
    found = openers_search(
        lists,
        hard=hard,
        candidates=words,
        every=all_,
        exact_top=exact_top,
        checkpoint=checkpoint,
        runner=runner,
    )
    report = found.as_dict(top)
    if json:
        emit_json(report)
        return
    from rich.table import Table

    grid = Table("#", "opener", "total", "average", "exact")
    games = len(lists.answers)
    for rank, row in enumerate(report["openers"], start=1):
        value = row["total"] if row["exact"] else row["lower_bound"]
        shown = "-" if value is None else (f"{value:,}" if row["exact"] else f">= {value:,}")
        average = "-" if value is None else f"{value / games:.4f}"
        grid.add_row(str(rank), row["opener"], shown, average, "yes" if row["exact"] else "bound")
    console.print(grid)
    best = found.best
    if best is None:
        verdict = "no opener finds every answer within six guesses"
    elif found.proven_top > 1:
        verdict = (
            f"the {found.proven_top} best proven with their exact totals; best {best.opener} ({best.total:,})"
        )
    elif found.proven:
        verdict = f"best {best.opener} ({best.total:,}), proven optimal: every other opener is bounded above"
    else:
        verdict = f"best so far {best.opener} ({best.total:,}); not a proof of the best (use --all)"
    console.print(
        f"{count(report['searched'], 'opener')} searched in {report['elapsed_ms'] / 1000:,.1f} s; {verdict}"
    )


@app.command("check-tree")
def check_tree_command(
    path: Annotated[Path, typer.Argument(help="A tree file written by `lexigrid wordle tree --out`.")],
    hard: HardOption = False,
    length: LengthOption = None,
    answers: AnswersOption = None,
    guesses: GuessesOption = None,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """Re-play a tree file against every answer with the rules; its totals, or the first broken step."""
    from lexigrid.wordle.tree import check_tree, loads_tree

    if not path.is_file():
        raise LexigridError(f"tree file {str(path)!r} does not exist or is not a file: check the path")
    table = _table(answers, guesses, length, lexicon)
    checked = check_tree(
        loads_tree(_read_text(path)), table.lists.answers, frozenset(table.lists.guesses), hard=hard
    )
    summary = checked.as_dict()
    if json:
        emit_json(summary)
    else:
        _summary_table(summary, checked.distribution)


@app.command("suggest")
def suggest(
    history: Annotated[
        str, typer.Argument(help="Guesses and replies so far, e.g. 'CRANE:..Y.G,SLOTH:.....'.")
    ] = "",
    hard: HardOption = False,
    top: Annotated[int, typer.Option(min=1, help="How many guesses to suggest.")] = 5,
    show: Annotated[int, typer.Option(min=0, help="Candidates to list (also in the JSON).")] = 30,
    length: LengthOption = None,
    answers: AnswersOption = None,
    guesses: GuessesOption = None,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """The answers still possible and the best next guesses, with their expected outcome and why."""
    from rich.table import Table
    from rich.text import Text

    from lexigrid.wordle.assistant import EXACT_LIMIT
    from lexigrid.wordle.report import suggest_report

    report = suggest_report(_lists(answers, guesses, length, lexicon), history, hard=hard, top=top, show=show)
    if json:
        emit_json(report)
        return
    m = report["count"]
    listed = " ".join(report["candidates"]) + (" ..." if m > show else "")
    console.print(Text.assemble((number(m), "bold"), f" {nouns(m, 'candidate')}: ", listed))
    grid = Table("guess", "expected guesses", "why")
    for s in report["suggestions"]:
        exp = "-" if s["expected_guesses"] is None else f"{s['expected_guesses']:.3f}"
        grid.add_row(s["guess"], exp, s["why"])
    console.print(grid)
    if report["suggestions"] and report["suggestions"][0]["expected_guesses"] is None:
        console.print(
            "(too many candidates to solve exactly: ranked by expected part size; "
            f"exact below {EXACT_LIMIT + 1})"
        )


HistoryArgument = Annotated[
    str, typer.Argument(help="Words ('SALET TRAIN BEACH'), WORD:REPLY pairs, or a share text with words.")
]
AnswerOption = Annotated[
    str | None, typer.Option(help="The day's answer (default: the word of an all-green last row).")
]


@app.command("grade")
def grade(
    history: HistoryArgument,
    answer: AnswerOption = None,
    hard: HardOption = False,
    length: LengthOption = None,
    answers: AnswersOption = None,
    guesses: GuessesOption = None,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """Skill and luck (0-99) of each guess of a game, the opener included, and the best guess there."""
    from rich.table import Table
    from rich.text import Text

    from lexigrid.cli.wordle_display import tiles
    from lexigrid.wordle.reply import parse_reply
    from lexigrid.wordle.report import grade_report

    lists = _lists(answers, guesses, length, lexicon)
    report = grade_report(lists, history, answer, hard=hard)
    if json:
        emit_json(report)
        return
    grid = Table()
    for column in ("#", "guess", "skill", "luck", "left", "best"):  # a guess's tiles on one line
        grid.add_column(column, no_wrap=True, justify="left" if column == "guess" else "right")
    for n, g in enumerate(report["guesses"], 1):
        grid.add_row(
            str(n),
            tiles(g["guess"], parse_reply(g["reply"], lists.length)),
            str(g["skill"]),
            str(g["luck"]),
            f"{number(g['candidates_before'])}->{number(g['candidates_after'])}",
            g["best"],
        )
    console.print(grid)
    console.print(Text(judged_line([g["measure"] for g in report["guesses"]])))
    console.print(Text(report["summary"]))


def judged_line(measures: list[str]) -> str:
    """How each guess's skill is known, below the table: the guesses not simply exact by number."""
    odd = [f"guess {n}, {measure}" for n, measure in enumerate(measures, 1) if measure != "exact"]
    if not odd:
        return "judged by: every guess, exact"
    return "judged by: " + " · ".join(odd) + (" · the others, exact" if len(odd) < len(measures) else "")


@app.command("review")
def review(
    history: HistoryArgument,
    answer: AnswerOption = None,
    hard: HardOption = False,
    length: LengthOption = None,
    answers: AnswersOption = None,
    guesses: GuessesOption = None,
    lexicon: LexiconOption = None,
    json: JsonOption = False,
) -> None:
    """The same as `wordle grade` (one measure): skill and luck of each guess."""
    grade(history, answer, hard, length, answers, guesses, lexicon, json)
