"""Type stubs for the compiled Wordle kernels (_kernels.c)."""

def build_table(guesses: object, answers: object, out: object, /) -> None: ...
def partition_stats(
    table: object,
    guesses: object,
    answers: object,
    n_replies: int,
    parts: object,
    largest: object,
    squares: object,
    nlogn: object,
    /,
) -> None: ...
def count_parts(
    by_answer: object, guesses: object, answers: object, n_replies: int, parts: object, /
) -> None: ...
def first_perfect(table: object, guesses: object, answers: object, n_replies: int, /) -> int: ...
