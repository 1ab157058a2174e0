"""The local web app: JSON API under /api and HTML pages, thin over the library."""

from lexigrid.web.app import create_app

__all__ = ["create_app"]
