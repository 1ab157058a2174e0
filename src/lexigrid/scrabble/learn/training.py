"""Learning leave values by self-play: static-equity games, then fitted value iteration on their turns.

Each turn played with tiles still in the bag yields one sample: the leave kept, the score of the same
player's next turn, and the leave kept then. A leave's value is how much more than average the rest of the
game goes for its holder: next score + value(next leave), minus the mean, solved by fitting a linear model
over leave features (each copy of each tile, the vowel/consonant mix, Q without U) again and again on the
same samples until the values settle (temporal-difference learning, as in the self-play leave tables of
wolges and MAGPIE; they fit every leave, we fit features, which needs far fewer games). The games are
whole `Game`s, with equity players whose engines use the leave models being learned or compared.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from lexigrid.lexicon import load as load_lexicon
from lexigrid.runner import DEFAULT_RUNNER, Runner
from lexigrid.scrabble.core.alphabet import leave_after
from lexigrid.scrabble.core.cgp import Position
from lexigrid.scrabble.core.ending import share
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.core.rules import language_rules
from lexigrid.scrabble.engine.leave import (
    ENGLISH_FACTS,
    HeuristicLeaves,
    LeaveFacts,
    LeaveModel,
    LinearLeaves,
    leave_features,
)
from lexigrid.scrabble.engine.movegen import Engine
from lexigrid.scrabble.engine.playout import StaticGames
from lexigrid.scrabble.game.game import Game
from lexigrid.scrabble.game.players import EquityPlayer
from lexigrid.scrabble.learn.selfplay import static_games

RIDGE = 20.0  # shrinks rarely seen features (pairs such as QZ) towards 0


Sample = tuple[str, int, str | None]  # leave kept, next-turn score, leave kept then (None: bag was empty)


@dataclass
class GameRecord:
    """One self-play game: final scores (first player first) and the (leave, next-turn score) samples."""

    scores: tuple[int, int]
    samples: list[Sample]
    moves: list[Move]


@dataclass
class _Turn:
    """What a learning player saw and did: the bag's size, its rack, its move."""

    bag: int
    rack: str
    move: Move


@dataclass
class _Recorder:
    """An equity player that writes down each of its turns (both players share one log, in turn order)."""

    player: EquityPlayer
    log: list[_Turn] = field(default_factory=list)
    level: str = "equity"

    def choose(self, position: Position, rng: random.Random) -> Move:
        """The equity player's move, logged."""
        move = self.player.choose(position, rng)
        self.log.append(_Turn(position.bag_size(), str(position.rack), move))
        return move


def play_game(seed: int, models: tuple[LeaveModel, LeaveModel], lexicon: str | None = None) -> GameRecord:
    """A game between two static-equity players (first player uses models[0]), with the tile set of the
    lexicon's language: in the compiled game loop when both play the same model and it can, else by `Game`
    (the same game, move for move)."""
    static = static_games(load_lexicon(lexicon), models[0]) if models[0] == models[1] else None
    if static is not None:
        return _compiled_game(static, seed)
    game = Game.new(["equity", "equity"], seed=seed, lexicon=load_lexicon(lexicon), endgame_seconds=None)
    engines = tuple(
        Engine.shared(game.lexicon, game.rules, model) for model in models
    )  # its language's tiles
    log: list[_Turn] = []
    for seat, engine in enumerate(engines):  # static endgames: samples come from turns with a bag
        game.seat_computer(seat, _Recorder(EquityPlayer(engine, endgame_seconds=None), log))
    game.play_computers()
    kept = {
        t: "".join(sorted(leave_after(turn.rack, turn.move.tiles_used)))
        for t, turn in enumerate(log)
        if turn.bag
    }
    moves = [turn.move for turn in log]
    return GameRecord((game.scores[0], game.scores[1]), _samples(kept, moves), moves)


def _compiled_game(static: StaticGames, seed: int) -> GameRecord:
    """The game `play_game` plays, played by the compiled game loop."""
    result, turns = static.record(seed)
    kept = {t: "".join(sorted(turn.kept)) for t, turn in enumerate(turns) if turn.bag}
    moves = [turn.move for turn in turns]
    return GameRecord(result.scores, _samples(kept, moves), moves)


