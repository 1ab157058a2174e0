"""Build the Scrabble engine's compiled move generator (C, CPython API) alongside the pure-Python package."""

import sys

from setuptools import Extension, setup

OPTIMISE = [] if sys.platform == "win32" else ["-O3", "-std=c99"]

setup(
    ext_modules=[
        Extension(
            "lexigrid.scrabble._engine",
            sources=["src/lexigrid/scrabble/_engine.c", "src/lexigrid/scrabble/_endgame.c"],
            depends=["src/lexigrid/scrabble/engine.h"],
            extra_compile_args=OPTIMISE,
        )
    ]
)
