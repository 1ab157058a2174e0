"""`lexigrid scrabble analyze`: whole-game review, each turn judged by its phase's method.

The fixtures are small records of our own (tests/scrabble/data): `thrown_endgame.gcg`, a seeded self-play
game in which Ben, with a won endgame (A1 pRISTINE wins), plays 5A INTERn and loses; `phonies.gcg`, a
phony bingo that stood and a phony challenged off. Simulated turns use a fixed number of play-outs, so
every result is the same on any machine and with any --jobs.
"""

from __future__ import annotations

import json
import math
import re
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon, load
from lexigrid.runner import Runner
from lexigrid.scrabble.analysis.sim import PlayStats
from lexigrid.scrabble.core.cgp import parse_cgp
from lexigrid.scrabble.core.move import parse_move
from lexigrid.scrabble.records.gcg_replay import replay_gcg
from lexigrid.scrabble.records.review import (
    SHOWN_CANDIDATES,
    GameReview,
    Phase,
    Settings,
    TurnReview,
    analyze_text,
    dearest_first,
    exact_place,
    mistake_index,
    plan_review,
    read_record,
    record_lexicon,
    review_places,
)
from lexigrid.scrabble.records.upheld import upheld_outside
from tests.conftest import CliResult, shared_file

Cli = Callable[..., CliResult]
DATA = Path(__file__).parent / "data"
THROWN, PHONIES = DATA / "thrown_endgame.gcg", DATA / "phonies.gcg"
# play-outs fixed; the solvers' time far beyond the endgames' and 1-in-the-bag turns' need; 2 in the bag
# simulated (the pre-endgame solver does not solve those turns of these NWL games in any such time)
QUICK = Settings(iterations=8, seconds=90, peg_bag=1)
OPENING_CGP = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0"


@pytest.fixture(scope="module")
def thrown() -> GameReview:
    return analyze_text(THROWN.read_bytes(), QUICK, runner=Runner(progress=False))


@pytest.fixture(scope="module")
def phonies() -> GameReview:
    return analyze_text(PHONIES.read_bytes(), QUICK, runner=Runner(progress=False))


def _hand_size(turn: dict[str, Any]) -> str:
    """The mistake scale as docs/scrabble.md states it, written out by hand."""
    if turn["phase"] == "endgame":
        best = turn["final_spread_best"]
        played = turn["final_spread_played"]
        if best > 0 and played <= 0:
            return "large"
        lost = turn["points_lost"]
        return "large" if lost >= 15 else "medium" if lost >= 7 else "small" if lost >= 1 else "none"
    lost = turn["win_pct_lost"]
    if turn["phase"] == "sim" and lost <= turn["error_bar"]:
        return "none"
    return "large" if lost >= 7 else "medium" if lost >= 3 else "small" if lost >= 0.5 else "none"


def _endgame_values(cli: Cli, cgp: str) -> dict[str, int]:
    """`lexigrid scrabble endgame CGP --top 64 --json`: each first move's value."""
    result = cli("scrabble", "endgame", cgp, "--top", "64", "--json")
    assert result.exit_code == 0, result.stderr
    return {r["paren"]: r["value"] for r in json.loads(result.stdout)["top"]}


def test_endgame_points_lost_are_the_endgame_commands_values(thrown: GameReview, cli: Cli) -> None:
    endgame = [t for t in thrown.turns if t.phase == "endgame"]
    assert len(endgame) == 2
    for turn in endgame:
        values = _endgame_values(cli, turn.cgp)
        assert turn.exact
        assert turn.points_lost == values[turn.best] - values[turn.played]
        assert values[turn.best] == max(values.values())


def test_a_won_endgame_thrown_away_is_a_large_mistake(thrown: GameReview) -> None:
    ben = [t for t in thrown.turns if t.phase == "endgame" and t.nick == "Ben"]
    assert [(t.played, t.best, t.mistake) for t in ben] == [("5A INTERn", "A1 pRI(S)TINE", "large")]
    assert ben[0].win_pct == 0 and ben[0].best_win_pct == 100 and ben[0].points_lost == 108
    assert "bingo_missed" in ben[0].flags
    ann = [t for t in thrown.turns if t.phase == "endgame" and t.nick == "Ann"]
    assert [(t.points_lost, t.mistake) for t in ann] == [(0, "none")]


def test_a_standing_phony_and_a_phony_challenged_off_are_flagged(phonies: GameReview) -> None:
    flags = {t.turn: t.flags for t in phonies.turns}
    assert flags[1] == ["phony_stood"] and flags[3] == ["phony_withdrawn"]
    assert not flags[2] and not flags[4]
    withdrawn = phonies.turns[2]
    assert withdrawn.played == "7C FAB"  # shown as played, judged as the pass it became
    assert all(c["move"] != "7C FAB" for c in withdrawn.candidates)
    assert phonies.turns[0].best != "8D AEINRST"  # a phony is never shown as the best play


def test_the_play_made_is_listed_among_the_candidates_however_low_it_ranks(
    thrown: GameReview, phonies: GameReview
) -> None:
    """A player looks for their own play: it is listed once, after the best ones when it is not among them
    (phonies' turn 2, H5 GOU(R)DE, ranks below the ten shown)."""
    judged = [t for r in (thrown, phonies) for t in r.turns if t.phase != "skipped"]
    assert any(t.rank is not None and t.rank > SHOWN_CANDIDATES for t in judged)
    for turn in judged:
        moves = [c["move"] for c in turn.candidates]
        if "phony_withdrawn" in turn.flags:  # judged as the pass it became
            assert moves.count("-") == 1
            continue
        assert moves.count(turn.played) == 1, (turn.turn, turn.played, moves)
        if turn.rank is not None and turn.rank > SHOWN_CANDIDATES:
            assert moves[-1] == turn.played and len(moves) == SHOWN_CANDIDATES + 1


