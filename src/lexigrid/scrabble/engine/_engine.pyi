"""Type stubs for the compiled move generator (_engine.c)."""

from typing_extensions import Buffer

def build_gaddag(words: bytes, /) -> bytes: ...
def update_checks(
    graph: Buffer,
    tiles: Buffer,
    dim: int,
    scores: Buffer,
    checks: Buffer,
    cscores: Buffer,
    rows: Buffer,
    cols: Buffer,
    /,
) -> None: ...
def search_graph(kwg: Buffer, /) -> bytes: ...
def word_map(kwg: Buffer, shortest: int, /) -> bytes: ...
def word_map_fits(data: Buffer, /) -> bool: ...
def checksum(data: Buffer, /) -> int: ...
def generate(
    graph: Buffer,
    tiles: Buffer,
    dim: int,
    checks: Buffer,
    cscores: Buffer,
    lmul: Buffer,
    wmul: Buffer,
    scores: Buffer,
    rack: Buffer,
    strides: Buffer,
    leave_values: Buffer,
    vowel_penalty: Buffer,
    mode: int,
    bingo_tiles: int,
    bingo_bonus: int,
    symmetric: bool,
    word_map: Buffer,
    floor: float = ...,
    /,
) -> bytes | int: ...
def leave_table(
    rack: Buffer, per_copy: Buffer, pair: Buffer, mix: Buffer, q_without_u: float, copies: int, /
) -> tuple[bytes, bytes]: ...
def endgame(
    graph: Buffer,
    tiles: Buffer,
    dim: int,
    checks: Buffer,
    cscores: Buffer,
    lmul: Buffer,
    wmul: Buffer,
    scores: Buffer,
    mine: Buffer,
    theirs: Buffer,
    zeros: int,
    bingo_tiles: int,
    bingo_bonus: int,
    max_plies: int,
    seconds: float,
    top: int,
    table_bits: int,
    /,
) -> tuple[int, int, int, list[tuple[int, bytes]], list[bytes]]: ...
def endgame_words(graph: Buffer, tiles: Buffer, dim: int, racks: Buffer, /) -> bytes: ...
