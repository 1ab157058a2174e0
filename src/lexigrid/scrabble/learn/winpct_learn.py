"""Learning the win table by static self-play over the shared runner (see `winpct` for the model)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from lexigrid.errors import OptionError
from lexigrid.lexicon import load as load_lexicon
from lexigrid.runner import DEFAULT_RUNNER, Runner
from lexigrid.scrabble.core.ending import share
from lexigrid.scrabble.engine.winpct import Sample, WinTable, fit
from lexigrid.scrabble.game.game import Game
from lexigrid.scrabble.learn.selfplay import static_games


def game_samples(item: tuple[int, str | None]) -> list[Sample]:
    """Runner job: one static-equity game (seeded), one sample per turn for the player to move; played by the
    compiled game loop where it can play the lexicon's engine, else by `Game` (the same game)."""
    seed, lexicon = item
    static = static_games(load_lexicon(lexicon))
    if static is not None:
        ended, turns = static.record(seed)
        won = share(ended.scores[0] - ended.scores[1])
        return [
            (t.scores[t.player] - t.scores[1 - t.player], t.unseen, won if t.player == 0 else 1.0 - won)
            for t in turns
        ]
    game = Game.new(["equity", "equity"], seed=seed, lexicon=load_lexicon(lexicon), endgame_seconds=None)
    states: list[tuple[int, int, int]] = []

    def record(g: Game) -> None:
        if not g.over:
            p = g.to_move
            states.append((p, g.scores[p] - g.scores[1 - p], len(g.bag) + len(g.racks[1 - p])))

    record(game)
    game.listeners.append(record)
    game.play_computers()
    final = game.scores[0] - game.scores[1]
    result = share(final)
    return [(spread, tiles, result if p == 0 else 1.0 - result) for p, spread, tiles in states]


@dataclass
class Learned:
    """A learned table with what it took: games, samples, seconds."""

    table: WinTable
    games: int
    samples: int
    seconds: float


def learn(
    games: int,
    *,
    seed: int = 1,
    runner: Runner = DEFAULT_RUNNER,
    lexicon: str | None = None,
) -> Learned:
    """Play `games` static-equity games over `runner` and fit the win table to their turns."""
    if games < 1:
        raise OptionError(
            f"learning needs at least 1 game, not {games}",
            "games",
            f"{{option}} must be at least 1, not {games}",
        )
    start = time.perf_counter()
    per_game = runner.run(game_samples, [(seed + i, lexicon) for i in range(games)], "self-play")
    samples = [s for found in per_game for s in found]
    source = (
        f"learn-winpct --games {games} --seed {seed} (lexicon {lexicon or 'nwl'}, static equity v equity)"
    )
    return Learned(fit(samples, source), games, len(samples), time.perf_counter() - start)
