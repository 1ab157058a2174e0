"""Saving games in SQLite after every action and resuming them: in process, and after a SIGKILL."""

from __future__ import annotations

import io
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from lexigrid.cli.scrabble_session import Session
from lexigrid.errors import LexigridError, NotFound
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.game.game import Game
from lexigrid.scrabble.game.store import GameStore, default_path, kept
from lexigrid.scrabble.game.view import View
from tests.conftest import CliResult


def test_store_lives_in_the_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LEXIGRID_DATA_DIR", str(tmp_path))
    assert default_path() == tmp_path / "scrabble_games.sqlite3"
    GameStore()
    assert (tmp_path / "scrabble_games.sqlite3").exists()


def test_every_action_is_saved_and_resumes_to_the_same_state(default_lexicon: Lexicon) -> None:
    store = GameStore()
    game = store.track(Game.new(["equity", "score"], seed=5, lexicon=None))
    for _ in range(9):
        game.play_computer()
        with sqlite3.connect(store.path) as db:
            (saved,) = db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game.id,)).fetchone()
        assert saved == len(game.actions)
        resumed = store.load(game.id)
        assert View.full(resumed).state() == View.full(game).state()
    assert store.load().id == game.id  # the latest unfinished game
    game.play_computers()
    assert store.load(game.id).scores == game.scores
    (listed,) = store.games()
    assert listed.status == "over" and listed.moves == len(game.actions)
    with pytest.raises(LexigridError, match="no unfinished saved game"):
        store.load()
    with pytest.raises(LexigridError, match="no saved game 'nope'"):
        store.load("nope")


def test_a_game_that_replays_differently_is_refused(default_lexicon: Lexicon) -> None:
    store = GameStore()
    game = store.track(Game.new(["equity", "human"], seed=8, lexicon=None))
    game.play_computer()
    game.play("-")
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE actions SET cgp = 'something else' WHERE game_id = ?", (game.id,))
    with pytest.raises(LexigridError, match="different position"):
        store.load(game.id)


def _saved(path: Path, game_id: str | None) -> tuple[str | None, int]:
    """The newest game's id and how many actions of it are saved."""
    if not path.exists():
        return None, 0
    with sqlite3.connect(path) as db:
        try:
            row = db.execute("SELECT id FROM games ORDER BY created DESC LIMIT 1").fetchone()
        except sqlite3.OperationalError:
            return None, 0
        if row is None:
            return None, 0
        (n,) = db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (row[0],)).fetchone()
    return row[0], n


def test_killed_mid_game_resumes_with_the_same_state(default_lexicon: Lexicon, tmp_path: Path) -> None:
    # The reference: both seats played by the equity player; the subprocess's person types seat 0's moves.
    reference = Game.new(["equity", "equity"], seed=13, lexicon=None)
    for _ in range(8):
        reference.play_computer()
    typed = reference.actions[0::2]
    env = {**os.environ, "LEXIGRID_DATA_DIR": str(tmp_path), "COLUMNS": "120"}
    process = subprocess.Popen(
        [sys.executable, "-m", "lexigrid", "scrabble", "play", "--players", "human,equity", "--seed", "13"],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    assert process.stdin is not None
    path = tmp_path / "scrabble_games.sqlite3"
    game_id: str | None = None
    try:
        for k, move in enumerate(typed[:3]):
            process.stdin.write(f"{move}\n".encode())
            process.stdin.flush()
            deadline = time.monotonic() + 60
            while _saved(path, game_id)[1] < 2 * (k + 1):  # the move and the computer's reply
                assert process.poll() is None and time.monotonic() < deadline, "the game stopped saving"
                time.sleep(0.05)
            game_id = _saved(path, game_id)[0]
        process.stdin.write(typed[3][:4].encode())  # half a move typed, then the power goes
        process.stdin.flush()
        time.sleep(0.2)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(10)
    assert process.returncode == -signal.SIGKILL
    resumed = GameStore(path).load(game_id)
    expected = Game.new(["human", "equity"], seed=13, lexicon=None)
    expected.replay(reference.actions[:6])
    assert resumed.actions == reference.actions[:6]
    assert View.full(resumed).state()["cgp"] == View.full(expected).state()["cgp"]
    assert (resumed.racks, resumed.scores, resumed.bag.tiles) == (
        expected.racks,
        expected.scores,
        expected.bag.tiles,
    )
    resumed.play(typed[3])  # and the game goes on as it would have
    resumed.play_computers()
    assert resumed.actions == reference.actions[:8]


def test_a_game_is_kept_from_its_persons_first_move(default_lexicon: Lexicon) -> None:
    store = GameStore()
    game = store.track(Game.new(["equity", "human"], seed=14, lexicon=None))
    game.play_computers()  # the computer opened: the person has not played yet
    assert game.actions and store.games() == []
    with pytest.raises(LexigridError, match="never played"):
        store.load(game.id)
    game.play("-")
    (listed,) = store.games()
    assert listed.id == game.id and listed.moves == 2 and store.load(game.id).actions == game.actions
    computers = store.track(Game.new(["equity", "score"], seed=14, lexicon=None))
    assert not kept(computers) and computers.id not in {g.id for g in store.games()}
    computers.play_computer()
    assert computers.id in {g.id for g in store.games()}  # nobody to wait for: kept from its first move


def test_a_session_left_before_any_move_keeps_nothing(default_lexicon: Lexicon) -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    game = Game.new(["human", "equity"], seed=15, lexicon=None)
    Session(game, GameStore(), lambda prompt: "quit", console).run()
    assert GameStore().games() == [] and f"game {game.id} not saved (no move was played)" in out.getvalue()


def test_deleting_a_saved_game(default_lexicon: Lexicon) -> None:
    store = GameStore()
    first, second = (store.track(Game.new(["human", "score"], seed=s, lexicon=None)) for s in (16, 17))
    for game in (first, second):
        game.play("-")
    store.delete(first.id)
    assert [g.id for g in store.games()] == [second.id]
    with pytest.raises(LexigridError, match=f"no saved game '{first.id}'"):
        store.load(first.id)
    with pytest.raises(NotFound):
        store.delete(first.id)
    with sqlite3.connect(store.path) as db:
        assert db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (first.id,)).fetchone() == (0,)


