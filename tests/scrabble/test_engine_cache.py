"""One engine cache, `Engine.shared`: keyed on everything that makes two engines differ, and bounded."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexigrid.lexicon import Lexicon
from lexigrid.lexicon.added import learned_path
from lexigrid.scrabble import Engine, HeuristicLeaves, Rules, TileSet, layout, tile_set
from lexigrid.scrabble.engine import leave
from lexigrid.scrabble.engine.leave import LinearLeaves, lexicon_leaves_key
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


def test_an_added_lexicons_leaves_learned_later_give_another_engine(
    small_lexicon: Lexicon, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The default model of an added lexicon is read from the user's data: weights learned for it after its
    engine was built, or another data directory, give an engine with those weights (never the stale one)."""
    monkeypatch.setenv("LEXIGRID_DATA_DIR", str(tmp_path / "first"))
    added = Lexicon.from_words(list(small_lexicon), name="MINI")
    rules = Rules(tile_set(), layout())
    before = Engine.shared(added, rules)
    assert Engine.shared(added, rules) is before
    learned_path("MINI", "leaves").parent.mkdir(parents=True)
    LinearLeaves({"S1": 8.0}).save(learned_path("MINI", "leaves"))
    after = Engine.shared(added, rules)
    assert after is not before and after.leaves == LinearLeaves({"S1": 8.0}) != before.leaves
    monkeypatch.setenv("LEXIGRID_DATA_DIR", str(tmp_path / "second"))  # MINI without learned weights
    assert Engine.shared(added, rules).leaves == before.leaves


def test_an_added_leave_file_removed_while_it_is_keyed_keys_the_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A leave file found and then removed (another process ran `lexicon remove`) is no error."""
    monkeypatch.setattr(leave, "_added_leaves", lambda *_: tmp_path / "removed.json")
    removed = lexicon_leaves_key("MINI", "english")
    monkeypatch.setattr(leave, "_added_leaves", lambda *_: None)
    assert removed == lexicon_leaves_key("MINI", "english")
