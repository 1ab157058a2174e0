"""The published opener proofs (docs/proofs): complete, and answered from the file without any search."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from lexigrid.runner import Runner
from lexigrid.wordle import openers
from lexigrid.wordle.openers import OpenerTotal, Task, openers_search
from lexigrid.wordle.words import original

PROOFS = Path(__file__).resolve().parents[2] / "docs" / "proofs"

# Alex Selby's published ten best openers with their proven totals (alex1770/wordle, normal.top105.proven
# and hard.top101.proven), an independent solver's figures.
SELBY_TOP10 = {
    False: [
        ("SALET", 7920), ("REAST", 7923), ("CRATE", 7926), ("TRACE", 7926), ("SLATE", 7928),
        ("CRANE", 7930), ("CARLE", 7937), ("SLANE", 7943), ("CARTE", 7949), ("TORSE", 7950),
    ],
    True: [
        ("SALET", 8122), ("LEAST", 8127), ("REAST", 8134), ("CRATE", 8143), ("TRAPE", 8144),
        ("SLANE", 8149), ("PRATE", 8151), ("CRANE", 8155), ("TEALS", 8160), ("TRAIN", 8160),
    ],
}  # fmt: skip


def refuse(task: Task, opener: str) -> OpenerTotal:
    raise AssertionError(f"{opener} was searched again")


@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
def test_a_published_proof_is_complete_and_answers_at_once(
    hard: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = PROOFS / f"wordle-openers-{'hard' if hard else 'normal'}.jsonl"
    header, *rows = [json.loads(line) for line in source.read_text().splitlines()]
    lists = original()
    assert header == {"job": "wordle openers", "format": 2, "lists": lists.sha256, "hard": hard}
    assert sorted(r["opener"] for r in rows) == sorted(lists.guesses)  # one row per allowed opener
    copy = tmp_path / source.name
    shutil.copy(source, copy)
    monkeypatch.setattr(openers, "opener_total", refuse)
    found = openers_search(
        lists, hard=hard, every=True, exact_top=10, checkpoint=copy, runner=Runner(progress=False)
    )
    assert found.proven and found.proven_top >= 10
    assert [(r.opener, r.total) for r in found.rows[:10]] == SELBY_TOP10[hard]
    tenth = found.rows[9].total
    assert tenth is not None
    assert all(r.exact or (r.lower_bound is not None and r.lower_bound >= tenth) for r in found.rows[10:])
    assert copy.read_bytes() == source.read_bytes()  # nothing rewritten