def test_the_mistake_index_is_the_hand_computation(thrown: GameReview, phonies: GameReview) -> None:
    assert mistake_index(["small", "none", "medium", "large", "small"]) == pytest.approx(1.9)
    for review in (thrown, phonies):
        payload = review.as_dict()
        for player in payload["players"]:
            own = [t for t in payload["turns"] if t["player"] == player["name"] and t["phase"] != "skipped"]
            sizes = [_hand_size(t) for t in own]
            assert [t["mistake"] for t in own] == sizes
            hand = 0.2 * sizes.count("small") + 0.5 * sizes.count("medium") + 1.0 * sizes.count("large")
            assert player["mistake_index"] == pytest.approx(hand)
            assert player["mistakes"] == {s: sizes.count(s) for s in ("small", "medium", "large")}


@pytest.mark.parametrize(
    ("phase", "figures", "lost", "verdict"),
    [
        ("sim", {"win_pct_lost": 6.66, "error_bar": 4.71, "mistake": "medium"}, "6.7 % ±4.7",
         "judged by simulation; lost 6.7 % ±4.7: a medium mistake"),
        ("sim", {"win_pct_lost": 100.0, "error_bar": math.inf}, "100.0 % ±∞",  # one play-out in common
         "judged by simulation; lost 100.0 % ±∞"),
        ("peg", {"win_pct_lost": 3.0}, "3.0 %", "judged by the pre-endgame solver; lost 3.0 %"),  # exact
        ("endgame", {"points_lost": 14, "mistake": "large"}, "14 pts",
         "judged by the exact endgame; lost 14 pts: a large mistake"),
        ("skipped", {}, "", "not judged"),
    ],
)  # fmt: skip
def test_a_turn_s_verdict_is_worded_once_for_both_faces(
    phase: Phase, figures: dict[str, Any], lost: str, verdict: str
) -> None:
    turn = TurnReview(
        1, 0, "ann", 5, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/ 0/0 0", "A", phase, "-"
    )
    for name, value in figures.items():
        setattr(turn, name, value)
    row = turn.as_dict()
    assert (turn.lost_text, turn.verdict) == (row["lost_text"], row["verdict"]) == (lost, verdict)
    strict = json.loads(json.dumps(row, allow_nan=False))  # valid JSON: an infinite error bar is null
    assert strict["error_bar"] == (None if turn.error_bar == math.inf else round(turn.error_bar, 2))


def test_a_simulated_mistake_exceeds_its_error_bar(thrown: GameReview, phonies: GameReview) -> None:
    simulated = [t for r in (thrown, phonies) for t in r.turns if t.phase == "sim"]
    assert simulated and all(t.error_bar > 0 or t.rank == 1 for t in simulated)
    assert all(t.win_pct_lost > t.error_bar for t in simulated if t.mistake != "none")


@pytest.mark.parametrize(
    ("sim_order", "review_order"),
    [
        # wins a play-out (1 = won); the best first in the simulation's order
        ([("best", [1, 0] * 50), ("worse", [0] * 100), ("same", [1, 0] * 50), ("one", [0])],
         [("best", "1="), ("same", "1="), ("one", "1="), ("worse", "4")]),  # one play-out: no error bar
        ([("best", [1] * 40), ("worse", [0] * 40), ("worst", [0] * 40)],
         [("best", "1"), ("worse", "2"), ("worst", "3")]),
        ([("best", [1, 1, 0, 1] * 25), ("close", [1, 0, 1, 1] * 25), ("behind", [1, 0, 0, 1] * 25)],
         [("best", "1="), ("close", "1="), ("behind", "3")]),  # 25 % lost, +-19.6: ranked
    ],
)  # fmt: skip
def test_a_simulated_play_shares_the_first_place_within_its_error_bar(
    sim_order: list[tuple[str, list[int]]], review_order: list[tuple[str, str]]
) -> None:
    """The review's places: the best, then the plays whose win % lost to it is within its error bar (1=: no
    mistake had they been played), then the rest ranked, each group in the simulation's order."""
    board = parse_cgp(OPENING_CGP).board
    plays = [PlayStats(parse_move(f"8D {name.upper()}", board), [0.0] * len(w), [float(x) for x in w])
             for name, w in sim_order]  # fmt: skip
    placed = review_places(plays, plays[0])
    assert [(p.move.word.lower(), place) for p, place in placed] == review_order


@pytest.mark.parametrize(
    ("value", "others", "place"),
    [
        (12, [], "1"),
        (12, [10, 3], "1"),
        (12, [12, 3], "1="),
        (3, [12, 12, 3], "3="),
        (3, [12, 10, 5], "4"),
        ((50.0, 7.0), [(50.0, 9.0), (50.0, 7.0)], "2="),  # a pre-endgame's win %, then its mean spread
    ],
)
def test_an_exactly_valued_play_shares_a_place_only_with_an_equal(
    value: Any, others: list[Any], place: str
) -> None:
    assert exact_place(value, others) == place


