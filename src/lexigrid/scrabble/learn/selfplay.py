"""Self-play tournaments between computer levels, over the shared runner (processes or Dask).

Game i uses bag seed `seed + i // n` with the seats rotated by `i % n` (n players), so every bag is played
from every seat: luck of the draw cancels out and a stronger level shows up in fewer games. The win rate
counts a draw as half a win; its 95% interval is Wilson's score interval. The equity level plays its
endgames by static equity here unless `endgame_seconds` is given: the exact solver takes up to that long
per endgame move (seconds a game, against ~0.2 ms a turn), and a search cut short by time may play
differently on another run, while a tournament should be fast and replay exactly.
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from lexigrid.errors import LexigridError, OptionError, check_positive
from lexigrid.lexicon import Lexicon
from lexigrid.lexicon import load as load_lexicon
from lexigrid.runner import DEFAULT_RUNNER, Runner
from lexigrid.scrabble.core.rules import language_rules, layout
from lexigrid.scrabble.engine.leave import LeaveModel, leaves_key
from lexigrid.scrabble.engine.movegen import Engine
from lexigrid.scrabble.engine.playout import STATIC_LEVELS, PlayoutLoop, StaticGames
from lexigrid.scrabble.game.game import Game
from lexigrid.stats import wilson


@dataclass(frozen=True)
class GameResult:
    """One game, in seat order: the levels, final scores, bingos, turns and CPU seconds spent."""

    levels: tuple[str, ...]
    rotation: int
    scores: tuple[int, ...]
    bingos: tuple[int, ...]
    turns: int
    seconds: float


def play_one(item: tuple[int, int, tuple[str, ...], str | None, float | None]) -> GameResult:
    """Runner job: one game between computer levels (seat order rotated), played to the end."""
    seed, rotation, levels, lexicon, endgame_seconds = item
    seated = levels[rotation:] + levels[:rotation]
    start = time.process_time()
    if len(seated) == 2 and set(seated) <= set(STATIC_LEVELS) and endgame_seconds is None:
        static = static_games(load_lexicon(lexicon))
        if static is not None:
            found = static.play(seed, (seated[0], seated[1]))
            return GameResult(
                seated, rotation, found.scores, found.bingos, found.turns, time.process_time() - start
            )
    game = Game.new(list(seated), seed=seed, lexicon=load_lexicon(lexicon), endgame_seconds=endgame_seconds)
    game.play_computers()
    seconds = time.process_time() - start
    bingos = [0] * len(seated)
    for turn in game.turns:
        if turn.bingo:
            bingos[turn.player] += 1
    turns = sum(1 for t in game.turns if t.kind not in ("out", "rack"))
    return GameResult(seated, rotation, tuple(game.scores), tuple(bingos), turns, seconds)


_STATIC: dict[tuple[str, Hashable], StaticGames | None] = {}


def static_games(lexicon: Lexicon, leaves: LeaveModel | None = None) -> StaticGames | None:
    """The compiled game loop of static players for a lexicon under its language's standard rules (as
    `Game.new`) with a leave model (None: the lexicon's default), made once per process (None when the
    engine's leave model is not the loop's: `Game` plays then)."""
    key = (lexicon.sha256, leaves_key(leaves))
    if key not in _STATIC:
        if len(_STATIC) >= 8:  # a learner's earlier rounds' models
            _STATIC.clear()
        engine = Engine.shared(lexicon, language_rules(lexicon.alphabet, layout()), leaves)
        _STATIC[key] = StaticGames(engine) if PlayoutLoop.fits(engine) else None
    return _STATIC[key]


@dataclass
class Tournament:
    """The totals of a self-play tournament, per player label (levels numbered when repeated)."""

    labels: list[str]
    games: int
    turns: int
    wall_seconds: float
    cpu_seconds: float
    wins: dict[str, float]
    avg_score: dict[str, float]
    bingos_per_game: dict[str, float]

    @property
    def win_rate(self) -> dict[str, float]:
        """Each player's share of the games won (a draw counts half among those tied)."""
        return {label: self.wins[label] / self.games for label in self.labels}

    @property
    def interval(self) -> dict[str, tuple[float, float]]:
        """Each win rate's 95% interval."""
        return {label: wilson(self.wins[label], self.games) for label in self.labels}

    @property
    def turns_per_second(self) -> float:
        """Turns played per second of wall time (all workers together)."""
        return self.turns / self.wall_seconds if self.wall_seconds else 0.0

    @property
    def ms_per_turn(self) -> float:
        """CPU milliseconds per turn in one worker (the game loop and the engine)."""
        return 1000 * self.cpu_seconds / self.turns if self.turns else 0.0

    def as_dict(self) -> dict[str, Any]:
        """The figures as JSON-able data."""
        return {
            "games": self.games,
            "players": self.labels,
            "wins": self.wins,
            "win_rate": {k: round(v, 4) for k, v in self.win_rate.items()},
            "win_rate_ci95": {k: [round(a, 4), round(b, 4)] for k, (a, b) in self.interval.items()},
            "avg_score": {k: round(v, 2) for k, v in self.avg_score.items()},
            "bingos_per_game": {k: round(v, 3) for k, v in self.bingos_per_game.items()},
            "turns": self.turns,
            "turns_per_second": round(self.turns_per_second, 1),
            "cpu_ms_per_turn": round(self.ms_per_turn, 4),
        }


