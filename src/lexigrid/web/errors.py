"""Errors in the form the client reads: one-line JSON under /api/, an HTML page everywhere else."""

from __future__ import annotations

from http import HTTPStatus

from fastapi.responses import HTMLResponse, JSONResponse, Response

from lexigrid.web.common import templates

API_PREFIX = "/api/"


def is_api(path: str) -> bool:
    """Whether a path is the JSON API's (its errors are JSON); every other path is a page."""
    return path.startswith(API_PREFIX) or path == API_PREFIX.rstrip("/")


def error_response(path: str, status: int, message: str) -> Response:
    """The error of a request to `path`: `{"error": message}` for the API, a page for a browser."""
    if is_api(path):
        if status == 404 and message == HTTPStatus.NOT_FOUND.phrase:
            message = f"there is no API route {path}: the routes are listed at {API_PREFIX}docs"
        return JSONResponse({"error": message}, status_code=status)
    return HTMLResponse(error_page(path, status, message), status_code=status)


def error_page(path: str, status: int, message: str) -> str:
    """The HTML page of an error (the path and message are shown as text, never as markup)."""
    phrase = HTTPStatus(status).phrase if status in HTTPStatus._value2member_map_ else "Error"
    title = "Page not found" if status == 404 else f"{status} {phrase}"
    if status == 404 and message == HTTPStatus.NOT_FOUND.phrase:
        message = f"There is no page at {path}."
    return templates.env.get_template("error.html").render(title=title, message=message, status=status)
