"""User and file text reaches the terminal literally: markup and emoji codes in every echoed input.

Every command that prints what a person typed or a file held gets TEXT (a closing tag, a style tag, a
bracketed word and two emoji codes) in that place: the text must come out exactly as given (or upper-cased,
where the game upper-cases words) and the command must end the ordinary way, never with a traceback.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from lexigrid.cli import common
from tests.conftest import CliResult, run_cli

TEXT = "[/x]-[bold]x[/bold]-[x]-:x:-:smile:"
MARKUP = "[/x][bold]x[/bold][x]"  # where ':' means something to the notation (GUESS:REPLY, >nick: ...)
EMPTY = "/".join(["15"] * 15)
BOARD = "15/15/15/15/15/15/15/3CAT9/15/15/15/15/15/15/15"


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder whose name holds TEXT (its '/' make sub-folders), wide consoles, a fresh data directory."""
    folder = tmp_path / "[" / "x]-[bold]x[" / "bold]-[x]-:x:-:smile:"
    (folder / "[" / "x]-[bold]x[").mkdir(parents=True)  # so TEXT is a path inside it too
    assert str(folder).endswith(TEXT)
    monkeypatch.setenv("LEXIGRID_DATA_DIR", str(folder / TEXT.replace("/", "|")))
    for console in (common.console, common.err_console):
        monkeypatch.setattr(console, "_width", 1000)  # a table never wraps the text it shows
    monkeypatch.chdir(folder)
    yield folder


def run(*args: str, typed: str = "") -> CliResult:
    """The CLI with `typed` on stdin."""
    old = sys.stdin
    sys.stdin = io.StringIO(typed)
    try:
        return run_cli(*args)
    finally:
        sys.stdin = old


def assert_literal(result: CliResult, text: str, exit_code: int) -> None:
    """The text came out as given (or upper-cased) and the command ended the ordinary way."""
    shown = result.stdout + result.stderr
    assert "Traceback" not in shown and "MarkupError" not in shown, shown
    assert text in shown or text.upper() in shown, shown
    assert "\u274c" not in shown and "\U0001f604" not in shown, shown  # :x: and :smile: as emoji
    assert result.exit_code == exit_code, shown


# (arguments, what is typed on stdin, the text expected back, the exit code)
ECHOES: list[tuple[tuple[str, ...], str, str, int]] = [
    (("words", "check", TEXT), "", TEXT, 1),
    (("words", "check", "QI", TEXT, "--json"), "", TEXT, 1),
    (("words", "find", TEXT), "", TEXT, 2),
    (("words", "match", TEXT), "", TEXT, 2),
    (("words", "check", "QI", "--lexicon", TEXT), "", TEXT, 2),
    (("lexicon", "info", TEXT), "", TEXT, 2),
    (("lexicon", "remove", TEXT), "", TEXT, 2),
    (("wordle", "play", "--seed", "1"), f"crane\n{TEXT}\n", TEXT, 0),
    (("wordle", "play", "--absurdle"), f"{TEXT}\n", TEXT, 0),
    (("wordle", "suggest", MARKUP), "", MARKUP, 2),
    (("wordle", "grade", MARKUP), "", MARKUP, 2),
    (("wordle", "reply", TEXT, "crane"), "", TEXT, 2),
    (("wordle", "check-tree", TEXT), "", TEXT, 2),
    (("letterboxed", "solve", TEXT), "", TEXT, 2),
    (("letterboxed", "check", "VYQ,FIG,OTE,XLU", TEXT), "", TEXT, 2),
    (("letterboxed", "hint", "VYQ,FIG,OTE,XLU", TEXT), "", TEXT, 2),
    (("qless", "check", TEXT, "BFHLRCTTNOAE"), "", TEXT, 2),
    (("qless", "solve", TEXT), "", TEXT, 2),
    (("qless", "hint", "BFHLRCTTNOAE", "--grid", TEXT), "", TEXT, 2),
    (("scrabble", "show", f"{EMPTY} {TEXT}/ 0/0 0"), "", TEXT, 2),
    (("scrabble", "moves", f"{EMPTY} AEINRST/ 0/0 0 lex {TEXT};"), "", TEXT, 2),
    (("scrabble", "sim", f"{BOARD} AEINRST/ 0/0 0", "--infer", TEXT), "", TEXT, 2),
    (("scrabble", "infer", f"{BOARD} / 0/0 0", TEXT), "", TEXT, 2),
    (("scrabble", "infer", f"{BOARD} AEI/ 0/0 0", f"8D {TEXT}", "--after"), "", TEXT, 2),
    (("scrabble", "play", "--seed", "1"), f"{TEXT}\nquit\n", TEXT, 0),
    (("scrabble", "resume", TEXT), "", TEXT, 2),
    (("scrabble", "games", "--delete", TEXT), "", TEXT, 2),
    (("scrabble", "import", TEXT), "", TEXT, 2),
    (("scrabble", "import", "x:x:.gcg"), "", "x:x:.gcg", 2),
    (("batch", "wordle", TEXT, "--out", "out.jsonl"), "", TEXT, 2),
    ((TEXT,), "", TEXT, 2),
]