def labels_for(levels: Sequence[str]) -> list[str]:
    """Player labels: the level, numbered when a level plays more than once (`equity#1`, `equity#2`)."""
    return [f"{level}#{i + 1}" if list(levels).count(level) > 1 else level for i, level in enumerate(levels)]


def tournament(
    players: Sequence[str],
    games: int,
    *,
    seed: int = 1,
    runner: Runner = DEFAULT_RUNNER,
    lexicon: str | None = None,
    endgame_seconds: float | None = None,
) -> Tournament:
    """Play `games` games between computer levels over `runner` and total the results (the equity level's
    endgames solved within `endgame_seconds` a move, or by static equity when None)."""
    levels = tuple(p.strip().lower() for p in players)
    if not 2 <= len(levels) <= 4:
        raise LexigridError(f"self-play needs 2 to 4 players, not {len(levels)}")
    if "human" in levels:
        raise OptionError(
            "self-play is between computer levels: drop 'human' from the players",
            "players",
            "self-play is between computer levels: drop 'human' from {option}",
        )
    if games < 1:
        raise OptionError(
            f"a tournament needs at least 1 game, not {games}",
            "games",
            f"{{option}} must be at least 1, not {games}",
        )
    Game.new(list(levels), seed=0, lexicon=lexicon)  # bad levels or lexicon fail here, in this process
    n = len(levels)
    check_positive(endgame_seconds, "endgame_seconds", "the endgame solver's time", "seconds")
    items = [(seed + i // n, i % n, levels, lexicon, endgame_seconds) for i in range(games)]
    start = time.perf_counter()
    results = runner.run(play_one, items, "self-play")
    wall = time.perf_counter() - start
    labels = labels_for(levels)
    wins = dict.fromkeys(labels, 0.0)
    points = dict.fromkeys(labels, 0)
    bingos = dict.fromkeys(labels, 0)
    for result in results:
        top = max(result.scores)
        winners = [seat for seat, s in enumerate(result.scores) if s == top]
        for seat in range(n):
            label = labels[(seat + result.rotation) % n]
            points[label] += result.scores[seat]
            bingos[label] += result.bingos[seat]
            if seat in winners:
                wins[label] += 1 / len(winners)
    return Tournament(
        labels,
        games,
        sum(r.turns for r in results),
        wall,
        sum(r.seconds for r in results),
        wins,
        {k: v / games for k, v in points.items()},
        {k: v / games for k, v in bingos.items()},
    )
