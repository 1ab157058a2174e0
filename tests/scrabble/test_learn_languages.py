"""Learning leaves and the win table from compiled self-play, in English and in other languages.

`learn-leaves` and `learn-winpct` take their games from the compiled game loop (`StaticGames.record`) where it
can play the lexicon's engine; each game's samples must be those of the same game played by `Game` (the
Python play state, the umpire, equity players), seed for seed. Catalan and French read MAGPIE's KWGs in
../shared (skipped with the reason when it is absent), Spanish the hand words of test_playout_languages,
each added under a name in the test's data directory as a user adds one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lexigrid.lexicon import load
from lexigrid.scrabble.core.rules import tile_set
from lexigrid.scrabble.engine.leave import HeuristicLeaves, LeaveFacts, LinearLeaves, leave_features
from lexigrid.scrabble.learn import training, winpct_learn
from tests.conftest import run_cli, shared_file
from tests.scrabble.test_oracle_languages import SPANISH
from tests.scrabble.test_playout_languages import SHARED_LEXICONS, SPANISH_MORE, lexicon

LANGUAGES = ["english", "catalan", "french", "spanish"]


def added(language: str, tmp_path: Path) -> str:
    """The language's test lexicon added by `lexicon add` in the test's data directory, as a user adds one."""
    name = f"learn-{language}"
    if language == "spanish":
        file = tmp_path / f"{name}.txt"
        file.write_text("\n".join((SPANISH.words + " " + SPANISH_MORE).split()) + "\n", encoding="utf-8")
    else:
        file = shared_file("data", "scrabble", language, f"{SHARED_LEXICONS[language]}.kwg")
    result = run_cli("lexicon", "add", name, str(file), "--alphabet", language)
    assert result.exit_code == 0, result.stderr
    assert sorted(load(name)) == sorted(lexicon(language))  # the words the play-out tests check
    return name


@pytest.fixture(params=LANGUAGES)
def spec(request: pytest.FixtureRequest, tmp_path: Path) -> str | None:
    """A lexicon spec the learners' workers load: the bundled lexicon, or a language's added one."""
    return None if request.param == "english" else added(request.param, tmp_path)


def test_leave_learning_games_are_game_s_seed_for_seed(
    spec: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = LinearLeaves({"?1": 20.0, "S1": 6.0, "v1c2": 1.0, "q-no-u": -6.0})
    compiled = [training.play_game(seed, (model, model), spec) for seed in (1, 2)]
    assert training.static_games(load(spec), model) is not None  # type: ignore[attr-defined]  # the compiled loop played
    monkeypatch.setattr(training, "static_games", lambda *args: None)
    by_game = [training.play_game(seed, (model, model), spec) for seed in (1, 2)]
    for ours, theirs in zip(compiled, by_game, strict=True):
        assert ours.scores == theirs.scores
        assert ours.samples == theirs.samples and len(ours.samples) > 10
        assert [(m.notation, m.score) for m in ours.moves] == [(m.notation, m.score) for m in theirs.moves]


def test_win_table_samples_are_game_s_seed_for_seed(
    spec: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = [winpct_learn.game_samples((seed, spec)) for seed in (3, 4)]
    assert winpct_learn.static_games(load(spec)) is not None  # type: ignore[attr-defined]
    monkeypatch.setattr(winpct_learn, "static_games", lambda *args: None)
    assert compiled == [winpct_learn.game_samples((seed, spec)) for seed in (3, 4)]
    assert all(len(samples) > 10 for samples in compiled)


def test_learned_leaves_read_the_language_s_vowels() -> None:
    french = LeaveFacts.of(tile_set("french"))
    assert "v1c1" in leave_features("YS", french) and "v0c2" in leave_features("YS")
    samples = [("YS", 30, None), ("BS", 20, None), ("", 25, None)] * 200
    learned = training.fit(samples, facts=french)
    assert learned.facts == french and "v1c1" in learned.weights and "v0c2" in learned.weights
    assert learned.value("YS") - learned.value("BS") == pytest.approx(10.0, abs=0.5)


def test_a_catalan_lexicon_learns_leaves_in_the_compiled_loop(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    added("catalan", tmp_path)
    played = []
    compiled_game = training._compiled_game

    def counted(static: object, seed: int) -> training.GameRecord:
        played.append(seed)
        return compiled_game(static, seed)  # type: ignore[arg-type]

    monkeypatch.setattr(training, "_compiled_game", counted)
    learned = training.learn(6, rounds=2, lexicon="learn-catalan", start=HeuristicLeaves())
    assert sorted(played) == list(range(1, 13))  # both rounds' games, all compiled
    assert learned.facts == LeaveFacts.of(tile_set("catalan")) and learned.facts.needs is None
    assert "q-no-u" not in learned.weights and learned.value("?") > learned.value("")
