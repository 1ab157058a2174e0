"""Longer checks (pytest -m slow): many seeded games through every record format, and the Dask backend."""

from __future__ import annotations

import pytest

from lexigrid.lexicon import Lexicon
from lexigrid.runner import QUIET_RUNNER, Runner
from lexigrid.scrabble.game.game import Game
from lexigrid.scrabble.game.store import GameStore
from lexigrid.scrabble.game.view import View
from lexigrid.scrabble.learn.selfplay import tournament
from lexigrid.scrabble.records.gcg import export_gcg, parse_gcg
from lexigrid.scrabble.records.gcg_replay import replay_gcg
from tests.scrabble_game.conftest import tile_total

MIXES = [["equity", "score"], ["beginner", "equity"], ["score", "top:3", "equity"], ["equity"] * 4]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40))
def test_seeded_games_round_trip_everywhere(default_lexicon: Lexicon, seed: int) -> None:
    players = MIXES[seed % len(MIXES)]
    store = GameStore()
    game = store.track(Game.new(players, seed=seed, lexicon=None))
    game.play_computers()
    assert game.over and tile_total(game) == 100
    replayed = replay_gcg(parse_gcg(export_gcg(View.full(game))), default_lexicon)
    assert replayed.scores == game.scores and replayed.board == game.board
    assert View.full(store.load(game.id)).state() == View.full(game).state()
    people = Game.new(["human"] * len(players), seed=seed, lexicon=default_lexicon)
    people.replay(game.actions)
    assert people.scores == game.scores


@pytest.mark.slow
def test_dask_backend_gives_the_same_tournament(default_lexicon: Lexicon) -> None:
    pytest.importorskip("distributed")
    local = tournament(["equity", "score"], 6, seed=3, runner=QUIET_RUNNER)
    dask = tournament(["equity", "score"], 6, seed=3, runner=Runner(jobs=2, backend="dask", progress=False))
    assert (dask.wins, dask.avg_score, dask.turns) == (local.wins, local.avg_score, local.turns)


@pytest.mark.slow
def test_equity_beats_best_score(default_lexicon: Lexicon) -> None:
    result = tournament(["equity", "score"], 300, seed=500, runner=Runner(jobs=2, progress=False))
    low, _ = result.interval["equity"]
    assert low > 0.5, f"equity won {result.win_rate['equity']:.1%} of {result.games}"
