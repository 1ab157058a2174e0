"""The Scrabble API in another language: a Catalan hand lexicon added in the test, its tiles and labels."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest
from fastapi.testclient import TestClient

from lexigrid.scrabble.core.rules import tile_set
from tests.conftest import run_cli
from tests.scrabble.test_oracle_catalan import _WORDS, ALPHABET

EMPTY = "/".join(["15"] * 15)
LL = ALPHABET.read("L·L")  # the glyph of the L·L tile inside the package


def _post(client: TestClient, path: str, body: dict[str, Any]) -> Any:
    response = client.post(f"/api/scrabble/{path}", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def test_the_lexicons_name_their_language(client: TestClient, catalan_lexicon: str) -> None:
    listed = {x["name"]: x["alphabet"] for x in client.get("/api/lexicons").json()["lexicons"]}
    assert listed[catalan_lexicon.lower()] == "catalan" and listed["nwl"] == "english"


def test_a_position_is_drawn_with_the_languages_labels_and_scores(
    client: TestClient, catalan_lexicon: str
) -> None:
    board = "15/15/15/15/15/15/15/4PA[l·l]A7/15/15/15/15/15/15/15"
    shown = _post(client, "show", {"cgp": f"{board} CANYAES/ 0/0 0", "lexicon": catalan_lexicon})
    assert shown["alphabet"]["labels"][LL] == "L·L" and shown["squares"][7][4:8] == ["P", "A", "l·l", "A"]
    assert shown["board"][7] == "....PA[l·l]A......." and shown["alphabet"]["spellings"]["l·l"] == LL.lower()
    assert shown["tile_scores"][LL] == tile_set("catalan").scores[LL] == 10
    assert shown["tile_set"] == "catalan" and shown["lexicon"].lower() == catalan_lexicon.lower()
    assert shown["alphabet"]["spellings"]["W"] == LL and shown["alphabet"]["spellings"]["[L·L]"] == LL
    assert "[l·l]" in shown["cgp"]


def test_show_gives_the_cli_and_the_web_one_report_in_labels(
    client: TestClient, catalan_lexicon: str
) -> None:
    rows = ["15"] * 15
    rows[6], rows[7] = "6[NY]8", "4PA[l·l]A7"  # NY, and a blank standing for L·L
    cgp = f"{'/'.join(rows)} CASAL·L/QU? 12/7 1"
    cli = run_cli("scrabble", "show", cgp, "-L", catalan_lexicon, "--json")
    assert cli.exit_code == 0, cli.stdout + cli.stderr
    report = json.loads(cli.stdout)
    web = _post(client, "show", {"cgp": cgp, "lexicon": catalan_lexicon})
    assert {key: web[key] for key in report} == report  # the web's payload is the report plus drawing data
    assert report["squares"][6][6] == "NY" and report["squares"][7][4:8] == ["P", "A", "l·l", "A"]
    assert report["squares"][0] == ["."] * 15 and report["board"][6] == "......[NY]........"
    assert report["racks"] == ["AACL·LS", "QU?"] and report["scores"] == [12, 7] and report["zeros"] == 1
    # the oracle: the tile set less the board's tiles and the rack to move, counted by hand
    left = Counter(tile_set("catalan").counts)
    left.subtract(Counter(ALPHABET.read(t) for t in ("NY", "P", "A", "?", "A", "C", "A", "S", "A", "L·L")))
    assert report["unseen_count"] == sum(left.values()) == report["bag"] + 2
    unseen = report["unseen"]
    assert unseen.endswith("UVXZ?") and "L·L" not in unseen and "NY" not in unseen  # in letter order:
    assert "CÇD" in unseen and "PQUR" in unseen  # Ç after C, QU after P (stand-in glyphs sorted last)
    assert all(key in web for key in ("premiums", "tile_scores", "alphabet", "lexicon"))


def test_moves_in_the_languages_notation_as_the_cli_gives_them(
    client: TestClient, catalan_lexicon: str
) -> None:
    for rack in ("PAL·LAS", "PAL.LAS", "PAWAS"):  # the label and the aliases players type
        found = _post(
            client, "moves", {"cgp": f"{EMPTY} {rack}/ 0/0 0", "lexicon": catalan_lexicon, "top": 5}
        )
        assert found["moves"][0]["paren"] in {"8D PAL·LA", "8E PAL·LA", "H4 PAL·LA", "H5 PAL·LA"}
        assert found["moves"][0]["score"] == 2 * (3 + 1 + 10 + 1)
    cli = run_cli("scrabble", "moves", f"{EMPTY} PAL·LAS/ 0/0 0", "-L", catalan_lexicon, "--json", "-n", "5")
    web = _post(client, "moves", {"cgp": f"{EMPTY} PAL·LAS/ 0/0 0", "lexicon": catalan_lexicon, "top": 5})
    assert json.loads(cli.stdout)["moves"] == web["moves"]


@pytest.mark.parametrize(
    ("path", "body", "message"),
    [
        ("moves", {"cgp": f"{EMPTY} PALØS/ 0/0 0"}, "unknown rack tile(s) 'Ø'"),
        ("show", {"cgp": f"{EMPTY} PALØS/ 0/0 0"}, "unknown rack tile(s) 'Ø'"),
        ("explain", {"cgp": f"{EMPTY} PALLAS/ 0/0 0", "move": "8D PAØ"}, "PAØ"),
        ("moves", {"cgp": f"{EMPTY.replace('15', '7Ø7', 1)} PALAS/ 0/0 0"}, "bad character 'Ø'"),
        # the package's stand-in glyph for L·L, typed or pasted: no tile (it read as L·L)
        ("moves", {"cgp": f"{EMPTY} PA{LL}AS/ 0/0 0"}, f"{LL!r}, no tile of the catalan alphabet"),
        ("show", {"cgp": f"{EMPTY.replace('15', f'7{LL}7', 1)} PALAS/ 0/0 0"}, f"{LL!r}, no tile"),
        ("explain", {"cgp": f"{EMPTY} PALLAS/ 0/0 0", "move": f"8D PA{LL}A"}, f"{LL!r}, no tile"),
        ("endgame", {"cgp": f"{EMPTY.replace('15', f'7PA{LL.lower()}A4', 1)} PA/B 0/0 0"}, f"{LL.lower()!r}"),
    ],
)
def test_bad_letters_are_a_one_line_400(
    client: TestClient, catalan_lexicon: str, path: str, body: dict[str, Any], message: str
) -> None:
    response = client.post(f"/api/scrabble/{path}", json={**body, "lexicon": catalan_lexicon})
    assert 400 <= response.status_code < 500
    error = response.json()["error"]
    assert message in error and "\n" not in error


def test_a_game_in_catalan_hides_the_computers_rack(client: TestClient, catalan_lexicon: str) -> None:
    state = _post(client, "games", {"lexicon": catalan_lexicon, "seed": 93, "level": "score"})
    assert state["rules"]["tile_set"] == "catalan" and state["rules"]["alphabet"]["name"] == "catalan"
    assert state["lexicon"].lower() == catalan_lexicon.lower()
    me = state["human"]
    assert len(state["players"][me]["rack"]) == 7 and state["players"][1 - me]["rack"] is None
    assert state["cgp"].split()[1].endswith("/")  # the opponent's rack is left out of the CGP
    hint = client.get(f"/api/scrabble/games/{state['id']}/hint").json()
    placement = next(m for m in hint["moves"] if not m["move"].startswith("-"))
    labels = state["rules"]["alphabet"]["labels"]  # the game's moves are in glyphs: a player writes labels
    written = "".join(
        labels.get(g, g) if g.isupper() else labels.get(g.upper(), g).lower() for g in placement["paren"]
    )
    after = _post(client, f"games/{state['id']}/move", {"action": written})
    assert after["moves"][0]["score"] == placement["score"] and after["players"][1 - me]["rack"] is None


def test_a_games_tiles_are_labels_never_glyphs(client: TestClient, catalan_lexicon: str) -> None:
    state = _post(client, "games", {"lexicon": catalan_lexicon, "seed": 93, "level": "score"})
    bad = client.post(f"/api/scrabble/games/{state['id']}/move", json={"tiles": [[7, 7, LL]]})
    assert 400 <= bad.status_code < 500 and f"{LL!r} is no tile of the catalan" in bad.json()["error"]
    label = client.post(f"/api/scrabble/games/{state['id']}/move", json={"tiles": [[7, 7, "L·L"]]})
    assert "no tile" not in label.text  # the label is a tile (what the rules then say of one tile is theirs)


def test_a_super_scrabble_game_in_catalan(client: TestClient, catalan_lexicon: str) -> None:
    state = _post(client, "games", {"lexicon": catalan_lexicon, "seed": 3, "board": "super"})
    assert state["rules"]["tile_set"] == "super_catalan" and state["rules"]["layout"] == "super"
    assert len(state["rules"]["premiums"]) == 21 and len(state["board"]) == 21
    response = client.post("/api/scrabble/games", json={"lexicon": catalan_lexicon, "board": "giant"})
    assert response.status_code == 422


def test_a_saved_catalan_game_resumes_in_catalan(client: TestClient, catalan_lexicon: str) -> None:
    state = _post(client, "games", {"lexicon": catalan_lexicon, "seed": 12, "level": "score"})
    _post(client, f"games/{state['id']}/move", {"action": "-"})
    from lexigrid.web import scrabble_play as web_play

    web_play._games.clear()  # resumed from the store, not memory
    again = client.get(f"/api/scrabble/games/{state['id']}").json()
    assert again["rules"]["tile_set"] == "catalan" and again["board"] is not None


def test_a_simulation_streams_its_plays_in_the_languages_notation(
    client: TestClient, catalan_lexicon: str
) -> None:
    board = "15/15/15/15/15/15/15/4PA[L·L]A7/15/15/15/15/15/15/15"
    body = {"cgp": f"{board} CANYAES/ 0/0 0", "lexicon": catalan_lexicon, "iterations": 10, "plays": 3}
    response = client.post("/api/scrabble/sim", json=body)
    assert response.status_code == 200
    events = [json.loads(line) for line in response.text.splitlines()]
    plays = events[-1]["result"]["plays"]
    assert events[-1]["event"] == "result" and plays
    labels = {m["paren"] for m in _post(client, "moves", {**body, "top": 1000})["moves"]}
    assert all(p["paren"] in labels and p["move"] == ALPHABET.write(ALPHABET.read(p["move"])) for p in plays)
    assert any("NY" in p["paren"] for p in plays)


def test_an_endgame_solution_is_written_in_labels() -> None:
    from lexigrid.scrabble.analysis.endgame import Ranked, Solution, Step
    from lexigrid.scrabble.core.move import Move

    move = Move("place", 7, 3, False, ALPHABET.read("PAL·LA"), ALPHABET.read("PAL·LA"), 30)
    solution = Solution(30, move, [Step(0, move)], [Ranked(move, 30)], 1, True, 1, 0.0, "out")
    shown = solution.as_dict(ALPHABET)
    assert shown["best"] == "8D PAL·LA" and shown["pv"][0]["paren"] == "8D PAL·LA"
    assert shown["top"][0]["move"] == "8D PAL·LA"
    assert solution.as_dict()["best"] == f"8D {ALPHABET.read('PAL·LA')}"  # English: glyphs as they are


SMALL = "# a 9x9 board\n" + "\n".join(
    ["T...D...T", *["........."] * 3, "....*....", *["........."] * 3, "T...D...T"]
)


def test_a_game_on_a_board_from_a_layout_file(client: TestClient, catalan_lexicon: str) -> None:
    state = _post(client, "games", {"lexicon": catalan_lexicon, "seed": 5, "layout": SMALL})
    assert state["rules"]["premiums"][0] == "T...D...T" and len(state["board"]) == 9
    assert state["rules"]["tile_set"] == "catalan" and "bdn custom;" in state["cgp"]
    bad = client.post("/api/scrabble/games", json={"layout": SMALL.replace("....*....", "....*..x.")})
    assert bad.status_code == 400
    assert bad.json()["error"].startswith("the layout line 6, column 8: 'x' is not a square")


# The word finder's oracle: the hand lexicon's words cut into tiles by a pattern of Catalan's multi-letter
# labels (no code of the package), and a rack's tiles counted against them.
_TILE = re.compile("L·L|NY|QU|.")


def _oracle_words(rack: list[str], blanks: int) -> set[str]:
    """Every hand-lexicon word (in labels) of 2+ tiles the rack's tiles and blanks make."""
    words = {
        w for w in _WORDS.split() if all(t in tile_set("catalan").alphabet.labels for t in _TILE.findall(w))
    }
    have = Counter(rack)
    return {
        w
        for w in words
        if len(_TILE.findall(w)) >= 2 and sum((Counter(_TILE.findall(w)) - have).values()) <= blanks
    }


