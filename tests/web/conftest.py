"""Web fixtures: an API test client, a live server on loopback, and Debian's Chromium via Playwright."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from lexigrid.lexicon import load
from lexigrid.scrabble import Engine, parse_cgp
from lexigrid.scrabble.analysis.sim import PlayStats, Progress
from lexigrid.web import create_app

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
# How long a browser step may wait: roomy, so that a loaded machine slows the tests, never fails them.
BROWSER_TIMEOUT_MS = 60_000
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session", autouse=True)
def saved_games_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Saved Scrabble games go to a temporary directory, never the user's own."""
    path = tmp_path_factory.mktemp("lexigrid-data")
    before = os.environ.get("LEXIGRID_DATA_DIR")
    os.environ["LEXIGRID_DATA_DIR"] = str(path)
    yield path
    if before is None:
        os.environ.pop("LEXIGRID_DATA_DIR", None)
    else:
        os.environ["LEXIGRID_DATA_DIR"] = before


@pytest.fixture(autouse=True)
def _data_dir(saved_games_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The web tests share the session's data directory (the server's lexicons and saved games), in place of
    the root conftest's directory a test."""
    monkeypatch.setenv("LEXIGRID_DATA_DIR", str(saved_games_dir))


CATALAN_LEXICON = "MINICA"


@pytest.fixture(scope="session")
def catalan_lexicon(saved_games_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The Catalan hand lexicon of the oracle tests (L·L, NY, QU, Ç words), added as MINICA to the web
    tests' data directory (nothing from ../shared)."""
    from tests.conftest import run_cli
    from tests.scrabble.test_oracle_catalan import _WORDS

    words = tmp_path_factory.mktemp("catalan") / "ca.txt"
    words.write_text("\n".join(_WORDS.split()) + "\n", encoding="utf-8")
    result = run_cli("lexicon", "add", CATALAN_LEXICON, str(words), "--alphabet", "catalan", "--skip-bad")
    assert result.exit_code == 0, result.stdout
    return CATALAN_LEXICON


@pytest.fixture(autouse=True)
def roomy_solve_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A solve budget no test here comes near, so no result depends on the machine's speed.

    Tests of the budget itself set their own, shorter one.
    """
    from lexigrid.web import common

    monkeypatch.setattr(common, "SOLVE_BUDGET_SECONDS", 600.0)


@pytest.fixture(scope="session")
def client() -> TestClient:
    """An in-process client for the JSON API and the pages."""
    return TestClient(create_app())


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def live_server() -> Iterator[str]:
    """The web app served by uvicorn on a free loopback port, for the browser."""
    import uvicorn

    from lexigrid.web import warm

    warm()
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the test web server did not start in 30 s")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


def chromium_path() -> str | None:
    """Debian's Chromium (Playwright's own browser download does not work here)."""
    return os.environ.get("LEXIGRID_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """A headless Chromium driven by Playwright."""
    executable = chromium_path()
    if executable is None:
        pytest.skip("no chromium on PATH: apt-get install chromium (CI installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_FLAGS)
        yield instance
        instance.close()


@pytest.fixture
def page(browser: Any, live_server: str) -> Iterator[Any]:
    """A fresh browser page; its screenshot is kept under artifacts/screenshots/."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(BROWSER_TIMEOUT_MS)
    yield tab
    context.close()


@contextmanager
def local_only_tab(browser: Any, live_server: str, **options: Any) -> Iterator[tuple[Any, list[str]]]:
    """A page of a new browser context (`options`) that may reach only the local server, and the URLs it
    was refused (nothing from a CDN or the network)."""
    context = browser.new_context(**options)
    refused: list[str] = []

    def only_local(route: Any) -> None:
        if route.request.url.startswith(live_server):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    context.route("**/*", only_local)
    tab = context.new_page()
    tab.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        yield tab, refused
    finally:
        context.close()


@pytest.fixture
def phone(browser: Any, live_server: str) -> Iterator[Any]:
    """A 375 px wide page that may reach only the local server, and did not try anything else."""
    viewport = {"width": 375, "height": 812}
    with local_only_tab(browser, live_server, viewport=viewport, is_mobile=True, has_touch=True) as (
        tab,
        refused,
    ):
        yield tab
    assert refused == []


# The screens every page flow is tested on: a laptop, and a touch phone 390 px wide (not `is_mobile`: a
# mobile viewport widens itself to fit its content, which would hide a page wider than the phone).
SCREENS: dict[str, dict[str, Any]] = {
    "1280": {"viewport": {"width": 1280, "height": 800}},
    "390": {"viewport": {"width": 390, "height": 844}, "has_touch": True},
}


@pytest.fixture(params=sorted(SCREENS))
def screen(request: pytest.FixtureRequest, browser: Any, live_server: str) -> Iterator[Any]:
    """A page at each of SCREENS's sizes that may reach only the local server, and did not try to."""
    with local_only_tab(browser, live_server, **SCREENS[request.param]) as (tab, refused):
        yield tab
    assert refused == []


