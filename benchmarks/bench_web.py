"""Web app benchmarks: concurrent solve requests per game on loopback, page weight and first render.

Run: python benchmarks/bench_web.py [--requests 50] [--port 0] [--no-pages]
Starts `lexigrid serve` on a free loopback port, sends each game's default solve `--requests` times at
once (distinct inputs where the game has them: seeded rolls, racks, histories), and reports p50/p99
latency and errors. Then loads every page in Debian's Chromium (Playwright) with a cold cache and
reports its page weight (bytes transferred) and first contentful paint. Stops by itself: every request
has a timeout and the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
from rich.console import Console
from rich.table import Table

REQUEST_TIMEOUT = 30.0
PAGES = (
    "/",
    "/wordle",
    "/wordle/assistant",
    "/letterboxed",
    "/letterboxed/solve",
    "/qless",
    "/qless/play",
    "/scrabble",
    "/scrabble/play",
)
BOARD = "15/15/15/15/15/15/15/3QUIXOTE5/15/15/15/15/15/15/15"
Request = tuple[str, str, dict[str, Any]]  # method, path, params or JSON body


def _wordle_suggest(i: int) -> Request:
    from lexigrid.wordle import format_reply, original, reply_for

    answer = original().answers[(i * 37) % 2315]
    history = f"SLATE:{format_reply(reply_for('SLATE', answer), 5)}"
    return "get", "/api/wordle/suggest", {"history": history}


def _letterboxed_same(i: int) -> Request:
    return "get", "/api/letterboxed/solve", {"sides": "VYQ,FIG,OTE,XLU", "top": 20}


def _letterboxed(i: int) -> Request:
    rng = random.Random(i)
    letters = rng.sample("AEIOU", 3) + rng.sample("BCDFGHKLMNPRSTVWY", 9)
    rng.shuffle(letters)
    sides = ",".join("".join(letters[k : k + 3]) for k in range(0, 12, 3))
    return "get", "/api/letterboxed/solve", {"sides": sides, "top": 20}


def _qless(i: int) -> Request:
    from lexigrid.qless import roll

    return "get", "/api/qless/solve", {"letters": roll(1000 + i)}


def _scrabble(i: int) -> Request:
    rng = random.Random(i)
    rack = "".join(rng.sample("AABCDEEEGHIILMNNOORRSSTTU??", 7))
    return "post", "/api/scrabble/moves", {"cgp": f"{BOARD} {rack}/ 0/0 0", "top": 20}


def _wordle_reply(i: int) -> Request:
    from lexigrid.wordle import original

    return "get", "/api/wordle/reply", {"guess": "CRANE", "answer": original().answers[i % 2315]}


GAMES: dict[str, tuple[str, Callable[[int], Request]]] = {
    "Wordle reply": ("GET /api/wordle/reply", _wordle_reply),
    "Wordle assistant": ("GET /api/wordle/suggest (after SLATE)", _wordle_suggest),
    "Letter Boxed": ("GET /api/letterboxed/solve (random boards)", _letterboxed),
    "Letter Boxed, one board": ("GET /api/letterboxed/solve VYQ,FIG,OTE,XLU x50", _letterboxed_same),
    "Q-Less": ("GET /api/qless/solve (seeded rolls)", _qless),
    "Scrabble": ("POST /api/scrabble/moves (random racks)", _scrabble),
}


@dataclass
class Burst:
    """One game's burst of concurrent requests."""

    latencies: list[float]
    errors: int
    wall: float
    first_error: str


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(port: int) -> subprocess.Popen[bytes]:
    """`lexigrid serve` on loopback; returns once /api/health answers."""
    server = subprocess.Popen(
        [sys.executable, "-m", "lexigrid", "serve", "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server exited: {server.stderr.read().decode() if server.stderr else ''}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            time.sleep(0.2)
    server.kill()
    raise RuntimeError("the server did not start in 120 s")


async def burst(base: str, requests: list[Request]) -> Burst:
    """Send every request at once; the latency of each, and the errors."""
    limits = httpx.Limits(max_connections=len(requests), max_keepalive_connections=len(requests))
    async with httpx.AsyncClient(base_url=base, timeout=REQUEST_TIMEOUT, limits=limits) as client:

        async def one(request: Request) -> tuple[float, str]:
            method, path, data = request
            start = time.perf_counter()
            try:
                if method == "get":
                    response = await client.get(path, params=data)
                else:
                    response = await client.post(path, json=data)
                error = "" if response.status_code == 200 else f"{response.status_code} {response.text[:80]}"
            except httpx.HTTPError as exc:
                error = type(exc).__name__
            return time.perf_counter() - start, error

        start = time.perf_counter()
        results = await asyncio.gather(*(one(r) for r in requests))
        wall = time.perf_counter() - start
    errors = [e for _, e in results if e]
    return Burst([t for t, _ in results], len(errors), wall, errors[0] if errors else "")


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


def page_metrics(base: str) -> list[tuple[str, int, int, float, float]]:
    """(page, requests, bytes, first contentful paint ms, load event ms) for each page, cold cache."""
    executable = (
        os.environ.get("LEXIGRID_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    )
    if executable is None:
        return []
    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        for path in PAGES:
            context = browser.new_context(viewport={"width": 1200, "height": 900})
            page = context.new_page()
            page.goto(base + path, wait_until="load")
            page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0")
            metrics = page.evaluate(
                """() => {
                  const nav = performance.getEntriesByType('navigation')[0];
                  const res = performance.getEntriesByType('resource').filter(r => !r.name.includes('/api/'));
                  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
                  return {requests: 1 + res.length,
                          bytes: nav.transferSize + res.reduce((n, r) => n + r.transferSize, 0),
                          fcp: fcp ? fcp.startTime : -1, load: nav.loadEventEnd};
                }"""
            )
            rows.append((path, metrics["requests"], metrics["bytes"], metrics["fcp"], metrics["load"]))
            context.close()
        browser.close()
    return rows


def main() -> None:
    """Run the benchmarks and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=50, help="Concurrent requests per game.")
    parser.add_argument("--port", type=int, default=0, help="Port (default: a free one).")
    parser.add_argument("--no-pages", action="store_true", help="Skip the browser page measurements.")
    args = parser.parse_args()
    console = Console(width=150)
    port = args.port or _free_port()
    base = f"http://127.0.0.1:{port}"
    started = time.perf_counter()
    server = start_server(port)
    console.print(f"server up in {time.perf_counter() - started:.1f} s on {base} ({os.cpu_count()} CPUs)")
    try:
        table = Table(title=f"{args.requests} concurrent requests per game, loopback")
        for column in ("game", "request", "p50 ms", "p99 ms", "max ms", "errors", "wall s"):
            table.add_column(column, justify="left" if column in ("game", "request") else "right")
        for game, (label, make) in GAMES.items():
            requests = [make(i) for i in range(args.requests)]
            warm = _letterboxed if make is _letterboxed_same else make  # not the repeated board itself
            asyncio.run(burst(base, [warm(10_000)]))  # one other request first: lazily built tables
            result = asyncio.run(burst(base, requests))
            ms = [t * 1000 for t in result.latencies]
            table.add_row(
                game,
                label,
                f"{statistics.median(ms):.0f}",
                f"{percentile(ms, 99):.0f}",
                f"{max(ms):.0f}",
                str(result.errors) + (f" ({result.first_error})" if result.errors else ""),
                f"{result.wall:.2f}",
            )
        console.print(table)
        if not args.no_pages:
            pages = Table(title="pages: cold cache, headless Chromium")
            for column in ("page", "requests", "weight KiB", "first paint ms", "load ms"):
                pages.add_column(column, justify="left" if column == "page" else "right")
            for path, count, size, fcp, load in page_metrics(base):
                pages.add_row(path, str(count), f"{size / 1024:.1f}", f"{fcp:.0f}", f"{load:.0f}")
            console.print(pages)
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    main()
