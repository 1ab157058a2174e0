"""Type stubs for the compiled engine (module.c: the named tuples of movegen.py and endgame.py)."""

from collections.abc import Callable
from typing import Any, Literal, overload

from typing_extensions import Buffer

ENDGAME_ENTRY_BYTES: int

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
    board: tuple[Buffer, int, Buffer, Buffer],
    layout: tuple[Buffer, Buffer, Buffer, Buffer, int],
    rack: tuple[Buffer, Buffer, Buffer],
    search: tuple[int, int, int, bool, Buffer, float],
    /,
) -> bytes | int: ...
def leave_table(
    rack: Buffer,
    per_copy: Buffer,
    pair: Buffer,
    mix: Buffer,
    q_without_u: float,
    copies: int,
    vowels: int,
    lonely: int,
    partner: int,
    /,
) -> tuple[bytes, bytes]: ...
def leave_trie(keys: Buffer, lengths: Buffer, values: Buffer, /) -> object: ...
def trie_leave_table(trie: object, rack: Buffer, /) -> tuple[bytes, bytes]: ...
def endgame(
    graph: Buffer,
    board: tuple[Buffer, int, Buffer, Buffer],
    layout: tuple[Buffer, Buffer, Buffer, Buffer, int],
    racks: tuple[Buffer, Buffer],
    search: tuple[int, int, int, int, float, int, int, int, int, int],
    table: Buffer | None = None,
    /,
) -> tuple[int, int, int, list[tuple[int, bytes]], list[bytes]]: ...
def endgame_words(graph: Buffer, tiles: Buffer, dim: int, racks: Buffer, /) -> bytes: ...
def playout_new(
    graph: Buffer,
    layout: tuple[Buffer, Buffer, Buffer, Buffer, int],
    search: tuple[int, int, int, bool, Buffer, float],
    leaves: tuple[Buffer, Buffer, Buffer, float, int, int, int, int] | object,
    end_leaves: tuple[Buffer, Buffer, Buffer, float, int, int, int, int],
    sizes: tuple[int, int],
    board: tuple[Buffer, int, Buffer, Buffer],
    rack: Buffer,
    scores: tuple[int, ...],
    zeros: int,
    candidates: list[tuple[int, int, int, int, bytes, int, bytes]],
    /,
) -> object: ...
def playout_run(
    playouts: object,
    plays: Buffer,
    opponent: Buffer,
    bag: Buffer,
    plies: int,
    randrange: Callable[[int], int],
    record: bool,
    measure: tuple[Buffer, Buffer, float, Callable[[bytes], float]] | None = None,
    /,
) -> list[tuple[Any, ...]]: ...
@overload
def static_game(
    playouts: object,
    bag: Buffer,
    put_back: Callable[[bytes, bytes], bytes],
    by_score: tuple[bool, bool],
    record: Literal[False] = False,
    /,
) -> tuple[tuple[int, int], tuple[int, int], int]: ...
@overload
def static_game(
    playouts: object,
    bag: Buffer,
    put_back: Callable[[bytes, bytes], bytes],
    by_score: tuple[bool, bool],
    record: Literal[True],
    /,
) -> tuple[
    tuple[int, int], tuple[int, int], int, list[tuple[int, int, int, int, int, tuple[int, bytes], bytes]]
]: ...