@pytest.mark.parametrize("typed", ["AAL·LPS?", "aal·lps?", "AAL.LPS?", "AAWPS?"])
def test_the_word_finder_reads_aliases_and_answers_in_labels(
    client: TestClient, catalan_lexicon: str, typed: str
) -> None:
    response = client.get("/api/words/find", params={"rack": typed, "lexicon": catalan_lexicon})
    assert response.status_code == 200, response.text
    words = response.json()["words"]
    assert {w["word"] for w in words} == _oracle_words(["A", "A", "L·L", "P", "S"], 1)
    pal_la = next(w for w in words if w["word"] == "PAL·LA")
    assert pal_la["length"] == 4 and pal_la["blanks"] == "" and pal_la["shown"] == "PAL·LA"
    ala = next(w for w in words if w["word"] == "ALA")  # no L on the rack: the blank is the L
    assert ala["blanks"] == "L" and ala["shown"] == "AlA"


def test_the_word_finder_takes_board_letters_and_checks_words_in_labels(
    client: TestClient, catalan_lexicon: str
) -> None:
    found = client.get("/api/words/find", params={"rack": "CA", "suffix": "ny", "lexicon": catalan_lexicon})
    assert [w["word"] for w in found.json()["words"]] == ["ANY"]  # CANYA needs a second A
    checked = client.get(
        "/api/words/check", params={"words": "PAL.LA paw,CANYA CAYA", "lexicon": catalan_lexicon}
    )
    assert checked.json()["words"] == {
        "PAL.LA": True,
        "PAW": False,
        "CANYA": True,
        "CAYA": True,
    }  # Y types NY
    letters = client.get("/api/words/alphabet", params={"lexicon": catalan_lexicon}).json()["alphabet"]
    assert letters["labels"][LL] == "L·L" and letters["spellings"]["W"] == LL


