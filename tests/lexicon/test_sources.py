"""Reading word lists: named lexicons, user files, and a clear error for every bad file."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexigrid.errors import LexigridError
from lexigrid.lexicon import load, parse_word_list
from lexigrid.lexicon.sources import canonical_name, open_source


def test_word_list_rules() -> None:
    text = b"# a comment\n\ncat\nDog\n  emu  \ncat\n# another\n"
    assert parse_word_list(text) == ["CAT", "DOG", "EMU"]


def test_utf8_bom_is_accepted() -> None:
    assert parse_word_list("\ufeffzebra\n".encode()) == ["ZEBRA"]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"cat\ndog\nc4t\n", "line 3"),
        (b"cat\nice cream\n", "line 2"),
        (b"caf\xc3\xa9\n", "line 1"),
        (b"ok\n" + b"x" * 40 + b"\n", "line 2"),
    ],
    ids=["digit", "space", "accent", "too-long"],
)
def test_malformed_line_is_reported_by_number(data: bytes, expected: str) -> None:
    with pytest.raises(LexigridError, match=expected):
        parse_word_list(data, "words.txt")


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"", "holds no words"),
        (b"# only a comment\n\n", "holds no words"),
        (b"\x00\x01\x02binary", "looks binary"),
        (b"cat\n\xff\xfe\n", "not UTF-8 text: byte 0xFF on line 2"),
    ],
    ids=["empty", "comments-only", "binary", "not-utf8"],
)
def test_unusable_file_is_refused(data: bytes, expected: str) -> None:
    with pytest.raises(LexigridError, match=expected):
        parse_word_list(data, "words.txt")


def test_errors_are_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"good\nbad word\n")
    with pytest.raises(LexigridError) as caught:
        load(bad)
    assert "\n" not in str(caught.value)
    assert "line 2" in str(caught.value)


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(LexigridError, match="does not exist"):
        load(tmp_path / "nope.txt")
    with pytest.raises(LexigridError, match="is a directory"):
        load(tmp_path)


def test_unknown_name_lists_the_known_ones() -> None:
    with pytest.raises(LexigridError, match=r"unknown lexicon 'sowpodz'.*nwl"):
        load("sowpodz")


@pytest.mark.parametrize("name", ["nwl", "NWL", "default", "kjxqz"])
def test_default_lexicon_names(name: str) -> None:
    assert canonical_name(name) == "nwl"
    assert open_source(name).name == "nwl"


def test_user_file_is_loaded(tmp_path: Path) -> None:
    path = tmp_path / "tiny.txt"
    path.write_text("cat\nact\n#x\ntac\n")
    lex = load(path)
    assert len(lex) == 3 and lex.is_word("tac") and not lex.is_word("cta")
