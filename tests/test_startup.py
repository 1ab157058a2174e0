"""One-shot commands import only what they use: a structural check of `sys.modules` in a fresh process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("numpy", "numba", "typer", "rich", "fastapi", "uvicorn", "wordfreq", "pydantic")
# Standard modules that cost more to import than the plainest commands' whole work.
STANDARD = ("typing", "dataclasses", "pathlib", "hashlib", "importlib.util")
OTHER_GAMES = ("lexigrid.scrabble", "lexigrid.letterboxed", "lexigrid.qless", "lexigrid.web")

PROBE = """
import json, sys
sys.argv = ["lexigrid", *{args!r}]
from lexigrid.cli import main
try:
    main()
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""


def imported_by(*args: str) -> set[str]:
    """The modules a fresh `lexigrid ARGS...` process has imported when it is done."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(args=list(args))], capture_output=True, text=True, check=True
    )
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def loaded(modules: set[str], package: str) -> bool:
    """Whether the package or any of its submodules is imported."""
    return any(m == package or m.startswith(package + ".") for m in modules)


@pytest.mark.parametrize(
    "args",
    [
        ("words", "check", "QI", "ZZZZQ"),
        ("wordle", "reply", "CRANE", "SLATE"),
        ("wordle", "reply", "CRANE", "SLATE", "--json"),
    ],
    ids=["words check", "wordle reply", "wordle reply --json"],
)
def test_plain_one_shot_commands_import_no_heavy_module(args: tuple[str, ...]) -> None:
    imported_by(*args)  # the first run may build the cache (and import what writing it needs)
    modules = imported_by(*args)
    assert not [p for p in (*HEAVY, *OTHER_GAMES) if loaded(modules, p)]
    assert not [m for m in STANDARD if m in modules]


GAMES = ("lexigrid.scrabble", "lexigrid.letterboxed", "lexigrid.qless", "lexigrid.wordle", "lexigrid.web")
EMPTY_BOARD = "/".join(["15"] * 15)


@pytest.mark.parametrize(
    ("args", "game"),
    [
        (("words", "find", "QI", "--limit", "1"), None),
        (("letterboxed", "solve", "VYQ,FIG,OTE,XLU", "--top", "1"), "lexigrid.letterboxed"),
        (("qless", "solve", "MPHRRSTTSNEA", "--limit", "1"), "lexigrid.qless"),
        (("wordle", "suggest", "CRANE:..Y.."), "lexigrid.wordle"),
        (("scrabble", "moves", f"{EMPTY_BOARD} AEINRST/ 0/0 0", "--top", "1"), "lexigrid.scrabble"),
    ],
    ids=["words find", "letterboxed solve", "qless solve", "wordle suggest", "scrabble moves"],
)
def test_a_game_command_imports_no_other_game(args: tuple[str, ...], game: str | None) -> None:
    modules = imported_by(*args)
    assert loaded(modules, "typer")
    others = [g for g in GAMES if g != game]
    assert not [p for p in (*others, "numba", "fastapi", "uvicorn") if loaded(modules, p)]


def test_a_command_builds_only_the_tables_it_reads(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(["AT", "TA", "EAT", "TEA", "RATE", "TEAR", "STARE", "TEARS", "RATES"]))
    cache = tmp_path / "cache"
    env = {**os.environ, "LEXIGRID_CACHE_DIR": str(cache)}
    position = f"{EMPTY_BOARD} AERST/ 0/0 0"

    def run(command: str) -> set[str]:
        argv = [sys.executable, "-m", "lexigrid", "scrabble", command, position, "--lexicon", str(words)]
        subprocess.run(argv, env=env, capture_output=True, check=True)
        return {entry.name for entry in cache.iterdir()}

    assert run("moves") >= {"lexicons", "scrabble-gaddag"} and "scrabble-word-map" not in run("moves")
    assert "scrabble-word-map" in run("best")  # only the best-move search reads the word map


def test_drawing_a_position_loads_no_engine() -> None:
    modules = imported_by("scrabble", "show", f"{EMPTY_BOARD} AEINRST/ 0/0 0")
    assert loaded(modules, "lexigrid.scrabble.core.board") and not loaded(modules, "numpy")
    assert not [
        m
        for m in ("lexigrid.scrabble.engine.movegen", "lexigrid.scrabble.engine._engine")
        if loaded(modules, m)
    ]
