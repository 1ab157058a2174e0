"""The local web app: JSON API under /api and HTML pages, thin over the library."""

from lexigrid.web.app import WEB_MODULES, create_app


def warm() -> None:
    """Build every game's default tables in this process, so solves forked from it start warm."""
    import importlib

    from lexigrid.lexicon import load

    load()
    for name in WEB_MODULES:
        module = importlib.import_module(f"lexigrid.web.{name}")
        if hasattr(module, "warm"):
            module.warm()


__all__ = ["create_app", "warm"]
