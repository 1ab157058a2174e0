"""`lexigrid serve`: loopback by default, takes its address first, warms the tables, then runs uvicorn."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import CliResult, run_cli


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What `serve` did: warmed the tables, and started uvicorn on which socket (which is never run)."""
    import uvicorn

    import lexigrid.web

    calls: dict[str, Any] = {}
    monkeypatch.setattr(lexigrid.web, "warm", lambda: calls.setdefault("warmed", True))

    def run(server: uvicorn.Server, sockets: list[socket.socket]) -> None:
        calls.update(app=server.config.app, sockets=sockets, address=sockets[0].getsockname()[:2])

    monkeypatch.setattr(uvicorn.Server, "run", run)
    return calls


@pytest.fixture
def busy() -> Iterator[socket.socket]:
    """A port something else is listening on."""
    with socket.create_server(("127.0.0.1", 0)) as taken:
        yield taken


def free_port() -> int:
    """A port nothing listens on (the kernel's choice, released at once)."""
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port: int = probe.getsockname()[1]
    return port


def test_serve_listens_where_asked_then_runs_uvicorn_on_that_socket(started: dict[str, Any]) -> None:
    port = free_port()
    result = run_cli("serve", "--port", str(port))
    assert result.exit_code == 0, result.stderr
    (server,) = started["sockets"]
    assert started["warmed"] and started["app"].title == "lexigrid"
    assert started["address"] == ("127.0.0.1", port) and server.fileno() == -1  # closed after
    assert result.stdout == f"lexigrid web app on http://127.0.0.1:{port}/  (Ctrl+C to stop)\n"


def test_serve_binds_loopback_on_8000_by_default(
    monkeypatch: pytest.MonkeyPatch, started: dict[str, Any]
) -> None:
    import lexigrid.web.serve

    asked: list[tuple[str, int]] = []

    def listen(host: str, port: int) -> socket.socket:
        asked.append((host, port))
        return socket.create_server(("127.0.0.1", 0))

    monkeypatch.setattr(lexigrid.web.serve, "listen", listen)
    assert run_cli("serve").exit_code == 0
    assert run_cli("serve", "--host", "0.0.0.0", "--port", "8123").exit_code == 0
    assert asked == [("127.0.0.1", 8000), ("0.0.0.0", 8123)]


def assert_refused(result: CliResult, started: dict[str, Any], *words: str) -> None:
    """One line `error: ...` naming the trouble, exit 2, no banner, and neither warming nor uvicorn."""
    assert result.exit_code == 2, result.stdout + result.stderr
    assert result.stdout == "" and result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert all(word in result.stderr for word in words), result.stderr
    assert started == {}


def test_a_busy_port_is_one_line_and_exit_2(busy: socket.socket, started: dict[str, Any]) -> None:
    port = busy.getsockname()[1]
    assert_refused(run_cli("serve", "--port", str(port)), started, f"port {port}", "in use", "--port")


def test_an_address_not_of_this_machine_is_one_line_and_exit_2(started: dict[str, Any]) -> None:
    result = run_cli("serve", "--host", "192.0.2.1", "--port", str(free_port()))  # TEST-NET-1: nobody's
    assert_refused(result, started, "192.0.2.1", "not an address of this machine", "--host")


def test_an_unknown_host_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, started: dict[str, Any]
) -> None:
    def unknown(*args: object, **kwargs: object) -> None:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", unknown)  # no name server asked
    assert_refused(run_cli("serve", "--host", "nowhere.invalid"), started, "'nowhere.invalid'", "--host")


def test_a_busy_port_from_the_command_line(busy: socket.socket) -> None:
    """The installed command: exit 2 and the one line, nothing on stdout (no banner, no uvicorn log)."""
    port = busy.getsockname()[1]
    code = "from lexigrid.cli import main; main()"
    done = subprocess.run(
        [sys.executable, "-c", code, "serve", "--port", str(port)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert (
        done.stderr
        == f"error: port {port} on 127.0.0.1 is in use: stop what runs there or give another --port\n"
    )


def test_serve_refuses_a_bad_port() -> None:
    result = run_cli("serve", "--port", "70000")
    assert result.exit_code == 2 and result.stderr.startswith(
        "error: --port must be between 1 and 65535, not 70000"
    )
    assert "65535" in result.stderr and result.stderr.count("\n") == 1
