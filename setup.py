"""Build the compiled parts (C, CPython API) alongside the pure-Python package: the Scrabble engine's move
generator, the Q-Less fill search and the Wordle kernels."""

import sys

from setuptools import Extension, setup

OPTIMISE = [] if sys.platform == "win32" else ["-O3", "-std=c99"]

setup(
    ext_modules=[
        Extension(
            "lexigrid.scrabble.engine._engine",
            sources=[
                f"src/lexigrid/scrabble/engine/{name}.c"
                for name in ("module", "gaddag", "checks", "wordmap", "movegen", "leaves", "klv", "endgame", "playout", "playout_module")
            ],
            depends=["src/lexigrid/scrabble/engine/engine.h", "src/lexigrid/scrabble/engine/wordmap.h"],
            extra_compile_args=OPTIMISE,
        ),
        Extension(
            "lexigrid.qless._search",
            sources=["src/lexigrid/qless/_search.c", "src/lexigrid/qless/_words.c"],
            depends=["src/lexigrid/qless/search.h"],
            extra_compile_args=OPTIMISE,
        ),
        Extension(
            "lexigrid.wordle._kernels",
            sources=["src/lexigrid/wordle/_kernels.c", "src/lexigrid/wordle/solver.c"],
            depends=["src/lexigrid/wordle/solver.h"],
            extra_compile_args=OPTIMISE,
        ),
    ]
)
