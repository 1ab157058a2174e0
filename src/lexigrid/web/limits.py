"""Request-size limits: bodies over MAX_BODY_BYTES get 413, query strings over MAX_QUERY_BYTES 414."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from lexigrid.web.common import MAX_BODY_BYTES, MAX_QUERY_BYTES
from lexigrid.web.errors import error_response


async def _reject(scope: Scope, receive: Receive, send: Send, status: int, message: str) -> None:
    await error_response(scope.get("path", "/"), status, message)(scope, receive, send)


class RequestLimits:
    """ASGI middleware enforcing the request-size limits before any route runs."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if len(scope.get("query_string", b"")) > MAX_QUERY_BYTES:
            await _reject(scope, receive, send, 414, f"query string over {MAX_QUERY_BYTES} bytes")
            return
        headers = dict(scope.get("headers", []))
        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
            await _reject(scope, receive, send, 413, f"request body over {MAX_BODY_BYTES} bytes")
            return
        received = 0

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > MAX_BODY_BYTES:
                    raise BodyTooLarge
            return message

        try:
            await self.app(scope, limited_receive, send)
        except BodyTooLarge:
            await _reject(scope, receive, send, 413, f"request body over {MAX_BODY_BYTES} bytes")


class BodyTooLarge(Exception):
    """A streamed body passed the size limit."""