def _within_bar_by_hand(best: list[float], other: list[float]) -> bool:
    """docs/scrabble.md's rule written out: the mean paired win % lost over the deals both have, at most
    1.96 standard errors of it (any loss within an infinite bar when one deal is all they share)."""
    n = min(len(best), len(other))
    diffs = [100 * (a - b) for a, b in zip(best[:n], other[:n], strict=True)]
    if n < 2:
        return True
    return max(0.0, statistics.fmean(diffs)) <= 1.96 * statistics.stdev(diffs) / math.sqrt(n)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(0, 1), min_size=1, max_size=30), min_size=1, max_size=8))
def test_the_review_s_places_follow_the_error_bar(wins: list[list[int]]) -> None:
    """Any plays: the best first, every 1= play within its error bar of it and every ranked one beyond, each
    group in the simulation's order, ranks counting on from the first place's group."""
    board = parse_cgp(OPENING_CGP).board
    plays = [
        PlayStats(parse_move(f"{i + 1}A AB", board), [0.0] * len(w), [float(x) for x in w])
        for i, w in enumerate(wins)
    ]
    placed = review_places(plays, plays[0])
    assert placed[0][0] is plays[0] and sorted(id(p) for p, _ in placed) == sorted(id(p) for p in plays)
    for p, place in placed[1:]:
        assert (place == "1=") == _within_bar_by_hand(plays[0].wins, p.wins)
    ranked = [place for _, place in placed if not place.startswith("1")]
    assert ranked == [str(i) for i in range(len(placed) - len(ranked) + 1, len(placed) + 1)]
    for group in (
        [p for p, place in placed if place == "1="],
        [p for p, place in placed if place not in ("1", "1=")],
    ):
        assert [plays.index(p) for p in group] == sorted(plays.index(p) for p in group)


def test_a_simulated_turn_s_place_agrees_with_its_verdict(thrown: GameReview, phonies: GameReview) -> None:
    """A play the review cannot tell from the best (1=) is no mistake; a mistake is ranked below them."""
    simulated = [t for r in (thrown, phonies) for t in r.turns if t.phase == "sim"]
    assert {t.place for t in simulated} & {"1", "1="} and any(t.mistake != "none" for t in simulated)
    for t in simulated:
        assert (t.place in ("1", "1=")) == (t.win_pct_lost <= t.error_bar or t.rank == 1), t.turn
        shown = "-" if "phony_withdrawn" in t.flags else t.played  # judged as the pass it became
        assert next(c["place"] for c in t.candidates if c["move"] == shown) == t.place
        assert t.mistake == "none" or t.place not in ("1", "1=")


def test_a_turn_s_contrast_puts_its_two_rows_in_words(thrown: GameReview, phonies: GameReview) -> None:
    """The play made beside the best: the points of their two rows and, simulated, the answers to each."""
    answer = re.compile(r"their answer (\d+\.\d) \((\d+)% bingos\) against (\d+\.\d) \((\d+)%\)")
    judged = [t for r in (thrown, phonies) for t in r.turns if t.phase != "skipped"]
    assert any(t.contrast for t in judged) and any(not t.contrast for t in judged)
    for t in judged:
        if not t.contrast:
            assert t.rank == 1  # the play made is the best
            continue
        rows = {c["move"]: c for c in t.candidates}
        mine, best = rows["-" if "phony_withdrawn" in t.flags else t.played], rows[t.best]
        assert t.contrast.startswith(
            f"yours against the best: {mine['score']} points against {best['score']}"
        )
        found = answer.search(t.contrast)
        assert (found is not None) == (t.phase == "sim"), t.contrast
        if found is not None:  # one decimal of the rows' two
            replies = [mine["plies"][0], best["plies"][0]]
            assert [float(found[1]), float(found[3])] == pytest.approx(
                [r["mean_points"] for r in replies], abs=0.051
            )
            assert [int(found[2]), int(found[4])] == pytest.approx(
                [r["bingo_pct"] for r in replies], abs=0.51
            )


def test_a_simulated_turn_shows_what_each_candidate_gave_the_opponent(
    thrown: GameReview, phonies: GameReview
) -> None:
    """Each simulated candidate carries its plies (`sim_plies`): the opponent's answer after it in every
    play-out, then the mover's next move where the bag allows two plies, in the play-outs whose game the
    answer did not end (thrown_endgame's turn 19: the opponent bingos out on 7 of the 8 deals), and more only
    where the bag can be emptied by then (the play-outs then go on to the end)."""
    simulated = [t for r in (thrown, phonies) for t in r.turns if t.phase == "sim"]
    assert simulated
    for turn in simulated:
        bag = parse_cgp(turn.cgp).bag_when_full()
        plies = min(2, bag)
        for candidate in turn.candidates:
            rows = candidate["plies"]
            assert [row["side"] for row in rows] == [
                "opponent" if k % 2 else "mover" for k in range(1, len(rows) + 1)
            ]
            dry = bag <= 7 * (plies + 1)  # the candidate and the plies can draw the bag dry
            assert len(rows) <= plies or dry
            assert rows[0]["moves"] == candidate["iterations"]  # with tiles in the bag the play never ends it
            assert [row["moves"] for row in rows] == sorted((row["moves"] for row in rows), reverse=True)
            assert all(0 <= row["bingo_pct"] <= 100 and row["mean_points"] >= 0 for row in rows)


