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
def keep_hard(
    letters: object, counts: object, allowed: object, guess: int, reply: int, out: object, /
) -> int: ...

class Solver:
    def __init__(
        self,
        by_answer: object,
        by_guess: object,
        answer_guess: object,
        guess_answer: object,
        letters: object,
        counts: object,
        n_replies: int,
        hard: bool,
        breadth: int,
        memory_limit: int,
    ) -> None: ...
    def cost(self, answers: object, allowed: object, depth: int, beta: int, /) -> int: ...
    def guess_cost(self, guess: int, answers: object, allowed: object, depth: int, beta: int, /) -> int: ...
    def best(self, answers: object, allowed: object, depth: int, /) -> tuple[int, int]: ...
    def clear(self) -> None: ...
    def stats(self) -> dict[str, int]: ...
