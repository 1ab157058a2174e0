"""The Scrabble pages in Catalan, on a laptop (1280 px) and a phone (390 px, touch): a hand lexicon added in
the test (tests/web/conftest.py), multi-letter tiles (L·L, NY, QU) drawn with their labels, typed with their
aliases, placed by touch."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest

from lexigrid.lexicon import load
from lexigrid.scrabble import Board, Engine, parse_cgp, parse_move
from lexigrid.scrabble.analysis.endgame import solve
from lexigrid.scrabble.core.rules import language_rules
from tests.conftest import shared_file
from tests.web.conftest import fits_width, press, screenshot, wait_idle, width

pytestmark = pytest.mark.browser

CATALAN = language_rules("catalan")
ALPHABET = CATALAN.tiles.alphabet
LL = ALPHABET.read("L·L")
SEED = 93  # the person's rack: A B I O R U L·L, and BOL·LA on the empty board


def _square(r: int, c: int) -> str:
    return f".sq[data-square='{r},{c}']"


def _fits(screen: Any, selector: str) -> bool:
    """Whether the label inside the tile is no wider than the tile."""
    return bool(
        screen.evaluate(
            """s => { const tile = document.querySelector(s), label = tile.querySelector('.letter') || tile;
               const room = tile.clientWidth + 0.5;
               return label.scrollWidth <= room && tile.scrollWidth <= room; }""",
            selector,
        )
    )


def test_a_new_game_in_the_lexicons_language_and_on_the_super_board(
    screen: Any, live_server: str, catalan_lexicon: str
) -> None:
    screen.goto(f"{live_server}/scrabble/play")
    screen.wait_for_selector("#rack .tile")
    wait_idle(screen)
    screen.select_option("#lexicon", catalan_lexicon.lower())
    screen.select_option("#board-layout", "super")
    press(screen, "#new-game")
    screen.wait_for_function("game && game.rules.tile_set === 'super_catalan'")
    wait_idle(screen)
    assert screen.locator("#board .sq").count() == 21 * 21
    labels = set(ALPHABET.labels) | {""}
    shown = screen.eval_on_selector_all(
        "#rack .rtile", "tiles => tiles.map((t) => t.firstChild.textContent.trim())"
    )
    assert len(shown) == 7 and set(shown) <= labels
    assert fits_width(screen)
    screenshot(screen, f"scrabble-catalan-super-{width(screen)}")


def test_a_catalan_game_by_touch_shows_the_labels_and_hides_the_computers_rack(
    screen: Any, live_server: str, catalan_lexicon: str
) -> None:
    body = {"seed": SEED, "lexicon": catalan_lexicon, "level": "score"}
    state = httpx.post(f"{live_server}/api/scrabble/games", json=body).json()
    screen.goto(f"{live_server}/scrabble/play?game={state['id']}")
    screen.wait_for_selector("#rack .tile")
    wait_idle(screen)
    assert screen.input_value("#lexicon") == catalan_lexicon.lower()  # the next game's choice starts from it
    ll_tile = f"#rack button[data-tile='{LL}']"
    assert screen.locator(ll_tile).inner_text().startswith("L·L") and _fits(screen, ll_tile)
    assert screen.locator(f"{ll_tile} sub").inner_text() == "10"  # the tile set's score on the tile
    hint = httpx.get(f"{live_server}/api/scrabble/games/{state['id']}/hint").json()
    paren = next(m["paren"] for m in hint["moves"] if "L·L" in m["paren"])
    move = parse_move(paren, Board(CATALAN))
    for r, c, tile in move.squares():
        press(screen, f"#rack button[data-tile='{tile}'] >> nth=0")
        press(screen, _square(r, c))
    r, c = next((r, c) for r, c, tile in move.squares() if tile == LL)
    assert screen.locator(f"{_square(r, c)} .letter").inner_text() == "L·L" and _fits(screen, _square(r, c))
    press(screen, "#play")
    screen.wait_for_function("document.querySelectorAll('#log tbody tr').length >= 2")
    wait_idle(screen)
    first = screen.locator("#log tbody tr >> nth=0").inner_text()
    assert paren in first and "L·L" in first
    after = httpx.get(f"{live_server}/api/scrabble/games/{state['id']}").json()
    assert after["moves"][0]["notation"] == move.notation
    computer = 1 - after["human"]
    assert after["players"][computer]["rack"] is None
    assert screen.evaluate(f"game.players[{computer}].rack") is None
    assert fits_width(screen)
    screenshot(screen, f"scrabble-catalan-game-{width(screen)}")


def test_the_analysis_page_reads_the_languages_letters_and_aliases(
    screen: Any, live_server: str, catalan_lexicon: str
) -> None:
    screen.goto(f"{live_server}/scrabble?lexicon={catalan_lexicon}")
    screen.wait_for_function("pos && pos.alphabet.name === 'catalan'")
    wait_idle(screen)
    screen.fill("#rack", "pawas")  # W is how players type L·L
    press(screen, "#analyse")
    screen.wait_for_function("document.querySelector('#moves tbody tr')")
    wait_idle(screen)
    assert "PAL·LA" in screen.locator("#moves tbody tr >> nth=0").inner_text()
    ghost = screen.locator("#board .sq.new.multi")
    assert ghost.count() == 1 and ghost.locator(".letter").inner_text() == "L·L"
    press(screen, _square(2, 3))
    press(screen, "#pad [data-key='NY']")  # the pad shows (and keys) the tiles' labels
    assert screen.locator("#pad [data-key='NY']").inner_text() == "NY"
    screen.keyboard.type("w")  # the arrow moved on: W is L·L
    stand_in = ALPHABET.read("L·L")  # the package's own glyph for L·L: a player's À is no tile
    screen.keyboard.type(stand_in)
    assert screen.input_value("#cgp").split()[0].split("/")[2] == "3[NY][L·L]10"  # nothing placed
    for typed, bad in (("paløs", "Ø"), (f"pa{stand_in}as", stand_in)):
        screen.fill("#rack", typed)
        press(screen, "#analyse")
        screen.wait_for_function(f"document.getElementById('error').textContent.includes({bad!r})")
        assert "\n" not in screen.locator("#error").inner_text()
    assert fits_width(screen)
    screenshot(screen, f"scrabble-catalan-analysis-{width(screen)}")


def test_the_review_page_offers_the_lexicons_after_the_records_own(
    screen: Any, live_server: str, catalan_lexicon: str
) -> None:
    screen.goto(f"{live_server}/scrabble/review")
    screen.wait_for_function("document.querySelectorAll('#lexicon option').length > 1")
    options = screen.eval_on_selector_all("#lexicon option", "os => os.map((o) => [o.value, o.textContent])")
    assert options[0] == ["", "the record's #lexicon"] and screen.input_value("#lexicon") == ""
    assert [catalan_lexicon.lower(), f"{catalan_lexicon.lower()} (catalan)"] in options


def test_a_new_game_on_a_board_from_a_layout_file(screen: Any, live_server: str, tmp_path: Path) -> None:
    layout = tmp_path / "small.txt"
    layout.write_text(
        "\n".join(["T...D...T", *["........."] * 3, "....*....", *["........."] * 3, "T...D...T"])
    )
    screen.goto(f"{live_server}/scrabble/play")
    screen.wait_for_selector("#rack .tile")
    wait_idle(screen)
    assert screen.locator("#layout-file").is_hidden()
    screen.select_option("#board-layout", "file")
    screen.set_input_files("#layout-file", str(layout))
    press(screen, "#new-game")
    screen.wait_for_function("game && game.board.length === 9")
    wait_idle(screen)
    assert screen.locator("#board .sq").count() == 81 and screen.locator("#board .sq.tw").count() == 4
    layout.write_text("...\n.x.\n...\n")
    screen.set_input_files("#layout-file", str(layout))
    press(screen, "#new-game")
    screen.wait_for_function("document.getElementById('error').textContent.includes('line 2, column 2')")
    assert fits_width(screen)


def test_a_catalan_game_is_reviewed_in_labels(screen: Any, live_server: str, catalan_lexicon: str) -> None:
    from lexigrid.scrabble.game.game import Game
    from lexigrid.scrabble.game.view import View
    from lexigrid.scrabble.records.gcg import export_gcg

    game = Game.new(["equity", "equity"], seed=SEED, lexicon=catalan_lexicon, endgame_seconds=None)
    for _ in range(3):
        game.play_computer()
    gcg = export_gcg(View.full(game))
    assert "BO[L·L]A" in gcg
    screen.goto(f"{live_server}/scrabble/review")
    screen.fill("#gcg", gcg)
    screen.fill("#seconds", "0.05")
    press(screen, "#analyze")
    screen.wait_for_function("document.querySelectorAll('#turns tbody tr').length === 3")
    screen.wait_for_function("document.querySelector('#turns tbody tr').textContent.includes('BOL·LA')")
    wait_idle(screen)
    assert screen.inner_text("#error") == ""
    screen.wait_for_function("document.getElementById('turn-detail').textContent.includes('Turn 1')")
    detail = screen.inner_text("#turn-detail")
    assert "played 8E BOL·LA" in detail and "L·L" in detail.split("\n")[0]  # the rack in labels
    tile = screen.locator("#board .sq.new.multi")
    assert tile.count() == 1 and tile.locator(".letter").inner_text() == "L·L"
    assert fits_width(screen)


def test_a_catalan_position_is_simulated_in_labels(
    screen: Any, live_server: str, catalan_lexicon: str
) -> None:
    board = "15/15/15/15/15/15/15/4PA[L·L]A7/15/15/15/15/15/15/15"
    screen.goto(f"{live_server}/scrabble?lexicon={catalan_lexicon}&cgp={board} CANYAES/ 0/0 0")
    screen.wait_for_function("document.querySelector('#moves tbody tr')")
    wait_idle(screen)
    assert screen.locator(f"{_square(7, 6)} .letter").inner_text() == "L·L"  # the board's tile, by its label
    screen.fill("#sim-plays", "3")
    screen.fill("#sim-plies", "1")
    screen.fill("#sim-limit", "10")
    press(screen, "#simulate")
    screen.wait_for_function("document.getElementById('sim-note').textContent !== ''")
    wait_idle(screen)
    moves = screen.eval_on_selector_all(
        "#sim-table tbody tr", "rows => rows.map(r => r.cells[1].textContent)"
    )
    listed = set(
        screen.eval_on_selector_all("#moves tbody tr", "rows => rows.map(r => r.cells[1].textContent)")
    )
    assert len(moves) == 3 and set(moves) <= listed and any("NY" in m for m in moves)
    assert screen.inner_text("#error") == "" and fits_width(screen)


def test_a_cgp_naming_its_lexicon_is_read_in_its_language(
    screen: Any, live_server: str, catalan_lexicon: str
) -> None:
    screen.goto(f"{live_server}/scrabble")
    screen.wait_for_selector(_square(7, 7))
    wait_idle(screen)
    assert screen.input_value("#lexicon") == "nwl"
    board = "15/15/15/15/15/15/15/4PA[L·L]A7/15/15/15/15/15/15/15"
    screen.fill("#cgp", f"{board} CANYAES/ 0/0 0 lex {catalan_lexicon};")
    press(screen, "#load")
    screen.wait_for_function("document.querySelector('#moves tbody tr')")
    wait_idle(screen)
    assert screen.input_value("#lexicon") == catalan_lexicon.lower() and screen.inner_text("#error") == ""
    assert screen.locator(f"{_square(7, 6)} .letter").inner_text() == "L·L"


def test_the_analysis_page_draws_shows_report_of_multi_letter_tiles(
    screen: Any, live_server: str, catalan_lexicon: str
) -> None:
    rows = ["15"] * 15
    rows[6], rows[7] = "6[NY]8", "4PA[l·l]A7"  # NY, and a blank standing for L·L
    cgp = f"{'/'.join(rows)} CASAL·L/QU? 12/7 1"
    body = {"cgp": cgp, "lexicon": catalan_lexicon}
    report = httpx.post(f"{live_server}/api/scrabble/show", json=body).json()
    screen.goto(f"{live_server}/scrabble?lexicon={catalan_lexicon}")
    screen.wait_for_selector(_square(7, 7))
    wait_idle(screen)
    screen.fill("#cgp", cgp)
    press(screen, "#load")
    screen.wait_for_function("document.querySelector('#moves tbody tr')")
    wait_idle(screen)
    assert screen.inner_text("#error") == ""
    assert screen.locator(f"{_square(6, 6)} .letter").inner_text() == "NY"
    blank = screen.locator(_square(7, 6))
    assert blank.locator(".letter").inner_text() == "L·L" and "blank" in (blank.get_attribute("class") or "")
    assert (screen.input_value("#rack"), screen.input_value("#opp")) == ("AACL·LS", "QU?")  # L·L after L
    assert screen.inner_text("#unseen") == report["unseen"]
    assert f"({report['unseen_count']})" in screen.inner_text("#unseen-label")
    assert _fits(screen, _square(6, 6)) and fits_width(screen)


@pytest.fixture(scope="module")
def polish_lexicon(saved_games_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A few Polish words (Ą Ć Ę Ł Ń Ó Ś Ź Ż: most of their glyphs are stand-ins), added as MINIPL."""
    from tests.conftest import run_cli

    words = tmp_path_factory.mktemp("polish") / "pl.txt"
    words.write_text("żółw\nżółwia\nłza\nwał\nzaż\nżal\nmaść\nźle\nkąt\nsęk\n", encoding="utf-8")
    result = run_cli("lexicon", "add", "MINIPL", str(words), "--alphabet", "polish")
    assert result.exit_code == 0, result.stdout
    return "MINIPL"


