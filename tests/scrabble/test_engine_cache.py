"""One engine cache, `Engine.shared`: keyed on everything that makes two engines differ, and bounded."""

from __future__ import annotations

from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import Engine, HeuristicLeaves, Rules, TileSet, layout, tile_set
from lexigrid.scrabble.engine.leave import LinearLeaves
from lexigrid.scrabble.engine.movegen import SHARED_ENGINES


def test_the_same_inputs_share_one_engine(small_lexicon: Lexicon) -> None:
    rules = Rules(tile_set(), layout())
    engine = Engine.shared(small_lexicon, rules)
    assert Engine.shared(small_lexicon, Rules(tile_set(), layout())) is engine  # equal rules, another object
    assert Engine.shared(Lexicon.from_words(list(small_lexicon)), rules) is engine  # the same words
    weights = {"S1": 8.0, "v1c0": 1.0}
    linear = Engine.shared(small_lexicon, rules, LinearLeaves(dict(weights)))
    assert Engine.shared(small_lexicon, rules, LinearLeaves(dict(weights))) is linear  # equal weights


def test_whatever_changes_an_engine_gives_another(small_lexicon: Lexicon) -> None:
    english = tile_set()
    rules = Rules(english, layout())
    engine = Engine.shared(small_lexicon, rules)
    rescored = TileSet("english", dict(english.counts), {**english.scores, "Q": 1})  # same name and letters
    others = [
        Engine.shared(small_lexicon, Rules(rescored, layout())),
        Engine.shared(small_lexicon, Rules(english, layout("super"))),
        Engine.shared(small_lexicon, Rules(english, layout(), bingo_bonus=35)),
        Engine.shared(small_lexicon, rules, HeuristicLeaves()),
        Engine.shared(small_lexicon, rules, LinearLeaves({"S1": 1.0})),
        Engine.shared(Lexicon.from_words(["AA", "AB"]), rules),
    ]
    assert len({id(e) for e in [engine, *others]}) == len(others) + 1
    assert others[0].tile_scores != engine.tile_scores  # the rescored set's engine scores its own way


def test_the_cache_keeps_the_last_few(small_lexicon: Lexicon) -> None:
    rules = Rules(tile_set(), layout())
    first = Engine.shared(small_lexicon, rules, LinearLeaves({"A1": 0.0}))
    for n in range(1, SHARED_ENGINES + 1):
        Engine.shared(small_lexicon, rules, LinearLeaves({"A1": float(n)}))
    assert Engine.shared(small_lexicon, rules, LinearLeaves({"A1": 0.0})) is not first  # built again
    recent = Engine.shared(small_lexicon, rules, LinearLeaves({"A1": float(SHARED_ENGINES)}))
    assert Engine.shared(small_lexicon, rules, LinearLeaves({"A1": float(SHARED_ENGINES)})) is recent
