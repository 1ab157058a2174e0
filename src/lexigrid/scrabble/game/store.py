"""Saved games in SQLite: each game's setup and every action, written as it happens; resumed by replay.

The file lives in the user data directory (`$LEXIGRID_DATA_DIR` overrides it). Each action is committed
in its own transaction before the next input is read, so a killed process loses at most the move being
typed. A game is resumed by replaying its actions from its seed; the position saved with the last action
(CGP) must come out the same, or the lexicon has changed and the game cannot be resumed faithfully.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexigrid.errors import LexigridError, NotFound
from lexigrid.lexicon import load
from lexigrid.lexicon.sources import data_dir
from lexigrid.scrabble.core.rules import Layout, layout, parse_layout
from lexigrid.scrabble.game.game import Game

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    setup TEXT NOT NULL,          -- JSON: seats, seed, lexicon, challenge
    status TEXT NOT NULL,         -- 'playing' or 'over'
    scores TEXT NOT NULL,         -- JSON list, for listings
    clocks TEXT                   -- JSON {seat: seconds spent} of the game clocks; NULL: unknown (older)
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,           -- 0-based order of the action
    action TEXT NOT NULL,         -- as Game.play reads it: '8D WORD', '-ABC', '-', 'challenge', 'accept'
    cgp TEXT NOT NULL,            -- the position after it (all racks revealed), to check a resume
    PRIMARY KEY (game_id, n)
);
"""
CLOCKS = "ALTER TABLE games ADD COLUMN clocks TEXT"  # a file from before the clocks were kept
UNPLAYED = "DELETE FROM games WHERE NOT EXISTS (SELECT 1 FROM actions a WHERE a.game_id = games.id)"
DB_NAME = "scrabble_games.sqlite3"


def default_path() -> Path:
    """The games file: `$LEXIGRID_DATA_DIR/scrabble_games.sqlite3`, else in the user data directory."""
    return data_dir() / DB_NAME


@dataclass(frozen=True)
class SavedGame:
    """A line of the saved-games listing."""

    id: str
    players: list[str]
    scores: list[int]
    status: str
    moves: int
    updated: float


def _missing(game_id: str) -> NotFound:
    """The error for an id with no saved game."""
    return NotFound(f"no saved game {game_id!r}: it was never played or has been deleted")


def kept(game: Game) -> bool:
    """Whether a game is worth keeping: a person has moved in it (in a game of computers only, anyone
    has). A game opened and left before its person's first move is not saved."""
    people = {i for i, seat in enumerate(game.seats) if seat.is_human}
    return any(t.player in people for t in game.turns) if people else bool(game.actions)


def _snapshot(game: Game) -> str:
    """The full position after an action: the CGP plus every rack, score and the bag's size."""
    racks = "/".join(game.racks)
    return f"{game.cgp(0)} | racks {racks} | scores {game.scores} | bag {len(game.bag)}"


def _read_row(game_id: str, setup: str, clocks: str | None) -> tuple[dict[str, Any], dict[int, float]]:
    """A saved game's setup and its game clocks' time spent by seat (NULL: unknown, an older save); a
    damaged row (not the JSON the store writes) is a one-line error naming the game."""
    try:
        read = json.loads(setup)
        if not isinstance(read, dict):
            raise TypeError("its setup is not a JSON object")
        spent = {int(seat): float(seconds) for seat, seconds in json.loads(clocks or "{}").items()}
    except (ValueError, TypeError, AttributeError) as error:
        raise LexigridError(
            f"saved game {game_id} is damaged ({error}): delete it with `lexigrid scrabble games --delete "
            f"{game_id}`"
        ) from None
    return read, spent


def _board(setup: dict[str, Any]) -> Layout | None:
    """A saved game's board layout (the standard one when the setup names none)."""
    board = setup.get("board")
    return None if board is None else parse_layout("\n".join(board["rows"]), board["name"])