def test_empty_games_an_earlier_version_kept_are_dropped(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    GameStore(path)
    with sqlite3.connect(path) as db:  # a row without actions, as `play` then `quit` used to leave
        db.execute(
            "INSERT INTO games (id, created, updated, setup, status, scores) "
            "VALUES ('abc', 0, 0, '{}', 'playing', '[0, 0]')"
        )
    assert GameStore(path).games() == []


def test_a_game_clocks_time_is_saved_and_resumed(tmp_path: Path, default_lexicon: Lexicon) -> None:
    store = GameStore(tmp_path / "games.sqlite3")
    game = store.track(Game.new(["human", "sim:1m"], seed=3, lexicon=None))
    assert game.clocks == {1: 0.0}
    game.clocks[1] = 12.5  # as the computer's moves record it
    game.play("-")  # the person's first move: the game is saved from here
    resumed = store.load(game.id)
    assert resumed.clocks == {1: 12.5} and resumed.clock_left(1) == 47.5 and resumed.clock_left(0) is None
    with sqlite3.connect(store.path) as db:  # as an earlier version saved it: the time spent unknown
        db.execute("UPDATE games SET clocks = NULL WHERE id = ?", (game.id,))
    older = store.load(game.id)
    assert older.clocks == {} and older.clock_left(1) is None  # its chooser pro-rates the past


def test_a_games_file_from_before_the_clocks_gains_their_column(
    tmp_path: Path, default_lexicon: Lexicon
) -> None:
    path = tmp_path / "games.sqlite3"
    with sqlite3.connect(path) as db:  # the games table as an earlier version made it
        db.execute(
            "CREATE TABLE games (id TEXT PRIMARY KEY, created REAL NOT NULL, updated REAL NOT NULL, "
            "setup TEXT NOT NULL, status TEXT NOT NULL, scores TEXT NOT NULL)"
        )
    store = GameStore(path)
    with sqlite3.connect(path) as db:
        assert "clocks" in {row[1] for row in db.execute("PRAGMA table_info(games)")}
    game = store.track(Game.new(["human", "best:2m"], seed=3, lexicon=None))
    game.play("-")
    assert store.load(game.id).clocks == {1: 0.0}
    GameStore(path)  # opened again: the column is there, nothing to add


@pytest.mark.parametrize(
    ("column", "text"),
    [
        ("clocks", "{oops"),  # not JSON
        ("clocks", '{"one": 12.5}'),  # a seat that is not a number
        ("clocks", "[12.5]"),  # not an object
        ("setup", "[]"),
    ],
)
def test_a_damaged_saved_game_is_a_one_line_error(
    default_lexicon: Lexicon, cli: Callable[..., CliResult], column: str, text: str
) -> None:
    store = GameStore()
    game = store.track(Game.new(["human", "sim:1m"], seed=3, lexicon=None))
    game.play("-")
    with sqlite3.connect(store.path) as db:
        db.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (text, game.id))
    with pytest.raises(LexigridError, match=f"saved game {game.id} is damaged"):
        store.load(game.id)
    resumed = cli("scrabble", "resume", game.id)
    lines = resumed.stderr.strip().splitlines()
    assert resumed.exit_code == 2 and len(lines) == 1, resumed.stderr  # no traceback
    assert lines[0].startswith(f"error: saved game {game.id} is damaged (")
    assert lines[0].endswith(f"delete it with `lexigrid scrabble games --delete {game.id}`")
