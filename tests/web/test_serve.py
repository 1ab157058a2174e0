"""`lexigrid serve`: loopback by default, warms the tables, then runs the app under uvicorn."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import run_cli


@pytest.mark.parametrize(
    ("args", "host", "port"),
    [
        ((), "127.0.0.1", 8000),
        (("--port", "8123"), "127.0.0.1", 8123),
        (("--host", "0.0.0.0"), "0.0.0.0", 8000),
    ],
    ids=["defaults", "port", "host"],
)
def test_serve_binds_where_asked(
    monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], host: str, port: int
) -> None:
    import uvicorn

    import lexigrid.web

    calls: dict[str, Any] = {}
    monkeypatch.setattr(lexigrid.web, "warm", lambda: calls.setdefault("warmed", True))
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.update(app=app, **kw))
    result = run_cli("serve", *args)
    assert result.exit_code == 0, result.stderr
    assert calls["warmed"] and calls["host"] == host and calls["port"] == port
    assert calls["app"].title == "lexigrid"


def test_serve_refuses_a_bad_port() -> None:
    result = run_cli("serve", "--port", "70000")
    assert result.exit_code == 2 and result.stderr.startswith("error: invalid value for '--port'")
    assert "65535" in result.stderr and result.stderr.count("\n") == 1
