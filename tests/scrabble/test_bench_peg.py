"""benchmarks/bench_peg.py's options: --checkpoint refused with --repeats > 1 (a second run would replay the
first's plays and report its replay's CPU time), and a MAGPIE run stopped by --magpie-cpu never counted
complete, and --from-records's real positions."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.core.cgp import format_cgp
from tests.conftest import shared_file

_STAGES = "1  greedy  7/7  done\n2  2-ply  4/4  done\n"  # MAGPIE's stage rows: every stage finished


def _bench_peg() -> ModuleType:
    path = Path(__file__).parents[2] / "benchmarks" / "bench_peg.py"
    spec = importlib.util.spec_from_file_location("bench_peg", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


class _FakeMagpie:
    """A MAGPIE handle that answers every search with the same finished stages."""

    def __init__(self) -> None:
        self.commands: list[str] = []

    def run(self, command: str) -> str:
        self.commands.append(command)
        return _STAGES

    def run_for(self, command: str, seconds: float) -> str:
        self.commands.append(f"{command} (cpu {seconds:g})")
        return _STAGES


def test_checkpoint_with_repeats_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        _bench_peg().main(["--checkpoint", str(tmp_path / "c.jsonl"), "--repeats", "2", "--no-magpie"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "--repeats 1" in err
    assert not (tmp_path / "c.jsonl").exists()


def test_a_magpie_run_stopped_by_its_cpu_cap_is_not_complete() -> None:
    bench = _bench_peg()
    row = {"cgp": "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 0 lex TWL06;"}
    fake = _FakeMagpie()
    assert bench.magpie_once(fake, row, 60)["complete"]
    capped = bench.magpie_once(fake, row, 60, cpu=0.0)
    assert not capped["complete"]
    assert fake.commands[-1] == "peg -threads 1 -pegtlim 60 (cpu 0)"


def test_a_magpie_only_position_has_magpie_figures_and_no_ratio() -> None:
    row = {"magpie_exact": [{"win_pct": 25.0}], "magpie_default_seconds": 150}
    run = {"cpu_s": 400.0, "complete": False, "best": "13G TOPI", "win_pct": 18.75}
    result = _bench_peg().summarise(6, row, [], [run])
    assert result["magpie_cpu_s"] == 400.0 and not result["magpie_complete"] and result["ratio"] is None
    assert "cpu_s" not in result and "exact" not in result


@pytest.mark.parametrize("bag", [1, 2])
def test_real_positions_from_records_are_the_mover_s_seat_with_that_many_in_the_bag(
    twl06: Lexicon, bag: int
) -> None:
    folder = shared_file("data", "scrabble", "gcg")
    found = _bench_peg().from_records(folder, bag, None, twl06)
    assert found and len({format_cgp(position) for _, position in found}) == len(found)  # distinct
    for name, position in found:
        assert (folder / name.split(":")[0]).exists()
        assert not position.racks[1] and len(position.rack) == 7  # the mover's rack only
        assert sum(position.unseen().values()) - 7 == bag
    assert _bench_peg().from_records(folder, bag, 1, twl06) == found[:1]
