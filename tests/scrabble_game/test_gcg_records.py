"""Every labelled real GCG record (MAGPIE's and macondo's test sets): each valid one replays to its recorded
final scores and round-trips through export; each invalid one is refused with a one-line error naming its
line. The labels (../shared/data/scrabble/gcg/labels.json) come from the two engines' own tests."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lexigrid.errors import LexigridError
from lexigrid.lexicon import load
from lexigrid.scrabble.records.gcg import format_gcg, parse_gcg
from lexigrid.scrabble.records.gcg_replay import Phony, replay_gcg
from tests.conftest import SHARED, CliResult, shared_file

GCG = SHARED / "data" / "scrabble" / "gcg"
LABELS: dict[str, dict[str, Any]] = (
    json.loads((GCG / "labels.json").read_text()) if (GCG / "labels.json").exists() else {}
)
VALID = sorted(name for name, label in LABELS.items() if label["valid"] or label.get("config_dependent"))
INVALID = sorted(name for name, label in LABELS.items() if name not in VALID)
# Where we name an earlier line than MAGPIE, and why (MAGPIE stops at its own 200-event limit).
EARLIER_FAULT = {
    "magpie_game_events_overflow.gcg": (19, "cannot be drawn"),  # GURU again: its G is already on the board
}


def _bytes(name: str) -> bytes:
    return shared_file("data", "scrabble", "gcg", name).read_bytes()


def test_the_set_is_all_there() -> None:
    shared_file("data", "scrabble", "gcg", "labels.json")
    assert len(LABELS) == 71 and len(VALID) == 33 and len(INVALID) == 38


@pytest.mark.parametrize("name", VALID)
def test_a_valid_record_replays_to_its_final_scores(name: str) -> None:
    record = parse_gcg(_bytes(name))
    replayed = replay_gcg(record, None)
    expected = LABELS[name].get("final_scores") or LABELS["magpie_success.gcg"]["final_scores"]
    assert dict(zip((nick for nick, _ in record.players), replayed.scores, strict=True)) == expected
    if "n_events" in LABELS[name]:
        assert len(record.events) == LABELS[name]["n_events"]


@pytest.mark.parametrize("name", VALID)
def test_export_round_trips_what_import_reads(name: str) -> None:
    record = parse_gcg(_bytes(name))
    text = format_gcg(record)
    again = parse_gcg(text.encode("utf-8"))
    assert again == record
    assert format_gcg(again) == text
    assert replay_gcg(again, None).scores == replay_gcg(record, None).scores


@pytest.mark.parametrize("name", INVALID)
def test_an_invalid_record_is_refused_naming_its_line(name: str) -> None:
    label = LABELS[name]
    with pytest.raises(LexigridError) as caught:
        replay_gcg(parse_gcg(_bytes(name)), None)
    message = str(caught.value)
    assert "\n" not in message
    line, words = EARLIER_FAULT.get(name, (label["line"], ""))
    if line is not None:
        assert message.startswith(f"GCG line {line}: "), message
    assert words in message


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("magpie_exchange_not_in_rack.gcg", "exchanges KOIII but the rack DEIIKOR lacks I"),
        ("magpie_end_rack_points_incorrect.gcg", "rack points are +14, but 2 x (RELATCH) = 24"),
        ("magpie_last_rack_penalty_incorrect.gcg", "penalty is -18, but (EIOQRRT) is worth 16"),
        ("magpie_last_rack1_not_in_bag.gcg", "cannot be drawn: it holds 7 Z, only 0 are not on the board"),
        ("magpie_played_tile_not_in_rack.gcg", "plays UNITERS but the rack EIINSTU lacks R"),
        ("magpie_unsupported_character_encoding.gcg", "encoding 'ASCII' is not supported"),
        ("magpie_time_penalty_before_rack_points.gcg", "time penalty before the end-of-game rack points"),
        ("magpie_move_event_after_game_end.gcg", "a move after the game ended"),
    ],
)
def test_the_problem_is_named(name: str, reason: str) -> None:
    with pytest.raises(
        LexigridError, match=reason.replace("(", r"\(").replace(")", r"\)").replace("+", r"\+")
    ):
        replay_gcg(parse_gcg(_bytes(name)), None)


def test_encodings_decode_the_names() -> None:
    for name in ("macondo_gcgio_name_iso8859-1.gcg", "magpie_name_iso8859-1.gcg"):
        assert parse_gcg(_bytes(name)).players[0][0] == "césar"
    assert parse_gcg(_bytes("macondo_gcgio_some_isc_game.gcg")).players[1][0] == "úrsula"
    bom = b"\xef\xbb\xbf" + _bytes("macondo_gcgio_name_utf8_noheader.gcg").replace(b"\n", b"\r\n")
    assert parse_gcg(bom).players[0][0] == "césar"


def test_multi_line_notes_stay_with_their_event() -> None:
    record = parse_gcg(_bytes("magpie_success_standard.gcg"))
    assert any(event.note == "this\nis\na\nmultiline\nnote" for event in record.events)


def test_a_twl06_record_checks_against_twl06_with_no_phony() -> None:
    twl06 = load(shared_file("data", "lexicons", "twl06.txt"))
    record = parse_gcg(_bytes("macondo_gcgio_vs_andy.gcg"))
    replayed = replay_gcg(record, twl06)
    assert replayed.scores == [423, 363] and replayed.phonies == [] and replayed.words_checked


def test_a_phony_that_stood_is_listed_not_refused() -> None:
    twl06 = load(shared_file("data", "lexicons", "twl06.txt"))
    replayed = replay_gcg(parse_gcg(_bytes("magpie_success_standard.gcg")), twl06)
    assert replayed.scores == [516, 358] and Phony(16, "TANGOIST") in replayed.phonies  # CSW words, not TWL06


def test_import_falls_back_when_the_lexicon_is_not_installed(
    cli: Callable[..., CliResult], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LEXIGRID_DATA_DIR", str(tmp_path))
    path = str(shared_file("data", "scrabble", "gcg", "magpie_success_standard.gcg"))
    result = cli("scrabble", "import", path, "--json")
    assert result.exit_code == 0
    assert "lexicon 'CSW21' is not installed" in result.stderr and result.stderr.count("\n") == 1
    payload = json.loads(result.stdout)
    assert payload["scores"] == [516, 358] and payload["lexicon"] is None
    quiet = cli("scrabble", "import", path, "--json", "--no-lexicon-check")
    assert quiet.exit_code == 0 and quiet.stderr == "" and json.loads(quiet.stdout)["scores"] == [516, 358]


def test_import_says_when_the_records_challenges_upheld_words_the_lexicon_lacks(
    cli: Callable[..., CliResult], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Macondo's josh2.gcg names no lexicon; its challenges upheld DOWLY and ALBUGOS, which nwl lacks: a CSW
    game, so its words outside nwl are listed as such, not as phonies."""
    from lexigrid.cli import common

    monkeypatch.setattr(common.console, "_width", 1000)  # each note on one line
    path = str(shared_file("data", "scrabble", "gcg", "macondo_gcgio_josh2.gcg"))
    payload = json.loads(cli("scrabble", "import", path, "--json").stdout)
    assert payload["lexicon"] == "nwl" and "line 3 DOWLY" in payload["phonies"]
    assert payload["lexicon_note"].startswith(
        "the record's challenges upheld DOWLY, ALBUGOS, which nwl lacks"
    )
    shown = cli("scrabble", "import", path).stdout
    assert "words nwl lacks that stood: line 3 DOWLY" in shown and payload["lexicon_note"] in shown
    assert "phonies that stood" not in shown
    plain = cli(
        "scrabble", "import", str(shared_file("data", "scrabble", "gcg", "magpie_success.gcg")), "--json"
    )
    assert json.loads(plain.stdout)["lexicon_note"] == "" and json.loads(plain.stdout)["phonies"]


@pytest.mark.parametrize(
    "name", ["magpie_unsupported_character_encoding.gcg", "macondo_gcgio_name_weird_encoding_with_header.gcg"]
)
def test_import_of_an_unknown_encoding_is_one_line_exit_2(cli: Callable[..., CliResult], name: str) -> None:
    result = cli("scrabble", "import", str(shared_file("data", "scrabble", "gcg", name)))
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and "not supported" in result.stderr


def test_a_rack_that_cannot_be_drawn_counts_the_free_tiles() -> None:
    """Two Zs on a rack while the set holds one, none on the board: one is free (the verb agrees)."""
    record = parse_gcg("#player1 a A\n#player2 b B\n>a: AEIOTZZ 8H ZO +22 22\n")
    with pytest.raises(LexigridError, match="it holds 2 Z, only 1 is not on the board"):
        replay_gcg(record, load())
