"""The compiled game loop of static players against `Game`: the same games, seed for seed.

Self-play tournaments between the `equity` and `score` levels (no endgame solver) play whole games in C
(engine/playout.c, `StaticGames`); each game here is also played by `Game` (the play state, the umpire, the
players' `Engine.best`), and both must end with the same scores, bingos and number of moves. The seeds cover
exchanges (the bag put back and shuffled by the seeded `Bag` itself), six scoreless turns where they occur,
and going out.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.core.rules import rules
from lexigrid.scrabble.engine.movegen import Engine
from lexigrid.scrabble.engine.playout import StaticGames
from lexigrid.scrabble.game.game import Game
from lexigrid.scrabble.learn.selfplay import play_one
from tests.scrabble.conftest import small_klv


def _by_game(
    lexicon: Lexicon, seed: int, levels: tuple[str, str]
) -> tuple[tuple[int, int], tuple[int, int], int, Counter[str]]:
    """The game as `Game` plays it: scores, bingos, moves, and the kinds of its record lines."""
    game = Game.new(list(levels), seed=seed, lexicon=lexicon, endgame_seconds=None)
    game.play_computers()
    bingos = [0, 0]
    for turn in game.turns:
        bingos[turn.player] += turn.bingo
    moves = sum(1 for t in game.turns if t.kind not in ("out", "rack"))
    return (
        (game.scores[0], game.scores[1]),
        (bingos[0], bingos[1]),
        moves,
        Counter(t.kind for t in game.turns),
    )


@pytest.mark.parametrize("levels", [("equity", "equity"), ("equity", "score"), ("score", "equity")])
def test_compiled_games_are_game_s_seed_for_seed(default_lexicon: Lexicon, levels: tuple[str, str]) -> None:
    static = StaticGames(Engine.shared(default_lexicon, rules()))
    kinds: Counter[str] = Counter()
    for seed in range(1, 41):
        scores, bingos, moves, seen = _by_game(default_lexicon, seed, levels)
        assert static.play(seed, levels) == (scores, bingos, moves), seed
        kinds += seen
    assert kinds["exchange"] >= 1 and kinds["out"] >= 30  # exchanges and going out were played


def test_compiled_games_with_klv_leaves_are_game_s(
    default_lexicon: Lexicon, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a KLV2's leaves (the small one) the compiled loop looks leaves up in its compiled table; `Game`'s
    players value them leave by leave from the table's dictionary (KlvLeaves.value): the same games."""
    leaves = small_klv(tmp_path)
    static = StaticGames(Engine(default_lexicon, rules(), leaves))
    oracle = Engine(default_lexicon, rules(), leaves)
    monkeypatch.setattr(oracle, "leave_trie", lambda: None)
    monkeypatch.setattr(Engine, "shared", lambda *args, **kwargs: oracle)
    kinds: Counter[str] = Counter()
    for seed in range(1, 13):
        for levels in (("equity", "equity"), ("score", "equity")):
            scores, bingos, moves, seen = _by_game(default_lexicon, seed, levels)
            assert static.play(seed, levels) == (scores, bingos, moves), (seed, levels)
            kinds += seen
    assert kinds["out"] >= 10


def test_self_play_games_are_the_compiled_loop_s(default_lexicon: Lexicon) -> None:
    for seed, rotation in ((3, 0), (3, 1), (8, 0)):
        found = play_one((seed, rotation, ("equity", "score"), None, None))
        seated = found.levels
        scores, bingos, moves, _ = _by_game(default_lexicon, seed, (seated[0], seated[1]))
        assert (found.scores, found.bingos, found.turns) == (scores, bingos, moves)