def test_the_analysis_page_takes_polish_letters_typed_and_by_pad(
    screen: Any, live_server: str, polish_lexicon: str
) -> None:
    screen.goto(f"{live_server}/scrabble?lexicon={polish_lexicon}")
    screen.wait_for_function("pos && pos.alphabet.name === 'polish'")
    wait_idle(screen)
    screen.fill("#rack", "żółwia")  # typed as a Polish keyboard types it, in lower case
    press(screen, "#analyse")
    screen.wait_for_function("document.querySelector('#moves tbody tr')")
    wait_idle(screen)
    assert "ŻÓŁWIA" in screen.locator("#moves tbody tr >> nth=0").inner_text()
    shown = screen.eval_on_selector_all("#board .sq.new .letter", "ls => ls.map((l) => l.textContent)")
    assert "".join(shown) == "ŻÓŁWIA"  # the ghost tiles show their labels, never a stand-in glyph
    press(screen, _square(2, 3))
    press(screen, "#pad [data-key='Ą']")  # the pad has the letters a keyboard may lack
    screen.dispatch_event("#board", "keydown", {"key": "ę"})  # a Polish keyboard's key (type() sends text)
    screen.dispatch_event("#board", "keydown", {"key": "à"})  # the package's glyph for Ą: no tile, ignored
    assert screen.input_value("#cgp").split()[0].split("/")[2] == "3ĄĘ10"
    for bad in ("À", "Q"):  # the package's own glyph for Ą is no Polish tile; nor is Q
        screen.fill("#rack", f"ża{bad}")
        press(screen, "#analyse")
        screen.wait_for_function(f"document.getElementById('error').textContent.includes({bad!r})")
        assert "\n" not in screen.locator("#error").inner_text()
    assert fits_width(screen)
    screenshot(screen, f"scrabble-polish-analysis-{width(screen)}")


