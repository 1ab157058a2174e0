"""benchmarks/bench_match.py's report, checked against a match counted by hand: what issue 24 asks it to
give (games, wins, draws counted half, the Wilson 95 % interval, mean spread, CPU a move per side and
phase), where the games are decided, the unequal-CPU warning, and only whole pairs counted."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest


def _bench_match() -> ModuleType:
    path = Path(__file__).parents[2] / "benchmarks" / "bench_match.py"
    spec = importlib.util.spec_from_file_location("bench_match", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _game(pair: int, seat: int, spread: int) -> dict[str, Any]:
    """A's side of one game: 10 moves each, A 0.5 s of CPU (0.48 s in 8 midgame moves, 0.02 s in 2
    endgame moves), B 0.2 s."""
    return {
        "pair": pair,
        "seat": seat,
        "spread": spread,
        "a_cpu": 0.5,
        "a_moves": 10,
        "b_cpu": 0.2,
        "b_moves": 10,
        "a_phases": {"midgame": [0.48, 8], "endgame": [0.02, 2]},
        "b_phases": {"midgame": [0.2, 10]},
    }


# 5 pairs: A wins 4, draws 2, loses 4 (5 of 10 counted half), spreads summing to +20.
SPREADS = [10, 20, 30, 40, 0, 0, -5, -15, -25, -35]
RECORDS = [_game(i // 2, i % 2, spread) for i, spread in enumerate(SPREADS)]


def test_the_report_counts_the_match_as_a_person_would() -> None:
    found = _bench_match().report(RECORDS, "sim", "magpie", "python bench_match.py sim magpie")
    assert (found["games"], found["wins"], found["draws"]) == (10, 4, 2)
    assert found["win_rate"] == pytest.approx(0.5)
    assert found["interval"] == pytest.approx([0.2366, 0.7634], abs=1e-4)  # Wilson 95 %, 5 of 10 (tables)
    assert found["mean_spread"] == pytest.approx(2.0)
    assert found["a_cpu_ms_per_move"] == pytest.approx(50.0)
    assert found["b_cpu_ms_per_move"] == pytest.approx(20.0)
    assert found["a_cpu_ms_by_phase"] == pytest.approx({"midgame": 60.0, "endgame": 10.0})
    assert found["command"] == "python bench_match.py sim magpie"


def test_unequal_cpu_is_flagged_and_only_whole_pairs_count() -> None:
    bench = _bench_match()
    warning = bench.cpu_warning(bench.report(RECORDS, "sim", "equity", ""))
    assert warning is not None and "50 ms (sim) v 20 ms (equity)" in warning
    even = [dict(r, b_cpu=0.45) for r in RECORDS]  # 45 v 50 ms: within 20 %
    assert bench.cpu_warning(bench.report(even, "sim", "magpie", "")) is None
    assert bench._whole_pairs([*RECORDS, _game(5, 0, 7)]) == RECORDS  # pair 5's second game not played


def test_another_match_s_checkpoint_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Resuming with other arguments (here --seconds) ended in a traceback."""
    bench = _bench_match()
    checkpoint = tmp_path / "match.jsonl"
    header = '{"job": "bench_match", "a": "sim", "b": "equity", "seconds": 0.05, "seed": 1}'
    checkpoint.write_text(header + "\n")
    argv = ["bench_match.py", "sim", "equity", "--seconds", "0.1", "--checkpoint", str(checkpoint)]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit) as stop:
        bench.main()
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: checkpoint") and "another job" in err and len(err.strip().splitlines()) == 1


def test_where_the_games_are_decided_is_counted_from_the_leads_at_each_phase() -> None:
    """Four games by hand, A's lead as each phase began: A won the first from 12 behind entering the
    pre-endgame and 3 behind entering the endgame (+22 and +13 points from there); B won the second from 8
    behind in the endgame only; the third never reached the pre-endgame; the fourth is a record from before
    the leads were kept."""
    leads = [
        ({"midgame": 0, "pre-endgame": -12, "endgame": -3}, 10),
        ({"midgame": 0, "pre-endgame": 20, "endgame": 8}, -4),
        ({"midgame": 0, "endgame": 30}, 25),
        (None, 50),
    ]
    records = [_game(i // 2, i % 2, spread) for i, (_, spread) in enumerate(leads)]
    for record, (kept, _) in zip(records, leads, strict=True):
        if kept is not None:
            record["a_leads"] = kept
    found = _bench_match().report(records, "sim", "old", "")["endings"]
    assert found["pre-endgame"] == {
        "games": 2,
        "a_points_gained": pytest.approx(((10 + 12) + (-4 - 20)) / 2),
        "a_won_from_behind": 1,
        "b_won_from_behind": 1,
    }
    assert found["endgame"] == {
        "games": 3,
        "a_points_gained": pytest.approx(((10 + 3) + (-4 - 8) + (25 - 30)) / 3),
        "a_won_from_behind": 1,
        "b_won_from_behind": 1,
    }
    assert _bench_match().report(RECORDS, "sim", "old", "")["endings"] == {}  # no leads kept: no row


def test_a_game_s_record_keeps_a_s_lead_as_each_phase_began() -> None:
    """Timed players sharing one dict: the first move of each phase sets A's lead, from either seat."""
    from lexigrid.scrabble import parse_cgp

    bench = _bench_match()

    class Passer:
        level = "pass"

        def choose(self, position: Any, rng: Any) -> Any:
            return None

    leads: dict[str, int] = {}
    a = bench.Timed(Passer(), leads=leads)
    b = bench.Timed(Passer(), sign=-1, leads=leads)
    board = "/".join(["15"] * 15)
    b.choose(parse_cgp(f"{board} AEINRST/ 30/10 0"), None)  # B to move, 20 ahead: A trails by 20
    a.choose(parse_cgp(f"{board} AEINRST/ 5/10 0"), None)  # the same phase: not counted again
    assert leads == {"midgame": -20}