def test_bags_past_the_settings_reach_are_simulated(thrown: GameReview, phonies: GameReview) -> None:
    by_bag: dict[int, set[str]] = {}
    for turn in (t for r in (thrown, phonies) for t in r.turns if t.phase != "skipped"):
        by_bag.setdefault(parse_cgp(turn.cgp).bag_when_full(), set()).add(turn.phase)
    assert by_bag[2] == {"sim"} and by_bag[0] == {"endgame"}
    assert all(
        t.method_note.startswith("more than 1 in the bag")
        for t in thrown.turns
        if t.cgp and parse_cgp(t.cgp).bag_when_full() == 2
    )


def test_json_has_the_issues_shape(cli: Cli) -> None:
    result = cli("scrabble", "analyze", str(PHONIES), "--iterations", "8", "--player", "Ben", "--json")
    assert result.exit_code == 0, result.stderr
    payload = json.loads(result.stdout)
    assert [t["turn"] for t in payload["turns"]] == [2, 4] and {t["player"] for t in payload["turns"]} == {
        "ben"
    }
    for turn in payload["turns"]:
        assert {"turn", "player", "phase", "played", "best", "rank", "win_pct_lost", "points_lost"} <= set(
            turn
        )
        assert turn["phase"] in ("sim", "peg", "endgame") and turn["mistake"] in (
            "none",
            "small",
            "medium",
            "large",
        )
    assert [p["name"] for p in payload["players"]] == ["ann", "ben"] and "mistake_index" in payload[
        "players"
    ][1]
    assert payload["elapsed_ms"] > 0


def test_jobs_give_the_same_review(cli: Cli) -> None:
    one = cli("scrabble", "analyze", str(PHONIES), "--iterations", "8", "--json")
    two = cli("scrabble", "analyze", str(PHONIES), "--iterations", "8", "--jobs", "2", "--json")
    assert one.exit_code == two.exit_code == 0, two.stderr
    first, second = json.loads(one.stdout), json.loads(two.stdout)
    first.pop("elapsed_ms"), second.pop("elapsed_ms")
    assert first == second


