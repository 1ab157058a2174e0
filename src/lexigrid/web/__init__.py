"""The local web app: JSON API under /api and HTML pages, thin over the library."""

from lexigrid.web.app import create_app, web_modules


def warm() -> None:
    """Build every game's default tables in this process, so solves forked from it start warm."""
    from lexigrid.lexicon import load

    load()
    for _, module in web_modules():
        if hasattr(module, "warm"):
            module.warm()


__all__ = ["create_app", "warm"]
