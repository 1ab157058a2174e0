"""Serving the web app: the address is taken before anything is announced, then uvicorn runs on it."""

from __future__ import annotations

import errno
import socket
from typing import Any

from lexigrid.errors import LexigridError


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on host:port, or a LexigridError saying why there cannot be one and what to do."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
    except socket.gaierror:
        raise LexigridError(
            f"unknown host {host!r}: give an address of this machine, e.g. --host 127.0.0.1 (0.0.0.0: all)"
        ) from None
    try:
        return socket.create_server((host, port), family=family)
    except OSError as error:
        raise LexigridError(_why_not(error, host, port)) from None


def _why_not(error: OSError, host: str, port: int) -> str:
    """Why host:port cannot be listened on, and what to give instead."""
    if error.errno == errno.EADDRINUSE:
        return f"port {port} on {host} is in use: stop what runs there or give another --port"
    if error.errno == errno.EADDRNOTAVAIL:
        return f"{host} is not an address of this machine: give one, e.g. --host 127.0.0.1 (0.0.0.0: all)"
    if error.errno == errno.EACCES:
        return f"no permission to listen on port {port}: give a port above 1023"
    return f"cannot listen on {host}:{port} ({error.strerror}): give another --host or --port"


def run(app: Any, server: socket.socket) -> None:
    """Serve the app on a listening socket until Ctrl+C."""
    import uvicorn

    host, port = server.getsockname()[:2]
    uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning")).run(sockets=[server])