def test_the_table_names_mistakes_and_flags(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    from lexigrid.cli import common

    monkeypatch.setattr(common.console, "_width", 1000)  # a note on one line
    result = cli("scrabble", "analyze", str(PHONIES), "--iterations", "8")
    assert result.exit_code == 0, result.stderr
    assert "a phony that stood" in result.stdout and "a phony challenged off" in result.stdout
    assert "Mistake" in result.stdout and "summary" in result.stdout
    turns = json.loads(cli("scrabble", "analyze", str(PHONIES), "--iterations", "8", "--json").stdout)[
        "turns"
    ]
    told = [t for t in turns if t["mistake"] in ("medium", "large")]
    assert told and all(f"a {t['mistake']} mistake, {t['contrast']}" in result.stdout for t in told)


def test_a_turn_asked_for_shows_its_board_and_candidates(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """--turn 2: the play made (rank 16) after the best ten, in the review's own figures (place, win %, mean
    spread), each with the opponent's answer after it; the board before the turn (ann's 8D AEINRST on it)."""
    from lexigrid.cli import common

    monkeypatch.setattr(common.console, "_width", 1000)  # a table row on one line
    args = (str(PHONIES), "--iterations", "8")
    shown = cli("scrabble", "analyze", *args, "--turn", "2")
    turn = json.loads(cli("scrabble", "analyze", *args, "--json").stdout)["turns"][1]
    assert shown.exit_code == 0, shown.stderr
    assert "turn 2: ben (DEGLOOU) played H5 GOU(R)DE (rank 16); best " + turn["best"] in shown.stdout
    assert " A  E  I  N  R  S  T " in shown.stdout  # row 8 of the board before the turn
    assert (
        turn["contrast"].startswith("yours against the best: 8 points") and turn["contrast"] in shown.stdout
    )
    rows = [line for line in shown.stdout.splitlines() if "bingos)" in line and line.startswith("│")]
    assert len(rows) == len(turn["candidates"]) == 11
    for row, c in zip(rows, turn["candidates"], strict=True):
        reply = c["plies"][0]
        cells = [c["place"], c["move"], str(c["score"]), f"{c['win_pct']:.1f}", f"{c['mean_spread']:+.1f}"]
        cells.append(f"{reply['mean_points']:.1f} ({reply['bingo_pct']:.0f}% bingos)")
        assert [cell.strip() for cell in row.split("│")[1:-1]] == cells
    assert [cell.strip() for cell in rows[-1].split("│")[1:3]] == ["16", "H5 GOU(R)DE"]
    lines = shown.stdout.splitlines()
    first = sum(c["place"] in ("1", "1=") for c in turn["candidates"])
    ruled = [i for i, line in enumerate(lines) if line.startswith("├")]  # one rule, under the first place
    assert len(ruled) == 1 and lines[ruled[0] - 1] == rows[first - 1] and lines[ruled[0] + 1] == rows[first]


def test_only_judges_the_turns_asked_for_as_the_whole_review_does(cli: Cli) -> None:
    """--only --turn 2 --turn 4: those turns alone, each the same as in the whole game's review (the same
    play-outs and seed), and the summaries count only them."""
    args = (str(PHONIES), "--iterations", "8", "--json")
    whole = json.loads(cli("scrabble", "analyze", *args).stdout)
    result = cli("scrabble", "analyze", *args, "--only", "--turn", "4", "--turn", "2")
    assert result.exit_code == 0, result.stderr
    only = json.loads(result.stdout)
    assert only["turns"] == [t for t in whole["turns"] if t["turn"] in (2, 4)]
    assert [p["turns"] for p in only["players"]] == [0, 2]


def test_a_player_not_judged_shows_no_figures_in_the_summary(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lexigrid.cli import common

    monkeypatch.setattr(common.console, "_width", 1000)  # a summary row on one line
    result = cli("scrabble", "analyze", str(PHONIES), "--iterations", "4", "--player", "ben")
    assert result.exit_code == 0, result.stderr
    rows = {line.split("│")[1].strip(): line for line in result.stdout.splitlines() if line.count("│") > 8}
    assert "not judged" in rows["ann"] and "0.0" not in rows["ann"] and "missed" not in rows["ann"]
    assert "not judged" not in rows["ben"] and "(0 missed)" in rows["ben"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seconds-per-turn", "0"], "error: --seconds-per-turn must be more than 0, not 0"),
        (["--seconds-per-turn", "-1"], "error: --seconds-per-turn must be more than 0, not -1"),
        (
            ["--seconds-per-turn", "inf"],
            "error: --seconds-per-turn must be a finite number of seconds, not inf",
        ),
        (["--player", "zed"], "error: no player 'zed' in the record: its players are ann, ben"),
        (["--turn", "9"], "error: turn 9 is not among the turns judged (1-4)"),  # before any is judged
        (["--player", "ann", "--turn", "2"], "error: turn 2 is not among the turns judged (1, 3)"),
        (["--only"], "error: --only judges only the turns given with --turn: give one, e.g. --turn 5"),
        (["--only", "--turn", "5"], "error: turn 5 is not among the turns judged (1-4)"),
    ],
)
def test_bad_options_are_one_line_errors(cli: Cli, args: list[str], message: str) -> None:
    result = cli("scrabble", "analyze", str(PHONIES), *args)
    assert result.exit_code == 2
    assert result.stderr.strip() == message


def test_a_record_in_tiles_of_no_known_set_names_them(cli: Cli, tmp_path: Path) -> None:
    """A Polish game with no #lexicon or #tile-distribution (Macondo's polish_endgame.gcg opens so): its
    letters outside the English set named, and how to name its own, in one line."""
    record = tmp_path / "pl.gcg"
    record.write_text(
        "#player1 a A\n#player2 b B\n>a: AHIJOUY 8F HUJA +20 20\n>b: ĆĘIKPST 8G STĘPIĆ +46 46\n"
    )
    result = cli("scrabble", "analyze", str(record))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        "error: the record holds tiles outside the english tile set (Ć, Ę): a game analysis needs its own: "
        "name it in the record (`#tile-distribution NAME`) or its `#lexicon`\n"
    )


def test_a_record_that_fails_replay_names_its_line(cli: Cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.gcg"
    bad.write_text(PHONIES.read_text().replace("+8 8", "+9 9"))
    result = cli("scrabble", "analyze", str(bad))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: GCG line 5: the move scores 8, the record says +9")
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_a_real_record_is_judged_by_every_phase() -> None:
    path = shared_file("data/scrabble/gcg/macondo_preendgame_issue_476.gcg")
    # with play-outs fixed the pre-endgame solver has a work budget of 10,000 search nodes a play-out: its
    # 1-in-the-bag turn is not solved within it (nor within 40 million nodes) and is simulated, the same way
    # on any machine; the endgames need far less than their 30 s
    settings = Settings(iterations=4, plays=4, seconds=30)
    review = analyze_text(path.read_bytes(), settings, "BestBot", runner=Runner(progress=False))
    assert len(review.turns) == 15 and {t.nick for t in review.turns} == {"BestBot"}
    phases = {t.phase for t in review.turns}
    assert {"sim", "endgame"} <= phases <= {"sim", "peg", "endgame"}
    budget = "the pre-endgame solver did not solve this turn exactly within 40,000 search nodes"
    assert [t.turn for t in review.turns if t.method_note.startswith(budget)] == [26]
    assert review.lexicon_note == "the record's lexicon NWL23 is not installed: judged in nwl"
    assert all(t.exact for t in review.turns if t.phase == "endgame")


def test_a_batch_over_a_folder_reviews_each_record(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "b.gcg").write_bytes(PHONIES.read_bytes())
    (folder / "a.GCG").write_bytes(PHONIES.read_bytes().replace(b"ann", b"amy"))
    (folder / "notes.txt").write_text("not a record")
    out = tmp_path / "reviews.jsonl"
    result = cli("batch", "scrabble-analyze", str(folder), "--out", str(out), "--jobs", "2", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["lines"] == 2
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [Path(line["gcg"]).name for line in lines] == ["a.GCG", "b.gcg"]
    for line, first in zip(lines, ("amy", "ann"), strict=True):
        assert [p["name"] for p in line["players"]] == [first, "ben"]
        assert [t["flags"][:1] for t in line["turns"]] == [["phony_stood"], [], ["phony_withdrawn"], []]


def test_a_batch_error_names_the_record_at_fault(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "a.gcg").write_text(PHONIES.read_text().replace("+8 8", "+9 9"))
    out = tmp_path / "reviews.jsonl"
    result = cli("batch", "scrabble-analyze", str(folder), "--out", str(out), "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["errors"] == 1
    error = json.loads(out.read_text())["error"]
    assert error.startswith(f"{folder / 'a.gcg'}: GCG line 5: the move scores 8, the record says +9")


def test_a_batch_line_of_records_settings_equals_the_command(cli: Cli, tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    lines = [{"gcg": str(PHONIES), "iterations": 8, "player": "ann"}, {"seed": 1}, {"gcg": "/no/such.gcg"}]
    source.write_text("".join(json.dumps(line) + "\n" for line in lines))
    out = tmp_path / "out.jsonl"
    assert cli("batch", "scrabble-analyze", str(source), "--out", str(out)).exit_code == 0
    first, missing, unreadable = (json.loads(line) for line in out.read_text().splitlines())
    alone = json.loads(
        cli("scrabble", "analyze", str(PHONIES), "--iterations", "8", "--player", "ann", "--json").stdout
    )
    assert first.pop("gcg") == str(PHONIES)
    first.pop("elapsed_ms"), alone.pop("elapsed_ms")
    assert first == alone
    assert missing == {"line": 2, "error": 'the line has no "gcg"'}
    assert unreadable["line"] == 3 and unreadable["error"].startswith("cannot read '/no/such.gcg'")


def test_a_folder_batch_takes_its_settings_from_set(cli: Cli, tmp_path: Path) -> None:
    """A folder's lines name only their records: `--set` gives them the review's settings."""
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "a.gcg").write_bytes(PHONIES.read_bytes())
    out = tmp_path / "reviews.jsonl"
    settings = ("--set", "iterations=8", "--set", "player=ann", "--set", "seed=3")
    assert cli("batch", "scrabble-analyze", str(folder), "--out", str(out), *settings).exit_code == 0
    review = json.loads(out.read_text())
    alone = json.loads(
        cli(
            "scrabble",
            "analyze",
            str(PHONIES),
            "--iterations",
            "8",
            "--player",
            "ann",
            "--seed",
            "3",
            "--json",
        ).stdout
    )
    review.pop("gcg"), review.pop("elapsed_ms"), alone.pop("elapsed_ms")
    assert review == alone


def test_a_folder_is_only_for_records(cli: Cli, tmp_path: Path) -> None:
    result = cli("batch", "qless", str(tmp_path), "--out", str(tmp_path / "o.jsonl"))
    assert result.exit_code == 2 and "is a folder: qless takes a JSON Lines file" in result.stderr
    result = cli("batch", "scrabble-analyze", str(tmp_path), "--out", str(tmp_path / "o.jsonl"))
    assert result.exit_code == 2 and "holds no .gcg records" in result.stderr


@pytest.mark.parametrize("index", [0, 1, 2, -1])
def test_a_pre_endgame_turn_loses_the_solvers_own_win_pct(small_lexicon: Lexicon, index: int) -> None:
    from lexigrid.scrabble.analysis.peg import solve_peg
    from lexigrid.scrabble.engine.movegen import Engine
    from lexigrid.scrabble.records.review import TurnReview, _judge_peg
    from tests.scrabble.test_peg import POSITIONS, peg_position

    position = peg_position(*POSITIONS["one-word"], scores=(8, 0))  # win % from 100 down to 0
    engine = Engine(small_lexicon, position.rules)
    every = solve_peg(position, engine, top=1000).plays  # every placement, solved exactly
    worst = every[index]
    review = TurnReview(1, 0, "ann", 1, str(position), str(position.rack), "skipped", worst.move.paren)
    assert _judge_peg(review, position, worst.move, engine, Settings(seconds=600))
    assert review.phase == "peg" and review.exact and review.error_bar == 0
    assert review.best_win_pct == every[0].win_pct and review.win_pct == worst.win_pct
    assert review.win_pct_lost == pytest.approx(every[0].win_pct - worst.win_pct)
    lost = review.win_pct_lost
    assert (lost > 0) == (worst.win_pct < every[0].win_pct)
    assert review.rank == 1 + sum(p.win_pct > worst.win_pct for p in every[:10])
    assert review.mistake == (
        "large" if lost >= 7 else "medium" if lost >= 3 else "small" if lost >= 0.5 else "none"
    )


def _turn_job(turn: int, settings: Settings) -> Any:
    """The job of a turn of `thrown_endgame.gcg` under `settings`."""
    from lexigrid.scrabble.records.review import plan_review, read_record, record_lexicon

    record = read_record(THROWN.read_bytes())
    lexicon, spec, _ = record_lexicon(record)
    return next(job for job in plan_review(record, lexicon, spec, settings).jobs if job.turn == turn)


def _opening_review(move: str) -> Any:
    """The review of a record holding only Ann's opening `move` from CEEILOV, with 8 play-outs a play."""
    from lexigrid.scrabble.records.review import judge_turn

    head = "#character-encoding UTF-8\n#player1 Ann Ann\n#player2 Ben Ben\n#lexicon nwl\n"
    record = read_record(f"{head}>Ann: CEEILOV {move} +28 28\n".encode())
    lexicon, spec, _ = record_lexicon(record)
    return judge_turn(plan_review(record, lexicon, spec, Settings(iterations=8)).jobs[0])


def test_a_down_opening_is_judged_as_its_across_mirror() -> None:
    across, down = _opening_review("8D VOICE"), _opening_review("H4 VOICE")
    assert (across.played, down.played) == ("8D VOICE", "H4 VOICE")
    assert (
        (down.best, down.rank, down.win_pct)
        == (across.best, across.rank, across.win_pct)
        == ("8D VOICE", 1, across.win_pct)
    )
    assert down.candidates == across.candidates
    assert not any(c["move"][0].isalpha() for c in down.candidates)  # no down twin among them


class _Stop(Exception):
    """Raised by a stand-in simulation once it has seen its budget."""


def test_a_pre_endgame_turn_spends_its_seconds_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from lexigrid.scrabble.analysis import peg
    from lexigrid.scrabble.records import review

    job = _turn_job(19, Settings(seconds=4))  # 2 tiles in the bag
    clock, asked = [100.0], {}

    def solver(*_: Any, seconds: float, **__: Any) -> peg.PegSolution:
        asked["peg"] = seconds
        clock[0] += seconds  # spends its whole share, and does not finish
        return peg.PegSolution([], 2, False, 0.0, 0, 0)

    def simulation(*_: Any, seconds: float, **__: Any) -> None:
        asked["sim"] = seconds
        raise _Stop

    monkeypatch.setattr(review, "time", SimpleNamespace(perf_counter=lambda: clock[0]))
    monkeypatch.setattr(peg, "solve_peg", solver)
    monkeypatch.setattr(review, "simulate", simulation)
    with pytest.raises(_Stop):
        review.judge_turn(job)
    assert asked == {"peg": 2.0, "sim": 2.0}  # the turn's 4 s once: half for the solver, the rest simulated


def test_with_iterations_a_turns_method_does_not_depend_on_the_clock(small_lexicon: Lexicon) -> None:
    from lexigrid.scrabble.engine.movegen import Engine
    from lexigrid.scrabble.records.review import TurnReview, _judge_peg, judge_turn
    from tests.scrabble.test_peg import POSITIONS, peg_position

    hurried = Settings(iterations=8, seconds=0.001)  # no solver finishes a real position in a millisecond
    two = judge_turn(_turn_job(19, hurried))  # 2 in the bag: simulated, whatever the machine
    assert two.phase == "sim" and two.method_note.startswith("more than 1 in the bag")
    position = peg_position(*POSITIONS["one-word"], scores=(8, 0))  # 1 in the bag: solved to the end
    engine = Engine(small_lexicon, position.rules)
    move = next(engine.moves(position).placements())
    review = TurnReview(1, 0, "ann", 1, str(position), str(position.rack), "skipped", move.paren)
    assert _judge_peg(review, position, move, engine, hurried) and review.phase == "peg" and review.exact


def test_a_pre_endgame_turn_beyond_its_work_budget_is_simulated_the_same_way_every_time(
    small_lexicon: Lexicon,
) -> None:
    from lexigrid.scrabble.engine.movegen import Engine
    from lexigrid.scrabble.records.review import TurnReview, _judge_peg
    from tests.scrabble.test_peg import POSITIONS, peg_position

    position = peg_position(*POSITIONS["blank-unseen"], scores=(8, 0))  # about 5,000 nodes to solve exactly
    engine = Engine(small_lexicon, position.rules)
    move = next(engine.moves(position).placements())
    notes = []
    for _ in range(2):
        review = TurnReview(1, 0, "ann", 1, str(position), str(position.rack), "skipped", move.paren)
        assert not _judge_peg(review, position, move, engine, Settings(iterations=8, peg_nodes=500))
        notes.append(review.method_note)
    assert notes == [notes[0]] * 2
    assert notes[0] == (
        "the pre-endgame solver did not solve this turn exactly within 500 search nodes: judged by simulation"
    )
    review = TurnReview(1, 0, "ann", 1, str(position), str(position.rack), "skipped", move.paren)
    assert (
        _judge_peg(review, position, move, engine, Settings(iterations=8, peg_nodes=10**7)) and review.exact
    )
    with pytest.raises(LexigridError, match="work budget must be at least 1 node"):
        Settings(iterations=8, peg_nodes=0).check()


def test_with_iterations_an_endgame_turn_is_solved_whatever_the_clock(thrown: GameReview) -> None:
    from lexigrid.scrabble.records.review import judge_turn

    turn = next(t for t in thrown.turns if t.played == "5A INTERn")  # a won endgame thrown away
    hurried = Settings(iterations=8, seconds=1e-6)  # an endgame search's time limit: cut at once
    ben = judge_turn(_turn_job(turn.turn, hurried))
    assert ben.phase == "endgame" and ben.exact and ben.as_dict() == turn.as_dict()


NO_LEXICON = "the record names no lexicon: judged in nwl (name the game's if it was another)"


@pytest.mark.parametrize(
    ("pragma", "asked", "flag", "note"),
    [
        ("", None, "phony_stood", NO_LEXICON),  # no lexicon named: the one judging is taken for the game's
        ("", "nwl", "phony_stood", ""),  # nwl asked for: the game's
        ("#lexicon nwl\n", None, "phony_stood", ""),
        (
            "#lexicon CSW21\n",
            None,
            "outside_lexicon",
            "the record's lexicon CSW21 is not installed: judged in nwl",
        ),
        (
            "#lexicon CSW21\n",
            "nwl",
            "outside_lexicon",
            "the record's lexicon is CSW21: judged in nwl, as asked",
        ),
    ],
)
def test_a_word_is_called_a_phony_only_in_the_record_s_own_lexicon(
    pragma: str, asked: str | None, flag: str, note: str
) -> None:
    """ZO (a word in CSW21, not in nwl) stood: a phony when nwl is the game's lexicon; in a CSW21 game judged
    in nwl, only a word the judging lexicon lacks, and the review says which lexicon judged it."""
    head = f"#character-encoding UTF-8\n#player1 ann Ann\n#player2 ben Ben\n{pragma}"
    record = f"{head}>ann: AEIORTZ 8H ZO +22 22\n>ben: AEILNOT - +0 0\n".encode()
    review = analyze_text(
        record, Settings(iterations=8), runner=Runner(progress=False), lexicon=asked
    ).as_dict()
    turn = review["turns"][0]
    assert turn["flags"] == [flag] and turn["best"] != "8H ZO" and review["lexicon_note"] == note


UPHELD = (
    "the record's challenges upheld ZO, which nwl lacks: the game was played in another lexicon, so no "
    "phony is called (judged in nwl; name the game's to have them called)"
)


@pytest.mark.parametrize(("pragma", "asked"), [("", None), ("", "nwl"), ("#lexicon nwl\n", None)])
def test_a_word_a_challenge_upheld_proves_the_lexicon_judging_is_not_the_game_s(
    pragma: str, asked: str | None
) -> None:
    """ZO stood a challenge (Ann's bonus): the game's lexicon held it, so nwl, which lacks it, is not the
    game's whatever the record names or the user asks; no phony is called and the note says why."""
    head = f"#character-encoding UTF-8\n#player1 ann Ann\n#player2 ben Ben\n{pragma}"
    challenged = ">ann: AEIORTZ 8H ZO +22 22\n>ann: AEIORTZ (challenge) +5 27\n>ben: AEILNOT - +0 0\n"
    review = analyze_text(
        f"{head}{challenged}", Settings(iterations=8), runner=Runner(progress=False), lexicon=asked
    )
    assert review.turns[0].flags == ["outside_lexicon", "challenged_valid"] and review.lexicon_note == UPHELD


@pytest.mark.parametrize(
    ("events", "upheld"),
    [
        ([">ann: AEIORTZ 8H ZO +22 22", ">ann: AEIORTZ (challenge) +5 27"], ["ZO"]),
        ([">ann: AEIORTZ 8H ZO +22 22", ">ben: AEILNOT - +0 0"], []),  # stood unchallenged: a phony
        ([">ann: AEINRST 8D RETAINS +66 66", ">ann: AEINRST (challenge) +5 71"], []),  # upheld, and in nwl
        ([">ann: AEIORTZ 8H ZO +22 22", ">ann: AEIORTZ -- -22 0"], []),  # challenged off: not upheld
    ],
)
def test_upheld_outside_lists_the_words_the_lexicon_lacks_that_a_challenge_upheld(
    events: list[str], upheld: list[str]
) -> None:
    record = read_record("#player1 ann Ann\n#player2 ben Ben\n" + "\n".join(events) + "\n")
    assert upheld_outside(record, replay_gcg(record, load("nwl"))) == upheld


def test_a_valid_play_challenged_is_flagged() -> None:
    lines = PHONIES.read_text(encoding="utf-8").splitlines()
    lines.insert(5, ">ben: DEGLOOU (challenge) +5 13")  # Ann challenged GOUDE, a word: Ben's 5-point bonus
    lines[-1] = lines[-1].replace("+0 8", "+0 13")
    review = analyze_text("\n".join(lines).encode(), QUICK, runner=Runner(progress=False))
    flags = {t.turn: t.flags for t in review.turns}
    assert flags[2] == ["challenged_valid"] and flags[1] == ["phony_stood"] and not flags[4]


def test_a_turn_lost_to_a_double_challenge_after_going_out_is_skipped_and_the_out_play_flagged() -> None:
    # under double challenge a challenger of a valid out-play loses a turn, recorded as a pass after the
    # game is over (macondo's doug_v_emely record): nothing is left to judge, and the out-play was valid
    lines = THROWN.read_text().splitlines()
    end = next(i for i, line in enumerate(lines) if line.startswith(">Ann: (I)"))
    record = "\n".join([*lines[:end], ">Ben: I - +0 381", *lines[end:]]) + "\n"
    review = analyze_text(record, QUICK, runner=Runner(progress=False))
    lost, out = review.turns[-1], review.turns[-2]
    assert (lost.nick, lost.phase, lost.played) == ("Ben", "skipped", "-")
    assert lost.method_note == "the game was over: the opponent had gone out (a turn lost to a challenge)"
    assert (out.nick, out.phase, out.played, out.flags) == (
        "Ann",
        "endgame",
        "9K ERU(C)T",
        ["challenged_valid"],
    )
    assert out.points_lost == 0 and review.players[1].turns == len(
        [t for t in review.turns if t.nick == "Ben" and t.phase != "skipped"]
    )


def test_over_workers_the_dearest_turns_go_first_and_the_review_is_the_same(thrown: GameReview) -> None:
    record = read_record(THROWN.read_bytes())
    words, spec, _ = record_lexicon(record)
    by_time = plan_review(
        record, words, spec, Settings(peg_bag=2)
    ).jobs  # no work budget: 2 in the bag solved
    assert [job.turn for job in by_time[18:]] == [19, 20, 21]  # 19: 2 in the bag; 20, 21: the endgame
    assert dearest_first(by_time) == [18, 20, 19, *range(17, -1, -1)]  # the solver's turn, then last first
    assert dearest_first(plan_review(record, words, spec, QUICK).jobs) == list(
        range(20, -1, -1)
    )  # 2 simulated
    for jobs in (2, 3):  # the turns in another order, on other workers: the same review
        over = analyze_text(THROWN.read_bytes(), QUICK, runner=Runner(jobs=jobs, progress=False))
        assert over.as_dict() | {"elapsed_ms": 0} == thrown.as_dict() | {"elapsed_ms": 0}
