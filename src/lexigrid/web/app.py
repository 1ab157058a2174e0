"""The FastAPI application: routers per game, errors with no tracebacks (JSON under /api/, pages
elsewhere), static files."""

from __future__ import annotations

import importlib
import logging
import re
from collections.abc import Iterator
from types import ModuleType
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException as StarletteHTTPException

from lexigrid import __version__
from lexigrid.budget import BudgetExceeded
from lexigrid.errors import LexigridError, NotFound
from lexigrid.lexicon import DEFAULT_LEXICON, named_lexicons
from lexigrid.web.common import HERE, templates
from lexigrid.web.errors import error_response
from lexigrid.web.limits import RequestLimits

log = logging.getLogger("lexigrid.web")
FAVICON = "/static/favicon.svg"

# Each game's web modules live in lexigrid.web and expose `api` and/or `pages` routers, mounted under
# /api/<game> and /<game>.
WEB_MODULES = {
    "words": ("words",),
    "letterboxed": ("letterboxed",),
    "qless": ("qless",),
    "wordle": ("wordle",),
    "scrabble": ("scrabble", "scrabble_play", "scrabble_review"),
}
GAMES = (
    (
        "wordle",
        "Wordle",
        "Play a faithful clone, ask for the next guess, or grade each guess's skill and luck.",
    ),
    ("letterboxed", "Letter Boxed", "Play the box, or see every solution ranked as a person would."),
    ("qless", "Q-Less", "Roll the dice and play with clues, find every crossword, rate a roll's difficulty."),
    (
        "scrabble",
        "Scrabble",
        "Analyse a position move by move, play against the computer, or review a whole game.",
    ),
)


def web_modules() -> Iterator[tuple[str, ModuleType]]:
    """Each game's name with each of its web modules that is installed."""
    for name, modules in WEB_MODULES.items():
        for module_name in modules:
            try:
                yield name, importlib.import_module(f"lexigrid.web.{module_name}")
            except ModuleNotFoundError as error:
                if error.name != f"lexigrid.web.{module_name}":
                    raise  # (a web module that has not landed yet is skipped)


def create_app() -> FastAPI:
    """The web app with every game module that is installed."""
    app = FastAPIOffline(  # Swagger UI from the package's own files: the docs page works offline
        title="lexigrid",
        version=__version__,
        docs_url="/api/docs",
        openapi_url="/api/openapi.json",
        redoc_url=None,
        static_url="/api/docs-assets",
        favicon_url=FAVICON,
    )
    app.add_middleware(RequestLimits)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    _answer_errors(app)
    _add_site_routes(app)
    _add_games(app)
    app.openapi = lambda: _with_summaries(FastAPI.openapi(app))  # type: ignore[method-assign]
    return app


def _answer_errors(app: FastAPI) -> None:
    """Every error as one JSON line or page (`error_response`): bad input 4xx, a spent budget 503."""

    @app.exception_handler(LexigridError)
    async def bad_input(request: Request, error: LexigridError) -> Response:
        status = 404 if isinstance(error, NotFound) else 400
        return error_response(request.url.path, status, str(error))

    @app.exception_handler(BudgetExceeded)
    async def over_budget(request: Request, error: BudgetExceeded) -> Response:
        return error_response(request.url.path, 503, f"the solve was {error}; narrow the request")

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> Response:
        first = error.errors()[0] if error.errors() else {}
        where = ".".join(str(part) for part in first.get("loc", ()) if part not in ("query", "body", "path"))
        return error_response(request.url.path, 422, f"{where}: {first.get('msg', 'invalid request')}")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        return error_response(request.url.path, error.status_code, str(error.detail))

    @app.exception_handler(Exception)
    async def internal(request: Request, error: Exception) -> Response:
        log.exception("internal error on %s", request.url.path)
        return error_response(request.url.path, 500, "internal error (see the server log)")


def _add_site_routes(app: FastAPI) -> None:
    """The home page, the favicon, and the API routes that belong to no game."""

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def home(request: Request) -> HTMLResponse:
        games = [g for g in GAMES if g[0] in app.state.pages]
        return templates.TemplateResponse(request, "index.html", {"games": games})

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(HERE / "static" / "favicon.svg", media_type="image/svg+xml")

    @app.get("/api/health")
    async def health() -> dict[str, str]:
        """Whether the server is up, and the lexigrid version it runs."""
        return {"status": "ok", "version": __version__}

    @app.get("/api/lexicons")
    async def lexicons() -> dict[str, object]:
        """The lexicons the web app accepts, by name."""
        return {
            "default": DEFAULT_LEXICON,
            "lexicons": [
                {"name": n, "description": lx.description, "alphabet": lx.alphabet}
                for n, lx in named_lexicons().items()
            ],
        }


def _add_games(app: FastAPI) -> None:
    """Each installed game module's API under /api/NAME and its pages under /NAME."""
    app.state.pages = set()
    for name, module in web_modules():
        if hasattr(module, "api"):
            app.include_router(module.api, prefix=f"/api/{name}", tags=[name])
        if hasattr(module, "pages"):
            app.include_router(module.pages, prefix=f"/{name}", include_in_schema=False)
            app.state.pages.add(name)


# A summary longer than this is cut at its first colon or semicolon (the rest stays in the description).
SUMMARY_CHARS = 100


def summary_of(description: str) -> str:
    """The one-line summary of an API route: the first sentence of its docstring."""
    text = " ".join(description.split())
    first = re.split(r"(?<=[.?])\s", text, maxsplit=1)[0]
    if len(first) > SUMMARY_CHARS:
        first = re.split(r"[:;]\s", first, maxsplit=1)[0] + "."
    return first


def _with_summaries(schema: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI schema with every operation summed up in one line on the docs page (FastAPI's default
    summary is the function's name: "Check", "Solve")."""
    for operations in schema["paths"].values():
        for operation in operations.values():
            operation["summary"] = summary_of(operation.get("description", ""))
    return schema