def _samples(kept: dict[int, str], moves: list[Move]) -> list[Sample]:
    """A game's samples from the leaves kept at turns with a bag (by turn) and the moves: each leave with the
    score of the same player's next turn, two turns on, and the leave kept then."""
    return [(leave, moves[t + 2].score, kept.get(t + 2)) for t, leave in kept.items() if t + 2 < len(moves)]


def _play(item: tuple[int, tuple[LeaveModel, LeaveModel], str | None]) -> GameRecord:
    """Runner job: one game."""
    seed, models, lexicon = item
    return play_game(seed, models, lexicon)


def fit(samples: Sequence[Sample], iterations: int = 25, facts: LeaveFacts = ENGLISH_FACTS) -> LinearLeaves:
    """Fitted value iteration: weights explaining next score + value(next leave), minus the mean (the leaves'
    features read with the language's `facts`)."""
    names = sorted({name for leave, _, _ in samples for name in leave_features(leave, facts)})
    column = {name: i for i, name in enumerate(names)}
    x = _features([leave for leave, _, _ in samples], column, facts)
    solve = np.linalg.inv(x.T @ x + RIDGE * np.eye(len(names))) @ x.T
    scores = np.array([score for _, score, _ in samples], dtype=float)
    following = sorted({n for _, _, n in samples if n is not None})
    where = {leave: i for i, leave in enumerate(following)}
    index = np.array([where[n] if n is not None else -1 for _, _, n in samples])
    # value(leave) = the sum of its features' weights less the empty leave's (`LinearLeaves.value`)
    following_x = _features(["", *following], column, facts)
    weights = np.zeros(len(names))
    for _ in range(iterations):
        sums = following_x @ weights
        values = np.append(sums[1:] - sums[0], 0.0)
        y = scores + values[index]
        weights = solve @ (y - y.mean())
    return LinearLeaves(
        {name: round(float(w), 3) for name, w in zip(names, weights, strict=True)}, facts=facts
    )


def _features(leaves: Sequence[str], column: dict[str, int], facts: LeaveFacts) -> npt.NDArray[np.float64]:
    """Each leave's features as a row of counts over `column` (features without a column left out)."""
    x = np.zeros((len(leaves), len(column)))
    for row, leave in enumerate(leaves):
        for name in leave_features(leave, facts):
            at = column.get(name)
            if at is not None:
                x[row, at] += 1.0
    return x


def learn(
    games: int,
    rounds: int = 2,
    runner: Runner = DEFAULT_RUNNER,
    lexicon: str | None = None,
    seed: int = 1,
    start: LeaveModel | None = None,
) -> LinearLeaves:
    """Leave weights from `rounds` rounds of self-play games over `runner`, the first played with `start`."""
    facts = LeaveFacts.of(language_rules(load_lexicon(lexicon).alphabet).tiles)
    model: LeaveModel = start or HeuristicLeaves()
    learned = LinearLeaves({}, facts=facts)
    for r in range(rounds):
        items = [(seed + r * games + i, (model, model), lexicon) for i in range(games)]
        records = runner.run(_play, items, f"self-play round {r + 1}")
        learned = fit([s for record in records for s in record.samples], facts=facts)
        model = learned
    return learned


@dataclass
class Comparison:
    """A head-to-head match over paired games (same bag, each side moving first once)."""

    games: int
    wins: float  # draws count a half
    mean_spread: float
    spread_stderr: float

    @property
    def win_rate(self) -> float:
        """The first model's share of wins."""
        return self.wins / self.games


def compare(
    model: LeaveModel,
    other: LeaveModel,
    pairs: int,
    runner: Runner = DEFAULT_RUNNER,
    lexicon: str | None = None,
    seed: int = 10_000_000,
) -> Comparison:
    """How `model` fares against `other` over 2 x pairs games (played over `runner`)."""
    items = [(seed + i, (model, other), lexicon) for i in range(pairs)]
    items += [(seed + i, (other, model), lexicon) for i in range(pairs)]
    records = runner.run(_play, items, "head to head")
    spreads = [r.scores[0] - r.scores[1] for r in records[:pairs]]
    spreads += [r.scores[1] - r.scores[0] for r in records[pairs:]]
    wins = sum(share(s) for s in spreads)
    stderr = statistics.stdev(spreads) / len(spreads) ** 0.5 if len(spreads) > 1 else 0.0
    return Comparison(len(spreads), wins, statistics.fmean(spreads), stderr)
