"""`lexigrid serve`: the local web app."""

from __future__ import annotations

from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    """Add the top-level `serve` command."""

    @app.command("serve")
    def serve(
        host: Annotated[str, typer.Option(help="Address to bind (loopback by default).")] = "127.0.0.1",
        port: Annotated[int, typer.Option(min=1, max=65535, help="Port.")] = 8000,
    ) -> None:
        """Start the web app: play and solve all four games in the browser."""
        import uvicorn

        from lexigrid.web import create_app, warm

        warm()  # build the default tables once, before solver processes fork from this one
        typer.echo(f"lexigrid web app on http://{host}:{port}/  (Ctrl+C to stop)")
        uvicorn.run(create_app(), host=host, port=port, log_level="warning")