@pytest.mark.parametrize(
    ("args", "typed", "text", "exit_code"),
    [pytest.param(*case, id=" ".join(case[0])[:60]) for case in ECHOES],
)
def test_typed_text_is_echoed_literally(
    here: Path, args: tuple[str, ...], typed: str, text: str, exit_code: int
) -> None:
    assert_literal(run(*args, typed=typed), text, exit_code)


def test_saved_player_names_are_shown_literally(here: Path) -> None:
    """Names saved in the games database show as typed in `games`, `resume` and the game itself."""
    played = run("scrabble", "play", "--names", f"{TEXT},bob", "--seed", "1", typed="-\n-\nquit\n")
    assert_literal(played, f"{TEXT}'s rack", 0)
    game = re.search(r"resume ([0-9a-f]+)", played.stdout)
    assert game is not None, played.stdout
    assert_literal(run("scrabble", "games"), TEXT, 0)
    assert_literal(run("scrabble", "resume"), f"{TEXT}'s rack", 0)
    assert_literal(run("scrabble", "resume", game.group(1)), f"{TEXT}'s rack", 0)
    exported = run("scrabble", "export", game.group(1), "--out", f"{TEXT}.gcg")
    assert_literal(exported, f"wrote {TEXT}.gcg", 0)
    assert (here / f"{TEXT}.gcg").read_text(encoding="utf-8").count(TEXT) >= 1


def test_a_record_and_its_path_are_shown_literally(here: Path) -> None:
    """`scrabble import` of a file whose path and player nicknames hold markup and emoji codes."""
    record = here / f"{TEXT}.gcg"
    record.write_text(f"#player1 {MARKUP} Ann\n#player2 bob Bob\n>{MARKUP}: AET 8H ATE +6 6\n")
    assert_literal(run("scrabble", "import", str(record)), f"{MARKUP} 6", 0)
    assert_literal(run("scrabble", "import", f"{TEXT}.gcg", "--lexicon", TEXT), TEXT, 2)


def test_lexicon_paths_are_shown_literally(here: Path) -> None:
    """`lexicon add`, `list` and `info` show the file and data paths holding markup as they are."""
    words = here / f"{TEXT}.txt"
    words.write_text("CAT\nDOG\n")
    assert_literal(run("lexicon", "info", str(words)), str(words), 0)
    assert_literal(run("lexicon", "add", "marked", str(words)), TEXT.replace("/", "|"), 0)
    assert_literal(run("lexicon", "list"), str(words), 0)
    assert_literal(run("lexicon", "info", "marked"), TEXT.replace("/", "|"), 0)
    assert_literal(run("words", "find", "TAC", "--lexicon", str(words)), words.name, 0)


def test_no_console_reads_markup() -> None:
    """Every console comes from lexigrid.terminal, and no module builds text from markup strings."""
    source = Path(__file__).resolve().parents[1] / "src" / "lexigrid"
    for path in source.rglob("*.py"):
        code = path.read_text(encoding="utf-8")
        if path.name != "terminal.py":
            assert "Console(" not in code, f"{path}: make consoles with lexigrid.terminal.literal_console"
        assert "from_markup" not in code and "markup=True" not in code, path
