"""The on-disk index cache: keyed by content, rebuilt on change, whole under concurrent builds."""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

import numpy as np
import pytest

from lexigrid.lexicon import cache, lexicon
from lexigrid.lexicon.sources import Source, open_source


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh cache directory and an empty in-process memo."""
    directory = tmp_path / "cache"
    monkeypatch.setenv(cache.CACHE_ENV, str(directory))
    monkeypatch.setattr(lexicon, "_loaded", {})
    return directory


def test_built_then_loaded(cache_dir: Path, tmp_path: Path) -> None:
    words = tmp_path / "w.txt"
    words.write_text("cat\ndog\n")
    first = lexicon.load(words)
    assert first.cache_state == "built" and first.cache_path is not None
    assert first.cache_path.is_relative_to(cache_dir) and first.cache_path.exists()
    lexicon._loaded.clear()
    second = lexicon.load(words)
    assert second.cache_state == "loaded" and sorted(second) == ["CAT", "DOG"]


def test_changed_list_is_rebuilt(cache_dir: Path, tmp_path: Path) -> None:
    words = tmp_path / "w.txt"
    words.write_text("cat\ndog\n")
    before = lexicon.load(words)
    words.write_text("cat\ndog\nemu\n")
    after = lexicon.load(words)
    assert after.cache_state == "built" and after.is_word("emu")
    assert after.sha256 != before.sha256 and after.cache_path != before.cache_path


def test_same_words_same_content_hash(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("cat\ndog\n")
    (tmp_path / "b.txt").write_text("# other layout\nDOG\n\nCat\n")
    assert lexicon.load(tmp_path / "a.txt").sha256 == lexicon.load(tmp_path / "b.txt").sha256


@pytest.mark.parametrize("damage", ["garbage", "missing", "truncated"])
def test_corrupt_cache_entry_is_rebuilt(cache_dir: Path, tmp_path: Path, damage: str) -> None:
    words = tmp_path / "w.txt"
    words.write_text("cat\ndog\n")
    path = lexicon.load(words).cache_path
    assert path is not None and path.is_dir()
    counts = path / "counts.npy"
    if damage == "garbage":
        counts.write_bytes(b"not an array")
    elif damage == "missing":
        counts.unlink()
    else:
        counts.write_bytes(counts.read_bytes()[:-10])
    lexicon._loaded.clear()
    again = lexicon.load(words)
    assert again.cache_state == "built" and again.is_word("cat") and again.find("TACO")[0].word == "CAT"
    lexicon._loaded.clear()
    assert lexicon.load(words).cache_state == "loaded"


def test_loaded_index_equals_built_one(cache_dir: Path, tmp_path: Path) -> None:
    words = tmp_path / "w.txt"
    words.write_text("\n".join(["zebra", "qi", "cat", "act", "tact", "attack", "a"]))
    built = lexicon.load(words)
    lexicon._loaded.clear()
    loaded = lexicon.load(words)
    assert loaded.cache_state == "loaded" and loaded.sha256 == built.sha256
    for rack in ("CAT", "TACKTA?", "ZEBRAQI??"):
        assert loaded.find(rack) == built.find(rack)
    assert [loaded._word(i) for i in range(len(loaded))] == list(built._words)


def test_arrays_cache_round_trip(cache_dir: Path) -> None:
    arrays = {"a": np.arange(5, dtype=np.int32), "empty": np.zeros(0, np.uint8), "name": np.array("x")}
    first, loaded = cache.cached_arrays("demo", "key", 1, ("a", "empty", "name"), lambda: arrays)
    assert not loaded and first is arrays
    again, loaded = cache.cached_arrays("demo", "key", 1, ("a", "empty", "name"), lambda: {})
    assert loaded and again["a"].tolist() == [0, 1, 2, 3, 4] and len(again["empty"]) == 0
    assert str(again["name"]) == "x" and not again["a"].flags.writeable  # memory-mapped, read-only


def _build(words: str, directory: str, queue: multiprocessing.Queue[str]) -> None:
    import os

    os.environ[cache.CACHE_ENV] = directory
    lex = lexicon.load(words)
    queue.put(f"{len(lex)}")


def test_two_processes_build_at_once(cache_dir: Path, tmp_path: Path) -> None:
    words = tmp_path / "w.txt"
    words.write_text("\n".join(f"w{'a' * (i % 7)}{chr(97 + i % 26)}" for i in range(3000)))
    context = multiprocessing.get_context("spawn")
    queue: multiprocessing.Queue[str] = context.Queue()
    procs = [context.Process(target=_build, args=(str(words), str(cache_dir), queue)) for _ in range(3)]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(60)
    counts = {queue.get(timeout=5) for _ in procs}
    assert all(proc.exitcode == 0 for proc in procs)
    assert len(counts) == 1
    files = list((cache_dir / "lexicons").iterdir())
    assert len(files) == 1, files  # no temporary files left behind
    lexicon._loaded.clear()
    assert lexicon.load(words).cache_state == "loaded"


def test_read_only_cache_still_works(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv(cache.CACHE_ENV, str(blocker / "sub"))  # cannot be created
    value, loaded = cache.cached("demo", "key", 1, lambda: {"a": 1})
    assert value == {"a": 1} and not loaded


def test_a_file_seen_before_is_not_read_again_until_it_changes(
    cache_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    words = tmp_path / "w.txt"
    words.write_text("cat\ndog\n")
    opened: list[str | Path | None] = []

    def counted(spec: str | Path | None) -> Source:
        opened.append(spec)
        return open_source(spec)

    monkeypatch.setattr(lexicon, "open_source", counted)
    first = lexicon.load(words)
    assert lexicon.load(words) is first and lexicon.load(str(words)) is first and len(opened) == 1
    words.write_text("cat\nemu\n")  # the same size: told apart by the modification time
    os.utime(words, ns=(1, 1))
    assert lexicon.load(words).is_word("emu") and len(opened) == 2
