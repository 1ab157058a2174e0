"""Saving games in SQLite after every action and resuming them: in process, and after a SIGKILL."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.game import Game
from lexigrid.scrabble.store import GameStore, default_path
from lexigrid.scrabble.view import View


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
