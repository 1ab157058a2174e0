"""Named lexicons: added from a word list or a KWG, listed with counts, resolved everywhere, removed."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from lexigrid.errors import LexigridError
from lexigrid.lexicon import load
from lexigrid.lexicon.added import add_lexicon, remove_lexicon
from lexigrid.scrabble.engine.leave import load_leaves
from tests.conftest import CliResult
from tests.lexicon.kwg_writer import klv2_bytes, kwg_bytes

Cli = Callable[..., CliResult]
WORDS = ["AA", "AB", "AE", "AT", "BA", "BE", "CAB", "CAT", "TA", "TAB", "QI", "ZZZ"]


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user data directory for this test."""
    folder = tmp_path / "data"
    monkeypatch.setenv("LEXIGRID_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    """The same small lexicon as a word list and as a KWG, and a leave table."""
    text, graph, leaves = tmp_path / "small.txt", tmp_path / "small.kwg", tmp_path / "small.klv2"
    text.write_text("\n".join(w.lower() for w in WORDS) + "\n")
    graph.write_bytes(kwg_bytes(WORDS))
    leaves.write_bytes(klv2_bytes({"?": 20.0, "S": 7.5, "Q": -6.0}))
    return {"text": text, "kwg": graph, "klv": leaves}


@pytest.mark.parametrize("kind", ["text", "kwg"])
def test_add_then_select_by_name(cli: Cli, data_dir: Path, files: dict[str, Path], kind: str) -> None:
    result = cli("lexicon", "add", "MINI", str(files[kind]), "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["words"] == len(WORDS)
    for name in ("MINI", "mini"):
        assert sorted(load(name)) == sorted(WORDS)
        assert load(name).name == "MINI"
    assert cli("words", "check", "CAT", "ZZZ", "--lexicon", "Mini").exit_code == 0
    assert cli("words", "check", "DOG", "--lexicon", "MINI").exit_code == 1


def test_list_shows_bundled_and_added_with_counts(cli: Cli, data_dir: Path, files: dict[str, Path]) -> None:
    add_lexicon("CSW21", files["kwg"], files["klv"])
    rows = {row["name"]: row for row in json.loads(cli("lexicon", "list", "--json").stdout)["lexicons"]}
    assert rows["nwl"]["kind"] == "bundled" and rows["nwl"]["words"] == len(load("nwl"))
    assert rows["CSW21"] | {"description": ""} == {
        "name": "CSW21",
        "kind": "added",
        "words": len(WORDS),
        "aliases": [],
        "leaves": True,
        "description": "",
    }
    assert "CSW21" in cli("lexicon", "list").stdout


def test_cgp_lex_opcode_resolves_an_added_name(cli: Cli, data_dir: Path, files: dict[str, Path]) -> None:
    add_lexicon("MINI", files["text"])
    cgp = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 CABT/ 0/0 0 lex MINI;"
    result = cli("scrabble", "moves", cgp, "--json", "--top", "50")
    assert result.exit_code == 0, result.stderr
    words = {m["move"].split()[1] for m in json.loads(result.stdout)["moves"]}
    assert words and words <= set(WORDS)


def test_leaves_by_added_name(cli: Cli, data_dir: Path, files: dict[str, Path]) -> None:
    add_lexicon("MINI", files["text"], files["klv"])
    cgp = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 CABQ/ 0/0 0"
    result = cli("scrabble", "best", cgp, "--by", "equity", "--lexicon", "MINI", "--leaves", "MINI", "--json")
    assert result.exit_code == 0, result.stderr
    payload = json.loads(result.stdout)
    # CAB keeping the Q (worth -6), less at most the opening's vowel-placement penalty (0.7)
    assert payload["score"] == 14 and payload["score"] - 6.7 <= payload["equity"] <= payload["score"] - 6


def test_remove(cli: Cli, data_dir: Path, files: dict[str, Path]) -> None:
    add_lexicon("MINI", files["text"], files["klv"])
    assert cli("lexicon", "remove", "mini").exit_code == 0
    assert list((data_dir / "lexicons").iterdir()) == []
    result = cli("lexicon", "remove", "MINI")
    assert result.exit_code == 2 and "no added lexicon 'MINI'" in result.stderr


def test_well_known_names_say_how_to_add_them(cli: Cli, data_dir: Path) -> None:
    for name in ("CSW21", "nwl23", "TWL06"):
        result = cli("words", "check", "QI", "--lexicon", name)
        assert result.exit_code == 2 and result.stderr.count("\n") == 1
        assert f"lexigrid lexicon add {name.upper()} FILE" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("lexicon", "add", "../evil", "{text}"), "not valid"),
        (("lexicon", "add", "a/b", "{text}"), "not valid"),
        (("lexicon", "add", "NWL", "{text}"), "bundled lexicon's name"),
        (("lexicon", "add", "X", "{missing}"), "does not exist"),
        (("lexicon", "add", "X", "{cut_kwg}"), "KWG"),
        (("lexicon", "add", "X", "{text}", "--leaves", "{cut_klv}"), "truncated or corrupt"),
        (("lexicon", "add", "X", "{bad_text}"), "line 2"),
        (("lexicon", "remove", "NWL"), "'NWL' is bundled with lexigrid and cannot be removed"),
        (("lexicon", "remove", "default"), "'default' is bundled with lexigrid and cannot be removed"),
    ],
    ids=[
        "dotdot",
        "slash",
        "bundled",
        "missing",
        "corrupt-kwg",
        "corrupt-klv",
        "bad-line",
        "remove-bundled",
        "remove-alias",
    ],
)
def test_bad_add_is_one_line_and_writes_nothing(
    cli: Cli, data_dir: Path, files: dict[str, Path], tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    cut_kwg, cut_klv, bad_text = tmp_path / "cut.kwg", tmp_path / "cut.klv2", tmp_path / "bad.txt"
    cut_kwg.write_bytes(files["kwg"].read_bytes()[:-6])
    cut_klv.write_bytes(files["klv"].read_bytes()[:-3])
    bad_text.write_text("cat\nhot dog\n")
    paths = {"text": files["text"], "missing": tmp_path / "nope.txt", "cut_kwg": cut_kwg}
    paths |= {"cut_klv": cut_klv, "bad_text": bad_text}
    result = cli(*(a.format(**{k: str(v) for k, v in paths.items()}) for a in args))
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
    assert message in result.stderr and "Traceback" not in result.stderr
    leftovers = list((data_dir / "lexicons").iterdir()) if (data_dir / "lexicons").exists() else []
    assert leftovers == []


def test_add_replaces_whole(data_dir: Path, files: dict[str, Path], tmp_path: Path) -> None:
    add_lexicon("MINI", files["text"])
    other = tmp_path / "other.txt"
    other.write_text("zoo\nzoa\n")
    add_lexicon("MINI", other)
    assert sorted(load("MINI")) == ["ZOA", "ZOO"]
    with pytest.raises(LexigridError):
        remove_lexicon("OTHER")


def test_a_worker_reads_a_lexicon_added_again(data_dir: Path, files: dict[str, Path], tmp_path: Path) -> None:
    """A worker process outlives a job (a cluster's): a lexicon added again under its name, or its leave table
    added again, is read again; two names holding the same words keep their own names."""
    add_lexicon("MINI", files["text"], files["klv"])
    assert "CAB" in load("MINI") and load_leaves("MINI").value("Q") == -6.0
    other, cheaper = tmp_path / "other.txt", tmp_path / "other.klv2"
    other.write_text("zoo\nzoa\n")
    cheaper.write_bytes(klv2_bytes({"Q": -9.0}))
    add_lexicon("MINI", other, cheaper)
    assert sorted(load("MINI")) == ["ZOA", "ZOO"] and load_leaves("MINI").value("Q") == -9.0
    add_lexicon("TWIN", other)
    assert (load("TWIN").name, load("MINI").name) == ("TWIN", "MINI")
