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
        from lexigrid.web import create_app, warm
        from lexigrid.web.serve import listen, run

        server = listen(host, port)  # a busy port or a bad host is an error before anything is announced
        with server:
            warm()  # build the default tables once, before solver processes fork from this one
            address = f"[{host}]" if ":" in host else host
            typer.echo(f"lexigrid web app on http://{address}:{port}/  (Ctrl+C to stop)")
            run(create_app(), server)