class GameStore:
    """Saved games in one SQLite file."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._connect() as db:
                db.executescript(SCHEMA)
                if "clocks" not in {row[1] for row in db.execute("PRAGMA table_info(games)")}:
                    db.execute(CLOCKS)
                db.execute(UNPLAYED)  # empty games an earlier version kept
        except (OSError, sqlite3.Error) as error:
            raise LexigridError(f"cannot open the saved games at {self.path}: {error}") from None

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        with closing(sqlite3.connect(self.path, timeout=10)) as db, db:
            yield db

    def save(self, game: Game) -> None:
        """Write the game's setup and any actions not yet saved, once the game is `kept`."""
        if not kept(game):
            return
        setup = {
            "seats": [[s.name, s.kind] for s in game.seats],
            "seed": game.seed,
            "lexicon": game.lexicon_spec,
            "lexicon_name": game.lexicon.name,
            "lexicon_sha256": game.lexicon.sha256,
            "challenge": game.challenge,
        }
        if game.rules.layout != layout():
            board = game.rules.layout
            setup["board"] = {"name": board.name, "rows": list(board.cells)}
        now = time.time()
        status = "over" if game.over else "playing"
        scores, clocks = json.dumps(game.scores), json.dumps(game.clocks)
        with self._connect() as db:
            db.execute(
                "INSERT INTO games (id, created, updated, setup, status, scores, clocks) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET updated = excluded.updated, "
                "status = excluded.status, scores = excluded.scores, clocks = excluded.clocks",
                (game.id, now, now, json.dumps(setup), status, scores, clocks),
            )
            (saved,) = db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game.id,)).fetchone()
            if saved < len(game.actions):
                # only the newest action's position is at hand; earlier ones (a game saved late) get ''
                rows = [
                    (game.id, n, game.actions[n], _snapshot(game) if n == len(game.actions) - 1 else "")
                    for n in range(saved, len(game.actions))
                ]
                db.executemany("INSERT INTO actions (game_id, n, action, cgp) VALUES (?, ?, ?, ?)", rows)

    def track(self, game: Game) -> Game:
        """Save the game now and after every action from here on (from its person's first move)."""
        self.save(game)
        game.listeners.append(self.save)
        return game

    def load(self, game_id: str | None = None) -> Game:
        """A saved game (by id, or the most recently played unfinished one), replayed to where it was."""
        with self._connect() as db:
            if game_id is None:
                row = db.execute(
                    "SELECT id, setup, clocks FROM games WHERE status = 'playing' "
                    "ORDER BY updated DESC LIMIT 1"
                ).fetchone()
                if row is None:
                    raise LexigridError("no unfinished saved game: start one with `lexigrid scrabble play`")
            else:
                row = db.execute("SELECT id, setup, clocks FROM games WHERE id = ?", (game_id,)).fetchone()
                if row is None:
                    raise _missing(game_id)
            actions = db.execute(
                "SELECT action, cgp FROM actions WHERE game_id = ? ORDER BY n", (row[0],)
            ).fetchall()
        setup, clocks = _read_row(row[0], row[1], row[2])
        lexicon = load(setup["lexicon"])
        if lexicon.sha256 != setup["lexicon_sha256"]:
            raise LexigridError(
                f"saved game {row[0]} was played with a different {setup['lexicon_name']} word list: "
                "it cannot be replayed faithfully"
            )
        game = Game.new(
            [kind for _, kind in setup["seats"]],
            names=[name for name, _ in setup["seats"]],
            seed=setup["seed"],
            lexicon=lexicon,
            challenge=setup["challenge"],
            game_id=row[0],
            board=_board(setup),
        )
        game.lexicon_spec = setup["lexicon"]
        try:
            game.replay([action for action, _ in actions])
        except LexigridError as error:
            raise LexigridError(f"saved game {row[0]} does not replay: {error}") from None
        if actions and actions[-1][1] and actions[-1][1] != _snapshot(game):
            raise LexigridError(f"saved game {row[0]} replays to a different position: it cannot be resumed")
        game.clocks = clocks
        return game

    def delete(self, game_id: str) -> None:
        """Delete a saved game and its actions (NotFound when there is none)."""
        with self._connect() as db:
            db.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
            if db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount == 0:
                raise _missing(game_id)

    def games(self) -> list[SavedGame]:
        """Every saved game, most recently played first."""
        with self._connect() as db:
            rows = db.execute(
                "SELECT g.id, g.setup, g.scores, g.status, g.updated, "
                "(SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id) "
                "FROM games g ORDER BY g.updated DESC"
            ).fetchall()
        return [
            SavedGame(
                gid,
                [f"{name} ({kind})" for name, kind in json.loads(setup)["seats"]],
                json.loads(scores),
                status,
                moves,
                updated,
            )
            for gid, setup, scores, status, updated, moves in rows
        ]