@pytest.fixture(scope="module")
def disc2_lexicon(saved_games_dir: Path) -> str:
    """MAGPIE's Catalan DISC2 from ../shared, added to the web tests' data (recognised as Catalan)."""
    from tests.conftest import run_cli

    result = run_cli("lexicon", "add", "DISC2", str(shared_file("data", "scrabble", "catalan", "DISC2.kwg")))
    assert result.exit_code == 0, result.stdout
    return "DISC2"


def test_a_catalan_endgame_is_solved_and_stepped_in_labels(
    screen: Any, live_server: str, disc2_lexicon: str
) -> None:
    lines = shared_file("data", "scrabble", "catalan", "positions.jsonl").read_text(encoding="utf-8")
    cgp = json.loads(next(line for line in lines.splitlines() if "endgame (bag empty)" in line))["cgp"]
    position = parse_cgp(cgp, CATALAN)
    solution = solve(position, Engine(load(disc2_lexicon), position.rules))
    screen.goto(f"{live_server}/scrabble?lexicon={disc2_lexicon}&cgp={quote(cgp)}")
    screen.wait_for_function("document.querySelector('#moves tbody tr')")
    wait_idle(screen)
    assert screen.locator(f"{_square(1, 8)} .letter").inner_text() == "L·L"  # 3DESTI[L·L]EN4
    press(screen, "#solve-endgame")
    screen.wait_for_selector("#endgame:not([hidden])")
    assert screen.inner_text("#eg-value") == f"Value {solution.value:+d} · exact"
    rows = screen.locator("#eg-pv tbody tr")
    shown = [rows.nth(i).locator("td").nth(2).inner_text() for i in range(rows.count())]
    assert shown == [ALPHABET.write(step.move.paren) for step in solution.pv]
    press(screen, "#eg-forward")
    first = sorted(f"{r},{c}" for r, c, _ in solution.pv[0].move.squares())
    assert sorted(screen.eval_on_selector_all(".sq.new", "els => els.map(e => e.dataset.square)")) == first
    assert screen.locator(f"{_square(1, 8)} .letter").inner_text() == "L·L"
    assert screen.inner_text("#error") == "" and fits_width(screen)
    screenshot(screen, f"scrabble-catalan-endgame-{width(screen)}")