@pytest.mark.parametrize(("field", "typed", "bad"), [("rack", "AA-", "'-'"), ("suffix", "X1", "'1'")])
def test_a_bad_letter_in_the_word_finder_is_a_one_line_400(
    client: TestClient, catalan_lexicon: str, field: str, typed: str, bad: str
) -> None:
    params = {"rack": "AA", field: typed, "lexicon": catalan_lexicon}
    response = client.get("/api/words/find", params=params)
    error = response.json()["error"]
    assert response.status_code == 400 and "\n" not in error
    assert f"holds {bad}" in error and "catalan alphabet" in error and "L·L" in error


# Catalan's letters in its tile set's order (as MAGPIE and players list a rack): L·L after L, Ç after C.
_ORDER = [*"ABCÇDEFGHIJL", "L·L", "M", "N", "NY", "O", "P", "QU", *"RSTUVXZ?"]


def _ranks(labels: str) -> list[int]:
    return [_ORDER.index(t.upper()) for t in _TILE.findall(labels)]


def test_a_games_rack_and_unseen_tiles_come_in_the_languages_letter_order(
    client: TestClient, catalan_lexicon: str
) -> None:
    state = _post(client, "games", {"lexicon": catalan_lexicon, "seed": 93, "level": "score"})
    rack = ALPHABET.write(state["players"][state["human"]]["rack"])
    assert "L·L" in rack and _ranks(rack) == sorted(_ranks(rack))  # seed 93: A B I O R U L·L -> ABIL·LORU
    unseen = ALPHABET.write(state["unseen"])
    assert _ranks(unseen) == sorted(_ranks(unseen))
    shown = _post(client, "show", {"cgp": f"{EMPTY} SÇAL·LPCA/ 0/0 0", "lexicon": catalan_lexicon})
    assert shown["racks"][0] == "AACÇL·LPS"


def test_the_word_finder_drops_accents_without_a_tile(client: TestClient, catalan_lexicon: str) -> None:
    checked = client.get("/api/words/check", params={"words": "és plaça", "lexicon": catalan_lexicon}).json()
    assert checked["words"] == {"ÉS": True, "PLAÇA": True}