def fits_width(tab: Any) -> bool:
    """Whether the page is no wider than the screen (nothing to scroll sideways to)."""
    return bool(tab.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def in_view(tab: Any, selector: str) -> bool:
    """Whether the element is wholly inside the screen as it first shows (above the fold, no scrolling)."""
    box = tab.locator(selector).bounding_box()
    size = tab.viewport_size
    return bool(
        box
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )


def width(tab: Any) -> int:
    """The screen's width in CSS pixels."""
    return int(tab.viewport_size["width"])


def press(tab: Any, selector: str) -> None:
    """Tap the element on a touch screen, click it with the mouse elsewhere (as a person would)."""
    if tab.evaluate("navigator.maxTouchPoints > 0"):
        tab.locator(selector).tap()
    else:
        tab.locator(selector).click()


def placements(cgp: str) -> str:
    """How the summary of `cgp`'s analysis begins (the engine's own count: no other position's)."""
    position = parse_cgp(cgp)
    return f"{Engine(load(), position.rules).moves(position).count:,} placements"


def wait_for_analysis(page: Any, cgp: str) -> None:
    """Wait until the page shows the analysis of `cgp`, not an earlier one."""
    page.wait_for_function(
        "s => document.getElementById('summary').textContent.startsWith(s)", arg=placements(cgp)
    )


def wait_idle(tab: Any) -> None:
    """Wait until the page has no call to the server under way and has handled every reply (common.js
    keeps `data-busy` on <html>; a page that has made no call counts as idle)."""
    tab.wait_for_function("document.documentElement.dataset.busy !== 'true'")


def hold_first(tab: Any, pattern: str) -> list[Any]:
    """Hold back the page's first request matching `pattern` (the list gets its route, to `continue_()`
    later); later ones go through."""
    held: list[Any] = []
    tab.route(pattern, lambda route: route.continue_() if held else held.append(route))
    return held


def until_held(tab: Any, held: list[Any]) -> Any:
    """The held route, once the page has made its request (Playwright hands routes over while it waits)."""
    while not held:
        tab.wait_for_timeout(20)  # lets Playwright deliver the route; the loop's condition decides
    return held[0]


def release(tab: Any, route: Any) -> None:
    """Let a held request through and wait until the page has handled its reply."""
    with tab.expect_response(lambda response: response.request == route.request):
        route.continue_()
    wait_idle(tab)


def screenshot(tab: Any, name: str, *, full_page: bool = True) -> Path:
    """Save a screenshot as a test artifact: the full page, or only what the screen shows at once."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    tab.screenshot(path=str(path), full_page=full_page)
    return path


class TickingClock:
    """A stand-in for the `time` module whose clock advances `tick` seconds at every reading: a run's
    length in its own seconds is then a matter of counting, not of the machine's speed."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick = 0.0, tick

    def perf_counter(self) -> float:
        self.now += self.tick
        return self.now


def held_simulation(go_on: Path, candidate: Path) -> Callable[..., Any]:
    """A stand-in for the play chooser's `simulate`, for a computer move made in a forked child: it writes
    its candidate (the best play by equity) to `candidate`, reports one round in which that play won both
    of its 120 play-outs' sample, then waits for `go_on` to exist (a minute at most) and plays it."""

    def held(position: Any, engine: Engine, **options: Any) -> Any:
        best = engine.best(position, "equity")
        assert best is not None
        candidate.write_text(best.paren)
        stats = PlayStats(best)
        stats.values, stats.wins = [12.0, 30.0], [1.0, 1.0]
        options["on_round"](Progress([stats], 120, 900.0, 0.8))
        deadline = time.monotonic() + 60
        while not go_on.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        return SimpleNamespace(best=best)

    return held


def thinking_until(
    get: Callable[[str], Any], url: str, ready: Callable[[dict[str, Any]], Any]
) -> dict[str, Any]:
    """Poll a game's thinking route `url` (with `get`: a test client's or httpx's) until its reply is
    `ready` (a minute at most), and return that reply."""
    deadline, reply = time.monotonic() + 60, {}
    while time.monotonic() < deadline:
        reply = get(url).json()
        if ready(reply):
            return reply
        time.sleep(0.02)
    raise AssertionError(f"the thinking route never answered as awaited: last {reply}")


def finish(game: Any) -> None:
    """Play a game to its end: the person plays the engine's best move by equity (or passes)."""
    while not game.over:
        if game.seat.is_human:
            found = game.hint(1)
            game.play(found[0].notation if found else "-")
        else:
            game.play_computers()


# Every simulation status line the page shows, kept as it changes (a round's table can be replaced
# within a frame).
RECORD_STATUS = """
window.simStatuses = [];
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) window.simStatuses.push(n.textContent);
  }).observe(document.getElementById("sim-status"), { childList: true, characterData: true, subtree: true });
});
"""
